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

/// The keys the browser answers to; every other key is `.other`.
///
/// ```swift
/// BrowserInput.key(.home, ctrl: true, shift: false)   // first image of the gallery
/// ```
public enum BrowserKey: Sendable, Hashable {
    case left, right, up, down
    case h, j, k, l
    case home, end, pageUp, pageDown
    case i, f, q, question, escape, f1, f11
    /// The overview: Tab or `o` toggles it, Enter opens the highlighted page,
    /// `+`/`-` change the thumbnail size.
    case tab, o, enter, plus, minus
    /// `0` to `9`: `0` puts the current page back to fit; all of them type
    /// the number after `g` (go to).
    case digit(Int)
    /// Toggles the parallax backdrop.
    case b
    /// Copy (Ctrl+`c`), the slideshow (`s`), open elsewhere (`e`,
    /// Ctrl+`o`), go to (`g`, then digits, Backspace, Enter).
    case c, s, e, g
    /// Delete: to the trash; `u` and Ctrl+`z`: undo.
    case delete, u, z
    /// `r` (Shift: the other way) turns the view; `|` and `_` mirror it.
    case r, bar, underscore
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

/// Something the shell does in answer to input that is not a pager call.
///
/// ```swift
/// if case .shell(.toggleHUD) = action { showHUD.toggle() }
/// ```
public enum ShellAction: Sendable, Hashable {
    case quit
    case toggleFullscreen
    case toggleHUD
    case toggleHelp
    /// Tab or `o` in the pager: show the overview of every page.
    case toggleOverview
    /// `b`: the blurred parallax backdrop behind letterboxed images on / off.
    case toggleBackdrop
    /// Escape: interrupt a gesture if one is in progress, else close the
    /// help overlay if it is open, else quit. The shell decides with the
    /// engine's answer to `interrupt(.escape)`.
    case escape
    /// Capture the mouse so a release outside the window still arrives.
    case captureMouse(Bool)
    /// Ctrl+C: the current image's path to the clipboard.
    case copyPath
    /// Ctrl+Shift+C: the current image itself to the clipboard.
    case copyImage
    /// `s`: the slideshow on / off.
    case toggleSlideshow
    /// `p`: the current page's animation paused / playing.
    case toggleAnimation
    /// `e`: the image in the desktop's default application; Ctrl+O: its folder.
    case openElsewhere(folder: Bool)
    /// `g`: start typing the number of the image to go to.
    case beginGoTo
    /// Delete: the current image to the trash.
    case moveToTrash
    /// Shift+I: the image information panel on / off.
    case toggleInfo
    /// `r`, `R`, `|`, `_`: turn or mirror the current image's view by this
    /// step (the file is never written).
    case turn(ExifOrientation)
    /// `u`, Ctrl+Z: the last image moved to the trash back where it was.
    case undo
}

/// The result of translating one input: pager calls and shell actions, in order.
///
/// ```swift
/// for case .pager(let command) in actions { model.apply(command, time: now) }
/// ```
public enum BrowserAction: Sendable, Hashable {
    case pager(PagerCommand)
    case shell(ShellAction)
}
