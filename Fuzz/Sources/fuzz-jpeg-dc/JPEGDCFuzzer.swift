import CTurboJPEG
import ImageDecoding

/// libFuzzer entry point: the bytes are a whole file for JPEGBaselineDC
/// (Sources/CStreamDecoders/jpeg_parallel_dc.c), read on one thread, on two
/// split at the middle and on two split where the last byte says. Every
/// read must return the same coefficients, pixels or failure: the parallel
/// decode is the sequential one, bit for bit, whatever the file. Then the
/// same bytes through JPEGEntropySplit (jpeg_entropy_split.c), at the scale
/// and cut the last two bytes say: when it decodes, its pixels must be
/// tjDecompress2's for the whole file.
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
    if size > 2 { checkEntropySplit(bytes, eighths: 1 + Int(data[size - 1] % 8), fraction: Double(data[size - 2]) / 255) }
    return 0
}

/// Below this a fuzzed header's size is decoded; above, the run would be slow, not searching.
let largestSplitPixels = 4_000_000

func checkEntropySplit(_ bytes: UnsafeBufferPointer<UInt8>, eighths: Int, fraction: Double) {
    guard let handle = tjInitDecompress() else { return }
    defer { tjDestroy(handle) }
    var w: Int32 = 0, h: Int32 = 0, sampling: Int32 = 0, colourspace: Int32 = 0
    guard tjDecompressHeader3(handle, bytes.baseAddress, UInt(bytes.count), &w, &h, &sampling, &colourspace) == 0,
          w > 0, h > 0, Int(w) * Int(h) <= largestSplitPixels else { return }
    let scale = JPEGScale(numerator: eighths, denominator: 8)
    let width = scale.scaled(Int(w)), height = scale.scaled(Int(h))
    guard case .success(let split) = JPEGEntropySplit.decode(bytes, scale: scale, width: width, height: height,
                                                             topFraction: fraction) else { return }
    var whole = [UInt8](repeating: 0, count: width * height * 4)
    let status = tjDecompress2(handle, bytes.baseAddress, UInt(bytes.count), &whole, Int32(width), Int32(width * 4),
                               Int32(height), Int32(TJPF_RGBA.rawValue), 0)
    if status != 0 && tjGetErrorCode(handle) == Int32(TJERR_FATAL.rawValue) {
        fatalError("the split decoded \(bytes.count) bytes that tjDecompress2 could not")
    }
    guard split.pixels == whole else {
        fatalError("the split at \(fraction), \(eighths)/8 differs from the whole decode of \(bytes.count) bytes")
    }
}
