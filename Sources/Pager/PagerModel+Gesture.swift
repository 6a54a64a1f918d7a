extension PagerModel {
    /// Starts a pointer or scroll gesture; catches a running animation where it is shown.
    mutating func beginGesture(_ source: GestureSource, at point: Point, time: Double) {
        var newGesture = Gesture(source: source, at: point, time: time)
        if let caught = activity.animation {
            // Freeze exactly where the last frame showed it; remember where it was heading.
            newGesture.caughtTarget = caught.targetDelta
            owesSettledEvent = true
        }
        activity = .gesture(newGesture)
        history.clear()
        let displacedX = abs(offset.x) / pagePitch(.horizontal)
        let displacedY = abs(offset.y) / pagePitch(.vertical)
        if displacedX > 0 || displacedY > 0 {
            lockGesture(to: displacedX >= displacedY ? .horizontal : .vertical, at: time)
            // Caught at rest under the finger: that is where the velocity starts from.
            if let caught = activity.gesture, caught.lockedAxis != nil {
                history.offset.record(position: caught.rawOffset, time: inputTime)
            }
        }
    }

    /// The gesture became a drag along `axis` (or along nothing, if disabled).
    mutating func lockGesture(to axis: Axis, at time: Double) {
        guard activity.gesture != nil else { return }
        owesSettledEvent = true
        emit(.dragBegan, at: time)
        if bounds(axis).isEnabled {
            let raw = boundedRaw(rawOffset(shown: offset[axis], along: axis), along: axis)
            updateGesture { gesture in
                gesture.lock = .axis(axis)
                gesture.rawOffset = raw
                gesture.reach = Self.reach(caught: axis == .horizontal ? gesture.caughtTarget.h : gesture.caughtTarget.v)
            }
            // The move that crossed the slop records the first sample; a sample
            // here too would count that move as instantaneous.
            history.offset.reset()
            emit(.axisLocked(axis), at: time)
        } else {
            updateGesture { $0.lock = .disabledAxis }
        }
    }

    /// The screen steps from its first page a touchpad swipe may reach
    /// without long swipes, given the step of a flip it caught.
    static func reach(caught: Int) -> ClosedRange<Int> {
        (min(0, caught) - 1)...(max(0, caught) + 1)
    }

    /// Moves the locked gesture by `delta` pixels: lands on a page reached in
    /// full, rubber-bands past a bounded edge. A touchpad swipe without long
    /// swipes holds at the page next to the one it began on (libadwaita's
    /// swipe tracker clamps its progress there too), and turning back moves at once.
    mutating func moveGesture(by delta: Double, along axis: Axis, at time: Double) {
        guard delta.isFinite, case .gesture(var moved) = activity else { return }
        // At an edge that does not overshoot the drag stops dead, and turning back moves at once.
        moved.rawOffset = heldAtEdges(boundedRaw(moved.rawOffset + delta, along: axis), along: axis)
        if moved.source == .scroll && !configuration.allowsLongSwipes {
            let size = pagePitch(axis)
            let lowest = Double(moved.landed - moved.reach.upperBound) * size
            let highest = Double(moved.landed - moved.reach.lowerBound) * size
            moved.rawOffset = min(max(moved.rawOffset, lowest), highest)
        }
        activity = .gesture(moved)
        history.offset.record(position: moved.rawOffset, time: inputTime)
        // Landing shifts the gesture's raw offset by the page it lands on; follow it here
        // rather than reading the gesture back out of `activity` on every call.
        let raw = landPassedPages(moved.rawOffset, along: axis, at: time)
        showOffset(raw: raw, along: axis)
    }

    /// Ends the gesture normally and decides: flip one page, return, or bounce.
    /// `velocityTime` is when the velocity is read (the last input of a
    /// touchpad gesture that ended by a quiet gap).
    mutating func releaseGesture(at time: Double, velocityTime: Double) {
        guard let ended = activity.gesture else { return }
        activity = .idle
        if ended.pans && releasePan(ended, at: time, velocityTime: velocityTime) { return }
        guard let axis = ended.lockedAxis else {
            // A tap, or a drag along a disabled axis: nothing moved along it.
            if offset == .zero {
                emitSettledIfOwed(at: time)
            } else {
                startAnimation(to: nearestDelta(), velocity: .zero, bouncing: false, at: time)
            }
            return
        }
        let size = pagePitch(axis)
        let limit = configuration.maximumReleaseSpeed
        let estimate = history.offset.velocity(at: velocityTime, window: configuration.velocityWindow)
        let rawVelocity = min(max(estimate, -limit), limit)
        let shown = offset[axis]
        var step = 0
        var edge: Edge?
        var releaseVelocity = rawVelocity
        let slope = band.slope(raw: ended.rawOffset, limits: unbandedOffsets(along: axis), size: size)
        if shown > 0 && !canMove(-1, along: axis) {
            edge = Edge.facing(axis, step: -1)
            releaseVelocity = rawVelocity * slope
        } else if shown < 0 && !canMove(1, along: axis) {
            edge = Edge.facing(axis, step: 1)
            releaseVelocity = rawVelocity * slope
        } else {
            let pageBefore = currentPage
            step = releaseStep(
                axis: axis, velocity: rawVelocity, measured: estimate, source: ended.source,
                caught: axis == .horizontal ? ended.caughtTarget.h : ended.caughtTarget.v, at: time)
            if ended.source == .scroll && !configuration.allowsLongSwipes {
                // One page per touchpad swipe, counted from where it began (a caught flip may land first).
                let landedNow = axis == .horizontal
                    ? (currentPage.h - pageBefore.h) * indexStep(.horizontal)
                    : (currentPage.v - pageBefore.v) * indexStep(.vertical)
                let travelled = ended.landed + landedNow
                let allowed = min(max(step, ended.reach.lowerBound - travelled), ended.reach.upperBound - travelled)
                // Held at the reach, the page did not move on: no speed carries past it.
                if allowed != step { releaseVelocity = 0 }
                step = allowed
            }
            let wanted = step
            while step != 0 && !canMove(step, along: axis) {
                edge = Edge.facing(axis, step: step)
                step -= step.signum()
            }
            // A long swipe cut short by an edge lands on the last page; only one
            // that cannot move at all bounces.
            if configuration.allowsLongSwipes && step != 0 && step != wanted { edge = nil }
        }
        // An edge that does not overshoot ends the gesture quietly: no bounce,
        // and the speed towards it stops there.
        if let reached = edge, !overshoots(reached) {
            edge = nil
            releaseVelocity = 0
        }
        if let edge { emit(.bounced(edge), at: time) }
        var target = nearestDelta()
        if axis == .horizontal { target.h = step } else { target.v = step }
        var startVelocity = Point.zero
        startVelocity[axis] = releaseVelocity
        startAnimation(to: target, velocity: startVelocity, bouncing: edge != nil, at: time)
    }

    /// The page step a release makes along `axis`: a fling goes to the next page
    /// in its direction among the two visible ones (or one past a caught flip,
    /// which lands first); otherwise the projected position decides (a
    /// touchpad's slow release is not projected: the nearest page).
    /// `measured` is the velocity before the cap: a touchpad's fling threshold is in units,
    /// and on a page over 5 120 px wide the 8 000 px/s cap is below 600 units/s.
    mutating func releaseStep(axis: Axis, velocity: Double, measured: Double, source: GestureSource,
                              caught: Int, at time: Double) -> Int {
        let size = pagePitch(axis)
        let position = -offset[axis] / size
        let pagesPerSecond = -velocity / size
        // A touchpad's threshold is in its own units: the velocity, px/s, converted.
        let isFling = source == .pointer
            ? abs(velocity) >= configuration.pointerFlingVelocity
            : abs(measured) / pixelsPerTouchpadUnit(axis) >= configuration.scrollFlingVelocity
        let deceleration = source == .pointer
            ? configuration.pointerDeceleration : configuration.scrollDeceleration
        // A slow touchpad release settles on the nearest page, as libadwaita's swipe
        // tracker does; only a fling is projected.
        let projects = source == .pointer || isFling
        let projected = projects
            ? position + pagesPerSecond * PagerConfiguration.projectionTime(deceleration: deceleration)
            : position
        if configuration.allowsLongSwipes && caught == 0 {
            let step = longSwipeStep(projected: projected)
            // A fling still goes at least one page its way: the rule below.
            let flingsBack = isFling && step.signum() != (pagesPerSecond > 0 ? 1 : -1)
            if !flingsBack { return step }
        }
        if isFling {
            let direction = pagesPerSecond > 0 ? 1 : -1
            if caught != 0 && caught.signum() == direction {
                // Rapid paging: this fling goes one page past the caught flip's page.
                return commitPending(caught, plus: direction, along: axis, at: time)
            }
            if direction > 0 { return position >= 0 ? 1 : 0 }
            return position <= 0 ? -1 : 0
        }
        let threshold = configuration.flipThreshold
        if projected > threshold { return 1 }
        if projected < -threshold { return -1 }
        return 0
    }

    /// Viewport px the pager moves per touchpad unit along `axis`: one page
    /// pitch per `PagerConfiguration.touchpadDistance`.
    @inline(__always)
    func pixelsPerTouchpadUnit(_ axis: Axis) -> Double {
        pagePitch(axis) / configuration.touchpadDistance.units(along: axis)
    }

    /// The pages a long swipe travels to reach the `projected` position (in
    /// pages from the current one): the whole pages passed, one more when past
    /// `flipThreshold` of the next, at most `maximumLongSwipePages`.
    func longSwipeStep(projected: Double) -> Int {
        let magnitude = projected.magnitude
        guard magnitude.isFinite else { return 0 }
        let cap = min(max(1, configuration.maximumLongSwipePages), Self.longSwipePageLimit)
        var pages = magnitude >= Double(cap) ? cap : Int(magnitude)   // truncates: no libm call
        if pages < cap && magnitude - Double(pages) > configuration.flipThreshold { pages += 1 }
        return projected < 0 ? -pages : pages
    }

    /// The step to a page `extra` pages past a pending step `pending` along
    /// `axis`. The pending page lands at once when the offset is already on
    /// its way there (seamless: the content does not move); otherwise the
    /// animation lands on it when it gets there. Stops at a bounded edge.
    mutating func commitPending(_ pending: Int, plus extra: Int, along axis: Axis, at time: Double) -> Int {
        var target = pending + extra
        let direction = pending.signum()
        // "On its way" means visibly moved: an offset a rounding error from zero
        // would land a whole page away from the content.
        let onItsWay = -offset[axis] * Double(direction) >= configuration.restDistance
        if direction != 0 && onItsWay && canMove(direction, along: axis) {
            land(direction, along: axis, at: time)
            target -= direction
        }
        return target
    }

    /// The nearest page to the shown offset, per axis, within the bounds.
    func nearestDelta() -> (h: Int, v: Int) {
        func nearest(_ axis: Axis) -> Int {
            let position = -offset[axis] / pagePitch(axis)
            let step = position > 0.5 ? 1 : position < -0.5 ? -1 : 0
            return step != 0 && canMove(step, along: axis) ? step : 0
        }
        return (nearest(.horizontal), nearest(.vertical))
    }

    /// Whether the content is pulled past a bounded edge on either axis.
    var isBeyondAnEdge: Bool {
        for axis in Axis.allCases {
            if offset[axis] > 0 && !canMove(-1, along: axis) { return true }
            if offset[axis] < 0 && !canMove(1, along: axis) { return true }
        }
        return false
    }

    // The small geometry helpers below are always inlined: called out of line
    // from a mutating method (a frame step, a drag), each call made the
    // optimizer copy the whole model (5 KB) first, which cost more than the
    // frame's own work (`Benchmarks/`, measured with callgrind).
    var band: RubberBand { RubberBand(coefficient: configuration.rubberBandCoefficient) }

    /// The offsets along `axis` the drag reaches without the rubber band: a
    /// page either way, or none towards a bounded edge.
    @inline(__always)
    func unbandedOffsets(along axis: Axis) -> ClosedRange<Double> {
        let size = pagePitch(axis)
        return (canMove(1, along: axis) ? -size : 0)...(canMove(-1, along: axis) ? size : 0)
    }

    /// Shows the raw drag offset `raw` along `axis`: rubber-banded past a
    /// bounded edge, held at one that does not overshoot. Mutating, so that
    /// the model is passed by reference: a non-mutating function the
    /// optimizer did not inline was called with a copy of the whole model
    /// (5 KB) on every drag event and frame.
    mutating func showOffset(raw: Double, along axis: Axis) {
        let limits = unbandedOffsets(along: axis)
        let shown = band.shown(raw: raw, limits: limits, size: pagePitch(axis))
        offset[axis] = Self.held(shown, limits: limits, overshooting: overshootingEnds(along: axis))
    }

    /// `value` held at the bounded edges that do not overshoot
    /// (`PagerConfiguration.overshootEdges`): the content stops dead there.
    @inline(__always)
    func heldAtEdges(_ value: Double, along axis: Axis) -> Double {
        Self.held(value, limits: unbandedOffsets(along: axis), overshooting: overshootingEnds(along: axis))
    }

    /// `value` held at 0 past an end of `limits` that is a bounded edge (a
    /// limit of 0; a page away is ±pitch) that does not overshoot. Static,
    /// on plain values, so that no call copies the model.
    @inline(__always)
    static func held(_ value: Double, limits: ClosedRange<Double>,
                     overshooting: (before: Bool, after: Bool)) -> Double {
        // A positive offset shows what lies before the current page: the left or top edge.
        if value > 0 && limits.upperBound == 0 && !overshooting.before { return 0 }
        if value < 0 && limits.lowerBound == 0 && !overshooting.after { return 0 }
        return value
    }

    /// Whether the edges before (left, top) and after (right, bottom) the
    /// pages along `axis` overshoot.
    @inline(__always)
    func overshootingEnds(along axis: Axis) -> (before: Bool, after: Bool) {
        (overshoots(Edge.facing(axis, step: -1)), overshoots(Edge.facing(axis, step: 1)))
    }

    /// Whether content overshoots past `edge` (`PagerConfiguration.overshootEdges`).
    @inline(__always)
    func overshoots(_ edge: Edge) -> Bool { configuration.overshootEdges.contains(edge) }

    /// The raw drag offset that shows as `shown` (inverse of `showOffset`).
    @inline(__always)
    func rawOffset(shown: Double, along axis: Axis) -> Double {
        band.raw(shown: shown, limits: unbandedOffsets(along: axis), size: pagePitch(axis))
    }

    @inline(__always)
    func bounds(_ axis: Axis) -> AxisBounds {
        axis == .horizontal ? horizontalBounds : verticalBounds
    }

    @inline(__always)
    func pageSize(_ axis: Axis) -> Double {
        axis == .horizontal ? pageWidth : pageHeight
    }

    /// The distance from one page to the next along `axis`: the page and
    /// the gap after it (`PagerConfiguration.spacing`). Every page step
    /// (landing, thresholds, flips, the band) is measured in it.
    @inline(__always)
    func pagePitch(_ axis: Axis) -> Double {
        pageSize(axis) + configuration.pageSpacing
    }

    /// Whether the page `step` screen positions away along `axis` exists.
    @inline(__always)
    func canMove(_ step: Int, along axis: Axis) -> Bool {
        let bounds = axis == .horizontal ? columns(inRow: currentPage.v) : verticalBounds
        guard bounds.isEnabled else { return false }
        let index = axis == .horizontal ? currentPage.h : currentPage.v
        return bounds.contains(index + indexStep(axis) * step)
    }

    /// How a page index changes per screen position along `axis`: +1 (right,
    /// down), or -1 on a reversed axis. Steps, columns and rows are in screen
    /// positions throughout the engine; only page indices go through this.
    @inline(__always)
    func indexStep(_ axis: Axis) -> Int {
        let reversed = axis == .horizontal ? configuration.horizontalReversed : configuration.verticalReversed
        return reversed ? -1 : 1
    }

    /// The page `h`, `v` screen positions away from the current page, placed
    /// into its row when rows are ragged.
    @inline(__always)
    func page(screenSteps h: Int, _ v: Int) -> PageIndex {
        placed(currentPage.offsetBy(h: indexStep(.horizontal) * h, v: indexStep(.vertical) * v))
    }
}
