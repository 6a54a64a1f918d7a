// A JPEG's 1/8-scale pixels from its DC coefficients: shared by the
// progressive DC decoder (jpeg_dc.c) and the baseline one (jpeg_parallel_dc.c).
#ifndef FW_DC_PIXELS_H
#define FW_DC_PIXELS_H
#include <stdint.h>
#include <stdlib.h>

static inline uint8_t fw_dc_clamp(int v) { return v < 0 ? 0 : v > 255 ? 255 : (uint8_t)v; }

// An RGBA pixel from the components' values: grey, RGB (Adobe transform 0)
// or YCbCr (JFIF's conversion).
static inline void fw_dc_rgba(const int value[3], int ncomp, int rgb, uint8_t *p) {
    if (ncomp == 1) {
        p[0] = p[1] = p[2] = fw_dc_clamp(value[0]);
    } else if (rgb) {
        p[0] = fw_dc_clamp(value[0]); p[1] = fw_dc_clamp(value[1]); p[2] = fw_dc_clamp(value[2]);
    } else {
        double yy = value[0], cb = value[1] - 128, cr = value[2] - 128;
        p[0] = fw_dc_clamp((int)(yy + 1.402 * cr + 0.5));
        p[1] = fw_dc_clamp((int)(yy - 0.344136 * cb - 0.714136 * cr + 0.5));
        p[2] = fw_dc_clamp((int)(yy + 1.772 * cb + 0.5));
    }
    p[3] = 255;
}
// A component's value at a 1/8-scale pixel: at full resolution (h == hmax,
// v == vmax) its block's mean, DC x q / 8 (the 1 x 1 inverse DCT); a
// subsampled one's blocks cover several output pixels, interpolated between
// block centres as libjpeg's "fancy" upsampling does.
//
// Where a subsampled component's sample falls along one axis: between block
// centres `lo` and `hi`, at `w` from lo.
typedef struct {
    int lo, hi;
    double w;
} fw_dc_tap;

static inline fw_dc_tap fw_dc_tap_at(int i, int factor, int max_factor, int blocks) {
    double f = (i + 0.5) * factor / max_factor - 0.5;
    int lo = f < 0 ? 0 : (int)f;
    fw_dc_tap tap = {lo, lo + 1 < blocks ? lo + 1 : lo, f - lo < 0 ? 0 : f - lo};
    return tap;
}

// One component's DC plane as a row of 1/8-scale pixels reads it. The
// columns' taps are worked out once (fw_dc_plane_columns) and a row's once
// per row: worked out at every pixel, a 12 MP 4:2:0 sketch's pixels took
// 8.8 ms of CPU.
typedef struct {
    const int16_t *dc;
    long stride;
    int blocks_w, blocks_h, h, v, q;
    fw_dc_tap *columns;   // small_w taps, when subsampled; malloc'd
} fw_dc_plane;

// The plane's column taps for rows `small_w` wide; 0, or -1 out of memory.
static inline int fw_dc_plane_columns(fw_dc_plane *p, int small_w, int hmax, int vmax) {
    p->columns = NULL;
    if (p->h == hmax && p->v == vmax) return 0;
    p->columns = malloc((size_t)small_w * sizeof *p->columns);
    if (!p->columns) return -1;
    for (int x = 0; x < small_w; x++) p->columns[x] = fw_dc_tap_at(x, p->h, hmax, p->blocks_w);
    return 0;
}

// Row y of the 1/8-scale image, `small_w` RGBA pixels, from `ncomp` planes
// (at most 4; fw_dc_rgba's `rgb`).
static inline void fw_dc_row(const fw_dc_plane *planes, int ncomp, int rgb, int vmax, int y, int small_w,
                             uint8_t *out) {
    const int16_t *lo_row[4], *hi_row[4];
    double wy[4];
    for (int c = 0; c < ncomp; c++) {
        const fw_dc_plane *p = &planes[c];
        if (!p->columns) { lo_row[c] = hi_row[c] = p->dc + (long)y * p->stride; wy[c] = 0; continue; }
        fw_dc_tap tap = fw_dc_tap_at(y, p->v, vmax, p->blocks_h);
        lo_row[c] = p->dc + (long)tap.lo * p->stride;
        hi_row[c] = p->dc + (long)tap.hi * p->stride;
        wy[c] = tap.w;
    }
    for (int x = 0; x < small_w; x++) {
        int value[4] = {0};
        for (int c = 0; c < ncomp; c++) {
            const fw_dc_plane *p = &planes[c];
            if (!p->columns) {
                int v = lo_row[c][x] * p->q;
                value[c] = (v >= 0 ? (v + 4) >> 3 : -((-v + 4) >> 3)) + 128;
                continue;
            }
            fw_dc_tap t = p->columns[x];
            double top = lo_row[c][t.lo] * (1 - t.w) + lo_row[c][t.hi] * t.w;
            double bottom = hi_row[c][t.lo] * (1 - t.w) + hi_row[c][t.hi] * t.w;
            double mean = (top * (1 - wy[c]) + bottom * wy[c]) * p->q / 8;
            value[c] = (int)(mean + (mean >= 0 ? 0.5 : -0.5)) + 128;
        }
        fw_dc_rgba(value, ncomp, rgb, out + (size_t)x * 4);
    }
}
#endif
