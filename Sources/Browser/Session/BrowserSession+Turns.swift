import Gallery
import ImageDecoding
import Pager

/// The rotate and mirror actions: the current image's view turned a
/// quarter clockwise or anticlockwise, or mirrored. The file is never written: the
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
        let before = screen.image(inSlot: slot)?.texture
        slotLoader.reload(slot: slot)
        // A quarter turn is animated; a mirror (its own undo) just shows.
        let quarter = [ExifOrientation.rotate90: 1.0, .rotate270: -1.0][step]
        if let quarter, !model.zoom.isZoomed {
            screen.turn = TurnAnimation(slot: slot, before: before, direction: quarter, start: time)
        }
        log?.write(.rotated(file: entry.path, turn: turn), time: time)
        showNotice(entry.name + ": " + Self.describe(turn), at: time)
    }

    /// `turned a quarter clockwise`, `mirrored`, `as it is`.
    static func describe(_ turn: ExifOrientation) -> String {
        let quarters = ["as it is", "turned a quarter clockwise", "turned upside down", "turned a quarter anticlockwise"]
        return turn.isMirrored ? "mirrored, then " + quarters[turn.quarterTurns] : quarters[turn.quarterTurns]
    }
}
