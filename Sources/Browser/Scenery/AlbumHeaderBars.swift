import CSDL2
import Gallery
import ImageDecoding
import Pager

/// Draws the albums layout's sticky header bars ("Summer 2024 · 38 images")
/// where ``StickyHeaderLayout`` puts them for this frame's model state:
/// above the pages, below the HUD. Each album's label is built once and its
/// text texture is cached by ``TextRenderer``, so a frame costs a fill and a
/// texture copy per visible bar.
///
/// ```swift
/// let bars = AlbumHeaderBars(pixelsPerPoint: 1)
/// pages.draw(slots: model.slots, contents: contents, text: text, viewport: viewport)
/// bars.draw(model: model, gallery: layout, pages: pages, text: text, viewport: viewport)
/// ```
public final class AlbumHeaderBars {
    /// Bar height at 1× scale, px: one line of text, little of the image hidden.
    public static let barHeight = 30.0
    /// Label size at 1× scale, px.
    static let textSize = 15.0
    /// Translucent, so the top of the image still shows through, 0…255 alpha.
    public static let barColour = Colour(16, 20, 32, 176)
    static let textColour = Colour(240, 240, 240)
    /// A thin line under the bar so it reads as a bar on a dark image too.
    static let ruleColour = Colour(255, 255, 255, 40)

    let headers: StickyHeaderLayout
    private let textSize: Int
    /// Labels by canonical row, built on first use.
    private var labels: [Int: String] = [:]

    /// Bars scaled for `pixelsPerPoint` output pixels per window point.
    public init(pixelsPerPoint: Double = 1) {
        let scale = max(1, pixelsPerPoint)
        headers = StickyHeaderLayout(headerHeight: (Self.barHeight * scale).rounded())
        textSize = Int((Self.textSize * scale).rounded())
    }

    /// Bar height in output pixels: `AlbumHeaderBars(pixelsPerPoint: 2).height` is 60.
    public var height: Int { Int(headers.headerHeight) }

    /// The label of row `v`: the album name and its image count,
    /// `AlbumHeaderBars.label(row: 0, in: layout)` → "Summer 2024 · 38 images".
    public static func label(row v: Int, in gallery: GalleryLayout) -> String {
        let count = gallery.rowLength(v)
        return (gallery.rowTitle(v) ?? "") + " · " + String(count) + (count == 1 ? " image" : " images")
    }

    /// Draws the bars for `model`'s current frame; nothing unless `gallery`
    /// is an albums layout (see the type's example).
    public func draw(model: PagerModel, gallery: GalleryLayout, pages: PageRenderer, text: TextRenderer,
                     viewport: PixelRect) {
        guard gallery.style == .albums else { return }
        for header in headers.headers(for: model) {
            let y = viewport.y + Int(header.y.rounded())
            let bar = PixelRect(x: viewport.x, y: y, width: viewport.width, height: height)
            pages.fill(bar, Self.barColour)
            pages.fill(PixelRect(x: bar.x, y: bar.maxY - 1, width: bar.width, height: 1), Self.ruleColour)
            text.draw(label(row: header.row, in: gallery), size: textSize, colour: Self.textColour, centredIn: bar)
        }
    }

    private func label(row v: Int, in gallery: GalleryLayout) -> String {
        let row = gallery.canonicalPage(PageIndex(h: 0, v: v))?.v ?? v
        if let label = labels[row] { return label }
        let label = Self.label(row: v, in: gallery)
        labels[row] = label
        return label
    }
}
