/// How free scrolling feels: deceleration, rubber band and bounce.
///
/// The defaults are UIScrollView's "normal" deceleration and rubber band,
/// with a critically damped bounce that settles in about half a second.
///
/// ```swift
/// var brisk = ScrollConfiguration()
/// brisk.decelerationRate = 0.99          // UIScrollView's "fast"
/// brisk.rubberBandDimension = 800        // the viewport's height, px
/// let list = ScrollAxis(limits: 0...12_000, configuration: brisk)
/// ```
public struct ScrollConfiguration: Hashable, Sendable {
    /// Share of the speed kept after each millisecond of momentum (0.998 on iOS).
    public var decelerationRate: Double
    /// The rubber band's constant past a limit (0.55 on iOS).
    public var rubberBandCoefficient: Double
    /// The band's dimension `d`, px: the overshoot never reaches it. Use the viewport's size.
    public var rubberBandDimension: Double
    /// The spring that brings content back inside the limits.
    public var bounceSpring: Spring
    /// The spring of an animated `scroll(to:)`.
    public var scrollSpring: Spring
    /// Momentum below this speed stops, px/s.
    public var stopSpeed: Double
    /// Release velocity is the slope over this much of the drag's history, s.
    public var velocityWindow: Double
    /// Release speeds are capped here, px/s: events stamped microseconds apart
    /// would otherwise throw the content across the world.
    public var maximumReleaseSpeed: Double
    /// A spring motion has arrived when closer than this to its target, px…
    public var restDistance: Double
    /// …and slower than this, px/s.
    public var restSpeed: Double

    /// A configuration; every value defaults to UIScrollView's feel (see each property).
    ///
    /// ```swift
    /// let fast = ScrollConfiguration(decelerationRate: 0.99)   // UIScrollView's .fast
    /// ```
    public init(decelerationRate: Double = 0.998, rubberBandCoefficient: Double = 0.55,
                rubberBandDimension: Double = 600,
                bounceSpring: Spring = .scrollBounce,
                scrollSpring: Spring = .carousel,
                stopSpeed: Double = 8, velocityWindow: Double = 0.1, maximumReleaseSpeed: Double = 8000,
                restDistance: Double = 0.5, restSpeed: Double = 5) {
        self.decelerationRate = min(max(decelerationRate, 0.5), 0.99999)
        self.rubberBandCoefficient = max(0.01, rubberBandCoefficient)
        self.rubberBandDimension = max(1, rubberBandDimension)
        self.bounceSpring = bounceSpring
        self.scrollSpring = scrollSpring
        self.stopSpeed = max(0.01, stopSpeed)
        self.velocityWindow = max(0.01, velocityWindow)
        self.maximumReleaseSpeed = max(1, maximumReleaseSpeed)
        self.restDistance = restDistance
        self.restSpeed = restSpeed
    }

    /// Decay constant of the momentum, 1/s: speed(t) = v₀·e^(−k·t).
    var decayConstant: Double { -ElementaryFunctions.log(decelerationRate) * 1000 }
}
