/// One axis of free scrolling: a position inside `limits`, dragged with a
/// rubber band past them, momentum that decelerates after a release, and a
/// spring that brings the content back when it ends up past a limit.
///
/// Everything is solved in closed form from the times passed in, so the same
/// inputs give the same positions at any frame rate. A touch on moving
/// content (`stop`, `drag`, `consume`) catches it where it is shown.
///
/// ```swift
/// var axis = ScrollAxis(position: 0, limits: 0...5_000)
/// axis.drag(by: -120, time: 0)              // past the top: rubber band
/// axis.release(velocity: 0, time: 0.1)      // springs back to 0
/// axis.advance(to: 1)
/// axis.drag(by: 300, time: 2)
/// axis.release(velocity: 2_000, time: 2.05) // glides on, slowing down
/// axis.advance(to: 5)                        // at rest near 1 300
/// ```
///
/// `limits` may be infinite on either side (`-.infinity ... .infinity`).
public struct ScrollAxis: Hashable, Sendable {
    enum Motion: Hashable, Sendable {
        /// At rest, or held still by a finger.
        case still
        /// Following a finger; `raw` is the finger's position, `position` its rubber-banded image.
        case dragging
        /// Momentum after a release.
        case decaying(DecayMotion)
        /// Bounce or animated scroll, in raw (unbanded) coordinates.
        case springing(SpringMotion)
    }

    /// The positions the content rests within, px; past them it is rubber-banded.
    public private(set) var limits: ClosedRange<Double>
    /// Deceleration, rubber band and springs.
    public var configuration: ScrollConfiguration
    /// Shown position, px: rubber-banded when past a limit.
    public private(set) var position: Double
    /// Shown speed, px/s; 0 when still or following a finger.
    public private(set) var velocity: Double = 0
    /// The unbanded position: where the content would be without the rubber band.
    private var raw: Double
    private var motion: Motion = .still
    private var rubberBand: RubberBand { RubberBand(coefficient: configuration.rubberBandCoefficient) }

    /// An axis at rest at `position`, within `limits`.
    ///
    /// ```swift
    /// var axis = ScrollAxis(position: 0, limits: 0...2_000)
    /// ```
    public init(position: Double = 0, limits: ClosedRange<Double> = 0...0,
                configuration: ScrollConfiguration = .init()) {
        self.limits = limits
        self.configuration = configuration
        self.position = position
        self.raw = position
        self.raw = rawPosition(shown: position)
    }

    /// Not moving and inside the limits.
    public var isSettled: Bool {
        if case .still = motion { return limits.contains(position) }
        return false
    }

    /// The shown position is outside the limits (rubber band or bounce).
    public var isPastLimit: Bool { !limits.contains(position) }

    /// Momentum, a bounce or an animated scroll is under way: keep advancing.
    public var isMoving: Bool {
        switch motion {
        case .decaying, .springing: true
        case .still, .dragging: false
        }
    }

    /// A finger is moving the content.
    public var isDragging: Bool {
        if case .dragging = motion { return true }
        return false
    }

    /// Where the content will come to rest if nothing touches it, px.
    public var restingPosition: Double {
        switch motion {
        case .still, .dragging:
            return clamp(position)
        case .decaying(let decay):
            return clamp(decay.restingPosition)
        case .springing(let spring):
            return spring.target
        }
    }

    // MARK: - Input

    /// Catches moving content where it is shown and holds it there, as a
    /// finger touching it does. Held past a limit, it stays there until
    /// `release` (the finger lifts).
    public mutating func stop(time: Double) {
        advance(to: time)
        hold()
    }

    /// Follows a finger by `delta` px; past a limit the content moves less
    /// and less (the rubber band).
    public mutating func drag(by delta: Double, time: Double) {
        if !isDragging { stop(time: time) }
        motion = .dragging
        raw += delta
        position = shown(raw: raw)
        velocity = 0
    }

    /// Moves by `delta` up to the limit without rubber band and returns what
    /// is left over, for handing the rest of a drag to an outer scroller.
    /// Content already past a limit is only moved back towards it.
    ///
    /// ```swift
    /// var pan = ScrollAxis(position: 90, limits: 0...100)
    /// let rest = pan.consume(25, time: 0)   // pan at 100, rest == 15
    /// ```
    public mutating func consume(_ delta: Double, time: Double) -> Double {
        if !isDragging { stop(time: time) }
        let target = position + delta
        let moved: Double = if delta > 0 {
            max(position, min(target, limits.upperBound))
        } else {
            min(position, max(target, limits.lowerBound))
        }
        position = moved
        raw = rawPosition(shown: moved)
        motion = .dragging
        velocity = 0
        return target - moved
    }

    /// Lets go with the finger's `velocity`, px/s: momentum inside the limits,
    /// a spring back when past one.
    public mutating func release(velocity fingerVelocity: Double, time: Double) {
        if !isDragging { advance(to: time) }
        let speedCap = configuration.maximumReleaseSpeed
        let finger = min(max(fingerVelocity, -speedCap), speedCap)
        if isPastLimit {
            // The finger's speed in raw coordinates carries into the bounce.
            bounce(rawVelocity: finger, time: time)
        } else {
            startDecay(velocity: finger, time: time)
        }
    }

    // MARK: - Host changes

    /// Moves to `target` (clamped into the limits), with the scroll spring or at once.
    public mutating func scroll(to target: Double, animated: Bool, time: Double) {
        advance(to: time)
        let goal = clamp(target)
        guard animated else {
            jump(to: goal)
            return
        }
        let rawVelocity = rawVelocity(at: time)
        raw = rawPosition(shown: position)
        motion = .springing(SpringMotion(spring: configuration.scrollSpring, from: raw, velocity: rawVelocity,
                                         to: goal, at: time))
        velocity = shownVelocity(rawVelocity: rawVelocity)
    }

    /// Scrolls by `delta` from where an animated scroll was heading (or from
    /// here), so quick repeated steps add up instead of restarting.
    public mutating func scroll(by delta: Double, animated: Bool, time: Double) {
        advance(to: time)
        let base: Double = if case .springing(let spring) = motion { spring.target } else { clamp(position) }
        scroll(to: base + delta, animated: animated, time: time)
    }

    /// Sets the position at once (clamped into the limits), with no motion.
    public mutating func jump(to target: Double) {
        position = clamp(target)
        raw = position
        motion = .still
        velocity = 0
    }

    /// New limits. A finger keeps its place; content left outside springs back;
    /// momentum carries on towards the new limits.
    public mutating func setLimits(_ newLimits: ClosedRange<Double>, time: Double) {
        advance(to: time)
        limits = newLimits
        switch motion {
        case .dragging:
            raw = rawPosition(shown: position)
        case .still:
            raw = rawPosition(shown: position)
            if isPastLimit { bounce(rawVelocity: 0, time: time) }
        case .decaying:
            if isPastLimit {
                raw = rawPosition(shown: position)
                bounce(rawVelocity: 0, time: time)
            } else {
                startDecay(velocity: velocity, time: time)
            }
        case .springing(let spring):
            raw = rawPosition(shown: position)
            let target = clamp(spring.target)
            if target != spring.target || isPastLimit {
                motion = .springing(SpringMotion(spring: spring.spring, from: raw,
                                                 velocity: spring.state(at: time).velocity, to: target, at: time))
            }
        }
    }

    /// Moves the content to where it is at `time`.
    public mutating func advance(to time: Double) {
        switch motion {
        case .still, .dragging:
            return
        case .decaying(let decay):
            let edge = decay.startVelocity > 0 ? limits.upperBound : limits.lowerBound
            if edge.isFinite, let hit = decay.time(reaching: edge), time >= hit {
                // Momentum ran into the limit: bounce from there with the speed it had.
                let speed = decay.state(at: hit).velocity
                raw = edge
                position = edge
                motion = .springing(SpringMotion(spring: configuration.bounceSpring, from: edge, velocity: speed,
                                                 to: edge, at: hit))
                advance(to: time)
                return
            }
            let state = decay.state(at: time)
            position = state.value
            raw = state.value
            if time >= decay.endTime {
                motion = .still
                velocity = 0
            } else {
                velocity = state.velocity
            }
        case .springing(let spring):
            let state = spring.state(at: time)
            if abs(state.value - spring.target) < configuration.restDistance
                && abs(state.velocity) < configuration.restSpeed,
               time > spring.startTime {
                raw = spring.target
                position = spring.target
                velocity = 0
                motion = .still
            } else {
                raw = state.value
                position = shown(raw: raw)
                velocity = shownVelocity(rawVelocity: state.velocity)
            }
        }
    }

    // MARK: - Private

    private mutating func hold() {
        raw = rawPosition(shown: position)
        motion = .still
        velocity = 0
    }

    private mutating func startDecay(velocity speed: Double, time: Double) {
        raw = position
        if abs(speed) <= configuration.stopSpeed {
            motion = .still
            velocity = 0
            return
        }
        motion = .decaying(DecayMotion(from: position, velocity: speed, at: time,
                                       decayConstant: configuration.decayConstant,
                                       stopSpeed: configuration.stopSpeed))
        velocity = speed
    }

    private mutating func bounce(rawVelocity: Double, time: Double) {
        raw = rawPosition(shown: position)
        let target = clamp(position)
        motion = .springing(SpringMotion(spring: configuration.bounceSpring, from: raw, velocity: rawVelocity,
                                         to: target, at: time))
        velocity = shownVelocity(rawVelocity: rawVelocity)
    }

    /// The current motion's speed in raw coordinates, so a retarget keeps it.
    private func rawVelocity(at time: Double) -> Double {
        switch motion {
        case .decaying: velocity
        case .springing(let spring): spring.state(at: time).velocity
        case .still, .dragging: 0
        }
    }

    private func clamp(_ value: Double) -> Double {
        min(max(value, limits.lowerBound), limits.upperBound)
    }

    /// The rubber band's image of a raw position.
    private func shown(raw value: Double) -> Double {
        rubberBand.shown(raw: value, limits: limits, size: configuration.rubberBandDimension)
    }

    /// The raw position whose image is `value` (inverse of `shown(raw:)`).
    private func rawPosition(shown value: Double) -> Double {
        rubberBand.raw(shown: value, limits: limits, size: configuration.rubberBandDimension)
    }

    private func shownVelocity(rawVelocity: Double) -> Double {
        rawVelocity * slope(at: raw)
    }

    /// d(shown)/d(raw) at a raw position: 1 inside the limits.
    private func slope(at value: Double) -> Double {
        rubberBand.slope(raw: value, limits: limits, size: configuration.rubberBandDimension)
    }
}
