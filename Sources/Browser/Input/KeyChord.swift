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
