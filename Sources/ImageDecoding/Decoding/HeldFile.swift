#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// One file's bytes, held for the next whole read of the same version of
/// that file (``FileReader``), which then reads nothing: the sketch of a
/// large JPEG reads the file, and the page decode that follows on the same
/// decoder process takes the bytes instead of reading them again and
/// comparing them (for a 3 MB photo in the page cache, 1.3–1.5 ms to read
/// it into a new buffer and 0.25 ms to compare: docs/benchmarks.md).
///
/// The version is told by the file's device, inode, size and times of
/// modification and change, as a cache would: a write that keeps the size
/// within the clock tick the kernel stamps files with (a few ms) is not
/// told apart, and the page shows what the sketch showed (the folder's
/// live watch reloads a file once it is written and closed).
///
/// ```swift
/// let (bytes, identity) = try FileReader.readWithIdentity(path)
/// HeldFile.shared.hold(bytes, of: identity)
/// // The next ImageDecoder.decodeFile(path, …) takes them.
/// ```
package final class HeldFile: Sendable {
    /// The one the decoders use.
    package static let shared = HeldFile()

    private let slot = Mutex<(bytes: [UInt8], identity: Identity)?>(nil)

    package init() {}

    /// One version of one file: its device and inode, size, and times of
    /// last modification and change (nanoseconds).
    package struct Identity: Equatable, Sendable {
        let device: UInt64
        let inode: UInt64
        let size: Int
        let modified: Int64
        let changed: Int64

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int(info.st_size)
            modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
            changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
        }
    }

    /// Holds `bytes`, the whole file of `identity`, until one read of that
    /// version takes them; replaces what was held (one file at a time).
    package func hold(_ bytes: [UInt8], of identity: Identity) {
        slot.withLock { $0 = bytes.count == identity.size ? (bytes, identity) : nil }
    }

    /// The held bytes when they are the file of `identity`, then no longer held.
    func take(_ identity: Identity) -> [UInt8]? {
        slot.withLock { slot in
            guard let held = slot, held.identity == identity else { return nil }
            slot = nil
            return held.bytes
        }
    }
}
