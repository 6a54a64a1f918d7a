import Synchronization

/// Where the information panel's ``ImageInfo/Content`` is read from a file's
/// bytes: in this process (``InProcessImageInfoReading``, what tests and the
/// decoder processes themselves use) or in a sandboxed decoder process
/// (`IsolatedDecoding`'s `DecoderPool`, which the browser installs at its
/// start), so that the sniffing, the header and libexif's EXIF parse never
/// run in the browser. The names and the file's `stat` stay with
/// ``ImageInfo/read(path:reader:)``.
///
/// ```swift
/// let content = ImageInfoReaders.current.content(ofFile: "/p/a.jpg", name: "a.jpg")
/// ```
public protocol ImageInfoReading: Sendable {
    /// ``ImageInfo/Content/read(file:name:)`` of the file at `path`, whose
    /// name (as ``ImageInfo/name`` gives it) is `name`.
    func content(ofFile path: String, name: String) -> ImageInfo.Content
}

/// Reads on the calling thread, in this process.
///
/// ```swift
/// ImageInfoReaders.use(InProcessImageInfoReading())
/// ```
public struct InProcessImageInfoReading: ImageInfoReading {
    public init() {}

    public func content(ofFile path: String, name: String) -> ImageInfo.Content {
        ImageInfo.Content.read(file: path, name: name)
    }
}

/// The ``ImageInfoReading`` in force for the whole process: in-process until
/// the browser installs its decoder processes.
///
/// ```swift
/// ImageInfoReaders.use(pool)
/// ImageInfo.read(path: "/p/a.jpg")   // its content read by the pool
/// ```
public enum ImageInfoReaders {
    private static let inForce = Mutex<any ImageInfoReading>(InProcessImageInfoReading())

    /// The reading in force.
    public static var current: any ImageInfoReading { inForce.withLock { $0 } }

    /// Makes `reading` the one in force, for every thread.
    public static func use(_ reading: any ImageInfoReading) {
        inForce.withLock { $0 = reading }
    }
}
