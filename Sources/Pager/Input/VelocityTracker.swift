/// Estimates the release velocity from a short history of positions along
/// the locked axis, the way libadwaita's swipe tracker does: the slope over
/// the samples of the last `window` seconds, the release point included.
/// Fixed inline storage: recording a sample never allocates.
struct VelocityTracker: Sendable {
    struct Sample: Sendable {
        var time: Double
        var position: Double
    }

    /// Samples kept; with `minimumSpacing` this spans at least 0.16 s.
    static let capacity = 40
    /// Samples closer together than this replace the previous one, s.
    static let minimumSpacing = 0.004

    private var samples: InlineArray<40, Sample> = .init(repeating: Sample(time: 0, position: 0))
    private var start = 0
    private var count = 0

    mutating func reset() {
        start = 0
        count = 0
    }

    mutating func record(position: Double, time: Double) {
        let sample = Sample(time: time, position: position)
        if count > 0 {
            let lastIndex = (start + count - 1) % Self.capacity
            if time - samples[lastIndex].time < Self.minimumSpacing && count > 1 {
                samples[lastIndex] = sample
                return
            }
        }
        if count == Self.capacity {
            start = (start + 1) % Self.capacity
            count -= 1
        }
        samples[(start + count) % Self.capacity] = sample
        count += 1
    }

    /// Velocity in position units per second at `time`, looking back `window` s.
    /// Zero when the newest sample is older than the window (held still).
    func velocity(at time: Double, window: Double) -> Double {
        guard count > 1 else { return 0 }
        let newest = samples[(start + count - 1) % Self.capacity]
        guard time - newest.time < window else { return 0 }
        var oldest = newest
        for i in stride(from: count - 2, through: 0, by: -1) {
            let sample = samples[(start + i) % Self.capacity]
            if time - sample.time > window { break }
            oldest = sample
        }
        let span = time - oldest.time
        guard span > 1e-6, oldest.time < newest.time else { return 0 }
        return (newest.position - oldest.position) / span
    }

    /// Moves every sample by `delta` (the pager landed on a neighbour mid-drag).
    mutating func shift(by delta: Double) {
        for i in 0..<count {
            samples[(start + i) % Self.capacity].position += delta
        }
    }

    /// Scales every sample (the page was resized mid-drag).
    mutating func scale(by factor: Double) {
        for i in 0..<count {
            samples[(start + i) % Self.capacity].position *= factor
        }
    }
}
