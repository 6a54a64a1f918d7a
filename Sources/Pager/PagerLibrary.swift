/// The Pager library itself: its version.
///
/// ```swift
/// import Pager
/// print("Pager \(PagerLibrary.version)")   // Pager 0.2.0
/// ```
///
/// The version follows semantic versioning (`CHANGELOG.md`): the public API,
/// the event JSON lines and the `pager-replay` script format are the contract.
/// The C interface reports the same string (`fw_pager_version()`), and
/// `fourway --version` prints it.
///
/// Not named after the module (`Pager`), which only Swift 6.3's module
/// selectors could tell apart from it, nor `PagerVersion`: the symbol graph
/// DocC reads leaves out every name that starts with the module's name and
/// `Version` (as for a C framework's generated version constants).
public enum PagerLibrary {
    /// "MAJOR.MINOR.PATCH" of this release. A `StaticString`, so that the C
    /// interface hands out the same bytes without copying them.
    public static let version: StaticString = "0.2.0"
}
