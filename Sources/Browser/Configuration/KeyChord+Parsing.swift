extension KeyChord {
    /// A chord written as the help writes it, for the configuration file:
    /// `r`, `R` (Shift+r), `Ctrl+C`, `Ctrl+Shift+C`, `Shift+Right`, `Left`
    /// or `←`, `Home`, `PageDown`, `F1`, `Tab`, `Enter`, `Escape`,
    /// `Backspace`, `+`, `-`, `?`, `0`…`9`. Case does not matter in names
    /// and modifiers; a single capital letter means Shift. Nil when it names
    /// no key the browser answers to.
    ///
    /// ```swift
    /// KeyChord(parsing: "Ctrl+Shift+C")   // KeyChord(.c, ctrl: true, shift: true)
    /// KeyChord(parsing: "R")              // KeyChord(.r, shift: true), were r a key
    /// ```
    public init?(parsing text: String) {
        var parts = text.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        // "+" itself, alone or after a modifier ("Ctrl++").
        if parts.count >= 2, parts.suffix(2) == ["", ""] { parts.removeLast(2); parts.append("+") }
        guard let last = parts.popLast()?.trimmingSpaces, !last.isEmpty else { return nil }
        var ctrl = false, shift = false
        for modifier in parts.map(\.trimmingSpaces) {
            switch modifier.lowercased() {
            case "ctrl", "control": ctrl = true
            case "shift": shift = true
            default: return nil
            }
        }
        // A capital alone means Shift (`R`); with a modifier the case is the
        // help's spelling (`Ctrl+C`), and Shift is written out.
        if parts.isEmpty, last.count == 1, let letter = last.first, letter.isLetter, letter.isUppercase {
            shift = true
        }
        guard let key = BrowserKey(name: last) else { return nil }
        self.init(key, ctrl: ctrl, shift: shift)
    }
}

extension BrowserKey {
    /// Every key that can be bound, in the help's order of kinds.
    public static let bindable: [BrowserKey] = [
        .left, .right, .up, .down, .h, .j, .k, .l, .home, .end, .pageUp, .pageDown,
        .i, .f, .q, .question, .escape, .f1, .f11, .tab, .o, .enter, .plus, .minus, .b,
        .c, .s, .e, .g, .u, .z, .r, .bar, .underscore, .delete, .backspace,
    ] + (0...9).map(BrowserKey.digit)

    /// The key a name means: its label (`←`, `h`, `PageUp`), or the arrows'
    /// English names; case-insensitive.
    public init?(name: String) {
        let wanted = name.lowercased()
        let aliases: [String: BrowserKey] = ["left": .left, "right": .right, "up": .up, "down": .down,
                                            "return": .enter, "esc": .escape, "pgup": .pageUp, "pgdn": .pageDown]
        if let key = aliases[wanted] {
            self = key
            return
        }
        if let key = Self.bindable.first(where: { $0.label.lowercased() == wanted }) {
            self = key
        } else if wanted.count == 1, let letter = wanted.first, letter.isASCII, letter.isLetter {
            self = .letter(letter)   // a letter with no action of its own yet
        } else {
            return nil
        }
    }
}
