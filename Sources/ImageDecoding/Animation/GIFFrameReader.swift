import CGIF

/// An animated GIF's frames through giflib, one at a time: the records are
/// read in order with `DGifGetRecordType`, and each frame's rows with
/// `DGifGetLine` into the canvas. `DGifSlurp` is not used: it keeps every
/// frame's raster. Disposal methods 0–3 and the transparent colour are
/// applied as browsers do (the canvas starts transparent, disposal 2 clears
/// the frame's rectangle to transparent, 3 restores what was under it).
///
/// ```swift
/// let reader = try GIFFrameReader(bytes: bytes)
/// reader.summary.frameCount          // counted without decoding a pixel
/// let first = reader.nextFrame()      // the canvas after frame 0
/// ```
final class GIFFrameReader: AnimationFrameSource {
    let summary: AnimationSummary
    private let input: GIFInput
    private var gif: UnsafeMutablePointer<GifFileType>?
    private var canvas: AnimationCanvas
    private var decoded = 0
    /// The last frame's disposal, its rectangle and, for disposal 3, the
    /// canvas from before it.
    private var pendingDisposal: (method: Int, rect: PixelRect, saved: [UInt8]?)?
    private var row: [GifPixelType] = []

    /// Walks the file once to count frames and read delays and the loop
    /// count (raster data is skipped code block by code block). Throws when
    /// it is not a GIF with at least one frame.
    init(bytes: [UInt8]) throws(DecodeFailure) {
        input = GIFInput(bytes)
        guard let summary = Self.scan(input) else { throw DecodeFailure(path: "", message: "not a readable GIF") }
        self.summary = summary
        canvas = AnimationCanvas(width: summary.width, height: summary.height)
        gif = Self.open(input)
    }

    deinit { Self.close(gif) }

    func rewind() {
        Self.close(gif)
        gif = Self.open(input)
        canvas = AnimationCanvas(width: summary.width, height: summary.height)
        decoded = 0
        pendingDisposal = nil
    }

    func nextFrame() -> PixelBuffer? {
        guard let gif, decoded < summary.frameCount else { return nil }
        if let disposal = pendingDisposal {
            if disposal.method == 2 { canvas.clear(disposal.rect) }
            if disposal.method == 3, let saved = disposal.saved { canvas.pixels = saved }
            pendingDisposal = nil
        }
        var control = GraphicsControl()
        while true {
            var type = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(gif, &type) == GIF_OK else { return nil }
            switch type {
            case EXTENSION_RECORD_TYPE:
                guard Self.readExtension(gif, control: &control, loops: nil) else { return nil }
            case IMAGE_DESC_RECORD_TYPE:
                guard DGifGetImageDesc(gif) == GIF_OK else { return nil }
                Self.dropSavedImage(gif)
                let rect = Self.rect(gif)
                guard canvas.contains(rect) else { return nil }
                let saved = control.disposal == 3 ? canvas.pixels : nil
                guard draw(gif, rect: rect, transparent: control.transparentIndex) else { return nil }
                pendingDisposal = (control.disposal, rect, saved)
                decoded += 1
                return PixelBuffer(width: canvas.width, height: canvas.height, pixels: canvas.pixels)
            default:
                return nil   // the end (or a record that should not be there)
            }
        }
    }

    /// Reads the frame's rows (deinterlacing) into the canvas.
    private func draw(_ gif: UnsafeMutablePointer<GifFileType>, rect: PixelRect, transparent: Int?) -> Bool {
        guard let map = gif.pointee.Image.ColorMap ?? gif.pointee.SColorMap, let colours = map.pointee.Colors else {
            return false
        }
        let colourCount = Int(map.pointee.ColorCount)
        let skipped = transparent ?? -1
        if row.count < rect.width { row = [GifPixelType](repeating: 0, count: rect.width) }
        // GIF interlacing: rows 0, 8, 16…; then 4, 12…; then 2, 6…; then 1, 3…
        let passes: [(start: Int, step: Int)] = gif.pointee.Image.Interlace
            ? [(0, 8), (4, 8), (2, 4), (1, 2)] : [(0, 1)]
        let canvasWidth = canvas.width
        return row.withUnsafeMutableBufferPointer { line in
            canvas.pixels.withUnsafeMutableBufferPointer { out in
                for pass in passes {
                    var y = pass.start
                    while y < rect.height {
                        guard DGifGetLine(gif, line.baseAddress, Int32(rect.width)) == GIF_OK else { return false }
                        var p = ((rect.y + y) * canvasWidth + rect.x) * 4
                        for x in 0..<rect.width {
                            let index = Int(line[x])
                            if index != skipped && index < colourCount {
                                let colour = colours[index]
                                out[p] = colour.Red
                                out[p + 1] = colour.Green
                                out[p + 2] = colour.Blue
                                out[p + 3] = 255
                            }
                            p += 4
                        }
                        y += pass.step
                    }
                }
                return true
            }
        }
    }

    // MARK: - The record walk

    /// A graphic control extension's fields.
    private struct GraphicsControl {
        var disposal = 0
        var delayCentiseconds = 0
        var transparentIndex: Int?
    }

    /// Counts the frames that can be decoded (up to a truncated or broken
    /// one), with their delays and the NETSCAPE2.0 loop count, skipping the
    /// raster data. nil when the file does not open.
    private static func scan(_ input: GIFInput) -> AnimationSummary? {
        guard let gif = open(input) else { return nil }
        defer { close(gif) }
        let width = Int(gif.pointee.SWidth), height = Int(gif.pointee.SHeight)
        guard width > 0, height > 0 else { return nil }
        var delays: [Double] = []
        var loops: Int?
        var control = GraphicsControl()
        var ended = false
        walk: while true {
            var type = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(gif, &type) == GIF_OK else { break }
            switch type {
            case EXTENSION_RECORD_TYPE:
                guard readExtension(gif, control: &control, loops: &loops) else { break walk }
            case IMAGE_DESC_RECORD_TYPE:
                guard DGifGetImageDesc(gif) == GIF_OK else { break walk }
                dropSavedImage(gif)
                let rect = rect(gif)
                guard rect.x >= 0, rect.y >= 0, rect.width > 0, rect.height > 0,
                      rect.x + rect.width <= width, rect.y + rect.height <= height else { break walk }
                var size: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                guard DGifGetCode(gif, &size, &block) == GIF_OK else { break walk }
                while block != nil {
                    guard DGifGetCodeNext(gif, &block) == GIF_OK else { break walk }
                }
                delays.append(FrameDelay.seconds(milliseconds: control.delayCentiseconds * 10))
                control = GraphicsControl()
            case TERMINATE_RECORD_TYPE:
                ended = true
                break walk
            default:
                break walk
            }
        }
        guard !delays.isEmpty else { return nil }
        // NETSCAPE2.0's count is of repeats after the first play (0: forever),
        // so browsers play it count + 1 times; without the extension, once.
        let plays = loops.map { $0 == 0 ? 0 : $0 + 1 } ?? 1
        return AnimationSummary(width: width, height: height, delays: delays, loopCount: plays, isBroken: !ended)
    }

    /// Reads one extension record; a graphic control extension sets
    /// `control`, NETSCAPE2.0 sets `loops`. False on a read error.
    private static func readExtension(_ gif: UnsafeMutablePointer<GifFileType>, control: inout GraphicsControl,
                                      loops: UnsafeMutablePointer<Int?>?) -> Bool {
        var code: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        guard DGifGetExtension(gif, &code, &block) == GIF_OK else { return false }
        var isNetscape = false
        if let first = block {
            if code == GRAPHICS_EXT_FUNC_CODE, first[0] >= 4 {
                control.disposal = Int((first[1] >> 2) & 0x07)
                control.delayCentiseconds = Int(first[2]) | Int(first[3]) << 8
                control.transparentIndex = first[1] & 0x01 != 0 ? Int(first[4]) : nil
            } else if code == APPLICATION_EXT_FUNC_CODE, first[0] == 11 {
                let name = (1...11).map { first[$0] }
                isNetscape = name == Array("NETSCAPE2.0".utf8) || name == Array("ANIMEXTS1.0".utf8)
            }
        }
        while block != nil {
            guard DGifGetExtensionNext(gif, &block) == GIF_OK else { return false }
            if isNetscape, let sub = block, sub[0] >= 3, sub[1] == 1, let loops {
                loops.pointee = Int(sub[2]) | Int(sub[3]) << 8
            }
        }
        return true
    }

    private static func rect(_ gif: UnsafeMutablePointer<GifFileType>) -> PixelRect {
        let image = gif.pointee.Image
        return PixelRect(x: Int(image.Left), y: Int(image.Top), width: Int(image.Width), height: Int(image.Height))
    }

    /// giflib 5.2's `DGifGetImageDesc` appends each frame's description to
    /// `SavedImages`; dropping it keeps a 5000-frame walk from growing.
    private static func dropSavedImage(_ gif: UnsafeMutablePointer<GifFileType>) {
        GifFreeSavedImages(gif)
        gif.pointee.ImageCount = 0
    }

    private static func open(_ input: GIFInput) -> UnsafeMutablePointer<GifFileType>? {
        input.offset = 0
        var error: Int32 = 0
        return DGifOpen(Unmanaged.passUnretained(input).toOpaque(), { gif, buffer, length in
            guard let gif, let buffer, let user = gif.pointee.UserData else { return 0 }
            let input = Unmanaged<GIFInput>.fromOpaque(user).takeUnretainedValue()
            let count = max(0, min(Int(length), input.bytes.count - input.offset))
            input.bytes.withUnsafeBufferPointer { source in
                if count > 0 { buffer.update(from: source.baseAddress! + input.offset, count: count) }
            }
            input.offset += count
            return Int32(count)
        }, &error)
    }

    private static func close(_ gif: UnsafeMutablePointer<GifFileType>?) {
        guard let gif else { return }
        var error: Int32 = 0
        DGifCloseFile(gif, &error)
    }
}

/// The compressed file giflib reads from, and how far it has read.
private final class GIFInput {
    let bytes: [UInt8]
    var offset = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }
}
