/// The go-to action, then a number, then Enter: the image to go to, typed.
///
/// While it is open it takes the keys: digits add to the number, Backspace
/// takes the last one back, Enter goes (an empty number goes nowhere),
/// Escape closes it. Any other key closes it and then does what it always
/// does, so the prompt never swallows a key the user meant for the pages.
///
/// ```swift
/// var prompt = GoToPrompt()
/// prompt.handle(.digit(4)); prompt.handle(.digit(2))
/// prompt.handle(.enter)   // .go(42)
/// ```
public struct GoToPrompt: Sendable, Equatable {
    /// Digits typed so far (at most ``maximumDigits``).
    public private(set) var digits = ""

    /// More digits than any gallery has images could not mean anything.
    public static let maximumDigits = 9

    /// What a key did.
    public enum Outcome: Sendable, Equatable {
        /// Still typing: show ``GoToPrompt/text``.
        case typing
        /// Go to image N (from 1); the prompt is done.
        case go(Int)
        /// Closed without going anywhere.
        case cancelled
        /// Closed; the key is not the prompt's and does its usual action.
        case passThrough
    }

    public init() {}

    /// Takes one key.
    public mutating func handle(_ key: BrowserKey) -> Outcome {
        switch key {
        case .digit(let n):
            if digits.count < Self.maximumDigits { digits += String(n) }
            return .typing
        case .backspace:
            if !digits.isEmpty { digits.removeLast() }
            return .typing
        case .enter:
            return Int(digits).map(Outcome.go) ?? .cancelled
        case .escape:
            return .cancelled
        default:
            return .passThrough
        }
    }

    /// What the prompt shows: `Go to image: 42_`.
    public var text: String { "Go to image: " + digits + "_" }
}
