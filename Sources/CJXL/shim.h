#ifndef FOURWAY_CJXL_SHIM_H
#define FOURWAY_CJXL_SHIM_H
#include <jxl/decode.h>
#include <jxl/thread_parallel_runner.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

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
