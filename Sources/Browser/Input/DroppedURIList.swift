/// What was dropped on the window, read from `text/uri-list` (RFC 2483) or
/// from SDL's dropped file names: the local paths to open, in the order
/// given, and the items that name no local file (an `https://` link, a
/// `file://` URI of another host, text that is no path), to be named in a
/// notice.
///
/// A line is a comment when it starts with `#`; blank lines are skipped and
/// a trailing `\r` is dropped (the list's lines end in CRLF). `file:` URIs
/// (`file:///a%20b.jpg`, `file://localhost/…`, `file://HOST/…` with this
/// machine's host name, `file:/…`) are percent-decoded into paths; an
/// absolute path stands for itself (SDL hands dropped files over decoded).
/// An escape that is not two hex digits, or decoded bytes that are not
/// UTF-8, make the item not a path: a `String` path could not name the file.
///
/// ```swift
/// let dropped = DroppedURIList.parse("file:///tmp/a%20b.jpg\r\nhttps://x.org/c.png\r\n", hostName: "box")
/// dropped.paths      // ["/tmp/a b.jpg"]
/// dropped.notLocal   // ["https://x.org/c.png"]
/// ```
struct DroppedURIList: Equatable {
    /// Local paths, absolute, in the order dropped.
    var paths: [String] = []
    /// What names no local file, as it was dropped.
    var notLocal: [String] = []

    /// Nothing was dropped (or only comments and blank lines).
    var isEmpty: Bool { paths.isEmpty && notLocal.isEmpty }

    /// Reads `text`, a URI list (one item a line). `hostName`: this
    /// machine's, which a `file://HOST/` URI may name.
    static func parse(_ text: String, hostName: String?) -> DroppedURIList {
        var list = DroppedURIList()
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            list.add(String(line), hostName: hostName)
        }
        return list
    }

    /// Adds one item (a line of the list, or one dropped file's name).
    mutating func add(_ item: String, hostName: String?) {
        var line = Substring(item)
        while line.last == "\r" { line = line.dropLast() }
        guard !line.allSatisfy({ $0 == " " || $0 == "\t" }), !line.hasPrefix("#") else { return }
        if let path = Self.localPath(String(line), hostName: hostName) {
            paths.append(path)
        } else {
            notLocal.append(String(line))
        }
    }

    /// Adds everything `other` holds, after what this one holds.
    mutating func append(_ other: DroppedURIList) {
        paths += other.paths
        notLocal += other.notLocal
    }

    /// The local path `item` names, or nil when it names none.
    static func localPath(_ item: String, hostName: String?) -> String? {
        if item.hasPrefix("/") { return item }
        guard let scheme = scheme(of: item), scheme == "file" else { return nil }
        var rest = item.dropFirst("file:".count)
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let host = rest.prefix { $0 != "/" }
            guard host.isEmpty || host.lowercased() == "localhost" || String(host) == hostName else {
                return nil
            }
            rest = rest.dropFirst(host.count)
        }
        guard rest.hasPrefix("/") else { return nil }
        // A query or fragment is no part of a file's name.
        let encoded = rest.prefix { $0 != "?" && $0 != "#" }
        return percentDecoded(encoded)
    }

    /// The URI's scheme, lowercased (RFC 3986: a letter, then letters,
    /// digits, `+`, `-` or `.`, then `:`), or nil when `item` has none.
    static func scheme(of item: String) -> String? {
        guard let colon = item.firstIndex(of: ":") else { return nil }
        let name = item[..<colon]
        guard let first = name.unicodeScalars.first, first.isASCIILetter,
              name.unicodeScalars.allSatisfy({ $0.isASCIILetter || $0.isASCIIDigit || "+-.".unicodeScalars.contains($0) })
        else { return nil }
        return name.lowercased()
    }

    /// `text` with each `%XX` replaced by its byte; nil when an escape is
    /// not two hex digits, the bytes are not UTF-8, or one is NUL.
    static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        guard !bytes.contains(0) else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

private extension Unicode.Scalar {
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
