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
        /// Paths in the gallery written again: decode them again.
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
        var tally = Tally(original: Set(images.entries.map(\.path)))
        for change in changes {
            switch change {
            case .written(let path):
                if album(of: path) != nil { tally.write(path) } else { tally.ignored += 1 }
            case .removed(let path):
                if !tally.remove(path) { tally.ignored += 1 }
            case .renamed(let from, let to):
                tally.rename(from: from, to: to, taken: album(of: to) != nil)
            case .listed(let path):
                if album(of: path) == nil { tally.ignored += 1 } else if !tally.isPresent(path) { tally.write(path) }
            case .folderRemoved(let folder):
                let prefix = folder + "/"
                for path in tally.present(under: prefix) { tally.remove(path) }
            }
        }
        // A renamed image is not kept under its old name: it shows under the new one.
        let keep = kept.flatMap { kept in tally.renamed.contains { $0.from == kept } ? nil : kept }
        let contents = rebuilt(images, tally: tally, kept: keep)
        let renamedFrom = Set(tally.renamed.map(\.from)), renamedTo = Set(tally.renamed.map(\.to))
        // In the gallery's order (no sort: a burst's thousands cost a pass).
        let now = contents.images.entries.map(\.path)
        let before = tally.gone.isEmpty ? [] : images.entries.map(\.path)
        return Result(contents: contents,
                      added: now.filter { tally.new.contains($0) && !renamedTo.contains($0) },
                      removed: before.filter { tally.gone.contains($0) && !renamedFrom.contains($0) },
                      rewritten: now.filter { tally.rewritten.contains($0) },
                      renamed: tally.renamed,
                      ignored: tally.ignored)
    }

    /// The images after the tally: each album without what left and with
    /// what joined in its place, new albums among the others.
    private func rebuilt(_ images: ImageList, tally: Tally, kept: String?) -> FolderContents {
        var groups: [(album: String, folder: String, names: [String])] = []
        for (number, run) in images.runs.enumerated() {
            let album = run.album ?? ""
            let names = (run.start..<images.runEnd(number)).map { images.names[$0] }
                .filter { name in
                    let path = LexicalPath.joined(run.folder, name)
                    return !tally.gone.contains(path) || path == kept
                }
            if let last = groups.last, last.album == album {
                groups[groups.count - 1].names += names
            } else {
                groups.append((album, run.folder, names))
            }
        }
        var joining: [String: [String]] = [:]
        for path in tally.new { joining[album(of: path) ?? "", default: []].append(LexicalPath.lastComponent(path)) }
        for (album, names) in joining {
            if let index = groups.firstIndex(where: { $0.album == album }) {
                groups[index].names = merged(groups[index].names, names, folder: groups[index].folder)
            } else {
                let folder = album.isEmpty ? root : LexicalPath.joined(root, album)
                let index = album.isEmpty ? 0 : albumPosition(album, among: groups.map(\.album))
                groups.insert((album, folder, merged([], names, folder: folder)), at: index)
            }
        }
        let loose = groups.first { $0.album.isEmpty }.map { group in
            group.names.map { ImageEntry(path: LexicalPath.joined(root, $0), name: $0, album: nil) }
        } ?? []
        let albums = groups.filter { !$0.album.isEmpty && !$0.names.isEmpty }.map { group in
            Album(name: group.album, images: group.names.map {
                ImageEntry(path: LexicalPath.joined(group.folder, $0), name: $0, album: group.album)
            })
        }
        return FolderContents(root: root, title: title, looseImages: loose, albums: albums, skipped: 0)
    }

    /// Where a new album goes among `albums` (in the gallery's order; ""
    /// is the loose images, always first): natural order of names.
    private func albumPosition(_ album: String, among albums: [String]) -> Int {
        let reverse = order.reverse
        return albums.firstIndex { other in
            !other.isEmpty && (reverse ? NaturalOrder.precedes(other, album) : NaturalOrder.precedes(album, other))
        } ?? albums.count
    }

    /// `existing` (in the gallery's order) with `joining` put in their
    /// places: found by binary search, so a burst costs k·log n comparisons,
    /// each name's comparison key made once.
    private func merged(_ existing: [String], _ joining: [String], folder: String) -> [String] {
        let ranks = SortKeys(names: existing, folder: folder, edit: self)
        let adding = SortKeys(names: joining, folder: folder, edit: self)
        let order = (0..<joining.count).sorted { adding.precedes($0, $1, in: adding) }
        if self.order.key == .random { return existing + order.map { joining[$0] } }
        var result: [String] = []
        result.reserveCapacity(existing.count + joining.count)
        var next = 0
        for index in order {
            // The first existing name that this one precedes, at or after `next`.
            var low = next, high = existing.count
            while low < high {
                let mid = (low + high) / 2
                if adding.precedes(index, mid, in: ranks) { high = mid } else { low = mid + 1 }
            }
            result += existing[next..<low]
            result.append(joining[index])
            next = low
        }
        return result + existing[next...]
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
private struct Tally {
    /// The gallery's paths before the batch.
    let original: Set<String>
    /// Original paths that left.
    var gone: Set<String> = []
    /// Paths that joined.
    var new: Set<String> = []
    var rewritten: Set<String> = []
    var renamed: [(from: String, to: String)] = []
    /// The new names of renamed images (a rename of one renames on).
    private var renamedTo: Set<String> = []
    var ignored = 0

    init(original: Set<String>) { self.original = original }

    func isPresent(_ path: String) -> Bool {
        new.contains(path) || (original.contains(path) && !gone.contains(path))
    }

    /// Paths present under `prefix` (a folder and its slash).
    func present(under prefix: String) -> [String] {
        (original.subtracting(gone).union(new)).filter { $0.hasPrefix(prefix) }
    }

    /// A file the gallery takes was written: it joins, or is rewritten.
    mutating func write(_ path: String) {
        if original.contains(path) {
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
        guard original.contains(path), gone.insert(path).inserted else { return false }
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
        if wasPresent && !replaces && (original.contains(from) || renamedTo.contains(from)) {
            renamed.append((from, to))
            renamedTo.insert(to)
        }
    }
}

/// The sort keys of an album's names, each made when first compared: the
/// natural-order key, and for `mtime` and `size` the file's status. A class,
/// so one list can compare its names among themselves.
private final class SortKeys {
    let names: [String]
    let folder: String
    let edit: GalleryEdit
    private var natural: [NaturalOrder.Key?]
    private var status: [Int64?]

    init(names: [String], folder: String, edit: GalleryEdit) {
        self.names = names
        self.folder = folder
        self.edit = edit
        natural = Array(repeating: nil, count: names.count)
        status = Array(repeating: nil, count: names.count)
    }

    func key(_ index: Int) -> NaturalOrder.Key {
        if let known = natural[index] { return known }
        let made = NaturalOrder.Key(names[index])
        natural[index] = made
        return made
    }

    func status(_ index: Int) -> Int64 {
        if let known = status[index] { return known }
        let value = edit.statusKey(LexicalPath.joined(folder, names[index]), edit.order.key)
        status[index] = value
        return value
    }

    /// Whether this list's name `a` comes before `other`'s name `b` in the edit's order.
    func precedes(_ a: Int, _ b: Int, in other: SortKeys) -> Bool {
        let reverse = edit.order.reverse
        if edit.order.key == .mtime || edit.order.key == .size {
            let (x, y) = (status(a), other.status(b))
            if x != y { return reverse ? y < x : x < y }
        }
        let order = NaturalOrder.compare(key(a), other.key(b))
        return reverse ? order > 0 : order < 0
    }
}
