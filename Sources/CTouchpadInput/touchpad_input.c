/* The SDL window's touchpad: which binding, and the queue both share. */
#include "touchpad_private.h"

#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <stdlib.h>


void fw_touchpad_queue_push(fw_touchpad_queue *queue, fw_touchpad_event event) {
    unsigned capacity = sizeof queue->events / sizeof queue->events[0];
    if (queue->count == capacity) return; /* the loop stalled: drop the newest */
    queue->events[(queue->head + queue->count) % capacity] = event;
    queue->count++;
}

int fw_touchpad_queue_take(fw_touchpad_queue *queue, fw_touchpad_event *event) {
    unsigned capacity = sizeof queue->events / sizeof queue->events[0];
    if (queue->count == 0) return 0;
    *event = queue->events[queue->head];
    queue->head = (queue->head + 1) % capacity;
    queue->count--;
    return 1;
}

void fw_touchpad_wake(fw_touchpad_queue *queue) {
    SDL_Event event;
    SDL_zero(event);
    event.type = queue->wake_event_type;
    event.user.code = FW_TOUCHPAD_WAKE_CODE;
    SDL_PushEvent(&event);
}

fw_touchpad *fw_touchpad_open(void *sdl_window, uint32_t wake_event_type) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo((SDL_Window *)sdl_window, &info)) return NULL;
    switch (info.subsystem) {
#if defined(SDL_VIDEO_DRIVER_WAYLAND)
    case SDL_SYSWM_WAYLAND:
        return fw_touchpad_wayland_open(info.info.wl.display, info.info.wl.surface, wake_event_type);
#endif
#if defined(SDL_VIDEO_DRIVER_X11)
    case SDL_SYSWM_X11:
        return fw_touchpad_x11_open((unsigned long)info.info.x11.window, wake_event_type);
#endif
    default:
        return NULL;
    }
}

int fw_touchpad_kind(const fw_touchpad *touchpad) { return touchpad->kind; }

int fw_touchpad_has_pinch(const fw_touchpad *touchpad) { return touchpad->has_pinch; }

int fw_touchpad_next(fw_touchpad *touchpad, fw_touchpad_event *event) {
    if (touchpad->queue.count == 0 && touchpad->drain) touchpad->drain(touchpad);
    return fw_touchpad_queue_take(&touchpad->queue, event);
}

int fw_touchpad_pointer_time(fw_touchpad *touchpad, int button, int pressed, int x, int y,
                             uint32_t *milliseconds) {
    if (!touchpad || !touchpad->pointer_time) return 0;
    return touchpad->pointer_time(touchpad, button, pressed, x, y, milliseconds);
}

void fw_touchpad_close(fw_touchpad *touchpad) {
    if (touchpad) touchpad->close(touchpad);
}
