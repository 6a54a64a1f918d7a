/// Reads an image's pixel dimensions from its header, before anything large
/// is allocated, so a file claiming 30000×30000 is refused in microseconds.
///
/// Covers JPEG (SOF), PNG (IHDR), GIF, BMP, WebP (VP8, VP8L, VP8X), TIFF (IFD0),
/// QOI, PNM/PAM, PCX, XCF, ILBM, SVG (its `width`/`height` or `viewBox`,
/// best effort), HEIC/AVIF (the primary item's `ispe`, turned by `irot`:
/// ``HEIFStructure``) and JPEG XL (its SizeHeader, bare or in the container:
/// ``JXLStructure``). Other formats return nil and are checked after decoding.
///
/// ```swift
/// let size = bytes.withUnsafeBufferPointer { ImageHeader.dimensions(of: .png, in: $0) }
/// // (width: 30000, height: 30000)
/// ```
public enum ImageHeader {
    /// The width and height `bytes` (a file's head) claim for an image of
    /// `format`, or nil when the header is missing, short or malformed.
    /// Never reads past the end of `bytes`, whatever the header says.
    public static func dimensions(of format: ImageFormat, in bytes: UnsafeBufferPointer<UInt8>) -> (width: Int, height: Int)? {
        let view = ByteView(bytes)
        switch format {
        case .jpeg:
            let info = JPEGStructure.parse(bytes)
            guard let width = info.width, let height = info.height else { return nil }
            return (width, height)
        case .png:
            guard view.matches("IHDR", at: 12), let width = view.u32be(16), let height = view.u32be(20) else { return nil }
            return (width, height)
        case .gif:
            guard let width = view.u16le(6), let height = view.u16le(8) else { return nil }
            return (width, height)
        case .bmp:
            guard let dib = view.u32le(14) else { return nil }
            if dib == 12 {
                guard let width = view.u16le(18), let height = view.u16le(20) else { return nil }
                return (width, height)
            }
            guard let width = view.u32le(18), let height = view.u32le(22) else { return nil }
            // Signed 32-bit; a negative height means top-down rows.
            return (Int(Int32(truncatingIfNeeded: width)).magnitude.asInt, Int(Int32(truncatingIfNeeded: height)).magnitude.asInt)
        case .webp:
            return webp(view)
        case .tiff:
            return tiff(view)
        case .qoi:
            guard let width = view.u32be(4), let height = view.u32be(8) else { return nil }
            return (width, height)
        case .pnm:
            return pnm(view)
        case .pcx:
            guard let x0 = view.u16le(4), let y0 = view.u16le(6), let x1 = view.u16le(8), let y1 = view.u16le(10),
                  x1 >= x0, y1 >= y0 else { return nil }
            return (x1 - x0 + 1, y1 - y0 + 1)
        case .xcf:
            guard let width = view.u32be(14), let height = view.u32be(18) else { return nil }
            return (width, height)
        case .lbm:
            guard view.matches("BMHD", at: 12), let width = view.u16be(20), let height = view.u16be(22) else { return nil }
            return (width, height)
        case .svg:
            return svg(view)
        case .heic, .avif:
            return HEIFStructure.parse(bytes).uprightSize
        case .jxl:
            return JXLStructure.parse(bytes)?.uprightSize
        case .xpm, .ico, .cur, .tga:
            return nil
        case .cameraRaw:
            // LibRaw reads the size; RawDecoder checks it before unpacking.
            return nil
        }
    }

    private static func webp(_ view: ByteView) -> (width: Int, height: Int)? {
        if view.matches("VP8 ", at: 12) {
            guard view.matches([0x9D, 0x01, 0x2A], at: 23), let width = view.u16le(26), let height = view.u16le(28) else { return nil }
            return (width & 0x3FFF, height & 0x3FFF)
        }
        if view.matches("VP8L", at: 12) {
            guard view.u8(20) == 0x2F, let bits = view.u32le(21) else { return nil }
            return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
        }
        if view.matches("VP8X", at: 12) {
            guard let width = view.u24le(24), let height = view.u24le(27) else { return nil }
            return (width + 1, height + 1)
        }
        return nil
    }

    private static func tiff(_ view: ByteView) -> (width: Int, height: Int)? {
        let bigEndian = view.matches("MM")
        guard let ifd = view.u32(4, bigEndian: bigEndian), let entries = view.u16(ifd, bigEndian: bigEndian) else { return nil }
        var width: Int?, height: Int?
        for index in 0..<min(entries, 1024) {
            let entry = ifd + 2 + index * 12
            guard let tag = view.u16(entry, bigEndian: bigEndian), let type = view.u16(entry + 2, bigEndian: bigEndian) else { break }
            guard tag == 256 || tag == 257 else { continue }
            let value = type == 3 ? view.u16(entry + 8, bigEndian: bigEndian) : view.u32(entry + 8, bigEndian: bigEndian)
            if tag == 256 { width = value } else { height = value }
        }
        guard let width, let height else { return nil }
        return (width, height)
    }

    /// `P1`…`P6`: width and height are the first two decimal numbers after the
    /// magic, with whitespace and `#` comments between; `P7` (PAM) names them.
    private static func pnm(_ view: ByteView) -> (width: Int, height: Int)? {
        var position = 2
        if view.u8(1) == 0x37 {
            var width: Int?, height: Int?
            while width == nil || height == nil {
                guard let token = nextToken(view, &position) else { return nil }
                if token == "WIDTH" { width = nextToken(view, &position).flatMap { Int($0) } }
                if token == "HEIGHT" { height = nextToken(view, &position).flatMap { Int($0) } }
                if token == "ENDHDR" { return nil }
            }
            return (width!, height!)
        }
        guard let width = nextToken(view, &position).flatMap({ Int($0) }),
              let height = nextToken(view, &position).flatMap({ Int($0) }) else { return nil }
        return (width, height)
    }

    private static func nextToken(_ view: ByteView, _ position: inout Int) -> String? {
        while let byte = view.u8(position) {
            if byte == 0x23 {   // comment to end of line
                while let c = view.u8(position), c != 0x0A { position += 1 }
            } else if [0x20, 0x09, 0x0A, 0x0D].contains(byte) {
                position += 1
            } else {
                break
            }
        }
        var token: [UInt8] = []
        while let byte = view.u8(position), ![0x20, 0x09, 0x0A, 0x0D, 0x23].contains(byte), token.count < 16 {
            token.append(UInt8(byte))
            position += 1
        }
        return token.isEmpty ? nil : String(decoding: token, as: UTF8.self)
    }

    /// The root `<svg>`'s `width`/`height` or else its `viewBox` size
    /// (``SVGHeader``), in whole pixels for the size limit.
    private static func svg(_ view: ByteView) -> (width: Int, height: Int)? {
        SVGHeader.size(view.bytes).map { (clampedPixels($0.width), clampedPixels($0.height)) }
    }
}

/// A size in pixels from untrusted text; huge or odd values stay finite and
/// far over any limit instead of trapping on conversion.
private func clampedPixels(_ value: Double) -> Int {
    guard value > 0 else { return 0 }   // NaN too
    return Int(min(value, 1e9).rounded(.up))   // infinity too
}

private extension UInt {
    var asInt: Int { Int(truncatingIfNeeded: self) }
}
