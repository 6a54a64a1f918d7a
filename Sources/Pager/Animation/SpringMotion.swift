/// One axis of a damped spring heading for `target`, solved in closed form:
/// the position at any time is exact, so the frame rate never changes the curve.
struct SpringMotion: Hashable, Sendable {
    var spring: Spring
    var target: Double
    /// Displacement from the target and velocity at `startTime`.
    var startDisplacement: Double
    var startVelocity: Double
    var startTime: Double

    init(spring: Spring, from value: Double, velocity: Double, to target: Double, at time: Double) {
        self.spring = spring
        self.target = target
        self.startDisplacement = value - target
        self.startVelocity = velocity
        self.startTime = time
    }

    /// Position and velocity at `time`. A time before the start counts as
    /// the start; once the decay has taken every trace of the motion (far
    /// ahead, or a very stiff spring) it is at rest on its target, without
    /// evaluating a phase of no meaning.
    func state(at time: Double) -> (value: Double, velocity: Double) {
        let t = max(0, time - startTime)
        let omega = spring.angularFrequency
        let zeta = spring.effectiveDampingRatio
        // The slowest decay rate, 1/s: ζω below critical, the slow root above.
        let slowest = zeta <= 1 ? zeta * omega : omega / (zeta + (zeta * zeta - 1).squareRoot())
        if !(t * slowest < 800) { return (target, 0) }   // e^-800 is 0 in a double
        let (y, v) = displacement(at: t, omega: omega, zeta: zeta)
        // Extreme but finite starts (a displacement or speed near the largest
        // double) can overflow the closed form: such a motion ends on its target.
        guard y.isFinite, v.isFinite else { return (target, 0) }
        return (target + y, v)
    }

    /// Displacement from the target and velocity `t` seconds after the start.
    private func displacement(at t: Double, omega: Double, zeta: Double) -> (Double, Double) {
        let y0 = startDisplacement
        let v0 = startVelocity
        if zeta < 1 {
            let decay = zeta * omega
            let omegaD = omega * (1 - zeta * zeta).squareRoot()
            let a = y0
            let b = (v0 + decay * y0) / omegaD
            let e = ElementaryFunctions.exp(-decay * t)
            let (s, c) = ElementaryFunctions.sinCos(omegaD * t)
            return (e * (a * c + b * s), e * ((b * omegaD - decay * a) * c - (a * omegaD + decay * b) * s))
        } else if zeta == 1 {
            let a = y0
            let b = v0 + omega * y0
            let e = ElementaryFunctions.exp(-omega * t)
            return ((a + b * t) * e, (b - omega * (a + b * t)) * e)
        }
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -omega * (zeta - root)
        let r2 = -omega * (zeta + root)
        let c1 = (v0 - r2 * y0) / (r1 - r2)
        let c2 = y0 - c1
        let e1 = ElementaryFunctions.exp(r1 * t)
        let e2 = ElementaryFunctions.exp(r2 * t)
        return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
    }

    /// Moves the whole motion by `delta` (the pager landed on a neighbour).
    mutating func shift(by delta: Double) {
        target += delta
    }

    /// Scales positions and speeds (the page was resized).
    mutating func scale(by factor: Double) {
        target *= factor
        startDisplacement *= factor
        startVelocity *= factor
    }
}
