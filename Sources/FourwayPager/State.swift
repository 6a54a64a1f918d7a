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

/// `fw_phase fw_pager_phase(const fw_pager *)`: one constant per `PagerPhase.name`.
@_cdecl("fw_pager_phase")
public func pagerPhase(_ handle: OpaquePointer?) -> fw_phase {
    guard let pager = model(handle) else { return fw_phase(FW_PHASE_IDLE) }
    switch pager.pointee.phase {
    case .idle: return fw_phase(FW_PHASE_IDLE)
    case .pressed: return fw_phase(FW_PHASE_PRESSED)
    case .dragging(.horizontal): return fw_phase(FW_PHASE_DRAGGING_H)
    case .dragging(.vertical): return fw_phase(FW_PHASE_DRAGGING_V)
    case .dragging(nil): return fw_phase(FW_PHASE_DRAGGING_NONE)
    case .scrolling(.horizontal): return fw_phase(FW_PHASE_SCROLLING_H)
    case .scrolling(.vertical): return fw_phase(FW_PHASE_SCROLLING_V)
    case .scrolling(nil): return fw_phase(FW_PHASE_SCROLLING_NONE)
    case .animating: return fw_phase(FW_PHASE_ANIMATING)
    case .settling: return fw_phase(FW_PHASE_SETTLING)
    }
}

/// `bool fw_pager_is_dragging(const fw_pager *)`.
@_cdecl("fw_pager_is_dragging")
public func pagerIsDragging(_ handle: OpaquePointer?) -> Bool {
    model(handle)?.pointee.isDragging ?? false
}

/// `double fw_pager_time(const fw_pager *)`.
@_cdecl("fw_pager_time")
public func pagerTime(_ handle: OpaquePointer?) -> Double {
    model(handle)?.pointee.time ?? 0
}

/// `size_t fw_pager_dropped_event_count(const fw_pager *)`.
@_cdecl("fw_pager_dropped_event_count")
public func pagerDroppedEventCount(_ handle: OpaquePointer?) -> Int {
    model(handle)?.pointee.droppedEventCount ?? 0
}

/// `fw_point fw_pager_page_size(const fw_pager *)`.
@_cdecl("fw_pager_page_size")
public func pagerPageSize(_ handle: OpaquePointer?) -> fw_point {
    guard let pager = model(handle) else { return fw_point(x: 0, y: 0) }
    return fw_point(x: pager.pointee.pageWidth, y: pager.pointee.pageHeight)
}

/// `bool fw_pager_page_counts(const fw_pager *, int64_t *horizontal, int64_t *vertical)`:
/// `horizontalPages` and `verticalPages`, `nil` as `FW_PAGES_INFINITE`.
@_cdecl("fw_pager_page_counts")
public func pagerPageCounts(_ handle: OpaquePointer?, _ horizontal: UnsafeMutablePointer<Int64>?,
                            _ vertical: UnsafeMutablePointer<Int64>?) -> Bool {
    guard let pager = model(handle) else { return false }
    horizontal?.pointee = pager.pointee.horizontalPages.map { Int64($0) } ?? Int64(FW_PAGES_INFINITE)
    vertical?.pointee = pager.pointee.verticalPages.map { Int64($0) } ?? Int64(FW_PAGES_INFINITE)
    return true
}

/// `size_t fw_pager_row_lengths(const fw_pager *, int64_t *out, size_t capacity)`.
@_cdecl("fw_pager_row_lengths")
public func pagerRowLengths(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int64>?, _ capacity: Int) -> Int {
    guard let pager = model(handle), let lengths = pager.pointee.rowLengths else { return 0 }
    if let out {
        for row in 0..<min(max(0, capacity), lengths.count) { out[row] = Int64(lengths[row]) }
    }
    return lengths.count
}

/// `fw_config fw_pager_config(const fw_pager *)`.
@_cdecl("fw_pager_config")
public func pagerConfig(_ handle: OpaquePointer?) -> fw_config {
    fw_config(model(handle)?.pointee.configuration ?? PagerConfiguration())
}
