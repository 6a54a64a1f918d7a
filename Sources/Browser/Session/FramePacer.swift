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
/// at once and starts a new beat; one after a rest is shown at once too.
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
