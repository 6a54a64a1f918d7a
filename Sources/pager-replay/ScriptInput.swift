import Pager

/// One input of a replay script: what to tell the engine, and when.
///
/// ```swift
/// ScriptInput(time: 0.5, action: .flip(.right))   // {"t":0.5,"flip":"right"}
/// ```
struct ScriptInput: Equatable {
    enum Action: Equatable {
        case down(x: Double, y: Double)
        case move(x: Double, y: Double)
        case up(x: Double, y: Double)
        case interrupt(InterruptionReason)
        case scroll(dx: Double, dy: Double)
        case scrollEnd
        case flip(FlipDirection)
        case go(PageIndex, animated: Bool)
        case resize(width: Double, height: Double)
        case bounds(horizontal: Int?, vertical: Int?)
        /// Zoom the current page to `scale` around (`x`, `y`), or the page's centre when `nil`.
        case zoom(scale: Double, x: Double?, y: Double?, animated: Bool)
        /// The current page's content: fitted size and 1:1 scale.
        case zoomContent(width: Double, height: Double, pixelScale: Double)
    }

    /// Seconds, on the script's clock.
    var time: Double
    var action: Action
}
