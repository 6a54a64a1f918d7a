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
