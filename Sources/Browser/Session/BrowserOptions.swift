import Gallery
import Pager

/// Which renderer to draw with (`--renderer`).
///
/// ```swift
/// options.renderer = RendererPreference(rawValue: "software") ?? .auto
/// ```
public enum RendererPreference: String, Sendable, CaseIterable {
    /// Software under Xvfb, the dummy driver or when there is no GPU; GPU otherwise.
    case auto
    /// SDL's accelerated renderer (OpenGL) with vsync.
    case gpu
    /// SDL's software renderer, paced by a frame cap.
    case software
}

/// How a key, a wheel notch, the slideshow or a jump turns a page
/// (`--key-flip`, the configuration file's `key-flip`): the engine's
/// `PagerConfiguration.keyFlipAnimation`. Drags and flings always follow the
/// hand and finish their motion.
///
/// ```swift
/// options.pager.keyFlipAnimation = KeyFlipStyle.swap.animation   // the next page at the key's own frame
/// ```
public enum KeyFlipStyle: String, Sendable, CaseIterable {
    /// The page slides in: a quintic ease-out of 120 ms
    /// (`PageAnimationStyle.keyFlip`), which shows which way the grid moved.
    case slide
    /// The next page replaces this one at once, drawn on the key's own frame,
    /// as feh, sxiv and qimgv show it: for fast reading, or less motion.
    case swap

    /// The engine's animation for key flips.
    public var animation: PageAnimationStyle {
        switch self {
        case .slide: .keyFlip
        // An easing shorter than a millisecond ends at once (EasingMotion).
        case .swap: .easing(.easeOutQuint, minimumDuration: 0, maximumDuration: 0)
        }
    }
}

/// Which display system to talk to (`--video`).
///
/// ```swift
/// options.video = VideoPreference(rawValue: "wayland") ?? .auto
/// ```
public enum VideoPreference: String, Sendable, CaseIterable {
    /// Wayland when `WAYLAND_DISPLAY` is set, X11 (Xwayland) if that fails;
    /// otherwise SDL's own choice (X11 with `DISPLAY`, or `SDL_VIDEODRIVER`).
    case auto
    /// X11 only (on Wayland: through Xwayland).
    case x11
    /// Wayland only.
    case wayland
}

/// Everything `fourway` was asked to do.
///
/// ```swift
/// var options = BrowserOptions()
/// options.request = OpenRequest(paths: ["/photos"])
/// options.layout = .albums
/// exit(Browser.run(options))
/// ```
public struct BrowserOptions: Sendable {
    /// The layout styles, under the name the command line uses.
    public typealias Layout = LayoutStyle

    /// The files and folders to open, and in what order; `nil` opens the
    /// infinite demo gallery.
    public var request: OpenRequest?
    /// The image to open at (`--start`); by default the first, or the
    /// image given alone.
    public var start: StartImage?
    /// Window size in screen pixels.
    public var width = 1280
    public var height = 800
    /// Images per row in a grid; `nil` for ≈ √n.
    public var columns: Int?
    public var layout: Layout = .auto
    /// Make bounded axes infinite, wrapping around.
    public var wrap = false
    /// Where to write the JSON Lines event log.
    public var eventsPath: String?
    public var renderer: RendererPreference = .auto
    /// The display system (`--video`).
    public var video: VideoPreference = .auto
    /// The engine's tuning: the configuration file's `touchpad-distance-horizontal`,
    /// `touchpad-distance-vertical` and `long-swipes` set its touchpad part.
    public var pager = PagerConfiguration()
    public var fullscreen = false
    /// Start with the HUD shown.
    public var showHUD = true
    /// Keep overview thumbnails and each folder's first image in
    /// `$XDG_CACHE_HOME/fourway` (`--no-cache`: neither read nor written).
    public var cache = true
    /// Draw the blurred backdrop behind letterboxed images (its action toggles it).
    public var showBackdrop = true
    /// Share of the page motion the backdrop follows, 0…1 (`--parallax`).
    public var parallax = BrowserOptions.defaultParallax
    /// The default of `parallax`.
    public static let defaultParallax = ParallaxBackdrop.defaultFraction
    /// Write a `frame` line (work time) to the event log after every frame (scripts/bench).
    public var frameTimes = false
    /// Seconds between the slideshow's steps (`--slideshow`, the
    /// configuration's `slideshow-interval`).
    public var slideshowInterval = Slideshow.defaultInterval
    /// Start with the slideshow running (`--slideshow`).
    public var startsSlideshow = false
    /// Whether images may be moved to the trash (`--no-delete`: not).
    public var allowsDelete = true
    /// Whether the opened folder is watched for images added, removed or
    /// rewritten (`--no-watch`, the configuration's `watch = false`: not).
    public var watchesFolders = true
    /// `--print-marked`: write the marked paths to standard output on quit, this way.
    public var markedOutput: MarkedOutput?
    /// The key bindings: ``KeyMap/standard``, remapped by the configuration file.
    public var keyMap = KeyMap.standard
    /// The configuration file's commands (`command.NAME`), which `keyMap.commands` binds.
    public var commands: [UserCommand] = []
    /// How the key handler's standard input ends each path (`key-handler-separator`).
    public var keyHandlerSeparator = KeyHandlerSeparator.newline
    /// The configuration file read, for the `config` log line: its path,
    /// how many settings it set and how many lines were bad.
    public var configuration: (file: String, settings: Int, problems: Int)?

    public init() {}
}

/// Exit codes of `fourway`.
///
/// ```swift
/// exit(Browser.run(options))   // BrowserExitCode.success, .badPath, …
/// ```
public enum BrowserExitCode {
    /// Quit normally.
    public static let success: Int32 = 0
    /// The window system or a library failed at run time.
    public static let failure: Int32 = 1
    /// A bad option value (also ArgumentParser's parse errors).
    public static let usage: Int32 = 2
    /// The path does not exist, is not a folder or an image, or holds no images.
    public static let badPath: Int32 = 3
    /// No display, or SDL, its renderer or the font cannot start.
    public static let cannotStart: Int32 = 4
}
