#ifndef FOURWAY_CSDL2_SHIM_H
#define FOURWAY_CSDL2_SHIM_H
#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>
#include <SDL2/SDL_ttf.h>

// Function-like macros do not import into Swift; these wrap the ones we use.
static inline int fw_windowpos_centered(void) { return (int)SDL_WINDOWPOS_CENTERED; }
static inline Uint32 fw_button_lmask(void) { return SDL_BUTTON_LMASK; }
static inline int fw_must_lock(SDL_Surface *s) { return SDL_MUSTLOCK(s); }
#endif
