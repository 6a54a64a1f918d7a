/* The X screen saver's suspension lifted (include/screen_saver.h). */
#include "screen_saver.h"

#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <dlfcn.h>

int fw_x11_screen_saver_resume(void *sdl_window) {
#if defined(SDL_VIDEO_DRIVER_X11)
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo((SDL_Window *)sdl_window, &info) || info.subsystem != SDL_SYSWM_X11) return 0;
    /* SDL loads libXss itself (a dependency of libsdl2): found loaded, no link. */
    void *xss = dlopen("libXss.so.1", RTLD_NOW | RTLD_LOCAL);
    void (*suspend)(Display *, Bool) = xss ? (void (*)(Display *, Bool))dlsym(xss, "XScreenSaverSuspend") : NULL;
    if (!suspend) return 0;
    suspend(info.info.x11.display, False);
    XFlush(info.info.x11.display);
    return 1;
#else
    (void)sdl_window;
    return 0;
#endif
}
