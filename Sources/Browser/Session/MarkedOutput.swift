import Glibc

/// `--print-marked` (`-o`): when the browser quits, the marked images'
/// paths go to standard output in gallery order, each followed by a
/// newline, or by a NUL with `-0` (as `find -print0`; a name may hold a
/// newline), so `fourway -o DIR | xargs -d '\n' cp -t keep/` copies them.
/// Nothing else is written to standard output while it is on: every
/// diagnostic goes to stderr (``StandardError``).
///
/// ```swift
/// MarkedOutput.lines.text(["/p/a.jpg", "/p/b c.jpg"])   // "/p/a.jpg\n/p/b c.jpg\n"
/// MarkedOutput.nul.write(["/p/a.jpg"])                  // "/p/a.jpg\0" on fd 1
/// ```
public enum MarkedOutput: Sendable, Hashable {
    /// One path a line.
    case lines
    /// Each path followed by a NUL byte.
    case nul

    /// What follows each path.
    var terminator: String { self == .lines ? "\n" : "\0" }

    /// The whole output for `paths`: empty when none is marked.
    public func text(_ paths: [String]) -> String {
        paths.map { $0 + terminator }.joined()
    }

    /// Writes `paths` to `fd` (standard output); false when it could not
    /// write them all (a closed pipe), which stderr then says.
    @discardableResult
    public func write(_ paths: [String], fd: Int32 = 1) -> Bool {
        var bytes = Array(text(paths).utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                StandardError.line("--print-marked: standard output: " + String(cString: strerror(errno)))
                return false
            }
            offset += written
        }
        return true
    }
}
