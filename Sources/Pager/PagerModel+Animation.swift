extension PagerModel {
    /// Animates the offset to the page `target` away (zero: back to rest),
    /// starting from where it is shown with `velocity` (px/s per axis).
    /// Bounces use the bounce spring whatever the configured style.
    mutating func startAnimation(to target: (h: Int, v: Int), velocity startVelocity: Point, bouncing: Bool, at time: Double) {
        if target.h != 0 || target.v != 0 {
            emit(.pageWillChange(from: currentPage, to: currentPage.offsetBy(h: target.h, v: target.v)), at: time)
        }
        func motion(_ axis: Axis, step: Int) -> AxisMotion {
            let size = pageSize(axis)
            let from = offset[axis]
            let to = -Double(step) * size
            let speed = startVelocity[axis]
            if from == to && speed == 0 { return .resting(to) }
            let style: PageAnimationStyle = bouncing ? .spring(configuration.bounceSpring) : configuration.animation
            switch style {
            case .spring(let spring):
                return .spring(SpringMotion(spring: spring, from: from, velocity: speed, to: to, at: time))
            case .easing(let curve, let shortest, let longest):
                if from == to { return .resting(to) }
                return .easing(EasingMotion(
                    curve: curve, from: from, velocity: speed, to: to, at: time,
                    pageSize: size, minimumDuration: shortest, maximumDuration: longest))
            }
        }
        owesSettledEvent = true
        animation = OffsetAnimation(
            horizontal: motion(.horizontal, step: target.h),
            vertical: motion(.vertical, step: target.v),
            targetDelta: target)
        velocity = startVelocity
        phase = animation!.isFlip ? .animating : .settling
        finishAnimationIfAtRest(at: time)
    }

    /// Evaluates the animation at `time`; lands on pages it reaches.
    mutating func stepAnimation(to time: Double) {
        guard let running = animation else { return }
        let h = running.horizontal.state(at: time)
        let v = running.vertical.state(at: time)
        offset = Point(x: h.value, y: v.value)
        velocity = Point(x: h.velocity, y: v.velocity)
        if !finishAnimationIfAtRest(at: time) {
            // An animation may run past a whole page (rapid paging, overshoot): land there.
            for axis in Axis.allCases {
                let size = pageSize(axis)
                while offset[axis] <= -size && canMove(1, along: axis) {
                    land(1, along: axis, at: time)
                }
                while offset[axis] >= size && canMove(-1, along: axis) {
                    land(-1, along: axis, at: time)
                }
                // Past a bounded edge an overshoot shows through the rubber band,
                // as a drag does: no spring can throw the content a page beyond the last.
                offset[axis] = shownOffset(raw: offset[axis], along: axis)
            }
        }
    }

    /// When both axes are at rest: snap to the target exactly, land, settle.
    @discardableResult
    mutating func finishAnimationIfAtRest(at time: Double) -> Bool {
        guard let running = animation else { return false }
        let distance = configuration.restDistance
        let speed = configuration.restVelocity
        guard running.horizontal.isFinished(at: time, restDistance: distance, restVelocity: speed),
              running.vertical.isFinished(at: time, restDistance: distance, restVelocity: speed)
        else { return false }
        offset = Point(x: running.horizontal.target, y: running.vertical.target)
        velocity = .zero
        animation = nil
        let target = running.targetDelta
        if target.h != 0 || target.v != 0 {
            land(h: target.h, v: target.v, at: time)
        }
        offset = .zero
        phase = .idle
        emitSettledIfOwed(at: time)
        return true
    }

    /// The pager arrives on the page (`h`, `v`) away: the offset, the running
    /// animation and the drag all shift by that many pages, so nothing moves on screen.
    mutating func land(h dh: Int, v dv: Int, at time: Double) {
        let dx = Double(dh) * pageWidth
        let dy = Double(dv) * pageHeight
        offset.x += dx
        offset.y += dy
        if animation != nil {
            animation!.horizontal.shift(by: dx)
            animation!.vertical.shift(by: dy)
            animation!.targetDelta.h -= dh
            animation!.targetDelta.v -= dv
            phase = animation!.isFlip ? .animating : .settling
        }
        if let axis = gesture?.lockedAxis {
            let shift = axis == .horizontal ? dx : dy
            gesture!.rawOffset += shift
            gesture!.tracker.shift(by: shift)
            // The caught flip's page is that much nearer; landing the other way drops it.
            let caught = axis == .horizontal ? gesture!.caughtTarget.h : gesture!.caughtTarget.v
            let step = axis == .horizontal ? dh : dv
            let remaining = caught != 0 && caught.signum() == step.signum() ? caught - step : 0
            if axis == .horizontal { gesture!.caughtTarget.h = remaining } else { gesture!.caughtTarget.v = remaining }
        }
        moveCurrentPage(h: dh, v: dv, at: time)
    }

    /// Lands on the page `step` pages away along `axis`.
    mutating func land(_ step: Int, along axis: Axis, at time: Double) {
        land(h: axis == .horizontal ? step : 0, v: axis == .vertical ? step : 0, at: time)
    }

    /// Makes the page (`dh`, `dv`) away current: recycles the slots that fell
    /// behind and reports it.
    mutating func moveCurrentPage(h dh: Int, v dv: Int, at time: Double) {
        let from = currentPage
        currentPage = currentPage.offsetBy(h: dh, v: dv)
        owesSettledEvent = true
        for id in 0..<9 {
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
        for id in 0..<9 {
            var slot = slots[id]
            let page = currentPage.offsetBy(h: slot.column, v: slot.row)
            let shown: PageIndex? =
                horizontalBounds.contains(page.h) && verticalBounds.contains(page.v) ? page : nil
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
        for id in 0..<9 {
            var slot = slots[id]
            slot.frame = Rect(
                x: Double(slot.column) * pageWidth + offset.x,
                y: Double(slot.row) * pageHeight + offset.y,
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
