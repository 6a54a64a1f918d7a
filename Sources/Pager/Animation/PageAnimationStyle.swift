/// How the pager animates to a page after a release, a flip or a `go(to:)`.
///
/// ```swift
/// var config = PagerConfiguration()
/// config.animation = .easing(.easeOutCubic, minimumDuration: 0.1, maximumDuration: 0.4)
/// ```
public enum PageAnimationStyle: Hashable, Sendable {
    /// A damped spring starting from the release velocity.
    case spring(Spring)
    /// A timing curve whose duration follows the distance and the release
    /// velocity (fast releases land sooner), clamped to the given range in seconds.
    case easing(EasingCurve, minimumDuration: Double, maximumDuration: Double)
}
