import Pager

/// What a page shows: an image file, or a page of the built-in procedural
/// demo gallery.
///
/// ```swift
/// let source: PageSource = layout.entry(at: page).map(PageSource.file) ?? .demo(page)
/// ```
public enum PageSource: Sendable, Hashable {
    case file(ImageEntry)
    /// The procedural demo page (h, v), visibly different per page.
    case demo(PageIndex)
}
