import CSDL2
import CTouchpadInput
import Glibc
import Gallery
import IsolatedDecoding

/// The image browser: opens the window and runs until the user quits.
///
/// ```swift
/// var options = BrowserOptions()
/// options.request = OpenRequest(paths: Array(CommandLine.arguments.dropFirst()))   // nil: the demo gallery
/// exit(Browser.run(options))
/// ```
public enum Browser {
    /// How long to wait for a folder scan before opening the window anyway,
    /// s: long enough that a missing path or an empty folder is answered
    /// without flashing a window, short enough not to delay a big folder.
    static let scanGrace = 0.03

    /// `scanGrace`, or `FOURWAY_SCAN_GRACE` (seconds) when set: the
    /// end-to-end test sets 0 to see the window open while a folder scans.
    static var effectiveScanGrace: Double {
        environment("FOURWAY_SCAN_GRACE").flatMap(Double.init) ?? scanGrace
    }

    /// Whether fourway points `XCOMPOSEFILE` at /dev/null for itself: when
    /// X11 is tried first, whose input method would parse the whole Compose
    /// table. Not when Wayland is: SDL's xkbcommon reads the file too, and
    /// says on stderr that /dev/null is no Compose file.
    static func skipsComposeTable(_ video: VideoPreference, _ environment: VideoDriverChoice.Environment) -> Bool {
        let first = VideoDriverChoice.drivers(video, environment).first ?? environment.sdlVideoDriver ?? ""
        return !first.lowercased().hasPrefix("wayland")
    }

    /// Runs the browser; returns the process exit code (``BrowserExitCode``).
    /// Failures print one line on stderr.
    ///
    /// What to open is decided first, as a value (``OpeningPlan``); this
    /// starts it (the scan and the first image's decode, each on its own
    /// thread, while the window opens), starts SDL and the window, and hands
    /// everything to the session.
    public static func run(_ options: BrowserOptions) -> Int32 {
        let clock = SessionClock()
        // The environment programs the user runs get, copied before
        // fourway sets anything for itself (ExternalCommandSpawn.swift).
        _ = ChildEnvironment.atStart
        // SDL opens an X input method, whose start parses the locale's whole
        // Compose table a character at a time: about 12 ms of the start-up's
        // CPU, taken from the first image's decode. Keys arrive as key events
        // and no text is typed, so compose sequences are never used. Set
        // here, before any other thread starts (`setenv` races `getenv`).
        if skipsComposeTable(options.video, .current) { setenv("XCOMPOSEFILE", "/dev/null", 1) }
        // The page decoders' pool; its processes start once the first image
        // is decoded (DecoderProcesses).
        let pagePool = DecoderProcesses.pagePool()
        defer { pagePool?.shutdown() }

        var log: EventLog?
        if let path = options.eventsPath {
            do { log = try EventLog(path: path) } catch {
                StandardError.line(error.description)
                return BrowserExitCode.usage
            }
        }

        // The display's profile before any decode starts: they convert to it.
        // Not on Wayland: Xwayland's root window has no profile, and its
        // X connection would be one more for nothing.
        let onWayland = VideoDriverChoice.drivers(options.video, .current).first == "wayland"
        var displayColor = DisplayColor(watcher: onWayland ? nil : DisplayProfileWatcher.start { wakeMainLoop() })
        displayColor.apply(displayColor.watcher?.initial ?? [], log: nil, time: clock.now)

        let plan = options.request.map {
            OpeningPlan(request: $0, start: options.start, usesCache: options.cache, probe: FileSystemProbe())
        }
        let opening = plan.map { startOpening($0, options: options, pagePool: pagePool) }
        let graceEnd = clock.now + effectiveScanGrace
        if let plan, let opening, let error = pathError(plan, scan: opening.scan) {
            StandardError.line(error.description)
            return BrowserExitCode.badPath
        }

        var catalog = plan.map { PageCatalog.scanning(title: $0.title) } ?? .demo
        let window: BrowserWindow
        switch openWindow(title: "fourway — " + catalog.title, options: options) {
        case .success(let opened): window = opened
        case .failure(let failure):
            StandardError.line(failure.description)
            return BrowserExitCode.cannotStart
        }
        defer { stopSDL() }
        defer { window.close() }   // before SDL_Quit (defers run last-first)
        defer { BrowserSession.stopWaking() }   // before the window is destroyed
        let text: TextRenderer
        do {
            text = try TextRenderer(renderer: window.renderer)
        } catch {
            StandardError.line(error.description)
            return BrowserExitCode.cannotStart
        }
        defer { text.close() }
        // Keys arrive as key events; no text input (or IME) is wanted.
        SDL_StopTextInput()
        SDLDrop.enable()   // files dropped on the window open (BrowserSession+Drop.swift)
        if let scan = opening?.scan, let folder = scanResult(scan, upTo: graceEnd - clock.now, options: options) {
            catalog = folder
            window.setTitle("fourway — " + folder.title)
        }
        log?.write(.window(renderer: window.kind.rawValue, width: window.pixelSize.width,
                           height: window.pixelSize.height, scanning: catalog.isScanning,
                           video: window.videoDriver, scale: window.pixelsPerPoint), time: clock.now)
        displayColor.write(to: log, time: clock.now)

        let session = BrowserSession(options: options, clock: clock, log: log, window: window, text: text,
                                     catalog: catalog, scan: opening?.scan, start: plan?.start ?? options.start,
                                     firstImage: opening?.firstImage, wakeEventType: wakeEventType.withLock { $0 },
                                     displayColor: displayColor)
        return session.run()
    }

    // MARK: - Opening

    /// Starts what `plan` says, each on its own thread: the scan (a big
    /// folder scans while the window opens) and the first image's decode, at
    /// once when the plan knows the image, else as soon as the scan finds it.
    static func startOpening(_ plan: OpeningPlan, options: BrowserOptions, pagePool: DecoderPool?)
        -> (scan: FolderScan, firstImage: FirstImageDecode) {
        let firstPool = DecoderProcesses.firstImagePool()
        let first = FirstImageDecode(maxWidth: options.width, maxHeight: options.height,
                                     decoding: firstPool ?? FileDecoders.current,
                                     afterDecoding: {
            firstPool?.shutdown()
            // The page decoders start now: the other pages waited for this one.
            pagePool?.startProcesses()
        }) { wakeMainLoop() }
        if let path = plan.decodesAtOnce { first.start(path: path) }
        if let guess = plan.guess { first.start(path: guess, guess: true) }
        let remembered = plan.rememberedFolder
        var onFirstImage: (@Sendable (String) -> Void)?
        if plan.reportsFirstImage {
            onFirstImage = { image in
                first.start(path: image)   // nothing when the guess started
                first.confirm(path: image)
                remembered?.remember(firstImage: image)
            }
        }
        let scan = FolderScan(request: plan.request, niceness: plan.scanNiceness, onFirstImage: onFirstImage) {
            wakeMainLoop()
        }
        return (scan, first)
    }

    /// Why no path can be opened, when the scan says so within the grace: a
    /// wrong path is answered before SDL starts (and prints its own noise).
    /// A folder with an image directly in it is not wrong: the window opens
    /// while the scan goes on, as for a folder whose (unchanged) listing had
    /// one last time (the plan's guess), which does not wait at all.
    static func pathError(_ plan: OpeningPlan, scan: FolderScan) -> GalleryError? {
        let result = plan.waitsForFirstImage ? scan.waitForFirstImage(upTo: effectiveScanGrace) : scan.result
        guard case .failure(let error)? = result else { return nil }
        return error
    }

    /// The scanned folder's pages, when the scan ends within `seconds`. The
    /// window took its time; a folder whose scan ends within the grace opens
    /// whole, never showing "scanning". The first image decodes meanwhile,
    /// so this wait does not delay it.
    static func scanResult(_ scan: FolderScan, upTo seconds: Double, options: BrowserOptions) -> PageCatalog? {
        guard case .success(let folder)? = scan.waitForResult(upTo: seconds) else { return nil }
        return .folder(GalleryLayout(contents: folder, style: options.layout, columns: options.columns,
                                     wrap: options.wrap),
                       title: folder.title)
    }

    /// The environment variable `name`, or nil when it is not set.
    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    // MARK: - SDL start and stop

    /// The user event type that wakes the loop (registered at start).
    private static let wakeEventType = Mutex<UInt32>(0)

    /// Wakes the main loop from any thread.
    static func wakeMainLoop() {
        let type = wakeEventType.withLock { $0 }
        if type != 0 { BrowserSession.wake(type) }
    }

    /// Starts SDL and opens the window. When Wayland started but its window
    /// or renderer failed, and `auto` has X11 to go to, SDL starts again on
    /// X11 (Xwayland) with one line saying why. SDL is stopped on failure.
    static func openWindow(title: String, options: BrowserOptions) -> Result<BrowserWindow, BrowserFailure> {
        if let failure = startSDL(video: options.video) { return .failure(failure) }
        func open() throws(BrowserFailure) -> BrowserWindow {
            try BrowserWindow(title: title, width: options.width, height: options.height,
                              renderer: options.renderer, fullscreen: options.fullscreen)
        }
        do { return .success(try open()) } catch {
            let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
            stopSDL()
            guard driver == "wayland", VideoDriverChoice.drivers(options.video, .current).contains("x11") else {
                return .failure(error)
            }
            StandardError.line(VideoDriverChoice.fallbackLine(driver: driver, reason: error.description, next: "x11"))
            if let failure = startSDL(video: .x11) { return .failure(failure) }
            do { return .success(try open()) } catch {
                stopSDL()
                return .failure(error)
            }
        }
    }

    /// Starts SDL's video (once per process) with the driver `video` picks
    /// (`VideoDriverChoice`); `nil` on success.
    static func startSDL(video: VideoPreference = .auto) -> BrowserFailure? {
        let asked = environment("SDL_VIDEODRIVER") ?? ""
        let variables = VideoDriverChoice.Environment.current
        // Without a display SDL's probes print their own noise before failing;
        // answer with one line instead.
        if let missing = VideoDriverChoice.missingDisplay(video, variables) { return .noDisplay(missing) }
        if asked.isEmpty && video == .auto && (environment("DISPLAY") ?? "").isEmpty
            && (environment("WAYLAND_DISPLAY") ?? "").isEmpty {
            return .noDisplay("neither DISPLAY nor WAYLAND_DISPLAY is set")
        }
        SDL_SetHint(SDL_HINT_APP_NAME, "fourway")
        // A click that focuses the window also starts a drag.
        SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1")
        // Keep a fullscreen window when focus moves to another.
        SDL_SetHint(SDL_HINT_VIDEO_MINIMIZE_ON_FOCUS_LOSS, "0")
        // Touch is handled from SDL_FINGER* events; mouse events synthesised
        // from touch are dropped by `which`, and no touch from the mouse.
        SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "0")
        SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "linear")
        // SDL holds the screen saver and the screen lock off while a window
        // is open (for games); an image viewer left open must let the screen
        // blank and lock. The slideshow holds them off while it runs
        // (BrowserWindow.keepsDisplayAwake), naming itself to the desktop.
        SDL_SetHint(SDL_HINT_VIDEO_ALLOW_SCREENSAVER, "1")
        SDL_SetHint(SDL_HINT_SCREENSAVER_INHIBIT_ACTIVITY_NAME, "Slideshow")
        if SDL_WasInit(SDL_INIT_VIDEO) == 0, let failure = startVideo(VideoDriverChoice.drivers(video, variables)) {
            return failure
        }
        // With no display SDL falls back to an invisible driver; only take
        // one when it was asked for (the headless tests do).
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        if (driver == "offscreen" || driver == "dummy") && !asked.contains(driver) {
            SDL_Quit()
            let named = ["DISPLAY", "WAYLAND_DISPLAY"].compactMap { name in
                environment(name).flatMap { $0.isEmpty ? nil : name + "=" + $0 }
            }
            // Set, but nothing answered; or SDL_VIDEODRIVER named a driver
            // that needs a display neither variable gives.
            return .noDisplay(named.isEmpty ? "neither DISPLAY nor WAYLAND_DISPLAY is set"
                                            : "could not connect to " + named.joined(separator: " or "))
        }
        wakeEventType.withLock { type in
            if type == 0 {
                let registered = SDL_RegisterEvents(1)
                type = registered == UInt32.max ? SDL_USEREVENT.rawValue : registered
            }
        }
        return nil
    }

    /// Starts SDL's video with the first of `drivers` that works (empty:
    /// SDL's own choice), one stderr line for each that failed before
    /// another is tried.
    static func startVideo(_ drivers: [String]) -> BrowserFailure? {
        // Before SDL opens its X connections, so that SDL keeps this handler
        // as the one it restores at SDL_Quit (touchpad_input.h says why).
        fw_x11_tolerate_late_wakeups()
        guard !drivers.isEmpty else { return SDL_Init(SDL_INIT_VIDEO) != 0 ? .noDisplay(SDLError.last) : nil }
        var reason = ""
        for (index, driver) in drivers.enumerated() {
            // Over SDL_VIDEODRIVER in the environment: --video was asked for.
            SDL_SetHintWithPriority(SDL_HINT_VIDEODRIVER, driver, SDL_HINT_OVERRIDE)
            if SDL_Init(SDL_INIT_VIDEO) == 0 { return nil }
            reason = SDLError.last
            if index + 1 < drivers.count {
                StandardError.line(VideoDriverChoice.fallbackLine(driver: driver, reason: reason,
                                                                  next: drivers[index + 1]))
            }
        }
        return .noDisplay("the \(VideoDriverChoice.displayName(drivers.last ?? "")) video driver failed: \(reason)")
    }

    static func stopSDL() {
        if fw_TTF_WasInit() != 0 { fw_TTF_Quit() }
        SDL_Quit()
    }
}

import ImageDecoding
import Synchronization
