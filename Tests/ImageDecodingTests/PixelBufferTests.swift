import Testing
@testable import ImageDecoding

@Suite struct PixelBufferTests {
    static func gray(_ values: [UInt8], width: Int) -> PixelBuffer {
        PixelBuffer(width: width, height: values.count / width, pixels: values.flatMap { [$0, $0, $0, 255] })
    }

    @Test func areaAverageIsTheExactMeanOfTheCoveredArea() {
        // 4×1 → 2×1: pairs average.
        let halved = Self.gray([0, 100, 200, 250], width: 4).downscaled(toWidth: 2, height: 1)
        #expect(halved.pixels == [50, 50, 50, 255, 225, 225, 225, 255])
        // 3×1 → 2×1: each output covers 1.5 source pixels.
        let thirds = Self.gray([0, 90, 180], width: 3).downscaled(toWidth: 2, height: 1)
        #expect(thirds.pixels[0] == 30)    // (0·1 + 90·0.5) / 1.5
        #expect(thirds.pixels[4] == 150)   // (90·0.5 + 180·1) / 1.5
        // 2×2 → 1×1.
        let one = Self.gray([10, 20, 30, 40], width: 2).downscaled(toWidth: 1, height: 1)
        #expect(one.pixels == [25, 25, 25, 255])
    }

    @Test func aFineCheckerboardAveragesToGreyInsteadOfAliasing() {
        let board = PixelBuffer(width: 300, height: 300, pixels: (0..<(300 * 300)).flatMap { i -> [UInt8] in
            let v: UInt8 = ((i % 300) + (i / 300)) % 2 == 0 ? 255 : 0
            return [v, v, v, 255]
        })
        let small = board.downscaled(toWidth: 70, height: 70)
        for index in stride(from: 0, to: small.pixels.count, by: 4) {
            #expect(abs(Int(small.pixels[index]) - 128) <= 6)
        }
    }

    @Test func transparentPixelsDoNotBleedColour() {
        // Opaque red next to transparent *green*: the average must stay red.
        let buffer = PixelBuffer(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 255, 0, 0])
        let merged = buffer.downscaled(toWidth: 1, height: 1, hasAlpha: true)
        #expect(merged.pixels == [255, 0, 0, 128])
        #expect(buffer.hasTransparency())
        #expect(!Self.gray([1, 2], width: 2).hasTransparency())
    }

    @Test func orientationsMapEveryPixel() {
        // 3×2 image with distinct values 0…5, as ids in the red channel.
        let source = PixelBuffer(width: 3, height: 2, pixels: (0..<6).flatMap { [UInt8($0), 0, 0, 255] })
        func ids(_ b: PixelBuffer) -> [[UInt8]] {
            (0..<b.height).map { y in (0..<b.width).map { x in b.pixels[(y * b.width + x) * 4] } }
        }
        // Stored:  0 1 2
        //          3 4 5
        #expect(ids(source.oriented(.normal)) == [[0, 1, 2], [3, 4, 5]])
        #expect(ids(source.oriented(.mirrorHorizontal)) == [[2, 1, 0], [5, 4, 3]])
        #expect(ids(source.oriented(.rotate180)) == [[5, 4, 3], [2, 1, 0]])
        #expect(ids(source.oriented(.mirrorVertical)) == [[3, 4, 5], [0, 1, 2]])
        #expect(ids(source.oriented(.transpose)) == [[0, 3], [1, 4], [2, 5]])
        #expect(ids(source.oriented(.rotate90)) == [[3, 0], [4, 1], [5, 2]])
        #expect(ids(source.oriented(.transverse)) == [[5, 2], [4, 1], [3, 0]])
        #expect(ids(source.oriented(.rotate270)) == [[2, 5], [1, 4], [0, 3]])
    }

    @Test func fitNeverUpscalesAndNeverExceedsTheBox() {
        #expect(FitSize.fit(width: 4000, height: 3000, maxWidth: 1280, maxHeight: 800) == (1067, 800))
        #expect(FitSize.fit(width: 100, height: 50, maxWidth: 1280, maxHeight: 800) == (100, 50))
        #expect(FitSize.fit(width: 10000, height: 1, maxWidth: 100, maxHeight: 100) == (100, 1))
        #expect(FitSize.fit(width: 300, height: 200, maxWidth: 0, maxHeight: 100) == (150, 100))
        for w in [1, 7, 333, 1920, 4001] {
            for h in [1, 9, 250, 1080, 2999] {
                let fit = FitSize.fit(width: w, height: h, maxWidth: 640, maxHeight: 480)
                #expect(fit.width <= max(640, 1) && fit.height <= 480 && fit.width >= 1 && fit.height >= 1)
                #expect(fit.width <= w && fit.height <= h)
            }
        }
    }

    @Test func exifParserIsBoundsChecked() {
        func parse(_ bytes: [UInt8]) -> ExifOrientation? {
            bytes.withUnsafeBufferPointer { ExifOrientation.parse(tiff: ByteView($0)) }
        }
        let good: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0]
        #expect(parse(good) == .rotate90)
        #expect(parse(Array(good.prefix(19))) == nil)                             // entry cut short
        #expect(parse([0x4D, 0x4D, 0, 42, 0x7F, 0xFF, 0xFF, 0xFF]) == nil)        // IFD offset far away
        #expect(parse([0x49, 0x49, 42, 0, 8, 0, 0, 0, 0xFF, 0xFF]) == nil)        // 65535 entries, no data
        var nine = good; nine[19] = 9
        #expect(parse(nine) == nil)                                               // not an orientation
        #expect(parse([0x58, 0x58, 0, 42]) == nil)                                // bad byte order
    }
}
