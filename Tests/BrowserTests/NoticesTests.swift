import Testing
@testable import Browser

@Suite struct NoticesTests {
    @Test func aNoticeMayStayLongerUntilTheNextReplacesIt() {
        var notices = Notices()
        notices.show("Key handler: press a key", at: 10, seconds: 600)
        #expect(notices.visible(at: 500)?.alpha == 1)
        #expect(notices.nextChange(after: 500) == 609.5)
        notices.show("key-handler w: exit 0", at: 501)
        #expect(notices.visible(at: 502)?.text == "key-handler w: exit 0")
        #expect(notices.visible(at: 504) == nil)
    }

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

    // MARK: - When it changes (the loop sleeps otherwise: RedrawSchedule)

    @Test func aNoticeChangesOnlyWhenItsFadeStartsAndWhenItEnds() {
        var notices = Notices()
        #expect(notices.nextChange(after: 0) == nil)
        notices.show("Copied", at: 10)
        #expect(notices.nextChange(after: 10) == 12)
        #expect(!notices.isFading(at: 11.9))
        #expect(notices.isFading(at: 12))
        #expect(notices.nextChange(after: 12.1) == 12.5)
        #expect(!notices.isFading(at: 12.5))
    }

    @Test func aNoticeExpiresWhereItIsNotDrawnOnceItsTimeIsUp() {
        var notices = Notices()
        notices.show("Copied", at: 10)
        let early = notices.expire(at: 12.4)
        #expect(!early)
        #expect(notices.isShowing)
        let due = notices.expire(at: 12.5)
        #expect(due)
        #expect(!notices.isShowing)
        let again = notices.expire(at: 13)
        #expect(!again)
        #expect(notices.nextChange(after: 13) == nil)
    }
}
