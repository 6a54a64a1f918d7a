@testable import ImageDecoding
import Pager
import Testing
@testable import Gallery

@Suite struct DemoPageRendererTests {
    @Test func rendersAtTheRequestedSizeDeterministically() {
        let a = DemoPageRenderer.render(page: PageIndex(h: 3, v: -2), width: 320, height: 200)
        let b = DemoPageRenderer.render(page: PageIndex(h: 3, v: -2), width: 320, height: 200)
        #expect(a.width == 320 && a.height == 200 && a.pixels.count == 320 * 200 * 4)
        #expect(a.format == "demo")
        #expect(a.pixels == b.pixels)
        #expect(a.rgba(x: 0, y: 0).a == 255)
    }

    @Test func neighboursLookDifferent() {
        func mean(_ image: DecodedImage) -> (Double, Double, Double) {
            var sum = (0.0, 0.0, 0.0)
            for i in stride(from: 0, to: image.pixels.count, by: 4) {
                sum.0 += Double(image.pixels[i]); sum.1 += Double(image.pixels[i + 1]); sum.2 += Double(image.pixels[i + 2])
            }
            let n = Double(image.width * image.height)
            return (sum.0 / n, sum.1 / n, sum.2 / n)
        }
        func differingPixels(_ a: DecodedImage, _ b: DecodedImage) -> Int {
            // A plain loop: slices compared per pixel took most of this test's 8 s in a debug build.
            a.pixels.withUnsafeBufferPointer { p in
                b.pixels.withUnsafeBufferPointer { q in
                    var count = 0
                    for i in stride(from: 0, to: min(p.count, q.count), by: 4)
                    where p[i] != q[i] || p[i + 1] != q[i + 1] || p[i + 2] != q[i + 2] { count += 1 }
                    return count
                }
            }
        }
        let total = 160 * 100
        for v in -7...7 {
            for h in -7...7 {
                let page = DemoPageRenderer.render(page: PageIndex(h: h, v: v), width: 160, height: 100)
                let right = DemoPageRenderer.render(page: PageIndex(h: h + 1, v: v), width: 160, height: 100)
                let below = DemoPageRenderer.render(page: PageIndex(h: h, v: v + 1), width: 160, height: 100)
                // Horizontal neighbours differ in colour, vertical ones in pattern: a big share of the page changes.
                #expect(differingPixels(page, right) > total / 2, "(\(h), \(v)) vs right")
                #expect(differingPixels(page, below) > total / 5, "(\(h), \(v)) vs below")
                let (m1, m2) = (mean(page), mean(right))
                #expect(abs(m1.0 - m2.0) + abs(m1.1 - m2.1) + abs(m1.2 - m2.2) > 10, "(\(h), \(v)) colour")
            }
        }
    }

    @Test func thePageEdgeIsFramed() {
        let page = DemoPageRenderer.render(page: PageIndex(h: 0, v: 0), width: 200, height: 100)
        let edge = page.rgba(x: 0, y: 50)
        let inside = page.rgba(x: 100, y: 1)
        #expect(edge == inside)                        // both frame
        #expect(Int(edge.r) + Int(edge.g) + Int(edge.b) < 200)
    }

    @Test func demoSourceGoesThroughTheDecoder() throws {
        let image = try ImageDecoder.decode(.demo(PageIndex(h: -5, v: 11)), maxWidth: 64, maxHeight: 48).get()
        #expect(image.width == 64 && image.height == 48)
        let fallback = try ImageDecoder.decode(.demo(PageIndex(h: 0, v: 0)), maxWidth: 0, maxHeight: 0).get()
        #expect(fallback.width == 1280 && fallback.height == 800)
    }
}
