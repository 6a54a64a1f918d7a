import Glibc
import Pager

/// The `--events FILE` log: every engine event as its `pager-replay` JSON
/// line, plus the browser's own lines in the same style, each one case of
/// ``BrowserLogEvent`` (whose doc comments are the schema).
///
/// Lines are buffered and flushed once per frame, so a test can tail the file.
///
/// ```swift
/// let log = try EventLog(path: "/tmp/events.jsonl")
/// log.write(event)                                  // an engine event
/// log.write(.resize(width: 1280, height: 800), time: 2.5)
/// log.flush()
/// ```
public final class EventLog {
    private let file: UnsafeMutablePointer<FILE>

    public init(path: String) throws(BrowserFailure) {
        guard let file = fopen(path, "we") else {
            throw BrowserFailure.eventsFile(path: path, reason: String(cString: strerror(errno)))
        }
        self.file = file
    }

    deinit { fclose(file) }

    public func write(_ event: PagerEvent) {
        line(event.jsonLine)
    }

    /// One of the browser's own lines.
    public func write(_ event: BrowserLogEvent, time: Double) {
        line(event.jsonLine(time: time))
    }

    public func flush() { fflush(file) }

    private func line(_ text: String) {
        fputs(text, file)
        fputc(0x0A, file)
    }

    /// `text` as a JSON string literal.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
