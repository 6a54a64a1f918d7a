import CFourwayPager
import Pager

// Zoom and pan of the current page (since 0.2.0): `PagerModel+Zoom.swift`
// and `PageZoom`. A scale or a factor must be a finite number above 0 and a
// point finite; otherwise the call returns false and changes nothing.

/// `bool fw_pager_set_zoom_content(fw_pager *, double width, double height, double pixel_scale, double time)`.
@_cdecl("fw_pager_set_zoom_content")
public func pagerSetZoomContent(_ handle: OpaquePointer?, _ width: Double, _ height: Double,
                                _ pixelScale: Double, _ time: Double) -> Bool {
    guard let pager = model(handle), isValidLength(width), isValidLength(height), isValidLength(pixelScale)
    else { return false }
    pager.pointee.setZoomContent(width: width, height: height, pixelScale: pixelScale, time: time)
    return true
}

/// `bool fw_pager_zoom_to(fw_pager *, double scale, double x, double y, bool animated, double time)`.
@_cdecl("fw_pager_zoom_to")
public func pagerZoomTo(_ handle: OpaquePointer?, _ scale: Double, _ x: Double, _ y: Double,
                        _ animated: Bool, _ time: Double) -> Bool {
    guard let pager = model(handle), isValidLength(scale), x.isFinite, y.isFinite else { return false }
    return pager.pointee.zoom(to: scale, around: Point(x: x, y: y), animated: animated, time: time)
}

/// `bool fw_pager_zoom_by(fw_pager *, double factor, double x, double y, bool animated, double time)`.
@_cdecl("fw_pager_zoom_by")
public func pagerZoomBy(_ handle: OpaquePointer?, _ factor: Double, _ x: Double, _ y: Double,
                        _ animated: Bool, _ time: Double) -> Bool {
    guard let pager = model(handle), isValidLength(factor), x.isFinite, y.isFinite else { return false }
    return pager.pointee.zoom(by: factor, around: Point(x: x, y: y), animated: animated, time: time)
}

/// `bool fw_pager_zoom_in(fw_pager *, double x, double y, double time)`.
@_cdecl("fw_pager_zoom_in")
public func pagerZoomIn(_ handle: OpaquePointer?, _ x: Double, _ y: Double, _ time: Double) -> Bool {
    guard let pager = model(handle), x.isFinite, y.isFinite else { return false }
    return pager.pointee.zoomIn(around: Point(x: x, y: y), time: time)
}

/// `bool fw_pager_zoom_out(fw_pager *, double x, double y, double time)`.
@_cdecl("fw_pager_zoom_out")
public func pagerZoomOut(_ handle: OpaquePointer?, _ x: Double, _ y: Double, _ time: Double) -> Bool {
    guard let pager = model(handle), x.isFinite, y.isFinite else { return false }
    return pager.pointee.zoomOut(around: Point(x: x, y: y), time: time)
}

/// `bool fw_pager_toggle_zoom(fw_pager *, double x, double y, double time)`.
@_cdecl("fw_pager_toggle_zoom")
public func pagerToggleZoom(_ handle: OpaquePointer?, _ x: Double, _ y: Double, _ time: Double) -> Bool {
    guard let pager = model(handle), x.isFinite, y.isFinite else { return false }
    return pager.pointee.toggleZoom(around: Point(x: x, y: y), time: time)
}

/// `bool fw_pager_reset_zoom(fw_pager *, bool animated, double time)`.
@_cdecl("fw_pager_reset_zoom")
public func pagerResetZoom(_ handle: OpaquePointer?, _ animated: Bool, _ time: Double) -> Bool {
    guard let pager = model(handle) else { return false }
    return pager.pointee.resetZoom(animated: animated, time: time)
}

/// `double fw_pager_zoom_scale(const fw_pager *)`.
@_cdecl("fw_pager_zoom_scale")
public func pagerZoomScale(_ handle: OpaquePointer?) -> Double {
    model(handle)?.pointee.zoom.scale ?? 1
}

/// `double fw_pager_zoom_target_scale(const fw_pager *)`.
@_cdecl("fw_pager_zoom_target_scale")
public func pagerZoomTargetScale(_ handle: OpaquePointer?) -> Double {
    model(handle)?.pointee.zoom.targetScale ?? 1
}

/// `double fw_pager_zoom_maximum_scale(const fw_pager *)`.
@_cdecl("fw_pager_zoom_maximum_scale")
public func pagerZoomMaximumScale(_ handle: OpaquePointer?) -> Double {
    model(handle)?.pointee.zoom.maximumScale ?? 1
}

/// `bool fw_pager_is_zoomed(const fw_pager *)`.
@_cdecl("fw_pager_is_zoomed")
public func pagerIsZoomed(_ handle: OpaquePointer?) -> Bool {
    model(handle)?.pointee.zoom.isZoomed ?? false
}

/// `fw_point fw_pager_zoom_translation(const fw_pager *)`.
@_cdecl("fw_pager_zoom_translation")
public func pagerZoomTranslation(_ handle: OpaquePointer?) -> fw_point {
    guard let pager = model(handle) else { return fw_point(x: 0, y: 0) }
    let translation = pager.pointee.zoom.translation
    return fw_point(x: translation.x, y: translation.y)
}

/// `fw_rect fw_pager_zoom_content_frame(const fw_pager *)`: `PageZoom.contentFrame(in:)`
/// of the current page's slot (column 0, row 0).
@_cdecl("fw_pager_zoom_content_frame")
public func pagerZoomContentFrame(_ handle: OpaquePointer?) -> fw_rect {
    guard let pager = model(handle) else { return fw_rect(x: 0, y: 0, width: 0, height: 0) }
    return fw_rect(currentContentFrame(pager))
}

/// `fw_rect fw_pager_zoom_visible_rect(const fw_pager *)`: the content frame
/// cut to the page's slot and the viewport, as fractions of the content.
@_cdecl("fw_pager_zoom_visible_rect")
public func pagerZoomVisibleRect(_ handle: OpaquePointer?) -> fw_rect {
    let none = fw_rect(x: 0, y: 0, width: 0, height: 0)
    guard let pager = model(handle) else { return none }
    let content = currentContentFrame(pager)
    let page = pager.pointee.slots.slot(column: 0, row: 0).frame
    let left = max(content.x, page.x, 0)
    let top = max(content.y, page.y, 0)
    let right = min(content.x + content.width, page.x + page.width, pager.pointee.pageWidth)
    let bottom = min(content.y + content.height, page.y + page.height, pager.pointee.pageHeight)
    guard right > left, bottom > top, content.width > 0, content.height > 0 else { return none }
    return fw_rect(x: (left - content.x) / content.width, y: (top - content.y) / content.height,
                   width: (right - left) / content.width, height: (bottom - top) / content.height)
}

/// Where the current page's content is drawn now, viewport px.
private func currentContentFrame(_ pager: UnsafeMutablePointer<PagerModel>) -> Rect {
    pager.pointee.zoom.contentFrame(in: pager.pointee.slots.slot(column: 0, row: 0).frame)
}

extension fw_rect {
    init(_ rect: Rect) { self.init(x: rect.x, y: rect.y, width: rect.width, height: rect.height) }
}
