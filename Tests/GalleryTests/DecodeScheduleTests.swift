import Pager
import Testing
@testable import Gallery

/// Which queued decode a free worker starts: the highest priority first, the
/// oldest among equals, no page-sized decode while the loader's limit of
/// them runs (previews still start), and no speculative decode beside another.
@Suite struct DecodeScheduleTests {
    static func pending(slot: Int, priority: Int, order: Int, isPreview: Bool = false,
                        isSpeculative: Bool = false) -> DecodeSchedule.Pending {
        var request = DecodeRequest(slot: slot, generation: 1, source: .demo(PageIndex(h: slot, v: 0)),
                                    maxWidth: 1280, maxHeight: 800, priority: priority)
        request.isPreview = isPreview
        request.isSpeculative = isSpeculative
        return DecodeSchedule.Pending(request: request, order: order)
    }

    @Test func theHighestPriorityStartsFirst() {
        let queue = [Self.pending(slot: 1, priority: 1, order: 0), Self.pending(slot: 2, priority: 4, order: 1)]
        #expect(DecodeSchedule.next(in: queue, running: 0, mayStartPageDecode: true)?.slot == 2)
    }

    @Test func amongEqualPrioritiesTheOldestStartsFirst() {
        let queue = [Self.pending(slot: 1, priority: 3, order: 5), Self.pending(slot: 2, priority: 3, order: 2)]
        #expect(DecodeSchedule.next(in: queue, running: 0, mayStartPageDecode: true)?.slot == 2)
    }

    @Test func whileThePageDecodesAllowedRunAPreviewStartsInsteadOfAPageDecode() {
        let queue = [Self.pending(slot: 1, priority: 4, order: 0),
                     Self.pending(slot: 2, priority: 1, order: 1, isPreview: true)]
        #expect(DecodeSchedule.next(in: queue, running: 1, mayStartPageDecode: false)?.slot == 2)
        #expect(DecodeSchedule.next(in: queue, running: 0, mayStartPageDecode: true)?.slot == 1)
    }

    @Test func whileThePageDecodesAllowedRunOnlyPageDecodesQueuedMeansNothingStarts() {
        let queue = [Self.pending(slot: 1, priority: 4, order: 0), Self.pending(slot: 9, priority: -1, order: 1)]
        #expect(DecodeSchedule.next(in: queue, running: 1, mayStartPageDecode: false) == nil)
    }

    @Test func anEmptyQueueStartsNothing() {
        #expect(DecodeSchedule.next(in: [], running: 0, mayStartPageDecode: true) == nil)
    }

    @Test func aQueueWithOnePageDecodeAtATimeStartsAPreviewBesideItAndTheNextPageDecodeAfterIt() throws {
        let queue = DecodeQueue(workerCount: 2, pageDecodesAtOnce: 1)
        defer { queue.close(waitForWorkers: false) }
        queue.submit(Self.pending(slot: 1, priority: 4, order: 0).request)
        queue.submit(Self.pending(slot: 2, priority: 3, order: 0).request)
        queue.submit(Self.pending(slot: 3, priority: 1, order: 0, isPreview: true).request)
        let first = try #require(queue.next())
        let second = try #require(queue.next())
        #expect(first.0.slot == 1)
        #expect(second.0.slot == 3)
        #expect(queue.pendingCount == 1)
        queue.finish(first.0, first.1)
        let third = try #require(queue.next())
        #expect(third.0.slot == 2)
    }

    @Test func aSpeculativeDecodeStartsOnlyWhenNoOtherRuns() {
        let queue = [Self.pending(slot: 9, priority: -1, order: 0, isSpeculative: true)]
        #expect(DecodeSchedule.next(in: queue, running: 1, mayStartPageDecode: true) == nil)
        #expect(DecodeSchedule.next(in: queue, running: 0, mayStartPageDecode: true)?.slot == 9)
    }

    @Test func aQueueStartsTheSpeculativeDecodeOnceThePreviewBeforeItIsDone() throws {
        let queue = DecodeQueue(workerCount: 2, pageDecodesAtOnce: 1)
        defer { queue.close(waitForWorkers: false) }
        queue.submit(Self.pending(slot: 7, priority: 1, order: 0, isPreview: true).request)
        queue.submit(Self.pending(slot: 9, priority: -1, order: 0, isSpeculative: true).request)
        let first = try #require(queue.next())
        #expect(first.0.slot == 7)
        #expect(queue.pendingCount == 1)
        queue.finish(first.0, first.1)
        let second = try #require(queue.next())
        #expect(second.0.slot == 9)
    }

    @Test func thePageOnScreenStopsAPageDecodeOfAnotherSlotItWaitsFor() throws {
        let queue = DecodeQueue(workerCount: 2, pageDecodesAtOnce: 1)
        defer { queue.close(waitForWorkers: false) }
        queue.submit(Self.pending(slot: 1, priority: 1, order: 0).request)
        let big = try #require(queue.next())
        #expect(queue.putFirst(slot: 1).isEmpty)   // nothing of slot 1 waits
        queue.submit(Self.pending(slot: 2, priority: 4, order: 1).request)
        #expect(!big.1.isCancelled)
        #expect(queue.putFirst(slot: 2).map(\.slot) == [1])
        #expect(big.1.isCancelled)
        queue.finish(big.0, big.1)
        let next = try #require(queue.next())
        #expect(next.0.slot == 2)
        #expect(!next.1.isCancelled)
    }

    @Test func aNewGenerationOrACancelStopsTheRunningDecodeOfItsSlot() throws {
        let queue = DecodeQueue(workerCount: 2)
        defer { queue.close(waitForWorkers: false) }
        var request = Self.pending(slot: 5, priority: 1, order: 0).request
        queue.submit(request)
        let old = try #require(queue.next())
        queue.submit(request)   // the same generation again: still wanted
        #expect(!old.1.isCancelled)
        request.generation += 1
        queue.submit(request)
        #expect(old.1.isCancelled)
        let new = try #require(queue.next())
        queue.cancel(slot: 5)
        #expect(new.1.isCancelled)
    }
}
