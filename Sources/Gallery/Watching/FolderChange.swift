/// One change the folder watch saw in a gallery's folders, in the terms of
/// whole files: a file is *written* once it is complete (closed after
/// writing, or moved in whole), so a file still being written is never one.
/// ``GalleryEdit`` turns a batch of them, in the order they happened, into
/// the gallery's new images.
///
/// ```swift
/// let batch: [FolderChange] = [.written("/p/new.jpg"), .renamed(from: "/p/a.jpg", to: "/p/b.jpg"), .removed("/p/c.jpg")]
/// let result = GalleryEdit(root: "/p", title: "p").apply(batch, to: layout.images)
/// ```
public enum FolderChange: Sendable, Equatable {
    /// A file was written and closed, or moved into a watched folder (or
    /// found in a folder that just appeared).
    case written(String)
    /// A file was deleted or moved out of the watched folders.
    case removed(String)
    /// A file was renamed within the watched folders.
    case renamed(from: String, to: String)
    /// A folder was deleted or moved out: every image under it goes.
    case folderRemoved(String)
    /// A file found by listing a folder (one that just appeared, or all of
    /// them after inotify's queue overflowed): it joins when the gallery
    /// does not have it, and is not decoded again when it does.
    case listed(String)
    /// A file's permissions, owner or times changed, not its bytes (a
    /// write comes as ``written(_:)`` once closed). It changes no image
    /// (``GalleryEdit`` passes over it); the browser reads an image it
    /// could not read (an error page) again, so a file made readable shows.
    case attributesChanged(String)

    /// The path the change is about (a rename's new name).
    public var path: String {
        switch self {
        case .written(let path), .removed(let path), .folderRemoved(let path), .listed(let path),
             .attributesChanged(let path): path
        case .renamed(_, let to): to
        }
    }
}
