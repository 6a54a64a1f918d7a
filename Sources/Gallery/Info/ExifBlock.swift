import ImageDecoding

/// Finds the EXIF block in a file's head and returns it as libexif reads
/// it: `Exif\0\0` then the TIFF structure (byte order, IFD0, …).
///
/// - JPEG: the first complete APP1 `Exif` segment (``JPEGStructure``).
/// - PNG: the `eXIf` chunk.
/// - WebP: the `EXIF` chunk (writers put it after the image data, so only
///   a small WebP has it in its head).
/// - TIFF: the file itself is the TIFF structure; the EXIF IFD is found
///   when it lies within the first 64 KB (all libexif reads). So for a
///   camera raw file that is a TIFF (DNG, CR2, NEF, ARW, …: `II*` or `MM*`).
///
/// Other formats have none here. Every length is checked against `head`:
/// a chunk or segment that runs past it is not used.
///
/// ```swift
/// let block = head.withUnsafeBufferPointer { ExifBlock.find(in: $0, format: .jpeg) }
/// block?.prefix(6)   // "Exif\0\0"
/// ```
public enum ExifBlock {
    /// The 6 bytes that open an EXIF block: `Exif\0\0`.
    public static let header: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]

    /// The EXIF block of a file of `format` whose first bytes are `head`.
    public static func find(in head: UnsafeBufferPointer<UInt8>, format: ImageFormat) -> [UInt8]? {
        let view = ByteView(head)
        switch format {
        case .jpeg:
            guard let range = JPEGStructure.parse(head).exifPayload else { return nil }
            return Array(head[range])
        case .png:
            return png(view).flatMap { block(tiff: view, $0) }
        case .webp:
            return webp(view).flatMap { block(tiff: view, $0) }
        case .tiff:
            return block(tiff: view, 0..<min(head.count, ExifReader.maximumBlockLength - header.count))
        case .cameraRaw where view.matches([0x49, 0x49, 0x2A, 0x00]) || view.matches([0x4D, 0x4D, 0x00, 0x2A]):
            return block(tiff: view, 0..<min(head.count, ExifReader.maximumBlockLength - header.count))
        default:
            return nil
        }
    }

    /// `range` of `view` as a block: as is when it already starts with the
    /// header (some writers put one inside PNG and WebP chunks), else with it.
    private static func block(tiff view: ByteView, _ range: Range<Int>) -> [UInt8]? {
        guard range.count >= 8 else { return nil }
        let bytes = Array(view.bytes[range])
        return view.matches(header, at: range.lowerBound) ? bytes : header + bytes
    }

    /// The `eXIf` chunk's data. Chunks are length (big-endian), type, data,
    /// CRC; the walk stops at `IEND`, at a chunk that runs past the head, or
    /// after a bounded number of chunks.
    private static func png(_ view: ByteView) -> Range<Int>? {
        var position = 8
        for _ in 0..<4096 {
            guard let length = view.u32be(position), view.has(position + 4, 4) else { return nil }
            let data = position + 8
            if view.matches("IEND", at: position + 4) { return nil }
            guard view.has(data, length) else { return nil }
            if view.matches("eXIf", at: position + 4) { return data..<(data + length) }
            position = data + length + 4
        }
        return nil
    }

    /// The `EXIF` chunk's data. RIFF chunks are a four-letter code, a
    /// little-endian length and the data, padded to an even length.
    private static func webp(_ view: ByteView) -> Range<Int>? {
        var position = 12
        for _ in 0..<4096 {
            guard let length = view.u32le(position + 4) else { return nil }
            let data = position + 8
            guard view.has(data, length) else { return nil }
            if view.matches("EXIF", at: position) { return data..<(data + length) }
            position = data + length + (length & 1)
        }
        return nil
    }
}
