import Glibc

/// One-line messages on stderr, each prefixed with `fourway: `.
///
/// File names and a program's output are anyone's bytes: a name holding
/// `ESC [` would drive the user's terminal, one holding a newline would
/// forge a line. So every message goes through ``escaped(_:)-(String)``
/// on its way out.
///
/// ```swift
/// StandardError.line("photos/bad.jpg: truncated JPEG data")
/// StandardError.escaped("a\u{1B}[31m.jpg")   // "a\\x1b[31m.jpg"
/// ```
public enum StandardError {
    public static func line(_ message: String) {
        // One write(2) per line, so lines from different threads never interleave.
        var line = "fourway: " + escaped(message) + "\n"
        line.withUTF8 { bytes in _ = Glibc.write(2, bytes.baseAddress, bytes.count) }
    }

    /// `text` with its control characters written out visibly: C0 as `\n`,
    /// `\t`, `\r` or `\xNN`, DEL as `\x7f`, C1 (U+0080 to U+009F) as
    /// `\u{NN}`. Everything else, backslashes included, is left as it is.
    public static func escaped(_ text: String) -> String {
        escaped(bytes: text.utf8)
    }

    /// `bytes` as text, as ``escaped(_:)-(String)`` writes it, where a byte
    /// that is no part of valid UTF-8 is `\xNN` too (a file name's bytes,
    /// a program's stderr).
    public static func escaped(bytes: some Collection<UInt8>) -> String {
        var out = ""
        var rest = Array(bytes)[...]
        while let first = rest.first {
            let length = validSequenceLength(rest)
            if length == 0 {
                out += hex(first)
                rest = rest.dropFirst()
                continue
            }
            let scalarBytes = rest.prefix(length)
            rest = rest.dropFirst(length)
            let text = String(decoding: scalarBytes, as: UTF8.self)
            let value = text.unicodeScalars.first!.value
            switch value {
            case 0x0A: out += "\\n"
            case 0x09: out += "\\t"
            case 0x0D: out += "\\r"
            case 0x00..<0x20, 0x7F: out += hex(UInt8(value))
            case 0x80..<0xA0: out += "\\u{" + String(value, radix: 16) + "}"
            default: out += text
            }
        }
        return out
    }

    /// `\xNN`, lower-case hex.
    private static func hex(_ byte: UInt8) -> String {
        "\\x" + (byte < 16 ? "0" : "") + String(byte, radix: 16)
    }

    /// How long the UTF-8 sequence that `bytes` starts with is, or 0 when
    /// its first byte starts none (a stray continuation byte, an overlong
    /// form, a surrogate, a truncated sequence).
    private static func validSequenceLength(_ bytes: ArraySlice<UInt8>) -> Int {
        let first = bytes[bytes.startIndex]
        let (length, low, high): (Int, UInt8, UInt8) = switch first {
        case 0x00...0x7F: (1, 0x80, 0xBF)
        case 0xC2...0xDF: (2, 0x80, 0xBF)
        case 0xE0: (3, 0xA0, 0xBF)
        case 0xED: (3, 0x80, 0x9F)
        case 0xE1...0xEF: (3, 0x80, 0xBF)
        case 0xF0: (4, 0x90, 0xBF)
        case 0xF1...0xF3: (4, 0x80, 0xBF)
        case 0xF4: (4, 0x80, 0x8F)
        default: (0, 0, 0)
        }
        guard length > 1 else { return length }
        guard bytes.count >= length else { return 0 }
        let second = bytes[bytes.startIndex + 1]
        guard second >= low && second <= high else { return 0 }
        for offset in 2..<length where bytes[bytes.startIndex + offset] & 0xC0 != 0x80 { return 0 }
        return length
    }
}
