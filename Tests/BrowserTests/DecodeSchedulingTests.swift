import Foundation
import Gallery
import ImageDecoding
import Pager
import Testing
@testable import Browser

/// What decodes when: corner slots wait, and the pages the motion heads to
/// decode ahead of the pool.
@Suite struct DecodeSchedulingTests {
    /// A folder of 100 small files, img0.jpg … img99.jpg: the prefetch looks
    /// at the files (to tell whether they changed), not at their content.
    static let folder: String = {
        let path = NSTemporaryDirectory() + "fourway-prefetch-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for h in 0..<100 { _ = FileManager.default.createFile(atPath: path + "/img\(h).jpg", contents: Data([UInt8(h)])) }
        return path
    }()

    static func file(_ h: Int) -> PageSource {
        .file(ImageEntry(path: folder + "/img\(h).jpg", name: "img\(h).jpg", album: nil))
    }

    /// A row of 100 files, page (h, 0) is img<h>.jpg.
    static func row(_ page: PageIndex) -> PageSource? {
        page.v == 0 && (0..<100).contains(page.h) ? file(page.h) : nil
    }

    static func decoded(_ request: DecodeRequest) -> DecodeResult {
        DecodeResult(request: request, outcome: .success(DecodedImage(
            width: 1, height: 1, pixels: [1, 2, 3, 255], sourceWidth: 1, sourceHeight: 1, format: "JPEG", isOpaque: true)))
    }

    @Test func cornersAtRestWaitAndEdgeNeighboursDoNot() {
        let model = PagerModel(pageWidth: 1280, pageHeight: 800)
        let corners = CornerDeferral()
        for slot in model.slots {
            #expect(corners.shouldDefer(slot) == (slot.column != 0 && slot.row != 0))
        }
    }

    @Test func aWaitingCornerIsDueOnceAFlipMakesItAnEdgeNeighbour() {
        var model = PagerModel(pageWidth: 1280, pageHeight: 800)
        var corners = CornerDeferral()
        let upRight = model.slots.slot(column: 1, row: -1).id
        corners.insert(upRight)
        let dueAtRest = corners.due(in: model.slots)
        #expect(dueAtRest.isEmpty)
        model.go(to: PageIndex(h: 1, v: 0), animated: false, time: 0)
        #expect(model.slots[upRight].column == 0)
        let dueAfterFlip = corners.due(in: model.slots)
        #expect(dueAfterFlip == [upRight])
        #expect(corners.waiting.isEmpty)
    }

    @Test func thePrefetchDecodesTheTwoPagesBeyondTheNeighbourInTheHeading() throws {
        var prefetch = PagePrefetch()
        let planned = prefetch.plan(current: PageIndex(h: 5, v: 0), heading: (1, 0), width: 1280, height: 800,
                                      source: Self.row)
        let plan = try #require(planned)
        #expect(plan.requests.map(\.source) == [Self.file(7), Self.file(8)])
        #expect(plan.requests.allSatisfy { PagePrefetch.isPrefetch($0.slot) && $0.priority < DecodePriority.diagonal })
        let again = prefetch.plan(current: PageIndex(h: 5, v: 0), heading: (1, 0), width: 1280, height: 800,
                                  source: Self.row)
        #expect(again == nil)
    }

    @Test func thePrefetchsDecodesWaitUntilNoOtherDecodeRuns() throws {
        var prefetch = PagePrefetch()
        let planned = prefetch.plan(current: PageIndex(h: 5, v: 0), heading: (1, 0), width: 1280, height: 800,
                                      source: Self.row)
        let plan = try #require(planned)
        #expect(!plan.requests.isEmpty)
        #expect(plan.requests.allSatisfy { $0.isSpeculative })
    }

    @Test func atRestThePrefetchLooksRightwards() throws {
        var prefetch = PagePrefetch()
        let planned = prefetch.plan(current: PageIndex(h: 0, v: 0), heading: (0, 0), width: 1280, height: 800,
                                      source: Self.row)
        let plan = try #require(planned)
        #expect(plan.requests.map(\.source) == [Self.file(2), Self.file(3)])
    }

    @Test func aPrefetchedPageAnswersThePoolSlotThatAsksForIt() throws {
        var prefetch = PagePrefetch()
        let planned = prefetch.plan(current: PageIndex(h: 5, v: 0), heading: (1, 0), width: 1280, height: 800,
                                      source: Self.row)
        let plan = try #require(planned)
        for request in plan.requests { prefetch.store(Self.decoded(request)) }
        let poolRequest = DecodeRequest(slot: 3, generation: 12, source: Self.file(7), maxWidth: 1280, maxHeight: 800, priority: 3)
        let answered1 = prefetch.hit(poolRequest)
        #expect(answered1)
        let hits = prefetch.takeHits()
        #expect(hits.map(\.request) == [poolRequest])
        #expect(!prefetch.hasHits)
        // Handed over: the same page is not answered twice.
        let answered2 = prefetch.hit(poolRequest)
        #expect(!answered2)
    }

    @Test func aPageStillDecodingWhenThePagerMovesOnIsAskedAgainUnderASlotOfItsOwn() throws {
        var prefetch = PagePrefetch()
        _ = prefetch.plan(current: PageIndex(h: 5, v: 0), heading: (1, 0), width: 1280, height: 800, source: Self.row)
        // Nothing decoded yet (a loaded machine); the pager lands on 6: pages 8 and 9 are wanted.
        let planned = prefetch.plan(current: PageIndex(h: 6, v: 0), heading: (1, 0), width: 1280, height: 800,
                                    source: Self.row)
        let moved = try #require(planned)
        #expect(Set(moved.requests.map(\.source)) == [Self.file(8), Self.file(9)])
        #expect(Set(moved.requests.map(\.slot)).count == moved.requests.count, "one request per slot id")
        for request in moved.requests { prefetch.store(Self.decoded(request)) }
        let answered = prefetch.hit(DecodeRequest(slot: 3, generation: 40, source: Self.file(8), maxWidth: 1280,
                                                  maxHeight: 800))
        #expect(answered, "page 8 arrives and answers its pool slot")
    }

    @Test func aPrefetchForAnotherBoxOrAStaleGenerationAnswersNothing() throws {
        var prefetch = PagePrefetch()
        let firstPlanned = prefetch.plan(current: PageIndex(h: 5, v: 0), heading: (1, 0), width: 1280, height: 800,
                                           source: Self.row)
        let first = try #require(firstPlanned)
        // The motion turned: pages 3 and 2 are wanted now; 7's late result is dropped.
        let turnedPlanned = prefetch.plan(current: PageIndex(h: 5, v: 0), heading: (-1, 0), width: 1280, height: 800,
                                            source: Self.row)
        let turned = try #require(turnedPlanned)
        #expect(turned.requests.map(\.source) == [Self.file(3), Self.file(2)])
        prefetch.store(Self.decoded(first.requests[0]))
        let answered3 = prefetch.hit(DecodeRequest(slot: 3, generation: 1, source: Self.file(7), maxWidth: 1280, maxHeight: 800))
        #expect(!answered3)
        prefetch.store(Self.decoded(turned.requests[0]))
        let answered4 = prefetch.hit(DecodeRequest(slot: 3, generation: 1, source: Self.file(3), maxWidth: 640, maxHeight: 400))
        #expect(!answered4)
        let answered5 = prefetch.hit(DecodeRequest(slot: 3, generation: 1, source: Self.file(3), maxWidth: 1280, maxHeight: 800))
        #expect(answered5)
    }

    @Test func aFileChangedAfterItsPrefetchWasPlannedIsNotHandedOver() throws {
        var prefetch = PagePrefetch()
        let planned = prefetch.plan(current: PageIndex(h: 40, v: 0), heading: (1, 0), width: 1280, height: 800,
                                    source: Self.row)
        let plan = try #require(planned)
        for request in plan.requests { prefetch.store(Self.decoded(request)) }
        let path = Self.folder + "/img42.jpg"
        try Data([1, 2, 3, 4, 5]).write(to: URL(fileURLWithPath: path))   // replaced: another size
        let changed = prefetch.hit(DecodeRequest(slot: 3, generation: 1, source: Self.file(42), maxWidth: 1280, maxHeight: 800))
        #expect(!changed)
        try FileManager.default.removeItem(atPath: Self.folder + "/img43.jpg")
        let vanished = prefetch.hit(DecodeRequest(slot: 3, generation: 1, source: Self.file(43), maxWidth: 1280, maxHeight: 800))
        #expect(!vanished)
    }

    @Test func thePrefetchStopsAtTheEndOfTheRow() throws {
        var prefetch = PagePrefetch()
        let planned = prefetch.plan(current: PageIndex(h: 98, v: 0), heading: (1, 0), width: 1280, height: 800,
                                      source: Self.row)
        let plan = try #require(planned)
        #expect(plan.requests.isEmpty)
        #expect(plan.cancel == [PagePrefetch.firstSlot, PagePrefetch.firstSlot + 1, PagePrefetch.alsoSlot])
    }

    @Test func aPageAskedForByNameDecodesAheadUnderItsOwnSlot() throws {
        var prefetch = PagePrefetch()
        // A slideshow at the row's last image: the first comes next, beyond the pool.
        let planned = prefetch.plan(current: PageIndex(h: 99, v: 0), heading: (1, 0), also: PageIndex(h: 0, v: 0),
                                    width: 1280, height: 800, source: Self.row)
        let plan = try #require(planned)
        #expect(plan.requests.map(\.source) == [Self.file(0)])
        #expect(plan.requests.map(\.slot) == [PagePrefetch.alsoSlot])
        // The page shown next: decoded as the neighbour ahead is, not after everything else.
        #expect(plan.requests.map(\.priority) == [DecodePriority.ahead])
        #expect(plan.requests.allSatisfy { !$0.isSpeculative })
        #expect(prefetch.isDecoding(Self.file(0)))
        prefetch.store(Self.decoded(plan.requests[0]))
        #expect(!prefetch.isDecoding(Self.file(0)))
        let answered = prefetch.hit(DecodeRequest(slot: 4, generation: 7, source: Self.file(0), maxWidth: 1280,
                                                  maxHeight: 800))
        #expect(answered, "the jump's slot takes it")
    }

    @Test func aPageAskedForByNameThatLiesAheadAnywayIsAskedForOnce() throws {
        var prefetch = PagePrefetch()
        let planned = prefetch.plan(current: PageIndex(h: 5, v: 0), heading: (1, 0), also: PageIndex(h: 7, v: 0),
                                    width: 1280, height: 800, source: Self.row)
        let plan = try #require(planned)
        #expect(plan.requests.map(\.source) == [Self.file(7), Self.file(8)])
    }

    @Test func aPageAskedForByNameIsAskedForWhenItComesAndCancelledWhenItGoes() throws {
        var prefetch = PagePrefetch()
        _ = prefetch.plan(current: PageIndex(h: 5, v: 0), heading: (1, 0), width: 1280, height: 800, source: Self.row)
        let askedPlan = prefetch.plan(current: PageIndex(h: 5, v: 0), heading: (1, 0), also: PageIndex(h: 50, v: 0),
                                      width: 1280, height: 800, source: Self.row)
        let asked = try #require(askedPlan, "a new page by name is a new plan")
        #expect(asked.requests.map(\.source) == [Self.file(50)], "7 and 8 are asked for already")
        let gonePlan = prefetch.plan(current: PageIndex(h: 5, v: 0), heading: (1, 0), width: 1280, height: 800,
                                     source: Self.row)
        let gone = try #require(gonePlan)
        #expect(gone.requests.isEmpty)
        #expect(gone.cancel == [PagePrefetch.alsoSlot])
        #expect(!prefetch.isDecoding(Self.file(50)))
    }
}
