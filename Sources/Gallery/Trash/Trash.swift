#if canImport(Glibc)
import Glibc
#endif
import ImageDecoding

/// Moves files to the trash and puts them back, following the
/// FreeDesktop.org Trash specification 1.0, so file managers list, restore
/// and empty what fourway trashed. This is the only place fourway changes a
/// user's file, and it never loses one:
///
/// - **Which trash** (``TrashFolder``): the home trash (`$XDG_DATA_HOME/Trash`)
///   for files on its device, else the trash at the top directory of the
///   file's own file system (`$topdir/.Trash/$uid`, or `$topdir/.Trash-$uid`).
///   A file is never copied to another file system: when no trash on its own
///   can be used, it is refused and left alone.
/// - **Moving**: a free name is reserved by creating `info/NAME.trashinfo`
///   with `O_EXCL` first (the specification's atomic reservation, safe
///   against another program trashing at the same moment), written and
///   synced, then the file is renamed to `files/NAME`. If the rename fails,
///   the info file is removed and the file has not moved.
/// - **Putting back**: a rename to the original path that never replaces
///   anything there (``NoReplaceRename``), then the info file is removed.
///   Being renames, both keep the file's bytes, inode, permissions and times.
/// - Only files (and symbolic links, which are moved themselves) are
///   trashed: folders and special files are refused.
///
/// Every failure throws a ``TrashError`` and changes nothing.
///
/// ```swift
/// guard let trash = Trash.standard() else { return }
/// let trashed = try trash.moveToTrash("/photos/a.jpg")
/// try trash.restore(trashed)   // undo: /photos/a.jpg is back
/// ```
public struct Trash: Sendable {
    /// How many names (`a.jpg`, `a.2.jpg`, … ) are tried before giving up.
    public static let maximumNameAttempts = 10_000
    /// The longest name in `files/`, bytes: its info file adds
    /// `.trashinfo` and must fit `NAME_MAX` (255).
    static let maximumNameBytes = 255 - TrashInfo.fileExtension.utf8.count
    /// Longer info files are not ours: ours hold one path (`PATH_MAX`,
    /// three bytes per byte when encoded) and a date.
    static let maximumInfoBytes = 16 << 10

    /// The home trash folder (`$XDG_DATA_HOME/Trash`).
    public let homeTrash: String
    /// The user whose volume trash folders are used (`$uid`).
    public let uid: uid_t

    /// A trash whose home trash is `homeTrash` (tests give a temporary
    /// folder, so they never touch the real one).
    ///
    /// ```swift
    /// let trash = Trash(homeTrash: "/tmp/test/Trash")
    /// ```
    public init(homeTrash: String, uid: uid_t = getuid()) {
        self.homeTrash = homeTrash
        self.uid = uid
    }

    /// The standard home trash: `$XDG_DATA_HOME/Trash` when that is an
    /// absolute path, else `$HOME/.local/share/Trash`; nil when neither is
    /// known (the XDG base directory specification ignores relative paths).
    ///
    /// ```swift
    /// Trash(environment: ["HOME": "/home/me"])?.homeTrash   // "/home/me/.local/share/Trash"
    /// ```
    public init?(environment: [String: String]) {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            homeTrash = LexicalPath.joined(LexicalPath.normalized(data), "Trash")
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            homeTrash = LexicalPath.joined(LexicalPath.normalized(home), ".local/share/Trash")
        } else {
            return nil
        }
        uid = getuid()
    }

    /// The standard trash for this process's environment (see ``init(environment:)``).
    ///
    /// ```swift
    /// let trash = Trash.standard()
    /// ```
    public static func standard() -> Trash? {
        var environment: [String: String] = [:]
        for name in ["XDG_DATA_HOME", "HOME"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return Trash(environment: environment)
    }

    // MARK: - Moving to the trash

    /// Moves the file at `path` to the trash and returns what
    /// ``restore(_:)`` needs to put it back.
    ///
    /// ```swift
    /// let trashed = try trash.moveToTrash("photos/a.jpg")
    /// trashed.originalPath   // "/home/me/photos/a.jpg"
    /// ```
    ///
    /// - Throws: ``TrashError``, and then nothing has changed: the path is
    ///   missing, a folder or a special file; its folder is not writable or
    ///   read-only; no trash on its file system can be used; it is in a
    ///   trash already.
    public func moveToTrash(_ path: String) throws(TrashError) -> TrashedFile {
        guard !path.isEmpty else { throw .notFound(path: path) }
        let absolute = LexicalPath.absolute(path)
        guard absolute != "/" else { throw .isFolder(path: path) }
        var info = stat()
        guard lstat(absolute, &info) == 0 else { throw .system(errno, path: path) }
        try Self.checkIsFile(info.st_mode, path: path)
        // The folder with its links resolved: the top directory is found
        // from where the file really is, and the info file records that.
        guard let folder = Self.realPath(LexicalPath.parent(absolute)) else { throw .system(errno, path: path) }
        let original = LexicalPath.joined(folder, LexicalPath.lastComponent(absolute))
        // The specification asks to check the permission to delete before
        // starting, so a file we may not move creates no trash folders.
        guard access(folder, W_OK | X_OK) == 0 else { throw .system(errno, path: path) }
        let trash = try trashFolder(for: original, device: UInt64(info.st_dev), shownAs: path)
        return try move(original, into: trash, shownAs: path, now: time(nil))
    }

    /// The trash for `original` (absolute, physical) on `device`, its
    /// folders made: the home trash when it is on the same device, else
    /// the trash at the top directory of the file's file system.
    func trashFolder(for original: String, device: UInt64, shownAs path: String) throws(TrashError) -> TrashFolder {
        if isInATrash(original) { throw .alreadyInTrash(path: path) }
        do {
            if TrashFolder.device(ofExistingAncestor: homeTrash) == device {
                let home = TrashFolder(path: homeTrash, topDirectory: nil)
                try home.prepare()
                return home
            }
            let top = TrashFolder.topDirectory(of: LexicalPath.parent(original), device: device)
            return try TrashFolder.volume(topDirectory: top, uid: uid).folder
        } catch {
            if error.code == EROFS { throw .readOnly(path: path) }
            throw .noUsableTrash(path: path, reason: error.reason)
        }
    }

    /// Whether `path` (absolute, physical) is inside a trash's `files/`:
    /// the home trash's, or any `.Trash-N` or `.Trash/N`. Trashing the
    /// trash would only hide a file deeper (the specification's footnote
    /// asks to avoid it).
    func isInATrash(_ path: String) -> Bool {
        let home = Self.realPath(homeTrash) ?? homeTrash
        var folder = LexicalPath.parent(path)
        while folder != "/" {
            let above = LexicalPath.parent(folder)
            if LexicalPath.lastComponent(folder) == "files" {
                if above == home || above == homeTrash { return true }
                if LexicalPath.lastComponent(above).hasPrefix(".Trash-") { return true }
                if LexicalPath.lastComponent(LexicalPath.parent(above)) == ".Trash" { return true }
            }
            folder = above
        }
        return false
    }

    /// Moves `original` (absolute, physical, a file) into `trash` (whose
    /// folders exist), deleted at `now`: reserves a name with its info file,
    /// then renames the file. `path` is how the caller named the file.
    func move(_ original: String, into trash: TrashFolder, shownAs path: String, now: time_t) throws(TrashError) -> TrashedFile {
        var info = stat()
        guard lstat(original, &info) == 0 else { throw .system(errno, path: path) }
        let date = TrashInfo.deletionDate(now)
        let text = TrashInfo(path: trash.recordedPath(for: original), deletionDate: date).text
        let name = LexicalPath.lastComponent(original)
        for attempt in 1...Self.maximumNameAttempts {
            let candidate = Self.nameInTrash(name, attempt: attempt)
            let target = trash.files + "/" + candidate
            var existing = stat()
            // A file in files/ without an info file (another program's
            // crash) still owns its name.
            if lstat(target, &existing) == 0 { continue }
            let infoPath = trash.info + "/" + candidate + TrashInfo.fileExtension
            let reserved = Self.reserve(infoPath, text: text)
            if reserved == EEXIST { continue }
            guard reserved == 0 else { throw Self.infoFailure(reserved, folder: trash.info, path: path) }
            let renamed = NoReplaceRename.rename(original, to: target)
            if renamed == 0 {
                return TrashedFile(path: LexicalPath.absolute(path), originalPath: original, trashFolder: trash.path,
                                   nameInTrash: candidate, deletionDate: date, device: UInt64(info.st_dev),
                                   inode: UInt64(info.st_ino), infoText: text)
            }
            unlink(infoPath)
            // Taken between our check and the rename: try the next name.
            if renamed == EEXIST { continue }
            if renamed == ENOENT && lstat(original, &existing) == 0 {
                throw .noUsableTrash(path: path, reason: "\(trash.files) vanished")
            }
            throw .system(renamed, path: path)
        }
        throw .failed(path: path, reason: "no free name in \(trash.files) after \(Self.maximumNameAttempts) tries")
    }

    /// Creates the info file at `infoPath` with `O_EXCL` (failing with
    /// `EEXIST` when the name is taken), writes `text` and syncs it, so a
    /// crash never leaves a trashed file without the record of where it came
    /// from. Returns 0, or the `errno` of the failure, and then the file is
    /// gone again.
    static func reserve(_ infoPath: String, text: String) -> Int32 {
        let descriptor = open(infoPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return errno }
        var failure: Int32 = 0
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { raw in
            var written = 0
            while written < raw.count {
                let count = write(descriptor, raw.baseAddress! + written, raw.count - written)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { failure = count < 0 ? errno : EIO; return }
                written += count
            }
        }
        if failure == 0 && fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0 && failure == 0 && errno != EINTR { failure = errno }
        if failure != 0 { unlink(infoPath) }
        return failure
    }

    /// The name for the `attempt`th try: `a.jpg`, then `a.2.jpg`,
    /// `a.3.jpg` (the extension kept, so a file manager still shows the
    /// type); `.hidden` becomes `.hidden.2`. A name too long for `NAME_MAX`
    /// with its suffix and `.trashinfo` has its stem shortened.
    static func nameInTrash(_ name: String, attempt: Int) -> String {
        let suffix = attempt == 1 ? "" : ".\(attempt)"
        var stem = Substring(name)
        var fileExtension = Substring("")
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
            stem = name[..<dot]
            fileExtension = name[dot...]
        }
        if fileExtension.utf8.count > maximumNameBytes / 2 {
            // Not an extension but a long name with a dot in it.
            stem = Substring(name)
            fileExtension = ""
        }
        let budget = maximumNameBytes - fileExtension.utf8.count - suffix.utf8.count
        if stem.utf8.count > budget {
            var shortened = ""
            var bytes = 0
            for scalar in stem.unicodeScalars {
                bytes += scalar.utf8.count
                if bytes > budget { break }
                shortened.unicodeScalars.append(scalar)
            }
            stem = Substring(shortened)
        }
        return stem + suffix + fileExtension
    }

    // MARK: - Putting back

    /// Puts a trashed file back where it was and removes its info file.
    /// Nothing at the original path is ever replaced, and no folder is
    /// made for it.
    ///
    /// ```swift
    /// let trashed = try trash.moveToTrash("/photos/a.jpg")
    /// try trash.restore(trashed)
    /// ```
    ///
    /// - Throws: ``TrashError``, and then nothing has changed: the trash no
    ///   longer holds the file (the same inode, with the info file as it was
    ///   written), its folder is gone, something is at its path now, or the
    ///   folder is not writable.
    public func restore(_ file: TrashedFile) throws(TrashError) {
        let original = file.originalPath
        var info = stat()
        guard lstat(file.trashedPath, &info) == 0, UInt64(info.st_dev) == file.device,
              UInt64(info.st_ino) == file.inode,
              let infoBytes = try? FileReader.read(file.infoPath, limit: Self.maximumInfoBytes),
              infoBytes.elementsEqual(file.infoText.utf8) else {
            throw .notInTrash(path: original, trashedAs: file.trashedPath)
        }
        let folder = LexicalPath.parent(original)
        var folderInfo = stat()
        if stat(folder, &folderInfo) != 0 {
            let code = errno
            throw code == ENOENT || code == ENOTDIR ? .folderGone(path: original, folder: folder) : .system(code, path: original)
        }
        guard folderInfo.st_mode & S_IFMT == S_IFDIR else { throw .folderGone(path: original, folder: folder) }
        // A plain answer before trying; the rename itself refuses too, atomically.
        var existing = stat()
        if lstat(original, &existing) == 0 { throw .occupied(path: original) }
        let code = NoReplaceRename.rename(file.trashedPath, to: original)
        guard code == 0 else { throw code == EEXIST ? .occupied(path: original) : .system(code, path: original) }
        // The file is back; an info file that cannot be removed would only
        // leave an empty entry in a trash listing, so it is not an error.
        unlink(file.infoPath)
    }

    // MARK: - Helpers

    /// Throws unless `mode` is a regular file or a symbolic link (moved
    /// itself, never its target).
    static func checkIsFile(_ mode: mode_t, path: String) throws(TrashError) {
        switch mode & S_IFMT {
        case S_IFREG, S_IFLNK: return
        case S_IFDIR: throw .isFolder(path: path)
        case S_IFIFO: throw .notAFile(path: path, kind: "a FIFO (named pipe)")
        case S_IFSOCK: throw .notAFile(path: path, kind: "a socket")
        case S_IFCHR, S_IFBLK: throw .notAFile(path: path, kind: "a device")
        default: throw .notAFile(path: path, kind: "a special file")
        }
    }

    /// The error for a failure to create or write an info file in `folder`:
    /// a trash we may not write in is no usable trash.
    static func infoFailure(_ code: Int32, folder: String, path: String) -> TrashError {
        switch code {
        case EROFS: return .readOnly(path: path)
        case EACCES, EPERM: return .noUsableTrash(path: path, reason: "cannot write in \(folder): permission denied")
        default: return .failed(path: path, reason: "cannot write in \(folder): \(FileReader.errorText(code))")
        }
    }

    /// `path` with every symbolic link resolved, or nil (`errno` set).
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
