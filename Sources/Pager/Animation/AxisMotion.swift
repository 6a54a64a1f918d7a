/// How one axis of the offset moves during an animation.
enum AxisMotion: Hashable, Sendable {
    /// Not moving; holds its value.
    case resting(Double)
    case spring(SpringMotion)
    case easing(EasingMotion)

    var target: Double {
        switch self {
        case .resting(let value): value
        case .spring(let motion): motion.target
        case .easing(let motion): motion.to
        }
    }

    func state(at time: Double) -> (value: Double, velocity: Double) {
        switch self {
        case .resting(let value): (value, 0)
        case .spring(let motion): motion.state(at: time)
        case .easing(let motion): motion.state(at: time)
        }
    }

    /// Whether the motion has come to rest on its target.
    func isFinished(at time: Double, restDistance: Double, restSpeed: Double) -> Bool {
        switch self {
        case .resting:
            return true
        case .spring(let motion):
            let (value, velocity) = motion.state(at: time)
            return abs(value - motion.target) < restDistance && abs(velocity) < restSpeed
        case .easing(let motion):
            return motion.isFinished(at: time)
        }
    }

    mutating func shift(by delta: Double) {
        switch self {
        case .resting(let value): self = .resting(value + delta)
        case .spring(var motion): motion.shift(by: delta); self = .spring(motion)
        case .easing(var motion): motion.shift(by: delta); self = .easing(motion)
        }
    }

    mutating func scale(by factor: Double) {
        switch self {
        case .resting(let value): self = .resting(value * factor)
        case .spring(var motion): motion.scale(by: factor); self = .spring(motion)
        case .easing(var motion): motion.scale(by: factor); self = .easing(motion)
        }
    }
}
