import ImageDecoding

extension ImageDecoder {
    /// Demo pages are rendered at this size when the request gives no box.
    public static let defaultDemoSize = (width: 1280, height: 800)

    /// Decodes one page source, synchronously, on the calling thread, fitted
    /// into `maxWidth` × `maxHeight`; never throws, never crashes. A file goes
    /// through ``ImageDecoder/decodeFile(_:maxWidth:maxHeight:registry:)``, a
    /// demo page is drawn (``DemoPageRenderer``). A file goes through
    /// ``FileDecoders/current``: in the browser, a sandboxed decoder process. ``ImageLoader`` calls this on
    /// its worker threads; tests call it directly.
    ///
    /// `turn` turns a file's image after it is upright (the view's `r`, `|`):
    /// it is decoded to fit the box turned back, so the result fits the box.
    /// `cancellation` stops a streamed decode (``DecodeCancellation``).
    ///
    /// ```swift
    /// let outcome = ImageDecoder.decode(.file(entry), maxWidth: 1280, maxHeight: 800)
    /// let demo = ImageDecoder.decode(.demo(PageIndex(h: 1, v: 2)), maxWidth: 640, maxHeight: 400)
    /// ```
    public static func decode(_ source: PageSource, maxWidth: Int, maxHeight: Int,
                              turn: ExifOrientation = .normal,
                              cancellation: DecodeCancellation? = nil) -> Result<DecodedImage, DecodeFailure> {
        if turn != .normal, case .file = source {
            let box = turn.swapsAxes ? (maxHeight, maxWidth) : (maxWidth, maxHeight)
            return decode(source, maxWidth: box.0, maxHeight: box.1, cancellation: cancellation).map { $0.turned(turn) }
        }
        switch source {
        case .demo(let page):
            let width = maxWidth > 0 ? maxWidth : defaultDemoSize.width
            let height = maxHeight > 0 ? maxHeight : defaultDemoSize.height
            return .success(DemoPageRenderer.render(page: page, width: width, height: height))
        case .file(let entry):
            return Result { () throws(DecodeFailure) in
                try FileDecoders.current.decodeFile(entry.path, maxWidth: maxWidth, maxHeight: maxHeight,
                                                    cancellation: cancellation)
            }
        }
    }
}
