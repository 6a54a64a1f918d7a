import Pager

/// One input of a replay script: what to tell the engine, and when.
///
/// ```swift
/// ScriptInput(time: 0.5, command: .flip(.right))   // {"t":0.5,"flip":"right"}
/// ```
struct ScriptInput: Equatable {
    /// Seconds, on the script's clock.
    var time: Double
    var command: PagerCommand
}
