import Pager
import Testing
@testable import Browser

/// `b` toggles the parallax backdrop; `--no-backdrop` and
/// `--parallax` reach the session's scenery.
@Suite struct BackdropToggleTests {
    @Test func theBKeyTogglesTheBackdrop() {
        var input = InputTranslator(pageWidth: 1280, pageHeight: 800, navigation: DemoNavigation())
        let actions = input.translate(.key(.b, ctrl: false, shift: false), currentPage: PageIndex(h: 0, v: 0), time: 1)
        #expect(actions == [.action(.toggleBackdrop)])
    }

    @Test func theBackdropIsOnByDefaultAtThreeTenths() {
        let scenery = Scenery(options: BrowserOptions(), pixelsPerPoint: 1)
        #expect(scenery.backdrop == ParallaxBackdrop(fraction: 0.3))
    }

    @Test func togglingSaysWhatItDid() {
        let scenery = Scenery(options: BrowserOptions(), pixelsPerPoint: 1)
        #expect(scenery.toggleBackdrop() == "Backdrop off")
        #expect(scenery.backdrop == nil)
        #expect(scenery.toggleBackdrop() == "Backdrop on")
        #expect(scenery.backdrop != nil)
    }

    @Test func optionsChooseTheFractionAndWhetherItStartsOn() {
        var options = BrowserOptions()
        options.showBackdrop = false
        options.parallax = 0.6
        let scenery = Scenery(options: options, pixelsPerPoint: 1)
        #expect(scenery.backdrop == nil)
        #expect(scenery.parallax.fraction == 0.6)
    }

    @Test func theHeaderBarScalesWithTheDisplay() {
        #expect(AlbumHeaderBars(pixelsPerPoint: 1).height == 30)
        #expect(AlbumHeaderBars(pixelsPerPoint: 2).height == 60)
    }

    @Test func theKeyHelpListsB() {
        #expect(KeyMap.standard.overlayLines().contains { $0.hasPrefix("b\t") })
    }
}
