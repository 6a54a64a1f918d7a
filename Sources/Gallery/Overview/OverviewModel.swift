import Pager

/// The overview's whole behaviour, pure and deterministic like the engine:
/// a grid of thumbnails in the pager's (h, v) arrangement that scrolls
/// freely in both directions (the engine's ``Scroller``: drag, momentum,
/// rubber band), a highlighted cell that arrows move (the view follows it),
/// taps that pick a cell, and thumbnail sizes that `+`/`-` step through.
/// The shell feeds it input and time and draws what it says.
///
/// Sizes (``sizes``, the tap slop, the layout's margins) are points; the
/// model works in device pixels, `scale` (the window's ui scale,
/// Sources/Browser/Platform/DisplayScale.swift) per point: viewport,
/// pointer and screen frames are pixels. At scale 1 the two are the same.
///
/// Coordinates: the scroller's position is the content's displacement on
/// screen (it grows the way the finger moves), so the viewport shows the
/// content from ``origin`` = −position.
///
/// ```swift
/// var overview = OverviewModel(shape: .grid(count: 100_000, columns: 317), titles: false,
///                              focus: PageIndex(h: 40, v: 120), width: 1280, height: 800)
/// overview.pointerDown(x: 500, y: 400, time: 0)
/// overview.pointerMoved(x: 500, y: 100, time: 0.05)
/// _ = overview.pointerUp(x: 500, y: 100, time: 0.06)      // momentum
/// overview.advance(to: 0.5)
/// if let page = overview.pointerUp(x: 10, y: 10, time: 1) { open(page) }   // a tap on a cell
/// ```
public struct OverviewModel: Sendable {
    /// Thumbnail sizes `+`/`-` step through, points (the cell's side).
    public static let sizes = [96, 128, 160, 208, 256, 320]
    /// The size the overview opens with (an index into ``sizes``).
    public static let defaultSizeIndex = 2
    /// A press that moves less than this is a tap, points (as the pager's drag slop).
    public static let tapSlop = 16.0
    /// Thumbnails are prepared this far beyond the viewport, as a fraction of
    /// its size along each axis, towards where the view is heading.
    public static let marginFraction = 0.5
    /// Speeds below this count as not heading anywhere, px/s.
    static let headingSpeed = 30.0

    public let shape: OverviewShape
    public let titles: Bool
    /// Device pixels per point (the window's ui scale).
    public private(set) var scale: Double
    public private(set) var layout: OverviewLayout
    public private(set) var sizeIndex: Int
    public private(set) var scroller: Scroller
    public private(set) var focus: PageIndex
    public private(set) var width: Double
    public private(set) var height: Double
    private var press: (start: Point, last: Point, dragging: Bool)?

    /// Opens with `focus` highlighted and centred (clamped to a real cell).
    public init(shape: OverviewShape, titles: Bool, focus: PageIndex, width: Double, height: Double,
                sizeIndex: Int = OverviewModel.defaultSizeIndex, scale: Double = 1) {
        self.shape = shape
        self.titles = titles
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        self.sizeIndex = min(max(sizeIndex, 0), Self.sizes.count - 1)
        layout = OverviewLayout(shape: shape, cellSize: Double(Self.sizes[self.sizeIndex]), titles: titles,
                                scale: self.scale)
        self.focus = shape.clamp(focus) ?? PageIndex(h: 0, v: 0)
        self.width = max(1, width)
        self.height = max(1, height)
        var configuration = ScrollConfiguration()
        configuration.rubberBandDimension = min(self.width, self.height)
        scroller = Scroller(horizontalLimits: 0...0, verticalLimits: 0...0, configuration: configuration)
        applyLimits(time: 0)
        scroller.x.jump(to: -centredOrigin(of: self.focus).x)
        scroller.y.jump(to: -centredOrigin(of: self.focus).y)
    }

    /// Side of a thumbnail cell, points (what the HUD and the log say).
    public var thumbnailSize: Int { Self.sizes[sizeIndex] }

    /// Side of a thumbnail cell, device px: the size thumbnails are made at.
    public var thumbnailPixels: Int { Int((Double(thumbnailSize) * scale).rounded()) }

    /// The content point at the viewport's top-left corner.
    public var origin: Point { Point(x: -scroller.position.x, y: -scroller.position.y) }

    public var isSettled: Bool { scroller.isSettled && press?.dragging != true }

    /// Whether a press is being followed as a drag (not a tap any more).
    public var isDragging: Bool { press?.dragging == true }

    /// `page`'s thumbnail square on screen.
    public func screenFrame(of page: PageIndex) -> Rect {
        let frame = layout.frame(of: page)
        return Rect(x: frame.x - origin.x, y: frame.y - origin.y, width: frame.width, height: frame.height)
    }

    /// Row `v`'s title band on screen.
    public func screenTitleFrame(ofRow v: Int) -> Rect {
        let frame = layout.titleFrame(ofRow: v, width: layout.contentWidth ?? width)
        return Rect(x: frame.x - origin.x, y: frame.y - origin.y, width: frame.width, height: frame.height)
    }

    /// The cell under the screen point, if any.
    public func page(atScreenX x: Double, y: Double) -> PageIndex? {
        layout.page(atX: x + origin.x, y: y + origin.y)
    }

    /// The cells on screen, without margin: what the first full screen needs.
    public var visibleRange: OverviewRange {
        layout.visibleRange(origin: origin, width: width, height: height)
    }

    /// The cells worth preparing: the visible ones plus ``marginFraction`` of
    /// the viewport towards where the content is heading (both ways when still).
    public var preparedRange: OverviewRange {
        let heading = (x: Self.heading(scroller.x.velocity), y: Self.heading(scroller.y.velocity))
        let margin = Self.marginFraction * max(width, height)
        return layout.visibleRange(origin: origin, width: width, height: height, margin: margin, heading: heading)
    }

    /// Content moving left (negative velocity) shows what lies right: heading +1.
    private static func heading(_ velocity: Double) -> Int {
        abs(velocity) < headingSpeed ? 0 : (velocity < 0 ? 1 : -1)
    }

    /// Priority of preparing `page`'s thumbnail: higher nearer the viewport's centre.
    public func priority(of page: PageIndex) -> Int {
        let frame = screenFrame(of: page)
        let dx = frame.x + frame.width / 2 - width / 2
        let dy = frame.y + frame.height / 2 - height / 2
        let distance = (dx * dx + dy * dy).squareRoot()
        return -Int(min(distance, 1e12))
    }

    // MARK: - Pointer (mouse or finger)

    public mutating func pointerDown(x: Double, y: Double, time: Double) {
        scroller.dragBegan(time: time)
        let point = Point(x: x, y: y)
        press = (point, point, false)
    }

    public mutating func pointerMoved(x: Double, y: Double, time: Double) {
        guard var current = press else { return }
        let point = Point(x: x, y: y)
        if !current.dragging {
            let dx = x - current.start.x, dy = y - current.start.y
            let slop = Self.tapSlop * scale
            guard dx * dx + dy * dy > slop * slop else { return }
            current.dragging = true
            // Follow from the slop's boundary, as the pager does: no jump.
            let travel = (dx * dx + dy * dy).squareRoot()
            let boundary = Point(x: current.start.x + dx * slop / travel, y: current.start.y + dy * slop / travel)
            current.last = boundary
        }
        scroller.drag(by: Point(x: point.x - current.last.x, y: point.y - current.last.y), time: time)
        current.last = point
        press = current
    }

    /// The press ended; returns the cell it tapped (nil after a drag, or off a cell).
    /// A tapped cell becomes the highlight.
    public mutating func pointerUp(x: Double, y: Double, time: Double) -> PageIndex? {
        guard let current = press else { return nil }
        press = nil
        if current.dragging {
            pointerMoved(x: x, y: y, time: time)
            scroller.dragEnded(time: time)
            return nil
        }
        scroller.dragEnded(time: time)   // nothing moved: settles where it was caught
        guard let page = page(atScreenX: x, y: y) else { return nil }
        focus = page
        return page
    }

    /// The press was interrupted (second pointer, focus lost): let go where it is.
    public mutating func cancelPointer(time: Double) {
        guard press != nil else { return }
        press = nil
        scroller.dragEnded(time: time)
    }

    // MARK: - Wheel and touchpad

    /// Touchpad scrolling by content pixels (the same sign as a drag): follows
    /// at once, up to the limits.
    public mutating func scroll(dx: Double, dy: Double, time: Double) {
        guard press == nil else { return }
        scroller.scroll(by: Point(x: dx, y: dy), animated: false, time: time)
    }

    /// A wheel notch: one row (or column) in `direction`, animated; quick
    /// notches add up.
    public mutating func step(_ direction: FlipDirection, time: Double) {
        guard press == nil else { return }
        let delta = direction.step
        scroller.scroll(by: Point(x: -Double(delta.h) * layout.pitchX, y: -Double(delta.v) * layout.pitchY),
                        animated: true, time: time)
    }

    // MARK: - Keys

    /// Moves the highlight one cell (into a shorter row: its last cell) and
    /// scrolls so it is in view. Returns whether it moved.
    @discardableResult
    public mutating func move(_ direction: FlipDirection, time: Double) -> Bool {
        let step = direction.step
        return moveFocus(to: PageIndex(h: focus.h + step.h, v: focus.v + step.v), time: time)
    }

    /// Moves the highlight `rows` rows (a screenful for PageUp/PageDown).
    @discardableResult
    public mutating func moveRows(_ rows: Int, time: Double) -> Bool {
        moveFocus(to: PageIndex(h: focus.h, v: focus.v + rows), time: time)
    }

    /// Rows that fit on screen (at least 1): what PageUp/PageDown move.
    public var rowsPerScreen: Int { max(1, Int(height / layout.pitchY)) }

    /// Highlights the first (or last) cell of the row, or with `wholeGallery` of everything.
    @discardableResult
    public mutating func moveToEnd(last: Bool, wholeGallery: Bool, time: Double) -> Bool {
        var target = focus
        if wholeGallery, let rows = shape.rowCount {
            target.v = last ? rows - 1 : 0
        }
        if let length = shape.rowLength(target.v) {
            target.h = last ? length - 1 : 0
        } else {
            return false   // an unbounded row has no end
        }
        return moveFocus(to: target, time: time)
    }

    /// Highlights `page` (clamped to a real cell) and scrolls it into view.
    @discardableResult
    public mutating func moveFocus(to page: PageIndex, time: Double, animated: Bool = true) -> Bool {
        guard let target = shape.clamp(page), target != focus else { return false }
        focus = target
        reveal(focus, animated: animated, time: time)
        return true
    }

    /// Scrolls the least that brings `page` (with its album title) fully into view.
    public mutating func reveal(_ page: PageIndex, animated: Bool, time: Double) {
        let frame = layout.frame(of: page)
        let inset = layout.spacing
        let top = frame.y - layout.titleHeight - inset
        let bottom = frame.y + frame.height + inset
        let left = frame.x - inset
        let right = frame.x + frame.width + inset
        let visible = Point(x: scroller.x.restingPosition, y: scroller.y.restingPosition)
        var target = Point(x: -visible.x, y: -visible.y)   // resting origin
        if left < target.x { target.x = left } else if right > target.x + width { target.x = right - width }
        if top < target.y { target.y = top } else if bottom > target.y + height { target.y = bottom - height }
        scroller.scroll(to: Point(x: -target.x, y: -target.y), animated: animated, time: time)
    }

    // MARK: - Size and time

    /// Steps the thumbnail size by `steps` (+1 bigger, −1 smaller) keeping the
    /// highlighted cell's centre where it is on screen. Returns whether it changed.
    @discardableResult
    public mutating func changeSize(by steps: Int, time: Double) -> Bool {
        let index = min(max(sizeIndex + steps, 0), Self.sizes.count - 1)
        guard index != sizeIndex else { return false }
        sizeIndex = index
        relayOut(time: time)
        return true
    }

    /// The window's ui scale changed (a move to an output of another
    /// scale): lays the grid out again at `scale` for the viewport's new
    /// size in pixels, the highlighted cell kept in view. Returns whether
    /// the scale changed (else it is a plain ``resize(width:height:time:)``).
    @discardableResult
    public mutating func rescale(_ scale: Double, width: Double, height: Double, time: Double) -> Bool {
        let scale = scale.isFinite && scale > 0 ? scale : 1
        guard scale != self.scale else {
            resize(width: width, height: height, time: time)
            return false
        }
        self.scale = scale
        layout = OverviewLayout(shape: shape, cellSize: Double(thumbnailSize), titles: titles, scale: scale)
        resize(width: width, height: height, time: time)
        scroller.x.jump(to: -centredOrigin(of: focus).x)
        scroller.y.jump(to: -centredOrigin(of: focus).y)
        return true
    }

    /// A new layout at the current size and scale, keeping the highlighted
    /// cell's centre where it is on screen.
    private mutating func relayOut(time: Double) {
        let before = screenFrame(of: focus)
        let anchor = Point(x: before.x + before.width / 2, y: before.y + before.height / 2)
        layout = OverviewLayout(shape: shape, cellSize: Double(thumbnailSize), titles: titles, scale: scale)
        applyLimits(time: time)
        let after = layout.frame(of: focus)
        let origin = Point(x: after.x + after.width / 2 - anchor.x, y: after.y + after.height / 2 - anchor.y)
        scroller.x.jump(to: -origin.x)
        scroller.y.jump(to: -origin.y)
    }

    /// The viewport changed size; the highlighted cell stays in view.
    public mutating func resize(width: Double, height: Double, time: Double) {
        self.width = max(1, width)
        self.height = max(1, height)
        scroller.x.configuration.rubberBandDimension = min(self.width, self.height)
        scroller.y.configuration.rubberBandDimension = min(self.width, self.height)
        applyLimits(time: time)
        reveal(focus, animated: false, time: time)
    }

    public mutating func advance(to time: Double) {
        scroller.advance(to: time)
    }

    /// The origin that puts `page` in the middle of the viewport (within the limits).
    public func centredOrigin(of page: PageIndex) -> Point {
        let frame = layout.frame(of: page)
        let x = frame.x + frame.width / 2 - width / 2
        let y = frame.y + frame.height / 2 - height / 2
        let limitsX = layout.scrollLimitsX(viewport: width), limitsY = layout.scrollLimitsY(viewport: height)
        return Point(x: min(max(x, limitsX.lowerBound), limitsX.upperBound),
                     y: min(max(y, limitsY.lowerBound), limitsY.upperBound))
    }

    /// The scroller moves the content, so its limits are the origin's, negated.
    private mutating func applyLimits(time: Double) {
        let x = layout.scrollLimitsX(viewport: width), y = layout.scrollLimitsY(viewport: height)
        scroller.x.setLimits(-x.upperBound...(-x.lowerBound), time: time)
        scroller.y.setLimits(-y.upperBound...(-y.lowerBound), time: time)
    }
}
