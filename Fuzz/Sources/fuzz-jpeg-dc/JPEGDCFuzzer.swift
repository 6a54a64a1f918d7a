import ImageDecoding

/// libFuzzer entry point: the bytes are a whole file for JPEGBaselineDC
/// (Sources/CStreamDecoders/jpeg_parallel_dc.c), read on one thread, on two
/// split at the middle and on two split where the last byte says. Every
/// read must return the same coefficients, pixels or failure: the parallel
/// decode is the sequential one, bit for bit, whatever the file.
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
    return 0
}
