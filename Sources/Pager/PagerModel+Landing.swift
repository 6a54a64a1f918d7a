/// Landing on a page and recycling the slots that fell behind.
///
/// Whenever the content reaches a whole page the pager lands there: the
/// offset, the running animation and the drag all shift by that page, which
/// looks identical, and the row or column of slots that fell behind is
/// given the pages that now lie ahead.
extension PagerModel {
    /// The pager arrives on the page (`h`, `v`) away: the offset, the running
    /// animation and the drag all shift by that many pages, so nothing moves on screen.
    mutating func land(h dh: Int, v dv: Int, at time: Double) {
        let dx = Double(dh) * pagePitch(.horizontal)
        let dy = Double(dv) * pagePitch(.vertical)
        offset.x += dx
        offset.y += dy
        switch activity {
        case .idle:
            break
        case .animation(var running):
            running.horizontal.shift(by: dx)
            running.vertical.shift(by: dy)
            running.targetDelta.h -= dh
            running.targetDelta.v -= dv
            activity = .animation(running)
        case .gesture(var gesture):
            guard let axis = gesture.lockedAxis else { break }
            let shift = axis == .horizontal ? dx : dy
            gesture.rawOffset += shift
            history.offset.shift(by: shift)
            // The caught flip's page is that much nearer; landing the other way drops it.
            let caught = axis == .horizontal ? gesture.caughtTarget.h : gesture.caughtTarget.v
            let step = axis == .horizontal ? dh : dv
            let remaining = caught != 0 && caught.signum() == step.signum() ? caught - step : 0
            gesture.landed += step
            if axis == .horizontal { gesture.caughtTarget.h = remaining } else { gesture.caughtTarget.v = remaining }
            activity = .gesture(gesture)
        }
        moveCurrentPage(h: dh, v: dv, at: time)
    }

    /// Lands on the page `step` pages away along `axis`.
    mutating func land(_ step: Int, along axis: Axis, at time: Double) {
        land(h: axis == .horizontal ? step : 0, v: axis == .vertical ? step : 0, at: time)
    }

    /// Makes the page (`dh`, `dv`) screen positions away current: recycles
    /// the slots that fell behind and reports it.
    mutating func moveCurrentPage(h dh: Int, v dv: Int, at time: Double) {
        let from = currentPage
        // Into a shorter row the column moves to its last page; the slots keep their
        // places, since the slot above or below already showed that page.
        currentPage = page(screenSteps: dh, dv)
        owesSettledEvent = true
        for id in 0..<SlotPool.capacity {
            var slot = slots[id]
            slot.column = Self.wrapped(slot.column - dh)
            slot.row = Self.wrapped(slot.row - dv)
            slots[id] = slot
        }
        emit(.pageChanged(from: from, to: currentPage), at: time)
        resetZoomForNewPage(at: time)
        refreshSlotPages(at: time, reporting: true)
    }

    /// Gives every slot the page at its grid position (or none, outside the
    /// bounds) and reports the slots whose page changed.
    mutating func refreshSlotPages(at time: Double, reporting: Bool) {
        var changes = SlotChanges()
        for id in 0..<SlotPool.capacity {
            var slot = slots[id]
            let row = currentPage.v + indexStep(.vertical) * slot.row
            // Another row's slots line up with where a move into it lands.
            let rowColumns = columns(inRow: row)
            let base = slot.row == 0 ? currentPage.h : rowColumns.clamp(currentPage.h)
            let page = PageIndex(h: base + indexStep(.horizontal) * slot.column, v: row)
            let shown: PageIndex? = rowColumns.contains(page.h) && verticalBounds.contains(page.v) ? page : nil
            if shown != slot.page {
                slot.page = shown
                slots[id] = slot
                changes.append(.init(slot: id, page: shown))
            }
        }
        if reporting && !changes.isEmpty { emit(.slotsRecycled(changes), at: time) }
    }

    /// Frames from the one shared offset (so pages can never drift apart) and
    /// the share of the viewport each covers.
    mutating func updateSlotGeometry() {
        let viewport = Rect(x: 0, y: 0, width: pageWidth, height: pageHeight)
        let area = pageWidth * pageHeight
        let pitchX = pagePitch(.horizontal)
        let pitchY = pagePitch(.vertical)
        for id in 0..<SlotPool.capacity {
            var slot = slots[id]
            slot.frame = Rect(
                x: Double(slot.column) * pitchX + offset.x,
                y: Double(slot.row) * pitchY + offset.y,
                width: pageWidth, height: pageHeight)
            slot.visibleFraction = slot.page == nil ? 0 : min(1, slot.frame.overlapArea(with: viewport) / area)
            slots[id] = slot
        }
    }

    /// -1…1, wrapping around: the column that falls off one side re-enters on the other.
    static func wrapped(_ position: Int) -> Int {
        ((position + 1) % 3 + 3) % 3 - 1
    }
}
