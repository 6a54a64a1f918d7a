extension KeyMap {
    /// These bindings with `action`'s keys replaced by `keys`, in every row
    /// of the action (every mode it works in); an empty list unbinds it. A
    /// key taken from another action in the same mode leaves that action,
    /// so no key is bound twice.
    ///
    /// ```swift
    /// let map = KeyMap.standard.remapping(.toggleSlideshow, to: [KeyChord(.s, ctrl: true)])
    /// map.action(for: .s, ctrl: true, in: .pager)   // .toggleSlideshow
    /// ```
    public func remapping(_ action: Action, to keys: [KeyChord]) -> KeyMap {
        var remapped = self
        let modes = Set(rows.filter { $0.action == action }.flatMap(\.modes))
        for index in remapped.rows.indices {
            if remapped.rows[index].action == action {
                remapped.rows[index].keys = keys
            } else if !Set(remapped.rows[index].modes).isDisjoint(with: modes) {
                remapped.rows[index].keys.removeAll { keys.contains($0) }
            }
        }
        return remapped
    }

    /// The actions keys can be given to: those the standard table binds to
    /// keys (a gesture such as a drag cannot move to a key).
    public static var remappable: [Action] {
        Action.allCases.filter { action in standard.rows.contains { $0.action == action && !$0.keys.isEmpty } }
    }

    /// The keys bound to `action` (its first row's: every row of an action
    /// has the same keys once remapped; the standard table's too, but for
    /// the few actions whose keys differ by mode, where the first is the pages').
    public func keys(of action: Action) -> [KeyChord] {
        rows.first { $0.action == action }?.keys ?? []
    }

    /// How a notice names the key for `action`: its first key's label, as
    /// the help writes it, so a remapped key is named as the user bound it;
    /// nil when the configuration left the action without a key.
    ///
    /// ```swift
    /// KeyMap.standard.keyLabel(of: .undo)                                          // "u"
    /// KeyMap.standard.remapping(.undo, to: [KeyChord(.z)]).keyLabel(of: .undo)     // "z"
    /// ```
    public func keyLabel(of action: Action) -> String? {
        keys(of: action).first?.label
    }
}

extension Action {
    /// The action's name in the configuration file: `copy-path` for `copyPath`.
    public var configName: String {
        var name = ""
        for character in rawValue {
            if character.isUppercase { name += "-" + character.lowercased() } else { name.append(character) }
        }
        return name
    }

    /// The action a configuration name means.
    public init?(configName: String) {
        guard let action = Action.allCases.first(where: { $0.configName == configName }) else { return nil }
        self = action
    }
}
