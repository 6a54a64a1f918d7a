import Testing
import Pager
@testable import Gallery

/// `--start N|FILE`.
@Suite struct StartImageTests {
    static let layout: GalleryLayout = {
        let entries = ["a.jpg", "b.jpg", "c.jpg", "d.jpg", "e.jpg"].map { ImageEntry(path: "/p/" + $0, name: $0, album: nil) }
        let trip = Album(name: "trip", images: [ImageEntry(path: "/p/trip/x.jpg", name: "x.jpg", album: "trip")])
        let contents = FolderContents(root: "/p", title: "p", looseImages: entries, albums: [trip], skipped: 0)
        return GalleryLayout(contents: contents, style: .grid, columns: 3)
    }()

    @Test func digitsAreAPositionAnythingElseAFile() {
        #expect(StartImage(argument: "12") == .ordinal(12))
        #expect(StartImage(argument: "./12") == .file("./12"))
        #expect(StartImage(argument: "img.jpg") == .file("img.jpg"))
        #expect(StartImage(argument: "-3") == .file("-3"))
    }

    @Test func aPositionCountsFromOneInReadingOrder() {
        #expect(StartImage.ordinal(1).page(in: Self.layout) == PageIndex(h: 0, v: 0))
        #expect(StartImage.ordinal(5).page(in: Self.layout) == PageIndex(h: 1, v: 1))
        #expect(StartImage.ordinal(6).page(in: Self.layout) == PageIndex(h: 2, v: 1))
        #expect(StartImage.ordinal(7).page(in: Self.layout) == nil)
    }

    @Test func aFileIsFoundByPathThenNameThenTheEndOfItsPath() {
        #expect(StartImage.file("/p/c.jpg").page(in: Self.layout) == PageIndex(h: 2, v: 0))
        #expect(StartImage.file("/p/./trip/../d.jpg").page(in: Self.layout) == PageIndex(h: 0, v: 1))
        #expect(StartImage.file("x.jpg").page(in: Self.layout) == PageIndex(h: 2, v: 1))
        #expect(StartImage.file("trip/x.jpg").page(in: Self.layout) == PageIndex(h: 2, v: 1))
        #expect(StartImage.file("rip/x.jpg").page(in: Self.layout) == nil)
        #expect(StartImage.file("z.jpg").page(in: Self.layout) == nil)
    }

    @Test func notFoundSaysWhatWouldHaveWorked() {
        #expect(StartImage.ordinal(9).notFoundMessage(count: 6) == "--start 9: there are 6 images; give 1 to 6")
        #expect(StartImage.file("z.jpg").notFoundMessage(count: 6).hasPrefix("--start z.jpg: no such image"))
    }
}
