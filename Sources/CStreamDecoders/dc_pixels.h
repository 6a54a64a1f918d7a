// A JPEG's 1/8-scale pixels from its DC coefficients: shared by the
// progressive DC decoder (jpeg_dc.c) and the baseline one (jpeg_parallel_dc.c).
#ifndef FW_DC_PIXELS_H
#define FW_DC_PIXELS_H
#include <stdint.h>

static inline uint8_t fw_dc_clamp(int v) { return v < 0 ? 0 : v > 255 ? 255 : (uint8_t)v; }

// One component's value at 1/8-scale pixel (x, y). A component at full
// resolution (h == hmax, v == vmax) is its block's mean, DC × q / 8 (the
// 1 × 1 inverse DCT); a subsampled one's blocks cover several output pixels,
// interpolated between block centres as libjpeg's "fancy" upsampling does.
static inline int fw_dc_value(const int16_t *dc, long stride, int blocks_w, int blocks_h, int h, int v,
                              int hmax, int vmax, int q, int x, int y) {
    if (h == hmax && v == vmax) {
        int value = dc[(long)y * stride + x] * q;
        return (value >= 0 ? (value + 4) >> 3 : -((-value + 4) >> 3)) + 128;
    }
    double fx = (x + 0.5) * h / hmax - 0.5, fy = (y + 0.5) * v / vmax - 0.5;
    int x0 = fx < 0 ? 0 : (int)fx, y0 = fy < 0 ? 0 : (int)fy;
    int x1 = x0 + 1 < blocks_w ? x0 + 1 : x0, y1 = y0 + 1 < blocks_h ? y0 + 1 : y0;
    double wx = fx - x0 < 0 ? 0 : fx - x0, wy = fy - y0 < 0 ? 0 : fy - y0;
    double top = dc[(long)y0 * stride + x0] * (1 - wx) + dc[(long)y0 * stride + x1] * wx;
    double bottom = dc[(long)y1 * stride + x0] * (1 - wx) + dc[(long)y1 * stride + x1] * wx;
    double mean = (top * (1 - wy) + bottom * wy) * q / 8;
    return (int)(mean + (mean >= 0 ? 0.5 : -0.5)) + 128;
}

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
#endif
