import Pager

/// Which slots wait before they decode: the four corners of the 3×3 pool.
///
/// A corner page is only ever on screen mid-way through a diagonal `go`;
/// during an axis-locked drag, a flip or a fling it is never visible. So a
/// corner is not decoded (it holds no texture, ~4 MB each at 1280×800) until
/// it is either visible or no longer a corner: after a flip, the slot that
/// was the corner up-right becomes the neighbour above and decodes then.
///
/// ```swift
/// var corners = CornerDeferral()
/// if corners.shouldDefer(slot) { corners.insert(slot.id) } else { submit(slot) }
/// for id in corners.due(in: model.slots) { submit(model.slots[id]) }   // every frame
/// ```
struct CornerDeferral {
    /// Slots whose decode waits.
    private(set) var waiting = Set<Int>()

    /// Whether `slot`'s decode should wait: a corner that is not visible.
    func shouldDefer(_ slot: Slot) -> Bool {
        slot.column != 0 && slot.row != 0 && slot.visibleFraction <= 0
    }

    mutating func insert(_ id: Int) {
        waiting.insert(id)
    }

    /// Forgets `id` (its page changed and it is handled afresh).
    mutating func remove(_ id: Int) {
        waiting.remove(id)
    }

    /// The waiting slots that must decode now (visible, or no longer
    /// corners); they stop waiting.
    mutating func due(in slots: SlotPool) -> [Int] {
        guard !waiting.isEmpty else { return [] }
        var ready: [Int] = []
        for id in waiting where !shouldDefer(slots[id]) { ready.append(id) }
        for id in ready { waiting.remove(id) }
        return ready.sorted()
    }
}
