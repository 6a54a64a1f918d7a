import Browser
import Gallery
import ImageDecoding
import Pager
import Testing

/// A zoomed page gets a sharper decode of what is visible (plus a
/// margin), at the screen's scale, only when the window-sized decode is too soft.
@Suite("Sharp region planner")
struct SharpRegionPlannerTests {
    let window = Rect(x: 0, y: 0, width: 900, height: 600)

    @Test func atFitTheDecodedImageIsSharpEnough() {
        let plan = SharpRegionPlanner.plan(frame: window, visible: window, sourceWidth: 6000, sourceHeight: 4000,
                                           decodedWidth: 900, windowPixels: 900 * 600)
        #expect(plan == nil)
    }

    @Test func zoomedTwiceAsksForTheVisibleQuarterAndAMarginAtTwiceTheFitScale() throws {
        // Scale 2 around the centre: the image is 1800×1200 on screen, its middle quarter visible.
        let frame = Rect(x: -450, y: -300, width: 1800, height: 1200)
        let plan = try #require(SharpRegionPlanner.plan(frame: frame, visible: window, sourceWidth: 6000, sourceHeight: 4000,
                                                        decodedWidth: 900, windowPixels: 900 * 600))
        #expect(plan.scale == 0.3, "1800 screen px for 6000 image px")
        let visible = PixelRect(x: 1500, y: 1000, width: 3000, height: 2000)
        #expect(plan.region.contains(visible))
        #expect(plan.region.width > visible.width, "with a margin")
        let pixels = Double(plan.region.width) * plan.scale * Double(plan.region.height) * plan.scale
        #expect(pixels <= 2 * 900 * 600, "within the budget")
    }

    @Test func pastTheImagesOwnPixelsTheScaleStopsAtOne() throws {
        let frame = Rect(x: -2000, y: -1000, width: 9000, height: 6000)   // 1.5 screen px per image px
        let plan = try #require(SharpRegionPlanner.plan(frame: frame, visible: window, sourceWidth: 6000, sourceHeight: 4000,
                                                        decodedWidth: 900, windowPixels: 900 * 600))
        #expect(plan.scale == 1)
        #expect(Double(plan.region.width * plan.region.height) <= 2 * 900 * 600)
    }

    @Test func aRegionStillServesAfterAShortPanButNotAfterALongOne() throws {
        let frame = Rect(x: -450, y: -300, width: 1800, height: 1200)
        let plan = try #require(SharpRegionPlanner.plan(frame: frame, visible: window, sourceWidth: 6000, sourceHeight: 4000,
                                                        decodedWidth: 900, windowPixels: 900 * 600))
        let shortPan = try #require(SharpRegionPlanner.visibleRegion(
            frame: Rect(x: -400, y: -300, width: 1800, height: 1200), visible: window, sourceWidth: 6000, sourceHeight: 4000))
        #expect(SharpRegionPlanner.serves(plan, visible: shortPan, needed: plan))
        let longPan = try #require(SharpRegionPlanner.visibleRegion(
            frame: Rect(x: -900, y: -300, width: 1800, height: 1200), visible: window, sourceWidth: 6000, sourceHeight: 4000))
        #expect(!SharpRegionPlanner.serves(plan, visible: longPan, needed: plan))
    }
}
