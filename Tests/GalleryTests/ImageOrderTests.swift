import Foundation
import TestFixtures
import Testing
@testable import Gallery

/// `--sort name|mtime|size|random` and `--reverse`.
@Suite struct ImageOrderTests {
    /// `img1`, `img2`, `img10` with sizes 30, 10, 20 bytes and modification
    /// times 2000, 3000, 1000 s after the epoch.
    static func sample() throws -> TemporaryFolder {
        let folder = try TemporaryFolder("order")
        for (name, size, time) in [("img1.png", 30, 2000), ("img2.png", 10, 3000), ("img10.png", 20, 1000)] {
            let path = try folder.write(name, [UInt8](repeating: 7, count: size))
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: Double(time))], ofItemAtPath: path)
        }
        return folder
    }

    static func names(_ order: ImageOrder, _ folder: TemporaryFolder) throws -> [String] {
        try SourceScanner.scan(OpenRequest(paths: [folder.path], order: order)).allImages.map(\.name)
    }

    @Test func nameIsNaturalOrder() throws {
        #expect(try Self.names(ImageOrder(), Self.sample()) == ["img1.png", "img2.png", "img10.png"])
    }

    @Test func mtimeIsOldestFirst() throws {
        #expect(try Self.names(ImageOrder(key: .mtime), Self.sample()) == ["img10.png", "img1.png", "img2.png"])
    }

    @Test func mtimeReversedIsNewestFirst() throws {
        #expect(try Self.names(ImageOrder(key: .mtime, reverse: true), Self.sample()) == ["img2.png", "img1.png", "img10.png"])
    }

    @Test func sizeIsSmallestFirst() throws {
        #expect(try Self.names(ImageOrder(key: .size), Self.sample()) == ["img2.png", "img10.png", "img1.png"])
    }

    @Test func equalSizesKeepNaturalNameOrder() throws {
        let folder = try TemporaryFolder("order")
        for name in ["b10.png", "b9.png", "a.png", "b1.png"] { try folder.write(name, [1, 2, 3]) }
        #expect(try Self.names(ImageOrder(key: .size), folder) == ["a.png", "b1.png", "b9.png", "b10.png"])
    }

    @Test func nameReversedIsNaturalOrderBackwards() throws {
        #expect(try Self.names(ImageOrder(reverse: true), Self.sample()) == ["img10.png", "img2.png", "img1.png"])
    }

    @Test func randomIsAPermutationFixedByItsSeed() throws {
        let folder = try TemporaryFolder("order")
        let all = (1...30).map { "p\($0).png" }
        for name in all { try folder.write(name, [1]) }
        let first = try Self.names(ImageOrder(key: .random, seed: 7), folder)
        #expect(Set(first) == Set(all) && first.count == all.count)
        #expect(first != NaturalOrder.sorted(all))
        #expect(try Self.names(ImageOrder(key: .random, seed: 7), folder) == first)
        #expect(try Self.names(ImageOrder(key: .random, seed: 8), folder) != first)
    }

    @Test func filesGivenKeepTheOrderGivenUnlessASortIsAskedFor() throws {
        let folder = try Self.sample()
        let paths = ["img10.png", "img1.png", "img2.png"].map(folder.file)
        let given = try SourceScanner.scan(OpenRequest(paths: paths)).allImages.map(\.name)
        #expect(given == ["img10.png", "img1.png", "img2.png"])
        let sorted = try SourceScanner.scan(OpenRequest(paths: paths, order: ImageOrder(sortsGivenFiles: true)))
        #expect(sorted.allImages.map(\.name) == ["img1.png", "img2.png", "img10.png"])
    }

    @Test func sortingHappensWithinEachAlbumAndReverseTurnsTheAlbumsToo() throws {
        let folder = try TemporaryFolder("order")
        for name in ["loose1.png", "loose2.png", "a/x1.png", "a/x2.png", "b/y1.png", "b/y2.png"] { try folder.write(name, [1]) }
        let contents = try SourceScanner.scan(OpenRequest(paths: [folder.path], order: ImageOrder(reverse: true)))
        #expect(contents.looseImages.map(\.name) == ["loose2.png", "loose1.png"])
        #expect(contents.albums.map(\.name) == ["b", "a"])
        #expect(contents.albums.map { $0.images.map(\.name) } == [["y2.png", "y1.png"], ["x2.png", "x1.png"]])
    }

    @Test func describesItselfForTheHUDAndLog() {
        #expect(ImageOrder().description == "name")
        #expect(ImageOrder(key: .mtime, reverse: true).description == "mtime, reversed")
        #expect(ImageOrder(key: .random, seed: 12).description == "random (seed 12)")
        #expect(ImageOrder().isNaturalOrder && !ImageOrder(reverse: true).isNaturalOrder)
    }
}
