import Foundation
import Testing
import TestFixtures
@_spi(Benchmarks) @testable import ImageDecoding

/// The decoders behind one protocol (ImageFormatDecoder): the registry's
/// order is the fallback order, a decoder that returns nil passes the file
/// on, and a registry without a decoder for a format says so.
@Suite struct DecoderRegistryTests {
    static let jpeg = ImageFixtures.jpeg(width: 64, height: 48, pixels: ImageFixtures.quadrants(width: 64, height: 48))

    /// Declines every file it accepts: the next decoder must get it.
    struct Declining: ImageFormatDecoder {
        var name: String { "declines" }
        func accepts(_ probe: DecodeProbe) -> Bool { true }
        func decode(_ bytes: inout [UInt8], probe: DecodeProbe) throws(DecodeFailure) -> DecodedImage? { nil }
    }

    @Test func theStandardOrderPutsTheStreamedReadersFirstAndSDLImageLast() {
        #expect(DecoderRegistry.standard.decoders.map(\.name) == [
            "JPEG DC coefficients", "LibRaw", "libpng, streamed", "libtiff, streamed", "libjpeg-turbo", "libheif", "libjxl",
            "giflib", "animated WebP (libwebpdemux)", "librsvg", "SDL_image",
        ])
    }

    @Test func eachFormatGoesToItsDecoderFirst() {
        func first(_ format: ImageFormat?) -> String? {
            let probe = DecodeProbe(path: "x", format: format, head: [], maxWidth: 100, maxHeight: 100)
            return DecoderRegistry.standard.decoders(accepting: probe).first?.name
        }
        #expect(first(.jpeg) == "libjpeg-turbo")   // an empty head: not a large progressive JPEG
        #expect(first(.png) == "libpng, streamed")
        #expect(first(.tiff) == "libtiff, streamed")
        #expect(first(.heic) == "libheif")
        #expect(first(.avif) == "libheif")
        #expect(first(.jxl) == "libjxl")
        #expect(first(.cameraRaw) == "LibRaw")
        #expect(first(.svg) == "librsvg")
        #expect(first(.webp) == "animated WebP (libwebpdemux)")
        #expect(first(.gif) == "giflib")
        #expect(first(nil) == "SDL_image")
    }

    @Test func aDecoderThatDeclinesPassesTheFileOn() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("a.jpg", Self.jpeg)
        let registry = DecoderRegistry([Declining(), JPEGDecoder()])
        let image = try ImageDecoder.decodeFile(path, maxWidth: 32, maxHeight: 32, registry: registry)
        #expect((image.width, image.height, image.format) == (32, 24, "JPEG"))
    }

    @Test func aStillWebPGoesPastTheAnimationReaderToSDLImage() throws {
        let folder = try TemporaryFolder()
        let pixels = ImageFixtures.quadrants(width: 8, height: 8)
        let path = try folder.write("still.webp", try #require(ImageFixtures.webp(width: 8, height: 8, pixels: pixels)))
        // Alone, the animation reader passes a still WebP on, to nobody.
        #expect(throws: DecodeFailure.self) {
            try ImageDecoder.decodeFile(path, maxWidth: 8, maxHeight: 8, registry: DecoderRegistry([AnimatedWebPDecoder()]))
        }
        let registry = DecoderRegistry([AnimatedWebPDecoder(), SDLImageDecoder()])
        let image = try ImageDecoder.decodeFile(path, maxWidth: 8, maxHeight: 8, registry: registry)
        #expect((image.width, image.height, image.format) == (8, 8, "WebP"))
    }

    @Test func aRegistryWithoutADecoderForTheFormatSaysSo() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("a.jpg", Self.jpeg)
        #expect(throws: DecodeFailure(path: path, message: "JPEG images cannot be decoded here (no JPEG decoder in this build)")) {
            try ImageDecoder.decodeFile(path, maxWidth: 32, maxHeight: 32, registry: DecoderRegistry([JXLDecoder()]))
        }
    }

    @Test func aFullSizeJPEGDecodeEndsAtTheSameSizeAsAScaledOne() throws {
        let folder = try TemporaryFolder()
        let big = ImageFixtures.jpeg(width: 640, height: 480, pixels: ImageFixtures.quadrants(width: 640, height: 480))
        let path = try folder.write("big.jpg", big)
        let scaled = try ImageDecoder.decodeFile(path, maxWidth: 100, maxHeight: 100)
        let full = try ImageDecoder.decodeFile(path, maxWidth: 100, maxHeight: 100,
                                               registry: DecoderRegistry([JPEGDecoder(decodingFullSize: true)]))
        #expect((scaled.width, scaled.height) == (100, 75))
        #expect((full.width, full.height) == (100, 75))
    }

    @Test func aDecodedJPEGIsOpaque() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("a.jpg", Self.jpeg)
        #expect(try ImageDecoder.decodeFile(path, maxWidth: 32, maxHeight: 32).isOpaque)
    }
}
