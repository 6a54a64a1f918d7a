import Gallery
import Pager

/// The compare view's actions that reach past it (``CompareScreen``):
/// opening it on the marked images (or the current one and the next),
/// keeping one (it alone marked among them) and moving the others to the
/// trash in one step that `u` undoes.
extension BrowserSession {
    func openCompare(at time: Double) {
        guard let layout = gallery.folder?.layout, !trashHistory.isRemoving else {
            return showNotice("Nothing to compare yet", at: time)
        }
        let current = layout.ordinal(of: model.currentPage) ?? 0
        guard let ordinals = CompareSelection.ordinals(marked: marks.ordinals(in: layout), current: current,
                                                       count: layout.count) else {
            return showNotice("Compare needs two images", at: time)
        }
        if marks.count > CompareSelection.most {
            showNotice("Comparing the first \(CompareSelection.most) of \(marks.count) marked", at: time)
        }
        compare.open(layout: layout, ordinals: ordinals, width: screen.size.width, height: screen.size.height,
                     scale: screen.window.scale, turns: viewTurns, time: time)
    }

    /// Keeps the image of cell `index`: marked, the other compared images unmarked.
    func keepCompared(_ index: Int?, at time: Double) {
        let entries = compare.entries
        guard let index, index < entries.count else { return }
        marks.unmark(entries.map(\.path))
        marks.mark([entries[index].path])
        compare.kept = index
        marksChanged("keep", file: entries[index].path, at: time)
    }

    /// The compared images but the one kept go to the trash together, all or
    /// nothing; the view closes on the kept image's page. Undo brings them
    /// back, unmarked as keeping left them.
    func trashOthers(at time: Double) {
        guard options.allowsDelete else { return showNotice("Delete is off (--no-delete)", at: time) }
        let entries = compare.entries
        guard let kept = compare.kept, kept < entries.count else {
            return showNotice("First keep one: " + (keyMap.keyLabel(of: .keepFirstCompared) ?? "1") + "–4 or a click",
                              at: time)
        }
        guard let folder = gallery.folder, let trash = Trash.standard() else {
            return showNotice("No trash: neither XDG_DATA_HOME nor HOME is set", at: time)
        }
        let others = entries.enumerated().filter { $0.offset != kept }.map(\.element.path)
        guard let moved = moveAllToTrash(others, trash: trash, at: time) else { return }
        let layout = folder.layout
        let gone = Set(others.compactMap { path in compare.ordinals.first { entryPath(layout, $0) == path } })
        let keptOrdinal = compare.ordinals[kept]
        let (remaining, _) = TrashHistory.remaining(removing: gone, from: layout, current: keptOrdinal)
        // Keeping already unmarked them: undo brings them back unmarked.
        trashHistory.record(marked: moved, from: layout, at: model.currentPage, remarked: [])
        compare.close(how: "trash", time: time)
        let landing = remaining.page(ofOrdinal: keptOrdinal - gone.filter { $0 < keptOrdinal }.count)
        replaceGallery(with: remaining, title: folder.title, page: landing ?? PageIndex(h: 0, v: 0), at: time)
        slotLoader.loadAll()
        showNotice("Moved \(moved.count) image" + (moved.count == 1 ? "" : "s") + " to the trash"
                   + (keyMap.keyLabel(of: .undo).map { " — \($0) to undo" } ?? ""), at: time)
    }

    private func entryPath(_ layout: GalleryLayout, _ ordinal: Int) -> String? {
        layout.page(ofOrdinal: ordinal).flatMap(layout.entry(at:))?.path
    }
}
