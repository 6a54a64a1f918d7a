import Foundation
import Gallery
import Pager
import Testing
import TestFixtures
@testable import Browser

/// What a batch of folder changes does to the page on screen (the
/// session applies it: `BrowserSession+Watch.swift`).
@Suite struct FolderWatchTests {
    static func row(_ names: [String]) -> GalleryLayout {
        let entries = names.map { ImageEntry(path: "/p/" + $0, name: $0, album: nil) }
        return GalleryLayout(contents: FolderContents(root: "/p", title: "p", looseImages: entries, albums: [], skipped: 0),
                             style: .row)
    }

    static let watch = FolderWatch(watcher: nil, edit: GalleryEdit(root: "/p", title: "p"))

    static func plan(_ changes: [FolderChange], _ layout: GalleryLayout, on h: Int) -> FolderWatch.Plan {
        watch.plan(changes, layout: layout, title: "p", page: PageIndex(h: h, v: 0), style: .row, columns: nil, wrap: false)
    }

    @Test func anImageJoiningBeforeTheCurrentKeepsItOnScreen() {
        let plan = Self.plan([.written("/p/b.jpg")], Self.row(["a.jpg", "c.jpg", "d.jpg"]), on: 1)
        #expect(plan.page == PageIndex(h: 2, v: 0))
        #expect(plan.layout.entry(at: plan.page)?.name == "c.jpg")
        #expect(plan.layout.count == 4)
        #expect(plan.removal == nil)
    }

    @Test func anotherImageLeavingKeepsTheCurrentOnScreen() {
        let plan = Self.plan([.removed("/p/a.jpg")], Self.row(["a.jpg", "b.jpg", "c.jpg"]), on: 2)
        #expect(plan.layout.entry(at: plan.page)?.name == "c.jpg")
        #expect(plan.page == PageIndex(h: 1, v: 0))
        #expect(plan.removal == nil)
    }

    @Test func theCurrentImageLeavingSlidesItsPageAwayAsDeleteDoes() throws {
        let plan = Self.plan([.removed("/p/b.jpg")], Self.row(["a.jpg", "b.jpg", "c.jpg"]), on: 1)
        // Installed first with it still there, then it slides away to c.
        #expect(plan.layout.entry(at: plan.page)?.name == "b.jpg")
        let removal = try #require(plan.removal)
        #expect(removal.flip == .right)
        #expect(removal.layout.count == 2)
        #expect(removal.layout.entry(at: removal.landing)?.name == "c.jpg")
    }

    @Test func theLastImageLeavingSlidesToTheOneBefore() throws {
        let plan = Self.plan([.removed("/p/c.jpg")], Self.row(["a.jpg", "b.jpg", "c.jpg"]), on: 2)
        let removal = try #require(plan.removal)
        #expect(removal.flip == .left)
        #expect(removal.layout.entry(at: removal.landing)?.name == "b.jpg")
    }

    @Test func theCurrentImageRenamedStaysOnScreenUnderItsNewName() {
        let plan = Self.plan([.renamed(from: "/p/a.jpg", to: "/p/z.jpg")], Self.row(["a.jpg", "b.jpg", "c.jpg"]), on: 0)
        #expect(plan.layout.entry(at: plan.page)?.path == "/p/z.jpg")
        #expect(plan.page == PageIndex(h: 2, v: 0))
    }

    @Test func renamesCarryMarksAndRemovalsDropThem() {
        var marks = Marks(["/p/a.jpg", "/p/b.jpg"])
        marks.follow(renamed: [("/p/a.jpg", "/p/x.jpg"), ("/p/x.jpg", "/p/y.jpg")], removed: ["/p/b.jpg"])
        #expect(marks == Marks(["/p/y.jpg"]))
    }

    @Test func aRewriteOfTheCurrentAsksForADecodeAndMovesNothing() {
        let plan = Self.plan([.written("/p/b.jpg")], Self.row(["a.jpg", "b.jpg"]), on: 1)
        #expect(plan.result.rewritten == ["/p/b.jpg"])
        #expect(!plan.result.changesImages)
        #expect(plan.page == PageIndex(h: 1, v: 0))
    }

    @Test func addsOutsideTheGalleryChangeNothing() {
        let plan = Self.plan([.written("/q/b.jpg"), .written("/p/notes.txt")], Self.row(["a.jpg"]), on: 0)
        #expect(plan.result.isEmpty)
    }

    @Test func fourwaysOwnMovesAreNotAppliedTwice() {
        var watch = Self.watch
        // Delete, then undo before the watcher has told either: both moves are
        // expected, and both come in one batch with another file's change.
        watch.expectOwn(["/p/a.jpg"])
        watch.expectOwn(["/p/a.jpg"])
        let batch: [FolderChange] = [.removed("/p/a.jpg"), .written("/p/b.jpg"), .written("/p/a.jpg")]
        #expect(watch.withoutOwn(batch) == [.written("/p/b.jpg")], "Delete's move out and undo's move back dropped")
        // Each counted once: the next change of the file is someone else's.
        #expect(watch.withoutOwn([.removed("/p/a.jpg")]) == [.removed("/p/a.jpg")])
    }

    /// Everything `watch` takes until `path` is written (the changes before
    /// it have been seen by then: inotify keeps their order).
    static func changes(of watch: inout FolderWatch, until path: String) -> [FolderChange] {
        var taken: [FolderChange] = []
        for _ in 0..<200 where !taken.contains(.written(path)) {
            taken += watch.take(current: ImageList())
            usleep(50_000)
        }
        return taken
    }

    @Test func fourwaysOwnTrashMovesInAFolderOpenedThroughALinkAreNotAppliedTwice() throws {
        let folder = try TemporaryFolder("watch-linked")
        _ = try folder.write("real/a.jpg", [1])
        try folder.link("shown", to: folder.file("real"))
        let root = folder.file("shown")
        let watcher = try #require(FolderWatcher(root: root, maximumDepth: 4, settle: 0.05) {})
        defer { watcher.stop() }
        #expect(watcher.waitUntilWatching(upTo: 10))
        var watch = FolderWatch(watcher: watcher, edit: GalleryEdit(root: root, title: "shown"))
        let trash = Trash(homeTrash: folder.path + "/home/.local/share/Trash")
        // Delete, then undo, as the session does them.
        let trashed = try trash.moveToTrash(root + "/a.jpg")
        watch.expectOwn([trashed])
        try trash.restore(trashed)
        watch.expectOwn([trashed])
        let marker = try folder.write("shown/z.jpg", [2])
        #expect(Self.changes(of: &watch, until: marker) == [.written(marker)])
    }

    @Test func aBurstOfTenThousandKeepsTheCurrentImageShown() {
        let batch = (0..<10_000).map { FolderChange.written("/p/a\($0).jpg") }
        let plan = Self.plan(batch, Self.row(["b.jpg", "c.jpg"]), on: 1)
        #expect(plan.layout.count == 10_002)
        #expect(plan.layout.entry(at: plan.page)?.name == "c.jpg")
    }

    @Test func aCollapsedBacklogIsAFullRescanWhenTheLoopCanApplyIt() throws {
        let folder = try TemporaryFolder("watch-rescan")
        let kept = try folder.write("kept.png", [1])
        let gone = folder.file("gone.png")   // in the gallery, not on disk
        let watcher = try #require(FolderWatcher(root: folder.path, maximumDepth: 4, settle: 0.05, backlogLimit: 5) {})
        defer { watcher.stop() }
        #expect(watcher.waitUntilWatching(upTo: 10))
        var watch = FolderWatch(watcher: watcher, edit: GalleryEdit(root: folder.path, title: "p"))
        let burst = try (0..<20).map { try folder.write("burst\($0).png", [1]) }
        for _ in 0..<100 where !watcher.hasChanges { usleep(50_000) }
        usleep(300_000)   // every batch is published
        let gallery = ImageList([ImageEntry(path: gone, name: "gone.png", album: nil),
                                 ImageEntry(path: kept, name: "kept.png", album: nil)])
        var taken: [FolderChange] = []
        for _ in 0..<200 where taken.isEmpty {
            taken = watch.take(current: gallery)
            if taken.isEmpty {
                let told = watch.takeFinishedRescan()
                #expect(!told, "not before its listing is taken")
            }
            usleep(50_000)
        }
        #expect(taken == [.removed(gone)] + burst.map(FolderChange.listed))
        #expect(!watch.isRescanning)
        let told = watch.takeFinishedRescan(), toldAgain = watch.takeFinishedRescan()
        #expect(told, "the session hears of the rescan")
        #expect(!toldAgain, "once")
    }
}
