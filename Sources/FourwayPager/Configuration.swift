import CFourwayPager
import Pager

extension fw_config {
    /// The C view of `configuration`: the fields the header names.
    init(_ configuration: PagerConfiguration) {
        self.init()
        drag_slop = configuration.dragSlop
        scroll_slop = configuration.scrollSlop
        pointer_fling_velocity = configuration.pointerFlingVelocity
        scroll_fling_velocity = configuration.scrollFlingVelocity
        maximum_release_speed = configuration.maximumReleaseSpeed
        flip_threshold = configuration.flipThreshold
        rubber_band_coefficient = configuration.rubberBandCoefficient
        let spring: Spring
        switch configuration.animation {
        case .spring(let configured):
            animation = fw_animation(FW_ANIMATION_SPRING)
            spring = configured
        case .easing:
            animation = fw_animation(FW_ANIMATION_EASING)
            spring = configuration.bounceSpring
        }
        spring_damping_ratio = spring.dampingRatio
        spring_mass = spring.mass
        spring_stiffness = spring.stiffness
        easing_minimum_duration = Self.defaultEasing.minimum
        easing_maximum_duration = Self.defaultEasing.maximum
        if case .easing(_, let minimum, let maximum) = configuration.animation {
            easing_minimum_duration = minimum
            easing_maximum_duration = maximum
        }
    }

    /// The easing durations of `fw_config_default()`, s.
    static let defaultEasing = (minimum: 0.2, maximum: 0.4)
}

extension PagerConfiguration {
    /// The engine's configuration from a C one; `nil` when a field is out of
    /// its range or not finite (the header gives each field's range).
    init?(_ config: fw_config) {
        let values = [config.drag_slop, config.scroll_slop, config.pointer_fling_velocity,
                      config.scroll_fling_velocity, config.maximum_release_speed, config.flip_threshold,
                      config.rubber_band_coefficient, config.spring_damping_ratio, config.spring_mass,
                      config.spring_stiffness, config.easing_minimum_duration, config.easing_maximum_duration]
        guard values.allSatisfy({ $0.isFinite }),
              config.drag_slop >= 0, config.scroll_slop >= 0,
              config.pointer_fling_velocity >= 0, config.scroll_fling_velocity >= 0,
              config.maximum_release_speed > 0,
              (0...1).contains(config.flip_threshold),
              config.rubber_band_coefficient > 0,
              config.spring_damping_ratio > 0, config.spring_mass > 0, config.spring_stiffness > 0,
              config.easing_minimum_duration > 0,
              config.easing_minimum_duration <= config.easing_maximum_duration
        else { return nil }
        self.init()
        dragSlop = config.drag_slop
        scrollSlop = config.scroll_slop
        pointerFlingVelocity = config.pointer_fling_velocity
        scrollFlingVelocity = config.scroll_fling_velocity
        maximumReleaseSpeed = config.maximum_release_speed
        flipThreshold = config.flip_threshold
        rubberBandCoefficient = config.rubber_band_coefficient
        let spring = Spring(dampingRatio: config.spring_damping_ratio, mass: config.spring_mass,
                            stiffness: config.spring_stiffness)
        bounceSpring = spring
        // `keyFlipAnimation` keeps the engine's default (`PageAnimationStyle.keyFlip`):
        // fw_config has no field for it, and a new field would change its layout
        // (a major version, Sources/CFourwayPager/abi.c). C flips then animate as
        // pager-replay's do, which Tests/c-interface/run compares byte for byte.
        switch Int(config.animation) {
        case FW_ANIMATION_SPRING:
            animation = .spring(spring)
        case FW_ANIMATION_EASING:
            animation = .easing(.easeOutCubic, minimumDuration: config.easing_minimum_duration,
                                maximumDuration: config.easing_maximum_duration)
        default:
            return nil
        }
    }
}
