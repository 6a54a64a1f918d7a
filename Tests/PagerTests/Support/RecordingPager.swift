import Pager

/// Page width used by the specification tests, px. Round numbers keep the
/// expected offsets readable: 100 px is a tenth of a page.
let pageWidth = 1000.0
/// Page height used by the specification tests, px.
let pageHeight = 800.0
/// Frame rate the tests step animations at, Hz (a typical display).
let framesPerSecond = 120.0
/// One frame at `framesPerSecond`, s.
let frame = 1 / framesPerSecond

/// Shorthand for a page address: `page(1, 0)` is the page right of the origin.
func page(_ h: Int, _ v: Int) -> PageIndex { PageIndex(h: h, v: v) }

/// A `PagerModel` driven by an explicit, timed script the way a host drives
/// it, recording every event it emits.
///
/// Every input drains the event queue at once, so `events` is the complete
/// history in order, each event with the time of the call that caused it.
///
/// ```swift
/// var pager = RecordingPager()
/// pager.swipe(by: (-300, 0), over: 0.1, at: 0)   // a quick fling to the left
/// pager.settle()
/// #expect(pager.model.currentPage == page(1, 0))
/// ```
struct RecordingPager {
    var model: PagerModel
    private(set) var events: [PagerEvent] = []
    /// Latest time the script has used, s.
    private(set) var now: Double = 0
    /// Where the script's pointer is, in viewport px.
    private(set) var pointer: (x: Double, y: Double) = (500, 400)

    init(
        width: Double = pageWidth,
        height: Double = pageHeight,
        horizontalPages: Int? = nil,
        verticalPages: Int? = nil,
        initialPage: PageIndex = page(0, 0),
        configuration: PagerConfiguration = PagerConfiguration()
    ) {
        model = PagerModel(
            pageWidth: width, pageHeight: height,
            horizontalPages: horizontalPages, verticalPages: verticalPages,
            initialPage: initialPage, configuration: configuration)
        drain()
    }

    // MARK: Reading

    var kinds: [PagerEvent.Kind] { events.map(\.kind) }

    /// Position in pages along each axis, `-offset / pageSize`.
    var position: (h: Double, v: Double) {
        (-model.offset.x / model.pageWidth, -model.offset.y / model.pageHeight)
    }

    /// A bookmark into `events`; see `events(since:)`.
    var mark: Int { events.count }

    func events(since mark: Int) -> [PagerEvent] { Array(events[mark...]) }
    func kinds(since mark: Int) -> [PagerEvent.Kind] { events(since: mark).map(\.kind) }

    /// Every `pageChanged` so far, as (from, to).
    var pageChanges: [(from: PageIndex, to: PageIndex)] {
        events.compactMap {
            if case .pageChanged(let from, let to) = $0.kind { return (from, to) }
            return nil
        }
    }

    /// Every `pageWillChange` so far, as (from, to).
    var pageDecisions: [(from: PageIndex, to: PageIndex)] {
        events.compactMap {
            if case .pageWillChange(let from, let to) = $0.kind { return (from, to) }
            return nil
        }
    }

    /// Every `bounced` edge so far.
    var bounces: [Edge] {
        events.compactMap {
            if case .bounced(let edge) = $0.kind { return edge }
            return nil
        }
    }

    /// Every `slotsRecycled` so far.
    var recycles: [SlotChanges] {
        events.compactMap {
            if case .slotsRecycled(let changes) = $0.kind { return changes }
            return nil
        }
    }

    /// Every `settled` page so far.
    var settledPages: [PageIndex] {
        events.compactMap {
            if case .settled(let page) = $0.kind { return page }
            return nil
        }
    }

    // MARK: Single inputs

    mutating func down(_ x: Double, _ y: Double, at time: Double) {
        pointer = (x, y)
        now = max(now, time)
        model.pointerDown(x: x, y: y, time: time)
        drain()
    }

    mutating func move(_ x: Double, _ y: Double, at time: Double) {
        pointer = (x, y)
        now = max(now, time)
        model.pointerMoved(x: x, y: y, time: time)
        drain()
    }

    mutating func up(at time: Double) {
        up(pointer.x, pointer.y, at: time)
    }

    mutating func up(_ x: Double, _ y: Double, at time: Double) {
        pointer = (x, y)
        now = max(now, time)
        model.pointerUp(x: x, y: y, time: time)
        drain()
    }

    mutating func scroll(dx: Double, dy: Double, at time: Double) {
        now = max(now, time)
        model.scroll(dx: dx, dy: dy, time: time)
        drain()
    }

    mutating func scrollEnded(at time: Double) {
        now = max(now, time)
        model.scrollEnded(time: time)
        drain()
    }

    @discardableResult
    mutating func interrupt(_ reason: InterruptionReason, at time: Double) -> Bool {
        now = max(now, time)
        let result = model.interrupt(reason, time: time)
        drain()
        return result
    }

    @discardableResult
    mutating func flip(_ direction: FlipDirection, at time: Double) -> Bool {
        now = max(now, time)
        let result = model.flip(direction, time: time)
        drain()
        return result
    }

    mutating func go(to target: PageIndex, animated: Bool, at time: Double) {
        now = max(now, time)
        model.go(to: target, animated: animated, time: time)
        drain()
    }

    mutating func resize(width: Double, height: Double, at time: Double) {
        now = max(now, time)
        model.resize(width: width, height: height, time: time)
        drain()
    }

    mutating func setBounds(horizontal: Int?, vertical: Int?, at time: Double) {
        now = max(now, time)
        model.setBounds(horizontal: horizontal, vertical: vertical, time: time)
        drain()
    }

    /// One `advance(to:)` call.
    mutating func advance(to time: Double) {
        now = max(now, time)
        model.advance(to: time)
        drain()
    }

    // MARK: Time passing

    /// Advances frame by frame at `framesPerSecond` until `time` (inclusive).
    mutating func run(until time: Double) {
        var t = now
        while t + frame < time - 1e-12 {
            t += frame
            advance(to: t)
        }
        advance(to: time)
    }

    /// Advances frame by frame for `duration` seconds.
    mutating func run(for duration: Double) { run(until: now + duration) }

    /// Advances frame by frame until the model is settled, at most `limit`
    /// seconds. Returns whether it settled.
    @discardableResult
    mutating func settle(within limit: Double = 5) -> Bool {
        let end = now + limit
        while !model.isSettled && now < end {
            advance(to: now + frame)
        }
        return model.isSettled
    }

    /// Calls `body` after every frame for `duration` seconds.
    mutating func run(for duration: Double, observing body: (PagerModel) -> Void) {
        let end = now + duration
        while now + frame <= end + 1e-12 {
            advance(to: now + frame)
            body(model)
        }
    }

    // MARK: Gestures

    /// Presses at `start` and moves the pointer by `distance` at constant
    /// speed over `duration`, one `pointerMoved` per frame. The pointer stays down.
    mutating func drag(
        from start: (x: Double, y: Double) = (500, 400),
        by distance: (dx: Double, dy: Double),
        over duration: Double,
        at time: Double
    ) {
        down(start.x, start.y, at: time)
        moveSmoothly(by: distance, over: duration)
    }

    /// Moves the pointer (already down) by `distance` at constant speed over
    /// `duration`, one `pointerMoved` per frame, starting now.
    mutating func moveSmoothly(by distance: (dx: Double, dy: Double), over duration: Double) {
        let steps = max(1, Int((duration * framesPerSecond).rounded()))
        let start = pointer
        let t0 = now
        for step in 1...steps {
            let f = Double(step) / Double(steps)
            move(start.x + distance.dx * f, start.y + distance.dy * f,
                 at: t0 + duration * f)
        }
    }

    /// Keeps the pointer still for `duration`, with frames passing (a host
    /// sends no motion while the finger rests).
    mutating func hold(for duration: Double) { run(for: duration) }

    /// A whole drag: press, move by `distance` over `duration`, release at
    /// once where the pointer is.
    mutating func swipe(
        from start: (x: Double, y: Double) = (500, 400),
        by distance: (dx: Double, dy: Double),
        over duration: Double,
        at time: Double
    ) {
        drag(from: start, by: distance, over: duration, at: time)
        up(at: now)
    }

    /// Presses, moves just past the slop along `axis` (and locks it), so
    /// that the content follows the pointer exactly from then on. Returns
    /// with the pointer down and `pointer` set to where the content is at
    /// rest: the engine may follow from the slop's boundary (as Android's
    /// ViewPager does) rather than from the locking event, so the content can
    /// already have moved by the 1 px travelled past the slop.
    mutating func grab(
        along axis: Axis,
        towards sign: Double,
        at time: Double,
        from start: (x: Double, y: Double) = (500, 400)
    ) {
        let slopPlus = model.configuration.dragSlop + 1
        down(start.x, start.y, at: time)
        if axis == .horizontal {
            move(start.x + sign * slopPlus, start.y, at: time + frame)
        } else {
            move(start.x, start.y + sign * slopPlus, at: time + frame)
        }
        pointer = (pointer.x - model.offset.x, pointer.y - model.offset.y)
    }

    private mutating func drain() {
        while let event = model.pollEvent() { events.append(event) }
    }
}

extension PagerEvent.Kind {
    /// Whether this is a `pageChanged` event.
    var isPageChanged: Bool {
        if case .pageChanged = self { return true }
        return false
    }
    /// Whether this is a `settled` event.
    var isSettled: Bool {
        if case .settled = self { return true }
        return false
    }
    /// Whether this is a `slotsRecycled` event.
    var isSlotsRecycled: Bool {
        if case .slotsRecycled = self { return true }
        return false
    }
    /// Whether this is a `pageWillChange` event.
    var isPageWillChange: Bool {
        if case .pageWillChange = self { return true }
        return false
    }
}

/// The page each slot shows, indexed by slot id.
func pagesBySlot(_ slots: SlotPool) -> [PageIndex?] { slots.map(\.page) }

/// The page that grid position (`column`, `row`) around `current` must show
/// under `horizontal`/`vertical` bounds, or nil when outside them.
func expectedPage(
    column: Int, row: Int, around current: PageIndex,
    horizontal: AxisBounds, vertical: AxisBounds, rowLengths: [Int]? = nil
) -> PageIndex? {
    // With ragged rows, row v spans its own length, and another row's slots line
    // up with where a move into that row lands: its last page when the column is past its end.
    func columns(_ v: Int) -> AxisBounds {
        guard let rowLengths, v >= 0, v < rowLengths.count else { return horizontal }
        return AxisBounds(pageCount: rowLengths[v])
    }
    let v = current.v + row
    let base = row == 0 ? current.h : columns(v).clamp(current.h)
    let candidate = PageIndex(h: base + column, v: v)
    guard columns(v).contains(candidate.h), vertical.contains(candidate.v) else { return nil }
    return candidate
}

/// Python-style modulo: always in `0..<m`.
func positiveModulo(_ a: Int, _ m: Int) -> Int { ((a % m) + m) % m }
