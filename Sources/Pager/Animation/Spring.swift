/// A damped spring, described the way designers tune one.
///
/// The default (critically damped, mass 0.5, stiffness 500) is libadwaita's
/// carousel spring: it settles without overshoot in about 0.3 s.
///
/// ```swift
/// let snappy = Spring(dampingRatio: 1, mass: 0.5, stiffness: 500)
/// let bouncy = Spring(dampingRatio: 0.6, mass: 1, stiffness: 300)
/// ```
public struct Spring: Hashable, Sendable {
    /// 1 = critically damped (no overshoot); below 1 overshoots, above 1 creeps.
    public var dampingRatio: Double
    /// Mass, in arbitrary units (only `stiffness / mass` matters for the motion).
    public var mass: Double
    /// Stiffness, in the same units per second squared.
    public var stiffness: Double

    public init(dampingRatio: Double = 1, mass: Double = 0.5, stiffness: Double = 500) {
        self.dampingRatio = max(0.01, dampingRatio)
        self.mass = max(1e-6, mass)
        self.stiffness = max(1e-6, stiffness)
    }

    /// Undamped angular frequency, radians per second.
    var angularFrequency: Double { (stiffness / mass).squareRoot() }
}
