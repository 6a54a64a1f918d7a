/* The platform's touchpad, read beside SDL: Wayland's wl_pointer (axis
 * sources, discrete notches, axis_stop) and pointer-gestures pinch, bound
 * on SDL's own wl_display; or X11's XInput 2 smooth-scroll valuators and
 * XI 2.4 pinch on a second X connection. Events are queued here and taken
 * by the browser (Sources/Browser/Platform/PlatformTouchpad.swift), which
 * turns them into TouchpadEvent values. Main thread only, except that the
 * X11 side watches its connection from a thread of its own, which only
 * wakes the loop (an SDL user event of the type given). */
#ifndef FOURWAY_TOUCHPAD_INPUT_H
#define FOURWAY_TOUCHPAD_INPUT_H

#include <stdint.h>

enum fw_touchpad_kind { FW_TOUCHPAD_WAYLAND = 1, FW_TOUCHPAD_X11 = 2 };

/* The `user.code` of the wake event a queued event pushes: the loop takes
 * the touchpad's events without taking it for a worker's wake-up (on X11
 * every pointer motion over the window wakes it, and must draw nothing). */
enum { FW_TOUCHPAD_WAKE_CODE = 0x7470 };

enum fw_touchpad_event_kind {
    FW_TP_SCROLL = 1,       /* dx, dy units; source */
    FW_TP_LIFT = 2,         /* the fingers lifted (axis_stop) */
    FW_TP_NOTCH = 3,        /* notch_x, notch_y whole notches */
    FW_TP_PINCH_BEGIN = 4,  /* x, y: the pointer, window points (Wayland) or px (X11) */
    FW_TP_PINCH_UPDATE = 5, /* scale since the beginning; dx, dy */
    FW_TP_PINCH_END = 6     /* cancelled */
};

enum fw_touchpad_source {
    FW_TP_SOURCE_UNKNOWN = 0,
    FW_TP_SOURCE_FINGER = 1,
    FW_TP_SOURCE_CONTINUOUS = 2,
    FW_TP_SOURCE_WHEEL = 3
};

typedef struct fw_touchpad_event {
    int kind;
    int source;
    double dx, dy;
    double scale;
    double x, y;
    int notch_x, notch_y;
    int cancelled;
    /* The platform's timestamp, ms (its own clock's origin), when has_time. */
    uint32_t time_ms;
    int has_time;
} fw_touchpad_event;

typedef struct fw_touchpad fw_touchpad;

/* Binds the touchpad of the SDL window `sdl_window` (an SDL_Window *);
 * NULL when its video driver is neither Wayland nor X11, or the server
 * lacks what is needed (wl_pointer version 5, XInput 2.1). A queued event
 * pushes an SDL user event of type `wake_event_type`. */
fw_touchpad *fw_touchpad_open(void *sdl_window, uint32_t wake_event_type);
/* FW_TOUCHPAD_WAYLAND or FW_TOUCHPAD_X11. */
int fw_touchpad_kind(const fw_touchpad *touchpad);
/* Whether pinch gestures come (zwp_pointer_gestures_v1; XI 2.4). */
int fw_touchpad_has_pinch(const fw_touchpad *touchpad);
/* Takes the next queued event into `event`: 1, or 0 when none is left. */
int fw_touchpad_next(fw_touchpad *touchpad, fw_touchpad_event *event);
/* Unbinds and frees; before the window is destroyed. */
void fw_touchpad_close(fw_touchpad *touchpad);
/* On Wayland, the compositor's time (ms) of the wl_pointer event SDL made a
 * mouse event of, which this binding's own wl_pointer got too: a motion to
 * (`x`, `y`) (`button` 0; surface-local points rounded down, as SDL reports
 * them) or `button` (SDL's number: 1 left, 2 middle, 3 right) pressed or
 * released. The oldest unmatched event that matches is taken, with every
 * older one; 1 with `milliseconds` set, or 0 when none matches (and on
 * X11, whose times come with SDL_SYSWMEVENT: fw_x_event_time). Main thread. */
int fw_touchpad_pointer_time(fw_touchpad *touchpad, int button, int pressed, int x, int y,
                             uint32_t *milliseconds);

/* Before SDL's video starts (and once): on X11 a BadWindow for an
 * XSendEvent is not an error that ends the process. SDL wakes its event
 * loop from other threads with an XSendEvent to the window on a connection
 * of its own; on a loaded X server one sent before the window was
 * destroyed can be handled after it (the server serves its clients in
 * turn), and the error comes back when SDL_Quit closes that connection,
 * after SDL has put back the handler it found at start: installed first,
 * this one is that handler. Every other error goes to Xlib's own (which
 * ends the process, as before). */
void fw_x11_tolerate_late_wakeups(void);

/* After SDL's video starts, on X11 only: asks SDL for the X server's own
 * events (SDL_SYSWMEVENT), whose pointer events carry the time the server
 * gave them. SDL queues each just before the mouse event it makes of it,
 * so the loop can feed the engine a drag with the spacing it was made with
 * even when it reads the whole drag in one batch (pointer_time.c). */
void fw_pointer_times_enable(void);
enum fw_x_event_time_kind { FW_X_NO_TIME = 0, FW_X_POINTER_TIME = 1, FW_X_OTHER_TIME = 2 };
/* The X server's time (ms) of the X event that the SDL_SYSWMEVENT
 * `sdl_event` (an SDL_Event *) carries, in `milliseconds`: FW_X_POINTER_TIME
 * for a button, motion or crossing event (the time of the mouse event SDL
 * queues next, if it makes one), FW_X_OTHER_TIME for another event with a
 * time (keys, property changes: they show how soon the loop reads the
 * server's events, before any pointer event came), FW_X_NO_TIME for the rest. */
int fw_x_event_time(const void *sdl_event, uint32_t *milliseconds);

#endif
