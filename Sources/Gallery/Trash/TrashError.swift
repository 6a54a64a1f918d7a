#if canImport(Glibc)
import Glibc
#endif
import ImageDecoding

/// Why a file was not moved to the trash, or not put back from it. Either
/// way nothing was changed: the file is where it was.
///
/// Each case prints as one line naming the file and the reason, ready for
/// stderr or a notice:
///
/// ```swift
/// do { _ = try trash.moveToTrash("/media/cd/a.jpg") }
/// catch { print(error) }   // /media/cd/a.jpg: on a read-only file system; nothing was changed
/// ```
public enum TrashError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing is at the path (it was moved or deleted since it was listed).
    case notFound(path: String)
    /// The path is a folder: only files are trashed.
    case isFolder(path: String)
    /// Neither a file nor a folder (`kind` like "a FIFO (named pipe)").
    case notAFile(path: String, kind: String)
    /// The folder holding the file (or the trash) does not let us add or
    /// remove entries (`EACCES`, `EPERM`).
    case permissionDenied(path: String)
    /// The file's file system is mounted read-only (`EROFS`).
    case readOnly(path: String)
    /// No trash on the file's own file system can be used (`reason` says
    /// which and why); files are never copied to another file system.
    case noUsableTrash(path: String, reason: String)
    /// The file and its trash (or, putting back, its trash and its folder)
    /// are on different mounts, which `rename` cannot cross (`EXDEV`; a bind
    /// mount has the same device as what it shows).
    case crossDevice(path: String)
    /// The file is inside a trash folder already.
    case alreadyInTrash(path: String)
    /// Putting back: something exists at the original path now.
    case occupied(path: String)
    /// Putting back: the folder the file came from no longer exists.
    case folderGone(path: String, folder: String)
    /// Putting back: the trash no longer holds this file at `trashedAs`
    /// (the trash was emptied, or the file restored by another program).
    case notInTrash(path: String, trashedAs: String)
    /// Anything else, with the system's reason ("no space left on device").
    case failed(path: String, reason: String)

    /// The file the error is about (its original path when putting back).
    public var path: String {
        switch self {
        case .notFound(let path), .isFolder(let path), .notAFile(let path, _), .permissionDenied(let path),
             .readOnly(let path), .noUsableTrash(let path, _), .crossDevice(let path), .alreadyInTrash(let path),
             .occupied(let path), .folderGone(let path, _), .notInTrash(let path, _), .failed(let path, _):
            return path
        }
    }

    /// One line for stderr, e.g. "/a.jpg: is a folder; only files are moved to the trash".
    public var description: String {
        switch self {
        case .notFound(let path):
            return "\(path): no such file; it was moved or deleted already"
        case .isFolder(let path):
            return "\(path): is a folder; only files are moved to the trash"
        case .notAFile(let path, let kind):
            return "\(path): is \(kind), not a file; only files are moved to the trash"
        case .permissionDenied(let path):
            return "\(path): permission denied; its folder is not writable by you"
        case .readOnly(let path):
            return "\(path): on a read-only file system; nothing was changed"
        case .noUsableTrash(let path, let reason):
            return "\(path): no usable trash on its file system (\(reason)); the file was left where it is"
        case .crossDevice(let path):
            return "\(path): the file and the trash are on different mounts; nothing was copied or changed"
        case .alreadyInTrash(let path):
            return "\(path): is in the trash already"
        case .occupied(let path):
            return "\(path): not put back: another file is there now, and it was not overwritten"
        case .folderGone(let path, let folder):
            return "\(path): not put back: its folder \(folder) no longer exists"
        case .notInTrash(let path, let trashedAs):
            return "\(path): not put back: it is no longer in the trash as \(trashedAs)"
        case .failed(let path, let reason):
            return "\(path): \(reason); nothing was changed"
        }
    }

    /// The error for a system call about `path` that failed with `code`
    /// (`errno`): the refusals a user can act on get their own case.
    ///
    /// ```swift
    /// TrashError.system(EROFS, path: "/media/cd/a.jpg")   // .readOnly(path: "/media/cd/a.jpg")
    /// ```
    static func system(_ code: Int32, path: String) -> TrashError {
        switch code {
        case ENOENT, ENOTDIR: return .notFound(path: path)
        case EACCES, EPERM: return .permissionDenied(path: path)
        case EROFS: return .readOnly(path: path)
        case EXDEV: return .crossDevice(path: path)
        case EISDIR: return .isFolder(path: path)
        default: return .failed(path: path, reason: FileReader.errorText(code))
        }
    }
}
