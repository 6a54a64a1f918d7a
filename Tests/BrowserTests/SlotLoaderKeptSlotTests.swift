import Pager
import Testing
@testable import Browser

/// After a delete or a folder change the picture on screen moves to the slot
/// of its new page and is kept there, not decoded again
/// (`SlotLoader.loadAll(keeping:showing:)`), but only when the slot shows its
/// final content: a placeholder came with a decode asked for under its old
/// slot, which is dropped, so the slot must load again or show the
/// placeholder for good (seen after a delete on a busy machine: the next
/// image's decode had not come when the slide ended).
@Suite struct SlotLoaderKeptSlotTests {
    static let allSlots = Set(0..<SlotPool.capacity)

    @Test func aKeptSlotShowingItsFinalContentIsNotLoadedAgain() {
        let loader = SlotLoader(firstImage: nil) {}
        defer { loader.shutdown() }
        loader.loadAll(keeping: 4, showing: .failed(title: "a.jpg", message: "truncated JPEG data"))
        #expect(loader.slotsToLoad == Self.allSlots.subtracting([4]))
    }

    @Test func aKeptSlotStillShowingItsPlaceholderLoadsToo() {
        let loader = SlotLoader(firstImage: nil) {}
        defer { loader.shutdown() }
        loader.loadAll(keeping: 4, showing: .loading(title: "b.jpg"))
        #expect(loader.slotsToLoad == Self.allSlots)
    }
}
