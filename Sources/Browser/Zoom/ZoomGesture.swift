import CSDL2
import Pager

/// The zoom gestures SDL delivers, in the browser's own terms (window pixels,
/// no SDL types); ``SDLInput`` makes them ``BrowserInput/zoom(_:otherwise:)``:
/// Ctrl+wheel, a two-finger pinch (`SDL_MULTIGESTURE`) and the release of a
/// double-click (`button.clicks == 2`).
///
/// ```swift
/// let input = BrowserInput.zoom(.wheel(notches: 1, x: 300, y: 200), otherwise: nil)
/// translator.translate(input, currentPage: page, time: now)   // zoom ×1.25 around (300, 200)
/// ```
public enum ZoomGesture: Sendable, Hashable {
    /// Ctrl+wheel: `notches` up (positive: zoom in) with the pointer at (`x`, `y`).
    case wheel(notches: Double, x: Double, y: Double)
    /// Two fingers pinched: `distanceChange` is SDL's `dDist` (a share of the
    /// touch device's size; positive: fingers apart, zoom in), centred at (`x`, `y`).
    case pinch(distanceChange: Double, x: Double, y: Double)
    /// The left button was released at (`x`, `y`) ending a double-click; the
    /// translation also ends the pointer gesture with it.
    case doubleClickReleased(x: Double, y: Double)

    /// The zoom gesture `event` is, if any; `ctrlHeld` is Ctrl's state when it happened.
    init?(_ event: SDL_Event, ctrlHeld: Bool, pixelsPerPoint: Double, pageWidth: Double, pageHeight: Double) {
        switch event.type {
        case SDL_MOUSEWHEEL.rawValue:
            let wheel = event.wheel
            guard wheel.which != SDLInput.touchMouseID, ctrlHeld else { return nil }
            var notches = Double(wheel.preciseY)
            if wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue { notches = -notches }
            self = .wheel(notches: notches, x: Double(wheel.mouseX) * pixelsPerPoint, y: Double(wheel.mouseY) * pixelsPerPoint)
        case SDL_MULTIGESTURE.rawValue:
            let gesture = event.mgesture
            guard gesture.numFingers >= 2, gesture.dDist != 0 else { return nil }
            self = .pinch(distanceChange: Double(gesture.dDist),
                          x: Double(gesture.x) * pageWidth, y: Double(gesture.y) * pageHeight)
        case SDL_MOUSEBUTTONUP.rawValue:
            let button = event.button
            guard button.which != SDLInput.touchMouseID, Int32(button.button) == SDL_BUTTON_LEFT,
                  button.clicks == 2 else { return nil }
            self = .doubleClickReleased(x: Double(button.x) * pixelsPerPoint, y: Double(button.y) * pixelsPerPoint)
        default:
            return nil
        }
    }
}
