/// The size an SVG's root element declares, read from the file's head for
/// the size limit (``ImageHeader``), before librsvg parses anything. Best
/// effort: what it cannot read (a root past the head, an entity, a size in
/// `em`) is left to ``SVGDocument``, which checks librsvg's own reading.
///
/// The root is the first element after the prolog (the XML declaration,
/// processing instructions, comments, the DOCTYPE and its internal subset),
/// so a `width` in a comment or the DOCTYPE is not taken for it. Its
/// attributes may be separated by any XML whitespace, with spaces around
/// `=`; numbers are CSS numbers (`1e30`, `-5`, `.5E3`), lengths may carry an
/// absolute unit (px, in, cm, mm, pt, pc), and a percentage width or height
/// falls back to the `viewBox`.
///
/// ```swift
/// SVGHeader.size(Array(#"<svg width="1e30" height="2in">"#.utf8))   // (1e30, 192)
/// ```
enum SVGHeader {
    /// The declared width and height in px (possibly zero, negative, huge or
    /// infinite: the caller checks), or nil when the head names none.
    static func size(_ bytes: some Collection<UInt8>) -> (width: Double, height: Double)? {
        let text = Array(bytes)
        guard let attributes = rootAttributes(text), isSVG(attributes.name) else { return nil }
        let width = attributes.values["width"].flatMap(length), height = attributes.values["height"].flatMap(length)
        if let width, let height { return (width, height) }
        guard let box = attributes.values["viewBox"] else { return nil }
        let parts = box.split { isSpace($0) || $0 == UInt8(ascii: ",") }.map { number(Array($0)) }
        guard parts.count == 4, let boxWidth = parts[2]?.value, let boxHeight = parts[3]?.value else { return nil }
        return (width ?? boxWidth, height ?? boxHeight)
    }

    /// `svg` or a prefixed `x:svg`.
    private static func isSVG(_ name: [UInt8]) -> Bool {
        let local = name.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false).last ?? []
        return Array(local) == Array("svg".utf8)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// The first element's name and attributes (raw values, entities not
    /// expanded), or nil when the head ends first.
    private static func rootAttributes(_ text: [UInt8]) -> (name: [UInt8], values: [String: [UInt8]])? {
        var i = 0
        while i < text.count {
            guard text[i] == UInt8(ascii: "<") else { i += 1; continue }
            if starts(text, i, "<?") { guard let end = find(text, "?>", from: i + 2) else { return nil }; i = end + 2; continue }
            if starts(text, i, "<!--") { guard let end = find(text, "-->", from: i + 4) else { return nil }; i = end + 3; continue }
            if starts(text, i, "<!") { guard let end = endOfDeclaration(text, from: i + 2) else { return nil }; i = end + 1; continue }
            return element(text, from: i + 1)
        }
        return nil
    }

    /// The `>` closing a `<!…>` declaration, past any `[…]` internal subset
    /// and quoted strings (which may hold `>`).
    private static func endOfDeclaration(_ text: [UInt8], from start: Int) -> Int? {
        var i = start, depth = 0, quote: UInt8?
        while i < text.count {
            let c = text[i]
            if let open = quote {
                if c == open { quote = nil }
            } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                quote = c
            } else if c == UInt8(ascii: "[") {
                depth += 1
            } else if c == UInt8(ascii: "]") {
                depth -= 1
            } else if c == UInt8(ascii: ">") && depth <= 0 {
                return i
            }
            i += 1
        }
        return nil
    }

    /// An element's name and `name="value"` attributes, from just after its `<`.
    private static func element(_ text: [UInt8], from start: Int) -> (name: [UInt8], values: [String: [UInt8]])? {
        var i = start
        let nameEnd = text[i...].firstIndex { isSpace($0) || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "/") } ?? text.count
        let name = Array(text[i..<nameEnd])
        var values: [String: [UInt8]] = [:]
        i = nameEnd
        while i < text.count {
            while i < text.count, isSpace(text[i]) { i += 1 }
            guard i < text.count, text[i] != UInt8(ascii: ">"), text[i] != UInt8(ascii: "/") else { return (name, values) }
            let keyEnd = text[i...].firstIndex { isSpace($0) || $0 == UInt8(ascii: "=") || $0 == UInt8(ascii: ">") } ?? text.count
            let key = String(decoding: text[i..<keyEnd], as: UTF8.self)
            i = keyEnd
            while i < text.count, isSpace(text[i]) { i += 1 }
            guard i < text.count, text[i] == UInt8(ascii: "=") else { return (name, values) }
            i += 1
            while i < text.count, isSpace(text[i]) { i += 1 }
            guard i < text.count, text[i] == UInt8(ascii: "\"") || text[i] == UInt8(ascii: "'") else { return (name, values) }
            let quote = text[i]
            guard let close = text[(i + 1)...].firstIndex(of: quote) else { return nil }
            if values[key] == nil { values[key] = Array(text[(i + 1)..<close]) }
            i = close + 1
        }
        return nil
    }

    /// A length in px; nil for a percentage, a relative unit or no number.
    private static func length(_ raw: [UInt8]) -> Double? {
        let trimmed = Array(raw.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
        guard let (value, rest) = number(trimmed).map({ ($0.value, $0.rest) }) else { return nil }
        let unit = String(decoding: rest, as: UTF8.self).lowercased()
        let perUnit: [String: Double] = ["": 1, "px": 1, "in": 96, "cm": 96 / 2.54, "mm": 9.6 / 2.54, "pt": 4.0 / 3, "pc": 16]
        return perUnit[unit].map { value * $0 }
    }

    /// A CSS number at the start of `raw` (sign, digits, fraction, exponent) and what follows it.
    private static func number(_ raw: [UInt8]) -> (value: Double, rest: ArraySlice<UInt8>)? {
        var i = 0
        func digits() { while i < raw.count, raw[i] >= 0x30, raw[i] <= 0x39 { i += 1 } }
        if i < raw.count, raw[i] == UInt8(ascii: "+") || raw[i] == UInt8(ascii: "-") { i += 1 }
        digits()
        if i < raw.count, raw[i] == UInt8(ascii: ".") { i += 1; digits() }
        if i < raw.count, raw[i] == UInt8(ascii: "e") || raw[i] == UInt8(ascii: "E") {
            var j = i + 1
            if j < raw.count, raw[j] == UInt8(ascii: "+") || raw[j] == UInt8(ascii: "-") { j += 1 }
            if j < raw.count, raw[j] >= 0x30, raw[j] <= 0x39 { i = j; digits() }
        }
        guard let value = Double(String(decoding: raw[..<i], as: UTF8.self)) else { return nil }
        return (value, raw[i...])
    }

    private static func starts(_ text: [UInt8], _ at: Int, _ prefix: String) -> Bool {
        let p = Array(prefix.utf8)
        return at + p.count <= text.count && Array(text[at..<(at + p.count)]) == p
    }

    private static func find(_ text: [UInt8], _ needle: String, from: Int) -> Int? {
        let n = Array(needle.utf8)
        var i = from
        while i + n.count <= text.count {
            if text[i] == n[0], Array(text[i..<(i + n.count)]) == n { return i }
            i += 1
        }
        return nil
    }
}
