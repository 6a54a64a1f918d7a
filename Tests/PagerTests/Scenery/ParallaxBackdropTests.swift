import Pager
import Testing

/// Parallax backdrop: the backdrop fills the page and
/// moves at a fraction of the page's displacement.
@Suite("Parallax backdrop")
struct ParallaxBackdropTests {
    let parallax = ParallaxBackdrop()
    let centre = Rect(x: 0, y: 0, width: pageWidth, height: pageHeight)

    @Test func theDefaultFractionIsThreeTenths() {
        #expect(ParallaxBackdrop.defaultFraction == 0.3)
        #expect(parallax.fraction == 0.3)
    }

    @Test func atRestAPortraitImageCoversThePageCentred() {
        let rect = parallax.rect(slotFrame: centre, imageWidth: 600, imageHeight: 1200)
        #expect(rect.width == pageWidth)
        #expect(rect.height == 2000)
        #expect(rect.x == 0)
        #expect(rect.y == (pageHeight - 2000) / 2)
    }

    @Test func aNonPositiveImageSizeFillsThePageExactly() {
        #expect(parallax.rect(slotFrame: centre, imageWidth: 0, imageHeight: 10) == centre)
    }

    @Test func theBackdropMovesAtTheFractionOfAHorizontalDrag() {
        var pager = RecordingPager()
        let before = parallax.rect(slotFrame: pager.model.slots.slot(column: 0, row: 0).frame,
                                   imageWidth: 600, imageHeight: 1200)
        pager.grab(along: .horizontal, towards: -1, at: 0)
        pager.moveSmoothly(by: (-200, 0), over: 0.2)
        let frame = pager.model.slots.slot(column: 0, row: 0).frame
        let after = parallax.rect(slotFrame: frame, imageWidth: 600, imageHeight: 1200)
        #expect(frame.x < -150)
        #expect(abs((after.x - before.x) - 0.3 * frame.x) < 1e-9)
        #expect(after.y == before.y)
        #expect(after.x - before.x > frame.x, "slower than the page")
    }

    @Test func theBackdropMovesAtTheFractionOfAVerticalDrag() {
        let frame = Rect(x: 0, y: -400, width: pageWidth, height: pageHeight)
        let moved = parallax.rect(slotFrame: frame, imageWidth: 1000, imageHeight: 800)
        #expect(moved == Rect(x: 0, y: -120, width: pageWidth, height: pageHeight))
    }

    @Test func fractionZeroKeepsTheBackdropStillAndOneMovesItWithThePage() {
        let frame = Rect(x: -250, y: 0, width: pageWidth, height: pageHeight)
        #expect(ParallaxBackdrop(fraction: 0).rect(slotFrame: frame, imageWidth: 1000, imageHeight: 800).x == 0)
        #expect(ParallaxBackdrop(fraction: 1).rect(slotFrame: frame, imageWidth: 1000, imageHeight: 800).x == -250)
    }

    @Test func theFractionIsClampedToZeroThroughOne() {
        #expect(ParallaxBackdrop(fraction: -2).fraction == 0)
        #expect(ParallaxBackdrop(fraction: 7).fraction == 1)
        #expect(ParallaxBackdrop(fraction: .nan).fraction == 0)
    }

    @Test func theBackdropCoversTheVisiblePartOfEveryPageWithinOnePage() {
        let viewport = centre
        for fraction in [0.0, 0.3, 0.7, 1.0] {
            let parallax = ParallaxBackdrop(fraction: fraction)
            for dx in stride(from: -990.0, through: 990, by: 30) {
                for dy in stride(from: -790.0, through: 790, by: 79) {
                    let frame = Rect(x: dx, y: dy, width: pageWidth, height: pageHeight)
                    let rect = parallax.rect(slotFrame: frame, imageWidth: 700, imageHeight: 900)
                    let visible = (x0: max(frame.x, viewport.x), x1: min(frame.x + frame.width, viewport.width),
                                   y0: max(frame.y, viewport.y), y1: min(frame.y + frame.height, viewport.height))
                    #expect(rect.x <= visible.x0 + 1e-9 && rect.x + rect.width >= visible.x1 - 1e-9
                            && rect.y <= visible.y0 + 1e-9 && rect.y + rect.height >= visible.y1 - 1e-9,
                            "fraction \(fraction), page at (\(dx), \(dy))")
                }
            }
        }
    }
}
