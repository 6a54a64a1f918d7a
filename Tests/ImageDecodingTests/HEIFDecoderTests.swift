import Foundation
import TestFixtures
import Testing
@testable import ImageDecoding

/// HEIC and AVIF through libheif (HEIFDecoder), with files from ImageMagick
/// and heif-enc, and byte-level edits of them for the broken cases.
@Suite struct HEIFDecoderTests {
    typealias Color = ImageFixtures.Color

    static let quadrants = ImageFixtures.quadrants(width: 256, height: 192)

    static func decode(_ path: String, _ maxWidth: Int = 4096, _ maxHeight: Int = 4096) -> Result<DecodedImage, DecodeFailure> {
        ImageDecoderTests.decode(path, maxWidth, maxHeight)
    }

    static func head(_ path: String) throws -> [UInt8] {
        Array(try CodecFixtures.read(path).prefix(ImageDecoder.headLength))
    }

    // MARK: - Pixels

    @Test(arguments: [("q.heic", "HEIC"), ("q.avif", "AVIF")])
    func decodesToTheFittedSizeWithQuadrantColours(name: String, format: String) throws {
        let folder = try TemporaryFolder()
        let path = try CodecFixtures.convert(folder, name, width: 256, height: 192, pixels: Self.quadrants,
                                             options: ["-quality", "90"])
        let image = try Self.decode(path, 128, 128).get()
        #expect(image.format == format)
        #expect(image.width == 128 && image.height == 96)
        #expect(image.sourceWidth == 256 && image.sourceHeight == 192)
        #expect(image.isOpaque)
        ImageDecoderTests.expectQuadrants(image, [.red, .green, .blue, .white], format)
    }

    @Test func avifKeepsAlpha() throws {
        let folder = try TemporaryFolder()
        let png = folder.file("alpha.png")
        ImageFixtures.writePNG(png, width: 64, height: 48,
                               pixels: ImageFixtures.pixels(width: 64, height: 48) { x, _ in x < 32 ? .clear : .green })
        // ImageMagick 6.9's HEIF writer drops alpha; heif-enc keeps it (an
        // explicit chroma keeps aom 3.6 off the assertion it hits by default).
        try CodecFixtures.run("/usr/bin/heif-enc", ["-A", "-p", "chroma=444", "-q", "90", "-o", folder.file("alpha.avif"), png])
        let image = try Self.decode(folder.file("alpha.avif")).get()
        #expect(image.format == "AVIF")
        #expect(!image.isOpaque)
        #expect(image.rgba(x: 8, y: 24).a == 0)
        let right = image.rgba(x: 56, y: 24)
        #expect(isClose(right, .green), "right half is \(right)")
    }

    @Test func mif1BrandedAV1FileIsNamedAVIF() throws {
        let folder = try TemporaryFolder()
        let avif = try CodecFixtures.read(try CodecFixtures.convert(folder, "q.avif", width: 64, height: 48,
                                                                    pixels: ImageFixtures.quadrants(width: 64, height: 48)))
        // The major brand at 8..<12 becomes mif1: the sniffer says HEIC, the codec says AV1.
        var mif1 = avif
        mif1.replaceSubrange(8..<12, with: Array("mif1".utf8))
        #expect(ContentSniffer.identify(mif1) == .image(.heic))
        let image = try Self.decode(try folder.write("mif1.heif", mif1)).get()
        #expect(image.format == "AVIF")
        ImageDecoderTests.expectQuadrants(image, [.red, .green, .blue, .white], "mif1 AV1")
    }

    // MARK: - Orientation

    @Test(arguments: ["q.heic", "q.avif"])
    func irotIsApplied(name: String) throws {
        let folder = try TemporaryFolder()
        let plain = try CodecFixtures.read(try CodecFixtures.convert(folder, name, width: 64, height: 32,
                                                                     pixels: ImageFixtures.quadrants(width: 64, height: 32)))
        let turned = try #require(CodecFixtures.withIrot(plain, quarterTurns: 1))
        let image = try Self.decode(try folder.write("irot-" + name, turned)).get()
        // irot 1 is 90° anticlockwise: EXIF orientation 8's picture.
        #expect(image.width == 32 && image.height == 64)
        #expect(image.sourceWidth == 32 && image.sourceHeight == 64)
        ImageDecoderTests.expectQuadrants(image, ImageDecoderTests.orientationExpectations[8]!, "irot 90° " + name)
    }

    // MARK: - Header

    @Test(arguments: ["q.heic", "q.avif"])
    func headerSizeIsReadFromTheHead(name: String) throws {
        let folder = try TemporaryFolder()
        let path = try CodecFixtures.convert(folder, name, width: 96, height: 40,
                                             pixels: ImageFixtures.quadrants(width: 96, height: 40))
        let format: ImageFormat = name.hasSuffix("avif") ? .avif : .heic
        let size = try Self.head(path).withUnsafeBufferPointer { ImageHeader.dimensions(of: format, in: $0) }
        #expect(size?.width == 96 && size?.height == 40)
    }

    @Test func headerSizeIsSwappedByIrot() throws {
        let folder = try TemporaryFolder()
        let plain = try CodecFixtures.read(try CodecFixtures.convert(folder, "q.heic", width: 96, height: 40,
                                                                     pixels: ImageFixtures.quadrants(width: 96, height: 40)))
        let turned = try #require(CodecFixtures.withIrot(plain, quarterTurns: 3))
        let size = turned.withUnsafeBufferPointer { ImageHeader.dimensions(of: .heic, in: $0) }
        #expect(size?.width == 40 && size?.height == 96)
    }

    @Test func headerReadingNeverTrapsOnACutOrScribbledHead() throws {
        let folder = try TemporaryFolder()
        let whole = try CodecFixtures.read(try CodecFixtures.convert(folder, "q.heic", width: 64, height: 48,
                                                                     pixels: ImageFixtures.quadrants(width: 64, height: 48)))
        let meta = Array(whole.prefix(500))
        // Every cut of the boxes, and every byte of them set to 0xFF in turn:
        // sizes then point past the end or claim 4 GB. Reaching the end is the test.
        var sizes = 0
        for length in 0...meta.count {
            if Array(meta.prefix(length)).withUnsafeBufferPointer({ ImageHeader.dimensions(of: .heic, in: $0) }) != nil { sizes += 1 }
        }
        for index in meta.indices {
            var scribbled = meta
            scribbled[index] = 0xFF
            _ = scribbled.withUnsafeBufferPointer { HEIFStructure.parse($0) }
        }
        #expect(sizes > 0, "the whole head gives a size")
    }

    @Test func headerBombIsRefusedBeforeDecoding() throws {
        let folder = try TemporaryFolder()
        let plain = try CodecFixtures.read(try CodecFixtures.convert(folder, "q.heic", width: 64, height: 48,
                                                                     pixels: ImageFixtures.quadrants(width: 64, height: 48)))
        let path = try folder.write("bomb.heic", CodecFixtures.withISPE(plain, width: 30000, height: 30000))
        #expect(ImageDecoderTests.failure(path) == "image is 30000×30000, over the 100-megapixel limit")
    }

    // MARK: - Failures

    @Test func truncatedHEICFails() throws {
        let folder = try TemporaryFolder()
        let whole = try CodecFixtures.read(try CodecFixtures.convert(folder, "q.heic", width: 256, height: 192,
                                                                     pixels: ImageFixtures.noise(count: 256 * 192 * 4, seed: 3)))
        let path = try folder.write("half.heic", Array(whole.prefix(whole.count / 2)))
        let message = try #require(ImageDecoderTests.failure(path))
        #expect(message.hasPrefix("truncated HEIC data"), "\(message)")
    }

    @Test(arguments: [("q.avif", "av01", "AVIF"), ("q.heic", "hvc1", "HEIC")])
    func unsupportedCodecFails(name: String, codec: String, format: String) throws {
        let folder = try TemporaryFolder()
        let plain = try CodecFixtures.read(try CodecFixtures.convert(folder, name, width: 64, height: 48,
                                                                     pixels: ImageFixtures.quadrants(width: 64, height: 48)))
        let edited = CodecFixtures.replacingFourCC(plain, codec, with: "j2k1")
        #expect(edited.count >= 1)
        let path = try folder.write("j2k1-" + name, edited.bytes)
        let message = try #require(ImageDecoderTests.failure(path))
        #expect(message.hasPrefix("\(format) image uses a codec 'j2k1' libheif cannot decode here"), "\(message)")
    }

    @Test func garbageAfterTheSignatureFails() throws {
        let folder = try TemporaryFolder()
        let garbage = Array("\0\0\0\u{1C}ftypheic\0\0\0\0mif1heicmiaf".utf8) + ImageFixtures.noise(count: 4000, seed: 5)
        let path = try folder.write("garbage.heic", garbage)
        let message = try #require(ImageDecoderTests.failure(path))
        #expect(message.hasPrefix("corrupt HEIC data"), "\(message)")
    }

    // MARK: - Colour

    /// The P3 colour of the colour tests: saturated, inside sRGB's gamut so
    /// no clipping decides the result, and far from its own numbers in sRGB.
    static let p3Orange = (220, 60, 40)

    static func flatAVIF(_ folder: TemporaryFolder, primaries: Int) throws -> String {
        let (r, g, b) = Self.p3Orange
        let pixels = ImageFixtures.pixels(width: 64, height: 64) { _, _ in Color(r: UInt8(r), g: UInt8(g), b: UInt8(b)) }
        let plain = try CodecFixtures.read(try CodecFixtures.convert(folder, "flat.avif", width: 64, height: 64, pixels: pixels,
                                                                     options: ["-quality", "100"]))
        // nclx: the given primaries, sRGB transfer (H.273 code 13).
        let edited = try #require(CodecFixtures.withNCLX(plain, primaries: primaries, transfer: 13))
        return try folder.write("nclx-\(primaries).avif", edited)
    }

    @Test func displayP3NclxIsConvertedToSRGB() throws {
        let folder = try TemporaryFolder()
        let pixel = try Self.decode(try Self.flatAVIF(folder, primaries: 12)).get().rgba(x: 32, y: 32)
        let expected = CodecFixtures.sRGBFromDisplayP3(Self.p3Orange)
        #expect(CodecFixtures.isNear(pixel, expected, tolerance: 4), "P3 \(Self.p3Orange) decoded as \(pixel), expected \(expected)")
    }

    @Test func bt709NclxIsLeftAsItIs() throws {
        let folder = try TemporaryFolder()
        let pixel = try Self.decode(try Self.flatAVIF(folder, primaries: 1)).get().rgba(x: 32, y: 32)
        let (r, g, b) = Self.p3Orange
        #expect(CodecFixtures.isNear(pixel, (r, g, b), tolerance: 4), "BT.709 \(Self.p3Orange) decoded as \(pixel)")
    }

    @Test func displayP3ICCProfileIsConvertedToSRGB() throws {
        let folder = try TemporaryFolder()
        let (r, g, b) = Self.p3Orange
        let p3 = try #require(ColorProfile.profile(primaries: .displayP3))
        let png = try CodecFixtures.pngWithProfile(folder, "p3.png", width: 64, height: 64,
                                                   color: Color(r: UInt8(r), g: UInt8(g), b: UInt8(b)), icc: p3)
        // heif-enc copies the PNG's ICC profile into a `colr` `prof` box.
        try CodecFixtures.run("/usr/bin/heif-enc", ["-q", "95", "-p", "chroma=444", "-o", folder.file("p3.heic"), png])
        let pixel = try Self.decode(folder.file("p3.heic")).get().rgba(x: 32, y: 32)
        let expected = CodecFixtures.sRGBFromDisplayP3(Self.p3Orange)
        #expect(CodecFixtures.isNear(pixel, expected, tolerance: 4), "P3 \(Self.p3Orange) decoded as \(pixel), expected \(expected)")
    }
}
