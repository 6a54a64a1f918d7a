// The one way the decoders open an image file (stream_decoders.h).
#define _GNU_SOURCE
#include "stream_decoders.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char fw_descriptor_prefix[] = "/dev/fd/";

// The descriptor "/dev/fd/N" names, or -1 for any other path.
static int fw_named_descriptor(const char *path) {
    size_t prefix = sizeof fw_descriptor_prefix - 1;
    if (strncmp(path, fw_descriptor_prefix, prefix) != 0) return -1;
    const char *digits = path + prefix;
    if (*digits < '0' || *digits > '9') return -1;
    char *end = NULL;
    errno = 0;
    long value = strtol(digits, &end, 10);
    if (errno != 0 || *end != 0 || value < 0 || value > 1 << 20) return -1;
    return (int)value;
}

int fw_open_image(const char *path) {
    int named = fw_named_descriptor(path);
    if (named < 0) return open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    int copy = fcntl(named, F_DUPFD_CLOEXEC, 0);
    if (copy < 0) return -1;
    // A duplicate shares the file position with the original: each reader of
    // the file (the head, then a library's stream) starts at the beginning.
    if (lseek(copy, 0, SEEK_SET) < 0) {
        int code = errno;
        close(copy);
        errno = code;
        return -1;
    }
    return copy;
}

FILE *fw_fopen_image(const char *path) {
    int descriptor = fw_open_image(path);
    if (descriptor < 0) return NULL;
    FILE *file = fdopen(descriptor, "rb");
    if (!file) close(descriptor);
    return file;
}
