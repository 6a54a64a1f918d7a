/// Decodes one page source, synchronously, on the calling thread: file →
/// bytes → identified by content → libturbojpeg (JPEG), libheif (HEIC,
/// AVIF), libjxl (JPEG XL) or SDL_image (the rest) → fitted and upright. Every failure is a ``DecodeFailure``.
///
/// ``ImageLoader`` calls this on its worker threads; tests call it directly.
///
/// ```swift
/// let outcome = ImageDecoder.decode(.file(entry), maxWidth: 1280, maxHeight: 800)
/// ```
public enum ImageDecoder {
    /// Demo pages are rendered at this size when the request gives no box.
    public static let defaultDemoSize = (width: 1280, height: 800)

    /// Decodes `source` fitted into `maxWidth` × `maxHeight`; never throws, never crashes:
    /// `ImageDecoder.decode(.demo(PageIndex(h: 1, v: 2)), maxWidth: 640, maxHeight: 400)`.
    /// `turn` turns a file's image after it is upright (the view's `r`, `|`):
    /// it is decoded to fit the box turned back, so the result fits the box.
    public static func decode(_ source: PageSource, maxWidth: Int, maxHeight: Int,
                              turn: ExifOrientation = .normal) -> Result<DecodedImage, DecodeFailure> {
        if turn != .normal, case .file = source {
            let box = turn.swapsAxes ? (maxHeight, maxWidth) : (maxWidth, maxHeight)
            return decode(source, maxWidth: box.0, maxHeight: box.1).map { $0.turned(turn) }
        }
        switch source {
        case .demo(let page):
            let width = maxWidth > 0 ? maxWidth : defaultDemoSize.width
            let height = maxHeight > 0 ? maxHeight : defaultDemoSize.height
            return .success(DemoPageRenderer.render(page: page, width: width, height: height))
        case .file(let entry):
            return Result { () throws(DecodeFailure) in
                try decodeFile(entry.path, maxWidth: maxWidth, maxHeight: maxHeight)
            }
        }
    }

    /// How much of a file is looked at before the rest is read (bytes): enough
    /// for every signature and for a JPEG's SOF behind a large EXIF block.
    static let headLength = 1 << 16

    /// The image file at `path`.
    ///
    /// `jpegFullSize`: decode a JPEG at full size and then scale it down,
    /// instead of letting libjpeg-turbo decode at a reduced scale; the
    /// result has the same size. Only for measuring what scaled decoding
    /// saves (scripts/bench):
    /// `try ImageDecoder.decodeFile(path, maxWidth: 1280, maxHeight: 800, jpegFullSize: true)`.
    public static func decodeFile(_ path: String, maxWidth: Int, maxHeight: Int,
                                  jpegFullSize: Bool = false) throws(DecodeFailure) -> DecodedImage {
        // The head decides first, so a 1 GB video named .jpg or a PNG claiming
        // 30000×30000 is refused without reading the whole file, and the
        // formats that stream from the file (PNG, TIFF, large progressive
        // JPEGs) never read it into memory.
        var format: ImageFormat?
        var unknown: String?
        var streamed: StreamedDecoder.Reader?
        var read = try FileReader.read(path, head: headLength) { head throws(DecodeFailure) -> Bool in
            switch ContentSniffer.identify(head) {
            case .image(let found):
                format = found
                try checkHeader(head, format: found, path: path)
                streamed = streamedReader(for: found, head: head, maxWidth: maxWidth, maxHeight: maxHeight,
                                          jpegFullSize: jpegFullSize)
            case .notImage(let what):
                throw DecodeFailure(path: path, message: what == "empty file" ? "empty file (0 bytes)" : "not an image (\(what))")
            case .unknown(let what):
                // TGA has no signature: trust the name for it.
                let ext = LexicalPath.lastComponent(path).split(separator: ".").last.map { $0.lowercased() } ?? ""
                if ["tga", "icb", "vda", "vst"].contains(ext) { format = .tga } else { unknown = what }
            }
            return streamed == nil
        }
        if let streamed {
            if streamed == .jpegDC {
                return try JPEGDCDecoder.decode(path: path, head: read.bytes, maxWidth: maxWidth, maxHeight: maxHeight)
            }
            // A PNG that fits in the head is checked chunk by chunk first, for
            // precise messages; libpng's own words serve for the rest.
            if streamed == .png, read.complete,
               let problem = read.bytes.withUnsafeBufferPointer({ PNGStructure.problem(in: $0) }) {
                throw DecodeFailure(path: path, message: problem)
            }
            return try StreamedDecoder.decodeFitted(streamed, path: path, maxWidth: maxWidth, maxHeight: maxHeight)
        }
        guard let format else {
            // A PNG signature damaged after its first four bytes (a transfer in
            // text mode): SDL_image would hand it to libpng, which prints its
            // complaint on stderr.
            if read.bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
                throw DecodeFailure(path: path, message: "corrupt PNG data (damaged signature)")
            }
            // No signature we know: SDL_image gets one try with its own detection.
            do {
                return try SDLImageDecoder.decode(read.bytes, format: nil, path: path, maxWidth: maxWidth, maxHeight: maxHeight)
            } catch {
                throw DecodeFailure(path: path, message: "not an image (\(unknown ?? "unrecognised data"))")
            }
        }
        switch format {
        case .jpeg:
            return try JPEGDecoder.decode(releasing: &read.bytes, path: path, maxWidth: maxWidth, maxHeight: maxHeight,
                                          fullSize: jpegFullSize)
        case .heic, .avif:
            // One decoder for both: a `mif1` file is sniffed as HEIC whatever its codec,
            // and HEIFDecoder names it by its primary item (HEIFStructure).
            return try HEIFDecoder.decode(read.bytes, path: path, maxWidth: maxWidth, maxHeight: maxHeight)
        case .jxl:
            return try JXLDecoder.decode(read.bytes, path: path, maxWidth: maxWidth, maxHeight: maxHeight)
        case .webp:
            // SDL_image 2.6 cannot read an animated WebP: its first frame, composited.
            if let first = AnimatedImage.firstFrame(of: read.bytes, maxWidth: maxWidth, maxHeight: maxHeight) {
                return first
            }
            return try SDLImageDecoder.decode(read.bytes, format: format, path: path, maxWidth: maxWidth, maxHeight: maxHeight)
        default:
            return try SDLImageDecoder.decode(read.bytes, format: format, path: path, maxWidth: maxWidth, maxHeight: maxHeight)
        }
    }

    /// The reader that streams this file, or nil when it is read into memory:
    /// PNG and TIFF always; a JPEG when it is progressive and large
    /// (``JPEGDCDecoder/applies(to:maxWidth:maxHeight:)``).
    static func streamedReader(for format: ImageFormat, head: [UInt8], maxWidth: Int, maxHeight: Int,
                               jpegFullSize: Bool = false) -> StreamedDecoder.Reader? {
        switch format {
        case .png: return .png
        case .tiff: return .tiff
        case .jpeg:
            guard !jpegFullSize else { return nil }
            let structure = head.withUnsafeBufferPointer { JPEGStructure.parse($0) }
            return JPEGDCDecoder.applies(to: structure, maxWidth: maxWidth, maxHeight: maxHeight) ? .jpegDC : nil
        default: return nil
        }
    }

    /// Refuses formats we cannot decode and images whose header claims more
    /// pixels than the limit. `head` is the file's first bytes (up to 64 KB),
    /// `path` only names the file in the failure.
    public static func checkHeader(_ head: [UInt8], format: ImageFormat, path: String) throws(DecodeFailure) {
        guard format.isDecodable else {
            throw DecodeFailure(path: path, message: "\(format.name) images cannot be decoded here (no \(format.name) decoder in this build)")
        }
        let progressive = format == .jpeg && head.withUnsafeBufferPointer { JPEGStructure.parse($0).isProgressive }
        guard let size = head.withUnsafeBufferPointer({ ImageHeader.dimensions(of: format, in: $0) }) else { return }
        let limit = DecodeLimits.maximumPixels(for: format, progressive: progressive)
        if DecodeLimits.exceeds(width: size.width, height: size.height, limit: limit) {
            let what = progressive ? "progressive JPEG" : "image"
            throw DecodeFailure(path: path, message: DecodeLimits.overLimitMessage(width: size.width, height: size.height, limit: limit, what: what))
        }
    }
}
