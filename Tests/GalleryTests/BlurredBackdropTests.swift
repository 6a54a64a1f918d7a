@testable import ImageDecoding
import Pager
import TestFixtures
import Testing
@testable import Gallery

/// The parallax backdrop: the blurred, dimmed copy of each image is
/// made once, on the decode worker, small enough to upload and stretch.
@Suite struct BlurredBackdropTests {
    static func image(width: Int, height: Int, _ colour: (Int, Int) -> ImageFixtures.Color) -> DecodedImage {
        DecodedImage(width: width, height: height, pixels: ImageFixtures.pixels(width: width, height: height, colour),
                     sourceWidth: width * 3, sourceHeight: height * 3, format: "PNG")
    }

    @Test func aLandscapeImageBecomes64PixelsWide() {
        let backdrop = BlurredBackdrop.make(from: Self.image(width: 1280, height: 800) { _, _ in .white })
        #expect(backdrop.width == 64 && backdrop.height == 40)
        #expect(backdrop.format == "backdrop")
    }

    @Test func aPortraitImageBecomes64PixelsTall() {
        let backdrop = BlurredBackdrop.make(from: Self.image(width: 400, height: 800) { _, _ in .white })
        #expect(backdrop.width == 32 && backdrop.height == 64)
    }

    @Test func aTinyImageIsNotEnlarged() {
        let backdrop = BlurredBackdrop.make(from: Self.image(width: 10, height: 5) { _, _ in .white })
        #expect(backdrop.width == 10 && backdrop.height == 5)
    }

    @Test func itKeepsTheImagesSourceSizeForItsAspect() {
        let backdrop = BlurredBackdrop.make(from: Self.image(width: 300, height: 200) { _, _ in .white })
        #expect(backdrop.sourceWidth == 900 && backdrop.sourceHeight == 600)
    }

    @Test func itIsDimmedAndOpaque() {
        let backdrop = BlurredBackdrop.make(from: Self.image(width: 200, height: 100) { _, _ in .white })
        let pixel = backdrop.rgba(x: 10, y: 10)
        let expected = UInt8((255 * Int(BlurredBackdrop.brightness * 256)) >> 8)
        #expect(pixel.r == expected && pixel.g == expected && pixel.b == expected)
        #expect(pixel.a == 255)
        #expect(expected < 128, "dim: \(expected)")
    }

    @Test func aHardEdgeIsBlurred() {
        let backdrop = BlurredBackdrop.make(from: Self.image(width: 640, height: 400) { x, _ in x < 320 ? .red : .blue })
        let edge = backdrop.rgba(x: 32, y: 20)
        #expect(edge.r > 10 && edge.b > 10, "both colours mix at the edge: \(edge)")
        let left = backdrop.rgba(x: 0, y: 20), right = backdrop.rgba(x: 63, y: 20)
        #expect(left.b == 0 && left.r > 100, "far left is still red: \(left)")
        #expect(right.r == 0 && right.b > 100, "far right is still blue: \(right)")
        let ramp = (26...38).map { Int(backdrop.rgba(x: $0, y: 20).r) }
        #expect(zip(ramp, ramp.dropFirst()).allSatisfy { $0 >= $1 }, "red fades out smoothly: \(ramp)")
        #expect(Set(ramp).count > 5, "over several pixels: \(ramp)")
    }

    @Test func aTransparentImageGetsABlackBackdrop() {
        let backdrop = BlurredBackdrop.make(from: Self.image(width: 100, height: 100) { _, _ in
            ImageFixtures.Color(r: 255, g: 255, b: 255, a: 0)
        })
        let pixel = backdrop.rgba(x: 5, y: 5)
        #expect(pixel.r == 0 && pixel.g == 0 && pixel.b == 0 && pixel.a == 255)
    }

    @Test func theLoaderDeliversEachDecodedImageWithItsBackdrop() {
        let inbox = ResultInbox()
        let loader = ImageLoader(workerCount: 1) { inbox.receive($0) }
        defer { loader.shutdown() }
        loader.submit(DecodeRequest(slot: 0, generation: 1, source: .demo(PageIndex(h: 2, v: 1)),
                                    maxWidth: 320, maxHeight: 200))
        #expect(inbox.wait(for: 1))
        let result = inbox.all.first
        let image = try? result?.outcome.get()
        #expect(image?.width == 320)
        #expect(result?.backdrop?.width == 64 && result?.backdrop?.height == 40)
        #expect(result?.backdrop?.format == "backdrop")
    }

    @Test func theEarlyFirstImageDecodeComesWithItsBackdropToo() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("a.jpg", FirstImageTests.jpeg)
        let first = FirstImageDecode(maxWidth: 32, maxHeight: 32) {}
        first.start(path: path)
        #expect(first.claim(DecodeRequest(slot: 4, generation: 1, source: .file(ImageEntry(path: path, name: "a.jpg", album: nil)),
                                          maxWidth: 32, maxHeight: 32)))
        var result: DecodeResult?
        #expect(FirstImageTests.eventually { result = first.take(); return result != nil })
        #expect(result?.backdrop?.width == 32 && result?.backdrop?.height == 24)
        #expect(result?.backdrop?.format == "backdrop")
    }

    @Test func aFailedDecodeHasNoBackdrop() {
        let inbox = ResultInbox()
        let loader = ImageLoader(workerCount: 1) { inbox.receive($0) }
        defer { loader.shutdown() }
        loader.submit(DecodeRequest(slot: 0, generation: 1,
                                    source: .file(ImageEntry(path: "/nonexistent/fourway/x.jpg", name: "x.jpg", album: nil)),
                                    maxWidth: 320, maxHeight: 200))
        #expect(inbox.wait(for: 1))
        #expect(inbox.all.first?.backdrop == nil)
        if case .success? = inbox.all.first?.outcome { Issue.record("a missing file must fail") }
    }
}
