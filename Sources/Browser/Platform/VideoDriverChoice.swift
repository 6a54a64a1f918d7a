/// Picks SDL's video driver for `--video` (and `video =` in the config file).
///
/// SDL 2.26 tries X11 before Wayland, so on a Wayland desktop it would run
/// through Xwayland: blurry at 2× scale, and no touchpad axis events. So
/// `auto` tries Wayland first when `WAYLAND_DISPLAY` is set, then X11 when
/// `DISPLAY` is too (Xwayland); otherwise SDL's own choice, as before (an
/// `SDL_VIDEODRIVER` in the environment is honoured as set: the tests' `dummy`,
/// a user's `x11`).
///
/// ```swift
/// let environment = VideoDriverChoice.Environment(sdlVideoDriver: nil, display: ":0", waylandDisplay: "wayland-0")
/// VideoDriverChoice.drivers(.auto, environment)   // ["wayland", "x11"]
/// ```
public enum VideoDriverChoice {
    /// The variables the choice reads (nil: not set).
    public struct Environment: Sendable, Hashable {
        /// `SDL_VIDEODRIVER`.
        public var sdlVideoDriver: String?
        /// `DISPLAY`: an X server (Xwayland on a Wayland desktop).
        public var display: String?
        /// `WAYLAND_DISPLAY`: a Wayland compositor.
        public var waylandDisplay: String?

        public init(sdlVideoDriver: String?, display: String?, waylandDisplay: String?) {
            self.sdlVideoDriver = sdlVideoDriver
            self.display = display
            self.waylandDisplay = waylandDisplay
        }

        /// This process's.
        static var current: Environment {
            Environment(sdlVideoDriver: Browser.environment("SDL_VIDEODRIVER"),
                        display: Browser.environment("DISPLAY"),
                        waylandDisplay: Browser.environment("WAYLAND_DISPLAY"))
        }
    }

    /// The SDL video drivers to try, in order; empty: SDL's own choice.
    public static func drivers(_ preference: VideoPreference, _ environment: Environment) -> [String] {
        switch preference {
        case .x11: return ["x11"]
        case .wayland: return ["wayland"]
        case .auto:
            if !(environment.sdlVideoDriver ?? "").isEmpty { return [] }
            guard !(environment.waylandDisplay ?? "").isEmpty else { return [] }
            return (environment.display ?? "").isEmpty ? ["wayland"] : ["wayland", "x11"]
        }
    }

    /// Why `preference` cannot work here before SDL tries, or nil: `x11`
    /// without `DISPLAY` (SDL would fail with its own, vaguer words).
    public static func missingDisplay(_ preference: VideoPreference, _ environment: Environment) -> String? {
        if preference == .x11 && (environment.display ?? "").isEmpty {
            return "--video x11 needs an X server, and DISPLAY is not set"
        }
        return nil
    }

    /// The one stderr line when `driver` failed with SDL's `reason` and
    /// `next` is tried instead.
    public static func fallbackLine(driver: String, reason: String, next: String) -> String {
        let name = [driver, next].map { $0 == "x11" && driver == "wayland" ? "X11 (Xwayland)" : displayName($0) }
        return "the \(name[0]) video driver failed (\(reason)); using \(name[1])"
    }

    /// The driver's name as people say it.
    static func displayName(_ driver: String) -> String {
        switch driver {
        case "wayland": return "Wayland"
        case "x11": return "X11"
        default: return driver
        }
    }
}
