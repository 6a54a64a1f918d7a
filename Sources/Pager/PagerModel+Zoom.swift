/// Zoom and pan of the current page, and the hand-over of a pan's drag to the pager.
///
/// How a drag on a zoomed page works (iOS Photos' rules):
/// - The pan is free in 2D: both axes follow the finger, with momentum and a
///   rubber band at the image's edges.
/// - Along an axis where the pan has reached the image's edge, the rest of the
///   same drag moves the pager instead (`panHandedOver`), pixel for pixel, so the
///   pixel under the finger stays under it; the pager rubber-bands at its own
///   bounded edges. The pager moves along the first axis handed over only; along
///   the other axis the pan keeps going into its rubber band.
/// - Dragging back first returns the pager to rest, then pans again.
/// - Releasing with the pager displaced is an ordinary pager release (flip or
///   return; the pan stops, springing back from any rubber band). Releasing
///   with the pager at rest keeps the pan's momentum and never flips a page.
/// - Zoom belongs to the current page: landing on another page (or a resize)
///   shows it fitted. The page that leaves keeps its zoom while it slides out,
///   because landing happens once it is off screen.
///
/// ```swift
/// model.setZoomContent(width: 1067, height: 800, pixelScale: 3.75, time: now)
/// model.toggleZoom(around: Point(x: 900, y: 300), time: now)   // fit ↔ 1:1
/// model.pointerDown(x: 640, y: 400, time: now + 1)             // pans, then pages
/// ```
extension PagerModel {
    /// The zoom's tuning constants.
    public var zoomConfiguration: ZoomConfiguration {
        get { zoom.configuration }
        set {
            zoom.configuration = newValue
            zoom.targetScale = zoom.clampScale(zoom.targetScale)
        }
    }

    /// Tells the engine the current page's content: its size as fitted on the
    /// page (px) and the scale at which it shows at 1:1 (image px per screen px
    /// when fitted; 1 for an image shown at its own size). The zoom is kept.
    ///
    /// ```swift
    /// // a 4000×3000 photo fitted into 1280×800 is 1067×800: 1:1 is 3.75× fit
    /// model.setZoomContent(width: 1067, height: 800, pixelScale: 3.75, time: now)
    /// ```
    public mutating func setZoomContent(width: Double, height: Double, pixelScale: Double, time: Double) {
        let now = clock(time)
        zoom.setContent(width: width, height: height, pixelScale: pixelScale, time: now)
    }

    /// Zooms the current page to `scale` (relative to fit, clamped between 1 and
    /// `zoom.maximumScale`), holding the viewport point `point` still (unless
    /// that would show past the image's edge). Animated with the zoom spring.
    /// Ignored during a drag and for a NaN or infinite point. Returns whether
    /// the target scale changed.
    ///
    /// ```swift
    /// model.zoom(to: 2, around: Point(x: 640, y: 400), animated: true, time: now)
    /// ```
    @discardableResult
    public mutating func zoom(to scale: Double, around point: Point, animated: Bool, time: Double) -> Bool {
        // A NaN or infinite point is refused, as any input's (`PagerModel+Limits.swift`).
        guard let point = Self.inputPoint(x: point.x, y: point.y) else { return false }
        let now = clock(time)
        guard activity.gesture == nil else { return false }
        guard zoom.zoom(to: scale, around: point, animated: animated, time: now) else {
            // The scale stays, but the pan's momentum stopped: that may be the rest owed.
            emitSettledIfOwed(at: now)
            return false
        }
        owesSettledEvent = true
        emitZoomChanged(at: now)
        emitSettledIfOwed(at: now)
        return true
    }

    /// Multiplies the target scale by `factor` (Ctrl+wheel notches, a pinch's step).
    ///
    /// ```swift
    /// model.zoom(by: 1.25, around: pointer, animated: true, time: now)
    /// ```
    @discardableResult
    public mutating func zoom(by factor: Double, around point: Point, animated: Bool, time: Double) -> Bool {
        zoom(to: zoom.targetScale * factor, around: point, animated: animated, time: time)
    }

    /// One step in (`zoomConfiguration.step`), animated.
    ///
    /// ```swift
    /// model.zoomIn(around: Point(x: 640, y: 400), time: now)   // the + key
    /// ```
    @discardableResult
    public mutating func zoomIn(around point: Point, time: Double) -> Bool {
        zoom(by: zoom.configuration.step, around: point, animated: true, time: time)
    }

    /// One step out, animated; never below fit.
    ///
    /// ```swift
    /// model.zoomOut(around: Point(x: 640, y: 400), time: now)   // the - key
    /// ```
    @discardableResult
    public mutating func zoomOut(around point: Point, time: Double) -> Bool {
        zoom(by: 1 / zoom.configuration.step, around: point, animated: true, time: time)
    }

    /// Fit ↔ 1:1 (a double-click): zoomed goes back to fit; at fit zooms to the
    /// image's own pixels (or `toggleScaleForSmallImages` when those are not
    /// bigger than fit), around `point`.
    ///
    /// ```swift
    /// model.toggleZoom(around: Point(x: 300, y: 200), time: now)
    /// ```
    @discardableResult
    public mutating func toggleZoom(around point: Point, time: Double) -> Bool {
        let target: Double
        if zoom.isZoomed {
            target = 1
        } else {
            target = zoom.pixelScale > 1.01 ? zoom.pixelScale : zoom.configuration.toggleScaleForSmallImages
        }
        return zoom(to: target, around: point, animated: true, time: time)
    }

    /// Back to fit (the `0` key), animated or at once.
    ///
    /// ```swift
    /// model.resetZoom(animated: true, time: now)
    /// ```
    @discardableResult
    public mutating func resetZoom(animated: Bool, time: Double) -> Bool {
        zoom(to: 1, around: Point(x: pageWidth / 2, y: pageHeight / 2), animated: animated, time: time)
    }

    // MARK: - Internal

    mutating func emitZoomChanged(at time: Double) {
        let target = zoom.targetScale
        emit(.zoomChanged(scale: target, atFit: abs(target - 1) <= zoom.configuration.fitTolerance), at: time)
    }

    /// The page changed or the viewport did: back to fit, reported if it was zoomed.
    mutating func resetZoomForNewPage(at time: Double) {
        let wasZoomed = zoom.isZoomed
        zoom.setViewport(width: pageWidth, height: pageHeight)
        if wasZoomed {
            owesSettledEvent = true
            emitZoomChanged(at: time)
        }
    }

    /// Forgets the gesture in progress without a release decision (a jump,
    /// new bounds): a pan stops where it is, springing back from any rubber band.
    mutating func dropGesture(at time: Double) {
        guard let dropped = activity.gesture else { return }
        if dropped.pans { interruptPan(at: time) }
        activity = .idle
    }

    /// The gesture just begun is on a zoomed page: it pans. A running zoom
    /// freezes where it is shown and pan momentum is caught.
    mutating func beginPan(at time: Double) {
        guard activity.gesture != nil else { return }
        if zoom.freeze() {
            zoom.reanchor(time: time, keepingPan: true)
            emitZoomChanged(at: time)
        }
        zoom.pan.x.stop(time: time)
        zoom.pan.y.stop(time: time)
        owesSettledEvent = true
        // A caught (displaced) pager follows at once, as an ordinary catch does.
        updateGesture { $0.pan = $0.isLocked ? .following : .beforeSlop }
        recordPan(at: time)
    }

    /// A pointer pan moved to `point`: nothing before the slop, then the pan
    /// follows from the slop's boundary.
    mutating func movePointerPan(to point: Point, at time: Double) {
        guard let current = activity.gesture else { return }
        if current.pan == .following {
            updateGesture { $0.last = point }
            movePan(by: Point(x: point.x - current.last.x, y: point.y - current.last.y), at: time)
            return
        }
        let dx = point.x - current.origin.x
        let dy = point.y - current.origin.y
        let slop = configuration.dragSlop
        let distance = (dx * dx + dy * dy).squareRoot()
        guard distance > slop else { return }
        startPanning(at: time)
        updateGesture { $0.last = point }
        let follow = (distance - slop) / distance
        movePan(by: Point(x: dx * follow, y: dy * follow), at: time)
    }

    /// A pan gesture moved past its slop.
    mutating func startPanning(at time: Double) {
        updateGesture { $0.pan = .following }
        emit(.dragBegan, at: time)
    }

    /// Splits a drag of `delta` px between the pager and the pan, axis by axis:
    /// first the pager back to rest, then the pan up to the image's edge, then
    /// the pager (handing over), or the pan's rubber band when the pager cannot take it.
    /// The pan moves by `delta` 1:1; the pager by `delta × pagerScale` (a
    /// touchpad's units per pager px; 1 for a pointer).
    mutating func movePan(by delta: Point, pagerScale: Point = Point(x: 1, y: 1), at time: Double) {
        guard activity.gesture != nil else { return }
        for axis in Axis.allCases {
            var rest = delta[axis]
            let scale = pagerScale[axis]
            guard rest != 0 else { continue }
            // 1. A displaced pager moves first: further out, or back to rest.
            if let current = activity.gesture, current.lockedAxis == axis, current.rawOffset != 0 {
                let raw = current.rawOffset
                let wanted = rest * scale
                if (raw > 0) == (wanted > 0) {
                    moveGesture(by: wanted, along: axis, at: time)
                    rest = 0
                } else {
                    let back = raw > 0 ? max(wanted, -raw) : min(wanted, -raw)
                    moveGesture(by: back, along: axis, at: time)
                    rest = back == wanted ? 0 : rest - back / scale
                }
                guard rest != 0, activity.gesture != nil else { continue }
            }
            // 2. The pan, up to the image's edge (a pan caught in its rubber band stays in it).
            if zoom[panAlong: axis].isPastLimit {
                zoom[panAlong: axis].drag(by: rest, time: time)
                continue
            }
            rest = zoom[panAlong: axis].consume(rest, time: time)
            guard rest != 0 else { continue }
            // 3. The rest: to the pager when it can move along this axis.
            if activity.gesture?.lockedAxis == nil && bounds(axis).isEnabled {
                handOver(to: axis, at: time)
            }
            if activity.gesture?.lockedAxis == axis {
                if activity.gesture?.rawOffset == 0 {
                    emit(.panHandedOver(axis, towards: FlipDirection.towards(axis, contentMovement: rest)), at: time)
                }
                moveGesture(by: rest * scale, along: axis, at: time)
            } else if zoom.canPan(axis) {
                zoom[panAlong: axis].drag(by: rest, time: time)
            }
        }
        recordPan(at: time)
    }

    /// The pager takes the drag along `axis`, locking to it for the rest of the gesture.
    mutating func handOver(to axis: Axis, at time: Double) {
        let raw = rawOffset(shown: offset[axis], along: axis)
        updateGesture { gesture in
            gesture.lock = .axis(axis)
            gesture.rawOffset = raw
            gesture.reach = Self.reach(caught: axis == .horizontal ? gesture.caughtTarget.h : gesture.caughtTarget.v)
        }
        history.offset.reset()
        history.offset.record(position: raw, time: inputTime)
        emit(.axisLocked(axis), at: time)
    }

    mutating func recordPan(at time: Double) {
        guard activity.gesture != nil else { return }
        let position = zoom.pan.position
        history.panX.record(position: position.x, time: inputTime)
        history.panY.record(position: position.y, time: inputTime)
    }

    /// Ends a pan gesture. Returns `true` when it is done; `false` when the
    /// pager is displaced and makes its ordinary release decision.
    mutating func releasePan(_ ended: Gesture, at time: Double, velocityTime: Double) -> Bool {
        if let axis = ended.lockedAxis, offset[axis] != 0 {
            zoom.pan.x.release(velocity: 0, time: time)
            zoom.pan.y.release(velocity: 0, time: time)
            return false
        }
        let limit = configuration.maximumReleaseSpeed
        let window = configuration.velocityWindow
        let vx = history.panX.velocity(at: velocityTime, window: window)
        let vy = history.panY.velocity(at: velocityTime, window: window)
        zoom.pan.x.release(velocity: min(max(vx, -limit), limit), time: time)
        zoom.pan.y.release(velocity: min(max(vy, -limit), limit), time: time)
        if offset == .zero {
            emitSettledIfOwed(at: time)
        } else {
            startAnimation(to: nearestDelta(), velocity: .zero, bouncing: false, at: time)
        }
        return true
    }

    /// A pan gesture was interrupted: the pan stops, springing back from any rubber band.
    mutating func interruptPan(at time: Double) {
        zoom.pan.x.release(velocity: 0, time: time)
        zoom.pan.y.release(velocity: 0, time: time)
    }

    /// Steps the zoom's animation and the pan's momentum (not during a pan: the finger holds it).
    mutating func stepZoom(to time: Double) {
        if activity.gesture?.pans == true { return }
        guard !zoom.isSettled else { return }
        zoom.step(to: time)
        if activity.phase == .idle { emitSettledIfOwed(at: time) }
    }
}

extension PageZoom {
    /// One axis of the pan.
    subscript(panAlong axis: Axis) -> ScrollAxis {
        get { axis == .horizontal ? pan.x : pan.y }
        set { if axis == .horizontal { pan.x = newValue } else { pan.y = newValue } }
    }
}

extension FlipDirection {
    /// Where the view heads when the content moves by `movement` along `axis`
    /// (content moving left brings the page on the right).
    static func towards(_ axis: Axis, contentMovement movement: Double) -> FlipDirection {
        switch axis {
        case .horizontal: movement < 0 ? .right : .left
        case .vertical: movement < 0 ? .down : .up
        }
    }
}
