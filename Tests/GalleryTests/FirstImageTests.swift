import Foundation
import Synchronization
import Testing
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
        let first = FirstImageDecode(maxWidth: 32, maxHeight: 32) {}
        first.start(path: path)
        let request = DecodeRequest(slot: 4, generation: 1, source: .file(ImageEntry(path: other, name: "b.jpg", album: nil)),
                                    maxWidth: 32, maxHeight: 32)
        #expect(!first.claim(request))
        usleep(200_000)
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

    /// JPEGs told apart by their shape once fitted into 32×32.
    static let tall = ImageFixtures.jpeg(width: 48, height: 64, pixels: ImageFixtures.quadrants(width: 48, height: 64))
    static let square = ImageFixtures.jpeg(width: 40, height: 40, pixels: ImageFixtures.quadrants(width: 40, height: 40))

    @Test func theScanReportsTheFirstImageSoFarAsItListsABigFolder() throws {
        let folder = try TemporaryFolder()
        for index in 1...60 { try folder.write("img\(index).jpg", Self.jpeg) }
        let reports = Mutex<(soFar: [String], first: [String])>(([], []))
        _ = try FolderScanner.scanFolder(folder.path, shownAs: folder.path, maximumDepth: 0, progress: nil,
                                         firstImage: { path in reports.withLock { $0.first.append(path) } },
                                         firstImageSoFar: { path in reports.withLock { $0.soFar.append(path) } },
                                         candidateInterval: 7)
        let (soFar, first) = reports.withLock { $0 }
        #expect(first == [folder.file("img1.jpg")])
        // After every 7 names the best so far, when it changed: each one comes before the one reported before it.
        #expect(!soFar.isEmpty)
        let names = soFar.map { LexicalPath.lastComponent($0) }
        #expect(zip(names, names.dropFirst()).allSatisfy { NaturalOrder.precedes($1, $0) })
    }

    @Test func theSearchInChunksFindsWhatOnePassFinds() {
        var names = ImageNames()
        var search = FolderScanner.FirstNameSearch()
        // Ties ("a2.jpg" twice, and in another case) keep the earlier, as one pass does.
        for name in ["m10.jpg", "m9.jpg", "A2.jpg", "z.jpg", "a2.jpg", "b1.jpg", "a2.jpg", "a10.jpg"] {
            names.append(name)
            _ = search.search(names)
            #expect(search.best == NaturalOrder.firstIndex(names))
        }
    }

    @Test func aProposedCandidateDecodesButIsNotShownUntilConfirmed() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("a.jpg", Self.jpeg)
        let first = FirstImageDecode(maxWidth: 32, maxHeight: 32) {}
        first.propose(path: path)
        usleep(200_000)
        #expect(first.preview == nil)
        first.start(path: path)
        first.confirm(path: path)
        #expect(first.previewIsCertain)
        #expect(Self.eventually { first.preview != nil })
        #expect((first.preview?.width, first.preview?.height) == (32, 24))
    }

    @Test func aLaterCandidateReplacesAnEarlierOne() throws {
        let folder = try TemporaryFolder()
        let a = try folder.write("a.jpg", Self.jpeg)
        let b = try folder.write("b.jpg", Self.tall)
        let first = FirstImageDecode(maxWidth: 32, maxHeight: 32) {}
        first.propose(path: a)
        first.propose(path: b)
        first.confirm(path: b)
        #expect(Self.eventually { first.preview != nil })
        #expect((first.preview?.width, first.preview?.height) == (24, 32))
    }

    @Test func theScansAnswerReplacesACandidateItDoesNotBearOut() throws {
        let folder = try TemporaryFolder()
        let a = try folder.write("a.jpg", Self.jpeg)
        let c = try folder.write("c.jpg", Self.square)
        let first = FirstImageDecode(maxWidth: 32, maxHeight: 32) {}
        first.propose(path: a)
        usleep(100_000)
        first.start(path: c)
        first.confirm(path: c)
        #expect(first.previewIsCertain)
        #expect(Self.eventually { first.preview != nil })
        #expect((first.preview?.width, first.preview?.height) == (32, 32))
        let request = DecodeRequest(slot: 4, generation: 1, source: .file(ImageEntry(path: c, name: "c.jpg", album: nil)),
                                    maxWidth: 32, maxHeight: 32)
        #expect(first.claim(request))
        #expect(first.take()?.request == request)
    }

    @Test func aCandidateDoesNotReplaceANamedImage() throws {
        let folder = try TemporaryFolder()
        let a = try folder.write("a.jpg", Self.jpeg)
        let b = try folder.write("b.jpg", Self.tall)
        let first = FirstImageDecode(maxWidth: 32, maxHeight: 32) {}
        first.start(path: a)
        first.propose(path: b)
        #expect(Self.eventually { first.preview != nil })
        #expect((first.preview?.width, first.preview?.height) == (32, 24))
    }

    @Test func aFullSizeJPEGDecodeEndsAtTheSameSizeAsAScaledOne() throws {
        let folder = try TemporaryFolder()
        let big = ImageFixtures.jpeg(width: 640, height: 480, pixels: ImageFixtures.quadrants(width: 640, height: 480))
        let path = try folder.write("big.jpg", big)
        let scaled = try ImageDecoder.decodeFile(path, maxWidth: 100, maxHeight: 100)
        let full = try ImageDecoder.decodeFile(path, maxWidth: 100, maxHeight: 100, jpegFullSize: true)
        #expect((scaled.width, scaled.height) == (100, 75))
        #expect((full.width, full.height) == (100, 75))
    }

    @Test func aDecodedJPEGIsOpaque() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("a.jpg", Self.jpeg)
        #expect(try ImageDecoder.decodeFile(path, maxWidth: 32, maxHeight: 32).isOpaque)
    }
}
