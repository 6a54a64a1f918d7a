import Foundation
import Testing

/// The C interface and the Python package at parity with the Swift API: the
/// table "Swift, C and Python, call by call" in docs/engine.md pairs every
/// public input and query of `PagerModel` (and of its `zoom`) with its C
/// function and Python name, or gives the reason there is none. Read from
/// the sources themselves, so a new public member without a row fails here.
@Suite("C and Python parity")
struct ParityTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// One row of the table: the Swift key, then the C, Python and web cells.
    struct Row {
        let swift: String
        let c: String
        let python: String
        let web: String
    }

    static func table() throws -> [Row] {
        let engine = try read("docs/engine.md")
        guard let start = engine.range(of: "## Swift, C and Python, call by call") else { return [] }
        let section = engine[start.upperBound...]
        let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
        return section[..<end].split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 6, cells[1].hasPrefix("`") || cells[1].hasPrefix("(") else { return nil }
            return Row(swift: cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`")),
                       c: cells[2], python: cells[3], web: cells[4])
        }
    }

    /// The names in backticks of a cell.
    static func quoted(_ cell: String) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    @Test("every public member of PagerModel and PageZoom has a row")
    func everyMemberHasARow() throws {
        let members = try PublicMembers.of(["PagerModel": "", "PageZoom": "zoom."], in: Self.root)
        #expect(members.count > 50, "the scan found only \(members.count) members")
        let keys = Set(try Self.table().map(\.swift))
        let missing = members.subtracting(keys).sorted()
        #expect(missing.isEmpty, "no row in docs/engine.md for \(missing)")
    }

    @Test("every row names declared C functions, or says why there is none")
    func cellsNameRealFunctions() throws {
        let header = try Self.read("Sources/CFourwayPager/include/fourway/pager.h")
        let declared = Set(Self.declaredFunctions(header))
        let rows = try Self.table()
        #expect(rows.count > 50)
        var named = Set<String>()
        for row in rows {
            let functions = Self.quoted(row.c).filter { $0.hasPrefix("fw_") }
            if functions.isEmpty {
                #expect(row.c.hasPrefix("— ") && row.c.count > 12, "\(row.swift): no C function and no reason")
            }
            for function in functions {
                if !declared.contains(function) { Issue.record("\(row.swift): \(function) is not declared in pager.h") }
                named.insert(function)
            }
        }
        let unnamed = declared.subtracting(named).sorted()
        #expect(unnamed.isEmpty, "in no row of docs/engine.md: \(unnamed)")
    }

    @Test("every Python name in the table is defined by the package")
    func pythonNamesExist() throws {
        let package = try Self.read("python/fourway_pager/__init__.py")
        for row in try Self.table() {
            let names = Self.quoted(row.python)
            if names.isEmpty {
                #expect(row.python.hasPrefix("— "), "\(row.swift): no Python name and no reason")
            }
            for name in names {
                let defined = ["def \(name)(", "class \(name)(", "class \(name):", "\n\(name): ", "\n\(name) = "]
                    .contains { package.contains($0) }
                #expect(defined, "\(row.swift): Python's \(name) is not defined in python/fourway_pager")
            }
        }
    }

    @Test("every web name in the table is declared by fourway-pager.d.ts")
    func webNamesExist() throws {
        let types = try Self.read("Web/fourway-pager.d.ts")
        let rows = try Self.table()
        #expect(rows.count > 50)
        for row in rows {
            let names = Self.quoted(row.web).filter { !$0.contains(".") && !$0.contains("/") }
            if names.isEmpty {
                #expect(row.web.hasPrefix("— "), "\(row.swift): no web name and no reason")
            }
            for name in names {
                let declared = ["    \(name)(", "    readonly \(name):", "class \(name) "].contains { types.contains($0) }
                #expect(declared, "\(row.swift): \(name) is not declared in Web/fourway-pager.d.ts")
            }
        }
    }

    /// The functions the header declares: `name(` after a return type at a line's start.
    static func declaredFunctions(_ header: String) -> [String] {
        header.split(separator: "\n").compactMap { line in
            guard let first = line.first, first.isLetter, let open = line.firstIndex(of: "(") else { return nil }
            let words = line[..<open].split(whereSeparator: { $0 == " " || $0 == "*" })
            guard let name = words.last, name.hasPrefix("fw_"), words.count >= 2, !line.hasPrefix("typedef")
            else { return nil }
            return String(name)
        }
    }
}

/// The public members declared in `Sources/Pager` inside a type's own body
/// or its extensions, as `name`, `name(label:label:)` or `init(…)` keys.
enum PublicMembers {
    static func of(_ types: [String: String], in root: URL) throws -> Set<String> {
        let sources = root.appendingPathComponent("Sources/Pager")
        guard let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil) else { return [] }
        var members = Set<String>()
        for case let file as URL in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            members.formUnion(scan(text, types: types))
        }
        return members
    }

    /// Brace depth over code only (strings and comments removed), so that a
    /// `{` in a string literal does not shift it.
    static func scan(_ text: String, types: [String: String]) -> [String] {
        var found: [String] = []
        var depth = 0
        var prefix: String?
        var pending: String?
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = code(of: String(raw)).trimmingCharacters(in: .whitespaces)
            if depth == 0 {
                prefix = nil
                for (type, key) in types
                where line.hasPrefix("extension \(type) ") || line.hasPrefix("extension \(type){")
                    || line.hasPrefix("public struct \(type):") || line.hasPrefix("public struct \(type) ") {
                    prefix = key
                }
            }
            if let declaration = pending {
                pending = declaration + " " + line
            } else if depth == 1, prefix != nil, isPublicDeclaration(line) {
                pending = line
            }
            if let declaration = pending, let prefix, isComplete(declaration) {
                if let key = key(of: declaration) { found.append(prefix + key) }
                pending = nil
            }
            depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
        }
        return found
    }

    static func isPublicDeclaration(_ line: String) -> Bool {
        var rest = Substring(line)
        while rest.hasPrefix("@") {
            guard let space = rest.firstIndex(of: " ") else { return false }
            rest = rest[rest.index(after: space)...]
        }
        return rest.hasPrefix("public ") && !rest.hasPrefix("public static")
    }

    static func isComplete(_ declaration: String) -> Bool {
        declaration.filter { $0 == "(" }.count <= declaration.filter { $0 == ")" }.count
    }

    /// `func name(a b: T, _ c: U)` → `name(a:_:)`; `var name` → `name`; `init(…)` likewise.
    static func key(of declaration: String) -> String? {
        let words = declaration.split(separator: " ")
        if let index = words.firstIndex(of: "var") ?? words.firstIndex(of: "let"), index + 1 < words.count {
            return String(words[index + 1].prefix { $0.isLetter || $0.isNumber })
        }
        let name: String
        if let index = words.firstIndex(of: "func"), index + 1 < words.count {
            name = String(words[index + 1].prefix { $0 != "(" && $0 != "<" })
        } else if words.contains(where: { $0.hasPrefix("init(") || $0 == "init" }) {
            name = "init"
        } else {
            return nil
        }
        guard let open = declaration.firstIndex(of: "(") else { return nil }
        var labels: [String] = []
        var level = 0
        var parameter = ""
        for character in declaration[declaration.index(after: open)...] {
            if character == "(" || character == "[" || character == "<" { level += 1 }
            if character == ")" || character == "]" || character == ">" {
                if level == 0 { break }
                level -= 1
            }
            if character == "," && level == 0 {
                labels.append(label(of: parameter))
                parameter = ""
            } else {
                parameter.append(character)
            }
        }
        if !parameter.trimmingCharacters(in: .whitespaces).isEmpty { labels.append(label(of: parameter)) }
        return name + "(" + labels.map { $0 + ":" }.joined() + ")"
    }

    static func label(of parameter: String) -> String {
        let head = parameter.split(separator: ":").first ?? ""
        return String(head.split(separator: " ").first ?? "_")
    }

    /// `line` without its string literals and its `//` comment.
    static func code(of line: String) -> String {
        var result = ""
        var inString = false
        var escaped = false
        var previous: Character = " "
        for character in line {
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" {
                    inString = false
                }
                previous = character
                continue
            }
            if character == "\"" { inString = true; result.append("\"\""); continue }
            if character == "/" && previous == "/" {
                result.removeLast()
                break
            }
            result.append(character)
            previous = character
        }
        return result
    }
}
