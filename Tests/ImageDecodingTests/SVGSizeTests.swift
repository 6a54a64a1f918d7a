import Foundation
import TestFixtures
import Testing
@testable import ImageDecoding

/// Hostile SVG sizes (SVGDocument, SVGHeader, ImageDecoder.checkHeader):
/// whatever number, unit or place a document's size has, it ends in a
/// picture or a one-line message, never a trap converting it to pixels.
@Suite struct SVGSizeTests {
    static let namespace = "xmlns=\"http://www.w3.org/2000/svg\""

    /// What a document becomes.
    enum Outcome: Sendable, CustomStringConvertible {
        case drawn
        case refused(String)
        var description: String {
            switch self {
            case .drawn: "drawn"
            case .refused(let words): "refused: \(words)"
            }
        }
    }

    static func outcome(_ svg: String) throws -> Outcome {
        let folder = try TemporaryFolder()
        let path = try folder.write("size.svg", Array(svg.utf8))
        switch ImageDecoderTests.decode(path, 64, 64) {
        case .success(let image):
            #expect(image.width > 0 && image.height > 0 && image.width <= 64 && image.height <= 64)
            return .drawn
        case .failure(let failure):
            #expect(!failure.message.contains("\n"))
            return .refused(failure.message)
        }
    }

    static let over = "is over the 100-megapixel limit"

    /// The 134-byte file that ended fourway with SIGILL (scripts/make-bad-corpus: svg-size-1e30.svg).
    @Test func aSizeOf1e30IsRefusedWithItsNumbers() throws {
        let svg = "<svg \(Self.namespace) width=\"1e30\" height=\"1e30\"><rect width=\"10\" height=\"10\"/></svg>"
        let result = try Self.outcome(svg)
        #expect(result.description == "refused: SVG size 1e+30 × 1e+30 \(Self.over)", "\(result)")
    }

    /// Each hostile spelling of a size and what it must become.
    static let hostile: [(String, String, String?)] = [
        ("exponent in the header's reach", "width=\"1E3\" height=\"1e6\"", "SVG size 1000 × 1000000 \(over)"),
        ("tiny exponent", "width=\"1e-30\" height=\"1e-30\"", nil),
        ("tiny against huge", "width=\"1e-300\" height=\"1e300\"", "SVG size 1e-300 × 1e+300 \(over)"),
        ("denormal sides", "width=\"1e-320\" height=\"2e-320\"", "SVG has no size (no width, height or viewBox)"),
        ("percentages with a huge viewBox", "width=\"100%\" height=\"100%\" viewBox=\"0 0 1e30 1e30\"", "SVG size 1e+30 × 1e+30 \(over)"),
        ("huge viewBox alone", "viewBox=\"0 0 4e38 1\"", "SVG size 4e+38 × 1 \(over)"),
        ("a unit past a double", "width=\"1e307in\" height=\"1in\"", "SVG size inf × 96 \(over)"),
        ("a unit", "width=\"2e5mm\" height=\"2e5mm\"", "SVG size 755906 × 755906 \(over)"),
        ("negative", "width=\"-5\" height=\"-5\"", "SVG has no size (no width, height or viewBox)"),
        ("zero with a viewBox", "width=\"0\" height=\"0\" viewBox=\"0 0 10 10\"", nil),
        ("NaN and infinity", "width=\"NaN\" height=\"inf\" viewBox=\"0 0 10 10\"", nil),
        ("tabs and newlines between attributes", "\twidth\n=\n\"1e30\"\r\n\theight='1e30'", "SVG size 1e+30 × 1e+30 \(over)"),
    ]

    @Test(arguments: 0..<hostile.count)
    func aHostileSizeIsDrawnOrRefusedWithAMessage(_ index: Int) throws {
        let (name, attributes, refusal) = Self.hostile[index]
        let result = try Self.outcome("<svg \(Self.namespace) \(attributes)><rect width=\"10\" height=\"10\"/></svg>")
        let expected = refusal.map { "refused: \($0)" } ?? "drawn"
        #expect(result.description == expected, "\(name): \(result)")
    }

    @Test func aSizeAfterTheFirst4KBIsRefusedByTheHeaderCheck() throws {
        // The root starts in the sniffer's first 4 KB; its size comes after them.
        let padding = "data-note=\"" + String(repeating: "x", count: 5000) + "\""
        let svg = "<svg \(Self.namespace) \(padding) width=\"1e30\" height=\"1e30\"/>"
        let head = Array(svg.utf8)
        #expect(head.withUnsafeBufferPointer { ImageHeader.dimensions(of: .svg, in: $0) }?.width == 1_000_000_000)
        let result = try Self.outcome(svg)
        #expect(result.description == "refused: SVG size 1e+30 × 1e+30 \(Self.over)", "\(result)")
    }

    @Test func aSizeBeyondTheHeadIsRefusedByLibrsvgsReading() throws {
        let padding = "<!--" + String(repeating: "x", count: ImageDecoder.headLength + 100) + "-->\n"
        let svg = padding + "<svg \(Self.namespace) width=\"1e30\" height=\"1e30\"/>"
        #expect(throws: DecodeFailure(path: "/beyond.svg", message: "SVG size 1e+30 × 1e+30 \(Self.over)")) {
            _ = try SVGDocument(Array(svg.utf8), path: "/beyond.svg")
        }
    }

    @Test func aSizeInACommentOrTheDoctypeIsNotTheRootsSize() {
        let svg = """
            <?xml version="1.0"?><!-- <svg width="1" height="1"> -->
            <!DOCTYPE svg [ <!ENTITY e "<svg width='2' height='2'>"> ]>
            <svg:svg xmlns:svg="http://www.w3.org/2000/svg" stroke-width="3" width = "40" height="30"/>
            """
        let size = SVGHeader.size(Array(svg.utf8))
        #expect(size.map { "\($0.width)×\($0.height)" } == "40.0×30.0")
    }

    @Test func theCanvasOfAnyCheckedShapeIsWholePixels() {
        // About 1e-320, a denormal (written as a literal it draws a precision
        // warning): 8192 divided by it overflows.
        let tiny = Double.leastNonzeroMagnitude * 2_000
        #expect((8192 / tiny).isInfinite)
        #expect(SVGDocument.canvas((tiny, tiny)) == (SVGDocument.canvasLongSide, SVGDocument.canvasLongSide))
        #expect(SVGDocument.canvas((1e8, 1)) == (SVGDocument.canvasLongSide, 1))
        #expect(SVGDocument.canvas((1, 2)) == (SVGDocument.canvasLongSide / 2, SVGDocument.canvasLongSide))
    }
}
