import Pager
import Testing

/// Events are read with `pollEvent()`, oldest first, each
/// stamped with the time of the call that caused it; every gesture ends with
/// `settled`. Time never goes backwards.
@Suite("Events")
struct EventsTests {
    @Test func aFlippingDragTellsTheWholeStoryInOrder() {
        var pager = RecordingPager()
        pager.swipe(by: (-150, 0), over: 0.05, at: 0)
        let release = pager.now
        pager.settle()
        let kinds = pager.kinds
        #expect(kinds.count == 6)
        guard kinds.count == 6 else { return }
        #expect(Array(kinds[0...2]) == [
            .dragBegan, .axisLocked(.horizontal), .pageWillChange(from: page(0, 0), to: page(1, 0)),
        ])
        #expect(kinds[3] == .pageChanged(from: page(0, 0), to: page(1, 0)))
        #expect(kinds[4].isSlotsRecycled)
        #expect(kinds[5] == .settled(page(1, 0)))
        #expect(pager.events[2].time == release)
    }

    @Test func aReturningDragEndsWithSettledOnTheSamePage() {
        var pager = RecordingPager()
        pager.grab(along: .horizontal, towards: -1, at: 0)
        pager.move(pager.pointer.x - 200, 400, at: 0.1)
        pager.hold(for: 0.2)
        pager.up(at: pager.now)
        pager.settle()
        #expect(pager.kinds == [.dragBegan, .axisLocked(.horizontal), .settled(page(0, 0))])
    }

    @Test func eachEventCarriesTheTimeOfTheCallThatCausedIt() {
        var model = PagerModel(pageWidth: pageWidth, pageHeight: pageHeight)
        var seen: [(call: Double, event: PagerEvent)] = []
        func drain(_ call: Double) { while let e = model.pollEvent() { seen.append((call, e)) } }
        model.pointerDown(x: 500, y: 400, time: 0.1); drain(0.1)
        model.pointerMoved(x: 470, y: 400, time: 0.11); drain(0.11)
        model.pointerMoved(x: 400, y: 400, time: 0.12); drain(0.12)
        model.pointerUp(x: 380, y: 400, time: 0.13); drain(0.13)
        var t = 0.13
        while !model.isSettled && t < 3 {
            t += frame
            model.advance(to: t); drain(t)
        }
        #expect(seen.count >= 5)
        for (call, event) in seen {
            #expect(event.time == call, "\(event.kind)")
        }
    }

    @Test func eventsWaitInOrderUntilTheHostReadsThem() {
        var polled = RecordingPager()
        polled.flip(.right, at: 0)
        polled.settle()
        var unread = PagerModel(pageWidth: pageWidth, pageHeight: pageHeight)
        unread.flip(.right, time: 0)
        var t = 0.0
        while t < polled.now - 1e-12 {
            t += frame
            unread.advance(to: t)
        }
        var later: [PagerEvent] = []
        while let event = unread.pollEvent() { later.append(event) }
        #expect(later == polled.events)
        #expect(unread.pollEvent() == nil)
    }

    @Test func everyInterruptionIsFollowedBySettled() {
        var pager = RecordingPager()
        pager.grab(along: .vertical, towards: -1, at: 0)
        pager.move(500, pager.pointer.y - 700, at: 0.1)
        pager.interrupt(.focusLost, at: 0.1)
        pager.settle()
        let interrupted = pager.kinds.firstIndex(of: .interrupted(.focusLost, page: page(0, 1)))
        let settled = pager.kinds.lastIndex(of: .settled(page(0, 1)))
        #expect(interrupted != nil && settled != nil)
        if let interrupted, let settled { #expect(interrupted < settled) }
    }

    @Test func anEarlierTimeIsTreatedAsTheLatestSeen() {
        var pager = RecordingPager()
        pager.advance(to: 1.0)
        pager.flip(.right, at: 0.5)  // late, out-of-order input
        #expect(pager.model.time == 1.0)
        pager.advance(to: 1.0)
        #expect(pager.model.currentPage == page(0, 0), "the flip started at 1.0, not 0.5")
        #expect(pager.model.offset == .zero)
        pager.advance(to: 0.2)
        #expect(pager.model.time == 1.0)
        pager.settle()
        #expect(pager.model.currentPage == page(1, 0))
        #expect(pager.events.allSatisfy { $0.time >= 1.0 }, "no event is stamped before a time already seen")
    }

    @Test func isSettledOnlyAtRestOnAWholePage() {
        var pager = RecordingPager()
        #expect(pager.model.isSettled)
        pager.flip(.right, at: 0)
        #expect(pager.model.isSettled == false)
        pager.settle()
        #expect(pager.model.isSettled)
        pager.down(500, 400, at: pager.now)
        #expect(pager.model.isSettled == false, "pressed is not idle")
    }
}
