import CSandbox
import Foundation
import ImageDecoding
@testable import IsolatedDecoding
import Testing

/// The messages between the browser and a decoder process, and the checks on
/// a process's answers: a process may have been taken over by its file.
@Suite struct DecoderMessageTests {
    @Test func aMessageReadsBackAsItWasWritten() {
        let message = DecoderMessage(numbers: [1, -2, .max, .min], text: "über.jpg")
        #expect(DecoderMessage(decoding: message.encoded()) == message)
    }

    @Test(arguments: [[UInt8](), [1, 0, 0], [UInt8](repeating: 0xFF, count: 8), [33, 0, 0, 0, 0, 0, 0, 0],
                      [2, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0]])
    func bytesThatAreNoMessageAreRefused(bytes: [UInt8]) {
        #expect(DecoderMessage(decoding: bytes) == nil)
    }

    @Test func aRegionRequestReadsBackWithItsScaleAndTurn() {
        let request = DecoderRequest.region(x: 10, y: 20, width: 300, height: 200, scale: 0.375, maximumPixels: 4096,
                                            turn: 6, turnedWidth: 800, turnedHeight: 1200)
        let message = request.message(name: "a.jpg", profile: 42, profileAttached: true)
        let decoded = DecoderMessage(decoding: message.encoded())
        #expect(decoded.flatMap(DecoderRequest.init) == request)
        #expect(decoded?[DecoderRequest.profileIdentityIndex] == 42)
        #expect(decoded?[DecoderRequest.profileAttachedIndex] == 1)
        #expect(decoded?.text == "a.jpg")
    }

    /// An image answer of `width` × `height` with its pixels in `fd`.
    static func imageReply(width: Int64, height: Int64, fd: Int32) -> DecoderProcess.Outcome {
        .reply(DecoderMessage(numbers: [0, 0, width, height, width, height, 1, 0, 0, 0, 0, 0, 0, 0], text: "PNG"),
               fds: [fd])
    }

    @Test func anAnswerWhosePixelsAreSealedAndOfItsSizeIsAnImage() throws {
        let pixels: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 255]
        let fd = pixels.withUnsafeBytes { fw_sealed_memfd($0.baseAddress, $0.count) }
        let reply = try DecoderReply.make(from: Self.imageReply(width: 2, height: 1, fd: fd), path: "/p/a.png").get()
        let image = try reply.image(path: "/p/a.png", region: false).image
        #expect(image.pixels == pixels && image.width == 2 && image.format == "PNG")
    }

    @Test func anAnswerWhosePixelsAreNotSealedIsRefused() throws {
        var mapping: UnsafeMutableRawPointer?
        let fd = fw_shared_page(8, &mapping)   // the right size, but anyone may still write to it
        defer { munmap(mapping, 8) }
        let reply = try DecoderReply.make(from: Self.imageReply(width: 2, height: 1, fd: fd), path: "/p/a.png").get()
        #expect(throws: DecodeFailure(path: "/p/a.png", message: "the decoder answered pixels that do not fit")) {
            try reply.image(path: "/p/a.png", region: false)
        }
    }

    @Test(arguments: [(Int64(2), Int64(2)), (Int64(0), Int64(1)), (Int64(-1), Int64(-8)), (Int64(1) << 40, Int64(1) << 40)])
    func anAnswerWhoseSizeDoesNotMatchItsPixelsIsRefused(width: Int64, height: Int64) throws {
        let pixels = [UInt8](repeating: 7, count: 8)
        let fd = pixels.withUnsafeBytes { fw_sealed_memfd($0.baseAddress, $0.count) }
        let reply = try DecoderReply.make(from: Self.imageReply(width: width, height: height, fd: fd), path: "/p/a").get()
        #expect(throws: DecodeFailure.self) { try reply.image(path: "/p/a", region: false) }
    }

    @Test func anAnswerOfAKindThatDoesNotExistIsRefused() {
        let outcome = DecoderProcess.Outcome.reply(DecoderMessage(numbers: [99]), fds: [])
        #expect(throws: DecodeFailure(path: "/p/a", message: "the decoder answered nonsense")) {
            try DecoderReply.make(from: outcome, path: "/p/a").get()
        }
    }

    @Test func aFailureAnswerKeepsItsMessageAndWhetherItWasCancelled() {
        let outcome = DecoderProcess.Outcome.reply(DecoderMessage(numbers: [1, 1], text: "decode cancelled"), fds: [])
        #expect(throws: DecodeFailure(path: "/p/a", message: "decode cancelled", isCancelled: true)) {
            try DecoderReply.make(from: outcome, path: "/p/a").get()
        }
    }

    /// A region answer of 2 × 1 pixels from a `source` image covering `region`.
    static func regionReply(source: (Int64, Int64), region: [Int64]) -> DecoderProcess.Outcome {
        let pixels: [UInt8] = [1, 2, 3, 255, 4, 5, 6, 255]
        let fd = pixels.withUnsafeBytes { fw_sealed_memfd($0.baseAddress, $0.count) }
        return .reply(DecoderMessage(numbers: [0, 0, 2, 1, source.0, source.1, 1, 0, 0, 0] + region, text: "JPEG"),
                      fds: [fd])
    }

    @Test func aRegionInsideItsImageIsTaken() throws {
        let reply = try DecoderReply.make(from: Self.regionReply(source: (100, 50), region: [90, 40, 10, 10]),
                                          path: "/p/a").get()
        #expect(try reply.image(path: "/p/a", region: true).region == PixelRect(x: 90, y: 40, width: 10, height: 10))
    }

    @Test(arguments: [[Int64](arrayLiteral: -1, 0, 10, 10), [95, 0, 10, 10], [0, 0, 0, 10], [0, 45, 10, 10],
                      [.max, .max, .max, .max], [1, 1, .max, 1]])
    func aRegionOutsideItsImageIsRefused(region: [Int64]) throws {
        let reply = try DecoderReply.make(from: Self.regionReply(source: (100, 50), region: region), path: "/p/a").get()
        #expect(throws: DecodeFailure(path: "/p/a", message: "the decoder answered a region outside its image")) {
            try reply.image(path: "/p/a", region: true)
        }
    }

    @Test(arguments: [(Int64(0), Int64(50)), (Int64(1) << 40, Int64(50)), (Int64(100), Int64.max)])
    func aSourceSizeOutOfRangeIsRefused(width: Int64, height: Int64) throws {
        let reply = try DecoderReply.make(from: Self.regionReply(source: (width, height), region: [0, 0, 1, 1]),
                                          path: "/p/a").get()
        #expect(throws: DecodeFailure(path: "/p/a", message: "the decoder answered a source size out of range")) {
            try reply.image(path: "/p/a", region: false)
        }
    }
}
