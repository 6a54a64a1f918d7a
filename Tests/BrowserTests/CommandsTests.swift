import Foundation
import Glibc
import Synchronization
import Testing
@testable import Browser

/// `command.NAME` and `key.command.NAME` in the configuration file.
@Suite struct CommandConfigTests {
    @Test func commandsAndTheirKeysAreRead() throws {
        let config = ConfigFile.parse("""
            key.command.gimp = Ctrl+G, W
            command.gimp = gimp %F
            command.Wall = feh --bg-fill "%f"
            """, file: "c")
        #expect(config.problems.isEmpty)
        #expect(config.commands.map(\.name) == ["gimp", "wall"])
        #expect(config.commands[1].value == "feh --bg-fill \"%f\"")
        #expect(config.settingsRead == 3)
        let map = config.keyMap(from: .standard)
        #expect(map.command(for: .g, ctrl: true, shift: false) == "gimp")
        #expect(map.command(for: .letter("w"), ctrl: false, shift: true) == "gimp")
        #expect(map.command(for: .letter("w"), ctrl: false, shift: false) == nil)
        #expect(map.commands == [KeyMap.CommandKeys(name: "gimp", keys: [KeyChord(.g, ctrl: true), KeyChord(.letter("w"), shift: true)],
                                                    value: "gimp %F")])
    }

    @Test func badCommandLinesGetOneProblemEach() {
        let config = ConfigFile.parse("""
            command.a = echo 'open
            command.b =
            command.c = echo %x
            command.d = echo --files=%F
            command.e f = echo
            key.command.nope = Ctrl+N
            key.command.a = Ctrl+Nothing
            command.g = echo
            command.g = echo again
            """, file: "/c")
        #expect(config.problems == [
            "/c:1: command.a: a ' is not closed; line ignored",
            "/c:2: command.b: no program (write command.NAME = PROGRAM ARG…); line ignored",
            "/c:3: command.c: '%x' is not %f, %F, %d or %% (write %% for a %); line ignored",
            "/c:4: command.d: %F must be a word of its own (it is one argument per image); line ignored",
            "/c:5: 'e f' is not a command name (letters, digits, - and _); line ignored",
            "/c:7: 'Ctrl+Nothing' is not a key fourway knows; line ignored",
            "/c:9: command 'g' is defined twice; line ignored",
            "/c:6: no command 'nope' (define it: command.nope = PROGRAM ARG…); line ignored",
        ])
        #expect(config.commands.map(\.name) == ["g"])
        #expect(config.commands[0].value == "echo")
        #expect(config.keyMap(from: .standard).commands.isEmpty)
        #expect(config.settingsRead == 1)
    }

    @Test func printConfigListsTheCommandsAndTheirKeys() {
        let config = ConfigFile.parse("command.gimp = gimp %F\nkey.command.gimp = Ctrl+G\ncommand.x = xv %f\n", file: "c")
        let text = ConfigFile.printed(config.defaults, keyMap: config.keyMap(from: .standard), commands: config.commands)
        #expect(text.contains("\ncommand.gimp = gimp %F\nkey.command.gimp = Ctrl+G\n"))
        #expect(text.contains("\ncommand.x = xv %f\nkey.command.x = \n"))
        // The printed file reads back as the same commands.
        let again = ConfigFile.parse(text, file: "printed")
        #expect(again.problems.isEmpty)
        #expect(again.commands == config.commands)
        // With none, commented examples and the key handler's place.
        let plain = ConfigFile.printed(.init(), keyMap: .standard)
        #expect(plain.contains("# command.gimp = gimp %F"))
        #expect(plain.contains("fourway/key-handler"))
    }

    @Test func theHelpListsTheCommands() {
        let config = ConfigFile.parse("command.gimp = gimp %F\nkey.command.gimp = Ctrl+G\n", file: "c")
        let map = config.keyMap(from: .standard)
        #expect(map.overlayColumns()[1].suffix(2) == ["Commands (configuration file):", "Ctrl+G\tgimp: gimp %F"])
        #expect(map.overlayLines().last == "Ctrl+G\tgimp: gimp %F")
        #expect(!KeyMap.standard.overlayLines().contains("Commands (configuration file):"))
        let long = ConfigFile.parse("command.long = sh -c 'for f; do something-long-with \"$f\"; done' sh %F\nkey.command.long = L\n",
                                    file: "c").keyMap(from: .standard)
        #expect(long.overlayLines().last == "L\tlong: sh -c 'for f; do something-long-with \"$…")
        #expect(KeyMap.standard.action(for: .letter("x"), ctrl: true, in: .pager) == .keyHandler)
        #expect(KeyMap.standard.action(for: .letter("x"), ctrl: true, in: .overview) == .keyHandler)
    }
}

/// Splitting a command's value into words and filling in the images.
@Suite struct CommandTemplateTests {
    func arguments(_ text: String, current: String? = "/p/a.jpg", marked: [String] = []) throws -> [String] {
        try CommandTemplate(parsing: text).arguments(current: current, marked: marked)
    }

    @Test func placesAreFilledIn() throws {
        #expect(try arguments("echo %f %d %%f 100%%") == ["echo", "/p/a.jpg", "/p", "%f", "100%"])
        #expect(try arguments("cp %F /out") == ["cp", "/p/a.jpg", "/out"])
        #expect(try arguments("cp %F /out", marked: ["/p/b.jpg", "/q/c.jpg"]) == ["cp", "/p/b.jpg", "/q/c.jpg", "/out"])
        #expect(try arguments("convert %f %d/small-x.png --at=%d") == ["convert", "/p/a.jpg", "/p/small-x.png", "--at=/p"])
        #expect(try arguments("echo %d", current: "/a.jpg") == ["echo", "/"])
        #expect(try arguments("echo %F", current: nil) == ["echo"])
    }

    @Test func quotesKeepSpacesAndBackslashesEscape() throws {
        #expect(try arguments(#"sh -c 'echo "$1" >> ~/list' sh %f"#) == ["sh", "-c", #"echo "$1" >> ~/list"#, "sh", "/p/a.jpg"])
        #expect(try arguments(#"a "b c" d\ e "f\"g" "h\i" '' x"#) == ["a", "b c", "d e", #"f"g"#, #"h\i"#, "", "x"])
        #expect(try arguments("  tab\tsplit  \"%f copy\" ") == ["tab", "split", "/p/a.jpg copy"])
    }

    @Test func aPathStaysOneArgumentWhateverItHolds() throws {
        let odd = "/p/-rf name with spaces\n\"quoted\" 'single' $HOME; rm *.jpg"
        #expect(try arguments("echo %f %F", current: odd) == ["echo", odd, odd])
        #expect(try arguments("echo %F", marked: [odd, "-n"]) == ["echo", odd, "-n"])
        #expect(try arguments("echo %d", current: odd) == ["echo", "/p"])
    }

    @Test func badValuesSayWhy() throws {
        #expect(throws: CommandTemplateError.empty) { try CommandTemplate(parsing: "   ") }
        #expect(throws: CommandTemplateError.unclosedQuote("\"")) { try CommandTemplate(parsing: "echo \"a") }
        #expect(throws: CommandTemplateError.endsInBackslash) { try CommandTemplate(parsing: "echo a\\") }
        #expect(throws: CommandTemplateError.badPlace("%")) { try CommandTemplate(parsing: "echo 100%") }
        #expect(throws: CommandTemplateError.filesInsideWord) { try CommandTemplate(parsing: "echo x%F") }
        #expect(throws: CommandTemplateError.filesAsProgram) { try CommandTemplate(parsing: "%F") }
        #expect(try CommandTemplate(parsing: "%f").program == "%")
        #expect(try CommandTemplate(parsing: "gimp %F").needsImage)
        #expect(try !CommandTemplate(parsing: "xset dpms force off").needsImage)
    }
}

/// The key as nsxiv's key handler gets it.
@Suite struct KeyHandlerTests {
    @Test func keysAreSpeltAsNsxivSpellsThem() {
        #expect(KeyHandler.spelling(.letter("w"), ctrl: false, shift: false, alt: false) == "w")
        #expect(KeyHandler.spelling(.letter("w"), ctrl: true, shift: false, alt: false) == "C-w")
        #expect(KeyHandler.spelling(.letter("w"), ctrl: false, shift: false, alt: true) == "M-w")
        #expect(KeyHandler.spelling(.letter("w"), ctrl: false, shift: true, alt: false) == "W")
        #expect(KeyHandler.spelling(.letter("w"), ctrl: true, shift: true, alt: true) == "C-M-W")
        #expect(KeyHandler.spelling(.r, ctrl: true, shift: false, alt: false) == "C-r")
        #expect(KeyHandler.spelling(.left, ctrl: false, shift: true, alt: false) == "S-Left")
        #expect(KeyHandler.spelling(.enter, ctrl: false, shift: false, alt: false) == "Return")
        #expect(KeyHandler.spelling(.pageDown, ctrl: false, shift: false, alt: false) == "Next")
        #expect(KeyHandler.spelling(.digit(3), ctrl: true, shift: false, alt: false) == "C-3")
        #expect(KeyHandler.spelling(.question, ctrl: false, shift: true, alt: false) == "question")
        #expect(KeyHandler.spelling(.plus, ctrl: false, shift: false, alt: false) == "equal")
        #expect(KeyHandler.spelling(.plus, ctrl: false, shift: true, alt: false) == "plus")
        #expect(KeyHandler.spelling(.other, ctrl: true, shift: false, alt: false) == nil)
    }

    @Test func theHandlerIsInTheConfigurationFolder() {
        #expect(KeyHandler.path(xdgConfigHome: "/x", home: "/h") == "/x/fourway/key-handler")
        #expect(KeyHandler.path(xdgConfigHome: "relative", home: "/h") == "/h/.config/fourway/key-handler")
        #expect(KeyHandler.path(xdgConfigHome: nil, home: nil) == nil)
        #expect(KeyHandler.missingNotice(path: "/h/k") == "No key handler: put an executable script at /h/k")
    }

    @Test func itsInputIsOnePathALine() {
        #expect(KeyHandler.input(["/a b", "/c"]).bytes == Array("/a b\n/c\n".utf8))
        #expect(KeyHandler.input([]).bytes.isEmpty)
    }
}

/// What the notice and the log say of a program's end.
@Suite struct CommandOutcomeTests {
    @Test func noticesSayHowItEnded() {
        #expect(CommandOutcome.exited(0, stderr: nil).notice(name: "gimp") == "gimp: exit 0")
        #expect(CommandOutcome.exited(2, stderr: "no such file").notice(name: "gimp") == "gimp: exit 2 — no such file")
        #expect(CommandOutcome.killed(signal: SIGTERM, stderr: nil).notice(name: "x") == "x: killed by SIGTERM")
        #expect(CommandOutcome.killed(signal: 40, stderr: "a").notice(name: "x") == "x: killed by signal 40 — a")
        #expect(CommandOutcome.notFound.notice(name: "gimp") == "gimp: not found")
        #expect(CommandOutcome.failed("Permission denied").notice(name: "x") == "x: cannot start (Permission denied)")
        #expect(CommandOutcome.exited(3, stderr: "e").status == "exited" && CommandOutcome.exited(3, stderr: "e").code == 3)
        #expect(CommandOutcome.notFound.status == "not-found" && CommandOutcome.notFound.code == nil)
    }

    @Test func waitStatusesAreRead() {
        #expect(CommandOutcome.waited(3 << 8, stderr: nil) == .exited(3, stderr: nil))
        #expect(CommandOutcome.waited(SIGKILL, stderr: "x") == .killed(signal: SIGKILL, stderr: "x"))
        #expect(CommandOutcome.spawnFailed(ENOENT) == .notFound)
    }

    @Test func onlyTheFirstLineIsKept() {
        var line = FirstLine()
        line.take(Array("  first ".utf8)[...])
        line.take(Array("half\r\nsecond\n".utf8)[...])
        line.take(Array("third".utf8)[...])
        #expect(line.text == "first half")
        var long = FirstLine()
        long.take(ArraySlice(repeating: UInt8(ascii: "x"), count: 10_000))
        #expect(long.text?.count == FirstLine.limit)
        #expect(FirstLine().text == nil)
    }
}

/// Real programs, started and watched as the browser does.
@Suite(.serialized) struct CommandProcessTests {
    /// Runs `arguments` and waits for its outcome (a test may wait; it never times it).
    func run(_ arguments: [String], input: [UInt8]? = nil) -> CommandOutcome {
        let result = Mutex<CommandOutcome?>(nil)
        CommandProcess.start(arguments, input: input) { outcome in result.withLock { $0 = outcome } }
        while true {
            if let outcome = result.withLock({ $0 }) { return outcome }
            usleep(2_000)
        }
    }

    @Test func exitStatusAndStderrComeBack() {
        #expect(run(["/bin/sh", "-c", "exit 3"]) == .exited(3, stderr: nil))
        #expect(run(["sh", "-c", "echo out; echo 'it broke' >&2; echo more >&2; exit 2"]) == .exited(2, stderr: "it broke"))
        #expect(run(["true"]) == .exited(0, stderr: nil))
    }

    @Test func aMissingProgramIsNotFound() {
        #expect(run(["fourway-no-such-program-here"]) == .notFound)
        #expect(run(["/nonexistent/bin/x"]) == .notFound)
        #expect(run(["/dev/null"]) == .failed(String(cString: strerror(EACCES))))
    }

    @Test func megabytesOnStderrDoNotBlock() {
        let outcome = run(["sh", "-c", "echo first >&2; head -c 5000000 /dev/zero | tr '\\0' x >&2; head -c 5000000 /dev/zero; exit 4"])
        #expect(outcome == .exited(4, stderr: "first"))
    }

    @Test func argumentsArriveAsTheyAreAndStdinIsEmpty() throws {
        let odd = "-n name with spaces\n\"quoted\" 'x' $HOME"
        let out = NSTemporaryDirectory() + "fourway-args-\(getpid())"
        defer { unlink(out) }
        let outcome = run(["sh", "-c", "printf '%s\\0' \"$@\" > \"$0\"; cat >> \"$0\"", out, odd, "%f"])
        #expect(outcome == .exited(0, stderr: nil))
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == Data((odd + "\0%f\0").utf8))
    }

    @Test func aSleepingProgramRunsOnWhileTheCallerGoesOn() {
        let result = Mutex<CommandOutcome?>(nil)
        let pid = CommandProcess.start(["sleep", "30"]) { outcome in result.withLock { $0 = outcome } }
        // start returned while it sleeps: nothing has ended yet.
        #expect(result.withLock { $0 } == nil)
        let child = try! #require(pid)
        #expect(kill(child, 0) == 0)
        kill(child, SIGTERM)
        while result.withLock({ $0 }) == nil { usleep(2_000) }
        #expect(result.withLock { $0 } == .killed(signal: SIGTERM, stderr: nil))
    }

    @Test func theHandlersInputIsWrittenWithoutBlocking() throws {
        let paths = (0..<100_000).map { "/photos/album \($0)/image \($0).jpg" }
        let out = NSTemporaryDirectory() + "fourway-stdin-\(getpid())"
        defer { unlink(out) }
        // A handler that reads it all gets every byte.
        #expect(run(["sh", "-c", "cat > \"$0\"", out], input: KeyHandler.input(paths).bytes) == .exited(0, stderr: nil))
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == Data(KeyHandler.input(paths).bytes))
        // One that never reads it ends all the same, and fourway lives on (no SIGPIPE).
        #expect(run(["sh", "-c", "exit 5"], input: KeyHandler.input(paths).bytes) == .exited(5, stderr: nil))
        // One that never reads it and sleeps: start returns at once.
        let result = Mutex<CommandOutcome?>(nil)
        let pid = try #require(CommandProcess.start(["sleep", "30"], input: KeyHandler.input(paths).bytes) { outcome in
            result.withLock { $0 = outcome }
        })
        #expect(result.withLock { $0 } == nil)
        kill(pid, SIGKILL)
        while result.withLock({ $0 }) == nil { usleep(2_000) }
        #expect(result.withLock { $0 } == .killed(signal: SIGKILL, stderr: nil))
    }
}
