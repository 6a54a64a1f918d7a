import CFourwayPager
import Glibc

/// libFuzzer entry point: the bytes become a session of calls to the engine's
/// C interface (Sources/CFourwayPager/include/fourway/pager.h), in any order,
/// with any arguments: doubles and integers biased towards NaN, ±infinity,
/// ±1e308, ±0, denormals and the ends of Int64 (FuzzInput). The header
/// promises that bad arguments never crash: NaN and infinite times are
/// ignored, bad sizes refused, page indices clamped. After every call the
/// state read back through the same interface must hold the model's
/// invariants (CInvariants); a trap, a hang (-timeout) or a violation is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPagerC(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var session = CSession(FuzzInput(UnsafeBufferPointer(start: data, count: size)))
    session.run()
    return 0
}

/// One pager driven by the input; a call may also replace it or go to NULL.
struct CSession {
    var input: FuzzInput
    var pager: OpaquePointer?
    /// The host's clock: most calls move it on a little; some pass any double.
    var clock = 0.0
    /// fw_pager_time after the previous call (0 for a new pager).
    var latestTime = 0.0
    /// Whether fw_pager_time has moved from the 0 of a new pager.
    var tookTime = false
    /// What the pager was last told (the C interface has no getter for it).
    var spacing = 0.0
    var rowLengths: [Int64] = Array(repeating: 0, count: 64)

    init(_ input: FuzzInput) {
        self.input = input
        pager = fw_pager_create(1280, 800, -1, -1)
    }

    mutating func run() {
        defer { fw_pager_destroy(pager) }
        var calls = 0
        // At most 512 calls, so that an input's running time stays bounded
        // by the engine's, not by its length.
        while !input.isAtEnd && calls < 512 {
            call(input.byte())
            calls += 1
            CInvariants.check(pager, spacing: spacing, call: calls)
            // Time never runs backwards once the pager has taken one (pager.h:
            // it keeps the latest finite time; the 0 before any is no time,
            // so the first time it takes may be below 0).
            let now = fw_pager_time(pager)
            if tookTime && now < latestTime { fatalError("after call \(calls): time went back from \(latestTime) to \(now)") }
            tookTime = tookTime || now != latestTime
            latestTime = now
            drainEvents()
        }
    }

    /// FUZZ_PAGER_C_TRACE=1 prints each call (to replay a finding by hand).
    static let tracing = getenv("FUZZ_PAGER_C_TRACE") != nil

    func trace(_ function: String, _ arguments: Any...) {
        guard Self.tracing else { return }
        // To stderr, unbuffered: a trap must not lose the last lines.
        let line = "fw_pager_\(function)(\(arguments.map { String(describing: $0) }.joined(separator: ", ")))\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
    }

    mutating func time() -> Double {
        let kind = input.byte()
        if kind < 224 {
            clock += Double(kind) / 240
            return clock
        }
        return input.double()
    }

    /// An event's fields are what the header defines, and its JSON line fits 1024 bytes.
    mutating func drainEvents() {
        var event = fw_event()
        var drained = 0
        while fw_pager_poll_event(pager, &event) {
            drained += 1
            guard drained <= 256 else { fatalError("more than 256 events queued") }
            CInvariants.check(event)
        }
    }

    mutating func call(_ selector: UInt8) {
        // Weights: advance (13…17, 33…39) most, as a host calls it every frame.
        switch selector % 40 {
        case 0: recreate()
        case 1:
            let (x, y, t) = (input.double(), input.double(), time())
            trace("pointer_down", x, y, t)
            fw_pager_pointer_down(pager, x, y, t)
        case 2, 3:
            let (x, y, t) = (input.double(), input.double(), time())
            trace("pointer_moved", x, y, t)
            fw_pager_pointer_moved(pager, x, y, t)
        case 4:
            let (x, y, t) = (input.double(), input.double(), time())
            trace("pointer_up", x, y, t)
            fw_pager_pointer_up(pager, x, y, t)
        case 5, 6:
            let (dx, dy, t) = (input.double(), input.double(), time())
            trace("scroll", dx, dy, t)
            fw_pager_scroll(pager, dx, dy, t)
        case 7: let t = time(); trace("scroll_ended", t); fw_pager_scroll_ended(pager, t)
        case 8:
            let (direction, t) = (input.int32(), time())
            trace("flip", direction, t)
            _ = fw_pager_flip(pager, direction, t)
        case 9:
            let (h, v, animated, t) = (input.int64(), input.int64(), input.bool(), time())
            trace("go", h, v, animated, t)
            fw_pager_go(pager, h, v, animated, t)
        case 10:
            let (reason, t) = (input.int32(), time())
            trace("interrupt", reason, t)
            _ = fw_pager_interrupt(pager, reason, t)
        case 11:
            let (width, height, t) = (input.length(), input.length(), time())
            trace("resize", width, height, t)
            _ = fw_pager_resize(pager, width, height, t)
        case 12:
            let (horizontal, vertical, t) = (input.int64(), input.int64(), time())
            trace("set_bounds", horizontal, vertical, t)
            _ = fw_pager_set_bounds(pager, horizontal, vertical, t)
        case 18: setSpacing()
        case 19...24: setOption(selector % 40)
        case 25...31: zoom(selector % 40)
        case 32: nullPagerCalls()
        default: let t = time(); trace("advance", t); fw_pager_advance(pager, t)
        }
    }

    /// The paging options, as call() numbers them.
    mutating func setOption(_ selector: UInt8) {
        switch selector {
        case 19:
            let (horizontal, vertical, t) = (input.bool(), input.bool(), time())
            trace("set_reversed", horizontal, vertical, t)
            _ = fw_pager_set_reversed(pager, horizontal, vertical, t)
        case 20:
            let (allowed, pages) = (input.bool(), input.int32())
            trace("set_long_swipes", allowed, pages)
            _ = fw_pager_set_long_swipes(pager, allowed, pages)
        case 21:
            let (horizontal, vertical) = (input.double(), input.double())
            trace("set_touchpad_distance", horizontal, vertical)
            _ = fw_pager_set_touchpad_distance(pager, horizontal, vertical)
        case 22: let gap = input.double(); trace("set_scroll_end_gap", gap); _ = fw_pager_set_scroll_end_gap(pager, gap)
        case 23:
            let edges = UInt32(input.byte() & 0x1F)
            trace("set_overshoot_edges", edges)
            _ = fw_pager_set_overshoot_edges(pager, edges)
        default: setRowLengths()
        }
    }

    /// The zoom functions, as call() numbers them.
    mutating func zoom(_ selector: UInt8) {
        switch selector {
        case 25:
            let (width, height, pixelScale, t) = (input.length(), input.length(), input.double(), time())
            trace("set_zoom_content", width, height, pixelScale, t)
            _ = fw_pager_set_zoom_content(pager, width, height, pixelScale, t)
        case 26, 27:
            let (scale, x, y, animated, t) = (input.double(), input.double(), input.double(), input.bool(), time())
            trace(selector == 26 ? "zoom_to" : "zoom_by", scale, x, y, animated, t)
            _ = selector == 26 ? fw_pager_zoom_to(pager, scale, x, y, animated, t) : fw_pager_zoom_by(pager, scale, x, y, animated, t)
        case 28...30:
            let (x, y, t) = (input.double(), input.double(), time())
            trace(["zoom_in", "zoom_out", "toggle_zoom"][Int(selector) - 28], x, y, t)
            switch selector {
            case 28: _ = fw_pager_zoom_in(pager, x, y, t)
            case 29: _ = fw_pager_zoom_out(pager, x, y, t)
            default: _ = fw_pager_toggle_zoom(pager, x, y, t)
            }
        default:
            let (animated, t) = (input.bool(), time())
            trace("reset_zoom", animated, t)
            _ = fw_pager_reset_zoom(pager, animated, t)
        }
    }

    /// A new pager, often with a configuration of arbitrary fields (most are refused).
    mutating func recreate() {
        fw_pager_destroy(pager)
        spacing = 0
        latestTime = 0
        tookTime = false
        let width = input.length(), height = input.length()
        let horizontal = input.int64(), vertical = input.int64()
        if input.bool() {
            trace("create", width, height, horizontal, vertical)
            pager = fw_pager_create(width, height, horizontal, vertical)
        } else {
            var config = fw_config_default()
            switch input.byte() % 8 {
            case 0: config.drag_slop = input.double()
            case 1: config.flip_threshold = input.double()
            case 2: config.spring_stiffness = input.double(); config.spring_mass = input.double()
            case 3: config.spring_damping_ratio = input.double()
            case 4: config.animation = input.int32(); config.easing_minimum_duration = input.double()
            case 5: config.animation = 1; config.easing_maximum_duration = input.double()
            case 6: config.maximum_release_speed = input.double(); config.rubber_band_coefficient = input.double()
            default: config.scroll_slop = input.double(); config.scroll_fling_velocity = input.double()
            }
            trace("create_with_config", width, height, horizontal, vertical, config)
            pager = fw_pager_create_with_config(width, height, horizontal, vertical, &config)
        }
        // A refused size or count leaves no pager: go on with a good one.
        if pager == nil { pager = fw_pager_create(1280, 800, -1, -1) }
    }

    mutating func setSpacing() {
        let (value, t) = (input.double(), time())
        trace("set_spacing", value, t)
        if fw_pager_set_spacing(pager, value, t) { spacing = value }
    }

    mutating func setRowLengths() {
        let count = Int(input.byte() % 66)
        for index in 0..<min(count, rowLengths.count) { rowLengths[index] = input.int64() }
        let t = time()
        if count > rowLengths.count {
            // NULL with a count > 0 must be refused.
            trace("set_row_lengths", "NULL", count, t)
            _ = fw_pager_set_row_lengths(pager, nil, count, t)
            return
        }
        trace("set_row_lengths", Array(rowLengths[..<count]), count, t)
        _ = rowLengths.withUnsafeBufferPointer { fw_pager_set_row_lengths(pager, $0.baseAddress, count, t) }
    }

    /// Every function with a NULL pager is a no-op that returns false, 0 or a zero value.
    mutating func nullPagerCalls() {
        fw_pager_advance(nil, time())
        fw_pager_pointer_down(nil, 1, 1, time())
        guard !fw_pager_flip(nil, 1, time()), !fw_pager_resize(nil, 10, 10, time()),
              !fw_pager_is_settled(nil), fw_pager_slots(nil, nil) == 0, fw_pager_row_lengths(nil, nil, 0) == 0,
              fw_pager_zoom_scale(nil) == 1, !fw_pager_zoom_in(nil, 0, 0, time()) else {
            fatalError("a call on a NULL pager did something")
        }
        var slots = [fw_slot](repeating: fw_slot(), count: 9)
        guard fw_pager_slots(pager, nil) == 0, fw_pager_slots(nil, &slots) == 0 else {
            fatalError("fw_pager_slots wrote slots with a NULL argument")
        }
    }
}
