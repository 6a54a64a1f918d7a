import CSDL2
import Gallery
import Glibc
import Pager

/// One run of the browser: the event loop that feeds SDL input to the
/// engine, advances it with the real clock every frame, loads what the
/// slots need and draws what the engine says. It holds no paging logic:
/// every page decision comes from `PagerModel`.
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
    /// Decoding threads: the machine this runs on has 2 cores.
    static let decodeWorkers = 2
    /// A decoded image more than this many px smaller than what the page can
    /// show (after a resize) is decoded again at the new size.
    static let reloadSlack = 2

    private let clock: SessionClock
    private let log: EventLog?
    private let window: BrowserWindow
    private let text: TextRenderer
    private let pages: PageRenderer
    private let overlay: Overlay
    private let contents: SlotContents
    /// The current page drawn zoomed and panned (issue 4).
    private let zoomedPage: ZoomedPage
    /// Album header bars and the parallax backdrop.
    private let scenery: Scenery
    private var model: PagerModel
    private var input: InputTranslator
    private var sdlInput: SDLInput
    private var catalog: PageCatalog
    private let scan: FolderScan?
    private let layoutOptions: (style: LayoutStyle, columns: Int?, wrap: Bool)
    private let initialImage: String?
    private let loader: ImageLoader
    /// The first page's decode, started before the window opened (or nil).
    private let firstImage: FirstImageDecode?
    private let inbox: DecodeInbox
    private let wakeEventType: UInt32

    /// The generation last asked for, per slot; results of another are stale.
    private var generations = [Int](repeating: 0, count: 9)
    /// Slots whose page changed: show a placeholder and decode.
    private var slotsToLoad = Set<Int>()
    /// Slots to decode again at a new size, keeping what they show meanwhile.
    private var slotsToRefresh = Set<Int>()
    /// Corner slots whose decode waits until they can be seen.
    private var corners = CornerDeferral()
    /// The pages beyond the pool in the direction of motion, decoded ahead.
    private var prefetch = PagePrefetch()
    /// The first image, shown while the folder is still being scanned.
    private let scanPreview: ScanPreview
    /// The last step the pager took or is taking, for decode priorities.
    private var heading = (h: 0, v: 0)
    private var pageSize: (width: Int, height: Int)
    private var showHUD: Bool
    private var showHelp = false
    private var notice: (text: String, until: Double)?
    /// The first frame that shows the current page's image or error page:
    /// not yet drawn, drawn (to be logged once shown), logged.
    private var firstFrame = FirstFrame.waiting
    private enum FirstFrame { case waiting, drawn, logged }
    /// The `page-ready` / `placeholder-shown` / `frame` log lines (scripts/bench).
    private var readiness: ReadinessLog
    private var reportedFailures = Set<String>()
    /// The latest motion of the current batch of SDL events: motion is fed to
    /// the engine once per batch so that samples carry distinct times.
    private var pendingMotion: BrowserInput?
    /// The thumbnail overview (Tab); while it shows, it gets the input.
    private let overview: OverviewScreen
    private var running = true
    private var exitCode = BrowserExitCode.success
    /// A worker's wake-up was taken while waiting for a frame: its result
    /// is due now, so the loop must not sleep before the next frame.
    private var wokenByWorker = false

    init(options: BrowserOptions, clock: SessionClock, log: EventLog?, window: BrowserWindow,
         text: TextRenderer, catalog: PageCatalog, scan: FolderScan?, initialImage: String?,
         firstImage: FirstImageDecode? = nil, wakeEventType: UInt32) {
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
        self.initialImage = initialImage
        self.firstImage = firstImage
        self.showHUD = options.showHUD
        self.wakeEventType = wakeEventType
        self.readiness = ReadinessLog(frameTimes: options.frameTimes)
        pageSize = window.pixelSize
        model = PagerModel(pageWidth: Double(pageSize.width), pageHeight: Double(pageSize.height),
                           horizontalPages: catalog.isScanning ? 0 : nil,
                           verticalPages: catalog.isScanning ? 0 : nil)
        input = InputTranslator(pageWidth: Double(pageSize.width), pageHeight: Double(pageSize.height),
                                navigation: catalog.navigation)
        sdlInput = SDLInput(pixelWidth: Double(pageSize.width), pixelHeight: Double(pageSize.height),
                            pixelsPerPoint: window.pixelsPerPoint)
        let inbox = DecodeInbox()
        self.inbox = inbox
        loader = ImageLoader(workerCount: Self.decodeWorkers) { result in
            inbox.post(result)
            BrowserSession.wake(wakeEventType)
        }
        slotsToLoad = Set(0..<9)
        overview = OverviewScreen(renderer: window.renderer, text: text, log: log,
                                  cache: options.cache ? ThumbnailCache.standard() : nil) {
            BrowserSession.wake(wakeEventType)
        }
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
        var pacer = FramePacer(interval: window.hasVSync ? Self.vsyncFrameInterval : Self.frameInterval)
        while running {
            var event = SDL_Event()
            if !isMoving && !wokenByWorker {
                log?.flush()
                pacer.rest()
                let wait = isIdle ? Self.idleWaitMilliseconds : Self.waitingRedrawMilliseconds
                if SDL_WaitEventTimeout(&event, wait) != 0 { handle(event) }
            }
            wokenByWorker = false
            while SDL_PollEvent(&event) != 0 { handle(event) }
            flushMotion()
            let now = clock.now
            checkScan(at: now)
            checkSize(at: now)
            perform(input.tick(time: now), at: now)
            overview.tick(time: now)
            overview.update(time: now)
            model.advance(to: now)
            drainModelEvents()
            receiveDecodes(at: now)
            submitDecodes()
            zoomedPage.updateContent(model: &model, contents: contents, pageSize: pageSize,
                                     source: catalog.source(at: model.currentPage), time: now)
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
        log?.write("quit", time: clock.now)
        log?.flush()
        loader.shutdown()
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
    }

    /// Nothing moves and nothing is due: sleep until an event arrives.
    private var isIdle: Bool {
        !isMoving && !catalog.isScanning && slotsToLoad.isEmpty && slotsToRefresh.isEmpty
    }

    // MARK: - Input

    private func handle(_ event: SDL_Event) {
        let now = clock.now
        switch event.type {
        case SDL_QUIT.rawValue:
            running = false
        case SDL_WINDOWEVENT.rawValue:
            guard event.window.windowID == window.id else { return }
            switch UInt32(event.window.event) {
            case SDL_WINDOWEVENT_FOCUS_LOST.rawValue:
                process(.focusLost, at: now)
            case SDL_WINDOWEVENT_HIDDEN.rawValue, SDL_WINDOWEVENT_MINIMIZED.rawValue:
                process(.windowHidden, at: now)
            case SDL_WINDOWEVENT_LEAVE.rawValue:
                input.hoverPoint = nil   // the zoom keys go back to the centre
            default:
                break
            }
        case wakeEventType:
            break   // decode results are collected once per frame
        default:
            if let zoom = zoomedPage.reader.read(event, pixelsPerPoint: window.pixelsPerPoint,
                                                 pageWidth: Double(pageSize.width), pageHeight: Double(pageSize.height)),
               !overview.isShowing {
                flushMotion()
                perform(input.zoomActions(zoom), at: now)
                return
            }
            guard let translated = sdlInput.translate(event, time: now) else { return }
            switch translated {
            case .mouseMoved, .fingerMoved:
                if let pending = pendingMotion, !Self.sameSource(pending, translated) { flushMotion() }
                pendingMotion = translated
            default:
                process(translated, at: now)
            }
        }
    }

    private static func sameSource(_ a: BrowserInput, _ b: BrowserInput) -> Bool {
        switch (a, b) {
        case (.mouseMoved, .mouseMoved): true
        case (.fingerMoved(let first, _, _), .fingerMoved(let second, _, _)): first == second
        default: false
        }
    }

    private func flushMotion() {
        guard let motion = pendingMotion else { return }
        pendingMotion = nil
        feed(motion, at: clock.now)
    }

    private func process(_ browserInput: BrowserInput, at time: Double) {
        flushMotion()
        feed(browserInput, at: time)
    }

    private func feed(_ browserInput: BrowserInput, at time: Double) {
        if overview.isInteractive {
            perform(overview.handle(browserInput, viewport: pageSize, time: time), at: time)
            return
        }
        perform(input.translate(browserInput, currentPage: model.currentPage, time: time), at: time)
    }

    private func perform(_ actions: [BrowserAction], at time: Double) {
        for action in actions {
            switch action {
            case .pager(let command):
                model.apply(command, time: time)
            case .shell(.quit):
                running = false
            case .shell(.toggleFullscreen):
                window.toggleFullscreen()
            case .shell(.toggleHUD):
                showHUD.toggle()
            case .shell(.toggleHelp):
                showHelp.toggle()
            case .shell(.toggleOverview):
                if catalog.isScanning {
                    showNotice("The overview opens once the folder is scanned", at: time)
                } else {
                    overview.open(catalog: catalog, currentPage: model.currentPage,
                                  width: pageSize.width, height: pageSize.height, time: time)
                }
            case .shell(.toggleBackdrop):
                showNotice(scenery.toggleBackdrop(), at: time)
            case .shell(.captureMouse(let on)):
                SDL_CaptureMouse(on ? SDL_TRUE : SDL_FALSE)
            case .shell(.escape):
                // The engine says whether a gesture was interrupted; only
                // when nothing was does Escape close the help or quit.
                if model.interrupt(.escape, time: time) {
                    input.pointer.abandonGesture()
                    SDL_CaptureMouse(SDL_FALSE)
                } else if showHelp {
                    showHelp = false
                } else {
                    running = false
                }
            }
        }
    }

    // MARK: - Engine events

    private func drainModelEvents() {
        while let event = model.pollEvent() {
            log?.write(event)
            switch event.kind {
            case .slotsRecycled(let changes):
                for change in changes { slotsToLoad.insert(change.slot) }
            case .pageWillChange(let from, let to), .pageChanged(let from, let to):
                heading = ((to.h - from.h).signum(), (to.v - from.v).signum())
            case .interrupted(let reason, let page):
                StandardError.line("gesture interrupted (\(reason.rawValue)); settling on page \(page)")
                showNotice("Gesture interrupted (\(Self.describe(reason))) — back to \(page)", at: event.time)
            default:
                break
            }
        }
    }

    static func describe(_ reason: InterruptionReason) -> String {
        switch reason {
        case .focusLost: "window lost focus"
        case .windowHidden: "window hidden"
        case .secondPointer: "second finger or button"
        case .releasedOutside: "released outside the window"
        case .escape: "Escape"
        case .host: "interrupted"
        }
    }

    private func showNotice(_ text: String, at time: Double) {
        notice = (text, time + Self.noticeDuration)
        log?.write("notice", time: time, fields: ["\"text\":" + EventLog.quoted(text)])
    }

    // MARK: - Folder scan and window size

    private func checkScan(at time: Double) {
        guard catalog.isScanning, let scan, let result = scan.result else { return }
        switch result {
        case .failure(let error):
            StandardError.line(error.description)
            exitCode = BrowserExitCode.badPath
            running = false
        case .success(let folder):
            let layout = GalleryLayout(contents: folder, style: layoutOptions.style,
                                       columns: layoutOptions.columns, wrap: layoutOptions.wrap)
            catalog = .folder(layout, title: folder.title)
            applyGallery(at: time)
        }
    }

    /// The pages are known: give the engine its bounds, go to the image the
    /// user named, and load every slot.
    private func applyGallery(at time: Double) {
        guard case .folder(let layout, let title) = catalog else { return }
        window.setTitle("fourway — " + title)
        input.navigation = catalog.navigation
        model.setBounds(horizontal: layout.horizontalPages, vertical: layout.verticalPages, time: time)
        if let initialImage, let page = layout.page(of: initialImage) {
            model.go(to: page, animated: false, time: time)
        }
        slotsToLoad = Set(0..<9)
        log?.write("gallery", time: time, fields: [
            "\"title\":" + EventLog.quoted(title),
            "\"images\":" + String(layout.count),
            "\"layout\":\"" + layout.style.rawValue + "\"",
            "\"pages\":[" + Self.bound(layout.horizontalPages) + "," + Self.bound(layout.verticalPages) + "]",
        ])
    }

    private static func bound(_ pages: Int?) -> String { pages.map(String.init) ?? "null" }

    private func checkSize(at time: Double) {
        let size = window.pixelSize
        guard size != pageSize else { return }
        pageSize = size
        log?.write("resize", time: time, fields: ["\"size\":[" + String(size.width) + "," + String(size.height) + "]"])
        model.resize(width: Double(size.width), height: Double(size.height), time: time)
        input.resize(width: Double(size.width), height: Double(size.height))
        overview.resize(width: size.width, height: size.height, time: time)
        sdlInput = SDLInput(pixelWidth: Double(size.width), pixelHeight: Double(size.height),
                            pixelsPerPoint: window.pixelsPerPoint)
        let page = PixelRect(x: 0, y: 0, width: size.width, height: size.height)
        for id in 0..<9 {
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

    // MARK: - Decoding

    private func submitDecodes() {
        // After the pool's slots have taken what the prefetch holds for them.
        defer { planPrefetch() }
        slotsToLoad.formUnion(corners.due(in: model.slots))
        guard !slotsToLoad.isEmpty || !slotsToRefresh.isEmpty else { return }
        // The page on screen first: it may claim the first-image decode.
        let current = model.slots.slot(column: 0, row: 0).id
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
            guard let page = slot.page else {
                generations[id] += 1
                loader.cancel(slot: id)
                contents.set(id, to: .nothing)
                continue
            }
            guard let source = catalog.source(at: page) else {
                generations[id] += 1
                loader.cancel(slot: id)
                contents.set(id, to: .hole(caption: holeCaption))
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
            let request = DecodeRequest(
                slot: id, generation: generations[id], source: source,
                maxWidth: pageSize.width, maxHeight: pageSize.height,
                priority: DecodePriority.of(column: slot.column, row: slot.row, heading: heading))
            // The page on screen may already be decoding since start-up.
            if slot.column == 0 && slot.row == 0, firstImage?.claim(request) == true { continue }
            if prefetch.hit(request) { continue }
            loader.submit(request)
        }
        slotsToLoad = postponed
        slotsToRefresh.removeAll()
        // Pages answered from the prefetch are shown in this very frame.
        if prefetch.hasHits { receiveDecodes(at: clock.now) }
    }

    private var holeCaption: String? {
        switch catalog {
        case .folder(let layout, _): layout.style == .albums ? "end of album" : nil
        default: nil
        }
    }

    /// Decodes the pages beyond the pool that the motion heads to (PagePrefetch).
    private func planPrefetch() {
        guard case .folder = catalog, let plan = prefetch.plan(
            current: model.currentPage, heading: heading, width: pageSize.width, height: pageSize.height,
            source: { catalog.source(at: $0) }) else { return }
        for slot in plan.cancel { loader.cancel(slot: slot) }
        for request in plan.requests { loader.submit(request) }
    }

    private func receiveDecodes(at time: Double) {
        for result in inbox.take() + (firstImage?.take().map { [$0] } ?? []) + prefetch.takeHits() {
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
                    log?.write("decode-error", time: time, fields: [
                        "\"file\":" + EventLog.quoted(failure.path),
                        "\"message\":" + EventLog.quoted(failure.message),
                    ])
                }
            }
        }
    }

    private static func title(of source: PageSource) -> String {
        switch source {
        case .file(let entry): entry.name
        case .demo(let page): "demo page \(page)"
        }
    }

    // MARK: - Drawing

    /// Draws the frame for `time` into the renderer, up to the last pixel
    /// (`SDL_RenderFlush`: the software renderer otherwise draws inside
    /// `SDL_RenderPresent`), so that the present itself, on the pacer's beat,
    /// only copies it to the window. Returns whether it shows the pages
    /// (not the overview).
    private func render(at time: Double) -> Bool {
        defer { SDL_RenderFlush(window.renderer) }
        let viewport = PixelRect(x: 0, y: 0, width: pageSize.width, height: pageSize.height)
        if overview.isShowing {
            overview.draw(viewport: viewport, showHUD: showHUD, time: time)
            if showHelp { overlay.drawHelp(viewport: viewport) }
            return false
        }
        pages.draw(slots: model.slots, contents: contents, text: text, viewport: viewport, backdrop: scenery.backdrop)
        zoomedPage.draw(model: model, contents: contents, viewport: viewport)
        scenery.drawHeaders(model: model, catalog: catalog, pages: pages, text: text, viewport: viewport)
        let current = model.slots.slot(column: 0, row: 0)
        if catalog.isScanning, let image = firstImage?.preview {
            scanPreview.draw(image, pages: pages, viewport: viewport)
        } else {
            scanPreview.release()
        }
        if case .scanning(let title) = catalog {
            overlay.drawHUD(["Scanning \(title)…", "\(scan?.progress ?? 0) images found"], viewport: viewport)
        } else if showHUD {
            var size: (Int, Int, String)?
            if case .image(let image) = contents[current.id] {
                size = (image.sourceWidth, image.sourceHeight, image.format)
            }
            overlay.drawHUD(catalog.hudLines(at: model.currentPage, image: size)
                            + (ZoomedPage.hudLine(model.zoom).map { [$0] } ?? []), viewport: viewport)
        }
        if let notice {
            let left = notice.until - time
            if left <= 0 {
                self.notice = nil
            } else {
                overlay.drawNotice(notice.text, alpha: min(1, left / Self.noticeFade), viewport: viewport)
            }
        }
        if showHelp { overlay.drawHelp(viewport: viewport) }
        return true
    }

    /// After a frame of pages is drawn, before it waits for its beat: what
    /// it shows is settled now (input taken during the wait may already
    /// move the pager), so the readiness lines are made from it here.
    private func frameDrawn(at time: Double) {
        readiness.frameDrawn(slots: model.slots, contents: contents, generations: generations, time: time, log: log)
        let current = model.slots.slot(column: 0, row: 0)
        if firstFrame == .waiting, current.page != nil {
            switch contents[current.id] {
            case .image, .failed: firstFrame = .drawn
            default: break
            }
        }
    }

    /// After a frame of pages was shown at `time`, its own work `work` s.
    private func framePresented(work: Double, at time: Double) {
        readiness.framePresented(work: work, time: time, log: log)
        if firstFrame == .drawn {
            firstFrame = .logged
            log?.write("first-frame", time: time)
        }
    }
}

extension PageCatalog {
    var isScanning: Bool {
        if case .scanning = self { return true }
        return false
    }
}
