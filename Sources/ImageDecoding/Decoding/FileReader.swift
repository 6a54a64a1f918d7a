#if canImport(Glibc)
import Glibc
#endif
import CStreamDecoders

/// Reads an image file into memory without ever blocking on a FIFO or
/// reading a device: the file is opened non-blocking, checked with `fstat`
/// to be a regular file, and only then read.
///
/// ```swift
/// let bytes = try FileReader.read("/photos/a.jpg")
/// ```
package enum FileReader {
    /// Files larger than this are refused before reading (bytes). A 500 MP JPEG
    /// is well under it; anything bigger is not a photo we can show.
    static let maximumFileBytes = 1 << 30

    /// Whether `path` names a descriptor this process was handed
    /// ("/dev/fd/N", as a sandboxed decoder process gets its file) rather
    /// than a file to open: `fw_open_image` in `stream_decoders.h` takes both.
    package static func isDescriptorPath(_ path: String) -> Bool {
        path.utf8.starts(with: "/dev/fd/".utf8)
    }

    /// The whole file.
    package static func read(_ path: String) throws(DecodeFailure) -> [UInt8] {
        try read(path, inspectingHead: 0) { _ throws(DecodeFailure) in }
    }

    /// At most `limit` leading bytes.
    package static func read(_ path: String, limit: Int) throws(DecodeFailure) -> [UInt8] {
        let file = try OpenFile(path)
        defer { close(file.descriptor) }
        return try file.readBytes(min(file.size, limit))
    }

    /// The whole file, but `inspect` sees its first `headLength` bytes first
    /// and may throw to stop before the rest is read.
    static func read(_ path: String, inspectingHead headLength: Int,
                     _ inspect: ([UInt8]) throws(DecodeFailure) -> Void) throws(DecodeFailure) -> [UInt8] {
        try read(path, head: headLength) { head throws(DecodeFailure) in
            try inspect(head)
            return true
        }.bytes
    }

    /// The file's first `headLength` bytes, and the rest too when `wantsRest`
    /// (which sees the head) says so: a decoder that streams the file itself
    /// needs only the head. `complete` is true when `bytes` is the whole file:
    /// the bytes `held` holds when they are this version of the file, unread.
    static func read(_ path: String, head headLength: Int, held: HeldFile = .shared,
                     wantsRest: ([UInt8]) throws(DecodeFailure) -> Bool) throws(DecodeFailure) -> (bytes: [UInt8], complete: Bool) {
        let file = try OpenFile(path)
        defer { close(file.descriptor) }
        var bytes = try file.readBytes(min(file.size, headLength))
        guard try wantsRest(bytes) else { return (bytes, bytes.count >= file.size) }
        if bytes.count < file.size {
            try file.checkSize()
            if let whole = held.take(file.identity) { return (whole, true) }
            bytes = try file.readRest(after: bytes, upTo: file.size)
        }
        return (bytes, true)
    }

    /// The whole file, and what identifies its version (``HeldFile``).
    package static func readWithIdentity(_ path: String) throws(DecodeFailure) -> (bytes: [UInt8], identity: HeldFile.Identity) {
        let file = try OpenFile(path)
        defer { close(file.descriptor) }
        try file.checkSize()
        return (try file.readBytes(file.size), file.identity)
    }

    /// A regular, non-empty file open for reading.
    private struct OpenFile {
        let descriptor: Int32
        let size: Int
        let path: String
        let identity: HeldFile.Identity

        init(_ path: String) throws(DecodeFailure) {
            self.path = path
            // Non-blocking (a FIFO never waits for a writer), close-on-exec, and
            // "/dev/fd/N" taken as a descriptor handed over (stream_decoders.h).
            let fd = fw_open_image(path)
            if fd < 0 { throw DecodeFailure(path: path, message: openFailureMessage(errno)) }
            var info = stat()
            if fstat(fd, &info) != 0 {
                let code = errno
                close(fd)
                throw DecodeFailure(path: path, message: openFailureMessage(code))
            }
            if let kind = nonRegularKind(info.st_mode) {
                close(fd)
                throw DecodeFailure(path: path, message: kind)
            }
            if info.st_size == 0 {
                close(fd)
                throw DecodeFailure(path: path, message: "empty file (0 bytes)")
            }
            descriptor = fd
            size = Int(info.st_size)
            identity = HeldFile.Identity(info)
        }

        /// Throws for a file over ``maximumFileBytes``, before a buffer of its size is made.
        func checkSize() throws(DecodeFailure) {
            if size > maximumFileBytes {
                throw DecodeFailure(path: path, message: "file is \(size >> 20) MB, over the \(maximumFileBytes >> 20) MB limit")
            }
        }

        /// Up to `count` bytes from the current position (fewer if the file shrank).
        func readBytes(_ count: Int) throws(DecodeFailure) -> [UInt8] {
            try readRest(after: [], upTo: count)
        }

        /// `head`, then up to `total - head.count` bytes from the current
        /// position (fewer if the file shrank), in one buffer of `total`
        /// bytes: reading the rest into a buffer of its own and appending it
        /// held the file twice for a moment, 3–6 MB more at every decode's
        /// start for a 12 MP photo (docs/benchmarks.md, "Memory in every layout").
        func readRest(after head: [UInt8], upTo total: Int) throws(DecodeFailure) -> [UInt8] {
            var failure: Int32 = 0
            let bytes = [UInt8](unsafeUninitializedCapacity: max(total, head.count)) { buffer, initialized in
                var filled = head.count
                _ = UnsafeMutableBufferPointer(rebasing: buffer[0..<filled]).initialize(from: head)
                while filled < total {
                    let got = Glibc.read(descriptor, buffer.baseAddress! + filled, total - filled)
                    if got < 0 {
                        if errno == EINTR { continue }
                        failure = errno
                        break
                    }
                    if got == 0 { break }   // the file shrank while we read it
                    filled += got
                }
                initialized = filled
            }
            if failure != 0 { throw DecodeFailure(path: path, message: "read error (\(errorText(failure)))") }
            if bytes.isEmpty && total > 0 { throw DecodeFailure(path: path, message: "empty file (0 bytes)") }
            return bytes
        }
    }

    /// A description of a non-regular file, or nil for a regular one.
    package static func nonRegularKind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "is a folder, not an image file"
        case S_IFIFO: return "not a regular file (a FIFO)"
        case S_IFSOCK: return "not a regular file (a socket)"
        case S_IFCHR: return "not a regular file (a character device)"
        case S_IFBLK: return "not a regular file (a block device)"
        default: return "not a regular file"
        }
    }

    package static func openFailureMessage(_ code: Int32) -> String {
        switch code {
        case ENOENT, ENOTDIR: return "file vanished (it no longer exists)"
        case EACCES, EPERM: return "permission denied"
        case ELOOP: return "symbolic link loop"
        case ENXIO: return "not a regular file (a socket or device with nothing behind it)"
        case EMFILE, ENFILE: return "too many open files"
        default: return errorText(code)
        }
    }

    package static func errorText(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text).lowercased()
    }
}
