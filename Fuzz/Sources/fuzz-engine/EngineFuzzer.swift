#if canImport(Glibc)
import Glibc
#endif
import Pager

/// How much the engine target checks. Strict by default: every invariant,
/// both springs. `FOURWAY_FUZZ_STRICT=0` leaves out what the engine findings
/// of Fuzz/Findings/README.md tripped on (fixed since in 5f6c424), for
/// fuzzing an engine from before that fix: "offset exactly one page" and the
/// underdamped spring.
enum FuzzMode {
    nonisolated(unsafe) static var strict = true
    nonisolated(unsafe) static var environmentRead = false

    static func readEnvironment() {
        guard !environmentRead else { return }
        environmentRead = true
        if let value = getenv("FOURWAY_FUZZ_STRICT"), value.pointee == UInt8(ascii: "0") { strict = false }
    }
}

/// libFuzzer entry point: the bytes become a pager set-up and a host session
/// (see ``FuzzSession``); the model's invariants are checked after every call
/// and every frame, and at the end it must settle. A violation traps, so
/// libFuzzer saves the input that caused it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEngine(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzMode.readEnvironment()
    var session = FuzzSession(bytes: ByteStream(UnsafeBufferPointer(start: data, count: size)))
    session.run()
    return 0
}

/// Reads the fuzzer's bytes front to back; past the end every read is zero,
/// so any input, however short, decodes to a session.
struct ByteStream {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var isAtEnd: Bool { position >= bytes.count }

    mutating func u8() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func u16() -> Int { Int(u8()) << 8 | Int(u8()) }

    mutating func i16() -> Int { Int(Int16(bitPattern: UInt16(u16()))) }

    mutating func i8() -> Int { Int(Int8(bitPattern: u8())) }

    /// A coordinate or delta in px with quarter-pixel resolution, ±8192.
    mutating func pixels() -> Double { Double(i16()) / 4 }

    /// One of `choices`, picked by the next byte.
    mutating func pick<T>(_ choices: [T]) -> T { choices[Int(u8()) % choices.count] }
}

/// A host session decoded from bytes, played against a fresh model.
///
/// Layout: horizontal bounds, vertical bounds, animation style, page width
/// (2 bytes), page height (2 bytes), initial page (2 signed bytes); then
/// inputs until the bytes end, each an opcode byte (low 4 bits: the input;
/// bit 7: frames pass at 60 fps during the delay, else the host stalls), a
/// delay byte (ms) and the input's operands.
struct FuzzSession {
    /// Bounds an axis can take: infinite, disabled, and a few sizes.
    static let boundsChoices: [Int?] = [nil, 0, 1, 2, 3, 5, 1000]
    /// Gaps between pages, px.
    static let spacingChoices: [Double] = [0, 1, 24, 300]
    /// Both animation styles: the default spring and every easing curve; strict
    /// mode (the default) adds an underdamped spring, whose overshoot past an
    /// edge exceeded a page before 5f6c424 (engine findings 2 and 3).
    static let animationStyles: [PageAnimationStyle] = [
        .spring(Spring()),
        .easing(.easeOutCubic, minimumDuration: 0.1, maximumDuration: 0.4),
        .easing(.easeOutQuint, minimumDuration: 0.2, maximumDuration: 0.6),
        .easing(.linear, minimumDuration: 0.05, maximumDuration: 0.3),
    ]
    static let strictAnimationStyles = animationStyles + [.spring(Spring(dampingRatio: 0.5, mass: 1, stiffness: 300))]
    /// Smallest page side the fuzzer uses, px. Before 5f6c424 smaller pages
    /// broke "offset under a page": the overshoot past an edge did not scale
    /// with the page, up to ~23 px for an edge nudge, ~93 px for the default
    /// spring and ~250 px for the underdamped one after an 8000 px/s fling
    /// (engine finding 2 in Fuzz/Findings/README.md).
    static let minimumPageSide = 300
    static let frameInterval = 1.0 / 60
    /// How long a finished session is left alone before it must be settled, s.
    static let quietTime = 5.0

    var bytes: ByteStream
    var model: PagerModel
    var time = 0.0
    var pointer = (x: 400.0, y: 300.0)
    var pointerHeld = false
    var scrollOpen = false
    /// What happened so far, for the trap message; kept short.
    var history: [String] = []

    init(bytes: ByteStream) {
        self.bytes = bytes
        var configuration = PagerConfiguration()
        let horizontal = self.bytes.pick(Self.boundsChoices)
        let vertical = self.bytes.pick(Self.boundsChoices)
        configuration.animation = self.bytes.pick(FuzzMode.strict ? Self.strictAnimationStyles : Self.animationStyles)
        // Paging options; a zero byte is the default configuration. Bits 0–3: the
        // edges (left, right, top, bottom) that do NOT overshoot; bit 4: long
        // swipes; bits 5–7: their maximum, less one.
        let options = self.bytes.u8()
        configuration.overshootEdges = EdgeSet(rawValue: ~options & 0xF)
        configuration.allowsLongSwipes = options & 0x10 != 0
        configuration.maximumLongSwipePages = 1 + Int(options >> 5)
        let width = Self.pageSide(self.bytes.u16())
        let height = Self.pageSide(self.bytes.u16())
        let start = PageIndex(h: self.bytes.i8(), v: self.bytes.i8())
        // Ragged rows on an odd byte (one length 1…6 per row, up to 8 rows); its
        // bits 1–2 choose the spacing, bits 3 and 4 reverse the axes.
        var rowLengths: [Int]?
        let layoutByte = self.bytes.u8()
        configuration.spacing = Self.spacingChoices[Int(layoutByte >> 1) & 0x03]
        configuration.horizontalReversed = layoutByte & 0x08 != 0
        configuration.verticalReversed = layoutByte & 0x10 != 0
        if layoutByte & 1 == 1 {
            var lengths: [Int] = []
            for _ in 0..<min(max(vertical ?? 4, 1), 8) { lengths.append(1 + Int(self.bytes.u8() % 6)) }
            rowLengths = lengths
        }
        if let rowLengths {
            model = PagerModel(pageWidth: width, pageHeight: height, rowLengths: rowLengths,
                               initialPage: start, configuration: configuration)
        } else {
            model = PagerModel(
                pageWidth: width, pageHeight: height,
                horizontalPages: horizontal, verticalPages: vertical,
                initialPage: start, configuration: configuration)
        }
        record("model(\(width)×\(height), h: \(describe(horizontal)), v: \(describe(vertical)), start: \(start), \(configuration.animation), overshoot: \(configuration.overshootEdges.rawValue), long swipes: \(configuration.allowsLongSwipes) ≤ \(configuration.maximumLongSwipePages), rows: \(rowLengths.map { "\($0)" } ?? "even"), spacing: \(configuration.spacing), reversed h: \(configuration.horizontalReversed) v: \(configuration.verticalReversed))")
        check()
    }

    /// A page side from two bytes: whole px from ``minimumPageSide`` to 4000.
    static func pageSide(_ raw: Int) -> Double {
        Double(minimumPageSide + raw % (4001 - minimumPageSide))
    }

    mutating func run() {
        while !bytes.isAtEnd {
            let opcode = bytes.u8()
            let delay = Double(bytes.u8()) / 1000
            let target = time + delay
            if opcode & 0x80 != 0 {
                while time + Self.frameInterval < target {
                    time += Self.frameInterval
                    model.advance(to: time)
                    check()
                }
            }
            time = target
            apply(opcode & 0x0F)
            check()
        }
        finish()
    }

    /// One host call, its operands read from the bytes.
    mutating func apply(_ kind: UInt8) {
        switch kind {
        case 0, 1:
            pointer = (bytes.pixels(), bytes.pixels())
            pointerHeld = true
            record("down(\(pointer.x), \(pointer.y))")
            model.pointerDown(x: pointer.x, y: pointer.y, time: time)
        case 2, 3, 4:
            pointer = (pointer.x + Double(bytes.i8()) * 2, pointer.y + Double(bytes.i8()) * 2)
            record("move(\(pointer.x), \(pointer.y))")
            model.pointerMoved(x: pointer.x, y: pointer.y, time: time)
        case 5:
            pointer = (pointer.x + Double(bytes.i8()), pointer.y + Double(bytes.i8()))
            pointerHeld = false
            record("up(\(pointer.x), \(pointer.y))")
            model.pointerUp(x: pointer.x, y: pointer.y, time: time)
        case 6, 7:
            let dx = Double(bytes.i8()) / 2, dy = Double(bytes.i8()) / 2
            scrollOpen = true
            record("scroll(\(dx), \(dy))")
            model.scroll(dx: dx, dy: dy, time: time)
        case 8:
            scrollOpen = false
            record("scrollEnded")
            model.scrollEnded(time: time)
        case 9:
            let reason = bytes.pick(InterruptionReason.allCases)
            record("interrupt(\(reason.rawValue))")
            _ = model.interrupt(reason, time: time)
            // An interruption ends the gesture; the host's pointer is no longer a drag.
            pointerHeld = false
            scrollOpen = false
        case 10:
            let direction = bytes.pick(FlipDirection.allCases)
            record("flip(\(direction))")
            _ = model.flip(direction, time: time)
        case 11:
            let page = PageIndex(h: bytes.i8(), v: bytes.i8())
            let animated = bytes.u8() & 1 == 0
            record("go(\(page), animated: \(animated))")
            model.go(to: page, animated: animated, time: time)
        case 12:
            let width = Self.pageSide(bytes.u16()), height = Self.pageSide(bytes.u16())
            record("resize(\(width), \(height))")
            model.resize(width: width, height: height, time: time)
        case 13:
            let horizontal = bytes.pick(Self.boundsChoices), vertical = bytes.pick(Self.boundsChoices)
            record("bounds(\(describe(horizontal)), \(describe(vertical)))")
            model.setBounds(horizontal: horizontal, vertical: vertical, time: time)
        case 14:
            applyZoom(bytes.u8())
        default:
            record("advance")
            model.advance(to: time)
        }
    }

    /// A zoom call: the content size, in and out around a point, the fit ↔ 1:1
    /// toggle, a reset; a drag on a zoomed page then pans and hands over.
    mutating func applyZoom(_ kind: UInt8) {
        let point = Point(x: bytes.pixels(), y: bytes.pixels())
        switch kind % 6 {
        case 0:
            let width = Double(1 + bytes.u16() % 4000), height = Double(1 + bytes.u16() % 4000)
            let pixelScale = (Double(bytes.u8()) + 1) / 32
            record("zoomContent(\(width), \(height), pixelScale: \(pixelScale))")
            model.setZoomContent(width: width, height: height, pixelScale: pixelScale, time: time)
        case 1:
            record("zoomIn(\(point))")
            _ = model.zoomIn(around: point, time: time)
        case 2:
            record("zoomOut(\(point))")
            _ = model.zoomOut(around: point, time: time)
        case 3:
            record("toggleZoom(\(point))")
            _ = model.toggleZoom(around: point, time: time)
        case 4:
            let scale = Double(bytes.u8()) / 16
            let animated = bytes.u8() & 1 == 0
            record("zoom(to: \(scale), around: \(point), animated: \(animated))")
            _ = model.zoom(to: scale, around: point, animated: animated, time: time)
        default:
            let animated = bytes.u8() & 1 == 0
            record("resetZoom(animated: \(animated))")
            _ = model.resetZoom(animated: animated, time: time)
        }
    }

    /// As a host does when input stops: lift the finger, end the scroll,
    /// then let frames pass; the model must be idle on a whole page.
    mutating func finish() {
        if pointerHeld {
            time += Self.frameInterval
            record("up(\(pointer.x), \(pointer.y)) [finish]")
            model.pointerUp(x: pointer.x, y: pointer.y, time: time)
            check()
        }
        if scrollOpen {
            time += Self.frameInterval
            record("scrollEnded [finish]")
            model.scrollEnded(time: time)
            check()
        }
        let end = time + Self.quietTime
        while time < end {
            time += Self.frameInterval
            model.advance(to: time)
            check()
        }
        if !model.isSettled || model.offset != .zero {
            fail("not settled \(Self.quietTime) s after input stopped: phase \(model.phase), offset \(model.offset), page \(model.currentPage)")
        }
    }

    mutating func record(_ line: String) {
        history.append("t=\(time) \(line)")
        if history.count > 64 { history.removeFirst(history.count - 64) }
    }

    /// Traps with the first invariant the model breaks.
    mutating func check() {
        while model.pollEvent() != nil {}
        if let problem = EngineInvariants.firstViolation(of: model) { fail(problem) }
    }

    func fail(_ problem: String) -> Never {
        fatalError("engine invariant broken at t=\(time): \(problem)\nlast calls:\n  " + history.joined(separator: "\n  "))
    }
}

private func describe(_ bounds: Int?) -> String { bounds.map(String.init) ?? "inf" }
