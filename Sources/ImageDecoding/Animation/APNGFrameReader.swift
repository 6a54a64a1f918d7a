/// An APNG's frames, one at a time: each frame's data decoded as a PNG of
/// its own (``APNGStructure/pngFile(frame:in:)`` through ``decodePNG(_:)``),
/// then composited with its `fcTL`'s blend op (source or over) after the
/// previous frame's dispose op (none, background, previous).
///
/// ```swift
/// if let reader = APNGFrameReader(bytes: bytes) {
///     let first = reader.nextFrame()   // the canvas after frame 0
/// }
/// ```
final class APNGFrameReader: AnimationFrameSource {
    let summary: AnimationSummary
    private let bytes: [UInt8]
    private let structure: APNGStructure
    private var canvas: AnimationCanvas
    private var decoded = 0
    private var pendingDisposal: (op: Int, rect: PixelRect, saved: [UInt8]?)?

    /// nil when `bytes` is not an animated PNG with a playable frame.
    init?(bytes: [UInt8]) {
        guard let structure = APNGStructure.parse(bytes) else { return nil }
        self.bytes = bytes
        self.structure = structure
        summary = AnimationSummary(width: structure.width, height: structure.height,
                                   delays: structure.frames.map { FrameDelay.seconds(milliseconds: $0.delayMilliseconds) },
                                   loopCount: structure.plays, isBroken: structure.isBroken)
        canvas = AnimationCanvas(width: structure.width, height: structure.height)
    }

    func rewind() {
        canvas = AnimationCanvas(width: structure.width, height: structure.height)
        decoded = 0
        pendingDisposal = nil
    }

    func nextFrame() -> PixelBuffer? {
        guard decoded < structure.frames.count else { return nil }
        if let disposal = pendingDisposal {
            if disposal.op == 1 { canvas.clear(disposal.rect) }
            if disposal.op == 2, let saved = disposal.saved { canvas.pixels = saved }
            pendingDisposal = nil
        }
        let frame = structure.frames[decoded]
        guard let pixels = Self.decodePNG(structure.pngFile(frame: decoded, in: bytes)),
              pixels.width == frame.rect.width, pixels.height == frame.rect.height else { return nil }
        // dispose_op 2 on the first frame is treated as 1 (the APNG specification).
        let op = decoded == 0 && frame.dispose == 2 ? 1 : frame.dispose
        let saved = op == 2 ? canvas.pixels : nil
        canvas.place(pixels.pixels, at: frame.rect, blend: frame.blend == 1)
        pendingDisposal = (op, frame.rect, saved)
        decoded += 1
        return PixelBuffer(width: canvas.width, height: canvas.height, pixels: canvas.pixels)
    }

    /// The one place a frame's PNG is decoded, full size, RGBA: through the
    /// same libpng reader as still PNGs (``StreamedDecoder/decodePNG(_:width:height:path:)``),
    /// whose warnings never reach stderr; the size is the made-up IHDR's.
    static func decodePNG(_ png: [UInt8]) -> PixelBuffer? {
        guard png.count >= 24 else { return nil }
        func be32(_ at: Int) -> Int { png[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        let width = be32(16), height = be32(20)
        // The output is allocated before libpng reads a row: never for a size
        // no canvas here could have.
        guard !DecodeLimits.exceeds(width: width, height: height, limit: DecodeLimits.maximumFullDecodePixels) else { return nil }
        return try? StreamedDecoder.decodePNG(png, width: width, height: height, path: "APNG frame")
    }
}
