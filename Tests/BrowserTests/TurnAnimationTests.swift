import Testing
@testable import Browser

@Suite struct TurnAnimationTests {
    nonisolated(unsafe) static let old = OpaquePointer(bitPattern: 0x1000)
    nonisolated(unsafe) static let turned = OpaquePointer(bitPattern: 0x2000)
    nonisolated(unsafe) static let clockwise = TurnAnimation(slot: 4, before: old, direction: 1, start: 0)

    @Test func theOldPictureTurnsTowardsItsNewPlaceEasedOut() {
        // Half the time, eased out: 1 - 0.5² = 0.75 of the way.
        #expect(Self.clockwise.step(at: 0.1, centreSlot: 4, shownTexture: Self.old)
                == .turning(degrees: 67.5, last: false))
    }

    @Test func anAnticlockwiseTurnGoesTheOtherWay() {
        let turn = TurnAnimation(slot: 4, before: Self.old, direction: -1, start: 0)
        #expect(turn.step(at: 0.1, centreSlot: 4, shownTexture: Self.old) == .turning(degrees: -67.5, last: false))
    }

    @Test func theOldPictureWaitsTurnedWhenTheNewOneIsLate() {
        #expect(Self.clockwise.step(at: 0.5, centreSlot: 4, shownTexture: Self.old)
                == .turning(degrees: 90, last: false))
    }

    @Test func theTurnedImageComesInFromWhereTheOldOneWas() {
        #expect(Self.clockwise.step(at: 0.1, centreSlot: 4, shownTexture: Self.turned)
                == .turning(degrees: -22.5, last: false))
    }

    @Test func theTurnEndsWithTheTurnedImageAtItsPlaceOnceTheTimeIsUp() {
        #expect(Self.clockwise.step(at: 0.2, centreSlot: 4, shownTexture: Self.turned)
                == .turning(degrees: 0, last: true))
    }

    @Test func movingToAnotherPageEndsTheTurn() {
        #expect(Self.clockwise.step(at: 0.1, centreSlot: 3, shownTexture: Self.old) == .over)
    }

    @Test func aSlotWithNoImageEndsTheTurn() {
        #expect(Self.clockwise.step(at: 0.1, centreSlot: 4, shownTexture: nil) == .over)
    }

    @Test func aTurnedImageThatNeverComesStopsTheWait() {
        #expect(Self.clockwise.step(at: 2.01, centreSlot: 4, shownTexture: Self.old) == .over)
    }
}
