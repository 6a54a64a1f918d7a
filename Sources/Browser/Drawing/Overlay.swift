import CSDL2
import Gallery
import ImageDecoding

/// The text drawn over the pages: the HUD (top left), the key help (centre)
/// and a transient notice (bottom centre). Each is a translucent box of lines.
///
/// ```swift
/// let overlay = Overlay(pages: pages, text: text)
/// overlay.drawHUD(["holiday", "(2, 0) · 3/12", "img3.jpg", "4000 × 3000 · JPEG"], viewport: viewport)
/// ```
public struct Overlay {
    /// HUD text size relative to the viewport height, clamped to the range
    /// below (px at 1×, times `scale.ui`).
    static let hudScale = 0.022
    static let hudSizeRange = 13...22
    /// Margin around boxes and padding inside them, px at 1×.
    static let margin = 12
    static let padding = 10
    /// The help box hides the page behind it more than the HUD does, 0…255.
    static let helpOpacity: UInt8 = 225
    /// The help's text never shrinks below this size, px at 1×, to fit a small window.
    static let smallestHelpSize = 9

    public let pages: PageRenderer
    public let text: TextRenderer
    /// The window's scale: sizes, margins and padding are times `scale.ui`
    /// (2 on a 2× display, where the viewport is in device pixels).
    public var scale = DisplayScale()
    var margin: Int { scale.scaled(Self.margin) }
    var padding: Int { scale.scaled(Self.padding) }

    public init(pages: PageRenderer, text: TextRenderer) {
        self.pages = pages
        self.text = text
    }

    private func textSize(_ viewport: PixelRect) -> Int {
        let size = Int(Double(viewport.height) * Self.hudScale)
        return min(max(size, scale.scaled(Self.hudSizeRange.lowerBound)), scale.scaled(Self.hudSizeRange.upperBound))
    }

    /// The HUD box at the top left.
    public func drawHUD(_ lines: [String], viewport: PixelRect) {
        drawBox(lines, size: textSize(viewport), viewport: viewport) { _, _ in
            (viewport.x + margin, viewport.y + margin)
        }
    }

    /// The key help in the middle of the window, from the action table
    /// (``KeyMap``), in two columns; its text shrinks (down to
    /// `smallestHelpSize`) until both fit the window.
    public func drawHelp(keyMap: KeyMap = .standard, viewport: PixelRect) {
        let columns = keyMap.overlayColumns().enumerated().map { index, lines in
            index == 0 ? ["fourway — keys", ""] + lines : lines
        }
        var size = textSize(viewport)
        var boxes = helpBoxes(columns, size: size)
        while size > scale.scaled(Self.smallestHelpSize),
              boxes.reduce(0, { $0 + $1.width }) + margin * (columns.count + 1) > viewport.width
                || (boxes.map(\.height).max() ?? 0) + 2 * margin > viewport.height {
            size -= 1
            boxes = helpBoxes(columns, size: size)
        }
        let total = boxes.reduce(0) { $0 + $1.width } + margin * (columns.count - 1)
        var x = viewport.x + (viewport.width - total) / 2
        let top = viewport.y + (viewport.height - (boxes.map(\.height).max() ?? 0)) / 2
        for (lines, box) in zip(columns, boxes) {
            let left = x
            drawBox(lines, size: size, viewport: viewport, opacity: Self.helpOpacity, tabStop: box.tabStop) { _, _ in
                (left, top)
            }
            x += box.width + margin
        }
    }

    /// Each help column's tab stop and box size at text size `size`.
    private func helpBoxes(_ columns: [[String]], size: Int) -> [(tabStop: Int, width: Int, height: Int)] {
        columns.map { lines in
            let keyWidth = lines.compactMap { line in
                line.firstIndex(of: "\t").map { text.measure(String(line[..<$0]), size: size).width }
            }.max() ?? 0
            let tabStop = keyWidth + size * 2
            let size = boxSize(lines, size: size, tabStop: tabStop)
            return (tabStop, size.width, size.height)
        }
    }

    /// A one-line notice near the bottom, `alpha` 0…1 for fading out.
    /// A panel of `label\tvalue` lines at the top right (the image
    /// information, Shift+I), the values in a column of their own.
    public func drawPanel(_ lines: [String], viewport: PixelRect) {
        let size = textSize(viewport)
        drawBox(lines, size: size, viewport: viewport, tabStop: 1) { width, _ in
            (viewport.maxX - width - margin, viewport.y + margin)
        }
    }

    public func drawNotice(_ notice: String, alpha: Double, viewport: PixelRect) {
        let alpha = min(max(alpha, 0), 1)
        guard alpha > 0 else { return }
        drawBox([notice], size: textSize(viewport) + scale.scaled(2), viewport: viewport, alpha: alpha) { width, height in
            (viewport.x + (viewport.width - width) / 2, viewport.maxY - height - 4 * margin)
        }
    }

    /// Draws `lines` in a box placed by `place(width, height)`. A tab in a
    /// line starts its second column at `tabStop` px.
    private func drawBox(_ lines: [String], size: Int, viewport: PixelRect, alpha: Double = 1,
                         opacity: UInt8? = nil, tabStop: Int = 0, place: (Int, Int) -> (Int, Int)) {
        let lineHeight = Int(Double(size) * 1.45)
        let columns = Self.columns(lines)
        let natural = boxSize(lines, size: size, tabStop: tabStop)
        let width = min(natural.width, viewport.width - 2 * margin)
        let height = natural.height
        let (x, y) = place(width, height)
        var box = pages.palette.overlay
        box.a = UInt8(Double(opacity ?? box.a) * alpha)
        pages.fill(PixelRect(x: x, y: y, width: width, height: height), box)
        var colour = pages.palette.overlayText
        colour.a = UInt8(255 * alpha)
        for (index, (first, second)) in columns.enumerated() {
            let top = y + padding + index * lineHeight
            text.draw(first, size: size, colour: colour, x: x + padding, y: top)
            if let second {
                text.draw(second, size: size, colour: colour, x: x + padding + tabStop, y: top)
            }
        }
    }

    /// Each line split at its tab: first column, second column (or nil).
    private static func columns(_ lines: [String]) -> [(String, String?)] {
        lines.map { line in
            let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            return parts.count == 2 ? (String(parts[0]), String(parts[1])) : (line, nil)
        }
    }

    /// The box `lines` need at text size `size`, px.
    private func boxSize(_ lines: [String], size: Int, tabStop: Int) -> (width: Int, height: Int) {
        let lineHeight = Int(Double(size) * 1.45)
        let widths = Self.columns(lines).map { first, second in
            guard let second else { return first.isEmpty ? 0 : text.measure(first, size: size).width }
            return tabStop + text.measure(second, size: size).width
        }
        return ((widths.max() ?? 0) + 2 * padding, lines.count * lineHeight + 2 * padding - (lineHeight - size) / 2)
    }
}
