import Pager

/// Turns script lines into inputs, checking every key, type and value, and
/// that time never goes backwards from one line to the next.
///
/// ```swift
/// var parser = ScriptParser()
/// let input = try parser.parse(#"{"t":0.5,"flip":"right"}"#)   // .flip(.right) at 0.5
/// try parser.parse(#"{"t":0.4,"flip":"left"}"#)                // throws: t goes backwards
/// ```
struct ScriptParser {
    /// The keys that name an input; each line has exactly one.
    static let inputKeys = ["down", "move", "up", "interrupt", "scroll", "scroll-end", "flip", "go", "resize", "bounds",
                            "zoom", "zoom-content"]
    /// Keys that qualify an input.
    static let modifierKeys = ["animated", "at"]

    /// The time of the last accepted line, s.
    private(set) var lastTime: Double?

    /// The input on `text`, or `nil` for a blank line (blank lines are skipped).
    mutating func parse(_ text: String) throws(ScriptError) -> ScriptInput? {
        if text.allSatisfy({ $0 == " " || $0 == "\t" }) { return nil }
        guard case .object(let fields) = try JSONValue.parse(text) else {
            throw ScriptError("expected a JSON object, one input per line")
        }
        for key in fields.keys.sorted() where key != "t" && !Self.inputKeys.contains(key) && !Self.modifierKeys.contains(key) {
            throw ScriptError("unknown key \"\(key)\"")
        }
        let time = try Self.time(fields["t"])
        if let lastTime, time < lastTime {
            throw ScriptError("\"t\" goes backwards: \(Self.show(time)) is before the previous line's \(Self.show(lastTime))")
        }
        let present = Self.inputKeys.filter { fields[$0] != nil }
        guard let key = present.first else {
            throw ScriptError("no input: expected one of \(Self.inputKeys.joined(separator: ", "))")
        }
        guard present.count == 1 else {
            throw ScriptError("more than one input: \(present.map { "\"\($0)\"" }.joined(separator: " and "))")
        }
        if fields["animated"] != nil && key != "go" && key != "zoom" {
            throw ScriptError("\"animated\" only goes with \"go\" or \"zoom\"")
        }
        if fields["at"] != nil && key != "zoom" {
            throw ScriptError("\"at\" only goes with \"zoom\"")
        }
        let command: PagerCommand
        if key == "zoom" {
            command = try Self.zoom(fields[key]!, at: fields["at"], animated: fields["animated"])
        } else {
            command = try Self.command(key, fields[key]!, animated: fields["animated"])
        }
        lastTime = time
        return ScriptInput(time: time, command: command)
    }

    private static func time(_ value: JSONValue?) throws(ScriptError) -> Double {
        guard let value else { throw ScriptError("missing \"t\" (seconds)") }
        guard case .number(let time) = value, time.isFinite else {
            throw ScriptError("\"t\" must be a number of seconds, not \(describe(value))")
        }
        return time
    }

    /// The command of input `key` (any but `zoom`) from its `value`.
    private static func command(_ key: String, _ value: JSONValue, animated: JSONValue?) throws(ScriptError) -> PagerCommand {
        switch key {
        case "down":
            let (x, y) = try numberPair(key, value, naming: "[x,y]")
            return .pointerDown(x: x, y: y)
        case "move":
            let (x, y) = try numberPair(key, value, naming: "[x,y]")
            return .pointerMoved(x: x, y: y)
        case "up":
            let (x, y) = try numberPair(key, value, naming: "[x,y]")
            return .pointerUp(x: x, y: y)
        case "scroll":
            let (dx, dy) = try numberPair(key, value, naming: "[dx,dy]")
            return .scroll(dx: dx, dy: dy)
        case "scroll-end":
            guard value == .bool(true) else { throw ScriptError("\"scroll-end\" must be true, not \(describe(value))") }
            return .scrollEnded
        case "interrupt": return .interrupt(try interruption(value))
        case "flip": return .flip(try flipDirection(value))
        case "go": return try go(value, animated: animated)
        case "resize": return try resize(value)
        case "bounds": return try bounds(value)
        case "zoom-content": return try zoomContent(value)
        default:
            preconditionFailure("\(key) is in inputKeys but has no parser")
        }
    }

    /// `{"interrupt":"focus-lost"}`.
    private static func interruption(_ value: JSONValue) throws(ScriptError) -> InterruptionReason {
        let reasons = InterruptionReason.allCases.map(\.rawValue)
        guard case .string(let name) = value else {
            throw ScriptError("\"interrupt\" must be a reason (\(reasons.joined(separator: ", "))), not \(describe(value))")
        }
        guard let reason = InterruptionReason(rawValue: name) else {
            throw ScriptError("unknown interrupt reason \"\(name)\" (expected one of \(reasons.joined(separator: ", ")))")
        }
        return reason
    }

    /// `{"flip":"right"}`.
    private static func flipDirection(_ value: JSONValue) throws(ScriptError) -> FlipDirection {
        let directions = FlipDirection.allCases.map(\.replayName)
        guard case .string(let name) = value else {
            throw ScriptError("\"flip\" must be a direction (\(directions.joined(separator: ", "))), not \(describe(value))")
        }
        guard let direction = FlipDirection(replayName: name) else {
            throw ScriptError("unknown flip direction \"\(name)\" (expected one of \(directions.joined(separator: ", ")))")
        }
        return direction
    }

    /// `{"go":[3,-1]}`, `{"go":[3,-1],"animated":false}`.
    private static func go(_ value: JSONValue, animated: JSONValue?) throws(ScriptError) -> PagerCommand {
        guard case .array(let items) = value, items.count == 2,
              let h = integer(items[0]), let v = integer(items[1]) else {
            throw ScriptError("\"go\" must be [h,v], two whole numbers, not \(describe(value))")
        }
        return .go(PageIndex(h: h, v: v), animated: try isAnimated(animated))
    }

    /// `{"resize":[800,600]}`.
    private static func resize(_ value: JSONValue) throws(ScriptError) -> PagerCommand {
        let (width, height) = try numberPair("resize", value, naming: "[width,height]")
        guard width > 0, height > 0 else {
            throw ScriptError("\"resize\" must be [width,height] above 0, not \(describe(value))")
        }
        return .resize(width: width, height: height)
    }

    /// `{"bounds":[null,3]}`.
    private static func bounds(_ value: JSONValue) throws(ScriptError) -> PagerCommand {
        guard case .array(let items) = value, items.count == 2,
              let horizontal = pageCount(items[0]), let vertical = pageCount(items[1]) else {
            throw ScriptError("\"bounds\" must be [h,v], each null (infinite) or a page count >= 0, not \(describe(value))")
        }
        return .setBounds(horizontal: horizontal.count, vertical: vertical.count)
    }

    /// `{"zoom-content":[4000,3000,0.25]}`.
    private static func zoomContent(_ value: JSONValue) throws(ScriptError) -> PagerCommand {
        guard case .array(let items) = value, items.count == 3,
              case .number(let width) = items[0], case .number(let height) = items[1],
              case .number(let pixelScale) = items[2],
              width > 0, height > 0, pixelScale > 0, width.isFinite, height.isFinite, pixelScale.isFinite else {
            throw ScriptError("\"zoom-content\" must be [width,height,pixelScale], three numbers above 0, not \(describe(value))")
        }
        return .zoom(.setContent(width: width, height: height, pixelScale: pixelScale))
    }

    /// `{"zoom":2}`, `{"zoom":2,"at":[x,y]}`, `{"zoom":1,"animated":false}`.
    private static func zoom(_ value: JSONValue, at: JSONValue?, animated: JSONValue?) throws(ScriptError) -> PagerCommand {
        guard case .number(let scale) = value, scale.isFinite, scale > 0 else {
            throw ScriptError("\"zoom\" must be a scale above 0 (1 = fit), not \(describe(value))")
        }
        var point: Point?
        if let at {
            let (x, y) = try numberPair("at", at, naming: "[x,y]")
            point = Point(x: x, y: y)
        }
        return .zoom(.to(scale: scale, around: point, animated: try isAnimated(animated)))
    }

    /// The `"animated"` flag of `go` and `zoom`: true when it is missing.
    private static func isAnimated(_ animated: JSONValue?) throws(ScriptError) -> Bool {
        guard let animated else { return true }
        guard case .bool(let flag) = animated else {
            throw ScriptError("\"animated\" must be true or false, not \(describe(animated))")
        }
        return flag
    }

    private static func numberPair(_ key: String, _ value: JSONValue, naming shape: String) throws(ScriptError) -> (Double, Double) {
        guard case .array(let items) = value, items.count == 2,
              case .number(let first) = items[0], case .number(let second) = items[1],
              first.isFinite, second.isFinite else {
            throw ScriptError("\"\(key)\" must be \(shape), two numbers, not \(describe(value))")
        }
        return (first, second)
    }

    /// A whole number small enough to be exact (`3` or `3.0`, not `3.5`).
    private static func integer(_ value: JSONValue) -> Int? {
        guard case .number(let number) = value, number.rounded() == number,
              number.magnitude <= 9_007_199_254_740_992 else { return nil }
        return Int(number)
    }

    /// `null` (infinite) or a count >= 0; the outer optional says whether it parsed.
    private static func pageCount(_ value: JSONValue) -> (count: Int?, Void)? {
        if value == .null { return (nil, ()) }
        guard let count = integer(value), count >= 0 else { return nil }
        return (count, ())
    }

    /// A value as it might have been written, shortened for an error message.
    private static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): String(flag)
        case .number(let number): show(number)
        case .string(let text): "\"\(text.count > 40 ? String(text.prefix(40)) + "…" : text)\""
        case .array(let items): "[" + items.map(describe).joined(separator: ",") + "]"
        case .object: "an object"
        }
    }

    private static func show(_ number: Double) -> String {
        ReplayFormat.number(number, decimals: 6)
    }
}
