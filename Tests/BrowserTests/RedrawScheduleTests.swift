import Testing
@testable import Browser

@Suite struct RedrawScheduleTests {
    /// A schedule after its first frame, at rest.
    private func atRest() -> RedrawSchedule {
        var schedule = RedrawSchedule()
        schedule.plan(moving: false, due: [], at: 1)
        schedule.drawing()
        schedule.plan(moving: false, due: [], at: 1.1)
        return schedule
    }

    @Test func theFirstFrameIsDrawn() {
        var schedule = RedrawSchedule()
        #expect(schedule.wait(at: 0) == .none)
        schedule.plan(moving: false, due: [], at: 0.5)
        #expect(schedule.needsFrame)
        #expect(schedule.reasons == .start)
    }

    @Test func atRestNothingIsDrawnAndTheLoopSleepsUntilAnEvent() {
        let schedule = atRest()
        #expect(!schedule.needsFrame)
        #expect(schedule.wait(at: 1.2) == .forever)
    }

    @Test func eachReasonDrawsOneFrame() {
        for reason in [RedrawSchedule.Reasons.input, .worker, .window] {
            var schedule = atRest()
            schedule.mark(reason)
            #expect(schedule.wait(at: 2) == .none)
            schedule.plan(moving: false, due: [], at: 2)
            #expect(schedule.needsFrame)
            schedule.drawing()
            schedule.plan(moving: false, due: [], at: 2.02)
            #expect(!schedule.needsFrame)
            #expect(schedule.wait(at: 2.03) == .forever)
        }
    }

    @Test func aReasonMarkedWhileAFrameIsDrawnCountsForTheNext() {
        var schedule = atRest()
        schedule.mark(.input)
        schedule.plan(moving: false, due: [], at: 2)
        schedule.drawing()
        schedule.mark(.worker)   // a decode finished while the frame waited for its beat
        #expect(schedule.wait(at: 2.01) == .none)
        schedule.plan(moving: false, due: [], at: 2.02)
        #expect(schedule.needsFrame)
    }

    @Test func motionIsDrawnEveryFrameAndOnceMoreWhenItStops() {
        var schedule = atRest()
        schedule.mark(.input)
        schedule.plan(moving: true, due: [], at: 2)
        #expect(schedule.needsFrame)
        schedule.drawing()
        #expect(schedule.wait(at: 2.01) == .none)
        schedule.plan(moving: true, due: [], at: 2.016)
        #expect(schedule.needsFrame)
        schedule.drawing()
        // The engine settled in this frame's update: where it ended is drawn.
        schedule.plan(moving: false, due: [], at: 2.033)
        #expect(schedule.needsFrame)
        schedule.drawing()
        #expect(schedule.wait(at: 2.04) == .forever)
        schedule.plan(moving: false, due: [], at: 2.05)
        #expect(!schedule.needsFrame)
    }

    @Test func theLoopSleepsUntilTheEarliestDueTimeAndThenDraws() {
        var schedule = atRest()
        schedule.plan(moving: false, due: [nil, 6, 4, nil], at: 2)
        #expect(!schedule.needsFrame)
        #expect(schedule.wait(at: 2.5) == .seconds(1.5))
        schedule.plan(moving: false, due: [6], at: 3.999)   // woke a little early: nothing yet
        #expect(!schedule.needsFrame)
        schedule.plan(moving: false, due: [nil, 6, 4, nil], at: 2)
        schedule.plan(moving: false, due: [6], at: 4)
        #expect(schedule.needsFrame)
        #expect(schedule.reasons == .due)
        schedule.drawing()
        #expect(schedule.wait(at: 4.01) == .seconds(6 - 4.01))
    }

    @Test func aDueTimeAlreadyPassedIsHeldByAWorkerAndNotWaitedFor() {
        // A slideshow step waiting for its image's decode, an animation frame
        // not decoded yet: their workers wake the loop; waiting would spin.
        var schedule = atRest()
        schedule.plan(moving: false, due: [2, 1.5], at: 2)
        #expect(!schedule.needsFrame)
        #expect(schedule.due == nil)
        #expect(schedule.wait(at: 2.1) == .forever)
    }

    @Test func aDueTimeReachedWhileTheLoopWasAwakeIsNotWaitedForAgain() {
        var schedule = atRest()
        schedule.plan(moving: false, due: [3], at: 2)
        #expect(schedule.wait(at: 3.2) == .none)
    }

    @Test func whyNamesEveryReasonAndTheMotion() {
        var schedule = atRest()
        #expect(schedule.why == "")
        schedule.mark(.window)
        schedule.mark(.input)
        schedule.plan(moving: true, due: [], at: 2)
        #expect(schedule.why == "input+window+motion")
        schedule.drawing()
        schedule.plan(moving: false, due: [], at: 2.1)
        #expect(schedule.why == "stopped")
    }

    @Test func whileSomethingMovesTheLoopNeverSleeps() {
        var schedule = atRest()
        schedule.plan(moving: true, due: [10], at: 2)
        schedule.drawing()
        #expect(schedule.wait(at: 2.01) == .none)
    }
}

@Suite struct RedrawReasonsTests {
    @Test func thePointerPassingOverTheWindowChangesNothingShown() {
        #expect(!BrowserSession.mayChangeScreen(.mouseMoved(x: 10, y: 20, leftHeld: false)))
        #expect(BrowserSession.mayChangeScreen(.mouseMoved(x: 10, y: 20, leftHeld: true)))
        #expect(BrowserSession.mayChangeScreen(.key(.right, ctrl: false, shift: false)))
        #expect(BrowserSession.mayChangeScreen(.focusLost))
    }
}
