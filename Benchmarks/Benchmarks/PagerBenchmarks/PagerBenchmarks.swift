import Benchmark
import Pager

// What a host calls in its hot paths: pointerMoved for every motion event of
// a drag, advance once per frame while pages move, and flips in a burst.
// Goal: under 1 µs per call and zero mallocs (the engine uses inline storage).

/// Page size of the benchmarked pager, px.
let pageWidth = 1280.0
let pageHeight = 800.0
/// Time between two pointer motion events, s (a 1000 Hz gaming mouse).
let pointerInterval = 0.001
/// Time between two advances in the animation benchmark, s: small, so that
/// every advance of a sample lands in the middle of the same flip animation.
let animationStep = 0.0001
/// Frame time in the flip cycle benchmark, s (120 Hz).
let frameInterval = 1.0 / 120
/// Frames stepped after each flip: 0.5 s, enough for the default spring to settle.
let framesPerFlip = 60
/// Half the span of the back-and-forth drag, px: well under half a page, so
/// the drag never lands on another page and every call does the same work.
let dragAmplitude = 300.0

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .throughput],
        warmupIterations: 3,
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 1_000
    )

    // Steady state of a drag: the axis is locked, every call follows the pointer.
    Benchmark("pointerMoved during a drag") { benchmark in
        var model = PagerModel(pageWidth: pageWidth, pageHeight: pageHeight)
        model.pointerDown(x: 640, y: 400, time: 0)
        model.pointerMoved(x: 600, y: 400, time: pointerInterval)
        while model.pollEvent() != nil {}
        var time = pointerInterval
        var step = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            time += pointerInterval
            step += 1
            // A triangle wave around the lock point: left, then back right.
            let phase = Double(step % 200) / 100  // 0..<2
            let x = 600 - dragAmplitude * (phase < 1 ? phase : 2 - phase)
            model.pointerMoved(x: x, y: 400 + Double(step % 7), time: time)
        }
        benchmark.stopMeasurement()
        blackHole(model.offset)
    }

    // One frame of a flip animation with the default spring.
    Benchmark("advance while animating (spring)") { benchmark in
        var model = PagerModel(pageWidth: pageWidth, pageHeight: pageHeight)
        advanceWhileAnimating(&model, benchmark)
    }

    // The same with an easing curve, the other animation style.
    Benchmark("advance while animating (easing)") { benchmark in
        var configuration = PagerConfiguration()
        configuration.animation = .easing(.easeOutCubic, minimumDuration: 0.2, maximumDuration: 0.4)
        var model = PagerModel(pageWidth: pageWidth, pageHeight: pageHeight, configuration: configuration)
        advanceWhileAnimating(&model, benchmark)
    }

    // Nothing but the measurement itself, at the same scaling as the flip
    // benchmark below: the harness's own mallocs per sample, to subtract.
    Benchmark(
        "empty sample (harness overhead)",
        configuration: .init(scalingFactor: .one, maxIterations: 10_000)
    ) { benchmark in
        var count = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { count += 1 }
        benchmark.stopMeasurement()
        blackHole(count)
    }

    // A whole flip: the decision, 60 frames of animation, landing, recycling,
    // settling, and draining the events as a host would. Reported per flip.
    Benchmark(
        "flip + 60 advances",
        configuration: .init(scalingFactor: .one, maxIterations: 10_000)
    ) { benchmark in
        var model = PagerModel(pageWidth: pageWidth, pageHeight: pageHeight)
        var time = 0.0
        var pageChanges = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            model.flip(.right, time: time)
            for _ in 0..<framesPerFlip {
                time += frameInterval
                model.advance(to: time)
                while let event = model.pollEvent() {
                    if case .pageChanged = event.kind { pageChanges += 1 }
                }
            }
        }
        benchmark.stopMeasurement()
        blackHole(pageChanges)
    }

    // Free scrolling (a zoomed image's pan, the overview grid): one frame of
    // momentum after a flick, in steps that stay inside the glide.
    Benchmark("Scroller advance during momentum") { benchmark in
        var scroller = Scroller(limits: Rect(x: 0, y: 0, width: 1e9, height: 1e9))
        scroller.dragBegan(time: 0)
        for i in 1...5 { scroller.drag(by: Point(x: 30, y: 50), time: Double(i) * 0.008) }
        scroller.dragEnded(time: 0.04)
        var time = 0.04
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            time += animationStep
            scroller.advance(to: time)
        }
        benchmark.stopMeasurement()
        blackHole(scroller.position)
    }
}

/// Flips once, then measures `advance` in small steps that all fall inside
/// that one animation.
func advanceWhileAnimating(_ model: inout PagerModel, _ benchmark: Benchmark) {
    model.flip(.right, time: 0)
    while model.pollEvent() != nil {}
    var time = 0.0
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
        time += animationStep
        model.advance(to: time)
    }
    benchmark.stopMeasurement()
    while model.pollEvent() != nil {}
    blackHole(model.offset)
}
