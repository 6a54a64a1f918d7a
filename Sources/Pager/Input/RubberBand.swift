/// UIScrollView's rubber band: past an edge the content moves
/// `d·(1 − 1/(x·c/d + 1))` for a pull of `x`, never reaching `d`.
///
/// The one band of the engine: the pager's drag past a bounded edge and
/// free scrolling past a limit (`ScrollAxis`, the zoomed page's pan) both
/// map positions through `shown(raw:limits:size:)` and back.
///
/// ```swift
/// let band = RubberBand(coefficient: 0.55)
/// band.shown(raw: 1_100, limits: 0...1_000, size: 800)   // ≈ 1 051: 100 px of pull shows as 51
/// ```
struct RubberBand: Hashable, Sendable {
    /// The band's constant, 0.55 on iOS.
    var coefficient: Double

    /// The most of the axis an overshoot shows: the curve only approaches
    /// `d`, but in floating point a huge pull (or a huge coefficient) reaches
    /// it exactly, and an offset of a whole page would be a page landed past
    /// the edge (found by the C interface's fuzzer). ``raw(_:size:)`` stops
    /// at the same fraction.
    static let maximumFraction = 0.999

    /// Shown overshoot for a raw overshoot `x` ≥ 0 on an axis of size `d`.
    func shown(_ x: Double, size d: Double) -> Double {
        min(d * (1 - 1 / (x * coefficient / d + 1)), d * Self.maximumFraction)
    }

    /// Raw overshoot that shows as `y` (inverse of `shown`), for catching a bounce.
    func raw(_ y: Double, size d: Double) -> Double {
        let y = min(y, d * Self.maximumFraction)
        return (d / coefficient) * y / (d - y)
    }

    /// d(shown)/d(raw) at raw overshoot `x`: how much of the finger's speed shows.
    func slope(_ x: Double, size d: Double) -> Double {
        let q = x * coefficient / d + 1
        return coefficient / (q * q)
    }

    /// The shown position of the raw position `value`: itself inside `limits`,
    /// banded past either end (an infinite end has no band).
    func shown(raw value: Double, limits: ClosedRange<Double>, size d: Double) -> Double {
        if value < limits.lowerBound { return limits.lowerBound - shown(limits.lowerBound - value, size: d) }
        if value > limits.upperBound { return limits.upperBound + shown(value - limits.upperBound, size: d) }
        return value
    }

    /// The raw position that shows as `value` (inverse of `shown(raw:limits:size:)`).
    func raw(shown value: Double, limits: ClosedRange<Double>, size d: Double) -> Double {
        if value < limits.lowerBound { return limits.lowerBound - raw(limits.lowerBound - value, size: d) }
        if value > limits.upperBound { return limits.upperBound + raw(value - limits.upperBound, size: d) }
        return value
    }

    /// d(shown)/d(raw) at the raw position `value`: 1 inside `limits`.
    func slope(raw value: Double, limits: ClosedRange<Double>, size d: Double) -> Double {
        if value < limits.lowerBound { return slope(limits.lowerBound - value, size: d) }
        if value > limits.upperBound { return slope(value - limits.upperBound, size: d) }
        return 1
    }
}
