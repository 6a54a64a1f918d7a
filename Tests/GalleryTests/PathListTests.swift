import Foundation
import Testing
@testable import Gallery

/// Paths read from standard input (`fourway -`, `fourway -0 -`).
@Suite struct PathListTests {
    @Test func oneAPathALineSkippingBlankLinesAndKeepingSpaces() {
        let list = PathList.parse(Array("a.jpg\n\nmy photos/b c.png\n/abs/d.gif".utf8), separator: .newline)
        #expect(list.paths == ["a.jpg", "my photos/b c.png", "/abs/d.gif"])
        #expect(list.unnamable.isEmpty)
    }

    @Test func nulSeparatedEntriesMayHoldNewlines() {
        let list = PathList.parse(Array("a\nb.jpg\0c.png\0".utf8), separator: .nul)
        #expect(list.paths == ["a\nb.jpg", "c.png"])
    }

    @Test func entriesThatAreNotUTF8AreReportedEscaped() {
        let bytes: [UInt8] = Array("ok.jpg\nbad-".utf8) + [0xFF] + Array(".jpg\n".utf8)
        let list = PathList.parse(bytes, separator: .newline)
        #expect(list.paths == ["ok.jpg"])
        #expect(list.unnamable == ["bad-\\xFF.jpg"])
    }

    @Test func aNulInsideANewlineListIsNotAPath() {
        let list = PathList.parse(Array("a\0b.jpg\nc.jpg\n".utf8), separator: .newline)
        #expect(list.paths == ["c.jpg"])
        #expect(list.unnamable.count == 1)
    }

    @Test func anEmptyInputIsAnEmptyList() {
        #expect(PathList.parse([], separator: .newline) == PathList(paths: [], unnamable: []))
        #expect(PathList.parse(Array("\n\n".utf8), separator: .newline).paths.isEmpty)
    }

    @Test func readsAPipeToItsEnd() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        // More than one read's worth, so the loop is exercised.
        let names = (0..<20_000).map { "folder/image-\($0).jpg" }
        let text = Array((names.joined(separator: "\n") + "\n").utf8)
        let writeEnd = ends[1]
        let writer = Thread {
            text.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let written = write(writeEnd, raw.baseAddress! + offset, raw.count - offset)
                    if written <= 0 { break }
                    offset += written
                }
            }
            close(writeEnd)
        }
        writer.start()
        let list = try #require(PathList.read(fd: ends[0], separator: .newline))
        close(ends[0])
        #expect(list.paths == names)
    }
}
