import Foundation
import Synchronization
import TestFixtures
import Testing
@testable import Gallery

/// Opening what the user gives: many paths, files and folders mixed.
@Suite struct SourceScannerTests {
    static var png: [UInt8] { FolderScannerTests.png }

    /// `a.png`, `b.png`, `c.png` and a folder `trip` with `t1.png`, `t2.png`.
    static func sample() throws -> TemporaryFolder {
        let folder = try TemporaryFolder("sources")
        for name in ["a.png", "b.png", "c.png", "trip/t1.png", "trip/t2.png"] { try folder.write(name, png) }
        return folder
    }

    @Test func filesAndFoldersMixedOpenInTheOrderGivenEachRunAnAlbum() throws {
        let folder = try Self.sample()
        let contents = try SourceScanner.scan(OpenRequest(paths: [folder.file("c.png"), folder.file("trip"), folder.file("a.png")]))
        #expect(contents.allImages.map(\.name) == ["c.png", "t1.png", "t2.png", "a.png"])
        #expect(contents.looseImages.isEmpty)
        #expect(contents.albums.map(\.images.count) == [1, 2, 1])
        #expect(contents.albums[1].name == folder.file("trip"))
        #expect(contents.albums[1].images.allSatisfy { $0.album == folder.file("trip") })
        #expect(contents.sources == 3)
        #expect(contents.problems.isEmpty)
    }

    @Test func filesGivenOneAfterAnotherAreOneRunOfLooseImagesInTheOrderGiven() throws {
        let folder = try Self.sample()
        let contents = try SourceScanner.scan(OpenRequest(paths: ["c.png", "a.png", "b.png"].map(folder.file)))
        #expect(contents.looseImages.map(\.name) == ["c.png", "a.png", "b.png"])
        #expect(contents.albums.isEmpty)
        #expect(contents.title == LexicalPath.lastComponent(folder.path))
        #expect(!contents.hasAlbums)
    }

    @Test func aFileGivenBeforeItsFolderIsShownOnceWhereItFirstComes() throws {
        let folder = try Self.sample()
        let contents = try SourceScanner.scan(OpenRequest(paths: [folder.file("b.png"), folder.path]))
        #expect(contents.allImages.map(\.name) == ["b.png", "a.png", "c.png", "t1.png", "t2.png"])
    }

    @Test func aFileGivenAfterItsFolderIsNotShownAgain() throws {
        let folder = try Self.sample()
        let contents = try SourceScanner.scan(OpenRequest(paths: [folder.path, folder.file("a.png"), folder.path + "/./trip/../b.png"]))
        #expect(contents.allImages.map(\.name) == ["a.png", "b.png", "c.png", "t1.png", "t2.png"])
    }

    @Test func pathsThatCannotBeOpenedAreProblemsAndTheOthersStillOpen() throws {
        let folder = try Self.sample()
        try folder.write("notes.txt", text: "not an image")
        try folder.makeFolder("empty")
        try folder.fifo("pipe.png")
        let paths = [folder.file("missing.jpg"), folder.file("a.png"), folder.file("notes.txt"),
                     folder.file("empty"), folder.file("pipe.png")]
        let contents = try SourceScanner.scan(OpenRequest(paths: paths))
        #expect(contents.allImages.map(\.name) == ["a.png"])
        #expect(contents.problems.map(\.path) == [folder.file("missing.jpg"), folder.file("notes.txt"),
                                                  folder.file("empty"), folder.file("pipe.png")])
        #expect(contents.problems[0] == .notFound(path: folder.file("missing.jpg")))
        #expect(contents.problems[2] == .noImages(path: folder.file("empty"), skipped: 0))
    }

    @Test func noPathHoldingAnImageIsAnErrorThatCarriesEachPathsProblem() throws {
        let folder = try TemporaryFolder("sources")
        try folder.write("notes.txt", text: "text")
        let paths = [folder.file("gone.png"), folder.file("notes.txt")]
        #expect {
            try SourceScanner.scan(OpenRequest(paths: paths))
        } throws: { error in
            guard case .nothingToOpen(let sources, let problems) = error as? GalleryError else { return false }
            return sources == 2 && problems.map(\.path) == paths
        }
    }

    @Test func anEmptyListIsAnError() {
        #expect(throws: GalleryError.emptyList) {
            try SourceScanner.scan(OpenRequest(paths: [], opensFolderOfLoneImage: false))
        }
    }

    @Test func oneImageGivenAloneOpensItsFolder() throws {
        let folder = try Self.sample()
        let contents = try SourceScanner.scan(OpenRequest(paths: [folder.file("b.png")]))
        #expect(contents.count == 5)
    }

    @Test func oneImageFromAListOpensOnlyThatImage() throws {
        let folder = try Self.sample()
        let contents = try SourceScanner.scan(OpenRequest(paths: [folder.file("b.png")], opensFolderOfLoneImage: false))
        #expect(contents.allImages.map(\.path) == [folder.file("b.png")])
    }

    @Test func relativePathsAreTakenFromTheCurrentDirectory() throws {
        let folder = try Self.sample()
        // The folder named from the current directory without changing it
        // (tests run in parallel; the current directory is the process's).
        let up = LexicalPath.currentDirectory().split(separator: "/").map { _ in ".." }.joined(separator: "/")
        let relative = up + folder.path
        let contents = try SourceScanner.scan(OpenRequest(paths: [relative + "/a.png", relative + "/trip"]))
        #expect(contents.allImages.map(\.path) == [folder.file("a.png"), folder.file("trip/t1.png"), folder.file("trip/t2.png")])
    }

    @Test func aFileWithoutAnImageExtensionIsTakenByItsContent() throws {
        let folder = try Self.sample()
        try folder.write("photo.dat", Self.png)
        try folder.write("data.dat", text: "1,2,3")
        let contents = try SourceScanner.scan(OpenRequest(paths: [folder.file("photo.dat"), folder.file("data.dat")]))
        #expect(contents.allImages.map(\.name) == ["photo.dat"])
        #expect(contents.problems.map(\.path) == [folder.file("data.dat")])
    }

    @Test func namesWithSpacesAndNewlinesOpen() throws {
        let folder = try TemporaryFolder("sources")
        try folder.write("two words.png", Self.png)
        try folder.write("line\nbreak.png", Self.png)
        let list = PathList.parse(Array((folder.file("two words.png") + "\0" + folder.file("line\nbreak.png") + "\0").utf8),
                                  separator: .nul)
        let contents = try SourceScanner.scan(OpenRequest(paths: list.paths, opensFolderOfLoneImage: false))
        #expect(contents.allImages.map(\.name) == ["two words.png", "line\nbreak.png"])
    }

    @Test func recursiveTakesFoldersDeeperThanTheDefault() throws {
        let folder = try TemporaryFolder("sources")
        try folder.write("top.png", Self.png)
        let deep = "1/2/3/4/5/6"
        try folder.write(deep + "/deep.png", Self.png)
        let shallow = try SourceScanner.scan(OpenRequest(paths: [folder.path]))
        #expect(shallow.allImages.map(\.name) == ["top.png"])
        let all = try SourceScanner.scan(OpenRequest(paths: [folder.path], recursive: true))
        #expect(all.allImages.map(\.name) == ["top.png", "deep.png"])
        #expect(all.albums.map(\.name) == [deep])
    }

    @Test func aTreeDeeperThanTheFileDescriptorLimitIsReadWhole() throws {
        let folder = try TemporaryFolder("sources")
        // 1,100 levels: more than the usual 1,024 open files, so a walk that
        // kept each level open could not reach the bottom.
        var path = folder.path
        for _ in 0..<1100 {
            path += "/d"
            #expect(mkdir(path, 0o755) == 0)
        }
        #expect(FileManager.default.createFile(atPath: path + "/bottom.png", contents: Data(Self.png)))
        let contents = try SourceScanner.scan(OpenRequest(paths: [folder.path], recursive: true))
        #expect(contents.allImages.map(\.name) == ["bottom.png"])
    }

    @Test func theFirstImageIsToldBeforeTheRestIsScannedWhenAFileComesFirst() throws {
        let folder = try Self.sample()
        let told = Mutex<[String]>([])
        _ = try SourceScanner.scan(OpenRequest(paths: [folder.file("c.png"), folder.path]),
                                   firstImage: { path in told.withLock { $0.append(path) } })
        #expect(told.withLock { $0 } == [folder.file("c.png")])
    }

    @Test func theFirstImageIsNotToldWhenTheOrderCanMoveIt() throws {
        let folder = try Self.sample()
        let told = Mutex<[String]>([])
        _ = try SourceScanner.scan(OpenRequest(paths: [folder.file("c.png"), folder.path],
                                               order: ImageOrder(key: .size, sortsGivenFiles: true)),
                                   firstImage: { path in told.withLock { $0.append(path) } })
        #expect(told.withLock { $0 }.isEmpty)
    }

    @Test func aFolderGivenTwiceShowsItsImagesOnce() throws {
        let folder = try Self.sample()
        let contents = try SourceScanner.scan(OpenRequest(paths: [folder.path, folder.path + "/"]))
        #expect(contents.count == 5)
        #expect(contents.problems.isEmpty)
    }
}
