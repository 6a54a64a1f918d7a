/// What is wrong with one script line, worded for the user after
/// `pager-replay: line N: `.
///
/// ```swift
/// throw ScriptError("unknown key \"dwon\"")
/// ```
struct ScriptError: Error, Equatable {
    var message: String

    init(_ message: String) {
        self.message = message
    }
}
