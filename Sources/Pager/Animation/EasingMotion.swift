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
        self.duration = min(max(duration, minimumDuration), max(minimumDuration, maximumDuration))
    }

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
