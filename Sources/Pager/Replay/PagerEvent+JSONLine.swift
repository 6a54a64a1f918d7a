extension PagerEvent {
    /// The event as one JSON Lines record, exactly as `pager-replay` prints it
    /// (no trailing newline). Keys come in a fixed order: `t`, `event`, then
    /// the event's own fields.
    ///
    /// ```swift
    /// let event = PagerEvent(time: 0.3, kind: .pageChanged(from: PageIndex(h: 0, v: 0),
    ///                                                      to: PageIndex(h: 1, v: 0)))
    /// event.jsonLine
    /// // {"t":0.3,"event":"page-changed","from":[0,0],"to":[1,0]}
    /// ```
    public var jsonLine: String {
        var line = ""
        writeJSONLine(to: &line)
        return line
    }

    /// `jsonLine` written to `output` in small pieces, allocating nothing when
    /// `output` does not (the C interface writes into the caller's buffer).
    ///
    /// ```swift
    /// var log = ""
    /// while let event = model.pollEvent() {
    ///     event.writeJSONLine(to: &log)
    ///     log.write("\n")
    /// }
    /// ```
    public func writeJSONLine<Output: TextOutputStream>(to output: inout Output) {
        output.write("{\"t\":")
        ReplayFormat.write(number: time, decimals: ReplayFormat.timeDecimals, to: &output)
        output.write(",\"event\":\"")
        output.write(kind.name)
        output.write("\"")
        switch kind {
        case .dragBegan:
            break
        case .axisLocked(let axis):
            output.write(",\"axis\":\"")
            output.write(axis.replayName)
            output.write("\"")
        case .pageWillChange(let from, let to), .pageChanged(let from, let to):
            output.write(",\"from\":")
            ReplayFormat.write(page: from, to: &output)
            output.write(",\"to\":")
            ReplayFormat.write(page: to, to: &output)
        case .slotsRecycled(let changes):
            output.write(",\"slots\":[")
            for position in 0..<changes.count {
                let change = changes[position]
                if position > 0 { output.write(",") }
                output.write("{\"id\":")
                ReplayFormat.write(integer: change.slot, to: &output)
                output.write(",\"page\":")
                ReplayFormat.write(page: change.page, to: &output)
                output.write("}")
            }
            output.write("]")
        case .bounced(let edge):
            output.write(",\"edge\":\"")
            output.write(edge.replayName)
            output.write("\"")
        case .interrupted(let reason, let page):
            output.write(",\"reason\":\"")
            output.write(reason.rawValue)
            output.write("\",\"page\":")
            ReplayFormat.write(page: page, to: &output)
        case .settled(let page):
            output.write(",\"page\":")
            ReplayFormat.write(page: page, to: &output)
        case .zoomChanged(let scale, let atFit):
            output.write(",\"scale\":")
            ReplayFormat.write(number: scale, decimals: ReplayFormat.scaleDecimals, to: &output)
            output.write(atFit ? ",\"fit\":true" : ",\"fit\":false")
        case .panHandedOver(let axis, let direction):
            output.write(",\"axis\":\"")
            output.write(axis.replayName)
            output.write("\",\"direction\":\"")
            output.write(direction.replayName)
            output.write("\"")
        }
        output.write("}")
    }
}

extension PagerEvent.Kind {
    /// The stable name used in JSON Lines: `drag-began`, `axis-locked`,
    /// `page-will-change`, `page-changed`, `slots-recycled`, `bounced`,
    /// `interrupted`, `settled`, `zoom-changed`, `pan-handed-over`.
    ///
    /// ```swift
    /// PagerEvent.Kind.bounced(.left).name   // "bounced"
    /// ```
    public var name: String {
        switch self {
        case .dragBegan: "drag-began"
        case .axisLocked: "axis-locked"
        case .pageWillChange: "page-will-change"
        case .pageChanged: "page-changed"
        case .slotsRecycled: "slots-recycled"
        case .bounced: "bounced"
        case .interrupted: "interrupted"
        case .settled: "settled"
        case .zoomChanged: "zoom-changed"
        case .panHandedOver: "pan-handed-over"
        }
    }
}
