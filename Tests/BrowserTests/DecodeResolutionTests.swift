import Foundation
import Gallery
import Pager
import Testing
@testable import Browser

/// Which pages decode at the page's size and which as small previews: the
/// neighbours off the axis of travel are previews until the motion turns
/// towards them (docs/browser.md, "Folders and decoding").
@Suite struct DecodeResolutionTests {
    @Test func walkingRightThePagesAboveAndBelowArePreviews() {
        #expect(DecodeResolution.of(column: 0, row: -1, heading: (1, 0)) == .preview)
        #expect(DecodeResolution.of(column: 0, row: 1, heading: (1, 0)) == .preview)
    }

    @Test func walkingRightThePagesLeftAndRightArePageSized() {
        #expect(DecodeResolution.of(column: 1, row: 0, heading: (1, 0)) == .page)
        #expect(DecodeResolution.of(column: -1, row: 0, heading: (1, 0)) == .page)
    }

    @Test func walkingDownThePagesLeftAndRightArePreviewsAndAboveAndBelowPageSized() {
        #expect(DecodeResolution.of(column: -1, row: 0, heading: (0, 1)) == .preview)
        #expect(DecodeResolution.of(column: 1, row: 0, heading: (0, -1)) == .preview)
        #expect(DecodeResolution.of(column: 0, row: 1, heading: (0, 1)) == .page)
        #expect(DecodeResolution.of(column: 0, row: -1, heading: (0, 1)) == .page)
    }

    @Test func thePageOnScreenIsAlwaysPageSized() {
        for heading in [(0, 0), (1, 0), (0, 1), (-1, -1)] {
            #expect(DecodeResolution.of(column: 0, row: 0, heading: heading) == .page)
        }
    }

    @Test func aCornerDecodesPageSizedBecauseItIsOnlySeenWhenTheMotionHeadsToIt() {
        #expect(DecodeResolution.of(column: 1, row: 1, heading: (1, 0)) == .page)
        #expect(DecodeResolution.of(column: -1, row: 1, heading: (0, -1)) == .page)
    }

    @Test func beforeAnyMoveTheAxisOfTravelIsTheReadingOrders() {
        #expect(DecodeResolution.of(column: 1, row: 0, heading: (0, 0)) == .page)
        #expect(DecodeResolution.of(column: 0, row: 1, heading: (0, 0)) == .preview)
    }

    @Test func aDiagonalHeadingLeavesNoNeighbourAPreview() {
        for (column, row) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            #expect(DecodeResolution.of(column: column, row: row, heading: (1, 1)) == .page)
        }
    }

    @Test func whileADragIsLockedToAnAxisThatAxisIsTheAxisOfTravel() {
        let vertical = DecodeResolution.travel(heading: (1, 0), dragAxis: .vertical)
        #expect(DecodeResolution.of(column: 0, row: -1, heading: vertical) == .page)
        #expect(DecodeResolution.of(column: 1, row: 0, heading: vertical) == .preview)
        let horizontal = DecodeResolution.travel(heading: (0, 1), dragAxis: .horizontal)
        #expect(DecodeResolution.of(column: -1, row: 0, heading: horizontal) == .page)
    }

    @Test func withNoDragTheLastStepIsTheAxisOfTravel() {
        let travel = DecodeResolution.travel(heading: (0, -1), dragAxis: nil)
        #expect(travel == (0, -1))
    }

    @Test func aPreviewsBoxIsThePagesDividedOnEachSide() {
        let box = DecodeResolution.preview.box(pageWidth: 1280, pageHeight: 800)
        #expect(box.width == 1280 / DecodeResolution.previewDivisor)
        #expect(box.height == 800 / DecodeResolution.previewDivisor)
        let page = DecodeResolution.page.box(pageWidth: 1280, pageHeight: 800)
        #expect(page.width == 1280 && page.height == 800)
    }
}

/// The slot loader applies the resolution: the page below decodes as a
/// preview while the pager walks right and again at the page's size once
/// the motion turns down, showing the preview meanwhile. Demo pages on a
/// software renderer, decoded by the loader's real workers.
@Suite struct PreviewLoadingTests {
    static let pageSize = (width: 320, height: 200)

    /// The demo gallery on a software renderer with a started slot loader,
    /// every slot asked for once.
    final class DemoLoading {
        let canvas: OffscreenCanvas
        var model: PagerModel
        let loader = SlotLoader(firstImage: nil) {}
        let readiness = ReadinessLog(frameTimes: false)

        init() throws {
            canvas = try OffscreenCanvas(width: pageSize.width, height: pageSize.height)
            model = PagerModel(pageWidth: Double(pageSize.width), pageHeight: Double(pageSize.height))
            loader.loadAll()
            submit()
        }

        deinit { loader.shutdown() }

        /// The loader's per-frame submission for the model as it is.
        func submit() {
            loader.submit(model: model, catalog: .demo, contents: canvas.contents, pageSize: pageSize,
                          turns: ViewTurns(file: nil), readiness: readiness, log: nil, now: { 0 })
        }

        /// Hands the model's events to the loader, then submits.
        func noteEventsAndSubmit() {
            while let event = model.pollEvent() { loader.note(event) }
            submit()
        }

        /// Collects finished decodes until every slot at `ids` shows an image
        /// (of `width(id)` px when given), or 20 s passed: a hang fails the
        /// test instead of stalling it.
        func receive(until ids: [Int], width: (Int) -> Int? = { _ in nil }) {
            for _ in 0..<2000 {
                loader.receive(model: model, contents: canvas.contents, readiness: readiness, log: nil, time: 0)
                let done = ids.allSatisfy { id in
                    guard case .image(let image) = canvas.contents[id] else { return false }
                    return width(id).map { image.width == $0 } ?? true
                }
                if done { return }
                usleep(10_000)
            }
        }

        func shownWidth(_ id: Int) -> Int? {
            if case .image(let image) = canvas.contents[id] { image.width } else { nil }
        }
    }

    @Test func thePageBelowIsAPreviewWalkingRightAndPageSizedOnceTheMotionTurnsDown() throws {
        let demo = try DemoLoading()
        let right = demo.model.slots.slot(column: 1, row: 0).id
        let below = demo.model.slots.slot(column: 0, row: 1).id
        demo.receive(until: [right, below])
        let previewWidth = DecodeResolution.preview.box(pageWidth: Self.pageSize.width,
                                                        pageHeight: Self.pageSize.height).width
        #expect(demo.shownWidth(right) == Self.pageSize.width)
        #expect(demo.shownWidth(below) == previewWidth)
        #expect(demo.loader.previewSlots.contains(below))

        _ = demo.model.apply(.flip(.down), time: 0)
        demo.noteEventsAndSubmit()
        // Until the sharp decode comes, the slot keeps its preview: no placeholder.
        #expect(demo.shownWidth(below) == previewWidth)
        demo.receive(until: [below], width: { $0 == below ? Self.pageSize.width : nil })
        #expect(demo.shownWidth(below) == Self.pageSize.width)
        #expect(!demo.loader.previewSlots.contains(below))
    }

    @Test func aDragLockedUpOrDownDecodesThePageBelowAtThePagesSizeBeforeItIsReleased() throws {
        let demo = try DemoLoading()
        let below = demo.model.slots.slot(column: 0, row: 1).id
        demo.receive(until: [below])
        #expect(demo.loader.previewSlots.contains(below))

        // Up by 60 px, past the 16 px slop: the drag locks to the vertical axis.
        _ = demo.model.apply(.pointerDown(x: 160, y: 150), time: 0)
        _ = demo.model.apply(.pointerMoved(x: 160, y: 120), time: 0.02)
        _ = demo.model.apply(.pointerMoved(x: 160, y: 90), time: 0.04)
        demo.noteEventsAndSubmit()
        demo.receive(until: [below], width: { $0 == below ? Self.pageSize.width : nil })
        #expect(demo.shownWidth(below) == Self.pageSize.width)
        #expect(!demo.loader.previewSlots.contains(below))
    }
}
