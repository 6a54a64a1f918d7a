/// Still GIFs (and an animated one's first frame), through giflib and the
/// frame reader the animations use (``GIFFrameReader``), rather than
/// SDL_image: a 2 KB GIF found by the decoders' fuzzer
/// (Fuzz/Findings/decoders-gif-sdl-image-segv) ends SDL_image 2.6.3's GIF
/// reader with a segmentation fault, and so does a larger one, so no GIF
/// goes to SDL_image. The frame reader composes an RGBA canvas, 4 bytes a
/// pixel: a canvas over the animations' limit
/// (``AnimatedImage/maximumCanvasPixels``, 25 MP, 5000 × 5000) is refused
/// before it is allocated.
///
/// ```swift
/// let image = try ImageDecoder.decodeFile("/p/logo.gif", maxWidth: 1280, maxHeight: 800)
/// image.format   // "GIF"
/// ```
public struct GIFDecoder: ImageFormatDecoder {
    public init() {}

    public var name: String { "giflib" }

    public func accepts(_ probe: DecodeProbe) -> Bool { probe.format == .gif }

    public func decode(_ bytes: inout [UInt8], probe: DecodeProbe) throws(DecodeFailure) -> DecodedImage? {
        guard let canvas = AnimatedImage.canvasSize(bytes), canvas.width > 0, canvas.height > 0 else {
            throw DecodeFailure(path: probe.path, message: "corrupt GIF data (no canvas size)")
        }
        let limit = AnimatedImage.maximumCanvasPixels
        if DecodeLimits.exceeds(width: canvas.width, height: canvas.height, limit: limit) {
            throw DecodeFailure(path: probe.path, message: DecodeLimits.overLimitMessage(
                width: canvas.width, height: canvas.height, limit: limit, what: "GIF"))
        }
        let reader: GIFFrameReader
        do { reader = try GIFFrameReader(bytes: bytes) } catch {
            throw DecodeFailure(path: probe.path, message: "corrupt GIF data (\(error.message))")
        }
        bytes = []
        guard let frame = reader.nextFrame() else {
            throw DecodeFailure(path: probe.path, message: "corrupt GIF data (its first frame could not be read)")
        }
        return AnimationCanvas.fitted(frame, maxWidth: probe.maxWidth, maxHeight: probe.maxHeight, format: "GIF")
    }
}
