import CFourwayPager
import Pager

// Input: each function performs one `PagerCommand`. Input with a coordinate
// that is not a finite number is ignored (it would poison the offset); a
// non-finite time is ignored by the engine itself, which keeps the latest
// finite time it has seen.

/// Performs `command` on the pager behind `handle`; `false` for a null
/// handle and for pointer or scroll input with a coordinate that is not finite.
private func perform(_ handle: OpaquePointer?, _ command: PagerCommand, _ time: Double) -> Bool {
    guard let pager = model(handle) else { return false }
    switch command {
    case .pointerDown(let x, let y), .pointerMoved(let x, let y), .pointerUp(let x, let y),
         .scroll(let x, let y):
        guard x.isFinite, y.isFinite else { return false }
    default:
        break
    }
    return pager.pointee.apply(command, time: time)
}

/// `void fw_pager_pointer_down(fw_pager *, double x, double y, double time)`.
@_cdecl("fw_pager_pointer_down")
public func pagerPointerDown(_ handle: OpaquePointer?, _ x: Double, _ y: Double, _ time: Double) {
    _ = perform(handle, .pointerDown(x: x, y: y), time)
}

/// `void fw_pager_pointer_moved(fw_pager *, double x, double y, double time)`.
@_cdecl("fw_pager_pointer_moved")
public func pagerPointerMoved(_ handle: OpaquePointer?, _ x: Double, _ y: Double, _ time: Double) {
    _ = perform(handle, .pointerMoved(x: x, y: y), time)
}

/// `void fw_pager_pointer_up(fw_pager *, double x, double y, double time)`.
@_cdecl("fw_pager_pointer_up")
public func pagerPointerUp(_ handle: OpaquePointer?, _ x: Double, _ y: Double, _ time: Double) {
    _ = perform(handle, .pointerUp(x: x, y: y), time)
}

/// `void fw_pager_scroll(fw_pager *, double dx, double dy, double time)`.
@_cdecl("fw_pager_scroll")
public func pagerScroll(_ handle: OpaquePointer?, _ dx: Double, _ dy: Double, _ time: Double) {
    _ = perform(handle, .scroll(dx: dx, dy: dy), time)
}

/// `void fw_pager_scroll_ended(fw_pager *, double time)`.
@_cdecl("fw_pager_scroll_ended")
public func pagerScrollEnded(_ handle: OpaquePointer?, _ time: Double) {
    _ = perform(handle, .scrollEnded, time)
}

/// `bool fw_pager_flip(fw_pager *, fw_direction, double time)`.
@_cdecl("fw_pager_flip")
public func pagerFlip(_ handle: OpaquePointer?, _ direction: fw_direction, _ time: Double) -> Bool {
    guard let direction = FlipDirection(direction) else { return false }
    return perform(handle, .flip(direction), time)
}

/// `void fw_pager_go(fw_pager *, int64_t h, int64_t v, bool animated, double time)`.
@_cdecl("fw_pager_go")
public func pagerGo(_ handle: OpaquePointer?, _ h: Int64, _ v: Int64, _ animated: Bool, _ time: Double) {
    _ = perform(handle, .go(PageIndex(fw_page(h: h, v: v)), animated: animated), time)
}

/// `bool fw_pager_interrupt(fw_pager *, fw_interruption, double time)`.
@_cdecl("fw_pager_interrupt")
public func pagerInterrupt(_ handle: OpaquePointer?, _ reason: fw_interruption, _ time: Double) -> Bool {
    guard let reason = InterruptionReason(reason) else { return false }
    return perform(handle, .interrupt(reason), time)
}

/// `bool fw_pager_resize(fw_pager *, double width, double height, double time)`.
@_cdecl("fw_pager_resize")
public func pagerResize(_ handle: OpaquePointer?, _ width: Double, _ height: Double, _ time: Double) -> Bool {
    guard isValidLength(width), isValidLength(height) else { return false }
    return perform(handle, .resize(width: width, height: height), time)
}

/// `bool fw_pager_set_bounds(fw_pager *, int64_t, int64_t, double time)`.
@_cdecl("fw_pager_set_bounds")
public func pagerSetBounds(_ handle: OpaquePointer?, _ horizontalPages: Int64, _ verticalPages: Int64,
                           _ time: Double) -> Bool {
    guard let horizontal = axisBounds(horizontalPages), let vertical = axisBounds(verticalPages) else { return false }
    return perform(handle, .setBounds(horizontal: horizontal.pageCount, vertical: vertical.pageCount), time)
}

/// `void fw_pager_advance(fw_pager *, double time)`.
@_cdecl("fw_pager_advance")
public func pagerAdvance(_ handle: OpaquePointer?, _ time: Double) {
    model(handle)?.pointee.advance(to: time)
}
