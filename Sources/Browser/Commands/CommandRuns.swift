import Synchronization

/// The programs the user started that ended, waiting for the frame loop:
/// each watching thread (``CommandProcess``) adds its report and wakes the
/// loop, whose next update takes them all for their notices and log lines.
///
/// ```swift
/// let runs = CommandRuns()
/// runs.add(CommandReport(source: .command(name: "gimp", arguments: ["gimp"]), outcome: .notFound))
/// runs.take()   // [that report]; runs.take() again: []
/// ```
final class CommandRuns: Sendable {
    private let finished = Mutex<[CommandReport]>([])

    func add(_ report: CommandReport) {
        finished.withLock { $0.append(report) }
    }

    /// The reports added since the last call, oldest first.
    func take() -> [CommandReport] {
        finished.withLock { reports in
            defer { reports = [] }
            return reports
        }
    }
}

/// How a program the user started ended, and which it was.
struct CommandReport: Sendable, Hashable {
    enum Source: Sendable, Hashable {
        /// A configured command (`command.NAME`) and its arguments.
        case command(name: String, arguments: [String])
        /// The key handler, for this key, fed this many paths.
        case keyHandler(key: String, paths: Int)
    }

    var source: Source
    var outcome: CommandOutcome
}
