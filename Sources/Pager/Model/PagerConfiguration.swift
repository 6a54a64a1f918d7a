/// Every tuning constant of the engine, with its unit. Defaults follow the
/// best systems in the field: libadwaita's swipe tracker and carousel
/// spring, UIScrollView's deceleration and rubber band, Android's ViewPager
/// and its maximum fling velocity (each constant names its source).
///
/// ```swift
/// var config = PagerConfiguration()
/// config.flipThreshold = 0.33          // flip after a third of a page
/// config.animation = .spring(Spring(dampingRatio: 0.8))   // a little overshoot
/// let model = PagerModel(pageWidth: 1280, pageHeight: 800, configuration: config)
/// ```
public struct PagerConfiguration: Hashable, Sendable {
    /// Distance a pointer must travel before a drag starts and locks an axis, px.
    public var dragSlop: Double = 16
    /// Distance a touchpad scroll must travel before it locks an axis, in
    /// touchpad units (see `touchpadDistance`). Nothing is lost to it: the
    /// travel before the lock moves the page at once, along the locked axis.
    public var scrollSlop: Double = 4
    /// Touchpad units per page: `scroll(dx:dy:time:)` moves the page by
    /// `dx × pitch / touchpadDistance.horizontal` px (400 units per page),
    /// `dy × pitch / touchpadDistance.vertical` (300), whatever the page's
    /// size (libadwaita's `TOUCHPAD_BASE_DISTANCE_H` / `_V`). A pan on a
    /// zoomed page moves 1:1, one unit per viewport px, as GTK's scrolled
    /// windows do; what the pan hands over to the pager is converted.
    ///
    /// ```swift
    /// var config = PagerConfiguration()
    /// config.touchpadDistance.horizontal = 600   // half as fast again
    /// ```
    public var touchpadDistance = TouchpadDistance()
    /// How far back the velocity estimate looks, s.
    public var velocityWindow: Double = 0.15
    /// Release speed above which a pointer drag is a fling, px/s (0.3 px/ms).
    public var pointerFlingVelocity: Double = 300
    /// Release speed above which a touchpad scroll is a fling, touchpad
    /// units/s (libadwaita's `VELOCITY_THRESHOLD_TOUCHPAD`, 0.6 units/ms).
    public var scrollFlingVelocity: Double = 600
    /// Release speeds are capped here, px/s (Android's maximum fling velocity):
    /// events stamped microseconds apart must not throw the page across hundreds of pages.
    public var maximumReleaseSpeed: Double = 8000
    /// Deceleration used to project a pointer release, per ms (UIScrollView normal).
    public var pointerDeceleration: Double = 0.998
    /// Deceleration used to project a touchpad release, per ms.
    public var scrollDeceleration: Double = 0.997
    /// Share of a page the projected release must pass to flip, 0…1.
    public var flipThreshold: Double = 0.5
    /// Rubber-band constant `c` in `d·(1 − 1/(x·c/d + 1))` (UIScrollView's 0.55).
    public var rubberBandCoefficient: Double = 0.55
    /// Animation after a release (a drag, a fling, a touchpad swipe), an
    /// interruption and any return to the current page.
    public var animation: PageAnimationStyle = .spring(.carousel)
    /// Animation for discrete flips: `flip(_:time:)` (a key, a wheel notch)
    /// and `go(to:animated:time:)`. A key press has no finger to follow, so
    /// it gets a short front-loaded ease-out (`PageAnimationStyle.keyFlip`:
    /// the next page covers the screen's centre within about 25 ms, the flip
    /// ends in 120 ms) instead of `animation`'s spring, whose slow start
    /// made a key step lag behind viewers that swap pictures. A flip during
    /// a flip (a held key) retargets the running motion from where it is
    /// shown and at its speed; it never restarts from rest.
    ///
    /// ```swift
    /// var config = PagerConfiguration()
    /// config.keyFlipAnimation = config.animation   // keys animate like releases
    /// ```
    public var keyFlipAnimation: PageAnimationStyle = .keyFlip
    /// Gap between neighbouring pages, px (0 by default; negative or
    /// non-finite values count as 0). The host draws its background there.
    /// Slot frames sit one page pitch (page size + spacing) apart, and every
    /// page step (thresholds, landing, flips, the rubber band, `offset`) is
    /// measured in the pitch.
    ///
    /// ```swift
    /// var config = PagerConfiguration()
    /// config.spacing = 24   // a 24 px gutter between pages
    /// ```
    public var spacing: Double = 0
    /// `spacing` as the engine uses it: finite, 0…2^24 px (as a page size).
    var pageSpacing: Double { spacing.isFinite ? min(max(0, spacing), 0x1p24) : 0 }
    /// Whether `h` grows to the left of the screen (right-to-left reading):
    /// dragging the content left then brings `h − 1`, `flip(.right)` shows
    /// the page on the right of the screen (`h − 1`) and the slot at column
    /// +1 shows `h − 1`. Offsets, slots, flips, edges and `bounced` stay in
    /// screen terms; only which page sits where changes.
    ///
    /// ```swift
    /// var config = PagerConfiguration()
    /// config.horizontalReversed = true   // page 1 is left of page 0
    /// ```
    public var horizontalReversed = false
    /// Whether `v` grows upward on the screen (a bottom-up feed): dragging
    /// the content up then brings `v − 1`, and `flip(.down)` shows `v − 1`.
    ///
    /// ```swift
    /// var config = PagerConfiguration()
    /// config.verticalReversed = true   // page 1 is above page 0
    /// ```
    public var verticalReversed = false
    /// Spring used when bouncing back from an edge.
    public var bounceSpring: Spring = .carousel
    /// The bounded edges past which content overshoots: a drag is rubber-banded
    /// and springs back, a fling or a flip bounces. At an edge not in the set
    /// a drag stops dead and a fling or a flip ends quietly, with no `bounced`
    /// (libadwaita's carousel does not overshoot at all: `[]`).
    public var overshootEdges: EdgeSet = .all
    /// A release may travel several pages, as far as its decelerated projection
    /// reaches (libadwaita's `allow-long-swipes`); off, one release moves at most one page.
    public var allowsLongSwipes = false
    /// The most pages one long swipe travels, ≥ 1 (the engine goes no
    /// farther than 1000, whatever this says).
    public var maximumLongSwipePages = 5
    /// Initial speed of the nudge when a flip meets an edge, px/s.
    public var edgeNudgeVelocity: Double = 2000
    /// A touchpad scroll with no end event ends after this much quiet, s
    /// (X11 has no end of scroll). A source that reports the lift
    /// (Wayland's `wl_pointer.axis_stop`) sets `.infinity`: then only
    /// `scrollEnded(time:)` ends a swipe, and resting fingers hold the page
    /// still however long they rest.
    ///
    /// ```swift
    /// var config = PagerConfiguration()
    /// config.scrollEndGap = .infinity   // the shell calls scrollEnded on lift
    /// ```
    public var scrollEndGap: Double = 0.15
    /// An animation has landed when closer than this to its target, px.
    public var restDistance: Double = 0.5
    /// …and slower than this, px/s.
    public var restSpeed: Double = 5

    /// The defaults above.
    public init() {}

    /// Seconds of travel used to project a release at constant deceleration `rate` per ms.
    static func projectionTime(deceleration rate: Double) -> Double {
        let rate = min(max(rate, 0), 0.9999)
        return rate / (1 - rate) / 1000
    }
}
