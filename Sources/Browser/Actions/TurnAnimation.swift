/// A quarter turn of the current image's view, animated: the picture from
/// before turns towards its new place; once the turned image is decoded it
/// comes in from where the old one was, so the turn looks continuous. It
/// ends when its time is up and the turned image is there, or when the
/// turned image never comes (a failed decode).
///
/// Textures are compared by identity only, so the animation needs no SDL.
///
/// ```swift
/// let turn = TurnAnimation(slot: 4, before: oldTexture, direction: 1, start: 10)
/// turn.step(at: 10.1, centreSlot: 4, shownTexture: oldTexture)   // .turning(degrees: 67.5, last: false)
/// ```
struct TurnAnimation: Equatable {
    /// How long a quarter turn takes, s.
    static let duration = 0.2
    /// How long to wait for the turned image at most, in durations.
    static let patience = 10.0

    /// The slot being turned.
    let slot: Int
    /// The texture the slot showed before the turn (nil: none).
    let before: OpaquePointer?
    /// +1 clockwise, -1 anticlockwise.
    let direction: Double
    /// When the turn started, s.
    let start: Double

    /// What to draw at a moment of the animation.
    enum Step: Equatable {
        /// Draw the slot turned by `degrees`; `last`: the animation ends with this frame.
        case turning(degrees: Double, last: Bool)
        /// The animation is over: draw the slot as it is.
        case over
    }

    /// The step at `time`, when the centre slot is `centreSlot` and the
    /// turned slot shows `shownTexture` (nil: no image).
    func step(at time: Double, centreSlot: Int, shownTexture: OpaquePointer?) -> Step {
        guard time - start <= Self.duration * Self.patience else { return .over }
        guard let shown = shownTexture, centreSlot == slot else { return .over }
        let progress = min(1, max(0, (time - start) / Self.duration))
        let eased = 1 - (1 - progress) * (1 - progress)
        if shown == before { return .turning(degrees: 90 * direction * eased, last: false) }
        return .turning(degrees: -90 * direction * (1 - eased), last: progress >= 1)
    }
}
