/// Puts the platform's event timestamps (ms on the compositor's or X
/// server's clock: the touchpad's, and on X11 the mouse's) on the session
/// clock, so the engine's speed at the lift sees the spacing the fingers or
/// the hand made, not when the loop happened to read a batch of events.
///
/// The offset between the two clocks is the smallest `now − timestamp`
/// seen (the event read the soonest after it happened); a timestamp is
/// never put after `now` nor before the previous one. A jump of the
/// platform's clock (a later mapping off by more than ``resetDistance``)
/// starts the mapping afresh.
///
/// ```swift
/// var clock = PlatformEventClock()
/// clock.time(ofMilliseconds: 5_000, now: 10.020)   // 10.020: the first sets the offset
/// clock.time(ofMilliseconds: 5_008, now: 10.040)   // 10.028: 8 ms later, read 12 ms late
/// ```
public struct PlatformEventClock: Sendable {
    /// How far a mapped time may fall behind `now` before the clocks are
    /// taken to have jumped, s.
    public static let resetDistance = 1.0
    private var offset: Double?
    private var last = -Double.infinity

    public init() {}

    /// The session time of a platform timestamp `milliseconds` read at `now`.
    public mutating func time(ofMilliseconds milliseconds: UInt32, now: Double) -> Double {
        let stamp = Double(milliseconds) / 1000
        let candidate = now - stamp
        if let current = offset, candidate >= current, candidate - current <= Self.resetDistance {
            // Read later than the soonest: keep the offset.
        } else {
            offset = candidate
        }
        let time = min(now, max(last, stamp + (offset ?? candidate)))
        last = time
        return time
    }
}
