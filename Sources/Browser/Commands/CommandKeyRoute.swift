/// Where a key press goes before the action table sees it: to the key
/// handler (the key after Ctrl+X), to a configured command, nowhere (a
/// key-repeat of either: a held key runs its program once), or on to the
/// table. Page flips and other actions keep repeating: only the keys that
/// start programs drop repeats.
///
/// ```swift
/// CommandKeyRoute(.letter("a"), ctrl: false, shift: false, repeated: false,
///                 waitsForHandlerKey: false, goToOpen: false, keyMap: map)   // .command("args")
/// ```
enum CommandKeyRoute: Equatable {
    /// The key Ctrl+X waits for.
    case handlerKey
    /// The key of this command.
    case command(String)
    /// A key-repeat of a key that starts a program: dropped.
    case ignored
    /// Not a key that starts a program: the action table's.
    case table

    init(_ key: BrowserKey, ctrl: Bool, shift: Bool, repeated: Bool, waitsForHandlerKey: Bool, goToOpen: Bool,
         keyMap: KeyMap) {
        if waitsForHandlerKey {
            self = repeated ? .ignored : .handlerKey
        } else if !goToOpen, let name = keyMap.command(for: key, ctrl: ctrl, shift: shift) {
            self = repeated ? .ignored : .command(name)
        } else if repeated, keyMap.action(for: key, ctrl: ctrl, shift: shift, in: .pager) == .keyHandler {
            // Ctrl+X held: its first press waits for a key, its repeats must not cancel that.
            self = .ignored
        } else {
            self = .table
        }
    }
}
