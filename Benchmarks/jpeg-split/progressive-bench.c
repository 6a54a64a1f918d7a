// A progressive JPEG's decode by Sources/CStreamDecoders/jpeg_progressive.c
// (fw_jpeg_progressive_decode: its own reader into libjpeg's arrays, on one
// thread and on two) against tjDecompress2 with TJFLAG_LIMITSCANS, at one
// scale, for each file named: best of N runs each, and whether the pixels
// are tjDecompress2's. Built and run by Benchmarks/jpeg-split/progressive;
// docs/benchmarks.md has figures.
#include "stream_decoders.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <turbojpeg.h>

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static unsigned char *read_file(const char *path, long *length) {
    FILE *file = fopen(path, "rb");
    if (!file) return NULL;
    fseek(file, 0, SEEK_END);
    *length = ftell(file);
    fseek(file, 0, SEEK_SET);
    unsigned char *bytes = malloc((size_t)*length);
    if (bytes && fread(bytes, 1, (size_t)*length, file) != (size_t)*length) {
        free(bytes);
        bytes = NULL;
    }
    fclose(file);
    return bytes;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: progressive-bench RUNS EIGHTHS FILE.jpg...\n");
        return 2;
    }
    int runs = atoi(argv[1]), num = atoi(argv[2]);
    printf("| file | scale | tjDecompress2 (ms) | one thread (ms) | two threads (ms) | pixels |\n"
           "| --- | --- | --- | --- | --- | --- |\n");
    for (int a = 3; a < argc; a++) {
        long length = 0;
        unsigned char *bytes = read_file(argv[a], &length);
        tjhandle handle = tjInitDecompress();
        int width, height, subsampling, colorspace;
        if (!bytes || tjDecompressHeader3(handle, bytes, (unsigned long)length, &width, &height, &subsampling,
                                          &colorspace) != 0) {
            printf("| %s | cannot read it | | | | |\n", argv[a]);
            free(bytes);
            tjDestroy(handle);
            continue;
        }
        int w = (width * num + 7) / 8, h = (height * num + 7) / 8;
        size_t size = (size_t)w * h * 4;
        unsigned char *whole = malloc(size), *read = malloc(size);
        double best[3] = {1e9, 1e9, 1e9};
        int equal = 1, declined = 0;
        char message[200];
        for (int run = 0; run < runs; run++) {
            double start = now_ms();
            tjDecompress2(handle, bytes, (unsigned long)length, whole, w, w * 4, h, TJPF_RGBA, TJFLAG_LIMITSCANS);
            double took = now_ms() - start;
            if (took < best[0]) best[0] = took;
            for (int threads = 1; threads <= 2; threads++) {
                memset(read, 0, size);
                start = now_ms();
                int status = fw_jpeg_progressive_decode(bytes, (size_t)length, num, threads, read, w, h, message);
                took = now_ms() - start;
                if (status != 0) declined = 1;
                else if (took < best[threads]) best[threads] = took;
                if (status == 0 && memcmp(read, whole, size) != 0) equal = 0;
            }
        }
        if (declined) printf("| %s | %d/8 | %.1f | declined: %s | | |\n", argv[a], num, best[0], message);
        else printf("| %s | %d/8 | %.1f | %.1f | %.1f | %s |\n", argv[a], num, best[0], best[1], best[2],
                    equal ? "equal" : "DIFFERENT");
        free(whole);
        free(read);
        free(bytes);
        tjDestroy(handle);
    }
    return 0;
}
