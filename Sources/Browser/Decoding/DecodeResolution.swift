import Pager

/// How sharp a slot's page is decoded: fitted to the page, or as a small
/// preview that stands in until the motion turns towards it.
///
/// Walking right through a grid, the pages above and below are next to the
/// page on screen but never seen: each step recycles them, and decoding them
/// at the page's size cost a texture and a decode each, the difference
/// between the grid's and the row's peak memory (docs/benchmarks.md, "Memory
/// in every layout"). So only the pages on the axis of travel (and the page
/// on screen) decode at the page's size; the neighbours off that axis decode
/// at ``previewDivisor`` smaller on each side, which libjpeg-turbo does at its
/// cheapest scale. When the motion turns towards them they decode again at
/// the page's size, keeping the preview on screen meanwhile (``SlotLoader``):
/// a step towards them, or a drag that locks to their axis (``travel(heading:dragAxis:)``),
/// so a page dragged into view is sharp within a decode of the lock.
///
/// At rest before any move the axis of travel is the reading order's
/// (``PagePrefetch/restingHeading``: rightwards), so in a grid the pages
/// above and below start as previews. A diagonal heading has no off-axis
/// neighbour. Corners are decoded only once seen (``CornerDeferral``), which
/// happens only mid-way through a diagonal move towards them: page size.
///
/// ```swift
/// DecodeResolution.of(column: 0, row: 1, heading: (1, 0))   // .preview: below, walking right
/// DecodeResolution.travel(heading: (1, 0), dragAxis: .vertical)   // (0, 1): dragging up or down
/// DecodeResolution.of(column: 0, row: 1, heading: (0, 1))   // .page: below, walking down
/// DecodeResolution.preview.box(pageWidth: 1280, pageHeight: 800)   // (320, 200)
/// ```
enum DecodeResolution: Equatable {
    /// Fitted to the page, as drawn.
    case page
    /// Fitted to a box ``previewDivisor`` times smaller on each side, drawn
    /// stretched to the page until the motion turns towards it.
    case preview

    /// A preview's box is the page's divided by this on each side (count):
    /// 320×200 for a 1280×800 window, 1/16 of the page's texture (a 12 MP
    /// JPEG decodes at 1/8 scale for it, its cheapest).
    static let previewDivisor = 4

    /// The resolution of the slot at `column`, `row` (−1…1, the page on
    /// screen at 0, 0) while the pager heads along `heading` (the last step,
    /// `(0, 0)` before any).
    static func of(column: Int, row: Int, heading: (h: Int, v: Int)) -> DecodeResolution {
        guard (column == 0) != (row == 0) else { return .page }   // the page on screen, or a corner
        let travel = heading == (0, 0) ? PagePrefetch.restingHeading : heading
        let onAxis = column != 0 ? travel.h != 0 : travel.v != 0
        return onAxis ? .page : .preview
    }

    /// The direction whose axis is the axis of travel: a drag's locked axis
    /// while it lasts (the sign does not matter here), else `heading`, the
    /// last step.
    static func travel(heading: (h: Int, v: Int), dragAxis: Axis?) -> (h: Int, v: Int) {
        switch dragAxis {
        case .horizontal: (1, 0)
        case .vertical: (0, 1)
        case nil: heading
        }
    }

    /// The box to fit the decode into, for a page of `pageWidth` × `pageHeight` px.
    func box(pageWidth: Int, pageHeight: Int) -> (width: Int, height: Int) {
        switch self {
        case .page: (pageWidth, pageHeight)
        case .preview: (max(1, pageWidth / Self.previewDivisor), max(1, pageHeight / Self.previewDivisor))
        }
    }
}
