import CTurboJPEG
import Foundation
import TestFixtures
import Testing
@testable import ImageDecoding

@Suite struct ImageDecoderTests {
    typealias Color = ImageFixtures.Color

    /// Colours at the centres of the four quadrants of a decoded image.
    static func quadrantColors(_ image: DecodedImage) -> [(r: UInt8, g: UInt8, b: UInt8, a: UInt8)] {
        let (w, h) = (image.width, image.height)
        return [image.rgba(x: w / 4, y: h / 4), image.rgba(x: 3 * w / 4, y: h / 4),
                image.rgba(x: w / 4, y: 3 * h / 4), image.rgba(x: 3 * w / 4, y: 3 * h / 4)]
    }

    static func expectQuadrants(_ image: DecodedImage, _ expected: [Color], _ label: String,
                                sourceLocation: SourceLocation = #_sourceLocation) {
        let found = quadrantColors(image)
        for (index, (pixel, color)) in zip(found, expected).enumerated() {
            #expect(isClose(pixel, color), "\(label): quadrant \(index) is \(pixel), expected \(color)", sourceLocation: sourceLocation)
        }
    }

    static func decode(_ path: String, _ maxWidth: Int = 4096, _ maxHeight: Int = 4096) -> Result<DecodedImage, DecodeFailure> {
        Result { () throws(DecodeFailure) in try ImageDecoder.decodeFile(path, maxWidth: maxWidth, maxHeight: maxHeight) }
    }

    static func failure(_ path: String) -> String? {
        if case .failure(let failure) = decode(path) { return failure.message }
        return nil
    }

    // MARK: - JPEG

    @Test func jpegDecodesToRGBAAtFullSizeWhenItFits() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("q.jpg", ImageFixtures.jpeg(width: 64, height: 32, pixels: ImageFixtures.quadrants(width: 64, height: 32)))
        let image = try Self.decode(path).get()
        #expect(image.width == 64 && image.height == 32)
        #expect(image.sourceWidth == 64 && image.sourceHeight == 32)
        #expect(image.format == "JPEG")
        #expect(image.pixels.count == 64 * 32 * 4)
        Self.expectQuadrants(image, [.red, .green, .blue, .white], "no EXIF")
        #expect(image.rgba(x: 0, y: 0).a == 255)
    }

    /// Where the stored top-left/top-right/bottom-left/bottom-right quadrants
    /// (red, green, blue, white) must appear for each EXIF orientation,
    /// written out from the EXIF table (row 0 / column 0 positions), not
    /// derived from the implementation.
    static let orientationExpectations: [Int: [Color]] = [
        1: [.red, .green, .blue, .white],
        2: [.green, .red, .white, .blue],   // row 0 top, column 0 right
        3: [.white, .blue, .green, .red],   // row 0 bottom, column 0 right
        4: [.blue, .white, .red, .green],   // row 0 bottom, column 0 left
        5: [.red, .blue, .green, .white],   // row 0 left, column 0 top
        6: [.blue, .red, .white, .green],   // row 0 right, column 0 top: rotate 90° clockwise
        7: [.white, .green, .blue, .red],   // row 0 right, column 0 bottom
        8: [.green, .white, .red, .blue],   // row 0 left, column 0 bottom: rotate 90° counter-clockwise
    ]

    @Test(arguments: 1...8, [true, false])
    func exifOrientationIsApplied(orientation: Int, bigEndian: Bool) throws {
        let folder = try TemporaryFolder()
        let plain = ImageFixtures.jpeg(width: 64, height: 32, pixels: ImageFixtures.quadrants(width: 64, height: 32))
        let path = try folder.write("o\(orientation).jpg", ImageFixtures.withExifOrientation(plain, orientation, bigEndian: bigEndian))
        let image = try Self.decode(path).get()
        let swaps = orientation >= 5
        #expect(image.width == (swaps ? 32 : 64) && image.height == (swaps ? 64 : 32), "orientation \(orientation)")
        #expect(image.sourceWidth == image.width && image.sourceHeight == image.height)
        Self.expectQuadrants(image, Self.orientationExpectations[orientation]!, "orientation \(orientation)")
    }

    @Test func redLeftHalfMovesToTheTopWithOrientation6() throws {
        let folder = try TemporaryFolder()
        let pixels = ImageFixtures.pixels(width: 80, height: 40) { x, _ in x < 40 ? .red : .blue }
        let plain = ImageFixtures.jpeg(width: 80, height: 40, pixels: pixels)
        let upright = try Self.decode(try folder.write("1.jpg", plain)).get()
        #expect(isClose(upright.rgba(x: 10, y: 20), .red) && isClose(upright.rgba(x: 70, y: 20), .blue))
        let rotated = try Self.decode(try folder.write("6.jpg", ImageFixtures.withExifOrientation(plain, 6))).get()
        #expect(rotated.width == 40 && rotated.height == 80)
        #expect(isClose(rotated.rgba(x: 20, y: 10), .red))    // top
        #expect(isClose(rotated.rgba(x: 20, y: 70), .blue))   // bottom
    }

    @Test func jpegIsDownscaledToFitUprightBox() throws {
        let folder = try TemporaryFolder()
        let plain = ImageFixtures.jpeg(width: 400, height: 200, pixels: ImageFixtures.quadrants(width: 400, height: 200))
        let wide = try Self.decode(try folder.write("w.jpg", plain), 100, 100).get()
        #expect(wide.width == 100 && wide.height == 50)
        #expect(wide.sourceWidth == 400 && wide.sourceHeight == 200)
        Self.expectQuadrants(wide, [.red, .green, .blue, .white], "downscaled")
        // Rotated: the upright image is 200×400 and must fit 100×100 as 50×100.
        let tall = try Self.decode(try folder.write("t.jpg", ImageFixtures.withExifOrientation(plain, 6)), 100, 100).get()
        #expect(tall.width == 50 && tall.height == 100)
        #expect(tall.sourceWidth == 200 && tall.sourceHeight == 400)
        Self.expectQuadrants(tall, Self.orientationExpectations[6]!, "downscaled, rotated")
        // Never upscaled.
        let small = try Self.decode(try folder.write("s.jpg", plain), 4000, 4000).get()
        #expect(small.width == 400 && small.height == 200)
    }

    @Test func scaleFactorIsTheStrongestThatStillCovers() {
        #expect(JPEGScale.choose(width: 4000, height: 3000, targetWidth: 1067, targetHeight: 800).description == "3/8")
        #expect(JPEGScale.choose(width: 4000, height: 3000, targetWidth: 500, targetHeight: 375).description == "1/8")
        #expect(JPEGScale.choose(width: 4000, height: 3000, targetWidth: 4000, targetHeight: 3000).description == "1/1")
        #expect(JPEGScale.choose(width: 4000, height: 3000, targetWidth: 2001, targetHeight: 1500).description == "5/8")
        #expect(JPEGScale.choose(width: 100, height: 100, targetWidth: 13, targetHeight: 13).description == "1/8")   // ⌈100/8⌉ = 13
        #expect(JPEGScale.choose(width: 100, height: 100, targetWidth: 14, targetHeight: 13).description == "1/4")
        // A huge target never makes a huge buffer.
        let capped = JPEGScale.choose(width: 30000, height: 15000, targetWidth: 30000, targetHeight: 15000)
        #expect(capped.scaled(30000) * capped.scaled(15000) <= DecodeLimits.maximumDecodedPixels)
    }

    @Test func cmykJPEGBecomesRGB() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("cmyk.jpg", ImageFixtures.cmykJPEG(width: 32, height: 16, pixels: ImageFixtures.quadrants(width: 32, height: 16)))
        let image = try Self.decode(path).get()
        Self.expectQuadrants(image, [.red, .green, .blue, .white], "CMYK")
    }

    @Test func truncatedJPEGIsAnErrorNotAGreyPicture() throws {
        let folder = try TemporaryFolder()
        let whole = ImageFixtures.jpeg(width: 256, height: 256, pixels: ImageFixtures.pixels(width: 256, height: 256) { x, y in
            Color(r: UInt8(x), g: UInt8(y), b: UInt8((x * y) & 0xFF))
        })
        let path = try folder.write("cut.jpg", Array(whole.prefix(whole.count * 6 / 10)))
        #expect(Self.failure(path) == "truncated JPEG data (the file ends early)")
        let headerOnly = try folder.write("head.jpg", Array(whole.prefix(40)))
        #expect(Self.failure(headerOnly) == "corrupt or truncated JPEG (the file ends before the image header)")
    }

    /// Found by `scripts/make-bad-corpus`: a header claiming more rows than the
    /// data holds ends in libjpeg's "premature end of data segment" warning,
    /// and used to show as a grey picture.
    @Test func jpegWhoseDataEndsBeforeItsClaimedSizeIsTruncated() throws {
        let folder = try TemporaryFolder()
        let small = ImageFixtures.jpeg(width: 64, height: 64, pixels: ImageFixtures.quadrants(width: 64, height: 64))
        let path = try folder.write("claims-more.jpg", ImageFixtures.jpegClaimingSize(small, width: 4000, height: 4000))
        if case .failure(let failure) = Self.decode(path, 500, 500) {
            #expect(failure.message.hasPrefix("truncated JPEG data"), "\(failure.message)")
        } else {
            Issue.record("a 64x64 JPEG claiming 4000x4000 decoded as a picture")
        }
    }

    /// Found by `scripts/make-bad-corpus`: libpng only said "Error reading the
    /// PNG file." (plus its own stderr line) for these.
    @Test func damagedPNGChunksGetPreciseMessages() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("whole.png")
        ImageFixtures.writePNG(path, width: 64, height: 64, pixels: ImageFixtures.quadrants(width: 64, height: 64))
        let png = Array(FileManager.default.contents(atPath: path)!)
        let truncated = "truncated PNG data (the file ends early)"
        #expect(Self.failure(try folder.write("sig.png", Array(png.prefix(12)))) == truncated)
        #expect(Self.failure(try folder.write("half.png", Array(png.prefix(png.count / 2)))) == truncated)
        var badCRC = png
        badCRC[29] ^= 0xFF   // IHDR's checksum
        #expect(Self.failure(try folder.write("crc.png", badCRC)) == "corrupt PNG data (checksum error in the IHDR chunk)")
        // Without IEND (cut right after the pixel data) libpng has the picture: it shows.
        let noEnd = try folder.write("no-iend.png", Array(png.prefix(png.count - 12)))
        #expect(Self.failure(noEnd) == nil)
        Self.expectQuadrants(try Self.decode(noEnd).get(), [.red, .green, .blue, .white], "no IEND")
        #expect(Array("IEND".utf8).withUnsafeBufferPointer { PNGStructure.crc32($0) } == 0xAE42_6082)
    }

    @Test func oversizedJPEGIsRefusedFromItsHeader() throws {
        let folder = try TemporaryFolder()
        let small = ImageFixtures.jpeg(width: 16, height: 16, pixels: ImageFixtures.quadrants(width: 16, height: 16))
        let huge = try folder.write("huge.jpg", ImageFixtures.jpegClaimingSize(small, width: 65000, height: 65000))
        #expect(Self.failure(huge) == "image is 65000×65000, over the 500-megapixel limit")
        let progressive = ImageFixtures.jpeg(width: 16, height: 16, pixels: ImageFixtures.quadrants(width: 16, height: 16), progressive: true)
        let bigProgressive = try folder.write("p.jpg", ImageFixtures.jpegClaimingSize(progressive, width: 12000, height: 12000))
        // Large progressive JPEGs are read from their DC coefficients: this
        // one's data ends long before 12000 × 12000 pixels' worth.
        #expect(Self.failure(bigProgressive) == "truncated JPEG data (the file ends early)")
        let hugeProgressive = try folder.write("hp.jpg", ImageFixtures.jpegClaimingSize(progressive, width: 65000, height: 65000))
        #expect(Self.failure(hugeProgressive) == "progressive JPEG is 65000×65000, over the 4,000-megapixel limit")
        // A modest progressive JPEG decodes normally.
        let ok = try Self.decode(try folder.write("ok.jpg", progressive)).get()
        Self.expectQuadrants(ok, [.red, .green, .blue, .white], "progressive")
    }

    @Test func onlyJPEGsNotKnownToBeSequentialPayForTheScanLimit() {
        let pixels = ImageFixtures.quadrants(width: 16, height: 16)
        func structure(_ bytes: [UInt8]) -> JPEGStructure { bytes.withUnsafeBufferPointer { JPEGStructure.parse($0) } }
        let baseline = structure(ImageFixtures.jpeg(width: 16, height: 16, pixels: pixels))
        let progressive = structure(ImageFixtures.jpeg(width: 16, height: 16, pixels: pixels, progressive: true))
        let unreadable = structure([0xFF, 0xD8, 0xFF, 0xDA, 0x00])   // a scan before any frame header
        #expect(JPEGDecoder.decodeFlags(for: baseline) == 0)
        #expect(JPEGDecoder.decodeFlags(for: progressive) == Int32(TJFLAG_LIMITSCANS))
        #expect(JPEGDecoder.decodeFlags(for: unreadable) == Int32(TJFLAG_LIMITSCANS))
    }

    // MARK: - Other formats, through SDL_image

    @Test func pngKeepsAlphaAndDownscales() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("a.png")
        ImageFixtures.writePNG(path, width: 40, height: 20, pixels: ImageFixtures.pixels(width: 40, height: 20) { x, _ in
            x < 20 ? .red : .clear
        })
        let image = try Self.decode(path, 20, 20).get()
        #expect(image.format == "PNG")
        #expect(image.width == 20 && image.height == 10)
        #expect(isClose(image.rgba(x: 4, y: 5), .red, tolerance: 2))
        #expect(image.rgba(x: 16, y: 5).a == 0)
        // The edge column averages red with transparent: still pure red, half opaque.
        let edge = image.rgba(x: 10, y: 5)
        #expect(edge.a < 255 || edge.r > 250)
        #expect(edge.g == 0 && edge.b == 0)
    }

    @Test func pngNamedJpgOpensByContent() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("really-a-png.jpg")
        ImageFixtures.writePNG(path, width: 8, height: 8, pixels: ImageFixtures.quadrants(width: 8, height: 8))
        let image = try Self.decode(path).get()
        #expect(image.format == "PNG")
        Self.expectQuadrants(image, [.red, .green, .blue, .white], "png named jpg")
    }

    @Test func bmpGifTiffAndWebPDecode() throws {
        let folder = try TemporaryFolder()
        let pixels = ImageFixtures.quadrants(width: 16, height: 8)
        let bmp = folder.file("q.bmp")
        ImageFixtures.writeBMP(bmp, width: 16, height: 8, pixels: pixels)
        let tiff = try folder.write("q.tif", ImageFixtures.tiff(width: 16, height: 8, pixels: pixels))
        for (path, format) in [(bmp, "BMP"), (tiff, "TIFF")] {
            let image = try Self.decode(path).get()
            #expect(image.format == format)
            #expect(image.width == 16 && image.height == 8)
            Self.expectQuadrants(image, [.red, .green, .blue, .white], format)
        }
        let webpBytes = try #require(ImageFixtures.webp(width: 16, height: 8, pixels: pixels), "libwebp's encoder should be present with SDL_image")
        let webp = try Self.decode(try folder.write("q.webp", webpBytes)).get()
        #expect(webp.format == "WebP")
        Self.expectQuadrants(webp, [.red, .green, .blue, .white], "WebP")

        // GIF: the first frame (red), not the second (blue).
        let gif = try Self.decode(try folder.write("anim.gif", ImageFixtures.gif(width: 6, height: 5, frames: [.red, .blue]))).get()
        #expect(gif.format == "GIF")
        #expect(gif.width == 6 && gif.height == 5)
        #expect(isClose(gif.rgba(x: 3, y: 2), .red, tolerance: 0))
    }

    /// SVG is librsvg's first (SVGDecoderTests); SDL_image's nanosvg is its
    /// fallback, at the intrinsic size, tried here alone.
    @Test func pnmTgaQoiAndSvgDecodeThroughSDLImage() throws {
        let folder = try TemporaryFolder()
        let pixels = ImageFixtures.quadrants(width: 16, height: 8)
        let files: [(String, [UInt8], String)] = [
            ("q.ppm", ImageFixtures.ppm(width: 16, height: 8, pixels: pixels), "PNM"),
            ("q.tga", ImageFixtures.tga(width: 16, height: 8, pixels: pixels), "TGA"),
            ("q.qoi", ImageFixtures.qoi(width: 16, height: 8, pixels: pixels), "QOI"),
            ("q.svg", ImageFixtures.svgQuadrants(width: 16, height: 8), "SVG"),
        ]
        for (name, bytes, format) in files {
            let image = try ImageDecoder.decodeFile(try folder.write(name, bytes), maxWidth: 4096, maxHeight: 4096,
                                                    registry: DecoderRegistry([SDLImageDecoder()]))
            #expect(image.format == format)
            #expect(image.width == 16 && image.height == 8, "\(format)")
            Self.expectQuadrants(image, [.red, .green, .blue, .white], format)
        }
    }

    @Test func aTGAWhoseHeaderClaimsMoreThanItsDataHoldsIsRefusedBeforeSDLImageAllocatesIt() throws {
        let folder = try TemporaryFolder()
        let header: [UInt8] = [0, 0, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10, 0x27, 0x28, 0x23, 32, 0x28]   // RLE, 10000×9000
        let path = try folder.write("claims.tga", header + [UInt8](repeating: 0xFF, count: 144))
        #expect(Self.failure(path) == "truncated TGA data (the header claims 10000×9000, more than its 162 bytes hold)")
        let huge: [UInt8] = [0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 32, 0x28]
        let over = try folder.write("huge.tga", huge + [UInt8](repeating: 0, count: 64))
        #expect(Self.failure(over) == "image is 65535×65535, over the 100-megapixel limit")
    }

    @Test func sdlImageCodecsHere() {
        let formats = SDLImageDecoder.initializedFormats
        #expect(formats.contains("PNG"))
        #expect(formats.contains("WebP"))
        #expect(formats.contains("TIFF"))
    }

    // MARK: - Every failure is a message

    @Test(.timeLimit(.minutes(1)))
    func badFilesBecomeShortMessages() throws {
        let folder = try TemporaryFolder()
        try folder.write("empty.jpg", [])
        try folder.write("text.png", text: "this is not a picture\n")
        try folder.write("page.jpg", text: "<!DOCTYPE html>\n<html><body>403 Forbidden</body></html>")
        try folder.write("doc.png", Array("%PDF-1.5\n1 0 obj".utf8))
        try folder.write("noise.jpg", [0x00, 0x9A] + ImageFixtures.noise(count: 4096, seed: 7))
        try folder.write("fake.avif", [0, 0, 0, 0x1C] + Array("ftypavif".utf8) + [UInt8](repeating: 0, count: 20))
        try folder.makeFolder("dir.jpg")
        try folder.fifo("pipe.jpg")
        try folder.write("big.png", ImageFixtures.pngHeaderOnly(width: 30000, height: 30000))
        try folder.write("huge.png", ImageFixtures.pngHeaderOnly(width: 70000, height: 70000))
        try folder.write("big.webp", ImageFixtures.webpHeaderOnly(width: 16384, height: 16384))
        let pngPath = folder.file("whole.png")
        ImageFixtures.writePNG(pngPath, width: 64, height: 64, pixels: ImageFixtures.pixels(width: 64, height: 64) { x, y in
            Color(r: UInt8(x * 4), g: UInt8(y * 4), b: UInt8((x ^ y) * 4))
        })
        let png = Array(FileManager.default.contents(atPath: pngPath)!)
        try folder.write("cut.png", Array(png.prefix(png.count / 2)))

        #expect(Self.failure(folder.file("empty.jpg")) == "empty file (0 bytes)")
        #expect(Self.failure(folder.file("text.png")) == "not an image (text, starts with \"this is not a picture\")")
        #expect(Self.failure(folder.file("page.jpg")) == "not an image (HTML text, e.g. a saved web page or a download error page)")
        #expect(Self.failure(folder.file("doc.png")) == "not an image (a PDF document (starts with %PDF))")
        #expect(Self.failure(folder.file("noise.jpg"))?.hasPrefix("not an image (unrecognised data, starts with 00 9A") == true)
        // A bare ftyp whose compatible brands are zeros: libheif refuses the brands.
        #expect(Self.failure(folder.file("fake.avif")) == "unsupported kind of AVIF (Unsupported file-type: Unspecified: File does not include any supported brands.)")
        #expect(Self.failure(folder.file("dir.jpg")) == "is a folder, not an image file")
        #expect(Self.failure(folder.file("pipe.jpg")) == "not a regular file (a FIFO)")
        #expect(Self.failure(folder.file("gone.jpg")) == "file vanished (it no longer exists)")
        // PNGs stream, so 30000 × 30000 is decoded (this one has only its header);
        // the limit left is about time (DecodeLimits.maximumStreamedPixels).
        #expect(Self.failure(folder.file("big.png")) == "truncated PNG data (the file ends early)")
        #expect(Self.failure(folder.file("huge.png")) == "image is 70000×70000, over the 4,000-megapixel limit")
        #expect(Self.failure(folder.file("big.webp")) == "image is 16384×16384, over the 100-megapixel limit")
        let cut = Self.failure(folder.file("cut.png"))
        #expect(cut?.hasPrefix("truncated PNG data") == true || cut?.hasPrefix("corrupt PNG data") == true, "\(cut ?? "decoded")")
        // Root reads anything, so permission errors are checked through the mapping.
        #expect(FileReader.openFailureMessage(EACCES) == "permission denied")
        #expect(FileReader.openFailureMessage(ELOOP) == "symbolic link loop")

        let failure = DecodeFailure(path: folder.file("empty.jpg"), message: "empty file (0 bytes)")
        #expect(failure.description == "empty.jpg: empty file (0 bytes)")
    }

    /// Mutated real files of every format we write: each decode must end in an
    /// image or a failure, never a crash.
    @Test func mutatedFilesNeverCrash() throws {
        let folder = try TemporaryFolder()
        let pixels = ImageFixtures.quadrants(width: 24, height: 16)
        let pngPath = folder.file("seed.png")
        ImageFixtures.writePNG(pngPath, width: 24, height: 16, pixels: pixels)
        let bmpPath = folder.file("seed.bmp")
        ImageFixtures.writeBMP(bmpPath, width: 24, height: 16, pixels: pixels)
        var seeds: [[UInt8]] = [
            ImageFixtures.withExifOrientation(ImageFixtures.jpeg(width: 24, height: 16, pixels: pixels), 6),
            ImageFixtures.jpeg(width: 24, height: 16, pixels: pixels, progressive: true),
            Array(FileManager.default.contents(atPath: pngPath)!),
            Array(FileManager.default.contents(atPath: bmpPath)!),
            ImageFixtures.gif(width: 24, height: 16, frames: [.red, .green]),
            ImageFixtures.tiff(width: 24, height: 16, pixels: pixels),
        ]
        if let webp = ImageFixtures.webp(width: 24, height: 16, pixels: pixels) { seeds.append(webp) }
        var decoded = 0, failed = 0
        for (number, seed) in seeds.enumerated() {
            for round in 0..<60 {
                var bytes = seed
                let noise = ImageFixtures.noise(count: 8, seed: UInt64(number * 1000 + round + 1))
                // Flip a few bytes past the signature, or cut the file short.
                if round % 4 == 3 {
                    bytes = Array(bytes.prefix(8 + Int(noise[0]) * bytes.count / 256))
                } else {
                    for k in 0..<3 {
                        let position = 4 + (Int(noise[2 * k]) << 8 | Int(noise[2 * k + 1])) % max(1, bytes.count - 4)
                        bytes[position] ^= noise[6] | 1
                    }
                }
                let path = try folder.write("m\(number)-\(round).img", bytes)
                switch Self.decode(path, 64, 64) {
                case .success(let image):
                    decoded += 1
                    #expect(image.pixels.count == image.width * image.height * 4)
                case .failure(let failure):
                    failed += 1
                    #expect(!failure.message.isEmpty && !failure.message.contains("\n"))
                }
            }
        }
        #expect(decoded + failed == seeds.count * 60)
    }
}
