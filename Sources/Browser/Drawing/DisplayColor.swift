import ImageDecoding

/// The display's colour profile in force: what the X server publishes
/// (``DisplayProfileWatcher``) made into the ``DisplayProfile`` every decode
/// converts to, and what to say about it. A profile lcms2 cannot use is one
/// line on stderr and sRGB, as with none.
///
/// ```swift
/// var colour = DisplayColor(watcher: watcher)
/// let choice = DisplayColor.choose(iccBytes)   // (profile, problem)
/// if let bytes = colour.takeChange() { /* choose, use, decode again */ }
/// ```
struct DisplayColor {
    /// The X server's `_ICC_PROFILE`, watched; nil without an X display.
    let watcher: DisplayProfileWatcher?
    /// The profile in force (``DisplayProfile/current`` once applied).
    private(set) var profile = DisplayProfile.sRGB

    init(watcher: DisplayProfileWatcher? = nil) {
        self.watcher = watcher
    }

    /// The profile to convert to for `bytes` (empty: sRGB), and the stderr
    /// line when they are not a profile lcms2 can convert to.
    static func choose(_ bytes: [UInt8]) -> (profile: DisplayProfile, problem: String?) {
        switch DisplayProfile.make(iccBytes: bytes) {
        case .success(let profile):
            return (profile, nil)
        case .failure(let problem):
            return (.sRGB, "the display's ICC profile (_ICC_PROFILE) is unusable: \(problem.reason); showing sRGB")
        }
    }

    /// The profile's bytes after it changed, once (``DisplayProfileWatcher/takeChange()``).
    func takeChange() -> [UInt8]? { watcher?.takeChange() }

    /// Makes `bytes` the profile decodes convert to: its line on stderr when
    /// broken, its `display-profile` log line. Returns whether the profile in
    /// force changed (what was decoded must then be decoded again).
    @discardableResult
    mutating func apply(_ bytes: [UInt8], log: EventLog?, time: Double) -> Bool {
        let choice = Self.choose(bytes)
        if let problem = choice.problem { StandardError.line(problem) }
        let changed = choice.profile != profile
        profile = choice.profile
        DisplayProfile.use(choice.profile)
        write(to: log, time: time)
        return changed
    }

    /// The `display-profile` line: the profile in force.
    func write(to log: EventLog?, time: Double) {
        log?.write(.displayProfile(profile: profile.description, bytes: profile.bytes.count), time: time)
    }
}
