/* Wayland: a wl_seat and wl_pointer of our own on SDL's wl_display, for
 * what SDL 2.26 drops (the axis source, axis_stop, the px values) and a
 * pinch from zwp_pointer_gestures_v1, which SDL 2.26 does not use. SDL's
 * own dispatch (SDL_PumpEvents, main thread) calls these listeners; each
 * wl_pointer.frame becomes queued events and wakes the loop. */
#include "touchpad_private.h"

#include <stdlib.h>
#include <string.h>
#include <wayland-client.h>

#include "pointer-gestures-unstable-v1-client-protocol.h"

/* wl_pointer version 5 brings frame, axis_source, axis_stop, axis_discrete;
 * 8 would replace axis_discrete with axis_value120, which is not handled. */
#define FW_POINTER_VERSION 7

typedef struct {
    fw_touchpad base;
    struct wl_display *display;
    struct wl_registry *registry;
    struct wl_seat *seat;
    struct wl_pointer *pointer;
    struct zwp_pointer_gestures_v1 *gestures;
    struct zwp_pointer_gesture_pinch_v1 *pinch;
    /* SDL's window surface, and whether the pointer is on it (not on a
     * libdecor decoration, another surface of this client). */
    struct wl_surface *surface;
    int on_window;
    /* The pointer in the window, surface-local points. */
    double x, y;
    /* The frame being gathered: per axis (0 vertical, 1 horizontal). */
    int source;
    int has_value[2], stopped[2], discrete[2];
    double value[2];
    uint32_t time_ms;
    int has_time;
    /* The pointer's motions and buttons not yet matched with SDL's mouse
     * events (fw_touchpad_pointer_time), oldest first. */
    struct {
        uint32_t time_ms;
        int button, pressed, x, y;
    } stamps[64];
    unsigned stamp_head, stamp_count;
} wayland_touchpad;

#define FW_STAMPS (sizeof ((wayland_touchpad *)0)->stamps / sizeof ((wayland_touchpad *)0)->stamps[0])

/* The largest integer not above `v`, as SDL_floorf gives SDL's point. */
static int floor_int(double v) {
    int i = (int)v;
    return v < i ? i - 1 : i;
}

/* Keeps a motion (`button` 0) or a button's change at `time` for the mouse
 * event SDL makes of the same wl_pointer event; the oldest goes when full. */
static void stamp(wayland_touchpad *t, uint32_t time, int button, int pressed) {
    if (t->stamp_count == FW_STAMPS) {
        t->stamp_head = (t->stamp_head + 1) % FW_STAMPS;
        t->stamp_count--;
    }
    unsigned i = (t->stamp_head + t->stamp_count) % FW_STAMPS;
    t->stamps[i].time_ms = time;
    t->stamps[i].button = button;
    t->stamps[i].pressed = pressed;
    t->stamps[i].x = floor_int(t->x);
    t->stamps[i].y = floor_int(t->y);
    t->stamp_count++;
}

static int wayland_pointer_time(fw_touchpad *base, int button, int pressed, int x, int y, uint32_t *milliseconds) {
    wayland_touchpad *t = (wayland_touchpad *)base;
    for (unsigned k = 0; k < t->stamp_count; k++) {
        unsigned i = (t->stamp_head + k) % FW_STAMPS;
        int matches = button == 0
            ? t->stamps[i].button == 0 && t->stamps[i].x == x && t->stamps[i].y == y
            : t->stamps[i].button == button && t->stamps[i].pressed == (pressed != 0);
        if (!matches) continue;
        *milliseconds = t->stamps[i].time_ms;
        t->stamp_head = (i + 1) % FW_STAMPS;
        t->stamp_count -= k + 1;
        return 1;
    }
    return 0;
}

/* SDL's number of a Linux button code (linux/input-event-codes.h); 0 for others. */
static int sdl_button(uint32_t code) {
    switch (code) {
    case 0x110: return 1; /* BTN_LEFT */
    case 0x112: return 2; /* BTN_MIDDLE */
    case 0x111: return 3; /* BTN_RIGHT */
    default: return 0;
    }
}

static void frame_reset(wayland_touchpad *t) {
    t->source = -1;
    memset(t->has_value, 0, sizeof t->has_value);
    memset(t->stopped, 0, sizeof t->stopped);
    memset(t->discrete, 0, sizeof t->discrete);
    t->value[0] = t->value[1] = 0;
    t->has_time = 0;
}

static void push(wayland_touchpad *t, fw_touchpad_event event) {
    fw_touchpad_queue_push(&t->base.queue, event);
}

static void note_time(wayland_touchpad *t, uint32_t time) {
    t->time_ms = time;
    t->has_time = 1;
}

static fw_touchpad_event stamped(wayland_touchpad *t, fw_touchpad_event event) {
    event.time_ms = t->time_ms;
    event.has_time = t->has_time;
    return event;
}

static void pointer_enter(void *data, struct wl_pointer *p, uint32_t serial, struct wl_surface *s,
                          wl_fixed_t x, wl_fixed_t y) {
    wayland_touchpad *t = data;
    t->on_window = !t->surface || s == t->surface;
    t->x = wl_fixed_to_double(x);
    t->y = wl_fixed_to_double(y);
}

static void pointer_leave(void *data, struct wl_pointer *p, uint32_t serial, struct wl_surface *s) {
    wayland_touchpad *t = data;
    t->on_window = 0;
}

static void pointer_motion(void *data, struct wl_pointer *p, uint32_t time, wl_fixed_t x, wl_fixed_t y) {
    wayland_touchpad *t = data;
    t->x = wl_fixed_to_double(x);
    t->y = wl_fixed_to_double(y);
    if (t->on_window) stamp(t, time, 0, 0);
}

static void pointer_button(void *data, struct wl_pointer *p, uint32_t serial, uint32_t time, uint32_t button,
                           uint32_t state) {
    wayland_touchpad *t = data;
    int which = sdl_button(button);
    if (t->on_window && which) stamp(t, time, which, state == WL_POINTER_BUTTON_STATE_PRESSED);
}

static void pointer_axis(void *data, struct wl_pointer *p, uint32_t time, uint32_t axis, wl_fixed_t value) {
    wayland_touchpad *t = data;
    int a = axis == WL_POINTER_AXIS_HORIZONTAL_SCROLL;
    t->has_value[a] = 1;
    note_time(t, time);
    t->value[a] += wl_fixed_to_double(value);
}

static void pointer_axis_source(void *data, struct wl_pointer *p, uint32_t source) {
    wayland_touchpad *t = data;
    t->source = (int)source;
}

static void pointer_axis_stop(void *data, struct wl_pointer *p, uint32_t time, uint32_t axis) {
    wayland_touchpad *t = data;
    t->stopped[axis == WL_POINTER_AXIS_HORIZONTAL_SCROLL] = 1;
    note_time(t, time);
}

static void pointer_axis_discrete(void *data, struct wl_pointer *p, uint32_t axis, int32_t discrete) {
    wayland_touchpad *t = data;
    t->discrete[axis == WL_POINTER_AXIS_HORIZONTAL_SCROLL] += discrete;
}

static void pointer_axis_value120(void *data, struct wl_pointer *p, uint32_t axis, int32_t value120) {}

static int source_of(int wayland_source) {
    switch (wayland_source) {
    case WL_POINTER_AXIS_SOURCE_FINGER: return FW_TP_SOURCE_FINGER;
    case WL_POINTER_AXIS_SOURCE_CONTINUOUS: return FW_TP_SOURCE_CONTINUOUS;
    case WL_POINTER_AXIS_SOURCE_WHEEL:
    case WL_POINTER_AXIS_SOURCE_WHEEL_TILT: return FW_TP_SOURCE_WHEEL;
    default: return FW_TP_SOURCE_UNKNOWN;
    }
}

/* The frame's events, in order: a wheel's notches (or its travel when it
 * has none), else the scroll, then the lift: a scroll arriving with the
 * lift counts too. */
static void pointer_frame(void *data, struct wl_pointer *p) {
    wayland_touchpad *t = data;
    if (!t->on_window) {
        frame_reset(t);
        return;
    }
    int source = source_of(t->source);
    int any_value = t->has_value[0] || t->has_value[1];
    /* Discrete steps are a wheel's, whether or not the source was sent. */
    if (t->discrete[0] || t->discrete[1]) {
        fw_touchpad_event e = {.kind = FW_TP_NOTCH, .source = FW_TP_SOURCE_WHEEL,
                               .notch_x = t->discrete[1], .notch_y = t->discrete[0]};
        push(t, stamped(t, e));
    } else if (any_value) {
        fw_touchpad_event e = {.kind = FW_TP_SCROLL, .source = source, .dx = t->value[1], .dy = t->value[0]};
        push(t, stamped(t, e));
    }
    if (t->stopped[0] || t->stopped[1]) {
        fw_touchpad_event e = {.kind = FW_TP_LIFT, .source = source};
        push(t, stamped(t, e));
    }
    if (any_value || t->stopped[0] || t->stopped[1]) fw_touchpad_wake(&t->base.queue);
    frame_reset(t);
}

static const struct wl_pointer_listener pointer_listener = {
    .enter = pointer_enter,
    .leave = pointer_leave,
    .motion = pointer_motion,
    .button = pointer_button,
    .axis = pointer_axis,
    .frame = pointer_frame,
    .axis_source = pointer_axis_source,
    .axis_stop = pointer_axis_stop,
    .axis_discrete = pointer_axis_discrete,
    .axis_value120 = pointer_axis_value120,
};

static void pinch_begin(void *data, struct zwp_pointer_gesture_pinch_v1 *pinch, uint32_t serial, uint32_t time,
                        struct wl_surface *surface, uint32_t fingers) {
    wayland_touchpad *t = data;
    if (!t->on_window) return;
    fw_touchpad_event e = {.kind = FW_TP_PINCH_BEGIN, .x = t->x, .y = t->y, .scale = 1,
                           .time_ms = time, .has_time = 1};
    push(t, e);
    fw_touchpad_wake(&t->base.queue);
}

static void pinch_update(void *data, struct zwp_pointer_gesture_pinch_v1 *pinch, uint32_t time, wl_fixed_t dx,
                         wl_fixed_t dy, wl_fixed_t scale, wl_fixed_t rotation) {
    wayland_touchpad *t = data;
    fw_touchpad_event e = {.kind = FW_TP_PINCH_UPDATE, .dx = wl_fixed_to_double(dx),
                           .dy = wl_fixed_to_double(dy), .scale = wl_fixed_to_double(scale),
                           .time_ms = time, .has_time = 1};
    push(t, e);
    fw_touchpad_wake(&t->base.queue);
}

static void pinch_end(void *data, struct zwp_pointer_gesture_pinch_v1 *pinch, uint32_t serial, uint32_t time,
                      int32_t cancelled) {
    wayland_touchpad *t = data;
    fw_touchpad_event e = {.kind = FW_TP_PINCH_END, .cancelled = cancelled != 0, .time_ms = time, .has_time = 1};
    push(t, e);
    fw_touchpad_wake(&t->base.queue);
}

static const struct zwp_pointer_gesture_pinch_v1_listener pinch_listener = {
    .begin = pinch_begin,
    .update = pinch_update,
    .end = pinch_end,
};

static void seat_capabilities(void *data, struct wl_seat *seat, uint32_t capabilities) {
    wayland_touchpad *t = data;
    int has_pointer = (capabilities & WL_SEAT_CAPABILITY_POINTER) != 0;
    if (has_pointer && !t->pointer && wl_seat_get_version(seat) >= 5) {
        t->pointer = wl_seat_get_pointer(seat);
        t->on_window = 1;
        wl_pointer_add_listener(t->pointer, &pointer_listener, t);
        if (t->gestures) {
            t->pinch = zwp_pointer_gestures_v1_get_pinch_gesture(t->gestures, t->pointer);
            zwp_pointer_gesture_pinch_v1_add_listener(t->pinch, &pinch_listener, t);
        }
    } else if (!has_pointer && t->pointer) {
        if (t->pinch) zwp_pointer_gesture_pinch_v1_destroy(t->pinch);
        t->pinch = NULL;
        wl_pointer_release(t->pointer);
        t->pointer = NULL;
    }
}

static void seat_name(void *data, struct wl_seat *seat, const char *name) {}

static const struct wl_seat_listener seat_listener = {
    .capabilities = seat_capabilities,
    .name = seat_name,
};

static void registry_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface,
                            uint32_t version) {
    wayland_touchpad *t = data;
    if (strcmp(interface, wl_seat_interface.name) == 0 && !t->seat && version >= 5) {
        uint32_t bound = version < FW_POINTER_VERSION ? version : FW_POINTER_VERSION;
        t->seat = wl_registry_bind(registry, name, &wl_seat_interface, bound);
        wl_seat_add_listener(t->seat, &seat_listener, t);
    } else if (strcmp(interface, zwp_pointer_gestures_v1_interface.name) == 0 && !t->gestures) {
        t->gestures = wl_registry_bind(registry, name, &zwp_pointer_gestures_v1_interface, 1);
        /* The pinch object comes with the pointer, which may come later. */
        t->base.has_pinch = 1;
    }
}

static void registry_global_remove(void *data, struct wl_registry *registry, uint32_t name) {}

static const struct wl_registry_listener registry_listener = {
    .global = registry_global,
    .global_remove = registry_global_remove,
};

static void wayland_close(fw_touchpad *base) {
    wayland_touchpad *t = (wayland_touchpad *)base;
    if (t->pinch) zwp_pointer_gesture_pinch_v1_destroy(t->pinch);
    if (t->gestures) zwp_pointer_gestures_v1_destroy(t->gestures);
    if (t->pointer) wl_pointer_release(t->pointer);
    if (t->seat) wl_seat_destroy(t->seat);
    if (t->registry) wl_registry_destroy(t->registry);
    wl_display_flush(t->display);
    free(t);
}

fw_touchpad *fw_touchpad_wayland_open(struct wl_display *display, struct wl_surface *surface,
                                      uint32_t wake_event_type) {
    wayland_touchpad *t = calloc(1, sizeof *t);
    if (!t) return NULL;
    t->base.kind = FW_TOUCHPAD_WAYLAND;
    t->base.queue.wake_event_type = wake_event_type;
    t->base.close = wayland_close;
    t->base.pointer_time = wayland_pointer_time;
    t->display = display;
    t->surface = surface;
    /* Until an enter says otherwise: a pointer made while over the window
     * may get no enter of its own. */
    t->on_window = 1;
    frame_reset(t);
    t->registry = wl_display_get_registry(display);
    wl_registry_add_listener(t->registry, &registry_listener, t);
    /* The globals, then the seat's capabilities (the pointer). SDL's own
     * events dispatched meanwhile go to SDL's queue as usual. */
    wl_display_roundtrip(display);
    wl_display_roundtrip(display);
    if (!t->seat) {
        wayland_close(&t->base);
        return NULL;
    }
    return &t->base;
}
