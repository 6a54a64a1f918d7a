import Benchmark
import Foundation
import Gallery

// Figure 4 of scripts/bench: a 12 MP JPEG fitted into the window, decoded at
// libjpeg-turbo's reduced scale (what the browser does) vs decoded at full size
// and then scaled down by the same area-averaging code. Goal: scaled ≥ 4× faster.
// A third entry decodes through SDL2_image at full size, as a naive viewer would.
//
// The JPEG is FOURWAY_BENCH_JPEG (scripts/bench passes one of its corpus);
// without it these benchmarks are skipped.

/// The window the image is fitted into, px.
let windowWidth = 1280
let windowHeight = 800

let benchmarks: @Sendable () -> Void = {
    guard let path = ProcessInfo.processInfo.environment["FOURWAY_BENCH_JPEG"] else { return }
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident, .throughput],
        warmupIterations: 1,
        maxDuration: .seconds(3),
        maxIterations: 20
    )

    Benchmark("decode 12 MP JPEG scaled to 1280x800") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? ImageDecoder.decodeFile(path, maxWidth: windowWidth, maxHeight: windowHeight))
        }
    }

    Benchmark("decode 12 MP JPEG full then scale to 1280x800") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? ImageDecoder.decodeFile(path, maxWidth: windowWidth, maxHeight: windowHeight,
                                                   jpegFullSize: true))
        }
    }

    // Extra information, not part of the 4× goal: what a naive viewer does
    // (SDL2_image's IMG_Load at full size, RGBA conversion, same average).
    // Its name says neither "full" nor "scaled": scripts/bench finds the
    // other two by those words.
    Benchmark("decode 12 MP JPEG via SDL2_image IMG_Load then scale to 1280x800") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? ImageDecoder.decodeJPEGFileThroughSDLImage(path, maxWidth: windowWidth, maxHeight: windowHeight))
        }
    }
}
