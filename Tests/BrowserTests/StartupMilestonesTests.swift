import Testing
@testable import Browser

@Suite struct StartupMilestonesTests {
    @Test func aFrameShowingTheCurrentPageIsLoggedAsTheFirstFrameWhenPresented() {
        var milestones = StartupMilestones()
        milestones.frameBegins()
        milestones.frameDrawn(showsCurrentPage: true)
        #expect(milestones.framePresented() == [.firstFrame])
    }

    @Test func theFirstFrameIsLoggedOnce() {
        var milestones = StartupMilestones()
        milestones.frameDrawn(showsCurrentPage: true)
        _ = milestones.framePresented()
        milestones.frameDrawn(showsCurrentPage: true)
        #expect(milestones.framePresented() == [])
    }

    @Test func aFrameWithOnlyPlaceholdersIsNotTheFirstFrame() {
        var milestones = StartupMilestones()
        milestones.frameBegins()
        milestones.frameDrawn(showsCurrentPage: false)
        #expect(milestones.framePresented() == [])
    }

    @Test func theScansCertainPreviewCountsAsTheFirstFrame() {
        var milestones = StartupMilestones()
        milestones.frameBegins()
        milestones.drewPreview(certain: true)
        milestones.frameDrawn(showsCurrentPage: false)
        #expect(milestones.framePresented() == [.firstFrame])
    }

    @Test func aPreviewThatMayNotBeTheFirstImageDoesNotCount() {
        var milestones = StartupMilestones()
        milestones.frameBegins()
        milestones.drewPreview(certain: false)
        milestones.frameDrawn(showsCurrentPage: false)
        #expect(milestones.framePresented() == [])
    }

    @Test func aPreviewDrawnInAnEarlierFrameDoesNotCountForTheNextOne() {
        var milestones = StartupMilestones()
        milestones.frameBegins()
        milestones.drewPreview(certain: true)
        milestones.frameBegins()
        milestones.frameDrawn(showsCurrentPage: false)
        #expect(milestones.framePresented() == [])
    }

    @Test func theEmbeddedThumbnailIsLoggedWithItsSizeBeforeTheFirstFrame() {
        var milestones = StartupMilestones()
        milestones.frameBegins()
        milestones.drewThumbnail(width: 160, height: 120)
        milestones.frameDrawn(showsCurrentPage: false)
        #expect(milestones.framePresented() == [.firstThumbnail(width: 160, height: 120)])
        milestones.frameBegins()
        milestones.drewThumbnail(width: 160, height: 120)
        #expect(milestones.framePresented() == [])
    }

    @Test func aThumbnailAfterTheFirstFrameIsNotLogged() {
        var milestones = StartupMilestones()
        milestones.frameDrawn(showsCurrentPage: true)
        _ = milestones.framePresented()
        milestones.frameBegins()
        milestones.drewThumbnail(width: 160, height: 120)
        #expect(milestones.framePresented() == [])
    }
}
