import Gallery
import ImageDecoding
import Pager

/// What the nine slots show, from the engine's slot pages to decoded
/// textures: which slots need a decode, in what order, at what size, and
/// what to do with each finished decode.
///
/// It owns the decode generations (a result of an older generation is
/// stale), the slots to load (their page changed: a placeholder, then a
/// decode) and to refresh (decoded again at a new size, keeping what they
/// show meanwhile), the corner deferral, the previews off the axis of travel
/// (``DecodeResolution``), the prefetch beyond the pool, the first image
/// decoded before the window opened, and the decode workers.
/// The session calls it once per frame; it never draws.
///
/// Main thread only (results arrive through a ``DecodeInbox``).
///
/// ```swift
/// let slots = SlotLoader(firstImage: nil) { wakeMainLoop() }
/// slots.loadAll()
/// // each frame:
/// slots.receive(model: model, contents: contents, readiness: readiness, log: log, time: now)
/// slots.submit(model: model, catalog: catalog, contents: contents, pageSize: (1280, 800),
///              readiness: readiness, log: log, now: { clock.now })
/// ```
final class SlotLoader {
    /// Decoding threads: the machine this runs on has 2 cores.
    static let workerCount = 2
    /// Page-sized decodes running at once, count: one, the other worker
    /// decodes previews (``DecodeResolution``) meanwhile. A 12 MP JPEG fitted
    /// to 1280×800 holds its file's bytes (3–6 MB) and libjpeg-turbo's
    /// 3/8-scale output (6.75 MB) until its average is made; two of them at
    /// once on the two workers made the peaks of the browser's memory
    /// (docs/benchmarks.md, "Memory in every layout"). A walk needs one
    /// page-sized decode per step (the prefetch's next page).
    static let pageDecodesAtOnce = 1
    /// A decoded image more than this many px smaller than what the page can
    /// show (after a resize) is decoded again at the new size.
    static let reloadSlack = 2

    private let loader: ImageLoader
    private let inbox: DecodeInbox
    /// The first page's decode, started before the window opened (or nil).
    let firstImage: FirstImageDecode?

    /// The generation last asked for, per slot; results of another are stale.
    private(set) var generations = [Int](repeating: 0, count: SlotPool.capacity)
    /// Slots whose page changed: show a placeholder and decode.
    private(set) var slotsToLoad = Set<Int>()
    /// A slot whose picture was moved in by hand (``loadAll(keeping:showing:)``): the
    /// engine's next recycling does not reload it.
    private var keptSlot: Int?
    /// Slots to decode again at a new size, keeping what they show meanwhile.
    private var slotsToRefresh = Set<Int>()
    /// Corner slots whose decode waits until they can be seen.
    private var corners = CornerDeferral()
    /// Slots last asked for as a preview (``DecodeResolution``): decoded again
    /// at the page's size once the motion turns towards them.
    private(set) var previewSlots = Set<Int>()
    /// The pages beyond the pool in the direction of motion, decoded ahead.
    private var prefetch = PagePrefetch()
    /// The last step the pager took or is taking, for decode priorities.
    private var heading = (h: 0, v: 0)
    /// The axis a drag (or touchpad scroll) locked to, until the pager
    /// settles: the axis of travel for ``DecodeResolution``.
    private var dragAxis: Axis?
    /// Pages flipped away from since the last submit: a streamed decode of
    /// theirs still running is stopped (a 30000² PNG would hold a worker for
    /// seconds after the user went on).
    private var pagesLeft: [PageIndex] = []
    /// Slots whose decode was stopped: decoded again once they are the page
    /// on screen at rest (or loaded anew when recycled).
    private var stoppedSlots = Set<Int>()
    /// Files whose failure was already reported (stderr, `decode-error`).
    private var reportedFailures = Set<String>()

    /// `wake` is called on a worker thread when a decode has finished.
    init(firstImage: FirstImageDecode?, wake: @escaping @Sendable () -> Void) {
        let inbox = DecodeInbox()
        self.inbox = inbox
        self.firstImage = firstImage
        loader = ImageLoader(workerCount: Self.workerCount, pageDecodesAtOnce: Self.pageDecodesAtOnce) { result in
            inbox.post(result)
            // A page decoded ahead shows nothing until a slot asks for it,
            // in a frame of motion that takes it from the inbox first: it
            // wakes no one (the loop sleeps at rest: RedrawSchedule). The
            // slideshow's next page does: a step may be waiting for it.
            let slot = result.request.slot
            if !PagePrefetch.isPrefetch(slot) || slot == PagePrefetch.alsoSlot { wake() }
        }
    }

    /// Whether decodes are still to be asked for.
    var hasPendingSlots: Bool { !slotsToLoad.isEmpty || !slotsToRefresh.isEmpty }

    /// The pages beyond the pool asked for ahead of the motion (PagePrefetch).
    var prefetchTargets: [PageSource] { prefetch.targets }

    /// Whether `source`, asked for beyond the pool, is still decoding.
    func isDecodingAhead(_ source: PageSource) -> Bool { prefetch.isDecoding(source) }

    /// Every slot shows a placeholder and is decoded again (the pages are new).
    func loadAll() {
        slotsToLoad = Set(0..<SlotPool.capacity)
    }

    /// The view's turn of a page's image in `turns` (the session's).
    static func turn(of source: PageSource, in turns: ViewTurns) -> ExifOrientation {
        if case .file(let entry) = source { return turns.turn(of: entry.path) }
        return .normal
    }

    /// `slot` decodes again, showing what it shows until the new image
    /// comes (the current page after `r`: no placeholder in between).
    func reload(slot: Int) {
        slotsToRefresh.insert(slot)
    }

    /// Every page is decoded again, showing what it shows until its new
    /// image comes (the display's colour profile changed: DisplayColor).
    /// Decodes in flight become stale; what the prefetch holds is dropped.
    func decodeAllAgain() {
        prefetch.removeAll()
        slotsToRefresh.formUnion(0..<SlotPool.capacity)
    }

    /// Every slot loads again but `kept`, which already shows its page's
    /// image (moved there with ``SlotContents/swapAt(_:_:)``): decodes in
    /// flight are dropped, and the slots the engine recycles meanwhile are
    /// loaded too, not `kept`. `content` is what `kept` shows: a placeholder
    /// (its decode was asked for under the slot it came from, and is dropped
    /// with the others) is loaded too. Kept, it showed its placeholder for
    /// good: a delete whose slide ended before the next image was decoded,
    /// on a busy machine.
    func loadAll(keeping kept: Int, showing content: SlotContent) {
        for id in 0..<SlotPool.capacity {
            generations[id] += 1
            loader.cancel(slot: id)
        }
        let keeps = content.isFinal
        slotsToLoad = Set(0..<SlotPool.capacity).subtracting(keeps ? [kept] : [])
        keptSlot = keeps ? kept : nil
    }

    /// Reacts to one engine event: recycled slots load their new page; a
    /// page change sets the heading that orders decodes and the prefetch.
    func note(_ event: PagerEvent) {
        switch event.kind {
        case .slotsRecycled(let changes):
            for change in changes where change.slot != keptSlot { slotsToLoad.insert(change.slot) }
            keptSlot = nil
        case .pageWillChange(let from, let to):
            heading = ((to.h - from.h).signum(), (to.v - from.v).signum())
            pagesLeft.append(from)
        case .pageChanged(let from, let to):
            heading = ((to.h - from.h).signum(), (to.v - from.v).signum())
        case .axisLocked(let axis):
            dragAxis = axis
        case .settled:
            dragAxis = nil
        default:
            break
        }
    }

    /// After a resize to `page`: slots whose image is clearly smaller than
    /// the page can now show, and those still loading, decode again.
    func refresh(contents: SlotContents, page: PixelRect) {
        for id in 0..<SlotPool.capacity {
            switch contents[id] {
            case .image(let image):
                let wanted = image.scalable
                    ? Letterbox.fit(sourceWidth: image.width, sourceHeight: image.height, in: page, upscale: true)
                    : Letterbox.fit(sourceWidth: image.sourceWidth, sourceHeight: image.sourceHeight, in: page)
                if wanted.width > image.width + Self.reloadSlack || wanted.height > image.height + Self.reloadSlack {
                    slotsToRefresh.insert(id)
                }
            case .loading:
                slotsToRefresh.insert(id)
            default:
                break
            }
        }
    }

    /// Asks for the decodes the slots need: the page on screen first, the
    /// rest by ``DecodePriority``; then plans the prefetch.
    /// Pages the prefetch already holds are received at once (at `now()`),
    /// so they show in this very frame.
    /// `turns`: how the user turned each image's view; decodes come turned.
    /// `ahead`: a page beyond the pool wanted next (the slideshow's), decoded ahead.
    func submit(model: PagerModel, catalog: PageCatalog, contents: SlotContents, pageSize: (width: Int, height: Int),
                turns: ViewTurns, ahead: PageIndex? = nil, readiness: ReadinessLog, log: EventLog?, now: () -> Double) {
        // After the pool's slots have taken what the prefetch holds for them.
        defer { planPrefetch(model: model, catalog: catalog, pageSize: pageSize, turns: turns, ahead: ahead) }
        keptSlot = nil   // the recycling it was kept through has been noted
        slotsToLoad.formUnion(corners.due(in: model.slots))
        slotsToRefresh.formUnion(previewsDue(in: model.slots))
        // The page on screen first: it may claim the first-image decode, and
        // a page-sized decode it waits for (a flip away from a big PNG) stops.
        let current = model.slots.slot(column: 0, row: 0).id
        stopDecodes(leftIn: model.slots)
        // Once at rest: mid-flip the slot on screen is still the one left.
        if model.isSettled, stoppedSlots.remove(current) != nil { slotsToRefresh.insert(current) }
        loader.putFirst(slot: current)
        guard hasPendingSlots else { return }
        let all = slotsToLoad.union(slotsToRefresh).sorted { ($0 == current ? 0 : 1, $0) < ($1 == current ? 0 : 1, $1) }
        // The other pages wait while the first image decodes (FirstImageDecode).
        var postponed = Set<Int>()
        for id in all {
            let slot = model.slots[id]
            let keep = !slotsToLoad.contains(id)
            if firstImage?.isDecodingClaim == true, slotsToLoad.contains(id) {
                postponed.insert(id)
                continue
            }
            corners.remove(id)
            previewSlots.remove(id)
            stoppedSlots.remove(id)
            guard let page = slot.page else {
                generations[id] += 1
                loader.cancel(slot: id)
                contents.set(id, to: .nothing)
                continue
            }
            guard let source = catalog.source(at: page) else {
                generations[id] += 1
                loader.cancel(slot: id)
                contents.set(id, to: .hole(caption: Self.holeCaption(catalog)))
                continue
            }
            generations[id] += 1
            let label: String? = if case .demo = source { page.description } else { nil }
            if !keep {
                contents.set(id, to: .loading(title: catalog.caption(at: page)), label: label)
            }
            if !keep && corners.shouldDefer(slot) {
                loader.cancel(slot: id)
                corners.insert(id)
                continue
            }
            let resolution = DecodeResolution.of(column: slot.column, row: slot.row, heading: travel)
            let box = resolution.box(pageWidth: pageSize.width, pageHeight: pageSize.height)
            var request = DecodeRequest(
                slot: id, generation: generations[id], source: source, maxWidth: box.width, maxHeight: box.height,
                priority: DecodePriority.of(column: slot.column, row: slot.row, heading: heading))
            request.isPreview = resolution == .preview
            if request.isPreview { previewSlots.insert(id) } else { previewSlots.remove(id) }
            request.turn = Self.turn(of: source, in: turns)
            // The page on screen may already be decoding since start-up.
            if slot.column == 0 && slot.row == 0, firstImage?.claim(request) == true { continue }
            if prefetch.hit(request) { continue }
            loader.submit(request)
        }
        slotsToLoad = postponed
        slotsToRefresh.removeAll()
        // Pages answered from the prefetch are shown in this very frame.
        if prefetch.hasHits { receive(model: model, contents: contents, readiness: readiness, log: log, time: now()) }
    }

    /// Stops the running decodes of the pages flipped away from (a streamed
    /// one stops at its next row; ``cancelled(_:failure:log:time:)`` keeps
    /// its slot to decode again when it is on screen).
    private func stopDecodes(leftIn slots: SlotPool) {
        guard !pagesLeft.isEmpty else { return }
        for id in 0..<SlotPool.capacity where slots[id].page.map(pagesLeft.contains) == true {
            loader.stop(slot: id)
            firstImage?.stop(slot: id)
        }
        pagesLeft.removeAll()
    }

    /// The axis of travel, for ``DecodeResolution``.
    private var travel: (h: Int, v: Int) { DecodeResolution.travel(heading: heading, dragAxis: dragAxis) }

    /// The preview slots the motion now heads towards (or that became the
    /// page on screen): they decode again at the page's size. A preview
    /// recycled into a corner keeps it until the corner is seen, as a corner
    /// with no picture waits (``CornerDeferral``).
    private func previewsDue(in slots: SlotPool) -> Set<Int> {
        guard !previewSlots.isEmpty else { return [] }
        let due = previewSlots.filter { id in
            let slot = slots[id]
            return !corners.shouldDefer(slot)
                && DecodeResolution.of(column: slot.column, row: slot.row, heading: travel) == .page
        }
        previewSlots.subtract(due)
        return due
    }

    private static func holeCaption(_ catalog: PageCatalog) -> String? {
        switch catalog {
        case .folder(let layout, _): layout.style == .albums ? "end of album" : nil
        default: nil
        }
    }

    /// Decodes the pages beyond the pool that the motion heads to, and `ahead` (PagePrefetch).
    private func planPrefetch(model: PagerModel, catalog: PageCatalog, pageSize: (width: Int, height: Int),
                              turns: ViewTurns, ahead: PageIndex?) {
        // The pages ahead wait for the first image too: a prefetch then
        // started a page process (its libraries loaded) and a photo's decode
        // beside the first image's, on the same two cores.
        guard firstImage?.isDecodingClaim != true else { return }
        guard case .folder = catalog, let plan = prefetch.plan(
            current: model.currentPage, heading: heading, also: ahead, width: pageSize.width, height: pageSize.height,
            source: { catalog.source(at: $0) }, turn: { Self.turn(of: $0, in: turns) }) else { return }
        for slot in plan.cancel { loader.cancel(slot: slot) }
        for request in plan.requests { loader.submit(request) }
    }

    /// Takes every finished decode: current ones become the slots' textures
    /// or error pages (a bad file is reported once, on stderr and in the
    /// log), prefetched ones are kept, stale ones dropped.
    func receive(model: PagerModel, contents: SlotContents, readiness: ReadinessLog, log: EventLog?, time: Double) {
        for result in inbox.take() + (firstImage?.take().map { [$0] } ?? []) + prefetch.takeHits() {
            if case .failure(let failure) = result.outcome, failure.isCancelled {
                cancelled(result, failure: failure, log: log, time: time)
                continue
            }
            if PagePrefetch.isPrefetch(result.request.slot) {
                prefetch.store(result)
                continue
            }
            let id = result.request.slot
            guard result.request.generation == generations[id] else { continue }   // stale
            let label = contents.label(id)
            switch result.outcome {
            case .success(let image):
                let scalable: Bool = if case .demo = result.request.source { true } else { false }
                // The decoding threads made the backdrop (ImageLoader, FirstImageDecode):
                // nothing heavy happens here, on the main thread.
                if !contents.setImage(id, image, label: label, scalable: scalable, backdrop: result.backdrop) {
                    contents.set(id, to: .failed(title: Self.title(of: result.request.source),
                                                 message: "cannot make a texture: " + SDLError.last), label: label)
                }
                readiness.pageReady(slot: id, page: model.slots[id].page, time: time, log: log)
            case .failure(let failure):
                contents.set(id, to: .failed(title: Self.title(of: result.request.source), message: failure.message),
                             label: label)
                readiness.pageReady(slot: id, page: model.slots[id].page, time: time, log: log)
                if reportedFailures.insert(failure.path).inserted {
                    StandardError.line(failure.path + ": " + failure.message)
                    log?.write(.decodeError(file: failure.path, message: failure.message), time: time)
                }
            }
        }
    }

    /// A decode that was stopped: logged; when it is still its slot's, asked
    /// for again once that slot is the page on screen (``submit``).
    private func cancelled(_ result: DecodeResult, failure: DecodeFailure, log: EventLog?, time: Double) {
        let id = result.request.slot
        log?.write(.decodeCancelled(file: failure.path, slot: id, rows: result.rowsRead), time: time)
        if PagePrefetch.isPrefetch(id) {
            prefetch.drop(result)
        } else if result.request.generation == generations[id] {
            stoppedSlots.insert(id)
        }
    }

    private static func title(of source: PageSource) -> String {
        switch source {
        case .file(let entry): entry.name
        case .demo(let page): "demo page \(page)"
        }
    }

    /// Stops the decode workers.
    func shutdown() {
        loader.shutdown()
    }
}
