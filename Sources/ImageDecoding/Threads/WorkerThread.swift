#if canImport(Glibc)
import Glibc
#endif

/// Starts a detached POSIX thread that runs a closure once, optionally
/// named for `top -H` and debuggers. It stands in for Foundation's `Thread`,
/// so the browser need not load Foundation (about 6 MB resident with its ICU).
///
/// ```swift
/// WorkerThread.start(name: "fourway-scan", stackBytes: 4 << 20) {
///     scanFolder()
/// }
/// ```
public enum WorkerThread {
    /// The longest thread name Linux keeps, bytes (16 with the terminating NUL).
    static let maximumNameBytes = 15
    /// The niceness of background work (decoding pages, thumbnails and
    /// regions, scanning folders): on a machine with few cores the thread
    /// that draws, the X server and the first image's decode get the CPU
    /// first (a nice-10 thread weighs about a tenth of a nice-0 one), so a
    /// decode does not make a frame late.
    public static let backgroundNiceness: Int32 = 10
    /// The smallest stack asked for, bytes; glibc refuses less than its own
    /// minimum (16 KiB on x86-64 and arm64).
    static let minimumStackBytes = 64 << 10

    /// Runs `body` on a new detached thread. `name` (cut to 15 bytes, as
    /// Linux keeps no more) shows in `top -H` and debuggers; `stackBytes`
    /// `nil` takes the system's default stack size. `niceness` above 0 makes
    /// the thread yield the CPU to the process's other threads when cores are
    /// short (Linux applies `setpriority` per thread; raising it needs no
    /// privilege), so background work does not delay the frames.
    public static func start(name: String? = nil, stackBytes: Int? = nil, niceness: Int32 = 0,
                             _ body: @escaping @Sendable () -> Void) {
        let work = Unmanaged.passRetained(WorkerThreadWork(name: name, niceness: niceness, body: body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        if let stackBytes {
            pthread_attr_setstacksize(&attributes, max(stackBytes, minimumStackBytes))
        }
        var thread = pthread_t()
        let status = pthread_create(&thread, &attributes, { context in
            let work = Unmanaged<WorkerThreadWork>.fromOpaque(context!).takeRetainedValue()
            if let name = work.name { WorkerThread.nameCurrentThread(name) }
            if work.niceness != 0 { WorkerThread.setCurrentThreadNiceness(work.niceness) }
            work.body()
            return nil
        }, work)
        // As Foundation's `Thread` does: without threads the program cannot work.
        precondition(status == 0, "pthread_create failed (\(status))")
    }

    /// Runs `other` on a new thread while `body` runs on the calling one, and
    /// returns when both are done: one piece of work split across two cores.
    /// The new thread has the caller's niceness (Linux threads inherit it).
    /// Returns false, having run neither, when no thread could be made.
    ///
    /// ```swift
    /// let ran = WorkerThread.alongside({ decodeTopHalf() }) { decodeBottomHalf() }
    /// ```
    public static func alongside(_ other: @escaping @Sendable () -> Void, _ body: () -> Void) -> Bool {
        let work = Unmanaged.passRetained(WorkerThreadWork(name: nil, niceness: 0, body: other)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { context in
            Unmanaged<WorkerThreadWork>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }, work)
        guard status == 0 else {
            Unmanaged<WorkerThreadWork>.fromOpaque(work).release()
            return false
        }
        body()
        pthread_join(thread, nil)
        return true
    }

    /// Sets the calling thread's nice value. On Linux the nice value is a
    /// thread's, not the process's, and `who` 0 names the calling thread.
    ///
    /// ```swift
    /// WorkerThread.setCurrentThreadNiceness(WorkerThread.backgroundNiceness)   // from now on, yield
    /// ```
    public static func setCurrentThreadNiceness(_ niceness: Int32) {
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness)
    }

    /// The calling thread's nice value.
    ///
    /// ```swift
    /// let niceness = WorkerThread.currentThreadNiceness()   // 0 unless lowered
    /// ```
    public static func currentThreadNiceness() -> Int32 {
        getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
    }

    /// Names the calling thread. Glibc's `pthread_setname_np` is hidden
    /// behind `_GNU_SOURCE` from Swift; it does the same write to `comm`.
    static func nameCurrentThread(_ name: String) {
        let file = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard file >= 0 else { return }
        defer { close(file) }
        let bytes = Array(name.utf8.prefix(maximumNameBytes))
        _ = bytes.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
    }
}

/// What a new thread runs; passed through `pthread_create`'s context pointer.
private final class WorkerThreadWork: Sendable {
    let name: String?
    let niceness: Int32
    let body: @Sendable () -> Void

    init(name: String?, niceness: Int32, body: @escaping @Sendable () -> Void) {
        self.name = name
        self.niceness = niceness
        self.body = body
    }
}
