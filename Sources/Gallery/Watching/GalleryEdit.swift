#if canImport(Glibc)
import Glibc
#endif

/// Turns a batch of ``FolderChange``s into the gallery's new images: the
/// pure half of the folder watch (the inotify reader is ``FolderWatcher``).
///
/// A file joins its album (its folder relative to `root`; the root's own
/// images are the loose ones) at the place the gallery's ``ImageOrder``
/// puts it: in natural order of names, by modification time or size, or at
/// the album's end for `random`; a new subfolder with images becomes a new
/// album among the others in natural order. A file is taken as the scanner
/// takes it (``FolderScanner``): an image extension, no hidden (dot) name
/// or folder on the way, at most `maximumDepth` folders below the root;
/// others are ignored. A file written again that is in the gallery is
/// *rewritten* (to decode again); a rename keeps the image (marks and turns
/// follow it, ``Result/renamed``) and sorts it under its new name. Changes
/// apply in order, so a file deleted and written again in one batch is
/// rewritten, and one written and deleted again never shows.
///
/// ```swift
/// let edit = GalleryEdit(root: "/p", title: "p")
/// let result = edit.apply([.written("/p/b.jpg")], to: layout.images)
/// result.added                 // ["/p/b.jpg"]
/// GalleryLayout(contents: result.contents, style: .auto)   // the gallery now
/// ```
public struct GalleryEdit: Sendable {
    /// The watched folder (absolute, normalised): the scanned root.
    public let root: String
    /// The gallery's title, kept.
    public let title: String
    /// How many folder levels below the root hold albums.
    public let maximumDepth: Int
    /// The order new images are put in.
    public let order: ImageOrder
    /// A file's modification time (ns) or size for `mtime` and `size` orders.
    let statusKey: @Sendable (String, ImageOrder.Key) -> Int64

    /// What a batch did.
    public struct Result: Sendable {
        /// The gallery's images now, loose ones first, then each album.
        public let contents: FolderContents
        /// Paths that joined (not counting renames), in the gallery's order.
        public let added: [String]
        /// Paths that left (not counting renames), in the gallery's order before.
        public let removed: [String]
        /// Paths in the gallery written again (decode them again), in natural order.
        public let rewritten: [String]
        /// Images renamed, in the order it happened (a chain a→b→c is two).
        public let renamed: [(from: String, to: String)]
        /// Changes about files the gallery does not take (not images,
        /// hidden, outside the folders, too deep).
        public let ignored: Int

        /// Whether the images or their order changed (not only rewrites).
        public var changesImages: Bool { !added.isEmpty || !removed.isEmpty || !renamed.isEmpty }
        /// Whether the batch changed nothing the gallery shows.
        public var isEmpty: Bool { !changesImages && rewritten.isEmpty }
    }

    /// `GalleryEdit(root: "/p", title: "p", order: ImageOrder(key: .mtime))`.
    public init(root: String, title: String, maximumDepth: Int = FolderScanner.maximumAlbumDepth,
                order: ImageOrder = ImageOrder(),
                statusKey: @escaping @Sendable (String, ImageOrder.Key) -> Int64 = GalleryEdit.fileStatus) {
        self.root = root
        self.title = title
        self.maximumDepth = maximumDepth
        self.order = order
        self.statusKey = statusKey
    }

    /// The album `path` belongs in ("" for the root's own images), or nil
    /// when the gallery does not take the file.
    public func album(of path: String) -> String? {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        guard path.hasPrefix(prefix), path.count > prefix.count else { return nil }
        let components = path.dropFirst(prefix.count).split(separator: "/", omittingEmptySubsequences: false)
        guard components.count - 1 <= maximumDepth,
              components.allSatisfy({ !$0.isEmpty && !$0.hasPrefix(".") }),
              let name = components.last, ImageExtensions.matches(String(name)) else { return nil }
        return components.dropLast().joined(separator: "/")
    }

    /// Applies `changes` (in order) to the gallery's `images`. `kept`: an
    /// image that stays in the list even when removed (the page on screen,
    /// which slides away first); it is still reported in ``Result/removed``.
    public func apply(_ changes: [FolderChange], to images: ImageList, keeping kept: String? = nil) -> Result {
        let lookup = AlbumLookup(images)
        var tally = Tally(isOriginal: lookup.contains)
        for change in changes {
            switch change {
            case .written(let path):
                if album(of: path) != nil { tally.write(path) } else { tally.ignored += 1 }
            case .listed(let path):
                if album(of: path) == nil { tally.ignored += 1 } else if !tally.isPresent(path) { tally.write(path) }
            case .attributesChanged:
                // Changes no image (the browser reads its error pages again).
                continue
            case .removed(let path):
                if !tally.remove(path) { tally.ignored += 1 }
            case .renamed(let from, let to):
                tally.rename(from: from, to: to, taken: album(of: to) != nil)
            case .folderRemoved(let folder):
                for path in tally.present(under: folder, original: lookup.paths(under: folder)) { tally.remove(path) }
            }
        }
        // A renamed image is not kept under its old name: it shows under the new one.
        let keep = kept.flatMap { kept in tally.renamed.contains { $0.from == kept } ? nil : kept }
        var builder = Builder(edit: self, lookup: lookup)
        builder.build(tally: tally, kept: keep)
        let renamedFrom = Set(tally.renamed.map(\.from)), renamedTo = Set(tally.renamed.map(\.to))
        let contents = FolderContents(root: root, title: title, images: builder.list, looseCount: builder.looseCount,
                                      albumRanges: builder.ranges, skipped: 0)
        return Result(contents: contents, added: builder.added.filter { !renamedTo.contains($0) },
                      removed: builder.removed.filter { !renamedFrom.contains($0) } + (keep.map { tally.gone.contains($0) ? [$0] : [] } ?? []),
                      rewritten: NaturalOrder.sorted(Array(tally.rewritten)), renamed: tally.renamed,
                      ignored: tally.ignored)
    }

    /// The changes that make the gallery's `images` what a new listing of
    /// the folder `found` (a rescan): images no longer there are removed,
    /// new ones listed, in the gallery's and the listing's order. With
    /// `rewritingKept` (the folder was replaced by another), every image
    /// found is written instead, so those the gallery had are decoded again.
    public static func rescanChanges(from images: ImageList, to found: ImageList,
                                     rewritingKept: Bool) -> [FolderChange] {
        let before = (0..<images.count).map { images[$0].path }
        let now = (0..<found.count).map { found[$0].path }
        let had = Set(before), has = Set(now)
        let removed = before.filter { !has.contains($0) }.map(FolderChange.removed)
        let joining = rewritingKept ? now.map(FolderChange.written) : now.filter { !had.contains($0) }.map(FolderChange.listed)
        return removed + joining
    }

    /// Where a new album goes among `albums` (in the gallery's order; ""
    /// is the loose images, always first): natural order of names.
    func albumPosition(_ album: String, among albums: [String]) -> Int {
        let reverse = order.reverse
        return albums.firstIndex { other in
            !other.isEmpty && (reverse ? NaturalOrder.precedes(other, album) : NaturalOrder.precedes(album, other))
        } ?? albums.count
    }

    /// A name's sort keys: natural order, and its file's status (modification
    /// time or size) when the order is by one.
    struct SortKey {
        let name: String
        let natural: NaturalOrder.Key
        let status: Int64
    }

    /// The sort keys of `name` in `folder`.
    func sortKey(_ name: String, folder: String) -> SortKey {
        let byStatus = order.key == .mtime || order.key == .size
        return SortKey(name: name, natural: NaturalOrder.Key(name),
                       status: byStatus ? statusKey(LexicalPath.joined(folder, name), order.key) : 0)
    }

    /// Whether `a` comes before `b` in the edit's order.
    func precedes(_ a: SortKey, _ b: SortKey) -> Bool {
        if a.status != b.status { return order.reverse ? b.status < a.status : a.status < b.status }
        let compared = NaturalOrder.compare(a.natural, b.natural)
        return order.reverse ? compared > 0 : compared < 0
    }

    /// A file's modification time in nanoseconds, or its size, by `stat`;
    /// 0 when it is gone (as ``ImageOrder`` sorts a vanished file).
    public static func fileStatus(_ path: String, _ key: ImageOrder.Key) -> Int64 {
        var info = stat()
        guard stat(path, &info) == 0 else { return 0 }
        if key == .size { return Int64(info.st_size) }
        return Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    }
}

/// What a batch did to each path so far (``GalleryEdit/apply(_:to:keeping:)``).
struct Tally {
    /// Whether a path was in the gallery before the batch.
    let isOriginal: (String) -> Bool
    /// Original paths that left.
    var gone: Set<String> = []
    /// Paths that joined.
    var new: Set<String> = []
    var rewritten: Set<String> = []
    var renamed: [(from: String, to: String)] = []
    /// The new names of renamed images (a rename of one renames on).
    private var renamedTo: Set<String> = []
    var ignored = 0

    init(isOriginal: @escaping (String) -> Bool) { self.isOriginal = isOriginal }

    func isPresent(_ path: String) -> Bool {
        new.contains(path) || (!gone.contains(path) && isOriginal(path))
    }

    /// Paths present in `folder` or under it (`original`: the gallery's there).
    func present(under folder: String, original: [String]) -> [String] {
        original.filter { !gone.contains($0) } + new.filter { $0.hasPrefix(folder + "/") }
    }

    /// A file the gallery takes was written: it joins, or is rewritten.
    mutating func write(_ path: String) {
        if isOriginal(path) {
            gone.remove(path)
            rewritten.insert(path)
        } else {
            new.insert(path)
        }
    }

    /// `path` left; false when it was not in the gallery.
    @discardableResult
    mutating func remove(_ path: String) -> Bool {
        if new.remove(path) != nil { return true }
        guard !gone.contains(path), isOriginal(path) else { return false }
        gone.insert(path)
        rewritten.remove(path)
        return true
    }

    /// A rename: the image goes by its new name when the gallery takes it
    /// (`taken`), leaves when not; a file the gallery did not have joins.
    mutating func rename(from: String, to: String, taken: Bool) {
        let wasPresent = isPresent(from)
        if wasPresent { remove(from) }
        guard taken else {
            if !wasPresent { ignored += 1 }
            return
        }
        let replaces = isPresent(to)
        write(to)
        // Only an image the gallery had (or renamed) keeps marks and turns.
        if wasPresent && !replaces && (isOriginal(from) || renamedTo.contains(from)) {
            renamed.append((from, to))
            renamedTo.insert(to)
        }
    }
}
