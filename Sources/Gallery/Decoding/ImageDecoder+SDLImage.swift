extension ImageDecoder {
    /// A JPEG decoded the way a naive viewer does it: SDL2_image's `IMG_Load`
    /// at full size (no DCT scaling), converted to RGBA, then area-averaged
    /// down to fit. Only the benchmarks call it, to set the browser's path
    /// (``decodeFile(_:maxWidth:maxHeight:jpegFullSize:)``) against it.
    ///
    /// ```swift
    /// let image = try ImageDecoder.decodeJPEGFileThroughSDLImage(path, maxWidth: 1280, maxHeight: 800)
    /// ```
    public static func decodeJPEGFileThroughSDLImage(_ path: String, maxWidth: Int,
                                                     maxHeight: Int) throws(DecodeFailure) -> DecodedImage {
        let bytes = try FileReader.read(path)
        return try SDLImageDecoder.decode(bytes, format: .jpeg, path: path, maxWidth: maxWidth, maxHeight: maxHeight)
    }
}
