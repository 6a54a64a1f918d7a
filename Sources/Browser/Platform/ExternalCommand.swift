import Glibc
import Gallery
import ImageDecoding

/// Runs a desktop tool (`xdg-open`, `xclip`) without waiting for it: the
/// browser keeps drawing while the tool starts, and the tool's own output
/// goes to /dev/null (stderr holds only fourway's lines). The process is
/// reaped on a thread of its own, so no zombie is left behind. It gets
/// only descriptors 0 to 2, and the environment fourway started with
/// (``ExternalCommandSpawn``).
///
/// ```swift
/// if !ExternalCommand.start(["xdg-open", "/photos/a.jpg"]) { showNotice("xdg-open is not installed") }
/// ```
enum ExternalCommand {
    /// Starts `arguments` (the first found on `PATH`); false when it could
    /// not be started (not installed, no more processes).
    static func start(_ arguments: [String]) -> Bool {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        ExternalCommandSpawn.closeInherited(&actions)
        var pid: pid_t = 0
        let status = ExternalCommandSpawn.spawn(arguments, actions: &actions, attributes: nil, pid: &pid)
        guard status == 0 else { return false }
        let child = pid
        WorkerThread.start(name: "fourway-reap") {
            var code: Int32 = 0
            while waitpid(child, &code, 0) < 0 && errno == EINTR {}
        }
        return true
    }
}
