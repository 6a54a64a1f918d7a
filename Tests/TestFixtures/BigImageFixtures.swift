import Foundation

/// Large PNGs written row by row by `scripts/make-big-image` (Python's zlib,
/// little memory), for the tests of streamed decodes that are stopped.
package enum BigImageFixtures {
    /// The script, from this file's place in the repository.
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../scripts/make-big-image").standardized.path

    /// A `width` × `height` PNG of the script's pattern in `folder`, named `name`.
    package static func png(_ folder: TemporaryFolder, _ name: String, width: Int, height: Int) throws -> String {
        let path = folder.file(name)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, "png", String(width), String(height), path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        return path
    }
}
