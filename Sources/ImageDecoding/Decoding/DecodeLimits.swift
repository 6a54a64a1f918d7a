import CStreamDecoders

/// Size guards, checked from the header before any large allocation.
///
/// PNG and TIFF stream (``StreamedDecoder``), and so do progressive JPEGs
/// whose 1/8 scale still fills the window: their memory does not grow with
/// their size, so their limit is about time, not memory. The formats decoded
/// whole keep a memory limit.
///
/// ```swift
/// DecodeLimits.maximumPixels(for: .png)    // 4_000_000_000
/// DecodeLimits.maximumPixels(for: .webp)   // 100_000_000
/// ```
public enum DecodeLimits {
    /// Largest image (pixels) decoded at full size: 100 MP is 400 MB of RGBA.
    public static let maximumFullDecodePixels = 100_000_000
    /// Largest baseline JPEG (pixels): it decodes at down to 1/8 scale, so
    /// 500 MP becomes at most ~8 MP of output; the file is read whole.
    public static let maximumJPEGPixels = 500_000_000
    /// Largest progressive JPEG libjpeg decodes (pixels): it keeps every DCT
    /// coefficient of the whole image (~3 bytes per pixel) whatever the output
    /// scale. Larger ones are read from their DC coefficients alone.
    public static let maximumProgressiveJPEGPixels = 100_000_000
    /// A zoomed region of a progressive JPEG above this (pixels) is read
    /// from its DC coefficients (1/8 scale): libjpeg would hold ~75 MB of
    /// coefficients for 25 MP. (A fitted decode is read from DC from 2 MP
    /// whenever 1/8 covers the box: `JPEGDCDecoder.applies`.)
    public static let progressiveDCPixels = 25_000_000
    /// Largest streamed image (pixels: PNG, TIFF, progressive JPEG by DC).
    /// Memory stays flat; this bounds the time one decode thread spends on a
    /// file (streaming runs at roughly 60–100 MP/s here: about a minute),
    /// and it is still above any real scan or panorama (65,000 × 61,000).
    public static let maximumStreamedPixels = 4_000_000_000
    /// Widest streamed PNG or TIFF (px): a row is read whole, so its width,
    /// not its area, bounds the row's memory. The reason for the number is
    /// beside `FW_STREAM_MAXIMUM_WIDTH` (Sources/CStreamDecoders/include/stream_decoders.h),
    /// which the readers check too.
    public static let maximumStreamedWidth = Int(FW_STREAM_MAXIMUM_WIDTH)
    /// An interlaced (Adam7) PNG's rows are complete only after its last
    /// pass, so it is held whole: up to this many bytes of RGBA (16 MP).
    public static let maximumInterlacedPNGBytes = 64 << 20
    /// Largest buffer a scaled JPEG decode may produce (pixels), whatever
    /// the requested size; the scale factor is lowered to stay under it.
    public static let maximumDecodedPixels = 100_000_000

    /// Largest camera raw file (sensor pixels): LibRaw holds the sensor's
    /// data at 2 bytes a pixel while it develops it (600 MB at this size),
    /// above any camera sold (150 MP backs). Checked from LibRaw's header
    /// read, before anything is unpacked (RawDecoder).
    public static let maximumRawPixels = 300_000_000

    /// The limit for `format`.
    public static func maximumPixels(for format: ImageFormat, progressive: Bool = false) -> Int {
        switch format {
        case .png, .tiff: return maximumStreamedPixels
        case .jpeg: return progressive ? maximumStreamedPixels : maximumJPEGPixels
        default: return maximumFullDecodePixels
        }
    }

    /// The failure message for an image over the limit, e.g.
    /// "image is 30000×30000, over the 100-megapixel limit".
    static func overLimitMessage(width: Int, height: Int, limit: Int, what: String = "image") -> String {
        "\(what) is \(width)×\(height), over the \(DigitGrouping.grouped(limit / 1_000_000))-megapixel limit"
    }

    /// The failure message for a streamed image over the width limit, e.g.
    /// "image is 2147483647×1, wider than the 300,000-pixel limit for PNG".
    static func overWidthMessage(width: Int, height: Int, format: String) -> String {
        "image is \(width)×\(height), wider than the \(DigitGrouping.grouped(maximumStreamedWidth))-pixel limit for \(format)"
    }

    /// True when width × height exceeds `limit` (or either is absurd).
    static func exceeds(width: Int, height: Int, limit: Int) -> Bool {
        guard width > 0, height > 0 else { return false }
        let (product, overflow) = width.multipliedReportingOverflow(by: height)
        return overflow || product > limit
    }
}
