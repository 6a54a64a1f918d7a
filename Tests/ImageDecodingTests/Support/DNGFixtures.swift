import Foundation
import TestFixtures

/// DNG files for RawDecoderTests, written here byte by byte: a little-endian
/// TIFF whose first directory (IFD0) holds an uncompressed 16-bit Bayer
/// mosaic with the tags a raw developer needs (DNGVersion, the CFA pattern,
/// black and white levels, a colour matrix). Nothing outside this file is
/// needed to make them, so the tests run on any machine that has LibRaw.
///
/// The picture is the left half pure red, the right half pure blue: on the
/// left only the mosaic's red sites are lit, on the right only its blue ones.
/// The colour matrix makes the camera's space linear sRGB, so a raw developer
/// that demosaics it gives red and blue back.
enum DNGFixtures {
    /// The level of a lit site, of 65535 (the white level).
    static let litLevel = 40000

    /// XYZ (D65) to linear sRGB: as DNG's ColorMatrix1 (XYZ to camera) it
    /// makes the camera's channels sRGB's.
    static let xyzToSRGB = [3.2406, -1.5372, -0.4986, -0.9689, 1.8758, 0.0415, 0.0557, -0.2040, 1.0570]

    /// Writes a `width` × `height` DNG, left half red and right half blue, to
    /// `path`, with the TIFF Orientation tag `orientation` (1-8). `preview` is
    /// the path of a baseline JPEG to embed as the preview, in a second
    /// directory (IFD1) chained after the raw one, as cameras store theirs.
    static func make(_ path: String, orientation: Int = 1, width: Int = 256, height: Int = 128,
                     preview: String? = nil) throws {
        let jpeg = try preview.map { try Array(Data(contentsOf: URL(fileURLWithPath: $0))) }
        try Data(dng(orientation: orientation, width: width, height: height, preview: jpeg))
            .write(to: URL(fileURLWithPath: path))
    }

    /// The bytes of the DNG `make` writes: header, the raw directory (IFD0,
    /// first, where a sniffer reading the file's head finds DNGVersion), the
    /// sensor data, then the preview and its directory.
    static func dng(orientation: Int, width: Int, height: Int, preview: [UInt8]?) throws -> [UInt8] {
        let sensor = mosaic(width: width, height: height)
        let ifd0At = 8
        let sensorAt = ifd0At + directorySize(rawEntries(orientation: orientation, width: width, height: height,
                                                         sensorAt: 0, sensorSize: sensor.count))
        let previewAt = sensorAt + sensor.count
        let ifd1At = previewAt + (preview?.count ?? 0) + (preview?.count ?? 0) % 2
        let raw = rawEntries(orientation: orientation, width: width, height: height,
                             sensorAt: sensorAt, sensorSize: sensor.count)
        var out: [UInt8] = [0x49, 0x49, 0x2A, 0x00] + ImageFixtures.le32(ifd0At)
        out += directory(raw, at: ifd0At, next: preview == nil ? 0 : ifd1At)
        out += sensor
        if let preview {
            let size = try jpegSize(preview)
            out += preview + [UInt8](repeating: 0, count: preview.count % 2)
            out += directory(previewEntries(width: size.width, height: size.height, at: previewAt, size: preview.count),
                             at: ifd1At, next: 0)
        }
        return out
    }

    /// The 16-bit little-endian BGGR mosaic: row 0 is B G B G…, row 1 is G R G R…;
    /// red sites lit in the left half, blue sites in the right half.
    static func mosaic(width: Int, height: Int) -> [UInt8] {
        let half = width / 2
        var out = [UInt8](repeating: 0, count: width * height * 2)
        for y in 0..<height {
            for x in 0..<width {
                let redSite = y % 2 == 1 && x % 2 == 1 && x < half
                let blueSite = y % 2 == 0 && x % 2 == 0 && x >= half
                guard redSite || blueSite else { continue }
                out.replaceSubrange((y * width + x) * 2..<(y * width + x) * 2 + 2, with: ImageFixtures.le16(litLevel))
            }
        }
        return out
    }

    /// IFD0: the sensor data and what LibRaw needs to develop it.
    static func rawEntries(orientation: Int, width: Int, height: Int, sensorAt: Int, sensorSize: Int) -> [Entry] {
        [
            .long(254, [0]),                       // NewSubfileType: the main image
            .long(256, [width]), .long(257, [height]),
            .short(258, [16]),                     // BitsPerSample
            .short(259, [1]),                      // Compression: none
            .short(262, [32803]),                  // PhotometricInterpretation: colour filter array
            .ascii(271, "Fourway"), .ascii(272, "Synthetic Bayer"),
            .long(273, [sensorAt]),                // StripOffsets
            .short(274, [orientation]),
            .short(277, [1]),                      // SamplesPerPixel
            .long(278, [height]),                  // RowsPerStrip: one strip
            .long(279, [sensorSize]),              // StripByteCounts
            .short(284, [1]),                      // PlanarConfiguration: chunky
            .short(33421, [2, 2]),                 // CFARepeatPatternDim
            .byte(33422, [2, 1, 1, 0]),            // CFAPattern: BGGR (0 red, 1 green, 2 blue)
            .byte(50706, [1, 4, 0, 0]),            // DNGVersion
            .byte(50707, [1, 2, 0, 0]),            // DNGBackwardVersion
            .ascii(50708, "Fourway Synthetic Bayer"),  // UniqueCameraModel
            .short(50714, [0]),                    // BlackLevel
            .long(50717, [65535]),                 // WhiteLevel
            .signedRational(50721, xyzToSRGB),     // ColorMatrix1
            .rational(50728, [1, 1, 1]),           // AsShotNeutral
            .short(50778, [21]),                   // CalibrationIlluminant1: D65
        ]
    }

    /// IFD1: a reduced image (NewSubfileType 1), JPEG, YCbCr, 8-bit RGB.
    static func previewEntries(width: Int, height: Int, at offset: Int, size: Int) -> [Entry] {
        [
            .long(254, [1]), .long(256, [width]), .long(257, [height]), .short(258, [8, 8, 8]),
            .short(259, [7]), .short(262, [6]), .long(273, [offset]), .short(277, [3]),
            .long(278, [height]), .long(279, [size]),
        ]
    }

    /// Width and height from a JPEG's SOF marker.
    static func jpegSize(_ jpeg: [UInt8]) throws -> (width: Int, height: Int) {
        var offset = 2
        while offset + 9 < jpeg.count {
            let marker = jpeg[offset + 1]
            let length = Int(jpeg[offset + 2]) << 8 | Int(jpeg[offset + 3])
            if [0xC0, 0xC1, 0xC2].contains(marker) {
                let height = Int(jpeg[offset + 5]) << 8 | Int(jpeg[offset + 6])
                let width = Int(jpeg[offset + 7]) << 8 | Int(jpeg[offset + 8])
                return (width, height)
            }
            offset += 2 + length
        }
        throw NoFrame()
    }

    /// A preview JPEG without a frame header.
    struct NoFrame: Error {}

    /// One TIFF directory entry: its tag, field type, count and value bytes.
    struct Entry {
        let tag: Int
        let type: Int
        let count: Int
        let bytes: [UInt8]

        static func byte(_ tag: Int, _ values: [Int]) -> Entry {
            Entry(tag: tag, type: 1, count: values.count, bytes: values.map { UInt8($0) })
        }
        static func ascii(_ tag: Int, _ text: String) -> Entry {
            let bytes = Array(text.utf8) + [0]
            return Entry(tag: tag, type: 2, count: bytes.count, bytes: bytes)
        }
        static func short(_ tag: Int, _ values: [Int]) -> Entry {
            Entry(tag: tag, type: 3, count: values.count, bytes: values.flatMap(ImageFixtures.le16))
        }
        static func long(_ tag: Int, _ values: [Int]) -> Entry {
            Entry(tag: tag, type: 4, count: values.count, bytes: values.flatMap(ImageFixtures.le32))
        }
        /// Unsigned rationals of `values` over 10000.
        static func rational(_ tag: Int, _ values: [Double]) -> Entry {
            Entry(tag: tag, type: 5, count: values.count,
                  bytes: values.flatMap { ImageFixtures.le32(Int(($0 * 10000).rounded())) + ImageFixtures.le32(10000) })
        }
        /// Signed rationals of `values` over 10000 (le32 writes a negative
        /// numerator's two's complement).
        static func signedRational(_ tag: Int, _ values: [Double]) -> Entry {
            Entry(tag: tag, type: 10, count: values.count, bytes: values.flatMap {
                ImageFixtures.le32(Int(($0 * 10000).rounded())) + ImageFixtures.le32(10000)
            })
        }
    }

    /// The bytes a directory of `entries` takes, with the values that do not
    /// fit in an entry (each at an even offset).
    static func directorySize(_ entries: [Entry]) -> Int {
        2 + 12 * entries.count + 4 + entries.reduce(0) { $0 + ($1.bytes.count > 4 ? $1.bytes.count + $1.bytes.count % 2 : 0) }
    }

    /// A directory at file offset `offset`, entries sorted by tag, values
    /// over four bytes after it; `next` is the next directory's offset (0: none).
    static func directory(_ entries: [Entry], at offset: Int, next: Int) -> [UInt8] {
        let sorted = entries.sorted { $0.tag < $1.tag }
        var table = ImageFixtures.le16(sorted.count)
        var values: [UInt8] = []
        let valuesAt = offset + 2 + 12 * sorted.count + 4
        for entry in sorted {
            table += ImageFixtures.le16(entry.tag) + ImageFixtures.le16(entry.type) + ImageFixtures.le32(entry.count)
            if entry.bytes.count <= 4 {
                table += entry.bytes + [UInt8](repeating: 0, count: 4 - entry.bytes.count)
            } else {
                table += ImageFixtures.le32(valuesAt + values.count)
                values += entry.bytes + [UInt8](repeating: 0, count: entry.bytes.count % 2)
            }
        }
        return table + ImageFixtures.le32(next) + values
    }
}
