#ifndef FOURWAY_CSDL2_SHIM_H
#define FOURWAY_CSDL2_SHIM_H
#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>
#include <SDL2/SDL_ttf.h>
#include <dlfcn.h>
#include <stdio.h>

// Function-like macros do not import into Swift; these wrap the ones we use.
static inline int fw_windowpos_centered(void) { return (int)SDL_WINDOWPOS_CENTERED; }
static inline Uint32 fw_button_lmask(void) { return SDL_BUTTON_LMASK; }
static inline int fw_must_lock(SDL_Surface *s) { return SDL_MUSTLOCK(s); }

// SDL2_image and SDL2_ttf are loaded when first used, not when the program
// starts: with their dependencies (libtiff, libwebp, FreeType, HarfBuzz,
// GLib, ...) they made the dynamic loader about 4 ms slower at every start,
// ahead of the first image's decode, which needs neither. fw_IMG_* and
// fw_TTF_* call the library's function of the same name; when the library
// cannot be loaded they fail as that function fails, with SDL_GetError()
// saying why.
//
// SDL2 itself is linked into the browser, but not into the decoder process
// (Sources/fourway-decoder), whose SDL_image decodes call it through fw_SDL_*
// below: there it is opened with SDL_image. In the browser, dlopen finds it
// already loaded.
#define FW_SDL_LIBRARY "libSDL2-2.0.so.0"
#define FW_IMAGE_LIBRARY "libSDL2_image-2.0.so.0"
#define FW_TTF_LIBRARY "libSDL2_ttf-2.0.so.0"

static inline void *fw_symbol(const char *library, const char *name) {
    void *handle = dlopen(library, RTLD_NOW | RTLD_GLOBAL);
    void *symbol = handle ? dlsym(handle, name) : NULL;
    if (!symbol) {
        char why[300];
        snprintf(why, sizeof why, "%s could not be loaded: %s", library, dlerror());
        // SDL_SetError looked up too: this header's users need not link SDL2.
        void *sdl = dlopen(FW_SDL_LIBRARY, RTLD_NOW | RTLD_GLOBAL);
        int (*set_error)(const char *, ...) = sdl ? (int (*)(const char *, ...))dlsym(sdl, "SDL_SetError") : NULL;
        if (set_error) set_error("%s", why);
    }
    return symbol;
}

// `*slot` once it holds the function, else the function looked up and kept
// there; NULL (with SDL_GetError() saying why) when it cannot be loaded.
static inline void *fw_lazy_symbol(void **slot, const char *library, const char *name) {
    void *function = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
    if (!function) {
        function = fw_symbol(library, name);
        if (function) __atomic_store_n(slot, function, __ATOMIC_RELEASE);
    }
    return function;
}

#define FW_LAZY(library, result, name, parameters, arguments, failure)              \
    static inline result fw_##name parameters {                                     \
        static void *loaded;                                                        \
        void *function = fw_lazy_symbol(&loaded, library, #name);                   \
        if (!function) return failure;                                              \
        return ((result(*) parameters)function) arguments;                          \
    }

// The void ones: nothing to do when the library is not there.
#define FW_LAZY_VOID(library, name, parameters, arguments)                         \
    static inline void fw_##name parameters {                                       \
        static void *loaded;                                                        \
        void *function = fw_lazy_symbol(&loaded, library, #name);                   \
        if (function) ((void (*) parameters)function) arguments;                    \
    }

FW_LAZY(FW_SDL_LIBRARY, SDL_RWops *, SDL_RWFromConstMem, (const void *mem, int size), (mem, size), NULL)
FW_LAZY(FW_SDL_LIBRARY, SDL_Surface *, SDL_ConvertSurfaceFormat, (SDL_Surface *src, Uint32 format, Uint32 flags),
        (src, format, flags), NULL)
FW_LAZY(FW_SDL_LIBRARY, int, SDL_LockSurface, (SDL_Surface *surface), (surface), -1)
FW_LAZY(FW_SDL_LIBRARY, const char *, SDL_GetError, (void), (), "SDL2 could not be loaded")
FW_LAZY_VOID(FW_SDL_LIBRARY, SDL_UnlockSurface, (SDL_Surface *surface), (surface))
FW_LAZY_VOID(FW_SDL_LIBRARY, SDL_FreeSurface, (SDL_Surface *surface), (surface))
FW_LAZY(FW_IMAGE_LIBRARY, int, IMG_Init, (int flags), (flags), 0)
FW_LAZY(FW_IMAGE_LIBRARY, SDL_Surface *, IMG_Load_RW, (SDL_RWops *src, int freesrc), (src, freesrc), NULL)
FW_LAZY(FW_IMAGE_LIBRARY, SDL_Surface *, IMG_LoadTyped_RW, (SDL_RWops *src, int freesrc, const char *type),
        (src, freesrc, type), NULL)
FW_LAZY(FW_IMAGE_LIBRARY, int, IMG_SavePNG, (SDL_Surface *surface, const char *file), (surface, file), -1)
FW_LAZY(FW_TTF_LIBRARY, int, TTF_Init, (void), (), -1)
FW_LAZY(FW_TTF_LIBRARY, int, TTF_WasInit, (void), (), 0)
FW_LAZY(FW_TTF_LIBRARY, TTF_Font *, TTF_OpenFont, (const char *file, int size), (file, size), NULL)
FW_LAZY(FW_TTF_LIBRARY, SDL_Surface *, TTF_RenderUTF8_Blended, (TTF_Font *font, const char *text, SDL_Color fg),
        (font, text, fg), NULL)
FW_LAZY(FW_TTF_LIBRARY, SDL_Surface *, TTF_RenderUTF8_Blended_Wrapped,
        (TTF_Font *font, const char *text, SDL_Color fg, Uint32 wrapLength), (font, text, fg, wrapLength), NULL)
FW_LAZY_VOID(FW_TTF_LIBRARY, TTF_CloseFont, (TTF_Font *font), (font))
FW_LAZY_VOID(FW_TTF_LIBRARY, TTF_Quit, (void), ())
#endif
