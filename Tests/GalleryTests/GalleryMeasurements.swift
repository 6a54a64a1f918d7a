import CTurboJPEG
import Foundation
@testable import ImageDecoding
import TestFixtures
import Testing
@testable import Gallery

/// Timings for the report, not assertions: run with
/// `GALLERY_MEASURE=1 swift test -c release --filter GalleryMeasurements`.
/// Tests never assert on wall-clock time; these only print.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["GALLERY_MEASURE"] == "1"))
struct GalleryMeasurements {
    static func milliseconds(_ work: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try work()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }

    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    @Test(arguments: [10_000, 100_000])
    func scanFolderOfHardLinks(count: Int) throws {
        let folder = try TemporaryFolder("scan\(count)")
        // ext4 allows 65,000 links per inode: a new seed file every 50,000.
        var seed = ""
        for i in 0..<count {
            if i % 50_000 == 0 {
                seed = folder.file("IMG_\(i).JPG")
                ImageFixtures.writePNG(seed, width: 4, height: 4, pixels: ImageFixtures.quadrants(width: 4, height: 4))
            } else {
                try folder.hardLink("IMG_\(i).JPG", to: seed)
            }
        }
        var times: [Double] = []
        var found = 0
        for _ in 0..<5 {
            times.append(try Self.milliseconds { found = try FolderScanner.scan(folder.path).count })
        }
        let layout = try GalleryLayout(contents: FolderScanner.scan(folder.path), style: .auto)
        var lookup = 0.0
        lookup = Self.milliseconds { _ = layout.page(of: folder.file("IMG_\(count - 1).JPG")) }
        print("MEASURE scan \(count) files: found \(found), median \(String(format: "%.1f", Self.median(times))) ms, runs \(times.map { String(format: "%.1f", $0) }); page(of:) last \(String(format: "%.2f", lookup)) ms")
    }

    @Test func jpegScaledVersusFullDecode() throws {
        let folder = try TemporaryFolder("jpeg12mp")
        let path = folder.file("plasma.jpg")
        let convert = Process()
        convert.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        convert.arguments = ["-size", "4000x3000", "-seed", "1", "plasma:", "-quality", "90", path]
        try convert.run()
        convert.waitUntilExit()
        let bytes = try FileReader.read(path)
        var scaled: [Double] = [], full: [Double] = [], fullThenAverage: [Double] = []
        var shown = (0, 0)
        for _ in 0..<7 {
            scaled.append(try Self.milliseconds {
                let image = try JPEGDecoder.decode(bytes, path: path, maxWidth: 1280, maxHeight: 800)
                shown = (image.width, image.height)
            })
            full.append(try Self.milliseconds { _ = try JPEGDecoder.decode(bytes, path: path, maxWidth: 0, maxHeight: 0) })
            fullThenAverage.append(try Self.milliseconds {
                let image = try JPEGDecoder.decode(bytes, path: path, maxWidth: 0, maxHeight: 0)
                _ = PixelBuffer(width: image.width, height: image.height, pixels: image.pixels).downscaled(toWidth: 1067, height: 800)
            })
        }
        // Each DCT scale on its own (decode only, no averaging), to see what scaling buys.
        var perScale: [String] = []
        for factor in JPEGScale.available {
            let handle = tjInitDecompress()!
            defer { tjDestroy(handle) }
            let (w, h) = (factor.scaled(4000), factor.scaled(3000))
            var out = [UInt8](repeating: 0, count: w * h * 4)
            let time = Self.median((0..<5).map { _ in
                Self.milliseconds {
                    _ = bytes.withUnsafeBufferPointer { source in
                        out.withUnsafeMutableBufferPointer { target in
                            tjDecompress2(handle, source.baseAddress, UInt(source.count), target.baseAddress, Int32(w), Int32(w * 4),
                                          Int32(h), Int32(TJPF_RGBA.rawValue), 0)
                        }
                    }
                }
            })
            perScale.append("\(factor) \(w)×\(h) \(String(format: "%.1f", time)) ms")
        }
        print("MEASURE tjDecompress2 per scale: " + perScale.joined(separator: "; "))
        var sdl: [Double] = []
        for _ in 0..<3 {
            sdl.append(try Self.milliseconds { _ = try SDLImageDecoder.decode(bytes, format: .jpeg, path: path, maxWidth: 1280, maxHeight: 800) })
        }
        print("MEASURE 12 MP JPEG (\(bytes.count / 1024) KB) → \(shown.0)×\(shown.1): scaled (3/8 + area average) median \(String(format: "%.1f", Self.median(scaled))) ms; full 1/1 decode \(String(format: "%.1f", Self.median(full))) ms; full + area average \(String(format: "%.1f", Self.median(fullThenAverage))) ms; SDL_image full + average \(String(format: "%.1f", Self.median(sdl))) ms")
        print("MEASURE SDL_image codecs initialised: \(SDLImageDecoder.initializedFormats)")
    }

    @Test func areaAverageCost() {
        let source = PixelBuffer(width: 1500, height: 1125, pixels: [UInt8](repeating: 128, count: 1500 * 1125 * 4))
        var times: [Double] = []
        for _ in 0..<7 { times.append(Self.milliseconds { _ = source.downscaled(toWidth: 1067, height: 800) }) }
        let demo = Self.median((0..<7).map { i in Self.milliseconds { _ = DemoPageRenderer.render(page: .init(h: i, v: i), width: 1280, height: 800) } })
        print("MEASURE area average 1500×1125 → 1067×800 median \(String(format: "%.1f", Self.median(times))) ms; demo page 1280×800 median \(String(format: "%.1f", demo)) ms")
    }
}
