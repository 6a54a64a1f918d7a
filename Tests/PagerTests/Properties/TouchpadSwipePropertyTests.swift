import Pager
import PropertyBased
import Testing

/// One touchpad event of a random swipe: its units and the time since the previous one.
struct TouchpadEvent: Sendable, Hashable, CustomStringConvertible {
    var dx: Double
    var dy: Double
    var delay: Double

    var description: String { "+\(delay)s scroll(\(dx), \(dy))" }
}

/// A random touchpad swipe: events, then the lift after `liftDelay`, on a
/// page of a random size with random bounds.
struct TouchpadSwipe: Sendable, Hashable, CustomStringConvertible {
    var width: Double
    var height: Double
    var horizontalPages: Int?
    var verticalPages: Int?
    var events: [TouchpadEvent]
    var liftDelay: Double

    var description: String {
        "TouchpadSwipe(\(width)×\(height), h: \(horizontalPages.map(String.init) ?? "inf"), "
            + "v: \(verticalPages.map(String.init) ?? "inf"),\n  "
            + events.map(\.description).joined(separator: "\n  ") + "\n  lift +\(liftDelay)s)"
    }
}

/// A touchpad swipe along one axis, every event the same way, of at least
/// 0.75 page in all, towards a page that exists: `target`.
struct OneWaySwipe: Sendable, Hashable, CustomStringConvertible {
    var swipe: TouchpadSwipe
    var target: PageIndex

    var description: String { "\(swipe), towards \(target)" }
}

/// Any touchpad swipe, lifted, ends settled on a page at most one page from
/// where it began (long swipes off), and the same swipe always ends the same
/// way; one of 0.75 page or more along an axis that lets it ends one page over.
@Suite("Touchpad swipes", .shrinking(false))
struct TouchpadSwipePropertyTests {
    static let runCount = 300

    static let event = zip(Gen.double(in: -120...120), Gen.double(in: -120...120), Gen.double(in: 0...0.08))
        .map { (parts: (Double, Double, Double)) in TouchpadEvent(dx: parts.0, dy: parts.1, delay: parts.2) }

    static let swipes = zip(
        Gen.double(in: 200...3000),
        Gen.double(in: 200...2000),
        Gen.int(in: 0...(sessionBoundsChoices.count - 1)),
        Gen.int(in: 0...(sessionBoundsChoices.count - 1)),
        event.array(of: 1...60),
        Gen.double(in: 0...0.2)
    ).map { (parts: (Double, Double, Int, Int, [TouchpadEvent], Double)) in
        TouchpadSwipe(width: parts.0, height: parts.1, horizontalPages: sessionBoundsChoices[parts.2],
                      verticalPages: sessionBoundsChoices[parts.3], events: parts.4, liftDelay: parts.5)
    }

    /// Touchpad units a page along each axis (libadwaita's, the default), and
    /// the pages an axis may have that leave its page 1 open.
    static let unitsPerPage = (horizontal: 400.0, vertical: 300.0)
    static let openForwards: [Int?] = [nil, 2, 5]

    /// From page (0, 0): forwards (content left or up, towards page 1) on an
    /// axis of 2, 5 or infinitely many pages, backwards on an infinite one; the
    /// other axis any. Events of 1 to 120 units, up to 80 ms apart; when they
    /// add up to less than 0.75 page, one more event makes up the rest.
    static let oneWaySwipes = zip(
        Gen.double(in: 200...3000),
        Gen.double(in: 200...2000),
        Gen.bool,
        Gen.bool,
        Gen.int(in: 0...(openForwards.count - 1)),
        Gen.int(in: 0...(sessionBoundsChoices.count - 1)),
        zip(Gen.double(in: 1...120), Gen.double(in: 0...0.08)).array(of: 1...60),
        Gen.double(in: 0...0.2)
    ).map { (parts: (Double, Double, Bool, Bool, Int, Int, [(Double, Double)], Double)) in
        let (width, height, vertical, backwards, open, other, steps, liftDelay) = parts
        let sign = backwards ? 1.0 : -1.0
        let needed = 0.75 * (vertical ? unitsPerPage.vertical : unitsPerPage.horizontal)
        var units = steps.map { (units: $0.0, delay: $0.1) }
        let travelled = units.reduce(0) { $0 + $1.units }
        if travelled < needed { units.append((needed - travelled, 0.016)) }
        let events = units.map {
            TouchpadEvent(dx: vertical ? 0 : sign * $0.units, dy: vertical ? sign * $0.units : 0, delay: $0.delay)
        }
        let openPages = backwards ? nil : openForwards[open]
        let swipe = TouchpadSwipe(width: width, height: height,
                                  horizontalPages: vertical ? sessionBoundsChoices[other] : openPages,
                                  verticalPages: vertical ? openPages : sessionBoundsChoices[other],
                                  events: events, liftDelay: liftDelay)
        let step = backwards ? -1 : 1
        return OneWaySwipe(swipe: swipe, target: vertical ? page(0, step) : page(step, 0))
    }

    /// Plays `swipe` with a real lift (no quiet-gap end) and lets it settle.
    static func play(_ swipe: TouchpadSwipe) -> RecordingPager {
        var configuration = PagerConfiguration()
        configuration.scrollEndGap = .infinity
        var pager = RecordingPager(width: swipe.width, height: swipe.height,
                                   horizontalPages: swipe.horizontalPages, verticalPages: swipe.verticalPages,
                                   configuration: configuration)
        var time = 0.0
        for event in swipe.events {
            time += event.delay
            pager.scroll(dx: event.dx, dy: event.dy, at: time)
        }
        pager.scrollEnded(at: time + swipe.liftDelay)
        pager.settle(within: 10)
        return pager
    }

    @Test func aLiftedSwipeSettlesWithinOnePageOfItsStart() async {
        await propertyCheck(count: Self.runCount, input: Self.swipes) { swipe in
            let pager = Self.play(swipe)
            #expect(pager.model.isSettled && pager.model.phase == .idle && pager.model.offset == .zero)
            let end = pager.model.currentPage
            #expect(abs(end.h) + abs(end.v) <= 1, "ended on \(end)")
        }
    }

    @Test func theSameSwipeEndsTheSameWay() async {
        await propertyCheck(count: Self.runCount, input: Self.swipes) { swipe in
            let first = Self.play(swipe)
            let second = Self.play(swipe)
            #expect(first.events == second.events)
            #expect(first.model.currentPage == second.model.currentPage)
            #expect(first.now.bitPattern == second.now.bitPattern)
        }
    }

    @Test func aSwipeOfThreeQuartersOfAPageOrMoreOnAnOpenAxisEndsOnePageOver() async {
        await propertyCheck(count: Self.runCount, input: Self.oneWaySwipes) { oneWay in
            let pager = Self.play(oneWay.swipe)
            #expect(pager.model.isSettled && pager.model.offset == .zero)
            #expect(pager.model.currentPage == oneWay.target)
        }
    }
}
