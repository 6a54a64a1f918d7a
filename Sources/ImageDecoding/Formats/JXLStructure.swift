/// A JPEG XL file's image size and orientation from the first bytes of its
/// codestream (ISO/IEC 18181-1's SizeHeader and the start of ImageMetadata),
/// read without libjxl, so a header that claims 1,000,000 × 1,000,000 is
/// refused whatever libjxl would make of it. A bare codestream (`FF 0A`) and
/// one in the ISOBMFF container (`JXL ` box, then `jxlc` or `jxlp`) both work.
///
/// ```swift
/// let jxl = bytes.withUnsafeBufferPointer { JXLStructure.parse($0) }
/// jxl?.uprightSize   // (width: 3000, height: 4000) for a 4000×3000 image with orientation 6
/// ```
struct JXLStructure {
    /// The size as stored.
    var width: Int
    var height: Int
    /// The EXIF-style orientation the codestream gives (1…8).
    var orientation: Int

    /// The size as shown: stored width and height swapped for orientations 5…8.
    var uprightSize: (width: Int, height: Int) { orientation > 4 ? (height, width) : (width, height) }

    /// nil when `bytes` holds no codestream start or it is cut before its size.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> JXLStructure? {
        let view = ByteView(bytes)
        guard let start = codestreamStart(view), view.matches([0xFF, 0x0A], at: start) else { return nil }
        var reader = BitReader(view: view, position: (start + 2) * 8)
        guard let small = reader.bits(1) else { return nil }
        guard let height = small == 1 ? reader.bits(5).map({ ($0 + 1) * 8 }) : reader.sizeU32() else { return nil }
        guard let ratio = reader.bits(3) else { return nil }
        let width: Int
        if ratio == 0 {
            guard let stored = small == 1 ? reader.bits(5).map({ ($0 + 1) * 8 }) : reader.sizeU32() else { return nil }
            width = stored
        } else {
            let (numerator, denominator) = [(1, 1), (12, 10), (4, 3), (3, 2), (16, 9), (5, 4), (2, 1)][ratio - 1]
            width = height * numerator / denominator
        }
        // ImageMetadata: all_default, then extra_fields, then orientation − 1 in 3 bits.
        var orientation = 1
        if reader.bits(1) == 0, reader.bits(1) == 1, let value = reader.bits(3) { orientation = value + 1 }
        return JXLStructure(width: width, height: height, orientation: orientation)
    }

    /// Where the codestream starts: 0 for a bare one, else the payload of the
    /// container's first `jxlc` box (or the first `jxlp`, after its 4-byte index).
    private static func codestreamStart(_ view: ByteView) -> Int? {
        if view.matches([0xFF, 0x0A]) { return 0 }
        guard view.matches([0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]) else { return nil }
        for box in HEIFStructure.Box.children(of: view, from: 0, to: view.count) {
            if box.type == "jxlc" { return box.payload }
            if box.type == "jxlp" { return box.payload + 4 }
        }
        return nil
    }

    /// Bits least significant first, as JPEG XL packs them.
    private struct BitReader {
        let view: ByteView
        var position: Int

        mutating func bits(_ count: Int) -> Int? {
            var value = 0
            for index in 0..<count {
                guard let byte = view.u8(position >> 3) else { return nil }
                value |= ((byte >> (position & 7)) & 1) << index
                position += 1
            }
            return value
        }

        /// SizeHeader's U32(1 + u(9), 1 + u(13), 1 + u(18), 1 + u(30)).
        mutating func sizeU32() -> Int? {
            guard let selector = bits(2), let value = bits([9, 13, 18, 30][selector]) else { return nil }
            return value + 1
        }
    }
}
