import CStreamDecoders

/// A progressive JPEG's scans read on two cores by a reader of our own,
/// the pixels made by libjpeg's own output pass from those coefficients,
/// or at 3/8 (grey, 4:4:4, 4:2:0: each component's IDCT leaves it at the
/// output's size) by the two reading threads, a band of rows at a time as
/// every scan has read it, with libjpeg's arithmetic: byte for byte what
/// tjDecompress2 makes of the file (`Sources/CStreamDecoders/jpeg_progressive.c`).
///
/// libjpeg-turbo reads a progressive file's codes at about a third of the
/// speed of the same coefficients coded baseline, on one core, and that is
/// nearly all of the decode (docs/benchmarks.md, figure 13). A refinement
/// scan cannot be entered at an arbitrary bit (each block's length depends
/// on the coefficients earlier scans made nonzero), so each scan is cut
/// into bands of MCU rows; a band is read once the band above it and the
/// same band of the earlier scans it refines are, and two threads take the
/// bands as they become ready, the longest chain first. 12 MP at 3/8 (C
/// driver, `Benchmarks/jpeg-split/progressive`): 4:2:0 54–60 ms and 4:4:4
/// 70–85 ms on two threads, against about 120 and 185–225 for tjDecompress2.
///
/// Files read otherwise by libjpeg are declined before anything is decoded
/// (restart markers, a Huffman table libjpeg refuses, a first scan without
/// every component, a progression libjpeg would warn about or leave
/// unfinished, markers between scans but tables, no end marker; CMYK); a
/// decode that meets a code libjpeg would read differently fails. Either way the caller decodes with
/// tjDecompress2, whose messages are the ones to show.
///
/// ```swift
/// if case .success(let pixels) = bytes.withUnsafeBufferPointer({
///     JPEGProgressiveSplit.decode($0, scale: JPEGScale(numerator: 3, denominator: 8), width: 1500, height: 1125)
/// }) {
///     pixels.count   // 1500 × 1125 × 4, as tjDecompress2 makes them at 3/8
/// }
/// ```
public enum JPEGProgressiveSplit {
    /// Why there is no result.
    public enum Failure: Error, Equatable {
        /// Not a file this reads (see above): nothing was decoded.
        case notApplicable(String)
        /// The reading failed or libjpeg warned: the whole decode says what.
        case failed(String)
    }

    /// The progressive JPEG in `bytes` at `scale` (a libjpeg scale, n/8),
    /// `width` × `height` RGBA (the size libjpeg makes at that scale), on
    /// `threads` threads (1 or 2).
    public static func decode(_ bytes: UnsafeBufferPointer<UInt8>, scale: JPEGScale, width: Int, height: Int,
                              threads: Int = 2) -> Result<[UInt8], Failure> {
        decodeTelling(bytes, scale: scale, width: width, height: height, threads: threads).map(\.pixels)
    }

    /// What a decode made, and who made the pixels.
    struct Decoded {
        var pixels: [UInt8]
        /// The reading threads, band by band; else libjpeg's output pass.
        var madeByReaders: Bool
    }

    /// ``decode(_:scale:width:height:threads:)``, telling who made the pixels.
    static func decodeTelling(_ bytes: UnsafeBufferPointer<UInt8>, scale: JPEGScale, width: Int, height: Int,
                              threads: Int = 2) -> Result<Decoded, Failure> {
        read(bytes, scale: scale, left: 0, top: 0, width: width, height: height, fullWidth: width,
             fullHeight: height, threads: threads)
    }

    /// The window `width` × `height` at (`left`, `top`) of the image libjpeg
    /// makes of the file at `scale` (`fullWidth` × `fullHeight`), RGBA: the
    /// whole decode's pixels there. Every scan is still read (a band's
    /// codes start where the band above ends), but no row below the window
    /// is made and the reading stops once its last row is. A zoomed
    /// region of a 12 MP photo (1984 × 1472 at 8/8, C driver, two threads):
    /// 61–66 ms at 4:2:0 and 115–126 ms at 4:4:4, against 146–157 and
    /// 254–265 ms for libjpeg-turbo's lossless crop and a decode of it
    /// (docs/benchmarks.md, "A zoomed region of a progressive photo").
    ///
    /// ```swift
    /// // The middle quarter of a 4000 × 3000 photo at 4/8.
    /// JPEGProgressiveSplit.decodeWindow($0, scale: JPEGScale(numerator: 1, denominator: 2), left: 500, top: 376,
    ///                                   width: 1000, height: 750, fullWidth: 2000, fullHeight: 1500)
    /// ```
    public static func decodeWindow(_ bytes: UnsafeBufferPointer<UInt8>, scale: JPEGScale, left: Int, top: Int,
                                    width: Int, height: Int, fullWidth: Int, fullHeight: Int,
                                    threads: Int = 2) -> Result<[UInt8], Failure> {
        read(bytes, scale: scale, left: left, top: top, width: width, height: height, fullWidth: fullWidth,
             fullHeight: fullHeight, threads: threads).map(\.pixels)
    }

    private static func read(_ bytes: UnsafeBufferPointer<UInt8>, scale: JPEGScale, left: Int, top: Int,
                             width: Int, height: Int, fullWidth: Int, fullHeight: Int,
                             threads: Int) -> Result<Decoded, Failure> {
        guard let base = bytes.baseAddress, scale.denominator > 0, scale.numerator * 8 % scale.denominator == 0,
              width > 0, height > 0, left >= 0, top >= 0, left + width <= fullWidth, top + height <= fullHeight,
              fullWidth <= Int(Int32.max), fullHeight <= Int(Int32.max) else {
            return .failure(.notApplicable("no bytes, no libjpeg scale, or a window outside the image"))
        }
        var message = [CChar](repeating: 0, count: 200)
        var status: Int32 = 1
        var byReaders: Int32 = 0
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, initialized in
            status = fw_jpeg_progressive_decode_window(base, bytes.count, Int32(scale.numerator * 8 / scale.denominator),
                                                       Int32(threads), Int32(left), Int32(top), Int32(fullWidth),
                                                       Int32(fullHeight), out.baseAddress, Int32(width),
                                                       Int32(height), &message, &byReaders)
            initialized = status == 0 ? out.count : 0
        }
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch status {
        case 0: return .success(Decoded(pixels: pixels, madeByReaders: byReaders != 0))
        case 1: return .failure(.notApplicable(text))
        default: return .failure(.failed(text))
        }
    }
}
