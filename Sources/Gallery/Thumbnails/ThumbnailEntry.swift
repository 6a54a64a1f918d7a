/// One cache entry's bytes: a fixed header, the key text, and the
/// thumbnail as a JPEG. The header carries a magic, a version, the lengths
/// and an FNV-1a checksum over everything else, so a truncated, corrupt,
/// foreign or misplaced file is refused, never trusted.
///
/// Layout (little-endian): `FWTH`, version u16, 0 u16, width u32, height u32,
/// source width u32, source height u32, key length u32, JPEG length u32,
/// checksum u64 (of the header before it, the key and the JPEG), key, JPEG.
///
/// ```swift
/// let bytes = ThumbnailEntry(keyText: key.text, width: 160, height: 100,
///                            sourceWidth: 4000, sourceHeight: 2500, jpeg: jpeg).encoded()
/// let back = ThumbnailEntry.decode(bytes, expectedKey: key.text)   // nil if anything is off
/// ```
public struct ThumbnailEntry: Sendable, Hashable {
    public static let magic: [UInt8] = Array("FWTH".utf8)
    public static let version: UInt16 = 1
    public static let headerLength = 4 + 2 + 2 + 4 * 6 + 8
    /// Entries bigger than this are refused before reading, bytes.
    public static let maximumLength = 8 << 20

    public let keyText: String
    public let width: Int
    public let height: Int
    public let sourceWidth: Int
    public let sourceHeight: Int
    public let jpeg: [UInt8]

    public init(keyText: String, width: Int, height: Int, sourceWidth: Int, sourceHeight: Int, jpeg: [UInt8]) {
        self.keyText = keyText
        self.width = width
        self.height = height
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.jpeg = jpeg
    }

    public func encoded() -> [UInt8] {
        let key = Array(keyText.utf8)
        var bytes = Self.magic
        bytes.reserveCapacity(Self.headerLength + key.count + jpeg.count)
        Self.append(UInt64(Self.version), 2, to: &bytes)
        Self.append(0, 2, to: &bytes)
        for value in [width, height, sourceWidth, sourceHeight, key.count, jpeg.count] {
            Self.append(UInt64(UInt32(truncatingIfNeeded: value)), 4, to: &bytes)
        }
        let checksum = Self.checksum(header: bytes, key: key, jpeg: jpeg)
        Self.append(checksum, 8, to: &bytes)
        bytes += key
        bytes += jpeg
        return bytes
    }

    /// The entry in `bytes`, or nil when the magic, version, lengths or
    /// checksum are wrong, or when it belongs to another key.
    public static func decode(_ bytes: [UInt8], expectedKey: String) -> ThumbnailEntry? {
        guard bytes.count >= headerLength, Array(bytes[0..<4]) == magic,
              read(bytes, at: 4, 2) == UInt64(version) else { return nil }
        let fields = (0..<6).map { Int(read(bytes, at: 8 + 4 * $0, 4)) }
        let (width, height, sourceWidth, sourceHeight, keyLength, jpegLength) =
            (fields[0], fields[1], fields[2], fields[3], fields[4], fields[5])
        guard width > 0, height > 0, jpegLength > 0,
              bytes.count == headerLength + keyLength + jpegLength else { return nil }
        let key = Array(bytes[headerLength..<headerLength + keyLength])
        let jpeg = Array(bytes[(headerLength + keyLength)...])
        let stored = read(bytes, at: headerLength - 8, 8)
        guard stored == checksum(header: Array(bytes[0..<headerLength - 8]), key: key, jpeg: jpeg),
              String(decoding: key, as: UTF8.self) == expectedKey else { return nil }
        return ThumbnailEntry(keyText: expectedKey, width: width, height: height,
                              sourceWidth: sourceWidth, sourceHeight: sourceHeight, jpeg: jpeg)
    }

    private static func checksum(header: [UInt8], key: [UInt8], jpeg: [UInt8]) -> UInt64 {
        let afterHeader = ThumbnailChecksum.fnv1a(header)
        let afterKey = ThumbnailChecksum.fnv1a(key, seed: afterHeader)
        return ThumbnailChecksum.fnv1a(jpeg, seed: afterKey)
    }

    private static func append(_ value: UInt64, _ count: Int, to bytes: inout [UInt8]) {
        for i in 0..<count { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(i)))) }
    }

    private static func read(_ bytes: [UInt8], at offset: Int, _ count: Int) -> UInt64 {
        var value: UInt64 = 0
        for i in 0..<count { value |= UInt64(bytes[offset + i]) << (8 * UInt64(i)) }
        return value
    }
}
