import Gallery

/// The image information panel's state: whose information it shows and its
/// lines (``ImageInfo``: the file, its size and dimensions, what its EXIF
/// says). It follows the pager: when the pages settle on another image, the
/// session reads that one's (`BrowserSession+Info.swift`).
///
/// ```swift
/// var panel = InfoPanel()
/// panel.show(path: "/p/a.jpg", lines: [InfoLine("Name", "a.jpg")])
/// panel.lines                            // ["Name\ta.jpg"]
/// panel.settled(onImage: "/p/b.jpg")     // "/p/b.jpg": show that one's now
/// ```
struct InfoPanel: Equatable {
    /// The image whose information shows; nil while the panel is hidden.
    private(set) var path: String?
    /// The panel's lines, "label\tvalue" (``Overlay`` aligns them on the tab).
    private(set) var lines: [String] = []

    var isShowing: Bool { path != nil }

    /// Shows the information of the image at `path`.
    mutating func show(path: String, lines: [InfoLine]) {
        self.path = path
        self.lines = lines.map { $0.label + "\t" + $0.value }
    }

    mutating func hide() {
        path = nil
        lines = []
    }

    /// The pages settled on the image at `path` (nil: a page with no image,
    /// which hides the panel). Returns the path whose information the panel
    /// must show now, or nil when it is hidden or already shows that image's.
    mutating func settled(onImage path: String?) -> String? {
        guard isShowing else { return nil }
        guard let path else {
            hide()
            return nil
        }
        return path == self.path ? nil : path
    }
}
