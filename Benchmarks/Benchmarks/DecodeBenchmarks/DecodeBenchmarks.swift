import Benchmark
import Foundation
// JPEGDecoder(decodingFullSize:) is for measuring only: not in the decoders' public API.
@_spi(Benchmarks) import ImageDecoding

// Figure 4 of scripts/bench: a 12 MP JPEG fitted into the window, decoded at
// libjpeg-turbo's reduced scale (what the browser does) vs decoded at full size
// and then scaled down by the same area-averaging code. Goal: scaled ≥ 4× faster.
// A third entry decodes through SDL2_image at full size, as a naive viewer would.
//
// The JPEG is FOURWAY_BENCH_JPEG (scripts/bench passes one of its corpus);
// without it these benchmarks are skipped.
//
// Formats compared (not a figure of scripts/bench): one 12 MP picture as JPEG,
// HEIC, AVIF and JPEG XL, each decoded through ImageDecoder.decodeFile to fit
// 1280x800, 7 timed runs after 1 warm-up (p50 is the median of 7). Each file is
// named by its variable, FOURWAY_BENCH_SAME_JPEG, _HEIC, _AVIF and _JXL; a format
// without one is skipped. docs/benchmarks.md has the commands and the figures.

/// The window the image is fitted into, px.
let windowWidth = 1280
let windowHeight = 800

/// Every JPEG decoded at full size, then scaled down by the browser's own
/// area-averaging: what DCT scaling saves is the difference.
let fullSizeJPEG = DecoderRegistry([JPEGDecoder(decodingFullSize: true)])
/// SDL2_image's IMG_Load at full size, converted to RGBA, the same averaging:
/// what a naive viewer does.
let sdlImageOnly = DecoderRegistry([SDLImageDecoder()])

/// The formats compared, and the variable naming each one's file.
let comparedFormats = [("JPEG", "FOURWAY_BENCH_SAME_JPEG"), ("HEIC", "FOURWAY_BENCH_HEIC"),
                       ("AVIF", "FOURWAY_BENCH_AVIF"), ("JPEG XL", "FOURWAY_BENCH_JXL")]

let benchmarks: @Sendable () -> Void = {
    let environment = ProcessInfo.processInfo.environment
    for (format, variable) in comparedFormats {
        guard let path = environment[variable] else { continue }
        Benchmark("decode 12 MP \(format) to 1280x800, same picture",
                  configuration: .init(metrics: [.wallClock, .peakMemoryResident], warmupIterations: 1,
                                       maxDuration: .seconds(120), maxIterations: 7)) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try? ImageDecoder.decodeFile(path, maxWidth: windowWidth, maxHeight: windowHeight))
            }
        }
    }

    guard let path = environment["FOURWAY_BENCH_JPEG"] else { return }
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

    // A baseline JPEG's DC image at 1/8 (JPEGBaselineDC), the Huffman codes
    // read on one core, then on two.
    let file = (try? Data(contentsOf: URL(fileURLWithPath: path))).map { [UInt8]($0) } ?? []
    for threads in [1, 2] {
        Benchmark("decode 12 MP JPEG DC at 1/8 on \(threads) thread\(threads == 1 ? "" : "s")") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(file.withUnsafeBufferPointer { JPEGBaselineDC.decode($0, threads: threads) })
            }
        }
    }

    Benchmark("decode 12 MP JPEG full then scale to 1280x800") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? ImageDecoder.decodeFile(path, maxWidth: windowWidth, maxHeight: windowHeight,
                                                   registry: fullSizeJPEG))
        }
    }

    // Extra information, not part of the 4× goal: what a naive viewer does
    // (SDL2_image's IMG_Load at full size, RGBA conversion, same average).
    // Its name says neither "full" nor "scaled": scripts/bench finds the
    // other two by those words.
    Benchmark("decode 12 MP JPEG via SDL2_image IMG_Load then scale to 1280x800") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? ImageDecoder.decodeFile(path, maxWidth: windowWidth, maxHeight: windowHeight,
                                                   registry: sdlImageOnly))
        }
    }
}
