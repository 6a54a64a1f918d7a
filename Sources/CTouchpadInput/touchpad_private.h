/* What the two bindings (wayland_pointer.c, xi2_scroll.c) share. */
#ifndef FOURWAY_TOUCHPAD_PRIVATE_H
#define FOURWAY_TOUCHPAD_PRIVATE_H

#include "touchpad_input.h"

struct wl_display;
struct wl_surface;

typedef struct fw_touchpad_queue {
    fw_touchpad_event events[512];
    unsigned head, count;
    uint32_t wake_event_type;
} fw_touchpad_queue;

struct fw_touchpad {
    int kind;
    int has_pinch;
    fw_touchpad_queue queue;
    /* Reads what arrived into the queue (X11; Wayland's come in SDL's dispatch). */
    void (*drain)(fw_touchpad *touchpad);
    /* fw_touchpad_pointer_time's work (Wayland; NULL on X11). */
    int (*pointer_time)(fw_touchpad *touchpad, int button, int pressed, int x, int y, uint32_t *milliseconds);
    void (*close)(fw_touchpad *touchpad);
};

void fw_touchpad_queue_push(fw_touchpad_queue *queue, fw_touchpad_event event);
int fw_touchpad_queue_take(fw_touchpad_queue *queue, fw_touchpad_event *event);
void fw_touchpad_wake(fw_touchpad_queue *queue);

fw_touchpad *fw_touchpad_wayland_open(struct wl_display *display, struct wl_surface *surface,
                                      uint32_t wake_event_type);
fw_touchpad *fw_touchpad_x11_open(unsigned long window, uint32_t wake_event_type);

#endif
