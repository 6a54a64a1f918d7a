/// What a library's full-size decode gives before it is fitted: the pixels,
/// upright, whether they may have alpha, and the profile their numbers are
/// in (libjxl's; libheif's planes are averaged in place instead, ``PlanarRGB``).
///
/// ```swift
/// let decoded = UprightPixels(image: buffer, hasAlpha: true, iccProfile: nil)
/// let image = decoded.fitted(maxWidth: 1280, maxHeight: 800, format: "JPEG XL")
/// ```
struct UprightPixels {
    var image: PixelBuffer
    var hasAlpha: Bool
    /// nil: sRGB already (or BT.709, taken as sRGB), or a profile we do not convert.
    var iccProfile: [UInt8]?

    /// Area-averaged into the box and converted to sRGB (``DecodedImage/fitting(_:mayHaveAlpha:iccProfile:maxWidth:maxHeight:format:)``).
    func fitted(maxWidth: Int, maxHeight: Int, format: String) -> DecodedImage {
        DecodedImage.fitting(image, mayHaveAlpha: hasAlpha, iccProfile: iccProfile,
                             maxWidth: maxWidth, maxHeight: maxHeight, format: format)
    }
}
