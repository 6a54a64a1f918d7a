import ArgumentParser

/// `--row-lengths N,N,…`: ragged rows, each with at least one page.
///
/// ```sh
/// pager-replay --v-pages 3 --row-lengths 5,2,8
/// ```
struct RowLengthsArgument: ExpressibleByArgument, CustomStringConvertible {
    var lengths: [Int]

    init?(argument: String) {
        var lengths: [Int] = []
        for part in argument.split(separator: ",", omittingEmptySubsequences: false) {
            guard let length = Int(part), length >= 1 else { return nil }
            lengths.append(length)
        }
        guard !lengths.isEmpty else { return nil }
        self.lengths = lengths
    }

    var description: String { lengths.map(String.init).joined(separator: ",") }
}
