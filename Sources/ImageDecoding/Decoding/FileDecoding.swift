import Synchronization

/// Where the decodes of file content run: in this process
/// (``InProcessDecoding``, what tests and the decoder processes themselves
/// use) or in sandboxed decoder processes (`IsolatedDecoding`'s
/// `DecoderPool`, what the browser installs at its start). Every decode of a
/// file's bytes that the browser asks for (pages, the first image and its
/// embedded thumbnail, prefetch, the overview's thumbnails, a zoom's sharp
/// regions, an animation's frames) goes through ``FileDecoders/current``.
///
/// ```swift
/// let image = try FileDecoders.current.decodeFile("/p/a.jpg", maxWidth: 1280, maxHeight: 800, cancellation: nil)
/// ```
public protocol FileDecoding: Sendable {
    /// ``ImageDecoder/decodeFile(_:maxWidth:maxHeight:registry:cancellation:)``.
    func decodeFile(_ path: String, maxWidth: Int, maxHeight: Int,
                    cancellation: DecodeCancellation?) throws(DecodeFailure) -> DecodedImage

    /// ``EmbeddedThumbnail/decode(path:)``.
    func embeddedThumbnail(_ path: String) -> DecodedImage?

    /// ``RegionDecoder/decode(path:region:scale:maximumPixels:turn:turnedWidth:turnedHeight:)``.
    func decodeRegion(_ path: String, region: PixelRect, scale: Double, maximumPixels: Int,
                      turn: ExifOrientation, turnedWidth: Int, turnedHeight: Int) -> Result<DecodedRegion, DecodeFailure>

    /// ``AnimatedImage/open(path:)``: the file's frames, one after the other;
    /// nil when it is not animated.
    func openAnimation(_ path: String) -> (any FrameSequence)?
}

/// An animation's frames, decoded one after the other (``AnimatedImage``, or
/// one in a decoder process).
///
/// ```swift
/// if let frames = FileDecoders.current.openAnimation("/p/cat.gif") {
///     frames.summary.frameCount
///     frames.nextFrame(maxWidth: 1280, maxHeight: 800, turn: .normal)?.image
/// }
/// ```
public protocol FrameSequence: AnyObject {
    /// The canvas, the frames' delays, the loops.
    var summary: AnimationSummary { get }
    /// "GIF", "APNG", "WebP".
    var format: String { get }
    /// ``AnimatedImage/nextFrame(maxWidth:maxHeight:turn:)``.
    func nextFrame(maxWidth: Int, maxHeight: Int, turn: ExifOrientation) -> AnimationFrame?
}

extension AnimatedImage: FrameSequence {}

/// Decodes on the calling thread, in this process.
///
/// ```swift
/// FileDecoders.use(InProcessDecoding())
/// ```
public struct InProcessDecoding: FileDecoding {
    public init() {}

    public func decodeFile(_ path: String, maxWidth: Int, maxHeight: Int,
                           cancellation: DecodeCancellation?) throws(DecodeFailure) -> DecodedImage {
        try ImageDecoder.decodeFile(path, maxWidth: maxWidth, maxHeight: maxHeight, cancellation: cancellation)
    }

    public func embeddedThumbnail(_ path: String) -> DecodedImage? {
        EmbeddedThumbnail.decode(path: path)
    }

    public func decodeRegion(_ path: String, region: PixelRect, scale: Double, maximumPixels: Int,
                             turn: ExifOrientation, turnedWidth: Int,
                             turnedHeight: Int) -> Result<DecodedRegion, DecodeFailure> {
        RegionDecoder.decode(path: path, region: region, scale: scale, maximumPixels: maximumPixels, turn: turn,
                             turnedWidth: turnedWidth, turnedHeight: turnedHeight)
    }

    public func openAnimation(_ path: String) -> (any FrameSequence)? {
        AnimatedImage.open(path: path)
    }
}

/// The ``FileDecoding`` in force for the whole process: in-process until the
/// browser installs its decoder processes.
///
/// ```swift
/// FileDecoders.use(pool)
/// FileDecoders.current.embeddedThumbnail("/p/a.jpg")
/// ```
public enum FileDecoders {
    private static let inForce = Mutex<any FileDecoding>(InProcessDecoding())

    /// The decoding in force.
    public static var current: any FileDecoding { inForce.withLock { $0 } }

    /// Makes `decoding` the one in force, for every thread.
    public static func use(_ decoding: any FileDecoding) {
        inForce.withLock { $0 = decoding }
    }
}
