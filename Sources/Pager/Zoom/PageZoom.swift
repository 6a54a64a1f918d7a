/// The zoom of the current page: its scale (1 = fitted), the pan that moves
/// the zoomed image under the viewport, and the scale animation.
///
/// The host tells the engine the page's content size (the image as fitted on
/// the page, px) and its 1:1 scale; the engine answers with where to draw it.
/// The pan is a ``Scroller`` whose position is the image's displacement from
/// the centred position, px (positive x moves the image right, like the pager's
/// offset); its limits keep the image covering the viewport along each axis
/// where it is larger than the viewport, and centred where it is not.
///
/// ```swift
/// model.setZoomContent(width: 1067, height: 800, pixelScale: 3.75, time: now)
/// model.zoom(to: 2, around: Point(x: 640, y: 400), animated: true, time: now)
/// let frame = model.zoom.contentFrame(in: model.slots.slot(column: 0, row: 0).frame)
/// // draw the current page's image into `frame`, clipped to the page
/// ```
public struct PageZoom: Sendable {
    /// Limits, steps and springs of the zoom.
    public internal(set) var configuration: ZoomConfiguration
    /// The page (viewport) width, px.
    public internal(set) var viewportWidth: Double
    /// The page (viewport) height, px.
    public internal(set) var viewportHeight: Double
    /// The content's width as fitted on the page at scale 1, px.
    public internal(set) var contentWidth: Double
    /// The content's height as fitted on the page at scale 1, px.
    public internal(set) var contentHeight: Double
    /// The scale at which one image pixel is one screen pixel (1 when the
    /// image is shown at its own size when fitted).
    public internal(set) var pixelScale: Double = 1
    /// The scale shown now, relative to fit.
    public internal(set) var scale: Double = 1
    /// The scale the animation is heading for (equal to `scale` when still).
    public internal(set) var targetScale: Double = 1
    /// The pan: the image's displacement from its centred position, px.
    public internal(set) var pan: Scroller

    /// The running scale animation.
    var scaleMotion: SpringMotion?
    /// The viewport point a zoom holds still, relative to the viewport's centre, px…
    var anchorView: Point = .zero
    /// …and the content point under it, relative to the content's centre, at scale 1.
    var anchorContent: Point = .zero

    init(viewportWidth: Double, viewportHeight: Double, configuration: ZoomConfiguration = ZoomConfiguration()) {
        self.configuration = configuration
        self.viewportWidth = viewportWidth
        self.viewportHeight = viewportHeight
        self.contentWidth = viewportWidth
        self.contentHeight = viewportHeight
        self.pan = Scroller(position: .zero, limits: Rect(x: 0, y: 0, width: 0, height: 0))
        fitRubberBand()
    }

    /// The pan's rubber band is as wide as the viewport along each axis (UIScrollView's rule).
    mutating func fitRubberBand() {
        pan.x.configuration.rubberBandDimension = viewportWidth
        pan.y.configuration.rubberBandDimension = viewportHeight
    }

    /// The image's displacement from its centred position, px.
    public var translation: Point { pan.position }

    /// The largest scale: `max(maximumFitMultiple, maximumPixelMultiple × pixelScale)`.
    public var maximumScale: Double {
        max(1, configuration.maximumFitMultiple, configuration.maximumPixelMultiple * pixelScale)
    }

    /// Shown at fit and heading nowhere else.
    public var isAtFit: Bool {
        let tolerance = configuration.fitTolerance
        return abs(scale - 1) <= tolerance && abs(targetScale - 1) <= tolerance
    }

    /// Zoomed in, or zooming: a drag pans instead of paging.
    public var isZoomed: Bool { !isAtFit }

    /// No scale animation and no pan motion.
    public var isSettled: Bool { scaleMotion == nil && pan.isSettled }

    /// Where the content goes when its page is drawn at `page` (the slot's
    /// frame): scaled and panned, to be clipped to `page`.
    ///
    /// ```swift
    /// let page = Rect(x: 0, y: 0, width: 1280, height: 800)
    /// zoom.contentFrame(in: page)   // at fit: the fitted image, centred
    /// ```
    public func contentFrame(in page: Rect) -> Rect {
        let width = contentWidth * scale
        let height = contentHeight * scale
        let position = pan.position
        return Rect(x: page.x + (page.width - width) / 2 + position.x,
                    y: page.y + (page.height - height) / 2 + position.y,
                    width: width, height: height)
    }

    /// The pan limits at `scale`: half the overhang of the content on each side.
    func limits(at scale: Double) -> Rect {
        let x = max(0, (contentWidth * scale - viewportWidth) / 2)
        let y = max(0, (contentHeight * scale - viewportHeight) / 2)
        return Rect(x: -x, y: -y, width: 2 * x, height: 2 * y)
    }

    /// Whether the content overhangs the viewport along `axis` (so it can pan there).
    func canPan(_ axis: Axis) -> Bool {
        axis == .horizontal ? contentWidth * scale > viewportWidth : contentHeight * scale > viewportHeight
    }

    func clampScale(_ value: Double) -> Double {
        guard value.isFinite else { return targetScale }
        return min(max(value, 1), maximumScale)
    }

    /// Back to fit at once, pan centred, nothing moving.
    mutating func reset() {
        scale = 1
        targetScale = 1
        scaleMotion = nil
        pan = Scroller(position: .zero, limits: limits(at: 1))
        fitRubberBand()
    }

    /// New content for the page: the scale is kept (clamped) and the pan re-limited.
    mutating func setContent(width: Double, height: Double, pixelScale: Double, time: Double) {
        // Held within what a product of sizes and scales keeps finite: 2^24 px
        // (the largest page) and a pixel scale of 2^20.
        contentWidth = width.isFinite ? min(max(1, width), 0x1p24) : viewportWidth
        contentHeight = height.isFinite ? min(max(1, height), 0x1p24) : viewportHeight
        self.pixelScale = pixelScale.isFinite ? min(max(0.001, pixelScale), 0x1p20) : 1
        targetScale = clampScale(targetScale)
        scaleMotion?.target = targetScale
        scale = clampScale(scale)
        reanchor(time: time, keepingPan: true)
    }

    /// Starts a zoom to `target` (clamped) holding the viewport point `point` still.
    /// Returns whether the target scale changed.
    mutating func zoom(to target: Double, around point: Point, animated: Bool, time: Double) -> Bool {
        let clamped = clampScale(target)
        let velocity = scaleMotion?.state(at: time).velocity ?? 0
        pan.x.stop(time: time)
        pan.y.stop(time: time)
        let relative = Point(x: point.x - viewportWidth / 2, y: point.y - viewportHeight / 2)
        let position = pan.position
        anchorView = relative
        anchorContent = Point(x: (relative.x - position.x) / scale, y: (relative.y - position.y) / scale)
        let changed = clamped != targetScale
        targetScale = clamped
        if animated && abs(clamped - scale) > configuration.restDistance {
            scaleMotion = SpringMotion(spring: configuration.spring, from: scale, velocity: velocity, to: clamped, at: time)
        } else {
            scaleMotion = nil
            scale = clamped
            reanchor(time: time, keepingPan: false)
        }
        return changed
    }

    /// Freezes a running scale animation where it is shown (a touch on a zooming page).
    /// Returns whether the target changed.
    mutating func freeze() -> Bool {
        guard scaleMotion != nil else { return false }
        scaleMotion = nil
        let changed = targetScale != scale
        targetScale = scale
        return changed
    }

    /// Steps the scale animation and the pan's own motion to `time`.
    mutating func step(to time: Double) {
        if let motion = scaleMotion {
            let state = motion.state(at: time)
            if abs(state.value - motion.target) < configuration.restDistance
                && abs(state.velocity) < configuration.restSpeed {
                scale = motion.target
                scaleMotion = nil
            } else {
                scale = clampScale(state.value)
            }
            reanchor(time: time, keepingPan: false)
        } else {
            pan.advance(to: time)
        }
    }

    /// Re-limits the pan for the shown scale; places it so the anchor holds
    /// still (or keeps it), clamped into the new limits.
    mutating func reanchor(time: Double, keepingPan: Bool) {
        let limits = limits(at: scale)
        let wanted = keepingPan
            ? pan.position
            : Point(x: anchorView.x - anchorContent.x * scale, y: anchorView.y - anchorContent.y * scale)
        let x = min(max(wanted.x, limits.x), limits.x + limits.width)
        let y = min(max(wanted.y, limits.y), limits.y + limits.height)
        pan.setLimits(limits, time: time)
        pan.x.jump(to: x)
        pan.y.jump(to: y)
    }

    /// The viewport changed size: the zoom goes back to fit (the host sends
    /// the new fitted content size).
    mutating func setViewport(width: Double, height: Double) {
        viewportWidth = width
        viewportHeight = height
        contentWidth = width
        contentHeight = height
        pixelScale = 1
        reset()
    }
}
