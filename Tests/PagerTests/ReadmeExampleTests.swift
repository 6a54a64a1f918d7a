import Foundation
import Pager
import Testing

/// The README's embedding example, compiled and run here, and a check that
/// the README still shows exactly this code (so the two cannot drift apart).
@Suite("README example")
struct ReadmeExampleTests {
    @Test("the embedding example flings to the next page and settles")
    func embeddingExample() {
        var texturesLoaded: [Int: PageIndex?] = [:]
        var drawn: [Int] = []
        func loadTexture(slot: Int, page: PageIndex?) { texturesLoaded[slot] = page }
        func draw(slot: Int, in frame: Rect) { drawn.append(slot) }

        // README example begins
        var pager = PagerModel(pageWidth: 1280, pageHeight: 800,
                               horizontalPages: nil, verticalPages: 12)

        // Input: your toolkit's events, with times in seconds on your clock.
        pager.pointerDown(x: 640, y: 400, time: 0.000)
        pager.pointerMoved(x: 560, y: 402, time: 0.016)
        pager.pointerUp(x: 400, y: 405, time: 0.050)   // a fling to the left

        // Each frame: advance, react to events, draw the visible slots.
        var now = 0.050
        var eventLog: [String] = []
        while !pager.isSettled {
            now += 1.0 / 60
            pager.advance(to: now)
            while let event = pager.pollEvent() {
                if case .slotsRecycled(let changes) = event.kind {
                    for change in changes { loadTexture(slot: change.slot, page: change.page) }
                }
                eventLog.append(event.jsonLine)   // the pager-replay format
            }
            for slot in pager.slots where slot.visibleFraction > 0 {
                draw(slot: slot.id, in: slot.frame)
            }
        }
        // pager.currentPage == PageIndex(h: 1, v: 0)
        // README example ends

        #expect(pager.currentPage == PageIndex(h: 1, v: 0))
        #expect(eventLog.last == #"{"t":\#(ReplayFormat.time(now)),"event":"settled","page":[1,0]}"#)
        // The column that fell behind moved ahead: its slots now show h = 2,
        // except the one in row -1, which stays empty (v = -1 is outside 0..<12).
        #expect(Set(texturesLoaded.values) == [PageIndex(h: 2, v: 0), PageIndex(h: 2, v: 1)])
        #expect(!drawn.isEmpty)
    }

    @Test("README.md shows the code of the example above, line for line")
    func readmeMatchesTheTest() throws {
        let testFile = URL(fileURLWithPath: #filePath)
        let root = testFile.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: testFile, encoding: .utf8)

        let readmeLines = Self.lines(of: readme, between: "<!-- example: ReadmeExampleTests -->", and: "```\n")
        let sourceLines = Self.lines(of: source, between: "// README example begins", and: "// README example ends")
        #expect(!readmeLines.isEmpty, "README.md has no block after <!-- example: ReadmeExampleTests -->")
        #expect(readmeLines == sourceLines)
    }

    /// The trimmed, non-empty lines between two markers, the fence line itself skipped.
    private static func lines(of text: String, between start: String, and end: String) -> [String] {
        guard let from = text.range(of: start),
              let to = text.range(of: end, range: text.index(after: from.upperBound)..<text.endIndex)
        else { return [] }
        return text[from.upperBound..<to.lowerBound]
            .split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("```") }
    }
}
