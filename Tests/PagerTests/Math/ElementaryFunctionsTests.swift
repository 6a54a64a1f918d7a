import Foundation
import Testing
@testable import Pager

/// The engine carries its own exp/sin/cos (no libm, bit-identical everywhere);
/// they must agree with the platform's to within a few ulps.
@Suite struct ElementaryFunctionsTests {
    static func ulps(_ a: Double, _ b: Double) -> Double {
        if a == b { return 0 }
        return abs(a - b) / max(abs(b).ulp, Double.leastNormalMagnitude)
    }

    @Test func expMatchesThePlatformAcrossTheSpringRange() {
        var x = -60.0
        while x <= 40 {
            #expect(Self.ulps(ElementaryFunctions.exp(x), Foundation.exp(x)) <= 4, "exp(\(x))")
            x += 0.137
        }
    }

    @Test func expHandlesTheExtremes() {
        #expect(ElementaryFunctions.exp(0) == 1)
        #expect(ElementaryFunctions.exp(-800) == 0)
        #expect(ElementaryFunctions.exp(800) == .infinity)
        #expect(ElementaryFunctions.exp(.nan).isNaN)
    }

    @Test func sinAndCosMatchThePlatformOverManyTurns() {
        var x = -200.0
        while x <= 200 {
            let (s, c) = ElementaryFunctions.sinCos(x)
            #expect(abs(s - Foundation.sin(x)) <= 4e-15 * max(1, abs(x)), "sin(\(x))")
            #expect(abs(c - Foundation.cos(x)) <= 4e-15 * max(1, abs(x)), "cos(\(x))")
            x += 0.0917
        }
    }
}

/// Hostile arguments: a stiff spring or a time far ahead gives a phase of any
/// size, which trapped converting the multiple of π/2 to `Int`.
@Suite struct ElementaryFunctionsExtremeArgumentTests {
    /// Arguments from just past the two-part reduction's range to the largest
    /// double, and the worst case of fdlibm's tests (a double very near a
    /// multiple of π/2), each with its negative.
    static let hugeArguments: [Double] = {
        var values: [Double] = [1.7e6, 3.1e6, 1e9, 1e15, 0x1p52, 1e22, 1e100, 1e200, 1e300, 1e308,
                                .greatestFiniteMagnitude, 6381956970095103 * 0x1p797]
        var x = 2e6
        while x < 1e307 {
            values.append(x)
            x *= 7.31
        }
        return values + values.map { -$0 }
    }()

    @Test(arguments: hugeArguments)
    func sinAndCosOfAHugeArgumentMatchThePlatform(x: Double) {
        let (s, c) = ElementaryFunctions.sinCos(x)
        #expect(abs(s - Foundation.sin(x)) <= 1e-15, "sin(\(x)) = \(s), platform \(Foundation.sin(x))")
        #expect(abs(c - Foundation.cos(x)) <= 1e-15, "cos(\(x)) = \(c), platform \(Foundation.cos(x))")
    }

    @Test func sinAndCosOfNonFiniteArgumentsAreNaN() {
        for x in [Double.nan, .infinity, -.infinity] {
            let (s, c) = ElementaryFunctions.sinCos(x)
            #expect(s.isNaN && c.isNaN)
        }
    }

    @Test func expOfExtremeArgumentsMatchesThePlatform() {
        for x in [-1e308, -1e300, -745.1, -700, 700, 709.7, 1e300, 1e308, -.infinity, .infinity,
                  .leastNonzeroMagnitude, -.leastNonzeroMagnitude] {
            #expect(ElementaryFunctionsTests.ulps(ElementaryFunctions.exp(x), Foundation.exp(x)) <= 4, "exp(\(x))")
        }
    }
}
