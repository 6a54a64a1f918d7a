/// What the user asked to open: `fourway [PATH…] [-r] [--sort KEY] [--reverse]`,
/// with the paths of a `-` list already read in.
///
/// ```swift
/// var request = OpenRequest(paths: ["a.jpg", "trip", "b.png"])
/// request.order = ImageOrder(key: .mtime, sortsGivenFiles: true)
/// let contents = try SourceScanner.scan(request)
/// ```
public struct OpenRequest: Sendable, Equatable {
    /// Files and folders, in the order given.
    public var paths: [String]
    /// Whether one image given alone opens its folder at it
    /// (`fourway photo.jpg`, the default). False for a path that came from
    /// a list: a list names exactly the files to show.
    public var opensFolderOfLoneImage: Bool
    /// Every folder level, not only ``FolderScanner/maximumAlbumDepth``.
    public var recursive: Bool
    public var order: ImageOrder

    /// `OpenRequest(paths: ["/photos"])`.
    public init(paths: [String], opensFolderOfLoneImage: Bool = true, recursive: Bool = false,
                order: ImageOrder = ImageOrder()) {
        self.paths = paths
        self.opensFolderOfLoneImage = opensFolderOfLoneImage
        self.recursive = recursive
        self.order = order
    }

    /// How many folder levels below each folder given are searched.
    public var maximumDepth: Int { recursive ? .max : FolderScanner.maximumAlbumDepth }

    /// Whether this is a single folder, or a single image opened in its
    /// folder: the case the folder's first-image cache knows.
    public var isOneFolder: Bool { paths.count == 1 && opensFolderOfLoneImage }
}
