#if canImport(Glibc)
import Glibc
#endif

/// Absolute, lexically normalised paths: `photos/./trip//a.jpg` and
/// `/home/me/photos/trip/a.jpg` become the same string, so an image named on
/// the command line can be found among a folder's entries.
///
/// Normalisation is lexical (`a/b/..` is `a`) and does not resolve symbolic
/// links, so the paths shown are the ones the user typed.
///
/// ```swift
/// LexicalPath.normalized("/a/./b//c/../d.jpg")   // "/a/b/d.jpg"
/// LexicalPath.lastComponent("/a/b/d.jpg")        // "d.jpg"
/// ```
public enum LexicalPath {
    /// `path` made absolute against the current directory and normalised.
    public static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return normalized(path) }
        return normalized(currentDirectory() + "/" + path)
    }

    /// `path` made absolute against `directory` (absolute) and normalised:
    /// for many paths, one `getcwd` instead of one each.
    public static func absolute(_ path: String, from directory: String) -> String {
        normalized(path.hasPrefix("/") ? path : directory + "/" + path)
    }

    /// `path` (already absolute) without `.`, `..` and repeated slashes.
    public static func normalized(_ path: String) -> String {
        if isNormalized(path) { return path }
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// Whether `path` is absolute and has no `.` or `..` component, no
    /// repeated slash and no trailing slash: most paths are, and checking
    /// is a tenth of the cost of normalising (a glob of 20,000 paths).
    static func isNormalized(_ path: String) -> Bool {
        var utf8 = path.utf8.makeIterator()
        guard utf8.next() == 0x2F else { return false }
        if path.utf8.count == 1 { return true }
        // Bytes since the last slash: 0 at a slash, then the component's first two.
        var length = 0
        var first: UInt8 = 0, second: UInt8 = 0
        while let byte = utf8.next() {
            if byte == 0x2F {
                if length == 0 || (length == 1 && first == 0x2E) || (length == 2 && first == 0x2E && second == 0x2E) {
                    return false
                }
                length = 0
            } else {
                if length == 0 { first = byte } else if length == 1 { second = byte }
                length += 1
            }
        }
        return !(length == 0 || (length == 1 && first == 0x2E) || (length == 2 && first == 0x2E && second == 0x2E))
    }

    /// The last component (`/` for the root).
    public static func lastComponent(_ path: String) -> String {
        // Slashes are ASCII: searching the bytes finds the same place,
        // without the cost of Character comparisons.
        guard let slash = lastSlash(path) else { return path }
        let name = path.utf8[path.utf8.index(after: slash)...]
        return name.isEmpty ? "/" : String(Substring(name))
    }

    /// The last `/` in `path`, searched in its bytes when they are contiguous
    /// (a native string), which is several times faster than the generic search.
    private static func lastSlash(_ path: String) -> String.Index? {
        let offset = path.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.lastIndex(of: 0x2F).map { $0 - bytes.startIndex }
        }
        switch offset {
        case .some(.some(let offset)): return path.utf8.index(path.utf8.startIndex, offsetBy: offset)
        case .some(.none): return nil
        case .none: return path.utf8.lastIndex(of: 0x2F)
        }
    }

    /// The folder holding `path` (an absolute, normalised path).
    public static func parent(_ path: String) -> String {
        guard let slash = lastSlash(path), slash != path.utf8.startIndex else { return "/" }
        return String(Substring(path.utf8[..<slash]))
    }

    /// `folder` + `/` + `name`, without doubling the slash at the root.
    public static func joined(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The process's current directory (`/` when it cannot be named).
    public static func currentDirectory() -> String {
        // getcwd(NULL, 0) allocates a buffer of the right size (glibc).
        guard let buffer = getcwd(nil, 0) else { return "/" }
        defer { free(buffer) }
        return String(cString: buffer)
    }

    /// `bytes` as text, each byte that is not part of valid UTF-8 written as
    /// `\xFF`, so a name that cannot be a `String` can still be shown:
    /// `LexicalPath.escapingInvalidUTF8(…"a\xFFb.jpg"…)` is `a\xFFb.jpg`.
    public static func escapingInvalidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var result = ""
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                result.unicodeScalars.append(Unicode.UTF8.decode(encoded))
                offset += encoded.count
            case .error(let length):
                for byte in bytes[offset..<min(offset + length, bytes.count)] {
                    let hex = String(byte, radix: 16, uppercase: true)
                    result += "\\x" + (hex.count == 1 ? "0" + hex : hex)
                }
                offset += length
            case .emptyInput:
                return result
            }
        }
    }
}
