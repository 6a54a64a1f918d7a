#if canImport(Glibc)
import Glibc
#endif
import ImageDecoding

/// What opening the user's paths starts, decided before anything starts:
/// where the gallery opens, which image decodes at once (before the scan has
/// listed anything), whether the folder's remembered first image is tried,
/// how nice the scan's thread is, and the window's title while it scans.
///
/// A value made from the request, the options and a few facts about the
/// paths (``OpeningProbe``: what kind of file a path is, the first-image
/// cache's entry), so every decision is tested without a window or, with a
/// made-up probe, without files. `Browser.run` (`Sources/Browser/Session/Browser.swift`)
/// carries it out.
///
/// - One image given alone opens its folder at that image (`start` becomes
///   the image, ``OpenRequest/isOneFolder``).
/// - A `start` that names a regular file, as a path, decodes at once
///   (``decodesAtOnce``); a name that is only found among the scanned
///   images (`--start IMG_0042.jpg`) waits for the scan.
/// - A folder opened alone, in natural order, with the cache on and no
///   `start`, asks the first-image cache (``rememberedFolder``): a
///   remembered first image decodes at once as a guess, and the scan then
///   runs niced from its start, since what the window waits for is decoding.
/// - The scan reports the first image it finds only when the gallery opens
///   at its first image (no `start`).
///
/// ```swift
/// let plan = OpeningPlan(request: OpenRequest(paths: ["trip/b.jpg"]), start: nil,
///                        usesCache: true, probe: FileSystemProbe())
/// plan.start           // .file("trip/b.jpg")
/// plan.decodesAtOnce   // "/home/me/trip/b.jpg"
/// plan.title           // "trip"
/// ```
public struct OpeningPlan: Sendable {
    /// What is opened, as asked.
    public let request: OpenRequest
    /// Where the gallery opens: the `--start` asked for, or the image given
    /// alone; nil for the first image in the order.
    public let start: StartImage?
    /// The image to decode before the scan finds it (absolute): the start
    /// image when it is a file named by its path.
    public let decodesAtOnce: String?
    /// The folder opened alone and its first-image cache entry: its
    /// remembered first image decodes at once as a guess, and the scan's
    /// first image is remembered there. Nil when the cache does not apply.
    public let rememberedFolder: RememberedFolder?
    /// The scanning thread's niceness until it finds the first image.
    public let scanNiceness: Int32
    /// The window's title (the folder's name, or how many paths) until the
    /// scan gives the gallery's.
    public let title: String

    /// The image guessed to come first, from the first-image cache.
    public var guess: String? { rememberedFolder?.firstImage }

    /// Whether the scan's first image is wanted (decoded, confirmed, and
    /// remembered): only when the gallery opens at its first image.
    public var reportsFirstImage: Bool { start == nil }

    /// Whether the window waits (a short grace) for the scan's first image
    /// or its error before it opens. Not when a guess is decoding: the
    /// guess's folder opened before, and the window should show it now.
    public var waitsForFirstImage: Bool { guess == nil }

    /// Decides how to open `request` at `start` (`--start`; nil for the
    /// first image), asking `probe` about the paths. `usesCache`: whether
    /// the first-image cache may be read and written (`--no-cache`: not).
    public init(request: OpenRequest, start: StartImage?, usesCache: Bool, probe: some OpeningProbe) {
        self.request = request
        let directory = probe.currentDirectory
        // One folder, or one image opened in its folder.
        let alone = request.isOneFolder ? request.paths[0] : nil
        let aloneKind = alone.flatMap(probe.kind(of:))
        let isFolder = aloneKind == .folder
        let start = start ?? Self.loneImage(alone, kind: aloneKind)
        self.start = start
        decodesAtOnce = Self.fileToDecode(start, probe: probe, directory: directory)
        let cached = isFolder && usesCache && start == nil && request.order.isNaturalOrder
        rememberedFolder = cached ? alone.flatMap { probe.rememberedFolder(LexicalPath.absolute($0, from: directory)) } : nil
        scanNiceness = rememberedFolder?.firstImage != nil ? WorkerThread.backgroundNiceness : 0
        title = Self.title(request, alone: alone, isFolder: isFolder, directory: directory)
    }

    /// The image given alone, which the gallery opens at: any path that is
    /// there and is not a folder (the scan says what is wrong with it).
    static func loneImage(_ alone: String?, kind: PathKind?) -> StartImage? {
        guard let alone, let kind, kind != .folder else { return nil }
        return .file(alone)
    }

    /// The start image's file, absolute, when it is a regular file.
    static func fileToDecode(_ start: StartImage?, probe: some OpeningProbe, directory: String) -> String? {
        guard case .file(let path)? = start, probe.kind(of: path) == .regularFile else { return nil }
        return LexicalPath.absolute(path, from: directory)
    }

    /// The folder's name (its own, or an image's folder's), or `N paths`.
    static func title(_ request: OpenRequest, alone: String?, isFolder: Bool, directory: String) -> String {
        guard let alone else {
            return "\(request.paths.count) path\(request.paths.count == 1 ? "" : "s")"
        }
        let absolute = LexicalPath.absolute(alone, from: directory)
        return LexicalPath.lastComponent(isFolder ? absolute : LexicalPath.parent(absolute))
    }
}

/// What kind of file a path is, symbolic links followed.
public enum PathKind: Sendable, Equatable {
    case folder
    case regularFile
    /// A FIFO, a device, a socket.
    case other
}

/// The facts about the paths that an ``OpeningPlan`` needs.
/// ``FileSystemProbe`` asks the file system; tests make their own.
public protocol OpeningProbe {
    /// The folder relative paths are taken from.
    var currentDirectory: String { get }
    /// What `path` is (relative to the current directory; links followed),
    /// nil when it cannot be looked at (missing, no permission).
    func kind(of path: String) -> PathKind?
    /// `folder`'s (absolute) entry in the first-image cache, nil when there
    /// is no cache or the folder cannot be identified.
    func rememberedFolder(_ folder: String) -> RememberedFolder?
}

/// A folder's place in the ``FirstImageCache``, as it is now.
public struct RememberedFolder: Sendable {
    public let cache: FirstImageCache
    /// The folder, absolute.
    public let folder: String
    /// The folder as it was before its scan (see ``FirstImageCache``).
    public let identity: FolderIdentity
    /// The image remembered to come first, a whole path; nil when the
    /// entry is missing, damaged or stale.
    public let firstImage: String?

    public init(cache: FirstImageCache, folder: String, identity: FolderIdentity, firstImage: String?) {
        self.cache = cache
        self.folder = folder
        self.identity = identity
        self.firstImage = firstImage
    }

    /// Stores `image` (a path in the folder) as its first image.
    public func remember(firstImage image: String) {
        cache.remember(folder: folder, identity: identity, firstImage: LexicalPath.lastComponent(image))
    }
}

/// The facts an ``OpeningPlan`` needs, from the file system: `stat` (links
/// followed, as the scan follows them) and ``FirstImageCache/standard()``.
public struct FileSystemProbe: OpeningProbe {
    public init() {}

    public var currentDirectory: String { LexicalPath.currentDirectory() }

    public func kind(of path: String) -> PathKind? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return .folder
        case S_IFREG: return .regularFile
        default: return .other
        }
    }

    public func rememberedFolder(_ folder: String) -> RememberedFolder? {
        guard let cache = FirstImageCache.standard(), let identity = FolderIdentity(of: folder) else { return nil }
        return RememberedFolder(cache: cache, folder: folder, identity: identity,
                                firstImage: cache.lookup(folder: folder, identity: identity))
    }
}
