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

    /// Collects finished decodes until every slot at `ids` shows an image (or
    /// 20 s passed: a hang fails the test instead of stalling it).
    static func receive(until ids: [Int], loader: SlotLoader, model: PagerModel, canvas: OffscreenCanvas,
                        readiness: ReadinessLog, width: (Int) -> Int? = { _ in nil }) {
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

    static func shownWidth(_ contents: SlotContents, _ id: Int) -> Int? {
        if case .image(let image) = contents[id] { image.width } else { nil }
    }

    @Test func thePageBelowIsAPreviewWalkingRightAndPageSizedOnceTheMotionTurnsDown() throws {
        let canvas = try OffscreenCanvas(width: Self.pageSize.width, height: Self.pageSize.height)
        var model = PagerModel(pageWidth: Double(Self.pageSize.width), pageHeight: Double(Self.pageSize.height))
        let loader = SlotLoader(firstImage: nil) {}
        defer { loader.shutdown() }
        let readiness = ReadinessLog(frameTimes: false)
        func submit() {
            loader.submit(model: model, catalog: .demo, contents: canvas.contents, pageSize: Self.pageSize,
                          turns: ViewTurns(file: nil), readiness: readiness, log: nil, now: { 0 })
        }
        loader.loadAll()
        submit()
        let right = model.slots.slot(column: 1, row: 0).id
        let below = model.slots.slot(column: 0, row: 1).id
        Self.receive(until: [right, below], loader: loader, model: model, canvas: canvas, readiness: readiness)
        let previewWidth = DecodeResolution.preview.box(pageWidth: Self.pageSize.width,
                                                        pageHeight: Self.pageSize.height).width
        #expect(Self.shownWidth(canvas.contents, right) == Self.pageSize.width)
        #expect(Self.shownWidth(canvas.contents, below) == previewWidth)
        #expect(loader.previewSlots.contains(below))

        _ = model.apply(.flip(.down), time: 0)
        while let event = model.pollEvent() { loader.note(event) }
        submit()
        // Until the sharp decode comes, the slot keeps its preview: no placeholder.
        #expect(Self.shownWidth(canvas.contents, below) == previewWidth)
        Self.receive(until: [below], loader: loader, model: model, canvas: canvas, readiness: readiness,
                     width: { $0 == below ? Self.pageSize.width : nil })
        #expect(Self.shownWidth(canvas.contents, below) == Self.pageSize.width)
        #expect(!loader.previewSlots.contains(below))
    }

    @Test func aDragLockedUpOrDownDecodesThePageBelowAtThePagesSizeBeforeItIsReleased() throws {
        let canvas = try OffscreenCanvas(width: Self.pageSize.width, height: Self.pageSize.height)
        var model = PagerModel(pageWidth: Double(Self.pageSize.width), pageHeight: Double(Self.pageSize.height))
        let loader = SlotLoader(firstImage: nil) {}
        defer { loader.shutdown() }
        let readiness = ReadinessLog(frameTimes: false)
        func submit() {
            loader.submit(model: model, catalog: .demo, contents: canvas.contents, pageSize: Self.pageSize,
                          turns: ViewTurns(file: nil), readiness: readiness, log: nil, now: { 0 })
        }
        loader.loadAll()
        submit()
        let below = model.slots.slot(column: 0, row: 1).id
        Self.receive(until: [below], loader: loader, model: model, canvas: canvas, readiness: readiness)
        #expect(loader.previewSlots.contains(below))

        // Up by 60 px, past the 16 px slop: the drag locks to the vertical axis.
        _ = model.apply(.pointerDown(x: 160, y: 150), time: 0)
        _ = model.apply(.pointerMoved(x: 160, y: 120), time: 0.02)
        _ = model.apply(.pointerMoved(x: 160, y: 90), time: 0.04)
        while let event = model.pollEvent() { loader.note(event) }
        submit()
        Self.receive(until: [below], loader: loader, model: model, canvas: canvas, readiness: readiness,
                     width: { $0 == below ? Self.pageSize.width : nil })
        #expect(Self.shownWidth(canvas.contents, below) == Self.pageSize.width)
        #expect(!loader.previewSlots.contains(below))
    }
}
