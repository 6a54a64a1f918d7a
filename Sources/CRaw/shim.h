#ifndef FOURWAY_CRAW_SHIM_H
#define FOURWAY_CRAW_SHIM_H
#include <dlfcn.h>
#include <libraw/libraw.h>
#include <stddef.h>

// LibRaw (camera raw files) is loaded when a raw file is first decoded, not
// when the program starts, like libheif (Sources/CHeif/shim.h): the first
// image is nearly always a JPEG, and most folders hold no raw file at all.
// The thread-safe build (libraw_r), because two decode workers may open raw
// files at once. fw_libraw_* calls LibRaw's function of the same name; when
// the library cannot be loaded the functions returning an error code return
// LIBRAW_NOT_IMPLEMENTED, the others NULL (and fw_libraw_strerror says why).
#define FW_RAW_LIBRARY "libraw_r.so.20"

static inline void *fw_raw_symbol(const char *name) {
    static void *handle;
    void *library = __atomic_load_n(&handle, __ATOMIC_ACQUIRE);
    if (!library) {
        library = dlopen(FW_RAW_LIBRARY, RTLD_NOW | RTLD_LOCAL);
        if (!library) return NULL;
        __atomic_store_n(&handle, library, __ATOMIC_RELEASE);
    }
    return dlsym(library, name);
}

// Whether LibRaw could be loaded (it is, at the first call).
static inline int fw_raw_is_available(void) { return fw_raw_symbol("libraw_init") != NULL; }

#define FW_RAW(result, name, parameters, arguments, failure)                       \
    static inline result fw_##name parameters {                                     \
        static void *loaded;                                                        \
        void *function = __atomic_load_n(&loaded, __ATOMIC_ACQUIRE);               \
        if (!function) {                                                            \
            function = fw_raw_symbol(#name);                                        \
            if (!function) return failure;                                          \
            __atomic_store_n(&loaded, function, __ATOMIC_RELEASE);                  \
        }                                                                           \
        return ((result(*) parameters)function) arguments;                          \
    }

#define FW_RAW_VOID(name, parameters, arguments)                                    \
    static inline void fw_##name parameters {                                       \
        static void *loaded;                                                        \
        void *function = __atomic_load_n(&loaded, __ATOMIC_ACQUIRE);               \
        if (!function) {                                                            \
            function = fw_raw_symbol(#name);                                        \
            if (!function) return;                                                  \
            __atomic_store_n(&loaded, function, __ATOMIC_RELEASE);                  \
        }                                                                           \
        ((void (*) parameters)function) arguments;                                  \
    }

FW_RAW(libraw_data_t *, libraw_init, (unsigned int flags), (flags), NULL)
FW_RAW_VOID(libraw_close, (libraw_data_t *raw), (raw))
FW_RAW(int, libraw_open_file, (libraw_data_t *raw, const char *path), (raw, path), LIBRAW_NOT_IMPLEMENTED)
FW_RAW(int, libraw_open_buffer, (libraw_data_t *raw, void *buffer, size_t size), (raw, buffer, size),
       LIBRAW_NOT_IMPLEMENTED)
FW_RAW(int, libraw_unpack, (libraw_data_t *raw), (raw), LIBRAW_NOT_IMPLEMENTED)
FW_RAW(int, libraw_unpack_thumb, (libraw_data_t *raw), (raw), LIBRAW_NOT_IMPLEMENTED)
FW_RAW(int, libraw_dcraw_process, (libraw_data_t *raw), (raw), LIBRAW_NOT_IMPLEMENTED)
FW_RAW(libraw_processed_image_t *, libraw_dcraw_make_mem_image, (libraw_data_t *raw, int *error), (raw, error), NULL)
FW_RAW_VOID(libraw_dcraw_clear_mem, (libraw_processed_image_t *image), (image))
FW_RAW(const char *, libraw_strerror, (int code), (code), FW_RAW_LIBRARY " could not be loaded")
FW_RAW_VOID(libraw_set_dataerror_handler, (libraw_data_t *raw, data_callback callback, void *context),
            (raw, callback, context))

// LibRaw's default data-error handler prints "unexpected end of file" and the
// like to stderr; fourway's stderr holds only its own lines, so the handler
// counts them instead (into the int `context` points at) and the decoder
// turns a count above zero into the error page's message.
static void fw_raw_count_data_error(void *context, const char *file, const int offset) {
    (void)file; (void)offset;
    if (context) __atomic_add_fetch((int *)context, 1, __ATOMIC_RELAXED);
}

static inline void fw_raw_count_data_errors(libraw_data_t *raw, int *count) {
    fw_libraw_set_dataerror_handler(raw, fw_raw_count_data_error, count);
}
#endif
