/// The one table of bindings: every key, button, wheel and gesture binding
/// is a row naming its action, the keys (or the gesture, for continuous
/// input that ``PointerRouter`` and ``WheelClassifier`` follow), the modes
/// it works in and its help text. Key translation, the help overlay,
/// `fourway --help` and the README's key table are all made from it
/// (`KeyMap+Help.swift`), so adding an action is one row of
/// ``standardRows`` (`KeyMap+Standard.swift`) plus its handler (a case of
/// ``Action``, `Action.swift`, and of the session's `perform(_:at:)` in
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

    /// Where a row applies.
    public enum Mode: String, CaseIterable, Sendable, Hashable {
        /// Browsing the pages.
        case pager
        /// Browsing the pages with the current page zoomed in.
        case zoomed
        /// The thumbnail overview.
        case overview
        /// The compare view (`Compare/CompareScreen.swift`).
        case compare

        /// Its name in the help.
        public var title: String {
            switch self {
            case .pager: "pages"
            case .zoomed: "zoomed"
            case .overview: "overview"
            case .compare: "compare view"
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
}
