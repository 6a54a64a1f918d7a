/// The lines of a replay script, from a file's text or read from standard
/// input as they arrive (so a tool can feed pager-replay through a pipe).
/// A trailing carriage return is dropped, so CRLF files work.
///
/// ```swift
/// for line in ScriptLines(text: "{\"t\":0,\"flip\":\"right\"}\n") { … }
/// ```
struct ScriptLines: Sequence, IteratorProtocol {
    private var nextLine: () -> String?

    init(text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        // The newline that ends the last line does not start another one.
        if lines.last == "" { lines.removeLast() }
        nextLine = { lines.popFirst().map(String.init) }
    }

    init(readingStandardInput: Void) {
        nextLine = { readLine(strippingNewline: true) }
    }

    mutating func next() -> String? {
        guard var line = nextLine() else { return nil }
        if line.hasSuffix("\r") { line.removeLast() }
        return line
    }
}
