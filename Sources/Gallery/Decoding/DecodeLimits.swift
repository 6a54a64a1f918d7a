/// Memory guards, checked from the header before any large allocation.
///
/// ```swift
/// DecodeLimits.maximumPixels(for: .png)   // 100_000_000
/// ```
public enum DecodeLimits {
    /// Largest image (pixels) decoded at full size: 100 MP is 400 MB of RGBA.
    public static let maximumFullDecodePixels = 100_000_000
    /// Largest baseline JPEG (pixels): it decodes at down to 1/8 scale, so
    /// 500 MP becomes at most ~8 MP of output.
    public static let maximumJPEGPixels = 500_000_000
    /// Largest progressive JPEG (pixels): libjpeg keeps every DCT coefficient
    /// of the whole image (~3 bytes per pixel) whatever the output scale.
    public static let maximumProgressiveJPEGPixels = 100_000_000
    /// Largest buffer a scaled JPEG decode may produce (pixels), whatever
    /// the requested size; the scale factor is lowered to stay under it.
    public static let maximumDecodedPixels = 100_000_000

    /// The limit for `format`.
    public static func maximumPixels(for format: ImageFormat, progressive: Bool = false) -> Int {
        guard format == .jpeg else { return maximumFullDecodePixels }
        return progressive ? maximumProgressiveJPEGPixels : maximumJPEGPixels
    }

    /// The failure message for an image over the limit, e.g.
    /// "image is 30000×30000, over the 100-megapixel limit".
    static func overLimitMessage(width: Int, height: Int, limit: Int, what: String = "image") -> String {
        "\(what) is \(width)×\(height), over the \(limit / 1_000_000)-megapixel limit"
    }

    /// True when width × height exceeds `limit` (or either is absurd).
    static func exceeds(width: Int, height: Int, limit: Int) -> Bool {
        guard width > 0, height > 0 else { return false }
        let (product, overflow) = width.multipliedReportingOverflow(by: height)
        return overflow || product > limit
    }
}
