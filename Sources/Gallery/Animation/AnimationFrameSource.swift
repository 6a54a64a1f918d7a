/// One animated file's frames, composited one after another onto its
/// canvas: GIF (``GIFFrameReader``), APNG (``APNGFrameReader``), WebP
/// (``WebPFrameReader``). Only the canvas, what a disposal needs to restore
/// and the compressed file are held, whatever the number of frames.
///
/// ```swift
/// let reader: any AnimationFrameSource = try GIFFrameReader(bytes: bytes)
/// while let canvas = reader.nextFrame() { show(canvas) }   // then rewind() for the next play
/// ```
protocol AnimationFrameSource: AnyObject {
    /// The canvas's size and each frame's delay, known without decoding pixels.
    var summary: AnimationSummary { get }
    /// The canvas after the next frame is composited onto it, full size;
    /// nil when no further frame decodes (the end, or a broken frame).
    func nextFrame() -> PixelBuffer?
    /// Back to before the first frame, for the next play.
    func rewind()
}

/// What an animated file says about itself, read without decoding a frame's
/// pixels.
///
/// ```swift
/// let summary = AnimationSummary(width: 100, height: 80, delays: [0.1, 0.1], loopCount: 0)
/// summary.frameCount   // 2
/// ```
public struct AnimationSummary: Sendable, Hashable {
    /// The canvas's width, px.
    public let width: Int
    /// The canvas's height, px.
    public let height: Int
    /// Each frame's delay, s, as played (``FrameDelay``).
    public let delays: [Double]
    /// How many times the animation plays; 0 = forever.
    public let loopCount: Int
    /// The file is cut short or has a broken frame: ``delays`` counts the
    /// frames before it, which should play once and stop there.
    public let isBroken: Bool

    /// `AnimationSummary(width: 10, height: 10, delays: [0.1], loopCount: 1)`.
    public init(width: Int, height: Int, delays: [Double], loopCount: Int, isBroken: Bool = false) {
        self.width = width
        self.height = height
        self.delays = delays
        self.loopCount = loopCount
        self.isBroken = isBroken
    }

    /// The number of frames that can be played (a broken file's frames up
    /// to the first that does not decode).
    public var frameCount: Int { delays.count }
}
