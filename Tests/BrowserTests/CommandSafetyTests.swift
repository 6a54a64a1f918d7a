import CSDL2
import Foundation
import Glibc
import Synchronization
import Testing
@testable import Browser

/// A key held down: its repeats start no program.
@Suite struct CommandKeyRepeatTests {
    let map = ConfigFile.parse("command.args = echo %f\nkey.command.args = a\n", file: "c").keyMap(from: .standard)

    func route(_ key: BrowserKey, ctrl: Bool = false, repeated: Bool, waiting: Bool = false) -> CommandKeyRoute {
        CommandKeyRoute(key, ctrl: ctrl, shift: false, repeated: repeated, waitsForHandlerKey: waiting, goToOpen: false,
                        keyMap: map)
    }

    @Test func aCommandKeysRepeatsAreDropped() {
        #expect(route(.letter("a"), repeated: false) == .command("args"))
        #expect(route(.letter("a"), repeated: true) == .ignored)
    }

    @Test func theKeyAfterCtrlXIgnoresRepeats() {
        #expect(route(.letter("w"), repeated: false, waiting: true) == .handlerKey)
        #expect(route(.letter("w"), repeated: true, waiting: true) == .ignored)
        // Ctrl+X held: its repeats neither cancel the wait nor start it again.
        #expect(route(.letter("x"), ctrl: true, repeated: true, waiting: true) == .ignored)
        #expect(route(.letter("x"), ctrl: true, repeated: true) == .ignored)
        #expect(route(.letter("x"), ctrl: true, repeated: false) == .table)
    }

    @Test func pageFlipsKeepRepeating() {
        #expect(route(.right, repeated: true) == .table)
        #expect(route(.pageDown, repeated: true) == .table)
    }

    @Test func sdlsRepeatFlagIsRead() {
        var sdlInput = SDLInput(pixelWidth: 100, pixelHeight: 100, pixelsPerPoint: 1)
        var event = SDL_Event()
        event.type = SDL_KEYDOWN.rawValue
        event.key.keysym.sym = SDL_Keycode(SDLK_a.rawValue)
        event.key.`repeat` = 1
        #expect(sdlInput.translate(event, time: 0) == .key(.letter("a"), ctrl: false, shift: false))
        #expect(sdlInput.keyRepeated)
        event.key.`repeat` = 0
        _ = sdlInput.translate(event, time: 0)
        #expect(!sdlInput.keyRepeated)
    }
}

/// What a program fourway starts inherits: descriptors 0 to 2, and the
/// environment fourway started with.
@Suite(.serialized) struct ChildInheritanceTests {
    func run(_ arguments: [String], environment: ChildEnvironment = .atStart) -> CommandOutcome {
        let result = Mutex<CommandOutcome?>(nil)
        CommandProcess.start(arguments, environment: environment) { outcome in result.withLock { $0 = outcome } }
        while true {
            if let outcome = result.withLock({ $0 }) { return outcome }
            usleep(2_000)
        }
    }

    @Test func aChildGetsNoDescriptorButTheStandardThree() throws {
        // Opened as a library would: without O_CLOEXEC.
        let leaky = open("/dev/null", O_RDONLY)
        let leakyPipe = UnsafeMutablePointer<Int32>.allocate(capacity: 2)
        defer { leakyPipe.deallocate() }
        #expect(pipe(leakyPipe) == 0)
        defer { close(leaky); close(leakyPipe[0]); close(leakyPipe[1]) }
        let out = NSTemporaryDirectory() + "fourway-fds-\(getpid())"
        defer { unlink(out) }
        #expect(run(["sh", "-c", "ls /proc/self/fd > \"$0\"", out]) == .exited(0, stderr: nil))
        let listed = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n")
        // 3 is ls's own, the folder it lists.
        #expect(listed == ["0", "1", "2", "3"])
    }

    /// A copy of `entries` as ``ChildEnvironment`` takes one from `environ`
    /// (no `setenv` here: other tests' threads may be reading the environment).
    func environment(_ entries: [String]) -> ChildEnvironment {
        var pointers: [UnsafeMutablePointer<CChar>?] = entries.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        return pointers.withUnsafeMutableBufferPointer { ChildEnvironment(copying: $0.baseAddress) }
    }

    @Test func aChildGetsTheEnvironmentFourwayStartedWith() {
        let path = "PATH=" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let atStart = environment([path, "XCOMPOSEFILE=/home/u/.XCompose"])
        #expect(run(["sh", "-c", "echo \"[${XCOMPOSEFILE-unset}]\" >&2"], environment: atStart)
                == .exited(0, stderr: "[/home/u/.XCompose]"))
        #expect(run(["sh", "-c", "echo \"[${XCOMPOSEFILE-unset}]\" >&2"], environment: environment([path]))
                == .exited(0, stderr: "[unset]"))
    }

    @Test func fourwayEmptiesTheComposeFileOnlyWhenX11ComesFirst() {
        func env(_ driver: String?, wayland: String?) -> VideoDriverChoice.Environment {
            .init(sdlVideoDriver: driver, display: ":0", waylandDisplay: wayland)
        }
        #expect(Browser.skipsComposeTable(.auto, env(nil, wayland: nil)))
        #expect(Browser.skipsComposeTable(.x11, env(nil, wayland: "wayland-0")))
        #expect(!Browser.skipsComposeTable(.auto, env(nil, wayland: "wayland-0")))
        #expect(!Browser.skipsComposeTable(.wayland, env(nil, wayland: "wayland-0")))
        #expect(!Browser.skipsComposeTable(.auto, env("wayland", wayland: "wayland-0")))
    }
}

/// Names holding a newline and the key handler's standard input.
@Suite struct KeyHandlerSeparatorTests {
    let odd = "/p/x\n.bashrc\ny.jpg"

    @Test func namesHoldingANewlineAreLeftOutOfLines() {
        let input = KeyHandler.input(["/p/a.jpg", odd, "/p/b.jpg"])
        #expect(input.bytes == Array("/p/a.jpg\n/p/b.jpg\n".utf8))
        #expect(input.sent == 2 && input.leftOut == 1)
        #expect(KeyHandler.leftOutNote(1)
                == " (1 name holding a newline left out; key-handler-separator = nul sends every name)")
        #expect(KeyHandler.leftOutNote(0) == "")
    }

    @Test func withNulEveryNameGoesNulTerminated() {
        let input = KeyHandler.input(["/p/a.jpg", odd], separator: .nul)
        #expect(input.bytes == Array("/p/a.jpg\0\(odd)\0".utf8))
        #expect(input.sent == 2 && input.leftOut == 0)
    }

    @Test func theSeparatorIsASetting() {
        let config = ConfigFile.parse("key-handler-separator = nul\n", file: "c")
        #expect(config.problems.isEmpty)
        #expect(config.defaults.keyHandlerSeparator == .nul)
        #expect(ConfigFile.parse("key-handler-separator = tab\n", file: "c").problems
                == ["c:1: key-handler-separator: 'tab' is not one of newline, nul; line ignored"])
        #expect(ConfigFile.printed(.init(), keyMap: .standard).contains("\nkey-handler-separator = newline\n"))
        #expect(ConfigFile.printed(config.defaults, keyMap: .standard).contains("\nkey-handler-separator = nul\n"))
    }
}

/// Text from files and programs on stderr and in notices.
@Suite(.serialized) struct StderrEscapingTests {
    @Test func controlBytesAreWrittenOutVisibly() {
        #expect(StandardError.escaped("a\u{1B}[31mb\nc\td\re") == "a\\x1b[31mb\\nc\\td\\re")
        #expect(StandardError.escaped("\u{7F}\u{9B}x\u{0}") == "\\x7f\\u{9b}x\\x00")
        #expect(StandardError.escaped("photos/été 日本 \\ ok.jpg") == "photos/été 日本 \\ ok.jpg")
    }

    @Test func invalidUTF8IsWrittenOutVisibly() {
        #expect(StandardError.escaped(bytes: [0x61, 0xFF, 0x62, 0xC3]) == "a\\xffb\\xc3")
        #expect(StandardError.escaped(bytes: [0xC0, 0x80, 0xED, 0xA0, 0x80]) == "\\xc0\\x80\\xed\\xa0\\x80")
        #expect(StandardError.escaped(bytes: Array("é".utf8)) == "é")
    }

    @Test func linesOnStderrAreEscaped() throws {
        let path = NSTemporaryDirectory() + "fourway-stderr-\(getpid())"
        defer { unlink(path) }
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        let saved = dup(2)
        dup2(file, 2)
        StandardError.line("/p/\u{1B}]0;owned\u{7}\n.jpg: not an image")
        dup2(saved, 2)
        close(saved)
        close(file)
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written.contains("fourway: /p/\\x1b]0;owned\\x07\\n.jpg: not an image\n"))
    }

    @Test func aProgramsStderrLineIsEscaped() {
        var line = FirstLine()
        line.take(Array("  bad \u{1B}[2J name \u{9B}".utf8)[...] + [0xFF, 0x0A])
        #expect(line.text == "bad \\x1b[2J name \\u{9b}\\xff")
    }
}
