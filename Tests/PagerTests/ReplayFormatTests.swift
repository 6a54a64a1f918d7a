import Testing
import Pager

/// The JSON Lines format is a contract with other tools (pager-replay's
/// consumers, `fourway --events`), so every field and number form is pinned.
@Suite("Replay format")
struct ReplayFormatTests {
    private let origin = PageIndex(h: 0, v: 0)
    private let right = PageIndex(h: 1, v: 0)

    @Test("times are rounded to microseconds in shortest form")
    func times() {
        #expect(ReplayFormat.time(0.11600000000000001) == "0.116")
        #expect(ReplayFormat.time(0.1 + 0.2) == "0.3")
        #expect(ReplayFormat.time(0) == "0")
        #expect(ReplayFormat.time(2) == "2")
        #expect(ReplayFormat.time(1.0 / 120) == "0.008333")
        #expect(ReplayFormat.time(0.0000004) == "0")
        #expect(ReplayFormat.time(0.0000005) == "0.000001")
        #expect(ReplayFormat.time(0.000012) == "0.000012")
        #expect(ReplayFormat.time(60.5) == "60.5")
    }

    @Test("pixels are rounded to thousandths, with sign, never -0")
    func pixels() {
        #expect(ReplayFormat.pixels(-640.00004) == "-640")
        #expect(ReplayFormat.pixels(-12.5) == "-12.5")
        #expect(ReplayFormat.pixels(383.99996) == "384")
        #expect(ReplayFormat.pixels(-0.0004) == "0")
        #expect(ReplayFormat.pixels(-0.0) == "0")
        #expect(ReplayFormat.pixels(0.0105) == "0.011")
        #expect(ReplayFormat.pixels(-1.0105) == "-1.011")
        #expect(ReplayFormat.pixels(1_000_000.25) == "1000000.25")
    }

    @Test("numbers without a JSON form print as null; huge ones stay exact")
    func edgeNumbers() {
        #expect(ReplayFormat.pixels(.nan) == "null")
        #expect(ReplayFormat.pixels(.infinity) == "null")
        #expect(ReplayFormat.pixels(-.infinity) == "null")
        #expect(ReplayFormat.number(1e300, decimals: 3) == (1e300).description)
        #expect(ReplayFormat.number(123.456, decimals: 0) == "123")
        #expect(ReplayFormat.number(-7, decimals: 6) == "-7")
    }

    @Test("numbers too large to round print exactly as Double.description does")
    func hugeNumbersMatchDescription() {
        var failures: [String] = []
        // Past 9, 15 decimals push a number beyond 2^53; past 2^53, none do.
        func check(_ value: Double) {
            guard value.isFinite, value.magnitude >= 9.01 else { return }
            let decimals = value.magnitude >= 0x1p53 ? 0 : 15
            let printed = ReplayFormat.number(value, decimals: decimals)
            if printed != value.description && failures.count < 10 {
                failures.append("\(value.bitPattern): \(printed) != \(value.description)")
            }
        }
        // Powers of two (a narrower gap below), powers of ten, and the ends
        // of the plain layout (below 1e16) and of Double.
        var power = 1.0
        for _ in 0..<1024 {
            check(power)
            check(-power.nextDown)
            check(power.nextUp)
            power *= 2
        }
        var ten = 10.0
        for _ in 1..<309 {
            check(ten)
            check(ten.nextDown)
            ten *= 10
        }
        // A tie between two shortest forms goes to the even digit (.25 prints .2).
        for value in [0x1p53, 0x1p53 + 2, 0x1p54, 1e16, 9_999_999_999_999_998, 123_456_789_012.5,
                      1_125_899_906_842_624.25, 247_204_985_509_173.625, .greatestFiniteMagnitude] {
            check(value)
            check(-value)
        }
        // Random bit patterns from 9 (the least that 15 decimals push past
        // 2^53) up to the largest Double: SplitMix64, seeded for repeatability.
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        for _ in 0..<20_000 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var bits = state
            bits = (bits ^ (bits >> 30)) &* 0xBF58_476D_1CE4_E5B9
            bits = (bits ^ (bits >> 27)) &* 0x94D0_49BB_1331_11EB
            bits ^= bits >> 31
            check(Double(bitPattern: bits))
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test("pages print as [h,v] or null")
    func pages() {
        #expect(ReplayFormat.page(PageIndex(h: 3, v: -2)) == "[3,-2]")
        #expect(ReplayFormat.page(nil) == "null")
    }

    @Test("every event kind prints its fields in the documented order")
    func events() {
        let lines: [(PagerEvent.Kind, String)] = [
            (.dragBegan, #"{"t":0.02,"event":"drag-began"}"#),
            (.axisLocked(.horizontal), #"{"t":0.02,"event":"axis-locked","axis":"h"}"#),
            (.axisLocked(.vertical), #"{"t":0.02,"event":"axis-locked","axis":"v"}"#),
            (.pageWillChange(from: origin, to: right),
             #"{"t":0.02,"event":"page-will-change","from":[0,0],"to":[1,0]}"#),
            (.pageChanged(from: origin, to: PageIndex(h: 0, v: -1)),
             #"{"t":0.02,"event":"page-changed","from":[0,0],"to":[0,-1]}"#),
            (.bounced(.left), #"{"t":0.02,"event":"bounced","edge":"left"}"#),
            (.bounced(.bottom), #"{"t":0.02,"event":"bounced","edge":"bottom"}"#),
            (.interrupted(.focusLost, page: origin),
             #"{"t":0.02,"event":"interrupted","reason":"focus-lost","page":[0,0]}"#),
            (.interrupted(.secondPointer, page: right),
             #"{"t":0.02,"event":"interrupted","reason":"second-pointer","page":[1,0]}"#),
            (.settled(right), #"{"t":0.02,"event":"settled","page":[1,0]}"#),
        ]
        for (kind, expected) in lines {
            #expect(PagerEvent(time: 0.020000000000000004, kind: kind).jsonLine == expected)
        }
    }

    @Test("slots-recycled lists each slot id with its page or null")
    func slotsRecycled() {
        let changes = SlotChanges([
            .init(slot: 2, page: PageIndex(h: 2, v: 0)),
            .init(slot: 5, page: nil),
            .init(slot: 8, page: PageIndex(h: 2, v: 1)),
        ])
        let line = PagerEvent(time: 0.3, kind: .slotsRecycled(changes)).jsonLine
        #expect(line == #"{"t":0.3,"event":"slots-recycled","slots":[{"id":2,"page":[2,0]},{"id":5,"page":null},{"id":8,"page":[2,1]}]}"#)
        let empty = PagerEvent(time: 1, kind: .slotsRecycled(SlotChanges())).jsonLine
        #expect(empty == #"{"t":1,"event":"slots-recycled","slots":[]}"#)
    }

    @Test("event names are the documented kebab-case words")
    func eventNames() {
        let names = [
            PagerEvent.Kind.dragBegan, .axisLocked(.horizontal),
            .pageWillChange(from: origin, to: right), .pageChanged(from: origin, to: right),
            .slotsRecycled(SlotChanges()), .bounced(.top), .interrupted(.host, page: origin), .settled(origin),
        ].map(\.name)
        #expect(names == ["drag-began", "axis-locked", "page-will-change", "page-changed",
                          "slots-recycled", "bounced", "interrupted", "settled"])
    }

    @Test("frame lines carry page, offset and the phase's stable name")
    func frames() {
        let line = ReplayFormat.frameLine(
            time: 1.0 / 120, page: PageIndex(h: -1, v: 4),
            offset: Point(x: -40.00000001, y: 0.1 + 0.2), phase: .dragging(.horizontal))
        #expect(line == #"{"t":0.008333,"frame":{"page":[-1,4],"offset":[-40,0.3],"phase":"dragging-h"}}"#)
        let model = PagerModel(pageWidth: 1280, pageHeight: 800, initialPage: PageIndex(h: 2, v: 3))
        #expect(model.frameLine(time: 0.5) == #"{"t":0.5,"frame":{"page":[2,3],"offset":[0,0],"phase":"idle"}}"#)
    }

    @Test("flip directions and edges round-trip through their names")
    func names() {
        for direction in FlipDirection.allCases {
            #expect(FlipDirection(replayName: direction.replayName) == direction)
        }
        #expect(FlipDirection(replayName: "Right") == nil)
        #expect(FlipDirection(replayName: "") == nil)
        #expect(Edge.allCases.map(\.replayName) == ["left", "right", "top", "bottom"])
        #expect(Axis.allCases.map(\.replayName) == ["h", "v"])
    }

    @Test("pages print every Int, the extremes included")
    func extremePages() {
        #expect(ReplayFormat.page(PageIndex(h: Int.max, v: Int.min))
            == "[9223372036854775807,-9223372036854775808]")
        #expect(ReplayFormat.page(PageIndex(h: 10, v: -100)) == "[10,-100]")
    }

    @Test("a line written piece by piece into any output is the line")
    func writtenLineMatchesJSONLine() {
        /// Collects the pieces one by one, as the C interface's buffer does.
        struct Pieces: TextOutputStream {
            var text = ""
            var count = 0
            mutating func write(_ string: String) {
                text += string
                count += 1
            }
        }
        var changes = SlotChanges()
        changes.append(.init(slot: 2, page: PageIndex(h: 2, v: 0)))
        changes.append(.init(slot: 5, page: nil))
        let events = [
            PagerEvent(time: 0.1 + 0.2, kind: .slotsRecycled(changes)),
            PagerEvent(time: 1, kind: .zoomChanged(scale: 2.25, atFit: false)),
            PagerEvent(time: 2, kind: .interrupted(.releasedOutside, page: PageIndex(h: -3, v: 7))),
            PagerEvent(time: 3, kind: .panHandedOver(.vertical, towards: .down)),
        ]
        for event in events {
            var pieces = Pieces()
            event.writeJSONLine(to: &pieces)
            #expect(pieces.text == event.jsonLine)
            #expect(pieces.count > 1)
        }
        #expect(events[0].jsonLine
            == #"{"t":0.3,"event":"slots-recycled","slots":[{"id":2,"page":[2,0]},{"id":5,"page":null}]}"#)
    }
}
