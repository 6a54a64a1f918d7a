import Glibc

/// nsxiv's key handler, for fourway: Ctrl+X, then a key, runs
/// `$XDG_CONFIG_HOME/fourway/key-handler KEY` (else
/// `~/.config/fourway/key-handler`) with the marked images' paths (or the
/// current one's) on its standard input, one a line, as nsxiv does, so an
/// nsxiv `key-handler` script works unchanged (or NUL-terminated:
/// ``KeyHandlerSeparator``). KEY is spelt as nsxiv spells
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

    /// The handler's standard input for `paths`: each path and a newline,
    /// as nsxiv writes it, leaving out the paths that hold a newline (they
    /// would read as several paths, none of them marked); or, with
    /// `separator` `.nul`, every path and a NUL byte.
    public static func input(_ paths: [String], separator: KeyHandlerSeparator = .newline) -> KeyHandlerInput {
        let terminator: UInt8 = separator == .nul ? 0 : UInt8(ascii: "\n")
        var input = KeyHandlerInput()
        input.bytes.reserveCapacity(paths.reduce(0) { $0 + $1.utf8.count + 1 })
        for path in paths {
            if separator == .newline, path.utf8.contains(UInt8(ascii: "\n")) {
                input.leftOut += 1
                continue
            }
            input.bytes += path.utf8
            input.bytes.append(terminator)
            input.sent += 1
        }
        return input
    }

    /// The notice's words for names left out of the input, after `started`
    /// (`" (1 name holding a newline left out …)"`); empty when none was.
    static func leftOutNote(_ count: Int) -> String {
        guard count > 0 else { return "" }
        return " (" + String(count) + (count == 1 ? " name" : " names") + " holding a newline left out;"
            + " key-handler-separator = nul sends every name)"
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

/// How the key handler's standard input ends each path: `newline`, as
/// nsxiv does (names holding a newline are left out), or `nul` (every name,
/// for a handler that reads with `xargs -0` or `read -d ''`). The
/// configuration's `key-handler-separator`.
public enum KeyHandlerSeparator: String, CaseIterable, Sendable {
    case newline, nul
}

/// The key handler's standard input and what went into it.
///
/// ```swift
/// KeyHandler.input(["/p/a.jpg", "/p/x\ny.jpg"])   // bytes "/p/a.jpg\n", sent 1, leftOut 1
/// ```
public struct KeyHandlerInput: Sendable, Equatable {
    /// The bytes written to its standard input.
    public var bytes: [UInt8] = []
    /// How many paths they hold.
    public var sent = 0
    /// How many paths were left out (a newline in the name, with `newline`).
    public var leftOut = 0
}
