import CSDL2
import Gallery
import Glibc
import Pager

/// One run of the browser: the frame loop. Each frame it takes SDL input
/// (`BrowserSession+Input.swift`) and performs the actions it asks for
/// (`BrowserSession+Actions.swift`), follows the folder scan and the window
/// size (`BrowserSession+Gallery.swift`), advances the engine with the real
/// clock, has ``SlotLoader`` load what the slots need, draws what the engine
/// says (`BrowserSession+Frame.swift`) and presents it on the
/// ``FramePacer``'s beat. It holds no paging logic: every page decision
/// comes from `PagerModel`.
///
/// Its state is in parts that keep their own logic: ``Screen`` (the window
/// and what draws in it), ``WindowInput``, ``SessionGallery``, ``Panels``,
/// ``Notices``, ``TrashHistory``, beside the engine, the loaders, the
/// overview and the animation. docs/ARCHITECTURE.md lists them.
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
    let options: BrowserOptions
    let clock: SessionClock
    let log: EventLog?
    /// The SDL user event that wakes the loop when a worker finishes.
    let wakeEventType: UInt32
    /// The window and what draws in it.
    let screen: Screen
    var model: PagerModel
    var input: WindowInput
    /// The pages: the catalog, the folder scan that completes it, the image to open first.
    var gallery: SessionGallery
    /// Decodes for the nine slots, the first image and the prefetch.
    let slotLoader: SlotLoader
    /// The thumbnail overview; while it shows, it gets the input.
    let overview: OverviewScreen
    var slideshow: Slideshow
    /// The current page's animated GIF, WebP or APNG.
    let animation: AnimationPlayer
    /// How the user turned each image's view, remembered in the cache.
    var viewTurns: ViewTurns
    var notices = Notices()
    /// The information panel, the go-to prompt and the help.
    var panels = Panels()
    /// Images moved to the trash, to undo, and the one leaving the gallery.
    var trashHistory = TrashHistory()
    /// Nil while the session runs; the exit code once it ends.
    var exitCode: Int32?
    /// A worker's wake-up was taken while waiting for a frame: its result
    /// is due now, so the loop must not sleep before the next frame.
    var wokenByWorker = false

    init(options: BrowserOptions, clock: SessionClock, log: EventLog?, window: BrowserWindow,
         text: TextRenderer, catalog: PageCatalog, scan: FolderScan?, start: StartImage?,
         firstImage: FirstImageDecode? = nil, wakeEventType: UInt32) {
        self.options = options
        self.clock = clock
        self.log = log
        self.wakeEventType = wakeEventType
        let wake: @Sendable () -> Void = { BrowserSession.wake(wakeEventType) }
        screen = Screen(window: window, text: text, options: options, log: log, wake: wake)
        gallery = SessionGallery(catalog: catalog, scan: scan, start: start, options: options)
        slideshow = Slideshow(interval: options.slideshowInterval)
        animation = AnimationPlayer(log: log, wake: wake)
        viewTurns = ViewTurns.standard(cache: options.cache)
        let size = window.pixelSize
        model = PagerModel(pageWidth: Double(size.width), pageHeight: Double(size.height),
                           horizontalPages: catalog.isScanning ? 0 : nil,
                           verticalPages: catalog.isScanning ? 0 : nil)
        var translator = InputTranslator(pageWidth: Double(size.width), pageHeight: Double(size.height),
                                         navigation: catalog.navigation)
        translator.keyMap = options.keyMap
        input = WindowInput(events: SDLInput(pixelWidth: Double(size.width), pixelHeight: Double(size.height),
                                             pixelsPerPoint: window.pixelsPerPoint),
                            translator: translator)
        slotLoader = SlotLoader(firstImage: firstImage, wake: wake)
        slotLoader.loadAll()
        overview = OverviewScreen(renderer: window.renderer, text: text, log: log,
                                  cache: options.cache ? ThumbnailCache.standard() : nil, wake: wake)
        overview.keyMap = options.keyMap
    }

    /// The order the images are in, for the HUD and the `gallery` line.
    var order: ImageOrder { options.request?.order ?? ImageOrder() }

    /// The key bindings in force.
    var keyMap: KeyMap { options.keyMap }

    var running: Bool { exitCode == nil }

    /// Ends the session after this frame with `code`; an error's code
    /// stands over a plain quit's, whichever came first.
    func end(_ code: Int32 = BrowserExitCode.success) {
        if exitCode == nil || code != BrowserExitCode.success { exitCode = code }
    }

    /// Wakes the event loop from another thread (SDL_PushEvent is thread-safe).
    static func wake(_ type: UInt32) {
        var event = SDL_Event()
        event.type = type
        SDL_PushEvent(&event)
    }

    /// Runs until the user quits; returns the exit code.
    func run() -> Int32 {
        if case .folder = gallery.catalog { applyGallery(at: clock.now) }
        if let configuration = options.configuration {
            log?.write(.config(file: configuration.file, settings: configuration.settings,
                               problems: configuration.problems), time: clock.now)
        }
        if options.startsSlideshow { startSlideshow(at: clock.now) }
        var pacer = FramePacer(interval: screen.window.hasVSync ? Self.vsyncFrameInterval : Self.frameInterval)
        while running {
            takeInput(pacer: &pacer)
            let now = clock.now
            update(at: now)
            drawAndPresent(startedAt: now, pacer: &pacer)
        }
        log?.write(.quit, time: clock.now)
        log?.flush()
        slotLoader.shutdown()
        animation.shutdown()
        overview.shutdown()
        screen.close()
        return exitCode ?? BrowserExitCode.success
    }

    /// Takes the input that arrived; when nothing moves, first sleeps until
    /// input comes or something falls due.
    private func takeInput(pacer: inout FramePacer) {
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
    }

    /// Everything but the drawing, once per frame: the scan, the size, the
    /// engine and its events, the decodes, the zoomed page and the animation.
    private func update(at now: Double) {
        checkScan(at: now)
        checkSize(at: now)
        perform(input.translator.tick(time: now), at: now)
        stepSlideshow(at: now)
        overview.tick(time: now)
        overview.update(time: now, turns: viewTurns)
        model.advance(to: now)
        drainModelEvents()
        let (contents, pageSize) = (screen.contents, screen.size)
        slotLoader.receive(model: model, contents: contents, readiness: screen.readiness, log: log, time: now)
        slotLoader.submit(model: model, catalog: gallery.catalog, contents: contents, pageSize: pageSize,
                          turns: viewTurns, readiness: screen.readiness, log: log, now: { clock.now })
        // The turn is looked up (a stat) only when a region is asked for;
        // what it needs is taken here, outside the model's inout access.
        let (entry, turns) = (currentEntry, viewTurns)
        screen.zoomedPage.updateContent(model: &model, contents: contents, pageSize: pageSize,
                                        source: gallery.catalog.source(at: model.currentPage),
                                        turn: { entry.map { turns.turn(of: $0.path) } ?? .normal }, time: now)
        animation.update(model: model, catalog: gallery.catalog, contents: contents,
                         generations: slotLoader.generations, pageSize: pageSize, turns: viewTurns,
                         held: overview.isShowing, time: now)
    }

    /// Draws the frame whose work started at `now`, presents it on the
    /// pacer's beat, then waits for the next frame's start.
    private func drawAndPresent(startedAt now: Double, pacer: inout FramePacer) {
        let showsPages = render(at: now)
        let drawn = clock.now
        if showsPages { frameDrawn(at: drawn) }
        wait(until: pacer.presentTime(workEnded: drawn), returningOnWake: false)
        let presenting = clock.now
        pacer.presented(at: presenting, work: drawn - now)
        screen.present()
        let shown = clock.now
        if showsPages { framePresented(work: (drawn - now) + (shown - presenting), at: shown) }
        log?.flush()
        wait(until: pacer.nextWorkStart ?? shown, returningOnWake: true)
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
        !model.isSettled || input.translator.needsTicks || notices.isShowing || input.pendingMotion != nil
            || overview.needsFrames || screen.turn != nil
    }

    /// Nothing moves and nothing is due: sleep until an event arrives.
    private var isIdle: Bool {
        !isMoving && !gallery.catalog.isScanning && !slotLoader.hasPendingSlots
    }
}
