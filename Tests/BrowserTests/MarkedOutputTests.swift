import Glibc
import Testing
@testable import Browser

@Suite struct MarkedOutputTests {
    @Test func linesEndEachPathWithANewline() {
        #expect(MarkedOutput.lines.text(["/p/a b.jpg", "/p/c.jpg"]) == "/p/a b.jpg\n/p/c.jpg\n")
    }

    @Test func nulEndsEachPathWithANulAndKeepsANewlineInAName() {
        #expect(MarkedOutput.nul.text(["/p/a\nb.jpg", "/p/c.jpg"]) == "/p/a\nb.jpg\0/p/c.jpg\0")
    }

    @Test func noMarksWriteNothing() {
        #expect(MarkedOutput.lines.text([]).isEmpty)
    }

    @Test func writeSendsEveryByteToTheDescriptor() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        #expect(MarkedOutput.nul.write(["/p/a.jpg"], fd: ends[1]))
        close(ends[1])
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(ends[0], &buffer, buffer.count)
        #expect(Array(buffer[0..<max(0, count)]) == Array("/p/a.jpg\0".utf8))
    }
}
