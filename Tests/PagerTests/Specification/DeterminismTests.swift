import Pager
import PropertyBased
import Testing

/// The same inputs give bit-identical outputs — events,
/// slots, frames and offset — so a recorded session replays exactly.
@Suite("Determinism")
struct DeterminismTests {
    /// A hand-written session touching every input kind.
    private static let everyKindOfInput = PagerSession(
        horizontalPages: nil, verticalPages: 5,
        animation: .spring(Spring(dampingRatio: 0.7)),
        initialPage: page(0, 2),
        inputs: [
            TimedInput(delay: 0, framesPass: true, input: .pointerDown(x: 600, y: 400)),
            TimedInput(delay: 0.01, framesPass: true, input: .pointerMoved(dx: -30, dy: 3)),
            TimedInput(delay: 0.01, framesPass: true, input: .pointerMoved(dx: -70, dy: 3)),
            TimedInput(delay: 0.01, framesPass: true, input: .pointerUp(dx: -40, dy: 0)),
            TimedInput(delay: 0.05, framesPass: true, input: .pointerDown(x: 300, y: 300)),
            TimedInput(delay: 0.02, framesPass: true, input: .pointerMoved(dx: -90, dy: 0)),
            TimedInput(delay: 0.01, framesPass: true, input: .pointerUp(dx: -60, dy: 0)),
            TimedInput(delay: 0.2, framesPass: true, input: .scroll(dx: 0, dy: -13.7)),
            TimedInput(delay: 0.016, framesPass: true, input: .scroll(dx: 1, dy: -21.3)),
            TimedInput(delay: 0.3, framesPass: true, input: .advance),
            TimedInput(delay: 0.05, framesPass: true, input: .flip(.up)),
            TimedInput(delay: 0.03, framesPass: true, input: .resize(width: 777, height: 555)),
            TimedInput(delay: 0.03, framesPass: true, input: .flip(.right)),
            TimedInput(delay: 0.05, framesPass: true, input: .pointerDown(x: 100, y: 100)),
            TimedInput(delay: 0.05, framesPass: true, input: .pointerMoved(dx: 0, dy: 250)),
            TimedInput(delay: 0.01, framesPass: true, input: .interrupt(.secondPointer)),
            TimedInput(delay: 0.1, framesPass: true, input: .go(page(-7, 4), animated: true)),
            TimedInput(delay: 0.1, framesPass: false, input: .setBounds(horizontal: 3, vertical: nil)),
            TimedInput(delay: 0.1, framesPass: true, input: .flip(.left)),
        ])

    @Test func sameSessionTwiceIsBitIdentical() {
        let player = SessionPlayer(checkInvariants: false)
        let (first, firstModel) = player.play(Self.everyKindOfInput)
        let (second, secondModel) = player.play(Self.everyKindOfInput)
        #expect(first.events.count > 10, "the session does something")
        #expect(first.events == second.events)
        #expect(first.snapshots == second.snapshots)
        #expect(ModelSnapshot(firstModel) == ModelSnapshot(secondModel))
    }

    @Test func copiesOfAModelStayIdentical() {
        // A value type: a copy taken mid-animation continues exactly like the original.
        var original = RecordingPager()
        original.flip(.right, at: 0)
        original.run(until: 0.04)
        var copy = original
        original.run(until: 0.3)
        copy.run(until: 0.3)
        #expect(ModelSnapshot(original.model) == ModelSnapshot(copy.model))
        #expect(original.events == copy.events)
    }

    @Test(.shrinking(false))
    func randomSessionsReplayBitIdentically() async {
        let player = SessionPlayer(checkInvariants: false)
        await propertyCheck(count: 100, input: RandomSessions.sessions(inputCount: 1...40)) { session in
            let (first, _) = player.play(session)
            let (second, _) = player.play(session)
            #expect(first.events == second.events)
            #expect(first.snapshots == second.snapshots)
        }
    }
}
