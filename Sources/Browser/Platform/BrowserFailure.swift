import CSDL2

/// Why the browser could not start or go on. Each prints as one line for
/// stderr, saying what to do where there is something to do.
///
/// ```swift
/// print(BrowserFailure.fontMissing(path: "/usr/share/fonts/x.ttf"))
/// // font /usr/share/fonts/x.ttf not found; install fonts-dejavu-core (apt-get install fonts-dejavu-core)
/// ```
public enum BrowserFailure: Error, Sendable, CustomStringConvertible {
    /// An SDL call failed: what was being done and SDL's message.
    case sdl(String, String)
    /// The HUD font is not installed.
    case fontMissing(path: String)
    /// No display to open a window on.
    case noDisplay(String)
    /// The `--events` file cannot be written.
    case eventsFile(path: String, reason: String)

    public var description: String {
        switch self {
        case .sdl(let what, let message):
            return "\(what) failed: \(message)"
        case .fontMissing(let path):
            return "font \(path) not found; install fonts-dejavu-core (apt-get install fonts-dejavu-core)"
        case .noDisplay(let message):
            return "cannot open a window (\(message)); run it in a desktop session or set DISPLAY (e.g. under Xvfb)"
        case .eventsFile(let path, let reason):
            return "\(path): cannot write the events file (\(reason))"
        }
    }
}

/// SDL's thread-local error message.
enum SDLError {
    static var last: String {
        guard let message = SDL_GetError() else { return "unknown SDL error" }
        let text = String(cString: message)
        return text.isEmpty ? "unknown SDL error" : text
    }
}
