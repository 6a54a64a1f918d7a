/// A timing curve mapping progress 0…1 to position 0…1.
public enum EasingCurve: Hashable, Sendable {
    /// Cubic ease-out: starts at full speed (3× the average), ends at rest.
    /// The release velocity can be matched by choosing the duration.
    case easeOutCubic
    /// Quintic ease-out: sharper start (5× the average), longer tail.
    case easeOutQuint
    /// Constant speed.
    case linear

    /// Position at progress `t` (clamped to 0…1).
    public func value(at t: Double) -> Double {
        let t = min(max(t, 0), 1)
        let u = 1 - t
        switch self {
        case .easeOutCubic: return 1 - u * u * u
        case .easeOutQuint: return 1 - u * u * u * u * u
        case .linear: return t
        }
    }

    /// d(position)/d(progress) at progress `t`.
    public func slope(at t: Double) -> Double {
        let t = min(max(t, 0), 1)
        let u = 1 - t
        switch self {
        case .easeOutCubic: return 3 * u * u
        case .easeOutQuint: return 5 * u * u * u * u
        case .linear: return 1
        }
    }

    /// Speed at the start relative to the average speed.
    var initialSlope: Double { slope(at: 0) }
}
