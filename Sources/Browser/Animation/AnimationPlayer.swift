import Gallery
import ImageDecoding
import Pager

/// Plays the current page's animated GIF, WebP or APNG: only the current
/// page's, with its own frame delays and loop count. The frames come from an
/// ``AnimationFeed`` (decoded on a worker, one or two ahead), their timing
/// from an ``AnimationPlayback``; a due frame replaces the page's texture
/// in place (``SlotContents/updateImage(_:_:)``).
///
/// When the user pages away the animation is paused and kept (one, the
/// last page's), and resumes where it was if that page is current again.
/// It is paused, showing the frame it was on, while the overview shows or
/// the page is zoomed. The key (``Action/toggleAnimation``) pauses it until
/// pressed again.
///
/// Per frame with no animation it compares a page index and two numbers:
/// nothing is allocated.
///
/// Main thread only.
///
/// ```swift
/// let player = AnimationPlayer(log: log) { wakeMainLoop() }
/// // each frame:
/// player.update(model: model, catalog: catalog, contents: contents, generations: loader.generations,
///               pageSize: (1280, 800), turns: turns, held: overview.isShowing, time: now)
/// if let seconds = player.wait(at: now) { /* sleep no longer */ }
/// ```
final class AnimationPlayer {
    /// One animated file being played (or paused).
    private final class Playing {
        let path: String
        let name: String
        let feed: AnimationFeed
        let box: (width: Int, height: Int)
        let turn: ExifOrientation
        var slot: Int
        var page: PageIndex
        var summary: AnimationSummary?
        var playback: AnimationPlayback?
        var pausedByKey = false
        var ended = false
        /// The frame on screen, put back when the page's still is decoded
        /// again (a resize, paging back to it).
        var lastShown: DecodedImage?

        init(path: String, name: String, feed: AnimationFeed, box: (width: Int, height: Int), turn: ExifOrientation,
             slot: Int, page: PageIndex) {
            self.path = path
            self.name = name
            self.feed = feed
            self.box = box
            self.turn = turn
            self.slot = slot
            self.page = page
        }

        func matches(path: String, box: (width: Int, height: Int), turn: ExifOrientation) -> Bool {
            self.path == path && self.box == box && self.turn == turn
        }
    }

    /// What the current page was when last looked at: page, slot and decode generation.
    private struct Seen: Equatable {
        var page: PageIndex
        var slot: Int
        var generation: Int
    }

    private let log: EventLog?
    private let wake: @Sendable () -> Void
    private var current: Playing?
    /// The last page's animation, paused, to resume if it is current again.
    private var parked: Playing?
    private var seen: Seen?

    init(log: EventLog?, wake: @escaping @Sendable () -> Void) {
        self.log = log
        self.wake = wake
    }

    /// The HUD's line for the current page's animation: `frame 3/12`, with
    /// `paused` when the key paused it.
    var hudLine: String? {
        guard let current, let playback = current.playback else { return nil }
        return "frame \(playback.frame + 1)/\(playback.frameCount)" + (current.pausedByKey ? " (paused)" : "")
    }

    /// Follows the current page and shows its due frame. `held`: something
    /// covers the page (the overview), so it pauses.
    func update(model: PagerModel, catalog: PageCatalog, contents: SlotContents, generations: [Int],
                pageSize: (width: Int, height: Int), turns: ViewTurns, held: Bool, time: Double) {
        let slot = model.slots.slot(column: 0, row: 0)
        let now = Seen(page: model.currentPage, slot: slot.id, generation: generations[slot.id])
        if now != seen {
            follow(now, catalog: catalog, contents: contents, pageSize: pageSize, turns: turns, time: time)
        }
        guard let playing = current else { return }
        step(playing, contents: contents, paused: held || model.zoom.isZoomed, time: time)
    }

    /// The page or its decode changed: keep playing, switch, park or start.
    private func follow(_ now: Seen, catalog: PageCatalog, contents: SlotContents,
                        pageSize: (width: Int, height: Int), turns: ViewTurns, time: Double) {
        guard case .image(let image) = contents[now.slot] else {
            // Loading: wait for the still, which the frames then replace.
            if case .loading = contents[now.slot] { park(time: time); return }
            seen = now
            park(time: time)
            return
        }
        seen = now
        guard case .file(let entry) = catalog.source(at: now.page),
              ["GIF", "PNG", "WebP"].contains(image.format) else {
            park(time: time)
            return
        }
        let turn = turns.turn(of: entry.path)
        let box = (pageSize.width, pageSize.height)
        if let current, current.matches(path: entry.path, box: box, turn: turn) {
            current.slot = now.slot
            current.page = now.page
            if let shown = current.lastShown { contents.updateImage(now.slot, shown) }
            return
        }
        park(time: time)
        if let parked, parked.matches(path: entry.path, box: box, turn: turn) {
            current = parked
            self.parked = nil
            parked.slot = now.slot
            parked.page = now.page
            if let shown = parked.lastShown { contents.updateImage(now.slot, shown) }
            return
        }
        let feed = AnimationFeed(path: entry.path, maxWidth: box.0, maxHeight: box.1, turn: turn, wake: wake)
        current = Playing(path: entry.path, name: entry.name, feed: feed, box: box, turn: turn, slot: now.slot,
                          page: now.page)
    }

    /// The current animation stops being current: paused and kept as the
    /// one to resume (the one kept before is let go).
    private func park(time: Double) {
        guard let playing = current else { return }
        current = nil
        playing.playback?.pause(at: time)
        if playing.summary == nil || playing.ended {
            playing.feed.stop()
            return
        }
        parked?.feed.stop()
        parked = playing
    }

    /// Opening, the first frame, then each frame when it is due.
    private func step(_ playing: Playing, contents: SlotContents, paused: Bool, time: Double) {
        if playing.summary == nil {
            switch playing.feed.opening {
            case .pending:
                return
            case .notAnimated:
                current = nil
                return
            case .opened(let summary, let format):
                playing.summary = summary
                log?.write(.animation(file: playing.path, format: format, frames: summary.frameCount,
                                      loops: summary.loopCount, width: summary.width, height: summary.height,
                                      page: playing.page), time: time)
            }
        }
        guard let summary = playing.summary, !playing.ended else { return }
        guard var playback = playing.playback else {
            // The first frame replaces the still (the same picture, composited here).
            guard let first = playing.feed.take() else { return endIfBroken(playing, time: time) }
            contents.updateImage(playing.slot, first.image)
            playing.lastShown = first.image
            // A broken file plays the frames before the break once.
            var playback = AnimationPlayback(delays: summary.delays, loopCount: summary.isBroken ? 1 : summary.loopCount)
            playback.start(at: time)
            playing.playback = playback
            log?.write(.animationFrame(frame: 0, due: time), time: time)
            return
        }
        defer { playing.playback = playback }
        let shouldPause = paused || playing.pausedByKey
        if shouldPause != playback.isPaused {
            if shouldPause { playback.pause(at: time) } else { playback.resume(at: time) }
        }
        guard let due = playback.dueFrame(at: time) else {
            if playback.isFinished { end(playing, reason: summary.isBroken ? "broken" : "loops", time: time) }
            return
        }
        guard let frame = playing.feed.take() else {
            if playing.feed.hasEnded {
                playback.stop()
                end(playing, reason: "broken", time: time)
            }
            return
        }
        let dueTime = playback.frameEnds ?? time
        contents.updateImage(playing.slot, frame.image)
        playing.lastShown = frame.image
        playback.frameShown(at: time)
        log?.write(.animationFrame(frame: due, due: dueTime), time: time)
    }

    private func endIfBroken(_ playing: Playing, time: Double) {
        if playing.feed.hasEnded { end(playing, reason: "broken", time: time) }
    }

    private func end(_ playing: Playing, reason: String, time: Double) {
        guard !playing.ended else { return }
        playing.ended = true
        playing.feed.stop()
        log?.write(.animationEnded(file: playing.path, frame: playing.playback?.frame ?? 0, reason: reason), time: time)
    }

    /// The key: pauses the current page's animation until pressed again, or
    /// plays it on. Returns the notice to show.
    func toggle(time: Double) -> String {
        guard let playing = current, let playback = playing.playback else {
            return "No animation plays on this page"
        }
        if playing.ended || playback.isFinished { return "The animation has ended" }
        playing.pausedByKey.toggle()
        let frame = playback.frame
        // The clock stops (or starts) at the key, not at the next frame loop.
        if playing.pausedByKey {
            playing.playback?.pause(at: time)
            log?.write(.animationPaused(file: playing.path, frame: frame), time: time)
            return "Animation paused"
        }
        playing.playback?.resume(at: time)
        log?.write(.animationResumed(file: playing.path, frame: frame), time: time)
        return "Animation playing"
    }

    /// Seconds until the current animation's next frame is due, or nil.
    func wait(at time: Double) -> Double? {
        current?.playback?.wait(at: time)
    }

    /// Stops every worker.
    func shutdown() {
        current?.feed.stop()
        parked?.feed.stop()
        current = nil
        parked = nil
    }
}
