/// One image format's decoder, one per library: a name, a probe on what the
/// file's first bytes say (its sniffed format, its header), and a decode from
/// the file's path (for a decoder that streams the file itself) or from its
/// bytes in memory, fitted into the size the probe asks for and within
/// ``DecodeLimits``.
///
/// ``DecoderRegistry`` holds decoders in order. ``ImageDecoder`` reads a
/// file's head once, sniffs it, checks its header, and offers the file to
/// each decoder whose ``accepts(_:)`` says yes, in the registry's order: the
/// first that returns an image wins, one that returns nil passes the file on
/// to the next, and a thrown ``DecodeFailure`` is the answer. So a fallback
/// is a later entry of the registry.
///
/// An animated WebP's first frame, which SDL_image 2.6 cannot read, is a
/// whole decoder (``AnimatedWebPDecoder``); a still WebP is passed on:
///
/// ```swift
/// struct AnimatedWebPDecoder: ImageFormatDecoder {
///     var name: String { "animated WebP (libwebpdemux)" }
///     func accepts(_ probe: DecodeProbe) -> Bool { probe.format == .webp }
///     func decode(_ bytes: inout [UInt8], probe: DecodeProbe) throws(DecodeFailure) -> DecodedImage? {
///         AnimatedImage.firstFrame(of: bytes, maxWidth: probe.maxWidth, maxHeight: probe.maxHeight)
///     }
/// }
/// let registry = DecoderRegistry([AnimatedWebPDecoder(), SDLImageDecoder()])
/// let image = try ImageDecoder.decodeFile("/p/cat.webp", maxWidth: 1280, maxHeight: 800, registry: registry)
/// ```
public protocol ImageFormatDecoder: Sendable {
    /// What decodes, for people and tests: "libjpeg-turbo", "SDL_image".
    var name: String { get }

    /// True when the decoder reads the file from its path itself (streaming
    /// it row by row), so only the head is read for it; false (the default)
    /// when it wants the whole file in memory.
    var readsFromPath: Bool { get }

    /// Whether this decoder takes the file the probe describes. Cheap: it
    /// looks at the probe's format and head, never at the file.
    func accepts(_ probe: DecodeProbe) -> Bool

    /// Decodes the file at `probe.path`. The default reads the whole file and
    /// decodes it from memory; a decoder that ``readsFromPath`` implements it.
    func decode(path probe: DecodeProbe) throws(DecodeFailure) -> DecodedImage?

    /// Decodes the whole file held in `bytes`. It may empty `bytes` once done
    /// with them, which lowers a decode's peak memory, but only when it returns
    /// an image or throws: nil leaves them for the next decoder. The default
    /// returns nil (no decoding from memory).
    func decode(_ bytes: inout [UInt8], probe: DecodeProbe) throws(DecodeFailure) -> DecodedImage?

    /// Decodes the part of the file at `probe.path` that `request` asks for,
    /// at its scale, for a zoomed page (``RegionDecoder``, which asks every
    /// decoder of the registry in order). Nil when this decoder has no
    /// region path for this file (like ``accepts(_:)`` it answers only for
    /// the files it takes): the next decoder is asked, and after the last
    /// the file is decoded whole and cropped. The default returns nil.
    func decodeRegion(_ request: RegionRequest, probe: DecodeProbe) throws(DecodeFailure) -> DecodedRegion?
}

extension ImageFormatDecoder {
    public var readsFromPath: Bool { false }

    public func decode(path probe: DecodeProbe) throws(DecodeFailure) -> DecodedImage? {
        var bytes = try FileReader.read(probe.path)
        return try decode(&bytes, probe: probe)
    }

    public func decode(_ bytes: inout [UInt8], probe: DecodeProbe) throws(DecodeFailure) -> DecodedImage? {
        nil
    }

    public func decodeRegion(_ request: RegionRequest, probe: DecodeProbe) throws(DecodeFailure) -> DecodedRegion? {
        nil
    }
}
