import Pager

/// The event-log lines that say whether pages were ready when they were
/// seen, for `scripts/bench`'s flip-readiness and frame-pacing figures:
/// `page-ready`, `placeholder-shown` and `frame` (see ``BrowserLogEvent``).
///
/// ```swift
/// var readiness = ReadinessLog(frameTimes: options.frameTimes)
/// readiness.pageReady(slot: 4, page: PageIndex(h: 0, v: 0), time: now, log: log)
/// readiness.frameDrawn(slots: model.slots, contents: contents, generations: generations, time: now, log: log)
/// readiness.framePresented(work: drawing + presenting, onBeat: true, time: clock.now, log: log)
/// ```
struct ReadinessLog {
    /// Whether `frame` lines are written.
    let frameTimes: Bool
    /// Per slot, the load generation whose placeholder was already reported.
    private var reportedGeneration = [Int](repeating: -1, count: SlotPool.capacity)

    init(frameTimes: Bool) {
        self.frameTimes = frameTimes
    }

    /// Slot `slot` now holds its page's final content.
    func pageReady(slot: Int, page: PageIndex?, time: Double, log: EventLog?) {
        guard let log, let page else { return }
        log.write(.pageReady(page: page, slot: slot), time: time)
    }

    /// After a frame is drawn: reports the placeholders it shows on visible
    /// pages.
    mutating func frameDrawn(slots: SlotPool, contents: SlotContents, generations: [Int], time: Double, log: EventLog?) {
        guard let log else { return }
        for slot in slots {
            guard let page = slot.page, slot.visibleFraction > 0 || (slot.column == 0 && slot.row == 0) else { continue }
            guard case .loading = contents[slot.id], reportedGeneration[slot.id] != generations[slot.id] else { continue }
            reportedGeneration[slot.id] = generations[slot.id]
            log.write(.placeholderShown(page: page, slot: slot.id), time: time)
        }
    }

    /// After a frame is presented at `time`: its own work (s) and whether it
    /// came on the pacer's beat, when asked.
    func framePresented(work: Double, onBeat: Bool, why: () -> String, time: Double, log: EventLog?) {
        // `why` is spelled only for a frame line: no string per frame otherwise.
        guard frameTimes, let log else { return }
        log.write(.frame(workMilliseconds: work * 1000, onBeat: onBeat, why: why()), time: time)
    }
}
