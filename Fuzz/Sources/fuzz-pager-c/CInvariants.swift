import CFourwayPager

/// What must hold after every call, read back through the C interface only:
/// the ideas of Fuzz/Sources/fuzz-engine/EngineInvariants.swift where the
/// interface shows them, plus what pager.h promises of its values. The first
/// violation traps, with the call's number and the figures in the message.
enum CInvariants {
    static func check(_ pager: OpaquePointer?, spacing: Double, call: Int) {
        if let violation = firstViolation(pager, spacing: spacing) {
            fatalError("after call \(call): \(violation)")
        }
    }

    static func firstViolation(_ pager: OpaquePointer?, spacing: Double) -> String? {
        guard pager != nil else { return "the session lost its pager" }
        let time = fw_pager_time(pager)
        guard time.isFinite else { return "fw_pager_time is \(time)" }
        let phase = fw_pager_phase(pager)
        guard (0...9).contains(phase) else { return "phase \(phase) is not a fw_phase" }
        let offset = fw_pager_offset(pager), size = fw_pager_page_size(pager)
        guard offset.x.isFinite, offset.y.isFinite else { return "offset (\(offset.x), \(offset.y)) is not finite" }
        guard size.x.isFinite, size.y.isFinite, size.x > 0, size.y > 0 else { return "page size \(size.x)×\(size.y)" }
        let pitch = (x: size.x + spacing, y: size.y + spacing)
        guard abs(offset.x) < pitch.x, abs(offset.y) < pitch.y else {
            return "offset (\(offset.x), \(offset.y)) is a whole page or more (pitch \(pitch.x)×\(pitch.y))"
        }
        if fw_pager_is_settled(pager) && (offset.x != 0 || offset.y != 0 || phase != 0) {
            return "settled with offset (\(offset.x), \(offset.y)) in phase \(phase)"
        }
        if let violation = pageViolation(pager) { return violation }
        if let violation = slotViolation(pager, size: size) { return violation }
        return zoomViolation(pager)
    }

    /// The current page lies inside the page counts (and its ragged row).
    static func pageViolation(_ pager: OpaquePointer?) -> String? {
        let page = fw_pager_current_page(pager)
        var horizontal: Int64 = 0, vertical: Int64 = 0
        guard fw_pager_page_counts(pager, &horizontal, &vertical) else { return "fw_pager_page_counts refused a pager" }
        var lengths = [Int64](repeating: 0, count: 64)
        let rows = lengths.withUnsafeMutableBufferPointer { fw_pager_row_lengths(pager, $0.baseAddress, $0.count) }
        if rows > 0, page.v >= 0, page.v < min(rows, lengths.count) {
            horizontal = max(1, lengths[Int(page.v)])
        }
        func inside(_ index: Int64, _ count: Int64) -> Bool {
            switch count {
            // An infinite axis ends at twice FW_PAGE_INDEX_LIMIT, 2^61 (pager.h;
            // the macro's cast does not import into Swift as its value).
            case -1: index >= -(1 << 61) && index <= 1 << 61
            case 0: index == 0
            default: index >= 0 && index < count
            }
        }
        guard inside(page.h, horizontal), inside(page.v, vertical) else {
            return "current page (\(page.h), \(page.v)) outside \(horizontal) × \(vertical) pages (\(rows) ragged rows)"
        }
        return nil
    }

    /// Nine slots with distinct ids and cells, page-sized frames, fractions within 0…1.
    static func slotViolation(_ pager: OpaquePointer?, size: fw_point) -> String? {
        var slots = [fw_slot](repeating: fw_slot(), count: 9)
        guard fw_pager_slots(pager, &slots) == 9 else { return "fw_pager_slots did not return 9" }
        var ids: UInt16 = 0, cells: UInt16 = 0
        for slot in slots {
            guard (0..<9).contains(slot.id), ids & (1 << slot.id) == 0 else { return "slot ids \(slots.map(\.id))" }
            ids |= 1 << slot.id
            guard (-1...1).contains(slot.column), (-1...1).contains(slot.row) else {
                return "slot \(slot.id) at (\(slot.column), \(slot.row))"
            }
            let cell = (slot.row + 1) * 3 + slot.column + 1
            guard cells & (1 << cell) == 0 else { return "two slots at (\(slot.column), \(slot.row))" }
            cells |= 1 << cell
            guard slot.visible_fraction >= 0, slot.visible_fraction <= 1 else {
                return "slot \(slot.id) visible fraction \(slot.visible_fraction)"
            }
            guard !slot.frame.x.isNaN, !slot.frame.y.isNaN, slot.frame.width == size.x, slot.frame.height == size.y else {
                return "slot \(slot.id) frame (\(slot.frame.x), \(slot.frame.y), \(slot.frame.width), \(slot.frame.height))"
            }
            if !slot.has_page && (slot.page.h != 0 || slot.page.v != 0) { return "empty slot \(slot.id) names a page" }
        }
        return nil
    }

    /// Zoom: finite, heading for a scale within 1…maximum, visible part within 0…1.
    static func zoomViolation(_ pager: OpaquePointer?) -> String? {
        let scale = fw_pager_zoom_scale(pager), target = fw_pager_zoom_target_scale(pager)
        let maximum = fw_pager_zoom_maximum_scale(pager), pan = fw_pager_zoom_translation(pager)
        guard scale.isFinite, maximum.isFinite, maximum >= 1, pan.x.isFinite, pan.y.isFinite else {
            return "zoom scale \(scale), maximum \(maximum), pan (\(pan.x), \(pan.y))"
        }
        guard target >= 1 - 1e-9, target <= maximum * (1 + 1e-9) else { return "zoom heads for \(target), outside 1…\(maximum)" }
        let frame = fw_pager_zoom_content_frame(pager)
        guard ![frame.x, frame.y, frame.width, frame.height].contains(where: \.isNaN) else { return "zoom content frame has NaN" }
        let visible = fw_pager_zoom_visible_rect(pager)
        for value in [visible.x, visible.y, visible.width, visible.height] where !(value >= 0 && value <= 1 + 1e-9) {
            return "zoom visible rect (\(visible.x), \(visible.y), \(visible.width), \(visible.height)) outside 0…1"
        }
        return nil
    }

    /// An event is one of the kinds the header defines, at a finite time, and
    /// its JSON line fits the 1024 bytes the header promises.
    static func check(_ event: fw_event) {
        guard (0...9).contains(event.kind), event.time.isFinite else {
            fatalError("event kind \(event.kind) at time \(event.time)")
        }
        if event.kind == 4 && !(1...9).contains(event.slot_count) {
            fatalError("slots-recycled event with \(event.slot_count) slots")
        }
        var copy = event
        var line = [CChar](repeating: 1, count: 1024)
        let length = line.withUnsafeMutableBufferPointer { fw_pager_event_json(&copy, $0.baseAddress, $0.count) }
        guard length > 0, length < 1024, line[length] == 0, !line[..<length].contains(0) else {
            fatalError("event \(event.kind) JSON line of \(length) bytes")
        }
    }
}
