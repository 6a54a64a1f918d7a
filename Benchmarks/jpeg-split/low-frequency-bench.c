// The parts of a page at 3/8 made from the low-frequency coefficients alone
// (Sources/CStreamDecoders/jpeg_low_frequency.c), one thread each, against
// libjpeg's whole decode: the scan read by the DC reader (jpeg_scan.h) for
// the DC alone (the sketch's reading), read again for each block's top-left
// 3 x 3 (fw_low_block, the page's reading), then, for a 4:4:4 file, the page
// made from them with libjpeg's 3 x 3 IDCT and YCbCr -> RGB arithmetic
// (jpeg_scaled_pixels.h's, called here to time the two apart) compared with
// tjDecompress2 at 3/8; then the library's own on two threads: the sketch
// (fw_jpeg_sketch_decode) and the page at 3/8 from its kept scan
// (fw_jpeg_sketch_split_decode; a 4:2:0 file's chroma at 6 x 6 there), and
// whether that page is tjDecompress2's. Best of N runs. Built and run by
// Benchmarks/jpeg-split/low-frequency; docs/benchmarks.md has the figures
// it printed.
#include "stream_decoders.h"
#include "jpeg_scaled_pixels.h"
#include "jpeg_scan.h"
#include "photo_file.h"
#include <jpeglib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


// jpeg_idct_3x3 (jpeg_scaled_pixels.h) on the DC and the kept values
// (row-major 3 x 3 but the DC), `q` the quantisation of the 3 x 3.
static void idct_3x3(const fw_pixel_tables *tables, int dc, const int16_t *low, const int *q, uint8_t *out,
                     int stride) {
    int in[9] = {dc * q[0]};
    for (int i = 1; i < 9; i++) in[i] = low[i - 1] * q[i];
    fw_idct_3x3(tables, in, out, stride);
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: low-frequency-bench FILE.jpg [RUNS]\n"); return 2; }
    long length;
    int width, height, runs = argc > 2 ? atoi(argv[2]) : 5;
    unsigned char *bytes = read_photo(argv[1], &length, &width, &height);
    if (!bytes) { fprintf(stderr, "%s: not read, or no JPEG header\n", argv[1]); return 1; }
    fw_pixel_tables tables;
    fw_pixel_tables_init(&tables);
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
    int quant[3][9];   // as libjpeg's ISLOW table keeps them (short)
    for (int c = 0; c < 3 && c < s.ncomp; c++)
        for (int i = 0; i < 9; i++)
            quant[c][i] = (short)info.quant_tbl_ptrs[info.comp_info[c].quant_tbl_no]->quantval[(i / 3) * 8 + i % 3];
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
                    idct_3x3(&tables, (int16_t)dc[m * 3 + c], kept + (m * 3 + c) * FW_LOW_VALUES, quant[c], planes[c] + my * 3 * plane_w + mx * 3, plane_w);
            }
            double t3 = now_ms();
            for (int y = 0; y < h; y++) {
                const uint8_t *Y = planes[0] + (size_t)y * plane_w, *cb = planes[1] + (size_t)y * plane_w,
                              *cr = planes[2] + (size_t)y * plane_w;
                uint8_t *o = rgba + (size_t)y * w * 4;
                fw_rgba_row(&tables, Y, cb, cr, o, w);
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
