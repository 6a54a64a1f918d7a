/* The X server's time of SDL's pointer events (touchpad_input.h). */
#include "touchpad_input.h"

#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>

void fw_pointer_times_enable(void) {
#if defined(SDL_VIDEO_DRIVER_X11)
    const char *driver = SDL_GetCurrentVideoDriver();
    if (driver && SDL_strcmp(driver, "x11") == 0) SDL_EventState(SDL_SYSWMEVENT, SDL_ENABLE);
#endif
}

int fw_x_event_time(const void *sdl_event, uint32_t *milliseconds) {
#if defined(SDL_VIDEO_DRIVER_X11)
    const SDL_Event *event = sdl_event;
    if (event->type != SDL_SYSWMEVENT || !event->syswm.msg) return FW_X_NO_TIME;
    const SDL_SysWMmsg *message = event->syswm.msg;
    if (message->subsystem != SDL_SYSWM_X11) return FW_X_NO_TIME;
    const XEvent *x = &message->msg.x11.event;
    switch (x->type) {
    case ButtonPress:
    case ButtonRelease:
        *milliseconds = (uint32_t)x->xbutton.time;
        return FW_X_POINTER_TIME;
    case MotionNotify:
        *milliseconds = (uint32_t)x->xmotion.time;
        return FW_X_POINTER_TIME;
    case EnterNotify:
    case LeaveNotify:
        /* SDL makes a mouse motion of an EnterNotify: it is the pointer's. */
        *milliseconds = (uint32_t)x->xcrossing.time;
        return FW_X_POINTER_TIME;
    case KeyPress:
    case KeyRelease:
        *milliseconds = (uint32_t)x->xkey.time;
        return FW_X_OTHER_TIME;
    case PropertyNotify:
        *milliseconds = (uint32_t)x->xproperty.time;
        return FW_X_OTHER_TIME;
    default:
        return FW_X_NO_TIME;
    }
#else
    (void)sdl_event;
    (void)milliseconds;
    return FW_X_NO_TIME;
#endif
}
