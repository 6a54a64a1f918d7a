import CTurboJPEG
import ImageDecoding
@_spi(Fuzzing) import ImageDecoding

/// libFuzzer entry point: the bytes are a whole file for JPEGBaselineDC
/// (Sources/CStreamDecoders/jpeg_parallel_dc.c), read on one thread, on two
/// split at the middle and on two split where the last byte says. Every
/// read must return the same coefficients, pixels or failure: the parallel
/// decode is the sequential one, bit for bit, whatever the file. Then the
/// same bytes through JPEGEntropySplit (jpeg_entropy_split.c), at the scale
/// and cut the last two bytes say, and its region decode from the MCU the
/// two bytes before say: when they decode, their pixels must be
/// tjDecompress2's for the whole file. So must the split from the scan
/// JPEGBaselineSketch kept (no codes read), at the same cut, which at 3/8
/// makes the page from the low-frequency coefficients alone without libjpeg
/// (jpeg_low_frequency.c): never where libjpeg's data runs out; and
/// JPEGProgressiveSplit's read (jpeg_progressive.c) on one thread and on
/// two, which must also never succeed where libjpeg's data runs out.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEGDC(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let sequential = JPEGBaselineDC.decode(bytes, threads: 1)
    let split = size > 1 ? size * Int(data[size - 1]) / 256 : nil
    for parallel in [JPEGBaselineDC.decode(bytes, threads: 2), JPEGBaselineDC.decode(bytes, threads: 2, splitByte: split)] {
        switch (sequential, parallel) {
        case (.success(let one), .success(let two)):
            guard one.dcHash == two.dcHash, one.pixels == two.pixels, one.width == two.width,
                  one.height == two.height else {
                fatalError("two threads decoded \(size) bytes differently (\(two.outcome))")
            }
        case (.failure(let one), .failure(let two)):
            guard one == two else { fatalError("two threads failed otherwise: \(one) / \(two)") }
        default:
            fatalError("one mode decoded \(size) bytes, the other did not")
        }
    }
    if size > 4 {
        checkEntropySplit(bytes, eighths: 1 + Int(data[size - 1] % 8), fraction: Double(data[size - 2]) / 255,
                          corner: (Int(data[size - 3]), Int(data[size - 4])))
    }
    return 0
}

/// Below this a fuzzed header's size is decoded; above, the run would be slow, not searching.
let largestSplitPixels = 4_000_000

func checkEntropySplit(_ bytes: UnsafeBufferPointer<UInt8>, eighths: Int, fraction: Double, corner: (Int, Int)) {
    guard let handle = tjInitDecompress() else { return }
    defer { tjDestroy(handle) }
    var w: Int32 = 0, h: Int32 = 0, sampling: Int32 = 0, colourspace: Int32 = 0
    guard tjDecompressHeader3(handle, bytes.baseAddress, UInt(bytes.count), &w, &h, &sampling, &colourspace) == 0,
          w > 0, h > 0, Int(w) * Int(h) <= largestSplitPixels else { return }
    let scale = JPEGScale(numerator: eighths, denominator: 8)
    let width = scale.scaled(Int(w)), height = scale.scaled(Int(h))
    let split = JPEGEntropySplit.decode(bytes, scale: scale, width: width, height: height, topFraction: fraction)
    // The region's corner on an MCU of any sampling (32 px is a multiple of each), its size what is left.
    let left = corner.0 % ((Int(w) + 31) / 32) * 32, top = corner.1 % ((Int(h) + 31) / 32) * 32
    let region = JPEGEntropySplit.decodeRegion(bytes, scale: scale, left: left, top: top, width: Int(w) - left,
                                               height: Int(h) - top, outputWidth: width - left * eighths / 8,
                                               outputHeight: height - top * eighths / 8)
    if case .success(let decoded) = split {
        guard decoded.pixels == wholeDecode(bytes, handle, width: width, height: height, what: "the split") else {
            fatalError("the split at \(fraction), \(eighths)/8 differs from the whole decode of \(bytes.count) bytes")
        }
    }
    checkRegion(region, of: bytes, handle, width: width, height: height, left: left * eighths / 8, top: top * eighths / 8)
    checkProgressiveSplit(bytes, handle, scale: scale, width: width, height: height)
    if let scan = JPEGBaselineSketch.read(Array(bytes))?.scan,
       case .success(let decoded) = scan.decode(bytes, scale: scale, width: width, height: height, topFraction: fraction) {
        let what = decoded.lowFrequency ? "the page from the low frequencies" : "the kept scan's split"
        guard decoded.pixels == wholeDecode(bytes, handle, width: width, height: height, what: what) else {
            fatalError("\(what) at \(fraction), \(eighths)/8 differs from the whole decode of \(bytes.count) bytes")
        }
        if decoded.lowFrequency { checkNotCutShort(handle, what: what, count: bytes.count) }
    }
}

/// After tjDecompress2 on `handle`: it did not find the data cut short
/// (the browser shows such a file as cut short, not its pixels).
func checkNotCutShort(_ handle: tjhandle, what: String, count: Int) {
    if tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue),
       let text = tjGetErrorStr2(handle).map({ String(cString: $0) }),
       text.contains("Premature end") || text.contains("premature end") {
        fatalError("\(what) decoded \(count) bytes whose data libjpeg found cut short: \(text)")
    }
}

func wholeDecode(_ bytes: UnsafeBufferPointer<UInt8>, _ handle: tjhandle, width: Int, height: Int, what: String) -> [UInt8] {
    var whole = [UInt8](repeating: 0, count: width * height * 4)
    let status = tjDecompress2(handle, bytes.baseAddress, UInt(bytes.count), &whole, Int32(width), Int32(width * 4),
                               Int32(height), Int32(TJPF_RGBA.rawValue), 0)
    if status != 0 && tjGetErrorCode(handle) == Int32(TJERR_FATAL.rawValue) {
        fatalError("\(what) decoded \(bytes.count) bytes that tjDecompress2 could not")
    }
    return whole
}

/// A region that decoded holds the whole decode's pixels from (left, top) (output pixels).
func checkRegion(_ region: Result<JPEGEntropySplit.Decoded, JPEGEntropySplit.Failure>, of bytes: UnsafeBufferPointer<UInt8>,
                 _ handle: tjhandle, width: Int, height: Int, left: Int, top: Int) {
    guard case .success(let decoded) = region else { return }
    // A region stops after its rows: a file that breaks below them decodes
    // there and not whole; only the rows it holds are compared.
    var whole = [UInt8](repeating: 0, count: width * height * 4)
    _ = tjDecompress2(handle, bytes.baseAddress, UInt(bytes.count), &whole, Int32(width), Int32(width * 4),
                      Int32(height), Int32(TJPF_RGBA.rawValue), 0)
    let columns = width - left
    for y in top..<height where whole[(y * width + left) * 4..<(y * width + width) * 4]
        != decoded.pixels[((y - top) * columns) * 4..<((y - top + 1) * columns) * 4] {
        fatalError("the region from (\(left), \(top)) differs from the whole decode at row \(y) of \(bytes.count) bytes")
    }
}

/// Where JPEGProgressiveSplit reads a file, on one thread or two, its
/// pixels are tjDecompress2's, and libjpeg did not find the data cut short.
func checkProgressiveSplit(_ bytes: UnsafeBufferPointer<UInt8>, _ handle: tjhandle, scale: JPEGScale, width: Int,
                           height: Int) {
    for threads in [1, 2] {
        guard case .success(let pixels) = JPEGProgressiveSplit.decode(bytes, scale: scale, width: width, height: height,
                                                                      threads: threads) else { continue }
        guard pixels == wholeDecode(bytes, handle, width: width, height: height, what: "the progressive read") else {
            fatalError("the progressive read on \(threads) threads differs from the whole decode of \(bytes.count) bytes")
        }
        checkNotCutShort(handle, what: "the progressive read on \(threads) threads", count: bytes.count)
    }
}
