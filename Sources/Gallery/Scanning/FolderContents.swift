/// The result of scanning a folder (or a single image's folder).
///
/// Images directly in the root are `looseImages`; every subfolder (up to
/// ``FolderScanner/maximumAlbumDepth`` levels down) that directly holds images
/// is one ``Album``. Both are in natural order (`img2` before `img10`).
///
/// ```swift
/// let contents = try FolderScanner.scan("/photos")
/// print(contents.title, contents.count, contents.albums.map(\.name))
/// ```
public struct FolderContents: Sendable {
    /// Absolute, normalised path of the scanned folder.
    public let root: String
    /// The folder's name, for the window title.
    public let title: String
    /// Every image in reading order, stored compactly (``ImageList``):
    /// the loose images first, then each album's.
    public let images: ImageList
    /// How many of `images` are directly in `root`.
    public let looseCount: Int
    /// Each album's name and its images' positions in `images`, in order.
    public let albumRanges: [(name: String, range: Range<Int>)]
    /// Entries that were looked at and are not images: other extensions,
    /// FIFOs, sockets, devices, broken links, directories already visited
    /// through a link. Hidden (dot) entries are ignored and not counted.
    public let skipped: Int
    /// Regular files with an image extension whose names are not valid UTF-8
    /// (so they cannot be opened through a `String` path), as absolute paths
    /// with each bad byte written `\xFF`; counted in `skipped` too. The shell
    /// names them on stderr. At most ``FolderScanner/maximumReportedUnnamable``.
    public let unnamableImages: [String]
    /// How many paths were given (1 for a folder or an image opened alone;
    /// see ``SourceScanner``).
    public let sources: Int
    /// Paths given that could not be opened (missing, unreadable, not an
    /// image, a folder without images), one line each for stderr; the
    /// other paths' images are still shown.
    public let problems: [GalleryError]

    /// Built by ``FolderScanner`` and ``SourceScanner``; tests build it directly:
    /// `FolderContents(root: "/p", title: "p", looseImages: [], albums: [], skipped: 0)`.
    public init(root: String, title: String, looseImages: [ImageEntry], albums: [Album], skipped: Int,
                unnamableImages: [String] = [], sources: Int = 1, problems: [GalleryError] = []) {
        var list = ImageList(looseImages)
        var ranges: [(name: String, range: Range<Int>)] = []
        for album in albums {
            let start = list.count
            list.append(ImageList(album.images), range: 0..<album.images.count)
            ranges.append((album.name, start..<list.count))
        }
        self.init(root: root, title: title, images: list, looseCount: looseImages.count, albumRanges: ranges,
                  skipped: skipped, unnamableImages: unnamableImages, sources: sources, problems: problems)
    }

    /// Contents whose images are already in an ``ImageList`` (the scanner's):
    /// the first `looseCount` directly in the root, then the albums' ranges.
    public init(root: String, title: String, images: ImageList, looseCount: Int,
                albumRanges: [(name: String, range: Range<Int>)], skipped: Int,
                unnamableImages: [String] = [], sources: Int = 1, problems: [GalleryError] = []) {
        self.root = root
        self.title = title
        self.images = images
        self.looseCount = looseCount
        self.albumRanges = albumRanges
        self.skipped = skipped
        self.unnamableImages = unnamableImages
        self.sources = sources
        self.problems = problems
    }

    /// The same contents with its images put in `order` (see
    /// ``ImageOrder/apply(to:)``).
    func with(looseImages: [ImageEntry], albums: [Album]) -> FolderContents {
        FolderContents(root: root, title: title, looseImages: looseImages, albums: albums, skipped: skipped,
                       unnamableImages: unnamableImages, sources: sources, problems: problems)
    }

    /// Number of images, loose and in albums.
    public var count: Int { images.count }

    /// True when at least one subfolder holds images.
    public var hasAlbums: Bool { !albumRanges.isEmpty }

    /// Images directly in `root`, in natural order, made now (a big folder
    /// is better read through `images`).
    public var looseImages: [ImageEntry] { (0..<looseCount).map { images[$0] } }

    /// One album per subfolder that holds images, in natural order of their
    /// paths, their entries made now.
    public var albums: [Album] {
        albumRanges.map { Album(name: $0.name, images: $0.range.map { images[$0] }) }
    }

    /// Every image in reading order, made now: loose images first, then each album.
    public var allImages: [ImageEntry] { images.entries }
}
