import Pager
import Testing
@testable import Browser

/// `--key-flip`: how a key turns a page (`KeyFlipStyle`), run in the engine.
@Suite struct KeyFlipStyleTests {
    static func pager(_ style: KeyFlipStyle) -> PagerModel {
        var configuration = PagerConfiguration()
        configuration.keyFlipAnimation = style.animation
        return PagerModel(pageWidth: 1280, pageHeight: 800, horizontalPages: 20, verticalPages: 0,
                          configuration: configuration)
    }

    @Test func aSwapShowsTheNextPageOnTheKeysOwnFrame() {
        var model = Self.pager(.swap)
        model.flip(.right, time: 1.0)
        model.advance(to: 1.0)
        #expect(model.currentPage.h == 1)
        #expect(model.offset == .zero)
        #expect(model.isSettled)
    }

    @Test func aSlideIsStillMovingOnItsFirstFrames() {
        var model = Self.pager(.slide)
        model.flip(.right, time: 1.0)
        model.advance(to: 1.016)
        #expect(!model.isSettled)
        #expect(model.offset.x < 0 && model.offset.x > -1280, "part of the way: \\(model.offset.x)")
        model.advance(to: 1.0 + PageAnimationStyle.keyFlipDuration)
        #expect(model.currentPage.h == 1 && model.isSettled)
    }

    @Test func aHeldKeysRunOfSwapsLandsOnEveryPage() {
        var model = Self.pager(.swap)
        for k in 0..<10 {
            let time = 1.0 + Double(k) / 30
            model.flip(.right, time: time)
            model.advance(to: time)
            #expect(model.currentPage.h == k + 1)
        }
        #expect(model.isSettled)
    }

    @Test func theDefaultIsTheEnginesSlide() {
        #expect(BrowserOptions().pager.keyFlipAnimation == KeyFlipStyle.slide.animation)
        #expect(KeyFlipStyle.slide.animation == .keyFlip)
    }
}
