/// An animated WebP's first frame, composited (``AnimatedImage``): SDL_image
/// 2.6 cannot read an animated WebP. A still WebP is passed on to the next
/// decoder of the registry; an animated one it cannot play (its canvas over
/// ``AnimatedImage/maximumCanvasPixels``, or broken) is refused.
///
/// ```swift
/// let registry = DecoderRegistry([AnimatedWebPDecoder(), SDLImageDecoder()])
/// let image = try ImageDecoder.decodeFile("/p/cat.webp", maxWidth: 1280, maxHeight: 800, registry: registry)
/// ```
public struct AnimatedWebPDecoder: ImageFormatDecoder {
    public init() {}

    public var name: String { "animated WebP (libwebpdemux)" }

    public func accepts(_ probe: DecodeProbe) -> Bool { probe.format == .webp }

    public func decode(_ bytes: inout [UInt8], probe: DecodeProbe) throws(DecodeFailure) -> DecodedImage? {
        if let frame = AnimatedImage.firstFrame(of: bytes, maxWidth: probe.maxWidth, maxHeight: probe.maxHeight) {
            return frame
        }
        // An animated WebP it could not play is refused here: SDL_image reads
        // none, yet allocates its whole canvas first (a 200-byte file claiming
        // 10000 × 10000 took 400 MB before its "Failed to decode").
        guard AnimatedImage.mayBeAnimated(head: Array(bytes.prefix(64))) else { return nil }
        if let canvas = AnimatedImage.canvasSize(bytes),
           DecodeLimits.exceeds(width: canvas.width, height: canvas.height, limit: AnimatedImage.maximumCanvasPixels) {
            throw DecodeFailure(path: probe.path, message: DecodeLimits.overLimitMessage(
                width: canvas.width, height: canvas.height, limit: AnimatedImage.maximumCanvasPixels, what: "animated WebP"))
        }
        throw DecodeFailure(path: probe.path, message: "corrupt WebP data (its animation could not be read)")
    }
}
