import CScreenSaver
import CSDL2

/// The SDL window and its renderer.
///
/// ```swift
/// let window = try BrowserWindow(title: "fourway — demo", width: 1280, height: 800, renderer: .software)
/// let (w, h) = window.pixelSize
/// ```
final class BrowserWindow {
    let window: OpaquePointer
    let renderer: OpaquePointer
    let kind: RendererChoice.Kind
    /// SDL's video driver: "x11", "wayland", "dummy", ...
    let videoDriver: String
    /// Whether presenting waits for vsync (else the loop paces itself).
    let hasVSync: Bool
    private(set) var isFullscreen = false
    /// Points to pixels, and the size text is drawn at (``DisplayScale``);
    /// `refreshScale()` takes it again when the window's pixels change.
    private(set) var scale = DisplayScale()
    /// `GDK_SCALE` and the X resources, read once: on X11 the desktop's scale.
    private let gdkScale: String?
    private let resources: String?

    init(title: String, width: Int, height: Int, renderer preference: RendererPreference,
         fullscreen: Bool) throws(BrowserFailure) {
        var flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        if fullscreen { flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue }
        guard let window = SDL_CreateWindow(title, fw_windowpos_centered(), fw_windowpos_centered(),
                                            Int32(width), Int32(height), flags) else {
            throw BrowserFailure.sdl("creating the window", SDLError.last)
        }
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        var kind = RendererChoice.resolve(preference, RendererChoice.facts(videoDriver: driver))
        var created: OpaquePointer?
        if kind == .gpu {
            created = SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue)
            if created == nil && preference == .auto { kind = .software }
        }
        if kind == .software {
            // Otherwise SDL probes OpenGL (a hidden test window and context)
            // to decide how to present the window surface: on llvmpipe that
            // loads LLVM, +55 MB of memory, for a frame it then copies by hand.
            // Wayland has no other way to present it ("Couldn't find
            // matching render driver" without it).
            if driver != "wayland" { SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0") }
            created = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
        }
        guard let created else {
            let message = SDLError.last
            SDL_DestroyWindow(window)
            throw BrowserFailure.sdl("creating the \(kind.rawValue) renderer", message)
        }
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(created, &info)
        self.window = window
        self.renderer = created
        self.kind = kind
        self.videoDriver = driver
        // SDL's software renderer reports PRESENTVSYNC but presents at once:
        // taken at its word, the loop ran at the 240 fps cap (frames 4.2 ms
        // apart under Xvfb), burning the CPU the decoders need.
        self.hasVSync = kind == .gpu && info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0
        self.isFullscreen = fullscreen
        gdkScale = Browser.environment("GDK_SCALE")
        resources = driver == "x11" ? XResources.read() : nil
        _ = refreshScale()
    }

    /// Takes the scale again (after a resize, or a move to an output of
    /// another scale); whether it changed.
    func refreshScale() -> Bool {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        let perPoint = w > 0 ? Double(pixelSize.width) / Double(w) : 1
        let new = DisplayScale.choose(pixelsPerPoint: perPoint, videoDriver: videoDriver, gdkScale: gdkScale,
                                      resources: resources)
        defer { scale = new }
        return new != scale
    }

    private var isClosed = false

    deinit { close() }

    /// Destroys the renderer and the window. Must happen before `SDL_Quit`,
    /// which would otherwise free them first and leave these pointers dangling.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
    }

    /// The renderer's output size: the page size, px.
    var pixelSize: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        return (Int(max(1, w)), Int(max(1, h)))
    }

    /// Output pixels per window coordinate (as of the last `refreshScale()`).
    var pixelsPerPoint: Double { scale.pixelsPerPoint }

    var id: UInt32 { SDL_GetWindowID(window) }

    func setTitle(_ title: String) {
        SDL_SetWindowTitle(window, title)
    }

    func toggleFullscreen() {
        isFullscreen.toggle()
        SDL_SetWindowFullscreen(window, isFullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue : 0)
    }

    /// Whether the screen saver and the screen lock are held off: only
    /// while the slideshow runs (`Browser.startSDL` turns off SDL's default,
    /// which holds them off for as long as the window is open). SDL asks the
    /// desktop over D-Bus (org.freedesktop.ScreenSaver), else the X server
    /// (MIT-SCREEN-SAVER), or the Wayland compositor (idle-inhibit).
    var keepsDisplayAwake = false {
        didSet {
            guard keepsDisplayAwake != oldValue else { return }
            if keepsDisplayAwake {
                SDL_DisableScreenSaver()
            } else {
                SDL_EnableScreenSaver()
                // SDL's own undo covers D-Bus only (CScreenSaver's header says why).
                _ = fw_x11_screen_saver_resume(UnsafeMutableRawPointer(window))
            }
        }
    }
}
