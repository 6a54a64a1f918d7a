import Pager

/// Where the row's and the gallery's start and end are (the actions
/// ``Action/rowStart``, ``Action/rowEnd``, ``Action/galleryStart``,
/// ``Action/galleryEnd``), which depends on what the pages hold: the first
/// and last page of the current row (the current album in an albums
/// layout), or the first and last image of the whole gallery.
///
/// ```swift
/// let demo = DemoNavigation()
/// demo.home(from: PageIndex(h: 7, v: 3), wholeGallery: false)   // (0, 3)
/// ```
public protocol PageNavigation: Sendable {
    /// The start of the row (or the gallery) from `page`, or `nil` when there is none.
    func home(from page: PageIndex, wholeGallery: Bool) -> PageIndex?
    /// The end of the row (or the gallery) from `page`, or `nil` when there is none (an infinite row).
    func end(from page: PageIndex, wholeGallery: Bool) -> PageIndex?
}

/// The infinite demo gallery: the row's start is column 0, the gallery's
/// (0, 0); an infinite row has no end, so the end actions do nothing.
///
/// ```swift
/// DemoNavigation().end(from: PageIndex(h: 2, v: 0), wholeGallery: false)   // nil
/// ```
public struct DemoNavigation: PageNavigation {
    public init() {}

    public func home(from page: PageIndex, wholeGallery: Bool) -> PageIndex? {
        wholeGallery ? PageIndex(h: 0, v: 0) : PageIndex(h: 0, v: page.v)
    }

    public func end(from page: PageIndex, wholeGallery: Bool) -> PageIndex? { nil }
}
