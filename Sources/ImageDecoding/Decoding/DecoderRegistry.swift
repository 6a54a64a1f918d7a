/// The decoders in the order they are offered a file: the first that
/// accepts it and returns an image decodes it (``ImageFormatDecoder``), so
/// the order is the fallback order. The standard registry is what the
/// browser uses; a benchmark or a test builds its own.
///
/// ```swift
/// DecoderRegistry.standard.decoders.map(\.name)
/// // ["JPEG DC coefficients", "LibRaw", "libpng, streamed", "libtiff, streamed", "libjpeg-turbo",
/// //  "libheif", "libjxl", "giflib", "animated WebP (libwebpdemux)", "librsvg", "SDL_image"]
/// let sdlOnly = DecoderRegistry([SDLImageDecoder()])
/// ```
public struct DecoderRegistry: Sendable {
    /// In the order they are offered a file.
    public let decoders: [any ImageFormatDecoder]

    /// `DecoderRegistry([JPEGDecoder(), SDLImageDecoder()])`.
    public init(_ decoders: [any ImageFormatDecoder]) {
        self.decoders = decoders
    }

    /// Every format this build reads, and what decodes it.
    public static let standard = DecoderRegistry([
        // Progressive JPEGs too large for libjpeg, or whose 1/8 scale still
        // fills the box: their DC coefficients, streamed from the file.
        JPEGDCDecoder(),
        // Camera raw files, TIFF-based ones included (the sniffer tells them
        // from a TIFF by their IFD0: CameraRawSignature): the embedded preview
        // or a half-size development.
        RawDecoder(),
        // PNG and TIFF stream from the file whatever their size.
        StreamedDecoder.png,
        StreamedDecoder.tiff,
        // Every other JPEG, DCT-scaled; its halves on two cores when it has restart markers.
        JPEGDecoder(),
        // HEIC and AVIF.
        HEIFDecoder(),
        JXLDecoder(),
        // GIF through giflib: SDL_image's GIF reader crashes on hostile files.
        GIFDecoder(),
        // SDL_image 2.6 reads no animated WebP: its first frame, composited.
        // A still WebP is passed on to SDL_image.
        AnimatedWebPDecoder(),
        // SVG drawn at the page's size; without librsvg, passed on to SDL_image.
        SVGDecoder(),
        // Every other format, and a last guess at data with no signature we know.
        SDLImageDecoder(),
    ])

    /// The decoders that accept `probe`, in order.
    public func decoders(accepting probe: DecodeProbe) -> [any ImageFormatDecoder] {
        decoders.filter { $0.accepts(probe) }
    }
}
