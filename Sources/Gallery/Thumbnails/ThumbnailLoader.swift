import Dispatch
import ImageDecoding
import Pager
import Synchronization

/// Makes thumbnails on its own worker threads, the most wanted first.
///
/// The shell says, whenever the view moves, which cells it wants and how
/// much (``want(_:)``: the nearer the centre, the higher the priority);
/// every queued request not in the new list is dropped, so whatever
/// scrolled away is never made. A request already running finishes and is
/// delivered; the shell drops what it no longer needs.
///
/// Finished thumbnails wait in the loader until ``take()``; `want` skips
/// the pages that are running or waiting there, so a thumbnail finished
/// between the shell's `take` and its next `want` is not made twice.
///
/// ```swift
/// let loader = ThumbnailLoader(workerCount: 2, cache: cache) { wake() }   // on a worker: results are ready
/// loader.want([ThumbnailRequest(page: PageIndex(h: 0, v: 0), source: .file(entry), size: 160, priority: 100)])
/// for result in loader.take() { show(result) }                           // on the main thread, each frame
/// ```
public final class ThumbnailLoader: Sendable {
    private struct State: Sendable {
        var pending: [PageIndex: ThumbnailRequest] = [:]
        var running: Set<PageIndex> = []
        var finished: [ThumbnailResult] = []
        var finishedPages: Set<PageIndex> = []
        var isOpen = true
    }

    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchGroup()
    private let workerCount: Int

    /// `onReady` runs on a worker thread after each thumbnail is finished.
    public init(workerCount: Int = 2, cache: ThumbnailCache?, onReady: @escaping @Sendable () -> Void) {
        self.workerCount = max(1, workerCount)
        for _ in 0..<self.workerCount {
            finished.enter()
            WorkerThread.start(stackBytes: 4 << 20, niceness: WorkerThread.backgroundNiceness) { [self] in
                while let request = next() {
                    let outcome = ThumbnailMaker.make(request.source, size: request.size, cache: cache)
                    let open = state.withLock { state in
                        state.running.remove(request.page)
                        if state.isOpen {
                            state.finished.append(ThumbnailResult(request: request, outcome: outcome))
                            state.finishedPages.insert(request.page)
                        }
                        return state.isOpen
                    }
                    if open { onReady() }
                }
                finished.leave()
            }
        }
    }

    deinit { close(wait: false) }

    /// Replaces the queue with `requests` (those already running are skipped).
    public func want(_ requests: [ThumbnailRequest]) {
        let added: Int = state.withLock { state in
            guard state.isOpen else { return 0 }
            let before = state.pending.count
            state.pending.removeAll(keepingCapacity: true)
            for request in requests
            where !state.running.contains(request.page) && !state.finishedPages.contains(request.page) {
                state.pending[request.page] = request
            }
            return max(0, state.pending.count - before)
        }
        for _ in 0..<min(added, workerCount) { wake.signal() }
        if added == 0 && !requests.isEmpty { wake.signal() }
    }

    /// The thumbnails finished since the last call, oldest first.
    public func take() -> [ThumbnailResult] {
        state.withLock { state in
            defer {
                state.finished.removeAll(keepingCapacity: true)
                state.finishedPages.removeAll(keepingCapacity: true)
            }
            return state.finished
        }
    }

    /// Number of requests queued and not started.
    public var pendingCount: Int { state.withLock { $0.pending.count } }

    /// Stops the workers; queued requests are dropped and nothing more is delivered.
    public func shutdown() { close(wait: true) }

    private func close(wait: Bool) {
        let wasOpen = state.withLock { state in
            defer {
                state.isOpen = false
                state.pending.removeAll()
                state.finished.removeAll()
            }
            return state.isOpen
        }
        if wasOpen { for _ in 0..<workerCount { wake.signal() } }
        if wait { finished.wait() }
    }

    private func next() -> ThumbnailRequest? {
        while true {
            let taken: (ThumbnailRequest?, Bool) = state.withLock { state in
                guard state.isOpen else { return (nil, true) }
                guard let best = state.pending.values.max(by: { $0.priority < $1.priority }) else { return (nil, false) }
                state.pending.removeValue(forKey: best.page)
                state.running.insert(best.page)
                return (best, false)
            }
            if taken.1 { return nil }
            if let request = taken.0 { return request }
            wake.wait()
        }
    }
}

/// One thumbnail wanted: which cell, what to show in it, how big, how soon.
///
/// ```swift
/// ThumbnailRequest(page: PageIndex(h: 3, v: 1), source: .file(entry), size: 160, priority: -25)
/// ```
public struct ThumbnailRequest: Sendable, Hashable {
    public var page: PageIndex
    public var source: PageSource
    /// Longest side, px.
    public var size: Int
    /// Higher starts first.
    public var priority: Int

    public init(page: PageIndex, source: PageSource, size: Int, priority: Int) {
        self.page = page
        self.source = source
        self.size = size
        self.priority = priority
    }
}

/// What a worker made for a request.
public struct ThumbnailResult: Sendable {
    public let request: ThumbnailRequest
    public let outcome: Result<ThumbnailMaker.Thumbnail, DecodeFailure>
}
