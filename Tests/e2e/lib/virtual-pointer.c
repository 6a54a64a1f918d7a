/*
 * virtual-pointer: one pointer gesture on a Wayland compositor that offers
 * zwlr_virtual_pointer_manager_v1 (sway), for the end-to-end suites.
 *
 *   virtual-pointer 'extent 1280 800' 'motion 100 200' 'button left down' \
 *       'motion 400 200' 'sleep 50' 'button left up'
 *   printf 'scroll-finger 0 -12\nsleep 10\nstop\n' | virtual-pointer
 *
 * Each argument is one command (with no argument: one a line on stdin):
 *   extent W H          the size motion's coordinates are taken in (the
 *                       output's size in points; required before motion)
 *   motion X Y          move the pointer to X, Y (absolute)
 *   button B down|up    B: left, right or middle
 *   scroll-finger DX DY a finger scroll (touchpad units, as libinput's px):
 *                       axis + axis_source finger, then frame
 *   stop                the fingers lift: axis_stop on both axes, frame
 *   wheel DY            DY wheel notches (axis_discrete, source wheel)
 *   hwheel DX           DX horizontal wheel notches
 *   sleep MS            wait (the requests before it are sent first)
 * Timestamps are the monotonic clock's ms, so pauses show in the events.
 *
 * Built by Tests/e2e/lib/harness.py (wayland-scanner + cc) from
 * wlr-virtual-pointer-unstable-v1.xml beside it. Exits 1 with one line on
 * stderr when the compositor or the protocol is missing or a command is bad.
 */
#include <linux/input-event-codes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wayland-client.h>

#include "wlr-virtual-pointer-unstable-v1-client-protocol.h"

static struct wl_seat *seat;
static struct zwlr_virtual_pointer_manager_v1 *manager;
static struct zwlr_virtual_pointer_v1 *pointer;
static struct wl_display *display;
static unsigned extent_w, extent_h;

static void on_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface,
                      uint32_t version) {
    (void)data;
    (void)version;
    if (strcmp(interface, wl_seat_interface.name) == 0 && !seat)
        seat = wl_registry_bind(registry, name, &wl_seat_interface, 1);
    else if (strcmp(interface, zwlr_virtual_pointer_manager_v1_interface.name) == 0)
        manager = wl_registry_bind(registry, name, &zwlr_virtual_pointer_manager_v1_interface, 1);
}

static void on_global_remove(void *data, struct wl_registry *registry, uint32_t name) {
    (void)data;
    (void)registry;
    (void)name;
}

static const struct wl_registry_listener registry_listener = {on_global, on_global_remove};

static uint32_t now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint32_t)(t.tv_sec * 1000 + t.tv_nsec / 1000000);
}

static void pause_ms(long ms) {
    wl_display_flush(display);
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000};
    nanosleep(&t, NULL);
}

static int bad(const char *line) {
    fprintf(stderr, "virtual-pointer: bad command: %s\n", line);
    return 0;
}

static int button_code(const char *name) {
    if (strcmp(name, "left") == 0) return BTN_LEFT;
    if (strcmp(name, "right") == 0) return BTN_RIGHT;
    if (strcmp(name, "middle") == 0) return BTN_MIDDLE;
    return -1;
}

/* wlroots 0.15 files axis_source under the axis of the axis request before
 * it, so the source follows each axis in the same frame. */
static void finger_axis(uint32_t axis, double value) {
    zwlr_virtual_pointer_v1_axis(pointer, now_ms(), axis, wl_fixed_from_double(value));
    zwlr_virtual_pointer_v1_axis_source(pointer, WL_POINTER_AXIS_SOURCE_FINGER);
}

static void wheel(uint32_t axis, int notches) {
    /* 15 px a notch: what libinput reports for a mouse wheel. */
    zwlr_virtual_pointer_v1_axis_discrete(pointer, now_ms(), axis, wl_fixed_from_double(15.0 * notches), notches);
    zwlr_virtual_pointer_v1_axis_source(pointer, WL_POINTER_AXIS_SOURCE_WHEEL);
    zwlr_virtual_pointer_v1_frame(pointer);
}

/* Runs one command; 0 when it is not one. */
static int run(const char *line) {
    char word[32] = "", arg[32] = "";
    double a = 0, b = 0;
    int n = sscanf(line, "%31s %lf %lf", word, &a, &b);
    if (n < 1) return 1;   /* an empty line */
    if (strcmp(word, "extent") == 0 && n == 3 && a >= 1 && b >= 1) {
        extent_w = (unsigned)a;
        extent_h = (unsigned)b;
    } else if (strcmp(word, "motion") == 0 && n == 3) {
        if (!extent_w) return bad("motion before extent");
        if (a < 0) a = 0;
        if (b < 0) b = 0;
        zwlr_virtual_pointer_v1_motion_absolute(pointer, now_ms(), (uint32_t)a, (uint32_t)b, extent_w, extent_h);
        zwlr_virtual_pointer_v1_frame(pointer);
    } else if (strcmp(word, "button") == 0) {
        char name[16] = "";
        if (sscanf(line, "%*s %15s %31s", name, arg) != 2 || button_code(name) < 0) return bad(line);
        int down = strcmp(arg, "down") == 0;
        if (!down && strcmp(arg, "up") != 0) return bad(line);
        zwlr_virtual_pointer_v1_button(pointer, now_ms(), (uint32_t)button_code(name),
                                       down ? WL_POINTER_BUTTON_STATE_PRESSED : WL_POINTER_BUTTON_STATE_RELEASED);
        zwlr_virtual_pointer_v1_frame(pointer);
    } else if (strcmp(word, "scroll-finger") == 0 && n == 3) {
        if (a != 0) finger_axis(WL_POINTER_AXIS_HORIZONTAL_SCROLL, a);
        if (b != 0) finger_axis(WL_POINTER_AXIS_VERTICAL_SCROLL, b);
        zwlr_virtual_pointer_v1_frame(pointer);
    } else if (strcmp(word, "stop") == 0) {
        uint32_t t = now_ms();
        zwlr_virtual_pointer_v1_axis_stop(pointer, t, WL_POINTER_AXIS_HORIZONTAL_SCROLL);
        zwlr_virtual_pointer_v1_axis_source(pointer, WL_POINTER_AXIS_SOURCE_FINGER);
        zwlr_virtual_pointer_v1_axis_stop(pointer, t, WL_POINTER_AXIS_VERTICAL_SCROLL);
        zwlr_virtual_pointer_v1_axis_source(pointer, WL_POINTER_AXIS_SOURCE_FINGER);
        zwlr_virtual_pointer_v1_frame(pointer);
    } else if (strcmp(word, "wheel") == 0 && n == 2) {
        wheel(WL_POINTER_AXIS_VERTICAL_SCROLL, (int)a);
    } else if (strcmp(word, "hwheel") == 0 && n == 2) {
        wheel(WL_POINTER_AXIS_HORIZONTAL_SCROLL, (int)a);
    } else if (strcmp(word, "sleep") == 0 && n == 2 && a >= 0) {
        pause_ms((long)a);
    } else {
        return bad(line);
    }
    return 1;
}

int main(int argc, char **argv) {
    display = wl_display_connect(NULL);
    if (!display) {
        fprintf(stderr, "virtual-pointer: cannot connect to the Wayland display (WAYLAND_DISPLAY, XDG_RUNTIME_DIR)\n");
        return 1;
    }
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, NULL);
    wl_display_roundtrip(display);
    if (!manager) {
        fprintf(stderr, "virtual-pointer: the compositor offers no zwlr_virtual_pointer_manager_v1\n");
        return 1;
    }
    pointer = zwlr_virtual_pointer_manager_v1_create_virtual_pointer(manager, seat);
    wl_display_roundtrip(display);
    /* The seat gains its pointer capability only once a virtual pointer
     * exists, and clients bind wl_pointer after that: events sent at once
     * reach nobody. */
    pause_ms(200);
    int ok = 1;
    if (argc > 1) {
        for (int i = 1; i < argc && ok; i++) ok = run(argv[i]);
    } else {
        char line[256];
        while (ok && fgets(line, sizeof line, stdin)) ok = run(line);
    }
    wl_display_roundtrip(display);
    zwlr_virtual_pointer_v1_destroy(pointer);
    wl_display_roundtrip(display);
    wl_display_disconnect(display);
    return ok ? 0 : 1;
}
