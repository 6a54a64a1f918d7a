import Pager
import Testing

/// Zoom belongs to the current page, is clamped between fit and a
/// maximum, holds the point under the pointer still, and resets on landing.
///
/// The page is 1000×800 and its content fills it, so at scale 2 the image is
/// 2000×1600 and pans ±500 px horizontally, ±400 px vertically.
@Suite("Zoom")
struct ZoomTests {
    /// The content point (relative to the content's centre, at scale 1) under viewport point `p`.
    static func contentPoint(under p: Point, in model: PagerModel) -> Point {
        let t = model.zoom.translation
        let s = model.zoom.scale
        return Point(x: (p.x - model.pageWidth / 2 - model.offset.x - t.x) / s,
                     y: (p.y - model.pageHeight / 2 - model.offset.y - t.y) / s)
    }

    static func zoomedModel(scale: Double = 2, horizontalPages: Int? = nil, pixelScale: Double = 4) -> PagerModel {
        var model = PagerModel(pageWidth: pageWidth, pageHeight: pageHeight, horizontalPages: horizontalPages)
        model.setZoomContent(width: pageWidth, height: pageHeight, pixelScale: pixelScale, time: 0)
        model.zoom(to: scale, around: Point(x: 500, y: 400), animated: false, time: 0)
        while model.pollEvent() != nil {}
        return model
    }

    static func settle(_ model: inout PagerModel, from start: Double) -> Double {
        var now = start
        while !model.isSettled && now < start + 30 {
            now += frame
            model.advance(to: now)
        }
        return now
    }

    @Test func newModelIsAtFit() {
        let model = PagerModel(pageWidth: pageWidth, pageHeight: pageHeight)
        #expect(model.zoom.scale == 1)
        #expect(model.zoom.isAtFit)
        #expect(model.zoom.contentFrame(in: Rect(x: 0, y: 0, width: 1000, height: 800))
                == Rect(x: 0, y: 0, width: 1000, height: 800))
    }

    @Test func zoomAnimatesTowardsTheTargetAndSettlesOnIt() {
        var model = PagerModel(pageWidth: pageWidth, pageHeight: pageHeight)
        let started = model.zoom(to: 2, around: Point(x: 500, y: 400), animated: true, time: 0)
        #expect(started)
        #expect(!model.isSettled)
        model.advance(to: 0.05)
        #expect(model.zoom.scale > 1 && model.zoom.scale < 2, "in between after 50 ms")
        _ = Self.settle(&model, from: 0.05)
        #expect(model.zoom.scale == 2)
        #expect(model.isSettled)
    }

    @Test func zoomAroundAPointKeepsThatPointFixed() {
        var model = PagerModel(pageWidth: pageWidth, pageHeight: pageHeight)
        let pointer = Point(x: 700, y: 550)
        let before = Self.contentPoint(under: pointer, in: model)
        model.zoom(to: 3, around: pointer, animated: true, time: 0)
        var now = 0.0
        while !model.isSettled && now < 5 {
            now += frame
            model.advance(to: now)
            let during = Self.contentPoint(under: pointer, in: model)
            #expect(abs(during.x - before.x) < 1e-9 && abs(during.y - before.y) < 1e-9)
        }
        #expect(model.zoom.scale == 3)
    }

    @Test func zoomOutNearAnEdgeKeepsTheImageCoveringTheViewport() {
        var model = Self.zoomedModel(scale: 4)
        model.zoom(to: 1.5, around: Point(x: 0, y: 0), animated: false, time: 1)
        let frame = model.zoom.contentFrame(in: Rect(x: 0, y: 0, width: 1000, height: 800))
        #expect(frame.x <= 0 && frame.x + frame.width >= 1000)
        #expect(frame.y <= 0 && frame.y + frame.height >= 800)
    }

    @Test func zoomClampsBetweenFitAndTheMaximum() {
        var model = Self.zoomedModel(scale: 2, pixelScale: 3.75)
        model.zoom(to: 100, around: Point(x: 500, y: 400), animated: false, time: 1)
        #expect(model.zoom.scale == 7.5, "twice the 1:1 scale, which is more than 4× fit")
        model.zoom(to: 0.1, around: Point(x: 500, y: 400), animated: false, time: 2)
        #expect(model.zoom.scale == 1)
        model.setZoomContent(width: 500, height: 400, pixelScale: 1, time: 3)
        model.zoom(to: 100, around: Point(x: 500, y: 400), animated: false, time: 3)
        #expect(model.zoom.scale == 4, "a small image: 4× fit")
    }

    @Test func zoomInAndOutStepByTheConfiguredFactor() {
        var model = PagerModel(pageWidth: pageWidth, pageHeight: pageHeight)
        model.zoomIn(around: Point(x: 500, y: 400), time: 0)
        model.zoomIn(around: Point(x: 500, y: 400), time: 0.01)
        #expect(model.zoom.targetScale == 1.5 * 1.5, "quick steps add up on the target")
        model.zoomOut(around: Point(x: 500, y: 400), time: 0.02)
        #expect(abs(model.zoom.targetScale - 1.5) < 1e-12)
    }

    @Test func toggleGoesToOneToOneAndBackToFit() {
        var model = PagerModel(pageWidth: pageWidth, pageHeight: pageHeight)
        model.setZoomContent(width: 1000, height: 750, pixelScale: 3.75, time: 0)
        model.toggleZoom(around: Point(x: 200, y: 200), time: 0)
        var now = Self.settle(&model, from: 0)
        #expect(model.zoom.scale == 3.75)
        model.toggleZoom(around: Point(x: 200, y: 200), time: now)
        now = Self.settle(&model, from: now)
        #expect(model.zoom.isAtFit)
        #expect(model.zoom.translation == .zero)
    }

    @Test func zoomChangedReportsTheTargetAndWhetherItIsFit() {
        var model = PagerModel(pageWidth: pageWidth, pageHeight: pageHeight)
        model.zoom(to: 2, around: Point(x: 500, y: 400), animated: true, time: 0)
        #expect(model.pollEvent()?.kind == .zoomChanged(scale: 2, atFit: false))
        model.resetZoom(animated: true, time: 0.1)
        #expect(model.pollEvent()?.kind == .zoomChanged(scale: 1, atFit: true))
    }

    /// A zoom that leaves the scale as it was still stops the pan's
    /// momentum: that is the model coming to rest, and it is announced.
    @Test func aZoomThatStopsThePansMomentumAnnouncesSettled() {
        var model = Self.zoomedModel()
        model.scroll(dx: -30, dy: 0, time: 1)
        model.scroll(dx: -30, dy: 0, time: 1.016)
        // Past the swipe's quiet gap: the zoom's own clock ends the swipe, which
        // leaves the pan gliding, and the zoom (to the same scale) stops it.
        let changed = model.zoom(to: 2, around: Point(x: 500, y: 400), animated: false, time: 1.5)
        #expect(!changed)
        #expect(model.isSettled)
        var last: PagerEvent.Kind?
        while let event = model.pollEvent() { last = event.kind }
        #expect(last == .settled(PageIndex(h: 0, v: 0)))
    }

    @Test func zoomIsIgnoredDuringADrag() {
        var model = PagerModel(pageWidth: pageWidth, pageHeight: pageHeight)
        model.pointerDown(x: 500, y: 400, time: 0)
        let zoomed = model.zoom(to: 2, around: Point(x: 500, y: 400), animated: false, time: 0.01)
        #expect(!zoomed)
        #expect(model.zoom.isAtFit)
    }

    @Test func landingOnAnotherPageShowsItFitted() {
        var model = Self.zoomedModel()
        model.flip(.right, time: 1)
        var kinds: [PagerEvent.Kind] = []
        var now = 1.0
        while !model.isSettled && now < 5 {
            now += frame
            model.advance(to: now)
            while let event = model.pollEvent() { kinds.append(event.kind) }
            if model.currentPage == page(0, 0) {
                #expect(model.zoom.scale == 2, "the page that leaves keeps its zoom while it slides out")
            }
        }
        #expect(model.currentPage == page(1, 0))
        #expect(model.zoom.isAtFit)
        #expect(model.zoom.translation == .zero)
        let changed = kinds.firstIndex { if case .pageChanged = $0 { true } else { false } }
        let zoomed = kinds.firstIndex(of: .zoomChanged(scale: 1, atFit: true))
        #expect(changed != nil && zoomed != nil && changed! < zoomed!)
    }

    @Test func resizeShowsThePageFitted() {
        var model = Self.zoomedModel()
        model.resize(width: 800, height: 600, time: 1)
        #expect(model.zoom.isAtFit)
        #expect(model.pollEvent()?.kind == .zoomChanged(scale: 1, atFit: true))
    }

    @Test func zoomEventsPrintInTheReplayFormat() {
        let zoom = PagerEvent(time: 0.5, kind: .zoomChanged(scale: 3.75, atFit: false))
        #expect(zoom.jsonLine == #"{"t":0.5,"event":"zoom-changed","scale":3.75,"fit":false}"#)
        let fit = PagerEvent(time: 1, kind: .zoomChanged(scale: 1, atFit: true))
        #expect(fit.jsonLine == #"{"t":1,"event":"zoom-changed","scale":1,"fit":true}"#)
        let handOver = PagerEvent(time: 0.25, kind: .panHandedOver(.horizontal, towards: .right))
        #expect(handOver.jsonLine == #"{"t":0.25,"event":"pan-handed-over","axis":"h","direction":"right"}"#)
    }
}
