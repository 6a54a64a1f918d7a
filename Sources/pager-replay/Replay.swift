import Pager

/// The run loop: applies each script input to the model at its time, steps
/// the model at a fixed frame rate in between and after the last input, and
/// writes every event (and, if asked, every frame) as a JSON line.
///
/// Steps are taken at `t_prev + k / fps` (k = 1, 2, …) strictly before the
/// next input: at least one (so `--frames` always shows the state an input
/// left), then until the model is settled; after the last input they go on
/// until it is settled. Either way stepping gives up `maximumStepping`
/// seconds after an input, so a pointer held down forever cannot loop forever.
///
/// ```swift
/// var replay = Replay(model: model, framesPerSecond: 120, printsFrames: false) { print($0) }
/// replay.apply(ScriptInput(time: 0, command: .flip(.right)))
/// replay.finish()   // prints page-will-change, page-changed, slots-recycled, settled
/// ```
struct Replay {
    /// How long after an input the model is stepped at most, s.
    static let maximumStepping = 60.0

    private(set) var model: PagerModel
    let framesPerSecond: Double
    let printsFrames: Bool
    let write: (String) -> Void
    /// The time of the last input applied, s.
    private(set) var lastInputTime: Double?

    init(model: PagerModel, framesPerSecond: Double, printsFrames: Bool, write: @escaping (String) -> Void) {
        self.model = model
        self.framesPerSecond = framesPerSecond
        self.printsFrames = printsFrames
        self.write = write
    }

    mutating func apply(_ input: ScriptInput) {
        if let lastInputTime { step(after: lastInputTime, before: input.time) }
        let time = input.time
        model.apply(input.command, time: time)
        writeEvents()
        lastInputTime = time
    }

    /// Steps until the model is settled after the last input.
    mutating func finish() {
        if let lastInputTime { step(after: lastInputTime, before: nil) }
    }

    private mutating func step(after start: Double, before end: Double?) {
        let limit = start + Self.maximumStepping
        var frame = 1.0
        repeat {
            // Multiplying rather than adding 1/fps keeps frame times free of accumulated error.
            let time = start + frame / framesPerSecond
            if let end, time >= end { return }
            if time > limit { return }
            model.advance(to: time)
            writeEvents()
            if printsFrames { write(model.frameLine(time: time)) }
            frame += 1
        } while !model.isSettled
    }

    private mutating func writeEvents() {
        while let event = model.pollEvent() { write(event.jsonLine) }
    }
}
