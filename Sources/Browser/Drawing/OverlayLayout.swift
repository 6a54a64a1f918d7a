/// Where the text of the information panel and of the key help goes, as pure
/// functions of the text's widths (`measure`: a string's width in px at a text
/// size) and the room there is, so it is tested without SDL. ``Overlay``
/// draws what they return.
///
/// ```swift
/// let box = OverlayLayout.panel([("Name", "a.jpg")], size: 16, maxWidth: 400, padding: 10) { s, _ in s.count * 8 }
/// box.texts   // [PlacedText("Name", x: 10, y: 10), PlacedText("a.jpg", x: 58, y: 10)]
/// ```
enum OverlayLayout {
    /// Text and where it goes, its top left relative to its box's.
    struct PlacedText: Equatable {
        var text: String
        var x: Int
        var y: Int
        init(_ text: String, x: Int, y: Int) {
            self.text = text
            self.x = x
            self.y = y
        }
    }

    /// A box of text: its size, px, the text size it was laid out at, and its text.
    struct Box: Equatable {
        var size: Int
        var width: Int
        var height: Int
        var texts: [PlacedText]
    }

    /// A string's width in px at a text size.
    typealias Measure = (String, Int) -> Int

    /// The ellipsis that stands for what a shortened value leaves out.
    static let ellipsis = "…"

    /// Distance from one line's top to the next, in text sizes: the panel's
    /// and the HUD's, and the help's, tighter so that it fits a small window.
    static let panelSpacing = 1.45
    static let helpSpacing = 1.25

    /// Distance from one line's top to the next, px.
    static func lineHeight(_ size: Int, spacing: Double = panelSpacing) -> Int { Int(Double(size) * spacing) }

    /// The box's height for `lines` lines: the padding, and no leading under the last.
    static func boxHeight(lines: Int, size: Int, padding: Int, spacing: Double = panelSpacing) -> Int {
        let lineHeight = lineHeight(size, spacing: spacing)
        return lines * lineHeight + 2 * padding - (lineHeight - size) / 2
    }

    // MARK: - The information panel

    /// The panel's rows: the labels in one column, the values in the next,
    /// one text size's width apart; a value wider than the panel leaves room
    /// for (it is at most `maxWidth` wide) loses its middle to "…".
    static func panel(_ rows: [(label: String, value: String)], size: Int, maxWidth: Int, padding: Int,
                      measure: Measure) -> Box {
        let labelWidth = rows.map { measure($0.label, size) }.max() ?? 0
        let valueX = padding + labelWidth + size
        let valueRoom = max(0, maxWidth - valueX - padding)
        var texts: [PlacedText] = []
        var widest = 0
        for (index, row) in rows.enumerated() {
            let y = padding + index * lineHeight(size)
            let value = shortened(row.value, toFit: valueRoom) { measure($0, size) }
            texts.append(PlacedText(row.label, x: padding, y: y))
            texts.append(PlacedText(value, x: valueX, y: y))
            widest = max(widest, measure(value, size))
        }
        let width = rows.isEmpty ? 2 * padding : valueX + widest + padding
        return Box(size: size, width: width, height: boxHeight(lines: rows.count, size: size, padding: padding),
                   texts: texts.filter { !$0.text.isEmpty })
    }

    /// `text` whole when it is at most `width` px wide, else its start and
    /// its end around "…", as much of them as fits (paths keep their root
    /// and their file, what tells them apart); "" when not even "…" fits.
    static func shortened(_ text: String, toFit width: Int, measure: (String) -> Int) -> String {
        guard measure(text) > width else { return text }
        let characters = Array(text)
        func kept(_ count: Int) -> String {
            let head = (count + 1) / 2
            return String(characters[..<head]) + ellipsis + String(characters[(characters.count - (count - head))...])
        }
        // The most characters kept that still fits: widths grow with the count.
        var low = 0, high = characters.count - 1
        guard measure(kept(0)) <= width else { return "" }
        while low < high {
            let middle = (low + high + 1) / 2
            if measure(kept(middle)) <= width { low = middle } else { high = middle - 1 }
        }
        return kept(low)
    }

    // MARK: - Wrapping

    /// `text` in lines at most `width` px wide, broken between words; a word
    /// wider than `width` alone is shortened with "…".
    static func wrapped(_ text: String, width: Int, measure: (String) -> Int) -> [String] {
        guard measure(text) > width else { return [text] }
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ").map(String.init) {
            let candidate = line.isEmpty ? word : line + " " + word
            if measure(candidate) <= width {
                line = candidate
            } else {
                if !line.isEmpty { lines.append(line) }
                line = measure(word) <= width ? word : shortened(word, toFit: width, measure: measure)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}

// MARK: - The key help

extension OverlayLayout {
    /// The room a box may take and its padding, px.
    struct Room: Equatable {
        var width: Int
        var height: Int
        var padding: Int
    }

    /// One line of the help as ``KeyMap/overlayLines()`` writes it.
    enum HelpRow: Equatable {
        case blank
        case heading(String)
        case entry(key: String, help: String)

        init(_ line: String) {
            if line.isEmpty {
                self = .blank
            } else if let tab = line.firstIndex(of: "\t") {
                self = .entry(key: String(line[..<tab]), help: String(line[line.index(after: tab)...]))
            } else {
                self = .heading(line)
            }
        }
    }

    /// How one try lays the help out.
    struct HelpTry {
        var size: Int
        var columns: Int
        /// Lines may break (keys and what they do in their own widths).
        var wraps: Bool
        /// A column may start in the middle of a section, not only at a heading.
        var splitsSections: Bool
    }

    /// The smallest text size the help takes, px, in a window too small for
    /// the sizes it is given: smaller text is better than text cut off.
    static let tiniestHelpSize = 6

    /// The help's `lines` in one box that fits `room`: the largest text size
    /// in `sizes` at which they fit in 1 to 3 columns of whole sections, or
    /// else split between sections' lines; at that size a line wraps only
    /// when nothing fits unbroken. Larger text with a few lines wrapped
    /// reads better than the smallest size unbroken (at 640×480 the help
    /// over the pages fits unbroken only at its smallest size). In a room
    /// too small for that, smaller sizes down to ``tiniestHelpSize``; the
    /// last resort is that size in the columns that make it least tall.
    static func help(_ lines: [String], room: Room, sizes: ClosedRange<Int>, measure: Measure) -> Box {
        let rows = lines.map(HelpRow.init)
        for size in sizes.reversed() {
            for wraps in [false, true] {
                if let box = largestFit(rows, size: size, wraps: wraps, room: room, measure: measure) { return box }
            }
        }
        for size in stride(from: sizes.lowerBound - 1, through: tiniestHelpSize, by: -1) {
            if let box = largestFit(rows, size: size, wraps: true, room: room, measure: measure) { return box }
        }
        let tiniest = min(sizes.lowerBound, tiniestHelpSize)
        let boxes = (1...3).compactMap { columns in
            helpBox(rows, HelpTry(size: tiniest, columns: columns, wraps: true, splitsSections: true),
                    room: room, measure: measure)?.box
        }.filter { $0.width <= room.width }
        return boxes.min { $0.height < $1.height } ?? Box(size: tiniest, width: 0, height: 0, texts: [])
    }

    /// At text size `size`, the layout that fits `room` with the fewest
    /// lines, whole sections before split ones; nil when none fits.
    private static func largestFit(_ rows: [HelpRow], size: Int, wraps: Bool, room: Room, measure: Measure) -> Box? {
        for splitsSections in [false, true] {
            var best: (box: Box, lines: Int)?
            for columns in 1...3 {
                let attempt = HelpTry(size: size, columns: columns, wraps: wraps, splitsSections: splitsSections)
                guard let laid = helpBox(rows, attempt, room: room, measure: measure), !laid.cutsWords,
                      laid.box.width <= room.width, laid.box.height <= room.height else { continue }
                if laid.lines < best?.lines ?? .max { best = (laid.box, laid.lines) }
            }
            if let best { return best.box }
        }
        return nil
    }

    /// The help laid out as `attempt` says, how many lines it takes in all
    /// and whether a word wider than its column had to be cut; nil when it
    /// needs more columns than the try has.
    static func helpBox(_ rows: [HelpRow], _ attempt: HelpTry, room: Room, measure: Measure)
        -> (box: Box, lines: Int, cutsWords: Bool)? {
        let size = attempt.size, gap = size * 3 / 2, gutter = size * 2, padding = room.padding
        let keyWidths = rows.compactMap { row -> Int? in
            if case .entry(let key, _) = row { return measure(key, size) }
            return nil
        }
        let widestKey = keyWidths.max() ?? 0
        var budget = Int.max, keyColumn = widestKey
        if attempt.wraps {
            // Keys take up to 2/5 of a column, more when a word of one is wider.
            let widestKeyWord = rows.flatMap { row -> [Substring] in
                if case .entry(let key, _) = row { return key.split(separator: " ") }
                return []
            }.map { measure(String($0), size) }.max() ?? 0
            budget = max(1, (room.width - 2 * padding - gutter * (attempt.columns - 1)) / attempt.columns)
            keyColumn = min(widestKey, max(budget * 2 / 5, widestKeyWord))
        }
        let blocks = rows.map { row in
            helpBlock(row, size: size, keyColumn: keyColumn, gap: gap, budget: budget) { measure($0, size) }
        }
        guard let columns = helpColumns(rows, heights: blocks.map(\.lines), attempt: attempt) else { return nil }
        var texts: [PlacedText] = []
        var x = padding, tallest = 0
        for (index, column) in columns.enumerated() {
            var line = 0, widest = 0
            for row in column {
                for text in blocks[row].texts {
                    texts.append(PlacedText(text.text, x: x + text.x,
                                             y: padding + (line + text.y) * lineHeight(size, spacing: helpSpacing)))
                }
                widest = max(widest, blocks[row].width)
                line += blocks[row].lines
            }
            tallest = max(tallest, line)
            x += widest + (index == columns.count - 1 ? 0 : gutter)
        }
        let box = Box(size: size, width: x + padding, height: boxHeight(lines: tallest, size: size, padding: padding, spacing: helpSpacing), texts: texts)
        return (box, blocks.reduce(0) { $0 + $1.lines }, blocks.contains(where: \.cutsWords))
    }

    /// One row's text at x and line offsets from the row's top left, its
    /// width, px, and its height, lines.
    private static func helpBlock(_ row: HelpRow, size: Int, keyColumn: Int, gap: Int, budget: Int,
                                  measure: (String) -> Int)
        -> (texts: [PlacedText], width: Int, lines: Int, cutsWords: Bool) {
        // Wrapping only breaks between words: the words joined again are the
        // text, unless one had to be shortened.
        func cuts(_ lines: [String], _ text: String) -> Bool { lines.joined(separator: " ") != text }
        switch row {
        case .blank:
            return ([], 0, 1, false)
        case .heading(let text):
            let lines = wrapped(text, width: budget, measure: measure)
            return (lines.enumerated().map { PlacedText($1, x: 0, y: $0) }, lines.map(measure).max() ?? 0, lines.count,
                    cuts(lines, text))
        case .entry(let key, let help):
            let keys = wrapped(key, width: keyColumn, measure: measure)
            let helps = wrapped(help, width: max(1, budget == .max ? .max : budget - keyColumn - gap), measure: measure)
            let texts = keys.enumerated().map { PlacedText($1, x: 0, y: $0) }
                + helps.enumerated().map { PlacedText($1, x: keyColumn + gap, y: $0) }
            return (texts, keyColumn + gap + (helps.map(measure).max() ?? 0), max(keys.count, helps.count),
                    cuts(keys, key) || cuts(helps, help))
        }
    }

    /// The rows' indices in at most `attempt.columns` columns, in order, as
    /// even in height as the units allow (a whole section, or a heading with
    /// its first line and then one line at a time); a column never starts or
    /// ends with a blank line. Nil when they need more columns.
    static func helpColumns(_ rows: [HelpRow], heights: [Int], attempt: HelpTry) -> [[Int]]? {
        var units: [[Int]] = []
        for (index, row) in rows.enumerated() {
            let last = units.last
            let joinsLast: Bool
            switch row {
            case .blank: joinsLast = false
            case .heading: joinsLast = !attempt.splitsSections && last.map { rows[$0[0]] != .blank } ?? false
            case .entry:
                joinsLast = attempt.splitsSections
                    ? last.map { unitEndsInHeading($0, rows) } ?? false
                    : last.map { rows[$0[0]] != .blank } ?? false
            }
            if joinsLast, !units.isEmpty { units[units.count - 1].append(index) } else { units.append([index]) }
        }
        let unitHeights = units.map { $0.reduce(0) { $0 + heights[$1] } }
        let total = unitHeights.reduce(0, +)
        guard total > 0 else { return [] }
        for limit in max(1, (total + attempt.columns - 1) / attempt.columns)...total {
            if let columns = fill(units, unitHeights, rows: rows, limit: limit), columns.count <= attempt.columns {
                return columns
            }
        }
        return nil
    }

    private static func unitEndsInHeading(_ unit: [Int], _ rows: [HelpRow]) -> Bool {
        if case .heading = rows[unit[unit.count - 1]] { return true }
        return false
    }

    /// The units in columns of at most `limit` lines, greedily; nil when a
    /// unit alone is taller.
    private static func fill(_ units: [[Int]], _ heights: [Int], rows: [HelpRow], limit: Int) -> [[Int]]? {
        var columns: [[Int]] = [[]]
        var height = 0
        for (unit, unitHeight) in zip(units, heights) {
            let isBlank = unit.count == 1 && rows[unit[0]] == .blank
            if isBlank && columns[columns.count - 1].isEmpty { continue }
            if height + unitHeight > limit && !columns[columns.count - 1].isEmpty {
                if isBlank { continue }
                columns.append([])
                height = 0
            }
            guard unitHeight <= limit else { return nil }
            columns[columns.count - 1] += unit
            height += unitHeight
        }
        return columns.map { column in
            var column = column
            while let last = column.last, rows[last] == .blank { column.removeLast() }
            return column
        }
    }
}
