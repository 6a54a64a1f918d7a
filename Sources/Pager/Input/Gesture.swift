/// Where an ongoing gesture's input comes from: it sets the fling threshold,
/// the projection and the slop.
enum GestureSource: Hashable, Sendable {
    /// Mouse button or touch finger: `pointerDown` … `pointerUp`.
    case pointer
    /// Touchpad two-finger scroll: `scroll` … `scrollEnded` or a quiet gap.
    case scroll
}

/// The state of one pointer or scroll gesture, from press to release. Its
/// position history is `PagerModel.history` (see `GestureHistory`).
struct Gesture: Sendable {
    /// What the gesture's drag moves.
    enum Lock: Hashable, Sendable {
        /// Not past the slop yet: nothing moves, and a release is a tap.
        case unlocked
        /// Locked to a disabled axis: the drag moves nothing.
        case disabledAxis
        /// Locked to `axis`: the pager follows the drag along it.
        case axis(Axis)
    }

    /// How far a gesture on a zoomed page has got with panning the image.
    enum Pan: Hashable, Sendable {
        /// Not past the slop yet: the image holds still.
        case beforeSlop
        /// The image follows the drag (past the slop, or from the start when
        /// the gesture caught a displaced pager).
        case following
    }

    var source: GestureSource
    /// Pointer position at press, or scroll travel accumulated before the lock.
    var origin: Point
    /// Last pointer position (pointer) or accumulated travel (scroll).
    var last: Point
    var lock: Lock = .unlocked
    /// Begun on a zoomed page: the drag pans the image and hands the rest to
    /// the pager. `nil` for a gesture begun at fit.
    var pan: Pan?
    /// The offset along the locked axis before the rubber band.
    var rawOffset: Double = 0
    /// Time of the last input of this gesture, s.
    var lastInputTime: Double
    /// The page an animation caught by this gesture was heading for, relative.
    var caughtTarget: (h: Int, v: Int) = (0, 0)
    /// Pages landed on during the gesture along the locked axis, in screen
    /// steps from the page it began on.
    var landed = 0
    /// The screen steps from the page the gesture began on that a touchpad
    /// swipe may reach without long swipes: one page either way, or one past
    /// the page a caught flip was heading for.
    var reach: ClosedRange<Int> = -1...1

    init(source: GestureSource, at point: Point, time: Double) {
        self.source = source
        self.origin = point
        self.last = point
        self.lastInputTime = time
    }

    /// The axis the pager follows; `nil` until locked, or locked to a disabled axis.
    var lockedAxis: Axis? {
        if case .axis(let axis) = lock { return axis }
        return nil
    }

    /// Past the slop, whatever it locked to.
    var isLocked: Bool { lock != .unlocked }

    /// Begun on a zoomed page.
    var pans: Bool { pan != nil }

    /// What the gesture looks like from outside: pressed until something
    /// follows it, then a drag or a scroll along the locked axis (`nil` for a
    /// disabled axis, or a pan that has not handed over to the pager).
    var phase: PagerPhase {
        let axis: Axis?
        switch lock {
        case .axis(let locked): axis = locked
        case .disabledAxis: axis = nil
        case .unlocked:
            guard pan == .following else { return .pressed }
            axis = nil
        }
        return source == .pointer ? .dragging(axis) : .scrolling(axis)
    }
}
