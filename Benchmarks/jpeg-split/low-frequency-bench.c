// The parts of a page at 3/8 made from the low-frequency coefficients alone
// (Sources/CStreamDecoders/jpeg_low_frequency.c), one thread each, against
// libjpeg's whole decode: the scan read by the DC reader (jpeg_scan.h) for
// the DC alone (the sketch's reading), read again for each block's top-left
// 3 x 3 (fw_low_block, the page's reading), then, for a 4:4:4 file, the page
// made from them with libjpeg's 3 x 3 IDCT and YCbCr -> RGB arithmetic (a
// copy of jpeg_low_frequency.c's, here to time the two apart) compared with
// tjDecompress2 at 3/8; then the library's own on two threads: the sketch
// (fw_jpeg_sketch_decode) and the page at 3/8 from its kept scan
// (fw_jpeg_sketch_split_decode; a 4:2:0 file's chroma at 6 x 6 there), and
// whether that page is tjDecompress2's. Best of N runs. Built and run by
// Benchmarks/jpeg-split/low-frequency; docs/benchmarks.md has the figures
// it printed.
#include "stream_decoders.h"
#include "jpeg_scan.h"
#include "photo_file.h"
#include <jpeglib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CONST_BITS 13
#define PASS1_BITS 2
#define FIX(x) ((long)((x) * (1L << CONST_BITS) + 0.5))

static int extend(uint64_t window, int used, int size) {
    int value = (int)((window << used) >> (64 - size));
    return value < (1 << (size - 1)) ? value - (1 << size) + 1 : value;
}

// libjpeg's tables (jdmaster.c's range limit, jdcolor.c's YCbCr -> RGB).
static uint8_t range_table[5 * 256 + 128], *sample_limit, *idct_limit;
static int cr_r[256], cb_b[256];
static long cr_g[256], cb_g[256];
static void build_libjpeg_tables(void) {
    uint8_t *t = range_table + 256;
    sample_limit = t;
    memset(t - 256, 0, 256);
    for (int i = 0; i < 256; i++) t[i] = (uint8_t)i;
    t += 128;
    for (int i = 128; i < 512; i++) t[i] = 255;
    memset(t + 512, 0, 512 - 128);
    memcpy(t + 1024 - 128, sample_limit, 128);
    idct_limit = sample_limit + 128;
    for (int i = 0; i < 256; i++) {
        long x = i - 128;
        cr_r[i] = (int)(((long)(1.40200 * 65536 + 0.5) * x + 32768) >> 16);
        cb_b[i] = (int)(((long)(1.77200 * 65536 + 0.5) * x + 32768) >> 16);
        cr_g[i] = -(long)(0.71414 * 65536 + 0.5) * x;
        cb_g[i] = -(long)(0.34414 * 65536 + 0.5) * x + 32768;
    }
}

// jidctint.c's jpeg_idct_3x3, on the DC and the kept values (row-major 3 x 3 but the DC).
static void idct_3x3(int dc, const int16_t *low, const uint16_t *quant, uint8_t *out, int stride) {
    int in[9] = {dc, low[0], low[1], low[2], low[3], low[4], low[5], low[6], low[7]};
    int ws[9];
    for (int c = 0; c < 3; c++) {
        long t0 = ((long)in[c] * quant[c]) * (1L << CONST_BITS) + (1L << (CONST_BITS - PASS1_BITS - 1));
        long t12 = (long)in[6 + c] * quant[16 + c] * FIX(0.707106781);
        long t10 = t0 + t12, t2 = t0 - t12 - t12;
        long odd = (long)in[3 + c] * quant[8 + c] * FIX(1.224744871);
        ws[c] = (int)((t10 + odd) >> (CONST_BITS - PASS1_BITS));
        ws[6 + c] = (int)((t10 - odd) >> (CONST_BITS - PASS1_BITS));
        ws[3 + c] = (int)(t2 >> (CONST_BITS - PASS1_BITS));
    }
    for (int r = 0; r < 3; r++, out += stride) {
        const int *w = ws + 3 * r;
        long t0 = ((long)w[0] + (1L << (PASS1_BITS + 2))) * (1L << CONST_BITS);
        long t12 = (long)w[2] * FIX(0.707106781), t10 = t0 + t12, t2 = t0 - t12 - t12;
        long odd = (long)w[1] * FIX(1.224744871);
        int shift = CONST_BITS + PASS1_BITS + 3;
        out[0] = idct_limit[(int)((t10 + odd) >> shift) & 1023];
        out[1] = idct_limit[(int)(t2 >> shift) & 1023];
        out[2] = idct_limit[(int)((t10 - odd) >> shift) & 1023];
    }
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: low-frequency-bench FILE.jpg [RUNS]\n"); return 2; }
    long length;
    int width, height, runs = argc > 2 ? atoi(argv[2]) : 5;
    unsigned char *bytes = read_photo(argv[1], &length, &width, &height);
    if (!bytes) { fprintf(stderr, "%s: not read, or no JPEG header\n", argv[1]); return 1; }
    build_libjpeg_tables();
    fw_dc_scan s;
    memset(&s, 0, sizeof s);
    s.adobe_transform = -1;
    s.tables = calloc(8, sizeof(fw_dc_huffman));
    fw_baseline_dc_result header;
    memset(&header, 0, sizeof header);
    const uint8_t *data = NULL;
    if (fw_dc_headers(&s, bytes, (size_t)length, &data, &header) || fw_dc_unstuff(&s, data, bytes + length) ||
        fw_dc_geometry(&s)) { fprintf(stderr, "%s: not a baseline JPEG the DC reader reads\n", argv[1]); return 1; }
    for (int t = 0; t < 4; t++) if (s.tables[4 + t].defined) fw_low_build(&s.tables[4 + t]);
    long blocks = s.total_mcus * s.blocks_per_mcu;
    int16_t *kept = malloc(sizeof(int16_t) * FW_LOW_VALUES * (size_t)blocks);
    int *dc = malloc(sizeof(int) * (size_t)blocks);
    int w = (width * 3 + 7) / 8, h = (height * 3 + 7) / 8;
    unsigned char *reference = malloc((size_t)w * h * 4);
    double best_dc = 1e9, best_kept = 1e9, best_idct = 1e9, best_colour = 1e9, best_tj = 1e9, best_sketch = 1e9,
           best_page = 1e9;
    int page_equal = 0, from_low = 0;
    unsigned char *page_pixels = malloc((size_t)w * h * 4);
    int is_444 = s.ncomp == 3 && s.blocks_per_mcu == 3, equal = -1;
    tjhandle handle = tjInitDecompress();
    struct jpeg_decompress_struct info;
    struct jpeg_error_mgr errors;
    info.err = jpeg_std_error(&errors);
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, bytes, (unsigned long)length);
    jpeg_read_header(&info, TRUE);
    uint16_t quant[3][64];
    for (int c = 0; c < 3 && c < s.ncomp; c++)
        for (int i = 0; i < 64; i++) quant[c][i] = info.quant_tbl_ptrs[info.comp_info[c].quant_tbl_no]->quantval[i];
    jpeg_destroy_decompress(&info);
    int plane_w = s.comps[0].blocks_w * 3, plane_h = s.comps[0].blocks_h * 3;
    uint8_t *planes[3], *rgba = malloc((size_t)w * h * 4);
    for (int c = 0; c < 3; c++) planes[c] = malloc((size_t)plane_w * plane_h);
    for (int r = 0; r < runs; r++) {
        double t0 = now_ms();
        uint64_t pos = 0;
        uint16_t pred[4] = {0};
        long decoded;
        fw_dc_sink discard = {.discard = 1};
        if (fw_dc_mcus(&s, &pos, pred, 0, s.total_mcus, s.total_bits, &discard, &decoded)) { fprintf(stderr, "corrupt\n"); return 1; }
        double t1 = now_ms();
        pos = 0;
        int prediction[4] = {0};
        for (long m = 0; m < s.total_mcus; m++)
            for (int b = 0; b < s.blocks_per_mcu; b++) {
                const fw_dc_component *k = &s.comps[s.block_comp[b]];
                int16_t *block = kept + (m * s.blocks_per_mcu + b) * FW_LOW_VALUES;
                int diff;
                if (fw_low_block(&s, &s.tables[k->td], &s.tables[4 + k->ta], &pos, &diff, block)) {
                    fprintf(stderr, "corrupt at MCU %ld\n", m);
                    return 1;
                }
                prediction[s.block_comp[b]] += diff;
                dc[m * s.blocks_per_mcu + b] = prediction[s.block_comp[b]];
            }
        double t2 = now_ms();
        if (t1 - t0 < best_dc) best_dc = t1 - t0;
        if (t2 - t1 < best_kept) best_kept = t2 - t1;
        if (is_444) {
            for (long m = 0; m < s.total_mcus; m++) {
                long mx = m % s.mcux, my = m / s.mcux;
                for (int c = 0; c < 3; c++)
                    idct_3x3((int16_t)dc[m * 3 + c], kept + (m * 3 + c) * FW_LOW_VALUES, quant[c], planes[c] + my * 3 * plane_w + mx * 3, plane_w);
            }
            double t3 = now_ms();
            for (int y = 0; y < h; y++) {
                const uint8_t *Y = planes[0] + (size_t)y * plane_w, *cb = planes[1] + (size_t)y * plane_w,
                              *cr = planes[2] + (size_t)y * plane_w;
                uint8_t *o = rgba + (size_t)y * w * 4;
                for (int x = 0; x < w; x++, o += 4) {
                    o[0] = sample_limit[Y[x] + cr_r[cr[x]]];
                    o[1] = sample_limit[Y[x] + (int)((cb_g[cb[x]] + cr_g[cr[x]]) >> 16)];
                    o[2] = sample_limit[Y[x] + cb_b[cb[x]]];
                    o[3] = 255;
                }
            }
            double t4 = now_ms();
            if (t3 - t2 < best_idct) best_idct = t3 - t2;
            if (t4 - t3 < best_colour) best_colour = t4 - t3;
        }
        double t5 = now_ms();
        tjDecompress2(handle, bytes, (unsigned long)length, reference, w, w * 4, h, TJPF_RGBA, 0);
        double t6 = now_ms();
        if (t6 - t5 < best_tj) best_tj = t6 - t5;
        if (is_444) equal = memcmp(reference, rgba, (size_t)w * h * 4) == 0;
        // The library's own: the sketch on two threads, then the page at 3/8 from its kept scan.
        fw_baseline_dc_result sketch;
        fw_jpeg_sketch *scan = NULL;
        double t7 = now_ms();
        int sketched = fw_jpeg_sketch_decode(bytes, (size_t)length, &sketch, &scan) == 0 && scan;
        double t8 = now_ms();
        fw_entropy_split_result page;
        memset(page_pixels, 0, (size_t)w * h * 4);
        int paged = sketched && fw_jpeg_sketch_split_decode(scan, bytes, (size_t)length, 3, 0.5, 0.5, page_pixels, w, h,
                                                            &page) == 0;
        double t9 = now_ms();
        if (sketched && t8 - t7 < best_sketch) best_sketch = t8 - t7;
        if (paged && t9 - t8 < best_page) best_page = t9 - t8;
        page_equal = paged && memcmp(reference, page_pixels, (size_t)w * h * 4) == 0;
        from_low = paged && page.low_frequency;
        fw_jpeg_baseline_dc_free(&sketch);
        fw_jpeg_sketch_free(scan);
    }
    printf("| %s | %d×%d | %.1f | %.1f | ", argv[1], width, height, best_dc, best_kept);
    if (is_444) printf("%.1f | %.1f | %.1f | %s | ", best_idct, best_colour, best_tj, equal ? "equal" : "DIFFER");
    else printf("(4:4:4 only) | | %.1f | | ", best_tj);
    printf("%.1f | %.1f | %s%s |\n", best_sketch, best_page, page_equal ? "equal" : "DIFFER",
           from_low ? "" : " (libjpeg's split)");
    return 0;
}
