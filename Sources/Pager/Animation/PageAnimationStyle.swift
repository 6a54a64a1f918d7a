/// How the pager animates to a page after a release (`PagerConfiguration.animation`)
/// or a discrete flip or `go(to:)` (`PagerConfiguration.keyFlipAnimation`).
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

extension PageAnimationStyle {
    /// How long a key flip of one page from rest takes, s. On a quintic
    /// ease-out the next page covers the centre 200 px of a 1280 px screen
    /// (58 % of a page) after 16 % of the curve (19 ms) and the centre
    /// 480 px (69 %) after 21 % (25 ms): before the third frame after the
    /// key (the first is drawn at once, the next on the pacer's beat,
    /// Sources/Browser/Session/FramePacer.swift), with a few ms to spare for
    /// a frame whose work starts early, so the key step's goals (the centre's 200×200
    /// covered within 60 ms and its 480×300 within 80 ms, docs/benchmarks.md) hold with
    /// room for drawing and presenting. 120 ms is still seven frames at
    /// 60 fps, enough to see which way the grid moved. (A cubic ease-out of
    /// 140 ms, and this curve at 160 ms, passed 69 % too close to the third
    /// frame: the 480x300 region often waited a frame more;
    /// `Benchmarks/viewers/key-step-bench`, docs/benchmarks.md.)
    public static let keyFlipDuration = 0.12
    /// The shortest key flip, s: a flip retargeted during a fast motion (a
    /// held key) matches its speed, but never in fewer than six frames at
    /// 60 fps, so each page of a held key's run is still seen sliding.
    public static let keyFlipMinimumDuration = 0.1

    /// The default for `PagerConfiguration.keyFlipAnimation`: a quintic
    /// ease-out of `keyFlipDuration` (down to `keyFlipMinimumDuration` when
    /// it continues a faster motion). It starts at five times its average
    /// speed, so most of the travel happens in the first frames after the key.
    ///
    /// ```swift
    /// var config = PagerConfiguration()
    /// config.keyFlipAnimation = .keyFlip   // the default
    /// ```
    public static let keyFlip = PageAnimationStyle.easing(
        .easeOutQuint, minimumDuration: keyFlipMinimumDuration, maximumDuration: keyFlipDuration)
}
