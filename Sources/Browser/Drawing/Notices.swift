/// The on-screen notice: one short line saying what an action did ("Copied
/// the path of a.jpg"), shown for ``duration`` and fading out over its last
/// ``fade``. A new notice replaces the one showing. The session draws it
/// (`Overlay.drawNotice`) and writes its `notice` log line.
///
/// ```swift
/// var notices = Notices()
/// notices.show("Backdrop off", at: 10)
/// notices.visible(at: 12.25)   // ("Backdrop off", alpha: 0.5)
/// notices.visible(at: 12.5)    // nil: gone
/// ```
///
/// It changes on screen only while it fades: until then the loop sleeps
/// until ``nextChange(after:)``, and the frame after its end erases it.
struct Notices {
    /// How long a notice stays, s, and how long it takes to fade out at its end.
    static let duration = 2.5
    static let fade = 0.5

    /// The notice showing and when it goes.
    private var notice: (text: String, until: Double)?

    /// A notice shows (or waits for the frame that erases it).
    var isShowing: Bool { notice != nil }

    /// Whether the notice fades at `time`: every frame draws it fainter.
    func isFading(at time: Double) -> Bool {
        guard let notice else { return false }
        return time >= notice.until - Self.fade && time < notice.until
    }

    /// When the notice next changes after `time`: its fade starts, or it ends
    /// (the frame then erases it); nil with no notice.
    func nextChange(after time: Double) -> Double? {
        guard let notice else { return nil }
        let fadeStarts = notice.until - Self.fade
        return time < fadeStarts ? fadeStarts : notice.until
    }

    /// Forgets the notice once its time is up at `time`, also where it is not
    /// drawn (the overview); true when one was forgotten, so a frame erases it.
    mutating func expire(at time: Double) -> Bool {
        guard let notice, time >= notice.until else { return false }
        self.notice = nil
        return true
    }

    /// Shows `text` from `time` on, for `seconds`, in place of any notice showing.
    mutating func show(_ text: String, at time: Double, seconds: Double = Notices.duration) {
        notice = (text, time + max(seconds, Self.fade))
    }

    /// What to draw at `time`: the text and its opacity (1 until the fade).
    /// Nil once its time is up, when it is forgotten.
    mutating func visible(at time: Double) -> (text: String, alpha: Double)? {
        guard let notice else { return nil }
        let left = notice.until - time
        guard left > 0 else {
            self.notice = nil
            return nil
        }
        return (notice.text, min(1, left / Self.fade))
    }
}
