/// When the frame loop draws and how long it may sleep: "the screen is dirty"
/// plus "when is the next thing due". An image viewer spends most of its life
/// showing one picture, so at rest the loop draws nothing and sleeps in
/// `SDL_WaitEvent` until something changes what is shown.
///
/// Three things make a frame:
/// - **reasons** (``Reasons``): input the user gave, a worker that finished
///   (a decode, a thumbnail, an animation's frame, the scan), the window
///   system asking for its pixels again (exposed, resized), the first frame;
///   each is marked as it happens and answered by one frame;
/// - **motion**: something that changes every frame (the pages or the
///   overview moving, a notice fading, a quarter turn); it is drawn frame
///   after frame, and once it stops, one frame more shows where it ended;
/// - **a due time**: the earliest moment one of the parts changes by itself
///   (the slideshow's next step, an animation's next frame, a notice's fade,
///   the scan's count); the loop sleeps until then and draws.
///
/// A due time at or before the moment the parts were asked is not waited
/// for: it is held by a worker that wakes the loop itself (a slideshow step
/// waiting for its image's decode, an animation frame not decoded yet), and
/// waiting for it would spin.
///
/// Pure: times are arguments (the session clock's seconds); no SDL.
///
/// ```swift
/// var schedule = RedrawSchedule()             // the first frame is due
/// schedule.mark(.input)                        // a key came
/// schedule.plan(moving: false, due: [slideshow.wait(at: now).map { now + $0 }], at: now)
/// if schedule.needsFrame { schedule.drawing(); draw() }
/// schedule.wait(at: clock.now)                 // .forever, .seconds(3.9) or .none
/// ```
struct RedrawSchedule: Equatable {
    /// Why the screen must be drawn again, gathered until the next frame.
    struct Reasons: OptionSet, Equatable {
        let rawValue: UInt8
        /// The first frame of the run.
        static let start = Reasons(rawValue: 1 << 0)
        /// Input the user gave: a key, a button, the wheel, a touch, focus.
        static let input = Reasons(rawValue: 1 << 1)
        /// A worker finished and woke the loop (its SDL user event).
        static let worker = Reasons(rawValue: 1 << 2)
        /// The window was exposed, resized, shown or restored.
        static let window = Reasons(rawValue: 1 << 3)
        /// A due time was reached.
        static let due = Reasons(rawValue: 1 << 4)
    }

    /// How long the loop may sleep before it takes input again.
    enum Wait: Equatable {
        /// Not at all: a frame is to be drawn.
        case none
        /// Until the next thing is due, s from now.
        case seconds(Double)
        /// Until an event comes: nothing is due.
        case forever
    }

    /// The reasons gathered since the last frame started.
    private(set) var reasons: Reasons = .start
    /// Something moved when the parts were last asked.
    private(set) var moving = false
    /// Something moved the time before: its end needs one frame more.
    private(set) var stopped = false
    /// The earliest time something falls due, later than when it was planned.
    private(set) var due: Double?

    /// Notes a reason to draw the next frame.
    mutating func mark(_ reason: Reasons) {
        reasons.formUnion(reason)
    }

    /// After the parts were updated at `time`: whether something moves, and
    /// when each part next changes by itself (nil: never). A due time that
    /// was planned before and is reached now is a reason; due times at or
    /// before `time` are held by a worker that wakes the loop, and dropped.
    mutating func plan(moving: Bool, due times: [Double?], at time: Double) {
        if let due, due <= time { reasons.insert(.due) }
        stopped = self.moving && !moving
        self.moving = moving
        due = nil
        for case let next? in times where next > time {
            due = min(due ?? next, next)
        }
    }

    /// What asks for the next frame, for the log: the reasons' names and
    /// `motion` (something moves) or `stopped` (its last frame), joined by `+`.
    var why: String {
        let named: [(Reasons, String)] = [(.start, "start"), (.input, "input"), (.worker, "worker"),
                                          (.window, "window"), (.due, "due")]
        var parts = named.filter { reasons.contains($0.0) }.map(\.1)
        if moving { parts.append("motion") } else if stopped { parts.append("stopped") }
        return parts.joined(separator: "+")
    }

    /// Whether the loop draws a frame now.
    var needsFrame: Bool { !reasons.isEmpty || moving || stopped }

    /// A frame starts: its reasons are answered (what comes while it is drawn
    /// and presented counts for the next one).
    mutating func drawing() {
        reasons = []
        stopped = false
    }

    /// How long the loop may sleep at `time` before taking input: not at all
    /// while something moves or a reason waits, else until the next due time.
    func wait(at time: Double) -> Wait {
        if moving || !reasons.isEmpty { return .none }
        guard let due else { return .forever }
        return due > time ? .seconds(due - time) : .none
    }
}
