import Foundation
import Synchronization
import TestFixtures
import Testing
@testable import Gallery

@Suite struct FolderScannerTests {
    /// A tiny real PNG to copy around.
    static let png: [UInt8] = {
        let folder = try! TemporaryFolder("png")
        let path = folder.file("seed.png")
        ImageFixtures.writePNG(path, width: 4, height: 4, pixels: ImageFixtures.quadrants(width: 4, height: 4))
        return Array(FileManager.default.contents(atPath: path)!)
    }()

    /// A name that is not valid UTF-8 cannot be a page, but it is reported
    /// (escaped) so the shell can say why the file is missing.
    @Test func imageNamesThatAreNotUTF8AreSkippedAndReported() throws {
        let folder = try TemporaryFolder()
        try folder.write("good.png", Self.png)
        let badName: [UInt8] = Array((folder.path + "/bad-").utf8) + [0xFF, 0xFE] + Array("-é.jpg".utf8) + [0]
        let fd = badName.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644) }
        #expect(fd >= 0)
        close(fd)
        let contents = try FolderScanner.scan(folder.path)
        #expect(contents.looseImages.map(\.name) == ["good.png"])
        #expect(contents.skipped == 1)
        #expect(contents.unnamableImages == [folder.path + "/bad-\\xFF\\xFE-é.jpg"])
    }

    @Test func flatFolderInNaturalOrderSkippingHiddenAndOthers() throws {
        let folder = try TemporaryFolder()
        for name in ["img10.jpg", "img2.JPG", "IMG1.png", "img3.WebP", ".hidden.jpg", "notes.txt", "README", "a.tar.gz"] {
            try folder.write(name, Self.png)
        }
        try folder.makeFolder(".git")
        try folder.write(".git/x.png", Self.png)
        let contents = try FolderScanner.scan(folder.path)
        #expect(contents.looseImages.map(\.name) == ["IMG1.png", "img2.JPG", "img3.WebP", "img10.jpg"])
        #expect(contents.albums.isEmpty)
        #expect(contents.skipped == 3)
        #expect(contents.root == folder.path)
        #expect(contents.title == LexicalPath.lastComponent(folder.path))
        #expect(contents.looseImages[0].path == folder.path + "/IMG1.png")
        #expect(contents.looseImages.allSatisfy { $0.album == nil })
    }

    @Test(.timeLimit(.minutes(1)))
    func fifosSocketsAndFoldersNamedLikeImagesAreSkippedWithoutOpening() throws {
        let folder = try TemporaryFolder()
        try folder.write("real.jpg", Self.png)
        try folder.fifo("pipe.jpg")            // opening this for reading would block forever
        try folder.makeFolder("folder.jpg")    // empty: not an image, not an album
        try folder.link("pipe-link.png", to: folder.file("pipe.jpg"))
        let contents = try FolderScanner.scan(folder.path)
        #expect(contents.looseImages.map(\.name) == ["real.jpg"])
        #expect(contents.albums.isEmpty)
        #expect(contents.skipped == 2)          // the FIFO and the link to it
    }

    @Test(.timeLimit(.minutes(1)))
    func symlinksAreFollowedAndLoopsEnd() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.png", Self.png)
        try folder.write("trip/b.png", Self.png)
        try folder.link("linked.png", to: folder.file("a.png"))
        try folder.link("broken.png", to: folder.file("missing.png"))
        try folder.link("trip/loop", to: folder.path)               // back to the root
        try folder.link("trip/self", to: folder.file("trip"))       // to itself
        try folder.link("alias", to: folder.file("trip"))           // the same album twice
        let contents = try FolderScanner.scan(folder.path)
        #expect(contents.looseImages.map(\.name) == ["a.png", "linked.png"])
        // `alias` and `trip` are the same directory: read once, under whichever name came first.
        #expect(contents.albums.count == 1)
        #expect(contents.albums.first?.images.map(\.name) == ["b.png"])
        #expect(contents.skipped >= 4)          // broken link, loop, self, second visit
    }

    @Test func albumsOnePerSubfolderNestedByRelativePathLooseFirst() throws {
        let folder = try TemporaryFolder()
        try folder.write("cover.png", Self.png)
        try folder.write("album10/x.png", Self.png)
        try folder.write("album2/b10.png", Self.png)
        try folder.write("album2/b2.png", Self.png)
        try folder.write("2023/trip/t.png", Self.png)
        try folder.write("2023/readme.txt", text: "not an image")
        try folder.write("empty-of-images/notes.txt", text: "x")
        let contents = try FolderScanner.scan(folder.path)
        #expect(contents.looseImages.map(\.name) == ["cover.png"])
        #expect(contents.albums.map(\.name) == ["2023/trip", "album2", "album10"])
        #expect(contents.albums[1].images.map(\.name) == ["b2.png", "b10.png"])
        #expect(contents.albums[1].images[0].album == "album2")
        #expect(contents.albums[0].images[0].path == folder.path + "/2023/trip/t.png")
        #expect(contents.count == 5)
        #expect(contents.allImages.map(\.name) == ["cover.png", "t.png", "b2.png", "b10.png", "x.png"])
    }

    @Test func progressEveryThousandEntries() throws {
        let folder = try TemporaryFolder()
        let seed = try folder.write("seed.png", Self.png)
        for i in 0..<2499 { try folder.hardLink("img\(i).png", to: seed) }
        let reports = Mutex<[Int]>([])
        let contents = try FolderScanner.scan(folder.path) { seen in reports.withLock { $0.append(seen) } }
        #expect(contents.count == 2500)
        #expect(reports.withLock { $0 } == [1000, 2000, 2500])
    }

    @Test func anImagePathOpensItsFolder() throws {
        let folder = try TemporaryFolder()
        for name in ["a1.png", "a2.png", "a10.png"] { try folder.write(name, Self.png) }
        let contents = try FolderScanner.scan(folder.file("a2.png"))
        #expect(contents.root == folder.path)
        #expect(contents.looseImages.map(\.name) == ["a1.png", "a2.png", "a10.png"])
        let layout = GalleryLayout(contents: contents, style: .auto)
        #expect(layout.page(of: folder.file("a2.png")) == PageIndexLiteral.page(1, 0))
        // The same image through an unnormalised or relative path.
        #expect(layout.page(of: folder.path + "/./x/../a10.png") == PageIndexLiteral.page(0, 1))
        // A relative path (from the current directory, which tests must not change).
        let depth = FileManager.default.currentDirectoryPath.split(separator: "/").count
        let relative = String(repeating: "../", count: depth) + folder.path.dropFirst() + "/a10.png"
        #expect(try FolderScanner.scan(relative).root == folder.path)
        #expect(layout.page(of: relative) == PageIndexLiteral.page(0, 1))
    }

    @Test func anImageWithAnOddNameIsIncludedByContent() throws {
        let folder = try TemporaryFolder()
        try folder.write("b.png", Self.png)
        try folder.write("a.dat", Self.png)      // a PNG with a name we would not list
        try folder.write(".c.png", Self.png)     // hidden, but named explicitly
        let contents = try FolderScanner.scan(folder.file("a.dat"))
        #expect(contents.looseImages.map(\.name) == ["a.dat", "b.png"])
        let hidden = try FolderScanner.scan(folder.file(".c.png"))
        #expect(hidden.looseImages.map(\.name).contains(".c.png"))
    }

    @Test func badPathsGiveOneLineErrors() throws {
        let folder = try TemporaryFolder()
        try folder.write("notes.txt", text: "hello there")
        try folder.write("doc.pdf", Array("%PDF-1.4 blah".utf8))
        try folder.write("fake.png", Array("<html><body>Not Found</body></html>".utf8))
        try folder.write("empty.jpg", [])
        try folder.makeFolder("nothing")
        try folder.makeFolder("only-text")
        try folder.write("only-text/a.txt", text: "x")
        try folder.fifo("pipe")

        func error(_ path: String) -> GalleryError? {
            do { _ = try FolderScanner.scan(path); return nil } catch { return error }
        }
        #expect(error(folder.file("missing")) == .notFound(path: folder.file("missing")))
        #expect(error("") == .notFound(path: ""))
        #expect(error(folder.file("notes.txt")) == .notAnImage(path: folder.file("notes.txt"), detail: "text, starts with \"hello there\""))
        #expect(error(folder.file("doc.pdf")) == .notAnImage(path: folder.file("doc.pdf"), detail: "a PDF document (starts with %PDF)"))
        #expect(error(folder.file("fake.png"))?.description.contains("HTML text") == true)
        #expect(error(folder.file("empty.jpg")) == .notAnImage(path: folder.file("empty.jpg"), detail: "empty file (0 bytes)"))
        #expect(error(folder.file("nothing")) == .noImages(path: folder.file("nothing"), skipped: 0))
        #expect(error(folder.file("only-text")) == .noImages(path: folder.file("only-text"), skipped: 1))
        #expect(error(folder.file("pipe")) == .notAFolderOrImage(path: folder.file("pipe"), kind: "a FIFO (named pipe)"))
        #expect(error("/dev/null") == .notAFolderOrImage(path: "/dev/null", kind: "a device"))
        for failure in [error(folder.file("missing")), error(folder.file("nothing")), error(folder.file("notes.txt"))] {
            let line = failure?.description ?? ""
            #expect(!line.isEmpty && !line.contains("\n"))
        }
        #expect(error(folder.file("nothing"))?.description == "\(folder.file("nothing")): no images found (it is empty); give a folder with JPEG, PNG, HEIC, AVIF, WebP, JPEG XL, GIF or TIFF files")
    }
}

import Pager

/// Short page literals for expectations.
enum PageIndexLiteral {
    static func page(_ h: Int, _ v: Int) -> PageIndex { PageIndex(h: h, v: v) }
}
