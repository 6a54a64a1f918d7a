/// A PNG's chunk layout, checked before SDL_image sees the file: the two
/// commonest damages, a file cut short and a corrupted header chunk, get a
/// precise message instead of libpng's "Error reading the PNG file." (and
/// without libpng's own "libpng error: …" line on stderr, which SDL_image does
/// not silence). Damage inside the compressed pixel data is still libpng's to find.
///
/// ```swift
/// bytes.withUnsafeBufferPointer { PNGStructure.problem(in: $0) }
/// // "truncated PNG data (the file ends early)" for a PNG cut in its IDAT
/// ```
enum PNGStructure {
    /// What is wrong with the chunk layout, or nil when it looks whole.
    /// Lenient where libpng is: a missing IEND, or a cut after the pixel
    /// data (libpng has what it needs by then), is not reported.
    static func problem(in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let truncated = "truncated PNG data (the file ends early)"
        guard bytes.count >= 8 else { return truncated }
        var offset = 8
        var sawPixelData = false
        var first = true
        while offset < bytes.count {
            guard offset + 8 <= bytes.count else { return sawPixelData ? nil : truncated }
            let length = Int(bigEndian32(bytes, at: offset))
            let type = bigEndian32(bytes, at: offset + 4)
            let name = chunkName(type)
            if length > Int(Int32.max) { return "corrupt PNG data (the \(name) chunk's length is invalid)" }
            if first && type != ihdr { return "corrupt PNG data (it starts with a \(name) chunk, not IHDR)" }
            first = false
            let end = offset + 8 + length + 4   // length, type, data, CRC
            if end > bytes.count {
                // A cut in the header chunks or the pixel data loses the picture.
                return type == idat || !sawPixelData ? truncated : nil
            }
            if type == ihdr || type == plte {
                let stored = bigEndian32(bytes, at: offset + 8 + length)
                let computed = crc32(UnsafeBufferPointer(rebasing: bytes[(offset + 4)..<(offset + 8 + length)]))
                if stored != computed { return "corrupt PNG data (checksum error in the \(name) chunk)" }
            }
            if type == idat { sawPixelData = true }
            if type == iend { return nil }
            offset = end
        }
        return nil
    }

    private static let ihdr: UInt32 = 0x4948_4452
    private static let plte: UInt32 = 0x504C_5445
    private static let idat: UInt32 = 0x4944_4154
    private static let iend: UInt32 = 0x4945_4E44

    private static func bigEndian32(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    /// The four type letters, or `?` for bytes that are not letters.
    private static func chunkName(_ type: UInt32) -> String {
        let letters = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: type >> UInt32($0)) }
        let isLetter = letters.allSatisfy { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
        return isLetter ? String(decoding: letters, as: UTF8.self) : "?"
    }

    /// The PNG (zlib) CRC-32 of `bytes`.
    static func crc32(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return crc ^ 0xFFFF_FFFF
    }

    private static let crcTable: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }
}
