/// What moves the pager's offset, with the data that activity needs.
/// `PagerModel.phase` is its public summary.
///
/// A gesture and an animation never run at once: a touch catches a running
/// animation (the gesture remembers where it was heading), and a release,
/// an interruption or a jump ends the gesture before any animation starts.
///
/// The engine reads it as `activity.gesture`, `activity.animation`: a
/// property of this small enum, not of the 5 KB model, which a getter on
/// the model could copy whole.
enum PagerActivity: Sendable {
    /// Nothing moves the offset (the zoom may still be moving).
    case idle
    /// A pointer or touchpad gesture holds the offset.
    case gesture(Gesture)
    /// The offset animates to a page (a flip) or back to rest (a return or a bounce).
    case animation(OffsetAnimation)

    var phase: PagerPhase {
        switch self {
        case .idle: .idle
        case .gesture(let gesture): gesture.phase
        case .animation(let animation): animation.isFlip ? .animating : .settling
        }
    }

    /// The gesture in progress.
    var gesture: Gesture? {
        if case .gesture(let gesture) = self { return gesture }
        return nil
    }

    /// The offset animation in progress.
    var animation: OffsetAnimation? {
        if case .animation(let animation) = self { return animation }
        return nil
    }

    /// Offset velocity, px/s: the animation's at its last step, zero otherwise.
    var velocity: Point { animation?.velocity ?? .zero }
}
