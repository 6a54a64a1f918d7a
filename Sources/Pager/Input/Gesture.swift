/// Where an ongoing gesture's input comes from: it sets the fling threshold,
/// the projection and the slop.
enum GestureSource: Hashable, Sendable {
    /// Mouse button or touch finger: `pointerDown` … `pointerUp`.
    case pointer
    /// Touchpad two-finger scroll: `scroll` … `scrollEnded` or a quiet gap.
    case scroll
}

/// The state of one pointer or scroll gesture, from press to release.
struct Gesture: Sendable {
    var source: GestureSource
    /// Pointer position at press, or scroll travel accumulated before the lock.
    var origin: Point
    /// Last pointer position (pointer) or accumulated travel (scroll).
    var last: Point
    /// The axis the gesture locked to; `nil` until locked.
    var lockedAxis: Axis?
    /// Locked, but to a disabled axis: the gesture moves nothing.
    var lockedToDisabledAxis = false
    /// The offset along the locked axis before the rubber band.
    var rawOffset: Double = 0
    /// Time of the last input of this gesture, s.
    var lastInputTime: Double
    /// The page an animation caught by this gesture was heading for, relative.
    var caughtTarget: (h: Int, v: Int) = (0, 0)
    var tracker = VelocityTracker()
    /// Begun on a zoomed page: the drag pans the image and hands the rest to the pager.
    var pans = false
    /// A pan past its slop (or one that caught a displaced pager): it follows.
    var panning = false
    /// The pan's position history, per axis, for its momentum.
    var panTracker = (x: VelocityTracker(), y: VelocityTracker())

    init(source: GestureSource, at point: Point, time: Double) {
        self.source = source
        self.origin = point
        self.last = point
        self.lastInputTime = time
    }

    var isLocked: Bool { lockedAxis != nil || lockedToDisabledAxis }
}
