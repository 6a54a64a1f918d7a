#if canImport(Glibc)
import Glibc
#endif

/// The content of a `.trashinfo` file, as the FreeDesktop.org Trash
/// specification 1.0 defines it: a `[Trash Info]` line, then the original
/// path, percent-encoded, and the deletion date in local time.
///
/// ```swift
/// TrashInfo(path: "/photos/a b.jpg", deletionDate: "2024-05-01T12:30:00").text
/// // "[Trash Info]\nPath=/photos/a%20b.jpg\nDeletionDate=2024-05-01T12:30:00\n"
/// ```
struct TrashInfo: Equatable {
    /// The name of an info file is the trashed file's name plus this.
    static let fileExtension = ".trashinfo"

    /// The original location, not encoded: absolute for the home trash,
    /// relative to the top directory for a volume's trash.
    var path: String
    /// `YYYY-MM-DDThh:mm:ss`, local time.
    var deletionDate: String

    /// The file's text, exactly three lines.
    var text: String {
        "[Trash Info]\nPath=\(Self.percentEncoded(path))\nDeletionDate=\(deletionDate)\n"
    }

    /// Reads an info file's text as the specification says: the first line
    /// must be `[Trash Info]`, the first `Path=` and `DeletionDate=` win, any
    /// other line is ignored. Nil when a key is missing or `Path` is not
    /// valid percent-encoded UTF-8.
    static func parse(_ text: String) -> TrashInfo? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).makeIterator()
        guard lines.next() == "[Trash Info]" else { return nil }
        var path: String?
        var date: String?
        while let line = lines.next() {
            if path == nil, line.hasPrefix("Path=") {
                guard let decoded = percentDecoded(line.dropFirst(5)) else { return nil }
                path = decoded
            } else if date == nil, line.hasPrefix("DeletionDate=") {
                date = String(line.dropFirst(13))
            }
        }
        guard let path, let date else { return nil }
        return TrashInfo(path: path, deletionDate: date)
    }

    /// `path`'s bytes with every byte that is not an RFC 2396 unreserved
    /// character (letters, digits, `-_.!~*'()`) or `/` written as `%XX`:
    /// `/a b/ü%.jpg` becomes `/a%20b/%C3%BC%25.jpg`. A newline in a name
    /// becomes `%0A`, so it cannot break the file's lines.
    static func percentEncoded(_ path: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count)
        for byte in path.utf8 {
            if isUnreserved(byte) || byte == UInt8(ascii: "/") {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The bytes `text` encodes (any `%XX`, either case), or nil when an
    /// escape is malformed or the bytes are not UTF-8.
    static func percentDecoded<Text: StringProtocol>(_ text: Text) -> String? {
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// RFC 2396 section 2.3: `alphanum | mark`.
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "!"), UInt8(ascii: "~"),
             UInt8(ascii: "*"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"):
            return true
        default:
            return false
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// `time` as `YYYY-MM-DDThh:mm:ss` in the local time zone, which is
    /// what the specification asks for (no zone is written).
    static func deletionDate(_ time: time_t) -> String {
        var seconds = time
        var parts = tm()
        localtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var year = "\(parts.tm_year + 1900)"
        while year.count < 4 { year = "0" + year }
        return "\(year)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }
}
