import Gallery
import ImageDecoding
import Pager

/// `r`, `R` (Ctrl+R), `|`, `_`: the current image's view turned a quarter
/// clockwise or anticlockwise, or mirrored. The file is never written: the
/// turn is applied when the image is decoded (``ImageDecoder``), so the fit,
/// the zoom and pan, the backdrop all work on the turned image, and it is
/// remembered for the session and in the cache (``ViewTurns``; not with
/// `--no-cache`). The page keeps showing the image as it was until the
/// turned one is decoded (a few milliseconds at window size).
extension BrowserSession {
    func turnView(by step: ExifOrientation, at time: Double) {
        guard let entry = currentEntry else { return showNotice("No image here to turn", at: time) }
        let turn = viewTurns.turn(entry.path, by: step)
        let slot = model.slots.slot(column: 0, row: 0).id
        slotLoader.reload(slot: slot)
        // A quarter turn is animated; a mirror (its own undo) just shows.
        let quarter = [ExifOrientation.rotate90: 1.0, .rotate270: -1.0][step]
        if let quarter, !model.zoom.isZoomed {
            var before: OpaquePointer?
            if case .image(let image) = contents[slot] { before = image.texture }
            turnAnimation = (slot, before, quarter, time)
        }
        log?.write(.rotated(file: entry.path, turn: turn), time: time)
        showNotice(entry.name + ": " + Self.describe(turn), at: time)
    }

    /// How long a quarter turn's animation takes, s.
    static let turnDuration = 0.2

    /// The slot being turned and its angle now: the picture from before
    /// turns towards its new place; once the turned image is decoded it
    /// comes in from where the old one was, so the turn looks continuous.
    /// Ends when the time is up and the turned image is there.
    func turningSlot(at time: Double) -> (slot: Int, degrees: Double)? {
        guard let animation = turnAnimation else { return nil }
        // The turned image never came (a failed decode): stop waiting for it.
        if time - animation.start > Self.turnDuration * 10 {
            turnAnimation = nil
            return nil
        }
        let progress = min(1, max(0, (time - animation.start) / Self.turnDuration))
        let eased = 1 - (1 - progress) * (1 - progress)
        guard case .image(let image) = contents[animation.slot], model.slots.slot(column: 0, row: 0).id == animation.slot
        else {
            turnAnimation = nil
            return nil
        }
        if image.texture == animation.before {
            return (animation.slot, 90 * animation.direction * eased)
        }
        if progress >= 1 { turnAnimation = nil }
        return (animation.slot, -90 * animation.direction * (1 - eased))
    }

    /// `turned a quarter clockwise`, `mirrored`, `as it is`.
    static func describe(_ turn: ExifOrientation) -> String {
        let quarters = ["as it is", "turned a quarter clockwise", "turned upside down", "turned a quarter anticlockwise"]
        return turn.isMirrored ? "mirrored, then " + quarters[turn.quarterTurns] : quarters[turn.quarterTurns]
    }

}
