import Gallery
import Pager

/// The row's and the gallery's start and end in a folder
/// (``Action/rowStart``, ``Action/galleryEnd``…): the first/last image of
/// the current row (album), or of the whole gallery. In a single row or
/// column layout the row is the whole gallery either way. With `--wrap`,
/// "first of the row" means the start of the lap the view is on, so the
/// row's start never spins through a dozen wrapped copies.
///
/// ```swift
/// let navigation = GalleryNavigation(layout: layout)
/// navigation.end(from: PageIndex(h: 1, v: 2), wholeGallery: false)   // last image of row 2
/// ```
public struct GalleryNavigation: PageNavigation {
    public let layout: GalleryLayout

    public init(layout: GalleryLayout) {
        self.layout = layout
    }

    private var isSingleLine: Bool { layout.style == .row || layout.style == .column }

    public func home(from page: PageIndex, wholeGallery: Bool) -> PageIndex? {
        if wholeGallery || isSingleLine { return layout.page(ofOrdinal: 0) }
        guard let canonical = layout.canonicalPage(page) else { return PageIndex(h: 0, v: page.v) }
        return PageIndex(h: page.h - canonical.h, v: page.v)
    }

    public func end(from page: PageIndex, wholeGallery: Bool) -> PageIndex? {
        if wholeGallery || isSingleLine { return layout.page(ofOrdinal: layout.count - 1) }
        let length = layout.rowLength(page.v)
        guard length > 0 else { return nil }
        let start = home(from: page, wholeGallery: false)?.h ?? 0
        return PageIndex(h: start + length - 1, v: page.v)
    }
}
