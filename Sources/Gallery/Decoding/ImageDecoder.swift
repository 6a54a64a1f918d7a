/// Decodes one page source, synchronously, on the calling thread: file →
/// bytes → identified by content → libturbojpeg (JPEG) or SDL_image (the
/// rest) → fitted and upright. Every failure is a ``DecodeFailure``.
///
/// ``ImageLoader`` calls this on its worker threads; tests call it directly.
///
/// ```swift
/// let outcome = ImageDecoder.decode(.file(entry), maxWidth: 1280, maxHeight: 800)
/// ```
public enum ImageDecoder {
    /// Demo pages are rendered at this size when the request gives no box.
    public static let defaultDemoSize = (width: 1280, height: 800)

    public static func decode(_ source: PageSource, maxWidth: Int, maxHeight: Int) -> Result<DecodedImage, DecodeFailure> {
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

    /// The image file at `path`.
    public static func decodeFile(_ path: String, maxWidth: Int, maxHeight: Int) throws(DecodeFailure) -> DecodedImage {
        let bytes = try FileReader.read(path)
        let format: ImageFormat?
        switch ContentSniffer.identify(bytes) {
        case .image(let found):
            format = found
        case .notImage(let what):
            throw DecodeFailure(path: path, message: what == "empty file" ? "empty file (0 bytes)" : "not an image (\(what))")
        case .unknown(let what):
            // TGA has no signature: trust the name for it; anything else
            // still gets one try with SDL_image's own detection.
            let ext = LexicalPath.lastComponent(path).split(separator: ".").last.map { $0.lowercased() } ?? ""
            format = ["tga", "icb", "vda", "vst"].contains(ext) ? .tga : nil
            if format == nil {
                do {
                    return try SDLImageDecoder.decode(bytes, format: nil, path: path, maxWidth: maxWidth, maxHeight: maxHeight)
                } catch {
                    throw DecodeFailure(path: path, message: "not an image (\(what))")
                }
            }
        }
        guard let format else { throw DecodeFailure(path: path, message: "not an image") }
        guard format.isDecodable else {
            throw DecodeFailure(path: path, message: "\(format.name) images cannot be decoded here (SDL_image has no \(format.name) support)")
        }
        if format != .jpeg, let size = bytes.withUnsafeBufferPointer({ ImageHeader.dimensions(of: format, in: $0) }) {
            if DecodeLimits.exceeds(width: size.width, height: size.height, limit: DecodeLimits.maximumPixels(for: format)) {
                throw DecodeFailure(path: path, message: DecodeLimits.overLimitMessage(
                    width: size.width, height: size.height, limit: DecodeLimits.maximumPixels(for: format)))
            }
        }
        if format == .jpeg {
            return try JPEGDecoder.decode(bytes, path: path, maxWidth: maxWidth, maxHeight: maxHeight)
        }
        return try SDLImageDecoder.decode(bytes, format: format, path: path, maxWidth: maxWidth, maxHeight: maxHeight)
    }
}
