/// The Pager library's version.
///
/// ```swift
/// import Pager
/// print("Pager \(PagerVersion.current)")   // Pager 0.1.0
/// ```
///
/// The version follows semantic versioning (`CHANGELOG.md`): the public API,
/// the event JSON lines and the `pager-replay` script format are the contract.
/// The C interface reports the same string (`fw_pager_version()`), and
/// `fourway --version` prints it.
public enum PagerVersion {
    /// "MAJOR.MINOR.PATCH" of this release. A `StaticString`, so that the C
    /// interface hands out the same bytes without copying them.
    public static let current: StaticString = "0.1.0"
}
