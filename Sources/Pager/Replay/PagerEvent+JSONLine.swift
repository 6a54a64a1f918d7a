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
        var line = "{\"t\":" + ReplayFormat.time(time) + ",\"event\":\"" + kind.name + "\""
        switch kind {
        case .dragBegan:
            break
        case .axisLocked(let axis):
            line += ",\"axis\":\"" + axis.replayName + "\""
        case .pageWillChange(let from, let to), .pageChanged(let from, let to):
            line += ",\"from\":" + ReplayFormat.page(from) + ",\"to\":" + ReplayFormat.page(to)
        case .slotsRecycled(let changes):
            line += ",\"slots\":["
            for (position, change) in changes.enumerated() {
                if position > 0 { line += "," }
                line += "{\"id\":" + String(change.slot) + ",\"page\":" + ReplayFormat.page(change.page) + "}"
            }
            line += "]"
        case .bounced(let edge):
            line += ",\"edge\":\"" + edge.replayName + "\""
        case .interrupted(let reason, let page):
            line += ",\"reason\":\"" + reason.rawValue + "\",\"page\":" + ReplayFormat.page(page)
        case .settled(let page):
            line += ",\"page\":" + ReplayFormat.page(page)
        case .zoomChanged(let scale, let atFit):
            line += ",\"scale\":" + ReplayFormat.number(scale, decimals: ReplayFormat.scaleDecimals)
                + ",\"fit\":" + (atFit ? "true" : "false")
        case .panHandedOver(let axis, let direction):
            line += ",\"axis\":\"" + axis.replayName + "\",\"direction\":\"" + direction.replayName + "\""
        }
        return line + "}"
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
