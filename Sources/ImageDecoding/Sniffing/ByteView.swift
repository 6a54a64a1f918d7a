/// Bounds-checked reads of big- and little-endian integers from untrusted
/// bytes. Every read returns `nil` instead of trapping when it would run
/// past the end, so header parsers can never crash on a short or lying file.
///
/// ```swift
/// [0x89, 0x50, 0x4E, 0x47].withUnsafeBufferPointer { bytes in
///     let view = ByteView(bytes)
///     view.u16be(0)   // 0x8950
///     view.u32le(2)   // nil: only 2 bytes left
/// }
/// ```
package struct ByteView {
    package let bytes: UnsafeBufferPointer<UInt8>

    package init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    package var count: Int { bytes.count }

    package func has(_ offset: Int, _ length: Int) -> Bool {
        offset >= 0 && length >= 0 && offset <= bytes.count && length <= bytes.count - offset
    }

    package func u8(_ offset: Int) -> Int? {
        has(offset, 1) ? Int(bytes[offset]) : nil
    }

    package func u16be(_ offset: Int) -> Int? {
        guard has(offset, 2) else { return nil }
        return Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
    }

    package func u16le(_ offset: Int) -> Int? {
        guard has(offset, 2) else { return nil }
        return Int(bytes[offset + 1]) << 8 | Int(bytes[offset])
    }

    package func u24le(_ offset: Int) -> Int? {
        guard has(offset, 3) else { return nil }
        return Int(bytes[offset + 2]) << 16 | Int(bytes[offset + 1]) << 8 | Int(bytes[offset])
    }

    package func u32be(_ offset: Int) -> Int? {
        guard has(offset, 4) else { return nil }
        return Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
    }

    package func u32le(_ offset: Int) -> Int? {
        guard has(offset, 4) else { return nil }
        return Int(bytes[offset + 3]) << 24 | Int(bytes[offset + 2]) << 16 | Int(bytes[offset + 1]) << 8 | Int(bytes[offset])
    }

    /// 16 or 32 bits in the given byte order (TIFF/EXIF).
    package func u16(_ offset: Int, bigEndian: Bool) -> Int? { bigEndian ? u16be(offset) : u16le(offset) }
    package func u32(_ offset: Int, bigEndian: Bool) -> Int? { bigEndian ? u32be(offset) : u32le(offset) }

    /// True when the bytes at `offset` equal `ascii`.
    package func matches(_ ascii: String, at offset: Int = 0) -> Bool {
        let expected = Array(ascii.utf8)
        guard has(offset, expected.count) else { return false }
        for (i, byte) in expected.enumerated() where bytes[offset + i] != byte { return false }
        return true
    }

    package func matches(_ expected: [UInt8], at offset: Int = 0) -> Bool {
        guard has(offset, expected.count) else { return false }
        for (i, byte) in expected.enumerated() where bytes[offset + i] != byte { return false }
        return true
    }
}
