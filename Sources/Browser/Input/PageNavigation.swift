import Pager

/// Where Home and End go, which depends on what the pages hold.
///
/// Home and End go to the first and last page of the current row (the
/// current album in an albums layout); with Ctrl, to the first and last
/// image of the whole gallery.
///
/// ```swift
/// let demo = DemoNavigation()
/// demo.home(from: PageIndex(h: 7, v: 3), wholeGallery: false)   // (0, 3)
/// ```
public protocol PageNavigation: Sendable {
    /// The page Home goes to from `page`, or `nil` when there is none.
    func home(from page: PageIndex, wholeGallery: Bool) -> PageIndex?
    /// The page End goes to from `page`, or `nil` when there is none (an infinite row).
    func end(from page: PageIndex, wholeGallery: Bool) -> PageIndex?
}

/// The infinite demo gallery: Home returns to column 0 (Ctrl: to (0, 0));
/// an infinite row has no end, so End does nothing.
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
