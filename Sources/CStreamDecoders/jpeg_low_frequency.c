// A baseline JPEG's page at 3/8 from the values the first image's sketch
// kept, without libjpeg's decode (stream_decoders.h).
//
// At 3/8 libjpeg's IDCT (jidctint.c's jpeg_idct_3x3) reads only the top-left
// 3 x 3 of each block's 64 coefficients, yet its Huffman decoder reads and
// keeps them all. The sketch reads every code anyway to find the DC values;
// keeping those nine values as it goes costs about as much again as the DC
// alone, and the page is then libjpeg's 3 x 3 IDCT and its YCbCr -> RGB
// arithmetic, here in C, on two threads: on a 12 MP 4:4:4 photo on one
// thread, the DC read 24 ms, with the values 42, the page from them 11,
// where tjDecompress2 at 3/8 takes 59 (Benchmarks/jpeg-split/low-frequency,
// docs/benchmarks.md). The pixels are tjDecompress2's byte for byte
// (JPEGLowFrequencyPageTests): the same arithmetic on the same values.
//
// Only where no upsampling comes in (grey, and three components without
// subsampling: libjpeg's fancy upsampling of chroma would have to be
// copied too) and only for a file whose decode libjpeg would end without a
// word that the browser heeds: its scan read cleanly to the last MCU and
// followed by the end marker, every restart marker in order. Anything else
// keeps libjpeg's split decode (jpeg_entropy_split.c).
#include "stream_decoders.h"
#include "jpeg_scan.h"
#include "jpeg_setup.h"
#include <jpeglib.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

// Where zigzag position k (1...12) goes among a block's kept values, -1 for
// none: the natural position (row, column) with both below 3, at
// row * 3 + column - 1 (the DC is not kept here).
static const int8_t fw_low_slot[13] = {-1, 0, 2, 5, 3, 1, -1, 4, 6, -1, -1, -1, 7};
// The last zigzag position kept.
#define FW_LOW_LAST 12

// jidctint.c's constants.
#define FW_CONST_BITS 13
#define FW_PASS1_BITS 2
#define FW_FIX(x) ((long)((x) * (1L << FW_CONST_BITS) + 0.5))
#define FW_YCC_BITS 16
#define FW_YCC_FIX(x) ((long)((x) * (1L << FW_YCC_BITS) + 0.5))

static int fw_low_extend(uint64_t window, int used, int size) {
    int value = (int)((window << used) >> (64 - size));
    return value < (1 << (size - 1)) ? value - (1 << size) + 1 : value;
}

void fw_low_build(fw_dc_huffman *h) {
    memset(h->fast_value, 0, sizeof h->fast_value);
    for (int i = 0; i < (1 << FW_FAST_BITS); i++) {
        uint64_t window = (uint64_t)i << (64 - FW_FAST_BITS);
        int length, symbol = fw_dc_slow(h, window, &length);
        if (symbol < 0) continue;
        int run = symbol >> 4, size = symbol & 15;
        if (size == 0 || length + size > FW_FAST_BITS) continue;
        int value = fw_low_extend(window, length, size);
        if (value >= -128 && value <= 127) h->fast_value[i] = (int16_t)(value * 256 + run * 16 + length + size);
    }
}

int fw_low_block(const fw_dc_scan *s, const fw_dc_huffman *dc, const fw_dc_huffman *ac, uint64_t *pos, int *diff,
                 int16_t low[FW_LOW_VALUES]) {
    uint64_t w = fw_peek(s->data, *pos);
    int used, size;
    uint16_t e = dc->fast_dc[w >> (64 - FW_FAST_BITS)];
    if (e) { used = e >> 8; size = e & 0xFF; }
    else if ((size = fw_dc_slow(dc, w, &used)) < 0) return FW_DC_CORRUPT;
    if (size > 11) return FW_DC_CORRUPT;
    *diff = size ? fw_low_extend(w, used, size) : 0;
    used += size;
    memset(low, 0, sizeof(int16_t) * FW_LOW_VALUES);
    // Codes one at a time while their positions may be kept. A position
    // past 63 ends the block, as in fw_dc_block (and libjpeg, which puts
    // such a value at position 63).
    int k = 1;
    while (k <= FW_LOW_LAST) {
        if (used > 26) { *pos += (uint64_t)used; w = fw_peek(s->data, *pos); used = 0; }
        uint64_t bits = w << used;
        int16_t f = ac->fast_value[bits >> (64 - FW_FAST_BITS)];
        if (f) {
            used += f & 15;
            k += (f >> 4) & 15;
            if (k <= FW_LOW_LAST && fw_low_slot[k] >= 0) low[fw_low_slot[k]] = (int16_t)(f >> 8);
            k++;
            continue;
        }
        int length, symbol = fw_dc_slow(ac, bits, &length);
        if (symbol < 0) return FW_DC_CORRUPT;
        int run = symbol >> 4, bits_after = symbol & 15;
        used += length;
        if (bits_after == 0) {
            if (run != 15) { *pos += (uint64_t)used; return FW_DC_OK; }   // end of block
            k += 16;
            continue;
        }
        k += run;
        if (k <= FW_LOW_LAST && fw_low_slot[k] >= 0) low[fw_low_slot[k]] = (int16_t)fw_low_extend(w, used, bits_after);
        used += bits_after;
        k++;
    }
    // The rest skipped as fw_dc_block skips them.
    while (k < 64) {
        if (used > 26) { *pos += (uint64_t)used; w = fw_peek(s->data, *pos); used = 0; }
        uint64_t bits = w << used;
        uint16_t r = ac->run_ac[bits >> (64 - FW_RUN_BITS)];
        if (r && k + ((r >> 1) & 63) < 64) {
            used += r >> 7;
            if (r & 1) break;
            k += (r >> 1) & 63;
            continue;
        }
        uint16_t a = ac->fast_ac[bits >> (64 - FW_FAST_BITS)];
        if (a) {
            used += a >> 8;
            if (a & 1) break;
            k += (a >> 1) & 0x1F;
            continue;
        }
        int length, symbol = fw_dc_slow(ac, bits, &length);
        if (symbol < 0) return FW_DC_CORRUPT;
        int run = symbol >> 4, bits_after = symbol & 15;
        used += length + bits_after;
        if (bits_after) k += run + 1;
        else if (run == 15) k += 16;
        else break;
    }
    *pos += (uint64_t)used;
    return FW_DC_OK;
}

// What the IDCT and the colour conversion read: libjpeg's tables and each
// component's quantisation of the 3 x 3 (as libjpeg's ISLOW table keeps
// them: MULTIPLIER is a short in libjpeg-turbo).
typedef struct {
    const fw_dc_scan *scan;
    int quant[3][9];
    uint8_t range[5 * 256 + 128];   // jdmaster.c's prepare_range_limit_table
    const uint8_t *sample_limit, *idct_limit;
    int cr_r[256], cb_b[256];
    long cr_g[256], cb_g[256];
    uint8_t *out;
    int out_width, out_height;
} fw_low_job;

static void fw_low_tables(fw_low_job *job) {
    uint8_t *t = job->range + 256;
    job->sample_limit = t;
    memset(t - 256, 0, 256);
    for (int i = 0; i < 256; i++) t[i] = (uint8_t)i;
    t += 128;
    for (int i = 128; i < 512; i++) t[i] = 255;
    memset(t + 512, 0, 512 - 128);
    memcpy(t + 1024 - 128, job->sample_limit, 128);
    job->idct_limit = job->sample_limit + 128;
    for (int i = 0; i < 256; i++) {   // jdcolor.c's build_ycc_rgb_table
        long x = i - 128;
        job->cr_r[i] = (int)((FW_YCC_FIX(1.40200) * x + (1L << (FW_YCC_BITS - 1))) >> FW_YCC_BITS);
        job->cb_b[i] = (int)((FW_YCC_FIX(1.77200) * x + (1L << (FW_YCC_BITS - 1))) >> FW_YCC_BITS);
        job->cr_g[i] = -FW_YCC_FIX(0.71414) * x;
        job->cb_g[i] = -FW_YCC_FIX(0.34414) * x + (1L << (FW_YCC_BITS - 1));
    }
}

// jidctint.c's jpeg_idct_3x3: one block's DC and kept values into 3 rows of
// 3 samples at `out`.
static void fw_low_idct(const fw_low_job *job, int dc, const int16_t *low, const int *q, uint8_t *out, int stride) {
    int in[9] = {dc, low[0], low[1], low[2], low[3], low[4], low[5], low[6], low[7]};
    int ws[9];
    for (int c = 0; c < 3; c++) {
        long t0 = (long)(in[c] * q[c]) * (1L << FW_CONST_BITS) + (1L << (FW_CONST_BITS - FW_PASS1_BITS - 1));
        long t12 = (long)(in[6 + c] * q[6 + c]) * FW_FIX(0.707106781);
        long t10 = t0 + t12, t2 = t0 - t12 - t12;
        long odd = (long)(in[3 + c] * q[3 + c]) * FW_FIX(1.224744871);
        ws[c] = (int)((t10 + odd) >> (FW_CONST_BITS - FW_PASS1_BITS));
        ws[6 + c] = (int)((t10 - odd) >> (FW_CONST_BITS - FW_PASS1_BITS));
        ws[3 + c] = (int)(t2 >> (FW_CONST_BITS - FW_PASS1_BITS));
    }
    const int shift = FW_CONST_BITS + FW_PASS1_BITS + 3;
    for (int r = 0; r < 3; r++, out += stride) {
        const int *w = ws + 3 * r;
        long t0 = ((long)w[0] + (1L << (FW_PASS1_BITS + 2))) * (1L << FW_CONST_BITS);
        long t12 = (long)w[2] * FW_FIX(0.707106781), t10 = t0 + t12, t2 = t0 - t12 - t12;
        long odd = (long)w[1] * FW_FIX(1.224744871);
        out[0] = job->idct_limit[(int)((t10 + odd) >> shift) & 1023];
        out[1] = job->idct_limit[(int)(t2 >> shift) & 1023];
        out[2] = job->idct_limit[(int)((t10 - odd) >> shift) & 1023];
    }
}

typedef struct {
    const fw_low_job *job;
    int first_row, end_row;   // block rows
    int status;
} fw_low_part;

// Block rows [first_row, end_row): each component's samples of a block row
// into a strip of 3 rows, then those rows converted into the output.
static void *fw_low_rows(void *context) {
    fw_low_part *part = context;
    const fw_low_job *job = part->job;
    const fw_dc_scan *s = job->scan;
    int blocks_w = s->comps[0].blocks_w, strip_w = blocks_w * 3, ncomp = s->ncomp;
    uint8_t *strip = malloc((size_t)strip_w * 3 * (size_t)ncomp);
    if (!strip) { part->status = -1; return NULL; }
    for (int by = part->first_row; by < part->end_row; by++) {
        for (int c = 0; c < ncomp; c++) {
            const fw_dc_component *k = &s->comps[c];
            uint8_t *rows = strip + (size_t)c * strip_w * 3;
            for (int bx = 0; bx < blocks_w; bx++) {
                // One component: an MCU is a block; three without subsampling: one block of each.
                long mcu = (long)by * blocks_w + bx;
                int block = ncomp == 1 ? 0 : c;
                int dc = (int16_t)k->dc[(size_t)by * k->stride + bx];
                const int16_t *low = s->low + ((size_t)mcu * s->blocks_per_mcu + block) * FW_LOW_VALUES;
                fw_low_idct(job, dc, low, job->quant[c], rows + bx * 3, strip_w);
            }
        }
        for (int r = 0; r < 3; r++) {
            int y = by * 3 + r;
            if (y >= job->out_height) break;
            uint8_t *o = job->out + (size_t)y * job->out_width * 4;
            const uint8_t *luma = strip + (size_t)r * strip_w;
            if (ncomp == 1) {
                for (int x = 0; x < job->out_width; x++, o += 4) o[0] = o[1] = o[2] = luma[x], o[3] = 255;
                continue;
            }
            const uint8_t *cb = luma + (size_t)strip_w * 3, *cr = cb + (size_t)strip_w * 3;
            const uint8_t *limit = job->sample_limit;
            for (int x = 0; x < job->out_width; x++, o += 4) {   // jdcolor.c's ycc_rgb_convert
                int y_ = luma[x];
                o[0] = limit[y_ + job->cr_r[cr[x]]];
                o[1] = limit[y_ + (int)((job->cb_g[cb[x]] + job->cr_g[cr[x]]) >> FW_YCC_BITS)];
                o[2] = limit[y_ + job->cb_b[cb[x]]];
                o[3] = 255;
            }
        }
    }
    free(strip);
    return NULL;
}

// libjpeg's own start of the decode, which reads the headers and checks
// what only a decode checks (its Huffman tables, the quantisation tables
// latched): the colour space and output size it would decode to and those
// tables. 0 when it starts without a word and they are ones the page is
// made for.
static int fw_low_header(fw_low_job *job, const uint8_t *bytes, size_t length, int scale_num, char message[200]) {
    struct jpeg_decompress_struct info;
    fw_jpeg_errors errors;
    memset(&info, 0, sizeof info);
    info.err = fw_jpeg_errors_init(&errors);
    if (setjmp(errors.jump)) {
        snprintf(message, 200, "libjpeg: %s", errors.message);
        jpeg_destroy_decompress(&info);
        return 1;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, bytes, (unsigned long)length);
    jpeg_read_header(&info, TRUE);
    fw_jpeg_output_as_tj(&info, scale_num);
    jpeg_start_decompress(&info);
    const fw_dc_scan *s = job->scan;
    int status = 0;
    J_COLOR_SPACE expected = s->ncomp == 1 ? JCS_GRAYSCALE : JCS_YCbCr;
    if (errors.warnings) { snprintf(message, 200, "libjpeg warned: %s", errors.message); status = 1; }
    else if (info.jpeg_color_space != expected || info.progressive_mode || info.arith_code ||
             info.data_precision != 8 || info.num_components != s->ncomp) {
        snprintf(message, 200, "not a YCbCr or grey baseline JPEG to libjpeg");
        status = 1;
    } else if ((int)info.output_width != job->out_width || (int)info.output_height != job->out_height) {
        snprintf(message, 200, "libjpeg would make %ux%u, not %dx%d", info.output_width, info.output_height,
                 job->out_width, job->out_height);
        status = 1;
    }
    // Natural positions of the 3 x 3, row-major.
    static const int natural[9] = {0, 1, 2, 8, 9, 10, 16, 17, 18};
    for (int c = 0; status == 0 && c < s->ncomp; c++) {
        JQUANT_TBL *table = info.comp_info[c].quant_table;
        if (!table) { snprintf(message, 200, "no quantisation table"); status = 1; break; }
        for (int i = 0; i < 9; i++) job->quant[c][i] = (short)table->quantval[natural[i]];
    }
    jpeg_destroy_decompress(&info);
    return status;
}

int fw_low_page(const fw_dc_scan *s, const uint8_t *bytes, size_t length, int scale_num, uint8_t *out,
                int out_width, int out_height, char message[200]) {
    if (!s->low || scale_num != 3) { snprintf(message, 200, "no low-frequency values for this scale"); return 1; }
    // libjpeg's decode would end with "Premature end of JPEG file" (which
    // the browser shows as a cut-short file) or go on to markers after the
    // scan: the split decode meets them as it does.
    if (s->end_marker != 0xD9) { snprintf(message, 200, "the scan is not followed by the end marker"); return 1; }
    if (s->restart_interval &&
        s->segment_count != (s->total_mcus + s->restart_interval - 1) / s->restart_interval) {
        snprintf(message, 200, "restart markers missing or out of order");
        return 1;
    }
    const fw_dc_component *k = &s->comps[0];
    if ((long)k->blocks_w * k->blocks_h > FW_LOW_MAX_BLOCKS) { snprintf(message, 200, "too many blocks"); return 1; }
    fw_low_job *job = malloc(sizeof *job);
    if (!job) { snprintf(message, 200, "out of memory"); return 1; }
    job->scan = s;
    job->out = out;
    job->out_width = out_width;
    job->out_height = out_height;
    int status = fw_low_header(job, bytes, length, scale_num, message);
    if (status == 0 && (k->blocks_w * 3 < out_width || k->blocks_h * 3 < out_height)) {
        snprintf(message, 200, "fewer blocks than the output");
        status = 1;
    }
    if (status == 0) {
        fw_low_tables(job);
        int half = k->blocks_h / 2;
        fw_low_part top = {.job = job, .first_row = 0, .end_row = half};
        fw_low_part bottom = {.job = job, .first_row = half, .end_row = k->blocks_h};
        pthread_t thread;
        if (half > 0 && pthread_create(&thread, NULL, fw_low_rows, &bottom) == 0) {
            fw_low_rows(&top);
            pthread_join(thread, NULL);
        } else {
            top.end_row = k->blocks_h;
            fw_low_rows(&top);
        }
        if (top.status || bottom.status) { snprintf(message, 200, "out of memory"); status = 1; }
    }
    free(job);
    return status;
}
