/// The help made from the table: the `?` overlay, `fourway --help` and the
/// README's key table (`Tests/BrowserTests/KeyMapTests.swift` checks the README).
extension KeyMap {
    /// One line of the help: neighbouring rows with the same modes and
    /// help text share one ("←, h / →, l / ↑, k / ↓, j: one page").
    public struct HelpLine: Sendable, Hashable {
        public var modes: [Mode]
        public var input: String
        public var help: String
    }

    /// The help's sections: the rows of each set of modes, in the order
    /// the sets first appear in the table, each with its lines.
    public func helpSections() -> [(modes: [Mode], lines: [HelpLine])] {
        var sections: [(modes: [Mode], lines: [HelpLine])] = []
        for row in rows {
            let line = HelpLine(modes: row.modes, input: row.inputLabel, help: row.help)
            guard let index = sections.firstIndex(where: { $0.modes == row.modes }) else {
                sections.append((row.modes, [line]))
                continue
            }
            if let last = sections[index].lines.last, last.help == row.help {
                sections[index].lines[sections[index].lines.count - 1].input += " / " + row.inputLabel
            } else {
                sections[index].lines.append(line)
            }
        }
        return sections
    }

    /// Every line of the help, section by section.
    public func helpLines() -> [HelpLine] { helpSections().flatMap(\.lines) }

    /// The heading of the section for `modes`.
    static func heading(_ modes: [Mode]) -> String {
        switch modes {
        case [.pager]: "In the pages:"
        case [.zoomed]: "On a zoomed page:"
        case [.overview]: "In the overview (Tab):"
        case [.compare]: "In the compare view (C):"
        default: "In the " + modes.map(\.title).joined(separator: " and the ") + ":"
        }
    }

    /// Lines under a heading per section, each made by `format`; only the
    /// sections `include` keeps.
    private func sections(_ format: (HelpLine) -> String,
                          including include: ([Mode]) -> Bool = { _ in true }) -> [String] {
        var out: [String] = []
        for section in helpSections() where include(section.modes) {
            if !out.isEmpty { out.append("") }
            out.append(Self.heading(section.modes))
            out += section.lines.map(format)
        }
        return out
    }

    /// The table for `fourway --help`: two aligned columns under a heading per section.
    public static func plainText(indent: String = "  ") -> String { standard.plainText(indent: indent) }

    /// This table for `--help`.
    public func plainText(indent: String = "  ") -> String {
        let width = helpLines().map(\.input.count).max() ?? 0
        return sections { line in
            indent + line.input + String(repeating: " ", count: width - line.input.count + 2) + line.help
        }.joined(separator: "\n")
    }

    /// The README's key table (Markdown): input, what it does, where.
    public static func markdownTable() -> String { standard.markdownTable() }

    /// This table in Markdown.
    public func markdownTable() -> String {
        var out = ["| input | does | where |", "| --- | --- | --- |"]
        for line in helpLines() {
            out.append("| " + line.input + " | " + line.help + " | " + line.modes.map(\.title).joined(separator: ", ") + " |")
        }
        return out.joined(separator: "\n")
    }

    /// The `?` overlay's lines: a heading per section, then "input\thelp".
    public func overlayLines() -> [String] {
        sections { line in line.input + "\t" + line.help } + (commands.isEmpty ? [] : [""] + commandLines())
    }

    /// The overlay's lines where it is opened (`mode`: the pages, the
    /// overview or the compare view): the sections that apply there (over
    /// the pages, those of a zoomed page too) and the commands but over the
    /// compare view, so that the help fits a small window at a size still
    /// easy to read. `--help` and the README list every section.
    public func overlayLines(in mode: Mode) -> [String] {
        let shown: Set<Mode> = mode == .pager ? [.pager, .zoomed] : [mode]
        let lines = sections({ line in line.input + "\t" + line.help },
                             including: { !shown.isDisjoint(with: $0) })
        return mode == .compare || commands.isEmpty ? lines : lines + [""] + commandLines()
    }

    /// The commands' section of the help: a heading, then "keys\tNAME: value",
    /// a long value cut to ``commandHelpLength`` characters.
    func commandLines() -> [String] {
        ["Commands (configuration file):"] + commands.map { command in
            let value = command.value.count > Self.commandHelpLength
                ? command.value.prefix(Self.commandHelpLength - 1) + "…" : Substring(command.value)
            return command.keys.map(\.label).joined(separator: ", ") + "\t" + command.name + ": " + value
        }
    }

    /// The longest command value the help shows whole, characters.
    static let commandHelpLength = 40

    /// The overlay's lines in two columns of whole sections, the first
    /// holding sections until it has about half the lines.
    public func overlayColumns() -> [[String]] {
        let all = helpSections()
        let total = all.reduce(0) { $0 + $1.lines.count + 2 }
        var columns: [[String]] = [[], []]
        var column = 0
        for section in all {
            if column == 0, !columns[0].isEmpty, columns[0].count + (section.lines.count + 2) / 2 > total / 2 { column = 1 }
            if !columns[column].isEmpty { columns[column].append("") }
            columns[column].append(Self.heading(section.modes))
            columns[column] += section.lines.map { $0.input + "\t" + $0.help }
        }
        if !commands.isEmpty { columns[1] += (columns[1].isEmpty ? [] : [""]) + commandLines() }
        return columns
    }
}
