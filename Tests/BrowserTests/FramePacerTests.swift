import Pager
import Testing
@testable import Browser

@Suite("Frame pacing")
struct FramePacerTests {
    let interval = 1.0 / 60

    /// A pacer that showed frames at 0, 1, 2 … intervals, each after `work` s of work.
    func pacer(beats: Int, work: Double) -> FramePacer {
        var pacer = FramePacer(interval: interval)
        for beat in 0..<beats {
            pacer.presented(at: Double(beat) * interval, work: work)
        }
        return pacer
    }

    @Test("At rest a frame is shown as soon as it is drawn, and no work start is scheduled")
    func atRestShowsAtOnce() {
        var pacer = pacer(beats: 5, work: 0.002)
        pacer.rest()
        #expect(pacer.nextWorkStart == nil)
        #expect(pacer.presentTime(workEnded: 10.0) == 10.0)
    }

    @Test("While moving, a frame drawn early waits for the beat one interval after the last")
    func drawnEarlyWaitsForTheBeat() {
        let pacer = pacer(beats: 1, work: 0.002)
        #expect(pacer.presentTime(workEnded: 0.005) == interval)
    }

    @Test("Work starts the longest recent work plus the margin before the beat")
    func workStartsOneLeadBeforeTheBeat() {
        var pacer = FramePacer(interval: interval)
        pacer.presented(at: 0, work: 0.002)
        pacer.presented(at: interval, work: 0.004)
        pacer.presented(at: 2 * interval, work: 0.001)
        #expect(abs(pacer.lead - (0.004 + FramePacer.leadMargin)) < 1e-12)
        #expect(abs(pacer.nextWorkStart! - (3 * interval - 0.004 - FramePacer.leadMargin)) < 1e-12)
    }

    @Test("A slow frame sets the lead until it is older than the history")
    func slowFrameIsForgotten() {
        var pacer = FramePacer(interval: interval)
        pacer.presented(at: 0, work: 0.012)
        for beat in 1..<FramePacer.historyCount {
            pacer.presented(at: Double(beat) * interval, work: 0.002)
        }
        #expect(abs(pacer.lead - (0.012 + FramePacer.leadMargin)) < 1e-12)
        pacer.presented(at: Double(FramePacer.historyCount) * interval, work: 0.002)
        #expect(abs(pacer.lead - (0.002 + FramePacer.leadMargin)) < 1e-12)
    }

    @Test("The lead is never more than one interval, however long the work")
    func leadIsAtMostOneInterval() {
        let pacer = pacer(beats: 3, work: 0.040)
        #expect(pacer.lead == interval)
        #expect(abs(pacer.nextWorkStart! - 2 * interval) < 1e-12)
    }

    @Test("A present a little late keeps the beat's phase: jitter does not add up")
    func jitterKeepsThePhase() {
        var pacer = pacer(beats: 1, work: 0.002)
        pacer.presented(at: interval + 0.0004, work: 0.002)
        pacer.presented(at: 2 * interval + 0.0007, work: 0.002)
        #expect(abs(pacer.presentTime(workEnded: 2.5 * interval) - 3 * interval) < 1e-12)
    }

    @Test("A frame whose work overran is shown at once and starts a new beat")
    func overrunStartsANewBeat() {
        var pacer = pacer(beats: 1, work: 0.002)
        let late = interval + 0.006
        #expect(pacer.presentTime(workEnded: late) == late)
        pacer.presented(at: late, work: 0.020)
        #expect(abs(pacer.presentTime(workEnded: late + 0.001) - (late + interval)) < 1e-12)
    }

    @Test("Frames drawn on time are shown exactly one interval apart")
    func steadyIntervals() {
        var pacer = FramePacer(interval: interval)
        var shown: [Double] = []
        var now = 0.0
        for frame in 0..<20 {
            // Work that varies between 1 and 3 ms, starting when the pacer says.
            let work = 0.001 + Double(frame % 5) * 0.0005
            now = max(now, pacer.nextWorkStart ?? now) + work
            let present = pacer.presentTime(workEnded: now)
            pacer.presented(at: present, work: work)
            shown.append(present)
            now = present
        }
        for (earlier, later) in zip(shown, shown.dropFirst()) {
            #expect(abs((later - earlier) - interval) < 1e-9)
        }
    }

    // MARK: - The instant a frame shows

    @Test("A frame whose work starts on time is shown on the next beat")
    func aFrameOnTimeIsShownOnTheBeat() {
        let pacer = pacer(beats: 2, work: 0.002)
        #expect(abs(pacer.presentTime(workStartingAt: pacer.nextWorkStart!) - 2 * interval) < 1e-12)
    }

    @Test("After a rest, a frame is taken to be shown one lead after its work starts")
    func afterARestAFrameIsShownOneLeadAfterItsStart() {
        var pacer = pacer(beats: 3, work: 0.004)
        pacer.rest()
        #expect(abs(pacer.presentTime(workStartingAt: 10.0) - (10.0 + pacer.lead)) < 1e-12)
    }

    @Test("A frame whose work starts too late for the beat is taken to be shown once drawn")
    func aLateFrameIsShownOnceDrawn() {
        let pacer = pacer(beats: 2, work: 0.004)
        let late = 2 * interval - 0.001
        #expect(abs(pacer.presentTime(workStartingAt: late) - (late + pacer.lead)) < 1e-12)
    }

    @Test("An animation is drawn as it will be when the frame is shown")
    func anAnimationIsDrawnAtThePresent() {
        #expect(FramePacer.pageTime(workStart: 1.0, shown: 1.006, motion: .animated) == 1.006)
    }

    @Test("Pages that follow input, or stand still, are drawn at the work's start",
          arguments: [PageMotion.followingInput, .still])
    func inputIsDrawnAtTheWorksStart(motion: PageMotion) {
        #expect(FramePacer.pageTime(workStart: 1.0, shown: 1.006, motion: motion) == 1.0)
    }

    @Test("A key flip's frame on the beat shows the flip at the beat, not at the work's start")
    func aKeyFlipsFrameShowsTheFlipAtTheBeat() {
        let pacer = pacer(beats: 1, work: 0.004)   // the flip's first frame, shown at 0
        var model = PagerModel(pageWidth: 1000, pageHeight: 800)
        model.apply(.flip(.right), time: 0)
        let start = pacer.nextWorkStart!
        let shown = pacer.presentTime(workStartingAt: start)
        model.advance(to: FramePacer.pageTime(workStart: start, shown: shown, motion: PageMotion(model.phase)))
        var atTheBeat = PagerModel(pageWidth: 1000, pageHeight: 800)
        atTheBeat.apply(.flip(.right), time: 0)
        atTheBeat.advance(to: interval)
        #expect(model.offset == atTheBeat.offset)
        #expect(abs(model.offset.x) > 0)
    }

    // MARK: - Input that sets still pages moving

    @Test("A drag's first motion between frames is drawn at once, not at the next tick")
    func dragStartIsDrawnAtOnce() {
        var pacer = pacer(beats: 1, work: 0.002)   // a frame of still pages shown at 0
        let motion = 0.003
        #expect(pacer.workStart(afterInputAt: motion, shown: .still, now: .followingInput) == motion)
    }

    @Test("A drag's first frame is shown as soon as it is drawn, not on the beat")
    func dragStartIsShownAtOnce() {
        var pacer = pacer(beats: 1, work: 0.002)
        _ = pacer.workStart(afterInputAt: 0.003, shown: .still, now: .followingInput)
        #expect(pacer.presentTime(workEnded: 0.005) == 0.005)
        #expect(!pacer.isOnBeat)
    }

    @Test("A flip's first frame starts its work at the key, before the next tick")
    func flipStartIsDrawnAtOnce() {
        var pacer = pacer(beats: 1, work: 0.002)
        let key = 0.003
        #expect(pacer.workStart(afterInputAt: key, shown: .still, now: .animated) == key)
    }

    @Test("The frames after a motion's first keep one interval from it")
    func framesAfterTheFirstArePaced() {
        var pacer = pacer(beats: 1, work: 0.002)
        let first = 0.005
        _ = pacer.workStart(afterInputAt: 0.003, shown: .still, now: .animated)
        pacer.presented(at: first, work: 0.001)
        #expect(pacer.isOnBeat)
        #expect(pacer.presentTime(workEnded: first + 0.004) == first + interval)
    }

    @Test("Input while the pages already move waits for the beat's next tick")
    func inputDuringMotionWaitsForTheTick() {
        var pacer = pacer(beats: 2, work: 0.002)
        let tick = pacer.nextWorkStart
        #expect(pacer.workStart(afterInputAt: interval + 0.003, shown: .animated, now: .animated) == tick)
        #expect(pacer.isOnBeat)
    }

    @Test("Input that leaves the pages still waits for the tick")
    func inputThatMovesNothingWaitsForTheTick() {
        var pacer = pacer(beats: 1, work: 0.002)
        let tick = pacer.nextWorkStart
        #expect(pacer.workStart(afterInputAt: 0.003, shown: .still, now: .still) == tick)
    }

    @Test("A pointer held within the slop or a gesture on a disabled axis leaves the pages still",
          arguments: [PagerPhase.idle, .pressed, .dragging(nil), .scrolling(nil)])
    func stillPhases(phase: PagerPhase) {
        #expect(PageMotion(phase) == .still)
    }

    @Test("A drag or a touchpad scroll follows the input; a flip, a release and a bounce animate")
    func movingPhases() {
        #expect(PageMotion(.dragging(.horizontal)) == .followingInput)
        #expect(PageMotion(.scrolling(.vertical)) == .followingInput)
        #expect(PageMotion(.animating) == .animated)
        #expect(PageMotion(.settling) == .animated)
    }
}
