import Pager
import Testing

/// Discrete flips (`flip`, `go(to:animated:)`) animate with
/// `PagerConfiguration.keyFlipAnimation`, releases with `animation`; a held
/// key's flips retarget one running motion and end exactly N pages on.
@Suite("Key flips")
struct KeyFlipTests {
    /// Key repeat of a held key at a fast auto-repeat (the key step's worst case), flips/s.
    static let keyRepeatRate = 30.0

    /// Where the content shows, in pages from page 0 along `h`: the current
    /// page plus the offset's share of a page.
    private func shownPosition(_ pager: RecordingPager) -> Double {
        Double(pager.model.currentPage.h) + pager.position.h
    }

    @Test func keyFlipCoversTheCentreOfTheScreenWithin30Milliseconds() {
        var pager = RecordingPager()
        pager.flip(.right, at: 0)
        pager.advance(to: 0.030)
        // 69 % of a page: the next page covers the centre 480 px of a 1280 px screen.
        #expect(shownPosition(pager) >= 0.69)
    }

    @Test func keyFlipEndsWithinKeyFlipDuration() {
        var pager = RecordingPager()
        pager.flip(.right, at: 0)
        pager.run(until: PageAnimationStyle.keyFlipDuration + 0.001)
        #expect(pager.model.isSettled)
        #expect(pager.model.currentPage == page(1, 0))
        #expect(pager.kinds.last == .settled(page(1, 0)))
    }

    @Test func keyFlipFollowsAConfiguredSpring() {
        var configuration = PagerConfiguration()
        configuration.keyFlipAnimation = .spring(.carousel)
        var pager = RecordingPager(configuration: configuration)
        pager.flip(.right, at: 0)
        pager.advance(to: 0.045)
        // The carousel spring starts at rest: at 45 ms it is not yet past half a page.
        #expect(shownPosition(pager) > 0 && shownPosition(pager) < 0.5)
        let settled = pager.settle()
        #expect(settled)
        #expect(pager.model.currentPage == page(1, 0))
    }

    @Test func animatedGoUsesTheKeyFlipAnimation() {
        var pager = RecordingPager()
        pager.go(to: page(0, 3), animated: true, at: 0)
        pager.run(until: PageAnimationStyle.keyFlipDuration + 0.001)
        #expect(pager.model.isSettled)
        #expect(pager.model.currentPage == page(0, 3))
    }

    @Test func releaseKeepsTheReleaseAnimation() {
        var configuration = PagerConfiguration()
        // A key flip of a whole second: a release that used it would still move at 0.6 s.
        configuration.keyFlipAnimation = .easing(.linear, minimumDuration: 1, maximumDuration: 1)
        var pager = RecordingPager(configuration: configuration)
        pager.swipe(by: (-300, 0), over: 0.1, at: 0)
        let settled = pager.settle(within: 0.6)
        #expect(settled)
        #expect(pager.model.currentPage == page(1, 0))
    }

    @Test func heldKeyAt30FlipsPerSecondLandsExactlyThirtyPagesOn() {
        var pager = RecordingPager()
        for k in 0..<30 {
            let time = Double(k) / Self.keyRepeatRate
            pager.run(until: time)
            let flipped = pager.flip(.right, at: time)
            #expect(flipped)
        }
        pager.settle()
        #expect(pager.model.currentPage == page(30, 0))
        #expect(pager.pageChanges.count == 30)
        #expect(pager.pageChanges.map(\.to) == (1...30).map { page($0, 0) })
    }

    @Test func heldKeyNeverStallsBetweenFlips() {
        var pager = RecordingPager()
        var previous = shownPosition(pager)
        var stalls: [Double] = []
        for k in 0..<10 {
            let time = Double(k) / Self.keyRepeatRate
            pager.flip(.right, at: time)
            // Every frame until the next key moves the content further right.
            while pager.now + frame < time + 1 / Self.keyRepeatRate {
                pager.advance(to: pager.now + frame)
                let position = shownPosition(pager)
                if position <= previous { stalls.append(pager.now) }
                previous = position
            }
        }
        #expect(stalls.isEmpty, "no progress after the flips at \(stalls)")
    }

    @Test func heldKeyRetargetDoesNotRestartFromRest() {
        var pager = RecordingPager()
        pager.flip(.right, at: 0)
        let repeatTime = 1 / Self.keyRepeatRate
        let step = 0.001
        pager.advance(to: repeatTime - step)
        let before = shownPosition(pager)
        pager.advance(to: repeatTime)
        let atRepeat = shownPosition(pager)
        pager.flip(.right, at: repeatTime)
        // The retarget shows the content where it was: no jump.
        #expect(abs(shownPosition(pager) - atRepeat) < 1e-9)
        pager.advance(to: repeatTime + step)
        // …and moves on at least as fast as it was moving.
        #expect(shownPosition(pager) - atRepeat >= atRepeat - before)
    }

    @Test func heldKeyStopsAtTheBoundedEdgeWithoutShowingPastIt() {
        var pager = RecordingPager(horizontalPages: 5)
        var furthest = 0.0
        for k in 0..<10 {
            let time = Double(k) / Self.keyRepeatRate
            while pager.now + frame < time {
                pager.advance(to: pager.now + frame)
                furthest = max(furthest, shownPosition(pager))
            }
            pager.flip(.right, at: time)
        }
        let end = pager.now + 1
        while pager.now < end {
            pager.advance(to: pager.now + frame)
            furthest = max(furthest, shownPosition(pager))
        }
        #expect(pager.model.currentPage == page(4, 0))
        // Past the last page a flip nudges with the bounce spring, which the
        // rubber band holds within a small fraction of a page.
        #expect(furthest < 4.1)
    }
}
