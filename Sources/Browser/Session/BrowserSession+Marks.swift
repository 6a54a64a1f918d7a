import Gallery
import Pager

/// Marks (``Marks``): the images the user picked, in the pages or the
/// overview, for the actions that then take them all (the trash, copy, the
/// slideshow, `--print-marked` on quit). Each change writes its `marked`
/// line and says the count in a notice.
extension BrowserSession {
    /// The image a mark key is about: the overview's highlighted one while
    /// it shows, else the current page's.
    var markTarget: ImageEntry? {
        if overview.isInteractive, let focus = overview.model?.focus { return gallery.entry(at: focus) }
        return currentEntry
    }

    func toggleMark(at time: Double) {
        guard let entry = markTarget else { return showNotice("No image here to mark", at: time) }
        let marked = marks.toggle(entry.path)
        marksChanged(marked ? "mark" : "unmark", file: entry.path, at: time)
    }

    /// Shift+click in the overview: every image from the one highlighted
    /// before the click to the one clicked (``OverviewScreen/markRange``).
    func markRange(at time: Double) {
        guard let layout = gallery.folder?.layout, let range = overview.markRange,
              let from = layout.ordinal(of: range.from), let to = layout.ordinal(of: range.to) else { return }
        let paths = (min(from, to)...max(from, to)).compactMap { layout.page(ofOrdinal: $0).flatMap(layout.entry(at:))?.path }
        marks.mark(paths)
        marksChanged("range", at: time)
    }

    func invertMarks(at time: Double) {
        guard let layout = gallery.folder?.layout else { return showNotice("No images to mark", at: time) }
        marks.invert(in: layout)
        marksChanged("invert", at: time)
    }

    func clearMarks(at time: Double) {
        marks.clear()
        marksChanged("clear", at: time)
    }

    /// `N` / `P`: the next (previous) marked image, round the gallery's end:
    /// in the pages the pager goes there, in the overview the highlight does.
    func goToMarked(forward: Bool, at time: Double) {
        guard let layout = gallery.folder?.layout, !marks.isEmpty else { return showNotice("No image is marked", at: time) }
        let inOverview = overview.isInteractive && overview.model != nil
        let start = inOverview ? overview.model?.focus ?? model.currentPage : model.currentPage
        let here = layout.ordinal(of: start) ?? 0
        guard let next = marks.next(after: here, in: layout, forward: forward),
              let page = layout.page(ofOrdinal: next) else { return }
        if next == here { return showNotice("This is the only marked image", at: time) }
        if inOverview {
            overview.highlight(page, time: time)
        } else {
            model.go(to: page, animated: true, time: time)
        }
    }

    /// The `marked` line and the notice for a change of the marks.
    func marksChanged(_ operation: String, file: String? = nil, at time: Double) {
        logMarks(operation, file: file, at: time)
        showNotice(marks.summary, at: time)
    }

    /// The `marked` line alone (the trash says its own notice).
    func logMarks(_ operation: String, file: String? = nil, at time: Double) {
        log?.write(.marked(operation: operation, file: file, count: marks.count), time: time)
    }
}
