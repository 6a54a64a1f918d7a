import Pager

/// When a moving frame's work starts and when it is shown, so that frames
/// are shown on a steady beat although their work varies.
///
/// Without vsync (SDL's software renderer, Xvfb) nothing holds a present to
/// a display's refresh: shown as soon as its work is done, each frame came
/// as late as its work was long, and the intervals between frames varied
/// with the work (p99 17–18 ms at 60 fps). A display shows frames at fixed
/// instants, so the pacer does what a compositor does: it starts the work
/// `lead` before the beat, the longest recent work plus a margin, and the
/// frame waits, drawn, until the beat. A frame whose work overran is shown
/// at once and starts a new beat; one after a rest is shown at once too, and
/// so is the first frame of a motion that input started
/// (``workStart(afterInputAt:shown:now:)``: the frame at the key).
///
/// Pure arithmetic on times in seconds (the session clock's); no allocation
/// after `init`.
///
/// ```swift
/// var pacer = FramePacer(interval: 1.0 / 60)
/// let start = clock.now
/// draw()                                                    // up to SDL_RenderFlush
/// let drawn = clock.now
/// wait(until: pacer.presentTime(workEnded: drawn))
/// pacer.presented(at: clock.now, work: drawn - start)
/// SDL_RenderPresent(renderer)
/// wait(until: pacer.nextWorkStart ?? clock.now)
/// ```
struct FramePacer {
    /// Frames whose work sets the lead: half a second at 60 fps, so one
    /// slow frame (a texture upload) raises the lead for a while, not forever.
    static let historyCount = 30
    /// Added to the longest recent work, s: room for a wake-up that comes
    /// late and for work a little longer than any recent frame's.
    static let leadMargin = 0.001
    /// A present up to this late still counts as on the beat, s; later, the
    /// beat restarts from it (the next frame is a whole interval later).
    static let lateTolerance = 0.001

    /// The time between beats, s.
    let interval: Double
    /// The instant of the last beat; nil at rest (the next frame is shown at once).
    private var beat: Double?
    /// The last `historyCount` frames' work, s, a ring.
    private var work: [Double]
    private var nextWorkSlot = 0

    init(interval: Double) {
        self.interval = interval
        work = [Double](repeating: 0, count: Self.historyCount)
    }

    /// How long before its beat a frame's work starts, s: the longest recent
    /// work plus `leadMargin`, at most one interval.
    var lead: Double {
        var longest = 0.0
        for time in work where time > longest { longest = time }
        return min(interval, longest + Self.leadMargin)
    }

    /// When the next frame's work should start; nil at rest (now).
    var nextWorkStart: Double? {
        beat.map { $0 + interval - lead }
    }

    /// When a frame whose work ended at `time` is to be shown: at the next
    /// beat, or at once after a rest or when the beat has passed.
    func presentTime(workEnded time: Double) -> Double {
        guard let beat else { return time }
        return max(time, beat + interval)
    }

    /// When a frame whose work starts at `time` will be shown: the next
    /// beat, or, after a rest or when the beat would be missed, once drawn,
    /// its work taken as long as the `lead`. An animation is drawn as it
    /// will be then, not as it was when the work started: sampled at the
    /// work's start, each frame showed the motion `lead` late, and a key
    /// flip's first frame, drawn the instant the key was taken, showed
    /// 0.2 % of a page (a frame that looks like the last).
    func presentTime(workStartingAt time: Double) -> Double {
        let drawn = time + lead
        guard let beat else { return drawn }
        return max(drawn, beat + interval)
    }

    /// A frame was shown at `time` (the present was issued then); its work
    /// before the present took `work` s.
    mutating func presented(at time: Double, work frameWork: Double) {
        work[nextWorkSlot] = max(0, frameWork)
        nextWorkSlot = (nextWorkSlot + 1) % Self.historyCount
        if let beat, time <= beat + interval + Self.lateTolerance {
            // On the beat: keep its phase, so wake-up jitter does not add up.
            self.beat = beat + interval
        } else {
            self.beat = time
        }
    }

    /// Nothing moved for a while (the loop slept until an event): the next
    /// frame is shown as soon as it is drawn.
    mutating func rest() {
        beat = nil
    }
}

/// How the pages move, as far as pacing cares: from the engine's phase.
enum PageMotion: Equatable {
    /// Nothing moves them: at rest, a pointer held within the slop, or a
    /// gesture along a disabled axis.
    case still
    /// A pointer or the touchpad moves them: each input is where they are.
    case followingInput
    /// An animation moves them: a flip, a release's motion, a bounce.
    case animated

    init(_ phase: PagerPhase) {
        switch phase {
        case .idle, .pressed, .dragging(nil), .scrolling(nil): self = .still
        case .dragging, .scrolling: self = .followingInput
        case .animating, .settling: self = .animated
        }
    }
}

extension FramePacer {
    /// Whether input that changed the pages from `shown` (as the last frame
    /// drawn showed them) to `now` set them moving.
    static func startsMotion(shown: PageMotion, now: PageMotion) -> Bool {
        shown == .still && now != .still
    }

    /// When the work of the next frame starts after input taken at `time`
    /// changed the pages from `shown` (the last frame drawn) to `now`; nil:
    /// at once. Input that sets still pages moving is not held for the beat:
    /// the frame that shows it is drawn now (a drag: the page where the
    /// pointer is; a flip: as it will be once drawn, ``pageTime(workStart:shown:motion:)``),
    /// and shown as soon as it is drawn, starting a new beat that the frames after it
    /// keep. Any other input waits for the beat's next tick, so a held key or
    /// a drag under way still gets one frame per interval.
    mutating func workStart(afterInputAt time: Double, shown: PageMotion, now: PageMotion) -> Double? {
        guard Self.startsMotion(shown: shown, now: now) else { return nextWorkStart }
        rest()
        return time
    }

    /// The instant a frame whose work starts at `now` and that is shown at
    /// `shown` draws the pages at: an animation as it will be when the frame
    /// is shown; pages that follow input where the input left them, at `now`
    /// (the engine takes no time before the latest it saw, and a drag's
    /// velocity comes from its inputs' times).
    static func pageTime(workStart now: Double, shown: Double, motion: PageMotion) -> Double {
        motion == .animated ? max(now, shown) : now
    }

    /// Whether the next frame is shown on a beat (it waits for it, or its
    /// work started on the beat's tick) rather than as soon as it is drawn.
    var isOnBeat: Bool { beat != nil }
}
