#!/usr/bin/env python3
"""pager-gtk: a four-direction pager of coloured pages in a GTK 4 window, in
Python, on Fourway's pager engine (the fourway_pager package). Drag with the
mouse or a finger (GtkGestureDrag), scroll with a touchpad, zoom with a pinch
(GtkGestureZoom) or Ctrl+wheel (GtkEventControllerScroll), flip with the arrow
keys, + and - zoom, 0 resets it, Escape interrupts a drag, q quits. Every
engine event is printed as a JSON line.

    pip install dist/fourway_pager-*.whl     # scripts/package-python
    python3 Examples/gtk/pager-gtk.py [--width W] [--height H] [--h-pages N|inf] [--v-pages N|inf]

Needs PyGObject with GTK 4 (Debian: python3-gi, python3-gi-cairo, gir1.2-gtk-4.0).
The engine keeps no clock: every call gets the frame clock's time, and the
drawing asks the engine where each slot and the zoomed page go.
"""
import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
from gi.repository import Gdk, Gio, GLib, Gtk  # noqa: E402

import fourway_pager  # noqa: E402

# A page's colour: hue from its column, lightness from its row (as Examples/c-sdl).
HUES = [(220, 70, 60), (230, 160, 40), (90, 170, 70), (50, 160, 190), (80, 90, 200), (170, 80, 180)]
# The square at the centre of every page, px at fit: zooming grows it on screen.
MARKER = 40
# Touchpad units (libinput's px, what fw_pager_scroll takes) per GTK scroll
# delta: GTK divides them by 10. Zoom per Ctrl+wheel notch.
SCROLL_UNITS = 10
WHEEL_ZOOM = 1.25


def page_colour(h, v):
    r, g, b = HUES[h % 6]
    shade = (v % 4) * 30
    return tuple(max(0, c - shade) / 255 for c in (r, g, b))


class PagerView(Gtk.DrawingArea):
    """Draws the engine's slots and feeds it the widget's input."""

    def __init__(self, pager):
        super().__init__()
        self.pager = pager
        self.set_focusable(True)
        self.set_draw_func(self.draw)
        self.drag_start = (0.0, 0.0)
        self.pinch_scale = 1.0
        self.add_tick_callback(self.tick)
        self.connect("resize", self.resized)

        drag = Gtk.GestureDrag()
        drag.connect("drag-begin", self.drag_begin)
        drag.connect("drag-update", self.drag_update)
        drag.connect("drag-end", self.drag_end)
        self.add_controller(drag)

        scroll = Gtk.EventControllerScroll.new(Gtk.EventControllerScrollFlags.BOTH_AXES)
        scroll.connect("scroll", self.scrolled)
        scroll.connect("scroll-end", lambda _controller: self.pager.scroll_ended(self.now()))
        self.add_controller(scroll)

        pinch = Gtk.GestureZoom()
        pinch.connect("begin", self.pinch_begin)
        pinch.connect("scale-changed", self.pinch_changed)
        self.add_controller(pinch)

        keys = Gtk.EventControllerKey()
        keys.connect("key-pressed", self.key_pressed)
        self.add_controller(keys)

    @staticmethod
    def now():
        return GLib.get_monotonic_time() / 1e6

    # ------------------------------------------------------------ input

    def drag_begin(self, _gesture, x, y):
        self.grab_focus()
        self.drag_start = (x, y)
        self.pager.pointer_down(x, y, self.now())

    def drag_update(self, _gesture, dx, dy):
        self.pager.pointer_moved(self.drag_start[0] + dx, self.drag_start[1] + dy, self.now())

    def drag_end(self, _gesture, dx, dy):
        self.pager.pointer_up(self.drag_start[0] + dx, self.drag_start[1] + dy, self.now())

    def scrolled(self, controller, dx, dy):
        state = controller.get_current_event_state()
        if state & Gdk.ModifierType.CONTROL_MASK:
            width, height = self.pager.page_size
            self.pager.zoom_by(WHEEL_ZOOM ** -dy, width / 2, height / 2, True, self.now())
        else:
            # The content follows the fingers: scrolling down shows the page below.
            self.pager.scroll(-dx * SCROLL_UNITS, -dy * SCROLL_UNITS, self.now())
        return True

    def pinch_begin(self, _gesture, _sequence):
        self.pinch_scale = self.pager.zoom_target_scale

    def pinch_changed(self, gesture, scale):
        found, x, y = gesture.get_bounding_box_center()
        if not found:
            x, y = (size / 2 for size in self.pager.page_size)
        self.pager.zoom_to(self.pinch_scale * scale, x, y, False, self.now())

    def key_pressed(self, _controller, keyval, _keycode, _state):
        name = Gdk.keyval_name(keyval) or ""
        t = self.now()
        width, height = self.pager.page_size
        directions = {"Left": "left", "Right": "right", "Up": "up", "Down": "down"}
        if name in directions:
            self.pager.flip(directions[name], t)
        elif name in ("plus", "equal", "KP_Add"):
            self.pager.zoom_in(width / 2, height / 2, t)
        elif name in ("minus", "KP_Subtract"):
            self.pager.zoom_out(width / 2, height / 2, t)
        elif name == "0":
            self.pager.reset_zoom(True, t)
        elif name == "Escape":
            if not self.pager.interrupt("escape", t):
                self.get_root().close()
        elif name == "q":
            self.get_root().close()
        else:
            return False
        return True

    # ------------------------------------------------------------ frames

    def tick(self, _widget, frame_clock):
        self.pager.advance(self.now())
        for line in self.pager.poll_event_lines():
            print(line, flush=True)
        self.queue_draw()
        return GLib.SOURCE_CONTINUE

    def resized(self, _area, width, height):
        if (width, height) != self.pager.page_size and width > 0 and height > 0:
            self.pager.resize(width, height, self.now())

    def draw(self, _area, cr, _width, _height):
        cr.set_source_rgb(0.09, 0.09, 0.09)
        cr.paint()
        content = self.pager.zoom_content_frame
        for slot in self.pager.slots:
            if slot.page is None or slot.visible_fraction <= 0:
                continue
            x, y, width, height = slot.frame
            cr.save()
            cr.rectangle(x, y, width, height)
            cr.clip()
            cr.set_source_rgb(*page_colour(*slot.page))
            cr.paint()
            # The current page's content is zoomed and panned; the others are at fit.
            cx, cy, cw, ch = content if (slot.column, slot.row) == (0, 0) else slot.frame
            scale = cw / width
            cr.set_source_rgb(0.1, 0.1, 0.1)
            cr.rectangle(cx + cw / 2 - MARKER * scale / 2, cy + ch / 2 - MARKER * scale / 2,
                         MARKER * scale, MARKER * scale)
            cr.fill()
            cr.set_source_rgb(1, 1, 1)
            cr.set_line_width(2)
            cr.rectangle(cx + 8 * scale, cy + 8 * scale, cw - 16 * scale, ch - 16 * scale)
            cr.stroke()
            cr.restore()


def main(argv):
    options = {"--width": "640", "--height": "400", "--h-pages": "inf", "--v-pages": "inf"}
    words = iter(argv)
    for word in words:
        if word not in options:
            sys.exit(f"pager-gtk: unknown option {word}")
        options[word] = next(words)
    count = lambda text: None if text == "inf" else int(text)
    width, height = int(options["--width"]), int(options["--height"])
    pager = fourway_pager.Pager(width, height, count(options["--h-pages"]), count(options["--v-pages"]))

    # NON_UNIQUE: each run its own window (tests run it beside other instances).
    app = Gtk.Application(application_id="org.fourway.PagerGtk", flags=Gio.ApplicationFlags.NON_UNIQUE)

    def activate(application):
        window = Gtk.ApplicationWindow(application=application, title="pager-gtk")
        window.set_default_size(width, height)
        window.set_resizable(False)
        view = PagerView(pager)
        window.set_child(view)
        window.present()
        view.grab_focus()

    app.connect("activate", activate)
    return app.run([sys.argv[0]])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
