/// UIScrollView's rubber band: past an edge the content moves
/// `d·(1 − 1/(x·c/d + 1))` for a pull of `x`, never reaching `d`.
struct RubberBand: Hashable, Sendable {
    /// The band's constant, 0.55 on iOS.
    var coefficient: Double

    /// Shown overshoot for a raw overshoot `x` ≥ 0 on an axis of size `d`.
    func shown(_ x: Double, size d: Double) -> Double {
        d * (1 - 1 / (x * coefficient / d + 1))
    }

    /// Raw overshoot that shows as `y` (inverse of `shown`), for catching a bounce.
    func raw(_ y: Double, size d: Double) -> Double {
        let y = min(y, d * 0.999)
        return (d / coefficient) * y / (d - y)
    }

    /// d(shown)/d(raw) at raw overshoot `x`: how much of the finger's speed shows.
    func slope(_ x: Double, size d: Double) -> Double {
        let q = x * coefficient / d + 1
        return coefficient / (q * q)
    }
}
