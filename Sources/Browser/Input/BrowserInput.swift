import Gallery
import ImageDecoding
import Pager

/// A mouse button, as far as paging cares.
///
/// ```swift
/// BrowserInput.mouseDown(.right, x: 10, y: 10)   // interrupts a left-button drag
/// ```
public enum MouseButton: Sendable, Hashable {
    case left, middle, right, other
}

/// The keys the browser tells apart; every other key is `.other`. What
/// each does is the action table's business (``KeyMap``), which the
/// configuration file may remap.
///
/// ```swift
/// BrowserInput.key(.home, ctrl: true, shift: false)
/// ```
public enum BrowserKey: Sendable, Hashable {
    case left, right, up, down
    case h, j, k, l
    case home, end, pageUp, pageDown
    case i, f, q, question, escape, f1, f11
    case tab, o, enter, plus, minus
    /// `0` to `9`, which the go-to prompt also reads as the number typed.
    case digit(Int)
    case b, c, s, e, g
    case delete, u, z
    case r, bar, underscore
    /// Takes the go-to prompt's last digit back.
    case backspace
    /// Any other letter (lower case), for keys the configuration binds.
    case letter(Character)
    case other
}

/// A window-system event in the browser's own terms: no SDL types, window
/// coordinates in pixels, so the translation into pager input is pure and
/// testable. The SDL event loop produces these.
///
/// ```swift
/// let press = BrowserInput.mouseDown(.left, x: 640, y: 400)
/// ```
public enum BrowserInput: Sendable, Hashable {
    case mouseDown(MouseButton, x: Double, y: Double)
    /// `leftHeld` is the button state SDL reports with the motion: a motion
    /// without it during a drag means the release was lost.
    case mouseMoved(x: Double, y: Double, leftHeld: Bool)
    case mouseUp(MouseButton, x: Double, y: Double)
    case fingerDown(id: Int64, x: Double, y: Double)
    case fingerMoved(id: Int64, x: Double, y: Double)
    case fingerUp(id: Int64, x: Double, y: Double)
    case wheel(WheelSample)
    case key(BrowserKey, ctrl: Bool, shift: Bool)
    case focusLost
    case windowHidden
    /// A zoom gesture (Ctrl+wheel, pinch, the release ending a
    /// double-click); `otherwise` is the same event where zoom does not
    /// apply (the overview): a plain wheel notch or button release, or nil.
    indirect case zoom(ZoomGesture, otherwise: BrowserInput?)
}

/// An effect of input that no key asks for, so it is no ``Action``: the
/// pointer's own bookkeeping, from ``PointerRouter``.
///
/// ```swift
/// if case .shell(.captureMouse(let on)) = action { SDL_CaptureMouse(on ? SDL_TRUE : SDL_FALSE) }
/// ```
public enum ShellEffect: Sendable, Hashable {
    /// Capture the mouse so a release outside the window still arrives.
    case captureMouse(Bool)
}

/// The result of translating one input, in order: engine calls, actions of
/// the table (``KeyMap``) for the session to perform, and effects no key
/// names. Adding an action is a ``KeyMap`` row plus its handler: no case
/// here changes.
///
/// ```swift
/// for case .pager(let command) in actions { model.apply(command, time: now) }
/// for case .action(let action) in actions { perform(action, at: now) }
/// ```
public enum BrowserAction: Sendable, Hashable {
    /// A call of the engine (a flip, a jump, a pointer, a zoom).
    case pager(PagerCommand)
    /// An action the session performs (`BrowserSession+Actions.swift`).
    case action(Action)
    /// An effect no key asks for.
    case shell(ShellEffect)
}
