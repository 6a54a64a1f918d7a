import Glibc
import Pager

/// The compare view's input: the wheel and the zoom gestures zoom every
/// cell around the pointer's point, a drag pans them all, a click keeps the
/// image clicked; keys through ``KeyMap`` in its `compare` mode. What the
/// view does not do itself (keep, trash, help, quit) goes to the session.
extension CompareScreen {
    /// Handles one input while the view shows; returns the actions for the session.
    func handle(_ input: BrowserInput, time: Double) -> [BrowserAction] {
        guard isShowing else { return [] }
        switch input {
        case .wheel(let sample):
            guard let point = pointerPoint else { return [] }
            zoom(by: pow(CompareZoom.step, sample.y), at: point, time: time)
        case .zoom(.wheel(let notches, let x, let y), _):
            zoom(by: pow(CompareZoom.step, notches), at: (x, y), time: time)
        case .zoom(.pinch(let change, let x, let y), _):
            zoom(by: max(0.5, 1 + change * 2), at: (x, y), time: time)
        case .zoom(_, let otherwise):
            return otherwise.map { handle($0, time: time) } ?? []
        case .key(let key, let ctrl, let shift):
            guard let action = keyMap.action(for: key, ctrl: ctrl, shift: shift, in: .compare) else { return [] }
            return perform(action, time: time)
        case .mouseDown(.left, let x, let y):
            setPointer(x, y)
            press = (x, y, layout.cellIndex(x: x, y: y), false)
        case .mouseMoved(let x, let y, let held):
            return moved(to: (x, y), held: held, time: time)
        case .mouseUp(.left, let x, let y):
            setPointer(x, y)
            defer { press = nil }
            guard let press, !press.dragging, let cell = press.cell else { return [] }
            clickedCell = cell
            return [.action(.keepClicked)]
        case .focusLost, .windowHidden:
            press = nil
        case .mouseDown, .mouseUp, .fingerDown, .fingerMoved, .fingerUp:
            break
        }
        return []
    }

    /// The pointer moved; with the button held past the slop, every cell pans.
    private func moved(to point: (x: Double, y: Double), held: Bool, time: Double) -> [BrowserAction] {
        let last = pointerPoint
        setPointer(point.x, point.y)
        guard held, var press else {
            self.press = nil
            return []
        }
        if !press.dragging {
            let slop = Self.dragSlop * scaleUI
            guard hypot(point.x - press.x, point.y - press.y) > slop else { return [] }
            press.dragging = true
            self.press = press
        }
        let from = last ?? point
        let cell = press.cell ?? 0
        guard cell < ordinals.count else { return [] }
        pan(dx: point.x - from.x, dy: point.y - from.y, cell: cell, time: time)
        return []
    }

    /// An action of the compare mode: its own zoom, moves and close, or the
    /// action itself for the session.
    private func perform(_ action: Action, time: Double) -> [BrowserAction] {
        switch action {
        case .zoomIn, .zoomOut:
            let factor = action == .zoomIn ? CompareZoom.step : 1 / CompareZoom.step
            zoom(by: factor, at: pointerPoint ?? centre(of: 0), time: time)
        case .zoomFit:
            zoom.fit()
            logZoom(time: time)
        case .compareNext, .comparePrevious:
            guard let count = galleryLayout?.count else { return [] }
            moveOn(CompareSelection.advanced(ordinals, by: action == .compareNext ? 1 : -1, count: count), time: time)
        case .escape: close(how: "escape", time: time)
        case .toggleCompare: close(how: "toggle", time: time)
        default: return [.action(action)]
        }
        return []
    }

    /// Zooms every cell by `factor` around `point`, in the cell under it
    /// (the first when it is in none).
    private func zoom(by factor: Double, at point: (x: Double, y: Double), time: Double) {
        let layout = self.layout
        let cell = min(layout.cellIndex(x: point.x, y: point.y) ?? 0, ordinals.count - 1)
        guard cell >= 0 else { return }
        let fitted = fittedRect(cell, in: layout)
        let before = zoom
        zoom.zoom(by: factor, atX: point.x, y: point.y, fitted: fitted, picture: layout.cells[cell].picture)
        if zoom != before { logZoom(time: time) }
    }

    private func pan(dx: Double, dy: Double, cell: Int, time: Double) {
        let before = zoom
        let fitted = fittedRect(cell, in: layout)
        zoom.pan(dx: dx, dy: dy, fitted: fitted)
        if zoom != before { logZoom(time: time) }
    }

    private func centre(of cell: Int) -> (x: Double, y: Double) {
        let picture = layout.cells[cell].picture
        return (Double(picture.x) + Double(picture.width) / 2, Double(picture.y) + Double(picture.height) / 2)
    }

    private func logZoom(time: Double) {
        log?.write(.compareZoomed(scale: zoom.scale, centreX: zoom.centreX, centreY: zoom.centreY), time: time)
    }
}
