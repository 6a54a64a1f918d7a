import Pager

/// Turns the browser's input in the pages into engine calls and actions.
/// All paging behaviour stays in the engine: this only says which call an
/// input means.
///
/// - Left button and fingers: through ``PointerRouter`` (one pointer at a time).
/// - Wheel and touchpad: through ``TouchpadTranslator`` when the platform
///   binding is there (Wayland, X11), else SDL's wheel events through
///   ``WheelClassifier`` (notch = flip, touchpad = scroll).
/// - Keys: through the action table, ``KeyMap`` (the row's and gallery's
///   start and end from ``PageNavigation``).
///
/// ```swift
/// var input = InputTranslator(pageWidth: 1280, pageHeight: 800, navigation: DemoNavigation())
/// input.translate(.key(.right, ctrl: false, shift: false), currentPage: PageIndex(h: 0, v: 0), time: 1)
/// // [.pager(.flip(.right))]
/// ```
public struct InputTranslator: Sendable {
    public var pointer = PointerRouter()
    public var wheel: WheelClassifier
    /// The platform's touchpad binding's events (Wayland, X11), when one is bound.
    public var touchpad = TouchpadTranslator()
    public var navigation: any PageNavigation
    /// The key bindings in force (``KeyMap/standard`` unless the configuration remaps them).
    public var keyMap = KeyMap.standard
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
    public var needsTicks: Bool { wheel.hasPendingNotch || touchpad.needsTicks }

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
            touchpad.reset()
            return pointer.handle(input)
        case .wheel(let sample):
            // Wheel input during a pointer drag would fight the finger.
            guard !pointer.isTracking else { return [] }
            // A bound touchpad brings the same motion itself (TouchpadTranslator).
            if let actions = touchpad.dropsSDLWheel(sample) { return actions }
            return wheel.classify(sample).map(Self.action)
        case .key(let key, let ctrl, let shift):
            return keyActions(key, ctrl: ctrl, shift: shift, currentPage: currentPage)
        case .zoom(let gesture, _):
            return zoomActions(gesture)
        }
    }

    /// Once per frame: releases a held-back wheel notch whose time has come.
    public mutating func tick(time: Double) -> [BrowserAction] {
        wheel.tick(time: time).map(Self.action) + touchpad.tick(time: time)
    }

    /// Translates one event of the platform's touchpad binding.
    ///
    /// ```swift
    /// input.translate(.scroll(dx: 0, dy: 12, source: .finger, time: 1))   // [.pager(.scroll(dx: 0, dy: -12))]
    /// ```
    public mutating func translate(_ event: TouchpadEvent) -> [BrowserAction] {
        // Touchpad input during a pointer drag would fight the finger.
        if pointer.isTracking {
            switch event {
            case .scroll, .wheelNotch, .pinchBegin, .pinchUpdate: return touchpad.tick(time: event.time)
            case .lift, .pinchEnd: break
            }
        }
        return touchpad.translate(event)
    }

    private static func action(_ wheel: WheelAction) -> BrowserAction {
        switch wheel {
        case .flip(let direction): .pager(.flip(direction))
        case .scroll(let dx, let dy): .pager(.scroll(dx: dx, dy: dy))
        }
    }

    /// The key's action in the pages (``KeyMap``), as engine calls and shell actions.
    private func keyActions(_ key: BrowserKey, ctrl: Bool, shift: Bool, currentPage: PageIndex) -> [BrowserAction] {
        guard let action = keyMap.action(for: key, ctrl: ctrl, shift: shift, in: .pager) else { return [] }
        return actions(for: action, currentPage: currentPage)
    }

    /// What a key action in the pages means. The actions that move the
    /// pages become engine calls here; every other goes to the session as
    /// it is, whose handler performs it (`BrowserSession+Actions.swift`).
    /// Gesture-only actions come through ``PointerRouter``,
    /// ``WheelClassifier`` and ``zoomActions(_:)``.
    func actions(for action: Action, currentPage: PageIndex) -> [BrowserAction] {
        switch action {
        case .flipLeft: return [.pager(.flip(.left))]
        case .flipRight: return [.pager(.flip(.right))]
        case .flipUp, .previousRow: return [.pager(.flip(.up))]
        case .flipDown, .nextRow: return [.pager(.flip(.down))]
        case .rowStart, .galleryStart:
            guard let page = navigation.home(from: currentPage, wholeGallery: action == .galleryStart) else { return [] }
            return [.pager(.go(page, animated: true))]
        case .rowEnd, .galleryEnd:
            guard let page = navigation.end(from: currentPage, wholeGallery: action == .galleryEnd) else { return [] }
            return [.pager(.go(page, animated: true))]
        case .zoomIn, .zoomOut, .zoomFit: return zoomKeyActions(action)
        default: return [.action(action)]
        }
    }
}
