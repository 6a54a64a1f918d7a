/// The recent positions of the gesture in progress, from which its release
/// takes a velocity: the raw offset along the locked axis for the pager, and
/// the pan's position per axis for its momentum.
///
/// Fixed inline storage (three trackers, about 2 KB), kept beside
/// `PagerModel.activity` rather than in its gesture case: a change to the
/// gesture then copies a few bytes, not the samples. Cleared when a gesture
/// begins; read when it ends.
///
/// ```swift
/// history.clear()                                   // a gesture begins
/// history.offset.record(position: -40, time: 0.016)
/// let speed = history.offset.velocity(at: 0.05, window: 0.15)
/// ```
struct GestureHistory: Sendable {
    /// The raw offset along the locked axis.
    var offset = VelocityTracker()
    /// The pan's horizontal position.
    var panX = VelocityTracker()
    /// The pan's vertical position.
    var panY = VelocityTracker()

    mutating func clear() {
        offset.reset()
        panX.reset()
        panY.reset()
    }
}
