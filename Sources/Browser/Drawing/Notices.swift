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
struct Notices {
    /// How long a notice stays, s, and how long it takes to fade out at its end.
    static let duration = 2.5
    static let fade = 0.5

    /// The notice showing and when it goes.
    private var notice: (text: String, until: Double)?

    /// A notice shows (and so frames must be drawn while it fades).
    var isShowing: Bool { notice != nil }

    /// Shows `text` from `time` on, in place of any notice showing.
    mutating func show(_ text: String, at time: Double) {
        notice = (text, time + Self.duration)
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
