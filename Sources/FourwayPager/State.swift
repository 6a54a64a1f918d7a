import CFourwayPager
import Pager

/// `bool fw_pager_is_settled(const fw_pager *)`.
@_cdecl("fw_pager_is_settled")
public func pagerIsSettled(_ handle: OpaquePointer?) -> Bool {
    model(handle)?.pointee.isSettled ?? false
}

/// `fw_page fw_pager_current_page(const fw_pager *)`.
@_cdecl("fw_pager_current_page")
public func pagerCurrentPage(_ handle: OpaquePointer?) -> fw_page {
    guard let pager = model(handle) else { return fw_page(h: 0, v: 0) }
    return fw_page(pager.pointee.currentPage)
}

/// `fw_point fw_pager_offset(const fw_pager *)`.
@_cdecl("fw_pager_offset")
public func pagerOffset(_ handle: OpaquePointer?) -> fw_point {
    guard let pager = model(handle) else { return fw_point(x: 0, y: 0) }
    let offset = pager.pointee.offset
    return fw_point(x: offset.x, y: offset.y)
}

/// `size_t fw_pager_slots(const fw_pager *, fw_slot out[9])`.
@_cdecl("fw_pager_slots")
public func pagerSlots(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<fw_slot>?) -> Int {
    guard let pager = model(handle), let out else { return 0 }
    // Through the pool's own subscript: the model is read in place, not copied.
    for id in 0..<SlotPool.capacity {
        let slot = pager.pointee.slots[id]
        let frame = slot.frame
        out[id] = fw_slot(
            id: Int32(slot.id), column: Int32(slot.column), row: Int32(slot.row),
            has_page: slot.page != nil,
            page: slot.page.map(fw_page.init) ?? fw_page(h: 0, v: 0),
            frame: fw_rect(x: frame.x, y: frame.y, width: frame.width, height: frame.height),
            visible_fraction: slot.visibleFraction)
    }
    return SlotPool.capacity
}
