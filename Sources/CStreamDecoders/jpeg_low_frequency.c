// A baseline JPEG's page at 3/8 from the low-frequency coefficients alone,
// read again from a kept scan without libjpeg (stream_decoders.h).
//
// At 3/8 libjpeg's IDCT (jidctint.c's jpeg_idct_3x3) reads only the top-left
// 3 x 3 of each block's 64 coefficients, yet its Huffman decoder decodes and
// keeps them all, and the pixels wait for its one thread's reading. (A 4:2:0
// photo's chroma blocks libjpeg scales up by their IDCT, at 6 x 6, rather
// than by upsampling them: jdmaster.c; their top-left 6 x 6 is read.) The
// first image's sketch (jpeg_parallel_dc.c) has read the scan once already:
// it knows where each MCU row's codes start and every block's DC. So each of
// two threads reads its half of the rows from there, decoding the values of
// the kept positions (the later codes skipped several at a time, as the
// sketch skips them) and making each row's pixels as it goes with libjpeg's
// IDCT and YCbCr -> RGB arithmetic, done the same way (jpeg_scaled_pixels.h). On a 12 MP 4:4:4
// photo on one thread the reading takes about 34 ms and the pixels 13,
// against 58 for tjDecompress2 at 3/8 (Benchmarks/jpeg-split/low-frequency,
// docs/benchmarks.md), and the reading splits evenly where libjpeg's split
// decode does not. The pixels are tjDecompress2's byte for byte
// (JPEGLowFrequencyPageTests): the same arithmetic on the same values.
//
// Only where no upsampling comes in (grey, 4:4:4, 4:2:0; libjpeg's fancy
// upsampling of 4:2:2 or 4:4:0 chroma would have to be done its way too),
// and only for a file whose decode libjpeg would end without a word that
// the browser heeds: its scan read cleanly to the last MCU and followed by
// the end marker, every restart marker in order, and libjpeg's own start of
// the decode silent and of the same plan. Each row must end where the sketch
// found the next one starting. Anything else keeps libjpeg's split decode
// (jpeg_entropy_split.c).
#include "stream_decoders.h"
#include "jpeg_scaled_pixels.h"
#include "jpeg_scan.h"
#include "jpeg_setup.h"
#include <jpeglib.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

// A block's kept values: the top-left side x side of its coefficients but
// the DC (which the planes hold), row-major. `store` says where the value
// at zigzag position k goes: side * side - 1, a slot that is dropped, for
// the positions not kept, up to the last a code can reach in the kept loop
// (`last` and a run of 15), so that the store needs no test.
typedef struct {
    int side, last, count;
    const uint8_t *store;
} fw_low_kind;

static const uint8_t fw_low_store3[28] = {8, 0, 2, 5, 3, 1, 8, 4, 6, 8, 8, 8, 7, 8, 8, 8,
                                          8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8};
static const uint8_t fw_low_store6[67] = {
    35, 0, 5, 11, 6, 1, 2, 7, 12, 17, 23, 18, 13, 8, 3, 4, 9, 14, 19, 24, 29, 35, 30, 25, 20, 15, 10, 35,
    35, 35, 16, 21, 26, 31, 35, 35, 35, 35, 32, 27, 22, 35, 35, 35, 35, 28, 33, 35, 35, 35, 35, 34, 35, 35,
    35, 35, 35, 35, 35, 35, 35, 35, 35, 35, 35, 35, 35};
static const fw_low_kind fw_low_3x3 = {3, 12, 8, fw_low_store3};
static const fw_low_kind fw_low_6x6 = {6, 51, 35, fw_low_store6};
// The most values a block keeps.
#define FW_LOW_MOST 35

static int fw_low_extend(uint64_t window, int used, int size) {
    int value = (int)((window << used) >> (64 - size));
    return value < (1 << (size - 1)) ? value - (1 << size) + 1 : value;
}

void fw_low_build(fw_dc_huffman *h) {
    memset(h->fast_value, 0, sizeof h->fast_value);
    memset(h->fast_symbol, 0, sizeof h->fast_symbol);
    for (int i = 0; i < (1 << FW_FAST_BITS); i++) {
        uint64_t window = (uint64_t)i << (64 - FW_FAST_BITS);
        int length, symbol = fw_dc_slow(h, window, &length);
        if (symbol < 0 || length > FW_FAST_BITS) continue;
        h->fast_symbol[i] = (uint16_t)(length << 8 | symbol);
        int run = symbol >> 4, size = symbol & 15;
        if (size == 0 || length + size > FW_FAST_BITS) continue;
        int value = fw_low_extend(window, length, size);
        if (value >= -128 && value <= 127) h->fast_value[i] = (int16_t)(value * 256 + run * 16 + length + size);
    }
}

// One block from bit *pos: its DC difference, its kept values into `low`
// (kind->count of them), the later codes skipped as fw_dc_block skips them
// (fw_dc_skip_rest).
// Its blocks end where fw_dc_block's and libjpeg's do: at the end-of-block
// code, or once a code takes the position past 63. Always inlined, so that
// each block size gets a copy whose sizes are constants (called through
// the pointer, the 4:4:4 page took 2-3 ms more).
__attribute__((always_inline)) static inline int fw_low_read_block(const fw_dc_scan *s, const fw_dc_huffman *dc,
                                                                   const fw_dc_huffman *ac, const fw_low_kind *kind,
                                                                   uint64_t *pos, int *diff, int16_t *low) {
    uint64_t w = fw_peek(s->data, *pos);
    int used;
    if (fw_dc_read_diff(dc, w, &used, diff)) return FW_DC_CORRUPT;
    int16_t kept[FW_LOW_MOST + 1];
    memset(kept, 0, sizeof(int16_t) * (size_t)(kind->count + 1));
    const uint8_t *store = kind->store;
    // Codes one at a time while their positions may be kept.
    int k = 1;
    while (k <= kind->last) {
        if (used > 26) { *pos += (uint64_t)used; w = fw_peek(s->data, *pos); used = 0; }
        uint64_t bits = w << used;
        int16_t f = ac->fast_value[bits >> (64 - FW_FAST_BITS)];
        if (f) {
            used += f & 15;
            k += (f >> 4) & 15;
            kept[store[k]] = (int16_t)(f >> 8);
            k++;
            continue;
        }
        uint16_t code = ac->fast_symbol[bits >> (64 - FW_FAST_BITS)];
        int length, symbol;
        if (code) { length = code >> 8; symbol = code & 0xFF; }
        else if ((symbol = fw_dc_slow(ac, bits, &length)) < 0) return FW_DC_CORRUPT;
        int run = symbol >> 4, bits_after = symbol & 15;
        used += length;
        if (bits_after == 0) {
            if (run != 15) {   // end of block
                memcpy(low, kept, sizeof(int16_t) * (size_t)kind->count);
                *pos += (uint64_t)used;
                return FW_DC_OK;
            }
            k += 16;
            continue;
        }
        k += run;
        kept[store[k]] = (int16_t)fw_low_extend(w, used, bits_after);
        used += bits_after;
        k++;
    }
    memcpy(low, kept, sizeof(int16_t) * (size_t)kind->count);
    return fw_dc_skip_rest(s, ac, pos, w, used, k);
}

int fw_low_block(const fw_dc_scan *s, const fw_dc_huffman *dc, const fw_dc_huffman *ac, uint64_t *pos, int *diff,
                 int16_t low[FW_LOW_VALUES]) {
    return fw_low_read_block(s, dc, ac, &fw_low_3x3, pos, diff, low);
}

// What the threads read: the scan, libjpeg's tables, and per component its
// block size and its quantisation of the side x side (as libjpeg's ISLOW
// table keeps it: MULTIPLIER is a short in libjpeg-turbo).
typedef struct {
    const fw_dc_scan *scan;
    const fw_low_kind *kind[3];
    int h[3], v[3];
    // Where each block of an MCU keeps its values among the MCU's, and how
    // many an MCU keeps.
    int block_offset[10], mcu_values;
    int quant[3][36];
    // Output samples an MCU covers, across and down (3 or 6).
    int mcu_w, mcu_h;
    fw_pixel_tables tables;
    uint8_t *out;
    int out_width, out_height;
} fw_low_job;

// A block's DC and kept values (row-major side x side but the DC), each
// times its quantisation `q`, through libjpeg's IDCT of that size.
static void fw_low_idct(const fw_low_job *job, int side, int dc, const int16_t *low, const int *q, uint8_t *out,
                        int stride) {
    int in[36];
    in[0] = dc * q[0];
    for (int i = 1; i < side * side; i++) in[i] = low[i - 1] * q[i];
    if (side == 3) fw_idct_3x3(&job->tables, in, out, stride);
    else fw_idct_6x6(&job->tables, in, out, stride);
}

typedef struct {
    const fw_low_job *job;
    long first_row, end_row;   // MCU rows
    int status;
} fw_low_part;

// One MCU row's values read from *pos into `values` (job->mcu_values an
// MCU): 0, or -1 when a block fails to read or the row does not end where
// the sketch found the next one starting.
static int fw_low_read_row(const fw_low_job *job, long row, uint64_t *pos, int16_t *values) {
    const fw_dc_scan *s = job->scan;
    const fw_dc_huffman *dc = s->tables, *ac = s->tables + 4;
    long first = row * s->row_mcus, end = first + s->row_mcus;
    if (end > s->total_mcus) end = s->total_mcus;
    for (long m = first; m < end; m++) {
        // An interval's data starts on its own byte, after its marker.
        if (s->restart_interval && m % s->restart_interval == 0) *pos = (uint64_t)s->segments[m / s->restart_interval] * 8;
        for (int b = 0; b < s->blocks_per_mcu; b++) {
            int c = s->block_comp[b];
            const fw_dc_component *k = &s->comps[c];
            int16_t *low = values + job->block_offset[b];
            int diff;
            // Each kind read by its own inlined copy, its sizes constants.
            int failed = job->kind[c] == &fw_low_3x3
                ? fw_low_read_block(s, &dc[k->td], &ac[k->ta], &fw_low_3x3, pos, &diff, low)
                : fw_low_read_block(s, &dc[k->td], &ac[k->ta], &fw_low_6x6, pos, &diff, low);
            if (failed) return -1;
        }
        values += job->mcu_values;
    }
    if (end == s->total_mcus) return *pos <= s->total_bits ? 0 : -1;
    if (s->restart_interval && end % s->restart_interval == 0) return 0;   // the next row jumps to its interval
    return *pos == s->row_bits[row + 1] ? 0 : -1;
}

// An MCU row's samples: each block's IDCT into its component's strip
// (mcu_h rows of row_mcus * mcu_w samples), the DC from the planes.
static void fw_low_idct_row(const fw_low_job *job, long row, const int16_t *values, uint8_t *strips) {
    const fw_dc_scan *s = job->scan;
    size_t strip_w = (size_t)s->row_mcus * job->mcu_w, strip_size = strip_w * job->mcu_h;
    for (long mx = 0; mx < s->row_mcus; mx++, values += job->mcu_values) {
        for (int b = 0; b < s->blocks_per_mcu; b++) {
            int c = s->block_comp[b], side = job->kind[c]->side;
            const fw_dc_component *k = &s->comps[c];
            const int16_t *low = values + job->block_offset[b];
            // One component: an MCU is one block.
            long bx = mx * job->h[c] + s->block_dx[b], by = row * job->v[c] + s->block_dy[b];
            int dc = (int16_t)k->dc[(size_t)by * k->stride + bx];
            uint8_t *out = strips + (size_t)c * strip_size + (size_t)s->block_dy[b] * side * strip_w + (size_t)bx * side;
            fw_low_idct(job, side, dc, low, job->quant[c], out, (int)strip_w);
        }
    }
}

// Rows [first_row, end_row): each row's values read, its samples made, those
// converted into the output.
static void *fw_low_rows(void *context) {
    fw_low_part *part = context;
    const fw_low_job *job = part->job;
    const fw_dc_scan *s = job->scan;
    size_t strip_w = (size_t)s->row_mcus * job->mcu_w, strip_size = strip_w * job->mcu_h;
    uint8_t *strips = malloc(strip_size * (size_t)s->ncomp);
    int16_t *values = malloc(sizeof(int16_t) * (size_t)job->mcu_values * (size_t)s->row_mcus);
    uint64_t pos = s->row_bits[part->first_row];
    part->status = strips && values ? 0 : -1;
    for (long row = part->first_row; part->status == 0 && row < part->end_row; row++) {
        if (fw_low_read_row(job, row, &pos, values)) { part->status = -1; break; }
        fw_low_idct_row(job, row, values, strips);
        for (int r = 0; r < job->mcu_h; r++) {
            long y = row * job->mcu_h + r;
            if (y >= job->out_height) break;
            uint8_t *o = job->out + (size_t)y * job->out_width * 4;
            const uint8_t *luma = strips + (size_t)r * strip_w;
            if (s->ncomp == 1) fw_rgba_row(&job->tables, luma, NULL, NULL, o, job->out_width);
            else fw_rgba_row(&job->tables, luma, luma + strip_size, luma + 2 * strip_size, o, job->out_width);
        }
    }
    free(strips);
    free(values);
    return NULL;
}

// libjpeg's own start of the decode, which reads the headers and checks
// what only a decode checks (its Huffman tables, the quantisation tables
// latched) and decides each component's IDCT size: the colour space and
// output size it would decode to, no component upsampled, each one's IDCT
// the size this makes, and the quantisation of what it reads. 0 when it
// starts without a word and all of that is what the page is made for.
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
    for (int c = 0; status == 0 && c < s->ncomp; c++) {
        const jpeg_component_info *component = &info.comp_info[c];
        JQUANT_TBL *table = component->quant_table;
        int side = job->kind[c]->side;
        if (component->DCT_scaled_size != side || component->downsampled_width != info.output_width ||
            component->downsampled_height != info.output_height) {
            snprintf(message, 200, "libjpeg scales component %d otherwise", c);
            status = 1;
        } else if (!table) {
            snprintf(message, 200, "no quantisation table");
            status = 1;
        } else {
            for (int i = 0; i < side * side; i++) job->quant[c][i] = (short)table->quantval[(i / side) * 8 + i % side];
        }
    }
    jpeg_destroy_decompress(&info);
    return status;
}

// Each component's IDCT size from the scan's sampling, libjpeg's choice at
// 3/8 (jdmaster.c): 3 x 3, or 6 x 6 for one sampled half as often as the
// most sampled one both ways; or why the page is not made for this scan
// (other sampling is upsampled; rows not recorded; the data not followed
// by the end marker, restart markers not all in order).
static const char *fw_low_plan(fw_low_job *job) {
    const fw_dc_scan *s = job->scan;
    if (s->ncomp != 1 && s->ncomp != 3) return "not grey or YCbCr";
    int hmax = s->ncomp == 1 ? 1 : s->hmax, vmax = s->ncomp == 1 ? 1 : s->vmax;
    for (int c = 0; c < s->ncomp; c++) {
        int h = s->ncomp == 1 ? 1 : s->comps[c].h, v = s->ncomp == 1 ? 1 : s->comps[c].v;
        if (hmax % h || vmax % v || hmax / h != vmax / v || hmax / h > 2) return "upsampled at 3/8";
        job->h[c] = h;
        job->v[c] = v;
        job->kind[c] = hmax / h == 1 ? &fw_low_3x3 : &fw_low_6x6;
    }
    if (hmax > 2 || vmax > 2) return "upsampled at 3/8";
    for (int b = 0; b < s->blocks_per_mcu; b++) {
        job->block_offset[b] = job->mcu_values;
        job->mcu_values += job->kind[s->block_comp[b]]->count;
    }
    job->mcu_w = 3 * hmax;
    job->mcu_h = 3 * vmax;
    if (!s->row_bits) return "no rows recorded";
    // libjpeg's decode would end with "Premature end of JPEG file" (which
    // the browser shows as a cut-short file) or go on to markers after the
    // scan: the split decode meets them as it does.
    if (s->end_marker != 0xD9) return "the scan is not followed by the end marker";
    if (s->restart_interval && s->segment_count != (s->total_mcus + s->restart_interval - 1) / s->restart_interval)
        return "restart markers missing or out of order";
    // libjpeg-turbo keeps each component's running DC sum in an int; with
    // more blocks than this (11-bit differences) a file could take it past
    // an int's range, where what libjpeg does was not checked.
    if ((long)s->comps[0].blocks_w * s->comps[0].blocks_h > 2147483647L / 2047) return "too many blocks";
    if ((long)s->row_mcus * job->mcu_w < job->out_width) return "fewer blocks than the output";
    return NULL;
}

// The row that splits the work in two: the codes above it (their bits) and
// the pixels of its rows, which cost about a third of what reading their
// codes does over the whole page (Benchmarks/jpeg-split/low-frequency).
static long fw_low_middle_row(const fw_dc_scan *s, long rows) {
    double per_row = 0.35 * (double)s->total_bits / (double)rows;
    double half = ((double)s->total_bits + per_row * (double)rows) / 2;
    long row = 1;
    while (row < rows - 1 && (double)s->row_bits[row] + per_row * (double)row < half) row++;
    return row;
}

int fw_low_page(fw_dc_scan *s, const uint8_t *bytes, size_t length, int scale_num, uint8_t *out, int out_width,
                int out_height, char message[200]) {
    if (scale_num != 3) { snprintf(message, 200, "not at 3/8"); return 1; }
    fw_low_job *job = calloc(1, sizeof *job);
    if (!job) { snprintf(message, 200, "out of memory"); return -1; }
    job->scan = s;
    job->out = out;
    job->out_width = out_width;
    job->out_height = out_height;
    const char *refusal = fw_low_plan(job);
    int status = refusal ? 1 : fw_low_header(job, bytes, length, scale_num, message);
    if (refusal) snprintf(message, 200, "%s", refusal);
    long rows = (s->total_mcus + s->row_mcus - 1) / s->row_mcus;
    if (status == 0 && rows * job->mcu_h < out_height) {
        snprintf(message, 200, "fewer blocks than the output");
        status = 1;
    }
    if (status == 0) {
        for (int c = 0; c < s->ncomp; c++) fw_low_build(&s->tables[4 + s->comps[c].ta]);
        fw_pixel_tables_init(&job->tables);
        long middle = rows >= 2 ? fw_low_middle_row(s, rows) : rows;
        fw_low_part top = {.job = job, .first_row = 0, .end_row = middle};
        fw_low_part bottom = {.job = job, .first_row = middle, .end_row = rows};
        pthread_t thread;
        if (middle < rows && pthread_create(&thread, NULL, fw_low_rows, &bottom) == 0) {
            fw_low_rows(&top);
            pthread_join(thread, NULL);
        } else {
            top.end_row = rows;
            fw_low_rows(&top);
        }
        if (top.status || bottom.status) {
            snprintf(message, 200, "the rows did not read as the sketch read them");
            status = -1;
        }
    }
    free(job);
    return status;
}
