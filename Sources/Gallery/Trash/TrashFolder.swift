#if canImport(Glibc)
import Glibc
#endif
import ImageDecoding

/// One trash directory (`$trash` in the FreeDesktop.org Trash
/// specification 1.0), with its `files/` and `info/`, and which one a file
/// goes to:
///
/// - the home trash, `$XDG_DATA_HOME/Trash`, for files on its device: the
///   info file's `Path` is absolute;
/// - otherwise a trash at the top directory of the file's own file system
///   (where it is mounted): `$topdir/.Trash/$uid` when an administrator made
///   `$topdir/.Trash` a real folder with the sticky bit, else
///   `$topdir/.Trash-$uid`. `Path` is then relative to `$topdir`, so the
///   trash still works when the volume is mounted elsewhere.
///
/// ```swift
/// let choice = try TrashFolder.volume(topDirectory: "/media/usb", uid: 1000)
/// choice.folder.path   // "/media/usb/.Trash-1000" (no usable /media/usb/.Trash)
/// ```
struct TrashFolder: Equatable {
    /// The trash directory.
    let path: String
    /// Nil for the home trash (absolute `Path`s); else the top directory the
    /// `Path`s are relative to.
    let topDirectory: String?

    /// Where trashed files go.
    var files: String { path + "/files" }
    /// Where their `.trashinfo` files go.
    var info: String { path + "/info" }

    /// The `Path` an info file in this trash records for `original` (an
    /// absolute physical path under `topDirectory`, for a volume's trash).
    func recordedPath(for original: String) -> String {
        guard let top = topDirectory else { return original }
        if top == "/" { return String(original.dropFirst()) }
        return String(original.dropFirst(top.count + 1))
    }

    /// Whether `path` (absolute, physical) is inside this trash.
    func contains(_ path: String) -> Bool {
        path.hasPrefix(self.path + "/")
    }

    // MARK: - Which trash

    /// A trash folder that could not be made or used: `reason` says what
    /// was tried ("cannot create /media/usb/.Trash-1000: permission denied");
    /// `code` is the `errno`, when a system call failed.
    struct Unusable: Error, Equatable {
        let reason: String
        let code: Int32?
    }

    /// What `$topdir/.Trash` is, by the specification's checks.
    enum SharedTrash: Equatable {
        /// There is none.
        case absent
        /// A real folder (not a symbolic link) with the sticky bit: users
        /// trash into their own `$uid` folder in it.
        case usable
        /// It exists but fails a check (the reason, e.g. "has no sticky
        /// bit"): the specification forbids using it, even when a `$uid`
        /// folder exists in it, and asks that this be reported.
        case rejected(String)
    }

    /// The checks the specification requires of `$topdir/.Trash`.
    static func sharedTrash(in topDirectory: String) -> SharedTrash {
        var info = stat()
        guard lstat(LexicalPath.joined(topDirectory, ".Trash"), &info) == 0 else {
            return errno == ENOENT ? .absent : .rejected("cannot be examined: \(FileReader.errorText(errno))")
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: break
        case S_IFLNK: return .rejected("is a symbolic link")
        default: return .rejected("is not a folder")
        }
        guard info.st_mode & S_ISVTX != 0 else { return .rejected("has no sticky bit") }
        return .usable
    }

    /// The trash folder for a file on the file system mounted at
    /// `topDirectory`, made (with `files/` and `info/`) if missing, and
    /// why `$topdir/.Trash` was passed over when it exists but fails the
    /// checks (nil otherwise).
    ///
    /// `$topdir/.Trash/$uid` comes first when `$topdir/.Trash` passes the
    /// checks; if it cannot be made or is not the user's own folder, this
    /// falls back to `$topdir/.Trash-$uid`, as the specification says.
    /// Throws when neither can be used.
    static func volume(topDirectory: String, uid: uid_t) throws(Unusable) -> (folder: TrashFolder, sharedTrashProblem: String?) {
        let shared = LexicalPath.joined(topDirectory, ".Trash")
        var problem: String?
        switch sharedTrash(in: topDirectory) {
        case .usable:
            let own = TrashFolder(path: shared + "/\(uid)", topDirectory: topDirectory)
            if (try? own.prepare(ownedBy: uid)) != nil { return (own, nil) }
        case .rejected(let reason):
            problem = "\(shared) \(reason)"
        case .absent:
            break
        }
        let fallback = TrashFolder(path: LexicalPath.joined(topDirectory, ".Trash-\(uid)"), topDirectory: topDirectory)
        try fallback.prepare(ownedBy: uid)
        return (fallback, problem)
    }

    /// The mount point of the file system holding `folder` (absolute and
    /// physical, on device `device`): the highest folder above it on the
    /// same device.
    static func topDirectory(of folder: String, device: UInt64) -> String {
        var current = folder
        while current != "/" {
            let parent = LexicalPath.parent(current)
            var info = stat()
            guard stat(parent, &info) == 0, UInt64(info.st_dev) == device else { return current }
            current = parent
        }
        return "/"
    }

    /// The device holding `path`, or the folder it would be made in: the
    /// home trash may not exist yet.
    static func device(ofExistingAncestor path: String) -> UInt64? {
        var current = path
        while true {
            var info = stat()
            if stat(current, &info) == 0 { return UInt64(info.st_dev) }
            if current == "/" { return nil }
            current = LexicalPath.parent(current)
        }
    }

    // MARK: - Making the folders

    /// Makes the trash folder (and the folders above it, for the home
    /// trash), `files/` and `info/`, each owner-only (0700: the trash holds
    /// private pictures). When `uid` is given, an existing trash folder must
    /// be a real folder owned by that user: in a world-writable `.Trash` or
    /// top directory another user could have made it, and would then be
    /// able to delete or swap what we trash.
    func prepare(ownedBy uid: uid_t? = nil) throws(Unusable) {
        if uid == nil {
            try Self.makeFolders(LexicalPath.parent(path))
        }
        if mkdir(path, 0o700) != 0 {
            let code = errno
            guard code == EEXIST else { throw Unusable(reason: "cannot create \(path): \(FileReader.errorText(code))", code: code) }
            // A volume's trash must not be a symbolic link (someone else's
            // folder could be behind it); the home trash may be one.
            var info = stat()
            let found = uid == nil ? stat(path, &info) : lstat(path, &info)
            guard found == 0, info.st_mode & S_IFMT == S_IFDIR else {
                throw Unusable(reason: "\(path) is not a folder", code: nil)
            }
            if let uid, info.st_uid != uid {
                throw Unusable(reason: "\(path) belongs to another user", code: nil)
            }
        }
        for folder in [files, info] {
            try Self.makeFolder(folder)
        }
    }

    /// `mkdir -p` with owner-only permissions.
    private static func makeFolders(_ path: String) throws(Unusable) {
        var info = stat()
        if stat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else { throw Unusable(reason: "\(path) is not a folder", code: nil) }
            return
        }
        if path != "/" { try makeFolders(LexicalPath.parent(path)) }
        try makeFolder(path)
    }

    /// One folder, owner-only; an existing folder (or a link to one) will do.
    private static func makeFolder(_ path: String) throws(Unusable) {
        guard mkdir(path, 0o700) != 0 else { return }
        let code = errno
        var info = stat()
        guard code == EEXIST else { throw Unusable(reason: "cannot create \(path): \(FileReader.errorText(code))", code: code) }
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw Unusable(reason: "\(path) is not a folder", code: nil)
        }
    }
}
