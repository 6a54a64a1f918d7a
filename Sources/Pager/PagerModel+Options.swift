/// The paging options of `PagerConfiguration` changed on a running pager:
/// spacing, reversed axes, long swipes and per-edge overshoot. A host that
/// offers them as settings (and the C interface, whose `fw_config` cannot
/// grow without a new major version) changes them here instead of creating a
/// new model; the current page, the slots' ids and the events are kept.
extension PagerModel {
    /// A gap of `spacing` px between neighbouring pages
    /// (`PagerConfiguration.spacing`; negative or non-finite values count as
    /// 0). As a resize does, the offset, a running animation and a drag keep
    /// their share of the page pitch.
    ///
    /// ```swift
    /// model.setSpacing(24, time: now)   // the next page now sits width + 24 px away
    /// ```
    public mutating func setSpacing(_ spacing: Double, time: Double) {
        _ = clock(time)
        let oldPitch = (x: pagePitch(.horizontal), y: pagePitch(.vertical))
        configuration.spacing = spacing
        scaleOffsets(kx: pagePitch(.horizontal) / oldPitch.x, ky: pagePitch(.vertical) / oldPitch.y)
        updateSlotGeometry()
    }

    /// Runs the axes against the screen or along it
    /// (`PagerConfiguration.horizontalReversed`, `verticalReversed`). The
    /// current page stays; along an axis that turns, the slots show the pages
    /// of its new direction (`slotsRecycled`), a running animation keeps
    /// heading for the same page (now on the other side), and a drag along it
    /// ends without a release decision, settling on the nearest page.
    ///
    /// ```swift
    /// model.setReversed(horizontal: true, vertical: false, time: now)   // right to left
    /// ```
    public mutating func setReversed(horizontal: Bool, vertical: Bool, time: Double) {
        let now = clock(time)
        let turns = (h: horizontal != configuration.horizontalReversed,
                     v: vertical != configuration.verticalReversed)
        guard turns.h || turns.v else { return }
        configuration.horizontalReversed = horizontal
        configuration.verticalReversed = vertical
        var dropped = false
        if let axis = activity.gesture?.lockedAxis, axis == .horizontal ? turns.h : turns.v {
            dropGesture(at: now)
            dropped = true
        }
        for axis in Axis.allCases where axis == .horizontal ? turns.h : turns.v {
            offset[axis] = -offset[axis]
            updateAnimation { running in
                running[axis].scale(by: -1)
                running.velocity[axis] = -running.velocity[axis]
                if axis == .horizontal { running.targetDelta.h = -running.targetDelta.h }
                else { running.targetDelta.v = -running.targetDelta.v }
            }
        }
        refreshSlotPages(at: now, reporting: true)
        if dropped && offset != .zero {
            startAnimation(to: nearestDelta(), velocity: .zero, bouncing: false, at: now)
        }
        emitSettledIfOwed(at: now)
        updateSlotGeometry()
    }

    /// Lets one release travel several pages, at most `maximumPages` (held
    /// within 1…1000), or one page at most (`PagerConfiguration.allowsLongSwipes`,
    /// `maximumLongSwipePages`). The next release decides by it.
    ///
    /// ```swift
    /// model.setLongSwipes(true, maximumPages: 3)
    /// ```
    public mutating func setLongSwipes(_ allowed: Bool, maximumPages: Int) {
        configuration.allowsLongSwipes = allowed
        configuration.maximumLongSwipePages = min(max(1, maximumPages), Self.longSwipePageLimit)
    }

    /// The bounded edges past which content overshoots
    /// (`PagerConfiguration.overshootEdges`). A drag already pulled past an
    /// edge that no longer overshoots is held at it.
    ///
    /// ```swift
    /// model.setOvershootEdges([])   // libadwaita's carousel: no edge rubber-bands
    /// ```
    public mutating func setOvershootEdges(_ edges: EdgeSet) {
        configuration.overshootEdges = edges
        if let axis = activity.gesture?.lockedAxis {
            let limits = unbandedOffsets(along: axis)
            let ends = overshootingEnds(along: axis)
            updateGesture { $0.rawOffset = Self.held($0.rawOffset, limits: limits, overshooting: ends) }
            offset[axis] = Self.held(offset[axis], limits: limits, overshooting: ends)
            updateSlotGeometry()
        }
    }
}

extension PagerModel {
    /// How long a quiet touchpad scroll lasts before it ends by itself, s
    /// (`PagerConfiguration.scrollEndGap`). A shell that learns its source
    /// reports the lift (Wayland's `axis_stop`) sets `.infinity`, so resting
    /// fingers hold the page until `scrollEnded(time:)`. A value that is
    /// not a number or not above 0 keeps the default, 0.15 s.
    ///
    /// ```swift
    /// model.setScrollEndGap(.infinity)   // only scrollEnded ends a swipe
    /// ```
    public mutating func setScrollEndGap(_ gap: Double) {
        configuration.scrollEndGap = gap > 0 ? gap : PagerConfiguration().scrollEndGap
    }

    /// Touchpad units per page (`PagerConfiguration.touchpadDistance`):
    /// the next `scroll(dx:dy:time:)` moves the page by `dx × pitch /
    /// distance.horizontal` px, and so on down. A scroll already under way
    /// keeps what it has moved. A distance that is not finite and above 0
    /// counts as libadwaita's (400 across, 300 down).
    ///
    /// ```swift
    /// model.setTouchpadDistance(TouchpadDistance(horizontal: 800, vertical: 600))   // half as fast
    /// ```
    public mutating func setTouchpadDistance(_ distance: TouchpadDistance) {
        configuration.touchpadDistance = distance
    }
}
