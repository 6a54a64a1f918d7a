// A host in Embedded Swift (Tests/embedded/run): flips right, steps to
// rest, checks the page it landed on and the events it heard.
@main
struct EmbeddedHost {
    static func main() {
        var model = PagerModel(pageWidth: 1280, pageHeight: 800, horizontalPages: nil, verticalPages: 3)
        _ = model.flip(.right, time: 0)
        var time = 0.0
        while !model.isSettled {
            time += 1.0 / 120
            model.advance(to: time)
        }
        var events = 0
        var line = ""
        while let event = model.pollEvent() {
            events += 1
            line = event.jsonLine
        }
        print(line)
        // The same line pager-replay prints for this flip at 120 fps (the key
        // flip: PageAnimationStyle.keyFlip, 120 ms, settled on the frame after).
        let expected = #"{"t":0.125,"event":"settled","page":[1,0]}"#
        print(model.currentPage.h == 1 && events == 4 && line == expected ? "ok" : "wrong")
    }
}
