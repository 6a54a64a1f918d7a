import CSDL2

/// Seconds since the session started, from `SDL_GetPerformanceCounter`
/// (which needs no `SDL_Init`). The engine, the event log and every
/// timestamp the browser prints share this time base.
///
/// ```swift
/// let clock = SessionClock()
/// model.advance(to: clock.now)
/// ```
public struct SessionClock: Sendable {
    private let start: UInt64
    private let frequency: Double

    public init() {
        start = SDL_GetPerformanceCounter()
        frequency = Double(SDL_GetPerformanceFrequency())
    }

    public var now: Double {
        Double(SDL_GetPerformanceCounter() &- start) / frequency
    }
}
