#if canImport(Glibc)
import Glibc
#endif

/// `rename(2)` that never replaces an existing file: putting a file back
/// from the trash must not destroy whatever now has its name.
///
/// ```swift
/// if NoReplaceRename.rename("/trash/files/a.jpg", to: "/photos/a.jpg") == EEXIST { … }
/// ```
enum NoReplaceRename {
    /// `renameat2`'s signature. Glibc has the function (since 2.28) but
    /// declares it only under `_GNU_SOURCE`, which Swift's Glibc module does
    /// not define, so it is looked up by name instead.
    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UInt32) -> Int32

    /// `RENAME_NOREPLACE` from `<stdio.h>`, hidden by the same `_GNU_SOURCE`.
    private static let noReplace: UInt32 = 1

    /// The address of glibc's `renameat2` (nil with an older C library),
    /// kept as a number so it is plainly `Sendable`.
    private static let renameAt2Address: UInt? = {
        // A nil handle is RTLD_DEFAULT: the symbol as the program would link it.
        guard let symbol = dlsym(nil, "renameat2") else { return nil }
        return UInt(bitPattern: symbol)
    }()

    /// Whether the atomic way, `renameat2`, was found in the C library.
    static var hasRenameAt2: Bool { renameAt2Address != nil }

    /// Renames `source` to `target` unless something exists at `target`.
    /// Returns 0, or the `errno` of the failure (`EEXIST` when `target`
    /// exists), and then nothing has changed.
    ///
    /// In order of preference:
    /// 1. `renameat2(RENAME_NOREPLACE)`: atomic, one system call.
    /// 2. Where the file system or kernel lacks that flag (`EINVAL`,
    ///    `ENOSYS`: some network and FUSE file systems): `link` then
    ///    `unlink`. `link` fails atomically with `EEXIST`, and between the
    ///    two calls the file has both names, so a crash loses nothing.
    /// 3. Where there are no hard links either (FAT, some FUSE): check
    ///    that `target` is free, then `rename`. Only a file created at
    ///    `target` in the microseconds between the two could be replaced;
    ///    there is no better primitive on such a file system.
    static func rename(_ source: String, to target: String) -> Int32 {
        if let address = renameAt2Address, let pointer = UnsafeRawPointer(bitPattern: address) {
            let renameAt2 = unsafeBitCast(pointer, to: RenameAt2.self)
            if renameAt2(AT_FDCWD, source, AT_FDCWD, target, noReplace) == 0 { return 0 }
            let code = errno
            guard code == EINVAL || code == ENOSYS else { return code }
        }
        let code = linkThenUnlink(source, to: target)
        // EPERM: FAT and others refuse hard links (as does protected_hardlinks
        // for a file we do not own; rename then answers for itself).
        guard code == EPERM || code == EOPNOTSUPP || code == EMLINK else { return code }
        return checkThenRename(source, to: target)
    }

    /// The second way: a hard link at `target` (which fails with `EEXIST`
    /// atomically), then `source` unlinked. Returns 0 or `errno`.
    static func linkThenUnlink(_ source: String, to target: String) -> Int32 {
        guard link(source, target) == 0 else { return errno }
        if unlink(source) == 0 { return 0 }
        let code = errno
        unlink(target)   // the same inode: `source` still names the file
        return code
    }

    /// The last way: `rename` after checking that `target` is free.
    /// Returns 0 or `errno` (`EEXIST` when it is not free).
    static func checkThenRename(_ source: String, to target: String) -> Int32 {
        var info = stat()
        if lstat(target, &info) == 0 { return EEXIST }
        if errno != ENOENT { return errno }
        return Glibc.rename(source, target) == 0 ? 0 : errno
    }
}
