/// An animated GIF, WebP or PNG opened as a sequence of frames: its
/// ``summary`` (canvas, frame count, delays, loop count) is read without
/// decoding a frame's pixels; ``nextFrame(maxWidth:maxHeight:turn:)``
/// composites one frame after another, each fitted to the box. It holds the
/// compressed file, the full-size canvas and what a disposal restores:
/// never every frame, so a 5000-frame GIF costs what a 2-frame one does.
///
/// Not thread-safe: one thread (the player's worker) uses it at a time.
///
/// ```swift
/// if let animation = AnimatedImage.open(path: "/photos/cat.gif") {
///     print(animation.summary.frameCount, animation.summary.loopCount)
///     while let frame = animation.nextFrame(maxWidth: 1280, maxHeight: 800) { show(frame.image) }
/// }
/// ```
public final class AnimatedImage {
    /// Canvas, delays and loop count.
    public let summary: AnimationSummary
    /// "GIF", "WebP" or "APNG".
    public let format: String
    private let source: any AnimationFrameSource
    /// The index the next frame gets.
    private var nextIndex = 0

    private init(source: any AnimationFrameSource, format: String) {
        self.source = source
        self.format = format
        summary = source.summary
    }

    /// The file at `path` as an animation, or nil when it is not one (a
    /// still image, another format, one frame, unreadable). Only the first
    /// bytes of a file that cannot be animated are read.
    public static func open(path: String) -> AnimatedImage? {
        var possible = false
        guard let bytes = try? FileReader.read(path, inspectingHead: 4096, { head throws(DecodeFailure) in
            possible = mayBeAnimated(head: head)
            if !possible { throw DecodeFailure(path: path, message: "not animated") }
        }), possible else { return nil }
        return open(bytes: bytes)
    }

    /// The largest canvas played, pixels (a 5000 × 5000 GIF): the canvas, the
    /// one kept for a "restore to previous" disposal and the frames ahead are
    /// each this size before fitting, so a quarter of the still decode's limit
    /// (``DecodeLimits/maximumFullDecodePixels``) keeps them near it. A bigger
    /// animation shows its still.
    public static let maximumCanvasPixels = DecodeLimits.maximumFullDecodePixels / 4

    /// `bytes` (a whole file) as an animation, or nil:
    /// `AnimatedImage.open(bytes: try FileReader.read(path))`.
    public static func open(bytes: [UInt8]) -> AnimatedImage? {
        // The canvas's size from the header, before anything that size is allocated.
        guard let canvas = canvasSize(bytes),
              !DecodeLimits.exceeds(width: canvas.width, height: canvas.height, limit: maximumCanvasPixels)
        else { return nil }
        if bytes.starts(with: Array("GIF8".utf8)) {
            guard let reader = try? GIFFrameReader(bytes: bytes), reader.summary.frameCount > 1 else { return nil }
            return AnimatedImage(source: reader, format: "GIF")
        }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            guard let reader = APNGFrameReader(bytes: bytes), reader.summary.frameCount > 1 else { return nil }
            return AnimatedImage(source: reader, format: "APNG")
        }
        if isWebP(bytes) {
            guard let reader = WebPFrameReader(bytes: bytes) else { return nil }
            return AnimatedImage(source: reader, format: "WebP")
        }
        return nil
    }

    /// Whether a file starting with `head` may be animated: any GIF (its
    /// frames are counted to know), a PNG with `acTL` before `IDAT`, a WebP
    /// whose VP8X header sets the animation flag:
    /// `AnimatedImage.mayBeAnimated(head: Array(bytes.prefix(4096)))`.
    public static func mayBeAnimated(head: [UInt8]) -> Bool {
        if head.starts(with: Array("GIF8".utf8)) { return true }
        if isWebP(head) {
            // VP8X: flags at byte 20, bit 1 is "animation".
            return head.count > 20 && Array(head[12..<16]) == Array("VP8X".utf8) && head[20] & 0x02 != 0
        }
        guard head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return false }
        var offset = 8
        while offset + 8 <= head.count {
            let length = Int(head[offset]) << 24 | Int(head[offset + 1]) << 16 | Int(head[offset + 2]) << 8
                | Int(head[offset + 3])
            let type = String(decoding: head[(offset + 4)..<(offset + 8)], as: UTF8.self)
            if type == "acTL" { return true }
            if type == "IDAT" { return false }
            offset += 12 + length
        }
        return false
    }

    /// The first frame of an animated file, fitted, for the still decode
    /// of formats SDL_image cannot read animated (WebP); nil when `bytes`
    /// is not an animation:
    /// `AnimatedImage.firstFrame(of: bytes, maxWidth: 1280, maxHeight: 800)`.
    public static func firstFrame(of bytes: [UInt8], maxWidth: Int, maxHeight: Int) -> DecodedImage? {
        guard mayBeAnimated(head: Array(bytes.prefix(64))) else { return nil }
        return open(bytes: bytes)?.nextFrame(maxWidth: maxWidth, maxHeight: maxHeight)?.image
    }

    /// The canvas size the header gives: GIF's logical screen, PNG's IHDR,
    /// WebP's VP8X canvas; nil when there is none.
    static func canvasSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        if bytes.starts(with: Array("GIF8".utf8)), bytes.count >= 10 {
            return (Int(bytes[6]) | Int(bytes[7]) << 8, Int(bytes[8]) | Int(bytes[9]) << 8)
        }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), bytes.count >= 24 {
            func be32(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
            return (be32(16), be32(20))
        }
        if isWebP(bytes), bytes.count >= 30, Array(bytes[12..<16]) == Array("VP8X".utf8) {
            func le24(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 }
            return (le24(24) + 1, le24(27) + 1)
        }
        return nil
    }

    private static func isWebP(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 16 && bytes.starts(with: Array("RIFF".utf8)) && Array(bytes[8..<12]) == Array("WEBP".utf8)
    }

    /// The next frame composited and fitted into `maxWidth` × `maxHeight`
    /// (turned by `turn` after fitting the box turned back, as
    /// Gallery's `ImageDecoder.decode(_:maxWidth:maxHeight:turn:)` does). After the
    /// last frame it starts the next play at frame 0. nil when a frame does
    /// not decode (a truncated or broken file): the frames before it played.
    public func nextFrame(maxWidth: Int, maxHeight: Int, turn: ExifOrientation = .normal) -> AnimationFrame? {
        if nextIndex == summary.frameCount {
            source.rewind()
            nextIndex = 0
        }
        guard let canvas = source.nextFrame() else { return nil }
        let box = turn.swapsAxes ? (maxHeight, maxWidth) : (maxWidth, maxHeight)
        let fitted = AnimationCanvas.fitted(canvas, maxWidth: box.0, maxHeight: box.1, format: format).turned(turn)
        defer { nextIndex += 1 }
        return AnimationFrame(index: nextIndex, image: fitted)
    }

    /// Back to before frame 0.
    public func rewind() {
        source.rewind()
        nextIndex = 0
    }
}
