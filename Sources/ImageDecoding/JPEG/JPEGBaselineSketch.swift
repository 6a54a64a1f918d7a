#if canImport(Glibc)
import Glibc
#endif
import CStreamDecoders
import Synchronization

/// The first image of a large baseline JPEG without an EXIF thumbnail: its
/// DC coefficients at 1/8 scale, read on two cores
/// (`fw_jpeg_sketch_decode`, `Sources/CStreamDecoders/jpeg_parallel_dc.c`),
/// and the scan kept so that the photo's own decode, which comes next on the
/// same process, is cut in two at its middle MCU row without its codes read
/// again (``JPEGDecoder`` takes it with ``takeKeptScan(of:)``).
///
/// libjpeg shows nothing until it has read every Huffman code of the file on
/// one core. Reading them for the DC alone takes about half of that on two
/// cores; and since the reading records where each MCU row starts, the
/// decode that follows splits the file at its middle row as it does a file
/// with restart markers: its two halves decode on the two cores at once.
/// The sketch and the split together take about as long as libjpeg's one
/// decode of the whole file (docs/benchmarks.md).
///
/// At 3/8, for a grey, 4:4:4 or 4:2:0 photo, libjpeg is left out: its IDCT
/// at that scale reads only each block's top-left 3 × 3 coefficients (6 × 6
/// of 4:2:0 chroma, which it scales up by its IDCT), so the two threads read
/// just those from the rows the sketch recorded (the DC from its planes) and
/// make the pixels with libjpeg's arithmetic as they go: the same bytes,
/// sooner.
///
/// ```swift
/// if let sketch = JPEGBaselineSketch.sketch(path: "/photos/DSC_0001.JPG") {
///     sketch.width         // 500: 1/8 of the 4000-pixel photo
///     sketch.sourceWidth   // 4000
/// }
/// ```
public enum JPEGBaselineSketch {
    /// Baseline JPEGs get a sketch from the size progressive ones do (below,
    /// libjpeg's decode takes a few ms more than the sketch would).
    static let minimumPixels = JPEGDCDecoder.sketchPixels

    /// The photo at `path` at 1/8 scale from its DC coefficients, upright and
    /// in the display's profile, with its upright size as the source size;
    /// nil for a file that is not a baseline Huffman JPEG of
    /// ``minimumPixels`` to ``DecodeLimits/maximumJPEGPixels`` pixels, on a
    /// machine of one core, or one whose scan is corrupt or cut short (its
    /// decode says why). The scan is kept for the decode of the same bytes
    /// that follows (the one before is dropped), and the bytes are held
    /// (``HeldFile``) so that the decode does not read the
    /// file again while it is unchanged.
    public static func sketch(path: String) -> DecodedImage? {
        guard JPEGDecoder.splitsAcrossCores,
              let head = try? FileReader.read(path, limit: ImageDecoder.headLength),
              applies(to: head.withUnsafeBufferPointer { JPEGStructure.parse($0) }),
              let (bytes, identity) = try? FileReader.readWithIdentity(path),
              let (sketch, scan) = read(bytes) else { return nil }
        kept.withLock { $0 = scan }
        if scan != nil { HeldFile.shared.hold(bytes, of: identity) }
        return sketch
    }

    /// Whether a file of this structure gets a sketch: baseline, and its
    /// header's size (which bounds what is allocated; the C reader also
    /// refuses a header claiming more blocks than the data can hold) from
    /// ``minimumPixels`` to ``DecodeLimits/maximumJPEGPixels``.
    static func applies(to structure: JPEGStructure) -> Bool {
        guard !structure.isProgressive, let w = structure.width, let h = structure.height else { return false }
        return w * h >= minimumPixels && !DecodeLimits.exceeds(width: w, height: h, limit: DecodeLimits.maximumJPEGPixels)
    }

    /// The sketch of the JPEG in `bytes` and its kept scan (nil when the
    /// split would not cut the file), or nil when the DC reader does not
    /// read it or it is corrupt or cut short.
    @_spi(Fuzzing) public static func read(_ bytes: [UInt8]) -> (sketch: DecodedImage, scan: KeptScan?)? {
        let structure = bytes.withUnsafeBufferPointer { JPEGStructure.parse($0) }
        var result = fw_baseline_dc_result()
        var scan: OpaquePointer?
        let status = bytes.withUnsafeBufferPointer { buffer in
            fw_jpeg_sketch_decode(buffer.baseAddress, buffer.count, &result, &scan)
        }
        defer { fw_jpeg_baseline_dc_free(&result) }
        let kept = scan.map { KeptScan(bytes: bytes, scan: $0) }
        guard status == 0, let rgba = result.rgba else { return nil }
        let width = Int(result.out_width), height = Int(result.out_height)
        let small = PixelBuffer(width: width, height: height,
                                pixels: Array(UnsafeBufferPointer(start: rgba, count: width * height * 4)))
        return (JPEGDCDecoder.finish(small, structure: structure, head: bytes, width: Int(result.width),
                                     height: Int(result.height)), kept)
    }

    /// A scan read by ``sketch(path:)``, with the bytes it was read from.
    @_spi(Fuzzing) public final class KeptScan: @unchecked Sendable {
        let bytes: [UInt8]
        private let scan: OpaquePointer

        init(bytes: [UInt8], scan: OpaquePointer) {
            self.bytes = bytes
            self.scan = scan
        }

        deinit { fw_jpeg_sketch_free(scan) }

        /// The file decoded by libjpeg at `scale` on two threads, byte for
        /// byte as tjDecompress2 (with no flags) makes it; `buffer` holds the
        /// same bytes as ``bytes``. Cut at the MCU row nearest `topFraction`
        /// of the work above it (`byWork`: the codes of its rows, whose first
        /// bits the scan kept, and their pixels, at `scale`'s share of
        /// ``JPEGEntropySplit/pixelShare(for:)``), so that both threads end
        /// together on a photo whose detail lies at the top or the bottom;
        /// else at `topFraction` of the rows. With restart markers, the
        /// nearest row to that whose row above starts an interval.
        @_spi(Fuzzing) public func decode(_ buffer: UnsafeBufferPointer<UInt8>, scale: JPEGScale, width: Int, height: Int,
                    topFraction: Double = 0.5, byWork: Bool = true)
            -> Result<JPEGEntropySplit.Decoded, JPEGEntropySplit.Failure> {
            guard scale.denominator > 0, scale.numerator * 8 % scale.denominator == 0, width > 0, height > 0 else {
                return .failure(.notApplicable("no libjpeg scale"))
            }
            var result = fw_entropy_split_result()
            var status: Int32 = 1
            let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, initialized in
                status = fw_jpeg_sketch_split_decode(scan, buffer.baseAddress, buffer.count,
                                                     Int32(scale.numerator * 8 / scale.denominator), topFraction,
                                                     byWork ? JPEGEntropySplit.pixelShare(for: scale) : -1,
                                                     out.baseAddress, Int32(width), Int32(height), &result)
                initialized = status == 0 ? out.count : 0
            }
            return JPEGEntropySplit.outcome(status, result, pixels)
        }
    }

    private static let kept = Mutex<KeptScan?>(nil)

    /// The kept scan when it was read from the same bytes as `buffer`, and
    /// then no longer kept; nil otherwise. A scan serves the decode of its
    /// own bytes once; the next sketch replaces one never taken (in the
    /// browser, the first image's process ends after its one decode).
    static func takeKeptScan(of buffer: UnsafeBufferPointer<UInt8>) -> KeptScan? {
        kept.withLock { held in
            guard let scan = held, scan.bytes.count == buffer.count,
                  let theirs = buffer.baseAddress else { return nil }
            // The held bytes themselves (HeldFile) need no comparing.
            let same = scan.bytes.withUnsafeBufferPointer { mine in
                mine.baseAddress.map { $0 == theirs || memcmp($0, theirs, buffer.count) == 0 } ?? false
            }
            guard same else { return nil }
            held = nil
            return scan
        }
    }
}
