import CSDL2

/// The text drawn over the pages: the HUD (top left), the key help (centre)
/// and a transient notice (bottom centre). Each is a translucent box of lines.
///
/// ```swift
/// let overlay = Overlay(pages: pages, text: text)
/// overlay.drawHUD(["holiday", "(2, 0) · 3/12", "img3.jpg", "4000 × 3000 · JPEG"], viewport: viewport)
/// ```
public struct Overlay {
    /// HUD text size relative to the viewport height, clamped to the range below.
    static let hudScale = 0.022
    static let hudSizeRange = 13...22
    /// Margin around boxes and padding inside them, px.
    static let margin = 12
    static let padding = 10
    /// The help box hides the page behind it more than the HUD does, 0…255.
    static let helpOpacity: UInt8 = 225

    /// The keys, as shown by `?`: what to press, what it does.
    public static let helpRows: [(keys: String, action: String)] = [
        ("drag (mouse or finger)", "move between pages"),
        ("touchpad two-finger swipe", "move between pages"),
        ("mouse wheel", "one page up / down"),
        ("Shift + wheel, tilt wheel", "one page left / right"),
        ("← → ↑ ↓   h l k j", "one page"),
        ("PageUp / PageDown", "previous / next row (album)"),
        ("Home / End", "first / last page of the row"),
        ("Ctrl + Home / End", "first / last image"),
        ("+ / -, Ctrl + wheel, pinch", "zoom in / out (drag pans, then pages)"),
        ("double-click / 0", "fit ↔ 1:1 pixels / back to fit"),
        ("Tab or o", "overview of every page (thumbnails)"),
        ("  Enter, click / + - / Esc", "  open a page / thumbnail size / back"),
        ("i", "show / hide the HUD"),
        ("b", "show / hide the blurred backdrop"),
        ("f", "fullscreen"),
        ("?", "show / hide this help"),
        ("Escape", "cancel a drag, close the help, or quit"),
        ("q", "quit"),
    ]

    public let pages: PageRenderer
    public let text: TextRenderer

    public init(pages: PageRenderer, text: TextRenderer) {
        self.pages = pages
        self.text = text
    }

    private func textSize(_ viewport: PixelRect) -> Int {
        let size = Int(Double(viewport.height) * Self.hudScale)
        return min(max(size, Self.hudSizeRange.lowerBound), Self.hudSizeRange.upperBound)
    }

    /// The HUD box at the top left.
    public func drawHUD(_ lines: [String], viewport: PixelRect) {
        drawBox(lines, size: textSize(viewport), viewport: viewport) { _, _ in
            (viewport.x + Self.margin, viewport.y + Self.margin)
        }
    }

    /// The key help in the middle of the window.
    public func drawHelp(viewport: PixelRect) {
        let size = textSize(viewport)
        let keyWidth = Self.helpRows.map { text.measure($0.keys, size: size).width }.max() ?? 0
        let gap = size * 2
        let lines = Self.helpRows.map { $0.keys + "\t" + $0.action }
        drawBox(["fourway — keys", ""] + lines, size: size, viewport: viewport, opacity: Self.helpOpacity,
                tabStop: keyWidth + gap) { width, height in
            (viewport.x + (viewport.width - width) / 2, viewport.y + (viewport.height - height) / 2)
        }
    }

    /// A one-line notice near the bottom, `alpha` 0…1 for fading out.
    public func drawNotice(_ notice: String, alpha: Double, viewport: PixelRect) {
        let alpha = min(max(alpha, 0), 1)
        guard alpha > 0 else { return }
        drawBox([notice], size: textSize(viewport) + 2, viewport: viewport, alpha: alpha) { width, height in
            (viewport.x + (viewport.width - width) / 2, viewport.maxY - height - 4 * Self.margin)
        }
    }

    /// Draws `lines` in a box placed by `place(width, height)`. A tab in a
    /// line starts its second column at `tabStop` px.
    private func drawBox(_ lines: [String], size: Int, viewport: PixelRect, alpha: Double = 1,
                         opacity: UInt8? = nil, tabStop: Int = 0, place: (Int, Int) -> (Int, Int)) {
        let lineHeight = Int(Double(size) * 1.45)
        let columns = lines.map { line -> (String, String?) in
            let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            return parts.count == 2 ? (String(parts[0]), String(parts[1])) : (line, nil)
        }
        let widths = columns.map { first, second in
            guard let second else { return first.isEmpty ? 0 : text.measure(first, size: size).width }
            return tabStop + text.measure(second, size: size).width
        }
        let width = min((widths.max() ?? 0) + 2 * Self.padding, viewport.width - 2 * Self.margin)
        let height = lines.count * lineHeight + 2 * Self.padding - (lineHeight - size) / 2
        let (x, y) = place(width, height)
        var box = pages.palette.overlay
        box.a = UInt8(Double(opacity ?? box.a) * alpha)
        pages.fill(PixelRect(x: x, y: y, width: width, height: height), box)
        var colour = pages.palette.overlayText
        colour.a = UInt8(255 * alpha)
        for (index, (first, second)) in columns.enumerated() {
            let top = y + Self.padding + index * lineHeight
            text.draw(first, size: size, colour: colour, x: x + Self.padding, y: top)
            if let second {
                text.draw(second, size: size, colour: colour, x: x + Self.padding + tabStop, y: top)
            }
        }
    }
}
