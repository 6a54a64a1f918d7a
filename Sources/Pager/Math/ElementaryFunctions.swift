/// `exp`, `sin` and `cos` in plain Swift, so the engine needs no libm (and no
/// Foundation) and gives bit-identical results on every platform.
/// Accurate to a few ulps over the ranges the springs use; `sinCos` reduces
/// any finite argument exactly (`ElementaryFunctions+Reduction.swift`), so a
/// hostile spring or time never traps.
enum ElementaryFunctions {
    private static let ln2Hi = 6.93147180369123816490e-01
    private static let ln2Lo = 1.90821492927058770002e-10
    private static let invLn2 = 1.44269504088896338700e+00

    /// e^x.
    static func exp(_ x: Double) -> Double {
        if x.isNaN { return x }
        if x > 709.78 { return .infinity }
        if x < -745.2 { return 0 }
        let k = (x * invLn2).rounded()
        let r = (x - k * ln2Hi) - k * ln2Lo  // |r| <= ln2 / 2
        // Taylor series of e^r, Horner form; the 14th term is below 1e-17.
        var sum = 1.0
        var n = 13.0
        while n >= 1 {
            sum = 1 + r * sum / n
            n -= 1
        }
        return scaleByPowerOfTwo(sum, Int(k))
    }

    /// sin(x) and cos(x) together; NaN for a NaN or infinite `x`.
    static func sinCos(_ x: Double) -> (sin: Double, cos: Double) {
        if !x.isFinite { return (.nan, .nan) }
        let (quadrant, r) = reducedByHalfPi(x)  // |r| <= pi / 4
        let s = sinKernel(r)
        let c = cosKernel(r)
        switch quadrant {
        case 0: return (s, c)
        case 1: return (c, -s)
        case 2: return (-s, -c)
        default: return (-c, s)
        }
    }

    /// Taylor series of sin on [-pi/4, pi/4].
    private static func sinKernel(_ r: Double) -> Double {
        let r2 = r * r
        var term = r
        var sum = r
        var n = 1.0
        for _ in 0..<9 {
            term *= -r2 / ((n + 1) * (n + 2))
            sum += term
            n += 2
        }
        return sum
    }

    /// Taylor series of cos on [-pi/4, pi/4].
    private static func cosKernel(_ r: Double) -> Double {
        let r2 = r * r
        var term = 1.0
        var sum = 1.0
        var n = 0.0
        for _ in 0..<9 {
            term *= -r2 / ((n + 1) * (n + 2))
            sum += term
            n += 2
        }
        return sum
    }

    /// value · 2^k, exact while the result is normal.
    private static func scaleByPowerOfTwo(_ value: Double, _ k: Int) -> Double {
        var result = value
        var k = k
        while k > 1000 {
            result *= Double(sign: .plus, exponent: 1000, significand: 1)
            k -= 1000
        }
        while k < -1000 {
            result *= Double(sign: .plus, exponent: -1000, significand: 1)
            k += 1000
        }
        return result * Double(sign: .plus, exponent: k, significand: 1)
    }
}
