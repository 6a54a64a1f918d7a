// A progressive JPEG's decode by Sources/CStreamDecoders/jpeg_progressive.c
// (fw_jpeg_progressive_decode: its own reader into libjpeg's arrays, on one
// thread and on two) against tjDecompress2 with TJFLAG_LIMITSCANS, at one
// scale, for each file named: best of N runs each, and whether the pixels
// are tjDecompress2's. Then zoomed regions of each (the regions
// split-bench.c takes): libjpeg-turbo's lossless crop and its decode against
// fw_jpeg_progressive_decode_window on two threads, whose pixels must be the
// whole decode's there. Built and run by Benchmarks/jpeg-split/progressive;
// docs/benchmarks.md has figures.
#include "stream_decoders.h"
#include "photo_file.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <turbojpeg.h>

// A region (x, y, width x height at full size, on 32-pixel corners) at num/8:
// the crop and its decode, then the window, best of `runs`; the window's
// pixels against the whole decode's.
static void region(const char *name, const unsigned char *bytes, long length, int width, int height, int num,
                   int left, int top, int region_width, int region_height, int runs) {
    int full_w = (width * num + 7) / 8, full_h = (height * num + 7) / 8;
    int w = (region_width * num + 7) / 8, h = (region_height * num + 7) / 8;
    int x = left * num / 8, y = top * num / 8;
    unsigned char *whole = malloc((size_t)full_w * full_h * 4), *by_crop = malloc((size_t)w * h * 4),
                  *window = malloc((size_t)w * h * 4);
    tjhandle decoder = tjInitDecompress(), transformer = tjInitTransform();
    tjDecompress2(decoder, bytes, (unsigned long)length, whole, full_w, full_w * 4, full_h, TJPF_RGBA,
                  TJFLAG_LIMITSCANS);
    double best_crop = 1e9, best_window = 1e9;
    int status = 0, equal = 1;
    char message[200] = "";
    for (int run = 0; run < runs; run++) {
        tjtransform transform;
        memset(&transform, 0, sizeof transform);
        transform.r = (tjregion){left, top, region_width, region_height};
        transform.op = TJXOP_NONE;
        transform.options = TJXOPT_CROP;
        unsigned char *crop = NULL;
        unsigned long crop_size = 0;
        double t0 = now_ms();
        tjTransform(transformer, bytes, (unsigned long)length, 1, &crop, &crop_size, &transform, 0);
        tjDecompress2(decoder, crop, crop_size, by_crop, w, w * 4, h, TJPF_RGBA, TJFLAG_LIMITSCANS);
        double t1 = now_ms();
        tjFree(crop);
        status = fw_jpeg_progressive_decode_window(bytes, (size_t)length, num, 2, x, y, full_w, full_h, window, w, h,
                                                   message, NULL);
        double t2 = now_ms();
        if (t1 - t0 < best_crop) best_crop = t1 - t0;
        if (t2 - t1 < best_window) best_window = t2 - t1;
        for (int row = 0; status == 0 && row < h; row++)
            if (memcmp(window + (size_t)row * w * 4, whole + ((size_t)(y + row) * full_w + x) * 4, (size_t)w * 4))
                equal = 0;
    }
    if (status != 0) printf("| %s | %d, %d, %d × %d, %d/8 | %.1f | declined: %s | |\n", name, left, top, region_width,
                            region_height, num, best_crop, message);
    else printf("| %s | %d, %d, %d × %d, %d/8 | %.1f | %.1f | %s |\n", name, left, top, region_width, region_height,
                num, best_crop, best_window, equal ? "equal" : "DIFFERENT");
    free(whole);
    free(by_crop);
    free(window);
    tjDestroy(decoder);
    tjDestroy(transformer);
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
        int width, height;
        unsigned char *bytes = read_photo(argv[a], &length, &width, &height);
        if (!bytes) {
            printf("| %s | cannot read it | | | | |\n", argv[a]);
            continue;
        }
        tjhandle handle = tjInitDecompress();
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
    printf("\nA zoomed region (x, y, width × height at full size, scale): lossless crop and its decode, against "
           "the window on two threads:\n\n| file | region | crop and decode (ms) | window (ms) | pixels |\n"
           "| --- | --- | --- | --- | --- |\n");
    for (int a = 3; a < argc; a++) {
        long length = 0;
        int width, height;
        unsigned char *bytes = read_photo(argv[a], &length, &width, &height);
        if (bytes) {
            // The middle, the top and a wide strip, as split-bench.c takes them.
            int w2 = width / 2 / 32 * 32, h2 = height / 2 / 32 * 32;
            region(argv[a], bytes, length, width, height, 8, width / 4 / 32 * 32, height / 4 / 32 * 32, w2, h2, runs);
            region(argv[a], bytes, length, width, height, 8, 0, 0, w2, h2, runs);
            region(argv[a], bytes, length, width, height, 4, width / 4 / 32 * 32, height / 2 / 32 * 32,
                   width - width / 4 / 32 * 32, height - height / 2 / 32 * 32, runs);
        }
        free(bytes);
    }
    return 0;
}
