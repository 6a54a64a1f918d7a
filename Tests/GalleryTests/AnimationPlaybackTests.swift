@testable import ImageDecoding
import Testing
@testable import Gallery

@Suite struct AnimationPlaybackTests {
    @Test func firstFrameShowsForItsDelay() {
        var playback = AnimationPlayback(delays: [0.2, 0.1], loopCount: 0)
        playback.start(at: 1)
        #expect(playback.frame == 0)
        #expect(playback.dueFrame(at: 1.19) == nil)
        #expect(playback.dueFrame(at: 1.2) == 1)
    }

    @Test func shownFrameEndsAfterItsOwnDelay() {
        var playback = AnimationPlayback(delays: [0.1, 0.3], loopCount: 0)
        playback.start(at: 0)
        playback.frameShown(at: 0.1)
        #expect(playback.frame == 1)
        #expect(playback.frameEnds == 0.4)
    }

    @Test func loopCountOneFinishesOnTheLastFrame() {
        var playback = AnimationPlayback(delays: [0.1, 0.1], loopCount: 1)
        playback.start(at: 0)
        playback.frameShown(at: 0.1)
        #expect(playback.dueFrame(at: 0.2) == nil)
        #expect(playback.isFinished)
        #expect(playback.frame == 1)
        #expect(playback.wait(at: 0.3) == nil)
    }

    @Test func loopCountTwoPlaysTwiceThenFinishes() {
        var playback = AnimationPlayback(delays: [0.1, 0.1], loopCount: 2)
        playback.start(at: 0)
        var shown: [Int] = []
        var time = 0.1
        while let next = playback.dueFrame(at: time) {
            shown.append(next)
            playback.frameShown(at: time)
            time += 0.1
        }
        #expect(shown == [1, 0, 1])
        #expect(playback.isFinished)
        #expect(playback.loopsDone == 1)
    }

    @Test func loopCountZeroNeverFinishes() {
        var playback = AnimationPlayback(delays: [0.1, 0.1, 0.1], loopCount: 0)
        playback.start(at: 0)
        var time = 0.1
        for _ in 0..<300 {
            guard playback.dueFrame(at: time) != nil else { break }
            playback.frameShown(at: time)
            time += 0.1
        }
        #expect(!playback.isFinished)
        #expect(playback.loopsDone == 100)
    }

    @Test func lastFrameWrapsToFrameZero() {
        var playback = AnimationPlayback(delays: [0.1, 0.1], loopCount: 0)
        playback.start(at: 0)
        playback.frameShown(at: 0.1)
        #expect(playback.dueFrame(at: 0.2) == 0)
        playback.frameShown(at: 0.2)
        #expect(playback.frame == 0)
        #expect(playback.loopsDone == 1)
    }

    @Test func zeroAndTenMillisecondDelaysPlayAtAHundred() {
        #expect(FrameDelay.seconds(milliseconds: 0) == 0.1)
        #expect(FrameDelay.seconds(milliseconds: 10) == 0.1)
        #expect(FrameDelay.seconds(milliseconds: 20) == 0.02)
    }

    @Test func zeroDelayFramesAreDueEveryHundredMilliseconds() {
        let delays = [0, 0, 0].map { FrameDelay.seconds(milliseconds: $0) }
        var playback = AnimationPlayback(delays: delays, loopCount: 0)
        playback.start(at: 0)
        #expect(playback.dueFrame(at: 0.099) == nil)
        #expect(playback.dueFrame(at: 0.1) == 1)
    }

    @Test func nothingIsDueWhilePaused() {
        var playback = AnimationPlayback(delays: [0.1, 0.1], loopCount: 0)
        playback.start(at: 0)
        playback.pause(at: 0.05)
        #expect(playback.dueFrame(at: 5) == nil)
        #expect(playback.wait(at: 5) == nil)
        #expect(playback.isPaused)
    }

    @Test func resumeKeepsTheFrameAndWhatWasLeftOfItsDelay() {
        var playback = AnimationPlayback(delays: [0.1, 0.1, 0.1], loopCount: 0)
        playback.start(at: 0)
        playback.frameShown(at: 0.1)
        playback.pause(at: 0.17)
        playback.resume(at: 10)
        #expect(playback.frame == 1)
        #expect(abs((playback.frameEnds ?? 0) - 10.03) < 1e-9)
        #expect(playback.dueFrame(at: 10.02) == nil)
        #expect(playback.dueFrame(at: 10.03) == 2)
    }

    @Test func pauseTwiceKeepsTheFirstPausesRemainder() {
        var playback = AnimationPlayback(delays: [0.1, 0.1], loopCount: 0)
        playback.start(at: 0)
        playback.pause(at: 0.04)
        playback.pause(at: 0.09)
        playback.resume(at: 1)
        #expect(abs((playback.frameEnds ?? 0) - 1.06) < 1e-9)
    }

    @Test func slightlyLateFrameKeepsTheSchedule() {
        var playback = AnimationPlayback(delays: [0.1, 0.1, 0.1], loopCount: 0)
        playback.start(at: 0)
        #expect(playback.dueFrame(at: 0.13) == 1)
        playback.frameShown(at: 0.13)   // 30 ms late: the next is still due at 0.2
        #expect(abs((playback.frameEnds ?? 0) - 0.2) < 1e-9)
    }

    @Test func veryLateFrameRestartsTheScheduleFromWhenItWasShown() {
        var playback = AnimationPlayback(delays: [0.1, 0.1, 0.1], loopCount: 0)
        playback.start(at: 0)
        #expect(playback.dueFrame(at: 2) == 1)   // one frame due, not twenty
        playback.frameShown(at: 2)
        #expect(abs((playback.frameEnds ?? 0) - 2.1) < 1e-9)
        #expect(playback.dueFrame(at: 2.05) == nil)
    }

    @Test func lateDecodeNeverSkipsAFrame() {
        var playback = AnimationPlayback(delays: [0.1, 0.1, 0.1, 0.1], loopCount: 1)
        playback.start(at: 0)
        var shown: [Int] = []
        var time = 0.35   // three frames' time passed before anything was decoded
        while let next = playback.dueFrame(at: time) {
            shown.append(next)
            playback.frameShown(at: time)
            time += 0.2
        }
        #expect(shown == [1, 2, 3])
    }

    @Test func stopKeepsTheFrameAndEndsPlayback() {
        var playback = AnimationPlayback(delays: [0.1, 0.1, 0.1], loopCount: 0)
        playback.start(at: 0)
        playback.frameShown(at: 0.1)
        playback.stop()
        #expect(playback.isFinished)
        #expect(playback.frame == 1)
        #expect(playback.dueFrame(at: 1) == nil)
    }

    @Test func waitIsTheTimeUntilTheNextFrame() {
        var playback = AnimationPlayback(delays: [0.25, 0.1], loopCount: 0)
        #expect(playback.wait(at: 0) == nil)
        playback.start(at: 1)
        #expect(abs((playback.wait(at: 1.05) ?? 0) - 0.2) < 1e-9)
        #expect(playback.wait(at: 2) == 0)
    }
}
