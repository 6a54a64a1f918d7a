import Pager
import Testing
@testable import Browser

/// `g` N Enter, and the slideshow's clock.
@Suite struct GoToPromptTests {
    @Test func digitsThenEnterGoToThatImage() {
        var prompt = GoToPrompt()
        #expect(prompt.handle(.digit(4)) == .typing)
        #expect(prompt.handle(.digit(2)) == .typing)
        #expect(prompt.text == "Go to image: 42_")
        #expect(prompt.handle(.enter) == .go(42))
    }

    @Test func backspaceTakesTheLastDigitBack() {
        var prompt = GoToPrompt()
        _ = prompt.handle(.digit(1)); _ = prompt.handle(.digit(7)); _ = prompt.handle(.backspace)
        #expect(prompt.handle(.enter) == .go(1))
    }

    @Test func enterWithNoNumberAndEscapeGoNowhere() {
        var empty = GoToPrompt()
        #expect(empty.handle(.enter) == .cancelled)
        var typed = GoToPrompt()
        _ = typed.handle(.digit(3))
        #expect(typed.handle(.escape) == .cancelled)
    }

    @Test func anyOtherKeyClosesThePromptAndKeepsItsOwnAction() {
        var prompt = GoToPrompt()
        _ = prompt.handle(.digit(3))
        #expect(prompt.handle(.right) == .passThrough)
    }

    @Test func theNumberStopsGrowingAtNineDigits() {
        var prompt = GoToPrompt()
        for _ in 0..<20 { _ = prompt.handle(.digit(9)) }
        #expect(prompt.handle(.enter) == .go(999_999_999))
    }
}

@Suite struct SlideshowTests {
    @Test func aStepFallsDueOneIntervalAfterTheStart() {
        var show = Slideshow(interval: 3)
        show.start(at: 10)
        #expect(!show.isDue(at: 12.99))
        #expect(show.isDue(at: 13))
        #expect(show.wait(at: 11) == 2)
    }

    @Test func theNextStepCountsFromTheLastOne() {
        var show = Slideshow(interval: 2)
        show.start(at: 0)
        show.stepped(at: 2.5)   // held 0.5 s while its image decoded
        #expect(!show.isDue(at: 4.4))
        #expect(show.isDue(at: 4.5))
    }

    @Test func aStoppedSlideshowIsNeverDue() {
        var show = Slideshow(interval: 1)
        show.start(at: 0)
        show.stop()
        #expect(!show.isDue(at: 100))
        #expect(show.wait(at: 0) == nil)
        #expect(!show.isRunning)
    }

    @Test func aStartBeforeTheGalleryAwaitsItAndIsNotDue() {
        var show = Slideshow(interval: 1)
        show.awaitGallery()
        #expect(show.isAwaitingGallery)
        #expect(!show.isRunning)
        #expect(!show.isDue(at: 100))
        #expect(show.wait(at: 0) == nil)
    }

    @Test func theAwaitedStartCountsItsFirstStepFromWhenItStarts() {
        var show = Slideshow(interval: 2)
        show.awaitGallery()
        show.start(at: 7)   // the scan has ended
        #expect(!show.isAwaitingGallery)
        #expect(!show.isDue(at: 8.99))
        #expect(show.isDue(at: 9))
    }

    @Test func stopForgetsAnAwaitedStart() {
        var show = Slideshow(interval: 1)
        show.awaitGallery()
        show.stop()
        #expect(!show.isAwaitingGallery)
        #expect(!show.isRunning)
    }

    @Test func aRunningSlideshowDoesNotFallBackToAwaiting() {
        var show = Slideshow(interval: 1)
        show.start(at: 0)
        show.awaitGallery()
        #expect(show.isRunning)
        #expect(!show.isAwaitingGallery)
    }
}

/// Which input stops the slideshow.
@Suite struct SlideshowInputTests {
    @Test func keysButtonsWheelsAndTouchesStopIt() {
        #expect(BrowserSession.isUserInput(.key(.right, ctrl: false, shift: false)))
        #expect(BrowserSession.isUserInput(.mouseDown(.left, x: 1, y: 1)))
        #expect(BrowserSession.isUserInput(.fingerDown(id: 1, x: 1, y: 1)))
    }

    @Test func aPointerPassingOverTheWindowAndFocusDoNot() {
        #expect(!BrowserSession.isUserInput(.mouseMoved(x: 1, y: 1, leftHeld: false)))
        #expect(!BrowserSession.isUserInput(.focusLost))
        #expect(!BrowserSession.isUserInput(.windowHidden))
    }

    @Test func theSlideshowKeyIsItsOwnToggleNotAnInterruption() {
        #expect(BrowserSession.isSlideshowKey(.key(.s, ctrl: false, shift: false)))
        #expect(!BrowserSession.isSlideshowKey(.key(.right, ctrl: false, shift: false)))
    }
}
