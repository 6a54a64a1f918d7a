import Glibc
import ImageDecoding

/// Starts a program the user asked for (a configured command, the key
/// handler) without waiting for it, and reports how it ended: the window
/// never waits on it, several run at once, and one that never ends simply
/// runs on. Its standard input is /dev/null, or `input` written by a thread
/// of its own (a handler that never reads 100,000 paths blocks only that
/// thread); its standard output goes to /dev/null; its standard error is
/// read to the end by the watching thread, which keeps the first line and
/// drops the rest, so megabytes there block nothing. No shell is involved:
/// the arguments reach the program as they are.
///
/// ```swift
/// let pid = CommandProcess.start(["gimp", "/p/a.jpg"]) { outcome in inbox.add(outcome) }
/// ```
enum CommandProcess {
    /// How long the watching thread waits on a silent standard error before
    /// it asks whether the program ended, ms: a program that left a child
    /// of its own holding its standard error (`sh -c 'gimp %F &'`) is
    /// reported within this long of its end.
    static let exitCheckMilliseconds: Int32 = 500

    /// Starts `arguments` (the program found on `PATH` unless it holds a
    /// `/`); `done` gets the outcome on another thread once it ended or
    /// could not start. Returns the process id, or nil when it could not
    /// start (`done` has then been called already).
    @discardableResult
    static func start(_ arguments: [String], input: [UInt8]? = nil, environment: ChildEnvironment = .atStart,
                      done: @escaping @Sendable (CommandOutcome) -> Void) -> pid_t? {
        guard !arguments.isEmpty else { done(.notFound); return nil }
        var errors: [Int32] = [-1, -1], feed: [Int32] = [-1, -1]
        guard ExternalCommandSpawn.closingPipe(&errors) else { done(.failed(String(cString: strerror(errno)))); return nil }
        if input != nil, !ExternalCommandSpawn.closingPipe(&feed) {
            let reason = String(cString: strerror(errno))
            close(errors[0]); close(errors[1])
            done(.failed(reason))
            return nil
        }
        var pid: pid_t = 0
        let status = spawn(arguments, stdin: input != nil ? feed[0] : nil, stderr: errors[1], environment: environment,
                           pid: &pid)
        close(errors[1])
        if input != nil { close(feed[0]) }
        guard status == 0 else {
            close(errors[0])
            if input != nil { close(feed[1]) }
            done(CommandOutcome.spawnFailed(status))
            return nil
        }
        if let input { write(input, to: feed[1]) }
        let (child, stderrFD) = (pid, errors[0])
        WorkerThread.start(name: "fourway-command") { watch(child, stderr: stderrFD, done: done) }
        return pid
    }

    /// `posix_spawnp` with stdin (`stdin`, else /dev/null), stdout
    /// (/dev/null) and stderr (`stderr`) set and no other descriptor;
    /// SIGPIPE at its default in the child whatever this process does with it.
    private static func spawn(_ arguments: [String], stdin: Int32?, stderr: Int32, environment: ChildEnvironment,
                              pid: inout pid_t) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let stdin {
            posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        ExternalCommandSpawn.closeInherited(&actions)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        return ExternalCommandSpawn.spawn(arguments, actions: &actions, attributes: &attributes, pid: &pid,
                                          environment: environment)
    }

    /// Writes `bytes` to `fd` on a thread of its own, then closes it; stops
    /// early when the program closed its end (SIGPIPE is blocked on that
    /// thread, so the write fails with EPIPE instead of ending fourway).
    private static func write(_ bytes: [UInt8], to fd: Int32) {
        WorkerThread.start(name: "fourway-feed") {
            var pipeSignal = sigset_t()
            sigemptyset(&pipeSignal)
            sigaddset(&pipeSignal, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
            var offset = 0
            bytes.withUnsafeBytes { buffer in
                while offset < buffer.count {
                    let count = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                    if count < 0 && errno == EINTR { continue }
                    if count <= 0 { break }
                    offset += count
                }
            }
            close(fd)
        }
    }

    /// Reads the program's standard error until it ends, keeping its first
    /// line; reaps the program and calls `done`. When the program ended but
    /// something it started still holds its standard error, `done` comes
    /// first and the reading goes on until that closes it too.
    private static func watch(_ pid: pid_t, stderr fd: Int32, done: @Sendable (CommandOutcome) -> Void) {
        var line = FirstLine()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var open = true
        var status: Int32?
        while open && status == nil {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, exitCheckMilliseconds)
            if ready > 0 {
                open = readChunk(fd, into: &buffer, line: &line)
            } else if ready == 0 {
                status = reap(pid, blocking: false)
            }
        }
        done(CommandOutcome.waited(status ?? reap(pid, blocking: true) ?? 0, stderr: line.text))
        while open { open = readChunk(fd, into: &buffer, line: &line) }
        close(fd)
    }

    /// One read into `buffer`, its bytes given to `line`; false at the end.
    private static func readChunk(_ fd: Int32, into buffer: inout [UInt8], line: inout FirstLine) -> Bool {
        let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        if count < 0 { return errno == EINTR || errno == EAGAIN }
        if count == 0 { return false }
        line.take(buffer[..<count])
        return true
    }

    /// The program's wait status once it ended; nil while it runs (not `blocking`).
    private static func reap(_ pid: pid_t, blocking: Bool) -> Int32? {
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, blocking ? 0 : WNOHANG)
            if result == pid { return status }
            if result == 0 { return nil }
            if errno != EINTR { return 0 }   // already reaped: nothing more to learn
        }
    }
}
