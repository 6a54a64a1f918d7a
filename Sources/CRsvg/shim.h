#ifndef FOURWAY_CRSVG_SHIM_H
#define FOURWAY_CRSVG_SHIM_H
#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>

// librsvg (SVG) is loaded when an SVG is first decoded, not when the program
// starts, like libheif (Sources/CHeif/shim.h): with cairo, pango, glib and
// libxml2 behind it, it would cost every start for folders that hold no SVG.
// Its cairo and GLib functions are looked up through the same handle (dlsym
// searches a library's dependencies too), so they come from the copies
// librsvg itself uses.
//
// The few types and functions used are declared here rather than taken from
// <librsvg/rsvg.h>: that header needs GLib's, cairo's and gdk-pixbuf's
// include folders, whose pkg-config flags would link all of them at start.
// The declarations follow librsvg 2.54's and cairo 1.16's C API, stable since
// librsvg 2.52 (rsvg_handle_get_intrinsic_size_in_pixels).
//
// fw_rsvg_* call the function of the same name without the prefix; when
// librsvg cannot be loaded they return NULL, 0 or do nothing.
#define FW_RSVG_LIBRARY "librsvg-2.so.2"

typedef struct _RsvgHandle RsvgHandle;
typedef struct _cairo_surface cairo_surface_t;
typedef struct _cairo cairo_t;
/// GLib's GError: a domain (a GQuark), a code and a message.
typedef struct { uint32_t domain; int code; char *message; } fw_gerror;
/// RsvgRectangle: where the document is drawn, in the surface's pixels.
typedef struct { double x, y, width, height; } fw_rsvg_rectangle;
/// RsvgLength: a value and its unit (RsvgUnit).
typedef struct { double length; int unit; } fw_rsvg_length;

/// cairo's CAIRO_FORMAT_ARGB32: premultiplied, native-endian 0xAARRGGBB words.
#define FW_CAIRO_FORMAT_ARGB32 0

static inline void *fw_rsvg_symbol(const char *name) {
    static void *handle;
    void *library = __atomic_load_n(&handle, __ATOMIC_ACQUIRE);
    if (!library) {
        library = dlopen(FW_RSVG_LIBRARY, RTLD_NOW | RTLD_LOCAL);
        if (!library) return NULL;
        __atomic_store_n(&handle, library, __ATOMIC_RELEASE);
    }
    return dlsym(library, name);
}

// Whether librsvg could be loaded (it is, at the first call).
static inline int fw_rsvg_is_available(void) { return fw_rsvg_symbol("rsvg_handle_new_from_data") != NULL; }

#define FW_RSVG(result, name, parameters, arguments, failure)                      \
    static inline result fw_##name parameters {                                     \
        static void *loaded;                                                        \
        void *function = __atomic_load_n(&loaded, __ATOMIC_ACQUIRE);               \
        if (!function) {                                                            \
            function = fw_rsvg_symbol(#name);                                       \
            if (!function) return failure;                                          \
            __atomic_store_n(&loaded, function, __ATOMIC_RELEASE);                  \
        }                                                                           \
        return ((result(*) parameters)function) arguments;                          \
    }

#define FW_RSVG_VOID(name, parameters, arguments)                                   \
    static inline void fw_##name parameters {                                       \
        static void *loaded;                                                        \
        void *function = __atomic_load_n(&loaded, __ATOMIC_ACQUIRE);               \
        if (!function) {                                                            \
            function = fw_rsvg_symbol(#name);                                       \
            if (!function) return;                                                  \
            __atomic_store_n(&loaded, function, __ATOMIC_RELEASE);                  \
        }                                                                           \
        ((void (*) parameters)function) arguments;                                  \
    }

// The handle's flags are RSVG_HANDLE_FLAGS_NONE: never RSVG_HANDLE_FLAG_UNLIMITED,
// so libxml2's entity-expansion and librsvg's element limits stay on. No base
// URL is set, so librsvg resolves no external reference (only data: URLs).
FW_RSVG(RsvgHandle *, rsvg_handle_new_from_data, (const uint8_t *data, size_t length, fw_gerror **error),
        (data, length, error), NULL)
FW_RSVG(int, rsvg_handle_get_intrinsic_size_in_pixels, (RsvgHandle *handle, double *width, double *height),
        (handle, width, height), 0)
FW_RSVG_VOID(rsvg_handle_get_intrinsic_dimensions,
             (RsvgHandle *handle, int *has_width, fw_rsvg_length *width, int *has_height, fw_rsvg_length *height,
              int *has_viewbox, fw_rsvg_rectangle *viewbox),
             (handle, has_width, width, has_height, height, has_viewbox, viewbox))
FW_RSVG(int, rsvg_handle_render_document,
        (RsvgHandle *handle, cairo_t *cairo, const fw_rsvg_rectangle *viewport, fw_gerror **error),
        (handle, cairo, viewport, error), 0)
FW_RSVG_VOID(g_object_unref, (void *object), (object))
FW_RSVG_VOID(g_error_free, (fw_gerror *error), (error))
FW_RSVG(cairo_surface_t *, cairo_image_surface_create_for_data,
        (unsigned char *data, int format, int width, int height, int stride), (data, format, width, height, stride), NULL)
FW_RSVG(int, cairo_surface_status, (cairo_surface_t *surface), (surface), -1)
FW_RSVG_VOID(cairo_surface_flush, (cairo_surface_t *surface), (surface))
FW_RSVG_VOID(cairo_surface_destroy, (cairo_surface_t *surface), (surface))
FW_RSVG(cairo_t *, cairo_create, (cairo_surface_t *surface), (surface), NULL)
FW_RSVG(int, cairo_status, (cairo_t *cairo), (cairo), -1)
FW_RSVG_VOID(cairo_destroy, (cairo_t *cairo), (cairo))
#endif
