import Dispatch
import Glibc
import ImageDecoding
import Synchronization

/// Decodes on a small fixed pool of worker threads, downscaled at decode time
/// to fit `maxWidth` × `maxHeight` (never upscaled), EXIF orientation applied.
///
/// - One pending request per slot: submitting for a slot replaces its queued
///   (not yet started) request. The highest `priority` starts first; equal
///   priorities start in submission order.
/// - At most `pageDecodesAtOnce` page-sized decodes run at once (all, unless
///   the caller says otherwise); previews (``DecodeRequest/isPreview``) run
///   beside them, and a speculative decode (``DecodeRequest/isSpeculative``)
///   starts only when no other runs (``DecodeSchedule``).
/// - `cancel(slot:)` drops a queued request and stops a running decode for
///   that slot; so does submitting a new generation for a slot. A streamed
///   decode (PNG, TIFF, a large progressive JPEG) stops at its next row and is
///   delivered as ``DecodeFailure/cancelled(path:)``; the others finish and
///   are delivered with their old generation; the shell drops them.
/// - `stop(slot:)` stops a running decode and keeps what is queued (the
///   shell flipped away from its page).
/// - `putFirst(slot:)`: the page on screen waits for no other page-sized
///   decode; one running for another slot is stopped (delivered cancelled,
///   for the shell to ask again).
/// - Nothing is cached: memory is what the running decodes hold.
/// - Each decoded image comes with its ``BlurredBackdrop``, made on the worker.
/// - `onResult` runs on a worker thread. After `shutdown()` returns no more
///   results are delivered.
///
/// ```swift
/// let loader = ImageLoader(workerCount: 2) { result in
///     inbox.withLock { $0.append(result) }   // then wake the SDL loop with SDL_PushEvent
/// }
/// loader.submit(DecodeRequest(slot: 0, generation: 1, source: .demo(PageIndex(h: 0, v: 0)),
///                             maxWidth: 1280, maxHeight: 800, priority: 10))
/// ```
public final class ImageLoader: Sendable {
    /// Stack size of each worker thread (bytes); decoders use little stack,
    /// but a generous margin is cheap.
    static let workerStackBytes = 4 << 20

    private let queue: DecodeQueue

    /// Starts `workerCount` (at least 1) worker threads, of which at most
    /// `pageDecodesAtOnce` (at least 1) decode requests that are not
    /// previews at any one time: a decode's memory is mostly its transient
    /// buffers, so this bounds the peak.
    public init(workerCount: Int = 2, pageDecodesAtOnce: Int = .max,
                onResult: @escaping @Sendable (DecodeResult) -> Void) {
        let count = max(1, workerCount)
        let queue = DecodeQueue(workerCount: count, pageDecodesAtOnce: max(1, pageDecodesAtOnce))
        self.queue = queue
        for _ in 0..<count {
            queue.finished.enter()
            WorkerThread.start(stackBytes: Self.workerStackBytes, niceness: WorkerThread.backgroundNiceness) {
                queue.register()
                while let (request, cancellation) = queue.next() {
                    let outcome = ImageDecoder.decode(request.source, maxWidth: request.maxWidth, maxHeight: request.maxHeight,
                                                      turn: request.turn, cancellation: cancellation)
                    // Made here, once per image, so the main thread only moves it.
                    let backdrop = (try? outcome.get()).map(BlurredBackdrop.make(from:))
                    queue.finish(request, cancellation)
                    var result = DecodeResult(request: request, outcome: outcome, backdrop: backdrop)
                    result.rowsRead = cancellation.rowsRead
                    if queue.isOpen { onResult(result) }
                }
                queue.finished.leave()
            }
        }
    }

    deinit {
        queue.close(waitForWorkers: false)
    }

    /// Queues `request`, replacing any queued request for the same slot.
    public func submit(_ request: DecodeRequest) {
        queue.submit(request)
    }

    /// Drops the queued request for `slot`, if any, and stops its running decode.
    public func cancel(slot: Int) {
        queue.cancel(slot: slot)
    }

    /// Stops `slot`'s running decode, if any (a flip away from its page): a
    /// streamed one comes back cancelled; a queued request stays queued.
    public func stop(slot: Int) {
        queue.stop(slot: slot)
    }

    /// `slot` is the page on screen: when its request waits for a page-sized
    /// decode of another slot to end, that decode is stopped (a streamed one
    /// stops at its next row and comes back cancelled). Returns the requests
    /// stopped.
    @discardableResult
    public func putFirst(slot: Int) -> [DecodeRequest] {
        queue.putFirst(slot: slot)
    }

    /// Drops every queued request.
    public func cancelAll() {
        queue.cancelAll()
    }

    /// Number of requests queued and not yet started (for tests and the HUD).
    public var pendingCount: Int { queue.pendingCount }

    /// Number of decodes running right now.
    public var runningCount: Int { queue.runningCount }

    /// Stops the workers: queued requests are dropped, running decodes finish
    /// but are not delivered. Waits for the workers to exit unless called from
    /// inside `onResult`.
    public func shutdown() {
        queue.close(waitForWorkers: true)
    }
}

/// The shared state between the loader and its workers.
final class DecodeQueue: Sendable {
    private struct State {
        var pending: [Int: DecodeSchedule.Pending] = [:]
        var nextOrder = 0
        var running = 0
        var runningPageDecodes = 0
        /// The decodes running, each with what stops it.
        var runningRequests: [(request: DecodeRequest, cancellation: DecodeCancellation)] = []
        var isOpen = true
        var workers: [pthread_t] = []
    }

    private let state = Mutex(State())
    /// Counts wake-ups; it may run ahead of the queue (after a cancel), and a
    /// worker that wakes to an empty queue simply waits again.
    private let wake = DispatchSemaphore(value: 0)
    let finished = DispatchGroup()
    private let workerCount: Int
    private let pageDecodesAtOnce: Int

    init(workerCount: Int, pageDecodesAtOnce: Int = .max) {
        self.workerCount = workerCount
        self.pageDecodesAtOnce = pageDecodesAtOnce
    }

    var isOpen: Bool { state.withLock { $0.isOpen } }
    var pendingCount: Int { state.withLock { $0.pending.count } }
    var runningCount: Int { state.withLock { $0.running } }

    func register() {
        let me = pthread_self()
        state.withLock { $0.workers.append(me) }
    }

    func submit(_ request: DecodeRequest) {
        let isNew: Bool = state.withLock { state in
            guard state.isOpen else { return false }
            // A running decode of an older generation for this slot is stale.
            for running in state.runningRequests
            where running.request.slot == request.slot && running.request.generation != request.generation {
                running.cancellation.cancel()
            }
            let isNew = state.pending[request.slot] == nil
            state.pending[request.slot] = DecodeSchedule.Pending(request: request, order: state.nextOrder)
            state.nextOrder += 1
            return isNew
        }
        if isNew { wake.signal() }
    }

    func cancel(slot: Int) {
        state.withLock { state in
            state.pending.removeValue(forKey: slot)
            for running in state.runningRequests where running.request.slot == slot { running.cancellation.cancel() }
        }
    }

    func stop(slot: Int) {
        state.withLock { state in
            for running in state.runningRequests where running.request.slot == slot { running.cancellation.cancel() }
        }
    }

    func putFirst(slot: Int) -> [DecodeRequest] {
        state.withLock { state in
            guard let waiting = state.pending[slot]?.request, !waiting.isPreview,
                  state.runningPageDecodes >= pageDecodesAtOnce else { return [] }
            let others = state.runningRequests.filter {
                $0.request.slot != slot && !$0.request.isPreview && !$0.cancellation.isCancelled
            }
            for other in others { other.cancellation.cancel() }
            return others.map(\.request)
        }
    }

    func cancelAll() {
        state.withLock { $0.pending.removeAll() }
    }

    /// Blocks until there is work, which comes with what stops it; nil once closed.
    func next() -> (DecodeRequest, DecodeCancellation)? {
        while true {
            wake.wait()
            // Made before taking the request, so a cancel always finds it running.
            let cancellation = DecodeCancellation()
            let taken: (request: DecodeRequest?, closed: Bool) = state.withLock { state in
                guard state.isOpen else { return (nil, true) }
                guard let best = DecodeSchedule.next(
                    in: state.pending.values, running: state.running,
                    mayStartPageDecode: state.runningPageDecodes < pageDecodesAtOnce)
                else { return (nil, false) }
                state.pending.removeValue(forKey: best.slot)
                state.running += 1
                if !best.isPreview { state.runningPageDecodes += 1 }
                state.runningRequests.append((best, cancellation))
                return (best, false)
            }
            if taken.closed { return nil }
            if let request = taken.request { return (request, cancellation) }
        }
    }

    /// `request`'s decode is done (delivered or not).
    func finish(_ request: DecodeRequest, _ cancellation: DecodeCancellation) {
        let waiting: Bool = state.withLock { state in
            state.runningRequests.removeAll { $0.cancellation === cancellation }
            state.running -= 1
            if !request.isPreview { state.runningPageDecodes -= 1 }
            return !state.pending.isEmpty
        }
        // A worker may have gone back to waiting because what was left could
        // not start beside this decode (DecodeSchedule): it may start now.
        if waiting { wake.signal() }
    }

    func close(waitForWorkers: Bool) {
        let me = pthread_self()
        let (wasOpen, onWorker): (Bool, Bool) = state.withLock { state in
            let wasOpen = state.isOpen
            state.isOpen = false
            state.pending.removeAll()
            // Nothing is delivered any more: a streamed decode need not run on.
            for running in state.runningRequests { running.cancellation.cancel() }
            return (wasOpen, state.workers.contains { pthread_equal($0, me) != 0 })
        }
        if wasOpen {
            for _ in 0..<workerCount { wake.signal() }
        }
        if waitForWorkers && !onWorker { finished.wait() }
    }
}

/// Which queued decode a free worker starts: the highest priority, the
/// oldest first among equals, leaving out page-sized decodes while as many
/// as the loader allows run (``ImageLoader/init(workerCount:pageDecodesAtOnce:onResult:)``;
/// previews always may), and speculative decodes while any other runs: a
/// decode holds its file's bytes whatever its size (3–6 MB for a 12 MP
/// photo), so a decode asked for ahead of need waits rather than add that
/// to one needed now.
///
/// ```swift
/// DecodeSchedule.next(in: queue.values, running: 1, mayStartPageDecode: false)   // the best preview, or nil
/// ```
enum DecodeSchedule {
    /// A queued request and when it was queued.
    struct Pending {
        var request: DecodeRequest
        /// Submission order: lower was submitted earlier.
        var order: Int
    }

    /// `running`: decodes running now, count; `mayStartPageDecode`: whether
    /// fewer page-sized decodes run than the loader allows.
    static func next(in pending: some Sequence<Pending>, running: Int, mayStartPageDecode: Bool) -> DecodeRequest? {
        // At most a handful of slots are pending: a linear scan is cheapest.
        var best: Pending?
        for candidate in pending where (mayStartPageDecode || candidate.request.isPreview)
            && (running == 0 || !candidate.request.isSpeculative) {
            if let current = best {
                if candidate.request.priority > current.request.priority
                    || (candidate.request.priority == current.request.priority && candidate.order < current.order) {
                    best = candidate
                }
            } else {
                best = candidate
            }
        }
        return best?.request
    }
}
