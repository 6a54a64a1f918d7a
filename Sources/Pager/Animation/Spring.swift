/// A damped spring, described the way designers tune one.
///
/// The default (critically damped, mass 0.5, stiffness 500) is libadwaita's
/// carousel spring, `Spring.carousel`: it settles without overshoot in about 0.3 s.
///
/// ```swift
/// let snappy = Spring.carousel
/// let bouncy = Spring(dampingRatio: 0.6, mass: 1, stiffness: 300)
/// ```
public struct Spring: Hashable, Sendable {
    /// 1 = critically damped (no overshoot); below 1 overshoots, above 1 creeps.
    public var dampingRatio: Double
    /// Mass, in arbitrary units (only `stiffness / mass` matters for the motion).
    public var mass: Double
    /// Stiffness, in the same units per second squared.
    public var stiffness: Double

    /// A spring; values below their minimum (0.01, 10⁻⁶, 10⁻⁶) are raised to it.
    ///
    /// ```swift
    /// let bouncy = Spring(dampingRatio: 0.7, mass: 0.5, stiffness: 300)
    /// ```
    public init(dampingRatio: Double = 1, mass: Double = 0.5, stiffness: Double = 500) {
        self.dampingRatio = max(0.01, dampingRatio)
        self.mass = max(1e-6, mass)
        self.stiffness = max(1e-6, stiffness)
    }

    /// Undamped angular frequency as the motion uses it, radians per second:
    /// √(stiffness / mass) held within `angularFrequencyRange` (a NaN gives
    /// the carousel's). The fields are public and the C interface passes any
    /// finite value: at 10⁻³⁰⁰ rad/s a page would never settle, and a phase
    /// of 10¹⁵⁰ rad means nothing at a frame's resolution.
    var angularFrequency: Double {
        let omega = (stiffness / mass).squareRoot()
        if omega.isNaN { return 500.0.squareRoot() / 0.5.squareRoot() }
        return min(max(omega, Self.angularFrequencyRange.lowerBound), Self.angularFrequencyRange.upperBound)
    }

    /// The damping ratio as the motion uses it: held within
    /// `dampingRatioRange` (a NaN is critical damping).
    var effectiveDampingRatio: Double {
        if dampingRatio.isNaN { return 1 }
        return min(max(dampingRatio, Self.dampingRatioRange.lowerBound), Self.dampingRatioRange.upperBound)
    }

    /// The angular frequencies a motion uses, rad/s: the slowest settles in
    /// about a minute, the fastest within a frame.
    static let angularFrequencyRange = 0.1...10_000.0
    /// The damping ratios a motion uses: `init`'s minimum up to a creep
    /// that still settles within minutes at the slowest frequency.
    static let dampingRatioRange = 0.01...100.0
}

extension Spring {
    /// libadwaita's carousel spring (AdwCarousel's defaults): damping ratio 1,
    /// mass 0.5, stiffness 500 (ω ≈ 31.6 rad/s). Critically damped, it
    /// settles without overshoot in about 0.3 s. Flips, page returns and
    /// bounces, animated scrolls and zoom use it.
    ///
    /// ```swift
    /// configuration.animation = .spring(.carousel)
    /// ```
    public static let carousel = Spring(dampingRatio: 1, mass: 0.5, stiffness: 500)

    /// The free-scrolling bounce: damping ratio 1, mass 1, stiffness 180
    /// (ω ≈ 13.4 rad/s). Softer than `carousel`, it brings content pulled past
    /// a limit back in about half a second (UIScrollView's bounce takes as long).
    ///
    /// ```swift
    /// let configuration = ScrollConfiguration(bounceSpring: .scrollBounce)
    /// ```
    public static let scrollBounce = Spring(dampingRatio: 1, mass: 1, stiffness: 180)
}
