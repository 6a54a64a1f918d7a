import Pager
import PropertyBased
import Synchronization
import Testing

/// Number of random sessions per property; with up to `maxSessionInputs`
/// inputs each, all properties together run in a few seconds.
let sessionsPerProperty = 250
/// Longest random session, inputs.
let maxSessionInputs = 40

/// Property tests: random input sequences (pointer, scroll,
/// interrupt, flip, go, resize, setBounds, advance) under random bounds and
/// both animation styles.
///
/// Shrinking is off: minimising a failing 40-input session can take minutes.
/// To get a minimal script, add `.fixedSeed("…")` (printed with the failure)
/// and `.shrinking` to the failing test.
@Suite("Properties", .shrinking(false))
struct PagerPropertyTests {
    private static func sessions() -> Generator<PagerSession, some SendableSequenceType> {
        RandomSessions.sessions(inputCount: 1...maxSessionInputs)
    }

    @Test func invariantsHoldAfterEveryCall() async {
        await propertyCheck(count: sessionsPerProperty, input: Self.sessions()) { session in
            let (record, _) = SessionPlayer(recordSnapshots: false).play(session)
            #expect(record.violations.isEmpty, "\(record.violations.prefix(5).joined(separator: "\n"))")
        }
    }

    @Test func disabledAxisNeverShowsAnOffset() async {
        await propertyCheck(count: sessionsPerProperty, input: Self.sessions()) { session in
            let player = SessionPlayer(recordSnapshots: false, invariants: ModelInvariants.disabledAxisViolations(of:))
            let (record, _) = player.play(session)
            #expect(record.violations.isEmpty, "\(record.violations.prefix(5).joined(separator: "\n"))")
        }
    }

    @Test func quietTimeAlwaysSettlesOnAWholePage() async {
        await propertyCheck(count: sessionsPerProperty, input: Self.sessions()) { session in
            let (_, model) = SessionPlayer(checkInvariants: false, recordSnapshots: false).play(session)
            #expect(model.isSettled)
            #expect(model.phase == .idle)
            #expect(model.offset == .zero)
            #expect(AxisBounds(pageCount: model.horizontalPages).contains(model.currentPage.h))
            #expect(AxisBounds(pageCount: model.verticalPages).contains(model.currentPage.v))
        }
    }

    /// How many sessions a property saw with and without events.
    final class SessionCount: Sendable {
        private let counts = Mutex((withEvents: 0, without: 0))
        func add(withEvents: Bool) { counts.withLock { withEvents ? ($0.withEvents += 1) : ($0.without += 1) } }
        var value: (withEvents: Int, without: Int) { counts.withLock { $0 } }
    }

    @Test func lastEventIsSettledOnTheCurrentPage() async {
        let sessions = SessionCount()
        await propertyCheck(count: sessionsPerProperty, input: Self.sessions()) { session in
            let (record, model) = SessionPlayer(checkInvariants: false, recordSnapshots: false).play(session)
            // A bounds change re-labels slots without moving anything: its
            // `slotsRecycled` need not be followed by `settled`. Everything else must.
            var last: PagerEvent?
            for (index, cause) in record.eventCauses.enumerated() {
                let end = index + 1 < record.eventCauses.count ? record.eventCauses[index + 1].firstEvent : record.events.count
                for event in record.events[cause.firstEvent..<end] {
                    if case .setBounds = cause.input, event.kind.isSlotsRecycled { continue }
                    last = event
                }
            }
            sessions.add(withEvents: last != nil)
            if let last {
                #expect(last.kind == .settled(model.currentPage))
            } else {
                // No event to announce anything: nothing moved. The model is at
                // rest on the page it started on, or where a bounds change
                // clamped it (which re-labels slots without an event).
                #expect(model.isSettled && model.phase == .idle && model.offset == .zero)
                let start = session.makeModel().currentPage
                let bounded = session.inputs.contains { if case .setBounds = $0.input { true } else { false } }
                #expect(model.currentPage == start || bounded,
                        "no event, yet the page went from \(start) to \(model.currentPage)")
            }
        }
        // The property is about events: most sessions must have some.
        let counts = sessions.value
        #expect(counts.withEvents > counts.without, "\(counts.withEvents) sessions with events, \(counts.without) without")
    }

    @Test func everyGestureAndDecisionIsFollowedBySettled() async {
        await propertyCheck(count: sessionsPerProperty, input: Self.sessions()) { session in
            let (record, _) = SessionPlayer(checkInvariants: false, recordSnapshots: false).play(session)
            var open: PagerEvent?
            for event in record.events {
                switch event.kind {
                case .dragBegan, .interrupted, .pageWillChange, .bounced:
                    if open == nil { open = event }
                case .settled:
                    open = nil
                default:
                    break
                }
            }
            #expect(open == nil, "\(String(describing: open)) was never followed by settled")
        }
    }

    @Test func pageChangesFormAnUnbrokenChain() async {
        await propertyCheck(count: sessionsPerProperty, input: Self.sessions()) { session in
            let (record, model) = SessionPlayer(checkInvariants: false).play(session)
            var expected = session.makeModel().currentPage
            var broken: [String] = []
            for (index, cause) in record.eventCauses.enumerated() {
                let end = index + 1 < record.eventCauses.count ? record.eventCauses[index + 1].firstEvent : record.events.count
                for event in record.events[cause.firstEvent..<end] {
                    if case .pageChanged(let from, let to) = event.kind {
                        if from != expected { broken.append("pageChanged from \(from) while on \(expected) at t=\(event.time)") }
                        expected = to
                    }
                }
                // A bounds change may clamp the page without an animation.
                if case .setBounds = cause.input { expected = record.snapshots[index].page }
                if record.snapshots[index].page != expected {
                    broken.append("current page \(record.snapshots[index].page) but the events say \(expected) after \(String(describing: cause.input))")
                    expected = record.snapshots[index].page
                }
            }
            #expect(broken.isEmpty, "\(broken.prefix(5).joined(separator: "\n"))")
            #expect(expected == model.currentPage)
        }
    }
}
