import Gallery
import Testing
@testable import Browser

@Suite struct InfoPanelTests {
    static func shown(_ path: String) -> InfoPanel {
        var panel = InfoPanel()
        panel.show(path: path, lines: [InfoLine("Name", "a.jpg"), InfoLine("Size", "1 KB")])
        return panel
    }

    @Test func itsLinesAreLabelTabValue() {
        #expect(Self.shown("/p/a.jpg").lines == ["Name\ta.jpg", "Size\t1 KB"])
    }

    @Test func hidingForgetsWhoseItWas() {
        var panel = Self.shown("/p/a.jpg")
        panel.hide()
        #expect(!panel.isShowing)
        #expect(panel.lines.isEmpty)
    }

    @Test func settlingOnAnotherImageAsksForThatImagesInformation() {
        var panel = Self.shown("/p/a.jpg")
        #expect(panel.settled(onImage: "/p/b.jpg") == "/p/b.jpg")
    }

    @Test func settlingOnTheSameImageKeepsThePanel() {
        var panel = Self.shown("/p/a.jpg")
        #expect(panel.settled(onImage: "/p/a.jpg") == nil)
        #expect(panel.isShowing)
    }

    @Test func settlingOnAPageWithNoImageHidesThePanel() {
        var panel = Self.shown("/p/a.jpg")
        #expect(panel.settled(onImage: nil) == nil)
        #expect(!panel.isShowing)
    }

    @Test func aHiddenPanelDoesNotFollowThePages() {
        var panel = InfoPanel()
        #expect(panel.settled(onImage: "/p/b.jpg") == nil)
        #expect(!panel.isShowing)
    }
}
