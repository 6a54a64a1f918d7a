import CSDL2
import Gallery

/// Programs the user runs on the images: the configuration file's commands
/// (``UserCommand``, bound by `key.command.NAME`) and, after Ctrl+X, nsxiv's
/// key handler (``KeyHandler``). Each starts without the window waiting
/// (``CommandProcess``); its end comes back through `commands.runs`,
/// which wakes the loop, as a notice and a log line. docs/browser.md,
/// "Commands and the key handler".
extension BrowserSession {
    /// How long the notice that Ctrl+X waits for a key stays, s: until the
    /// key comes, in practice (the next notice replaces it).
    static let handlerKeyNoticeSeconds = 600.0

    /// A key that goes to a program: the key after Ctrl+X, or a key bound
    /// to a command; a key-repeat of one is dropped (``CommandKeyRoute``).
    /// True when it was taken so.
    func takeCommandKey(_ key: BrowserKey, ctrl: Bool, shift: Bool, repeated: Bool, at time: Double) -> Bool {
        switch CommandKeyRoute(key, ctrl: ctrl, shift: shift, repeated: repeated,
                               waitsForHandlerKey: commands.waitsForHandlerKey, goToOpen: panels.goTo != nil,
                               keyMap: keyMap) {
        case .handlerKey:
            return takeHandlerKey(key, ctrl: ctrl, shift: shift, at: time)
        case .command(let name):
            guard let command = options.commands.first(where: { $0.name == name }) else { return false }
            run(command, at: time)
            return true
        case .ignored:
            return true
        case .table:
            return false
        }
    }

    /// The image a command is about (the overview's highlighted one while it
    /// shows), and the marked paths in gallery order.
    private var commandTargets: (current: String?, marked: [String]) {
        (markTarget?.path, gallery.folder.map { marks.paths(in: $0.layout) } ?? [])
    }

    /// Starts `command` on the current image and the marked ones.
    func run(_ command: UserCommand, at time: Double) {
        let (current, marked) = commandTargets
        let arguments = command.template.arguments(current: current, marked: marked)
        if command.template.needsImage, current == nil, marked.isEmpty {
            log?.write(.command(name: command.name, arguments: arguments, status: "no-image", code: nil, stderr: nil),
                       time: time)
            return showNotice(command.name + ": no image to run it on", at: time)
        }
        log?.write(.command(name: command.name, arguments: arguments, status: "started", code: nil, stderr: nil),
                   time: time)
        showNotice(command.name + ": started", at: time)
        let (runs, wakeType, name) = (commands.runs, wakeEventType, command.name)
        CommandProcess.start(arguments) { outcome in
            runs.add(CommandReport(source: .command(name: name, arguments: arguments), outcome: outcome))
            BrowserSession.wake(wakeType)
        }
    }

    /// Ctrl+X: the next key goes to the key handler.
    func waitForHandlerKey(at time: Double) {
        commands.waitsForHandlerKey = true
        let text = "Key handler: press a key (Escape cancels)"
        notices.show(text, at: time, seconds: Self.handlerKeyNoticeSeconds)
        log?.write(.notice(text: text), time: time)
        log?.write(.keyHandler(key: nil, paths: 0, status: "waiting", code: nil, stderr: nil), time: time)
    }

    /// The key after Ctrl+X: Escape or Ctrl+X again cancels, a key nsxiv
    /// can name runs the handler, any other (a modifier alone) is let pass.
    private func takeHandlerKey(_ key: BrowserKey, ctrl: Bool, shift: Bool, at time: Double) -> Bool {
        let alt = SDL_GetModState().rawValue & KMOD_ALT.rawValue != 0
        if (key == .escape && !ctrl && !shift && !alt) || keyMap.action(for: key, ctrl: ctrl, in: .pager) == .keyHandler {
            commands.waitsForHandlerKey = false
            log?.write(.keyHandler(key: nil, paths: 0, status: "cancelled", code: nil, stderr: nil), time: time)
            showNotice("Key handler cancelled", at: time)
            return true
        }
        guard let spelled = KeyHandler.spelling(key, ctrl: ctrl, shift: shift, alt: alt) else { return true }
        commands.waitsForHandlerKey = false
        runKeyHandler(key: spelled, at: time)
        return true
    }

    /// Runs the key handler for `key` with the marked paths (or the current
    /// one) on its standard input; a notice says how many were left out.
    private func runKeyHandler(key: String, at time: Double) {
        let (current, marked) = commandTargets
        let paths = marked.isEmpty ? (current.map { [$0] } ?? []) : marked
        guard let path = KeyHandler.standardPath(), KeyHandler.isRunnable(path) else {
            log?.write(.keyHandler(key: key, paths: paths.count, status: "missing", code: nil, stderr: nil), time: time)
            return showNotice(KeyHandler.missingNotice(path: KeyHandler.standardPath()), at: time)
        }
        let input = KeyHandler.input(paths, separator: options.keyHandlerSeparator)
        guard input.sent > 0 else {
            log?.write(.keyHandler(key: key, paths: 0, status: "no-image", code: nil, stderr: nil), time: time)
            return showNotice("key-handler " + key + ": no image to run it on" + KeyHandler.leftOutNote(input.leftOut),
                              at: time)
        }
        log?.write(.keyHandler(key: key, paths: input.sent, status: "started", code: nil, stderr: nil), time: time)
        showNotice("key-handler " + key + ": started" + KeyHandler.leftOutNote(input.leftOut), at: time)
        let (runs, wakeType, count) = (commands.runs, wakeEventType, input.sent)
        CommandProcess.start([path, key], input: input.bytes) { outcome in
            runs.add(CommandReport(source: .keyHandler(key: key, paths: count), outcome: outcome))
            BrowserSession.wake(wakeType)
        }
    }

    /// The programs that ended since the last frame: a log line and a notice each.
    func collectCommandReports(at time: Double) {
        for report in commands.runs.take() {
            let outcome = report.outcome
            switch report.source {
            case .command(let name, let arguments):
                log?.write(.command(name: name, arguments: arguments, status: outcome.status, code: outcome.code,
                                    stderr: outcome.stderr), time: time)
                showNotice(outcome.notice(name: name), at: time)
            case .keyHandler(let key, let paths):
                log?.write(.keyHandler(key: key, paths: paths, status: outcome.status, code: outcome.code,
                                       stderr: outcome.stderr), time: time)
                showNotice(outcome.notice(name: "key-handler " + key), at: time)
            }
        }
    }
}
