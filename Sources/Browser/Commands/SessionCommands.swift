/// The session's part for the programs the user runs (docs/browser.md,
/// "Commands and the key handler"): whether the next key goes to the key
/// handler, and the programs started that ended, waiting for the frame loop
/// (``CommandRuns``). `BrowserSession+Commands.swift` holds the logic on it.
///
/// ```swift
/// var commands = SessionCommands()
/// commands.waitsForHandlerKey = true   // Ctrl+X: the next key is the handler's
/// commands.runs.take()                 // [] until a program ends
/// ```
struct SessionCommands {
    /// Ctrl+X was pressed: the next key goes to the key handler (``KeyHandler``).
    var waitsForHandlerKey = false
    /// The programs the user started that ended, for their notices.
    let runs = CommandRuns()
}
