/// The animation of the shared offset: one motion per axis, heading for the
/// page `targetDelta` away from the current page (zero: back to rest).
struct OffsetAnimation: Sendable {
    var horizontal: AxisMotion
    var vertical: AxisMotion
    /// The page the animation lands on, relative to the current page.
    var targetDelta: (h: Int, v: Int)
    /// Offset velocity at the last step, px/s; a retarget carries it on.
    var velocity: Point
    /// Whether it is a discrete flip's (`PagerConfiguration.keyFlipAnimation`):
    /// a retarget (a bounds change) keeps the same style.
    var isKeyFlip = false

    subscript(axis: Axis) -> AxisMotion {
        get { axis == .horizontal ? horizontal : vertical }
        set { if axis == .horizontal { horizontal = newValue } else { vertical = newValue } }
    }

    var isFlip: Bool { targetDelta.h != 0 || targetDelta.v != 0 }
}
