/// Makes a command line with tens of thousands of paths (a shell glob)
/// cheap to parse: swift-argument-parser's parse time grows with the square
/// of the argument count (2.2 s for 2,000 paths, 132 s for 20,000, debug
/// build), so each run of plain words is handed to it as its first word
/// and one marker, and the markers are expanded after parsing.
///
/// The first word of a run stays itself because it may be the value of the
/// option before it (`--sort mtime a.jpg b.jpg`); an option takes one value
/// at most, so the rest of the run can only be positional. After `--`
/// every word is positional. A marker holds a NUL, which no real argument
/// can (arguments are C strings), so it cannot be mistaken for a path.
///
/// ```swift
/// let runs = PathRuns(["--sort", "mtime", "a.jpg", "b.jpg", "c.jpg"])
/// runs.compact                      // ["--sort", "mtime", "a.jpg", "\0run 0"]
/// runs.expand(["a.jpg", "\0run 0"]) // ["a.jpg", "b.jpg", "c.jpg"]
/// ```
public struct PathRuns: Sendable {
    /// The arguments to give the parser.
    public let compact: [String]
    /// The words each marker stands for.
    private let runs: [ArraySlice<String>]

    private static let markerPrefix = "\u{0}run "

    /// Compacts `arguments` (without the program name).
    public init(_ arguments: [String]) {
        var compact: [String] = []
        var runs: [ArraySlice<String>] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let word = arguments[index]
            if word == "--" {
                compact.append(word)
                let rest = arguments[(index + 1)...]
                if !rest.isEmpty {
                    compact.append(Self.markerPrefix + String(runs.count))
                    runs.append(rest)
                }
                break
            }
            guard Self.isPlain(word) else {
                compact.append(word)
                index += 1
                continue
            }
            var end = index + 1
            while end < arguments.endIndex, Self.isPlain(arguments[end]) { end += 1 }
            compact.append(word)
            if end - index > 1 {
                compact.append(Self.markerPrefix + String(runs.count))
                runs.append(arguments[(index + 1)..<end])
            }
            index = end
        }
        self.compact = compact
        self.runs = runs
    }

    /// The parsed positional words with every marker replaced by its run.
    public func expand(_ parsed: [String]) -> [String] {
        var result: [String] = []
        result.reserveCapacity(parsed.count + runs.reduce(0) { $0 + $1.count })
        for word in parsed {
            if word.hasPrefix(Self.markerPrefix), let index = Int(word.dropFirst(Self.markerPrefix.count)),
               runs.indices.contains(index) {
                result.append(contentsOf: runs[index])
            } else {
                result.append(word)
            }
        }
        return result
    }

    /// A word that is not an option: `-` (standard input) or anything not
    /// starting with a dash.
    private static func isPlain(_ word: String) -> Bool {
        word == "-" || !word.hasPrefix("-")
    }
}
