/// A program the configuration file names, `command.NAME = PROGRAM ARG…`,
/// which `key.command.NAME = KEY` binds to keys: its name, its words
/// (``CommandTemplate``) and its value as written, which `--print-config`
/// and the `?` help show.
///
/// ```swift
/// let command = try UserCommand(name: "gimp", value: "gimp %F")
/// command.template.arguments(current: "/p/a.jpg", marked: [])   // ["gimp", "/p/a.jpg"]
/// ```
public struct UserCommand: Sendable, Hashable {
    public var name: String
    public var template: CommandTemplate
    /// The value as the file writes it.
    public var value: String

    /// The command `name` running `value`; throws when the value is no template.
    public init(name: String, value: String) throws(CommandTemplateError) {
        self.name = name
        self.value = value
        template = try CommandTemplate(parsing: value)
    }

    /// Whether `name` can name a command: letters, digits, `-` and `_`.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }
}
