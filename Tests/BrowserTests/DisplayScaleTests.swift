import Testing
@testable import Browser

@Suite("Display scale and video driver choice")
struct DisplayScaleTests {
    @Test("points become pixels at the drawable's factor")
    func conversion() {
        let hidpi = DisplayScale(pixelsPerPoint: 2, ui: 2)
        #expect(hidpi.pixels(fromPoints: 320) == 640)
        #expect(hidpi.pixels(fromPoints: 0.5) == 1)
        #expect(DisplayScale().pixels(fromPoints: 123) == 123)
        #expect(DisplayScale(pixelsPerPoint: 1.5, ui: 1.5).pixels(fromPoints: 10) == 15)
        #expect(hidpi.scaled(12) == 24)
        #expect(DisplayScale(pixelsPerPoint: 1, ui: 1.25).scaled(10) == 13)
    }

    @Test("Wayland at 2x: the drawable's factor is the scale; X11 and GDK_SCALE do not add to it")
    func waylandScale() {
        let two = DisplayScale.choose(pixelsPerPoint: 2, videoDriver: "wayland", gdkScale: "3", resources: nil)
        #expect(two == DisplayScale(pixelsPerPoint: 2, ui: 2))
        let one = DisplayScale.choose(pixelsPerPoint: 1, videoDriver: "wayland", gdkScale: "2",
                                      resources: "Xft.dpi:\t192\n")
        #expect(one == DisplayScale(pixelsPerPoint: 1, ui: 1))
        #expect(DisplayScale.choose(pixelsPerPoint: 0, videoDriver: "wayland", gdkScale: nil, resources: nil)
                    == DisplayScale())
        #expect(DisplayScale.choose(pixelsPerPoint: .nan, videoDriver: "x11", gdkScale: nil, resources: nil)
                    == DisplayScale())
    }

    @Test("X11: GDK_SCALE first, then Xft.dpi over 96 in quarters, clamped; a point stays a pixel")
    func x11Scale() {
        func ui(_ gdk: String?, _ resources: String?) -> Double {
            let scale = DisplayScale.choose(pixelsPerPoint: 1, videoDriver: "x11", gdkScale: gdk, resources: resources)
            #expect(scale.pixelsPerPoint == 1)
            return scale.ui
        }
        #expect(ui(nil, nil) == 1)
        #expect(ui("2", nil) == 2)
        #expect(ui(" 2 ", "Xft.dpi: 96\n") == 2)
        #expect(ui(nil, "Xft.antialias:\t1\nXft.dpi:\t192\nXft.hinting:\t1\n") == 2)
        #expect(ui(nil, "Xft.dpi:\t120\n") == 1.25)
        #expect(ui(nil, "Xft.dpi:\t144\n") == 1.5)
        #expect(ui(nil, "Xft.dpi:\t72\n") == 1)        // never below 1
        #expect(ui(nil, "Xft.dpi:\t9600\n") == DisplayScale.largestUI)
        #expect(ui("20", nil) == DisplayScale.largestUI)
        #expect(ui("0", "Xft.dpi:\t192\n") == 2)      // a bad GDK_SCALE falls through
        #expect(ui("two", nil) == 1)
        #expect(ui(nil, "Xft.dpi:\tlots\n") == 1)
        #expect(ui(nil, "Xcursor.size: 48\n") == 1)
    }

    @Test("Xft.dpi is read from a resource string")
    func xftDPI() {
        #expect(DisplayScale.xftDPI("Xft.dpi:\t192\n") == 192)
        #expect(DisplayScale.xftDPI("*background:\tblack\nXft.dpi: 110.5") == 110.5)
        #expect(DisplayScale.xftDPI("Xft.dpiX:\t192\n") == nil)
        #expect(DisplayScale.xftDPI("") == nil)
    }

    @Test("auto tries Wayland, then X11 through Xwayland; SDL_VIDEODRIVER and plain X11 keep SDL's own choice")
    func videoDrivers() {
        func env(_ sdl: String?, _ display: String?, _ wayland: String?) -> VideoDriverChoice.Environment {
            VideoDriverChoice.Environment(sdlVideoDriver: sdl, display: display, waylandDisplay: wayland)
        }
        #expect(VideoDriverChoice.drivers(.auto, env(nil, ":0", "wayland-0")) == ["wayland", "x11"])
        #expect(VideoDriverChoice.drivers(.auto, env(nil, nil, "wayland-0")) == ["wayland"])
        #expect(VideoDriverChoice.drivers(.auto, env("", "", "wayland-1")) == ["wayland"])
        #expect(VideoDriverChoice.drivers(.auto, env(nil, ":99", nil)) == [])
        #expect(VideoDriverChoice.drivers(.auto, env(nil, ":99", "")) == [])
        #expect(VideoDriverChoice.drivers(.auto, env("dummy", nil, "wayland-0")) == [])
        #expect(VideoDriverChoice.drivers(.x11, env("wayland", ":0", "wayland-0")) == ["x11"])
        #expect(VideoDriverChoice.drivers(.wayland, env(nil, ":0", nil)) == ["wayland"])
    }

    @Test("--video x11 without DISPLAY is refused in one line; a fallback is named")
    func videoMessages() {
        let none = VideoDriverChoice.Environment(sdlVideoDriver: nil, display: nil, waylandDisplay: "wayland-1")
        #expect(VideoDriverChoice.missingDisplay(.x11, none) == "--video x11 needs an X server, and DISPLAY is not set")
        #expect(VideoDriverChoice.missingDisplay(.wayland, none) == nil)
        #expect(VideoDriverChoice.missingDisplay(.auto, none) == nil)
        #expect(VideoDriverChoice.fallbackLine(driver: "wayland", reason: "no compositor", next: "x11")
                    == "the Wayland video driver failed (no compositor); using X11 (Xwayland)")
    }
}
