/// When each frame of an animation is due, as a value: time in, the frame
/// to show out. No clock inside, so tests drive it with plain numbers, as
/// Sources/Pager's model is driven.
///
/// The shell asks ``dueFrame(at:)`` each frame; when it returns an index and
/// that frame is decoded, it shows it and calls ``frameShown(at:)``.
///
/// Late frames: a frame is never skipped. One that is ready late is shown
/// as soon as it is ready; when it is less than its own delay late, the next
/// one stays on the file's schedule (small lateness does not pile up into
/// drift); when it is later than that (a stalled decode), the schedule starts
/// again from when it was shown, so no burst of catch-up frames follows.
///
/// ```swift
/// var playback = AnimationPlayback(delays: [0.1, 0.1], loopCount: 1)
/// playback.start(at: 0)            // frame 0 shows until 0.1
/// playback.dueFrame(at: 0.05)      // nil
/// playback.dueFrame(at: 0.1)       // 1
/// playback.frameShown(at: 0.1)     // frame 1 until 0.2
/// playback.dueFrame(at: 0.2)       // nil, and isFinished: one play only
/// ```
public struct AnimationPlayback: Sendable, Hashable {
    /// Each frame's delay, s (already normalised by ``FrameDelay``).
    public let delays: [Double]
    /// How many times the whole animation plays; 0 = forever.
    public let loopCount: Int
    /// The frame on screen (from 0).
    public private(set) var frame = 0
    /// When the frame on screen is due to end (the next one is due), s;
    /// nil before ``start(at:)`` and while paused.
    public private(set) var frameEnds: Double?
    /// Complete plays done so far.
    public private(set) var loopsDone = 0
    /// Paused (by the key, or because the page is not on screen).
    public private(set) var isPaused = false
    /// The last frame of the last play has had its delay: nothing more is due.
    public private(set) var isFinished = false
    /// What was left of the frame on screen when it paused, s.
    private var remainingAtPause = 0.0

    /// `delays` must not be empty: `AnimationPlayback(delays: [0.1, 0.2], loopCount: 0)`.
    public init(delays: [Double], loopCount: Int) {
        precondition(!delays.isEmpty, "an animation has at least one frame")
        self.delays = delays
        self.loopCount = max(0, loopCount)
    }

    /// The number of frames.
    public var frameCount: Int { delays.count }

    /// Frame 0 is shown at `time`: `playback.start(at: now)`.
    public mutating func start(at time: Double) {
        frame = 0
        loopsDone = 0
        isFinished = false
        isPaused = false
        frameEnds = time + delays[0]
    }

    /// The frame that is due at `time` and not yet shown, or nil (not due
    /// yet, paused, not started, finished). Once the last frame of the last
    /// play has ended it marks the playback finished:
    /// `if let next = playback.dueFrame(at: now), let image = decoded(next) { … }`.
    public mutating func dueFrame(at time: Double) -> Int? {
        guard !isPaused, !isFinished, let ends = frameEnds, time >= ends else { return nil }
        if frame == delays.count - 1 {
            if loopCount != 0 && loopsDone + 1 >= loopCount {
                isFinished = true
                frameEnds = nil
                return nil
            }
            return 0
        }
        return frame + 1
    }

    /// The frame ``dueFrame(at:)`` returned was shown at `time` (at or after
    /// it was due): `playback.frameShown(at: now)`.
    public mutating func frameShown(at time: Double) {
        guard let due = frameEnds, !isPaused, !isFinished else { return }
        if frame == delays.count - 1 {
            frame = 0
            loopsDone += 1
        } else {
            frame += 1
        }
        let delay = delays[frame]
        // Less than this frame's delay late: keep the schedule; later: start
        // it again from now (see the type's comment).
        frameEnds = time - due < delay ? due + delay : time + delay
    }

    /// Stops the clock, keeping the frame and what is left of its delay:
    /// `playback.pause(at: now)`.
    public mutating func pause(at time: Double) {
        guard !isPaused else { return }
        isPaused = true
        if let ends = frameEnds {
            remainingAtPause = max(0, ends - time)
            frameEnds = nil
        } else {
            remainingAtPause = isFinished ? 0 : delays[frame]
        }
    }

    /// Starts the clock again: the frame on screen keeps what was left of its
    /// delay when it paused: `playback.resume(at: now)`.
    public mutating func resume(at time: Double) {
        guard isPaused else { return }
        isPaused = false
        if !isFinished { frameEnds = time + remainingAtPause }
    }

    /// The frames ran out before the file said (a truncated or broken
    /// animation): the frame on screen stays, nothing more is due:
    /// `playback.stop()`.
    public mutating func stop() {
        isFinished = true
        frameEnds = nil
    }

    /// Seconds from `time` until the next frame is due (0 when it is), or
    /// nil when none is: how long the shell may sleep.
    public func wait(at time: Double) -> Double? {
        guard let ends = frameEnds, !isPaused, !isFinished else { return nil }
        return max(0, ends - time)
    }
}
