import CSDL2
import Glibc
import Gallery

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

    /// Runs the browser; returns the process exit code (``BrowserExitCode``).
    /// Failures print one line on stderr.
    public static func run(_ options: BrowserOptions) -> Int32 {
        let clock = SessionClock()
        // SDL opens an X input method, whose start parses the locale's whole
        // Compose table a character at a time: about 12 ms of the start-up's
        // CPU, taken from the first image's decode. Keys arrive as key events
        // and no text is typed, so compose sequences are never used. Set
        // here, before any other thread starts (`setenv` races `getenv`).
        setenv("XCOMPOSEFILE", "/dev/null", 1)

        var log: EventLog?
        if let path = options.eventsPath {
            do { log = try EventLog(path: path) } catch {
                StandardError.line(error.description)
                return BrowserExitCode.usage
            }
        }

        // Scan on its own thread: a big folder scans while the window opens.
        // The first image decodes on another, as soon as it is known.
        var scan: FolderScan?
        var start = options.start
        var catalog = PageCatalog.demo
        var firstImage: FirstImageDecode?
        // The folder's first image was remembered from an earlier visit.
        var guessed = false
        if let request = options.request {
            let first = FirstImageDecode(maxWidth: options.width, maxHeight: options.height) { wakeMainLoop() }
            firstImage = first
            // One folder, or one image opened in its folder.
            let alone = request.isOneFolder ? request.paths[0] : nil
            // Follows symbolic links, as the scan does.
            var status = stat()
            let exists = alone.map { stat($0, &status) == 0 } ?? false
            let isFolder = exists && (status.st_mode & S_IFMT) == S_IFDIR
            if let alone, exists, !isFolder, start == nil {
                start = .file(alone)
            }
            // The image to open at is known before the scan: decode it now.
            if case .file(let path)? = start, stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG {
                first.start(path: LexicalPath.absolute(path))
            }
            // A folder opened before: its first image decodes now, not after
            // the listing (30–50 ms for 100,000 files).
            let folder = isFolder && options.cache && start == nil && request.order.isNaturalOrder
                ? alone.map(LexicalPath.absolute) : nil
            let remembered = folder.flatMap { folder in
                FirstImageCache.standard().flatMap { cache in
                    FolderIdentity(of: folder).map { (cache: cache, folder: folder, identity: $0) }
                }
            }
            if let remembered, let guess = remembered.cache.lookup(folder: remembered.folder, identity: remembered.identity) {
                first.start(path: guess, guess: true)
                guessed = true
            }
            catalog = .scanning(title: alone.map { folderName($0, isFolder: isFolder) }
                                ?? "\(request.paths.count) path\(request.paths.count == 1 ? "" : "s")")
            // With the first image already decoding, the listing can wait for
            // the CPU like the rest of the scan. With `--start` the first
            // image in the order is not the first page, so it is not decoded.
            let startsAtFirst = start == nil
            scan = FolderScan(request: request, niceness: guessed ? WorkerThread.backgroundNiceness : 0, onFirstImage: { image in
                guard startsAtFirst else { return }
                first.start(path: image)   // nothing when the guess started
                first.confirm(path: image)
                if let remembered {
                    remembered.cache.remember(folder: remembered.folder, identity: remembered.identity,
                                              firstImage: LexicalPath.lastComponent(image))
                }
            }) { wakeMainLoop() }
        }

        // A wrong path is answered before SDL starts (and prints its own noise).
        // A folder with an image directly in it is not wrong: the window
        // opens while the scan goes on, as for a folder whose (unchanged)
        // listing had one last time.
        let graceEnd = clock.now + effectiveScanGrace
        if let scan, let result = guessed ? scan.result : scan.waitForFirstImage(upTo: effectiveScanGrace) {
            if case .failure(let error) = result {
                StandardError.line(error.description)
                return BrowserExitCode.badPath
            }
        }

        if let failure = startSDL() {
            StandardError.line(failure.description)
            return BrowserExitCode.cannotStart
        }
        defer { stopSDL() }

        let window: BrowserWindow
        do {
            window = try BrowserWindow(title: "fourway — " + catalog.title, width: options.width,
                                       height: options.height, renderer: options.renderer,
                                       fullscreen: options.fullscreen)
        } catch {
            StandardError.line(error.description)
            return BrowserExitCode.cannotStart
        }
        defer { window.close() }   // before SDL_Quit (defers run last-first)
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
        // The window took its time; a folder whose scan ends within the
        // grace opens whole, never showing "scanning". The first image
        // decodes meanwhile, so this wait does not delay it.
        if let scan, case .success(let folder)? = scan.waitForResult(upTo: graceEnd - clock.now) {
            catalog = .folder(GalleryLayout(contents: folder, style: options.layout,
                                            columns: options.columns, wrap: options.wrap),
                              title: folder.title)
            window.setTitle("fourway — " + folder.title)
        }
        log?.write(.window(renderer: window.kind.rawValue, width: window.pixelSize.width,
                           height: window.pixelSize.height, scanning: catalog.isScanning), time: clock.now)

        let session = BrowserSession(options: options, clock: clock, log: log, window: window, text: text,
                                     catalog: catalog, scan: scan, start: start, firstImage: firstImage,
                                     wakeEventType: wakeEventType.withLock { $0 })
        return session.run()
    }

    /// The folder's name for the title before the scan says it: the
    /// folder's own, or an image's folder's.
    static func folderName(_ path: String, isFolder: Bool) -> String {
        let absolute = LexicalPath.absolute(path)
        return LexicalPath.lastComponent(isFolder ? absolute : LexicalPath.parent(absolute))
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

    /// Starts SDL's video (once per process); `nil` on success.
    static func startSDL() -> BrowserFailure? {
        let asked = environment("SDL_VIDEODRIVER") ?? ""
        // Without a display SDL's probes print their own noise before failing;
        // answer with one line instead.
        if asked.isEmpty && (environment("DISPLAY") ?? "").isEmpty && (environment("WAYLAND_DISPLAY") ?? "").isEmpty {
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
        if SDL_WasInit(SDL_INIT_VIDEO) == 0 && SDL_Init(SDL_INIT_VIDEO) != 0 {
            return .noDisplay(SDLError.last)
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

    static func stopSDL() {
        if fw_TTF_WasInit() != 0 { fw_TTF_Quit() }
        SDL_Quit()
    }
}

import ImageDecoding
import Synchronization
