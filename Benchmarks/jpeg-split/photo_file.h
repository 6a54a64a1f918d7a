// What the JPEG benchmarks in this folder share: a monotonic clock in ms and
// a photo read whole with its size from its header (tjDecompressHeader3).
#ifndef FW_BENCH_PHOTO_FILE_H
#define FW_BENCH_PHOTO_FILE_H
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <turbojpeg.h>

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

// The JPEG at `path`, malloc'd (*length bytes), its size in *width x *height;
// NULL when it cannot be read or libjpeg-turbo reads no header in it.
static unsigned char *read_photo(const char *path, long *length, int *width, int *height) {
    FILE *file = fopen(path, "rb");
    if (!file) return NULL;
    fseek(file, 0, SEEK_END);
    *length = ftell(file);
    fseek(file, 0, SEEK_SET);
    unsigned char *bytes = *length > 0 ? malloc((size_t)*length) : NULL;
    if (bytes && fread(bytes, 1, (size_t)*length, file) != (size_t)*length) {
        free(bytes);
        bytes = NULL;
    }
    fclose(file);
    tjhandle handle = tjInitDecompress();
    int subsampling, colorspace;
    if (bytes && tjDecompressHeader3(handle, bytes, (unsigned long)*length, width, height, &subsampling,
                                     &colorspace) != 0) {
        free(bytes);
        bytes = NULL;
    }
    tjDestroy(handle);
    return bytes;
}
#endif
