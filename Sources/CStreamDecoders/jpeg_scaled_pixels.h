// libjpeg's pixels at 3/8 made the way libjpeg makes them: jidctint.c's
// 3 x 3 and 6 x 6 IDCT (jpeg_idct_3x3, jpeg_idct_6x6), its range limit
// (jdmaster.c's prepare_range_limit_table) and jdcolor.c's YCbCr -> RGB,
// step by step, so that a page made from the same coefficients is
// tjDecompress2's byte for byte. Shared by the baseline page made from the
// low-frequency coefficients (jpeg_low_frequency.c), the progressive reader's
// own output (jpeg_progressive.c) and Benchmarks/jpeg-split.
//
// At 3/8 libjpeg gives a component sampled as often as the most sampled one
// a 3 x 3 IDCT, and one sampled half as often both ways a 6 x 6 IDCT,
// instead of upsampling it (jdmaster.c); other sampling is upsampled and is
// not made here.
//
//     fw_pixel_tables tables;
//     fw_pixel_tables_init(&tables);
//     int in[9];   // a block's top-left 3 x 3, each coefficient times its quantisation
//     fw_idct_3x3(&tables, in, samples, stride);
#ifndef FW_JPEG_SCALED_PIXELS_H
#define FW_JPEG_SCALED_PIXELS_H
#include <stdint.h>
#include <string.h>

// jidctint.c's constants.
#define FW_CONST_BITS 13
#define FW_PASS1_BITS 2
#define FW_FIX(x) ((long)((x) * (1L << FW_CONST_BITS) + 0.5))
#define FW_YCC_BITS 16
#define FW_YCC_FIX(x) ((long)((x) * (1L << FW_YCC_BITS) + 0.5))

typedef struct {
    uint8_t range[5 * 256 + 128];   // jdmaster.c's prepare_range_limit_table
    const uint8_t *sample_limit, *idct_limit;
    int cr_r[256], cb_b[256];
    long cr_g[256], cb_g[256];
} fw_pixel_tables;

static inline void fw_pixel_tables_init(fw_pixel_tables *tables) {
    uint8_t *t = tables->range + 256;
    tables->sample_limit = t;
    memset(t - 256, 0, 256);
    for (int i = 0; i < 256; i++) t[i] = (uint8_t)i;
    t += 128;
    for (int i = 128; i < 512; i++) t[i] = 255;
    memset(t + 512, 0, 512 - 128);
    memcpy(t + 1024 - 128, tables->sample_limit, 128);
    tables->idct_limit = tables->sample_limit + 128;
    for (int i = 0; i < 256; i++) {   // jdcolor.c's build_ycc_rgb_table
        long x = i - 128;
        tables->cr_r[i] = (int)((FW_YCC_FIX(1.40200) * x + (1L << (FW_YCC_BITS - 1))) >> FW_YCC_BITS);
        tables->cb_b[i] = (int)((FW_YCC_FIX(1.77200) * x + (1L << (FW_YCC_BITS - 1))) >> FW_YCC_BITS);
        tables->cr_g[i] = -FW_YCC_FIX(0.71414) * x;
        tables->cb_g[i] = -FW_YCC_FIX(0.34414) * x + (1L << (FW_YCC_BITS - 1));
    }
}

// A sample from the IDCT's second pass, descaled and range-limited.
static inline uint8_t fw_idct_sample(const fw_pixel_tables *tables, long value) {
    return tables->idct_limit[(int)(value >> (FW_CONST_BITS + FW_PASS1_BITS + 3)) & 1023];
}

// jpeg_idct_3x3: a block's top-left 3 x 3 coefficients, row-major, each
// times its quantisation (libjpeg's DEQUANTIZE, in an int), into 3 rows of
// 3 samples at `out`.
static inline void fw_idct_3x3(const fw_pixel_tables *tables, const int *in, uint8_t *out, int stride) {
    int ws[9];
    for (int c = 0; c < 3; c++) {
        long t0 = (long)in[c] * (1L << FW_CONST_BITS) + (1L << (FW_CONST_BITS - FW_PASS1_BITS - 1));
        long t12 = (long)in[6 + c] * FW_FIX(0.707106781);
        long t10 = t0 + t12, t2 = t0 - t12 - t12;
        long odd = (long)in[3 + c] * FW_FIX(1.224744871);
        ws[c] = (int)((t10 + odd) >> (FW_CONST_BITS - FW_PASS1_BITS));
        ws[6 + c] = (int)((t10 - odd) >> (FW_CONST_BITS - FW_PASS1_BITS));
        ws[3 + c] = (int)(t2 >> (FW_CONST_BITS - FW_PASS1_BITS));
    }
    for (int r = 0; r < 3; r++, out += stride) {
        const int *w = ws + 3 * r;
        long t0 = ((long)w[0] + (1L << (FW_PASS1_BITS + 2))) * (1L << FW_CONST_BITS);
        long t12 = (long)w[2] * FW_FIX(0.707106781), t10 = t0 + t12, t2 = t0 - t12 - t12;
        long odd = (long)w[1] * FW_FIX(1.224744871);
        out[0] = fw_idct_sample(tables, t10 + odd);
        out[1] = fw_idct_sample(tables, t2);
        out[2] = fw_idct_sample(tables, t10 - odd);
    }
}

// jpeg_idct_6x6, the same way: 6 x 6 row-major in, 6 rows of 6 samples out.
static inline void fw_idct_6x6(const fw_pixel_tables *tables, const int *in, uint8_t *out, int stride) {
    int ws[36];
    for (int c = 0; c < 6; c++) {
        // Even part: rows 0, 2 and 4 of the column.
        long t0 = (long)in[c] * (1L << FW_CONST_BITS) + (1L << (FW_CONST_BITS - FW_PASS1_BITS - 1));
        long c4 = (long)in[24 + c] * FW_FIX(0.707106781);
        long even = t0 + c4, middle = (t0 - c4 - c4) >> (FW_CONST_BITS - FW_PASS1_BITS);
        long c2 = (long)in[12 + c] * FW_FIX(1.224744871);
        long outer = even + c2, inner = even - c2;
        // Odd part: rows 1, 3 and 5.
        long z1 = in[6 + c], z2 = in[18 + c], z3 = in[30 + c];
        long c5 = (z1 + z3) * FW_FIX(0.366025404);
        long odd0 = c5 + (z1 + z2) * (1L << FW_CONST_BITS), odd2 = c5 + (z3 - z2) * (1L << FW_CONST_BITS);
        long odd1 = (z1 - z2 - z3) * (1L << FW_PASS1_BITS);
        ws[c] = (int)((outer + odd0) >> (FW_CONST_BITS - FW_PASS1_BITS));
        ws[30 + c] = (int)((outer - odd0) >> (FW_CONST_BITS - FW_PASS1_BITS));
        ws[6 + c] = (int)(middle + odd1);
        ws[24 + c] = (int)(middle - odd1);
        ws[12 + c] = (int)((inner + odd2) >> (FW_CONST_BITS - FW_PASS1_BITS));
        ws[18 + c] = (int)((inner - odd2) >> (FW_CONST_BITS - FW_PASS1_BITS));
    }
    for (int r = 0; r < 6; r++, out += stride) {
        const int *w = ws + 6 * r;
        long t0 = ((long)w[0] + (1L << (FW_PASS1_BITS + 2))) * (1L << FW_CONST_BITS);
        long c4 = (long)w[4] * FW_FIX(0.707106781);
        long even = t0 + c4, middle = t0 - c4 - c4;
        long c2 = (long)w[2] * FW_FIX(1.224744871);
        long outer = even + c2, inner = even - c2;
        long z1 = w[1], z2 = w[3], z3 = w[5];
        long c5 = (z1 + z3) * FW_FIX(0.366025404);
        long odd0 = c5 + (z1 + z2) * (1L << FW_CONST_BITS), odd2 = c5 + (z3 - z2) * (1L << FW_CONST_BITS);
        long odd1 = (z1 - z2 - z3) * (1L << FW_CONST_BITS);
        out[0] = fw_idct_sample(tables, outer + odd0);
        out[5] = fw_idct_sample(tables, outer - odd0);
        out[1] = fw_idct_sample(tables, middle + odd1);
        out[4] = fw_idct_sample(tables, middle - odd1);
        out[2] = fw_idct_sample(tables, inner + odd2);
        out[3] = fw_idct_sample(tables, inner - odd2);
    }
}

// A row of samples into RGBA: jdcolor.c's ycc_rgb_convert with `cb` and
// `cr`, a grey row copied to each channel without (NULL).
static inline void fw_rgba_row(const fw_pixel_tables *tables, const uint8_t *luma, const uint8_t *cb,
                               const uint8_t *cr, uint8_t *out, int width) {
    if (!cb) {
        for (int x = 0; x < width; x++, out += 4) out[0] = out[1] = out[2] = luma[x], out[3] = 255;
        return;
    }
    const uint8_t *limit = tables->sample_limit;
    for (int x = 0; x < width; x++, out += 4) {
        int y = luma[x];
        out[0] = limit[y + tables->cr_r[cr[x]]];
        out[1] = limit[y + (int)((tables->cb_g[cb[x]] + tables->cr_g[cr[x]]) >> FW_YCC_BITS)];
        out[2] = limit[y + tables->cb_b[cb[x]]];
        out[3] = 255;
    }
}
#endif
