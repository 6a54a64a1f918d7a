import CSDL2
import CTurboJPEG
import Foundation

/// Real image files made by real encoders (SDL_image's PNG writer, SDL's BMP
/// writer, libturbojpeg's compressor, libwebp's lossless encoder) or, for
/// formats without a writer here (GIF, TIFF) and for deliberately broken
/// headers, assembled byte by byte following the format's specification.
package enum ImageFixtures {
    package struct Color: Equatable {
        package var r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255
        package init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
            (self.r, self.g, self.b, self.a) = (r, g, b, a)
        }
        package static let red = Color(r: 255, g: 0, b: 0)
        package static let green = Color(r: 0, g: 255, b: 0)
        package static let blue = Color(r: 0, g: 0, b: 255)
        package static let white = Color(r: 255, g: 255, b: 255)
        package static let black = Color(r: 0, g: 0, b: 0)
        package static let clear = Color(r: 0, g: 0, b: 0, a: 0)
    }

    /// RGBA pixels from a colour function.
    package static func pixels(width: Int, height: Int, _ color: (Int, Int) -> Color) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let c = color(x, y)
                let p = (y * width + x) * 4
                out[p] = c.r; out[p + 1] = c.g; out[p + 2] = c.b; out[p + 3] = c.a
            }
        }
        return out
    }

    /// Four quadrants: top-left red, top-right green, bottom-left blue, bottom-right white.
    package static func quadrants(width: Int, height: Int) -> [UInt8] {
        pixels(width: width, height: height) { x, y in
            switch (x < width / 2, y < height / 2) {
            case (true, true): return .red
            case (false, true): return .green
            case (true, false): return .blue
            case (false, false): return .white
            }
        }
    }

    // MARK: - Encoders

    /// A JPEG from libturbojpeg (4:4:4, quality 95 unless told).
    package static func jpeg(width: Int, height: Int, pixels: [UInt8], quality: Int = 95, progressive: Bool = false,
                     subsampling: TJSAMP = TJSAMP_444) -> [UInt8] {
        let handle = tjInitCompress()!
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let flags = progressive ? TJFLAG_PROGRESSIVE : 0
        let status = pixels.withUnsafeBufferPointer {
            tjCompress2(handle, $0.baseAddress, Int32(width), Int32(width * 4), Int32(height), Int32(TJPF_RGBA.rawValue),
                        &output, &size, Int32(subsampling.rawValue), Int32(quality), flags)
        }
        precondition(status == 0, String(cString: tjGetErrorStr2(handle)))
        defer { tjFree(output) }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    /// A YCCK JPEG from libturbojpeg, given RGBA pixels: converted to the
    /// inverted CMYK (255 = no ink) that Adobe and libjpeg-turbo use.
    package static func cmykJPEG(width: Int, height: Int, pixels: [UInt8]) -> [UInt8] {
        var cmyk = [UInt8](repeating: 0, count: pixels.count)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            let r = Double(pixels[i]) / 255, g = Double(pixels[i + 1]) / 255, b = Double(pixels[i + 2]) / 255
            let k = 1 - max(r, g, b)
            let (c, m, y) = k >= 1 ? (0.0, 0.0, 0.0) : ((1 - r - k) / (1 - k), (1 - g - k) / (1 - k), (1 - b - k) / (1 - k))
            cmyk[i] = UInt8((255 * (1 - c)).rounded()); cmyk[i + 1] = UInt8((255 * (1 - m)).rounded())
            cmyk[i + 2] = UInt8((255 * (1 - y)).rounded()); cmyk[i + 3] = UInt8((255 * (1 - k)).rounded())
        }
        let handle = tjInitCompress()!
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = cmyk.withUnsafeBufferPointer {
            tjCompress2(handle, $0.baseAddress, Int32(width), Int32(width * 4), Int32(height), Int32(TJPF_CMYK.rawValue),
                        &output, &size, Int32(TJSAMP_444.rawValue), 95, 0)
        }
        precondition(status == 0, String(cString: tjGetErrorStr2(handle)))
        defer { tjFree(output) }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    /// `jpeg` with an EXIF APP1 segment carrying `orientation`, right after SOI.
    package static func withExifOrientation(_ jpeg: [UInt8], _ orientation: Int, bigEndian: Bool = true) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { bigEndian ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func u32(_ v: Int) -> [UInt8] { bigEndian ? [0, 0, UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8), 0, 0] }
        var tiff: [UInt8] = bigEndian ? Array("MM".utf8) : Array("II".utf8)
        tiff += u16(42) + u32(8)
        // IFD0 with two entries, orientation second, so the parser must walk.
        tiff += u16(2)
        tiff += u16(0x010F) + u16(2) + u32(4) + Array("Cam\0".utf8)          // Make, ASCII, 4 bytes inline
        tiff += u16(0x0112) + u16(3) + u32(1) + u16(orientation) + u16(0)   // Orientation, SHORT
        tiff += u32(0)                                                       // no next IFD
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        return Array(jpeg[0..<2]) + segment + Array(jpeg[2...])
    }

    /// `jpeg` with an EXIF APP1 segment right after SOI, as a camera writes
    /// it: IFD0 with `orientation`, then IFD1 pointing at `thumbnail` (a JPEG)
    /// with `compression` (6: JPEG). `thumbnailLength` overrides the length
    /// the tag claims.
    package static func withExifThumbnail(_ jpeg: [UInt8], thumbnail: [UInt8], orientation: Int = 1, bigEndian: Bool = true,
                                  compression: Int = 6, thumbnailLength: Int? = nil) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { bigEndian ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func u32(_ v: Int) -> [UInt8] {
            let b = [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
            return bigEndian ? b : b.reversed()
        }
        var tiff: [UInt8] = bigEndian ? Array("MM".utf8) : Array("II".utf8)
        tiff += u16(42) + u32(8)
        // IFD0 at 8: one entry (18 bytes with its count and next pointer).
        tiff += u16(1) + u16(0x0112) + u16(3) + u32(1) + u16(orientation) + u16(0) + u32(26)
        // IFD1 at 26: three entries (42 bytes), then the thumbnail at 68.
        tiff += u16(3)
        tiff += u16(0x0103) + u16(3) + u32(1) + u16(compression) + u16(0)
        tiff += u16(0x0201) + u16(4) + u32(1) + u32(68)
        tiff += u16(0x0202) + u16(4) + u32(1) + u32(thumbnailLength ?? thumbnail.count)
        tiff += u32(0)
        precondition(tiff.count == 68)
        tiff += thumbnail
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        return Array(jpeg[0..<2]) + segment + Array(jpeg[2...])
    }

    /// An SDL surface holding `pixels` (RGBA32); free it with SDL_FreeSurface.
    package static func surface(width: Int, height: Int, pixels: [UInt8]) -> UnsafeMutablePointer<SDL_Surface> {
        let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_RGBA32.rawValue)!
        let pitch = Int(surface.pointee.pitch)
        let target = surface.pointee.pixels!.assumingMemoryBound(to: UInt8.self)
        pixels.withUnsafeBufferPointer { source in
            for y in 0..<height {
                (target + y * pitch).update(from: source.baseAddress! + y * width * 4, count: width * 4)
            }
        }
        return surface
    }

    /// A PNG written by SDL_image's `IMG_SavePNG`.
    package static func writePNG(_ path: String, width: Int, height: Int, pixels: [UInt8]) {
        let s = surface(width: width, height: height, pixels: pixels)
        defer { SDL_FreeSurface(s) }
        precondition(fw_IMG_SavePNG(s, path) == 0, String(cString: SDL_GetError()))
    }

    /// A BMP written by SDL's `SDL_SaveBMP_RW`.
    package static func writeBMP(_ path: String, width: Int, height: Int, pixels: [UInt8]) {
        let s = surface(width: width, height: height, pixels: pixels)
        defer { SDL_FreeSurface(s) }
        precondition(SDL_SaveBMP_RW(s, SDL_RWFromFile(path, "wb"), 1) == 0, String(cString: SDL_GetError()))
    }

    /// A lossless WebP from libwebp (the library SDL_image itself links),
    /// reached with dlopen because no Swift module wraps it.
    package static func webp(width: Int, height: Int, pixels: [UInt8]) -> [UInt8]? {
        guard let library = dlopen("libwebp.so.7", RTLD_NOW) ?? dlopen("libwebp.so", RTLD_NOW),
              let encodeSymbol = dlsym(library, "WebPEncodeLosslessRGBA"),
              let freeSymbol = dlsym(library, "WebPFree") else { return nil }
        typealias Encode = @convention(c) (UnsafePointer<UInt8>?, Int32, Int32, Int32, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?) -> Int
        typealias Free = @convention(c) (UnsafeMutableRawPointer?) -> Void
        let encode = unsafeBitCast(encodeSymbol, to: Encode.self)
        let release = unsafeBitCast(freeSymbol, to: Free.self)
        var output: UnsafeMutablePointer<UInt8>?
        let size = pixels.withUnsafeBufferPointer { encode($0.baseAddress, Int32(width), Int32(height), Int32(width * 4), &output) }
        guard size > 0, let output else { return nil }
        defer { release(output) }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }

    /// A GIF with one frame per colour (4-colour palette), assembled by hand:
    /// LZW with a clear code every two pixels keeps the code width at 3 bits.
    package static func gif(width: Int, height: Int, frames: [Color]) -> [UInt8] {
        let palette: [Color] = [.red, .blue, .green, .white]
        var out = Array("GIF89a".utf8)
        out += le16(width) + le16(height) + [0x91, 0, 0]
        for c in palette { out += [c.r, c.g, c.b] }
        for (number, color) in frames.enumerated() {
            if number > 0 { out += [0x21, 0xF9, 0x04, 0x00, 0x0A, 0x00, 0x00, 0x00] }
            out += [0x2C] + le16(0) + le16(0) + le16(width) + le16(height) + [0x00]
            let index = palette.firstIndex(of: color) ?? 0
            out += [2] + subBlocks(lzw(Array(repeating: index, count: width * height)))
            out.append(0)
        }
        out.append(0x3B)
        return out
    }

    /// GIF image data: 3-bit LZW codes with a clear code every two pixels.
    package static func lzw(_ indices: [Int]) -> [UInt8] {
        var codes: [Int] = []
        for (n, index) in indices.enumerated() {
            if n % 2 == 0 { codes.append(4) }
            codes.append(index)
        }
        codes.append(5)
        var data: [UInt8] = []
        var accumulator = 0, bits = 0
        for code in codes {
            accumulator |= code << bits
            bits += 3
            while bits >= 8 { data.append(UInt8(accumulator & 0xFF)); accumulator >>= 8; bits -= 8 }
        }
        if bits > 0 { data.append(UInt8(accumulator & 0xFF)) }
        return data
    }

    /// Data cut into GIF sub-blocks of at most 255 bytes.
    package static func subBlocks(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var offset = 0
        while offset < data.count {
            let count = min(255, data.count - offset)
            out.append(UInt8(count))
            out += data[offset..<(offset + count)]
            offset += count
        }
        return out
    }

    /// An uncompressed little-endian RGB TIFF, assembled by hand (baseline TIFF 6.0).
    package static func tiff(width: Int, height: Int, pixels: [UInt8]) -> [UInt8] {
        var rgb: [UInt8] = []
        for i in stride(from: 0, to: pixels.count, by: 4) { rgb += pixels[i..<(i + 3)] }
        let entries: [(tag: Int, type: Int, count: Int, value: Int)] = [
            (256, 4, 1, width), (257, 4, 1, height), (258, 3, 3, 0 /* patched: offset of bits */),
            (259, 3, 1, 1), (262, 3, 1, 2), (273, 4, 1, 0 /* patched: strip offset */),
            (277, 3, 1, 3), (278, 4, 1, height), (279, 4, 1, rgb.count), (284, 3, 1, 1),
        ]
        let ifdOffset = 8
        let ifdSize = 2 + entries.count * 12 + 4
        let bitsOffset = ifdOffset + ifdSize
        let stripOffset = bitsOffset + 6
        var out: [UInt8] = [0x49, 0x49, 42, 0] + le32(ifdOffset)
        out += le16(entries.count)
        for entry in entries {
            out += le16(entry.tag) + le16(entry.type) + le32(entry.count)
            var value = entry.value
            if entry.tag == 258 { value = bitsOffset }
            if entry.tag == 273 { value = stripOffset }
            out += entry.type == 3 && entry.count == 1 ? le16(value) + [0, 0] : le32(value)
        }
        out += le32(0)
        out += le16(8) + le16(8) + le16(8)
        out += rgb
        return out
    }

    /// A binary PPM (P6), assembled by hand.
    package static func ppm(width: Int, height: Int, pixels: [UInt8]) -> [UInt8] {
        var out = Array("P6\n# fixture\n\(width) \(height)\n255\n".utf8)
        for i in stride(from: 0, to: pixels.count, by: 4) { out += pixels[i..<(i + 3)] }
        return out
    }

    /// An uncompressed true-colour TGA (type 2, 32-bit BGRA, top-left origin): no magic bytes at all.
    package static func tga(width: Int, height: Int, pixels: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0] + le16(width) + le16(height) + [32, 0x28]
        for i in stride(from: 0, to: pixels.count, by: 4) { out += [pixels[i + 2], pixels[i + 1], pixels[i], pixels[i + 3]] }
        return out
    }

    /// A QOI image using only QOI_OP_RGBA chunks (valid, if not small).
    package static func qoi(width: Int, height: Int, pixels: [UInt8]) -> [UInt8] {
        var out = Array("qoif".utf8) + be32(width) + be32(height) + [4, 0]
        for i in stride(from: 0, to: pixels.count, by: 4) { out += [0xFF] + pixels[i..<(i + 4)] }
        return out + [0, 0, 0, 0, 0, 0, 0, 1]
    }

    /// An SVG of the four quadrants.
    package static func svgQuadrants(width: Int, height: Int) -> [UInt8] {
        let (w, h) = (width / 2, height / 2)
        return Array("""
        <?xml version="1.0"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)">
        <rect x="0" y="0" width="\(w)" height="\(h)" fill="#ff0000"/>
        <rect x="\(w)" y="0" width="\(w)" height="\(h)" fill="#00ff00"/>
        <rect x="0" y="\(h)" width="\(w)" height="\(h)" fill="#0000ff"/>
        <rect x="\(w)" y="\(h)" width="\(w)" height="\(h)" fill="#ffffff"/>
        </svg>
        """.utf8)
    }

    /// A PNG whose IHDR claims `width` × `height` with almost no data behind it.
    package static func pngHeaderOnly(width: Int, height: Int) -> [UInt8] {
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        out += chunk("IHDR", be32(width) + be32(height) + [8, 6, 0, 0, 0])
        out += chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
        out += chunk("IEND", [])
        return out
    }

    /// A WebP whose VP8X header claims `width` × `height`.
    package static func webpHeaderOnly(width: Int, height: Int) -> [UInt8] {
        let vp8x: [UInt8] = Array("VP8X".utf8) + le32(10) + [0, 0, 0, 0]
            + [UInt8((width - 1) & 0xFF), UInt8(((width - 1) >> 8) & 0xFF), UInt8((width - 1) >> 16)]
            + [UInt8((height - 1) & 0xFF), UInt8(((height - 1) >> 8) & 0xFF), UInt8((height - 1) >> 16)]
        return Array("RIFF".utf8) + le32(4 + vp8x.count) + Array("WEBP".utf8) + vp8x
    }

    /// `jpeg` with every SOF marker's size replaced.
    package static func jpegClaimingSize(_ jpeg: [UInt8], width: Int, height: Int) -> [UInt8] {
        var out = jpeg
        var i = 2
        while i + 9 < out.count {
            guard out[i] == 0xFF else { break }
            let marker = out[i + 1]
            let length = Int(out[i + 2]) << 8 | Int(out[i + 3])
            if (0xC0...0xC2).contains(marker) {
                out[i + 5] = UInt8(height >> 8); out[i + 6] = UInt8(height & 0xFF)
                out[i + 7] = UInt8(width >> 8); out[i + 8] = UInt8(width & 0xFF)
            }
            if marker == 0xDA { break }
            i += 2 + length
        }
        return out
    }

    package static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(data.count) + body + be32(Int(crc32(body)))
    }

    package static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc & 1) != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }

    package static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }
    package static func le32(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8((v >> 24) & 0xFF)] }
    package static func be32(_ v: Int) -> [UInt8] { [UInt8((v >> 24) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }

    /// Runs ImageMagick's `convert` with `arguments`; throws when it fails.
    package static func convert(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ConvertFailure(arguments: arguments, status: process.terminationStatus)
        }
    }

    /// `convert` ended with a failure status.
    package struct ConvertFailure: Error, CustomStringConvertible {
        package let arguments: [String]
        package let status: Int32
        package var description: String { "convert \(arguments.joined(separator: " ")) exited with \(status)" }
    }

    /// Deterministic pseudo-random bytes (xorshift), so failures reproduce.
    package static func noise(count: Int, seed: UInt64) -> [UInt8] {
        var state = seed | 1
        return (0..<count).map { _ in
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return UInt8(truncatingIfNeeded: state >> 24)
        }
    }
}

/// Colour comparison with a tolerance, for lossy JPEG and averaged pixels.
package func isClose(_ pixel: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ color: ImageFixtures.Color, tolerance: Int = 40) -> Bool {
    abs(Int(pixel.r) - Int(color.r)) <= tolerance && abs(Int(pixel.g) - Int(color.g)) <= tolerance
        && abs(Int(pixel.b) - Int(color.b)) <= tolerance && abs(Int(pixel.a) - Int(color.a)) <= tolerance
}
