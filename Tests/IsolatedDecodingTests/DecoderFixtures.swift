import Foundation
import ImageDecoding
@testable import IsolatedDecoding
import TestFixtures

/// The decoder processes the tests start: the `fourway-decoder` built
/// beside this test bundle, as the browser starts it (`fourway`, which
/// serves as one with `--decoder-process`, when only it was built).
enum DecoderFixtures {
    static var executable: String {
        let bundle = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let folder = URL(fileURLWithPath: bundle).deletingLastPathComponent()
        let own = folder.appendingPathComponent(DecoderPool.decoderProgram).path
        return FileManager.default.isExecutableFile(atPath: own) ? own : folder.appendingPathComponent("fourway").path
    }

    /// A pool of `processes` at niceness 0 with `budget`.
    static func pool(processes: Int = 1, budget: DecoderBudget = .standard,
                     libraries: DecoderService.Libraries = .all) -> DecoderPool {
        DecoderPool(processes: processes, niceness: 0, libraries: libraries, executable: executable, budget: budget)
    }

    /// A budget of `memory` bytes and `seconds` for every decode.
    static func budget(memory: Int = 512 << 20, seconds: Double = 20) -> DecoderBudget {
        DecoderBudget(baseMemoryBytes: memory, memoryPerTargetByte: 0, memoryCeilingBytes: memory, seconds: seconds)
    }

    /// A JPEG of four coloured quadrants in `folder`.
    static func quadrantsJPEG(_ folder: TemporaryFolder, _ name: String = "a.jpg", width: Int = 64,
                              height: Int = 48) throws -> String {
        try folder.write(name, ImageFixtures.jpeg(width: width, height: height,
                                                  pixels: ImageFixtures.quadrants(width: width, height: height)))
    }

    /// The text of `/proc/PID/status`.
    static func status(of pid: pid_t) -> String {
        (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
    }

    /// What process `pid` has mapped (`/proc/PID/maps`), read to its end: a
    /// single read, as `String(contentsOfFile:)` does on a `/proc` file,
    /// stops at 4 KB. Empty when it is gone.
    static func maps(of pid: pid_t) -> String {
        guard let file = FileHandle(forReadingAtPath: "/proc/\(pid)/maps") else { return "" }
        defer { try? file.close() }
        return ((try? file.readToEnd()) ?? nil).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// The value of one `/proc/PID/status` field ("Seccomp" → "2").
    static func field(_ name: String, of pid: pid_t) -> String? {
        status(of: pid).split(separator: "\n").first { $0.hasPrefix(name + ":") }
            .map { $0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces) }
    }

    /// How many threads of process `pid` are left (`/proc/PID/task`), 0 when it is gone.
    static func threads(of pid: pid_t) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task").count) ?? 0
    }

    /// Runs `body` on a thread of its own; what it returns, once it is done.
    final class Background<Value: Sendable>: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private var value: Value?

        init(_ body: @escaping @Sendable () -> Value) {
            Thread.detachNewThread { [self] in
                value = body()
                done.signal()
            }
        }

        /// Waits for the result (at most `seconds`; nil when it is late).
        func wait(seconds: Double = 60) -> Value? {
            done.wait(timeout: .now() + seconds) == .success ? value : nil
        }
    }

    /// Waits until `condition` holds, polling (at most `seconds`).
    static func eventually(seconds: Double = 30, _ condition: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if condition() { return true }
            usleep(5000)
        }
        return condition()
    }
}
