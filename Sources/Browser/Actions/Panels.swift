/// What the user opened over the pages or the overview alike, drawn in this
/// order: the information panel, the go-to prompt and the help. The go-to
/// prompt takes the keys while it is open. (The wait for the key handler's
/// key after Ctrl+X and the programs that ended are ``SessionCommands``.)
///
/// ```swift
/// var panels = Panels()
/// panels.goTo = GoToPrompt()
/// panels.typeGoTo(.digit(7))   // .typing
/// panels.typeGoTo(.enter)      // .go(7); the prompt is closed
/// ```
struct Panels {
    /// The image information panel.
    var info = InfoPanel()
    /// The number being typed after the go-to action, while it is.
    var goTo: GoToPrompt?
    /// The help overlay (the action table).
    var showsHelp = false

    /// A key while the go-to prompt is open: what it did, or nil when no
    /// prompt is open. The prompt closes unless it is still being typed.
    mutating func typeGoTo(_ key: BrowserKey) -> GoToPrompt.Outcome? {
        guard var prompt = goTo else { return nil }
        let outcome = prompt.handle(key)
        goTo = outcome == .typing ? prompt : nil
        return outcome
    }
}
