import Testing
@testable import Browser

@Suite struct PanelsTests {
    @Test func withNoPromptOpenKeysAreNotThePromptsToType() {
        var panels = Panels()
        #expect(panels.typeGoTo(.digit(1)) == nil)
    }

    @Test func thePromptStaysOpenWhileANumberIsTyped() {
        var panels = Panels()
        panels.goTo = GoToPrompt()
        #expect(panels.typeGoTo(.digit(4)) == .typing)
        #expect(panels.goTo?.text == "Go to image: 4_")
    }

    @Test func goingClosesThePrompt() {
        var panels = Panels()
        panels.goTo = GoToPrompt()
        _ = panels.typeGoTo(.digit(4))
        #expect(panels.typeGoTo(.enter) == .go(4))
        #expect(panels.goTo == nil)
    }

    @Test func aKeyThatIsNotThePromptsClosesItAndPassesThrough() {
        var panels = Panels()
        panels.goTo = GoToPrompt()
        #expect(panels.typeGoTo(.right) == .passThrough)
        #expect(panels.goTo == nil)
    }
}
