#if canImport(Glibc)
import Glibc
#endif
import CStreamDecoders

/// A baseline JPEG at 1/8 of its size from its DC coefficients alone, its
/// Huffman codes read on two cores even without restart markers
/// (`Sources/CStreamDecoders/jpeg_parallel_dc.c`).
///
/// A photo without an EXIF thumbnail has nothing to show until libjpeg-turbo
/// has read every Huffman code on one core. This reads them too (each AC
/// code must be read to find where the next block starts) but on two cores:
/// the second half of the scan is decoded speculatively from its middle and
/// adopted once the first half's decoder lands on one of its MCU starts.
/// The result is the sequential decode's, bit for bit, whatever the threads.
/// The browser shows it as the first image's sketch through
/// ``JPEGBaselineSketch``, which keeps the scan for the photo's decode.
///
/// ```swift
/// let decoded = bytes.withUnsafeBufferPointer { JPEGBaselineDC.decode($0, threads: 2) }
/// if case .success(let dc) = decoded { dc.image.width }   // 500 for a 4000-pixel-wide photo
/// ```
public enum JPEGBaselineDC {
    /// How the scan was read.
    public enum Outcome: Equatable, Sendable {
        /// On one thread.
        case sequential
        /// On two: the first thread met the second's records `afterMCUs` MCUs past the split.
        case synced(afterMCUs: Int)
        /// Two threads, but the first never met the second's records and decoded all of it.
        case neverSynced
        /// Two threads, each its own restart intervals.
        case restartSplit
    }

    /// A decode's result.
    public struct Decoded: Sendable {
        /// The image at 1/8 scale, RGBA, in stored orientation.
        var image: PixelBuffer
        /// The image's own size, px.
        public var width: Int, height: Int
        /// A hash of every DC coefficient: equal for equal decodes.
        public var dcHash: UInt64
        public var outcome: Outcome
        /// The output's RGBA bytes.
        public var pixels: [UInt8] { image.pixels }
    }

    /// Why there is no result.
    public enum Failure: Error, Equatable {
        /// Not a file this reads (progressive, arithmetic, CMYK, several scans): libjpeg-turbo's.
        case notApplicable(String)
        /// Corrupt or cut short.
        case failed(String)
    }

    /// The JPEG in `bytes` at 1/8 scale, its scan read by `threads` (1 or 2).
    /// `splitByte` (tests only) is where the second thread starts in the
    /// scan's unstuffed data; nil is its middle.
    public static func decode(_ bytes: UnsafeBufferPointer<UInt8>, threads: Int,
                              splitByte: Int? = nil) -> Result<Decoded, Failure> {
        guard let base = bytes.baseAddress else { return .failure(.notApplicable("empty file")) }
        var result = fw_baseline_dc_result()
        let status = fw_jpeg_baseline_dc_decode(base, bytes.count, Int32(clamping: threads),
                                                Int64(splitByte ?? -1), &result)
        defer { fw_jpeg_baseline_dc_free(&result) }
        let message = withUnsafeBytes(of: result.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        guard status == 0, let rgba = result.rgba else {
            return .failure(status == 1 ? .notApplicable(message) : .failed(message))
        }
        let width = Int(result.out_width), height = Int(result.out_height)
        let pixels = Array(UnsafeBufferPointer(start: rgba, count: width * height * 4))
        let outcome: Outcome = switch Int(result.outcome) {
        case Int(FW_BASELINE_DC_SYNCED): .synced(afterMCUs: Int(result.sync_mcus))
        case Int(FW_BASELINE_DC_NEVER_SYNCED): .neverSynced
        case Int(FW_BASELINE_DC_RESTART_SPLIT): .restartSplit
        default: .sequential
        }
        return .success(Decoded(image: PixelBuffer(width: width, height: height, pixels: pixels),
                                width: Int(result.width), height: Int(result.height),
                                dcHash: result.dc_hash, outcome: outcome))
    }
}
