import CSDL2
import Gallery
import Glibc
import Pager

/// One run of the browser: the frame loop. Each frame it takes SDL input
/// (`BrowserSession+Input.swift`), follows the folder scan and the window
/// size (`BrowserSession+Gallery.swift`), advances the engine with the real
/// clock, has ``SlotLoader`` load what the slots need, draws what the engine
/// says (`BrowserSession+Frame.swift`) and presents it on the
/// ``FramePacer``'s beat. It holds no paging logic: every page decision
/// comes from `PagerModel`.
///
/// Main thread only.
final class BrowserSession {
    /// Frame interval when the renderer has no vsync (software), s: 60 fps.
    static let frameInterval = 1.0 / 60
    /// Shortest frame interval with vsync, s: a cap in case the driver says
    /// vsync and does not wait (240 fps still serves fast monitors).
    static let vsyncFrameInterval = 1.0 / 240
    /// The end of each wait for the next frame, s, is slept with `nanosleep`
    /// instead of SDL's wait, which counts in whole milliseconds and so
    /// woke up to 1 ms late (frame intervals of 16.7 ± 1.7 ms at p99).
    /// Input arriving meanwhile waits at most this long.
    static let preciseWaitSeconds = 0.002
    /// How long to sleep waiting for input when nothing moves, ms.
    static let idleWaitMilliseconds: Int32 = 250
    /// How often the screen is redrawn when nothing moves but a decode or
    /// the folder scan is still running, ms: often enough for the scan's
    /// count. Their threads wake the loop when they finish, so a finished
    /// page is not late; drawing unchanged frames at 60 fps meanwhile would
    /// take CPU (ours and the X server's) from the decode itself.
    static let waitingRedrawMilliseconds: Int32 = 100
    /// How long an on-screen notice stays, s; it fades out over the last `noticeFade`.
    static let noticeDuration = 2.5
    static let noticeFade = 0.5

    let clock: SessionClock
    let log: EventLog?
    let window: BrowserWindow
    let text: TextRenderer
    let pages: PageRenderer
    let overlay: Overlay
    let contents: SlotContents
    /// The current page drawn zoomed and panned.
    let zoomedPage: ZoomedPage
    /// Album header bars and the parallax backdrop.
    let scenery: Scenery
    var model: PagerModel
    var input: InputTranslator
    var sdlInput: SDLInput
    var catalog: PageCatalog
    let scan: FolderScan?
    let layoutOptions: (style: LayoutStyle, columns: Int?, wrap: Bool)
    /// The image to open at once the pages are known (`--start`, or the
    /// image given alone).
    let start: StartImage?
    /// The order the images are in, for the HUD and the `gallery` line.
    var order: ImageOrder { options.request?.order ?? ImageOrder() }
    /// Decodes for the nine slots, the first image and the prefetch.
    let slotLoader: SlotLoader
    let wakeEventType: UInt32

    /// The first image, shown while the folder is still being scanned.
    let scanPreview: ScanPreview
    var pageSize: (width: Int, height: Int)
    var showHUD: Bool
    var showHelp = false
    var notice: (text: String, until: Double)?
    /// The first frame that shows the current page's image or error page:
    /// not yet drawn, drawn (to be logged once shown), logged.
    var firstFrame = FirstFrame.waiting
    enum FirstFrame { case waiting, drawn, logged }
    /// Whether the frame being drawn shows the scan's preview of the first
    /// page (``ScanPreview``): that is the first frame too, however long the
    /// folder then takes to sort (3 s for 1,000,000 files before the names
    /// were stored compactly, docs/benchmarks.md).
    var drewFirstImagePreview = false
    /// The pixel size of the first image's embedded thumbnail when the frame
    /// being drawn shows it in the image's place (``ScanPreview``), else nil.
    var drewFirstThumbnail: (width: Int, height: Int)?
    /// Whether the `first-thumbnail` line was written (once per run).
    var loggedFirstThumbnail = false
    /// The `page-ready` / `placeholder-shown` / `frame` log lines (scripts/bench).
    var readiness: ReadinessLog
    /// The latest motion of the current batch of SDL events: motion is fed to
    /// the engine once per batch so that samples carry distinct times.
    var pendingMotion: BrowserInput?
    /// The thumbnail overview (Tab); while it shows, it gets the input.
    let overview: OverviewScreen
    /// The slideshow (`s`, `--slideshow`).
    var slideshow: Slideshow
    /// The current page's animated GIF, WebP or APNG (`p` pauses it).
    let animation: AnimationPlayer
    /// The number being typed after `g`, while it is.
    var goToPrompt: GoToPrompt?
    /// How the user turned each image's view (`r`, `|`), remembered in the cache.
    var viewTurns: ViewTurns
    /// The quarter turn being animated: its slot, the texture shown before
    /// it, the direction (+1 clockwise) and when it started.
    var turnAnimation: (slot: Int, before: OpaquePointer?, direction: Double, start: Double)?
    /// The information panel (Shift+I) while it shows: whose it is and its lines.
    var infoPanel: (path: String, lines: [String])?
    /// Images moved to the trash this session, the last first to come back
    /// (`u`), each with the gallery and page from before it went.
    var trashed: [(file: TrashedFile, layout: GalleryLayout, page: PageIndex)] = []
    /// An image just moved to the trash: its page slides away, and when the
    /// pager settles the gallery loses it (``finishRemoval(_:at:)``).
    var pendingRemoval: PendingRemoval?
    var running = true
    var exitCode = BrowserExitCode.success
    /// A worker's wake-up was taken while waiting for a frame: its result
    /// is due now, so the loop must not sleep before the next frame.
    var wokenByWorker = false

    let options: BrowserOptions

    init(options: BrowserOptions, clock: SessionClock, log: EventLog?, window: BrowserWindow,
         text: TextRenderer, catalog: PageCatalog, scan: FolderScan?, start: StartImage?,
         firstImage: FirstImageDecode? = nil, wakeEventType: UInt32) {
        self.options = options
        self.clock = clock
        self.log = log
        self.window = window
        self.text = text
        self.pages = PageRenderer(renderer: window.renderer)
        self.overlay = Overlay(pages: pages, text: text)
        self.contents = SlotContents(renderer: window.renderer)
        self.scanPreview = ScanPreview(renderer: window.renderer)
        self.zoomedPage = ZoomedPage(renderer: window.renderer, log: log, wake: { BrowserSession.wake(wakeEventType) })
        self.scenery = Scenery(options: options, pixelsPerPoint: window.pixelsPerPoint)
        self.catalog = catalog
        self.scan = scan
        self.layoutOptions = (options.layout, options.columns, options.wrap)
        self.start = start
        self.showHUD = options.showHUD
        self.wakeEventType = wakeEventType
        self.readiness = ReadinessLog(frameTimes: options.frameTimes)
        self.slideshow = Slideshow(interval: options.slideshowInterval)
        self.animation = AnimationPlayer(log: log) { BrowserSession.wake(wakeEventType) }
        self.viewTurns = ViewTurns.standard(cache: options.cache)
        pageSize = window.pixelSize
        model = PagerModel(pageWidth: Double(pageSize.width), pageHeight: Double(pageSize.height),
                           horizontalPages: catalog.isScanning ? 0 : nil,
                           verticalPages: catalog.isScanning ? 0 : nil)
        input = InputTranslator(pageWidth: Double(pageSize.width), pageHeight: Double(pageSize.height),
                                navigation: catalog.navigation)
        input.keyMap = options.keyMap
        sdlInput = SDLInput(pixelWidth: Double(pageSize.width), pixelHeight: Double(pageSize.height),
                            pixelsPerPoint: window.pixelsPerPoint)
        slotLoader = SlotLoader(firstImage: firstImage) { BrowserSession.wake(wakeEventType) }
        slotLoader.loadAll()
        overview = OverviewScreen(renderer: window.renderer, text: text, log: log,
                                  cache: options.cache ? ThumbnailCache.standard() : nil) {
            BrowserSession.wake(wakeEventType)
        }
        overview.keyMap = options.keyMap
    }

    /// Wakes the event loop from another thread (SDL_PushEvent is thread-safe).
    static func wake(_ type: UInt32) {
        var event = SDL_Event()
        event.type = type
        SDL_PushEvent(&event)
    }

    /// Runs until the user quits; returns the exit code.
    func run() -> Int32 {
        if case .folder = catalog { applyGallery(at: clock.now) }
        if let configuration = options.configuration {
            log?.write(.config(file: configuration.file, settings: configuration.settings,
                               problems: configuration.problems), time: clock.now)
        }
        if options.startsSlideshow { startSlideshow(at: clock.now) }
        var pacer = FramePacer(interval: window.hasVSync ? Self.vsyncFrameInterval : Self.frameInterval)
        while running {
            var event = SDL_Event()
            if !isMoving && !wokenByWorker {
                log?.flush()
                pacer.rest()
                var wait = isIdle ? Self.idleWaitMilliseconds : Self.waitingRedrawMilliseconds
                if let due = slideshow.wait(at: clock.now) { wait = min(wait, Int32((due * 1000).rounded(.up)) + 1) }
                if let due = animation.wait(at: clock.now) { wait = min(wait, Int32((due * 1000).rounded(.up)) + 1) }
                if SDL_WaitEventTimeout(&event, wait) != 0 { handle(event) }
            }
            wokenByWorker = false
            while SDL_PollEvent(&event) != 0 { handle(event) }
            flushMotion()
            let now = clock.now
            checkScan(at: now)
            checkSize(at: now)
            perform(input.tick(time: now), at: now)
            stepSlideshow(at: now)
            overview.tick(time: now)
            overview.update(time: now, turns: viewTurns)
            model.advance(to: now)
            drainModelEvents()
            slotLoader.receive(model: model, contents: contents, readiness: readiness, log: log, time: now)
            slotLoader.submit(model: model, catalog: catalog, contents: contents, pageSize: pageSize, turns: viewTurns,
                              readiness: readiness, log: log, now: { clock.now })
            // The turn is looked up (a stat) only when a region is asked for;
            // what it needs is taken here, outside the model's inout access.
            let (entry, turns) = (currentEntry, viewTurns)
            zoomedPage.updateContent(model: &model, contents: contents, pageSize: pageSize,
                                     source: catalog.source(at: model.currentPage),
                                     turn: { entry.map { turns.turn(of: $0.path) } ?? .normal }, time: now)
            animation.update(model: model, catalog: catalog, contents: contents, generations: slotLoader.generations,
                             pageSize: pageSize, turns: viewTurns, held: overview.isShowing, time: now)
            let showsPages = render(at: now)
            let drawn = clock.now
            if showsPages { frameDrawn(at: drawn) }
            wait(until: pacer.presentTime(workEnded: drawn), returningOnWake: false)
            let presenting = clock.now
            pacer.presented(at: presenting, work: drawn - now)
            SDL_RenderPresent(window.renderer)
            let shown = clock.now
            if showsPages { framePresented(work: (drawn - now) + (shown - presenting), at: shown) }
            log?.flush()
            wait(until: pacer.nextWorkStart ?? shown, returningOnWake: true)
        }
        log?.write(.quit, time: clock.now)
        log?.flush()
        slotLoader.shutdown()
        animation.shutdown()
        overview.shutdown()
        // Textures and fonts before the renderer, the renderer before SDL_Quit.
        zoomedPage.shutdown()
        contents.removeAll()
        scanPreview.release()
        text.close()
        window.close()
        return exitCode
    }

    /// Sleeps until `deadline`, but takes input as it arrives meanwhile: each
    /// motion reaches the engine at its own time, not coalesced with the
    /// rest of a 16 ms frame (a quick fling would lose its velocity).
    /// `returningOnWake`: a worker's wake-up (a finished decode) ends the
    /// wait, so the next frame starts now; a drawn frame waiting for its
    /// beat notes it and waits on.
    private func wait(until deadline: Double, returningOnWake: Bool) {
        var event = SDL_Event()
        while running {
            let left = deadline - clock.now
            guard left > 0.0001 else { return }
            if left <= Self.preciseWaitSeconds {
                var pause = timespec(tv_sec: 0, tv_nsec: Int(left * 1e9))
                nanosleep(&pause, nil)
                return
            }
            let milliseconds = Int32(((left - Self.preciseWaitSeconds) * 1000).rounded(.down))
            guard SDL_WaitEventTimeout(&event, max(1, milliseconds)) != 0 else { continue }
            // A decode finished: draw it now, not up to a frame later.
            if event.type == wakeEventType {
                wokenByWorker = true
                if returningOnWake { return }
                continue
            }
            handle(event)
            flushMotion()
        }
    }

    /// Something on screen moves or fades: draw every frame.
    private var isMoving: Bool {
        !model.isSettled || input.needsTicks || notice != nil || pendingMotion != nil || overview.needsFrames
            || turnAnimation != nil
    }

    /// Nothing moves and nothing is due: sleep until an event arrives.
    private var isIdle: Bool {
        !isMoving && !catalog.isScanning && !slotLoader.hasPendingSlots
    }
}

extension PageCatalog {
    var isScanning: Bool {
        if case .scanning = self { return true }
        return false
    }
}
