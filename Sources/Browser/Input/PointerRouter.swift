import Pager

/// Decides which pointer (the mouse or one finger) drives the pager, and
/// turns the ones that must not into interruptions.
///
/// One pointer at a time: the first left button or finger down owns the
/// gesture. A second finger or another mouse button during it interrupts
/// (`second-pointer`); a motion that arrives with the left button no longer
/// held means the release happened somewhere we did not hear about
/// (`released-outside`). After an interruption the remaining buttons and
/// fingers are ignored until they are all up.
///
/// ```swift
/// var router = PointerRouter()
/// router.handle(.mouseDown(.left, x: 10, y: 10))
/// // [.pager(.pointerDown(x: 10, y: 10)), .shell(.captureMouse(true))]
/// ```
public struct PointerRouter: Sendable {
    private enum Owner: Sendable, Hashable {
        case nobody
        case mouse
        case finger(Int64)
        /// Interrupted: ignore pointers until every button and finger is up.
        case blocked
    }

    /// How far, px, the mouse may move from its press for the press and its
    /// release to be a click: the engine's drag slop, past which a press drags.
    public static let clickSlop = PagerConfiguration().dragSlop

    private var owner: Owner = .nobody
    private var fingersDown: Set<Int64> = []
    private var mouseButtonsDown: Set<MouseButton> = []
    /// Where the mouse's gesture was pressed, while it stays within ``clickSlop`` of it.
    private var clickPress: (x: Double, y: Double)?
    /// The mouse's last gesture was a click (it ended where it was pressed).
    private var lastGestureWasClick = false

    public init() {}

    /// Whether a pointer gesture is being fed to the pager.
    public var isTracking: Bool {
        switch owner {
        case .mouse, .finger: true
        default: false
        }
    }

    /// Whether a left release at (`x`, `y`) ends two clicks: the gesture it
    /// ends and the one before stayed where they were pressed. SDL counts a
    /// second press near the first as a double-click even when both dragged
    /// (two quick flings from the same spot): those are not.
    public func releaseEndsTwoClicks(x: Double, y: Double) -> Bool {
        guard owner == .mouse, lastGestureWasClick, let press = clickPress else { return false }
        return Self.withinClickSlop(press, (x, y))
    }

    private static func withinClickSlop(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Bool {
        let dx = b.x - a.x, dy = b.y - a.y
        return dx * dx + dy * dy <= clickSlop * clickSlop
    }

    /// Translates a pointer event; other inputs return nothing.
    public mutating func handle(_ input: BrowserInput) -> [BrowserAction] {
        switch input {
        case .mouseDown(let button, let x, let y):
            return mouseDown(button, x: x, y: y)
        case .mouseMoved(let x, let y, let leftHeld):
            return mouseMoved(x: x, y: y, leftHeld: leftHeld)
        case .mouseUp(let button, let x, let y):
            return mouseUp(button, x: x, y: y)
        case .fingerDown(let id, let x, let y):
            return fingerDown(id, x: x, y: y)
        case .fingerMoved(let id, let x, let y):
            guard owner == .finger(id) else { return [] }
            return [.pager(.pointerMoved(x: x, y: y))]
        case .fingerUp(let id, let x, let y):
            return fingerUp(id, x: x, y: y)
        case .focusLost:
            return interruptIfTracking(.focusLost)
        case .windowHidden:
            return interruptIfTracking(.windowHidden)
        case .wheel, .key, .zoom:
            return []
        }
    }

    // MARK: - The mouse

    /// The left button starts a gesture when nothing else holds one; any
    /// button during a gesture is a second pointer.
    private mutating func mouseDown(_ button: MouseButton, x: Double, y: Double) -> [BrowserAction] {
        mouseButtonsDown.insert(button)
        switch owner {
        case .nobody where button == .left:
            owner = .mouse
            clickPress = (x, y)
            return [.pager(.pointerDown(x: x, y: y)), .shell(.captureMouse(true))]
        case .mouse, .finger:
            return interrupt(.secondPointer)
        case .blocked where button == .left && fingersDown.isEmpty:
            // The release of the interrupted gesture was never reported;
            // this is a new gesture.
            mouseButtonsDown = [.left]
            owner = .mouse
            clickPress = (x, y)
            return [.pager(.pointerDown(x: x, y: y)), .shell(.captureMouse(true))]
        default:
            return []
        }
    }

    /// A motion of the mouse's gesture; without the left button held, the
    /// release happened outside the window.
    private mutating func mouseMoved(x: Double, y: Double, leftHeld: Bool) -> [BrowserAction] {
        guard owner == .mouse else { return [] }
        if !leftHeld {
            mouseButtonsDown.remove(.left)
            return interrupt(.releasedOutside)
        }
        if let press = clickPress, !Self.withinClickSlop(press, (x, y)) { clickPress = nil }
        return [.pager(.pointerMoved(x: x, y: y))]
    }

    /// The left button's release ends the mouse's gesture.
    private mutating func mouseUp(_ button: MouseButton, x: Double, y: Double) -> [BrowserAction] {
        mouseButtonsDown.remove(button)
        if owner == .mouse && button == .left {
            owner = .nobody
            lastGestureWasClick = clickPress.map { Self.withinClickSlop($0, (x, y)) } ?? false
            clickPress = nil
            return [.pager(.pointerUp(x: x, y: y)), .shell(.captureMouse(false))]
        }
        unblockIfAllUp()
        return []
    }

    // MARK: - Fingers

    /// The first finger starts a gesture; another during it is a second pointer.
    private mutating func fingerDown(_ id: Int64, x: Double, y: Double) -> [BrowserAction] {
        fingersDown.insert(id)
        switch owner {
        case .nobody:
            owner = .finger(id)
            return [.pager(.pointerDown(x: x, y: y))]
        case .mouse, .finger:
            return interrupt(.secondPointer)
        case .blocked:
            return []
        }
    }

    /// The gesture's finger lifted ends it.
    private mutating func fingerUp(_ id: Int64, x: Double, y: Double) -> [BrowserAction] {
        fingersDown.remove(id)
        if owner == .finger(id) {
            owner = .nobody
            return [.pager(.pointerUp(x: x, y: y))]
        }
        unblockIfAllUp()
        return []
    }

    // MARK: - Interruptions

    /// Forgets the pointer without telling the pager (the pager already
    /// ended the gesture, e.g. after Escape interrupted it).
    public mutating func abandonGesture() {
        if isTracking { owner = .blocked }
        unblockIfAllUp()
    }

    private mutating func interrupt(_ reason: InterruptionReason) -> [BrowserAction] {
        let wasMouse = owner == .mouse
        clickPress = nil
        lastGestureWasClick = false
        owner = .blocked
        unblockIfAllUp()
        var actions: [BrowserAction] = [.pager(.interrupt(reason))]
        if wasMouse { actions.append(.shell(.captureMouse(false))) }
        return actions
    }

    /// Focus loss and hiding interrupt any gesture, a touchpad scroll
    /// included: the engine answers for the scroll, so the interruption is
    /// always sent and the engine ignores it when nothing is in progress.
    private mutating func interruptIfTracking(_ reason: InterruptionReason) -> [BrowserAction] {
        if isTracking { return interrupt(reason) }
        return [.pager(.interrupt(reason))]
    }

    private mutating func unblockIfAllUp() {
        if owner == .blocked && fingersDown.isEmpty && !mouseButtonsDown.contains(.left) {
            owner = .nobody
            mouseButtonsDown.removeAll()
        }
    }
}
