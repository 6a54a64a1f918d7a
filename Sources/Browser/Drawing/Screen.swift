import CSDL2
import Gallery
import ImageDecoding
import Pager

/// The window and what draws a frame in it: the text, the pages and their
/// textures, the overlay, the zoomed page, the album headers and backdrop,
/// the scan's preview of the first image; the size every page has, whether
/// the HUD shows, the quarter turn being animated; and what the frames
/// showed, for the event log (``StartupMilestones``, ``ReadinessLog``).
/// The session decides what goes on screen (`BrowserSession+Frame.swift`);
/// this draws it. Main thread only.
///
/// ```swift
/// let screen = Screen(window: window, text: text, options: options, log: log) { wake() }
/// screen.drawPages(model: model, catalog: catalog, time: now)
/// screen.flush()
/// ```
final class Screen {
    let window: BrowserWindow
    let text: TextRenderer
    let pages: PageRenderer
    private(set) var overlay: Overlay
    /// What each of the pager's nine slots shows.
    let contents: SlotContents
    /// The current page drawn zoomed and panned.
    let zoomedPage: ZoomedPage
    /// Album header bars and the parallax backdrop.
    let scenery: Scenery
    /// The first image, shown while the folder is still being scanned.
    let scanPreview: ScanPreview
    /// The window's size in pixels, which is every page's.
    private(set) var size: (width: Int, height: Int)
    var showsHUD: Bool
    /// The quarter turn being animated, if any.
    var turn: TurnAnimation?
    private(set) var milestones = StartupMilestones()
    /// The `page-ready` / `placeholder-shown` / `frame` log lines (scripts/bench).
    private(set) var readiness: ReadinessLog
    /// The display's colour profile, watched (DisplayColor).
    var displayColor = DisplayColor()

    init(window: BrowserWindow, text: TextRenderer, options: BrowserOptions, log: EventLog?,
         wake: @escaping @Sendable () -> Void) {
        self.window = window
        self.text = text
        pages = PageRenderer(renderer: window.renderer)
        overlay = Overlay(pages: pages, text: text)
        overlay.scale = window.scale
        contents = SlotContents(renderer: window.renderer)
        scanPreview = ScanPreview(renderer: window.renderer)
        zoomedPage = ZoomedPage(renderer: window.renderer, log: log, wake: wake)
        scenery = Scenery(options: options, pixelsPerPoint: window.scale.ui)
        size = window.pixelSize
        showsHUD = options.showHUD
        readiness = ReadinessLog(frameTimes: options.frameTimes)
    }

    /// The whole window, in pixels.
    var viewport: PixelRect { PixelRect(x: 0, y: 0, width: size.width, height: size.height) }

    /// The window's size when it changed since the last call, else nil.
    /// A new size may come with a new scale (a move to an output of
    /// another scale): the text and the bars follow it.
    func takeNewSize() -> (width: Int, height: Int)? {
        let now = window.pixelSize
        guard now != size else { return nil }
        size = now
        if window.refreshScale() {
            overlay.scale = window.scale
            scenery.rescale(ui: window.scale.ui)
        }
        return now
    }

    // MARK: - Drawing

    /// The pages at `time` (the slot being turned at its angle; the slots
    /// `marked` with the mark's badge), the zoomed page and the album headers.
    func drawPages(model: PagerModel, catalog: PageCatalog, marked: Set<Int> = [], time: Double) {
        let centre = model.slots.slot(column: 0, row: 0).id
        pages.draw(slots: model.slots, contents: contents, text: text, viewport: viewport, backdrop: scenery.backdrop,
                   turning: turningSlot(centre: centre, at: time), marked: marked)
        // The zoomed page covers the fitted one and its badge: a marked image keeps it.
        if let zoomed = zoomedPage.draw(model: model, contents: contents, viewport: viewport), marked.contains(centre) {
            pages.drawMarkBadge(on: zoomed)
        }
        scenery.drawHeaders(model: model, catalog: catalog, pages: pages, text: text, viewport: viewport)
    }

    /// The first image where its page cannot show it yet: the scan's preview
    /// while the folder is scanned, else its embedded thumbnail while the
    /// page on screen waits for its decode at rest (a page the user moves to
    /// or drags shows the pager's own slots). Notes what the frame showed.
    func drawFirstImage(model: PagerModel, catalog: PageCatalog, firstImage: FirstImageDecode?, generations: [Int]) {
        milestones.frameBegins()
        let current = model.slots.slot(column: 0, row: 0)
        if catalog.isScanning, let first = firstImage, let image = first.preview {
            scanPreview.draw(image, pages: pages, viewport: viewport)
            // What the screen shows is the first page's image: the
            // `first-frame` line need not wait for the scan to sort the folder.
            milestones.drewPreview(certain: first.previewIsCertain)
        } else if let first = firstImage, catalog.isScanning || (model.isSettled && !contents[current.id].isFinal),
                  let sketch = first.sketch(slot: current.id, generation: generations[current.id]) {
            scanPreview.draw(sketch, pages: pages, viewport: viewport)
            if first.previewIsCertain { milestones.drewThumbnail(width: sketch.width, height: sketch.height) }
        } else {
            scanPreview.release()
        }
    }

    func drawHUD(_ lines: [String]) {
        overlay.drawHUD(lines, viewport: viewport)
    }

    /// The notice, fading; forgotten once its time is up.
    func drawNotice(_ notices: inout Notices, at time: Double) {
        guard let notice = notices.visible(at: time) else { return }
        overlay.drawNotice(notice.text, alpha: notice.alpha, viewport: viewport)
    }

    /// What the user opened over the pages, the overview or the compare view
    /// (`mode`) alike: the information panel, the go-to prompt and the help
    /// of that mode, in that order.
    func drawPanels(_ panels: Panels, keyMap: KeyMap, mode: KeyMap.Mode) {
        if panels.info.isShowing { overlay.drawPanel(panels.info.lines, viewport: viewport) }
        if let prompt = panels.goTo { overlay.drawNotice(prompt.text, alpha: 1, viewport: viewport) }
        if panels.showsHelp { overlay.drawHelp(keyMap: keyMap, mode: mode, viewport: viewport) }
    }

    /// The image slot `slot` shows, if it shows one.
    func image(inSlot slot: Int) -> ImageTexture? {
        if case .image(let image) = contents[slot] { return image }
        return nil
    }

    /// The slot being turned and its angle now (``TurnAnimation``).
    private func turningSlot(centre: Int, at time: Double) -> (slot: Int, degrees: Double)? {
        guard let turn else { return nil }
        switch turn.step(at: time, centreSlot: centre, shownTexture: image(inSlot: turn.slot)?.texture) {
        case .over:
            self.turn = nil
            return nil
        case .turning(let degrees, let last):
            if last { self.turn = nil }
            return (turn.slot, degrees)
        }
    }

    /// Draws everything up to the last pixel (`SDL_RenderFlush`: the
    /// software renderer otherwise draws inside `SDL_RenderPresent`), so
    /// that the present, on the pacer's beat, only copies it to the window.
    func flush() {
        SDL_RenderFlush(window.renderer)
    }

    func present() {
        SDL_RenderPresent(window.renderer)
    }

    // MARK: - What the frames showed

    /// After a frame of pages is drawn, before it waits for its beat: what
    /// it shows is settled now (input taken during the wait may already
    /// move the pager), so the readiness lines are made from it here.
    func frameDrawn(model: PagerModel, generations: [Int], time: Double, log: EventLog?) {
        readiness.frameDrawn(slots: model.slots, contents: contents, generations: generations, time: time, log: log)
        let current = model.slots.slot(column: 0, row: 0)
        milestones.frameDrawn(showsCurrentPage: current.page != nil && contents[current.id].showsPage)
    }

    /// After a frame was shown at `time`, its own work `work` s, on the
    /// pacer's beat or not: its `frame` line, and for a frame of pages (not
    /// the overview) the start's lines.
    func framePresented(work: Double, onBeat: Bool, why: () -> String, showsPages: Bool, at time: Double,
                        log: EventLog?) {
        readiness.framePresented(work: work, onBeat: onBeat, why: why, time: time, log: log)
        guard showsPages else { return }
        for line in milestones.framePresented() { log?.write(line, time: time) }
    }

    /// Lets go of the textures and fonts, then the window: textures before
    /// the renderer, the renderer before `SDL_Quit`.
    func close() {
        zoomedPage.shutdown()
        contents.removeAll()
        scanPreview.release()
        text.close()
        window.close()
    }
}

private extension SlotContent {
    /// The page's image or its error page: what the first frame waits for.
    var showsPage: Bool {
        switch self {
        case .image, .failed: true
        default: false
        }
    }
}
