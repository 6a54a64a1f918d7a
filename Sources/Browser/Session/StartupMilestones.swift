/// The first frames of a run, for the `first-frame` and `first-thumbnail`
/// lines of the event log (`scripts/bench` times the start with them). The
/// first frame is the first that shows the current page's image or error
/// page, or the scan's preview of it (``ScanPreview``): that is the first
/// frame too, however long the folder then takes to sort (3 s for 1,000,000
/// files before the names were stored compactly, docs/benchmarks.md). Each
/// line is written once, when its frame is presented, not when it is drawn.
///
/// ```swift
/// var milestones = StartupMilestones()
/// milestones.frameBegins()
/// milestones.drewPreview(certain: true)
/// milestones.frameDrawn(showsCurrentPage: false)
/// milestones.framePresented()   // [.firstFrame]
/// ```
struct StartupMilestones: Equatable {
    /// The first frame: not yet drawn, drawn (to be logged once shown), logged.
    enum FirstFrame: Equatable { case waiting, drawn, logged }

    private(set) var firstFrame = FirstFrame.waiting
    /// Whether the frame being drawn shows the scan's certain preview of the first page.
    private(set) var drewFirstImagePreview = false
    /// The pixel size of the first image's embedded thumbnail when the frame
    /// being drawn shows it in the image's place, else nil.
    private(set) var drewFirstThumbnail: Size?
    /// Whether the `first-thumbnail` line was written (once per run).
    private(set) var loggedFirstThumbnail = false

    /// A thumbnail's size in pixels.
    struct Size: Equatable {
        var width: Int
        var height: Int
    }

    /// A frame of pages starts: what it shows of the first image is not known yet.
    mutating func frameBegins() {
        drewFirstImagePreview = false
        drewFirstThumbnail = nil
    }

    /// The frame shows the scan's preview of the first page; `certain`: it
    /// is surely the first page's image (not a guess from the cache).
    mutating func drewPreview(certain: Bool) {
        drewFirstImagePreview = certain
    }

    /// The frame shows the first image's embedded thumbnail, known to be its.
    mutating func drewThumbnail(width: Int, height: Int) {
        drewFirstThumbnail = Size(width: width, height: height)
    }

    /// The frame is drawn; `showsCurrentPage`: it shows the current page's
    /// image or error page.
    mutating func frameDrawn(showsCurrentPage: Bool) {
        if firstFrame == .waiting, drewFirstImagePreview || showsCurrentPage { firstFrame = .drawn }
    }

    /// The frame was presented: the lines to write now, in order. The
    /// thumbnail's line comes only before the first frame.
    mutating func framePresented() -> [BrowserLogEvent] {
        var lines: [BrowserLogEvent] = []
        if let size = drewFirstThumbnail, !loggedFirstThumbnail, firstFrame == .waiting {
            loggedFirstThumbnail = true
            lines.append(.firstThumbnail(width: size.width, height: size.height))
        }
        if firstFrame == .drawn {
            firstFrame = .logged
            lines.append(.firstFrame)
        }
        return lines
    }
}
