/// One image file in a folder.
///
/// `path` is absolute and lexically normalised (no `.`/`..`/`//`), built from
/// the scanned root, so it is the same string however the folder was named on
/// the command line.
///
/// ```swift
/// let entry = ImageEntry(path: "/photos/trip/img2.jpg", name: "img2.jpg", album: "trip")
/// print(entry.name)   // img2.jpg
/// ```
public struct ImageEntry: Sendable, Hashable {
    /// Absolute path of the file.
    public let path: String
    /// The file name (last path component).
    public let name: String
    /// The album (subfolder path relative to the scanned root, e.g. `trip` or
    /// `2023/trip`) in an albums layout; `nil` for images directly in the root.
    public let album: String?

    /// `ImageEntry(path: "/p/a.jpg", name: "a.jpg", album: nil)`.
    public init(path: String, name: String, album: String?) {
        self.path = path
        self.name = name
        self.album = album
    }
}
