/// A file that ``Trash/moveToTrash(_:)`` moved to a trash folder: all
/// ``Trash/restore(_:)`` needs to put it back (an undo).
///
/// ```swift
/// let trashed = try trash.moveToTrash("/photos/a.jpg")
/// trashed.trashedPath    // "/home/me/.local/share/Trash/files/a.jpg"
/// try trash.restore(trashed)
/// ```
public struct TrashedFile: Sendable, Equatable {
    /// The file's path as the caller spelled it, made absolute but with no
    /// link resolved: the gallery's spelling of the file, so marks, the
    /// folder watch (which reports paths under the folder as it was opened)
    /// and the gallery's own edits compare with this one, never with
    /// ``originalPath``, which differs in a folder opened through a link.
    public let path: String
    /// Where the file was: absolute, with its folder's symbolic links
    /// resolved, as its `.trashinfo` records it (the same file as
    /// ``path``): the specification's spelling, where it is put back.
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
