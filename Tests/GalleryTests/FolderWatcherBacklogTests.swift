import Foundation
import Testing
import TestFixtures
@testable import Gallery

/// The changes waiting for the loop stay bounded: past the limit they
/// collapse into one rescan of the folder.
@Suite struct FolderWatcherBacklogTests {
    static func written(_ range: Range<Int>) -> [FolderChange] { range.map { .written("/p/a\($0).jpg") } }

    @Test func changesUpToTheLimitAreKeptInOrder() {
        var backlog = ChangeBacklog(limit: 3)
        backlog.append(Self.written(0..<2))
        backlog.append(Self.written(2..<3))
        #expect(backlog.take(upTo: 10) == Self.written(0..<3))
        #expect(backlog.takeRescan() == nil)
    }

    @Test func pastTheLimitTheBacklogCollapsesIntoOneRescan() {
        var backlog = ChangeBacklog(limit: 3)
        backlog.append(Self.written(0..<2))
        backlog.append(Self.written(2..<4))
        #expect(backlog.changes.isEmpty)
        #expect(!backlog.isEmpty, "the rescan waits")
        #expect(backlog.takeRescan() == .backlogOverflowed)
        #expect(backlog.takeRescan() == nil, "taken once")
    }

    @Test func whileARescanWaitsChangesAreDroppedAndAfterItKeptAgain() {
        var backlog = ChangeBacklog(limit: 3)
        backlog.append(Self.written(0..<4))
        backlog.append(Self.written(4..<5))
        #expect(backlog.take(upTo: 10).isEmpty, "the listing will see it")
        _ = backlog.takeRescan()
        backlog.append(Self.written(5..<6))
        #expect(backlog.take(upTo: 10) == Self.written(5..<6))
    }

    @Test func aHundredThousandFilesCreatedKeepNoMoreThanTheLimit() {
        var backlog = ChangeBacklog()
        var most = 0
        for start in stride(from: 0, to: 100_000, by: 500) {
            backlog.append(Self.written(start..<start + 500))
            most = max(most, backlog.changes.count)
        }
        #expect(most <= ChangeBacklog.standardLimit)
        #expect(backlog.takeRescan() == .backlogOverflowed)
    }

    @Test func aReplacedFolderOutranksAnOverflow() {
        var backlog = ChangeBacklog(limit: 3)
        backlog.append(Self.written(0..<2))
        backlog.requestRescan(.folderReplaced)
        #expect(backlog.changes.isEmpty, "what waited was about the folder that went")
        backlog.requestRescan(.backlogOverflowed)
        #expect(backlog.takeRescan() == .folderReplaced)
    }

    @Test func aRealBurstPastTheLimitBecomesARescanWithNoChangesKept() throws {
        let folder = try TemporaryFolder("watch-backlog")
        let watcher = try #require(FolderWatcher(root: folder.path, maximumDepth: 4, settle: 0.05, backlogLimit: 10) {})
        defer { watcher.stop() }
        #expect(watcher.waitUntilWatching(upTo: 10))
        for index in 0..<30 { try folder.write("burst\(index).png", [1]) }
        for _ in 0..<100 where !watcher.hasChanges { usleep(50_000) }
        usleep(300_000)   // every batch is published
        #expect(watcher.take().isEmpty)
        #expect(watcher.takeRescan() == .backlogOverflowed)
        try folder.write("after.png", [1])
        #expect(FolderWatcherTests.changes(of: watcher) == [.written(folder.file("after.png"))])
    }
}
