/// Why one image could not be decoded: the shell shows it as an error page
/// (file name + message) and browsing goes on.
///
/// Messages are short and human: "truncated JPEG data (the file ends early)",
/// "not an image (a PDF document (starts with %PDF))",
/// "image is 30000×30000, over the 100-megapixel limit", "file vanished",
/// "permission denied".
///
/// ```swift
/// let failure = DecodeFailure(path: "/p/a.jpg", message: "empty file (0 bytes)")
/// print(failure)   // a.jpg: empty file (0 bytes)
/// ```
public struct DecodeFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file that failed (or `demo (h, v)` for a demo page).
    public let path: String
    /// What went wrong, one line, no path.
    public let message: String
    /// The decode was stopped (``DecodeCancellation``), not refused: no error
    /// page, nothing to report; the page is asked for again when it is wanted.
    public let isCancelled: Bool

    /// `DecodeFailure(path: "/p/a.jpg", message: "permission denied")`.
    public init(path: String, message: String, isCancelled: Bool = false) {
        self.path = path
        self.message = message
        self.isCancelled = isCancelled
    }

    /// The failure of a decode that was stopped:
    /// `DecodeFailure.cancelled(path: "/p/big.png").isCancelled   // true`.
    public static func cancelled(path: String) -> DecodeFailure {
        DecodeFailure(path: path, message: "decode cancelled", isCancelled: true)
    }

    /// File name and message.
    public var description: String { "\(Self.fileName(path)): \(message)" }

    /// The last component of `path` (`/` for the root), as Gallery's
    /// `LexicalPath.lastComponent` gives it; decoding does not depend on
    /// Gallery, so it has its own.
    static func fileName(_ path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        let name = path.utf8[path.utf8.index(after: slash)...]
        return name.isEmpty ? "/" : String(Substring(name))
    }
}
