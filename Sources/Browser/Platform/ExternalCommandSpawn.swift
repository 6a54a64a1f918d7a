import Glibc

/// What every program fourway starts (``ExternalCommand``,
/// ``CommandProcess``) has in common: it inherits no descriptor of
/// fourway's but 0, 1 and 2, and it gets the user's environment as
/// fourway found it, not what fourway set for itself.
///
/// Every descriptor fourway opens is close-on-exec already; the spawn also
/// closes everything above 2 in the child, for the descriptors libraries
/// open without the flag (SDL, Xlib, the decoders' libraries).
///
/// ```swift
/// var actions = posix_spawn_file_actions_t()
/// posix_spawn_file_actions_init(&actions)
/// ExternalCommandSpawn.closeInherited(&actions)
/// ExternalCommandSpawn.spawn(["xdg-open", "/p/a.jpg"], actions: &actions, attributes: nil, pid: &pid)
/// ```
enum ExternalCommandSpawn {
    /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34), and
    /// `pipe2`: glibc declares both only under `_GNU_SOURCE`, which Swift's
    /// Glibc module does not define, so they are looked up by name (as
    /// Sources/Gallery/Trash/NoReplaceRename.swift does `renameat2`).
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32
    private typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>?, Int32) -> Int32

    /// The functions' addresses, kept as numbers so they are plainly `Sendable`.
    private static let addCloseFromAddress: UInt? = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map {
        UInt(bitPattern: $0)
    }
    private static let pipe2Address: UInt? = dlsym(nil, "pipe2").map { UInt(bitPattern: $0) }

    /// Adds "close every descriptor from 3 up" to `actions`, after the
    /// actions added so far; false with a C library older than glibc 2.34
    /// (then only the close-on-exec flags keep descriptors in).
    @discardableResult
    static func closeInherited(_ actions: inout posix_spawn_file_actions_t) -> Bool {
        guard let address = addCloseFromAddress, let pointer = UnsafeRawPointer(bitPattern: address) else { return false }
        let addCloseFrom = unsafeBitCast(pointer, to: AddCloseFrom.self)
        return addCloseFrom(&actions, 3) == 0
    }

    /// A pipe whose ends close on exec from the start (`pipe2(O_CLOEXEC)`),
    /// so no program started meanwhile, from any thread, keeps one open.
    static func closingPipe(_ ends: inout [Int32]) -> Bool {
        precondition(ends.count == 2)
        if let address = pipe2Address, let pointer = UnsafeRawPointer(bitPattern: address) {
            let pipe2 = unsafeBitCast(pointer, to: Pipe2.self)
            return pipe2(&ends, O_CLOEXEC) == 0
        }
        guard pipe(&ends) == 0 else { return false }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return true
    }

    /// `posix_spawnp` of `arguments` with `environment`; its error, 0 when started.
    static func spawn(_ arguments: [String], actions: inout posix_spawn_file_actions_t,
                      attributes: UnsafePointer<posix_spawnattr_t>?, pid: inout pid_t,
                      environment: ChildEnvironment = .atStart) -> Int32 {
        var cArguments: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        return environment.withPointer { envp in
            posix_spawnp(&pid, arguments[0], &actions, attributes, &cArguments, envp)
        }
    }
}

/// The environment programs fourway starts get: a copy of an environment
/// taken once, ``atStart`` the one fourway found before it set anything
/// for itself (`XCOMPOSEFILE`: Sources/Browser/Session/Browser.swift).
///
/// ```swift
/// _ = ChildEnvironment.atStart            // first thing at start: the copy is taken
/// setenv("XCOMPOSEFILE", "/dev/null", 1)  // fourway's own; children never see it
/// ```
final class ChildEnvironment: @unchecked Sendable {
    /// `NAME=VALUE` strings, nil-terminated; never changed after `init`
    /// (hence `Sendable`), freed with the copy.
    private let entries: [UnsafeMutablePointer<CChar>?]

    /// The environment at the first use: Browser.run uses it before it sets anything.
    static let atStart = ChildEnvironment(copying: environ)

    /// A copy of `environment` (a nil-terminated `environ`-style array).
    init(copying environment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) {
        var entries: [UnsafeMutablePointer<CChar>?] = []
        var cursor = environment
        while let entry = cursor?.pointee {
            entries.append(strdup(entry))
            cursor = cursor.map { $0 + 1 }
        }
        self.entries = entries + [nil]
    }

    deinit { for entry in entries { free(entry) } }

    /// The copy as `posix_spawn`'s `envp`, for the duration of `body`.
    func withPointer<Result>(_ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result) -> Result {
        entries.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
