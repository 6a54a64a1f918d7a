/// One axis of a timed curve from `from` to `to`.
struct EasingMotion: Hashable, Sendable {
    var curve: EasingCurve
    var from: Double
    var to: Double
    var startTime: Double
    var duration: Double

    /// A motion whose duration follows the distance and the release velocity:
    /// the curve's initial speed matches `velocity` when it points at the target,
    /// otherwise the duration grows with the square root of the distance.
    init(curve: EasingCurve, from: Double, velocity: Double, to: Double, at time: Double,
         pageSize: Double, minimumDuration: Double, maximumDuration: Double) {
        self.curve = curve
        self.from = from
        self.to = to
        self.startTime = time
        let distance = abs(to - from)
        let towards = to > from ? velocity : -velocity
        var duration: Double
        if towards > 0 {
            duration = curve.initialSlope * distance / towards
        } else {
            duration = maximumDuration * (distance / max(pageSize, 1)).squareRoot()
        }
        duration = min(max(duration, minimumDuration), max(minimumDuration, maximumDuration))
        // Durations come from the host (the C interface takes any finite ones): a
        // NaN would never finish, a huge one never settle, and one of 10⁻³⁰⁰ s
        // would report an infinite velocity that a retarget carries on.
        self.duration = duration >= Self.shortestDuration ? min(duration, Self.longestDuration) : 0
    }

    /// The longest an easing lasts, s, whatever durations it is given.
    static let longestDuration = 60.0
    /// Shorter easings (and NaN durations) end at once, s.
    static let shortestDuration = 0.001

    func state(at time: Double) -> (value: Double, velocity: Double) {
        let progress = duration > 0 ? (time - startTime) / duration : 1
        if progress >= 1 { return (to, 0) }
        let value = from + (to - from) * curve.value(at: progress)
        let velocity = (to - from) * curve.slope(at: progress) / duration
        return (value, velocity)
    }

    func isFinished(at time: Double) -> Bool { time - startTime >= duration }

    mutating func shift(by delta: Double) {
        from += delta
        to += delta
    }

    mutating func scale(by factor: Double) {
        from *= factor
        to *= factor
    }
}
