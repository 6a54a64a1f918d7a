/// An infinite four-direction pager as a pure, deterministic state machine.
///
/// Time and input go in, state and events come out. The model never reads a
/// clock, never allocates per input or per frame, and knows nothing about
/// windows or pixels beyond the page size.
///
/// ```swift
/// var pager = PagerModel(pageWidth: 1280, pageHeight: 800,
///                        horizontalPages: nil, verticalPages: 12)
/// pager.pointerDown(x: 640, y: 400, time: 0.000)
/// pager.pointerMoved(x: 500, y: 402, time: 0.016)
/// pager.pointerUp(x: 300, y: 405, time: 0.050)
/// pager.advance(to: 0.066)                 // once per frame
/// for slot in pager.slots where slot.visibleFraction > 0 { /* draw */ }
/// while let event = pager.pollEvent() { print(event) }
/// ```
public struct PagerModel: Sendable {
    /// The tuning constants, fixed at creation.
    public internal(set) var configuration: PagerConfiguration
    /// The page (viewport) width, px; at least 1.
    public internal(set) var pageWidth: Double
    /// The page (viewport) height, px; at least 1.
    public internal(set) var pageHeight: Double
    /// Which columns exist (`setBounds` changes them).
    public internal(set) var horizontalBounds: AxisBounds
    /// Which rows exist (`setBounds` changes them).
    public internal(set) var verticalBounds: AxisBounds
    /// Pages per row when rows are ragged (`PagerModel+RaggedRows.swift`); `nil` when
    /// every row spans `horizontalBounds`.
    public var rowLengths: [Int]? { hasRaggedRows ? raggedRowLengths : nil }
    /// The ragged rows' lengths, kept (with their storage) when rows are even
    /// again, so that setting them anew allocates nothing.
    var raggedRowLengths: [Int] = []
    /// Whether `raggedRowLengths` is in force.
    var hasRaggedRows = false
    /// The page the pager rests on or last landed on; the centre slot shows it.
    public internal(set) var currentPage: PageIndex
    /// Displacement of the content from rest: positive x shows the page on the left.
    public internal(set) var offset: Point = .zero
    /// What the pager is doing: follows from the gesture or animation in progress.
    public var phase: PagerPhase { activity.phase }
    /// The nine slots, indexed by slot id.
    public internal(set) var slots: SlotPool
    /// The current page's zoom and pan (see `PagerModel+Zoom.swift`).
    public internal(set) var zoom: PageZoom
    /// The latest time the model has seen, s (0 before any).
    public var time: Double { latestTime ?? 0 }
    var latestTime: Double?
    /// The latest gesture input's own time (never backwards), s: the time the
    /// velocity history samples at. Input read in a batch after a frame at a
    /// later time keeps the spacing it was made with there, though the state
    /// moves at `latestTime`.
    var latestInputTime: Double?

    var events = EventQueue()

    /// A pager of pages `pageWidth` × `pageHeight` px (held within 1…2^24 px; NaN is 1)
    /// at `initialPage` (clamped into the bounds). Page counts per axis: `nil`
    /// infinite, 0 disabled, N pages `0..<N`.
    ///
    /// ```swift
    /// let pager = PagerModel(pageWidth: 1280, pageHeight: 800, horizontalPages: 20,
    ///                        initialPage: PageIndex(h: 5, v: 0))
    /// ```
    public init(
        pageWidth: Double,
        pageHeight: Double,
        horizontalPages: Int? = nil,
        verticalPages: Int? = nil,
        initialPage: PageIndex = PageIndex(h: 0, v: 0),
        configuration: PagerConfiguration = PagerConfiguration()
    ) {
        self.configuration = configuration
        self.pageWidth = Self.pageLength(pageWidth)
        self.pageHeight = Self.pageLength(pageHeight)
        self.horizontalBounds = AxisBounds(pageCount: horizontalPages)
        self.verticalBounds = AxisBounds(pageCount: verticalPages)
        self.currentPage = PageIndex(
            h: horizontalBounds.clamp(initialPage.h), v: verticalBounds.clamp(initialPage.v))
        self.slots = SlotPool()
        self.zoom = PageZoom(viewportWidth: self.pageWidth, viewportHeight: self.pageHeight)
        refreshSlotPages(at: 0, reporting: false)
        updateSlotGeometry()
    }

    /// `nil` = infinite, 0 = disabled, N = pages `0..<N`.
    public var horizontalPages: Int? { horizontalBounds.pageCount }
    /// `nil` = infinite, 0 = disabled, N = pages `0..<N`.
    public var verticalPages: Int? { verticalBounds.pageCount }

    /// Whether a drag or scroll has moved past the slop. Hosts suppress taps
    /// on page content while this is true (the seed's `isDragging`).
    public var isDragging: Bool {
        switch phase {
        case .dragging, .scrolling: true
        default: false
        }
    }

    /// At rest on a whole page: no gesture, no animation, offset zero, the zoom still.
    public var isSettled: Bool { phase == .idle && offset == .zero && zoom.isSettled }

    /// The next event not yet read, oldest first.
    public mutating func pollEvent() -> PagerEvent? { events.pop() }

    /// Events dropped because they were not read in time (the queue holds 256).
    public var droppedEventCount: Int { events.dropped }

    // MARK: Internal state

    /// The gesture or the animation in progress, if any.
    var activity: PagerActivity = .idle
    /// The position history of the gesture in progress (or the last one).
    var history = GestureHistory()
    /// Something moved since the last `settled` event.
    var owesSettledEvent = false

    /// Changes the gesture in progress in place; nothing when there is none.
    mutating func updateGesture(_ change: (inout Gesture) -> Void) {
        guard case .gesture(var gesture) = activity else { return }
        change(&gesture)
        activity = .gesture(gesture)
    }

    /// Changes the running animation in place; nothing when there is none.
    mutating func updateAnimation(_ change: (inout OffsetAnimation) -> Void) {
        guard case .animation(var animation) = activity else { return }
        change(&animation)
        activity = .animation(animation)
    }
}
