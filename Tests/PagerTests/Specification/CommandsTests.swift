import Pager
import Testing

/// `PagerModel.apply(_:time:)` performs a `PagerCommand` (or a `ZoomCommand`)
/// as the call it names: hosts and pager-replay drive the engine with these values.
@Suite("Commands")
struct CommandsTests {
    @Test func scrollEndedReleasesTheTouchpadGesture() {
        var model = PagerModel(pageWidth: 1280, pageHeight: 800)
        model.apply(.scroll(dx: -120, dy: 0), time: 0)
        #expect(model.phase == .scrolling(.horizontal))
        model.apply(.scrollEnded, time: 0.01)
        #expect(model.phase == .settling, "120 units, 0.3 of a page, released slowly: it returns")
    }

    @Test func resizeChangesThePageSize() {
        var model = PagerModel(pageWidth: 1280, pageHeight: 800)
        model.apply(.resize(width: 1024, height: 768), time: 0)
        #expect(model.pageWidth == 1024)
        #expect(model.pageHeight == 768)
    }

    @Test func setBoundsClampsTheCurrentPageIntoTheNewBounds() {
        var model = PagerModel(pageWidth: 1280, pageHeight: 800, initialPage: PageIndex(h: 5, v: 2))
        model.apply(.setBounds(horizontal: 3, vertical: 0), time: 0)
        #expect(model.horizontalPages == 3)
        #expect(model.verticalPages == 0)
        #expect(model.currentPage == PageIndex(h: 2, v: 0))
    }

    @Test func interruptAnswersWhetherThereWasAGesture() {
        var model = PagerModel(pageWidth: 1280, pageHeight: 800)
        let idle = model.apply(.interrupt(.escape), time: 0)
        model.apply(.pointerDown(x: 640, y: 400), time: 0.1)
        let held = model.apply(.interrupt(.escape), time: 0.2)
        #expect(!idle)
        #expect(held)
    }

    @Test func zoomToWithoutAPointHoldsThePagesCentreStill() {
        var model = PagerModel(pageWidth: 1280, pageHeight: 800)
        model.apply(.zoom(.setContent(width: 1280, height: 800, pixelScale: 3)), time: 0)
        let changed = model.apply(.zoom(.to(scale: 2, around: nil, animated: false)), time: 0)
        #expect(changed)
        #expect(model.zoom.scale == 2)
        #expect(model.zoom.translation == .zero, "zoomed around the centre, the image stays centred")
    }

    @Test func zoomToAroundAPointHoldsThatPointStill() {
        var model = PagerModel(pageWidth: 1280, pageHeight: 800)
        model.apply(.zoom(.setContent(width: 1280, height: 800, pixelScale: 3)), time: 0)
        model.apply(.zoom(.to(scale: 2, around: Point(x: 320, y: 200), animated: false)), time: 0)
        // The point 320 px left and 200 px above the centre stays there: the image moves right and down.
        #expect(model.zoom.translation == Point(x: 320, y: 200))
    }

    @Test func setContentTellsTheEngineTheCurrentPagesContent() {
        var model = PagerModel(pageWidth: 1280, pageHeight: 800)
        let changed = model.apply(.zoom(.setContent(width: 1067, height: 800, pixelScale: 3.75)), time: 0)
        #expect(!changed, "at fit, new content leaves the target scale alone")
        #expect(model.zoom.contentWidth == 1067)
        #expect(model.zoom.contentHeight == 800)
        #expect(model.zoom.pixelScale == 3.75)
    }

    @Test func setContentAnswersWhetherItClampedTheTargetScale() {
        var model = PagerModel(pageWidth: 1280, pageHeight: 800)
        model.apply(.zoom(.setContent(width: 1280, height: 800, pixelScale: 3.75)), time: 0)
        model.apply(.zoom(.to(scale: 7.5, around: nil, animated: false)), time: 0)
        // With 1:1 at 1×, the largest scale is the fit multiple (4): the target comes down to it.
        let changed = model.apply(.zoom(.setContent(width: 1280, height: 800, pixelScale: 1)), time: 0.1)
        #expect(changed)
        #expect(model.zoom.targetScale == 4)
    }
}
