/// One call into the engine, as a value: what a host's input translation
/// produces, what a replay script holds, and what `PagerModel.apply(_:time:)`
/// performs. Testing input translation needs no window, and a recorded
/// session replays into any `PagerModel`.
///
/// ```swift
/// var model = PagerModel(pageWidth: 1280, pageHeight: 800)
/// model.apply(.pointerDown(x: 640, y: 400), time: 0)
/// model.apply(.pointerUp(x: 300, y: 405), time: 0.05)
/// model.apply(.flip(.right), time: 0.5)
/// model.apply(.zoom(.toggle(around: Point(x: 300, y: 200))), time: 1)
/// ```
public enum PagerCommand: Sendable, Hashable {
    /// A mouse button or finger went down at (`x`, `y`), viewport px (`pointerDown`).
    case pointerDown(x: Double, y: Double)
    /// The pointer moved to (`x`, `y`), viewport px (`pointerMoved`).
    case pointerMoved(x: Double, y: Double)
    /// The pointer was released at (`x`, `y`), viewport px (`pointerUp`).
    case pointerUp(x: Double, y: Double)
    /// The gesture in progress ends abnormally (`interrupt`).
    case interrupt(InterruptionReason)
    /// Touchpad scrolling by (`dx`, `dy`) touchpad units, 400 a page across
    /// and 300 down (`scroll`).
    case scroll(dx: Double, dy: Double)
    /// The touchpad's fingers lifted (`scrollEnded`).
    case scrollEnded
    /// One page in a direction, animated (`flip`).
    case flip(FlipDirection)
    /// Show a page, animated or at once (`go(to:animated:time:)`).
    case go(PageIndex, animated: Bool)
    /// The viewport (one page) is now `width` × `height` px (`resize`).
    case resize(width: Double, height: Double)
    /// New page counts per axis: `nil` infinite, 0 disabled, N pages (`setBounds`).
    case setBounds(horizontal: Int?, vertical: Int?)
    /// Zoom the current page (see ``ZoomCommand``).
    case zoom(ZoomCommand)
}

extension PagerModel {
    /// Performs `command` at `time` (seconds). Returns the engine's answer for
    /// `interrupt` and `flip` (whether anything happened) and for zoom commands
    /// (whether the zoom target changed), `true` otherwise.
    ///
    /// ```swift
    /// if !model.apply(.interrupt(.escape), time: now) { quit() }
    /// model.apply(.setBounds(horizontal: nil, vertical: 7), time: now)
    /// ```
    @discardableResult
    public mutating func apply(_ command: PagerCommand, time: Double) -> Bool {
        switch command {
        case .pointerDown(let x, let y): pointerDown(x: x, y: y, time: time)
        case .pointerMoved(let x, let y): pointerMoved(x: x, y: y, time: time)
        case .pointerUp(let x, let y): pointerUp(x: x, y: y, time: time)
        case .interrupt(let reason): return interrupt(reason, time: time)
        case .scroll(let dx, let dy): scroll(dx: dx, dy: dy, time: time)
        case .scrollEnded: scrollEnded(time: time)
        case .flip(let direction): return flip(direction, time: time)
        case .go(let page, let animated): go(to: page, animated: animated, time: time)
        case .resize(let width, let height): resize(width: width, height: height, time: time)
        case .setBounds(let horizontal, let vertical): setBounds(horizontal: horizontal, vertical: vertical, time: time)
        case .zoom(let zoom): return apply(zoom, time: time)
        }
        return true
    }
}
