#if canImport(Glibc)
import Glibc
#endif

/// The file side of saving a turn (`BrowserSession+TurnSave.swift`): the
/// turned bytes are written to a hidden file beside the image, with the
/// image's permissions, and synced; only then does the image go to the trash
/// and the new file take its name. A failure anywhere (a full disk, a
/// read-only folder) removes the new file and leaves the image as it was.
///
/// ```swift
/// switch TurnSaveFile.writeBeside("/photos/a.jpg", bytes: turned) {
/// case .success(let written): _ = written.temporaryPath   // /photos/.a.jpg.fourway-turn
/// case .failure(let failure): print(failure.reason)
/// }
/// ```
enum TurnSaveFile {
    /// A file written beside the image, not yet renamed over it.
    struct Written: Equatable {
        let temporaryPath: String
        /// Its identity, which a rename keeps: undo checks that the file at
        /// the image's name is still this one before putting the original back.
        let identity: FileIdentity
    }

    /// Why a step failed (`errno`'s text), with the step.
    struct Failure: Error, Equatable {
        let reason: String
    }

    /// A file by its device and inode.
    struct FileIdentity: Equatable {
        let device: UInt64
        let inode: UInt64

        /// The identity of the file at `path` (no link followed), nil when none.
        static func of(_ path: String) -> FileIdentity? {
            var info = stat()
            guard lstat(path, &info) == 0 else { return nil }
            return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        }
    }

    /// The hidden name beside `path` the turned file is written under (the
    /// gallery and its folder watch skip hidden names).
    static func temporaryPath(beside path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return folder + "." + name + ".fourway-turn"
    }

    /// Writes `bytes` beside `path` with its permissions, synced. On
    /// failure nothing is left behind.
    static func writeBeside(_ path: String, bytes: [UInt8]) -> Result<Written, Failure> {
        var original = stat()
        guard stat(path, &original) == 0 else { return .failure(Failure(reason: describe(errno, "cannot read it"))) }
        let temporary = temporaryPath(beside: path)
        unlink(temporary)   // a crashed save's leftover: ours by its name
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, original.st_mode & 0o7777)
        guard descriptor >= 0 else { return .failure(Failure(reason: describe(errno, "cannot write beside it"))) }
        var failure = writeAll(bytes, to: descriptor)
        if failure == 0 && fchmod(descriptor, original.st_mode & 0o7777) != 0 { failure = errno }
        if failure == 0 && fsync(descriptor) != 0 { failure = errno }
        var info = stat()
        if failure == 0 && fstat(descriptor, &info) != 0 { failure = errno }
        if close(descriptor) != 0 && failure == 0 && errno != EINTR { failure = errno }
        guard failure == 0 else {
            unlink(temporary)
            return .failure(Failure(reason: describe(failure, "cannot write the turned file")))
        }
        return .success(Written(temporaryPath: temporary,
                                identity: FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))))
    }

    /// Writes every byte, or returns the `errno` that stopped it (0 when done).
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32 {
        bytes.withUnsafeBytes { raw in
            var written = 0
            while written < raw.count {
                let count = write(descriptor, raw.baseAddress! + written, raw.count - written)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { return count < 0 ? errno : EIO }
                written += count
            }
            return 0
        }
    }

    /// Renames the written file to `path` (which the trash has just
    /// emptied), then syncs the folder so the new name is on disk.
    static func install(_ written: Written, at path: String) -> Failure? {
        guard rename(written.temporaryPath, path) == 0 else {
            return Failure(reason: describe(errno, "cannot rename the turned file"))
        }
        syncFolder(of: path)
        return nil
    }

    /// fsync on the folder holding `path`: a rename is on disk only once its folder is.
    static func syncFolder(of path: String) {
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        let descriptor = open(folder.isEmpty ? "/" : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// `what`, and `code`'s text: "cannot write the turned file: No space left on device".
    static func describe(_ code: Int32, _ what: String) -> String {
        what + ": " + String(cString: strerror(code))
    }
}
