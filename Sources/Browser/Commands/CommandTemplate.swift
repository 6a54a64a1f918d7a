/// A command's program and arguments as the configuration file writes them
/// (`command.NAME = PROGRAM ARG…`), split into words once, with the images'
/// places still to fill in. Words are split at spaces and tabs; `"…"` or
/// `'…'` keeps spaces in a word (inside `"…"`, `\"` and `\\` are a quote and
/// a backslash; `'…'` takes everything as written), and a backslash outside
/// quotes takes the next character as it is. In a word, `%f` is the current
/// image's path, `%d` its folder and `%%` a `%`; `%F`, a word of its own, is
/// the marked images' paths (or the current one's), one argument each. No
/// shell runs: a path with spaces, quotes, a newline or a leading dash is one
/// argument as it is (write `sh -c '…' sh %F` to have a shell).
///
/// ```swift
/// let template = try CommandTemplate(parsing: "convert %f -negate '%d/negated copy.png'").get()
/// template.arguments(current: "/p/a b.jpg", marked: [])
/// // ["convert", "/p/a b.jpg", "-negate", "/p/negated copy.png"]
/// ```
public struct CommandTemplate: Sendable, Hashable {
    /// One part of a word.
    enum Piece: Sendable, Hashable {
        case text(String)
        /// `%f`: the current image's path.
        case file
        /// `%d`: the current image's folder.
        case folder
        /// `%F`: the marked images' paths, one word each (always a word of its own).
        case files
    }

    /// The words, each a run of pieces.
    let words: [[Piece]]

    /// The program: the first word, when it holds no `%` place.
    public var program: String {
        words.first.map { $0.map { if case .text(let text) = $0 { text } else { "%" } }.joined() } ?? ""
    }

    /// Whether the words need an image (`%f`, `%F` or `%d`).
    public var needsImage: Bool { words.contains { $0.contains { $0.textValue == nil } } }

    /// The template of `text`, or why it is none: an empty value, an
    /// unclosed quote, a `%` followed by something else than `f F d %`, or
    /// `%F` inside a longer word.
    public init(parsing text: String) throws(CommandTemplateError) {
        var words: [[Piece]] = []
        var word: [Piece] = []
        var literal = ""
        var inWord = false
        var quote: Character?
        var characters = Array(text)[...]
        func endLiteral() {
            if !literal.isEmpty { word.append(.text(literal)); literal = "" }
        }
        while let character = characters.popFirst() {
            if quote == nil, character == " " || character == "\t" {
                if inWord { endLiteral(); words.append(word); word = []; inWord = false }
                continue
            }
            inWord = true
            if let open = quote, character == open {
                quote = nil
            } else if quote == nil, character == "\"" || character == "'" {
                quote = character
            } else if character == "\\", quote != "'" {
                guard let next = characters.popFirst() else { throw .endsInBackslash }
                // Inside "…" only \" and \\ escape; another backslash stays.
                if quote == "\"", next != "\"", next != "\\" { literal.append("\\") }
                literal.append(next)
            } else if character == "%" {
                guard let next = characters.popFirst() else { throw .badPlace("%") }
                switch next {
                case "%": literal.append("%")
                case "f": endLiteral(); word.append(.file)
                case "d": endLiteral(); word.append(.folder)
                case "F": endLiteral(); word.append(.files)
                default: throw .badPlace("%" + String(next))
                }
            } else {
                literal.append(character)
            }
        }
        if let quote { throw .unclosedQuote(quote) }
        if inWord { endLiteral(); words.append(word) }
        guard !words.isEmpty else { throw .empty }
        if words.contains(where: { $0.contains(.files) && $0.count > 1 }) { throw .filesInsideWord }
        if words[0].contains(.files) { throw .filesAsProgram }
        self.words = words
    }

    /// The program's arguments (the program first) for the current image's
    /// path and the marked paths: `%F` is `marked`, or `current` when
    /// nothing is marked; with no image (`current` nil) the places are empty.
    public func arguments(current: String?, marked: [String]) -> [String] {
        let folder = current.map(Self.folder(of:)) ?? ""
        var out: [String] = []
        for word in words {
            if word == [.files] {
                out += marked.isEmpty ? (current.map { [$0] } ?? []) : marked
                continue
            }
            out.append(word.map { piece in
                switch piece {
                case .text(let text): text
                case .file: current ?? ""
                case .folder: folder
                case .files: ""
                }
            }.joined())
        }
        return out
    }

    /// The folder `path` is in: `/p` for `/p/a.jpg`, `/` for `/a.jpg`, `.` for `a.jpg`.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

extension CommandTemplate.Piece {
    /// The text of a `.text` piece.
    var textValue: String? { if case .text(let text) = self { text } else { nil } }
}

/// Why a command's value is no ``CommandTemplate``: the configuration's
/// one-line problem says it.
///
/// ```swift
/// CommandTemplateError.unclosedQuote("'").description   // "a ' is not closed"
/// ```
public enum CommandTemplateError: Error, Sendable, Hashable, CustomStringConvertible {
    case empty
    case unclosedQuote(Character)
    case endsInBackslash
    case badPlace(String)
    case filesInsideWord
    case filesAsProgram

    public var description: String {
        switch self {
        case .empty: "no program (write command.NAME = PROGRAM ARG…)"
        case .unclosedQuote(let quote): "a \(quote) is not closed"
        case .endsInBackslash: "it ends in a \\ with nothing to escape"
        case .badPlace(let text): "'\(text)' is not %f, %F, %d or %% (write %% for a %)"
        case .filesInsideWord: "%F must be a word of its own (it is one argument per image)"
        case .filesAsProgram: "%F cannot be the program"
        }
    }
}
