import Synchronization
import CSDL2
import CTouchpadInput
import Gallery
import Glibc
import Pager

/// One run of the browser: the frame loop. Each frame it takes SDL input
/// (`BrowserSession+Input.swift`) and performs the actions it asks for
/// (`BrowserSession+Actions.swift`), follows the folder scan and the window
/// size (`BrowserSession+Gallery.swift`), advances the engine with the real
/// clock, has ``SlotLoader`` load what the slots need, and, when the
/// ``RedrawSchedule`` says something changed, moves or fell due, draws what
/// the engine says (`BrowserSession+Frame.swift`) and presents it on the
/// ``FramePacer``'s beat. At rest it draws nothing and sleeps in
/// `SDL_WaitEvent` (docs/ARCHITECTURE.md, "What wakes the loop"). It holds
/// no paging logic: every page decision comes from `PagerModel`.
///
/// Its state is in parts that keep their own logic: ``Screen`` (the window
/// and what draws in it), ``WindowInput``, ``SessionGallery``, ``Panels``,
/// ``SessionCommands``, ``Notices``, ``TrashHistory``, beside the engine, the loaders, the
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
    /// How often the scan's count is drawn while the folder is scanned, s
    /// (the scan's thread wakes the loop only when it ends).
    static let scanCountInterval = 0.1
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
    /// The compare view; while it shows, it gets the input.
    let compare: CompareScreen
    var slideshow: Slideshow
    /// The current page's animated GIF, WebP or APNG.
    let animation: AnimationPlayer
    /// How the user turned each image's view, remembered in the cache.
    var viewTurns: ViewTurns
    var notices = Notices()
    /// The information panel, the go-to prompt and the help.
    var panels = Panels()
    /// The wait for the key handler's key and the programs that ended.
    var commands = SessionCommands()
    /// Images moved to the trash, to undo, and the one leaving the gallery.
    var trashHistory = TrashHistory()
    /// A saved turn that needs its edge trimmed, waiting for a second press.
    var turnSaveTrim: TurnSaveTrim?
    /// The images marked to act on together (`m`), by path.
    var marks = Marks()
    /// The drop under way and the gallery a drop replaced (`+Drop`).
    var drops = SessionDrops()
    /// Nil while the session runs; the exit code once it ends.
    var exitCode: Int32?
    /// When to draw and how long to sleep: what changed since the last
    /// frame, whether something moves, when the next thing is due.
    var schedule = RedrawSchedule()
    /// How the pages moved in the last frame drawn.
    var shownMotion = PageMotion.still
    /// When input set the pages moving since the last frame drawn showed
    /// them still: the frame that shows it is not held for the beat.
    var motionInputTime: Double?

    init(options: BrowserOptions, clock: SessionClock, log: EventLog?, window: BrowserWindow,
         text: TextRenderer, catalog: PageCatalog, scan: FolderScan?, start: StartImage?,
         firstImage: FirstImageDecode? = nil, wakeEventType: UInt32, displayColor: DisplayColor = DisplayColor()) {
        self.options = options
        self.clock = clock
        self.log = log
        self.wakeEventType = wakeEventType
        let wake: @Sendable () -> Void = { BrowserSession.wake(wakeEventType) }
        screen = Screen(window: window, text: text, options: options, log: log, wake: wake)
        screen.displayColor = displayColor
        gallery = SessionGallery(catalog: catalog, scan: scan, start: start, options: options)
        slideshow = Slideshow(interval: options.slideshowInterval)
        animation = AnimationPlayer(log: log, wake: wake)
        viewTurns = ViewTurns.standard(cache: options.cache)
        let size = window.pixelSize
        model = PagerModel(pageWidth: Double(size.width), pageHeight: Double(size.height),
                           horizontalPages: catalog.isScanning ? 0 : nil,
                           verticalPages: catalog.isScanning ? 0 : nil, configuration: options.pager)
        var translator = InputTranslator(pageWidth: Double(size.width), pageHeight: Double(size.height),
                                         navigation: catalog.navigation, configuration: options.pager)
        translator.keyMap = options.keyMap
        input = WindowInput(events: SDLInput(pixelWidth: Double(size.width), pixelHeight: Double(size.height),
                                             pixelsPerPoint: window.pixelsPerPoint),
                            translator: translator)
        // The X server's times of mouse events (docs/browser.md, "The mouse's times").
        fw_pointer_times_enable()
        // FOURWAY_TOUCHPAD=sdl leaves the touchpad to SDL's wheel events (docs/browser.md, "Touchpad").
        if getenv("FOURWAY_TOUCHPAD").map({ String(cString: $0) }) != "sdl" {
            input.touchpad = PlatformTouchpad(window: window.window, wakeEventType: wakeEventType)
        }
        // Wayland reports the lift: resting fingers hold the page until it comes.
        if input.touchpad?.binding == .wayland { model.setScrollEndGap(.infinity) }
        slotLoader = SlotLoader(firstImage: firstImage, wake: wake)
        slotLoader.loadAll()
        overview = OverviewScreen(renderer: window.renderer, text: text, log: log,
                                  cache: options.cache ? ThumbnailCache.standard() : nil, wake: wake)
        overview.keyMap = options.keyMap
        compare = CompareScreen(renderer: window.renderer, text: text, log: log, wake: wake)
        compare.keyMap = options.keyMap
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
        // Under the lock: once ``stopWaking()`` returned, no push reaches
        // SDL. On X11 SDL_PushEvent from another thread wakes the loop with
        // an XSendEvent to the window; one that lands after the window is
        // destroyed is a BadWindow, and Xlib's default handler ends the
        // process with exit code 1 (seen at quit while a decode finished).
        wakesAllowed.withLock { allowed in
            guard allowed else { return }
            var event = SDL_Event()
            event.type = type
            SDL_PushEvent(&event)
        }
    }

    /// No more wake-ups from other threads: before the window is destroyed.
    static func stopWaking() {
        wakesAllowed.withLock { $0 = false }
    }

    private static let wakesAllowed = Mutex(true)

    /// Runs until the user quits; returns the exit code.
    func run() -> Int32 {
        if case .folder = gallery.catalog { applyGallery(at: clock.now) }
        if let touchpad = input.touchpad {
            log?.write(.touchpadBound(platform: touchpad.binding == .wayland ? "wayland" : "x11", pinch: touchpad.hasPinch),
                       time: clock.now)
        }
        if let configuration = options.configuration {
            log?.write(.config(file: configuration.file, settings: configuration.settings,
                               problems: configuration.problems), time: clock.now)
        }
        if options.startsSlideshow { startSlideshow(at: clock.now) }
        var pacer = FramePacer(interval: screen.window.hasVSync ? Self.vsyncFrameInterval : Self.frameInterval)
        while running {
            takeInput(pacer: &pacer)
            if let input = motionInputTime { startMotionFrame(inputAt: input, pacer: &pacer) }
            let now = clock.now
            update(at: now, shownAt: pacer.presentTime(workStartingAt: now))
            schedule.plan(moving: isMoving(at: now), due: dueTimes(at: now), at: now)
            if schedule.needsFrame { drawAndPresent(startedAt: now, pacer: &pacer) }
        }
        log?.write(.quit, time: clock.now)
        log?.flush()
        slotLoader.shutdown()
        gallery.watch?.watcher?.stop()
        animation.shutdown()
        overview.shutdown()
        compare.shutdown()
        input.touchpad?.close()
        screen.close()
        if let output = options.markedOutput { output.write(gallery.folder.map { marks.paths(in: $0.layout) } ?? []) }
        return exitCode ?? BrowserExitCode.success
    }

    /// Takes the input that arrived; when nothing moves and nothing changed,
    /// first sleeps until input or a worker's wake-up comes, or the next
    /// thing falls due (``RedrawSchedule``): at rest, in `SDL_WaitEvent`.
    private func takeInput(pacer: inout FramePacer) {
        var event = SDL_Event()
        var taken = clock.now
        let wait = schedule.wait(at: clock.now)
        if wait != .none {
            log?.flush()
            pacer.rest()
            let woke = switch wait {
            case .seconds(let seconds): SDL_WaitEventTimeout(&event, Int32(min(seconds * 1000, 3_600_000).rounded(.up)))
            default: SDL_WaitEvent(&event)
            }
            taken = clock.now
            if woke != 0 { handle(event) }
        }
        while SDL_PollEvent(&event) != 0 { handle(event) }
        takeTouchpadEvents()
        flushMotion()
        noteMotionStart(inputAt: taken)
    }

    /// How the pages move now; the overview hides them.
    private var pageMotion: PageMotion {
        overview.isShowing || compare.isShowing ? .still : PageMotion(model.phase)
    }

    /// After input taken at `time`: notes it when it set the pages moving
    /// while the last frame drawn showed them still.
    private func noteMotionStart(inputAt time: Double) {
        guard motionInputTime == nil, FramePacer.startsMotion(shown: shownMotion, now: pageMotion) else { return }
        motionInputTime = time
    }

    /// Input at `time` set still pages moving: the frame that shows it is
    /// drawn now and shown at once, not on the beat's next tick; the frames after it
    /// keep the new beat.
    private func startMotionFrame(inputAt time: Double, pacer: inout FramePacer) {
        motionInputTime = nil
        let (shown, now) = (shownMotion, pageMotion)
        guard FramePacer.startsMotion(shown: shown, now: now),
              let start = pacer.workStart(afterInputAt: time, shown: shown, now: now) else { return }
        wait(until: start, returningOnWake: false)
    }

    /// Everything but the drawing, once per frame: the scan, the size, the
    /// engine and its events, the decodes, the zoomed page and the animation.
    /// An animation of the pages is stepped to `shown`, when the frame will
    /// be shown (``FramePacer/pageTime(workStart:shown:motion:)``).
    private func update(at now: Double, shownAt shown: Double) {
        if notices.expire(at: now) { schedule.mark(.due) }
        collectCommandReports(at: now)
        if let bytes = screen.displayColor.takeChange() { changeDisplayProfile(bytes, at: now) }
        checkScan(at: now)
        checkSize(at: now)
        perform(input.translator.tick(time: now), at: now)
        overview.tick(time: now)
        overview.update(time: now, turns: viewTurns)
        compare.update()
        let settledBefore = model.isSettled
        model.advance(to: FramePacer.pageTime(workStart: now, shown: shown, motion: pageMotion))
        drainModelEvents()
        checkFolderChanges(at: now)
        let (contents, pageSize) = (screen.contents, screen.size)
        slotLoader.receive(model: model, contents: contents, readiness: screen.readiness, log: log, time: now)
        // After the decodes are taken: a step held for its image's decode is
        // woken by that decode alone, so it must see the image in the frame
        // that decode wakes. Only from pages settled before this frame's
        // advance, whose time is still `now` (a flip that ended in it is at
        // the frame's shown time). Its events are taken at once, so the
        // submit below loads the slots it recycles: a jump's page decoded
        // ahead is handed to its slot before the plan forgets it.
        if settledBefore, stepSlideshow(at: now) { drainModelEvents() }
        slotLoader.submit(model: model, catalog: gallery.catalog, contents: contents, pageSize: pageSize,
                          turns: viewTurns, ahead: slideshowPageAhead, readiness: screen.readiness, log: log,
                          now: { clock.now })
        // The turn is looked up (a stat) only when a region is asked for;
        // what it needs is taken here, outside the model's inout access.
        let (entry, turns) = (currentEntry, viewTurns)
        screen.zoomedPage.updateContent(model: &model, contents: contents, pageSize: pageSize,
                                        source: gallery.catalog.source(at: model.currentPage),
                                        turn: { entry.map { turns.turn(of: $0.path) } ?? .normal }, time: now)
        animation.update(model: model, catalog: gallery.catalog, contents: contents,
                         generations: slotLoader.generations, pageSize: pageSize, turns: viewTurns,
                         held: overview.isShowing || compare.isShowing, time: now)
    }

    /// The display's profile changed: what was decoded for the old one is
    /// decoded again (the pages keep showing it until then), thumbnails and
    /// a zoomed page's sharp region too.
    private func changeDisplayProfile(_ bytes: [UInt8], at now: Double) {
        guard screen.displayColor.apply(bytes, log: log, time: now) else { return }
        slotLoader.decodeAllAgain()
        overview.forgetThumbnails()
        screen.zoomedPage.dropRegion()
        schedule.mark(.worker)
    }

    /// Draws the frame whose work started at `now`, presents it on the
    /// pacer's beat, then waits for the next frame's start.
    private func drawAndPresent(startedAt now: Double, pacer: inout FramePacer) {
        let asked = schedule   // what asked for this frame, for its log line
        schedule.drawing()
        let showsPages = render(at: now)
        (shownMotion, motionInputTime) = (pageMotion, nil)
        let drawn = clock.now
        if showsPages { frameDrawn(at: drawn) }
        wait(until: pacer.presentTime(workEnded: drawn), returningOnWake: false)
        let presenting = clock.now
        let onBeat = pacer.isOnBeat
        pacer.presented(at: presenting, work: drawn - now)
        screen.present()
        let shown = clock.now
        framePresented(work: (drawn - now) + (shown - presenting), onBeat: onBeat, why: { asked.why }, showsPages: showsPages,
                       at: shown)
        log?.flush()
        wait(until: pacer.nextWorkStart ?? shown, returningOnWake: true)
    }

    /// Sleeps until `deadline`, but takes input as it arrives meanwhile: each
    /// motion reaches the engine at its own time, not coalesced with the
    /// rest of a 16 ms frame (a quick fling would lose its velocity).
    /// `returningOnWake`: a worker's wake-up (a finished decode) or input
    /// that sets still pages moving ends the wait, so the next frame starts
    /// now; a drawn frame waiting for its beat notes them and waits on.
    private func wait(until deadline: Double, returningOnWake: Bool) {
        var event = SDL_Event()
        while running {
            if returningOnWake, motionInputTime != nil { return }
            let left = deadline - clock.now
            guard left > 0.0001 else { return }
            if left <= Self.preciseWaitSeconds {
                var pause = timespec(tv_sec: 0, tv_nsec: Int(left * 1e9))
                nanosleep(&pause, nil)
                return
            }
            let milliseconds = Int32(((left - Self.preciseWaitSeconds) * 1000).rounded(.down))
            guard SDL_WaitEventTimeout(&event, max(1, milliseconds)) != 0 else { continue }
            let taken = clock.now
            // A decode finished: draw it now, not up to a frame later.
            if event.type == wakeEventType, PlatformTouchpad.isWake(event) {
                takeTouchpadEvents()
                noteMotionStart(inputAt: taken)
                continue
            }
            if event.type == wakeEventType {
                schedule.mark(.worker)
                if returningOnWake { return }
                continue
            }
            handle(event)
            flushMotion()
            noteMotionStart(inputAt: taken)
        }
    }

    /// Something on screen moves or fades at `time`: draw every frame.
    private func isMoving(at time: Double) -> Bool {
        !model.isSettled || input.translator.needsTicks || notices.isFading(at: time) || input.pendingMotion != nil
            || overview.needsFrames || screen.turn != nil
    }

    /// When each part next changes by itself, after `time`: the slideshow's
    /// next step, the animation's next frame, the notice's fade or end, the
    /// scan's count while the folder is scanned. Everything else that
    /// changes the screen is input or a worker's wake-up (docs/ARCHITECTURE.md,
    /// "What wakes the loop").
    private func dueTimes(at time: Double) -> [Double?] {
        [slideshow.wait(at: time).map { time + $0 },
         animation.wait(at: time).map { time + $0 },
         notices.nextChange(after: time),
         gallery.catalog.isScanning ? time + Self.scanCountInterval : nil]
    }
}
