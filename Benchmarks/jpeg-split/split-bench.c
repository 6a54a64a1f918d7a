// The JPEG decodes of Sources/CStreamDecoders/jpeg_entropy_split.c against
// libjpeg-turbo's, on one JPEG: a whole image at each scale (tjDecompress2
// vs the two-thread split at JPEGEntropySplit.topFraction's cut), and zoomed
// regions (tjTransform's lossless crop and its decode vs the region decoded
// from its own rows). Best of N runs each, and whether the pixels are equal.
// Built and run by Benchmarks/jpeg-split/run; docs/benchmarks.md has figures.
#include "stream_decoders.h"
#include "photo_file.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <turbojpeg.h>

// JPEGEntropySplit.relativeCost: libjpeg-turbo's time at n/8 over its time at 1/8.
static const double relative_cost[8] = {1.00, 1.27, 1.47, 1.43, 1.93, 2.17, 2.58, 1.74};

static void whole_image(const unsigned char *bytes, long length, int width, int height, int runs) {
    tjhandle handle = tjInitDecompress();
    printf("| scale | tjDecompress2 (ms) | split (ms) | split / whole | pixels |\n| --- | --- | --- | --- | --- |\n");
    for (int num = 1; num <= 8; num++) {
        int w = (width * num + 7) / 8, h = (height * num + 7) / 8;
        unsigned char *whole = malloc((size_t)w * h * 4), *split = malloc((size_t)w * h * 4);
        double cost = relative_cost[num - 1], fraction = cost / (2 * cost - 1), best_whole = 1e9, best_split = 1e9;
        int status = 1;
        fw_entropy_split_result result;
        for (int r = 0; r < runs; r++) {
            double t0 = now_ms();
            tjDecompress2(handle, bytes, (unsigned long)length, whole, w, w * 4, h, TJPF_RGBA, 0);
            double t1 = now_ms();
            if (fraction <= 0.9) status = fw_jpeg_entropy_split_decode(bytes, (size_t)length, num, fraction, 0, -1, split, w, h, &result);
            double t2 = now_ms();
            if (t1 - t0 < best_whole) best_whole = t1 - t0;
            if (t2 - t1 < best_split) best_split = t2 - t1;
        }
        if (fraction > 0.9) printf("| %d/8 | %.1f | not split | | |\n", num, best_whole);
        else if (status != 0) printf("| %d/8 | %.1f | declined: %s | | |\n", num, best_whole, result.message);
        else printf("| %d/8 | %.1f | %.1f | %.2f | %s |\n", num, best_whole, best_split, best_split / best_whole,
                    memcmp(whole, split, (size_t)w * h * 4) == 0 ? "equal" : "DIFFER");
        free(whole);
        free(split);
    }
    tjDestroy(handle);
}

static void region(const unsigned char *bytes, long length, int num, int left, int top, int width, int height,
                   int runs) {
    int w = (width * num + 7) / 8, h = (height * num + 7) / 8;
    unsigned char *by_crop = malloc((size_t)w * h * 4), *by_rows = malloc((size_t)w * h * 4);
    double best_crop = 1e9, best_rows = 1e9;
    int status = 1;
    fw_entropy_split_result result;
    for (int r = 0; r < runs; r++) {
        double t0 = now_ms();
        tjhandle transformer = tjInitTransform(), decoder = tjInitDecompress();
        tjtransform transform;
        memset(&transform, 0, sizeof transform);
        transform.r.x = left; transform.r.y = top; transform.r.w = width; transform.r.h = height;
        transform.op = TJXOP_NONE;
        transform.options = TJXOPT_CROP;
        unsigned char *crop = NULL;
        unsigned long crop_size = 0;
        tjTransform(transformer, bytes, (unsigned long)length, 1, &crop, &crop_size, &transform, 0);
        tjDecompress2(decoder, crop, crop_size, by_crop, w, w * 4, h, TJPF_RGBA, 0);
        tjFree(crop);
        tjDestroy(decoder);
        tjDestroy(transformer);
        double t1 = now_ms();
        status = fw_jpeg_region_decode(bytes, (size_t)length, num, left, top, width, height, by_rows, w, h, &result);
        double t2 = now_ms();
        if (t1 - t0 < best_crop) best_crop = t1 - t0;
        if (t2 - t1 < best_rows) best_rows = t2 - t1;
    }
    if (status != 0) printf("| %d, %d, %d × %d, %d/8 | %.1f | declined: %s |\n", left, top, width, height, num, best_crop, result.message);
    else printf("| %d, %d, %d × %d, %d/8 | %.1f | %.1f |\n", left, top, width, height, num, best_crop, best_rows);
    free(by_crop);
    free(by_rows);
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: split-bench FILE.jpg [RUNS]\n"); return 2; }
    long length;
    int width, height, runs = argc > 2 ? atoi(argv[2]) : 5;
    unsigned char *bytes = read_photo(argv[1], &length, &width, &height);
    if (!bytes) { fprintf(stderr, "%s: not read, or no JPEG header\n", argv[1]); return 1; }
    printf("%s: %d×%d, best of %d\n\nA whole image:\n\n", argv[1], width, height, runs);
    whole_image(bytes, length, width, height, runs);
    printf("\nA zoomed region (x, y, width × height at full size, scale): lossless crop and its decode, against its own rows:\n\n"
           "| region | crop and decode (ms) | from its rows (ms) |\n| --- | --- | --- |\n");
    // The middle, the top and a wide strip, on 32-pixel corners (every sampling's MCU divides 32).
    int w2 = width / 2 / 32 * 32, h2 = height / 2 / 32 * 32;
    region(bytes, length, 8, width / 4 / 32 * 32, height / 4 / 32 * 32, w2, h2, runs);
    region(bytes, length, 8, 0, 0, w2, h2, runs);
    region(bytes, length, 4, width / 4 / 32 * 32, height / 2 / 32 * 32, width - width / 4 / 32 * 32, height - height / 2 / 32 * 32, runs);
    free(bytes);
    return 0;
}
