import Testing
@testable import Gallery

/// A command line with many paths, compacted for the argument parser and expanded after it.
@Suite struct PathRunsTests {
    @Test func aRunOfPlainWordsBecomesItsFirstWordAndOneMarker() {
        // "mtime" may be --sort's value, so it stays itself; a.jpg… cannot be.
        let arguments = ["--sort", "mtime", "a.jpg", "b.jpg", "c.jpg", "--wrap", "d.jpg", "e.jpg"]
        let runs = PathRuns(arguments)
        #expect(runs.compact.count == 6)
        #expect(Array(runs.compact.prefix(2)) == ["--sort", "mtime"])
        #expect(runs.compact[3] == "--wrap" && runs.compact[4] == "d.jpg")
        #expect(runs.compact.filter { $0.contains("\0") }.count == 2)
    }

    @Test func expandingWhatTheParserTookAsPathsGivesEveryPathInOrder() {
        let arguments = ["--sort", "mtime", "a.jpg", "b.jpg", "c.jpg", "--wrap", "d.jpg", "-", "e.jpg"]
        let runs = PathRuns(arguments)
        // The parser took "mtime" as --sort's value; the rest are positional.
        let parsed = runs.compact.filter { !$0.hasPrefix("--") && $0 != "mtime" }
        #expect(runs.expand(parsed) == ["a.jpg", "b.jpg", "c.jpg", "d.jpg", "-", "e.jpg"])
    }

    @Test func everythingAfterADoubleDashIsPositional() {
        let runs = PathRuns(["-r", "--", "-odd.jpg", "--x.png"])
        #expect(runs.compact.count == 3)
        #expect(runs.expand([runs.compact[2]]) == ["-odd.jpg", "--x.png"])
    }

    @Test func shortCommandLinesAreUnchanged() {
        #expect(PathRuns(["photos", "--layout", "row"]).compact == ["photos", "--layout", "row"])
        #expect(PathRuns([]).compact.isEmpty)
    }

    @Test func twentyThousandPathsCompactToTwoWords() {
        let paths = (0..<20_000).map { "photo\($0).jpg" }
        let runs = PathRuns(paths)
        #expect(runs.compact.count == 2)
        #expect(runs.expand(runs.compact) == paths)
    }
}
