#ifndef FOURWAY_SCREEN_SAVER_H
#define FOURWAY_SCREEN_SAVER_H

/* Lifts the X server's screen saver suspension (MIT-SCREEN-SAVER) that
 * SDL_DisableScreenSaver left on SDL's own X connection of `sdl_window`
 * (an SDL_Window *); to be called after SDL_EnableScreenSaver.
 *
 * SDL 2.26 asks the desktop over D-Bus first and, when no session bus
 * answers, suspends the X server's screen saver instead; but its
 * SDL_EnableScreenSaver only undoes a D-Bus inhibition, so without a bus
 * the X screen saver stayed suspended until the program ended. A client
 * that suspends nothing is ignored by the X server, so this is harmless
 * when SDL went through D-Bus. Returns 1 when the request was sent, 0 on
 * another video driver or without libXss. */
int fw_x11_screen_saver_resume(void *sdl_window);

#endif
