/// The albums of a gallery's ``ImageList`` (each a folder and a range of
/// the list) and which names each holds, for ``GalleryEdit``: a path is
/// found by hashing the bytes of its album's names in the store, made once
/// per album a batch touches, so an edit costs the albums it changes, not
/// the whole gallery, and no `String` per image.
///
/// ```swift
/// let lookup = AlbumLookup(layout.images)
/// lookup.index(of: "/p/trip/a.jpg")   // its position in the list, or nil
/// ```
final class AlbumLookup {
    /// One album: "" for the root's own images.
    struct Group {
        let album: String
        let folder: String
        let range: Range<Int>
    }

    let images: ImageList
    /// The albums in the list's order.
    let groups: [Group]
    private let groupOfFolder: [String: Int]
    /// Per group touched: each name's hash → its positions.
    private var hashes: [Int: [UInt64: [Int]]] = [:]

    init(_ images: ImageList) {
        self.images = images
        var groups: [Group] = []
        for (number, run) in images.runs.enumerated() {
            let album = run.album ?? "", end = images.runEnd(number)
            if let last = groups.last, last.album == album, last.folder == run.folder, last.range.upperBound == run.start {
                groups[groups.count - 1] = Group(album: album, folder: run.folder, range: last.range.lowerBound..<end)
            } else {
                groups.append(Group(album: album, folder: run.folder, range: run.start..<end))
            }
        }
        self.groups = groups
        var byFolder: [String: Int] = [:]
        for (index, group) in groups.enumerated() where byFolder[group.folder] == nil { byFolder[group.folder] = index }
        groupOfFolder = byFolder
    }

    /// The group holding the images of `folder`, if any.
    func group(ofFolder folder: String) -> Int? { groupOfFolder[folder] }

    /// The position of `path` in the list, or nil.
    func index(of path: String) -> Int? {
        guard let group = groupOfFolder[LexicalPath.parent(path)] else { return nil }
        var name = LexicalPath.lastComponent(path)
        return name.withUTF8 { wanted in
            let table = hashTable(group)
            return table[ThumbnailChecksum.fnv1a(wanted)]?.first { index in
                images.names.withName(at: index) { $0.elementsEqual(wanted) }
            }
        }
    }

    func contains(_ path: String) -> Bool { index(of: path) != nil }

    /// Every path in the folders at or under `folder`.
    func paths(under folder: String) -> [String] {
        groups.filter { $0.folder == folder || $0.folder.hasPrefix(folder + "/") }.flatMap { group in
            group.range.map { LexicalPath.joined(group.folder, images.names[$0]) }
        }
    }

    private func hashTable(_ group: Int) -> [UInt64: [Int]] {
        if let table = hashes[group] { return table }
        var table: [UInt64: [Int]] = [:]
        table.reserveCapacity(groups[group].range.count)
        for index in groups[group].range {
            table[images.names.withName(at: index) { ThumbnailChecksum.fnv1a($0) }, default: []].append(index)
        }
        hashes[group] = table
        return table
    }
}
