extension ElementaryFunctions {
    private static let ln2 = 6.93147180559945309417e-01

    /// The natural logarithm of `x`; NaN below 0, -∞ at 0.
    ///
    /// Splits `x` into m·2^e with m in [1, 2) and sums the series of
    /// ln m = 2·atanh((m − 1)/(m + 1)); |z| < 1/3, so 20 terms reach 1e-20.
    static func log(_ x: Double) -> Double {
        if x.isNaN || x < 0 { return .nan }
        if x == 0 { return -.infinity }
        if x == .infinity { return x }
        let e = Double(Int(x.exponent))
        let m = x.significand
        let z = (m - 1) / (m + 1)
        let z2 = z * z
        var term = z
        var sum = 0.0
        var n = 1.0
        for _ in 0..<20 {
            sum += term / n
            term *= z2
            n += 2
        }
        return e * ln2 + 2 * sum
    }
}
