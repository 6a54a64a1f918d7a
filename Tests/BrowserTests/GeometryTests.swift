import Gallery
import ImageDecoding
import Pager
import Testing
@testable import Browser

@Suite("Pixel geometry and decode priorities")
struct GeometryTests {
    @Test("Snapped neighbours share their edge at any offset")
    func snappedNeighboursTouch() {
        for step in 0..<2000 {
            let offset = -1280 + Double(step) * 0.6401
            for width in [1280.0, 1000.0, 333.0] {
                let left = PixelRect(snapping: Rect(x: offset, y: 0, width: width, height: 10))
                let right = PixelRect(snapping: Rect(x: offset + width, y: 0, width: width, height: 10))
                let rightComputedApart = PixelRect(snapping: Rect(x: 1 * width + offset, y: 0, width: width, height: 10))
                #expect(left.maxX == right.x)
                #expect(left.maxX == rightComputedApart.x)
            }
        }
        // Exactly half a pixel rounds the same way for both.
        #expect(PixelRect(snapping: Rect(x: 0.5, y: 0, width: 10, height: 1)).x == 1)
        #expect(PixelRect(snapping: Rect(x: -0.5, y: 0, width: 10, height: 1)).x == -1)
    }

    @Test("Letterbox fits down, never up, and centres")
    func letterbox() {
        let page = PixelRect(x: 100, y: 0, width: 1280, height: 800)
        #expect(Letterbox.fit(sourceWidth: 4000, sourceHeight: 3000, in: page)
                == PixelRect(x: 206, y: 0, width: 1067, height: 800))
        #expect(Letterbox.fit(sourceWidth: 4000, sourceHeight: 1000, in: page)
                == PixelRect(x: 100, y: 240, width: 1280, height: 320))
        #expect(Letterbox.fit(sourceWidth: 200, sourceHeight: 100, in: page)
                == PixelRect(x: 640, y: 350, width: 200, height: 100))
        #expect(Letterbox.fit(sourceWidth: 200, sourceHeight: 100, in: page, upscale: true)
                == PixelRect(x: 100, y: 80, width: 1280, height: 640))
        #expect(Letterbox.fit(sourceWidth: 0, sourceHeight: 100, in: page).width == 0)
    }

    @Test("The current page decodes first, then the one ahead, then the others, then diagonals")
    func priorities() {
        let ahead = (h: 1, v: 0)
        #expect(DecodePriority.of(column: 0, row: 0, heading: ahead) == DecodePriority.current)
        #expect(DecodePriority.of(column: 1, row: 0, heading: ahead) == DecodePriority.ahead)
        #expect(DecodePriority.of(column: -1, row: 0, heading: ahead) == DecodePriority.neighbour)
        #expect(DecodePriority.of(column: 0, row: 1, heading: ahead) == DecodePriority.neighbour)
        #expect(DecodePriority.of(column: 1, row: 1, heading: ahead) == DecodePriority.diagonal)
        #expect(DecodePriority.of(column: 0, row: -1, heading: (0, -1)) == DecodePriority.ahead)
        #expect(DecodePriority.of(column: 1, row: 0, heading: (0, 0)) == DecodePriority.neighbour)
        #expect(DecodePriority.current > DecodePriority.ahead)
        #expect(DecodePriority.ahead > DecodePriority.neighbour)
        #expect(DecodePriority.neighbour > DecodePriority.diagonal)
    }
}
