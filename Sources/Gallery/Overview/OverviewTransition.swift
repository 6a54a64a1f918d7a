import Pager

/// The picture flying from its thumbnail to full size when the overview
/// opens a page: the frame at each moment, an ease-out from `from` to `to`.
/// Pure and time-driven like the engine; the shell draws what it says.
///
/// ```swift
/// let flight = OverviewTransition(from: thumbnail, to: Rect(x: 0, y: 0, width: 1280, height: 800), start: now)
/// let frame = flight.frame(at: now + 0.1)   // most of the way there
/// if flight.isFinished(at: now + 0.3) { closeOverview() }
/// ```
public struct OverviewTransition: Sendable, Hashable {
    /// How long the flight takes, s: as long as the pager's page animation.
    public static let defaultDuration = 0.22

    public let from: Rect
    public let to: Rect
    public let start: Double
    public let duration: Double

    public init(from: Rect, to: Rect, start: Double, duration: Double = OverviewTransition.defaultDuration) {
        self.from = from
        self.to = to
        self.start = start
        self.duration = max(0, duration)
    }

    /// Progress 0…1 of the eased motion at `time`.
    public func progress(at time: Double) -> Double {
        guard duration > 0 else { return 1 }
        return EasingCurve.easeOutCubic.value(at: (time - start) / duration)
    }

    /// The frame at `time`: `from` before the start, `to` from the end on.
    public func frame(at time: Double) -> Rect {
        let p = progress(at: time)
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * p }
        return Rect(x: mix(from.x, to.x), y: mix(from.y, to.y),
                    width: mix(from.width, to.width), height: mix(from.height, to.height))
    }

    public func isFinished(at time: Double) -> Bool { time >= start + duration }
}
