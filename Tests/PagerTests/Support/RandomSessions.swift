import Pager
import PropertyBased

/// Bounds an axis can have in a random session: infinite, disabled, and a few sizes.
let sessionBoundsChoices: [Int?] = [nil, 0, 1, 2, 5]
/// Frame rate a random session's host steps at between inputs, Hz.
let sessionFramesPerSecond = 60.0
/// How long a finished session is left alone before it must be settled, s.
let sessionQuietTime = 5.0

/// One thing a host can do to the pager. Pointer motion is relative to where
/// the pointer was, so random sessions contain real drags, not teleports.
enum HostInput: Sendable, Hashable, CustomStringConvertible {
    case pointerDown(x: Double, y: Double)
    case pointerMoved(dx: Double, dy: Double)
    case pointerUp(dx: Double, dy: Double)
    case scroll(dx: Double, dy: Double)
    case scrollEnded
    case interrupt(InterruptionReason)
    case flip(FlipDirection)
    case go(PageIndex, animated: Bool)
    case resize(width: Double, height: Double)
    case setBounds(horizontal: Int?, vertical: Int?)
    /// Zoom the current page; a zoomed page's drags pan and hand over.
    case zoom(scale: Double, x: Double, y: Double, animated: Bool)
    /// Only an `advance(to:)` at the step's time.
    case advance

    var description: String {
        // Full precision: a failing session must be reproducible from its description.
        func r(_ v: Double) -> String { "\(v)" }
        func b(_ v: Int?) -> String { v.map(String.init) ?? "inf" }
        switch self {
        case .pointerDown(let x, let y): return "down(\(r(x)), \(r(y)))"
        case .pointerMoved(let dx, let dy): return "move(+\(r(dx)), +\(r(dy)))"
        case .pointerUp(let dx, let dy): return "up(+\(r(dx)), +\(r(dy)))"
        case .scroll(let dx, let dy): return "scroll(\(r(dx)), \(r(dy)))"
        case .scrollEnded: return "scrollEnded"
        case .interrupt(let reason): return "interrupt(\(reason.rawValue))"
        case .flip(let direction): return "flip(\(direction))"
        case .go(let target, let animated): return "go(\(target), animated: \(animated))"
        case .resize(let w, let h): return "resize(\(r(w)), \(r(h)))"
        case .setBounds(let h, let v): return "bounds(\(b(h)), \(b(v)))"
        case .zoom(let s, let x, let y, let animated): return "zoom(\(r(s)), at: \(r(x)), \(r(y)), animated: \(animated))"
        case .advance: return "advance"
        }
    }
}

/// An input after `delay` seconds; with `framesPass` the host steps
/// `advance` at 60 fps through the delay, otherwise it stalls.
struct TimedInput: Sendable, Hashable, CustomStringConvertible {
    var delay: Double
    var framesPass: Bool
    var input: HostInput

    var description: String {
        "+\(delay)s\(framesPass ? "" : " (stalled)") \(input)"
    }
}

/// A whole random session: the pager's set-up and what the host does to it.
struct PagerSession: Sendable, Hashable, CustomStringConvertible {
    var horizontalPages: Int?
    var verticalPages: Int?
    var animation: PageAnimationStyle
    var initialPage: PageIndex
    var inputs: [TimedInput]
    /// The bounded edges that overshoot (`PagerConfiguration.overshootEdges`).
    var overshootEdges: EdgeSet = .all
    /// `PagerConfiguration.allowsLongSwipes` (at most 3 pages).
    var allowsLongSwipes = false
    /// Ragged rows (`PagerModel.rowLengths`): one length per row, replacing the bounds.
    var rowLengths: [Int]?
    /// `PagerConfiguration.spacing`, px.
    var spacing = 0.0
    /// `PagerConfiguration.horizontalReversed`.
    var horizontalReversed = false
    /// `PagerConfiguration.verticalReversed`.
    var verticalReversed = false

    var configuration: PagerConfiguration {
        var configuration = PagerConfiguration()
        configuration.animation = animation
        configuration.overshootEdges = overshootEdges
        configuration.allowsLongSwipes = allowsLongSwipes
        configuration.maximumLongSwipePages = 3
        configuration.spacing = spacing
        configuration.horizontalReversed = horizontalReversed
        configuration.verticalReversed = verticalReversed
        return configuration
    }

    /// The model the session starts from.
    func makeModel() -> PagerModel {
        if let rowLengths {
            return PagerModel(pageWidth: pageWidth, pageHeight: pageHeight, rowLengths: rowLengths,
                              initialPage: initialPage, configuration: configuration)
        }
        return PagerModel(
            pageWidth: pageWidth, pageHeight: pageHeight,
            horizontalPages: horizontalPages, verticalPages: verticalPages,
            initialPage: initialPage, configuration: configuration)
    }

    var description: String {
        let h = horizontalPages.map(String.init) ?? "inf"
        let v = verticalPages.map(String.init) ?? "inf"
        return "PagerSession(h: \(h), v: \(v), start: \(initialPage), \(animation), overshoot: \(overshootEdges.rawValue), long swipes: \(allowsLongSwipes), rows: \(rowLengths.map { "\($0)" } ?? "even"), spacing: \(spacing), reversed h: \(horizontalReversed) v: \(verticalReversed),\n  "
            + inputs.map(\.description).joined(separator: "\n  ") + ")"
    }
}

/// Random sessions for property tests: up to `maxInputs` inputs of every kind
/// under random bounds (nil/0/1/2/5) and both animation styles.
enum RandomSessions {
    /// Relative weights of the input kinds (drags and scrolls dominate, as in use).
    private static let kindWeights: [(kind: Int, weight: Int)] = [
        (0, 8),  // down
        (1, 30),  // move
        (2, 8),  // up
        (3, 18),  // scroll
        (4, 4),  // scroll ended
        (5, 4),  // interrupt
        (6, 7),  // flip
        (7, 4),  // go
        (8, 3),  // resize
        (9, 4),  // set bounds
        (10, 10),  // advance
        (11, 5),  // zoom
    ]
    private static let totalWeight = kindWeights.reduce(0) { $0 + $1.weight }

    static let animationStyles: [PageAnimationStyle] = [
        .spring(Spring()),
        .spring(Spring(dampingRatio: 0.5, mass: 1, stiffness: 300)),
        .easing(.easeOutCubic, minimumDuration: 0.1, maximumDuration: 0.4),
    ]

    static func input(roll: Int, a: Double, b: Double, choice: Int, delay: Double, framesPass: Bool) -> TimedInput {
        var remaining = positiveModulo(roll, totalWeight)
        var kind = 0
        for entry in kindWeights {
            if remaining < entry.weight {
                kind = entry.kind
                break
            }
            remaining -= entry.weight
        }
        let input: HostInput
        switch kind {
        case 0: input = .pointerDown(x: -100 + a * 1300, y: -100 + b * 1000)
        case 1: input = .pointerMoved(dx: (a - 0.5) * 500, dy: (b - 0.5) * 400)
        case 2: input = .pointerUp(dx: (a - 0.5) * 100, dy: (b - 0.5) * 100)
        case 3: input = .scroll(dx: (a - 0.5) * 160, dy: (b - 0.5) * 120)
        case 4: input = .scrollEnded
        case 5: input = .interrupt(InterruptionReason.allCases[choice % InterruptionReason.allCases.count])
        case 6: input = .flip(FlipDirection.allCases[choice % 4])
        case 7: input = .go(page(Int((a - 0.5) * 14), Int((b - 0.5) * 14)), animated: choice % 3 != 0)
        case 8: input = .resize(width: 100 + a * 1900, height: 100 + b * 1400)
        case 9:
            input = .setBounds(
                horizontal: sessionBoundsChoices[choice % 5],
                vertical: sessionBoundsChoices[(choice / 5) % 5])
        case 11: input = .zoom(scale: 0.5 + a * 4, x: b * 1000, y: a * 800, animated: choice % 3 != 0)
        default: input = .advance
        }
        return TimedInput(delay: delay, framesPass: framesPass, input: input)
    }

    /// One timed input; all parts shrink towards small, simple values.
    static let timedInput = zip(
        Gen.int(in: 0...(totalWeight - 1)),
        Gen.double(in: 0...1),
        Gen.double(in: 0...1),
        Gen.int(in: 0...24),
        Gen.double(in: 0...0.12),
        Gen.bool(0.8)
    ).map { (parts: (Int, Double, Double, Int, Double, Bool)) in
        input(roll: parts.0, a: parts.1, b: parts.2, choice: parts.3, delay: parts.4, framesPass: parts.5)
    }

    /// Gaps between pages, px: none (twice as likely), a hairline, a gutter, a wide one.
    static let spacingChoices: [Double] = [0, 0, 1, 24, 300]

    /// `count` (at least 1) row lengths from 1 to 5, varied by `seed`.
    static func raggedRows(count: Int, seed: Int) -> [Int] {
        (0..<max(1, count)).map { 1 + positiveModulo(seed &+ $0 &* 3, 5) }
    }

    /// Whole sessions of `inputCount` inputs.
    static func sessions(inputCount: ClosedRange<Int>) -> Generator<PagerSession, some SendableSequenceType> {
        zip(
            Gen.int(in: 0...4),
            Gen.int(in: 0...4),
            // The animation style, the overshooting edges (any of the 16 sets), long
            // swipes (on or off), ragged rows (on or off), the spacing and the
            // reversed axes (4 choices) in one number.
            Gen.int(in: 0...(animationStyles.count * 64 * spacingChoices.count * 4 - 1)),
            Gen.int(in: -3...3),
            Gen.int(in: -3...3),
            timedInput.array(of: inputCount)
        ).map { (parts: (Int, Int, Int, Int, Int, [TimedInput])) in
            PagerSession(
                horizontalPages: sessionBoundsChoices[parts.0],
                verticalPages: sessionBoundsChoices[parts.1],
                animation: animationStyles[parts.2 % animationStyles.count],
                initialPage: page(parts.3, parts.4),
                inputs: parts.5,
                overshootEdges: EdgeSet(rawValue: UInt8(parts.2 / animationStyles.count % 16)),
                allowsLongSwipes: parts.2 / (animationStyles.count * 16) % 2 == 1,
                rowLengths: parts.2 / (animationStyles.count * 32) % 2 == 1
                    ? raggedRows(count: sessionBoundsChoices[parts.1] ?? 4, seed: parts.3 &* 7 &+ parts.4) : nil,
                spacing: spacingChoices[parts.2 / (animationStyles.count * 64) % spacingChoices.count],
                horizontalReversed: parts.2 / (animationStyles.count * 64 * spacingChoices.count) & 1 != 0,
                verticalReversed: parts.2 / (animationStyles.count * 64 * spacingChoices.count) & 2 != 0)
        }
    }
}

/// What a session did: every event and a bit-exact snapshot after every call.
struct SessionRecord: Equatable {
    var events: [PagerEvent] = []
    var snapshots: [ModelSnapshot] = []
    /// Index into `events` of the first event of each call, with the input that made it.
    var eventCauses: [(firstEvent: Int, input: HostInput?)] = []
    /// Invariant violations, each naming the call after which it was seen.
    var violations: [String] = []

    static func == (lhs: SessionRecord, rhs: SessionRecord) -> Bool {
        lhs.events == rhs.events && lhs.snapshots == rhs.snapshots
    }
}

/// Plays a session against a fresh model the way a host would, checking the
/// invariants after every call, then finishes it (releases the pointer, ends
/// the scroll) and leaves it alone for `sessionQuietTime` at 60 fps.
struct SessionPlayer {
    var checkInvariants = true
    var recordSnapshots = true
    /// Which invariants to check after every call.
    var invariants: @Sendable (PagerModel) -> [String] = ModelInvariants.violations(of:)

    func play(_ session: PagerSession) -> (record: SessionRecord, model: PagerModel) {
        var model = session.makeModel()
        var record = SessionRecord()
        var time = 0.0
        var pointer = (x: 500.0, y: 400.0)
        var pointerHeld = false
        var scrollOpen = false

        func after(_ label: @autoclosure () -> String, input: HostInput?) {
            record.eventCauses.append((record.events.count, input))
            while let event = model.pollEvent() { record.events.append(event) }
            if recordSnapshots { record.snapshots.append(ModelSnapshot(model)) }
            if checkInvariants {
                for problem in invariants(model) {
                    record.violations.append("after \(label()) at t=\(time): \(problem)")
                }
            }
        }

        for (index, step) in session.inputs.enumerated() {
            let target = time + step.delay
            if step.framesPass {
                while time + 1 / sessionFramesPerSecond < target {
                    time += 1 / sessionFramesPerSecond
                    model.advance(to: time)
                    after("frame before input \(index)", input: nil)
                }
            }
            time = target
            switch step.input {
            case .pointerDown(let x, let y):
                pointer = (x, y)
                pointerHeld = true
                model.pointerDown(x: x, y: y, time: time)
            case .pointerMoved(let dx, let dy):
                pointer = (pointer.x + dx, pointer.y + dy)
                model.pointerMoved(x: pointer.x, y: pointer.y, time: time)
            case .pointerUp(let dx, let dy):
                pointer = (pointer.x + dx, pointer.y + dy)
                pointerHeld = false
                model.pointerUp(x: pointer.x, y: pointer.y, time: time)
            case .scroll(let dx, let dy):
                scrollOpen = true
                model.scroll(dx: dx, dy: dy, time: time)
            case .scrollEnded:
                scrollOpen = false
                model.scrollEnded(time: time)
            case .interrupt(let reason):
                model.interrupt(reason, time: time)
            case .flip(let direction):
                model.flip(direction, time: time)
            case .go(let target, let animated):
                model.go(to: target, animated: animated, time: time)
            case .resize(let width, let height):
                model.resize(width: width, height: height, time: time)
            case .setBounds(let horizontal, let vertical):
                model.setBounds(horizontal: horizontal, vertical: vertical, time: time)
            case .zoom(let scale, let x, let y, let animated):
                model.zoom(to: scale, around: Point(x: x, y: y), animated: animated, time: time)
            case .advance:
                model.advance(to: time)
            }
            after("input \(index) \(step)", input: step.input)
        }

        // Finish what the host started, as a host does when the finger lifts.
        if pointerHeld {
            time += 1 / sessionFramesPerSecond
            model.pointerUp(x: pointer.x, y: pointer.y, time: time)
            after("final pointerUp", input: .pointerUp(dx: 0, dy: 0))
        }
        if scrollOpen {
            time += 1 / sessionFramesPerSecond
            model.scrollEnded(time: time)
            after("final scrollEnded", input: .scrollEnded)
        }
        let end = time + sessionQuietTime
        while time < end {
            time += 1 / sessionFramesPerSecond
            model.advance(to: time)
            after("quiet frame", input: nil)
        }
        return (record, model)
    }
}
