import Testing
@testable import Browser

@Suite struct NoticesTests {
    @Test func aNoticeShowsFullyUntilItsFade() {
        var notices = Notices()
        notices.show("Copied", at: 10)
        #expect(notices.visible(at: 11)?.text == "Copied")
        #expect(notices.visible(at: 11)?.alpha == 1)
    }

    @Test func aNoticeFadesOverItsLastHalfSecond() {
        var notices = Notices()
        notices.show("Copied", at: 10)
        #expect(notices.visible(at: 12.25)?.alpha == 0.5)
    }

    @Test func aNoticeIsGoneAndForgottenWhenItsTimeIsUp() {
        var notices = Notices()
        notices.show("Copied", at: 10)
        #expect(notices.visible(at: 12.5) == nil)
        #expect(!notices.isShowing)
    }

    @Test func aNewNoticeReplacesTheOneShowingAndStartsItsOwnTime() {
        var notices = Notices()
        notices.show("first", at: 10)
        notices.show("second", at: 12)
        #expect(notices.visible(at: 13)?.text == "second")
        #expect(notices.visible(at: 13)?.alpha == 1)
    }

    @Test func noNoticeShowsAtFirst() {
        var notices = Notices()
        #expect(!notices.isShowing)
        #expect(notices.visible(at: 0) == nil)
    }
}
