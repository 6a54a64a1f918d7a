import Foundation
import TestFixtures
import Testing
@testable import ImageDecoding

/// PNG, TIFF and large progressive JPEGs read row by row and averaged as they
/// stream (StreamedDecoder, Sources/CStreamDecoders): the same pixels as a
/// whole decode averaged down, for every layout the files come in.
@Suite struct StreamedDecoderTests {
    typealias Color = ImageFixtures.Color

    /// A pattern with detail in both directions and every channel.
    static func pattern(width: Int, height: Int, alpha: (Int, Int) -> UInt8 = { _, _ in 255 }) -> [UInt8] {
        ImageFixtures.pixels(width: width, height: height) { x, y in
            Color(r: UInt8((x * 7 + y) & 0xFF), g: UInt8((y * 5) & 0xFF), b: UInt8(((x / 3) ^ (y / 5)) * 9 & 0xFF), a: alpha(x, y))
        }
    }

    /// Runs ImageMagick's convert (real files, as a user would have them).
    static func convert(_ arguments: [String]) throws {
        try ImageFixtures.convert(arguments)
    }

    /// Largest difference of any channel between two images of the same size.
    static func maximumDifference(_ a: DecodedImage, _ b: PixelBuffer) -> Int {
        #expect(a.width == b.width && a.height == b.height)
        guard a.width == b.width, a.height == b.height else { return 255 }
        return zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    /// Mean absolute difference per channel.
    static func meanDifference(_ a: DecodedImage, _ b: DecodedImage) -> Double {
        guard a.width == b.width, a.height == b.height else { return 255 }
        let total = zip(a.pixels, b.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        return Double(total) / Double(a.pixels.count)
    }

    @Test func aStreamedPNGIsTheWholeImageAveragedDown() throws {
        let folder = try TemporaryFolder()
        let pixels = Self.pattern(width: 301, height: 203)
        let path = folder.file("p.png")
        ImageFixtures.writePNG(path, width: 301, height: 203, pixels: pixels)
        let image = try ImageDecoder.decodeFile(path, maxWidth: 100, maxHeight: 100)
        let expected = PixelBuffer(width: 301, height: 203, pixels: pixels).floatDownscaled(toWidth: 100, height: 67, hasAlpha: false)
        #expect(image.format == "PNG" && image.sourceWidth == 301 && image.sourceHeight == 203)
        #expect(image.isOpaque)
        #expect(Self.maximumDifference(image, expected) <= 1)
    }

    @Test func transparentPixelsDoNotBleedTheirColour() throws {
        let folder = try TemporaryFolder()
        // Left half fully transparent "red" (meaningless colour), right half opaque blue.
        let pixels = ImageFixtures.pixels(width: 64, height: 32) { x, _ in
            x < 32 ? Color(r: 255, g: 0, b: 0, a: 0) : Color(r: 0, g: 0, b: 255, a: 255)
        }
        let path = folder.file("a.png")
        ImageFixtures.writePNG(path, width: 64, height: 32, pixels: pixels)
        let image = try ImageDecoder.decodeFile(path, maxWidth: 21, maxHeight: 21)
        #expect(!image.isOpaque)
        let expected = PixelBuffer(width: 64, height: 32, pixels: pixels).floatDownscaled(toWidth: 21, height: 11, hasAlpha: true)
        #expect(Self.maximumDifference(image, expected) <= 1)
        // The column that straddles the edge is blue, half transparent: no red in it.
        let edge = image.rgba(x: 10, y: 5)
        #expect(edge.r == 0 && edge.b == 255 && edge.a > 0 && edge.a < 255)
    }

    @Test func anInterlacedPNGDecodesLikeTheSameImageNotInterlaced() throws {
        let folder = try TemporaryFolder()
        let plain = folder.file("plain.png"), interlaced = folder.file("adam7.png")
        ImageFixtures.writePNG(plain, width: 157, height: 93, pixels: Self.pattern(width: 157, height: 93))
        try Self.convert([plain, "-interlace", "PNG", interlaced])
        let a = try ImageDecoder.decodeFile(plain, maxWidth: 60, maxHeight: 60)
        let b = try ImageDecoder.decodeFile(interlaced, maxWidth: 60, maxHeight: 60)
        #expect(b.width == a.width && b.height == a.height)
        #expect(Self.meanDifference(a, b) == 0)
    }

    @Test func sixteenBitGreyAndPalettePNGsBecomeRGBA() throws {
        let folder = try TemporaryFolder()
        let source = folder.file("q.png")
        ImageFixtures.writePNG(source, width: 40, height: 40, pixels: ImageFixtures.quadrants(width: 40, height: 40))
        try Self.convert([source, "-depth", "16", "PNG48:" + folder.file("deep.png")])
        try Self.convert([source, "PNG8:" + folder.file("palette.png")])
        try Self.convert([source, "-colorspace", "gray", folder.file("grey.png")])
        for name in ["deep.png", "palette.png"] {
            ImageDecoderTests.expectQuadrants(try ImageDecoder.decodeFile(folder.file(name), maxWidth: 40, maxHeight: 40),
                                              [.red, .green, .blue, .white], name)
        }
        let grey = try ImageDecoder.decodeFile(folder.file("grey.png"), maxWidth: 40, maxHeight: 40)
        let corner = grey.rgba(x: 2, y: 2)
        #expect(corner.r == corner.g && corner.g == corner.b && corner.a == 255)
    }

    @Test func aPNGRegionHoldsOnlyThoseRowsAndColumns() throws {
        let folder = try TemporaryFolder()
        let pixels = Self.pattern(width: 200, height: 150)
        let path = folder.file("r.png")
        ImageFixtures.writePNG(path, width: 200, height: 150, pixels: pixels)
        let part = try RegionDecoder.decode(path: path, region: PixelRect(x: 50, y: 40, width: 60, height: 30),
                                            scale: 1, maximumPixels: 1 << 20).get()
        #expect(part.region == PixelRect(x: 50, y: 40, width: 60, height: 30))
        #expect(part.image.width == 60 && part.image.height == 30)
        #expect(part.image.sourceWidth == 200 && part.image.sourceHeight == 150)
        for (x, y) in [(0, 0), (59, 0), (0, 29), (31, 17)] {
            let p = ((40 + y) * 200 + 50 + x) * 4
            let got = part.image.rgba(x: x, y: y)
            #expect(got.r == pixels[p] && got.g == pixels[p + 1] && got.b == pixels[p + 2], "(\(x), \(y))")
        }
    }

    @Test func tiledAndStrippedCompressedTIFFsMatchThePNG() throws {
        let folder = try TemporaryFolder()
        let png = folder.file("t.png")
        ImageFixtures.writePNG(png, width: 250, height: 170, pixels: Self.pattern(width: 250, height: 170))
        try Self.convert([png, "-define", "tiff:tile-geometry=64x64", "-compress", "LZW", folder.file("tiled.tif")])
        try Self.convert([png, "-define", "tiff:rows-per-strip=7", "-compress", "Zip", folder.file("strips.tif")])
        let reference = try ImageDecoder.decodeFile(png, maxWidth: 90, maxHeight: 90)
        for name in ["tiled.tif", "strips.tif"] {
            let image = try ImageDecoder.decodeFile(folder.file(name), maxWidth: 90, maxHeight: 90)
            #expect(image.format == "TIFF" && image.sourceWidth == 250, "\(name)")
            #expect(Self.meanDifference(image, reference) == 0, "\(name)")
        }
        let part = try RegionDecoder.decode(path: folder.file("tiled.tif"), region: PixelRect(x: 100, y: 100, width: 80, height: 50),
                                            scale: 0.5, maximumPixels: 1 << 20).get()
        #expect(part.image.width == 40 && part.image.height == 25 && part.image.format == "TIFF")
    }

    @Test func aTruncatedTIFFFailsWithAMessage() throws {
        let folder = try TemporaryFolder()
        let png = folder.file("t.png")
        ImageFixtures.writePNG(png, width: 300, height: 300, pixels: ImageFixtures.noise(count: 300 * 300 * 4, seed: 3).enumerated().map { $0.offset % 4 == 3 ? 255 : $0.element })
        try Self.convert([png, "-compress", "None", folder.file("whole.tif")])
        let bytes = Array(FileManager.default.contents(atPath: folder.file("whole.tif"))!)
        let cut = try folder.write("cut.tif", Array(bytes.prefix(bytes.count / 2)))
        let message = ImageDecoderTests.failure(cut)
        #expect(message?.hasPrefix("truncated TIFF data") == true || message?.hasPrefix("corrupt TIFF data") == true, "\(message ?? "decoded")")
    }

    @Test func aPNGCutBeyondItsHeadIsTruncated() throws {
        let folder = try TemporaryFolder()
        // Noise does not compress: the file is far larger than the 64 KB head.
        let pixels = ImageFixtures.noise(count: 256 * 256 * 4, seed: 11)
        let path = folder.file("noise.png")
        ImageFixtures.writePNG(path, width: 256, height: 256, pixels: pixels)
        let bytes = Array(FileManager.default.contents(atPath: path)!)
        #expect(bytes.count > ImageDecoder.headLength * 2)
        let cut = try folder.write("cut.png", Array(bytes.prefix(bytes.count / 2)))
        #expect(ImageDecoderTests.failure(cut) == "truncated PNG data (the file ends early)")
    }

    @Test func aDamagedPNGSignatureIsNotHandedToSDLImage() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("p.png")
        ImageFixtures.writePNG(path, width: 8, height: 8, pixels: ImageFixtures.quadrants(width: 8, height: 8))
        var bytes = Array(FileManager.default.contents(atPath: path)!)
        bytes[4] = 0x0A   // \r\n became \n\n, as a text-mode transfer does
        #expect(ImageDecoderTests.failure(try folder.write("ascii.png", bytes)) == "corrupt PNG data (damaged signature)")
    }

    // MARK: - Progressive JPEG from DC

    @Test func aProgressiveJPEGsDCIsTheImageAtOneEighth() throws {
        let pixels = Self.pattern(width: 400, height: 304).enumerated().map { $0.offset % 4 == 3 ? 255 : $0.element }
        let folder = try TemporaryFolder()
        let path = try folder.write("p.jpg", ImageFixtures.jpeg(width: 400, height: 304, pixels: pixels, quality: 95, progressive: true))
        let dc = try StreamedDecoder.decode(.jpegDC, path: path, region: PixelRect(x: 0, y: 0, width: 50, height: 38),
                                            outWidth: 50, outHeight: 38)
        #expect(dc.width == 400 && dc.height == 304 && !dc.hasAlpha)
        // The same JPEG decoded whole by libjpeg, averaged over the same 8 × 8 blocks.
        let whole = try JPEGDecoder.decode(Array(FileManager.default.contents(atPath: path)!), path: path,
                                           maxWidth: 400, maxHeight: 304)
        let blocks = PixelBuffer(width: 400, height: 304, pixels: whole.pixels).floatDownscaled(toWidth: 50, height: 38, hasAlpha: false)
        let mean = Self.meanDifference(DecodedImage(width: 50, height: 38, pixels: dc.image.pixels, sourceWidth: 400,
                                                    sourceHeight: 304, format: "JPEG"),
                                       DecodedImage(width: 50, height: 38, pixels: blocks.pixels, sourceWidth: 400,
                                                    sourceHeight: 304, format: "JPEG"))
        #expect(mean < 1.5, "mean difference \(mean)")
    }

    @Test func aProgressiveJPEGWhoseDataEndsInsideABlockIsTruncatedWhateverItsContent() throws {
        // Past the data's end the bits read as zeros, which in some Huffman
        // tables are no code at all: the answer must still be "cut short".
        let folder = try TemporaryFolder()
        for seed in 1...12 {
            let grain = ImageFixtures.noise(count: 160 * 100, seed: UInt64(seed))
            let pixels = ImageFixtures.pixels(width: 160, height: 100) { x, y in
                ImageFixtures.Color(r: UInt8(x * 255 / 160), g: grain[y * 160 + x], b: UInt8(y * 255 / 100))
            }
            let progressive = ImageFixtures.jpeg(width: 160, height: 100, pixels: pixels, quality: 90, progressive: true)
            let path = try folder.write("p\(seed).jpg", ImageFixtures.jpegClaimingSize(progressive, width: 30000, height: 30000))
            #expect(throws: DecodeFailure(path: path, message: "truncated JPEG data (the file ends early)")) {
                try ImageDecoder.decodeFile(path, maxWidth: 1280, maxHeight: 800)
            }
        }
    }

    @Test func theDCReaderRefusesBaselineJPEGs() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("b.jpg", ImageFixtures.jpeg(width: 16, height: 16, pixels: ImageFixtures.quadrants(width: 16, height: 16)))
        #expect(throws: DecodeFailure(path: path, message: "corrupt JPEG data (not a progressive Huffman JPEG)")) {
            try StreamedDecoder.decode(.jpegDC, path: path, region: PixelRect(x: 0, y: 0, width: 2, height: 2), outWidth: 2, outHeight: 2)
        }
    }

    @Test func onlyLargeProgressiveJPEGsThatStillFillTheBoxAreReadFromDC() {
        func structure(_ w: Int, _ h: Int, progressive: Bool = true, orientation: ExifOrientation = .normal) -> JPEGStructure {
            var s = JPEGStructure()
            s.width = w; s.height = h; s.isProgressive = progressive; s.orientation = orientation
            return s
        }
        #expect(JPEGDCDecoder.applies(to: structure(20000, 20000), maxWidth: 1280, maxHeight: 800))
        #expect(!JPEGDCDecoder.applies(to: structure(20000, 20000, progressive: false), maxWidth: 1280, maxHeight: 800))
        #expect(!JPEGDCDecoder.applies(to: structure(4000, 3000), maxWidth: 1280, maxHeight: 800))   // 12 MP: libjpeg
        #expect(JPEGDCDecoder.applies(to: structure(4000, 3000), maxWidth: 256, maxHeight: 256))     // a thumbnail: DC
        #expect(!JPEGDCDecoder.applies(to: structure(1200, 1000), maxWidth: 100, maxHeight: 100))    // 1.2 MP: libjpeg
        // 30.7 MP, but 1/8 (800 × 600) is smaller than its 1067 × 800 fit: libjpeg, sharper.
        #expect(!JPEGDCDecoder.applies(to: structure(6400, 4800), maxWidth: 1280, maxHeight: 800))
        #expect(JPEGDCDecoder.applies(to: structure(6400, 4800), maxWidth: 640, maxHeight: 400))
        // Over libjpeg's 100 MP limit: DC whatever the box.
        #expect(JPEGDCDecoder.applies(to: structure(12000, 12000), maxWidth: 4000, maxHeight: 4000))
    }

    @Test func aLargeProgressiveJPEGOpensUprightAtItsFittedSize() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("large.jpg")
        // 26.4 MP, over DecodeLimits.progressiveDCPixels; left red, right blue.
        try Self.convert(["-size", "3000x4400", "xc:red", "-size", "3000x4400", "xc:blue", "+append",
                          "-interlace", "JPEG", "-quality", "80", path])
        let image = try ImageDecoder.decodeFile(path, maxWidth: 600, maxHeight: 440)
        #expect(image.width == 600 && image.height == 440)
        #expect(image.sourceWidth == 6000 && image.sourceHeight == 4400 && image.isOpaque)
        #expect(isClose(image.rgba(x: 100, y: 200), .red, tolerance: 8))
        #expect(isClose(image.rgba(x: 500, y: 200), .blue, tolerance: 8))
        let rotated = try folder.write("rotated.jpg", ImageFixtures.withExifOrientation(Array(FileManager.default.contents(atPath: path)!), 6))
        let upright = try ImageDecoder.decodeFile(rotated, maxWidth: 600, maxHeight: 600)
        #expect(upright.sourceWidth == 4400 && upright.sourceHeight == 6000)
        #expect(upright.width == 440 && upright.height == 600)
        #expect(isClose(upright.rgba(x: 200, y: 100), .red, tolerance: 8))   // red was left, now on top
        #expect(isClose(upright.rgba(x: 200, y: 500), .blue, tolerance: 8))
    }
}

extension StreamedDecoderTests {
    @Test func aPNGInMemoryDecodesAtItsOwnSize() throws {
        let folder = try TemporaryFolder()
        let pixels = Self.pattern(width: 37, height: 21, alpha: { x, _ in x < 10 ? 0 : 255 })
        let path = folder.file("m.png")
        ImageFixtures.writePNG(path, width: 37, height: 21, pixels: pixels)
        let bytes = Array(FileManager.default.contents(atPath: path)!)
        let image = try StreamedDecoder.decodePNG(bytes, width: 37, height: 21, path: path)
        #expect(image.width == 37 && image.height == 21)
        // Opaque pixels are exact; transparent ones keep alpha 0 (their colour is not kept).
        for i in stride(from: 0, to: pixels.count, by: 4) where pixels[i + 3] == 255 {
            #expect(Array(image.pixels[i..<(i + 4)]) == Array(pixels[i..<(i + 4)]))
        }
        #expect(image.pixels[3] == 0)
        #expect(throws: DecodeFailure(path: path, message: "truncated PNG data (the file ends early)")) {
            try StreamedDecoder.decodePNG(Array(bytes.prefix(bytes.count / 2)), width: 37, height: 21, path: path)
        }
    }
}
