import Foundation
@testable import ImageDecoding
import Testing
import TestFixtures

/// What the decoders' fuzzer found (Fuzz/Findings/), each decoded here in
/// the test's own process: a crash would end the suite.
@Suite struct FuzzFindingTests {
    static let findings = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fuzz/Findings").standardized.path

    @Test func theGIFThatCrashedSDLImageIsDecodedByGiflibWithoutACrash() throws {
        let path = Self.findings + "/decoders-gif-sdl-image-segv"
        #expect(FileManager.default.fileExists(atPath: path))
        let outcome = Result { () throws(DecodeFailure) in try ImageDecoder.decodeFile(path, maxWidth: 256, maxHeight: 256) }
        if case .success(let image) = outcome { #expect(image.format == "GIF") }
        if case .failure(let failure) = outcome { #expect(failure.message.contains("GIF")) }
    }

    @Test func aStillGIFDecodesThroughGiflib() throws {
        let folder = try TemporaryFolder("gif")
        let path = try folder.write("red.gif", ImageFixtures.gif(width: 30, height: 20, frames: [.red]))
        let image = try ImageDecoder.decodeFile(path, maxWidth: 0, maxHeight: 0)
        #expect(image.format == "GIF" && image.width == 30 && image.height == 20)
        #expect(isClose(image.rgba(x: 15, y: 10), .red, tolerance: 4))
    }

    @Test func aGIFWhoseCanvasIsOverTheLimitIsRefusedBeforeItIsAllocated() throws {
        var bytes = ImageFixtures.gif(width: 2, height: 2, frames: [.red])
        bytes[6] = 0x40; bytes[7] = 0x1F; bytes[8] = 0x40; bytes[9] = 0x1F   // 8000 × 8000: 64 MP
        let probe = DecodeProbe(path: "/p/huge.gif", format: .gif, head: bytes, maxWidth: 64, maxHeight: 64)
        #expect(throws: DecodeFailure(path: "/p/huge.gif", message: "GIF is 8000×8000, over the 25-megapixel limit")) {
            try GIFDecoder().decode(&bytes, probe: probe)
        }
    }

    @Test func aRegionOfAJPEGClaimingTwentyThousandSquaredIsRefusedByItsHeader() throws {
        let folder = try TemporaryFolder("region")
        let small = ImageFixtures.jpeg(width: 16, height: 16, pixels: ImageFixtures.quadrants(width: 16, height: 16))
        let path = try folder.write("bomb.jpg", ImageFixtures.jpegClaimingSize(small, width: 20000, height: 20000))
        let outcome = RegionDecoder.decode(path: path, region: PixelRect(x: 0, y: 0, width: 1000, height: 1000), scale: 1,
                                           maximumPixels: 1 << 20)
        guard case .failure(let failure) = outcome else {
            Issue.record("a region of a 400 MP JPEG was decoded")
            return
        }
        #expect(failure.message.contains("over the"))
    }
}
