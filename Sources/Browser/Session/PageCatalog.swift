import Gallery
import Pager

/// What each page shows: the demo gallery, nothing yet (the folder is
/// still being scanned), or a folder's images in a layout.
///
/// ```swift
/// let catalog = PageCatalog.folder(layout, title: "holiday")
/// catalog.source(at: PageIndex(h: 1, v: 0))   // .file(ImageEntry(…img2.jpg…))
/// ```
public enum PageCatalog: Sendable {
    case demo
    case scanning(title: String)
    case folder(GalleryLayout, title: String)

    /// What to decode for `page`, or `nil` for a page with no image (a hole,
    /// or anything while scanning).
    public func source(at page: PageIndex) -> PageSource? {
        switch self {
        case .demo: .demo(page)
        case .scanning: nil
        case .folder(let layout, _): layout.entry(at: page).map(PageSource.file)
        }
    }

    /// The window title's folder name.
    public var title: String {
        switch self {
        case .demo: "demo"
        case .scanning(let title), .folder(_, let title): title
        }
    }

    /// The caption of a page while it decodes: the file name, or "(h, v)".
    public func caption(at page: PageIndex) -> String {
        switch source(at: page) {
        case .file(let entry): entry.name
        case .demo, nil: page.description
        }
    }

    /// Where the row's and the gallery's start and end are.
    public var navigation: any PageNavigation {
        switch self {
        case .demo, .scanning: DemoNavigation()
        case .folder(let layout, _): GalleryNavigation(layout: layout)
        }
    }

    /// How the HUD names an order: `by name`, `by mtime, reversed`,
    /// `random (seed 7)`.
    public static func orderLabel(_ order: ImageOrder) -> String {
        order.key == .random ? order.description : "by " + order.description
    }

    /// The HUD's lines for `page`: folder or album, position and the order
    /// the images are in, file name and image size (when `image` is known).
    public func hudLines(at page: PageIndex, image: (width: Int, height: Int, format: String)?,
                         order: ImageOrder = ImageOrder()) -> [String] {
        var lines: [String] = []
        switch self {
        case .demo:
            return ["demo gallery", "\(page)"]
        case .scanning(let title):
            lines = [title, "\(page)"]
        case .folder(let layout, let title):
            lines.append(layout.rowTitle(page.v) ?? title)
            let position = layout.ordinal(of: page).map { String($0 + 1) } ?? "–"
            lines.append("\(page)   \(position)/\(layout.count)   " + Self.orderLabel(order))
            if let entry = layout.entry(at: page) {
                lines.append(entry.name)
            } else {
                lines.append(layout.style == .albums ? "end of album" : "no image here")
            }
        }
        if let image {
            lines.append("\(image.width) × \(image.height)   \(image.format)")
        }
        return lines
    }
}

extension PageCatalog {
    /// The folder is still being scanned.
    var isScanning: Bool {
        if case .scanning = self { return true }
        return false
    }
}
