import Foundation
import Pager
import Testing

@testable import Browser

/// The action table: every binding once, every action bound and explained,
/// and the help, `--help` and the README made from it.
@Suite("Key map")
struct KeyMapTests {
    @Test("no key is bound twice within a mode")
    func noDuplicateBindings() {
        for mode in KeyMap.Mode.allCases {
            var seen = Set<KeyChord>()
            for row in KeyMap.rows where row.modes.contains(mode) {
                for chord in row.keys {
                    #expect(seen.insert(chord).inserted, "\(chord.label) is bound twice in \(mode)")
                }
            }
        }
    }

    @Test("every action has a binding and help text")
    func everyActionIsBoundAndExplained() {
        for action in Action.allCases {
            let rows = KeyMap.rows.filter { $0.action == action }
            #expect(!rows.isEmpty, "\(action) has no row")
            for row in rows {
                #expect(!row.keys.isEmpty || row.gesture != nil, "\(action) has neither keys nor a gesture")
                #expect(!row.help.isEmpty, "\(action) has no help text")
                #expect(!row.modes.isEmpty, "\(action) applies nowhere")
            }
        }
    }

    @Test("each bound key is looked up as its row's action")
    func boundKeysGiveTheirAction() {
        for row in KeyMap.rows {
            for chord in row.keys {
                for mode in row.modes {
                    #expect(KeyMap.action(for: chord.key, ctrl: chord.ctrl, shift: chord.shift, in: mode) == row.action)
                }
            }
        }
    }

    @Test("Shift with a key bound only without Shift does that key's action; with Shift bound, its own")
    func shiftFallsBackToThePlainKey() {
        #expect(KeyMap.action(for: .right, ctrl: false, shift: true, in: .pager) == .flipRight)
        #expect(KeyMap.action(for: .c, ctrl: true, shift: false, in: .pager) == .copyPath)
        #expect(KeyMap.action(for: .c, ctrl: true, shift: true, in: .pager) == .copyImage)
        #expect(KeyMap.action(for: .c, ctrl: false, shift: false, in: .pager) == nil)
    }

    @Test("a chord's label: a capital for Shift and a letter, spelt out with Ctrl")
    func chordLabels() {
        #expect(KeyChord(.s, shift: true).label == "S")
        #expect(KeyChord(.c, ctrl: true).label == "Ctrl+C")
        #expect(KeyChord(.c, ctrl: true, shift: true).label == "Ctrl+Shift+C")
        #expect(KeyChord(.home, ctrl: true).label == "Ctrl+Home")
        #expect(KeyChord(.digit(0)).label == "0")
    }

    @Test("a notice names an action's first key as bound, or none once it is unbound")
    func keyLabelFollowsTheBindings() {
        #expect(KeyMap.standard.keyLabel(of: .undo) == "u")
        #expect(KeyMap.standard.keyLabel(of: .copyImage) == "Ctrl+Shift+C")
        let remapped = KeyMap.standard.remapping(.undo, to: [KeyChord(.z, ctrl: true, shift: true)])
        #expect(remapped.keyLabel(of: .undo) == "Ctrl+Shift+Z")
        #expect(KeyMap.standard.remapping(.toggleSlideshow, to: []).keyLabel(of: .toggleSlideshow) == nil)
    }

    @Test("Ctrl with a key bound only without Ctrl does that key's action")
    func ctrlFallsBackToThePlainKey() {
        #expect(KeyMap.action(for: .right, ctrl: true, in: .pager) == .flipRight)
        #expect(KeyMap.action(for: .home, ctrl: true, in: .pager) == .galleryStart)
        #expect(KeyMap.action(for: .home, ctrl: false, in: .pager) == .rowStart)
    }

    @Test("an unbound key does nothing", arguments: [KeyMap.Mode.pager, .overview])
    func unboundKey(mode: KeyMap.Mode) {
        #expect(KeyMap.action(for: .other, ctrl: false, in: mode) == nil)
        #expect(KeyMap.action(for: .enter, ctrl: false, in: .pager) == nil)
    }

    @Test("the same key means different actions in the pages and the overview")
    func modesDiffer() {
        #expect(KeyMap.action(for: .plus, ctrl: false, in: .pager) == .zoomIn)
        #expect(KeyMap.action(for: .plus, ctrl: false, in: .overview) == .largerThumbnails)
        #expect(KeyMap.action(for: .left, ctrl: false, in: .overview) == .moveHighlightLeft)
    }

    @Test("a key in the pages becomes the engine call of its action")
    func translation() {
        var input = InputTranslator(pageWidth: 1280, pageHeight: 800, navigation: DemoNavigation())
        let page = PageIndex(h: 0, v: 0)
        #expect(input.translate(.key(.l, ctrl: false, shift: false), currentPage: page, time: 0) == [.pager(.flip(.right))])
        #expect(input.translate(.key(.pageDown, ctrl: false, shift: false), currentPage: page, time: 0) == [.pager(.flip(.down))])
        #expect(input.translate(.key(.b, ctrl: false, shift: false), currentPage: page, time: 0) == [.action(.toggleBackdrop)])
        #expect(input.translate(.key(.digit(0), ctrl: false, shift: false), currentPage: page, time: 0) == [.pager(.zoom(.reset))])
    }

    @Test("--help lists every row's keys, gesture and help text")
    func plainTextListsEveryRow() {
        let text = KeyMap.plainText()
        for row in KeyMap.rows {
            for chord in row.keys { #expect(text.contains(chord.label), "--help lacks \(chord.label)") }
            if let gesture = row.gesture { #expect(text.contains(gesture)) }
            #expect(text.contains(row.help), "--help lacks \"\(row.help)\"")
        }
    }

    @Test("the help over each mode lists its rows and the shared ones, and no other mode's")
    func eachModesHelpIsItsOwn() {
        let lines: [KeyMap.Mode: [String]] = [.pager: KeyMap.standard.overlayLines(in: .pager),
                                              .overview: KeyMap.standard.overlayLines(in: .overview),
                                              .compare: KeyMap.standard.overlayLines(in: .compare)]
        for (mode, shown) in lines {
            let own: Set<KeyMap.Mode> = mode == .pager ? [.pager, .zoomed] : [mode]
            for row in KeyMap.rows {
                let listed = shown.contains { $0.contains(row.inputLabel) && $0.hasSuffix("\t" + row.help) }
                // A row of another mode reads the same as one of this mode's (q: quit) is listed by that one.
                let applies = KeyMap.rows.contains { other in
                    other.inputLabel == row.inputLabel && other.help == row.help && !own.isDisjoint(with: other.modes)
                }
                #expect(listed == applies,
                        "\(mode)'s help: \(row.inputLabel): \(row.help) (\(row.modes)) listed: \(listed)")
            }
        }
        #expect(lines[.pager]!.contains("In the pages:") && !lines[.pager]!.contains("In the overview (Tab):"))
        #expect(lines[.overview]!.contains("In the overview (Tab):") && !lines[.overview]!.contains("In the pages:"))
        #expect(lines[.compare]!.first == "In the compare view (C):")
    }

    @Test("the help overlay lists every row's input and help text, in its two columns")
    func overlayListsEveryRow() {
        let columns = KeyMap.standard.overlayColumns()
        #expect(columns.count == 2 && columns.allSatisfy { !$0.isEmpty })
        let lines = columns.flatMap { $0 }
        #expect(lines.filter { !$0.isEmpty } == KeyMap.standard.overlayLines().filter { !$0.isEmpty })
        for row in KeyMap.rows {
            #expect(lines.contains { $0.contains(row.inputLabel) && $0.hasSuffix("\t" + row.help) },
                    "the overlay lacks \(row.inputLabel): \(row.help)")
        }
    }

    @Test("the README's key table is the one the table makes")
    func readmeTable() throws {
        let readme = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let begin = try #require(text.range(of: "<!-- keys:begin -->\n"))
        let end = try #require(text.range(of: "\n<!-- keys:end -->", range: begin.upperBound..<text.endIndex))
        let section = String(text[begin.upperBound..<end.lowerBound])
        #expect(section == KeyMap.markdownTable(), "README.md's key table differs from KeyMap; it should be:\n\(KeyMap.markdownTable())")
    }
}
