import Gallery
import Glibc

/// The configuration file, `$XDG_CONFIG_HOME/fourway/config` (else
/// `~/.config/fourway/config`): defaults for the command-line options and
/// keys remapped by action name. The command line wins over the file, the
/// file over the built-in defaults. `fourway --print-config` prints the
/// effective configuration as a starting file.
///
/// One setting a line, `NAME = VALUE`; lines starting with `#` and blank
/// lines are ignored. `key.ACTION = KEY, KEY…` gives an action its keys
/// (``KeyMap/remapping(_:to:)``; an empty value unbinds it). A bad line gets
/// one message naming the file, the line and what is wrong, and is ignored;
/// the rest of the file applies. `command.NAME = PROGRAM ARG…` names a
/// program to run (``UserCommand``, ``CommandTemplate``) and
/// `key.command.NAME = KEY, KEY…` binds it to keys.
///
/// ```swift
/// let config = ConfigFile.parse("layout = row\nkey.toggle-slideshow = Ctrl+S\n", file: "config")
/// config.defaults.layout                       // .row
/// config.keyMap(from: .standard).action(for: .s, ctrl: true, in: .pager)   // .toggleSlideshow
/// ```
public struct ConfigFile: Sendable {
    /// Option defaults; nil where the file says nothing.
    public struct Defaults: Sendable, Equatable {
        public var layout: LayoutStyle?
        public var sort: ImageOrder.Key?
        public var reverse: Bool?
        public var recursive: Bool?
        public var wrap: Bool?
        public var hud: Bool?
        public var backdrop: Bool?
        public var parallax: Double?
        public var slideshowInterval: Double?
        public var renderer: RendererPreference?
        public var watch: Bool?
        public var video: VideoPreference?
        public var touchpadDistanceHorizontal: Double?
        public var touchpadDistanceVertical: Double?
        public var longSwipes: Bool?
        public var keyFlip: KeyFlipStyle?
        public var keyHandlerSeparator: KeyHandlerSeparator?

        public init() {}
    }

    /// What the file sets.
    public var defaults = Defaults()
    /// Keys given to actions, in the file's order.
    public var keys: [(action: Action, keys: [KeyChord])] = []
    /// The commands (`command.NAME = PROGRAM ARG…`), in the file's order.
    public var commands: [UserCommand] = []
    /// Keys given to commands (`key.command.NAME = KEY, KEY…`), in the file's order.
    public var commandKeys: [(name: String, keys: [KeyChord])] = []
    /// One line for stderr per bad line: `FILE:LINE: what is wrong`.
    public var problems: [String] = []
    /// How many lines set something (settings and keys).
    public var settingsRead = 0

    public init() {}

    // MARK: - Settings

    /// One setting the file can hold.
    struct Setting: Sendable {
        let name: String
        let help: String
        /// Its built-in value, as the file writes it.
        let builtin: String
        /// Sets it from the text; an error message when the text is wrong.
        let apply: @Sendable (inout Defaults, String) -> String?
        /// Its value in `defaults`, as the file writes it, when set.
        let value: @Sendable (Defaults) -> String?
    }

    static func boolean(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "yes", "on", "1": true
        case "false", "no", "off", "0": false
        default: nil
        }
    }

    /// The case `text` names, or why it names none.
    static func choice<T: RawRepresentable & CaseIterable>(_ text: String, _: T.Type) -> (value: T?, problem: String)
        where T.RawValue == String {
        (T(rawValue: text.lowercased()), "'\(text)' is not one of " + T.allCases.map(\.rawValue).joined(separator: ", "))
    }

    static func flag(_ name: String, help: String, builtin: Bool,
                     _ path: WritableKeyPath<Defaults, Bool?> & Sendable) -> Setting {
        Setting(name: name, help: help, builtin: builtin ? "true" : "false", apply: { defaults, text in
            guard let value = boolean(text) else { return "'\(text)' is not true or false" }
            defaults[keyPath: path] = value
            return nil
        }, value: { $0[keyPath: path].map { $0 ? "true" : "false" } })
    }

    static func pick<T: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, help: String, builtin: T, _ path: WritableKeyPath<Defaults, T?> & Sendable
    ) -> Setting where T.RawValue == String {
        Setting(name: name, help: help, builtin: builtin.rawValue, apply: { defaults, text in
            let (value, problem) = choice(text, T.self)
            guard let value else { return problem }
            defaults[keyPath: path] = value
            return nil
        }, value: { $0[keyPath: path]?.rawValue })
    }

    static func number(_ name: String, help: String, builtin: Double, _ range: ClosedRange<Double>,
                       _ path: WritableKeyPath<Defaults, Double?> & Sendable) -> Setting {
        Setting(name: name, help: help, builtin: ConfigNumber.text(builtin), apply: { defaults, text in
            guard let value = Double(text), range.contains(value) else {
                return "'\(text)' is not a number from \(ConfigNumber.text(range.lowerBound)) to \(ConfigNumber.text(range.upperBound))"
            }
            defaults[keyPath: path] = value
            return nil
        }, value: { $0[keyPath: path].map(ConfigNumber.text) })
    }

    /// Every setting, in the order `--print-config` writes them.
    /// Every setting, in the order `--print-config` writes them, each with
    /// the built-in value the browser's options and the order start with.
    static let settings: [Setting] = {
        let builtin = BrowserOptions()
        return [
            pick("layout", help: "How pages are laid out: auto, grid, albums, row, column.", builtin: builtin.layout,
                 \.layout),
            pick("sort", help: "The order: name, mtime (oldest first), size (smallest first), random.",
                 builtin: ImageOrder().key, \.sort),
            flag("reverse", help: "The order backwards.", builtin: ImageOrder().reverse, \.reverse),
            flag("recursive", help: "Take every subfolder of the folders given, at any depth.",
                 builtin: OpenRequest(paths: []).recursive, \.recursive),
            flag("wrap", help: "Bounded axes wrap around.", builtin: builtin.wrap, \.wrap),
            flag("hud", help: "Show the HUD at start (i toggles it).", builtin: builtin.showHUD, \.hud),
            flag("backdrop", help: "Draw the blurred backdrop behind letterboxed images (b toggles it).",
                 builtin: builtin.showBackdrop, \.backdrop),
            number("parallax", help: "How far the backdrop moves with the pages, 0 to 1.",
                   builtin: builtin.parallax, 0...1, \.parallax),
            number("slideshow-interval", help: "Seconds between the slideshow's steps (s, --slideshow).",
                   builtin: builtin.slideshowInterval, Slideshow.minimumInterval...86_400, \.slideshowInterval),
            pick("renderer", help: "Renderer: auto (software under Xvfb or without a GPU, OpenGL on Wayland), gpu or software.",
                 builtin: builtin.renderer, \.renderer),
            flag("watch", help: "Watch the open folder: images added, removed or rewritten show at once.",
                 builtin: builtin.watchesFolders, \.watch),
            pick("video", help: "Display system: auto (Wayland when WAYLAND_DISPLAY is set, else X11), x11 or wayland.",
                 builtin: builtin.video, \.video),
            number("touchpad-distance-horizontal",
                   help: "Touchpad travel that moves one page sideways, in touchpad units (libadwaita's 400).",
                   builtin: builtin.pager.touchpadDistance.horizontal, 50...10_000, \.touchpadDistanceHorizontal),
            number("touchpad-distance-vertical",
                   help: "Touchpad travel that moves one page up or down, in touchpad units (libadwaita's 300).",
                   builtin: builtin.pager.touchpadDistance.vertical, 50...10_000, \.touchpadDistanceVertical),
            flag("long-swipes", help: "A long or fast swipe may turn several pages (else one page a swipe).",
                 builtin: builtin.pager.allowsLongSwipes, \.longSwipes),
            pick("key-flip", help: "How a key, a wheel notch or the slideshow turns a page: slide (a 120 ms ease-out) or swap (at once).",
                 builtin: KeyFlipStyle.slide, \.keyFlip),
            pick("key-handler-separator",
                 help: "What ends each path on the key handler's stdin: newline (nsxiv's; names holding one are left out) or nul.",
                 builtin: builtin.keyHandlerSeparator, \.keyHandlerSeparator),
        ]
    }()

    // MARK: - Reading

    /// The file's place: `$XDG_CONFIG_HOME/fourway/config`, else
    /// `$HOME/.config/fourway/config`; nil when neither variable is set.
    public static func standardPath() -> String? {
        if let xdg = Browser.environment("XDG_CONFIG_HOME"), xdg.hasPrefix("/") { return xdg + "/fourway/config" }
        guard let home = Browser.environment("HOME"), !home.isEmpty else { return nil }
        return home + "/.config/fourway/config"
    }

    /// The file at `path`, parsed; nil when there is no file. A file that
    /// exists and cannot be read is one problem.
    public static func load(path: String) -> ConfigFile? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            // Missing, or behind a folder this user may not enter (another
            // user's HOME, under sudo or setpriv): there is no file to speak of.
            var info = stat()
            if errno == ENOENT || errno == ENOTDIR || stat(path, &info) != 0 { return nil }
            var config = ConfigFile()
            config.problems.append(path + ": cannot read it (" + String(cString: strerror(errno)) + "); ignored")
            return config
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while bytes.count <= maximumBytes {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            bytes += chunk[..<count]
        }
        guard bytes.count <= maximumBytes else {
            var config = ConfigFile()
            config.problems.append(path + ": over \(maximumBytes / 1024) KB, not a configuration file; ignored")
            return config
        }
        return parse(String(decoding: bytes, as: UTF8.self), file: path)
    }

    /// A configuration is a few lines; more than this is some other file.
    static let maximumBytes = 256 * 1024

    /// Parses the text of the file called `file` (named in the problems).
    public static func parse(_ text: String, file: String) -> ConfigFile {
        var config = ConfigFile()
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingSpaces
            if line.isEmpty || line.hasPrefix("#") { continue }
            let problem: String? = config.read(line, number: index + 1)
            if let problem { config.problems.append("\(file):\(index + 1): \(problem); line ignored") }
        }
        // A key may come before its command: each is checked once all are read.
        for (name, line) in config.pendingCommandKeys where !config.commands.contains(where: { $0.name == name }) {
            config.problems.append("\(file):\(line): no command '\(name)' (define it: command.\(name) = PROGRAM ARG…); line ignored")
            config.commandKeys.removeAll { $0.name == name }
            config.settingsRead -= 1
        }
        config.pendingCommandKeys = []
        return config
    }

    /// The command keys read, with their lines, until the file's end checks them.
    private var pendingCommandKeys: [(name: String, line: Int)] = []

    /// Applies one line, line `number`; what is wrong with it, or nil.
    private mutating func read(_ line: String, number: Int) -> String? {
        guard let equals = line.firstIndex(of: "=") else { return "no '=' (write NAME = VALUE)" }
        let name = line[..<equals].trimmingSpaces.lowercased()
        let value = line[line.index(after: equals)...].trimmingSpaces
        if name.hasPrefix("command.") { return readCommand(String(name.dropFirst(8)), value, number: number) }
        if name.hasPrefix("key.command.") {
            let commandName = String(name.dropFirst(12))
            guard UserCommand.isValidName(commandName) else { return "'\(commandName)' is not a command name" }
            let (chords, bad) = Self.chords(value)
            if let bad { return "'\(bad)' is not a key fourway knows" }
            commandKeys.removeAll { $0.name == commandName }
            commandKeys.append((commandName, chords))
            pendingCommandKeys.append((commandName, number))
            settingsRead += 1
            return nil
        }
        if name.hasPrefix("key.") {
            let actionName = String(name.dropFirst(4))
            guard let action = Action(configName: actionName) else {
                return "no action '\(actionName)' (fourway --print-config lists them)"
            }
            guard KeyMap.remappable.contains(action) else { return "'\(actionName)' is a gesture; it has no keys" }
            let (chords, bad) = Self.chords(value)
            if let bad { return "'\(bad)' is not a key fourway knows" }
            keys.append((action, chords))
            settingsRead += 1
            return nil
        }
        guard let setting = Self.settings.first(where: { $0.name == name }) else {
            return "no setting '\(name)' (fourway --print-config lists them)"
        }
        if let problem = setting.apply(&defaults, value) { return name + ": " + problem }
        settingsRead += 1
        return nil
    }

    /// A command line, `command.NAME = VALUE`; what is wrong with it, or nil.
    private mutating func readCommand(_ name: String, _ value: String, number: Int) -> String? {
        guard UserCommand.isValidName(name) else {
            return "'\(name)' is not a command name (letters, digits, - and _)"
        }
        guard !commands.contains(where: { $0.name == name }) else { return "command '\(name)' is defined twice" }
        do {
            commands.append(try UserCommand(name: name, value: value))
        } catch {
            return "command." + name + ": " + error.description
        }
        settingsRead += 1
        return nil
    }

    /// The keys of a `KEY, KEY…` value, or the first part that is no key.
    static func chords(_ value: String) -> (chords: [KeyChord], bad: String?) {
        var chords: [KeyChord] = []
        for part in value.split(separator: ",") {
            let text = part.trimmingSpaces
            guard let chord = KeyChord(parsing: text) else { return ([], text) }
            if !chords.contains(chord) { chords.append(chord) }
        }
        return (chords, nil)
    }

    /// `base` with the file's keys given to their actions, in the file's
    /// order, and to its commands.
    public func keyMap(from base: KeyMap) -> KeyMap {
        var map = keys.reduce(base) { map, entry in map.remapping(entry.action, to: entry.keys) }
        map.commands = commandKeys.compactMap { entry in
            commands.first { $0.name == entry.name }.map { KeyMap.CommandKeys(name: $0.name, keys: entry.keys, value: $0.value) }
        }
        return map
    }

    // MARK: - Printing

    /// The commands' part of the printed file: how to write one, then each
    /// command with its keys (examples, commented out, when there is none).
    static func printedCommands(_ commands: [UserCommand], keyMap: KeyMap) -> [String] {
        var out = ["", "# Commands: command.NAME = PROGRAM ARG… runs PROGRAM (on PATH; no shell) without",
                   "# waiting; its exit status and its first stderr line come back as a notice.",
                   "# %f: the image's path, %F: the marked images' paths (else the image's), one",
                   "# argument each, %d: the image's folder, %%: a %. Quote an argument with spaces:",
                   "# \"…\" or '…'. key.command.NAME = KEY, KEY… gives it keys (they win over actions').",
                   "# Ctrl+X, then a key, runs the key handler (as nsxiv's): $XDG_CONFIG_HOME/fourway/key-handler KEY",
                   "# (else ~/.config/fourway/key-handler), the paths on its standard input."]
        guard !commands.isEmpty else {
            return out + ["# command.gimp = gimp %F", "# key.command.gimp = Ctrl+G",
                          "# command.wallpaper = feh --bg-fill %f", "# key.command.wallpaper = W"]
        }
        for command in commands {
            out.append("command." + command.name + " = " + command.value)
            let keys = keyMap.commands.first { $0.name == command.name }?.keys ?? []
            out.append("key.command." + command.name + " = " + keys.map(\.label).joined(separator: ", "))
        }
        return out
    }

    /// The effective configuration as a file: every setting with its value
    /// (`effective`'s, else the built-in one), then every action's keys,
    /// each with its help.
    public static func printed(_ effective: Defaults, keyMap: KeyMap, commands: [UserCommand] = []) -> String {
        var out = [
            "# fourway's configuration: $XDG_CONFIG_HOME/fourway/config, else ~/.config/fourway/config.",
            "# NAME = VALUE, one a line; '#' starts a comment line. The command line wins over",
            "# this file. A bad line is named on stderr and ignored; the rest applies.",
            "",
        ]
        for setting in settings {
            out.append("# " + setting.help)
            out.append(setting.name + " = " + (setting.value(effective) ?? setting.builtin))
        }
        out += ["", "# Keys: key.ACTION = KEY, KEY… (an empty value unbinds). Keys are written as in the",
                "# help: r, R (Shift+r), Ctrl+C, Ctrl+Shift+C, Left, Home, PageDown, F1, Tab, Enter,",
                "# Escape, Backspace, +, -, ?, 0 to 9."]
        for action in KeyMap.remappable {
            let help = keyMap.rows.first { $0.action == action }?.help ?? ""
            out.append("# " + help)
            out.append("key." + action.configName + " = " + keyMap.keys(of: action).map(\.label).joined(separator: ", "))
        }
        return (out + printedCommands(commands, keyMap: keyMap)).joined(separator: "\n") + "\n"
    }

}

/// Numbers as the configuration writes them: `0.3`, `4`.
enum ConfigNumber {
    static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" || first == "\r" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text.removeLast() }
        return String(text)
    }
}
