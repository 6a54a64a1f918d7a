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
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The last component (`/` for the root).
    public static func lastComponent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        let name = path[path.index(after: slash)...]
        return name.isEmpty ? "/" : String(name)
    }

    /// The folder holding `path` (an absolute, normalised path).
    public static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
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
