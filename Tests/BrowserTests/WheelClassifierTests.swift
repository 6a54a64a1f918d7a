import Pager
import Testing
@testable import Browser

@Suite("Wheel and touchpad classification")
struct WheelClassifierTests {
    let interval = WheelClassifier.streamInterval

    @Test("A single wheel notch is held back, then flips one page")
    func singleNotchFlips() {
        var wheel = WheelClassifier(pageWidth: 1280, pageHeight: 800)
        #expect(wheel.classify(WheelSample(x: 0, y: -1, time: 1.0)) == [])
        #expect(wheel.hasPendingNotch)
        #expect(wheel.tick(time: 1.0 + interval / 2) == [])
        #expect(wheel.tick(time: 1.0 + interval * 1.01) == [.flip(.down)])
        #expect(!wheel.hasPendingNotch)
        #expect(wheel.tick(time: 2.0) == [])
    }

    @Test("Each direction maps to its page: up, down, right, left, Shift turns vertical into horizontal",
          arguments: [
              (0.0, 1.0, false, FlipDirection.up),
              (0.0, -1.0, false, .down),
              (1.0, 0.0, false, .right),
              (-1.0, 0.0, false, .left),
              (0.0, 1.0, true, .left),
              (0.0, -1.0, true, .right),
          ])
    func directions(x: Double, y: Double, shift: Bool, expected: FlipDirection) {
        var wheel = WheelClassifier(pageWidth: 1280, pageHeight: 800)
        _ = wheel.classify(WheelSample(x: x, y: y, shift: shift, time: 0))
        #expect(wheel.tick(time: 1) == [.flip(expected)])
    }

    @Test("Notches spaced like a hand-turned wheel flip one page each")
    func slowNotchesFlipEach() {
        var wheel = WheelClassifier(pageWidth: 1280, pageHeight: 800)
        var flips: [WheelAction] = []
        var time = 0.0
        for _ in 0..<3 {
            flips += wheel.classify(WheelSample(x: 0, y: -1, time: time))
            time += 0.2
            flips += wheel.tick(time: time - 0.1)
        }
        #expect(flips == [.flip(.down), .flip(.down), .flip(.down)])
    }

    @Test("A fast stream of whole notches (X11 touchpad) scrolls continuously and never flips")
    func fastStreamScrolls() {
        var wheel = WheelClassifier(pageWidth: 1280, pageHeight: 800)
        var actions: [WheelAction] = []
        for index in 0..<20 {
            let time = Double(index) * 0.010
            actions += wheel.classify(WheelSample(x: 0, y: -1, time: time))
            actions += wheel.tick(time: time + 0.005)
        }
        actions += wheel.tick(time: 5)
        #expect(actions.count == 20)
        let perNotch = WheelClassifier.touchpadPixelsPerNotch
        #expect(actions.allSatisfy { $0 == .scroll(dx: 0, dy: -perNotch) })
    }

    @Test("Fractional deltas are a touchpad from the first event")
    func fractionalIsTouchpadAtOnce() {
        var wheel = WheelClassifier(pageWidth: 1280, pageHeight: 800)
        let actions = wheel.classify(WheelSample(x: -0.25, y: 0, time: 3))
        let perNotch = WheelClassifier.touchpadPixelsPerNotch
        #expect(actions == [.scroll(dx: 0.25 * perNotch, dy: 0)])
        #expect(!wheel.hasPendingNotch)
        #expect(wheel.isStreaming(at: 3.01))
    }

    @Test("A direction change within the interval is touchpad jitter, not two flips")
    func directionChangeIsStream() {
        var wheel = WheelClassifier(pageWidth: 1280, pageHeight: 800)
        var actions = wheel.classify(WheelSample(x: 0, y: -1, time: 0))
        actions += wheel.classify(WheelSample(x: 0, y: 1, time: 0.01))
        actions += wheel.tick(time: 1)
        #expect(actions.count == 2)
        #expect(!actions.contains { if case .flip = $0 { true } else { false } })
    }

    @Test("After the stream goes quiet, the next notch is judged anew")
    func streamEndsAfterGap() {
        var wheel = WheelClassifier(pageWidth: 1280, pageHeight: 800, streamEndGap: 0.15)
        _ = wheel.classify(WheelSample(x: 0, y: -0.5, time: 0))
        #expect(wheel.isStreaming(at: 0.1))
        #expect(!wheel.isStreaming(at: 0.2))
        #expect(wheel.classify(WheelSample(x: 0, y: -1, time: 0.5)) == [])
        #expect(wheel.tick(time: 0.6) == [.flip(.down)])
    }

    @Test("A touchpad swipe of twenty fast notches moves the pager exactly one page")
    func touchpadSwipeMovesOnePage() {
        var model = PagerModel(pageWidth: 1280, pageHeight: 800)
        var input = InputTranslator(pageWidth: 1280, pageHeight: 800, navigation: DemoNavigation())
        var time = 0.0
        for _ in 0..<20 {
            for action in input.translate(.wheel(WheelSample(x: 0, y: -1, time: time)),
                                          currentPage: model.currentPage, time: time) {
                if case .pager(let command) = action { model.apply(command, time: time) }
            }
            time += 0.008
            model.advance(to: time)
        }
        for _ in 0..<300 {
            time += 1.0 / 60
            for action in input.tick(time: time) {
                if case .pager(let command) = action { model.apply(command, time: time) }
            }
            model.advance(to: time)
        }
        #expect(model.isSettled)
        #expect(model.currentPage == PageIndex(h: 0, v: 1))
    }

    @Test("Five wheel notches a quarter second apart move five pages")
    func wheelNotchesMoveOnePageEach() {
        var model = PagerModel(pageWidth: 1280, pageHeight: 800)
        var input = InputTranslator(pageWidth: 1280, pageHeight: 800, navigation: DemoNavigation())
        var time = 0.0
        func apply(_ actions: [BrowserAction]) {
            for case .pager(let command) in actions { model.apply(command, time: time) }
        }
        for _ in 0..<5 {
            apply(input.translate(.wheel(WheelSample(x: 0, y: 1, time: time)), currentPage: model.currentPage, time: time))
            for _ in 0..<15 {
                time += 1.0 / 60
                apply(input.tick(time: time))
                model.advance(to: time)
            }
        }
        for _ in 0..<120 {
            time += 1.0 / 60
            model.advance(to: time)
        }
        #expect(model.currentPage == PageIndex(h: 0, v: -5))
    }
}
