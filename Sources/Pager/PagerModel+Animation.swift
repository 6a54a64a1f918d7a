extension PagerModel {
    /// Animates the offset to the page `target` away (zero: back to rest),
    /// starting from where it is shown with `velocity` (px/s per axis).
    /// Bounces use the bounce spring whatever the configured style; a
    /// `keyFlip` (a discrete flip or `go(to:)`) uses `keyFlipAnimation`,
    /// anything else `animation`.
    mutating func startAnimation(
        to target: (h: Int, v: Int), velocity startVelocity: Point, bouncing: Bool, keyFlip: Bool = false,
        at time: Double
    ) {
        if target.h != 0 || target.v != 0 {
            emit(.pageWillChange(from: currentPage, to: page(screenSteps: target.h, target.v)), at: time)
        }
        func motion(_ axis: Axis, step: Int) -> AxisMotion {
            let size = pagePitch(axis)
            let from = offset[axis]
            let to = -Double(step) * size
            let speed = startVelocity[axis]
            if from == to && speed == 0 { return .resting(to) }
            let style: PageAnimationStyle = bouncing ? .spring(configuration.bounceSpring)
                : keyFlip ? configuration.keyFlipAnimation : configuration.animation
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
        activity = .animation(OffsetAnimation(
            horizontal: motion(.horizontal, step: target.h),
            vertical: motion(.vertical, step: target.v),
            targetDelta: target,
            velocity: startVelocity,
            isKeyFlip: keyFlip))
        finishAnimationIfAtRest(at: time)
    }

    /// Evaluates the animation at `time`; lands on pages it reaches.
    mutating func stepAnimation(to time: Double) {
        // One copy out of the activity and one back: this runs every frame.
        guard case .animation(var running) = activity else { return }
        let h = running.horizontal.state(at: time)
        let v = running.vertical.state(at: time)
        // A motion is finite by construction (`SpringMotion.state`); should a
        // hostile start still give a NaN, it ends on its target now.
        guard h.value.isFinite, v.value.isFinite, h.velocity.isFinite, v.velocity.isFinite else {
            running.horizontal = .resting(running.horizontal.target)
            running.vertical = .resting(running.vertical.target)
            activity = .animation(running)
            finishAnimation(running, ifAtRestAt: time)
            return
        }
        offset = Point(x: h.value, y: v.value)
        running.velocity = Point(x: h.velocity, y: v.velocity)
        activity = .animation(running)
        if !finishAnimation(running, ifAtRestAt: time) {
            // An animation may run past a whole page (rapid paging, overshoot): land there.
            for axis in Axis.allCases {
                // Landing shifts the offset too: what is left of it is the offset.
                _ = landPassedPages(offset[axis], along: axis, at: time)
                // Past a bounded edge an overshoot shows through the rubber band,
                // as a drag does: no spring can throw the content a page beyond the last.
                // (Inside the bounds the band is the identity: no call. The test is
                // written out: as a call to `isBeyondAnEdge` it copied the model.)
                let pastAnEdge = (offset[axis] > 0 && !canMove(-1, along: axis))
                    || (offset[axis] < 0 && !canMove(1, along: axis))
                if pastAnEdge { showOffset(raw: offset[axis], along: axis) }
            }
        }
    }

    /// When both axes are at rest: snap to the target exactly, land, settle.
    @discardableResult
    mutating func finishAnimationIfAtRest(at time: Double) -> Bool {
        guard let running = activity.animation else { return false }
        return finishAnimation(running, ifAtRestAt: time)
    }

    /// `finishAnimationIfAtRest` for the animation `running`, already read.
    @discardableResult
    private mutating func finishAnimation(_ running: OffsetAnimation, ifAtRestAt time: Double) -> Bool {
        let distance = configuration.restDistance
        let speed = configuration.restSpeed
        guard running.horizontal.isFinished(at: time, restDistance: distance, restSpeed: speed),
              running.vertical.isFinished(at: time, restDistance: distance, restSpeed: speed)
        else { return false }
        offset = Point(x: running.horizontal.target, y: running.vertical.target)
        activity = .idle
        let target = running.targetDelta
        if target.h != 0 || target.v != 0 {
            land(h: target.h, v: target.v, at: time)
        }
        offset = .zero
        emitSettledIfOwed(at: time)
        return true
    }
}
