/// A file that ``Trash/moveToTrash(_:)`` moved to a trash folder: all
/// ``Trash/restore(_:)`` needs to put it back (an undo).
///
/// ```swift
/// let trashed = try trash.moveToTrash("/photos/a.jpg")
/// trashed.trashedPath    // "/home/me/.local/share/Trash/files/a.jpg"
/// try trash.restore(trashed)
/// ```
public struct TrashedFile: Sendable, Equatable {
    /// Where the file was: absolute, with its folder's symbolic links
    /// resolved, as its `.trashinfo` records it (the same file as the path
    /// the caller gave).
    public let originalPath: String
    /// The trash folder (`$trash` in the specification) holding `files/`
    /// and `info/`.
    public let trashFolder: String
    /// Its name in `files/` (and, with `.trashinfo`, in `info/`).
    public let nameInTrash: String
    /// When it was trashed, in local time: `YYYY-MM-DDThh:mm:ss`.
    public let deletionDate: String
    /// The file's device and inode, which a rename keeps, and the text of
    /// its info file: restoring checks that the trash still holds this very
    /// entry, not another file trashed under the same name after the trash
    /// was emptied (which may even get the freed inode number back, so the
    /// inode alone is not enough).
    let device: UInt64
    let inode: UInt64
    let infoText: String

    /// The file's path in the trash.
    public var trashedPath: String { trashFolder + "/files/" + nameInTrash }
    /// The path of its `.trashinfo`.
    public var infoPath: String { trashFolder + "/info/" + nameInTrash + TrashInfo.fileExtension }
}
