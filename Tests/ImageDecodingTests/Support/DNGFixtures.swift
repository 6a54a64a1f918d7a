import Foundation

/// DNG files made for RawDecoderTests by `Tests/raw-fixtures/make-dng.py`
/// (numpy and PiDNG), run in a virtual environment made once under the
/// system temp folder and kept for later runs: PiDNG comes from PyPI, numpy
/// from the system's Python when it has it.
enum DNGFixtures {
    /// The script that writes the DNGs.
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../raw-fixtures/make-dng.py").standardized.path

    /// The virtual environment's Python with numpy and PiDNG, or why there is none.
    static let python: Result<String, Failure> = {
        let venv = FileManager.default.temporaryDirectory.path + "/fourway-dng-venv"
        let python = venv + "/bin/python"
        if (try? run(python, ["-c", "import numpy, pidng"])) != nil { return .success(python) }
        try? FileManager.default.removeItem(atPath: venv)
        do throws(Failure) {
            try run("/usr/bin/env", ["python3", "-m", "venv", "--system-site-packages", venv])
            try run(python, ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "numpy", "pidng"])
            try run(python, ["-c", "import numpy, pidng"])
            return .success(python)
        } catch {
            return .failure(error)
        }
    }()

    /// Why DNGs cannot be made here, for the skipped tests' note; nil when they can.
    static var unavailable: String? {
        if case .failure(let failure) = python { return "no Python environment with numpy and pidng: \(failure)" }
        return nil
    }

    /// Writes a DNG, left half red and right half blue (make-dng.py), to
    /// `path`; `preview` is the path of a JPEG to embed as its preview.
    static func make(_ path: String, orientation: Int = 1, width: Int = 256, height: Int = 128,
                     preview: String? = nil) throws {
        try run(python.get(), [script, path, "--orientation", "\(orientation)", "--width", "\(width)", "--height", "\(height)"]
                + (preview.map { ["--preview", $0] } ?? []))
    }

    /// A command that failed, with the end of what it printed.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    @discardableResult
    static func run(_ executable: String, _ arguments: [String]) throws(Failure) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        do { try process.run() } catch { throw Failure(description: "\(executable) could not start: \(error)") }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(([executable] + arguments).joined(separator: " ")) exited with "
                          + "\(process.terminationStatus): \(text.suffix(300))")
        }
        return text
    }
}
