import Foundation
import Synchronization
import TestFixtures
import Testing
@testable import ImageDecoding

/// A HEIC's thumbnail item as the first picture (HEIFThumbnail,
/// EmbeddedThumbnail), the window-size decode from libheif's planes
/// (PlanarRGB) and the gate that lets one full-size HEIF decode run at a
/// time (HEIFDecodeGate), on files heif-enc makes (`-t` adds the thumbnail).
@Suite struct HEIFThumbnailTests {
    typealias Color = ImageFixtures.Color

    static let quadrants = ImageFixtures.quadrants(width: 320, height: 240)

    /// A 320×240 quadrants HEIC whose thumbnail item is 64×48.
    static func photo(_ folder: TemporaryFolder, thumbnail: Int? = 64) throws -> [UInt8] {
        try CodecFixtures.read(try CodecFixtures.heifEnc(folder, "q.heic", width: 320, height: 240,
                                                         pixels: quadrants, thumbnail: thumbnail))
    }

    static func sketch(_ bytes: [UInt8]) -> DecodedImage? {
        bytes.withUnsafeBufferPointer { HEIFThumbnail.decode(in: $0) }
    }

    // MARK: - The thumbnail item

    @Test func theThumbnailItemIsPickedAtItsOwnSize() throws {
        let folder = try TemporaryFolder()
        let bytes = try Self.photo(folder)
        let structure = bytes.withUnsafeBufferPointer { HEIFStructure.parse($0) }
        #expect(structure.primaryID != nil && structure.thumbnailIDs.count == 1)
        let sketch = try #require(Self.sketch(bytes))
        #expect(sketch.width == 64 && sketch.height == 48)
        #expect(sketch.sourceWidth == 320 && sketch.sourceHeight == 240)
        #expect(sketch.format == "HEIC" && sketch.isOpaque)
        ImageDecoderTests.expectQuadrants(sketch, [.red, .green, .blue, .white], "thumbnail item")
    }

    /// irot 1 is 90° anticlockwise: EXIF orientation 8's picture.
    @Test(arguments: [Set([0, 1]), Set([0])])
    func theThumbnailIsTurnedAsThePhotoIs(pixi: Set<Int>) throws {
        let folder = try TemporaryFolder()
        // [0, 1]: both items carry the irot (as a phone writes them); [0]:
        // only the primary does, and the thumbnail is turned by its irot.
        let turned = try #require(CodecFixtures.withIrot(try Self.photo(folder), quarterTurns: 1, onPixi: pixi))
        let structure = turned.withUnsafeBufferPointer { HEIFStructure.parse($0) }
        #expect(structure.quarterTurns == 1)
        let sketch = try #require(Self.sketch(turned))
        #expect(sketch.width == 48 && sketch.height == 64)
        #expect(sketch.sourceWidth == 240 && sketch.sourceHeight == 320)
        ImageDecoderTests.expectQuadrants(sketch, ImageDecoderTests.orientationExpectations[8]!, "thumbnail irot \(pixi)")
        let photo = try ImageDecoderTests.decode(try folder.write("turned.heic", turned)).get()
        ImageDecoderTests.expectQuadrants(photo, ImageDecoderTests.orientationExpectations[8]!, "photo irot \(pixi)")
    }

    /// The photo's irot and imir are applied to the window-sized result
    /// (libheif told to leave them): the same pixels as libheif turning the
    /// whole image first, for every quarter turn and both mirror axes.
    @Test(arguments: [("irot", 1), ("irot", 2), ("irot", 3), ("imir", 0), ("imir", 1)])
    func turningAfterTheAverageMatchesLibheifTurningFirst(property: String, value: Int) throws {
        let folder = try TemporaryFolder()
        let bytes = try #require(CodecFixtures.withProperty(try Self.photo(folder, thumbnail: nil), property, UInt8(value),
                                                            onPixi: [0]))
        try bytes.withUnsafeBufferPointer { buffer in
            let structure = HEIFStructure.parse(buffer)
            let transform = try #require(structure.primaryID.flatMap { structure.transforms[$0] })
            let file = try HEIFFile(buffer, structure: structure, name: "HEIC", path: "turned.heic")
            try withExtendedLifetime(file) {
                let ours = try HEIFDecoder.decodeFitted(file.primary, maxWidth: 100, maxHeight: 100, turnedBy: transform,
                                                        structure: structure, name: "HEIC", path: "ours")
                let libheifs = try HEIFDecoder.decodeFitted(file.primary, maxWidth: 100, maxHeight: 100, turnedBy: nil,
                                                            structure: structure, name: "HEIC", path: "libheif's")
                #expect(ours.image.width == libheifs.image.width && ours.image.height == libheifs.image.height)
                #expect(ours.sourceWidth == libheifs.sourceWidth && ours.sourceHeight == libheifs.sourceHeight)
                let difference = zip(ours.image.pixels, libheifs.image.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 255
                #expect(difference <= 2, "\(property) \(value): differs by up to \(difference)")
            }
        }
    }

    @Test func aHEICWithoutThumbnailHasNoSketchAndStillDecodes() throws {
        let folder = try TemporaryFolder()
        let bytes = try Self.photo(folder, thumbnail: nil)
        #expect(Self.sketch(bytes)?.width == nil)
        let path = try folder.write("plain.heic", bytes)
        #expect(EmbeddedThumbnail.decode(path: path)?.width == nil)
        let image = try ImageDecoderTests.decode(path).get()
        #expect(image.width == 320 && image.height == 240)
        ImageDecoderTests.expectQuadrants(image, [.red, .green, .blue, .white], "no thumbnail")
    }

    @Test func aBadThumbnailItemGivesNoSketchButThePhotoDecodes() throws {
        let folder = try TemporaryFolder()
        let photo = try Self.photo(folder)
        // One hvcC is the primary's, one the thumbnail's (heif-enc's order
        // varies with the sizes): with no parameter sets (VPS, SPS, PPS) in
        // it, that item's HEVC cannot be decoded. The thumbnail's is the one
        // whose loss leaves the photo decodable.
        var decodable = 0
        for index in 0..<2 {
            let broken = try #require(CodecFixtures.withoutParameterSets(photo, hvcC: index))
            guard case .success(let image) = ImageDecoderTests.decode(try folder.write("bad-\(index).heic", broken)) else {
                continue
            }
            decodable += 1
            #expect(Self.sketch(broken)?.width == nil, "hvcC \(index) emptied")
            ImageDecoderTests.expectQuadrants(image, [.red, .green, .blue, .white], "bad thumbnail")
        }
        #expect(decodable == 1)
    }

    @Test func aThumbnailOfAnotherShapeIsNotUsed() throws {
        let folder = try TemporaryFolder()
        var bytes = try Self.photo(folder)
        // The primary's ispe (the first) claims a square: the 4:3 thumbnail is no picture of it.
        let ispe = try #require((0..<(bytes.count - 16)).first { Array(bytes[$0..<($0 + 4)]) == Array("ispe".utf8) })
        bytes.replaceSubrange((ispe + 8)..<(ispe + 16), with: ImageFixtures.be32(320) + ImageFixtures.be32(320))
        #expect(Self.sketch(bytes)?.width == nil)
    }

    @Test func aTruncatedHEICIsAnErrorPage() throws {
        let folder = try TemporaryFolder()
        let whole = try CodecFixtures.read(try CodecFixtures.heifEnc(
            folder, "noise.heic", width: 320, height: 240, pixels: ImageFixtures.noise(count: 320 * 240 * 4, seed: 9),
            thumbnail: 64))
        let path = try folder.write("half.heic", Array(whole.prefix(whole.count / 2)))
        let message = try #require(ImageDecoderTests.failure(path))
        #expect(message.hasPrefix("truncated HEIC data"), "\(message)")
    }

    @Test func readingThumbnailReferencesNeverTrapsOnAScribbledHead() throws {
        let folder = try TemporaryFolder()
        let whole = try Self.photo(folder)
        let meta = Array(whole.prefix(720))
        // Every byte of the boxes (iref, ipma, ipco included) set to 0xFF and
        // to 0 in turn, then cut at every length: reaching the end is the test.
        for index in meta.indices {
            for value: UInt8 in [0xFF, 0] {
                var scribbled = meta
                scribbled[index] = value
                _ = scribbled.withUnsafeBufferPointer { HEIFStructure.parse($0) }
            }
        }
        for length in 0...meta.count { _ = Array(meta.prefix(length)).withUnsafeBufferPointer { HEIFStructure.parse($0) } }
        #expect(meta.withUnsafeBufferPointer { HEIFStructure.parse($0) }.thumbnailIDs.count == 1)
    }

    // MARK: - Which thumbnail the first image shows

    @Test func theFirstImageShowsEachFormatsOwnThumbnail() throws {
        #expect(EmbeddedThumbnail.source(of: .jpeg) == .exif)
        #expect(EmbeddedThumbnail.source(of: .heic) == .heifItem)
        #expect(EmbeddedThumbnail.source(of: .avif) == .heifItem)
        #expect(EmbeddedThumbnail.source(of: .png) == nil)
        #expect(EmbeddedThumbnail.source(of: .jxl) == nil)
        let folder = try TemporaryFolder()
        let heic = try folder.write("phone.heic", try Self.photo(folder))
        #expect(EmbeddedThumbnail.decode(path: heic)?.width == 64)
        let jpeg = try folder.write("camera.jpg", ImageFixtures.withExifThumbnail(
            ImageFixtures.jpeg(width: 64, height: 48, pixels: ImageFixtures.quadrants(width: 64, height: 48)),
            thumbnail: ImageFixtures.jpeg(width: 16, height: 12, pixels: ImageFixtures.quadrants(width: 16, height: 12))))
        #expect(EmbeddedThumbnail.decode(path: jpeg)?.width == 16)
        let png = folder.file("plain.png")
        ImageFixtures.writePNG(png, width: 8, height: 8, pixels: ImageFixtures.quadrants(width: 8, height: 8))
        #expect(EmbeddedThumbnail.decode(path: png)?.width == nil)
    }

    // MARK: - The window-size decode

    static let redBlue = ImageFixtures.pixels(width: 640, height: 240) { x, _ in x < 320 ? .red : .blue }

    @Test(arguments: [[String](), ["-b", "10"]])
    func aRedLeftBlueRightHEICComesOutRedLeftBlueRightAtTheWindowsSize(options: [String]) throws {
        let folder = try TemporaryFolder()
        let path: String
        if options.isEmpty {
            path = try CodecFixtures.heifEnc(folder, "rb.heic", width: 640, height: 240, pixels: Self.redBlue, thumbnail: 64)
        } else {
            // A 16-bit PNG makes heif-enc write 10 bits a sample: libheif's planes
            // are 16-bit words. PNG48: ImageMagick would write a palette PNG for
            // two colours, which heif-enc 1.15 misreads at 16 bits.
            let png8 = folder.file("rb8.png"), png16 = folder.file("rb16.png")
            ImageFixtures.writePNG(png8, width: 640, height: 240, pixels: Self.redBlue)
            try CodecFixtures.run("/usr/bin/convert", [png8, "-depth", "16", "PNG48:" + png16])
            try CodecFixtures.run("/usr/bin/heif-enc", ["-q", "90"] + options + ["-o", folder.file("rb10.heic"), png16])
            path = folder.file("rb10.heic")
        }
        let image = try ImageDecoderTests.decode(path, 200, 200).get()
        #expect(image.width == 200 && image.height == 75)
        #expect(image.sourceWidth == 640 && image.sourceHeight == 240)
        #expect(image.isOpaque)
        for y in [5, 37, 70] {
            for x in [5, 50, 95] { #expect(isClose(image.rgba(x: x, y: y), .red), "(\(x), \(y)) \(options)") }
            for x in [105, 150, 195] { #expect(isClose(image.rgba(x: x, y: y), .blue), "(\(x), \(y)) \(options)") }
        }
    }

    @Test func planesAreAveragedIntoTheBoxWithoutAnRGBACopy() {
        // 4×2 planes, padded rows: left half red, right half blue, averaged to 2×1.
        let stride = 6
        var red = [UInt8](repeating: 0, count: stride * 2), blue = red
        let green = red
        for y in 0..<2 { for x in 0..<4 { if x < 2 { red[y * stride + x] = 255 } else { blue[y * stride + x] = 255 } } }
        let averaged = red.withUnsafeBufferPointer { r in
            green.withUnsafeBufferPointer { g in
                blue.withUnsafeBufferPointer { b in
                    PlanarRGB(width: 4, height: 2, red: r.baseAddress!, green: g.baseAddress!, blue: b.baseAddress!,
                              alpha: nil, strides: (stride, stride, stride, 0), bits: 8).averaged(toWidth: 2, height: 1)
                }
            }
        }
        #expect(averaged?.image.pixels == [255, 0, 0, 255, 0, 0, 255, 255])
        #expect(averaged?.hasAlpha == false)
    }

    // MARK: - One full-size decode at a time

    /// Runs `body` on `count` threads at once and waits for them all.
    static func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let group = DispatchGroup()
        for index in 0..<count {
            group.enter()
            Thread { body(index); group.leave() }.start()
        }
        group.wait()
    }

    @Test func theGateLetsOneCallerInAtATime() {
        let gate = HEIFDecodeGate()
        let inside = Mutex((now: 0, most: 0))
        Self.onThreads(4) { _ in
            for _ in 0..<5 {
                gate.pass {
                    inside.withLock { $0.now += 1; $0.most = max($0.most, $0.now) }
                    usleep(2_000)   // room for another thread to try its way in
                    inside.withLock { $0.now -= 1 }
                }
            }
        }
        #expect(inside.withLock { $0.most } == 1)
        #expect(gate.passes == 20 && gate.mostAtOnce == 1)
    }

    @Test func decodesOnManyThreadsPassTheGateOneByOne() throws {
        let folder = try TemporaryFolder()
        let path = try CodecFixtures.heifEnc(folder, "rb.heic", width: 640, height: 240, pixels: Self.redBlue, thumbnail: 64)
        let before = HEIFDecodeGate.shared.passes
        let decoded = Mutex(0)
        Self.onThreads(4) { _ in
            if case .success = ImageDecoderTests.decode(path, 100, 100) { decoded.withLock { $0 += 1 } }
            // The thumbnails decode meanwhile, outside the gate (small).
            _ = HEIFThumbnail.decode(path: path)
        }
        #expect(decoded.withLock { $0 } == 4)
        #expect(HEIFDecodeGate.shared.passes - before >= 4)
        #expect(HEIFDecodeGate.shared.mostAtOnce == 1)
    }
}
