import Testing
@testable import Pager

/// Hostile numbers at the model's public inputs (`PagerModel+Limits.swift`):
/// NaN, ±∞, ±10³⁰⁸, `Int.max` and springs or durations at the ends of their
/// ranges must never trap or hang, and the model must work afterwards: the
/// invariants hold, a drag still flips a page and it settles with the offset
/// exactly 0. Before the guards each of these trapped (a conversion to `Int`
/// or an overflow), looped for ever landing pages, or never settled; the
/// loops here are bounded, so a regression fails instead of hanging.
@Suite("Hostile numbers") struct HostileNumbersTests {
    /// Advances `model` from `time` until it settles: 600 frames at 60 fps,
    /// then (the slowest bounded spring, ω 0.1 rad/s and ζ 100, creeps for
    /// hours) up to 10 000 steps of 10 s. Returns the time reached.
    @discardableResult
    static func settle(_ model: inout PagerModel, from time: Double) -> Double {
        var now = time
        for step in [Double](repeating: 1.0 / 60, count: 600) + [Double](repeating: 10, count: 10_000)
        where !model.isSettled {
            now += step
            model.advance(to: now)
            while model.pollEvent() != nil {}
        }
        return now
    }

    /// A quick drag to the left from rest at `time`: flips to the next page.
    static func dragLeft(_ model: inout PagerModel, at time: Double) {
        model.pointerDown(x: 600, y: 400, time: time)
        model.pointerMoved(x: 500, y: 400, time: time + 0.01)
        model.pointerUp(x: 300, y: 400, time: time + 0.02)
    }

    /// The model still works: invariants, then a drag flips one page and settles.
    static func expectWorking(_ model: inout PagerModel, at time: Double,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(ModelInvariants.violations(of: model) == [], sourceLocation: sourceLocation)
        var now = settle(&model, from: time)
        #expect(model.isSettled && model.offset == .zero, sourceLocation: sourceLocation)
        let before = model.currentPage
        dragLeft(&model, at: now + 1)
        now = settle(&model, from: now + 1.02)
        #expect(model.isSettled && model.offset == .zero, sourceLocation: sourceLocation)
        #expect(model.currentPage == before.offsetBy(h: 1, v: 0), sourceLocation: sourceLocation)
        #expect(ModelInvariants.violations(of: model) == [], sourceLocation: sourceLocation)
    }

    static func springModel(_ spring: Spring) -> PagerModel {
        var configuration = PagerConfiguration()
        configuration.animation = .spring(spring)
        return PagerModel(pageWidth: 1280, pageHeight: 800, configuration: configuration)
    }

    @Test func aStiffUnderdampedSpringLandsOnTheNextPage() {
        var model = Self.springModel(Spring(dampingRatio: 0.5, mass: 0.5, stiffness: 1e300))
        Self.dragLeft(&model, at: 0)
        model.advance(to: 0.04)
        #expect(model.isSettled && model.currentPage == PageIndex(h: 1, v: 0))
        Self.expectWorking(&model, at: 0.04)
    }

    @Test func aTimeFarAheadDuringASpringIsIgnored() {
        var model = Self.springModel(Spring(dampingRatio: 0.5))
        Self.dragLeft(&model, at: 0)
        model.advance(to: 1e300)
        #expect(model.time == 0.02)
        Self.expectWorking(&model, at: 0.02)
    }

    /// Springs at the ends of their ranges (and past them) all settle once
    /// time passes: the frequency and damping the motion uses are bounded.
    @Test(arguments: [(Double, Double, Double)]([
        (0.5, 0.5, 1e300), (1, 0.5, 1e300), (3, 0.5, 1e300), (1e300, 0.5, 500), (1, 1e300, 1e-300),
        (0.5, 1e-300, 1e300), (0, 0, 0), (-1, -1, -1), (Double.nan, Double.nan, Double.nan),
        (Double.infinity, Double.infinity, Double.infinity), (1 - 1e-16, 0.5, 500), (1e-300, 1e300, 1e300),
    ]))
    func aSpringAtTheEndOfItsRangeSettles(dampingRatio: Double, mass: Double, stiffness: Double) {
        var model = Self.springModel(Spring(dampingRatio: dampingRatio, mass: mass, stiffness: stiffness))
        Self.dragLeft(&model, at: 0)
        let now = Self.settle(&model, from: 0.02)
        #expect(model.isSettled && model.offset == .zero)
        #expect(ModelInvariants.violations(of: model) == [])
        Self.expectWorking(&model, at: now)
    }

    @Test(arguments: [(Double, Double)]([(.nan, .nan), (1e300, 1e308), (-1, -1), (0, 0), (.leastNonzeroMagnitude, 1e-300)]))
    func anEasingWithExtremeDurationsEndsWithinAMinute(shortest: Double, longest: Double) {
        var configuration = PagerConfiguration()
        configuration.animation = .easing(.easeOutCubic, minimumDuration: shortest, maximumDuration: longest)
        var model = PagerModel(pageWidth: 1280, pageHeight: 800, configuration: configuration)
        Self.dragLeft(&model, at: 0)
        model.advance(to: 60.03)
        #expect(model.isSettled && model.currentPage == PageIndex(h: 1, v: 0))
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func aNonFinitePointerCoordinateIsIgnored(coordinate: Double) {
        var model = PagerModel(pageWidth: 1280, pageHeight: 800)
        model.pointerDown(x: 600, y: 400, time: 0)
        model.pointerMoved(x: 500, y: 400, time: 0.01)
        let offset = model.offset
        model.pointerMoved(x: coordinate, y: 400, time: 0.02)
        model.pointerUp(x: 400, y: coordinate, time: 0.03)
        #expect(model.offset == offset && model.isDragging)
        model.pointerUp(x: 300, y: 400, time: 0.04)
        Self.expectWorking(&model, at: 0.04)
    }

    @Test(arguments: [1e308, -1e308, Double.greatestFiniteMagnitude])
    func aHugePointerCoordinateLandsFarAwayAndStillWorks(coordinate: Double) {
        var model = PagerModel(pageWidth: 1280, pageHeight: 800)
        model.pointerDown(x: 0, y: 0, time: 0)
        model.pointerMoved(x: coordinate, y: 0, time: 0.01)
        model.pointerUp(x: coordinate, y: 0, time: 0.02)
        // 2^40 px of drag at most: hundreds of millions of pages, landed at once.
        #expect(abs(model.currentPage.h) > 800_000_000)
        Self.expectWorking(&model, at: 0.02)
    }

    @Test(arguments: [1e308, -1e308, Double.nan, .infinity])
    func aHostileScrollDeltaNeitherHangsNorPoisonsTheOffset(delta: Double) {
        var model = PagerModel(pageWidth: 1280, pageHeight: 800)
        model.setLongSwipes(true, maximumPages: .max)
        model.scroll(dx: -50, dy: 0, time: 0)
        model.scroll(dx: delta, dy: 0, time: 0.01)
        model.scrollEnded(time: 0.02)
        model.setLongSwipes(false, maximumPages: 1)   // the drag below then flips one page
        Self.expectWorking(&model, at: 0.02)
    }

    @Test func aTinyTouchpadDistanceNeitherHangsNorPoisonsTheOffset() {
        var model = PagerModel(pageWidth: 1280, pageHeight: 800)
        model.setLongSwipes(true, maximumPages: 5)
        model.setTouchpadDistance(TouchpadDistance(horizontal: 1e-308, vertical: 1e-308))
        model.scroll(dx: -50, dy: 0, time: 0)
        model.scroll(dx: 0, dy: -50, time: 0.01)
        model.scroll(dx: -50, dy: 0, time: 0.02)
        model.scrollEnded(time: 0.03)
        #expect(model.offset.x.isFinite && model.offset.y.isFinite)
        model.setTouchpadDistance(TouchpadDistance())
        model.setLongSwipes(false, maximumPages: 1)
        Self.expectWorking(&model, at: 0.03)
    }

    @Test func goToIntMaxStopsAtThePageIndexLimit() {
        var model = PagerModel(pageWidth: 1280, pageHeight: 800)
        model.go(to: PageIndex(h: .max, v: .min), animated: false, time: 0)
        #expect(model.currentPage == PageIndex(h: 1 << 61, v: -(1 << 61)))
        let flipped = model.flip(.right, time: 0.1)
        #expect(!flipped)
        model.go(to: PageIndex(h: .min, v: .max), animated: true, time: 0.2)
        Self.settle(&model, from: 0.2)
        #expect(model.currentPage == PageIndex(h: -(1 << 61), v: 1 << 61))
        Self.expectWorking(&model, at: 1)
    }

    @Test func boundsOfIntMaxEndAtTheLimitAndBounce() {
        var model = PagerModel(pageWidth: 1280, pageHeight: 800, horizontalPages: .max, verticalPages: .max)
        model.go(to: PageIndex(h: .max, v: .max), animated: true, time: 0)
        Self.settle(&model, from: 0)
        #expect(model.currentPage == PageIndex(h: (1 << 61) - 1, v: (1 << 61) - 1))
        let flipped = model.flip(.right, time: 1) || model.flip(.down, time: 1)
        #expect(!flipped)
        #expect(ModelInvariants.violations(of: model) == [])
    }

    @Test(arguments: [(Double, Double)]([(1e308, 1e308), (.nan, .nan), (.infinity, -.infinity), (0, -5),
                                         (.leastNonzeroMagnitude, 1e-308)]))
    func aHostilePageSizeIsHeldWithinItsRange(width: Double, height: Double) {
        var model = PagerModel(pageWidth: width, pageHeight: height)
        #expect((1...0x1p24).contains(model.pageWidth) && (1...0x1p24).contains(model.pageHeight))
        // A drag's 16 px slop is many pages of 1 px: a flip moves exactly one.
        model.flip(.right, time: 0)
        var now = Self.settle(&model, from: 0)
        model.resize(width: width, height: height, time: now)
        #expect((1...0x1p24).contains(model.pageWidth) && (1...0x1p24).contains(model.pageHeight))
        model.flip(.down, time: now)
        now = Self.settle(&model, from: now)
        #expect(model.isSettled && model.offset == .zero && model.currentPage == PageIndex(h: 1, v: 1))
        #expect(ModelInvariants.violations(of: model) == [])
    }

    @Test func aLongSwipeOfIntMaxPagesGoesAThousandAtMost() {
        var configuration = PagerConfiguration()
        configuration.maximumReleaseSpeed = 1e308
        configuration.allowsLongSwipes = true
        configuration.maximumLongSwipePages = .max
        var model = PagerModel(pageWidth: 1280, pageHeight: 800, configuration: configuration)
        model.pointerDown(x: 600, y: 400, time: 0)
        model.pointerMoved(x: 500, y: 400, time: 0.01)
        model.pointerMoved(x: -1e6, y: 400, time: 0.02)   // 781 pages, at 10⁸ px/s
        let released = model.currentPage.h
        model.pointerUp(x: -1e6, y: 400, time: 0.02)
        let now = Self.settle(&model, from: 0.02)
        // Projected, the release would travel about 39 000 pages.
        #expect(model.isSettled && model.offset == .zero)
        #expect((released + 1...released + 1000).contains(model.currentPage.h))
        model.setLongSwipes(false, maximumPages: 1)
        Self.expectWorking(&model, at: now)
    }

    @Test func aHugeZoomKeepsTheContentFrameFinite() {
        var model = PagerModel(pageWidth: 1280, pageHeight: 800)
        model.setZoomContent(width: 1e308, height: 1e308, pixelScale: 1e308, time: 0)
        model.zoom(to: 1e308, around: Point(x: 1e308, y: -1e308), animated: true, time: 0)
        model.advance(to: 0.5)
        let frame = model.zoom.contentFrame(in: model.slots.slot(column: 0, row: 0).frame)
        #expect(frame.x.isFinite && frame.y.isFinite && frame.width.isFinite && frame.height.isFinite)
        let zoomed = model.zoom(to: 2, around: Point(x: .nan, y: 0), animated: false, time: 1)
        #expect(!zoomed)
        model.resetZoom(animated: false, time: 1)
        Self.expectWorking(&model, at: 1)
    }

    @Test(arguments: [(1e19, 0.55), (0.55, 1e19), (1e300, 1e300)])
    func aHugePullPastAnEdgeShowsLessThanAWholePage(pull: Double, coefficient: Double) {
        let band = RubberBand(coefficient: coefficient)
        for size in [1.0, 800, 1e6] {
            let shown = band.shown(pull, size: size)
            #expect(shown < size, "a pull of \(pull) shows \(shown) of \(size)")
            #expect(shown >= 0)
        }
    }
}
