import Foundation
@testable import ImageDecoding
import TestFixtures

/// HEIC, AVIF and JPEG XL files made by the real encoders Debian ships
/// (ImageMagick's `convert` through libheif, `heif-enc`, `cjxl`; see
/// scripts/lib/install-deps), from PNGs SDL_image writes, and byte-level
/// edits of them for the broken cases (following ISO/IEC 23008-12 and 18181-1).
enum CodecFixtures {
    struct ToolFailure: Error, CustomStringConvertible {
        var command: String
        var status: Int32
        var output: String
        var description: String { "\(command) exited \(status): \(output)" }
    }

    /// Runs `tool` with `arguments`; throws with its output when it fails.
    static func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ToolFailure(command: ([tool] + arguments).joined(separator: " "), status: process.terminationStatus, output: text)
        }
    }

    /// A PNG of `pixels` in `folder`, then `convert` to `name` (its extension
    /// picks the format: .heic, .avif); returns the new file's path.
    static func convert(_ folder: TemporaryFolder, _ name: String, width: Int, height: Int, pixels: [UInt8],
                        options: [String] = []) throws -> String {
        let png = folder.file(name + ".source.png")
        ImageFixtures.writePNG(png, width: width, height: height, pixels: pixels)
        try run("/usr/bin/convert", [png] + options + [folder.file(name)])
        return folder.file(name)
    }

    /// A PNG of `pixels` in `folder` encoded by `cjxl` with `options`
    /// (`-d 0` lossless; the default is lossy, distance 1).
    static func cjxl(_ folder: TemporaryFolder, _ name: String, width: Int, height: Int, pixels: [UInt8],
                     options: [String] = []) throws -> String {
        let png = folder.file(name + ".source.png")
        ImageFixtures.writePNG(png, width: width, height: height, pixels: pixels)
        try run("/usr/bin/cjxl", [png, folder.file(name), "--quiet"] + options)
        return folder.file(name)
    }

    static func read(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    // MARK: - HEIF edits

    /// `bytes` with every `from` four-character code replaced by `to`
    /// (item types in `infe`, boxes of the same size); the count replaced.
    static func replacingFourCC(_ bytes: [UInt8], _ from: String, with to: String) -> (bytes: [UInt8], count: Int) {
        let old = Array(from.utf8), new = Array(to.utf8)
        var out = bytes
        var count = 0
        var index = 0
        while index + 4 <= out.count {
            if Array(out[index..<(index + 4)]) == old {
                out.replaceSubrange(index..<(index + 4), with: new)
                count += 1
                index += 4
            } else {
                index += 1
            }
        }
        return (out, count)
    }

    /// `heif` (as ImageMagick writes it: its `ipco` holds a 16-byte `pixi`
    /// tied to the primary item) with that `pixi` turned into an `irot` of
    /// `quarterTurns` anticlockwise, padded to the same size so no offset moves.
    static func withIrot(_ heif: [UInt8], quarterTurns: UInt8) -> [UInt8]? {
        let pixi = Array("pixi".utf8)
        guard let at = (4..<(heif.count - 4)).first(where: { Array(heif[$0..<($0 + 4)]) == pixi }),
              heif[at - 4..<at] == [0, 0, 0, 16] else { return nil }
        var out = heif
        out.replaceSubrange(at..<(at + 12), with: Array("irot".utf8) + [quarterTurns] + [UInt8](repeating: 0, count: 7))
        return out
    }

    /// A HEIC of `pixels` made by heif-enc with a thumbnail item no larger
    /// than `thumbnail` on its longer side (`-t`; heif-enc 1.15 stores it as
    /// a one-tile `grid` item cropped from a 64×64 HEVC image), or none when
    /// `thumbnail` is nil; the PNG it reads is 8-bit, so the HEIC is too. No
    /// alpha items (SDL writes RGBA PNGs; a phone's HEIC has none).
    static func heifEnc(_ folder: TemporaryFolder, _ name: String, width: Int, height: Int, pixels: [UInt8],
                        thumbnail: Int?, options: [String] = []) throws -> String {
        let png = folder.file(name + ".source.png")
        ImageFixtures.writePNG(png, width: width, height: height, pixels: pixels)
        let thumb = thumbnail.map { ["-t", String($0)] } ?? []
        try run("/usr/bin/heif-enc", ["-q", "90", "--no-alpha", "--no-thumb-alpha"] + thumb + options
                + ["-o", folder.file(name), png])
        return folder.file(name)
    }

    /// `heif` (as heif-enc writes it: a 16-byte `pixi` per image item, the
    /// primary's first, the thumbnail's after) with the `pixi` boxes at
    /// `indices` (0-based, in file order) turned into `irot` of `quarterTurns`,
    /// padded to the same size; nil when there are fewer.
    static func withIrot(_ heif: [UInt8], quarterTurns: UInt8, onPixi indices: Set<Int>) -> [UInt8]? {
        withProperty(heif, "irot", quarterTurns, onPixi: indices)
    }

    /// The same with a one-byte property `type` (`irot`: quarter turns,
    /// `imir`: the axis) of `value` in place of each `pixi` at `indices`.
    static func withProperty(_ heif: [UInt8], _ type: String, _ value: UInt8, onPixi indices: Set<Int>) -> [UInt8]? {
        let pixi = Array("pixi".utf8)
        let found = (4..<(heif.count - 4)).filter { Array(heif[$0..<($0 + 4)]) == pixi && heif[$0 - 4..<$0] == [0, 0, 0, 16] }
        guard let last = indices.max(), last < found.count else { return nil }
        var out = heif
        for index in indices {
            out.replaceSubrange(found[index]..<(found[index] + 12),
                                with: Array(type.utf8) + [value] + [UInt8](repeating: 0, count: 7))
        }
        return out
    }

    /// `bytes` with only the `occurrence`th (0-based) `from` four-character
    /// code replaced by `to`; nil when there are fewer.
    static func replacingFourCC(_ bytes: [UInt8], _ from: String, occurrence: Int, with to: String) -> [UInt8]? {
        let old = Array(from.utf8)
        let found = (0..<max(0, bytes.count - 3)).filter { Array(bytes[$0..<($0 + 4)]) == old }
        guard occurrence < found.count else { return nil }
        var out = bytes
        out.replaceSubrange(found[occurrence]..<(found[occurrence] + 4), with: Array(to.utf8))
        return out
    }

    /// `heif` with the `index`th (0-based) `hvcC` box's parameter-set arrays
    /// emptied (numOfArrays, after the 22-byte configuration, set to 0; the
    /// box keeps its size): libheif still reads the file, but that item's
    /// HEVC cannot be decoded. Nil when there are fewer.
    static func withoutParameterSets(_ heif: [UInt8], hvcC index: Int) -> [UInt8]? {
        let hvcC = Array("hvcC".utf8)
        let found = (4..<(heif.count - 27)).filter { Array(heif[$0..<($0 + 4)]) == hvcC }
        guard index < found.count else { return nil }
        var out = heif
        out[found[index] + 4 + 22] = 0
        return out
    }

    /// `heif` with its `colr` `nclx` box (ImageMagick writes one into an
    /// AVIF) naming H.273 colour `primaries` and `transfer` instead.
    static func withNCLX(_ heif: [UInt8], primaries: Int, transfer: Int) -> [UInt8]? {
        let nclx = Array("colrnclx".utf8)
        guard let at = (0..<(heif.count - 12)).first(where: { Array(heif[$0..<($0 + 8)]) == nclx }) else { return nil }
        var out = heif
        out.replaceSubrange((at + 8)..<(at + 12), with: [UInt8(primaries >> 8), UInt8(primaries & 0xFF),
                                                         UInt8(transfer >> 8), UInt8(transfer & 0xFF)])
        return out
    }

    /// A PNG in `folder` of one flat colour, `width` × `height`, with the
    /// ICC profile `icc` attached by ImageMagick (`-profile` on an image
    /// without one assigns it); returns its path.
    static func pngWithProfile(_ folder: TemporaryFolder, _ name: String, width: Int, height: Int,
                               color: ImageFixtures.Color, icc: [UInt8]) throws -> String {
        let plain = folder.file(name + ".plain.png")
        ImageFixtures.writePNG(plain, width: width, height: height,
                               pixels: ImageFixtures.pixels(width: width, height: height) { _, _ in color })
        let profile = try folder.write(name + ".icc", icc)
        try run("/usr/bin/convert", [plain, "-profile", profile, "PNG24:" + folder.file(name)])
        return folder.file(name)
    }

    /// `heif` with every `ispe` claiming `width` × `height`.
    static func withISPE(_ heif: [UInt8], width: Int, height: Int) -> [UInt8] {
        var out = heif
        let ispe = Array("ispe".utf8)
        for at in 4..<(heif.count - 16) where Array(heif[at..<(at + 4)]) == ispe {
            out.replaceSubrange((at + 8)..<(at + 16), with: ImageFixtures.be32(width) + ImageFixtures.be32(height))
        }
        return out
    }

    // MARK: - JPEG XL edits

    /// A bare codestream (`FF 0A` …) whose SizeHeader claims `width` × `height`
    /// (big form: U32 selector 3, 30 bits each, explicit width), the rest of
    /// `codestream`'s bits following unchanged.
    static func jxlClaimingSize(_ codestream: [UInt8], width: Int, height: Int) -> [UInt8]? {
        guard codestream.starts(with: [0xFF, 0x0A]) else { return nil }
        var bits: [Bool] = []
        for byte in codestream.dropFirst(2) { for bit in 0..<8 { bits.append((byte >> bit) & 1 == 1) } }
        // Skip the old SizeHeader.
        var position = 0
        func read(_ count: Int) -> Int {
            var value = 0
            for index in 0..<count { if bits[position + index] { value |= 1 << index } }
            position += count
            return value
        }
        let small = read(1) == 1
        if small { _ = read(5) } else { _ = read([9, 13, 18, 30][read(2)]) }
        let ratio = read(3)
        if ratio == 0 { if small { _ = read(5) } else { _ = read([9, 13, 18, 30][read(2)]) } }
        var header: [Bool] = []
        func write(_ value: Int, _ count: Int) { for index in 0..<count { header.append((value >> index) & 1 == 1) } }
        write(0, 1)                          // not small
        write(3, 2); write(height - 1, 30)   // ysize
        write(0, 3)                          // no ratio: explicit xsize
        write(3, 2); write(width - 1, 30)
        let all = header + bits[position...]
        var out: [UInt8] = [0xFF, 0x0A]
        for start in stride(from: 0, to: all.count, by: 8) {
            var byte: UInt8 = 0
            for (index, bit) in all[start..<min(start + 8, all.count)].enumerated() where bit { byte |= 1 << index }
            out.append(byte)
        }
        return out
    }

    // MARK: - Colour

    /// `p3` (8-bit Display P3 values) as sRGB, computed here from the
    /// published P3 → sRGB matrix (both D65, linear light) and the sRGB curve,
    /// clamped: what a correct conversion must give.
    static func sRGBFromDisplayP3(_ p3: (Int, Int, Int)) -> (r: Int, g: Int, b: Int) {
        func linear(_ v: Int) -> Double {
            let c = Double(v) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        func encoded(_ l: Double) -> Int {
            let c = min(max(l, 0), 1)
            let v = c <= 0.0031308 ? c * 12.92 : 1.055 * pow(c, 1 / 2.4) - 0.055
            return Int((v * 255).rounded())
        }
        let (r, g, b) = (linear(p3.0), linear(p3.1), linear(p3.2))
        return (encoded(1.2249401 * r - 0.2249404 * g),
                encoded(-0.0420569 * r + 1.0420571 * g),
                encoded(-0.0196376 * r - 0.0786361 * g + 1.0982735 * b))
    }

    /// True when every channel of `pixel` is within `tolerance` of `expected`.
    static func isNear(_ pixel: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ expected: (r: Int, g: Int, b: Int),
                       tolerance: Int) -> Bool {
        abs(Int(pixel.r) - expected.r) <= tolerance && abs(Int(pixel.g) - expected.g) <= tolerance
            && abs(Int(pixel.b) - expected.b) <= tolerance
    }
}
