import Glibc
import Pager

/// The `--events FILE` log: every engine event as its `pager-replay` JSON
/// line, plus the browser's own lines in the same style:
///
/// - `{"t":…,"event":"gallery","title":…,"images":N,"layout":…,"pages":[H,V]}`
///   when a folder's pages are known (`null` for an infinite axis);
/// - `{"t":…,"event":"window","renderer":"software","size":[W,H],"scanning":false}`
///   when the window opens (`scanning`: the folder scan is still running);
/// - `{"t":…,"event":"resize","size":[W,H]}` when the window's pixel size changes;
/// - `{"t":…,"event":"first-frame"}` when the current page first shows its
///   final content (an image, or an error page), not a placeholder;
/// - `{"t":…,"event":"decode-error","file":…,"message":…}` for a bad file;
/// - `{"t":…,"event":"notice","text":…}` for each on-screen notice;
/// - `{"t":…,"event":"overview-opened","page":[H,V],"thumbnail":160,"images":N}` on Tab
///   (`images` null in the demo), `{"t":…,"event":"overview-closed","page":[H,V],"how":…}`
///   when it closes on a page (`how`: enter, toggle, click, tap, or escape back to where
///   it opened), `{"t":…,"event":"thumbnails-shown","cells":N,"seconds":S,"cached":N,
///   "decoded":N,"rendered":N}` when the first screen of thumbnails is complete, and
///   `{"t":…,"event":"thumbnail-size","size":PX}` after `+`/`-`;
/// - `{"t":…,"event":"quit"}` at the end.
///
/// Lines are buffered and flushed once per frame, so a test can tail the file.
///
/// ```swift
/// let log = try EventLog(path: "/tmp/events.jsonl")
/// log.write(event)
/// log.flush()
/// ```
public final class EventLog {
    private let file: UnsafeMutablePointer<FILE>

    public init(path: String) throws(BrowserFailure) {
        guard let file = fopen(path, "w") else {
            throw BrowserFailure.eventsFile(path: path, reason: String(cString: strerror(errno)))
        }
        self.file = file
    }

    deinit { fclose(file) }

    public func write(_ event: PagerEvent) {
        line(event.jsonLine)
    }

    /// A browser line: `{"t":…,"event":"NAME"` followed by `fields` (already
    /// JSON, each `"key":value`).
    public func write(_ name: String, time: Double, fields: [String] = []) {
        var text = "{\"t\":" + ReplayFormat.time(time) + ",\"event\":\"" + name + "\""
        for field in fields { text += "," + field }
        line(text + "}")
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
