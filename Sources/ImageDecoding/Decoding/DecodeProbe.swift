/// What a decoder is shown before it is chosen (``ImageFormatDecoder/accepts(_:)``)
/// and what it decodes: the file, the format its first bytes give, those
/// bytes, and the box to fit the image into.
///
/// ```swift
/// let probe = DecodeProbe(path: "/p/a.jpg", format: .jpeg, head: head, maxWidth: 1280, maxHeight: 800)
/// JPEGDecoder().accepts(probe)   // true
/// ```
public struct DecodeProbe: Sendable {
    /// The file.
    public let path: String
    /// The format its signature gives (for TGA, which has none, its name);
    /// nil when no signature we know matches.
    public let format: ImageFormat?
    /// When `format` is nil, what the first bytes look like, for the message
    /// ("unrecognised data, starts with 00 01 02 03 …").
    public let unrecognised: String?
    /// The file's first bytes (up to ``ImageDecoder/headLength``).
    public let head: [UInt8]
    /// True when `head` is the whole file.
    public internal(set) var headIsWholeFile: Bool
    /// The box the image is fitted into, px; 0 leaves that axis free.
    public let maxWidth: Int
    public let maxHeight: Int
    /// Stops a streamed decode from another thread (nil: it runs to the end).
    public var cancellation: DecodeCancellation?

    /// `DecodeProbe(path: path, format: .png, head: head, maxWidth: 1280, maxHeight: 800)`.
    public init(path: String, format: ImageFormat?, unrecognised: String? = nil, head: [UInt8],
                headIsWholeFile: Bool = false, maxWidth: Int, maxHeight: Int) {
        self.path = path
        self.format = format
        self.unrecognised = unrecognised
        self.head = head
        self.headIsWholeFile = headIsWholeFile
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
    }
}
