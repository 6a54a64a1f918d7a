/// Why a gesture ended without its normal end. The engine reports it and
/// settles on the nearest page, so nothing is left between pages.
public enum InterruptionReason: String, Sendable, Hashable, CaseIterable {
    /// The window lost keyboard or pointer focus mid-gesture.
    case focusLost = "focus-lost"
    /// The window was hidden or minimised mid-gesture.
    case windowHidden = "window-hidden"
    /// A second finger or button joined the gesture.
    case secondPointer = "second-pointer"
    /// The pointer was released outside the window and the release was lost.
    case releasedOutside = "released-outside"
    /// The user pressed Escape.
    case escape
    /// Any other reason the host has.
    case host
}
