import CSDL2
import Gallery
import ImageDecoding
import Pager

/// The overview in the window: a virtualised grid of thumbnails of every
/// page, in the pager's (h, v) arrangement. All behaviour (scrolling, the
/// highlight, taps, sizes, the flight back into the pager) is the pure
/// ``OverviewModel`` and ``OverviewTransition``; this class translates input
/// into their calls, loads thumbnails for the cells they say are needed, and
/// draws. Only the cells near the viewport have textures; the rest is
/// arithmetic. Main thread only.
///
/// ```swift
/// let overview = OverviewScreen(renderer: renderer, text: text, log: log, cache: cache) { wake() }
/// overview.open(catalog: catalog, currentPage: model.currentPage, width: 1280, height: 800, time: now)
/// overview.handle(.key(.enter, ctrl: false, shift: false), viewport: (1280, 800), time: now)   // [.pager(.go(…))]
/// ```
final class OverviewScreen {
    /// Thumbnail worker threads (the machine has 2 cores; the pager's
    /// loader is idle while the overview is open).
    static let workerCount = 2
    /// The highlight's outline, points (times the ui scale), and colour.
    static let highlightWidth = 3
    static let highlightColour = Colour(255, 196, 64)
    /// Album names in the title bands, points (times the ui scale).
    static let titleTextSize = 15

    let renderer: OpaquePointer
    let text: TextRenderer
    let pages: PageRenderer
    var overlay: Overlay
    private let log: EventLog?
    private let cache: ThumbnailCache?
    private let wake: @Sendable () -> Void
    private var loader: ThumbnailLoader?
    let textures: ThumbnailTextures

    private(set) var model: OverviewModel?
    /// The window's scale (Sources/Browser/Platform/DisplayScale.swift):
    /// cells, margins, titles, the highlight and the HUD are points times
    /// its `ui`, drawn and hit-tested in device pixels. Set by ``open`` and
    /// ``resize(width:height:scale:time:)``.
    private(set) var scale = DisplayScale()
    private(set) var catalog = PageCatalog.demo
    private var pointer = PointerRouter()
    private var wheel: WheelClassifier
    private(set) var flight: (transition: OverviewTransition, page: PageIndex)?
    private var lastWanted: (range: OverviewRange, size: Int)?
    /// The pager's page when the overview opened (the escape action goes back to it).
    private var returnPage = PageIndex(h: 0, v: 0)
    private var openedAt = 0.0
    private var firstScreenLogged = false
    private var made: [ThumbnailOrigin: Int] = [:]
    private var prunedCache = false
    /// The key bindings in force (the session's).
    var keyMap = KeyMap.standard
    /// The last Shift+click's range, from the image highlighted before it
    /// to the one clicked, for the session to mark (``Action/markRange``).
    private(set) var markRange: (from: PageIndex, to: PageIndex)?

    init(renderer: OpaquePointer, text: TextRenderer, log: EventLog?, cache: ThumbnailCache?,
         wake: @escaping @Sendable () -> Void) {
        self.renderer = renderer
        self.text = text
        self.pages = PageRenderer(renderer: renderer)
        self.overlay = Overlay(pages: pages, text: text)
        self.log = log
        self.cache = cache
        self.wake = wake
        self.textures = ThumbnailTextures(renderer: renderer)
        wheel = WheelClassifier(pageWidth: 1280, pageHeight: 800, streamEndGap: PagerConfiguration().scrollEndGap)
    }

    /// The overview is on screen (or flying into the pager).
    var isShowing: Bool { model != nil }

    /// The overview takes the input: it shows and is not flying into the
    /// pager (during the flight input goes to the pager, already on its page).
    var isInteractive: Bool { model != nil && flight == nil }

    /// Something moves, or a wheel notch is held back: keep drawing frames.
    var needsFrames: Bool {
        guard let model else { return false }
        return flight != nil || !model.isSettled || wheel.hasPendingNotch
    }

    // MARK: - Opening and closing

    /// Shows the overview of `catalog` with `currentPage` highlighted and
    /// centred, in a window of `width` × `height` device pixels at `scale`.
    func open(catalog: PageCatalog, currentPage: PageIndex, width: Int, height: Int, time: Double,
              scale: DisplayScale = DisplayScale()) {
        let shape: OverviewShape
        var focus = currentPage
        var titles = false
        switch catalog {
        case .scanning: return
        case .demo: shape = .unbounded
        case .folder(let layout, _):
            shape = OverviewShape(layout: layout)
            titles = layout.style == .albums
            focus = layout.canonicalPage(currentPage) ?? currentPage
        }
        self.catalog = catalog
        self.scale = scale
        overlay.scale = scale
        let sizeIndex = model?.sizeIndex ?? OverviewModel.defaultSizeIndex
        model = OverviewModel(shape: shape, titles: titles, focus: focus, width: Double(width), height: Double(height),
                              sizeIndex: sizeIndex, scale: scale.ui)
        wheel = WheelClassifier(pageWidth: Double(width), pageHeight: Double(height),
                                streamEndGap: PagerConfiguration().scrollEndGap)
        pointer = PointerRouter()
        flight = nil
        lastWanted = nil
        returnPage = currentPage
        openedAt = time
        firstScreenLogged = false
        made = [:]
        if loader == nil {
            loader = ThumbnailLoader(workerCount: Self.workerCount, cache: cache, onReady: wake)
        }
        if let cache, !prunedCache {
            prunedCache = true
            // Keeps the cache folder under its cap; off the main thread, it
            // only ever deletes whole entries (a reader sees all or nothing).
            WorkerThread.start(niceness: WorkerThread.backgroundNiceness) { cache.prune() }
        }
        guard let model else { return }
        log?.write(.overviewOpened(page: model.focus, thumbnail: model.thumbnailSize,
                                   images: shape.rowCount == nil ? nil : catalogCount), time: time)
    }

    private var catalogCount: Int {
        if case .folder(let layout, _) = catalog { return layout.count }
        return 0
    }

    /// Moves the highlight to `page` (Shift+N / Shift+P: the next marked image),
    /// scrolling it into view.
    func highlight(_ page: PageIndex, time: Double) {
        _ = model?.moveFocus(to: page, time: time)
    }

    /// Drops every thumbnail made so far and those in flight (the display's
    /// colour profile changed: DisplayColor; the gallery's pages changed, or a
    /// file was rewritten): those on screen are asked for again, from the cache
    /// when the file is as it was (the cache's key holds its size, time and
    /// the display's profile).
    func forgetThumbnails() {
        _ = loader?.take()
        textures.removeAll()
        lastWanted = nil
    }

    /// Forgets the failed thumbnails of the pages `which` picks (files whose
    /// permissions changed may be readable now): they are asked for again.
    func forgetFailures(where which: (PageIndex) -> Bool) {
        if textures.forgetFailures(where: which) { lastWanted = nil }
    }

    /// Closes at once (no flight); used when the window goes away.
    func shutdown() {
        loader?.shutdown()
        loader = nil
        textures.removeAll()
        model = nil
    }

    /// Opens `page` in the pager: the pager jumps there now (so its slots
    /// load during the flight) and the thumbnail flies to full size.
    private func choose(_ page: PageIndex, how: OverviewClosing, animated: Bool, viewport: (width: Int, height: Int),
                        time: Double) -> [BrowserAction] {
        guard let model else { return [] }
        let destination = pagerPage(for: page)
        log?.write(.overviewClosed(page: destination, how: how), time: time)
        loader?.want([])
        var from = model.screenFrame(of: page)
        let full = PixelRect(x: 0, y: 0, width: viewport.width, height: viewport.height)
        var target = full
        if let thumbnail = textures[page] {
            target = Letterbox.fit(sourceWidth: thumbnail.sourceWidth, sourceHeight: thumbnail.sourceHeight, in: full)
            // From the picture itself, not its square cell.
            let shown = Letterbox.fit(sourceWidth: thumbnail.width, sourceHeight: thumbnail.height,
                                      in: PixelRect(snapping: from))
            from = Rect(x: Double(shown.x), y: Double(shown.y), width: Double(shown.width), height: Double(shown.height))
        }
        if animated {
            flight = (OverviewTransition(from: from, to: Rect(x: Double(target.x), y: Double(target.y),
                                                               width: Double(target.width), height: Double(target.height)),
                                         start: time), page)
        } else {
            self.model = nil
        }
        return [.pager(.go(destination, animated: false))]
    }

    /// The pager's page for an overview cell: with `--wrap`, on the lap the
    /// pager was on (the same row's copy next to it), not back at lap zero.
    private func pagerPage(for page: PageIndex) -> PageIndex {
        guard case .folder(let layout, _) = catalog, layout.wrap,
              let home = layout.canonicalPage(returnPage) else { return page }
        let dh = page.v == home.v ? returnPage.h - home.h : 0
        return PageIndex(h: page.h + dh, v: page.v + returnPage.v - home.v)
    }

    // MARK: - Input

    /// Handles one input while the overview is showing; returns what the
    /// session and the pager must do: the actions the overview does not
    /// handle itself (the HUD, the help, quit…) go to the session as they are.
    /// `ctrl`, `shift`: held, as of the last key event, for a click that
    /// marks (Ctrl) or marks a range (Shift) instead of opening its page.
    func handle(_ input: BrowserInput, viewport: (width: Int, height: Int), time: Double,
                ctrl: Bool = false, shift: Bool = false) -> [BrowserAction] {
        guard isInteractive else { return [] }
        switch input {
        case .zoom(_, let otherwise):
            // The overview does not zoom: it takes the same event as plain input.
            return otherwise.map { handle($0, viewport: viewport, time: time) } ?? []
        case .wheel(let sample):
            guard !pointer.isTracking else { return [] }
            for action in wheel.classify(sample) { apply(action, time: time) }
            return []
        case .key(let key, let ctrl, let shift):
            guard let action = keyMap.action(for: key, ctrl: ctrl, shift: shift, in: .overview) else { return [] }
            return perform(action, viewport: viewport, time: time)
        case .mouseDown, .mouseMoved, .mouseUp, .fingerDown, .fingerMoved, .fingerUp, .focusLost, .windowHidden:
            if input == .focusLost { wheel.reset() }
            return handlePointer(input, viewport: viewport, time: time, ctrl: ctrl, shift: shift)
        }
    }

    /// A button, finger or focus change, through ``PointerRouter``: drags
    /// scroll, a click or tap opens its page.
    private func handlePointer(_ input: BrowserInput, viewport: (width: Int, height: Int),
                               time: Double, ctrl: Bool, shift: Bool) -> [BrowserAction] {
        let how: OverviewClosing = if case .fingerUp = input { .tap } else { .click }
        let highlighted = model?.focus   // a tap moves the highlight; a range starts where it was
        var out: [BrowserAction] = []
        for action in pointer.handle(input) {
            switch action {
            case .pager(.pointerDown(let x, let y)): model?.pointerDown(x: x, y: y, time: time)
            case .pager(.pointerMoved(let x, let y)): model?.pointerMoved(x: x, y: y, time: time)
            case .pager(.pointerUp(let x, let y)):
                guard let page = model?.pointerUp(x: x, y: y, time: time) else { break }
                if ctrl || shift {
                    out.append(.action(mark(page, from: shift ? highlighted : nil, time: time)))
                } else {
                    out += choose(page, how: how, animated: true, viewport: viewport, time: time)
                }
            case .pager(.interrupt): model?.cancelPointer(time: time)
            case .shell: out.append(action)
            default: break
            }
        }
        return out
    }

    /// An action in the overview: its own move, size, open or close, or,
    /// for any other, the action itself for the session.
    private func perform(_ action: Action, viewport: (width: Int, height: Int), time: Double) -> [BrowserAction] {
        guard let rows = model?.rowsPerScreen else { return [] }
        switch action {
        case .moveHighlightLeft: model?.move(.left, time: time)
        case .moveHighlightRight: model?.move(.right, time: time)
        case .moveHighlightUp: model?.move(.up, time: time)
        case .moveHighlightDown: model?.move(.down, time: time)
        case .screenUp: model?.moveRows(-rows, time: time)
        case .screenDown: model?.moveRows(rows, time: time)
        case .rowStart, .galleryStart: model?.moveToEnd(last: false, wholeGallery: action == .galleryStart, time: time)
        case .rowEnd, .galleryEnd: model?.moveToEnd(last: true, wholeGallery: action == .galleryEnd, time: time)
        case .largerThumbnails: changeSize(by: 1, time: time)
        case .smallerThumbnails: changeSize(by: -1, time: time)
        case .openHighlighted, .toggleOverview:
            guard let focus = model?.focus else { return [] }
            let how: OverviewClosing = action == .openHighlighted ? .enter : .toggle
            return choose(focus, how: how, animated: true, viewport: viewport, time: time)
        case .escape: return escape(time: time)
        default: return [.action(action)]
        }
        return []
    }

    /// A click with Ctrl or Shift: the highlight is on `page` now, which
    /// the session marks (Ctrl), or with the images from `start`, the one
    /// highlighted before (Shift): the action it asks for.
    private func mark(_ page: PageIndex, from start: PageIndex?, time: Double) -> Action {
        _ = model?.moveFocus(to: page, time: time, animated: false)
        guard let start else { return .markClicked }
        markRange = (start, page)
        return .markRange
    }

    private func changeSize(by step: Int, time: Double) {
        guard var model else { return }
        let changed = model.changeSize(by: step, time: time)
        self.model = model
        if changed { logSize(model, time: time) }
    }

    /// The escape action: cancels a drag, or else goes back to the pages where the
    /// overview opened, with no flight.
    private func escape(time: Double) -> [BrowserAction] {
        if model?.isDragging == true {
            model?.cancelPointer(time: time)
            pointer.abandonGesture()
            return [.shell(.captureMouse(false))]
        }
        log?.write(.overviewClosed(page: returnPage, how: .escape), time: time)
        loader?.want([])
        model = nil
        return []
    }

    /// Once per frame: a held-back wheel notch whose time has come.
    func tick(time: Double) {
        guard isInteractive else { return }
        for action in wheel.tick(time: time) { apply(action, time: time) }
    }

    /// A wheel notch steps the highlight; a touchpad stream scrolls.
    private func apply(_ action: WheelAction, time: Double) {
        switch action {
        case .flip(let direction): model?.step(direction, time: time)
        case .scroll(let dx, let dy): model?.scroll(dx: dx, dy: dy, time: time)
        }
    }

    private func logSize(_ model: OverviewModel, time: Double) {
        firstScreenLogged = true   // the first-screen timing is about opening only
        log?.write(.thumbnailSize(model.thumbnailSize), time: time)
    }

    /// The window is `width` × `height` device pixels now, at `scale` (a
    /// new scale when it moved to an output of another): the grid is laid
    /// out again and the thumbnails asked for at the new cell size.
    func resize(width: Int, height: Int, time: Double, scale: DisplayScale? = nil) {
        wheel.pageWidth = Double(width)
        wheel.pageHeight = Double(height)
        if let scale {
            self.scale = scale
            overlay.scale = scale
        }
        model?.rescale(self.scale.ui, width: Double(width), height: Double(height), time: time)
    }

    // MARK: - Each frame

    /// Advances the motion, takes finished thumbnails, asks for the ones now
    /// needed (nearest the centre first) and lets go of the far ones.
    /// `turns`: how the user turned each image's view; thumbnails show it.
    func update(time: Double, turns: ViewTurns = ViewTurns(file: nil)) {
        guard var model else { return }
        if let flight, flight.transition.isFinished(at: time) {
            self.flight = nil
            self.model = nil
            return
        }
        model.advance(to: time)
        self.model = model
        let results = loader?.take() ?? []
        let prepared = model.preparedRange
        for result in results where prepared.contains(result.request.page) {
            var turn = ExifOrientation.normal
            if case .file(let entry)? = catalog.source(at: result.request.page) { turn = turns.turn(of: entry.path) }
            textures.store(result, turn: turn)
            if case .success(let thumbnail) = result.outcome { made[thumbnail.origin, default: 0] += 1 }
        }
        textures.evict(keeping: prepared, in: model.shape)
        if flight == nil, lastWanted?.range != prepared || lastWanted?.size != model.thumbnailPixels || !results.isEmpty {
            requestThumbnails(prepared, model: model)
        }
        if !firstScreenLogged {
            var complete = true
            model.visibleRange.forEachCell(in: model.shape) { page in
                if complete && !textures.isFinal(page, size: model.thumbnailPixels) { complete = false }
            }
            if complete {
                firstScreenLogged = true
                log?.write(.thumbnailsShown(cells: model.visibleRange.cellCount(in: model.shape),
                                            seconds: time - openedAt, cached: made[.cache] ?? 0,
                                            decoded: made[.decoded] ?? 0, rendered: made[.rendered] ?? 0), time: time)
            }
        }
    }

    private func requestThumbnails(_ prepared: OverviewRange, model: OverviewModel) {
        let size = model.thumbnailPixels   // sharp at any scale: made at the cell's pixel size
        lastWanted = (prepared, size)
        var requests: [ThumbnailRequest] = []
        prepared.forEachCell(in: model.shape) { page in
            guard !textures.isFinal(page, size: size), let source = catalog.source(at: page) else { return }
            requests.append(ThumbnailRequest(page: page, source: source, size: size, priority: model.priority(of: page)))
        }
        loader?.want(requests)
    }
}
