import Pager
import Testing
@testable import Browser
@testable import Gallery

@Suite struct TrashHistoryTests {
    static func grid(_ count: Int, columns: Int, wrap: Bool = false) -> GalleryLayout {
        let entries = (0..<count).map { ImageEntry(path: "/p/img\($0).jpg", name: "img\($0).jpg", album: nil) }
        let contents = FolderContents(root: "/p", title: "p", looseImages: entries, albums: [], skipped: 0)
        return GalleryLayout(contents: contents, style: .grid, columns: columns, wrap: wrap)
    }

    static func file(_ name: String) -> TrashedFile {
        TrashedFile(path: "/p/" + name, originalPath: "/p/" + name, trashFolder: "/t", nameInTrash: name,
                    deletionDate: "2026-01-01T00:00:00", device: 1, inode: 2, infoText: "")
    }

    @Test func theNextImageInTheRowSlidesInFromTheRight() throws {
        let removal = try #require(TrashHistory.removal(of: PageIndex(h: 1, v: 0), in: Self.grid(6, columns: 3), title: "p"))
        #expect(removal.flip == .right)
        #expect(removal.landing == PageIndex(h: 1, v: 0))
        #expect(removal.layout.count == 5)
    }

    @Test func theLastImageOfARowGivesWayToTheOneBefore() throws {
        let removal = try #require(TrashHistory.removal(of: PageIndex(h: 2, v: 0), in: Self.grid(6, columns: 3), title: "p"))
        #expect(removal.flip == .left)
        #expect(removal.landing == PageIndex(h: 1, v: 0))
    }

    @Test func anImageAloneInItsRowGoesAtOnce() throws {
        let removal = try #require(TrashHistory.removal(of: PageIndex(h: 0, v: 1), in: Self.grid(4, columns: 3), title: "p"))
        #expect(removal.flip == nil)
        #expect(removal.landing == PageIndex(h: 0, v: 1))
    }

    @Test func inAWrappingGalleryTheImageGoesAtOnce() throws {
        let layout = Self.grid(6, columns: 3, wrap: true)
        let removal = try #require(TrashHistory.removal(of: PageIndex(h: 1, v: 0), in: layout, title: "p"))
        #expect(removal.flip == nil)
    }

    @Test func aPageWithNoImageHasNothingToRemove() {
        #expect(TrashHistory.removal(of: PageIndex(h: 2, v: 1), in: Self.grid(4, columns: 3), title: "p") == nil)
    }

    @Test func aRecordedMoveIsUnderWayUntilItsRemovalIsTaken() throws {
        var history = TrashHistory()
        let layout = Self.grid(6, columns: 3)
        let removal = try #require(TrashHistory.removal(of: PageIndex(h: 1, v: 0), in: layout, title: "p"))
        history.record(Self.file("img1.jpg"), removal: removal, from: layout, at: PageIndex(h: 1, v: 0))
        #expect(history.isRemoving)
        #expect(history.takeRemoval()?.landing == PageIndex(h: 1, v: 0))
        #expect(!history.isRemoving)
        #expect(history.takeRemoval() == nil)
    }

    @Test func undoBringsBackTheLastImageFirstWithItsGalleryAndPage() throws {
        var history = TrashHistory()
        let layout = Self.grid(6, columns: 3)
        for h in [0, 1] {
            let page = PageIndex(h: h, v: 0)
            let removal = try #require(TrashHistory.removal(of: page, in: layout, title: "p"))
            history.record(Self.file("img\(h).jpg"), removal: removal, from: layout, at: page)
            _ = history.takeRemoval()
        }
        #expect(history.last?.files.first?.originalPath == "/p/img1.jpg")
        #expect(history.last?.page == PageIndex(h: 1, v: 0))
        #expect(history.last?.layout.count == 6)
        history.restored()
        #expect(history.last?.files.first?.originalPath == "/p/img0.jpg")
    }

    @Test func removingMarkedImagesLandsOnTheCurrentImageWhenItStays() {
        let (layout, landing) = TrashHistory.remaining(removing: [0, 2], from: Self.grid(6, columns: 3), current: 3)
        #expect(layout.count == 4)
        #expect(landing.flatMap(layout.entry(at:))?.path == "/p/img3.jpg")
    }

    @Test func removingTheCurrentMarkedImageLandsOnTheNextThatStays() {
        let (layout, landing) = TrashHistory.remaining(removing: [2, 3], from: Self.grid(6, columns: 3), current: 2)
        #expect(landing.flatMap(layout.entry(at:))?.path == "/p/img4.jpg")
    }

    @Test func removingTheLastImagesLandsOnTheLastThatStays() {
        let (layout, landing) = TrashHistory.remaining(removing: [4, 5], from: Self.grid(6, columns: 3), current: 5)
        #expect(landing.flatMap(layout.entry(at:))?.path == "/p/img3.jpg")
    }

    @Test func removingEveryImageLeavesNoLanding() {
        let (layout, landing) = TrashHistory.remaining(removing: [0, 1], from: Self.grid(2, columns: 2), current: 0)
        #expect(layout.count == 0)
        #expect(landing == nil)
    }

    @Test func aBatchComesBackMarked() {
        var history = TrashHistory()
        history.record(marked: [Self.file("img1.jpg"), Self.file("img3.jpg")], from: Self.grid(6, columns: 3),
                       at: PageIndex(h: 0, v: 0))
        #expect(history.last?.marked == ["/p/img1.jpg", "/p/img3.jpg"])
        #expect(history.last?.files.count == 2)
    }

    @Test func marksComeBackUnderTheGallerysSpellingInALinkedFolder() {
        // Opened through /p, a link to /real: the trash records /real, the
        // gallery and its marks say /p.
        let file = TrashedFile(path: "/p/img1.jpg", originalPath: "/real/img1.jpg", trashFolder: "/t",
                               nameInTrash: "img1.jpg", deletionDate: "2026-01-01T00:00:00", device: 1, inode: 2,
                               infoText: "")
        var history = TrashHistory()
        history.record(marked: [file], from: Self.grid(6, columns: 3), at: PageIndex(h: 0, v: 0))
        #expect(history.last?.marked == ["/p/img1.jpg"])
    }
}
