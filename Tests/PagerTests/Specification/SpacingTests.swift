import Pager
import Testing

/// `PagerConfiguration.spacing` puts a gap between pages: slots sit one page
/// pitch (size + spacing) apart and every page step is measured in the pitch.
@Suite("Spacing")
struct SpacingTests {
    /// The gap the tests use, px.
    private let gap = 200.0

    private func spaced(_ spacing: Double) -> PagerConfiguration {
        var configuration = PagerConfiguration()
        configuration.spacing = spacing
        return configuration
    }

    @Test func noSpacingByDefault() {
        #expect(PagerConfiguration().spacing == 0)
    }

    @Test func slotFramesSitOnePitchApart() {
        let pager = RecordingPager(configuration: spaced(gap))
        #expect(pager.model.slots.slot(column: 1, row: 0).frame.x == pageWidth + gap)
        #expect(pager.model.slots.slot(column: -1, row: 0).frame.x == -(pageWidth + gap))
        #expect(pager.model.slots.slot(column: 0, row: 1).frame.y == pageHeight + gap)
        #expect(pager.model.slots.slot(column: 0, row: 0).frame.width == pageWidth, "pages keep their size")
    }

    @Test func theGapShowsNoPage() {
        var pager = RecordingPager(configuration: spaced(gap))
        pager.grab(along: .horizontal, towards: -1, at: 0)
        pager.move(pager.pointer.x - gap, 400, at: 0.5)
        pager.hold(for: 0.3)
        let visible = pager.model.slots.reduce(0) { $0 + $1.visibleFraction }
        #expect(abs(visible - (pageWidth - gap) / pageWidth) < 1e-9, "the gap covers \(gap) px")
    }

    @Test func aSlowDragFlipsOnlyPastHalfThePitch() {
        var pager = RecordingPager(configuration: spaced(gap))
        let halfPage = pageWidth / 2 + 20  // past half a page, short of half the pitch (600)
        pager.grab(along: .horizontal, towards: -1, at: 0)
        pager.move(pager.pointer.x - halfPage, 400, at: 0.5)
        pager.hold(for: 0.3)
        pager.up(at: pager.now)
        pager.settle()
        #expect(pager.model.currentPage == page(0, 0))
        pager.grab(along: .horizontal, towards: -1, at: pager.now + 1)
        pager.move(pager.pointer.x - (pageWidth + gap) / 2 - 20, 400, at: pager.now + 0.5)
        pager.hold(for: 0.3)
        pager.up(at: pager.now)
        pager.settle()
        #expect(pager.model.currentPage == page(1, 0))
    }

    @Test func aDragLandsAfterAWholePitchNotAPage() {
        var pager = RecordingPager(configuration: spaced(gap))
        pager.grab(along: .horizontal, towards: -1, at: 0)
        let rest = pager.pointer.x
        pager.move(rest - pageWidth - gap / 2, 400, at: 0.5)
        #expect(pager.pageChanges.isEmpty)
        #expect(pager.model.offset.x == -(pageWidth + gap / 2))
        pager.move(rest - pageWidth - gap - 10, 400, at: 0.6)
        #expect(pager.pageChanges.count == 1)
        #expect(pager.model.offset.x == -10)
    }

    @Test func aFlipTravelsOnePitch() {
        var pager = RecordingPager(configuration: spaced(gap))
        _ = pager.flip(.right, at: 0)
        var furthest = 0.0
        var landedAt: Double?
        pager.run(for: 2) { model in
            if model.currentPage == page(0, 0) { furthest = max(furthest, -model.offset.x) }
            if landedAt == nil && model.currentPage == page(1, 0) { landedAt = model.time }
        }
        #expect(furthest > pageWidth, "the content travels past a page width into the gap")
        #expect(furthest < pageWidth + gap)
        #expect(landedAt != nil)
        #expect(pager.model.isSettled && pager.model.currentPage == page(1, 0))
    }

    @Test func theRubberBandIsMeasuredInThePitch() {
        var pager = RecordingPager(horizontalPages: 3, configuration: spaced(gap))
        pager.grab(along: .horizontal, towards: -1, at: 0)
        pager.move(pager.pointer.x + 400, 400, at: 0.1)
        let pitch = pageWidth + gap
        let expected = pitch * (1 - 1 / (400 * 0.55 / pitch + 1))
        #expect(abs(pager.model.offset.x - expected) < 1e-9)
    }

    @Test func negativeSpacingCountsAsNone() {
        let pager = RecordingPager(configuration: spaced(-50))
        #expect(pager.model.slots.slot(column: 1, row: 0).frame.x == pageWidth)
    }

    @Test func resizeKeepsTheShareOfThePitch() {
        var pager = RecordingPager(configuration: spaced(gap))
        pager.grab(along: .horizontal, towards: -1, at: 0)
        pager.move(pager.pointer.x - 300, 400, at: 0.1)  // a quarter of the 1200 px pitch
        pager.resize(width: 2 * pageWidth - gap, height: pageHeight, at: 0.2)  // pitch 2000
        #expect(abs(pager.model.offset.x - -500) < 1e-9)
    }
}
