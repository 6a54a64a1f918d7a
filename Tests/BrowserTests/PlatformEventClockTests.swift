import Testing
@testable import Browser

@Suite("Platform event timestamps on the session clock")
struct PlatformEventClockTests {
    @Test("A batch read at once keeps the spacing the events were made with")
    func batchKeepsSpacing() {
        var clock = PlatformEventClock()
        #expect(clock.time(ofMilliseconds: 1_000, now: 5.000) == 5.000)
        // Three events 8 ms apart, read together 20 ms after the last.
        let times = [1_008, 1_016, 1_024].map { clock.time(ofMilliseconds: UInt32($0), now: 5.044) }
        for (time, expected) in zip(times, [5.008, 5.016, 5.024]) { #expect(abs(time - expected) < 1e-9) }
    }

    @Test("An event read sooner than any before moves the offset; times never go back nor past now")
    func soonerReadMovesOffset() {
        var clock = PlatformEventClock()
        #expect(clock.time(ofMilliseconds: 1_000, now: 5.010) == 5.010)   // read 10 ms late, as it turns out
        let next = clock.time(ofMilliseconds: 1_010, now: 5.010)          // read at once: the offset drops
        #expect(next == 5.010)
        #expect(clock.time(ofMilliseconds: 1_005, now: 5.011) >= next)    // an older stamp does not go back
        #expect(clock.time(ofMilliseconds: 1_020, now: 5.015) <= 5.015)
    }

    @Test("A jump of the platform's clock starts the mapping afresh")
    func clockJump() {
        var clock = PlatformEventClock()
        _ = clock.time(ofMilliseconds: 1_000, now: 5.0)
        #expect(clock.time(ofMilliseconds: 100, now: 6.0) == 6.0)
        #expect(abs(clock.time(ofMilliseconds: 110, now: 6.02) - 6.01) < 1e-9)
    }
}
