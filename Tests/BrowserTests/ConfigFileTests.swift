import Foundation
import Gallery
import Pager
import Testing
@testable import Browser

/// The configuration file: option defaults, keys by action name, bad lines named.
@Suite struct ConfigFileTests {
    @Test func settingsBecomeDefaults() {
        let config = ConfigFile.parse("layout = row\nsort = MTIME\nreverse = yes\nparallax = 0.5\nslideshow-interval = 2.5\n",
                                      file: "c")
        #expect(config.defaults.layout == .row)
        #expect(config.defaults.sort == .mtime)
        #expect(config.defaults.reverse == true)
        #expect(config.defaults.parallax == 0.5)
        #expect(config.defaults.slideshowInterval == 2.5)
        #expect(config.problems.isEmpty)
        #expect(config.settingsRead == 5)
    }

    @Test func theFolderWatchIsOnUnlessTheFileTurnsItOff() {
        #expect(BrowserOptions().watchesFolders)
        #expect(ConfigFile.parse("watch = false\n", file: "c").defaults.watch == false)
        #expect(ConfigFile.parse("watch = on\n", file: "c").defaults.watch == true)
        #expect(ConfigFile.parse("watch = maybe\n", file: "c").problems.count == 1)
    }

    @Test func theTouchpadsDistancePerPageAndLongSwipesAreSettings() {
        let config = ConfigFile.parse("touchpad-distance-horizontal = 800\ntouchpad-distance-vertical = 600\nlong-swipes = true\n",
                                      file: "c")
        #expect(config.defaults.touchpadDistanceHorizontal == 800)
        #expect(config.defaults.touchpadDistanceVertical == 600)
        #expect(config.defaults.longSwipes == true)
        #expect(config.problems.isEmpty)
        // The built-in values are the engine's (libadwaita's 400 and 300, one page a swipe).
        #expect(BrowserOptions().pager.touchpadDistance.horizontal == 400)
        #expect(BrowserOptions().pager.touchpadDistance.vertical == 300)
        #expect(!BrowserOptions().pager.allowsLongSwipes)
        #expect(ConfigFile.parse("touchpad-distance-horizontal = 0\n", file: "c").problems.count == 1)
    }

    @Test func howAKeyTurnsAPageIsASetting() {
        #expect(ConfigFile.parse("key-flip = swap\n", file: "c").defaults.keyFlip == .swap)
        #expect(ConfigFile.parse("key-flip = slide\n", file: "c").defaults.keyFlip == .slide)
        let bad = ConfigFile.parse("key-flip = fade\n", file: "/c/config")
        #expect(bad.defaults.keyFlip == nil)
        #expect(bad.problems.first?.hasPrefix("/c/config:1: key-flip: 'fade' is not one of slide, swap") == true)
    }

    @Test func commentsAndBlankLinesAreIgnored() {
        let config = ConfigFile.parse("# a comment\n\n   \nhud = false\n", file: "c")
        #expect(config.defaults.hud == false)
        #expect(config.problems.isEmpty)
    }

    @Test func aBadLineIsNamedWithItsFileAndLineAndTheRestApplies() {
        let config = ConfigFile.parse("layout = spiral\nwrap = true\nnonsense\nbogus = 1\nparallax = 7\n", file: "/c/config")
        #expect(config.defaults.wrap == true)
        #expect(config.defaults.layout == nil)
        #expect(config.problems.count == 4)
        #expect(config.problems[0].hasPrefix("/c/config:1: layout: 'spiral' is not one of auto, grid"))
        #expect(config.problems[1].hasPrefix("/c/config:3: no '='"))
        #expect(config.problems[2].hasPrefix("/c/config:4: no setting 'bogus'"))
        #expect(config.problems[3].hasPrefix("/c/config:5: parallax: '7' is not a number from 0 to 1"))
        #expect(config.problems.allSatisfy { $0.hasSuffix("; line ignored") })
    }

    @Test func keysAreGivenToActionsByName() {
        let config = ConfigFile.parse("key.toggle-slideshow = Ctrl+S, p\n", file: "c")
        let map = config.keyMap(from: .standard)
        #expect(map.action(for: .s, ctrl: true, in: .pager) == .toggleSlideshow)
        #expect(map.action(for: .letter("p"), ctrl: false, in: .pager) == .toggleSlideshow)
        #expect(map.action(for: .s, ctrl: false, in: .pager) == nil)   // s is free now
    }

    @Test func aKeyTakenFromAnotherActionLeavesIt() {
        let map = ConfigFile.parse("key.flip-right = q\n", file: "c").keyMap(from: .standard)
        #expect(map.action(for: .q, ctrl: false, in: .pager) == .flipRight)
        #expect(map.keys(of: .quit).isEmpty)
        #expect(map.action(for: .right, ctrl: false, in: .pager) == nil)
    }

    @Test func anEmptyValueUnbindsAnAction() {
        let map = ConfigFile.parse("key.quit =\n", file: "c").keyMap(from: .standard)
        #expect(map.action(for: .q, ctrl: false, in: .pager) == nil)
    }

    @Test func unknownActionsGesturesAndKeysAreBadLines() {
        let config = ConfigFile.parse("key.fly = a\nkey.drag-pages = x\nkey.quit = Hyper+Q\n", file: "c")
        #expect(config.problems.count == 3)
        #expect(config.problems[1].contains("is a gesture"))
        #expect(config.keys.isEmpty)
    }

    @Test func printedIsAFileThatReadsBackToTheSame() {
        var defaults = ConfigFile.Defaults()
        defaults.layout = .albums
        defaults.parallax = 0.25
        let map = KeyMap.standard.remapping(.copyPath, to: [KeyChord(.letter("y"))])
        let text = ConfigFile.printed(defaults, keyMap: map)
        let again = ConfigFile.parse(text, file: "printed")
        #expect(again.problems.isEmpty, "\(again.problems)")
        #expect(again.defaults.layout == .albums && again.defaults.parallax == 0.25)
        #expect(again.defaults.hud == true && again.defaults.sort == .name)   // built-in values written out
        #expect(again.keyMap(from: .standard).action(for: .letter("y"), ctrl: false, in: .pager) == .copyPath)
        #expect(again.keyMap(from: .standard).action(for: .right, ctrl: false, in: .pager) == .flipRight)
    }

    @Test func actionNamesAreKebabCase() {
        #expect(Action.toggleSlideshow.configName == "toggle-slideshow")
        #expect(Action(configName: "gallery-end") == .galleryEnd)
        #expect(Action(configName: "galleryEnd") == nil)
    }
}

/// Keys written as the help writes them.
@Suite struct KeyChordParsingTests {
    @Test(arguments: [
        ("Ctrl+Shift+C", KeyChord(.c, ctrl: true, shift: true)), ("Ctrl+C", KeyChord(.c, ctrl: true)),
        ("ctrl+c", KeyChord(.c, ctrl: true)), ("S", KeyChord(.s, shift: true)), ("s", KeyChord(.s)),
        ("Left", KeyChord(.left)), ("←", KeyChord(.left)), ("PageDown", KeyChord(.pageDown)), ("F11", KeyChord(.f11)),
        ("+", KeyChord(.plus)), ("Ctrl++", KeyChord(.plus, ctrl: true)), ("7", KeyChord(.digit(7))),
        ("Shift+Right", KeyChord(.right, shift: true)), ("y", KeyChord(.letter("y"))),
    ])
    func parses(_ text: String, _ chord: KeyChord) {
        #expect(KeyChord(parsing: text) == chord)
    }

    @Test func whatIsNoKeyIsNil() {
        for text in ["", "Hyper+Q", "Ctrl+", "F13", "ß", "Ctrl+Shift"] {
            #expect(KeyChord(parsing: text) == nil, "\(text)")
        }
    }

    @Test func everyBoundKeyReadsBackFromItsLabel() {
        for row in KeyMap.standard.rows {
            for chord in row.keys { #expect(KeyChord(parsing: chord.label) == chord, "\(chord.label)") }
        }
    }
}

/// Finding the file.
@Suite struct ConfigFileLoadingTests {
    @Test func noFileIsNoConfiguration() {
        #expect(ConfigFile.load(path: "/nonexistent-\(getpid())/fourway/config") == nil)
    }

    @Test func aFileIsReadAndParsed() throws {
        let path = "/tmp/fourway-config-test-\(getpid())"
        #expect(FileManager.default.createFile(atPath: path, contents: Data("wrap = true\n".utf8)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let config = try #require(ConfigFile.load(path: path))
        #expect(config.defaults.wrap == true && config.problems.isEmpty)
    }
}
