import Pager
import PropertyBased
import Testing

/// One key press in a random run of flips: its direction and how long after
/// the previous one it comes, with the host drawing frames meanwhile or not.
struct TimedFlip: Sendable, Hashable, CustomStringConvertible {
    var direction: FlipDirection
    var delay: Double
    var framesPass: Bool

    var description: String { "+\(delay)s\(framesPass ? "" : " (stalled)") flip(\(direction))" }
}

/// A random run of flips under random bounds, with either key flip animation.
struct FlipSequence: Sendable, Hashable, CustomStringConvertible {
    var horizontalPages: Int?
    var verticalPages: Int?
    var initialPage: PageIndex
    var keyFlipAnimation: PageAnimationStyle
    var flips: [TimedFlip]

    var description: String {
        "FlipSequence(h: \(horizontalPages.map(String.init) ?? "inf"), v: \(verticalPages.map(String.init) ?? "inf"), start: \(initialPage), \(keyFlipAnimation),\n  "
            + flips.map(\.description).joined(separator: "\n  ") + ")"
    }
}

/// Any sequence of flips at any times ends where walking the same steps one
/// page at a time, clamped into the bounds at each step, ends: no flip of a
/// held key is lost, none is counted twice, none goes past an edge.
@Suite("Flip sequences", .shrinking(false))
struct FlipSequencePropertyTests {
    /// Random runs per property.
    static let runCount = 300
    /// Key flip animations the runs use: the default and the release spring.
    /// The default slide, a spring, and an easing of no length (the
    /// browser's `--key-flip swap`), which lands on each flip's own frame.
    static let keyFlipAnimations: [PageAnimationStyle] = [
        .keyFlip, .spring(.carousel), .easing(.easeOutQuint, minimumDuration: 0, maximumDuration: 0),
    ]

    static let timedFlip = zip(Gen.int(in: 0...3), Gen.double(in: 0...0.2), Gen.bool(0.8))
        .map { (parts: (Int, Double, Bool)) in
            TimedFlip(direction: FlipDirection.allCases[parts.0], delay: parts.1, framesPass: parts.2)
        }

    static let sequences = zip(
        Gen.int(in: 0...(sessionBoundsChoices.count - 1)),
        Gen.int(in: 0...(sessionBoundsChoices.count - 1)),
        Gen.int(in: -3...3),
        Gen.int(in: -3...3),
        Gen.int(in: 0...(keyFlipAnimations.count - 1)),
        timedFlip.array(of: 1...40)
    ).map { (parts: (Int, Int, Int, Int, Int, [TimedFlip])) in
        FlipSequence(
            horizontalPages: sessionBoundsChoices[parts.0], verticalPages: sessionBoundsChoices[parts.1],
            initialPage: page(parts.2, parts.3), keyFlipAnimation: keyFlipAnimations[parts.4], flips: parts.5)
    }

    @Test func anyFlipsAtAnyTimesLandOnTheClampedWalk() async {
        await propertyCheck(count: Self.runCount, input: Self.sequences) { run in
            var configuration = PagerConfiguration()
            configuration.keyFlipAnimation = run.keyFlipAnimation
            var model = PagerModel(
                pageWidth: 1280, pageHeight: 800, horizontalPages: run.horizontalPages,
                verticalPages: run.verticalPages, initialPage: run.initialPage, configuration: configuration)
            let horizontal = AxisBounds(pageCount: run.horizontalPages)
            let vertical = AxisBounds(pageCount: run.verticalPages)
            var walk = model.currentPage
            var time = 0.0
            for flip in run.flips {
                if flip.framesPass {
                    var frameTime = time + sessionFrameInterval
                    while frameTime < time + flip.delay {
                        model.advance(to: frameTime)
                        frameTime += sessionFrameInterval
                    }
                }
                time += flip.delay
                model.flip(flip.direction, time: time)
                switch flip.direction {
                case .left where horizontal.isEnabled: walk.h = horizontal.clamp(walk.h - 1)
                case .right where horizontal.isEnabled: walk.h = horizontal.clamp(walk.h + 1)
                case .up where vertical.isEnabled: walk.v = vertical.clamp(walk.v - 1)
                case .down where vertical.isEnabled: walk.v = vertical.clamp(walk.v + 1)
                default: break
                }
            }
            model.advance(to: time + sessionQuietTime)
            #expect(model.currentPage == walk)
            #expect(model.isSettled)
            #expect(model.offset == .zero)
        }
    }
}

/// The frame interval of the runs, s (60 Hz, as the random sessions).
let sessionFrameInterval = 1 / sessionFramesPerSecond
