extension GalleryEdit {
    /// Makes the gallery's new list from the old one and a batch's
    /// ``Tally``: an album no change touches is copied whole (its names'
    /// bytes, no `String` per image); one that changed is copied around
    /// what left, with what joined put in its places by binary search.
    struct Builder {
        let edit: GalleryEdit
        let lookup: AlbumLookup
        private(set) var list = ImageList()
        /// How many of `list` are the root's own images (they come first).
        private(set) var looseCount = 0
        private(set) var ranges: [(name: String, range: Range<Int>)] = []
        /// Paths that joined and left, in the gallery's order.
        private(set) var added: [String] = []
        private(set) var removed: [String] = []

        init(edit: GalleryEdit, lookup: AlbumLookup) {
            self.edit = edit
            self.lookup = lookup
        }

        /// Builds the list: the albums in their order, new ones among them.
        mutating func build(tally: Tally, kept: String?) {
            var goneAt: [Int: [Int]] = [:]
            for path in tally.gone where path != kept {
                guard let group = lookup.group(ofFolder: LexicalPath.parent(path)), let index = lookup.index(of: path) else { continue }
                goneAt[group, default: []].append(index)
            }
            var joining: [String: [String]] = [:]
            for path in tally.new { joining[edit.album(of: path) ?? "", default: []].append(LexicalPath.lastComponent(path)) }
            var plan: [(album: String, folder: String, group: Int?)] = lookup.groups.enumerated().map { ($1.album, $1.folder, $0) }
            for album in joining.keys.sorted() where !plan.contains(where: { $0.album == album }) {
                let folder = album.isEmpty ? edit.root : LexicalPath.joined(edit.root, album)
                plan.insert((album, folder, nil), at: album.isEmpty ? 0 : edit.albumPosition(album, among: plan.map(\.album)))
            }
            for entry in plan {
                let start = list.count
                let range = entry.group.map { lookup.groups[$0].range } ?? 0..<0
                let names = joining.removeValue(forKey: entry.album) ?? []
                let gone = entry.group.flatMap { goneAt[$0] } ?? []
                if gone.isEmpty && names.isEmpty {
                    list.append(lookup.images, range: range)
                } else {
                    appendEdited(range, folder: entry.folder, album: entry.album, gone: gone.sorted(), joining: names)
                }
                guard list.count > start else { continue }   // an album left empty goes
                if entry.album.isEmpty { looseCount = list.count - start } else { ranges.append((entry.album, start..<list.count)) }
            }
        }

        /// The album at `range` of the old list without the positions
        /// `gone` (sorted) and with `joining` in their places.
        private mutating func appendEdited(_ range: Range<Int>, folder: String, album: String, gone: [Int],
                                           joining: [String]) {
            let old = lookup.images.names
            let keyed = joining.map { edit.sortKey($0, folder: folder) }.sorted(by: edit.precedes)
            var probed: [Int: GalleryEdit.SortKey] = [:]   // the search's first steps repeat
            var cursor = range.lowerBound, nextGone = 0
            for name in keyed {
                var low = cursor, high = range.upperBound
                if edit.order.key == .random { low = high }   // a shuffled album grows at its end
                while low < high {
                    let mid = (low + high) / 2
                    let stored = probed[mid] ?? edit.sortKey(old[mid], folder: folder)
                    probed[mid] = stored
                    if edit.precedes(name, stored) { high = mid } else { low = mid + 1 }
                }
                appendKept(cursor..<low, folder: folder, gone: gone, next: &nextGone)
                list.append(folder: folder, album: album.isEmpty ? nil : album, names: ImageNames([name.name]))
                added.append(LexicalPath.joined(folder, name.name))
                cursor = low
            }
            appendKept(cursor..<range.upperBound, folder: folder, gone: gone, next: &nextGone)
        }

        /// `range` of the old list but the positions in `gone` (from `next` on).
        private mutating func appendKept(_ range: Range<Int>, folder: String, gone: [Int], next: inout Int) {
            var start = range.lowerBound
            while next < gone.count, gone[next] < range.upperBound {
                let index = gone[next]
                list.append(lookup.images, range: start..<index)
                removed.append(LexicalPath.joined(folder, lookup.images.names[index]))
                start = index + 1
                next += 1
            }
            list.append(lookup.images, range: start..<range.upperBound)
        }
    }
}
