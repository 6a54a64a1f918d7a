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
