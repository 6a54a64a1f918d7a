/// What we read from a JPEG's markers before decoding: the frame size and
/// kind (from the SOF marker) and the EXIF orientation (from APP1).
///
/// The walk stops at the first scan (SOS); every segment length is checked
/// against the data, so a lying length ends the walk instead of reading out
/// of bounds.
///
/// ```swift
/// let info = bytes.withUnsafeBufferPointer { JPEGStructure.parse($0) }
/// info.orientation   // .rotate90 for a phone photo taken in portrait
/// ```
public struct JPEGStructure: Sendable {
    /// The frame width from the SOF marker, px; nil when no SOF was reached.
    public var width: Int?
    /// The frame height from the SOF marker, px; nil when no SOF was reached.
    public var height: Int?
    /// SOF2/6/10/14: the decoder must keep every coefficient of the whole image.
    public var isProgressive = false
    /// The EXIF orientation from the first APP1 `Exif` segment, `.normal` without one.
    public var orientation: ExifOrientation = .normal
    /// Where the first complete APP1 `Exif` segment's data lies in the
    /// parsed bytes, from `Exif\0\0` on (what libexif reads), nil without one.
    public var exifPayload: Range<Int>?
    /// Where the EXIF thumbnail's JPEG (``ExifThumbnail``) lies in the parsed
    /// bytes, nil without one or when it lies beyond them.
    public var thumbnail: Range<Int>?
    /// The ICC profile's pieces from APP2 `ICC_PROFILE` segments, by sequence
    /// number (a profile over 64 KB spans several); see ``iccProfile``.
    var iccChunks: [Int: Range<Int>] = [:]
    /// How many pieces the ICC profile says it has (0 without one).
    var iccChunkCount = 0

    /// The embedded ICC profile, when every piece of it lies in `bytes` (the
    /// bytes that were parsed); empty otherwise.
    public func iccProfile(in bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        guard iccChunkCount > 0, iccChunks.count == iccChunkCount else { return [] }
        var profile: [UInt8] = []
        for sequence in 1...iccChunkCount {
            guard let range = iccChunks[sequence], range.upperBound <= bytes.count else { return [] }
            profile.append(contentsOf: bytes[range])
        }
        return profile
    }

    /// Walks the markers of the JPEG in `bytes` up to the first scan. Never
    /// reads out of bounds: a short or lying file gives a partial result.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> JPEGStructure {
        let view = ByteView(bytes)
        var result = JPEGStructure()
        guard view.matches([0xFF, 0xD8]) else { return result }
        var position = 2
        var foundExif = false
        while let byte = view.u8(position), byte == 0xFF {
            // Markers may be padded with any number of 0xFF fill bytes.
            var markerAt = position + 1
            while view.u8(markerAt) == 0xFF { markerAt += 1 }
            guard let marker = view.u8(markerAt) else { break }
            position = markerAt + 1
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { continue }   // no length
            if marker == 0xD9 || marker == 0xDA { break }                        // EOI, SOS
            guard let length = view.u16be(position), length >= 2 else { break }
            let data = position + 2
            let dataLength = length - 2
            let complete = view.has(data, dataLength)
            // The segment itself must hold `Exif\0\0`: the same bytes just past
            // a shorter segment's end would make the TIFF range below negative
            // (found by the fuzzer, Fuzz/Seeds/fuzz-headers/jpeg-app1-shorter-than-exif).
            if marker == 0xE1, !foundExif, complete, dataLength >= 6, view.matches([0x45, 0x78, 0x69, 0x66, 0, 0], at: data) {
                foundExif = true
                result.exifPayload = data..<(data + dataLength)
                let tiff = UnsafeBufferPointer(rebasing: bytes[(data + 6)..<(data + dataLength)])
                result.orientation = ExifOrientation.parse(tiff: ByteView(tiff)) ?? .normal
                result.thumbnail = ExifThumbnail.locate(tiff: ByteView(tiff)).map {
                    ($0.lowerBound + data + 6)..<($0.upperBound + data + 6)
                }
            }
            // APP2 "ICC_PROFILE\0", sequence number (from 1), count, data.
            if marker == 0xE2, complete, dataLength > 14, view.matches("ICC_PROFILE", at: data), view.u8(data + 11) == 0,
               let sequence = view.u8(data + 12), let count = view.u8(data + 13), sequence >= 1, sequence <= count {
                result.iccChunkCount = count
                result.iccChunks[sequence] = (data + 14)..<(data + dataLength)
            }
            if isStartOfFrame(marker), let height = view.u16be(data + 1), let width = view.u16be(data + 3) {
                result.width = width
                result.height = height
                result.isProgressive = [0xC2, 0xC6, 0xCA, 0xCE].contains(marker)
            }
            guard complete else { break }
            position = data + dataLength
        }
        return result
    }

    private static func isStartOfFrame(_ marker: Int) -> Bool {
        (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
    }
}
