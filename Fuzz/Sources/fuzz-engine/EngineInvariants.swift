import Pager

/// What must hold after every call to the model, whatever the input: the
/// ideas of Tests/PagerTests/Support/ModelInvariants.swift, returning the
/// first violation only (the fuzzer traps on it, so one is enough).
enum EngineInvariants {
    /// Tolerance for derived geometry (frames, fractions), as a share of the page.
    static let tolerance = 1e-6

    /// Engine finding 1 (Fuzz/Findings/README.md, fixed in 5f6c424): two flips
    /// at the same instant during a perpendicular flip left the offset at
    /// exactly one page. Tolerated only with `FOURWAY_FUZZ_STRICT=0`.
    static var toleratesWholePageOffset: Bool { !FuzzMode.strict }

    /// Row `v`'s pages along `h`: its own length with ragged rows, else `horizontal`.
    static func columns(inRow v: Int, of model: PagerModel, otherwise horizontal: AxisBounds) -> AxisBounds {
        guard let lengths = model.rowLengths, lengths.indices.contains(v) else { return horizontal }
        return AxisBounds(pageCount: lengths[v])
    }

    static func firstViolation(of model: PagerModel) -> String? {
        let width = model.pageWidth, height = model.pageHeight
        let offset = model.offset
        let horizontal = AxisBounds(pageCount: model.horizontalPages)
        let vertical = AxisBounds(pageCount: model.verticalPages)
        let page = model.currentPage

        guard Self.columns(inRow: page.v, of: model, otherwise: horizontal).contains(page.h),
              vertical.contains(page.v) else {
            return "current page \(page) outside bounds \(describe(model.horizontalPages)) × \(describe(model.verticalPages))"
        }
        guard offset.x.isFinite, offset.y.isFinite else { return "offset \(offset) is not finite" }
        // Rubber banding past an edge stays under a page too: the band's
        // limit is a share of the page.
        // Pages sit one pitch apart: the page and the configured gap.
        let spacing = model.configuration.spacing.isFinite ? max(0, model.configuration.spacing) : 0
        let pitchX = width + spacing, pitchY = height + spacing
        let underAPage = abs(offset.x) < pitchX && abs(offset.y) < pitchY
        let atMostAPage = abs(offset.x) <= pitchX && abs(offset.y) <= pitchY
        guard underAPage || (toleratesWholePageOffset && atMostAPage) else {
            return "offset \(offset) is a whole page or more (page pitch \(pitchX)×\(pitchY))"
        }
        if model.phase == .idle && offset != .zero { return "idle with offset \(offset)" }
        let zoom = model.zoom
        guard zoom.scale.isFinite, zoom.translation.x.isFinite, zoom.translation.y.isFinite else {
            return "zoom scale \(zoom.scale) or pan \(zoom.translation) is not finite"
        }
        guard zoom.targetScale >= 1 - tolerance, zoom.targetScale <= zoom.maximumScale * (1 + tolerance) else {
            return "zoom heads for \(zoom.targetScale), outside 1…\(zoom.maximumScale)"
        }
        if model.horizontalPages == 0 && offset.x != 0 { return "offset.x \(offset.x) on a disabled horizontal axis" }
        if model.verticalPages == 0 && offset.y != 0 { return "offset.y \(offset.y) on a disabled vertical axis" }

        var ids: UInt16 = 0
        var cells: UInt16 = 0
        var coveredArea = 0.0
        var fractionTotal = 0.0
        var viewportCovered = true
        for slot in model.slots {
            guard (0..<9).contains(slot.id), ids & (1 << slot.id) == 0 else { return "slot ids \(model.slots.map(\.id)) are not nine distinct ids 0…8" }
            ids |= 1 << slot.id
            guard (-1...1).contains(slot.column), (-1...1).contains(slot.row) else {
                return "slot \(slot.id) at (\(slot.column), \(slot.row)), outside the 3×3 window"
            }
            let cell = (slot.row + 1) * 3 + slot.column + 1
            guard cells & (1 << cell) == 0 else { return "two slots at (\(slot.column), \(slot.row))" }
            cells |= 1 << cell

            // With ragged rows another row's slots line up with where a move into it
            // lands (its last page when the column is past its end).
            // On a reversed axis the page index runs against the screen column or row.
            let column = model.configuration.horizontalReversed ? -slot.column : slot.column
            let v = page.v + (model.configuration.verticalReversed ? -slot.row : slot.row)
            let columns = Self.columns(inRow: v, of: model, otherwise: horizontal)
            let h = (slot.row == 0 ? page.h : columns.clamp(page.h)) + column
            let expected: PageIndex? = columns.contains(h) && vertical.contains(v) ? PageIndex(h: h, v: v) : nil
            guard slot.page == expected else {
                return "slot \(slot.id) at (\(slot.column), \(slot.row)) shows \(String(describing: slot.page)), expected \(String(describing: expected)) around \(page)"
            }

            let x = Double(slot.column) * pitchX + offset.x, y = Double(slot.row) * pitchY + offset.y
            let scale = max(width, height) * tolerance
            let frame = slot.frame
            guard abs(frame.x - x) <= scale, abs(frame.y - y) <= scale,
                  abs(frame.width - width) <= scale, abs(frame.height - height) <= scale else {
                return "slot \(slot.id) frame \(frame) is not at (\(x), \(y)) size \(width)×\(height)"
            }
            let fraction = slot.visibleFraction
            guard fraction >= 0 && fraction <= 1 else { return "slot \(slot.id) visible fraction \(fraction) outside 0…1" }
            let overlapWidth = max(0, min(x + width, width) - max(x, 0))
            let overlapHeight = max(0, min(y + height, height) - max(y, 0))
            let overlap = overlapWidth * overlapHeight / (width * height)
            if slot.page != nil {
                guard abs(fraction - overlap) <= tolerance else {
                    return "slot \(slot.id) visible fraction \(fraction), but it covers \(overlap) of the viewport"
                }
            } else if overlap > 0 {
                viewportCovered = false
            }
            coveredArea += overlap
            fractionTotal += fraction
        }
        // With a gap the viewport may show it: fractions were checked slot by slot.
        if viewportCovered && spacing == 0 && abs(fractionTotal - 1) > tolerance {
            return "visible fractions add up to \(fractionTotal) with the viewport covered"
        }
        _ = coveredArea
        return nil
    }

    private static func describe(_ bounds: Int?) -> String { bounds.map(String.init) ?? "inf" }
}
