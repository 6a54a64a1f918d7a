#if canImport(Glibc)
import Glibc
#endif

/// A list of paths read from standard input (`fourway -`): one a line, or
/// NUL-separated with `--null` (`find … -print0 | fourway -0 -`).
///
/// - Empty entries are ignored (a trailing newline, blank lines).
/// - With newlines, a `\r` before the newline is kept: it may be part of a
///   name, and `find` and `ls` never write one.
/// - Entries whose bytes are not valid UTF-8 cannot be opened through a
///   `String` path; they are returned escaped (`\xFF`) in `unnamable` for
///   one stderr line each.
///
/// ```swift
/// let list = PathList.parse(Array("a.jpg\nb c.png\n".utf8), separator: .newline)
/// list.paths   // ["a.jpg", "b c.png"]
/// ```
public struct PathList: Sendable, Equatable {
    /// What separates the entries.
    public enum Separator: Sendable {
        case newline, nul

        var byte: UInt8 { self == .newline ? 0x0A : 0x00 }
    }

    /// The entries that are valid UTF-8, in order.
    public var paths: [String]
    /// The entries that are not, with each bad byte written `\xFF`.
    public var unnamable: [String]

    /// `PathList(paths: ["a.jpg"], unnamable: [])`.
    public init(paths: [String], unnamable: [String]) {
        self.paths = paths
        self.unnamable = unnamable
    }

    /// Splits `bytes` into entries.
    public static func parse(_ bytes: [UInt8], separator: Separator) -> PathList {
        var list = PathList(paths: [], unnamable: [])
        bytes.withUnsafeBufferPointer { buffer in
            for entry in buffer.split(separator: separator.byte, omittingEmptySubsequences: true) {
                let slice = UnsafeBufferPointer(rebasing: entry)
                if let path = String(validating: slice, as: UTF8.self), !path.utf8.contains(0) {
                    list.paths.append(path)
                } else {
                    list.unnamable.append(LexicalPath.escapingInvalidUTF8(slice))
                }
            }
        }
        return list
    }

    /// Reads `fd` to its end and parses it; nil (with `errno` set) when
    /// it cannot be read.
    public static func read(fd: Int32, separator: Separator) -> PathList? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
        }
        return parse(bytes, separator: separator)
    }
}
