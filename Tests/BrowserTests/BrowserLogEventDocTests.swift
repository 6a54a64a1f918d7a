import Foundation
import Gallery
import ImageDecoding
import Pager
import Testing

@testable import Browser

/// docs/browser.md's table of the event log's lines is the schema users
/// read: every ``BrowserLogEvent/Kind`` has its row there, with the fields
/// its line writes, in order.
@Suite("The event log's documentation")
struct BrowserLogEventDocTests {
    /// The table's rows: each line's name and its fields, as documented.
    static func documentedLines() throws -> [(name: String, fields: [String])] {
        let file = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/browser.md")
        let text = try String(contentsOf: file, encoding: .utf8)
        let section = try #require(text.components(separatedBy: "## The event log").dropFirst().first)
            .components(separatedBy: "\n## ")[0]
        return section.split(separator: "\n").filter { $0.hasPrefix("| `") }.map { row in
            // Columns are split at each `|` not escaped as `\|`.
            let columns = row.replacing("\\|", with: "\u{0}").split(separator: "|", omittingEmptySubsequences: false)
            let name = String(columns[1]).trimmingCharacters(in: .whitespaces)
                .trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            // A field is a `name` outside parentheses; inside them are its values.
            let fields = String(columns[2]).replacing(/\([^)]*\)/, with: "")
                .matches(of: /`([^`]+)`/).map { String($0.output.1) }
            return (name, fields)
        }
    }

    /// The keys of a line after `t` and `event`, in order (top level only).
    static func fieldKeys(_ line: String) -> [String] {
        var keys: [String] = []
        var depth = 0
        var string: String?
        var escaped = false
        var last: String?
        for character in line {
            if var text = string {
                if escaped {
                    text.append(character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    last = text
                    string = nil
                    continue
                } else {
                    text.append(character)
                }
                string = text
                continue
            }
            switch character {
            case "\"": string = ""
            case "{", "[": depth += 1
            case "}", "]": depth -= 1
            case ":": if depth == 1, let key = last { keys.append(key) }
            default: break
            }
            if character != ":" && character != "\"" { last = nil }
        }
        return Array(keys.dropFirst(2))
    }

    /// One line of each kind, with every field it can have.
    static func example(_ kind: BrowserLogEvent.Kind) -> BrowserLogEvent {
        let page = PageIndex(h: 1, v: 0)
        switch kind {
        case .window: return .window(renderer: "gpu", width: 1, height: 2, scanning: true, video: "x11", scale: 1)
        case .gallery:
            return .gallery(title: "t", images: 1, layout: "grid", horizontalPages: 1, verticalPages: nil,
                            sources: 1, order: ImageOrder(key: .random, seed: 7))
        case .resize: return .resize(width: 1, height: 2)
        case .firstFrame: return .firstFrame
        case .touchpad: return .touchpad(.scroll(dx: 1.5, dy: -2, source: .finger, time: 1))
        case .touchpadBound: return .touchpadBound(platform: "wayland", pinch: true)
        case .firstThumbnail: return .firstThumbnail(width: 160, height: 120)
        case .decodeError: return .decodeError(file: "f", message: "m")
        case .notice: return .notice(text: "n")
        case .sharpRegion:
            return .sharpRegion(page: page, region: PixelRect(x: 0, y: 0, width: 1, height: 1), textureWidth: 1, textureHeight: 1)
        case .overviewOpened: return .overviewOpened(page: page, thumbnail: 160, images: nil)
        case .overviewClosed: return .overviewClosed(page: page, how: .escape)
        case .thumbnailsShown: return .thumbnailsShown(cells: 1, seconds: 0.5, cached: 1, decoded: 0, rendered: 0)
        case .thumbnailSize: return .thumbnailSize(200)
        case .pageReady: return .pageReady(page: page, slot: 4)
        case .placeholderShown: return .placeholderShown(page: page, slot: 4)
        case .frame: return .frame(workMilliseconds: 3, onBeat: true, why: "due")
        case .copied: return .copied(what: "path", file: "/p/a.jpg")
        case .opened: return .opened(file: "/p", folder: true)
        case .goTo: return .goTo(image: 3, page: page)
        case .slideshow: return .slideshow(running: false, interval: 2.5, reason: "key")
        case .config: return .config(file: "/c", settings: 3, problems: 1)
        case .displayProfile: return .displayProfile(profile: "Adobe RGB (1998)", bytes: 560)
        case .decodeCancelled: return .decodeCancelled(file: "/p/big.png", slot: 4, rows: 120)
        case .trashed: return .trashed(file: "/p/a.jpg", trashedAs: "/t/a.jpg")
        case .infoShown: return .infoShown(file: "/p/a.jpg", lines: ["Name: a.jpg"])
        case .rotated: return .rotated(file: "/p/a.jpg", turn: .rotate90)
        case .restored: return .restored(file: "/p/a.jpg")
        case .command: return .command(name: "gimp", arguments: ["gimp", "/p/a.jpg"], status: "exited", code: 2,
                                       stderr: "oops")
        case .keyHandler: return .keyHandler(key: "C-w", paths: 2, status: "started", code: nil, stderr: nil)
        case .marked: return .marked(operation: "mark", file: "/p/a.jpg", count: 1)
        case .compareOpened: return .compareOpened(files: ["/p/a.jpg", "/p/b.jpg"], arrangement: "side-by-side")
        case .compareZoomed: return .compareZoomed(scale: 2.5, centreX: 0.25, centreY: 0.5)
        case .compareClosed: return .compareClosed(how: "escape")
        case .animation:
            return .animation(file: "/p/a.gif", format: "GIF", frames: 3, loops: 0, width: 10, height: 10, page: page)
        case .animationFrame: return .animationFrame(frame: 1, due: 0.1)
        case .animationPaused: return .animationPaused(file: "/p/a.gif", frame: 1)
        case .animationResumed: return .animationResumed(file: "/p/a.gif", frame: 1)
        case .animationEnded: return .animationEnded(file: "/p/a.gif", frame: 2, reason: "loops")
        case .folderChanged:
            return .folderChanged(added: 1, removed: 0, changed: 0, renamed: 0, images: 3, files: ["/p/a.jpg"])
        case .quit: return .quit
        }
    }

    @Test("every line the browser writes has a row in docs/browser.md", arguments: BrowserLogEvent.Kind.allCases)
    func everyLineIsDocumented(kind: BrowserLogEvent.Kind) throws {
        let names = try Self.documentedLines().map(\.name)
        #expect(names.contains(kind.rawValue), "docs/browser.md's event log table has no `\(kind.rawValue)` row")
    }

    @Test("docs/browser.md documents no line the browser does not write, and each once")
    func noRowIsStale() throws {
        let names = try Self.documentedLines().map(\.name)
        let written = Set(BrowserLogEvent.Kind.allCases.map(\.rawValue))
        #expect(names.filter { !written.contains($0) } == [])
        #expect(names.count == Set(names).count)
    }

    @Test("each documented line lists the fields its line writes, in order", arguments: BrowserLogEvent.Kind.allCases)
    func fieldsAreDocumented(kind: BrowserLogEvent.Kind) throws {
        let row = try #require(try Self.documentedLines().first { $0.name == kind.rawValue })
        let event = Self.example(kind)
        #expect(event.kind == kind)
        #expect(row.fields == Self.fieldKeys(event.jsonLine(time: 1)), "`\(kind.rawValue)`")
    }

    @Test("the field reader takes top-level keys only, strings and nesting skipped")
    func fieldReader() {
        #expect(Self.fieldKeys(#"{"t":1,"event":"x","a":"b:\"c\":","d":[1,{"e":2}],"f":null}"#) == ["a", "d", "f"])
    }
}
