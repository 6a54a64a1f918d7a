import Gallery
import Glibc
import ImageDecoding
import Pager

/// Decodes the pages beyond the 3×3 pool in the direction of motion, so a
/// flip that follows another one finds its page already decoded.
///
/// The pool only learns of page P+2 when the pager lands on P+1; with a key
/// held or tapped faster than a flip animation, the next flip starts at that
/// very moment, too early for any decode. So while the pager heads right,
/// pages P+2 … P+1+``depth`` decode on the loader at the lowest priority
/// (after every pool slot, and only while no other decode runs:
/// ``DecodeRequest/isSpeculative``), each under its own request slot id (9, 10, …,
/// which the loader keys its queue by, so a newer target replaces a queued
/// older one). When a pool slot then asks for one of them, the decoded image
/// is handed over instead of decoding again (``hit(_:)``).
///
/// A file that changed (or vanished) since its prefetch was planned is not
/// handed over: its page decodes afresh, as if never prefetched, so a
/// prefetch never shows an older picture than a plain decode would
/// (``FileStamp``: device, inode, size and modification time).
///
/// One more page may be asked for by name (`plan`'s `also`): the page a
/// running slideshow steps to next when it lies outside the pool (the next
/// row's first image, the first image after the last), under
/// ``alsoSlot``. It is the page shown next, so it decodes at the priority of
/// the neighbour ahead, not speculatively, and its decode wakes the loop, as
/// a step waits for it.
///
/// Memory: at most ``depth`` + 1 decoded images (about 3.4 MB each at 1280×800).
///
/// ```swift
/// var prefetch = PagePrefetch()
/// if let plan = prefetch.plan(current: page, heading: (1, 0), width: 1280, height: 800,
///                             source: catalog.source(at:)) {
///     plan.requests.forEach(loader.submit)
///     plan.cancel.forEach(loader.cancel(slot:))
/// }
/// if PagePrefetch.isPrefetch(result.request.slot) { prefetch.store(result) }
/// if prefetch.hit(request) { /* the result is in prefetch.takeHits() */ }
/// ```
struct PagePrefetch {
    /// Pages decoded beyond the pool's neighbour, count.
    static let depth = 2
    /// The first request slot id; pool slots are 0…8.
    static let firstSlot = SlotPool.capacity
    /// Below every pool slot (``DecodePriority/diagonal`` is 0).
    static let priority = -1
    /// Where to look ahead before anything moved: reading order, rightwards.
    static let restingHeading = (h: 1, v: 0)
    /// The request slot of the page asked for by name (`plan`'s `also`).
    static let alsoSlot = firstSlot + depth

    private struct Entry {
        var request: DecodeRequest
        var result: DecodeResult?
        /// The file as it was before its decode started.
        var stamp: FileStamp?
    }

    /// Per prefetch slot (index = slot - firstSlot).
    private var entries: [Entry?] = Array(repeating: nil, count: depth + 1)
    private var generation = 0
    private var planned: (page: PageIndex, heading: (h: Int, v: Int), also: PageIndex?, width: Int, height: Int)?
    private var hits: [DecodeResult] = []

    static func isPrefetch(_ slot: Int) -> Bool { slot >= firstSlot }

    /// What the prefetch has asked for and not dropped, in slot order.
    var targets: [PageSource] { entries.compactMap { $0?.request.source } }

    /// The requests to submit for the pages ahead of `current` along
    /// `heading` and for `also` (a page beyond the pool wanted next), and
    /// the request slots to cancel (no target any more); nil when nothing
    /// changed since the last call. Targets already decoded or
    /// decoding stay; a slot whose target changed gets a new request (its
    /// stale result, if any, is dropped).
    mutating func plan(current: PageIndex, heading: (h: Int, v: Int), also: PageIndex? = nil, width: Int, height: Int,
                       source: (PageIndex) -> PageSource?,
                       turn: (PageSource) -> ExifOrientation = { _ in .normal }) -> (requests: [DecodeRequest], cancel: [Int])? {
        if let planned, planned.page == current, planned.heading == heading, planned.also == also,
           planned.width == width, planned.height == height {
            return nil
        }
        planned = (current, heading, also, width, height)
        let heading = heading == (0, 0) ? Self.restingHeading : heading
        let ahead = (2..<Self.depth + 2).map { PageIndex(h: current.h + heading.h * $0, v: current.v + heading.v * $0) }
        let pages: [PageIndex?] = ahead + [also.flatMap { ahead.contains($0) ? nil : $0 }]
        var requests: [DecodeRequest] = []
        for (index, page) in pages.enumerated() {
            guard let page, let target = source(page), case .file = target else {
                entries[index] = nil
                continue
            }
            if let entry = entries[index], entry.request.source == target,
               entry.request.maxWidth == width, entry.request.maxHeight == height {
                continue
            }
            // Another slot may already hold this target (the pager moved one page on).
            if let other = entries.firstIndex(where: { $0?.request.source == target && $0?.request.maxWidth == width
                                                       && $0?.request.maxHeight == height }),
               other != index, let moved = entries[other] {
                entries[other] = nil
                // Decoded: kept. Still decoding under the other slot's id, which the
                // next target takes over (the loader keeps one request per slot id):
                // asked again under this one, or it would never arrive.
                if moved.result != nil {
                    entries[index] = moved
                    continue
                }
            }
            generation += 1
            var request = DecodeRequest(slot: Self.firstSlot + index, generation: generation, source: target,
                                        maxWidth: width, maxHeight: height, priority: Self.priority)
            request.turn = turn(target)
            if index == Self.depth {
                // The page a step will show next: decoded as the neighbour
                // ahead is, not only once nothing else runs (a loaded
                // machine's pool would hold the slideshow for seconds).
                request.priority = DecodePriority.ahead
            } else {
                request.isSpeculative = true
            }
            entries[index] = Entry(request: request, result: nil, stamp: FileStamp(target))
            requests.append(request)
        }
        let cancel = entries.indices.filter { entries[$0] == nil }.map { Self.firstSlot + $0 }
        return (requests, cancel)
    }

    /// Keeps a finished prefetch decode, if it is still wanted.
    mutating func store(_ result: DecodeResult) {
        for index in entries.indices {
            guard let entry = entries[index], entry.request.generation == result.request.generation else { continue }
            entries[index]?.result = result
            return
        }
    }

    /// Whether a finished prefetch answers `request`; if so its result, re-addressed
    /// to `request`'s slot and generation, waits in ``takeHits()``.
    mutating func hit(_ request: DecodeRequest) -> Bool {
        for index in entries.indices {
            guard let entry = entries[index], let result = entry.result, entry.request.source == request.source,
                  entry.request.maxWidth == request.maxWidth, entry.request.maxHeight == request.maxHeight,
                  entry.request.turn == request.turn else { continue }
            entries[index] = nil
            // The target is in the pool now; plan again next time.
            planned = nil
            guard let stamp = entry.stamp, FileStamp(request.source) == stamp else { return false }
            var answer = result
            answer.request = request
            hits.append(answer)
            return true
        }
        return false
    }

    var hasHits: Bool { !hits.isEmpty }

    /// Whether `source` was asked for and its decode has not finished.
    func isDecoding(_ source: PageSource) -> Bool {
        entries.contains { $0?.request.source == source && $0?.result == nil }
    }

    /// Forgets the entry `result` answers (a decode that was stopped), so the
    /// next plan asks for its page again.
    mutating func drop(_ result: DecodeResult) {
        for index in entries.indices where entries[index]?.request.generation == result.request.generation {
            entries[index] = nil
            planned = nil
        }
    }

    /// Forgets every page decoded or decoding ahead (their pixels are in a
    /// display profile no longer in force); the next plan asks again, and a
    /// decode still running is stored by no entry.
    mutating func removeAll() {
        entries = Array(repeating: nil, count: Self.depth + 1)
        hits.removeAll()
        planned = nil
    }

    /// The results answered from the prefetch since the last call.
    mutating func takeHits() -> [DecodeResult] {
        defer { hits.removeAll() }
        return hits
    }
}

/// What a file looked like, to tell whether it changed: device, inode, size
/// and modification time (ns). `nil` for a file that cannot be looked at.
///
/// ```swift
/// let before = FileStamp(.file(entry))
/// // … later
/// if FileStamp(.file(entry)) != before { /* changed, replaced or gone */ }
/// ```
struct FileStamp: Equatable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let seconds: Int
    let nanoseconds: Int

    init?(_ source: PageSource) {
        guard case .file(let entry) = source else { return nil }
        var info = stat()
        guard stat(entry.path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        seconds = info.st_mtim.tv_sec
        nanoseconds = info.st_mtim.tv_nsec
    }
}
