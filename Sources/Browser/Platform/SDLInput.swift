import CSDL2

/// Turns SDL input events into ``BrowserInput`` (window pixels, no SDL
/// types): the one place SDL input enters the browser, zoom gestures
/// included (``ZoomGesture``).
///
/// Mouse events that SDL synthesises from touch (`which == SDL_TOUCH_MOUSEID`)
/// are dropped: the fingers arrive on their own as `SDL_FINGER*`.
///
/// Ctrl's state is kept from the key events themselves, in the order they
/// are handled: `SDL_GetModState()` is the state after every queued event
/// was pumped, so a quick Ctrl+wheel whose Ctrl release is already queued
/// would read as a plain wheel notch (a page flip). (On focus loss SDL
/// releases the keys it saw pressed, with key-up events, so Ctrl does not
/// stick.)
///
/// ```swift
/// var sdlInput = SDLInput(pixelWidth: 1280, pixelHeight: 800, pixelsPerPoint: 1)
/// if let input = sdlInput.translate(event, time: clock.now) { … }
/// ```
struct SDLInput {
    /// `SDL_TOUCH_MOUSEID`: `((Uint32)-1)` does not import into Swift.
    static let touchMouseID = UInt32.max

    /// Renderer output size, px: the page size.
    var pixelWidth: Double
    var pixelHeight: Double
    /// Output pixels per window coordinate (2 on a HiDPI display).
    var pixelsPerPoint: Double
    /// Whether Ctrl is down, as of the last key event handled.
    private(set) var ctrlHeld = false
    /// Whether Shift is down, as of the last key event handled (a
    /// Shift+click in the overview marks a range).
    private(set) var shiftHeld = false
    /// Whether the last key event handled was a key-repeat (SDL's `repeat`
    /// flag on a key-down of a key held): the keys that start programs drop
    /// it (``CommandKeyRoute``), a page flip repeats.
    private(set) var keyRepeated = false

    init(pixelWidth: Double, pixelHeight: Double, pixelsPerPoint: Double) {
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.pixelsPerPoint = pixelsPerPoint
    }

    /// The input `event` is, if the browser answers to it.
    mutating func translate(_ event: SDL_Event, time: Double) -> BrowserInput? {
        if event.type == SDL_KEYDOWN.rawValue || event.type == SDL_KEYUP.rawValue {
            ctrlHeld = UInt32(event.key.keysym.mod) & KMOD_CTRL.rawValue != 0
            shiftHeld = UInt32(event.key.keysym.mod) & KMOD_SHIFT.rawValue != 0
            keyRepeated = event.type == SDL_KEYDOWN.rawValue && event.key.`repeat` != 0
        }
        let plain = plainInput(event, time: time)
        if let zoom = ZoomGesture(event, ctrlHeld: ctrlHeld, pixelsPerPoint: pixelsPerPoint,
                                  pageWidth: pixelWidth, pageHeight: pixelHeight) {
            return .zoom(zoom, otherwise: plain)
        }
        return plain
    }

    private func plainInput(_ event: SDL_Event, time: Double) -> BrowserInput? {
        switch event.type {
        case SDL_MOUSEBUTTONDOWN.rawValue, SDL_MOUSEBUTTONUP.rawValue:
            let button = event.button
            guard button.which != Self.touchMouseID else { return nil }
            let x = Double(button.x) * pixelsPerPoint, y = Double(button.y) * pixelsPerPoint
            let which = Self.mouseButton(button.button)
            return event.type == SDL_MOUSEBUTTONDOWN.rawValue
                ? .mouseDown(which, x: x, y: y) : .mouseUp(which, x: x, y: y)
        case SDL_MOUSEMOTION.rawValue:
            let motion = event.motion
            guard motion.which != Self.touchMouseID else { return nil }
            return .mouseMoved(x: Double(motion.x) * pixelsPerPoint, y: Double(motion.y) * pixelsPerPoint,
                               leftHeld: motion.state & fw_button_lmask() != 0)
        case SDL_MOUSEWHEEL.rawValue:
            let wheel = event.wheel
            guard wheel.which != Self.touchMouseID else { return nil }
            let shift = SDL_GetModState().rawValue & KMOD_SHIFT.rawValue != 0
            return .wheel(WheelSample(x: Double(wheel.preciseX), y: Double(wheel.preciseY), shift: shift, time: time))
        case SDL_FINGERDOWN.rawValue, SDL_FINGERMOTION.rawValue, SDL_FINGERUP.rawValue:
            let finger = event.tfinger
            let x = Double(finger.x) * pixelWidth, y = Double(finger.y) * pixelHeight
            let id = Int64(finger.fingerId)
            switch event.type {
            case SDL_FINGERDOWN.rawValue: return .fingerDown(id: id, x: x, y: y)
            case SDL_FINGERMOTION.rawValue: return .fingerMoved(id: id, x: x, y: y)
            default: return .fingerUp(id: id, x: x, y: y)
            }
        case SDL_KEYDOWN.rawValue:
            let keysym = event.key.keysym
            let modifiers = UInt32(keysym.mod)
            let ctrl = modifiers & KMOD_CTRL.rawValue != 0
            let shift = modifiers & KMOD_SHIFT.rawValue != 0
            return .key(Self.key(keysym.sym, shift: shift), ctrl: ctrl, shift: shift)
        default:
            return nil
        }
    }

    static func mouseButton(_ button: UInt8) -> MouseButton {
        switch Int32(button) {
        case SDL_BUTTON_LEFT: .left
        case SDL_BUTTON_MIDDLE: .middle
        case SDL_BUTTON_RIGHT: .right
        default: .other
        }
    }

    static func key(_ sym: SDL_Keycode, shift: Bool) -> BrowserKey {
        switch UInt32(bitPattern: sym) {
        case SDLK_LEFT.rawValue: .left
        case SDLK_RIGHT.rawValue: .right
        case SDLK_UP.rawValue: .up
        case SDLK_DOWN.rawValue: .down
        case SDLK_h.rawValue: .h
        case SDLK_j.rawValue: .j
        case SDLK_k.rawValue: .k
        case SDLK_l.rawValue: .l
        case SDLK_HOME.rawValue: .home
        case SDLK_END.rawValue: .end
        case SDLK_PAGEUP.rawValue: .pageUp
        case SDLK_PAGEDOWN.rawValue: .pageDown
        case SDLK_i.rawValue: .i
        case SDLK_TAB.rawValue: .tab
        case SDLK_o.rawValue: .o
        case SDLK_RETURN.rawValue, SDLK_KP_ENTER.rawValue: .enter
        // "+" is Shift + "=" on most layouts, and SDL reports the unshifted key.
        case SDLK_PLUS.rawValue, SDLK_EQUALS.rawValue, SDLK_KP_PLUS.rawValue: .plus
        // "_" is Shift + "-" and "|" Shift + "\\" on most layouts; SDL reports the unshifted key.
        case SDLK_UNDERSCORE.rawValue: .underscore
        case SDLK_MINUS.rawValue where shift: .underscore
        case SDLK_MINUS.rawValue, SDLK_KP_MINUS.rawValue: .minus
        case SDLK_BACKSLASH.rawValue where shift: .bar
        case SDLK_r.rawValue: .r
        case SDLK_b.rawValue: .b
        case SDLK_c.rawValue: .c
        case SDLK_s.rawValue: .s
        case SDLK_e.rawValue: .e
        case SDLK_g.rawValue: .g
        case SDLK_u.rawValue: .u
        case SDLK_z.rawValue: .z
        case SDLK_DELETE.rawValue: .delete
        case SDLK_BACKSPACE.rawValue: .backspace
        case SDLK_0.rawValue ... SDLK_9.rawValue: .digit(Int(UInt32(bitPattern: sym) - SDLK_0.rawValue))
        case SDLK_KP_1.rawValue ... SDLK_KP_9.rawValue: .digit(Int(UInt32(bitPattern: sym) - SDLK_KP_1.rawValue) + 1)
        case SDLK_KP_0.rawValue: .digit(0)
        case SDLK_f.rawValue: .f
        case SDLK_q.rawValue: .q
        case SDLK_QUESTION.rawValue: .question
        // "?" is Shift + "/" on most layouts, and SDL reports the unshifted key.
        case SDLK_SLASH.rawValue where shift: .question
        case SDLK_ESCAPE.rawValue: .escape
        case SDLK_F1.rawValue: .f1
        case SDLK_F11.rawValue: .f11
        case SDLK_a.rawValue ... SDLK_z.rawValue:
            .letter(Character(Unicode.Scalar(UInt8(truncatingIfNeeded: sym))))
        default: .other
        }
    }
}
