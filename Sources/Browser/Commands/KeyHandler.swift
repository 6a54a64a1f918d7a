import Glibc

/// nsxiv's key handler, for fourway: Ctrl+X, then a key, runs
/// `$XDG_CONFIG_HOME/fourway/key-handler KEY` (else
/// `~/.config/fourway/key-handler`) with the marked images' paths (or the
/// current one's) on its standard input, one a line, as nsxiv does, so an
/// nsxiv `key-handler` script works unchanged. KEY is spelt as nsxiv spells
/// it: X's key name after `C-` (Ctrl), `M-` (Alt) and `S-` (Shift), in that
/// order, where a shifted letter is its capital without `S-` (`w`, `C-w`,
/// `M-w`, `W`, `C-W`, `Return`, `S-Left`).
///
/// ```swift
/// KeyHandler.spelling(.letter("w"), ctrl: true, shift: false, alt: false)   // "C-w"
/// KeyHandler.spelling(.letter("w"), ctrl: false, shift: true, alt: false)   // "W"
/// KeyHandler.path(xdgConfigHome: nil, home: "/home/u")   // "/home/u/.config/fourway/key-handler"
/// ```
public enum KeyHandler {
    /// The key as nsxiv passes it to its handler; nil for a key fourway
    /// does not tell apart (a modifier alone, F2, most punctuation), which
    /// the wait for the key lets pass.
    public static func spelling(_ key: BrowserKey, ctrl: Bool, shift: Bool, alt: Bool) -> String? {
        guard let (name, shifted) = keyName(key, shift: shift) else { return nil }
        // nsxiv drops Shift when it changed the key's name (w → W, / → question).
        return (ctrl ? "C-" : "") + (alt ? "M-" : "") + (shift && !shifted ? "S-" : "") + name
    }

    /// X's name of the key (`XKeysymToString`), and whether Shift is part of it.
    private static func keyName(_ key: BrowserKey, shift: Bool) -> (String, Bool)? {
        if let letter = letter(key) { return shift ? (letter.uppercased(), true) : (letter, false) }
        switch key {
        case .digit(let digit): return (String(digit), false)
        // SDL gives "=" and "+" as one key (Sources/Browser/Platform/SDLInput.swift): "+" is Shift+"=".
        case .plus: return shift ? ("plus", true) : ("equal", false)
        case .minus: return ("minus", false)
        case .underscore: return ("underscore", true)
        case .bar: return ("bar", true)
        case .question: return ("question", true)
        default: break
        }
        let names: [BrowserKey: String] = [
            .left: "Left", .right: "Right", .up: "Up", .down: "Down", .home: "Home", .end: "End",
            .pageUp: "Prior", .pageDown: "Next", .escape: "Escape", .f1: "F1", .f11: "F11", .tab: "Tab",
            .enter: "Return", .backspace: "BackSpace", .delete: "Delete",
        ]
        return names[key].map { ($0, false) }
    }

    /// The letter a key is, lower case: the keys with a case of their own
    /// (`h`, `i`, …) and `.letter`.
    private static func letter(_ key: BrowserKey) -> String? {
        switch key {
        case .letter(let letter): String(letter).lowercased()
        case .h, .j, .k, .l, .i, .f, .q, .o, .b, .c, .s, .e, .g, .u, .z, .r: key.label
        default: nil
        }
    }

    /// Where the handler is: `$XDG_CONFIG_HOME/fourway/key-handler` when
    /// that is an absolute path, else `$HOME/.config/fourway/key-handler`;
    /// nil with neither.
    public static func path(xdgConfigHome: String?, home: String?) -> String? {
        if let xdg = xdgConfigHome, xdg.hasPrefix("/") { return xdg + "/fourway/key-handler" }
        guard let home, !home.isEmpty else { return nil }
        return home + "/.config/fourway/key-handler"
    }

    /// The handler's path for this process's environment.
    static func standardPath() -> String? {
        path(xdgConfigHome: Browser.environment("XDG_CONFIG_HOME"), home: Browser.environment("HOME"))
    }

    /// What nsxiv writes to its handler's standard input: each path and a newline.
    public static func input(_ paths: [String]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(paths.reduce(0) { $0 + $1.utf8.count + 1 })
        for path in paths {
            bytes += path.utf8
            bytes.append(UInt8(ascii: "\n"))
        }
        return bytes
    }

    /// The notice when there is no handler to run (missing or not executable).
    static func missingNotice(path: String?) -> String {
        guard let path else { return "No key handler: set HOME or XDG_CONFIG_HOME" }
        return "No key handler: put an executable script at " + path
    }

    /// Whether `path` is a file this process may execute.
    static func isRunnable(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && access(path, X_OK) == 0
    }
}
