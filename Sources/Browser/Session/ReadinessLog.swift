import Pager

/// The event-log lines that say whether pages were ready when they were
/// seen, for `scripts/bench`'s flip-readiness and frame-pacing figures:
///
/// - `{"t":…,"event":"page-ready","page":[H,V],"slot":N}` when a slot's
///   final content (image texture or error page) is made for its page;
/// - `{"t":…,"event":"placeholder-shown","page":[H,V],"slot":N}` when a frame
///   draws a placeholder for the current page or a neighbour that is
///   visible; once per slot load, not once per frame;
/// - `{"t":…,"event":"frame","work":MS}` after every presented frame, only
///   with `--frame-times` (the time spent on the frame's own work, ms; the
///   gap between two `t` is the frame interval).
///
/// ```swift
/// var readiness = ReadinessLog(frameTimes: options.frameTimes)
/// readiness.pageReady(slot: 4, page: PageIndex(h: 0, v: 0), time: now, log: log)
/// readiness.framePresented(slots: model.slots, contents: contents, generations: generations,
///                          frameStart: start, time: now, log: log)
/// ```
struct ReadinessLog {
    /// Whether `frame` lines are written.
    let frameTimes: Bool
    /// Per slot, the load generation whose placeholder was already reported.
    private var reportedGeneration = [Int](repeating: -1, count: 9)

    init(frameTimes: Bool) {
        self.frameTimes = frameTimes
    }

    /// Slot `slot` now holds its page's final content.
    func pageReady(slot: Int, page: PageIndex?, time: Double, log: EventLog?) {
        guard let log, let page else { return }
        log.write("page-ready", time: time, fields: [Self.pageField(page), "\"slot\":" + String(slot)])
    }

    /// After a frame is presented: reports the placeholders it showed on
    /// visible pages, and the frame's work time when asked.
    mutating func framePresented(slots: SlotPool, contents: SlotContents, generations: [Int],
                                 frameStart: Double, time: Double, log: EventLog?) {
        guard let log else { return }
        for slot in slots {
            guard let page = slot.page, slot.visibleFraction > 0 || (slot.column == 0 && slot.row == 0) else { continue }
            guard case .loading = contents[slot.id], reportedGeneration[slot.id] != generations[slot.id] else { continue }
            reportedGeneration[slot.id] = generations[slot.id]
            log.write("placeholder-shown", time: time, fields: [Self.pageField(page), "\"slot\":" + String(slot.id)])
        }
        if frameTimes {
            log.write("frame", time: time, fields: ["\"work\":" + ReplayFormat.time((time - frameStart) * 1000)])
        }
    }

    private static func pageField(_ page: PageIndex) -> String {
        "\"page\":[" + String(page.h) + "," + String(page.v) + "]"
    }
}
