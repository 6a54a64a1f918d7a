/// A two-dimensional free-scrolling surface: two `ScrollAxis` plus the
/// finger's recent history, from which a release takes its velocity.
///
/// Feed it a drag's moves and the passage of time; read `position`.
///
/// ```swift
/// var grid = Scroller(limits: Rect(x: 0, y: 0, width: 4_000, height: 90_000))
/// grid.dragBegan(time: 0)
/// grid.drag(by: Point(x: 0, y: 40), time: 0.016)
/// grid.drag(by: Point(x: 0, y: 45), time: 0.033)
/// grid.dragEnded(time: 0.05)                 // momentum from ~2 600 px/s
/// grid.advance(to: 0.5)
/// let topLeft = grid.position
/// ```
///
/// Positions grow in the direction the finger moves. Infinite limits are
/// given per axis with `init(position:horizontalLimits:verticalLimits:)`.
public struct Scroller: Sendable {
    /// The horizontal axis.
    public var x: ScrollAxis
    /// The vertical axis.
    public var y: ScrollAxis
    /// The finger's travel since the drag began, per axis, for the velocity history.
    private var finger = Point.zero
    private var historyX = VelocityTracker()
    private var historyY = VelocityTracker()

    /// A scroller at rest at `position`, whose position stays within `limits`
    /// (the rectangle the position may take, not the content's frame).
    ///
    /// ```swift
    /// var scroller = Scroller(limits: Rect(x: 0, y: 0, width: 0, height: 5_000))
    /// ```
    public init(position: Point = .zero, limits: Rect, configuration: ScrollConfiguration = .init()) {
        self.init(position: position, horizontalLimits: limits.x...(limits.x + limits.width),
                  verticalLimits: limits.y...(limits.y + limits.height), configuration: configuration)
    }

    /// A scroller with limits per axis; an infinite bound has no rubber band.
    ///
    /// ```swift
    /// var feed = Scroller(horizontalLimits: 0...0, verticalLimits: 0...Double.infinity)
    /// ```
    public init(position: Point = .zero, horizontalLimits: ClosedRange<Double>,
                verticalLimits: ClosedRange<Double>, configuration: ScrollConfiguration = .init()) {
        x = ScrollAxis(position: position.x, limits: horizontalLimits, configuration: configuration)
        y = ScrollAxis(position: position.y, limits: verticalLimits, configuration: configuration)
    }

    /// The shown position.
    public var position: Point { Point(x: x.position, y: y.position) }

    /// Neither axis moves and both are inside their limits.
    public var isSettled: Bool { x.isSettled && y.isSettled }

    /// Where the content will come to rest if nothing touches it.
    public var restingPosition: Point { Point(x: x.restingPosition, y: y.restingPosition) }

    /// A finger touched: catch any motion where it is shown.
    public mutating func dragBegan(time: Double) {
        x.stop(time: time)
        y.stop(time: time)
        finger = .zero
        historyX.reset()
        historyY.reset()
        historyX.record(position: 0, time: time)
        historyY.record(position: 0, time: time)
    }

    /// The finger moved by `delta` px.
    public mutating func drag(by delta: Point, time: Double) {
        x.drag(by: delta.x, time: time)
        y.drag(by: delta.y, time: time)
        finger.x += delta.x
        finger.y += delta.y
        historyX.record(position: finger.x, time: time)
        historyY.record(position: finger.y, time: time)
    }

    /// The finger lifted: momentum with the velocity of its last moves.
    public mutating func dragEnded(time: Double) {
        let window = x.configuration.velocityWindow
        x.release(velocity: historyX.velocity(at: time, window: window), time: time)
        y.release(velocity: historyY.velocity(at: time, window: window), time: time)
    }

    /// New limits for both axes.
    public mutating func setLimits(_ limits: Rect, time: Double) {
        x.setLimits(limits.x...(limits.x + limits.width), time: time)
        y.setLimits(limits.y...(limits.y + limits.height), time: time)
    }

    /// Moves to `target` (clamped), with the scroll spring or at once.
    public mutating func scroll(to target: Point, animated: Bool, time: Double) {
        x.scroll(to: target.x, animated: animated, time: time)
        y.scroll(to: target.y, animated: animated, time: time)
    }

    /// Scrolls by `delta` from where an animated scroll was heading.
    public mutating func scroll(by delta: Point, animated: Bool, time: Double) {
        x.scroll(by: delta.x, animated: animated, time: time)
        y.scroll(by: delta.y, animated: animated, time: time)
    }

    /// Moves the content to where it is at `time`.
    public mutating func advance(to time: Double) {
        x.advance(to: time)
        y.advance(to: time)
    }
}
