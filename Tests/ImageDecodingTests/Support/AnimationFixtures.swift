import Foundation
@testable import ImageDecoding
import TestFixtures

/// Animated files assembled byte by byte in the tests: GIFs with any
/// frame rectangles, disposals and transparency, and APNGs with any
/// dispose and blend ops (stored, uncompressed deflate blocks).
enum AnimationFixtures {
    typealias Color = ImageFixtures.Color

    /// The GIF palette: index 0 red, 1 blue, 2 green, 3 white.
    static let palette: [Color] = [.red, .blue, .green, .white]

    struct GIFFrame {
        var rect: PixelRect
        /// Palette indices, `rect.width × rect.height`, row by row.
        var indices: [Int]
        var disposal = 0
        var transparent: Int?
        var delayCentiseconds = 10

        /// A frame of one palette index.
        static func filled(_ rect: PixelRect, _ index: Int, disposal: Int = 0, transparent: Int? = nil,
                           delay: Int = 10) -> GIFFrame {
            GIFFrame(rect: rect, indices: Array(repeating: index, count: rect.width * rect.height),
                     disposal: disposal, transparent: transparent, delayCentiseconds: delay)
        }
    }

    /// A GIF89a of `frames` on a `width × height` screen; `loops` writes a
    /// NETSCAPE2.0 extension. LZW with a clear code every two pixels keeps
    /// the code width at 3 bits (as ImageFixtures.gif does).
    static func gif(width: Int, height: Int, frames: [GIFFrame], loops: Int? = nil) -> [UInt8] {
        var out = Array("GIF89a".utf8)
        out += ImageFixtures.le16(width) + ImageFixtures.le16(height) + [0x91, 0, 0]
        for c in palette { out += [c.r, c.g, c.b] }
        if let loops {
            out += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1] + ImageFixtures.le16(loops) + [0]
        }
        for frame in frames {
            let packed = UInt8(frame.disposal << 2) | (frame.transparent != nil ? 1 : 0)
            out += [0x21, 0xF9, 0x04, packed] + ImageFixtures.le16(frame.delayCentiseconds)
                + [UInt8(frame.transparent ?? 0), 0x00]
            out += [0x2C] + ImageFixtures.le16(frame.rect.x) + ImageFixtures.le16(frame.rect.y)
                + ImageFixtures.le16(frame.rect.width) + ImageFixtures.le16(frame.rect.height) + [0x00]
            out += [2] + ImageFixtures.subBlocks(ImageFixtures.lzw(frame.indices)) + [0]
        }
        out.append(0x3B)
        return out
    }

    struct APNGFrame {
        var rect: PixelRect
        var color: Color
        var dispose = 0
        var blend = 0
        var delayNumerator = 1
        var delayDenominator = 10
    }

    /// An APNG (RGBA, 8 bits) whose first frame is also the default image.
    static func apng(width: Int, height: Int, frames: [APNGFrame], plays: Int = 0) -> [UInt8] {
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        out += ImageFixtures.chunk("IHDR", ImageFixtures.be32(width) + ImageFixtures.be32(height) + [8, 6, 0, 0, 0])
        out += ImageFixtures.chunk("acTL", ImageFixtures.be32(frames.count) + ImageFixtures.be32(plays))
        var sequence = 0
        for (n, frame) in frames.enumerated() {
            out += ImageFixtures.chunk("fcTL", ImageFixtures.be32(sequence) + ImageFixtures.be32(frame.rect.width)
                + ImageFixtures.be32(frame.rect.height) + ImageFixtures.be32(frame.rect.x) + ImageFixtures.be32(frame.rect.y)
                + be16(frame.delayNumerator) + be16(frame.delayDenominator) + [UInt8(frame.dispose), UInt8(frame.blend)])
            sequence += 1
            let data = zlibStored(rows(frame))
            if n == 0 {
                out += ImageFixtures.chunk("IDAT", data)
            } else {
                out += ImageFixtures.chunk("fdAT", ImageFixtures.be32(sequence) + data)
                sequence += 1
            }
        }
        out += ImageFixtures.chunk("IEND", [])
        return out
    }

    private static func rows(_ frame: APNGFrame) -> [UInt8] {
        var raw: [UInt8] = []
        for _ in 0..<frame.rect.height {
            raw.append(0)   // filter: none
            for _ in 0..<frame.rect.width { raw += [frame.color.r, frame.color.g, frame.color.b, frame.color.a] }
        }
        return raw
    }

    /// `data` as a zlib stream of stored (uncompressed) deflate blocks.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65535, data.count - offset)
            let final: UInt8 = offset + count == data.count ? 1 : 0
            out += [final] + ImageFixtures.le16(count) + ImageFixtures.le16(~count & 0xFFFF)
            out += data[offset..<(offset + count)]
            offset += count
        } while offset < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        return out + ImageFixtures.be32(Int(b << 16 | a))
    }

    static func be16(_ v: Int) -> [UInt8] { [UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }

    /// An animated WebP made by `img2webp` from one PNG per colour.
    static func webp(width: Int, height: Int, colors: [Color], milliseconds: Int, loops: Int,
                     in folder: TemporaryFolder) throws -> [UInt8] {
        var arguments = ["-loop", String(loops), "-lossless", "-d", String(milliseconds)]
        for (n, color) in colors.enumerated() {
            let path = folder.file("frame\(n).png")
            ImageFixtures.writePNG(path, width: width, height: height,
                                   pixels: ImageFixtures.pixels(width: width, height: height) { _, _ in color })
            arguments.append(path)
        }
        let output = folder.file("anim.webp")
        let tool = Process()
        tool.executableURL = URL(fileURLWithPath: "/usr/bin/img2webp")
        tool.arguments = arguments + ["-o", output]
        tool.standardError = FileHandle.nullDevice
        try tool.run()
        tool.waitUntilExit()
        return Array(try Data(contentsOf: URL(fileURLWithPath: output)))
    }
}
