import Pager
import Testing

/// Damped springs that start from the release velocity and
/// easing curves whose duration follows distance and velocity, selectable in
/// the configuration; analytic, so the frame rate does not change the curve.
@Suite("Animations")
struct AnimationsTests {
    /// `animation` for releases and for flips alike: these tests drive the
    /// curves with flips as well as releases.
    private func configuration(_ animation: PageAnimationStyle) -> PagerConfiguration {
        var configuration = PagerConfiguration()
        configuration.animation = animation
        configuration.keyFlipAnimation = animation
        return configuration
    }

    /// A locked drag 100 px to the left at `speed` px/s, released while moving.
    private func fling(speed: Double, configuration: PagerConfiguration = PagerConfiguration()) -> RecordingPager {
        var pager = RecordingPager(configuration: configuration)
        pager.grab(along: .horizontal, towards: -1, at: 0)
        pager.moveSmoothly(by: (-100, 0), over: 100 / speed)
        pager.up(at: pager.now)
        return pager
    }

    /// Simulated seconds from the release to the `pageChanged` event.
    private func timeToLand(_ pager: inout RecordingPager) -> Double {
        let release = pager.now
        pager.settle()
        let landed = pager.events.first { $0.kind.isPageChanged }?.time ?? .infinity
        return landed - release
    }

    @Test func defaultAnimationIsTheCriticallyDampedCarouselSpring() {
        let configuration = PagerConfiguration()
        #expect(configuration.animation == .spring(Spring(dampingRatio: 1, mass: 0.5, stiffness: 500)))
    }

    @Test func theCarouselSpringIsLibadwaitasCriticallyDampedSpring() {
        #expect(Spring.carousel == Spring(dampingRatio: 1, mass: 0.5, stiffness: 500))
        #expect(PagerConfiguration().bounceSpring == .carousel, "an edge bounce settles like a flip")
        #expect(ZoomConfiguration().spring == .carousel)
        #expect(ScrollConfiguration().scrollSpring == .carousel)
    }

    @Test func freeScrollingBouncesWithTheSofterScrollBounceSpring() {
        #expect(Spring.scrollBounce == Spring(dampingRatio: 1, mass: 1, stiffness: 180))
        #expect(ScrollConfiguration().bounceSpring == .scrollBounce)
    }

    @Test func springStartsFromTheReleaseVelocity() {
        var slow = fling(speed: 1000)
        var fast = fling(speed: 3000)
        #expect(slow.model.offset == fast.model.offset, "both released at the same place")
        slow.advance(to: slow.now + frame)
        fast.advance(to: fast.now + frame)
        #expect(fast.model.offset.x < slow.model.offset.x - 5,
                "the faster release keeps moving faster: \(fast.model.offset.x) vs \(slow.model.offset.x)")
    }

    @Test func frameRateDoesNotChangeTheSpringCurve() {
        var smooth = RecordingPager()
        var choppy = RecordingPager()
        smooth.flip(.right, at: 0)
        choppy.flip(.right, at: 0)
        for k in 1...6 {
            let t = Double(k) / 30
            smooth.run(until: t)  // 120 fps
            choppy.advance(to: t)  // 30 fps
            #expect(abs(smooth.model.offset.x - choppy.model.offset.x) < 1e-9, "at \(t) s")
            #expect(smooth.model.currentPage == choppy.model.currentPage)
        }
    }

    @Test func frameRateDoesNotChangeTheEasingCurve() {
        let easing = configuration(.easing(.easeOutCubic, minimumDuration: 0.1, maximumDuration: 0.4))
        var smooth = RecordingPager(configuration: easing)
        var choppy = RecordingPager(configuration: easing)
        smooth.flip(.down, at: 0)
        choppy.flip(.down, at: 0)
        for k in 1...3 {
            let t = Double(k) / 30
            smooth.run(until: t)
            choppy.advance(to: t)
            #expect(abs(smooth.model.offset.y - choppy.model.offset.y) < 1e-9, "at \(t) s")
        }
    }

    @Test func easingDurationStaysWithinItsRange() {
        var pager = RecordingPager(
            configuration: configuration(.easing(.easeOutCubic, minimumDuration: 0.2, maximumDuration: 0.3)))
        pager.flip(.right, at: 0)
        pager.run(until: 0.19)
        #expect(pager.model.phase == .animating, "not before the minimum duration")
        #expect(pager.model.offset.x < 0)
        pager.run(until: 0.3 + 2 * frame)
        #expect(pager.model.currentPage == page(1, 0), "done by the maximum duration")
        #expect(pager.model.isSettled)
    }

    @Test func easingFollowsItsCurve() {
        // With no release velocity a keyboard flip runs the whole curve;
        // ease-out moves most of the way in the first half.
        var pager = RecordingPager(
            configuration: configuration(.easing(.easeOutCubic, minimumDuration: 0.4, maximumDuration: 0.4)))
        pager.flip(.right, at: 0)
        pager.run(until: 0.2)
        #expect(abs(pager.model.offset.x - -pageWidth * EasingCurve.easeOutCubic.value(at: 0.5)) < 1e-6)
    }

    @Test func fasterFlingLandsSoonerWithEasing() {
        let easing = configuration(.easing(.easeOutCubic, minimumDuration: 0.05, maximumDuration: 2))
        var slow = fling(speed: 1500, configuration: easing)
        var fast = fling(speed: 6000, configuration: easing)
        let slowTime = timeToLand(&slow)
        let fastTime = timeToLand(&fast)
        #expect(fastTime < slowTime, "fast \(fastTime) s, slow \(slowTime) s")
        #expect(fast.model.currentPage == page(1, 0) && slow.model.currentPage == page(1, 0))
    }

    @Test func shorterDistanceLandsSoonerWithEasing() {
        let easing = configuration(.easing(.easeOutCubic, minimumDuration: 0.05, maximumDuration: 2))
        var near = RecordingPager(configuration: easing)
        near.grab(along: .horizontal, towards: -1, at: 0)
        near.moveSmoothly(by: (-800, 0), over: 1.6)
        near.hold(for: 0.2)
        near.up(at: near.now)
        var far = RecordingPager(configuration: easing)
        far.grab(along: .horizontal, towards: -1, at: 0)
        far.moveSmoothly(by: (-600, 0), over: 1.2)
        far.hold(for: 0.2)
        far.up(at: far.now)
        let nearTime = timeToLand(&near)
        let farTime = timeToLand(&far)
        #expect(nearTime < farTime, "200 px left: \(nearTime) s; 400 px left: \(farTime) s")
    }

    @Test func restDistanceDecidesWhenAnAnimationLands() {
        // A spring arrives by distance and speed (an easing by its duration).
        var loose = configuration(.spring(.carousel))
        loose.restDistance = 50
        loose.restSpeed = 1_000_000
        var early = RecordingPager(configuration: loose)
        var exact = RecordingPager(configuration: configuration(.spring(.carousel)))
        early.flip(.right, at: 0)
        exact.flip(.right, at: 0)
        let earlyTime = timeToLand(&early)
        let exactTime = timeToLand(&exact)
        #expect(earlyTime < exactTime)
        #expect(early.model.offset == .zero, "the offset snaps to the target")
    }

    @Test func phaseIsAnimatingTowardsAnotherPageAndSettlingBack() {
        var flipping = RecordingPager()
        flipping.flip(.right, at: 0)
        #expect(flipping.model.phase == .animating)
        flipping.run(for: 0.05)
        #expect(flipping.model.phase == .animating)

        var returning = RecordingPager()
        returning.grab(along: .horizontal, towards: -1, at: 0)
        returning.move(returning.pointer.x - 200, 400, at: 0.1)
        returning.hold(for: 0.2)
        returning.up(at: returning.now)
        #expect(returning.model.phase == .settling)
        #expect(returning.model.isDragging == false)
    }

    @Test func bouncySpringOvershootsButLandsOnce() {
        var pager = RecordingPager(configuration: configuration(.spring(Spring(dampingRatio: 0.3))))
        pager.flip(.right, at: 0)
        var overshot = false
        pager.run(for: 3) { model in
            if model.currentPage == page(1, 0) && model.offset.x < -1 { overshot = true }
        }
        #expect(overshot, "an underdamped spring carries past the page")
        #expect(pager.pageChanges.map(\.to) == [page(1, 0)])
        #expect(pager.model.isSettled)
        #expect(pager.kinds.last == .settled(page(1, 0)))
    }

    @Test func slotsStayJoinedDuringAnElasticAnimation() {
        var pager = RecordingPager(configuration: configuration(.spring(Spring(dampingRatio: 0.3))))
        pager.flip(.down, at: 0)
        var joined = true
        pager.run(for: 1) { model in
            let centre = model.slots.slot(column: 0, row: 0).frame
            for slot in model.slots {
                let expectedX = centre.x + Double(slot.column) * model.pageWidth
                let expectedY = centre.y + Double(slot.row) * model.pageHeight
                joined = joined && abs(slot.frame.x - expectedX) < 1e-9 && abs(slot.frame.y - expectedY) < 1e-9
            }
        }
        #expect(joined, "every slot is placed from the one shared offset: no gaps")
    }

    @Test func animationEndsExactlyOnTheTarget() {
        for style in [
            PageAnimationStyle.spring(Spring()),
            .spring(Spring(dampingRatio: 0.5, mass: 1, stiffness: 300)),
            .easing(.easeOutQuint, minimumDuration: 0.1, maximumDuration: 0.4),
            .easing(.linear, minimumDuration: 0.1, maximumDuration: 0.4),
        ] {
            var pager = RecordingPager(configuration: configuration(style))
            pager.flip(.left, at: 0)
            let result = pager.settle()
            #expect(result, "\(style)")
            #expect(pager.model.offset == .zero, "\(style)")
            #expect(pager.model.currentPage == page(-1, 0), "\(style)")
        }
    }
}
