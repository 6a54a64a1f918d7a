import Pager
import Testing

/// A fixed pool of nine slots with stable ids, recycled only
/// when a flip lands, so the host re-uses six textures and loads three.
@Suite("Slots")
struct SlotsTests {
    @Test func nineSlotsWithIdsZeroToEightAtDistinctGridPositions() {
        let pager = RecordingPager()
        #expect(pager.model.slots.count == 9)
        #expect(pager.model.slots.map(\.id) == Array(0..<9))
        let positions = Set(pager.model.slots.map { [$0.column, $0.row] })
        #expect(positions.count == 9)
        for slot in pager.model.slots {
            #expect((-1...1).contains(slot.column) && (-1...1).contains(slot.row))
        }
    }

    @Test func eachSlotShowsTheCurrentPagePlusItsGridPosition() {
        let pager = RecordingPager(initialPage: page(3, -2))
        for slot in pager.model.slots {
            #expect(slot.page == page(3 + slot.column, -2 + slot.row))
        }
    }

    @Test func atRestTheCentreSlotFillsTheViewport() {
        let pager = RecordingPager()
        for slot in pager.model.slots {
            let expected = Rect(
                x: Double(slot.column) * pageWidth, y: Double(slot.row) * pageHeight,
                width: pageWidth, height: pageHeight)
            #expect(slot.frame == expected)
            #expect(slot.visibleFraction == (slot.column == 0 && slot.row == 0 ? 1 : 0))
        }
    }

    @Test func framesFollowTheSharedOffsetDuringADrag() {
        var pager = RecordingPager()
        pager.grab(along: .horizontal, towards: -1, at: 0)
        pager.move(pager.pointer.x - 250, 400, at: 0.05)
        #expect(pager.model.offset == Point(x: -250, y: 0))
        for slot in pager.model.slots {
            #expect(slot.frame.x == Double(slot.column) * pageWidth - 250)
            #expect(slot.frame.y == Double(slot.row) * pageHeight)
            #expect(slot.frame.width == pageWidth && slot.frame.height == pageHeight)
        }
        let centre = pager.model.slots.slot(column: 0, row: 0)
        let right = pager.model.slots.slot(column: 1, row: 0)
        #expect(abs(centre.visibleFraction - 0.75) < 1e-12)
        #expect(abs(right.visibleFraction - 0.25) < 1e-12)
        let total = pager.model.slots.reduce(0) { $0 + $1.visibleFraction }
        #expect(abs(total - 1) < 1e-12)
    }

    @Test(arguments: [false, true])
    func framesFollowTheOffsetWhenAReleaseJustPastAnEdgeSettlesAtOnce(touchpad: Bool) {
        // 0.9 px past the left edge shows as ~0.5 px: within the rest distance,
        // so the release settles at once; the frames must say so too.
        var pager = RecordingPager(horizontalPages: 5)
        if touchpad {
            pager.scroll(dx: -5, dy: 0, at: 0.01)      // units: -12.5 px
            pager.scroll(dx: 5.36, dy: 0, at: 0.02)    // +13.4 px
        } else {
            pager.grab(along: .horizontal, towards: -1, at: 0)
            pager.move(pager.pointer.x + 0.9, 400, at: 0.02)
        }
        #expect(pager.model.offset.x > 0 && pager.model.offset.x < 0.5)
        pager.run(until: 0.1)
        if touchpad { pager.scrollEnded(at: 0.1) } else { pager.up(at: 0.1) }
        let stale = pager.model.slots.filter { $0.frame.x != Double($0.column) * pageWidth + pager.model.offset.x }
        #expect(stale.isEmpty, "frames \(stale.map(\.frame.x)) for offset \(pager.model.offset.x)")
    }

    @Test func framesFollowTheOffsetWhenAScrollThatCaughtANudgeEndsAtRest() {
        // Found by the property tests: a scroll catches an edge nudge and
        // carries it to just past the other edge of a single page, then ends
        // with no velocity left, so the release settles at once.
        var pager = RecordingPager(horizontalPages: 1)
        pager.flip(.left, at: 0)
        pager.advance(to: 1 / 60)
        pager.advance(to: 2 / 60)
        let shown = pager.model.offset.x
        let raw = (pageWidth / 0.55) * shown / (pageWidth - shown)  // the rubber band undone
        pager.scroll(dx: -raw - 0.9, dy: 0, at: 2 / 60)
        pager.scrollEnded(at: 2 / 60 + 0.15)
        let stale = pager.model.slots.filter { $0.frame.x != Double($0.column) * pageWidth + pager.model.offset.x }
        #expect(stale.isEmpty, "frames \(stale.map(\.frame.x)) for offset \(pager.model.offset.x)")
    }

    @Test func slotsAreNotRecycledBeforeTheFlipLands() {
        var pager = RecordingPager()
        let before = pagesBySlot(pager.model.slots)
        pager.flip(.right, at: 0)
        pager.run(until: 0.05)
        #expect(pager.model.currentPage == page(0, 0))
        #expect(pager.model.offset.x < 0, "the flip is under way")
        #expect(pagesBySlot(pager.model.slots) == before)
        #expect(pager.recycles.isEmpty)
    }

    @Test func flipRecyclesExactlyTheThreeSlotsThatFellBehind() {
        var pager = RecordingPager()
        let before = pagesBySlot(pager.model.slots)
        let leftColumnIDs = Set(pager.model.slots.filter { $0.column == -1 }.map(\.id))
        pager.flip(.right, at: 0)
        pager.settle()
        #expect(pager.model.currentPage == page(1, 0))
        #expect(pager.recycles.count == 1)
        let changes = pager.recycles.first ?? SlotChanges()
        #expect(changes.count == 3)
        #expect(Set(changes.map(\.slot)) == leftColumnIDs)
        #expect(Set(changes.compactMap(\.page)) == [page(2, -1), page(2, 0), page(2, 1)])
        for change in changes {
            #expect(pager.model.slots[change.slot].page == change.page)
            #expect(pager.model.slots[change.slot].column == 1)
        }
        for id in 0..<9 where !leftColumnIDs.contains(id) {
            #expect(pager.model.slots[id].page == before[id], "slot \(id) keeps its page")
        }
    }

    @Test func landingMovesEverySlotToItsWrappedGridPosition() {
        var pager = RecordingPager()
        let before = pager.model.slots
        pager.flip(.down, at: 0)
        pager.settle()
        let (dh, dv) = (0, 1)
        for old in before {
            let moved = pager.model.slots[old.id]
            #expect(moved.column == positiveModulo(old.column - dh + 1, 3) - 1)
            #expect(moved.row == positiveModulo(old.row - dv + 1, 3) - 1)
            #expect(moved.page == page(moved.column, 1 + moved.row))
        }
    }

    @Test func aPageStillInTheWindowKeepsItsSlot() {
        var pager = RecordingPager()
        let rightID = pager.model.slots.slot(showing: page(1, 0))!.id
        let originID = pager.model.slots.slot(showing: page(0, 0))!.id
        pager.flip(.right, at: 0)
        pager.settle()
        #expect(pager.model.slots.slot(showing: page(1, 0))?.id == rightID)
        #expect(pager.model.slots.slot(showing: page(0, 0))?.id == originID)
        pager.flip(.left, at: pager.now)
        pager.settle()
        #expect(pager.model.slots.slot(showing: page(1, 0))?.id == rightID)
        #expect(pager.model.slots.slot(showing: page(0, 0))?.id == originID)
    }

    @Test func diagonalLandingRecyclesFiveSlots() {
        var pager = RecordingPager()
        let before = pagesBySlot(pager.model.slots)
        pager.go(to: page(1, 1), animated: true, at: 0)
        pager.settle()
        #expect(pager.model.currentPage == page(1, 1))
        let changes = pager.recycles.last ?? SlotChanges()
        #expect(changes.count == 5)
        let after = pagesBySlot(pager.model.slots)
        #expect(Set(changes.map(\.slot)) == Set((0..<9).filter { before[$0] != after[$0] }))
        for slot in pager.model.slots {
            #expect(slot.page == page(1 + slot.column, 1 + slot.row))
        }
    }

    @Test func recyclingAtABoundedEdgeHandsOutNilPages() {
        var pager = RecordingPager(horizontalPages: 3, initialPage: page(1, 0))
        pager.flip(.right, at: 0)
        pager.settle()
        let changes = pager.recycles.last ?? SlotChanges()
        #expect(changes.count == 3)
        #expect(changes.allSatisfy { $0.page == nil })
        for slot in pager.model.slots where slot.column == 1 {
            #expect(slot.page == nil)
        }
    }

    @Test func slotsRecycledNamesOnlySlotsWhosePageChanged() {
        var pager = RecordingPager(verticalPages: 1)
        let before = pagesBySlot(pager.model.slots)
        pager.flip(.right, at: 0)
        pager.settle()
        let after = pagesBySlot(pager.model.slots)
        let changes = pager.recycles.last ?? SlotChanges()
        let reallyChanged = Set((0..<9).filter { before[$0] != after[$0] })
        // Only the middle row has pages; slots going from nil to nil did not change.
        #expect(reallyChanged.count == 1)
        #expect(Set(changes.map(\.slot)) == reallyChanged)
    }
}
