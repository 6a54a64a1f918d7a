import Gallery
import Pager

/// Moves to the trash this session and the one under way: the images
/// trashed, the last first to come back (undo), each with the gallery and
/// page from before it went; and the image whose page is sliding away,
/// which leaves the gallery when the pager settles. The files themselves
/// move in `BrowserSession+Trash.swift` (``Trash``); this holds what to undo
/// and decides where the pager goes.
///
/// ```swift
/// var history = TrashHistory()
/// guard let removal = TrashHistory.removal(of: page, in: layout, title: "p") else { return }
/// history.record(trashedFile, removal: removal, from: layout, at: page)
/// if let flip = removal.flip { model.apply(.flip(flip), time: now) }   // then, settled:
/// history.takeRemoval()   // the gallery without it, and where to land
/// ```
struct TrashHistory {
    /// Images moved to the trash in one step (one, or every marked one),
    /// and the gallery from before.
    struct Entry {
        let files: [TrashedFile]
        let layout: GalleryLayout
        let page: PageIndex
        /// The paths among `files` that were marked: undo marks them again.
        var marked: [String] = []
        /// A saved turn (`TurnSave.swift`): the turned file that took the
        /// original's name, which undo replaces with the original.
        var turned: TurnSaveFile.FileIdentity?
    }

    /// An image moved to the trash, on its way out of the gallery.
    struct Removal {
        /// The gallery without it.
        let layout: GalleryLayout
        let title: String
        /// Where the pager lands in that gallery: on the image that took its
        /// place, which is what the slide shows.
        let landing: PageIndex
        /// The flip that slides its page away; nil when it goes at once.
        let flip: FlipDirection?
    }

    /// Trashed this session, oldest first.
    private(set) var entries: [Entry] = []
    /// The removal waiting for the pager to settle.
    private(set) var pending: Removal?

    /// An image's page is sliding away: no other move to the trash or undo until it is gone.
    var isRemoving: Bool { pending != nil }

    /// The last image trashed, the next to come back.
    var last: Entry? { entries.last }

    /// How the image on `page` of `layout` leaves it: the pager slides to
    /// the image that takes its place, the next in the row, else the one
    /// before; alone in its row, or in a wrapping gallery, it goes at once.
    /// The pager's page index stays where the image it shows will be once
    /// the gallery has lost the trashed one. Nil when no image is there.
    static func removal(of page: PageIndex, in layout: GalleryLayout, title: String) -> Removal? {
        guard let ordinal = layout.ordinal(of: page), let here = layout.canonicalPage(page) else { return nil }
        let remaining = layout.removing(ordinal: ordinal)
        if !layout.wrap, here.h + 1 < layout.rowLength(here.v), layout.horizontalPages != 0 {
            return Removal(layout: remaining, title: title, landing: page, flip: .right)
        }
        if !layout.wrap, here.h > 0 {
            return Removal(layout: remaining, title: title, landing: PageIndex(h: page.h - 1, v: page.v), flip: .left)
        }
        return Removal(layout: remaining, title: title, landing: page, flip: nil)
    }

    /// `file` was moved to the trash from `page` of `layout`; `removal`
    /// waits for ``takeRemoval()``.
    mutating func record(_ file: TrashedFile, removal: Removal, from layout: GalleryLayout, at page: PageIndex) {
        entries.append(Entry(files: [file], layout: layout, page: page))
        pending = removal
    }

    /// The image on screen left the folder from outside (the folder watch):
    /// its page slides away as a trashed one does, with nothing to undo.
    mutating func slideAway(_ removal: Removal) {
        pending = removal
    }

    /// The marked images went to the trash together from `page` of
    /// `layout`: they leave the gallery at once (no slide), and come back
    /// together, marked again (those in `remarked`, when given: the
    /// compare view's others, of which only the marked ones were).
    mutating func record(marked files: [TrashedFile], from layout: GalleryLayout, at page: PageIndex,
                         remarked: [String]? = nil) {
        entries.append(Entry(files: files, layout: layout, page: page, marked: remarked ?? files.map(\.path)))
    }

    /// A turn was saved into the image on `page`: `original` went to the
    /// trash and the file `turned` took its name; the gallery stays as it is.
    mutating func record(savedTurn original: TrashedFile, replacedBy turned: TurnSaveFile.FileIdentity,
                         from layout: GalleryLayout, at page: PageIndex) {
        entries.append(Entry(files: [original], layout: layout, page: page, turned: turned))
    }

    /// `layout` without the images at `ordinals`, and where the pager lands
    /// in it: on the current image (at `ordinal`) when it stays, else on the
    /// first image after it that stays, else the last before it. Nil when
    /// no image stays (the landing is then the first page).
    static func remaining(removing ordinals: Set<Int>, from layout: GalleryLayout,
                          current ordinal: Int) -> (layout: GalleryLayout, landing: PageIndex?) {
        var remaining = layout
        for gone in ordinals.sorted(by: >) { remaining = remaining.removing(ordinal: gone) }
        let kept = (ordinal..<layout.count).first { !ordinals.contains($0) }
            ?? (0..<min(ordinal, layout.count)).last { !ordinals.contains($0) }
        let landing = kept.flatMap { kept in remaining.page(ofOrdinal: kept - ordinals.filter { $0 < kept }.count) }
        return (remaining, landing)
    }

    /// The removal under way, now done (the pager settled, or there was no slide).
    mutating func takeRemoval() -> Removal? {
        defer { pending = nil }
        return pending
    }

    /// The last image is back where it was.
    mutating func restored() {
        entries.removeLast()
    }
}
