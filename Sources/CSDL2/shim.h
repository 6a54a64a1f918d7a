#ifndef FOURWAY_CSDL2_SHIM_H
#define FOURWAY_CSDL2_SHIM_H
#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>
#include <SDL2/SDL_ttf.h>
#include <dlfcn.h>

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
#define FW_IMAGE_LIBRARY "libSDL2_image-2.0.so.0"
#define FW_TTF_LIBRARY "libSDL2_ttf-2.0.so.0"

static inline void *fw_symbol(const char *library, const char *name) {
    void *handle = dlopen(library, RTLD_NOW | RTLD_GLOBAL);
    void *symbol = handle ? dlsym(handle, name) : NULL;
    if (!symbol) SDL_SetError("%s could not be loaded: %s", library, dlerror());
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
