import CFourwayPager
import Pager

/// `bool fw_pager_poll_event(fw_pager *, fw_event *out)`.
@_cdecl("fw_pager_poll_event")
public func pagerPollEvent(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<fw_event>?) -> Bool {
    guard let pager = model(handle), let out, let event = pager.pointee.pollEvent() else { return false }
    out.pointee = fw_event(event)
    return true
}

/// `size_t fw_pager_event_json(const fw_event *, char *buffer, size_t capacity)`:
/// the engine's own encoder (`PagerEvent.writeJSONLine`), so the line is the
/// one `pager-replay` prints, written straight into the caller's buffer.
@_cdecl("fw_pager_event_json")
public func pagerEventJSON(_ event: UnsafePointer<fw_event>?, _ buffer: UnsafeMutablePointer<CChar>?,
                           _ capacity: Int) -> Int {
    var output = CStringOutput(buffer: buffer, capacity: capacity)
    if let event, let converted = PagerEvent(event.pointee) {
        converted.writeJSONLine(to: &output)
    }
    output.terminate()
    return output.length
}

/// Text written into a C buffer of `capacity` bytes, cut to fit and always
/// NUL-terminated when there is room for the NUL; counts every byte offered.
struct CStringOutput: TextOutputStream {
    let buffer: UnsafeMutablePointer<CChar>?
    let capacity: Int
    /// Bytes offered so far, written or not.
    private(set) var length = 0

    init(buffer: UnsafeMutablePointer<CChar>?, capacity: Int) {
        self.buffer = buffer
        self.capacity = buffer == nil ? 0 : max(0, capacity)
    }

    /// Every string here is an ASCII literal or a small string, contiguous
    /// UTF-8 (only a bridged Objective-C string is not), so nothing is
    /// missed; `withUTF8` or iterating `utf8` would link the code for foreign
    /// strings and the Unicode tables into the wasm build (17 KB of it).
    /// Not inlined: the encoder calls it some hundred times.
    @inline(never)
    mutating func write(_ string: String) {
        _ = string.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes {
                if length < capacity - 1 { buffer?[length] = CChar(bitPattern: byte) }
                length += 1
            }
        }
    }

    /// Writes the NUL after what fitted.
    func terminate() {
        guard let buffer, capacity > 0 else { return }
        buffer[min(length, capacity - 1)] = 0
    }
}

// MARK: Conversions between the engine's types and the header's

extension fw_event {
    init(_ event: PagerEvent) {
        self.init()
        time = event.time
        switch event.kind {
        case .dragBegan:
            kind = fw_event_kind(FW_EVENT_DRAG_BEGAN)
        case .axisLocked(let locked):
            kind = fw_event_kind(FW_EVENT_AXIS_LOCKED)
            axis = fw_axis(locked)
        case .pageWillChange(let from, let to):
            kind = fw_event_kind(FW_EVENT_PAGE_WILL_CHANGE)
            self.from = fw_page(from)
            self.to = fw_page(to)
        case .pageChanged(let from, let to):
            kind = fw_event_kind(FW_EVENT_PAGE_CHANGED)
            self.from = fw_page(from)
            self.to = fw_page(to)
        case .slotsRecycled(let changes):
            kind = fw_event_kind(FW_EVENT_SLOTS_RECYCLED)
            slot_count = Int32(changes.count)
            withUnsafeMutableBytes(of: &slots) { raw in
                let out = raw.bindMemory(to: fw_slot_change.self)
                for position in 0..<changes.count {
                    let change = changes[position]
                    out[position] = fw_slot_change(
                        slot: Int32(change.slot), has_page: change.page != nil,
                        page: change.page.map(fw_page.init) ?? fw_page(h: 0, v: 0))
                }
            }
        case .bounced(let bouncedEdge):
            kind = fw_event_kind(FW_EVENT_BOUNCED)
            edge = fw_edge(bouncedEdge)
        case .interrupted(let why, let settlingPage):
            kind = fw_event_kind(FW_EVENT_INTERRUPTED)
            reason = fw_interruption(why)
            page = fw_page(settlingPage)
        case .settled(let restingPage):
            kind = fw_event_kind(FW_EVENT_SETTLED)
            page = fw_page(restingPage)
        case .zoomChanged(let newScale, let atFit):
            kind = fw_event_kind(FW_EVENT_ZOOM_CHANGED)
            scale = newScale
            at_fit = atFit
        case .panHandedOver(let handedAxis, let towards):
            kind = fw_event_kind(FW_EVENT_PAN_HANDED_OVER)
            axis = fw_axis(handedAxis)
            direction = fw_direction(towards)
        }
    }
}

extension PagerEvent {
    /// The engine's event for a C one; `nil` when a field the kind uses is
    /// not a value the header defines.
    init?(_ event: fw_event) {
        let kind: Kind
        switch Int(event.kind) {
        case FW_EVENT_DRAG_BEGAN:
            kind = .dragBegan
        case FW_EVENT_AXIS_LOCKED:
            guard let axis = Axis(event.axis) else { return nil }
            kind = .axisLocked(axis)
        case FW_EVENT_PAGE_WILL_CHANGE:
            kind = .pageWillChange(from: PageIndex(event.from), to: PageIndex(event.to))
        case FW_EVENT_PAGE_CHANGED:
            kind = .pageChanged(from: PageIndex(event.from), to: PageIndex(event.to))
        case FW_EVENT_SLOTS_RECYCLED:
            guard (1...Int32(SlotPool.capacity)).contains(event.slot_count) else { return nil }
            var changes = SlotChanges()
            var slots = event.slots
            withUnsafeBytes(of: &slots) { raw in
                let given = raw.bindMemory(to: fw_slot_change.self)
                for position in 0..<Int(event.slot_count) {
                    let change = given[position]
                    changes.append(SlotChanges.Change(
                        slot: Int(change.slot), page: change.has_page ? PageIndex(change.page) : nil))
                }
            }
            kind = .slotsRecycled(changes)
        case FW_EVENT_BOUNCED:
            guard let edge = Edge(event.edge) else { return nil }
            kind = .bounced(edge)
        case FW_EVENT_INTERRUPTED:
            guard let reason = InterruptionReason(event.reason) else { return nil }
            kind = .interrupted(reason, page: PageIndex(event.page))
        case FW_EVENT_SETTLED:
            kind = .settled(PageIndex(event.page))
        case FW_EVENT_ZOOM_CHANGED:
            kind = .zoomChanged(scale: event.scale, atFit: event.at_fit)
        case FW_EVENT_PAN_HANDED_OVER:
            guard let axis = Axis(event.axis), let direction = FlipDirection(event.direction) else { return nil }
            kind = .panHandedOver(axis, towards: direction)
        default:
            return nil
        }
        self.init(time: event.time, kind: kind)
    }
}

// The header's enums are int32_t constants in a fixed order: the engine's
// cases map to them one to one, in both directions.

extension Axis {
    init?(_ value: fw_axis) {
        switch Int(value) {
        case FW_AXIS_HORIZONTAL: self = .horizontal
        case FW_AXIS_VERTICAL: self = .vertical
        default: return nil
        }
    }
}

extension fw_axis {
    init(_ axis: Axis) { self.init(axis == .horizontal ? FW_AXIS_HORIZONTAL : FW_AXIS_VERTICAL) }
}

extension Edge {
    init?(_ value: fw_edge) {
        switch Int(value) {
        case FW_EDGE_LEFT: self = .left
        case FW_EDGE_RIGHT: self = .right
        case FW_EDGE_TOP: self = .top
        case FW_EDGE_BOTTOM: self = .bottom
        default: return nil
        }
    }
}

extension fw_edge {
    init(_ edge: Edge) {
        switch edge {
        case .left: self.init(FW_EDGE_LEFT)
        case .right: self.init(FW_EDGE_RIGHT)
        case .top: self.init(FW_EDGE_TOP)
        case .bottom: self.init(FW_EDGE_BOTTOM)
        }
    }
}

extension FlipDirection {
    init?(_ value: fw_direction) {
        switch Int(value) {
        case FW_LEFT: self = .left
        case FW_RIGHT: self = .right
        case FW_UP: self = .up
        case FW_DOWN: self = .down
        default: return nil
        }
    }
}

extension fw_direction {
    init(_ direction: FlipDirection) {
        switch direction {
        case .left: self.init(FW_LEFT)
        case .right: self.init(FW_RIGHT)
        case .up: self.init(FW_UP)
        case .down: self.init(FW_DOWN)
        }
    }
}

extension InterruptionReason {
    init?(_ value: fw_interruption) {
        switch Int(value) {
        case FW_INTERRUPT_FOCUS_LOST: self = .focusLost
        case FW_INTERRUPT_WINDOW_HIDDEN: self = .windowHidden
        case FW_INTERRUPT_SECOND_POINTER: self = .secondPointer
        case FW_INTERRUPT_RELEASED_OUTSIDE: self = .releasedOutside
        case FW_INTERRUPT_ESCAPE: self = .escape
        case FW_INTERRUPT_HOST: self = .host
        default: return nil
        }
    }
}

extension fw_interruption {
    init(_ reason: InterruptionReason) {
        switch reason {
        case .focusLost: self.init(FW_INTERRUPT_FOCUS_LOST)
        case .windowHidden: self.init(FW_INTERRUPT_WINDOW_HIDDEN)
        case .secondPointer: self.init(FW_INTERRUPT_SECOND_POINTER)
        case .releasedOutside: self.init(FW_INTERRUPT_RELEASED_OUTSIDE)
        case .escape: self.init(FW_INTERRUPT_ESCAPE)
        case .host: self.init(FW_INTERRUPT_HOST)
        }
    }
}
