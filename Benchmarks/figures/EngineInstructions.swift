// The engine's hot calls in a loop, for counting instructions with callgrind
// (Benchmarks/figures/engine-instructions): the same shapes as Benchmarks/ PagerBenchmarks,
// compiled together with Sources/Pager (-O -wmo, the engine's sources in this module).
//
//   engine-instructions spring|easing|pointer CALLS

/// Keeps `value` alive so that the loop is not optimised away.
@inline(never) func keep<T>(_ value: T) { withUnsafePointer(to: value) { _ = $0 } }

@main
struct EngineInstructions {
    static func main() {
        let arguments = CommandLine.arguments
        guard arguments.count == 3, let calls = Int(arguments[2]), calls > 0 else {
            print("usage: engine-instructions spring|easing|pointer CALLS")
            return
        }
        switch arguments[1] {
        case "spring", "easing":
            var configuration = PagerConfiguration()
            if arguments[1] == "easing" {
                configuration.animation = .easing(.easeOutCubic, minimumDuration: 0.2, maximumDuration: 0.4)
            }
            var model = PagerModel(pageWidth: 1280, pageHeight: 800, configuration: configuration)
            _ = model.flip(.right, time: 0)
            while model.pollEvent() != nil {}
            // Steps of 0.1 µs: every call lands in the middle of the same flip.
            var time = 0.0
            for _ in 0..<calls {
                time += 0.0000001
                model.advance(to: time)
            }
            keep(model.offset)
        case "pointer":
            var model = PagerModel(pageWidth: 1280, pageHeight: 800)
            model.pointerDown(x: 640, y: 400, time: 0)
            model.pointerMoved(x: 600, y: 400, time: 0.001)
            while model.pollEvent() != nil {}
            // A triangle wave around the lock point, never reaching another page.
            var time = 0.001
            for step in 0..<calls {
                time += 0.001
                let phase = Double(step % 200) / 100
                model.pointerMoved(x: 600 - 300 * (phase < 1 ? phase : 2 - phase), y: 400 + Double(step % 7), time: time)
            }
            keep(model.offset)
        default:
            print("usage: engine-instructions spring|easing|pointer CALLS")
        }
    }
}
