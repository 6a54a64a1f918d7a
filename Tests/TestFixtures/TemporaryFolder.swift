import Foundation

/// A fresh folder under the system temp dir, removed when the value is freed.
package final class TemporaryFolder {
    package let path: String

    package init(_ label: String = "gallery") throws {
        let base = FileManager.default.temporaryDirectory.path
        path = base + "/fourway-\(label)-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Absolute path of `name` inside the folder.
    package func file(_ name: String) -> String { path + "/" + name }

    @discardableResult
    package func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let target = file(name)
        let folder = (target as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: target))
        return target
    }

    @discardableResult
    package func write(_ name: String, text: String) throws -> String {
        try write(name, Array(text.utf8))
    }

    @discardableResult
    package func makeFolder(_ name: String) throws -> String {
        try FileManager.default.createDirectory(atPath: file(name), withIntermediateDirectories: true)
        return file(name)
    }

    package func link(_ name: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: file(name), withDestinationPath: target)
    }

    package func hardLink(_ name: String, to existing: String) throws {
        guard Foundation.link(existing, file(name)) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    }

    package func fifo(_ name: String) throws {
        guard mkfifo(file(name), 0o644) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    }
}
