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
