#if canImport(Glibc)
import Glibc
#endif

/// Lets one full-size HEIF decode run at a time in the whole process.
///
/// libheif 1.15 holds a decoded image whole (its R, G and B planes: 36 MB
/// for a 12 MP photo, more while a grid's tiles are pasted in), and the
/// browser's two decode workers, the first image's thread and the zoom's
/// region decodes may each start one. Behind the gate the process holds
/// at most one such image, whatever asks; the others wait their turn
/// (they would share the same two cores anyway, and libheif already spreads
/// one image's tiles over both). An embedded thumbnail's small decode does
/// not pass through it (``HEIFThumbnail``).
///
/// ```swift
/// let pixels = try HEIFDecodeGate.shared.pass { () throws(DecodeFailure) in
///     try decodeWholeImage()
/// }
/// HEIFDecodeGate.shared.mostAtOnce   // 1, however many threads asked
/// ```
final class HEIFDecodeGate: @unchecked Sendable {
    /// The gate every ``HEIFDecoder`` decode passes.
    static let shared = HEIFDecodeGate()

    // A POSIX mutex and condition (not Foundation's NSCondition: ImageDecoding
    // does without Foundation, see WorkerThread). Heap-allocated so their
    // addresses never move.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var inside = 0
    private var most = 0
    private var passed = 0

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        condition.deallocate()
    }

    /// Runs `body` once no other caller is inside, and returns its result.
    func pass<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        pthread_mutex_lock(mutex)
        while inside > 0 { pthread_cond_wait(condition, mutex) }
        inside += 1
        most = max(most, inside)
        pthread_mutex_unlock(mutex)
        defer {
            pthread_mutex_lock(mutex)
            inside -= 1
            passed += 1
            pthread_cond_signal(condition)
            pthread_mutex_unlock(mutex)
        }
        return try body()
    }

    /// The most callers ever inside at once (1 once any passed): what the
    /// tests check, by counting rather than timing.
    var mostAtOnce: Int { locked { most } }

    /// How many calls have passed (finished) so far.
    var passes: Int { locked { passed } }

    private func locked<T>(_ read: () -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return read()
    }
}
