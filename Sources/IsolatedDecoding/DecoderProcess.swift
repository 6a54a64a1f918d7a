#if canImport(Glibc)
import Glibc
#endif
import CSandbox
import CStreamDecoders
import ImageDecoding

/// One decoder process seen from the browser: its pid, the socket to it, the
/// page shared with it (the cancellation word and progress), and what it
/// said in its hello. Used by one thread at a time (``DecoderPool`` lends it;
/// the pool reads `pid`, `isAlive` and `layers` of any for `/proc` checks).
final class DecoderProcess: @unchecked Sendable {
    let pid: pid_t
    private let socket: Int32
    private let sharedFD: Int32
    private let shared: UnsafeMutablePointer<fw_cancel>
    /// The layers its sandbox has, once its hello arrived.
    private(set) var layers: SandboxLayers?
    /// The libraries it loaded, from its hello.
    private(set) var libraries: [String] = []
    /// The display profile it has (its identity), so the bytes go only when it changes.
    private var profileSent: UInt64 = 0
    private(set) var isAlive = true

    /// How often a waiting request looks at the process's memory, the
    /// caller's cancellation and the clock, milliseconds.
    static let watchInterval: Int32 = 10
    /// How long a new process may take to say hello, seconds (loading the
    /// libraries is ~30 ms; a loaded machine may take much longer).
    static let helloSeconds = 30.0

    /// Starts `executable` as a decoder process at `niceness`.
    init(executable: String, niceness: Int32, dataLimitBytes: Int,
         libraries: DecoderService.Libraries) throws(DecodeFailure) {
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw DecodeFailure(path: "", message: "no socket for a decoder process (\(SystemError.errno()))")
        }
        var mapping: UnsafeMutableRawPointer?
        let sharedFD = fw_shared_page(Int(getpagesize()), &mapping)
        guard sharedFD >= 0, let mapping else {
            close(pair[0]); close(pair[1])
            throw DecodeFailure(path: "", message: "no shared page for a decoder process (\(SystemError.errno()))")
        }
        let arguments = ["fourway-decoder", DecoderService.argument, String(niceness), String(dataLimitBytes),
                         libraries.rawValue, String(DecoderWire.version)]
        var cArguments = arguments.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        var pid: pid_t = 0
        let status = fw_spawn_decoder(executable, &cArguments, pair[1], sharedFD, &pid)
        close(pair[1])
        guard status == 0 else {
            close(pair[0]); close(sharedFD)
            munmap(mapping, Int(getpagesize()))
            throw DecodeFailure(path: "", message: "cannot start a decoder process (\(SystemError.text(status)))")
        }
        // At once from here as well: the process sets it itself only after
        // its dynamic linking, which would otherwise run at the browser's
        // priority while the first image decodes.
        if niceness != 0 { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(pid), niceness) }
        self.pid = pid
        socket = pair[0]
        self.sharedFD = sharedFD
        shared = mapping.assumingMemoryBound(to: fw_cancel.self)
    }

    deinit {
        stop()
        munmap(shared, Int(getpagesize()))
        close(sharedFD)
    }

    /// What came of one request.
    enum Outcome {
        case reply(DecoderMessage, fds: [Int32])
        /// The process ended (crashed, or was killed from outside).
        case ended(signal: Int32?, status: Int32?)
        case overMemory(limitBytes: Int)
        case overTime(seconds: Double)
        /// The message could not be sent.
        case unreachable(Int32)
        /// The process had ended before it was asked (killed while idle):
        /// nothing to do with this file.
        case endedBeforeRequest
        /// The program speaks another ``DecoderWire/version`` (it exited
        /// with ``DecoderWire/otherVersionStatus`` at its start).
        case otherVersion
    }

    /// Sends `request` with `file`, waits for the answer while watching the
    /// process's memory (`memoryBytes`), the time (`seconds`) and
    /// `cancellation` (passed on through the shared page).
    func run(_ request: DecoderRequest, file: Int32, name: String, memoryBytes: Int, seconds: Double,
             cancellation: DecodeCancellation?) -> Outcome {
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid {
            isAlive = false
            close(socket)
            return Self.isOtherVersion(status) ? .otherVersion : .endedBeforeRequest
        }
        shared.pointee = fw_cancel()
        let profile = DisplayProfile.current
        var fds = file >= 0 ? [file] : []
        var profileFD: Int32 = -1
        if profile.identity != profileSent {
            profileFD = profile.bytes.withUnsafeBytes { fw_sealed_memfd($0.baseAddress, $0.count) }
            if profileFD >= 0 { fds.append(profileFD) }
        }
        defer { if profileFD >= 0 { close(profileFD) } }
        let message = request.message(name: name, profile: profile.identity, profileAttached: profileFD >= 0)
        let bytes = message.encoded()
        if bytes.withUnsafeBytes({ fw_message_send(socket, $0.baseAddress, $0.count, fds, Int32(fds.count)) }) != 0 {
            let code = errno
            return code == EPIPE || code == ECONNRESET ? reap() : .unreachable(code)
        }
        if profileFD >= 0 { profileSent = profile.identity }
        // Its hello comes first (a process loading for its first file says it
        // once it has that file).
        if layers == nil, let ended = awaitHello(seconds: seconds) { return ended }
        let outcome = waitForAnswer(memoryBytes: memoryBytes, seconds: seconds, cancellation: cancellation)
        cancellation?.record(rowsRead: Int(fw_cancel_rows(shared)))
        return outcome
    }

    private func waitForAnswer(memoryBytes: Int, seconds: Double, cancellation: DecodeCancellation?) -> Outcome {
        let deadline = Self.now() + seconds
        var passedOn = false
        while true {
            let ready = fw_wait_readable(socket, Self.watchInterval)
            if ready != 0 { return receive() }
            cancellation?.record(rowsRead: Int(fw_cancel_rows(shared)))
            if !passedOn, cancellation?.isCancelled == true {
                fw_cancel_request(shared)
                passedOn = true
            }
            if residentBytes() > memoryBytes {
                kill()
                return .overMemory(limitBytes: memoryBytes)
            }
            if Self.now() > deadline {
                kill()
                return .overTime(seconds: seconds)
            }
        }
    }

    /// Reads the hello; nil when it came, else how the process ended.
    private func awaitHello(seconds: Double) -> Outcome? {
        let deadline = Self.now() + Self.helloSeconds + seconds
        while fw_wait_readable(socket, 100) == 0 {
            if Self.now() > deadline {
                kill()
                return .overTime(seconds: Self.helloSeconds)
            }
        }
        switch receive() {
        case .reply(let message, let fds):
            for fd in fds { close(fd) }
            guard message[0] == DecoderReplyKind.hello.rawValue else {
                kill()
                return .ended(signal: nil, status: nil)
            }
            layers = SandboxLayers(rawValue: Int(clamping: message[1]))
            libraries = message.text.split(separator: ",").map(String.init)
            return nil
        case let other:
            return other
        }
    }

    private func receive() -> Outcome {
        var buffer = [UInt8](repeating: 0, count: DecoderMessage.maximumBytes)
        var fds = [Int32](repeating: -1, count: 2)
        var count: Int32 = 0
        let got = buffer.withUnsafeMutableBytes { fw_message_receive(socket, $0.baseAddress, $0.count, &fds, 2, &count) }
        let received = Array(fds.prefix(Int(count)))
        guard got > 0, let message = DecoderMessage(decoding: buffer.prefix(got)) else {
            for fd in received { close(fd) }
            return reap()
        }
        return .reply(message, fds: received)
    }

    /// The process's resident memory, bytes (0 when it cannot be read).
    func residentBytes() -> Int {
        var text = [UInt8](repeating: 0, count: 128)
        let fd = open("/proc/\(pid)/statm", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return 0 }
        defer { close(fd) }
        let got = read(fd, &text, text.count)
        guard got > 0 else { return 0 }
        let fields = text.prefix(got).split(separator: UInt8(ascii: " "))
        guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return 0 }
        return pages * Int(getpagesize())
    }

    /// Kills the process and waits for it.
    func kill() {
        guard isAlive else { return }
        _ = Glibc.kill(pid, SIGKILL)
        _ = reap()
    }

    /// Closes the socket (the process exits at its next read) and waits for it.
    func stop() {
        guard isAlive else { return }
        shutdown(socket, Int32(SHUT_RDWR))
        close(socket)
        // A process still decoding is not waited for: it is killed.
        var status: Int32 = 0
        for _ in 0..<50 where waitpid(pid, &status, WNOHANG) == 0 { usleep(2000) }
        if waitpid(pid, &status, WNOHANG) == 0 { _ = Glibc.kill(pid, SIGKILL); _ = waitpid(pid, &status, 0) }
        isAlive = false
    }

    /// Waits for the ended process; how it ended.
    private func reap() -> Outcome {
        isAlive = false
        close(socket)
        var status: Int32 = 0
        var result: pid_t
        repeat { result = waitpid(pid, &status, 0) } while result < 0 && errno == EINTR
        guard result == pid else { return .ended(signal: nil, status: nil) }
        if Self.isOtherVersion(status) { return .otherVersion }
        let signal = status & 0x7f
        return signal != 0 ? .ended(signal: signal, status: nil) : .ended(signal: nil, status: (status >> 8) & 0xff)
    }

    /// Whether the wait status `status` is an exit with ``DecoderWire/otherVersionStatus``.
    static func isOtherVersion(_ status: Int32) -> Bool {
        status & 0x7f == 0 && (status >> 8) & 0xff == DecoderWire.otherVersionStatus
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// errno as text, for messages.
enum SystemError {
    static func errno() -> String { text(Glibc.errno) }
    static func text(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text).lowercased()
    }
}
