import Foundation
import Synchronization
import ImageDecoding
import Testing
import TestFixtures
@testable import Gallery

/// The start-up path: the scan names its first image before sorting, and the
/// first image decodes on its own thread while the window opens.
@Suite struct FirstImageTests {
    /// A 64×48 JPEG, fitted into a 32×32 box in the tests below.
    static let jpeg = ImageFixtures.jpeg(width: 64, height: 48, pixels: ImageFixtures.quadrants(width: 64, height: 48))

    /// Waits (bounded, for a hung thread) until `condition` holds.
    static func eventually(_ condition: () -> Bool) -> Bool {
        for _ in 0..<500 {
            if condition() { return true }
            usleep(10_000)
        }
        return condition()
    }

    /// How many times a decode's `onFinish` ran.
    final class FinishCount: Sendable {
        private let count = Mutex(0)
        var value: Int { count.withLock { $0 } }
        func add() { count.withLock { $0 += 1 } }
    }

    /// Waits (bounded) until the decode thread `first.start` began has ended:
    /// that thread holds `first` until its last step, so once it is done the
    /// caller's reference is the only one. A wait on the decode's completion,
    /// not on the clock.
    static func decodeEnded(_ first: inout FirstImageDecode) -> Bool {
        eventually { isKnownUniquelyReferenced(&first) }
    }

    @Test func theScanReportsTheRootsFirstImageInNaturalOrderOnce() throws {
        let folder = try TemporaryFolder()
        for name in ["img10.jpg", "img2.jpg", "img1.jpg", ".hidden0.jpg", "a.txt"] {
            try folder.write(name, Self.jpeg)
        }
        let reported = Mutex<[String]>([])
        _ = try FolderScanner.scan(folder.path, firstImage: { path in reported.withLock { $0.append(path) } })
        #expect(reported.withLock { $0 } == [folder.path + "/img1.jpg"])
    }

    @Test func theScanReportsNoFirstImageWhenOnlySubfoldersHoldImages() throws {
        let folder = try TemporaryFolder()
        try folder.makeFolder("trip")
        try folder.write("trip/a.jpg", Self.jpeg)
        let reported = Mutex<[String]>([])
        let contents = try FolderScanner.scan(folder.path, firstImage: { path in reported.withLock { $0.append(path) } })
        #expect(contents.albums.count == 1)
        #expect(reported.withLock { $0 }.isEmpty)
    }

    @Test func aClaimedFirstImageIsDeliveredOnceToTheClaimingRequest() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("a.jpg", Self.jpeg)
        let first = FirstImageDecode(maxWidth: 32, maxHeight: 32) {}
        first.start(path: path)
        let request = DecodeRequest(slot: 4, generation: 7, source: .file(ImageEntry(path: path, name: "a.jpg", album: nil)),
                                    maxWidth: 32, maxHeight: 32)
        #expect(first.claim(request))
        var result: DecodeResult?
        #expect(Self.eventually { result = first.take(); return result != nil })
        #expect(result?.request == request)
        let image = try #require(try result?.outcome.get())
        #expect((image.width, image.height) == (32, 24))
        #expect(first.take()?.request == nil)
    }

    @Test func aRequestForAnotherFileDropsTheFirstImage() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("a.jpg", Self.jpeg)
        let other = try folder.write("b.jpg", Self.jpeg)
        let finished = FinishCount()
        var first = FirstImageDecode(maxWidth: 32, maxHeight: 32) { finished.add() }
        first.start(path: path)
        let request = DecodeRequest(slot: 4, generation: 1, source: .file(ImageEntry(path: other, name: "b.jpg", album: nil)),
                                    maxWidth: 32, maxHeight: 32)
        #expect(!first.claim(request))
        // What the decode had announced when it was dropped (nothing, unless it
        // was already done): once it has ended, it announced nothing more.
        let announced = finished.value
        #expect(Self.decodeEnded(&first))
        #expect(finished.value == announced)
        #expect(first.take()?.request == nil)
        #expect(first.preview == nil)
    }

    @Test func theFirstImageIsAPreviewUntilClaimed() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("a.jpg", Self.jpeg)
        let first = FirstImageDecode(maxWidth: 32, maxHeight: 32) {}
        first.start(path: path)
        #expect(Self.eventually { first.preview != nil })
        #expect(first.preview?.width == 32)
        let request = DecodeRequest(slot: 4, generation: 1, source: .file(ImageEntry(path: path, name: "a.jpg", album: nil)),
                                    maxWidth: 32, maxHeight: 32)
        #expect(first.claim(request))
        #expect(first.preview == nil)
        #expect(!first.isDecodingClaim)
        #expect(first.take()?.request == request)
    }

    @Test func aRememberedGuessIsCertainOnlyOnceTheScanConfirmsIt() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("a.jpg", Self.jpeg)
        let first = FirstImageDecode(maxWidth: 32, maxHeight: 32) {}
        first.start(path: path, guess: true)
        #expect(Self.eventually { first.preview != nil })
        #expect(!first.previewIsCertain)
        first.confirm(path: path)
        #expect(first.previewIsCertain)
    }

    @Test func aGuessTheScanDoesNotConfirmIsNeverCertain() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("b.jpg", Self.jpeg)
        let first = FirstImageDecode(maxWidth: 32, maxHeight: 32) {}
        first.start(path: path, guess: true)
        first.confirm(path: folder.file("a.jpg"))
        #expect(!first.previewIsCertain)
        #expect(first.preview == nil)
    }

    @Test func theImageTheScanFoundFirstIsCertainAtOnce() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("a.jpg", Self.jpeg)
        let first = FirstImageDecode(maxWidth: 32, maxHeight: 32) {}
        first.start(path: path)
        #expect(first.previewIsCertain)
    }

    @Test func theFirstImageHasNoSketchOnceItsDecodeIsDone() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("camera.jpg", ImageFixtures.withExifThumbnail(
            ImageFixtures.jpeg(width: 64, height: 48, pixels: ImageFixtures.pixels(width: 64, height: 48) { _, _ in .white }),
            thumbnail: ImageFixtures.jpeg(width: 16, height: 12, pixels: ImageFixtures.quadrants(width: 16, height: 12))
        ))
        let first = FirstImageDecode(maxWidth: 32, maxHeight: 32) {}
        first.start(path: path)
        #expect(FirstImageTests.eventually { first.preview != nil })
        #expect(first.sketch(slot: 0, generation: 1) == nil)
    }
}
