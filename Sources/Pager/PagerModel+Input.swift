extension PagerModel {
    /// A mouse button or finger went down at (`x`, `y`) in viewport pixels.
    /// Catches a moving page exactly where it is shown. Ignored when a
    /// coordinate is NaN or infinite (as for every input: `PagerModel+Limits.swift`).
    public mutating func pointerDown(x: Double, y: Double, time: Double) {
        guard let point = Self.inputPoint(x: x, y: y) else { return }
        let now = clock(time)
        noteInputTime(time)
        if activity.gesture?.source == .scroll { releaseGesture(at: now, velocityTime: inputTime) }
        if activity.gesture == nil {
            beginGesture(.pointer, at: point, time: now)
            if zoom.isZoomed { beginPan(at: now) }
        }
        updateSlotGeometry()
    }

    /// The pointer moved. Before the slop nothing moves; then the drag locks
    /// to the dominant axis and the content follows along it only.
    public mutating func pointerMoved(x: Double, y: Double, time: Double) {
        guard let point = Self.inputPoint(x: x, y: y) else { return }
        let now = clock(time)
        guard case .gesture(var current) = activity, current.source == .pointer else { return }
        noteInputTime(time)
        if let axis = current.lockedAxis, !current.pans {
            // The steady state of a drag, once per motion event: one write of the gesture.
            let delta = point[axis] - current.last[axis]
            current.last = point
            current.lastInputTime = now
            activity = .gesture(current)
            moveGesture(by: delta, along: axis, at: now)
            updateSlotGeometry()
            return
        }
        if current.pans {
            movePointerPan(to: point, at: now)
        } else if !current.isLocked {
            let dx = point.x - current.origin.x
            let dy = point.y - current.origin.y
            let slop = configuration.dragSlop
            if dx * dx + dy * dy > slop * slop {
                let axis: Axis = abs(dx) >= abs(dy) ? .horizontal : .vertical
                lockGesture(to: axis, at: now)
                if activity.gesture?.lockedAxis != nil {
                    // Follow from the slop's boundary: no jump, and no lag beyond the slop.
                    let travel = point[axis] - current.origin[axis]
                    var anchor = current.origin
                    anchor[axis] += travel.sign == .minus ? -min(slop, -travel) : min(slop, travel)
                    updateGesture { $0.last = anchor }
                    moveGesture(by: point[axis] - anchor[axis], along: axis, at: now)
                }
                updateGesture { $0.last = point }
            }
        }
        updateGesture { $0.lastInputTime = now }
        updateSlotGeometry()
    }

    /// The pointer was released: flip, return or bounce, from the position and
    /// the velocity of the last moments of the drag. A release before the slop is a tap.
    public mutating func pointerUp(x: Double, y: Double, time: Double) {
        guard let point = Self.inputPoint(x: x, y: y) else { return }
        let now = clock(time)
        guard let current = activity.gesture, current.source == .pointer else { return }
        noteInputTime(time)
        if current.pans {
            movePointerPan(to: point, at: now)
        } else if let axis = current.lockedAxis {
            moveGesture(by: point[axis] - current.last[axis], along: axis, at: now)
        }
        releaseGesture(at: now, velocityTime: inputTime)
        updateSlotGeometry()
    }

    /// Ends the gesture in progress abnormally, reports it and settles on the
    /// nearest page. Returns whether there was a gesture to interrupt.
    @discardableResult
    public mutating func interrupt(_ reason: InterruptionReason, time: Double) -> Bool {
        let now = clock(time)
        guard let current = activity.gesture else { return false }
        if current.pans { interruptPan(at: now) }
        activity = .idle
        let target = nearestDelta()
        emit(.interrupted(reason, page: page(screenSteps: target.h, target.v)), at: now)
        startAnimation(to: target, velocity: .zero, bouncing: isBeyondAnEdge, at: now)
        updateSlotGeometry()
        return true
    }

    /// Touchpad scrolling by (`dx`, `dy`) touchpad units (same sign as a
    /// drag: the content follows the fingers). The page moves one page per
    /// `configuration.touchpadDistance` (400 units across, 300 down), locked
    /// to the axis the travel takes past `scrollSlop`; every event counts
    /// once, the first in full. Resting fingers hold the page exactly still.
    /// The gesture ends with `scrollEnded` or by itself after
    /// `scrollEndGap` of quiet. On a zoomed page the units pan the image
    /// 1:1 in viewport px.
    ///
    /// ```swift
    /// model.scroll(dx: -300, dy: 0, time: 0)   // 0.75 of a page to the left
    /// model.scrollEnded(time: 0.2)              // slow: past half, turns to h + 1
    /// ```
    public mutating func scroll(dx: Double, dy: Double, time: Double) {
        guard let dx = Self.coordinate(dx), let dy = Self.coordinate(dy) else { return }
        let now = clock(time)
        if activity.gesture?.source == .pointer { return }
        noteInputTime(time)
        if activity.gesture == nil {
            beginGesture(.scroll, at: .zero, time: now)
            if zoom.isZoomed { beginPan(at: now) }
        }
        guard let current = activity.gesture else { return }
        let scale = Point(x: pixelsPerTouchpadUnit(.horizontal), y: pixelsPerTouchpadUnit(.vertical))
        if current.pans {
            // A touchpad pans at once: its slop is for choosing a pager axis.
            if current.pan != .following { startPanning(at: now) }
            movePan(by: Point(x: dx, y: dy), pagerScale: scale, at: now)
        } else if !current.isLocked {
            let travel = Point(x: current.last.x + dx, y: current.last.y + dy)
            updateGesture { $0.last = travel }
            let slop = configuration.scrollSlop
            if travel.x * travel.x + travel.y * travel.y > slop * slop {
                let axis: Axis = abs(travel.x) >= abs(travel.y) ? .horizontal : .vertical
                lockGesture(to: axis, at: now)
                if activity.gesture?.lockedAxis != nil {
                    moveGesture(by: travel[axis] * scale[axis], along: axis, at: now)
                }
            }
        } else if let axis = current.lockedAxis {
            moveGesture(by: (axis == .horizontal ? dx : dy) * scale[axis], along: axis, at: now)
        }
        updateGesture { $0.lastInputTime = now }
        updateSlotGeometry()
    }

    /// The touchpad gesture ended (fingers lifted): the velocity over the
    /// last `velocityWindow` decides. At least `scrollFlingVelocity` units/s
    /// turns the page the way the fingers went; slower settles on the page
    /// the offset is nearest to. One page per swipe from the page it began
    /// on, unless long swipes are on. A scroll event with the lift's time
    /// counts in the position and the velocity: send it first.
    ///
    /// ```swift
    /// model.scroll(dx: -40, dy: 0, time: 0.032)
    /// model.scrollEnded(time: 0.032)
    /// ```
    public mutating func scrollEnded(time: Double) {
        let now = clock(time)
        guard activity.gesture?.source == .scroll else { return }
        noteInputTime(time)
        releaseGesture(at: now, velocityTime: inputTime)
        updateSlotGeometry()
    }

    /// Animates one page in `direction` (the way the view moves: `.right` is `h + 1`)
    /// with `configuration.keyFlipAnimation`. A flip during another flip (a
    /// held key) first lands the pending one and retargets the motion from
    /// where it is shown, at its speed, so N flips end exactly N pages on
    /// (fewer at a bounded edge). At a bounded edge the page nudges and
    /// bounces back. Ignored during a gesture. Returns whether a flip started.
    ///
    /// ```swift
    /// model.flip(.right, time: now)   // h + 1
    /// ```
    @discardableResult
    public mutating func flip(_ direction: FlipDirection, time: Double) -> Bool {
        let now = clock(time)
        guard activity.gesture == nil else { return false }
        let axis = direction.axis
        guard bounds(axis).isEnabled else { return false }
        let step = axis == .horizontal ? direction.step.h : direction.step.v
        // A flip during a flip: the pending page lands first when it can, seamlessly.
        var target = (h: 0, v: 0)
        if let pending = activity.animation {
            target.h = commitPending(pending.targetDelta.h, plus: 0, along: .horizontal, at: now)
            // (Landing a horizontal page leaves the vertical target as it was.)
            target.v = commitPending(pending.targetDelta.v, plus: 0, along: .vertical, at: now)
        }
        var startVelocity = activity.velocity
        let pendingAlongAxis = axis == .horizontal ? target.h : target.v
        let flipped = canMove(pendingAlongAxis + step, along: axis)
        let bounces = !flipped && overshoots(Edge.facing(axis, step: step))
        if flipped {
            if axis == .horizontal { target.h += step } else { target.v += step }
        } else if bounces {
            emit(.bounced(Edge.facing(axis, step: step)), at: now)
            if pendingAlongAxis == 0 {
                startVelocity[axis] = -Double(step) * configuration.edgeNudgeVelocity
            }
        } else if activity.animation == nil && offset == .zero {
            // An edge that does not overshoot, with the pager at rest: nothing happens.
            updateSlotGeometry()
            return false
        }
        startAnimation(
            to: target, velocity: startVelocity, bouncing: bounces && pendingAlongAxis == 0, keyFlip: true, at: now)
        updateSlotGeometry()
        return flipped
    }

    /// Shows `page` (clamped into the bounds): at once, or animated with
    /// `configuration.keyFlipAnimation`. A far page is reached by landing
    /// next to it and animating the last step.
    public mutating func go(to page: PageIndex, animated: Bool, time: Double) {
        let now = clock(time)
        let target = placed(PageIndex(h: horizontalBounds.clamp(page.h), v: verticalBounds.clamp(page.v)))
        dropGesture(at: now)
        // In screen positions (the same as pages unless an axis is reversed).
        var dh = (target.h - currentPage.h) * indexStep(.horizontal)
        var dv = (target.v - currentPage.v) * indexStep(.vertical)
        if !animated {
            activity = .idle
            offset = .zero
            if dh != 0 || dv != 0 { moveCurrentPage(h: dh, v: dv, at: now) }
            emitSettledIfOwed(at: now)
        } else {
            if abs(dh) > 1 || abs(dv) > 1 {
                let anchorH = abs(dh) > 1 ? dh - dh.signum() : 0
                let anchorV = abs(dv) > 1 ? dv - dv.signum() : 0
                moveCurrentPage(h: anchorH, v: anchorV, at: now)
                // The anchor may have been placed into a shorter row: measure from where it is.
                dh = (target.h - currentPage.h) * indexStep(.horizontal)
                dv = (target.v - currentPage.v) * indexStep(.vertical)
            }
            if dh != 0 || dv != 0 || offset != .zero || activity.animation != nil {
                startAnimation(to: (dh, dv), velocity: activity.velocity, bouncing: false, keyFlip: true, at: now)
            } else {
                emitSettledIfOwed(at: now)
            }
        }
        updateSlotGeometry()
    }

    /// The viewport (one page) changed size. The page and the relative
    /// position are kept, even mid-drag or mid-animation. Sizes are held
    /// within 1…2^24 px (NaN counts as 1).
    public mutating func resize(width: Double, height: Double, time: Double) {
        _ = clock(time)
        let width = Self.pageLength(width)
        let height = Self.pageLength(height)
        let oldPitch = (x: pagePitch(.horizontal), y: pagePitch(.vertical))
        pageWidth = width
        pageHeight = height
        // Offsets keep their share of a page pitch (the same as the share of
        // a page when there is no spacing).
        scaleOffsets(kx: pagePitch(.horizontal) / oldPitch.x, ky: pagePitch(.vertical) / oldPitch.y)
        resetZoomForNewPage(at: latestTime ?? 0)
        emitSettledIfOwed(at: latestTime ?? 0)
        updateSlotGeometry()
    }

    /// Scales the offset, the running animation and the drag by `kx`, `ky`
    /// per axis: a new page pitch keeps the offset's share of it.
    mutating func scaleOffsets(kx: Double, ky: Double) {
        // Scaled, an offset a hair under a page can round to exactly one page
        // (the fuzzer found 100·(1 − 2⁻⁵³) × 2.95 = 295): keep it under.
        offset.x = Self.underAPage(offset.x * kx, pageSize: pagePitch(.horizontal))
        offset.y = Self.underAPage(offset.y * ky, pageSize: pagePitch(.vertical))
        updateAnimation { running in
            running.velocity.x *= kx
            running.velocity.y *= ky
            running.horizontal.scale(by: kx)
            running.vertical.scale(by: ky)
        }
        if let axis = activity.gesture?.lockedAxis {
            let k = axis == .horizontal ? kx : ky
            updateGesture { $0.rawOffset *= k }
            history.offset.scale(by: k)
        }
    }

    /// `value` with its magnitude kept strictly below `pageSize`.
    static func underAPage(_ value: Double, pageSize: Double) -> Double {
        min(max(value, -pageSize.nextDown), pageSize.nextDown)
    }

    /// Changes the bounds (`nil` infinite, 0 disabled, N pages). The current
    /// page is clamped into them; slots outside them show no page.
    /// Ragged rows end: every row spans the new horizontal bounds.
    public mutating func setBounds(horizontal: Int?, vertical: Int?, time: Double) {
        hasRaggedRows = false
        applyBounds(horizontal: horizontal, vertical: vertical, time: time)
    }

    /// `setBounds` without touching `rowLengths`.
    mutating func applyBounds(horizontal: Int?, vertical: Int?, time: Double) {
        let now = clock(time)
        horizontalBounds = AxisBounds(pageCount: horizontal)
        verticalBounds = AxisBounds(pageCount: vertical)
        let clamped = placed(PageIndex(
            h: horizontalBounds.clamp(currentPage.h), v: verticalBounds.clamp(currentPage.v)))
        if clamped != currentPage {
            dropGesture(at: now)
            activity = .idle
            offset = .zero
            moveCurrentPage(
                h: (clamped.h - currentPage.h) * indexStep(.horizontal),
                v: (clamped.v - currentPage.v) * indexStep(.vertical),
                at: now)
            emitSettledIfOwed(at: now)
        } else {
            refreshSlotPages(at: now, reporting: true)
            // A disabled axis shows no offset at all, at once.
            for axis in Axis.allCases where !bounds(axis).isEnabled {
                offset[axis] = 0
                updateAnimation { running in
                    running.velocity[axis] = 0
                    running[axis] = .resting(0)
                }
            }
            if let axis = activity.gesture?.lockedAxis, !bounds(axis).isEnabled {
                dropGesture(at: now)
                startAnimation(to: nearestDelta(), velocity: .zero, bouncing: false, at: now)
            } else if let axis = activity.gesture?.lockedAxis {
                // New neighbours may exist now: land on pages the drag already reached, re-band.
                moveGesture(by: 0, along: axis, at: now)
            } else if let pending = activity.animation {
                var target = pending.targetDelta
                if target.h != 0 && !canMove(target.h, along: .horizontal) { target.h = 0 }
                if target.v != 0 && !canMove(target.v, along: .vertical) { target.v = 0 }
                if target != pending.targetDelta {
                    startAnimation(
                        to: target, velocity: activity.velocity, bouncing: false, keyFlip: pending.isKeyFlip, at: now)
                }
            }
        }
        updateSlotGeometry()
    }

    /// Moves time forward to `time` (seconds): steps the animation, lands on
    /// pages, recycles slots, ends a touchpad gesture after its quiet gap.
    public mutating func advance(to time: Double) {
        let now = clock(time)
        stepAnimation(to: now)
        stepZoom(to: now)
        updateSlotGeometry()
    }

    /// Takes `time` as the latest time seen (never backwards; NaN, infinite
    /// and beyond ±2^40 s ignored) and ends a touchpad gesture whose quiet gap has passed.
    mutating func clock(_ time: Double) -> Double {
        if Self.isUsableTime(time) && time > (latestTime ?? -.infinity) { latestTime = time }
        let now = latestTime ?? 0
        if let current = activity.gesture, current.source == .scroll,
           now - current.lastInputTime >= configuration.scrollEndGap {
            releaseGesture(at: now, velocityTime: inputTime)
            updateSlotGeometry()
        }
        return now
    }

    /// Takes `time`, the time of an input the gesture takes, as the latest
    /// input time (never backwards; unusable times ignored). After `clock(_:)`,
    /// so that a touchpad gesture whose gap has passed ends at its own last input.
    mutating func noteInputTime(_ time: Double) {
        if Self.isUsableTime(time) && time > (latestInputTime ?? -.infinity) { latestInputTime = time }
    }

    /// The time the velocity history samples the input being handled at: its
    /// own time (`latestInputTime`), or the model's before any.
    var inputTime: Double { latestInputTime ?? latestTime ?? 0 }

    mutating func emit(_ kind: PagerEvent.Kind, at time: Double) {
        events.push(PagerEvent(time: time, kind: kind))
    }

    mutating func emitSettledIfOwed(at time: Double) {
        if owesSettledEvent && phase == .idle && offset == .zero && zoom.isSettled {
            owesSettledEvent = false
            emit(.settled(currentPage), at: time)
        }
    }
}
