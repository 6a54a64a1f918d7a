#ifndef FOURWAY_CJXL_SHIM_H
#define FOURWAY_CJXL_SHIM_H
#include <dlfcn.h>
#include <jxl/decode.h>
#include <jxl/thread_parallel_runner.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

// libjxl is loaded when a JPEG XL file is first decoded, not when the program
// starts: with Highway (whose static initialiser times the clock in a busy
// loop) and Brotli it made every start about 5 ms slower, ahead of the first
// image's decode, which is nearly always a JPEG. fw_Jxl* calls libjxl's (or
// libjxl_threads') function of the same name; when the library cannot be
// loaded, fw_JxlDecoderCreate returns NULL and the others JXL_DEC_ERROR.
#define FW_JXL_LIBRARY "libjxl.so.0.7"
#define FW_JXL_THREADS_LIBRARY "libjxl_threads.so.0.7"

static inline void *fw_jxl_symbol(const char *library, void **handle, const char *name) {
    void *loaded = __atomic_load_n(handle, __ATOMIC_ACQUIRE);
    if (!loaded) {
        loaded = dlopen(library, RTLD_NOW | RTLD_LOCAL);
        if (!loaded) return NULL;
        __atomic_store_n(handle, loaded, __ATOMIC_RELEASE);
    }
    return dlsym(loaded, name);
}

// Each library's handle, once loaded (a static in a function: Swift does not
// emit a header's static variables).
static inline void **fw_jxl_library_slot(void) { static void *handle; return &handle; }
static inline void **fw_jxl_threads_library_slot(void) { static void *handle; return &handle; }

#define FW_JXL(library, handle, result, name, parameters, arguments, failure)      \
    static inline result fw_##name parameters {                                     \
        static void *loaded;                                                        \
        void *function = __atomic_load_n(&loaded, __ATOMIC_ACQUIRE);               \
        if (!function) {                                                            \
            function = fw_jxl_symbol(library, handle(), #name);                     \
            if (!function) return failure;                                          \
            __atomic_store_n(&loaded, function, __ATOMIC_RELEASE);                  \
        }                                                                           \
        return ((result(*) parameters)function) arguments;                          \
    }

FW_JXL(FW_JXL_LIBRARY, fw_jxl_library_slot, JxlDecoder *, JxlDecoderCreate, (const JxlMemoryManager *manager), (manager), NULL)
FW_JXL(FW_JXL_LIBRARY, fw_jxl_library_slot, JxlDecoderStatus, JxlDecoderSubscribeEvents, (JxlDecoder *decoder, int events),
       (decoder, events), JXL_DEC_ERROR)
FW_JXL(FW_JXL_LIBRARY, fw_jxl_library_slot, JxlDecoderStatus, JxlDecoderProcessInput, (JxlDecoder *decoder), (decoder), JXL_DEC_ERROR)
FW_JXL(FW_JXL_LIBRARY, fw_jxl_library_slot, JxlDecoderStatus, JxlDecoderSetInput,
       (JxlDecoder *decoder, const uint8_t *data, size_t size), (decoder, data, size), JXL_DEC_ERROR)
FW_JXL(FW_JXL_LIBRARY, fw_jxl_library_slot, JxlDecoderStatus, JxlDecoderGetBasicInfo,
       (const JxlDecoder *decoder, JxlBasicInfo *info), (decoder, info), JXL_DEC_ERROR)
FW_JXL(FW_JXL_LIBRARY, fw_jxl_library_slot, JxlDecoderStatus, JxlDecoderGetColorAsEncodedProfile,
       (const JxlDecoder *decoder, const JxlPixelFormat *format, JxlColorProfileTarget target, JxlColorEncoding *encoding),
       (decoder, format, target, encoding), JXL_DEC_ERROR)
FW_JXL(FW_JXL_LIBRARY, fw_jxl_library_slot, JxlDecoderStatus, JxlDecoderGetICCProfileSize,
       (const JxlDecoder *decoder, const JxlPixelFormat *format, JxlColorProfileTarget target, size_t *size),
       (decoder, format, target, size), JXL_DEC_ERROR)
FW_JXL(FW_JXL_LIBRARY, fw_jxl_library_slot, JxlDecoderStatus, JxlDecoderGetColorAsICCProfile,
       (const JxlDecoder *decoder, const JxlPixelFormat *format, JxlColorProfileTarget target, uint8_t *profile,
        size_t size), (decoder, format, target, profile, size), JXL_DEC_ERROR)
FW_JXL(FW_JXL_LIBRARY, fw_jxl_library_slot, JxlDecoderStatus, JxlDecoderSetPreferredColorProfile,
       (JxlDecoder *decoder, const JxlColorEncoding *encoding), (decoder, encoding), JXL_DEC_ERROR)
FW_JXL(FW_JXL_LIBRARY, fw_jxl_library_slot, JxlDecoderStatus, JxlDecoderImageOutBufferSize,
       (const JxlDecoder *decoder, const JxlPixelFormat *format, size_t *size), (decoder, format, size), JXL_DEC_ERROR)
FW_JXL(FW_JXL_LIBRARY, fw_jxl_library_slot, JxlDecoderStatus, JxlDecoderSetImageOutBuffer,
       (JxlDecoder *decoder, const JxlPixelFormat *format, void *buffer, size_t size),
       (decoder, format, buffer, size), JXL_DEC_ERROR)
FW_JXL(FW_JXL_LIBRARY, fw_jxl_library_slot, JxlDecoderStatus, JxlDecoderSetParallelRunner,
       (JxlDecoder *decoder, JxlParallelRunner runner, void *opaque), (decoder, runner, opaque), JXL_DEC_ERROR)
FW_JXL(FW_JXL_THREADS_LIBRARY, fw_jxl_threads_library_slot, void *, JxlThreadParallelRunnerCreate,
       (const JxlMemoryManager *manager, size_t threads), (manager, threads), NULL)

// Whether libjxl could be loaded (it is, at the first call). Without
// libjxl_threads a file decodes on one thread.
static inline int fw_jxl_is_available(void) {
    return fw_jxl_symbol(FW_JXL_LIBRARY, fw_jxl_library_slot(), "JxlDecoderCreate") != NULL;
}

static inline void fw_JxlDecoderDestroy(JxlDecoder *decoder) {
    void (*destroy)(JxlDecoder *) = (void (*)(JxlDecoder *))fw_jxl_symbol(FW_JXL_LIBRARY, fw_jxl_library_slot(), "JxlDecoderDestroy");
    if (destroy) destroy(decoder);
}

static inline void fw_JxlThreadParallelRunnerDestroy(void *runner) {
    void (*destroy)(void *) = (void (*)(void *))fw_jxl_symbol(FW_JXL_THREADS_LIBRARY, fw_jxl_threads_library_slot(),
                                                              "JxlThreadParallelRunnerDestroy");
    if (destroy) destroy(runner);
}

/// Sets libjxl_threads' runner (`runner` from fw_JxlThreadParallelRunnerCreate) on `decoder`.
static inline JxlDecoderStatus fw_JxlDecoderSetThreadParallelRunner(JxlDecoder *decoder, void *runner) {
    JxlParallelRunner function = (JxlParallelRunner)fw_jxl_symbol(FW_JXL_THREADS_LIBRARY, fw_jxl_threads_library_slot(),
                                                                   "JxlThreadParallelRunner");
    if (!function) return JXL_DEC_ERROR;
    return fw_JxlDecoderSetParallelRunner(decoder, function, runner);
}

// libjxl 0.7 as Debian builds it (JXL_DEBUG_ON_ERROR) prints a line to the C
// stderr stream for every check a bad file fails ("./lib/jxl/fields.cc:619:
// JXL_RETURN_IF_ERROR code=1: ..."), from internal code with no API to turn
// it off. fw_filter_libjxl_lines_from_stderr replaces the stream `stderr`
// with one that drops exactly those lines (they start with libjxl's source
// path) and writes every other line to file descriptor 2 unchanged.
// fourway's own messages go to descriptor 2 directly and never pass here.

// glibc's fopencookie and cookie_io_functions_t are declared only under
// _GNU_SOURCE, which the C library module Swift imports is built without:
// the same function and struct layout, under our own names.
typedef ssize_t (*fw_cookie_write_function)(void *cookie, const char *buffer, size_t size);
typedef struct {
    void *read;
    fw_cookie_write_function write;
    void *seek;
    void *close;
} fw_cookie_io_functions;
extern FILE *fw_fopencookie(void *cookie, const char *mode, fw_cookie_io_functions functions) __asm__("fopencookie");

static ssize_t fw_write_stderr_without_libjxl(void *cookie, const char *buffer, size_t size) {
    (void)cookie;
    size_t start = 0;
    while (start < size) {
        const char *newline = memchr(buffer + start, '\n', size - start);
        size_t end = newline ? (size_t)(newline - buffer) + 1 : size;
        const char *line = buffer + start;
        size_t length = end - start;
        int fromLibjxl = (length >= 10 && memcmp(line, "./lib/jxl/", 10) == 0)
            || (length >= 8 && memcmp(line, "lib/jxl/", 8) == 0);
        while (!fromLibjxl && length > 0) {
            ssize_t written = write(2, line, length);
            if (written <= 0) break;
            line += written;
            length -= (size_t)written;
        }
        start = end;
    }
    return (ssize_t)size;
}

/// Returns 1 when `stderr` now filters libjxl's lines, 0 when it is unchanged.
static inline int fw_filter_libjxl_lines_from_stderr(void) {
    fw_cookie_io_functions functions = { NULL, fw_write_stderr_without_libjxl, NULL, NULL };
    FILE *filtered = fw_fopencookie(NULL, "w", functions);
    if (filtered == NULL) return 0;
    // Line-buffered: each fprintf's line reaches the filter whole.
    setvbuf(filtered, NULL, _IOLBF, BUFSIZ);
    fflush(stderr);
    stderr = filtered;
    return 1;
}
#endif
