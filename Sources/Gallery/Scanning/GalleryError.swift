/// Why a folder or image path given by the user cannot be opened.
///
/// Each case prints as one line naming the path and what to do, ready for
/// stderr:
///
/// ```swift
/// do { _ = try FolderScanner.scan("/nope") }
/// catch { print(error) }   // /nope: no such file or folder; check the path
/// ```
public indirect enum GalleryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing exists at the path (or a link points nowhere).
    case notFound(path: String)
    /// A regular file whose content is not an image we can open;
    /// `detail` says what it looks like ("a PDF document", "empty file").
    case notAnImage(path: String, detail: String)
    /// Something that is neither a folder nor a regular file (FIFO, socket, device).
    case notAFolderOrImage(path: String, kind: String)
    /// A folder with no images in it or its subfolders.
    case noImages(path: String, skipped: Int)
    /// The path exists but cannot be read (`reason` like "permission denied").
    case unreadable(path: String, reason: String)
    /// `fourway -` read no path from standard input.
    case emptyList
    /// Several paths were given and none holds an image; `problems` says
    /// why for each (printed first, one line each).
    case nothingToOpen(sources: Int, problems: [GalleryError])

    /// The path the error is about (`-` for the list as a whole).
    public var path: String {
        switch self {
        case .notFound(let path), .notAnImage(let path, _), .notAFolderOrImage(let path, _),
             .noImages(let path, _), .unreadable(let path, _):
            return path
        case .emptyList, .nothingToOpen:
            return "-"
        }
    }

    /// One line for stderr, e.g. "/nope: no such file or folder; check the path".
    public var description: String {
        switch self {
        case .notFound(let path):
            return "\(path): no such file or folder; check the path"
        case .notAnImage(let path, let detail):
            return "\(path): not an image (\(detail)); give an image file or a folder of images"
        case .notAFolderOrImage(let path, let kind):
            return "\(path): is \(kind), not a folder or an image file"
        case .noImages(let path, let skipped):
            let others = skipped == 0 ? "it is empty" : "\(skipped) other entr\(skipped == 1 ? "y" : "ies") skipped"
            return "\(path): no images found (\(others)); give a folder with JPEG, PNG, HEIC, AVIF, WebP, JPEG XL, GIF or TIFF files"
        case .unreadable(let path, let reason):
            return "\(path): cannot read it (\(reason))"
        case .emptyList:
            return "-: no paths on standard input; give one a line (NUL-separated with --null)"
        case .nothingToOpen(let sources, _):
            return "none of the \(sources) paths given is an image or holds one"
        }
    }
}
