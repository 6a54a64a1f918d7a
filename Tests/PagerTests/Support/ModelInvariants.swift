import Pager

/// Tolerance for comparing derived geometry (frames, fractions), px or share.
let geometryTolerance = 1e-6

/// Everything a host can read from the model, as exact bit patterns, so two
/// runs can be compared bit for bit (`==` on `Double` hides -0 and NaN).
struct ModelSnapshot: Hashable {
    var page: PageIndex
    var phase: PagerPhase
    var offsetBits: [UInt64]
    var slotPages: [PageIndex?]
    var slotGrid: [Int]
    var slotGeometryBits: [UInt64]
    var pageSizeBits: [UInt64]

    init(_ model: PagerModel) {
        page = model.currentPage
        phase = model.phase
        offsetBits = [model.offset.x.bitPattern, model.offset.y.bitPattern]
        slotPages = model.slots.map(\.page)
        slotGrid = model.slots.flatMap { [$0.column, $0.row] }
        slotGeometryBits = model.slots.flatMap {
            [$0.frame.x, $0.frame.y, $0.frame.width, $0.frame.height, $0.visibleFraction].map(\.bitPattern)
        }
        pageSizeBits = [model.pageWidth.bitPattern, model.pageHeight.bitPattern]
    }
}

/// The invariants that hold after every call, whatever the input (the
/// property tests'): nine distinct slots consistent with the current page,
/// the page in bounds, the offset finite and under a page, frames from the
/// one shared offset, visible fractions that add up.
enum ModelInvariants {
    static func violations(of model: PagerModel) -> [String] {
        var problems: [String] = []
        let slots = Array(model.slots)
        let width = model.pageWidth
        let height = model.pageHeight
        let offset = model.offset
        let horizontal = AxisBounds(pageCount: model.horizontalPages)
        let vertical = AxisBounds(pageCount: model.verticalPages)
        // Pages sit one pitch apart: the page and the configured gap.
        let spacing = model.configuration.spacing.isFinite ? max(0, model.configuration.spacing) : 0
        let pitchX = width + spacing
        let pitchY = height + spacing

        if slots.map(\.id) != Array(0..<9) {
            problems.append("slot ids are \(slots.map(\.id)), not 0…8 in order")
        }
        let grid = slots.map { [$0.column, $0.row] }
        if Set(grid).count != 9 || !grid.allSatisfy({ (-1...1).contains($0[0]) && (-1...1).contains($0[1]) }) {
            problems.append("slot grid positions \(grid) are not the nine distinct cells of the 3×3 window")
        }
        let row = model.rowLengths.flatMap { lengths in
            lengths.indices.contains(model.currentPage.v) ? AxisBounds(pageCount: lengths[model.currentPage.v]) : nil
        } ?? horizontal
        if !row.contains(model.currentPage.h) || !vertical.contains(model.currentPage.v) {
            problems.append("current page \(model.currentPage) outside bounds \(String(describing: model.horizontalPages)) × \(String(describing: model.verticalPages))")
        }
        for slot in slots {
            let expected = expectedPage(
                // On a reversed axis the page index runs against the screen column or row.
                column: model.configuration.horizontalReversed ? -slot.column : slot.column,
                row: model.configuration.verticalReversed ? -slot.row : slot.row,
                around: model.currentPage,
                horizontal: horizontal, vertical: vertical, rowLengths: model.rowLengths)
            if slot.page != expected {
                problems.append("slot \(slot.id) at (\(slot.column), \(slot.row)) shows \(String(describing: slot.page)), expected \(String(describing: expected)) around \(model.currentPage)")
            }
        }
        let shownPages = slots.compactMap(\.page)
        if Set(shownPages).count != shownPages.count {
            problems.append("two slots show the same page: \(shownPages)")
        }
        if !offset.x.isFinite || !offset.y.isFinite {
            problems.append("offset \(offset) is not finite")
        } else if abs(offset.x) >= pitchX || abs(offset.y) >= pitchY {
            problems.append("offset \(offset) is a whole page or more (page pitch \(pitchX)×\(pitchY))")
        }
        if model.phase == .idle && offset != .zero {
            problems.append("idle with offset \(offset)")
        }

        let viewport = Rect(x: 0, y: 0, width: width, height: height)
        var covered = true
        var total = 0.0
        for slot in slots {
            let expectedFrame = Rect(
                x: Double(slot.column) * pitchX + offset.x, y: Double(slot.row) * pitchY + offset.y,
                width: width, height: height)
            let f = slot.frame
            let scale = max(width, height)
            if abs(f.x - expectedFrame.x) > geometryTolerance * scale
                || abs(f.y - expectedFrame.y) > geometryTolerance * scale
                || abs(f.width - width) > geometryTolerance * scale
                || abs(f.height - height) > geometryTolerance * scale
            {
                problems.append("slot \(slot.id) frame \(f) is not \(expectedFrame)")
            }
            let fraction = slot.visibleFraction
            if !(fraction >= 0 && fraction <= 1) {
                problems.append("slot \(slot.id) visible fraction \(fraction) outside 0…1")
            }
            let overlap = expectedFrame.overlapArea(with: viewport) / (width * height)
            if slot.page != nil && abs(fraction - overlap) > geometryTolerance {
                problems.append("slot \(slot.id) visible fraction \(fraction), but it covers \(overlap) of the viewport")
            }
            if overlap > 0 && slot.page == nil { covered = false }
            total += fraction
        }
        // With a gap between pages the viewport may show the gap: the fractions
        // are checked slot by slot above.
        if covered && spacing == 0 && abs(total - 1) > geometryTolerance {
            problems.append("visible fractions add up to \(total) with the viewport covered")
        }
        return problems
    }

    /// A disabled axis never moves: no drag, flip, nudge or rubber band
    /// along it, even when it was disabled in the middle of a gesture.
    static func disabledAxisViolations(of model: PagerModel) -> [String] {
        var problems: [String] = []
        if model.horizontalPages == 0 && model.offset.x != 0 {
            problems.append("offset.x \(model.offset.x) on a disabled horizontal axis")
        }
        if model.verticalPages == 0 && model.offset.y != 0 {
            problems.append("offset.y \(model.offset.y) on a disabled vertical axis")
        }
        return problems
    }
}
