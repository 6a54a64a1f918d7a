import CFourwayPager
import Pager

// The paging options (since 0.2.0): each function checks its arguments, then
// performs one `PagerModel` setter (`PagerModel+Options.swift`, `setRowLengths`).

/// `bool fw_pager_set_spacing(fw_pager *, double spacing, double time)`.
@_cdecl("fw_pager_set_spacing")
public func pagerSetSpacing(_ handle: OpaquePointer?, _ spacing: Double, _ time: Double) -> Bool {
    guard let pager = model(handle), spacing.isFinite, spacing >= 0 else { return false }
    pager.pointee.setSpacing(spacing, time: time)
    return true
}

/// `bool fw_pager_set_reversed(fw_pager *, bool horizontal, bool vertical, double time)`.
@_cdecl("fw_pager_set_reversed")
public func pagerSetReversed(_ handle: OpaquePointer?, _ horizontal: Bool, _ vertical: Bool, _ time: Double) -> Bool {
    guard let pager = model(handle) else { return false }
    pager.pointee.setReversed(horizontal: horizontal, vertical: vertical, time: time)
    return true
}

/// `bool fw_pager_set_long_swipes(fw_pager *, bool allowed, int32_t maximum_pages)`.
@_cdecl("fw_pager_set_long_swipes")
public func pagerSetLongSwipes(_ handle: OpaquePointer?, _ allowed: Bool, _ maximumPages: Int32) -> Bool {
    guard let pager = model(handle), maximumPages >= 1 else { return false }
    pager.pointee.setLongSwipes(allowed, maximumPages: Int(maximumPages))
    return true
}

/// `bool fw_pager_set_overshoot_edges(fw_pager *, uint32_t edges)`: bit
/// `1 << FW_EDGE_LEFT` and so on, which are `EdgeSet`'s own bits.
@_cdecl("fw_pager_set_overshoot_edges")
public func pagerSetOvershootEdges(_ handle: OpaquePointer?, _ edges: UInt32) -> Bool {
    guard let pager = model(handle), edges & ~UInt32(EdgeSet.all.rawValue) == 0 else { return false }
    pager.pointee.setOvershootEdges(EdgeSet(rawValue: UInt8(edges)))
    return true
}

/// `bool fw_pager_set_row_lengths(fw_pager *, const int64_t *lengths, size_t count, double time)`:
/// the caller's array is read in place, never copied into a new array.
@_cdecl("fw_pager_set_row_lengths")
public func pagerSetRowLengths(_ handle: OpaquePointer?, _ lengths: UnsafePointer<Int64>?, _ count: Int,
                               _ time: Double) -> Bool {
    guard let pager = model(handle), count >= 0 else { return false }
    if count == 0 {
        pager.pointee.setRowLengths(nil, time: time)
        return true
    }
    guard let lengths else { return false }
    let given = UnsafeBufferPointer(start: lengths, count: count)
    for length in given where length < 0 { return false }
    pager.pointee.setRowLengths(given.lazy.map { clampedPageIndex($0) }, time: time)
    return true
}

// The touchpad's options (since 0.3.0), in the same style: checked, then one
// `PagerModel` setter (`PagerModel+Options.swift`).

/// `bool fw_pager_set_touchpad_distance(fw_pager *, double horizontal, double vertical)`:
/// touchpad units per page, both finite and above 0.
@_cdecl("fw_pager_set_touchpad_distance")
public func pagerSetTouchpadDistance(_ handle: OpaquePointer?, _ horizontal: Double, _ vertical: Double) -> Bool {
    guard let pager = model(handle), horizontal.isFinite, horizontal > 0, vertical.isFinite, vertical > 0
    else { return false }
    pager.pointee.setTouchpadDistance(TouchpadDistance(horizontal: horizontal, vertical: vertical))
    return true
}

/// `bool fw_pager_set_scroll_end_gap(fw_pager *, double seconds)`: above 0,
/// `INFINITY` allowed (only `fw_pager_scroll_ended` ends a swipe).
@_cdecl("fw_pager_set_scroll_end_gap")
public func pagerSetScrollEndGap(_ handle: OpaquePointer?, _ seconds: Double) -> Bool {
    guard let pager = model(handle), seconds > 0 else { return false }   // NaN fails `> 0` too
    pager.pointee.setScrollEndGap(seconds)
    return true
}
