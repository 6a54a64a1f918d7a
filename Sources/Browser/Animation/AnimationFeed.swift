import Dispatch
import Gallery
import ImageDecoding
import Synchronization

/// One animated file opened and decoded on its own worker thread, at most
/// ``framesAhead`` frames ahead of the one on screen: the main thread takes
/// each frame when it is due (``take()``), which makes room for the next.
/// ``stop()`` ends the thread, which frees the decoder and its canvas.
///
/// ```swift
/// let feed = AnimationFeed(path: path, maxWidth: 1280, maxHeight: 800, turn: .normal) { wakeMainLoop() }
/// // each frame, on the main thread:
/// if case .opened(let summary, let format) = feed.opening { … }
/// if let frame = feed.take() { show(frame.image) }
/// feed.stop()
/// ```
final class AnimationFeed: Sendable {
    /// Decoded frames waiting to be shown: one or two keep a late decode
    /// from showing, and hold little memory (each is a fitted frame).
    static let framesAhead = 2

    /// What opening the file found.
    enum Opening: Sendable {
        case pending
        case notAnimated
        case opened(AnimationSummary, format: String)
    }

    private struct State {
        var opening = Opening.pending
        var frames: [AnimationFrame] = []
        /// A frame did not decode: no more will come.
        var ended = false
        var stopped = false
        /// The main thread has a frame due and none to show: wake it when one comes.
        var wakeOnFrame = true
    }

    private let state = Mutex(State())
    /// Signalled when a frame was taken or the feed stopped; it may count
    /// ahead of the room there is, and the worker then checks and waits again.
    private let room = DispatchSemaphore(value: 0)

    /// Starts the worker. `wake` is called on it when the opening is known
    /// and when a frame arrives that the main thread is waiting for.
    init(path: String, maxWidth: Int, maxHeight: Int, turn: ExifOrientation, wake: @escaping @Sendable () -> Void) {
        // Not the page decoders' background niceness: this thread decodes
        // what the current page shows next (as FirstImageDecode does the first
        // image), and, at most two frames ahead, no faster than it plays. At
        // nice 10 other processes' work on 2 cores made frames 60 ms late.
        WorkerThread.start(name: "fourway-anim", niceness: 0) { [self] in
            run(path: path, maxWidth: maxWidth, maxHeight: maxHeight, turn: turn, wake: wake)
        }
    }

    private func run(path: String, maxWidth: Int, maxHeight: Int, turn: ExifOrientation,
                     wake: @Sendable () -> Void) {
        guard let animation = FileDecoders.current.openAnimation(path) else {
            state.withLock { $0.opening = .notAnimated }
            wake()
            return
        }
        state.withLock { $0.opening = .opened(animation.summary, format: animation.format) }
        wake()
        while true {
            let (stopped, full) = state.withLock { ($0.stopped, $0.frames.count >= Self.framesAhead) }
            if stopped { return }
            if full {
                room.wait()
                continue
            }
            let frame = animation.nextFrame(maxWidth: maxWidth, maxHeight: maxHeight, turn: turn)
            let wanted: Bool = state.withLock { state in
                if let frame { state.frames.append(frame) } else { state.ended = true }
                defer { state.wakeOnFrame = false }
                return state.wakeOnFrame
            }
            if wanted { wake() }
            if frame == nil { return }
        }
    }

    /// What opening the file found so far.
    var opening: Opening { state.withLock { $0.opening } }

    /// A frame did not decode (a broken file): no more will come.
    var hasEnded: Bool { state.withLock { $0.ended && $0.frames.isEmpty } }

    /// The next decoded frame, or nil when it is not ready (then the worker
    /// wakes the main loop when it is).
    func take() -> AnimationFrame? {
        let frame: AnimationFrame? = state.withLock { state in
            guard !state.frames.isEmpty else {
                state.wakeOnFrame = true
                return nil
            }
            return state.frames.removeFirst()
        }
        if frame != nil { room.signal() }
        return frame
    }

    /// Ends the worker (it finishes the frame it is decoding, if any).
    func stop() {
        state.withLock {
            $0.stopped = true
            $0.frames.removeAll()
        }
        room.signal()
    }
}
