import Foundation
import TestFixtures
import Testing
@testable import Gallery

/// The FreeDesktop.org trash, with real files in temporary folders. The home
/// trash is always a temporary folder, never the real one.
@Suite struct TrashTests {
    /// A temporary folder, its path with links resolved (what a
    /// `.trashinfo` records), and a trash whose home trash is inside it.
    struct Fixture {
        let folder: TemporaryFolder
        let root: String
        let trash: Trash

        init(_ label: String) throws {
            folder = try TemporaryFolder(label)
            root = try #require(Trash.realPath(folder.path))
            trash = Trash(homeTrash: root + "/home/.local/share/Trash")
        }
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    static func info(_ path: String) throws -> stat {
        var info = stat()
        guard lstat(path, &info) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        return info
    }

    static func bytes(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { Array($0) }
    }

    static func text(_ path: String) -> String? {
        try? String(contentsOfFile: path, encoding: .utf8)
    }

    static func entries(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    /// A tmpfs on another device than the temporary folders, where tests
    /// may write: nil when this machine has none.
    static let otherDevice: String? = {
        var shm = stat(), temporary = stat()
        guard stat("/dev/shm", &shm) == 0, stat(FileManager.default.temporaryDirectory.path, &temporary) == 0,
              shm.st_dev != temporary.st_dev, access("/dev/shm", W_OK) == 0 else { return nil }
        return "/dev/shm"
    }()

    // MARK: - Moving

    @Test func moveLeavesTheFileInFilesWithAValidTrashInfo() throws {
        let fixture = try Fixture("trash-move")
        let name = "a b%ü.jpg"   // a space, a percent sign and two bytes of UTF-8
        let path = try fixture.folder.write("photos/" + name, [1, 2, 3, 4])
        let trashed = try fixture.trash.moveToTrash(path)

        #expect(!Self.exists(path))
        #expect(trashed.originalPath == fixture.root + "/photos/" + name)
        #expect(trashed.trashFolder == fixture.trash.homeTrash)
        #expect(trashed.nameInTrash == name)
        #expect(trashed.trashedPath == fixture.trash.homeTrash + "/files/" + name)
        #expect(Self.bytes(trashed.trashedPath) == [1, 2, 3, 4])

        #expect(trashed.infoPath == fixture.trash.homeTrash + "/info/" + name + ".trashinfo")
        let text = try #require(Self.text(trashed.infoPath))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4 && lines.last == "")
        #expect(lines.first == "[Trash Info]")
        // The temporary folder's name is all unreserved characters.
        // As a String: `Substring? == "…" + …` failed here although the bytes were equal.
        let pathLine = try #require(lines.dropFirst().first.map(String.init))
        #expect(pathLine == "Path=" + fixture.root + "/photos/a%20b%25%C3%BC.jpg")
        let parsed = try #require(TrashInfo.parse(text))
        #expect(parsed.path == trashed.originalPath)
        #expect(parsed.deletionDate == trashed.deletionDate)
        #expect(lines.dropFirst(2).first.map(String.init) == "DeletionDate=" + parsed.deletionDate)
        #expect(parsed.deletionDate.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/) != nil)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = .current
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        let date = try #require(formatter.date(from: parsed.deletionDate))
        #expect(abs(date.timeIntervalSinceNow) < 120)
    }

    @Test func trashFoldersAndInfoFilesAreOwnerOnly() throws {
        let fixture = try Fixture("trash-modes")
        let trashed = try fixture.trash.moveToTrash(try fixture.folder.write("a.jpg", [1]))
        for folder in [fixture.trash.homeTrash, fixture.trash.homeTrash + "/files", fixture.trash.homeTrash + "/info"] {
            #expect(try Self.info(folder).st_mode & 0o7777 == 0o700, "\(folder)")
        }
        #expect(try Self.info(trashed.infoPath).st_mode & 0o7777 == 0o600)
    }

    @Test func twoFilesWithTheSameNameGetDistinctTrashNames() throws {
        let fixture = try Fixture("trash-twice")
        let first = try fixture.trash.moveToTrash(try fixture.folder.write("a/x.jpg", [1]))
        let second = try fixture.trash.moveToTrash(try fixture.folder.write("b/x.jpg", [2]))
        #expect(first.nameInTrash == "x.jpg" && second.nameInTrash == "x.2.jpg")
        #expect(Self.bytes(first.trashedPath) == [1] && Self.bytes(second.trashedPath) == [2])
        #expect(TrashInfo.parse(Self.text(second.infoPath) ?? "")?.path == fixture.root + "/b/x.jpg")
        try fixture.trash.restore(second)
        try fixture.trash.restore(first)
        #expect(Self.bytes(fixture.folder.file("a/x.jpg")) == [1] && Self.bytes(fixture.folder.file("b/x.jpg")) == [2])
    }

    @Test func namesTakenInFilesOrInfoAreSkipped() throws {
        let fixture = try Fixture("trash-taken")
        let home = fixture.trash.homeTrash
        // Another program's reservation, and a trashed file whose info file is lost.
        try fixture.folder.write(String(home.dropFirst(fixture.root.count + 1)) + "/info/x.jpg.trashinfo", text: "[Trash Info]\nPath=/elsewhere/x.jpg\n")
        try fixture.folder.write(String(home.dropFirst(fixture.root.count + 1)) + "/files/x.2.jpg", [9])
        let trashed = try fixture.trash.moveToTrash(try fixture.folder.write("x.jpg", [1]))
        #expect(trashed.nameInTrash == "x.3.jpg")
        #expect(Self.text(home + "/info/x.jpg.trashinfo") == "[Trash Info]\nPath=/elsewhere/x.jpg\n")
        #expect(Self.bytes(home + "/files/x.2.jpg") == [9] && !Self.exists(home + "/info/x.2.jpg.trashinfo"))
    }

    @Test func trashNamesKeepTheExtensionAndFitNameMax() {
        #expect(Trash.nameInTrash("a.jpg", attempt: 1) == "a.jpg")
        #expect(Trash.nameInTrash("a.jpg", attempt: 2) == "a.2.jpg")
        #expect(Trash.nameInTrash("a.tar.gz", attempt: 3) == "a.tar.3.gz")
        #expect(Trash.nameInTrash(".hidden", attempt: 2) == ".hidden.2")
        #expect(Trash.nameInTrash("plain", attempt: 12) == "plain.12")
        let long = String(repeating: "é", count: 124) + ".jpeg"   // 253 bytes: legal, but not with .trashinfo
        let shortened = Trash.nameInTrash(long, attempt: 2)
        #expect(shortened.utf8.count + ".trashinfo".utf8.count <= 255)
        #expect(shortened.hasSuffix("é.2.jpeg") && shortened.hasPrefix("éé"))
    }

    @Test func aSymbolicLinkIsMovedItselfNotItsTarget() throws {
        let fixture = try Fixture("trash-link")
        let target = try fixture.folder.write("target.jpg", [7])
        try fixture.folder.link("link.jpg", to: target)
        let trashed = try fixture.trash.moveToTrash(fixture.folder.file("link.jpg"))
        #expect(Self.bytes(target) == [7])
        #expect(try Self.info(trashed.trashedPath).st_mode & S_IFMT == S_IFLNK)
        #expect(!Self.exists(fixture.folder.file("link.jpg")))
    }

    @Test func aFileInAFolderOpenedThroughALinkKeepsTheSpellingItWasGiven() throws {
        let fixture = try Fixture("trash-linked-folder")
        _ = try fixture.folder.write("real/a.jpg", [5])
        try fixture.folder.link("shown", to: fixture.folder.file("real"))
        let given = fixture.folder.file("shown") + "/a.jpg"
        let trashed = try fixture.trash.moveToTrash(given)
        // The gallery's spelling for every comparison; the resolved one only
        // for the info file and the way back.
        #expect(trashed.path == given)
        #expect(trashed.originalPath == fixture.root + "/real/a.jpg")
        try fixture.trash.restore(trashed)
        #expect(Self.bytes(given) == [5])
    }

    // MARK: - Refusals

    @Test func aFolderIsRefused() throws {
        let fixture = try Fixture("trash-folder")
        let folder = try fixture.folder.makeFolder("album")
        #expect(throws: TrashError.isFolder(path: folder)) { try fixture.trash.moveToTrash(folder) }
        #expect(Self.exists(folder) && !Self.exists(fixture.trash.homeTrash))
    }

    @Test func aMissingFileIsRefused() throws {
        let fixture = try Fixture("trash-missing")
        let path = fixture.folder.file("gone.jpg")
        #expect(throws: TrashError.notFound(path: path)) { try fixture.trash.moveToTrash(path) }
        #expect(throws: TrashError.notFound(path: "")) { try fixture.trash.moveToTrash("") }
        #expect(!Self.exists(fixture.trash.homeTrash))
    }

    @Test func aFIFOIsRefused() throws {
        let fixture = try Fixture("trash-fifo")
        try fixture.folder.fifo("pipe.jpg")
        let path = fixture.folder.file("pipe.jpg")
        #expect(throws: TrashError.notAFile(path: path, kind: "a FIFO (named pipe)")) { try fixture.trash.moveToTrash(path) }
        #expect(Self.exists(path))
    }

    @Test func aFileInTheTrashIsRefused() throws {
        let fixture = try Fixture("trash-trash")
        let trashed = try fixture.trash.moveToTrash(try fixture.folder.write("a.jpg", [1]))
        #expect(throws: TrashError.alreadyInTrash(path: trashed.trashedPath)) { try fixture.trash.moveToTrash(trashed.trashedPath) }
        #expect(Self.exists(trashed.trashedPath) && Self.exists(trashed.infoPath))
        #expect(fixture.trash.isInATrash("/media/usb/.Trash-1000/files/a.jpg"))
        #expect(fixture.trash.isInATrash("/media/usb/.Trash/1000/files/a.jpg"))
        #expect(!fixture.trash.isInATrash("/photos/files/a.jpg"))
    }

    @Test func aFailedRenameRemovesTheTrashInfoAndLeavesTheFile() throws {
        let fixture = try Fixture("trash-renamefails")
        let path = try fixture.folder.write("a.jpg", [1, 2])
        // A trash whose files/ is missing: the info file is written, the rename fails.
        let trash = TrashFolder(path: try fixture.folder.makeFolder("broken"), topDirectory: nil)
        try fixture.folder.makeFolder("broken/info")
        #expect(throws: TrashError.noUsableTrash(path: path, reason: "\(trash.files) vanished")) {
            try fixture.trash.move(path, into: trash, shownAs: path, now: time(nil))
        }
        #expect(Self.bytes(path) == [1, 2])
        #expect(Self.entries(trash.info).isEmpty)
    }

    @Test(.enabled(if: otherDevice != nil, "no writable tmpfs on another device than the temporary folder"))
    func aRenameAcrossDevicesIsRefusedWithoutCopying() throws {
        let fixture = try Fixture("trash-exdev")
        let path = try fixture.folder.write("a.jpg", [3])
        let other = try #require(Self.otherDevice) + "/fourway-trash-exdev-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { try? FileManager.default.removeItem(atPath: other) }
        let trash = TrashFolder(path: other, topDirectory: nil)
        try trash.prepare()
        #expect(throws: TrashError.crossDevice(path: path)) {
            try fixture.trash.move(path, into: trash, shownAs: path, now: time(nil))
        }
        #expect(Self.bytes(path) == [3])
        #expect(Self.entries(trash.info).isEmpty && Self.entries(trash.files).isEmpty)
    }

    /// Tests run as root, for whom `chmod` cannot make a folder unwritable,
    /// so the read-only and permission refusals are checked here, where
    /// `errno` values become errors.
    @Test func systemErrorsBecomeRefusalsWithOneLineReasons() {
        let path = "/photos/a.jpg"
        #expect(TrashError.system(EROFS, path: path) == .readOnly(path: path))
        #expect(TrashError.system(EACCES, path: path) == .permissionDenied(path: path))
        #expect(TrashError.system(EPERM, path: path) == .permissionDenied(path: path))
        #expect(TrashError.system(ENOENT, path: path) == .notFound(path: path))
        #expect(TrashError.system(EXDEV, path: path) == .crossDevice(path: path))
        #expect(TrashError.system(ENOSPC, path: path) == .failed(path: path, reason: "no space left on device"))
        #expect(Trash.infoFailure(EROFS, folder: "/t/info", path: path) == .readOnly(path: path))
        #expect(Trash.infoFailure(EACCES, folder: "/t/info", path: path)
                == .noUsableTrash(path: path, reason: "cannot write in /t/info: permission denied"))
        #expect(TrashError.readOnly(path: path).description == "/photos/a.jpg: on a read-only file system; nothing was changed")
        let all: [TrashError] = [
            .notFound(path: path), .isFolder(path: path), .notAFile(path: path, kind: "a socket"),
            .permissionDenied(path: path), .readOnly(path: path), .noUsableTrash(path: path, reason: "r"),
            .crossDevice(path: path), .alreadyInTrash(path: path), .occupied(path: path),
            .folderGone(path: path, folder: "/photos"), .notInTrash(path: path, trashedAs: "/t/files/a.jpg"),
            .failed(path: path, reason: "r"),
        ]
        for error in all {
            #expect(error.path == path)
            #expect(error.description.hasPrefix(path + ": ") && !error.description.contains("\n"), "\(error)")
        }
    }

    // MARK: - Putting back

    @Test func restoreBringsBackTheSameBytesAndModificationTime() throws {
        let fixture = try Fixture("trash-restore")
        let bytes = (0..<4096).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let path = try fixture.folder.write("photos/a.jpg", bytes)
        var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 123_456_789), timespec(tv_sec: 1_000_000_000, tv_nsec: 123_456_789)]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        let before = try Self.info(path)
        let trashed = try fixture.trash.moveToTrash(path)
        try fixture.trash.restore(trashed)
        let after = try Self.info(path)
        #expect(Self.bytes(path) == bytes)
        #expect(after.st_mtim.tv_sec == 1_000_000_000 && after.st_mtim.tv_nsec == 123_456_789)
        #expect(after.st_ino == before.st_ino && after.st_mode == before.st_mode)
        #expect(!Self.exists(trashed.trashedPath) && !Self.exists(trashed.infoPath))
    }

    @Test func restoreRefusesWhenSomethingExistsAtTheOriginalPath() throws {
        let fixture = try Fixture("trash-occupied")
        let path = try fixture.folder.write("a.jpg", [1])
        let trashed = try fixture.trash.moveToTrash(path)
        try fixture.folder.write("a.jpg", [2])
        #expect(throws: TrashError.occupied(path: trashed.originalPath)) { try fixture.trash.restore(trashed) }
        #expect(Self.bytes(path) == [2])
        #expect(Self.bytes(trashed.trashedPath) == [1] && Self.exists(trashed.infoPath))
    }

    @Test func restoreRefusesWhenTheOriginalFolderIsGone() throws {
        let fixture = try Fixture("trash-nofolder")
        let trashed = try fixture.trash.moveToTrash(try fixture.folder.write("album/a.jpg", [1]))
        try FileManager.default.removeItem(atPath: fixture.folder.file("album"))
        #expect(throws: TrashError.folderGone(path: trashed.originalPath, folder: fixture.root + "/album")) {
            try fixture.trash.restore(trashed)
        }
        #expect(!Self.exists(fixture.folder.file("album")))
        #expect(Self.bytes(trashed.trashedPath) == [1] && Self.exists(trashed.infoPath))
    }

    @Test func restoreRefusesAnotherFileTrashedUnderTheSameName() throws {
        let fixture = try Fixture("trash-emptied")
        let first = try fixture.trash.moveToTrash(try fixture.folder.write("a/x.jpg", [1]))
        // The trash is emptied, then another x.jpg is trashed and gets the free
        // name, and often the freed inode number too (ext4 reuses it at once).
        try FileManager.default.removeItem(atPath: first.trashedPath)
        try FileManager.default.removeItem(atPath: first.infoPath)
        let second = try fixture.trash.moveToTrash(try fixture.folder.write("b/x.jpg", [2]))
        #expect(second.nameInTrash == first.nameInTrash)
        #expect(throws: TrashError.notInTrash(path: first.originalPath, trashedAs: first.trashedPath)) {
            try fixture.trash.restore(first)
        }
        #expect(!Self.exists(first.originalPath) && Self.bytes(second.trashedPath) == [2] && Self.exists(second.infoPath))
    }

    @Test func restoreRefusesAnEntryWhoseInfoFileIsGone() throws {
        let fixture = try Fixture("trash-noinfo")
        let trashed = try fixture.trash.moveToTrash(try fixture.folder.write("x.jpg", [1]))
        try FileManager.default.removeItem(atPath: trashed.infoPath)
        #expect(throws: TrashError.notInTrash(path: trashed.originalPath, trashedAs: trashed.trashedPath)) {
            try fixture.trash.restore(trashed)
        }
        #expect(Self.bytes(trashed.trashedPath) == [1] && !Self.exists(trashed.originalPath))
    }

    @Test func everyWayOfRenamingRefusesToReplace() throws {
        #expect(NoReplaceRename.hasRenameAt2, "glibc has had renameat2 since 2.28; Debian 12 has 2.36")
        let folder = try TemporaryFolder("trash-noreplace")
        let ways: [(String, (String, String) -> Int32)] = [
            ("renameat2", { NoReplaceRename.rename($0, to: $1) }),
            ("link", { NoReplaceRename.linkThenUnlink($0, to: $1) }),
            ("check", { NoReplaceRename.checkThenRename($0, to: $1) }),
        ]
        for (way, rename) in ways {
            let source = try folder.write("\(way)-source", [1])
            let target = try folder.write("\(way)-target", [2])
            let inode = try Self.info(source).st_ino
            #expect(rename(source, target) == EEXIST, "\(way)")
            #expect(Self.bytes(source) == [1] && Self.bytes(target) == [2], "\(way)")
            try FileManager.default.removeItem(atPath: target)
            #expect(rename(source, target) == 0, "\(way)")
            #expect(!Self.exists(source) && Self.bytes(target) == [1], "\(way)")
            #expect(try Self.info(target).st_ino == inode, "\(way)")
        }
    }

    // MARK: - Which trash

    @Test func homeTrashFollowsXDGDataHomeThenHome() {
        #expect(Trash(environment: ["XDG_DATA_HOME": "/x/data/", "HOME": "/home/u"])?.homeTrash == "/x/data/Trash")
        #expect(Trash(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/u"])?.homeTrash == "/home/u/.local/share/Trash")
        #expect(Trash(environment: ["XDG_DATA_HOME": "", "HOME": "/home/u"])?.homeTrash == "/home/u/.local/share/Trash")
        #expect(Trash(environment: [:]) == nil)
        #expect(Trash(environment: ["HOME": "/home/u"])?.uid == getuid())
    }

    @Test func topDirectoryIsWhereTheDeviceChanges() throws {
        let folder = try TemporaryFolder("trash-top")
        let physical = try #require(Trash.realPath(folder.path))
        let device = UInt64(try Self.info(physical).st_dev)
        let top = TrashFolder.topDirectory(of: physical, device: device)
        #expect(physical == top || physical.hasPrefix(top == "/" ? "/" : top + "/"))
        #expect(UInt64(try Self.info(top).st_dev) == device)
        if top != "/" { #expect(UInt64(try Self.info(LexicalPath.parent(top)).st_dev) != device) }
    }

    @Test func aVolumeTrashRecordsPathsRelativeToItsTopDirectory() throws {
        let fixture = try Fixture("trash-relative")
        let path = try fixture.folder.write("sub dir/a.jpg", [5])
        let choice = try TrashFolder.volume(topDirectory: fixture.root, uid: getuid())
        #expect(choice.folder == TrashFolder(path: fixture.root + "/.Trash-\(getuid())", topDirectory: fixture.root))
        #expect(choice.sharedTrashProblem == nil)
        let trashed = try fixture.trash.move(fixture.root + "/sub dir/a.jpg", into: choice.folder, shownAs: path, now: time(nil))
        #expect(Self.text(trashed.infoPath)?.contains("\nPath=sub%20dir/a.jpg\n") == true)
        try fixture.trash.restore(trashed)
        #expect(Self.bytes(path) == [5])
        #expect(TrashFolder(path: "/.Trash-0", topDirectory: "/").recordedPath(for: "/a/b.jpg") == "a/b.jpg")
    }

    @Test func aStickySharedTrashGivesEachUserTheirOwnFolder() throws {
        let folder = try TemporaryFolder("trash-shared")
        let shared = try folder.makeFolder(".Trash")
        #expect(chmod(shared, 0o1777) == 0)
        #expect(TrashFolder.sharedTrash(in: folder.path) == .usable)
        let choice = try TrashFolder.volume(topDirectory: folder.path, uid: getuid())
        #expect(choice.folder.path == shared + "/\(getuid())" && choice.sharedTrashProblem == nil)
        #expect(try Self.info(choice.folder.path).st_mode & 0o7777 == 0o700)
        #expect(Self.entries(choice.folder.path) == ["files", "info"])
        #expect(!Self.exists(folder.file(".Trash-\(getuid())")))
    }

    @Test(arguments: ["no sticky bit", "a symbolic link", "a file"])
    func aSharedTrashFailingTheChecksIsNotUsed(_ problem: String) throws {
        let folder = try TemporaryFolder("trash-unsafe")
        let shared = folder.file(".Trash")
        let uid = getuid()
        switch problem {
        case "no sticky bit":
            try folder.makeFolder(".Trash/\(uid)")   // even a user folder already there is not used
            #expect(chmod(shared, 0o777) == 0)
        case "a symbolic link":
            let real = try folder.makeFolder("elsewhere")
            #expect(chmod(real, 0o1777) == 0)
            try folder.link(".Trash", to: real)
        default:
            try folder.write(".Trash", [0])
        }
        let reason = ["no sticky bit": "has no sticky bit", "a symbolic link": "is a symbolic link", "a file": "is not a folder"][problem]!
        #expect(TrashFolder.sharedTrash(in: folder.path) == .rejected(reason))
        let choice = try TrashFolder.volume(topDirectory: folder.path, uid: uid)
        #expect(choice.folder.path == folder.file(".Trash-\(uid)"))
        #expect(choice.sharedTrashProblem == shared + " " + reason)
        #expect(!Self.exists(folder.file(".Trash/\(uid)/files")) && !Self.exists(folder.file("elsewhere/\(uid)")))
    }

    @Test func aUserFolderInTheSharedTrashOwnedBySomeoneElseIsNotUsed() throws {
        let folder = try TemporaryFolder("trash-owner")
        let shared = try folder.makeFolder(".Trash")
        #expect(chmod(shared, 0o1777) == 0)
        // Made by us, so owned by getuid(), not by the user trashing.
        let someone = getuid() + 1
        try folder.makeFolder(".Trash/\(someone)")
        let choice = try TrashFolder.volume(topDirectory: folder.path, uid: someone)
        #expect(choice.folder.path == folder.file(".Trash-\(someone)"))
        #expect(Self.entries(folder.file(".Trash/\(someone)")).isEmpty)
    }

    @Test func aVolumeTrashThatIsASymbolicLinkIsRefused() throws {
        let folder = try TemporaryFolder("trash-linked")
        let real = try folder.makeFolder("elsewhere")
        try folder.link(".Trash-\(getuid())", to: real)
        #expect(throws: TrashFolder.Unusable(reason: folder.file(".Trash-\(getuid())") + " is not a folder", code: nil)) {
            try TrashFolder.volume(topDirectory: folder.path, uid: getuid())
        }
        #expect(Self.entries(real).isEmpty)
    }

    @Test(.enabled(if: otherDevice != nil, "no writable tmpfs on another device than the temporary folder"))
    func aFileOnAnotherDeviceUsesThatVolumesTrash() throws {
        let fixture = try Fixture("trash-volume")
        let top = try #require(Self.otherDevice)
        let name = "fourway-trash-volume-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let folder = top + "/" + name
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let expected = TrashFolder.sharedTrash(in: top) == .usable ? top + "/.Trash/\(getuid())" : top + "/.Trash-\(getuid())"
        let trashExisted = Self.exists(expected)
        defer {
            try? FileManager.default.removeItem(atPath: folder)
            if !trashExisted { try? FileManager.default.removeItem(atPath: expected) }
        }
        let path = folder + "/a b.jpg"
        #expect(FileManager.default.createFile(atPath: path, contents: Data([4, 2])))

        #expect(TrashFolder.topDirectory(of: folder, device: UInt64(try Self.info(folder).st_dev)) == top)
        let trashed = try fixture.trash.moveToTrash(path)
        #expect(trashed.trashFolder == expected)
        #expect(Self.text(trashed.infoPath)?.contains("\nPath=\(name)/a%20b.jpg\n") == true)
        #expect(!Self.exists(path) && !Self.exists(fixture.trash.homeTrash))
        try fixture.trash.restore(trashed)
        #expect(Self.bytes(path) == [4, 2] && !Self.exists(trashed.infoPath))
    }

    // MARK: - The info file

    @Test func percentEncodingKeepsUnreservedCharactersAndSlashes() {
        let path = "/a b/%/ü/-_.!~*'()/x+y,z;=&?#:@\n"
        let encoded = "/a%20b/%25/%C3%BC/-_.!~*'()/x%2By%2Cz%3B%3D%26%3F%23%3A%40%0A"
        #expect(TrashInfo.percentEncoded(path) == encoded)
        #expect(TrashInfo.percentDecoded(encoded) == path)
        #expect(TrashInfo.percentDecoded("%c3%bc") == "ü")
        for malformed in ["%4", "%zz", "%", "%FF"] {   // %FF is not UTF-8
            #expect(TrashInfo.percentDecoded(malformed) == nil, "\(malformed)")
        }
    }

    @Test func parsingFollowsTheSpecification() {
        let text = "[Trash Info]\nOther=1\nPath=/a%20b\nDeletionDate=2024-05-01T12:30:00\nPath=/second\n"
        #expect(TrashInfo.parse(text) == TrashInfo(path: "/a b", deletionDate: "2024-05-01T12:30:00"))
        #expect(TrashInfo.parse("Path=/a\nDeletionDate=2024-05-01T12:30:00\n") == nil)
        #expect(TrashInfo.parse("[Trash Info]\nPath=/a\n") == nil)
        let info = TrashInfo(path: "/ü b", deletionDate: "2024-05-01T12:30:00")
        #expect(TrashInfo.parse(info.text) == info)
    }

    @Test func deletionDateIsLocalTime() {
        let time: time_t = 1_700_000_000
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = .current
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        #expect(TrashInfo.deletionDate(time) == formatter.string(from: Date(timeIntervalSince1970: TimeInterval(time))))
    }
}
