// Drives the engine through a steady-state session (drags, releases, frames,
// flips, touchpad scrolls, interruptions, free scrolling, zoom and pan, the paging
// options set at creation and changed while it runs; every frame also
// computes the sticky album headers and the backdrop rectangles) and counts the heap
// allocations it makes. The engine promises none per input or frame.
//
// Built and run by Tests/allocations/run together with Sources/Pager and counter.c.

import Glibc
import Pager

@_silgen_name("allocations_start") func allocationsStart()
@_silgen_name("allocations_stop") func allocationsStop() -> Int

let frame = 1.0 / 60
var time = 0.0
var model = PagerModel(pageWidth: 1280, pageHeight: 800, horizontalPages: nil, verticalPages: 7)
var scroller = Scroller(limits: Rect(x: 0, y: 0, width: 3000, height: 90_000))
var inputs = 0
let headerLayout = StickyHeaderLayout(headerHeight: 30)
let parallax = ParallaxBackdrop()
var frames = 0
var drained = 0
let flipOrder: [FlipDirection] = [.right, .down, .left, .up, .right]

func frames(_ count: Int) {
    for _ in 0..<count {
        time += frame
        model.advance(to: time)
        scroller.advance(to: time)
        while let event = model.pollEvent() {
            if case .slotsRecycled(let changes) = event.kind {
                for change in changes { drained &+= change.slot }
            }
            drained &+= 1
        }
        for slot in model.slots where slot.visibleFraction > 0 { drained &+= Int(slot.frame.x) & 1 }
        for header in headerLayout.headers(for: model) { drained &+= Int(header.y) & 1 }
        for slot in model.slots where slot.visibleFraction > 0 {
            drained &+= Int(parallax.rect(slotFrame: slot.frame, imageWidth: 3000, imageHeight: 4000).x) & 1
        }
        frames += 1
    }
}

func drag(dx: Double, dy: Double, steps: Int) {
    var x = 640.0, y = 400.0
    model.pointerDown(x: x, y: y, time: time)
    scroller.dragBegan(time: time)
    inputs += 2
    for _ in 0..<steps {
        time += 0.008
        x += dx / Double(steps)
        y += dy / Double(steps)
        model.pointerMoved(x: x, y: y, time: time)
        scroller.drag(by: Point(x: dx / Double(steps), y: dy / Double(steps)), time: time)
        inputs += 2
    }
    model.pointerUp(x: x, y: y, time: time)
    scroller.dragEnded(time: time)
    inputs += 2
}

func session() {
    drag(dx: -500, dy: 10, steps: 20); frames(40)
    drag(dx: 5, dy: 600, steps: 20); frames(40)
    drag(dx: 90, dy: 0, steps: 10); frames(40)       // returns
    for direction in flipOrder {
        _ = model.flip(direction, time: time); inputs += 1
        frames(3)
    }
    frames(40)
    for _ in 0..<12 { time += 0.01; model.scroll(dx: 0, dy: -30, time: time); inputs += 1 }
    model.scrollEnded(time: time); inputs += 1
    frames(40)
    model.pointerDown(x: 100, y: 100, time: time)
    time += 0.01
    model.pointerMoved(x: 200, y: 104, time: time)
    _ = model.interrupt(.focusLost, time: time); inputs += 3
    frames(40)
    model.go(to: PageIndex(h: Int(time) % 9, v: 3), animated: true, time: time); inputs += 1
    frames(40)
    scroller.scroll(by: Point(x: 0, y: 400), animated: true, time: time); inputs += 1
    frames(30)
    // Zoom: in around a point, a pan that runs into the edge and hands over, back to fit.
    model.setZoomContent(width: 1067, height: 800, pixelScale: 3.75, time: time)
    _ = model.zoomIn(around: Point(x: 900, y: 300), time: time); inputs += 2
    frames(30)
    drag(dx: -1400, dy: 30, steps: 30); frames(60)
    model.setZoomContent(width: 1280, height: 720, pixelScale: 3, time: time)
    _ = model.toggleZoom(around: Point(x: 200, y: 600), time: time); inputs += 2
    frames(30)
    drag(dx: 300, dy: -200, steps: 10); frames(30)
    _ = model.zoom(by: 0.8, around: Point(x: 640, y: 400), animated: true, time: time)
    _ = model.resetZoom(animated: true, time: time); inputs += 2
    frames(30)
}

session()   // warm up: the runtime's one-time metadata and lazy state
session()
let before = (inputs, frames)
allocationsStart()
for _ in 0..<200 { session() }
var counted = allocationsStop()

// The same sessions with the paging options on: ragged rows (4, 2 and 6 pages),
// only some edges overshooting, long swipes, 24 px between pages, both axes reversed. A new model, warmed up like the first (no copy of it is kept:
// a copy would share its event queue's buffer until the first write).
var options = PagerConfiguration()
options.overshootEdges = [.left, .bottom]
options.allowsLongSwipes = true
options.spacing = 24
options.horizontalReversed = true
options.verticalReversed = true
model = PagerModel(pageWidth: 1280, pageHeight: 800, rowLengths: [4, 2, 6], configuration: options)
let warmUp = (inputs, frames)
session()
let warmedUp = (inputs: inputs - warmUp.0, frames: frames - warmUp.1)
allocationsStart()
for _ in 0..<100 { session() }
counted += allocationsStop()

// The same sessions while the options change on the running model
// (`PagerModel+Options.swift`, `setRowLengths`): the row lengths are copied
// into storage the model keeps, so after the first ragged rows none allocates.
let rowSets: [[Int]] = [[4, 2, 6], [9, 1, 3], [2, 2, 2]]
var round = 0
func changeOptions() {
    round += 1
    model.setSpacing(Double(round % 4) * 10, time: time)
    model.setReversed(horizontal: round % 2 == 0, vertical: round % 3 == 0, time: time)
    model.setLongSwipes(round % 2 == 1, maximumPages: 1 + round % 4)
    model.setOvershootEdges(EdgeSet(rawValue: UInt8(round % 16)))
    model.setRowLengths(round % 4 == 0 ? nil : rowSets[round % 3], time: time)
    inputs += 5
}
let warmUpOptions = (inputs, frames)
changeOptions()
session()
let warmedUpOptions = (inputs: inputs - warmUpOptions.0, frames: frames - warmUpOptions.1)
allocationsStart()
for _ in 0..<100 {
    changeOptions()
    session()
}
counted += allocationsStop()
let measured = (inputs: inputs - before.0 - warmedUp.inputs - warmedUpOptions.inputs,
                frames: frames - before.1 - warmedUp.frames - warmedUpOptions.frames)

// The counter must see an allocation when there is one, or zero means nothing.
allocationsStart()
var control = [Int](repeating: drained, count: 1000)
control[0] &+= 1
let controlCount = allocationsStop()

print("allocations: \(counted) over \(measured.inputs) inputs and \(measured.frames) frames"
      + " (control array: \(controlCount)); page \(model.currentPage)")
if controlCount == 0 {
    print("FAIL: the allocation counter saw nothing for a 1000-element array")
    exit(2)
}
if counted != 0 {
    print("FAIL: the engine allocated in steady state")
    exit(1)
}
