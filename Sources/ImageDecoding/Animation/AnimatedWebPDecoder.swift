/// An animated WebP's first frame, composited (``AnimatedImage``): SDL_image
/// 2.6 cannot read an animated WebP. A still WebP (or one whose canvas is
/// too large to play) is passed on to the next decoder of the registry.
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
        AnimatedImage.firstFrame(of: bytes, maxWidth: probe.maxWidth, maxHeight: probe.maxHeight)
    }
}
