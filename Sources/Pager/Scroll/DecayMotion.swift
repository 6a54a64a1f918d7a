/// Momentum after a release: the speed decays exponentially, as on iOS,
/// and the motion ends where the speed falls below the stop speed.
/// Solved in closed form, so the frame rate never changes the path.
struct DecayMotion: Hashable, Sendable {
    var startPosition: Double
    var startVelocity: Double
    var startTime: Double
    /// Decay constant, 1/s.
    var k: Double
    /// Seconds after `startTime` at which the speed reaches the stop speed.
    var duration: Double

    init(from position: Double, velocity: Double, at time: Double, decayConstant: Double, stopSpeed: Double) {
        startPosition = position
        startVelocity = velocity
        startTime = time
        k = decayConstant
        let speed = abs(velocity)
        duration = speed > stopSpeed ? ElementaryFunctions.log(speed / stopSpeed) / k : 0
    }

    /// Position and velocity at `time` (frozen after `duration`).
    func state(at time: Double) -> (value: Double, velocity: Double) {
        let t = min(max(0, time - startTime), duration)
        let e = ElementaryFunctions.exp(-k * t)
        return (startPosition + startVelocity / k * (1 - e), startVelocity * e)
    }

    /// Where the motion comes to rest.
    var restingPosition: Double { state(at: startTime + duration).value }

    var endTime: Double { startTime + duration }

    /// When the motion first reaches `position`, if it does.
    func time(reaching position: Double) -> Double? {
        let distance = position - startPosition
        guard distance != 0 else { return startTime }
        guard (distance > 0) == (startVelocity > 0) else { return nil }
        let fraction = distance * k / startVelocity   // = 1 − e^(−k·t)
        guard fraction < 1 else { return nil }
        let t = -ElementaryFunctions.log(1 - fraction) / k
        return t <= duration ? startTime + t : nil
    }
}
