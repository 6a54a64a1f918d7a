import Foundation
import Synchronization
import Testing
import TestFixtures
@testable import Gallery

/// The inotify reader on a real folder: a file counts once it is complete,
/// renames are one change, subfolders that appear are watched.
@Suite(.serialized) struct FolderWatcherTests {
    /// Counts the watcher's wake-ups.
    final class Wakes: Sendable {
        let count = Mutex(0)
    }

    static func start(_ folder: TemporaryFolder, depth: Int = 4) throws -> (FolderWatcher, Wakes) {
        let wakes = Wakes()
        let watcher = try #require(FolderWatcher(root: folder.path, maximumDepth: depth, settle: 0.05) {
            wakes.count.withLock { $0 += 1 }
        })
        #expect(watcher.waitUntilWatching(upTo: 10))
        return (watcher, wakes)
    }

    /// The changes published within `seconds`, once some came and a quiet
    /// tenth of a second followed.
    static func changes(of watcher: FolderWatcher, within seconds: Double = 10) -> [FolderChange] {
        var taken: [FolderChange] = []
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            let more = watcher.take()
            if more.isEmpty && !taken.isEmpty { break }
            taken += more
            usleep(100_000)
        }
        return taken
    }

    @Test func aFileWrittenInPiecesIsOneChangeAfterItCloses() throws {
        let folder = try TemporaryFolder("watch")
        let (watcher, wakes) = try Self.start(folder)
        defer { watcher.stop() }
        let path = folder.file("slow.png")
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        #expect(fd >= 0)
        for piece in 0..<3 {
            var bytes = [UInt8](repeating: UInt8(piece), count: 4096)
            _ = write(fd, &bytes, bytes.count)
            usleep(150_000)
            #expect(watcher.take().isEmpty, "nothing before it is closed (piece \(piece))")
        }
        close(fd)
        #expect(Self.changes(of: watcher) == [.written(path)])
        #expect(wakes.count.withLock { $0 } >= 1)
    }

    @Test func aRenameIsOneChangeAndADeleteIsRemoved() throws {
        let folder = try TemporaryFolder("watch")
        let old = try folder.write("a.png", [1, 2, 3])
        let (watcher, _) = try Self.start(folder)
        defer { watcher.stop() }
        #expect(rename(old, folder.file("b.png")) == 0)
        #expect(Self.changes(of: watcher) == [.renamed(from: old, to: folder.file("b.png"))])
        #expect(unlink(folder.file("b.png")) == 0)
        #expect(Self.changes(of: watcher) == [.removed(folder.file("b.png"))])
    }

    @Test func aNewSubfolderIsWatchedAndItsFilesFound() throws {
        let folder = try TemporaryFolder("watch")
        let (watcher, _) = try Self.start(folder)
        defer { watcher.stop() }
        // Moved in whole, with a file already inside: the listing finds it.
        let outside = try TemporaryFolder("watch-outside")
        try outside.write("inside/x.png", [1])
        #expect(rename(outside.file("inside"), folder.file("trip")) == 0)
        #expect(Self.changes(of: watcher) == [.listed(folder.file("trip/x.png"))])
        // Later files in it are seen as in the root.
        try folder.write("trip/y.png", [2])
        #expect(Self.changes(of: watcher) == [.written(folder.file("trip/y.png"))])
        #expect(rename(folder.file("trip"), outside.file("gone")) == 0)
        #expect(Self.changes(of: watcher) == [.folderRemoved(folder.file("trip"))])
    }

    @Test func aBurstIsTakenInPartsAndEachPartLeftWakesAgain() throws {
        let folder = try TemporaryFolder("watch")
        let (watcher, wakes) = try Self.start(folder)
        defer { watcher.stop() }
        for index in 0..<5 { try folder.write("burst\(index).png", [1]) }
        var wakesSeen = 0
        for _ in 0..<100 where !watcher.hasChanges { usleep(50_000) }
        usleep(300_000)   // the batch is published whole
        wakesSeen = wakes.count.withLock { $0 }
        #expect(watcher.take(upTo: 2) == (0..<2).map { .written(folder.file("burst\($0).png")) })
        #expect(wakes.count.withLock { $0 } == wakesSeen + 1, "the rest waits, and wakes the loop")
        #expect(watcher.take().count == 3)
        #expect(!watcher.hasChanges)
    }

    @Test func pastTheWatchLimitItSaysSoOnceAndTheRestIsWatched() throws {
        let folder = try TemporaryFolder("watch")
        for name in ["a", "b", "c"] { try folder.makeFolder(name) }
        let watcher = try #require(FolderWatcher(root: folder.path, maximumDepth: 4, settle: 0.05, watchLimit: 2) {})
        defer { watcher.stop() }
        #expect(watcher.waitUntilWatching(upTo: 10))
        #expect(watcher.takeLimitReached())
        #expect(!watcher.takeLimitReached(), "said once")
        try folder.write("root.png", [1])
        #expect(Self.changes(of: watcher) == [.written(folder.file("root.png"))])
    }

    @Test func anImageMadeReadableIsReportedAsItsAttributesChanged() throws {
        let folder = try TemporaryFolder("watch")
        let image = try folder.write("a.png", [1, 2, 3])
        let notes = try folder.write("notes.txt", [1])
        #expect(chmod(image, 0) == 0 && chmod(notes, 0) == 0)
        let (watcher, _) = try Self.start(folder)
        defer { watcher.stop() }
        #expect(chmod(notes, 0o644) == 0)
        #expect(chmod(image, 0o644) == 0)
        #expect(Self.changes(of: watcher) == [.attributesChanged(image)])
    }

    @Test func hiddenEntriesAndOtherFilesAreNotReported() throws {
        let folder = try TemporaryFolder("watch")
        let (watcher, _) = try Self.start(folder)
        defer { watcher.stop() }
        try folder.write(".partial.png", [1])
        try folder.write("notes.txt", [1])
        try folder.write("seen.png", [1])
        #expect(Self.changes(of: watcher) == [.written(folder.file("seen.png"))])
    }

    @Test func aPartialFileRenamedToAnImagesNameArrives() throws {
        let folder = try TemporaryFolder("watch")
        let (watcher, _) = try Self.start(folder)
        defer { watcher.stop() }
        let partial = try folder.write("download.png.part", [1, 2, 3])
        #expect(rename(partial, folder.file("download.png")) == 0)
        #expect(Self.changes(of: watcher) == [.written(folder.file("download.png"))])
    }

    /// Waits until the watcher says what happened to its folder.
    static func folderEvent(of watcher: FolderWatcher, within seconds: Double = 10) -> FolderWatcher.FolderEvent? {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if let event = watcher.takeFolderEvent() { return event }
            usleep(50_000)
        }
        return nil
    }

    @Test func theFolderMovedAwayIsGoneAndNothingFromItsNewPlaceIsReported() throws {
        let outer = try TemporaryFolder("watch-moved")
        let root = try outer.makeFolder("live")
        try outer.write("live/a.png", [1])
        let watcher = try #require(FolderWatcher(root: root, maximumDepth: 4, settle: 0.05) {})
        defer { watcher.stop() }
        #expect(watcher.waitUntilWatching(upTo: 10))
        #expect(rename(root, outer.file("live.old")) == 0)
        #expect(Self.folderEvent(of: watcher) == .gone)
        try outer.write("live.old/b.png", [1])
        usleep(400_000)
        #expect(watcher.take().isEmpty, "its old watch would report b.png under the old path")
    }

    @Test func aFolderAppearingAtTheMovedFoldersPathIsWatchedAndRescanned() throws {
        let outer = try TemporaryFolder("watch-replaced")
        let root = try outer.makeFolder("live")
        let watcher = try #require(FolderWatcher(root: root, maximumDepth: 4, settle: 0.05) {})
        defer { watcher.stop() }
        #expect(watcher.waitUntilWatching(upTo: 10))
        #expect(rename(root, outer.file("live.old")) == 0)
        #expect(mkdir(root, 0o755) == 0)
        try outer.write("live/new.png", [1])
        #expect(Self.folderEvent(of: watcher) == .back)
        #expect(watcher.takeRescan() == .folderReplaced)
        _ = Self.changes(of: watcher, within: 0.5)   // new.png, when it came after the watch
        try outer.write("live/later.png", [1])
        #expect(Self.changes(of: watcher) == [.written(outer.file("live/later.png"))])
    }

    @Test func anAlbumThatIsALinkLosesItsImagesWhenItsFolderMovesAway() throws {
        let folder = try TemporaryFolder("watch-linked-album")
        let elsewhere = try TemporaryFolder("watch-linked-target")
        try elsewhere.write("trip/x.png", [1])
        try folder.link("trip", to: elsewhere.file("trip"))
        let (watcher, _) = try Self.start(folder)
        defer { watcher.stop() }
        // The link stays: only the folder's own watch hears of the move.
        #expect(rename(elsewhere.file("trip"), elsewhere.file("moved")) == 0)
        #expect(Self.changes(of: watcher) == [.folderRemoved(folder.file("trip"))])
        try elsewhere.write("moved/y.png", [1])
        usleep(400_000)
        #expect(watcher.take().isEmpty, "its watch is gone")
    }
}
