import Pager

/// Turns the browser's input into pager calls and shell actions. All paging
/// behaviour stays in the engine: this only says which call an input means.
///
/// - Left button and fingers: through ``PointerRouter`` (one pointer at a time).
/// - Wheel and touchpad: through ``WheelClassifier`` (notch = flip, touchpad = scroll).
/// - Keys: arrows and h/j/k/l flip; PageUp/PageDown flip a row (an album);
///   Home/End go to the first/last page of the row, with Ctrl of the gallery
///   (see ``PageNavigation``); `i`, `b`, `?`/F1, `f`/F11, `q`, Escape for the shell.
///
/// ```swift
/// var input = InputTranslator(pageWidth: 1280, pageHeight: 800, navigation: DemoNavigation())
/// input.translate(.key(.right, ctrl: false, shift: false), currentPage: PageIndex(h: 0, v: 0), time: 1)
/// // [.pager(.flip(.right))]
/// ```
public struct InputTranslator: Sendable {
    public var pointer = PointerRouter()
    public var wheel: WheelClassifier
    public var navigation: any PageNavigation
    /// Where the mouse pointer last was inside the window, px; nil before it
    /// moved there and after it left. The zoom keys zoom around it.
    public var hoverPoint: Point?

    public init(pageWidth: Double, pageHeight: Double, navigation: any PageNavigation,
                configuration: PagerConfiguration = PagerConfiguration()) {
        self.wheel = WheelClassifier(pageWidth: pageWidth, pageHeight: pageHeight,
                                     streamEndGap: configuration.scrollEndGap)
        self.navigation = navigation
    }

    /// Keeps the touchpad's pixels-per-page in step with the window.
    public mutating func resize(width: Double, height: Double) {
        wheel.pageWidth = width
        wheel.pageHeight = height
    }

    /// Whether the shell must keep ticking (a wheel notch is held back).
    public var needsTicks: Bool { wheel.hasPendingNotch }

    /// Translates one input handled at `time`.
    public mutating func translate(_ input: BrowserInput, currentPage: PageIndex, time: Double) -> [BrowserAction] {
        switch input {
        case .mouseDown(_, let x, let y), .mouseMoved(let x, let y, _), .mouseUp(_, let x, let y):
            hoverPoint = Point(x: x, y: y)
            return pointer.handle(input)
        case .fingerDown, .fingerMoved, .fingerUp:
            return pointer.handle(input)
        case .focusLost, .windowHidden:
            wheel.reset()
            return pointer.handle(input)
        case .wheel(let sample):
            // Wheel input during a pointer drag would fight the finger.
            guard !pointer.isTracking else { return [] }
            return wheel.classify(sample).map(Self.action)
        case .key(let key, let ctrl, let shift):
            return keyActions(key, ctrl: ctrl, shift: shift, currentPage: currentPage)
        }
    }

    /// Once per frame: releases a held-back wheel notch whose time has come.
    public mutating func tick(time: Double) -> [BrowserAction] {
        wheel.tick(time: time).map(Self.action)
    }

    private static func action(_ wheel: WheelAction) -> BrowserAction {
        switch wheel {
        case .flip(let direction): .pager(.flip(direction))
        case .scroll(let dx, let dy): .pager(.scroll(dx: dx, dy: dy))
        }
    }

    private func keyActions(_ key: BrowserKey, ctrl: Bool, shift: Bool, currentPage: PageIndex) -> [BrowserAction] {
        switch key {
        case .left, .h: return [.pager(.flip(.left))]
        case .right, .l: return [.pager(.flip(.right))]
        case .up, .k, .pageUp: return [.pager(.flip(.up))]
        case .down, .j, .pageDown: return [.pager(.flip(.down))]
        case .home:
            guard let page = navigation.home(from: currentPage, wholeGallery: ctrl) else { return [] }
            return [.pager(.go(page, animated: true))]
        case .end:
            guard let page = navigation.end(from: currentPage, wholeGallery: ctrl) else { return [] }
            return [.pager(.go(page, animated: true))]
        case .i: return [.shell(.toggleHUD)]
        case .tab, .o: return [.shell(.toggleOverview)]
        case .enter: return []
        case .plus, .minus, .zero: return zoomKeyActions(key)
        case .b: return [.shell(.toggleBackdrop)]
        case .question, .f1: return [.shell(.toggleHelp)]
        case .f, .f11: return [.shell(.toggleFullscreen)]
        case .q: return [.shell(.quit)]
        case .escape: return [.shell(.escape)]
        case .other: return []
        }
    }
}
