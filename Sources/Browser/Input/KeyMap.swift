/// Everything the user can ask of the browser, named once. Which keys,
/// buttons or gestures ask for it, where, and what its help says is
/// ``KeyMap``'s table; what it does is its handler: one case of the
/// session's `perform(_:at:)` (`Session/BrowserSession+Actions.swift`),
/// which the input hands actions to as they are. Only the actions that move
/// the pages become engine calls on the way (``InputTranslator``), and the
/// overview handles its own (`OverviewScreen`).
///
/// ```swift
/// KeyMap.action(for: .right, ctrl: false, in: .pager)   // .flipRight
/// ```
public enum Action: String, CaseIterable, Sendable, Hashable {
    // Pages
    case dragPages, touchpadSwipe, wheelFlip, wheelFlipSideways
    case flipLeft, flipRight, flipUp, flipDown
    case previousRow, nextRow
    case rowStart, rowEnd, galleryStart, galleryEnd
    // Zoom
    case zoomIn, zoomOut, zoomGesture, zoomToggle, zoomFit, pan
    // Overview
    case toggleOverview, moveHighlightLeft, moveHighlightRight, moveHighlightUp, moveHighlightDown
    case screenUp, screenDown, largerThumbnails, smallerThumbnails, openHighlighted, openClicked, scrollThumbnails
    // The image on the current page, and the gallery
    case rotateClockwise, rotateAnticlockwise, mirrorLeftRight, mirrorTopBottom
    case copyPath, copyImage, moveToTrash, undo, toggleSlideshow, showInfo, openWithDefault, openFolder, goTo
    case toggleAnimation
    // Marks: images picked to act on together
    case toggleMark, invertMarks, clearMarks, nextMarked, previousMarked, markClicked, markRange
    // Programs: nsxiv's key handler (the configured commands are bound by name: KeyMap.commands)
    case keyHandler
    // The shell
    case toggleHUD, toggleBackdrop, toggleHelp, toggleFullscreen, escape, quit
}

/// A key with or without Ctrl and Shift.
///
/// ```swift
/// KeyChord(.home, ctrl: true).label              // "Ctrl+Home"
/// KeyChord(.r, shift: true).label                // "R"
/// KeyChord(.c, ctrl: true, shift: true).label    // "Ctrl+Shift+C"
/// ```
public struct KeyChord: Sendable, Hashable {
    public var key: BrowserKey
    public var ctrl: Bool
    public var shift: Bool

    public init(_ key: BrowserKey, ctrl: Bool = false, shift: Bool = false) {
        self.key = key
        self.ctrl = ctrl
        self.shift = shift
    }

    /// As the help writes it: a letter with Shift alone is its capital
    /// (`R`), as feh, sxiv and Loupe write their keys; with Ctrl it is spelt
    /// out (`Ctrl+Shift+C`).
    public var label: String {
        let name = key.label
        let isLetter = name.count == 1 && name.first!.isLetter
        if shift && isLetter && !ctrl { return name.uppercased() }
        return (ctrl ? "Ctrl+" : "") + (shift ? "Shift+" : "") + (isLetter && (ctrl || shift) ? name.uppercased() : name)
    }
}

/// The one table of bindings: every key, button, wheel and gesture binding
/// is a row naming its action, the keys (or the gesture, for continuous
/// input that ``PointerRouter`` and ``WheelClassifier`` follow), the modes
/// it works in and its help text. Key translation, the help overlay,
/// `fourway --help` and the README's key table are all made from it, so
/// adding an action is one row here plus its handler (a case of ``Action``
/// and of the session's `perform(_:at:)` in
/// `Session/BrowserSession+Actions.swift`, which the compiler asks for).
///
/// ```swift
/// if let action = KeyMap.action(for: .tab, ctrl: false, in: .pager) { … }   // .toggleOverview
/// print(KeyMap.plainText())                                                 // the --help table
/// ```
public struct KeyMap: Sendable {
    /// The rows in force: ``standard``, or remapped by the configuration file.
    public var rows: [Row]
    /// The configuration file's commands with keys (`key.command.NAME`), in
    /// its order: a command's key wins over an action's.
    public var commands: [CommandKeys] = []

    /// A configured command's keys, and its value for the help.
    public struct CommandKeys: Sendable, Hashable {
        public var name: String
        public var keys: [KeyChord]
        /// The command as the file writes it (`gimp %F`).
        public var value: String

        public init(name: String, keys: [KeyChord], value: String) {
            self.name = name
            self.keys = keys
            self.value = value
        }
    }

    /// The command `key` runs: the first bound to exactly this chord.
    ///
    /// ```swift
    /// var map = KeyMap.standard
    /// map.commands = [.init(name: "gimp", keys: [KeyChord(.letter("x"))], value: "gimp %F")]
    /// map.command(for: .letter("x"), ctrl: false, shift: false)   // "gimp"
    /// ```
    public func command(for key: BrowserKey, ctrl: Bool, shift: Bool) -> String? {
        let chord = KeyChord(key, ctrl: ctrl, shift: shift)
        return commands.first { $0.keys.contains(chord) }?.name
    }

    /// `KeyMap(rows: KeyMap.standardRows)` is ``standard``.
    public init(rows: [Row]) {
        self.rows = rows
    }

    /// The built-in bindings, which `--help` and the README show.
    public static let standard = KeyMap(rows: standardRows)

    /// Where a row applies.
    public enum Mode: String, CaseIterable, Sendable, Hashable {
        /// Browsing the pages.
        case pager
        /// Browsing the pages with the current page zoomed in.
        case zoomed
        /// The thumbnail overview.
        case overview

        /// Its name in the help.
        public var title: String {
            switch self {
            case .pager: "pages"
            case .zoomed: "zoomed"
            case .overview: "overview"
            }
        }
    }

    /// One binding.
    public struct Row: Sendable {
        public var action: Action
        /// Keys that ask for the action (empty for a gesture-only row).
        public var keys: [KeyChord]
        /// The pointer, wheel or touch input that asks for it, as the help
        /// writes it (nil for a key-only row).
        public var gesture: String?
        public var modes: [Mode]
        public var help: String

        /// The input column of the help: the keys, then the gesture.
        public var inputLabel: String {
            ([keys.map(\.label).joined(separator: ", ")] + (gesture.map { [$0] } ?? []))
                .filter { !$0.isEmpty }.joined(separator: ", ")
        }
    }

    private static func keys(_ keys: BrowserKey..., ctrl: Bool = false, shift: Bool = false) -> [KeyChord] {
        keys.map { KeyChord($0, ctrl: ctrl, shift: shift) }
    }

    private static let both: [Mode] = [.pager, .overview]

    /// The standard table's rows (``standard``'s).
    public static var rows: [Row] { standard.rows }

    /// The table, in the order the help shows it.
    public static let standardRows: [Row] = [
        Row(action: .dragPages, keys: [], gesture: "drag (left button or a finger)", modes: [.pager],
            help: "moves the pages, locked to one axis"),
        Row(action: .touchpadSwipe, keys: [], gesture: "touchpad two-finger swipe", modes: [.pager],
            help: "the pages follow the fingers (Wayland, X11); one swipe, one page"),
        Row(action: .wheelFlip, keys: [], gesture: "mouse wheel", modes: [.pager], help: "one page up / down"),
        Row(action: .wheelFlipSideways, keys: [], gesture: "Shift+wheel, tilt wheel", modes: [.pager],
            help: "one page left / right"),
        Row(action: .flipLeft, keys: keys(.left, .h), modes: [.pager], help: "one page"),
        Row(action: .flipRight, keys: keys(.right, .l), modes: [.pager], help: "one page"),
        Row(action: .flipUp, keys: keys(.up, .k), modes: [.pager], help: "one page"),
        Row(action: .flipDown, keys: keys(.down, .j), modes: [.pager], help: "one page"),
        Row(action: .previousRow, keys: keys(.pageUp), modes: [.pager], help: "previous / next row (album)"),
        Row(action: .nextRow, keys: keys(.pageDown), modes: [.pager], help: "previous / next row (album)"),
        Row(action: .rowStart, keys: keys(.home), modes: [.pager], help: "first / last page of the row"),
        Row(action: .rowEnd, keys: keys(.end), modes: [.pager], help: "first / last page of the row"),
        Row(action: .galleryStart, keys: keys(.home, ctrl: true), modes: [.pager], help: "first / last image"),
        Row(action: .galleryEnd, keys: keys(.end, ctrl: true), modes: [.pager], help: "first / last image"),
        Row(action: .zoomIn, keys: keys(.plus), modes: [.pager], help: "zoom in / out around the pointer"),
        Row(action: .zoomOut, keys: keys(.minus), modes: [.pager], help: "zoom in / out around the pointer"),
        Row(action: .zoomGesture, keys: [], gesture: "Ctrl+wheel, pinch", modes: [.pager],
            help: "zoom in / out around the pointer"),
        Row(action: .zoomToggle, keys: [], gesture: "double-click", modes: [.pager],
            help: "fit ↔ 1:1 pixels around the pointer"),
        Row(action: .zoomFit, keys: keys(.digit(0)), modes: [.pager], help: "back to fit"),
        Row(action: .pan, keys: [], gesture: "drag, touchpad swipe", modes: [.zoomed],
            help: "pans the image, then the pages at its edge"),
        Row(action: .toggleOverview, keys: keys(.tab, .o), modes: [.pager], help: "overview of every page (thumbnails)"),
        Row(action: .moveHighlightLeft, keys: keys(.left, .h), modes: [.overview], help: "move the highlight"),
        Row(action: .moveHighlightRight, keys: keys(.right, .l), modes: [.overview], help: "move the highlight"),
        Row(action: .moveHighlightUp, keys: keys(.up, .k), modes: [.overview], help: "move the highlight"),
        Row(action: .moveHighlightDown, keys: keys(.down, .j), modes: [.overview], help: "move the highlight"),
        Row(action: .screenUp, keys: keys(.pageUp), modes: [.overview], help: "a screen up / down"),
        Row(action: .screenDown, keys: keys(.pageDown), modes: [.overview], help: "a screen up / down"),
        Row(action: .rowStart, keys: keys(.home), modes: [.overview], help: "first / last thumbnail of the row"),
        Row(action: .rowEnd, keys: keys(.end), modes: [.overview], help: "first / last thumbnail of the row"),
        Row(action: .galleryStart, keys: keys(.home, ctrl: true), modes: [.overview], help: "first / last image"),
        Row(action: .galleryEnd, keys: keys(.end, ctrl: true), modes: [.overview], help: "first / last image"),
        Row(action: .largerThumbnails, keys: keys(.plus), modes: [.overview], help: "larger / smaller thumbnails"),
        Row(action: .smallerThumbnails, keys: keys(.minus), modes: [.overview], help: "larger / smaller thumbnails"),
        Row(action: .scrollThumbnails, keys: [], gesture: "drag, wheel, touchpad swipe", modes: [.overview],
            help: "scroll the thumbnails"),
        Row(action: .openHighlighted, keys: keys(.enter), modes: [.overview], help: "open the highlighted page"),
        Row(action: .openClicked, keys: [], gesture: "click, tap", modes: [.overview], help: "open that page"),
        Row(action: .toggleOverview, keys: keys(.tab, .o), modes: [.overview],
            help: "back to the pages, on the highlighted one"),
        Row(action: .escape, keys: keys(.escape), modes: [.overview],
            help: "cancel a drag, or back where it opened"),
        Row(action: .rotateClockwise, keys: keys(.r), modes: [.pager], help: "turn the image 90° clockwise / anticlockwise"),
        Row(action: .rotateAnticlockwise, keys: keys(.r, shift: true) + keys(.r, ctrl: true), modes: [.pager],
            help: "turn the image 90° clockwise / anticlockwise"),
        Row(action: .mirrorLeftRight, keys: keys(.bar), modes: [.pager], help: "flip the image left↔right / top↔bottom"),
        Row(action: .mirrorTopBottom, keys: keys(.underscore), modes: [.pager],
            help: "flip the image left↔right / top↔bottom"),
        Row(action: .copyPath, keys: keys(.c, ctrl: true), modes: [.pager],
            help: "copy the image's path (with marks: theirs) / the image"),
        Row(action: .copyImage, keys: keys(.c, ctrl: true, shift: true), modes: [.pager],
            help: "copy the image's path (with marks: theirs) / the image"),
        Row(action: .moveToTrash, keys: keys(.delete), modes: [.pager],
            help: "move the image (with marks: every marked one) to the trash"),
        Row(action: .undo, keys: keys(.u) + keys(.z, ctrl: true), modes: [.pager], help: "undo the move to the trash"),
        Row(action: .toggleSlideshow, keys: keys(.s), modes: [.pager],
            help: "start / stop the slideshow (with marks: of the marked images)"),
        Row(action: .toggleAnimation, keys: [KeyChord(.letter("p"))], modes: [.pager], help: "play/pause animation"),
        Row(action: .showInfo, keys: keys(.i, shift: true), modes: [.pager],
            help: "show / hide the image's information (file, size, camera, exposure, place)"),
        Row(action: .openWithDefault, keys: keys(.e), modes: [.pager], help: "open the image / its folder elsewhere"),
        Row(action: .openFolder, keys: keys(.o, ctrl: true), modes: [.pager], help: "open the image / its folder elsewhere"),
        Row(action: .goTo, keys: keys(.g), modes: [.pager], help: "go to image N: type N, then Enter"),
        Row(action: .toggleMark, keys: keys(.letter("m")), modes: both, help: "mark / unmark the image"),
        Row(action: .invertMarks, keys: keys(.letter("m"), shift: true), modes: both, help: "invert every mark / clear them"),
        Row(action: .clearMarks, keys: keys(.letter("m"), ctrl: true), modes: both, help: "invert every mark / clear them"),
        Row(action: .nextMarked, keys: keys(.letter("n"), shift: true), modes: both,
            help: "next / previous marked image"),
        Row(action: .previousMarked, keys: keys(.letter("p"), shift: true), modes: both,
            help: "next / previous marked image"),
        Row(action: .markClicked, keys: [], gesture: "Ctrl+click", modes: [.overview], help: "mark / unmark that image"),
        Row(action: .markRange, keys: [], gesture: "Shift+click", modes: [.overview],
            help: "mark the images from the highlighted one to that one"),
        Row(action: .keyHandler, keys: keys(.letter("x"), ctrl: true), modes: both,
            help: "then a key: the key-handler script, on the image(s)"),
        Row(action: .toggleHUD, keys: keys(.i), modes: both, help: "show / hide the HUD"),
        Row(action: .toggleBackdrop, keys: keys(.b), modes: both, help: "show / hide the blurred backdrop"),
        Row(action: .toggleHelp, keys: keys(.question, .f1), modes: both, help: "show / hide this help"),
        Row(action: .toggleFullscreen, keys: keys(.f, .f11), modes: both, help: "fullscreen"),
        Row(action: .escape, keys: keys(.escape), modes: [.pager], help: "cancel a drag, close the help, or quit"),
        Row(action: .quit, keys: keys(.q), modes: both, help: "quit"),
    ]

    /// The action `key` asks for in `mode`. A modifier the key is not bound
    /// with is let go of, Shift first: Shift+→ and Ctrl+→ flip like →.
    public static func action(for key: BrowserKey, ctrl: Bool, shift: Bool = false, in mode: Mode) -> Action? {
        standard.action(for: key, ctrl: ctrl, shift: shift, in: mode)
    }

    /// The action `key` asks for in `mode` in these bindings (see the static ``action(for:ctrl:shift:in:)``).
    public func action(for key: BrowserKey, ctrl: Bool, shift: Bool = false, in mode: Mode) -> Action? {
        let exact = KeyChord(key, ctrl: ctrl, shift: shift)
        if let row = rows.first(where: { $0.modes.contains(mode) && $0.keys.contains(exact) }) { return row.action }
        if shift { return action(for: key, ctrl: ctrl, shift: false, in: mode) }
        guard ctrl else { return nil }
        return action(for: key, ctrl: false, in: mode)
    }

    /// One line of the help: neighbouring rows with the same modes and
    /// help text share one ("←, h / →, l / ↑, k / ↓, j: one page").
    public struct HelpLine: Sendable, Hashable {
        public var modes: [Mode]
        public var input: String
        public var help: String
    }

    /// The help's sections: the rows of each set of modes, in the order
    /// the sets first appear in the table, each with its lines.
    public func helpSections() -> [(modes: [Mode], lines: [HelpLine])] {
        var sections: [(modes: [Mode], lines: [HelpLine])] = []
        for row in rows {
            let line = HelpLine(modes: row.modes, input: row.inputLabel, help: row.help)
            guard let index = sections.firstIndex(where: { $0.modes == row.modes }) else {
                sections.append((row.modes, [line]))
                continue
            }
            if let last = sections[index].lines.last, last.help == row.help {
                sections[index].lines[sections[index].lines.count - 1].input += " / " + row.inputLabel
            } else {
                sections[index].lines.append(line)
            }
        }
        return sections
    }

    /// Every line of the help, section by section.
    public func helpLines() -> [HelpLine] { helpSections().flatMap(\.lines) }

    /// The heading of the section for `modes`.
    static func heading(_ modes: [Mode]) -> String {
        switch modes {
        case [.pager]: "In the pages:"
        case [.zoomed]: "On a zoomed page:"
        case [.overview]: "In the overview (Tab):"
        default: "In the " + modes.map(\.title).joined(separator: " and the ") + ":"
        }
    }

    /// Lines under a heading per section, each made by `format`.
    private func sections(_ format: (HelpLine) -> String) -> [String] {
        var out: [String] = []
        for section in helpSections() {
            if !out.isEmpty { out.append("") }
            out.append(Self.heading(section.modes))
            out += section.lines.map(format)
        }
        return out
    }

    /// The table for `fourway --help`: two aligned columns under a heading per section.
    public static func plainText(indent: String = "  ") -> String { standard.plainText(indent: indent) }

    /// This table for `--help`.
    public func plainText(indent: String = "  ") -> String {
        let width = helpLines().map(\.input.count).max() ?? 0
        return sections { line in
            indent + line.input + String(repeating: " ", count: width - line.input.count + 2) + line.help
        }.joined(separator: "\n")
    }

    /// The README's key table (Markdown): input, what it does, where.
    public static func markdownTable() -> String { standard.markdownTable() }

    /// This table in Markdown.
    public func markdownTable() -> String {
        var out = ["| input | does | where |", "| --- | --- | --- |"]
        for line in helpLines() {
            out.append("| " + line.input + " | " + line.help + " | " + line.modes.map(\.title).joined(separator: ", ") + " |")
        }
        return out.joined(separator: "\n")
    }

    /// The `?` overlay's lines: a heading per section, then "input\thelp".
    public func overlayLines() -> [String] {
        sections { line in line.input + "\t" + line.help } + (commands.isEmpty ? [] : [""] + commandLines())
    }

    /// The commands' section of the help: a heading, then "keys\tNAME: value",
    /// a long value cut to ``commandHelpLength`` characters.
    func commandLines() -> [String] {
        ["Commands (configuration file):"] + commands.map { command in
            let value = command.value.count > Self.commandHelpLength
                ? command.value.prefix(Self.commandHelpLength - 1) + "…" : Substring(command.value)
            return command.keys.map(\.label).joined(separator: ", ") + "\t" + command.name + ": " + value
        }
    }

    /// The longest command value the help shows whole, characters.
    static let commandHelpLength = 40

    /// The overlay's lines in two columns of whole sections, the first
    /// holding sections until it has about half the lines.
    public func overlayColumns() -> [[String]] {
        let all = helpSections()
        let total = all.reduce(0) { $0 + $1.lines.count + 2 }
        var columns: [[String]] = [[], []]
        var column = 0
        for section in all {
            if column == 0, !columns[0].isEmpty, columns[0].count + (section.lines.count + 2) / 2 > total / 2 { column = 1 }
            if !columns[column].isEmpty { columns[column].append("") }
            columns[column].append(Self.heading(section.modes))
            columns[column] += section.lines.map { $0.input + "\t" + $0.help }
        }
        if !commands.isEmpty { columns[1] += (columns[1].isEmpty ? [] : [""]) + commandLines() }
        return columns
    }
}

extension BrowserKey {
    /// The key as the help writes it.
    public var label: String {
        switch self {
        case .left: "←"
        case .right: "→"
        case .up: "↑"
        case .down: "↓"
        case .h: "h"
        case .j: "j"
        case .k: "k"
        case .l: "l"
        case .home: "Home"
        case .end: "End"
        case .pageUp: "PageUp"
        case .pageDown: "PageDown"
        case .i: "i"
        case .f: "f"
        case .q: "q"
        case .question: "?"
        case .escape: "Escape"
        case .f1: "F1"
        case .f11: "F11"
        case .tab: "Tab"
        case .o: "o"
        case .enter: "Enter"
        case .plus: "+"
        case .minus: "-"
        case .digit(let n): String(n)
        case .b: "b"
        case .c: "c"
        case .s: "s"
        case .e: "e"
        case .g: "g"
        case .backspace: "Backspace"
        case .delete: "Delete"
        case .r: "r"
        case .bar: "|"
        case .underscore: "_"
        case .u: "u"
        case .z: "z"
        case .letter(let letter): String(letter)
        case .other: "(other)"
        }
    }
}
