/// A gallery's images in reading order, stored compactly: runs of images
/// that share a folder and an album, each image only its name in one
/// ``ImageNames`` store. An ``ImageEntry`` is made when a page asks for it,
/// so a million images cost their names' bytes and 4 bytes each, not three
/// `String`s each.
///
/// ```swift
/// var list = ImageList()
/// list.append(folder: "/photos", album: nil, names: ImageNames(["a.jpg", "b.jpg"]))
/// list[1].path                                  // "/photos/b.jpg"
/// list.firstIndex(ofPath: "/photos/a.jpg")      // 0
/// ```
public struct ImageList: Sendable, Equatable {
    /// Images that share a folder and an album, one after another.
    struct Run: Sendable, Equatable {
        /// Position of the run's first image in the list.
        var start: Int
        /// Absolute, normalised folder of the run's images.
        var folder: String
        var album: String?
    }

    /// The runs in order; each ends where the next starts (the last at `count`).
    private(set) var runs: [Run] = []
    /// Every image's file name, in reading order.
    public private(set) var names = ImageNames()

    /// An empty list.
    public init() {}

    /// The list of `entries` in their order: consecutive entries in the
    /// same folder and album share a run.
    public init(_ entries: [ImageEntry]) {
        for entry in entries {
            let folder = LexicalPath.parent(entry.path)
            if let last = runs.last, last.folder == folder, last.album == entry.album {
                names.append(LexicalPath.lastComponent(entry.path))
            } else {
                append(folder: folder, album: entry.album, names: ImageNames([LexicalPath.lastComponent(entry.path)]))
            }
        }
    }

    /// Number of images.
    public var count: Int { names.count }

    /// Whether there are no images.
    public var isEmpty: Bool { names.isEmpty }

    /// Adds `names`, all in `folder` (absolute, normalised) and `album`.
    public mutating func append(folder: String, album: String?, names more: ImageNames) {
        guard !more.isEmpty else { return }
        if names.isEmpty {
            // The first run takes the store as it is: no copy.
            runs = [Run(start: 0, folder: folder, album: album)]
            names = more
            return
        }
        if let last = runs.last, last.folder == folder, last.album == album {
            names.append(contentsOf: more)
            return
        }
        runs.append(Run(start: names.count, folder: folder, album: album))
        names.append(contentsOf: more)
    }

    /// Adds the images `range` of `other`.
    public mutating func append(_ other: ImageList, range: Range<Int>) {
        guard !range.isEmpty else { return }
        var position = range.lowerBound
        while position < range.upperBound {
            let run = other.runIndex(of: position)
            let end = min(range.upperBound, other.runEnd(run))
            append(folder: other.runs[run].folder, album: other.runs[run].album,
                   names: other.names.slice(position..<end))
            position = end
        }
    }

    /// The image at `index`, made now.
    public subscript(index: Int) -> ImageEntry {
        let run = runs[runIndex(of: index)]
        let name = names[index]
        return ImageEntry(path: LexicalPath.joined(run.folder, name), name: name, album: run.album)
    }

    /// Every image, made now (for small galleries and tests; a big one
    /// should be read a page at a time).
    public var entries: [ImageEntry] { (0..<count).map { self[$0] } }

    /// The position of the image whose path is `path` (absolute,
    /// normalised), comparing bytes in the store.
    public func firstIndex(ofPath path: String) -> Int? {
        let folder = LexicalPath.parent(path)
        var name = LexicalPath.lastComponent(path)
        return name.withUTF8 { wanted -> Int? in
            for (number, run) in runs.enumerated() where run.folder == folder {
                for index in run.start..<runEnd(number) {
                    if names.withName(at: index, { $0.elementsEqual(wanted) }) { return index }
                }
            }
            return nil
        }
    }

    /// Removes the image at `index`; the images after it move down by one.
    public mutating func remove(at index: Int) {
        let run = runIndex(of: index)
        names.remove(at: index)
        for later in (run + 1)..<runs.count { runs[later].start -= 1 }
        if runEnd(run) == runs[run].start { runs.remove(at: run) }
    }

    /// The buffers trimmed to their contents (see ``ImageNames/compacted()``).
    public func compacted() -> ImageList {
        var list = self
        list.names = names.compacted()
        return list
    }

    /// Bytes the names' buffers have allocated (the runs are a few per album).
    public var allocatedBytes: Int { names.allocatedBytes }

    /// The run holding image `index` (binary search over the runs' starts).
    func runIndex(of index: Int) -> Int {
        var low = 0, high = runs.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if runs[mid].start <= index { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// Where run `run` ends.
    func runEnd(_ run: Int) -> Int {
        run + 1 < runs.count ? runs[run + 1].start : count
    }
}
