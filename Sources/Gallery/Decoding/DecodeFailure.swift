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

    /// `DecodeFailure(path: "/p/a.jpg", message: "permission denied")`.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// File name and message.
    public var description: String { "\(LexicalPath.lastComponent(path)): \(message)" }
}
