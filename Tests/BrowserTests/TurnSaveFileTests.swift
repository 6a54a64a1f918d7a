import Foundation
import Pager
import TestFixtures
import Testing
@testable import Browser
@testable import Gallery

/// The file side of saving a turn: the turned bytes beside the image, and
/// what undo needs. The failures that matter (a full disk, a read-only
/// folder) need mounts, which `Tests/e2e/turn-save` makes: as root a
/// chmod'ed folder stops nothing.
@Suite struct TurnSaveFileTests {
    @Test func theTurnedFileIsWrittenBesideUnderAHiddenName() {
        #expect(TurnSaveFile.temporaryPath(beside: "/photos/a.jpg") == "/photos/.a.jpg.fourway-turn")
        #expect(TurnSaveFile.temporaryPath(beside: "a.jpg") == ".a.jpg.fourway-turn")
    }

    @Test func writeBesideWritesTheBytesWithTheImagesPermissionsAndLeavesTheImage() throws {
        let folder = try TemporaryFolder("turn-save")
        let image = try folder.write("a.jpg", [1, 2, 3])
        chmod(image, 0o640)
        let written = try TurnSaveFile.writeBeside(image, bytes: [9, 8, 7, 6]).get()
        #expect(FileManager.default.contents(atPath: written.temporaryPath) == Data([9, 8, 7, 6]))
        #expect(FileManager.default.contents(atPath: image) == Data([1, 2, 3]))
        var info = stat()
        stat(written.temporaryPath, &info)
        #expect(info.st_mode & 0o7777 == 0o640)
        #expect(TurnSaveFile.FileIdentity.of(written.temporaryPath) == written.identity)
    }

    @Test func installRenamesTheTurnedFileToTheImagesName() throws {
        let folder = try TemporaryFolder("turn-save")
        let image = try folder.write("a.jpg", [1, 2, 3])
        let written = try TurnSaveFile.writeBeside(image, bytes: [4, 5]).get()
        unlink(image)   // the trash took it
        #expect(TurnSaveFile.install(written, at: image) == nil)
        #expect(FileManager.default.contents(atPath: image) == Data([4, 5]))
        #expect(TurnSaveFile.FileIdentity.of(image) == written.identity)
        #expect(!FileManager.default.fileExists(atPath: written.temporaryPath))
    }

    @Test func writeBesideAVanishedImageFailsAndLeavesNothing() throws {
        let folder = try TemporaryFolder("turn-save")
        let image = folder.path + "/gone.jpg"
        guard case .failure(let failure) = TurnSaveFile.writeBeside(image, bytes: [1]) else {
            Issue.record("wrote beside a missing image")
            return
        }
        #expect(failure.reason.contains("No such file"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func aSavedTurnIsUndoneWithTheTurnedFileItReplaced() {
        var history = TrashHistory()
        let turned = TurnSaveFile.FileIdentity(device: 3, inode: 4)
        history.record(savedTurn: TrashHistoryTests.file("a.jpg"), replacedBy: turned,
                       from: TrashHistoryTests.grid(2, columns: 2), at: PageIndex(h: 1, v: 0))
        #expect(history.last?.turned == turned)
        #expect(history.last?.files == [TrashHistoryTests.file("a.jpg")])
        #expect(!history.isRemoving)   // the image stays in the gallery: no slide
    }

    @Test func ctrlSSavesTheTurn() {
        #expect(KeyMap.standard.action(for: .s, ctrl: true, in: .pager) == .saveTurn)
        #expect(KeyMap.standard.action(for: .s, ctrl: false, in: .pager) == .toggleSlideshow)
    }
}
