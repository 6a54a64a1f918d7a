/// The Pager library itself.
///
/// ```swift
/// import Pager
/// print("Pager \(Pager.version)")   // Pager 0.1.0
/// ```
///
/// The version follows semantic versioning (`CHANGELOG.md`): the public API,
/// the event JSON lines and the `pager-replay` script format are the contract.
/// The C interface reports the same string (`fw_pager_version()`).
///
/// This type shares its name with the module, so `Pager.X` means this type's
/// member `X`: when a name of the module must be qualified, write `Pager::X`
/// (a module selector, Swift 6.3), or keep the host's own type out of the way.
public enum Pager {
    /// "MAJOR.MINOR.PATCH" of this release. A `StaticString`, so that the C
    /// interface hands out the same bytes without copying them.
    public static let version: StaticString = "0.1.0"
}
