#if canImport(Glibc)
import Glibc
#endif
import ImageDecoding

/// Finds the images in a folder, fast and without opening any file.
///
/// - Images are chosen by extension (``ImageExtensions``), case-insensitive,
///   and decoded later by content.
/// - Directories are read with `openat`/`readdir`; `d_type` says what each
///   entry is, and `fstatat` is called only when it is unknown or a symbolic
///   link. Nothing but directories is ever opened, so a FIFO named `x.jpg`
///   cannot block the scan.
/// - Hidden entries (names starting with `.`) are ignored.
/// - Symbolic links are followed; each real directory (device + inode) is read
///   at most once, so link loops end.
/// - Albums: every subfolder, up to ``maximumAlbumDepth`` levels below the
///   root (any depth with `maximumDepth: .max`, `fourway --recursive`), that
///   *directly* holds images is one ``Album`` named by its path relative to
///   the root (`trip`, `2023/trip`). The walk keeps one directory open at a
///   time and a list of the folders still to read, so its depth costs
///   neither stack nor file descriptors; a folder whose path relative to the
///   root is longer than `PATH_MAX` cannot be opened (nor could its images)
///   and is counted in `skipped`. Images directly in the root
///   are the `looseImages`; in an albums layout they come first as their own
///   row (see ``GalleryLayout``).
/// - Names whose bytes are not valid UTF-8 cannot round-trip through a Swift
///   `String` path, so they are skipped and counted in `skipped`.
///
/// Given an image file, the scanner scans that file's folder (the image is
/// included even if its extension is unusual, as long as its content is an
/// image). ``GalleryLayout/page(of:)`` then finds where it sits.
///
/// ```swift
/// let contents = try FolderScanner.scan("/photos") { seen in print("\(seen) files…") }
/// let layout = GalleryLayout(contents: contents, style: .auto)
/// ```
public enum FolderScanner {
    /// How many folder levels below the root are searched for albums by
    /// default: enough for year/month/day/event photo trees, and an
    /// accidental `fourway ~` does not walk the whole home folder.
    /// `fourway --recursive` lifts it.
    public static let maximumAlbumDepth = 4
    /// The progress callback runs after every this many directory entries.
    public static let progressInterval = 1000
    /// At most this many names that are not valid UTF-8 are kept for the
    /// shell to report (so a folder full of them cannot grow memory).
    public static let maximumReportedUnnamable = 100

    /// Scan `path`: a folder, or an image file (then its folder).
    ///
    /// - Parameter progress: called on the scanning thread with the number of
    ///   entries looked at so far, every ``progressInterval`` entries.
    /// - Parameter firstImage: called once on the scanning thread, as soon as
    ///   the root folder is listed and before anything is sorted, with the path
    ///   of the first image directly in it (natural order), so a viewer can
    ///   start decoding what is most likely its first page while a big folder
    ///   is still being sorted. Not called when the root holds no images.
    /// - Throws: ``GalleryError`` when the path does not exist, cannot be read,
    ///   is not a folder or an image, or holds no images.
    /// - Parameter maximumDepth: how many folder levels below the root are
    ///   searched for albums (`.max`: all of them).
    public static func scan(_ path: String, maximumDepth: Int = maximumAlbumDepth,
                            progress: (@Sendable (Int) -> Void)? = nil,
                            firstImage: (@Sendable (String) -> Void)? = nil) throws(GalleryError) -> FolderContents {
        guard !path.isEmpty else { throw GalleryError.notFound(path: path) }
        let absolute = LexicalPath.absolute(path)
        var info = stat()
        if stat(absolute, &info) != 0 {
            throw statError(path: path, code: errno)
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            let contents = try scanFolder(absolute, shownAs: path, maximumDepth: maximumDepth,
                                          progress: progress, firstImage: firstImage)
            if contents.count == 0 { throw GalleryError.noImages(path: path, skipped: contents.skipped) }
            return contents
        case S_IFREG:
            return try scanAroundImage(absolute, shownAs: path, maximumDepth: maximumDepth, progress: progress)
        default:
            throw specialFileError(path: path, type: info.st_mode & S_IFMT)
        }
    }

    /// Why the path to a FIFO, a socket or a device cannot be opened
    /// (`type` is `st_mode & S_IFMT`).
    static func specialFileError(path: String, type: mode_t) -> GalleryError {
        switch type {
        case S_IFIFO: .notAFolderOrImage(path: path, kind: "a FIFO (named pipe)")
        case S_IFSOCK: .notAFolderOrImage(path: path, kind: "a socket")
        case S_IFCHR, S_IFBLK: .notAFolderOrImage(path: path, kind: "a device")
        default: .notAFolderOrImage(path: path, kind: "a special file")
        }
    }

    // MARK: - An image given by path

    private static func scanAroundImage(_ absolute: String, shownAs path: String, maximumDepth: Int,
                                        progress: (@Sendable (Int) -> Void)?) throws(GalleryError) -> FolderContents {
        try checkIsImage(absolute, shownAs: path)
        let name = LexicalPath.lastComponent(absolute)
        let folder = LexicalPath.parent(absolute)
        let named = ImageEntry(path: absolute, name: name, album: nil)
        let contents: FolderContents
        do {
            contents = try scanFolder(folder, shownAs: folder, maximumDepth: maximumDepth, progress: progress, firstImage: nil)
        } catch {
            // The folder cannot be listed (e.g. execute-only permission): show the one image.
            return FolderContents(root: folder, title: LexicalPath.lastComponent(folder), looseImages: [named], albums: [], skipped: 0)
        }
        if let index = contents.images.firstIndex(ofPath: absolute), index < contents.looseCount { return contents }
        // A hidden file or an unusual extension: add it where it sorts.
        let loose = contents.images.names
        let position = (0..<contents.looseCount).first { NaturalOrder.precedes(name, loose[$0]) } ?? contents.looseCount
        var images = ImageList()
        images.append(contents.images, range: 0..<position)
        images.append(folder: folder, album: nil, names: ImageNames([name]))
        images.append(contents.images, range: position..<contents.images.count)
        return FolderContents(root: contents.root, title: contents.title, images: images,
                              looseCount: contents.looseCount + 1,
                              albumRanges: contents.albumRanges.map { ($0.name, ($0.range.lowerBound + 1)..<($0.range.upperBound + 1)) },
                              skipped: contents.skipped, unnamableImages: contents.unnamableImages)
    }

    /// Throws unless the regular file at `absolute` is an image by its
    /// content, or has no signature and an image's name (TGA has no magic
    /// bytes; a damaged photo still deserves its error page).
    static func checkIsImage(_ absolute: String, shownAs path: String) throws(GalleryError) {
        let head: [UInt8]
        do {
            head = try FileReader.read(absolute, limit: ContentSniffer.sniffLength)
        } catch {
            if error.message == "permission denied" { throw GalleryError.unreadable(path: path, reason: error.message) }
            throw GalleryError.notAnImage(path: path, detail: error.message)
        }
        switch ContentSniffer.identify(head) {
        case .image:
            break
        case .notImage(let what):
            throw GalleryError.notAnImage(path: path, detail: what)
        case .unknown(let what):
            if !ImageExtensions.matches(LexicalPath.lastComponent(absolute)) {
                throw GalleryError.notAnImage(path: path, detail: what)
            }
        }
    }

    // MARK: - Folders

    /// What one directory walk collects.
    private struct Walk {
        var visited: Set<DirectoryIdentity> = []
        var loose = ImageNames()
        var albums: [(name: String, files: ImageNames)] = []
        var skipped = 0
        var unnamable: [String] = []
        var seen = 0
        let progress: (@Sendable (Int) -> Void)?
        /// The root's first image (full path) goes here once the root is listed.
        let firstImage: ((String) -> Void)?

        mutating func saw() {
            seen += 1
            if seen % FolderScanner.progressInterval == 0 { progress?(seen) }
        }
    }

    private struct DirectoryIdentity: Hashable {
        let device: UInt64
        let inode: UInt64
    }

    /// Lists the folder at `absolute` (a folder; `path` is how the user
    /// named it, for errors) and its subfolders down to `maximumDepth`.
    static func scanFolder(_ absolute: String, shownAs path: String, maximumDepth: Int,
                           progress: (@Sendable (Int) -> Void)?,
                           firstImage: (@Sendable (String) -> Void)?) throws(GalleryError) -> FolderContents {
        let rootFD = open(absolute, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if rootFD < 0 { throw statError(path: path, code: errno) }
        defer { close(rootFD) }
        var walk = Walk(progress: progress, firstImage: firstImage.map { report in { report(LexicalPath.joined(absolute, $0)) } })
        // Folders still to read, relative to the root, with their depth.
        var pending: [(relative: String, depth: Int)] = [("", 0)]
        while let (relative, depth) = pending.popLast() {
            let fd = relative.isEmpty ? fcntl(rootFD, F_DUPFD_CLOEXEC, 0) : openat(rootFD, relative, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if fd < 0 { walk.skipped += 1; continue }
            for name in readDirectory(fd: fd, relative: relative, depth: depth, maximumDepth: maximumDepth, walk: &walk) {
                pending.append((relative.isEmpty ? name : relative + "/" + name, depth + 1))
            }
        }
        if walk.seen % progressInterval != 0 { progress?(walk.seen) }

        // Names are sorted in their store and copied once into their order;
        // the listing's store (grown by doubling) is dropped with `walk`.
        var images = ImageList()
        images.append(folder: absolute, album: nil, names: walk.loose.permuted(NaturalOrder.sortedIndices(walk.loose)))
        walk.loose = ImageNames()
        let looseCount = images.count
        var albumRanges: [(name: String, range: Range<Int>)] = []
        for index in NaturalOrder.sortedIndices(walk.albums.map(\.name)) {
            let (name, files) = walk.albums[index]
            let start = images.count
            images.append(folder: LexicalPath.joined(absolute, name), album: name,
                          names: files.permuted(NaturalOrder.sortedIndices(files)))
            albumRanges.append((name, start..<images.count))
        }
        return FolderContents(root: absolute, title: LexicalPath.lastComponent(absolute),
                              images: images.compacted(), looseCount: looseCount, albumRanges: albumRanges,
                              skipped: walk.skipped,
                              unnamableImages: walk.unnamable.map { LexicalPath.joined(absolute, $0) })
    }

    /// Reads the directory open at `fd` (and closes it); returns the names
    /// of its subfolders to read next (none at `maximumDepth`).
    private static func readDirectory(fd: Int32, relative: String, depth: Int, maximumDepth: Int,
                                      walk: inout Walk) -> [String] {
        var info = stat()
        guard fstat(fd, &info) == 0 else { close(fd); return [] }
        let identity = DirectoryIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        guard walk.visited.insert(identity).inserted else {
            walk.skipped += 1   // reached again through a link
            close(fd)
            return []
        }
        guard let directory = fdopendir(fd) else { close(fd); return [] }
        defer { closedir(directory) }

        var images = ImageNames()
        var subfolders: [String] = []
        while let entry = readdir(directory) {
            let kind = entry.pointee.d_type
            let isImage: Bool? = withUnsafePointer(to: &entry.pointee.d_name) { tuple -> Bool? in
                tuple.withMemoryRebound(to: UInt8.self, capacity: 256) { name -> Bool? in
                    if name[0] == 0x2E { return nil }   // hidden, `.` and `..`
                    let length = strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))
                    return ImageExtensions.matches(UnsafeBufferPointer(start: name, count: length))
                }
            }
            guard let looksLikeImage = isImage else { continue }
            walk.saw()

            var type = kind
            if kind == UInt8(DT_UNKNOWN) || kind == UInt8(DT_LNK) {
                // Follow the link (or learn the type); a broken link fails here.
                var target = stat()
                let ok = withUnsafePointer(to: &entry.pointee.d_name) { tuple in
                    tuple.withMemoryRebound(to: CChar.self, capacity: 256) { fstatat(fd, $0, &target, 0) == 0 }
                }
                if !ok { walk.skipped += 1; continue }
                switch target.st_mode & S_IFMT {
                case S_IFREG: type = UInt8(DT_REG)
                case S_IFDIR: type = UInt8(DT_DIR)
                default: type = UInt8(DT_FIFO)   // any non-regular kind: skipped below
                }
            }
            if type == UInt8(DT_REG) {
                guard looksLikeImage else { walk.skipped += 1; continue }
                // The name's bytes go straight into the store: no `String` per file.
                guard appendName(entry, to: &images) else {
                    walk.skipped += 1
                    if walk.unnamable.count < maximumReportedUnnamable {
                        let shown = escapedName(entry)
                        walk.unnamable.append(relative.isEmpty ? shown : relative + "/" + shown)
                    }
                    continue
                }
            } else if type == UInt8(DT_DIR) {
                guard depth < maximumDepth, let name = entryName(entry) else { walk.skipped += 1; continue }
                subfolders.append(name)
            } else {
                walk.skipped += 1   // FIFO, socket, device: never opened
            }
        }

        if depth == 0 {
            // One linear pass for the minimum; the full sort comes later.
            if let report = walk.firstImage, let first = NaturalOrder.firstIndex(images) { report(images[first]) }
            walk.loose = images
        } else if !images.isEmpty {
            walk.albums.append((name: relative, files: images))
        }
        return subfolders
    }

    /// The entry's name with every byte that is not part of valid UTF-8
    /// written as `\xFF`, for messages.
    private static func escapedName(_ entry: UnsafeMutablePointer<dirent>) -> String {
        withUnsafePointer(to: &entry.pointee.d_name) { tuple in
            tuple.withMemoryRebound(to: UInt8.self, capacity: 256) { name in
                let bytes = UnsafeBufferPointer(start: name, count: strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self)))
                return LexicalPath.escapingInvalidUTF8(bytes)
            }
        }
    }

    /// Appends the entry's name to `names`; false (and nothing appended)
    /// when it is not valid UTF-8.
    private static func appendName(_ entry: UnsafeMutablePointer<dirent>, to names: inout ImageNames) -> Bool {
        withUnsafePointer(to: &entry.pointee.d_name) { tuple in
            tuple.withMemoryRebound(to: UInt8.self, capacity: 256) { name in
                let bytes = UnsafeBufferPointer(start: name, count: strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self)))
                // ASCII is valid UTF-8; only other names are checked, as the
                // `String` paths they become would be.
                if !bytes.allSatisfy({ $0 < 0x80 }) && String(validating: bytes, as: UTF8.self) == nil { return false }
                names.append(bytes)
                return true
            }
        }
    }

    /// The entry's name, or nil when it is not valid UTF-8.
    static func entryName(_ entry: UnsafeMutablePointer<dirent>) -> String? {
        withUnsafePointer(to: &entry.pointee.d_name) { tuple in
            tuple.withMemoryRebound(to: CChar.self, capacity: 256) { String(validatingCString: $0) }
        }
    }

    static func statError(path: String, code: Int32) -> GalleryError {
        switch code {
        case ENOENT, ENOTDIR: return .notFound(path: path)
        case EACCES, EPERM: return .unreadable(path: path, reason: "permission denied")
        case ELOOP: return .unreadable(path: path, reason: "symbolic link loop")
        default: return .unreadable(path: path, reason: FileReader.errorText(code))
        }
    }
}
