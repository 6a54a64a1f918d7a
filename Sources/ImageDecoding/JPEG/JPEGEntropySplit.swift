import CStreamDecoders

/// A baseline JPEG decoded by libjpeg on two cores, byte for byte as
/// tjDecompress2 decodes the whole file, and a region of one from its own
/// rows (`Sources/CStreamDecoders/jpeg_entropy_split.c`).
///
/// libjpeg cannot start mid-scan: each Huffman code starts where the last
/// ended and each block's DC is a difference from the one before. With
/// restart markers (`RSTn` every `DRI` MCUs, which reset both) the cut is
/// where an interval starts on the row above it: the data after that
/// interval's marker becomes a JPEG of the rows from there, its markers
/// renumbered, and nothing is read twice. Most photos have none: then the
/// second thread reads the codes (where blocks start, the DC predictions)
/// to an MCU row, writes a JPEG of the rows from there (its first MCUs' DC
/// made absolute, ZRL codes added until the original's bytes can follow as
/// they are) and decodes it, while the first thread decodes the original's
/// rows above. The row above the cut is decoded by both, so that the
/// seam's chroma upsampling is the whole decode's. The second starts its
/// decode late, so the first takes more rows: ``topFraction(for:)``.
///
/// Reading the codes first is work a whole decode does not do (half as
/// much CPU again at 3/8: 24 ms on 47), so without restart markers the
/// split pays only where the other core is free, and a page is not such a
/// place: it decodes beside its neighbours, and the browser's first image
/// came later with it (docs/benchmarks.md). The browser splits pages with
/// restart markers only, and the first image without reading codes: its
/// sketch recorded where each MCU row starts (``JPEGBaselineSketch``). A zoomed region is decoded from its own rows
/// (``decodeRegion(_:scale:left:top:width:height:outputWidth:outputHeight:)``).
///
/// ```swift
/// if let fraction = JPEGEntropySplit.topFraction(for: scale),
///    case .success(let decoded) = bytes.withUnsafeBufferPointer({
///        JPEGEntropySplit.decode($0, scale: scale, width: 1500, height: 1125, topFraction: fraction)
///    }) {
///     decoded.pixels.count   // 1500 × 1125 × 4, as tjDecompress2 makes them at 3/8
/// }
/// ```
public enum JPEGEntropySplit {
    /// What a decode did, for tests: the output rows the first thread
    /// decoded, the bits of the scan the second read first, and whether the
    /// bits after the cut were shifted (no ZRL codes could realign them
    /// with the original's bytes; then a scan that ends a few bits early
    /// goes without libjpeg's warning, its pixels the same).
    public struct Decoded: Sendable {
        public var pixels: [UInt8]
        public var topRows: Int
        public var bitsRead: Int
        public var shifted: Bool
        /// Made from the low-frequency coefficients alone, not by libjpeg
        /// (``JPEGBaselineSketch``'s kept scan at 3/8).
        public var lowFrequency: Bool = false
    }

    /// Why there is no result.
    public enum Failure: Error, Equatable {
        /// Not a file this splits (progressive, CMYK, too few rows, a region off the MCUs).
        case notApplicable(String)
        /// A part failed or libjpeg warned: the whole file's decode says what.
        case failed(String)
    }

    /// Below this many pixels a decode is a few ms and a thread costs more than it saves.
    public static let minimumPixels = 2_000_000

    /// libjpeg-turbo's time for a 12 MP 4:2:0 photo at each scale (n/8),
    /// relative to 1/8 (which is its Huffman decoding and little more):
    /// tjDecompress2, best of 7, 4000×3000 at quality 90, 2-core machine.
    /// IDCT and upsampling cost more at scales without SIMD code (3/4, 7/8).
    static let relativeCost: [Double] = [1.00, 1.27, 1.47, 1.43, 1.93, 2.17, 2.58, 1.74]

    /// The work of a decode's IDCT, upsampling and colour at `scale`
    /// against its Huffman decoding's (``relativeCost`` less the 1/8
    /// decode): 0.47 at 3/8.
    ///
    /// ```swift
    /// JPEGEntropySplit.pixelShare(for: JPEGScale(numerator: 3, denominator: 8))   // 0.47
    /// ```
    public static func pixelShare(for scale: JPEGScale) -> Double {
        relativeCost(at: scale).map { $0 - 1 } ?? 0
    }

    /// ``relativeCost`` at `scale`, nil when it is not one of libjpeg's n/8.
    private static func relativeCost(at scale: JPEGScale) -> Double? {
        guard scale.denominator > 0, 8 % scale.denominator == 0 else { return nil }
        let eighths = scale.numerator * 8 / scale.denominator
        return (1...8).contains(eighths) ? relativeCost[eighths - 1] : nil
    }

    /// The share of the rows the first thread decodes at `scale`, or nil
    /// when a split gains too little. The second thread reads a `f` share of
    /// the codes (cost `f·E`) and then decodes the rest (`(1 − f)·T`) while
    /// the first decodes `f·T`; they end together at `f = T / (2T − E)`.
    public static func topFraction(for scale: JPEGScale) -> Double? {
        guard let cost = relativeCost(at: scale) else { return nil }
        let fraction = cost / (2 * cost - 1)
        return fraction <= 0.9 ? fraction : nil
    }

    /// The JPEG in `bytes` at `scale`, `width` × `height` RGBA (the size
    /// libjpeg makes at that scale), cut at `topFraction` of its MCU rows
    /// (with restart markers, at the nearest row whose row above starts an
    /// interval; with `byWork` too, of those the one nearest `topFraction`
    /// of the work above it, the intervals' starts giving the codes' bits
    /// and ``pixelShare(for:)`` the pixels'). `restartMarkersOnly` declines
    /// a file without them.
    public static func decode(_ bytes: UnsafeBufferPointer<UInt8>, scale: JPEGScale, width: Int, height: Int,
                              topFraction: Double, restartMarkersOnly: Bool = false,
                              byWork: Bool = false) -> Result<Decoded, Failure> {
        guard let base = bytes.baseAddress, scale.denominator > 0, scale.numerator * 8 % scale.denominator == 0,
              width > 0, height > 0 else {
            return .failure(.notApplicable("no bytes or no libjpeg scale"))
        }
        let eighths = scale.numerator * 8 / scale.denominator
        var result = fw_entropy_split_result()
        var status: Int32 = 1
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, initialized in
            status = fw_jpeg_entropy_split_decode(base, bytes.count, Int32(eighths), topFraction,
                                                  restartMarkersOnly ? 1 : 0, byWork ? pixelShare(for: scale) : -1,
                                                  out.baseAddress, Int32(width), Int32(height), &result)
            initialized = status == 0 ? out.count : 0
        }
        return outcome(status, result, pixels)
    }

    /// The region `width` × `height` at (`left`, `top`) (full-size pixels,
    /// its corner on an MCU's) at `scale`, `outputWidth` × `outputHeight`
    /// RGBA (the region at that scale, rounded up, within the image), on
    /// one thread: the codes above it are read, not decoded (but the MCU
    /// row above, for the upsampling; with restart markers it starts at the
    /// nearest row above that starts an interval and reads no codes), and
    /// nothing below it is decoded but the MCU row its upsampling reads. The pixels are the whole image's decode's
    /// at that scale.
    public static func decodeRegion(_ bytes: UnsafeBufferPointer<UInt8>, scale: JPEGScale, left: Int, top: Int,
                                    width: Int, height: Int, outputWidth: Int,
                                    outputHeight: Int) -> Result<Decoded, Failure> {
        guard let base = bytes.baseAddress, scale.denominator > 0, scale.numerator * 8 % scale.denominator == 0,
              outputWidth > 0, outputHeight > 0 else {
            return .failure(.notApplicable("no bytes or no libjpeg scale"))
        }
        var result = fw_entropy_split_result()
        var status: Int32 = 1
        let pixels = [UInt8](unsafeUninitializedCapacity: outputWidth * outputHeight * 4) { out, initialized in
            status = fw_jpeg_region_decode(base, bytes.count, Int32(scale.numerator * 8 / scale.denominator),
                                           Int32(clamping: left), Int32(clamping: top), Int32(clamping: width),
                                           Int32(clamping: height), out.baseAddress, Int32(outputWidth),
                                           Int32(outputHeight), &result)
            initialized = status == 0 ? out.count : 0
        }
        return outcome(status, result, pixels)
    }

    static func outcome(_ status: Int32, _ result: fw_entropy_split_result,
                                _ pixels: [UInt8]) -> Result<Decoded, Failure> {
        let message = withUnsafeBytes(of: result.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        switch status {
        case 0: return .success(Decoded(pixels: pixels, topRows: Int(result.top_rows), bitsRead: Int(result.bits_read),
                                        shifted: result.shifted != 0, lowFrequency: result.low_frequency != 0))
        case 1: return .failure(.notApplicable(message))
        default: return .failure(.failed(message))
        }
    }
}
