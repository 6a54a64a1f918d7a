import Glibc

/// How a program the user started ended, and what the notice and the log
/// say about it. A program's standard error gives its first line (the
/// rest is read and dropped), which the notice shows after a dash.
///
/// ```swift
/// CommandOutcome.exited(2, stderr: "no such file").notice(name: "gimp")   // "gimp: exit 2 — no such file"
/// CommandOutcome.notFound.notice(name: "gimp")                             // "gimp: not found"
/// ```
public enum CommandOutcome: Sendable, Hashable {
    /// It exited with this status.
    case exited(Int32, stderr: String?)
    /// A signal ended it.
    case killed(signal: Int32, stderr: String?)
    /// Its program is not on `PATH` (or not at the path written).
    case notFound
    /// It could not start: why (`strerror`'s text).
    case failed(String)

    /// The notice: `NAME: exit 0`, `NAME: exit 2 — FIRST STDERR LINE`,
    /// `NAME: killed by SIGTERM`, `NAME: not found`, `NAME: cannot start (…)`.
    public func notice(name: String) -> String {
        switch self {
        case .exited(let code, let stderr): name + ": exit " + String(code) + Self.dash(stderr)
        case .killed(let signal, let stderr): name + ": killed by " + Self.signalName(signal) + Self.dash(stderr)
        case .notFound: name + ": not found"
        case .failed(let reason): name + ": cannot start (" + reason + ")"
        }
    }

    /// The log line's `status`: `exited`, `killed`, `not-found` or `failed`.
    public var status: String {
        switch self {
        case .exited: "exited"
        case .killed: "killed"
        case .notFound: "not-found"
        case .failed: "failed"
        }
    }

    /// The log line's `code`: the exit status or the signal's number.
    public var code: Int? {
        switch self {
        case .exited(let code, _): Int(code)
        case .killed(let signal, _): Int(signal)
        case .notFound, .failed: nil
        }
    }

    /// The first line of its standard error, when it wrote one.
    public var stderr: String? {
        switch self {
        case .exited(_, let stderr), .killed(_, let stderr): stderr
        case .notFound, .failed: nil
        }
    }

    /// The outcome of a `waitpid` status and the first stderr line.
    static func waited(_ status: Int32, stderr: String?) -> CommandOutcome {
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import (macros).
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff, stderr: stderr) : .killed(signal: signal, stderr: stderr)
    }

    /// The outcome of `posix_spawn`'s error.
    static func spawnFailed(_ error: Int32) -> CommandOutcome {
        error == ENOENT || error == ENOTDIR ? .notFound : .failed(String(cString: strerror(error)))
    }

    private static func dash(_ line: String?) -> String {
        guard let line, !line.isEmpty else { return "" }
        return " — " + line
    }

    /// `SIGTERM` for 15; `signal N` for one without a common name.
    static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL",
                                      SIGABRT: "SIGABRT", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV",
                                      SIGPIPE: "SIGPIPE", SIGALRM: "SIGALRM", SIGTERM: "SIGTERM", SIGBUS: "SIGBUS",
                                      SIGUSR1: "SIGUSR1", SIGUSR2: "SIGUSR2"]
        return names[signal] ?? "signal " + String(signal)
    }
}

/// The first line of a stream of bytes, kept while the rest is dropped:
/// at most ``limit`` bytes of it, without its newline (or `\r\n`).
///
/// ```swift
/// var line = FirstLine()
/// line.take(Array("oops\nmore".utf8)[...])
/// line.text   // "oops"
/// ```
struct FirstLine: Sendable {
    /// The longest line kept, bytes; a notice shows less anyway.
    static let limit = 300
    private var bytes: [UInt8] = []
    private var complete = false

    mutating func take(_ chunk: ArraySlice<UInt8>) {
        guard !complete else { return }
        let end = chunk.firstIndex(of: UInt8(ascii: "\n"))
        bytes += chunk[..<(end ?? chunk.endIndex)].prefix(Self.limit - bytes.count)
        if end != nil || bytes.count >= Self.limit { complete = true }
    }

    /// The line, nil when nothing came or the line is blank; its control
    /// bytes and invalid UTF-8 written out visibly (`\x1b`), as it goes to
    /// a notice and may go to stderr.
    var text: String? {
        let blank: Set<UInt8> = [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r")]
        guard let first = bytes.firstIndex(where: { !blank.contains($0) }),
              let last = bytes.lastIndex(where: { !blank.contains($0) }) else { return nil }
        return StandardError.escaped(bytes: bytes[first...last])
    }
}
