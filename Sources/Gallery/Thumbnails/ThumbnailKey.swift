#if canImport(Glibc)
import Glibc
#endif
import ImageDecoding

/// What a cached thumbnail depends on: the file's path, size and
/// modification time (to the nanosecond), the thumbnail's size and the
/// display profile its pixels were converted to (``DisplayProfile``). Any
/// change to the file gives a new key, so a stale thumbnail is never shown.
///
/// ```swift
/// if let key = ThumbnailKey(path: "/photos/a.jpg", thumbnailSize: 160) {
///     print(key.fileName)   // "3f/3fa1…c2.thumb": where it lives under the cache folder
/// }
/// ```
public struct ThumbnailKey: Sendable, Hashable {
    public let path: String
    public let fileSize: Int
    public let modifiedSeconds: Int
    public let modifiedNanoseconds: Int
    /// The longest side the thumbnail is made to fit, px.
    public let thumbnailSize: Int
    /// ``DisplayProfile/identity`` of the profile the pixels are in: 0 for
    /// sRGB, so the keys of an sRGB display are those made before it counted.
    public let displayProfile: UInt64

    public init(path: String, fileSize: Int, modifiedSeconds: Int, modifiedNanoseconds: Int, thumbnailSize: Int,
                displayProfile: UInt64 = 0) {
        self.path = path
        self.fileSize = fileSize
        self.modifiedSeconds = modifiedSeconds
        self.modifiedNanoseconds = modifiedNanoseconds
        self.thumbnailSize = thumbnailSize
        self.displayProfile = displayProfile
    }

    /// The key of the file at `path` as it is now (`stat`, following links);
    /// nil when it cannot be read or is not a regular file. The display
    /// profile is the one decodes convert to now.
    public init?(path: String, thumbnailSize: Int) {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        self.init(path: path, fileSize: Int(info.st_size), modifiedSeconds: Int(info.st_mtim.tv_sec),
                  modifiedNanoseconds: Int(info.st_mtim.tv_nsec), thumbnailSize: thumbnailSize,
                  displayProfile: DisplayProfile.current.identity)
    }

    /// Everything the key says, as text; stored in the entry and compared on
    /// reading, so two keys whose file names collide never share a thumbnail.
    public var text: String {
        let plain = "\(thumbnailSize)\u{0}\(fileSize)\u{0}\(modifiedSeconds).\(modifiedNanoseconds)\u{0}\(path)"
        return displayProfile == 0 ? plain : plain + "\u{0}display \(Self.hex(displayProfile))"
    }

    /// The entry's path relative to the cache folder: 256 subfolders by the
    /// first byte, then 128 bits of two FNV-1a hashes of ``text``.
    public var fileName: String {
        let bytes = Array(text.utf8)
        let first = ThumbnailChecksum.fnv1a(bytes, seed: ThumbnailChecksum.fnvOffset)
        let second = ThumbnailChecksum.fnv1a(bytes, seed: ThumbnailChecksum.fnvOffset ^ 0x5bd1_e995)
        let name = Self.hex(first) + Self.hex(second)
        return String(name.prefix(2)) + "/" + name + ".thumb"
    }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// FNV-1a, 64 bits: the cache's checksum and file-name hash. Not
/// cryptographic; it detects torn writes and bit rot, and the stored key
/// text rules out collisions.
///
/// ```swift
/// let sum = ThumbnailChecksum.fnv1a(Array("abc".utf8))
/// ```
public enum ThumbnailChecksum {
    public static let fnvOffset: UInt64 = 0xcbf2_9ce4_8422_2325
    static let fnvPrime: UInt64 = 0x0000_0100_0000_01b3

    public static func fnv1a(_ bytes: [UInt8], seed: UInt64 = fnvOffset) -> UInt64 {
        bytes.withUnsafeBufferPointer { fnv1a($0, seed: seed) }
    }

    public static func fnv1a(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64 = fnvOffset) -> UInt64 {
        var hash = seed
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= fnvPrime
        }
        return hash
    }
}
