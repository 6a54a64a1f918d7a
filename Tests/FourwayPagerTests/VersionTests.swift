import CFourwayPager
import Foundation
import FourwayPager
import Pager
import Testing

/// One version, said in five places: the library, the C header, the C
/// function, the changelog's newest release and the web build's npm package.
@Suite("Version")
struct VersionTests {
    @Test("the C header names the library's version")
    func headerMatchesLibrary() {
        #expect(FW_PAGER_VERSION == "\(PagerLibrary.version)")
    }

    @Test("fw_pager_version returns the library's version")
    func cFunctionMatchesLibrary() {
        #expect(String(cString: pagerVersion()) == "\(PagerLibrary.version)")
    }

    @Test("the version is MAJOR.MINOR.PATCH")
    func semanticVersion() {
        let parts = "\(PagerLibrary.version)".split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 3 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) })
    }

    @Test("the changelog's newest release is the library's version")
    func changelogMatchesLibrary() throws {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let changelog = try String(contentsOf: root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        // Releases are "## [X.Y.Z] - YYYY-MM-DD"; "## [Unreleased]" comes first and is skipped.
        let newest = changelog.split(separator: "\n")
            .first { $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]") }
        #expect(newest?.hasPrefix("## [\(PagerLibrary.version)]") == true)
    }

    @Test("the npm package of the web build has the library's version")
    func webPackageMatchesLibrary() throws {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let data = try Data(contentsOf: root.appendingPathComponent("Web/package.json"))
        let package = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        #expect(package?["version"] as? String == "\(PagerLibrary.version)")
    }
}
