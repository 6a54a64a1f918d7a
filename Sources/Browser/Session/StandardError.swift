import Glibc

/// One-line messages on stderr, each prefixed with `fourway: `.
///
/// ```swift
/// StandardError.line("photos/bad.jpg: truncated JPEG data")
/// ```
public enum StandardError {
    public static func line(_ message: String) {
        // One write(2) per line, so lines from different threads never interleave.
        var line = "fourway: " + message + "\n"
        line.withUTF8 { bytes in _ = Glibc.write(2, bytes.baseAddress, bytes.count) }
    }
}
