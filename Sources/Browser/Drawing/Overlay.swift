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
    static let smallestHelpSize = 8
    /// The information panel's widest, as a share of the window's width
    /// (the rest shows the page), and never narrower than this, px at 1×.
    static let panelShare = 0.6
    static let narrowestPanel = 320

    public let pages: PageRenderer
    public let text: TextRenderer
    /// The window's scale: sizes, margins and padding are times `scale.ui`
    /// (2 on a 2× display, where the viewport is in device pixels).
    public var scale = DisplayScale()
    /// The help's last layout: it is measured once per window size, not per frame.
    private let helpLayouts = HelpLayouts()
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

    /// The key help of `mode` (the pages, the overview or the compare view)
    /// in the middle of the window, from the action table (``KeyMap``): in one to three columns at the largest text size that
    /// fits the window with a margin, lines wrapped only when nothing else
    /// fits (``OverlayLayout/help(_:room:sizes:measure:)``).
    public func drawHelp(keyMap: KeyMap = .standard, mode: KeyMap.Mode = .pager, viewport: PixelRect) {
        let lines = ["fourway — keys in the " + mode.title, ""] + keyMap.overlayLines(in: mode)
        let room = OverlayLayout.Room(width: viewport.width - 2 * margin, height: viewport.height - 2 * margin,
                                      padding: padding)
        let sizes = min(scale.scaled(Self.smallestHelpSize), textSize(viewport))...textSize(viewport)
        let box = helpLayouts.box(lines: lines, room: room) {
            OverlayLayout.help(lines, room: room, sizes: sizes) { text.width($0, size: $1) }
        }
        let x = viewport.x + (viewport.width - box.width) / 2
        let y = viewport.y + (viewport.height - box.height) / 2
        draw(box, x: x, y: y, opacity: Self.helpOpacity)
    }

    /// A panel of `label\tvalue` lines at the top right (the image
    /// information, Shift+I): the labels in a column, the values in the next;
    /// a value too wide loses its middle (``OverlayLayout/panel(_:size:maxWidth:padding:measure:)``).
    /// The panel takes at most `panelShare` of the window's width.
    public func drawPanel(_ lines: [String], viewport: PixelRect) {
        let size = textSize(viewport)
        let rows = Self.columns(lines).map { (label: $0.0, value: $0.1 ?? "") }
        let maxWidth = min(viewport.width - 2 * margin, max(Int(Double(viewport.width) * Self.panelShare),
                                                             scale.scaled(Self.narrowestPanel)))
        let box = OverlayLayout.panel(rows, size: size, maxWidth: maxWidth, padding: padding) { text.width($0, size: $1) }
        draw(box, x: viewport.maxX - box.width - margin, y: viewport.y + margin)
    }

    /// Draws a laid-out box with its top left at (`x`, `y`).
    private func draw(_ box: OverlayLayout.Box, x: Int, y: Int, opacity: UInt8? = nil) {
        var fill = pages.palette.overlay
        fill.a = opacity ?? fill.a
        pages.fill(PixelRect(x: x, y: y, width: box.width, height: box.height), fill)
        for placed in box.texts {
            text.draw(placed.text, size: box.size, colour: pages.palette.overlayText, x: x + placed.x, y: y + placed.y)
        }
    }

    /// A one-line notice near the bottom, `alpha` 0…1 for fading out.
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

/// The help's layout for the last lines and room asked for.
private final class HelpLayouts {
    private var last: (lines: [String], room: OverlayLayout.Room, box: OverlayLayout.Box)?

    func box(lines: [String], room: OverlayLayout.Room, layout: () -> OverlayLayout.Box) -> OverlayLayout.Box {
        if let last, last.room == room, last.lines == lines { return last.box }
        let box = layout()
        last = (lines, room, box)
        return box
    }
}
