// A baseline JPEG at 1/8 scale from its DC coefficients, its Huffman codes
// read on two cores even without restart markers (stream_decoders.h).
//
// Every AC code must still be read to find where the next block starts, so
// the entropy decoding is the whole cost and it is sequential. But Huffman
// codes resynchronise: a decoder started at an arbitrary bit soon falls into
// step with the true code boundaries (Klein and Wiseman, "Parallel Huffman
// decoding with applications to JPEG files", The Computer Journal, 2003).
// The second thread decodes the scan's second half speculatively from its
// middle byte, recording where each of its MCUs starts; the first decodes
// from the start until it lands on a recorded MCU start. From there the
// second's blocks are the true ones, their DC values shifted by the first's
// predictions (a running sum). When that never happens the first decodes
// on to the end: the result is always the sequential decode's, bit for bit.
//
// Each block's AC codes are skipped several at a time where they are short
// (run_ac, jpeg_scan.h): a 12 MP photo on one thread 41 -> 26 ms. A scan
// kept for a split (fw_jpeg_sketch_decode) records each MCU row's first bit
// as the planes are filled, by either thread.
#include "stream_decoders.h"
#include "dc_pixels.h"
#include "jpeg_scan.h"
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static void fw_dc_build_runs(fw_dc_huffman *h);

// Canonical codes (ITU T.81 annex C); 0 when the counts make no prefix code.
static int fw_dc_build(fw_dc_huffman *h, const uint8_t counts[16], int total, int is_ac) {
    int code = 0, k = 0;
    memset(h->fast_dc, 0, sizeof h->fast_dc);
    memset(h->fast_ac, 0, sizeof h->fast_ac);
    memset(h->code_length, 0, sizeof h->code_length);
    for (int length = 1; length <= 16; length++) {
        h->valptr[length] = k;
        h->mincode[length] = code;
        for (int i = 0; i < counts[length - 1]; i++, k++, code++) {
            if (code >= (1 << length)) return 0;   // more codes than this length has
            h->code[h->values[k]] = (uint16_t)code;
            h->code_length[h->values[k]] = (uint8_t)length;
            if (length > FW_FAST_BITS) continue;
            int symbol = h->values[k], shift = FW_FAST_BITS - length;
            uint16_t entry;
            if (!is_ac) entry = (uint16_t)(length << 8 | symbol);
            else {
                int run = symbol >> 4, size = symbol & 15, eob = size == 0 && run != 15;
                entry = (uint16_t)((length + size) << 8 | (eob ? 0 : size ? run + 1 : 16) << 1 | eob);
            }
            for (int fill = 0; fill < (1 << shift); fill++)
                if (is_ac) h->fast_ac[(code << shift) | fill] = entry; else h->fast_dc[(code << shift) | fill] = entry;
        }
        h->maxcode[length] = counts[length - 1] ? code - 1 : -1;
        if (code > (1 << length)) return 0;
        code <<= 1;
    }
    h->defined = k == total;
    if (h->defined && is_ac) fw_dc_build_runs(h);
    return h->defined;
}

// run_ac (jpeg_scan.h): for each index, the codes decoded one after another
// while each one's code bits are inside the index.
static void fw_dc_build_runs(fw_dc_huffman *h) {
    for (int index = 0; index < (1 << FW_RUN_BITS); index++) {
        int bits = 0, coefficients = 0, eob = 0;
        while (bits < FW_RUN_BITS) {
            uint64_t window = (uint64_t)index << (64 - FW_RUN_BITS) << bits;
            int length, symbol = fw_dc_slow(h, window, &length);
            if (symbol < 0 || length > FW_RUN_BITS - bits) break;
            int run = symbol >> 4, size = symbol & 15;
            int advance = size ? run + 1 : run == 15 ? 16 : 0;
            if (advance == 0) { bits += length; eob = 1; break; }
            if (coefficients + advance >= 64) break;
            bits += length + size;
            coefficients += advance;
        }
        h->run_ac[index] = bits ? (uint16_t)(bits << 7 | coefficients << 1 | eob) : 0;
    }
}

// A code longer than the fast table's: its symbol and length, or -1.
int fw_dc_slow(const fw_dc_huffman *h, uint64_t window, int *length) {
    for (int l = 1; l <= 16; l++) {
        int32_t code = (int32_t)(window >> (64 - l));
        if (h->maxcode[l] >= 0 && code <= h->maxcode[l] && code >= h->mincode[l]) {
            *length = l;
            return h->values[h->valptr[l] + code - h->mincode[l]];
        }
    }
    return -1;
}

// One block from bit *pos: its DC difference, its AC codes skipped.
int fw_dc_block(const fw_dc_scan *s, const fw_dc_huffman *dc, const fw_dc_huffman *ac, uint64_t *pos,
                       int *diff) {
    uint64_t w = fw_peek(s->data, *pos);
    int used;
    if (fw_dc_read_diff(dc, w, &used, diff)) return FW_DC_CORRUPT;
    return fw_dc_skip_rest(s, ac, pos, w, used, 1);
}

static uint16_t *fw_dc_slot(fw_dc_scan *s, long mcu, int b) {
    fw_dc_component *k = &s->comps[s->block_comp[b]];
    if (s->ncomp == 1) return &k->dc[(mcu / k->blocks_w) * k->stride + mcu % k->blocks_w];
    long mx = mcu % s->mcux, my = mcu / s->mcux;
    return &k->dc[(my * k->v + s->block_dy[b]) * k->stride + mx * k->h + s->block_dx[b]];
}

// MCUs [first, limit) from bit *pos, predictions in `pred` (mod 2^16, as
// libjpeg's 16-bit coefficients keep them). Stops after an MCU that reads
// past `bit_limit`. *decoded says how many MCUs were completed.
int fw_dc_mcus(fw_dc_scan *s, uint64_t *pos, uint16_t pred[4], long first, long limit, uint64_t bit_limit,
                      const fw_dc_sink *sink, long *decoded) {
    const fw_dc_huffman *dc = s->tables, *ac = s->tables + 4;
    *decoded = 0;
    for (long m = first; m < limit; m++) {
        uint64_t start = *pos;
        uint16_t values[10];
        if (!sink && s->row_bits && m % s->row_mcus == 0) s->row_bits[m / s->row_mcus] = start;
        for (int b = 0; b < s->blocks_per_mcu; b++) {
            const fw_dc_component *k = &s->comps[s->block_comp[b]];
            int diff, status = fw_dc_block(s, &dc[k->td], &ac[k->ta], pos, &diff);
            // Failed: *pos is left at the MCU's start, where a decoder resuming
            // after a speculative part (fw_dc_lead) meets the same failure.
            if (status) { *pos = start; return status; }
            pred[s->block_comp[b]] = (uint16_t)(pred[s->block_comp[b]] + (uint16_t)diff);
            values[b] = pred[s->block_comp[b]];
        }
        if (*pos > bit_limit) { *pos = start; return FW_DC_TRUNCATED; }
        if (sink && sink->discard) {
        } else if (sink && sink->relative) {
            sink->starts[m - first] = start;
            memcpy(sink->relative + (m - first) * s->blocks_per_mcu, values, sizeof values[0] * s->blocks_per_mcu);
        } else {
            for (int b = 0; b < s->blocks_per_mcu; b++) *fw_dc_slot(s, m, b) = values[b];
        }
        ++*decoded;
    }
    return FW_DC_OK;
}

// The MCUs of restart intervals [first, last): each starts on its own data
// with its predictions reset.
static int fw_dc_intervals(fw_dc_scan *s, long first, long last) {
    for (long i = first; i < last; i++) {
        if (i >= s->segment_count) return FW_DC_TRUNCATED;
        uint64_t pos = (uint64_t)s->segments[i] * 8;
        uint64_t limit = i + 1 < s->segment_count ? (uint64_t)s->segments[i + 1] * 8 : s->total_bits;
        uint16_t pred[4] = {0};
        long from = i * s->restart_interval, to = from + s->restart_interval, done;
        if (to > s->total_mcus) to = s->total_mcus;
        int status = fw_dc_mcus(s, &pos, pred, from, to, limit, NULL, &done);
        if (status) return status;
    }
    return FW_DC_OK;
}

typedef struct {
    fw_dc_scan *scan;
    uint64_t pos;
    long first_interval, last_interval;   // restart intervals, when the scan has them
    long cap;
    fw_dc_sink sink;
    long decoded;
    int status;
} fw_dc_part;

static void *fw_dc_speculate(void *context) {
    fw_dc_part *part = context;
    fw_dc_scan *s = part->scan;
    if (s->restart_interval) {
        part->status = fw_dc_intervals(s, part->first_interval, part->last_interval);
        return NULL;
    }
    // Its position and count in locals, written back at the end: fw_dc_block
    // stores the position at every refill, and `part` lives on the first
    // thread's stack beside that thread's own position. Shared, that cache
    // line went back and forth between the cores at every refill, and each
    // half of a 12 MP scan took 20 ms on two threads against 9 ms alone.
    uint16_t pred[4] = {0};
    uint64_t pos = part->pos;
    long decoded = 0;
    part->status = fw_dc_mcus(s, &pos, pred, 0, part->cap, s->total_bits, &part->sink, &decoded);
    part->sink.starts[decoded] = pos;
    part->pos = pos;
    part->decoded = decoded;
    return NULL;
}

// Copies the speculative MCUs from `j` on into place from `m` on, their DC
// shifted by what the predictions differ by there; returns how many.
static long fw_dc_adopt(fw_dc_scan *s, const fw_dc_part *part, long j, long m, uint16_t pred[4]) {
    const uint16_t *rel = part->sink.relative;
    uint16_t offset[4];
    for (int c = 0; c < s->ncomp; c++) {
        uint16_t before = j == 0 ? 0 : rel[(j - 1) * s->blocks_per_mcu + s->last_block[c]];
        offset[c] = (uint16_t)(pred[c] - before);
    }
    long count = part->decoded - j;
    if (count > s->total_mcus - m) count = s->total_mcus - m;
    for (long i = 0; i < count; i++) {
        for (int b = 0; b < s->blocks_per_mcu; b++)
            *fw_dc_slot(s, m + i, b) = (uint16_t)(rel[(j + i) * s->blocks_per_mcu + b] + offset[s->block_comp[b]]);
        if (s->row_bits && (m + i) % s->row_mcus == 0) s->row_bits[(m + i) / s->row_mcus] = part->sink.starts[j + i];
    }
    if (count > 0)
        for (int c = 0; c < s->ncomp; c++)
            pred[c] = (uint16_t)(rel[(j + count - 1) * s->blocks_per_mcu + s->last_block[c]] + offset[c]);
    return count;
}

// The first part: from the start to the split, then on until a recorded
// MCU start is met (adopting the rest) or the data ends.
static int fw_dc_lead(fw_dc_scan *s, fw_dc_part *part, pthread_t *thread, int joined,
                      uint64_t split_bit, fw_baseline_dc_result *result) {
    uint64_t pos = 0;
    uint16_t pred[4] = {0};
    long m = 0, done;
    int status = FW_DC_OK;
    while (m < s->total_mcus && pos < split_bit) {
        status = fw_dc_mcus(s, &pos, pred, m, m + 1, s->total_bits, NULL, &done);
        if (status) break;
        m++;
    }
    if (!joined) pthread_join(*thread, NULL);
    if (status) return status;
    result->outcome = FW_BASELINE_DC_NEVER_SYNCED;
    long j = 0, past = 0;
    while (m < s->total_mcus) {
        while (j < part->decoded && part->sink.starts[j] < pos) j++;
        if (j < part->decoded && part->sink.starts[j] == pos) {
            result->outcome = FW_BASELINE_DC_SYNCED;
            result->sync_mcus = past;
            long count = fw_dc_adopt(s, part, j, m, pred);
            m += count;
            pos = part->sink.starts[j + count];
            // What the speculation did not reach (it met an error or the end): in sequence.
            status = fw_dc_mcus(s, &pos, pred, m, s->total_mcus, s->total_bits, NULL, &done);
            return status;
        }
        if (j >= part->decoded) break;
        status = fw_dc_mcus(s, &pos, pred, m, m + 1, s->total_bits, NULL, &done);
        if (status) return status;
        m++;
        past++;
    }
    result->sync_mcus = past;
    return fw_dc_mcus(s, &pos, pred, m, s->total_mcus, s->total_bits, NULL, &done);
}

static int fw_dc_parallel(fw_dc_scan *s, int64_t split_byte, fw_baseline_dc_result *result) {
    fw_dc_part part = {.scan = s};
    pthread_t thread;
    if (s->restart_interval) {
        long intervals = (s->total_mcus + s->restart_interval - 1) / s->restart_interval;
        if (intervals < 2) return -1;
        part.first_interval = intervals / 2;
        part.last_interval = intervals;
        if (pthread_create(&thread, NULL, fw_dc_speculate, &part) != 0) return -1;
        int status = fw_dc_intervals(s, 0, intervals / 2);
        pthread_join(thread, NULL);
        result->outcome = FW_BASELINE_DC_RESTART_SPLIT;
        result->threads = 2;
        return status ? status : part.status;
    }
    uint64_t total_bytes = s->total_bits / 8;
    uint64_t split = split_byte >= 0 ? (uint64_t)split_byte : total_bytes / 2;
    if (split == 0 || split >= total_bytes) return -1;
    part.pos = split * 8;
    part.cap = s->total_mcus;
    part.sink.relative = malloc((size_t)s->total_mcus * s->blocks_per_mcu * sizeof(uint16_t));
    part.sink.starts = malloc(((size_t)s->total_mcus + 1) * sizeof(uint64_t));
    int status = -1;
    if (part.sink.relative && part.sink.starts && pthread_create(&thread, NULL, fw_dc_speculate, &part) == 0) {
        result->threads = 2;
        status = fw_dc_lead(s, &part, &thread, 0, split * 8, result);
    }
    free(part.sink.relative);
    free(part.sink.starts);
    return status;
}

static int fw_dc_sequential(fw_dc_scan *s) {
    if (s->restart_interval)
        return fw_dc_intervals(s, 0, (s->total_mcus + s->restart_interval - 1) / s->restart_interval);
    uint64_t pos = 0;
    uint16_t pred[4] = {0};
    long done;
    return fw_dc_mcus(s, &pos, pred, 0, s->total_mcus, s->total_bits, NULL, &done);
}

static int fw_dc_u16(const uint8_t *p) { return p[0] << 8 | p[1]; }

// The frame header (SOF0/SOF1): 1 = not one this decoder reads.
static int fw_dc_frame(fw_dc_scan *s, const uint8_t *p, long length, fw_baseline_dc_result *result) {
    if (s->ncomp) { snprintf(result->message, sizeof result->message, "two frame headers"); return -4; }
    if (length < 6 || p[0] != 8) return 1;
    s->height = fw_dc_u16(p + 1); s->width = fw_dc_u16(p + 3); s->ncomp = p[5];
    if ((s->ncomp != 1 && s->ncomp != 3) || length < 6 + 3 * s->ncomp || s->width == 0 || s->height == 0) return 1;
    s->hmax = s->vmax = 1;
    for (int c = 0; c < s->ncomp; c++) {
        fw_dc_component *k = &s->comps[c];
        k->id = p[6 + 3 * c]; k->h = p[7 + 3 * c] >> 4; k->v = p[7 + 3 * c] & 15; k->tq = p[8 + 3 * c] & 3;
        if (k->h < 1 || k->h > 4 || k->v < 1 || k->v > 4) return 1;
        if (k->h > s->hmax) s->hmax = k->h;
        if (k->v > s->vmax) s->vmax = k->v;
    }
    return 0;
}

static int fw_dc_tables(fw_dc_scan *s, const uint8_t *p, long length) {
    while (length >= 17) {
        int tc = p[0] >> 4, th = p[0] & 15, total = 0;
        for (int i = 0; i < 16; i++) total += p[1 + i];
        if (tc > 1 || th > 3 || total > 256 || 17 + total > length) return -1;
        fw_dc_huffman *h = &s->tables[tc * 4 + th];
        memcpy(h->values, p + 17, (size_t)total);
        if (!fw_dc_build(h, p + 1, total, tc)) return -1;
        p += 17 + total; length -= 17 + total;
    }
    return length == 0 ? 0 : -1;
}

static int fw_dc_quant(fw_dc_scan *s, const uint8_t *p, long length) {
    while (length > 0) {
        int wide = p[0] >> 4, size = 1 + (wide ? 128 : 64);
        if (size > length) return -1;
        s->quant_dc[p[0] & 3] = (uint16_t)(wide ? fw_dc_u16(p + 1) : p[1]);
        p += size; length -= size;
    }
    return 0;
}

// The scan header: one scan of every component, Huffman-coded, all coefficients.
static int fw_dc_scan_header(fw_dc_scan *s, const uint8_t *p, long length) {
    if (!s->ncomp || length < 1 || p[0] != s->ncomp || length < 4 + 2 * s->ncomp) return 1;
    int seen = 0;
    for (int i = 0; i < s->ncomp; i++) {
        int c = 0;
        while (c < s->ncomp && s->comps[c].id != p[1 + 2 * i]) c++;
        if (c == s->ncomp || (seen & (1 << c)) || c != i) return 1;
        seen |= 1 << c;
        s->comps[c].td = p[2 + 2 * i] >> 4 & 3;
        s->comps[c].ta = p[2 + 2 * i] & 3;
        if (!s->tables[s->comps[c].td].defined || !s->tables[4 + s->comps[c].ta].defined) return -1;
    }
    const uint8_t *t = p + 1 + 2 * s->ncomp;
    return t[0] == 0 && t[1] == 63 && t[2] == 0 ? 0 : 1;
}

// The entropy-coded data from `p` unstuffed into s->data (0xFF00 is 0xFF,
// restart markers split it into intervals), up to the first other marker.
int fw_dc_unstuff(fw_dc_scan *s, const uint8_t *p, const uint8_t *end) {
    size_t capacity = (size_t)(end - p);
    s->data = malloc(capacity + FW_PAD_BYTES);
    s->segments = malloc(sizeof(size_t) * (capacity / 2 + 2));
    if (!s->data || !s->segments) return -1;
    size_t length = 0;
    s->segments[0] = 0;
    s->segment_count = 1;
    while (p < end) {
        const uint8_t *ff = memchr(p, 0xFF, (size_t)(end - p));
        const uint8_t *stop = ff ? ff : end;
        memcpy(s->data + length, p, (size_t)(stop - p));
        length += (size_t)(stop - p);
        p = stop;
        if (!ff) break;
        const uint8_t *q = ff + 1;
        while (q < end && *q == 0xFF) q++;
        if (q == end) break;
        if (*q == 0) {
            if (q > ff + 1) s->fill_in_data = 1;
            s->data[length++] = 0xFF;
            p = q + 1;
            continue;
        }
        if (*q < 0xD0 || *q > 0xD7 || !s->restart_interval) { s->end_marker = *q; break; }
        if (*q != 0xD0 + (s->segment_count - 1) % 8) { s->end_marker = *q; break; }   // out of order: the data ends here
        s->segments[s->segment_count++] = length;
        p = q + 1;
    }
    memset(s->data + length, 0, FW_PAD_BYTES);
    s->total_bits = (uint64_t)length * 8;
    return 0;
}

// Block geometry and the DC planes; -1 when the data is too short for the
// blocks the header declares (every block takes at least 2 bits), so a
// lying header allocates nothing.
int fw_dc_geometry(fw_dc_scan *s) {
    s->mcux = (s->width + 8 * s->hmax - 1) / (8 * s->hmax);
    s->mcuy = (s->height + 8 * s->vmax - 1) / (8 * s->vmax);
    uint64_t blocks = 0;
    for (int c = 0; c < s->ncomp; c++) {
        fw_dc_component *k = &s->comps[c];
        int cw = (s->width * k->h + s->hmax - 1) / s->hmax, ch = (s->height * k->v + s->vmax - 1) / s->vmax;
        k->blocks_w = (cw + 7) / 8; k->blocks_h = (ch + 7) / 8;
        k->stride = s->ncomp == 1 ? k->blocks_w : s->mcux * k->h;
        k->rows = s->ncomp == 1 ? k->blocks_h : s->mcuy * k->v;
        blocks += (uint64_t)k->blocks_w * k->blocks_h;
    }
    if (blocks * 2 > s->total_bits) return -1;
    s->blocks_per_mcu = 0;
    for (int c = 0; c < s->ncomp; c++) {
        int bh = s->ncomp == 1 ? 1 : s->comps[c].h, bv = s->ncomp == 1 ? 1 : s->comps[c].v;
        for (int y = 0; y < bv; y++) for (int x = 0; x < bh; x++) {
            if (s->blocks_per_mcu == 10) return 1;   // T.81 allows at most 10 blocks in an MCU
            s->block_comp[s->blocks_per_mcu] = c; s->block_dx[s->blocks_per_mcu] = x; s->block_dy[s->blocks_per_mcu] = y;
            s->last_block[c] = s->blocks_per_mcu++;
        }
    }
    s->total_mcus = s->ncomp == 1 ? (long)s->comps[0].blocks_w * s->comps[0].blocks_h : (long)s->mcux * s->mcuy;
    for (int c = 0; c < s->ncomp; c++) {
        s->comps[c].dc = calloc((size_t)s->comps[c].stride * s->comps[c].rows, sizeof(uint16_t));
        if (!s->comps[c].dc) return -2;
    }
    return 0;
}

// Rows [from, to) of the 1/8-scale image.
static void fw_dc_pixel_rows(const fw_dc_scan *s, const fw_dc_plane *planes, uint8_t *out, int small_w, int from,
                             int to) {
    int rgb = s->ncomp == 3 && s->adobe_transform == 0;
    for (int y = from; y < to; y++) fw_dc_row(planes, s->ncomp, rgb, s->vmax, y, small_w, out + (size_t)y * small_w * 4);
}

typedef struct {
    const fw_dc_scan *scan;
    const fw_dc_plane *planes;
    uint8_t *out;
    int width, from, to;
} fw_dc_pixel_part;

static void *fw_dc_pixel_part_run(void *context) {
    fw_dc_pixel_part *part = context;
    fw_dc_pixel_rows(part->scan, part->planes, part->out, part->width, part->from, part->to);
    return NULL;
}

// The 1/8-scale image, its lower half on a second thread when asked (the
// same pixels either way: each is computed from the planes alone); -1 out
// of memory.
static int fw_dc_pixels(const fw_dc_scan *s, uint8_t *out, int small_w, int small_h, int threads) {
    fw_dc_plane planes[4] = {{0}};
    int status = 0;
    for (int c = 0; c < s->ncomp; c++) {
        const fw_dc_component *k = &s->comps[c];
        planes[c] = (fw_dc_plane){.dc = (const int16_t *)k->dc, .stride = k->stride, .blocks_w = k->blocks_w,
                                  .blocks_h = k->blocks_h, .h = k->h, .v = k->v,
                                  .q = s->quant_dc[k->tq] ? s->quant_dc[k->tq] : 1};
        if (fw_dc_plane_columns(&planes[c], small_w, s->hmax, s->vmax) != 0) status = -1;
    }
    if (status == 0) {
        fw_dc_pixel_part lower = {.scan = s, .planes = planes, .out = out, .width = small_w, .from = small_h / 2,
                                  .to = small_h};
        pthread_t thread;
        if (threads >= 2 && small_h >= 2 && pthread_create(&thread, NULL, fw_dc_pixel_part_run, &lower) == 0) {
            fw_dc_pixel_rows(s, planes, out, small_w, 0, small_h / 2);
            pthread_join(thread, NULL);
        } else {
            fw_dc_pixel_rows(s, planes, out, small_w, 0, small_h);
        }
    }
    for (int c = 0; c < s->ncomp; c++) free(planes[c].columns);
    return status;
}

// The markers up to the first scan; on return *data is the scan's entropy data.
int fw_dc_headers(fw_dc_scan *s, const uint8_t *bytes, size_t length, const uint8_t **data,
                         fw_baseline_dc_result *result) {
    const uint8_t *p = bytes + 2, *end = bytes + length;
    for (;;) {
        while (p < end && *p != 0xFF) p++;          // garbage between segments, as libjpeg skips it
        while (p < end && *p == 0xFF) p++;
        if (p + 3 > end) return -3;
        int marker = *p++;
        if (marker == 0xD8 || marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) continue;
        if (marker == 0xD9) return -3;
        long segment = fw_dc_u16(p) - 2;
        if (segment < 0 || p + 2 + segment > end) return -3;
        const uint8_t *q = p + 2;
        p = q + segment;
        int status = 0;
        if (marker == 0xC0 || marker == 0xC1) {
            s->frame_offset = (size_t)(q - bytes);
            status = fw_dc_frame(s, q, segment, result);
        }
        else if (marker >= 0xC2 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC) status = 1;
        else if (marker == 0xC4) status = fw_dc_tables(s, q, segment) ? -4 : 0;
        else if (marker == 0xDB) status = fw_dc_quant(s, q, segment) ? -4 : 0;
        else if (marker == 0xDD) s->restart_interval = segment >= 2 ? fw_dc_u16(q) : 0;
        else if (marker == 0xEE && segment >= 12 && memcmp(q, "Adobe", 5) == 0) s->adobe_transform = q[11];
        else if (marker == 0xDA) {
            status = fw_dc_scan_header(s, q, segment);
            if (status == 0) *data = p;
            return status < 0 ? -4 : status;
        }
        if (status) return status;
    }
}

static uint64_t fw_dc_hash(const fw_dc_scan *s) {
    uint64_t hash = 1469598103934665603ull;
    for (int c = 0; c < s->ncomp; c++) {
        const uint8_t *b = (const uint8_t *)s->comps[c].dc;
        size_t n = (size_t)s->comps[c].stride * s->comps[c].rows * sizeof(uint16_t);
        for (size_t i = 0; i < n; i++) hash = (hash ^ b[i]) * 1099511628211ull;
    }
    return hash;
}

static const char *fw_dc_message(int status) {
    switch (status) {
    case -2: return "out of memory";
    case -3: return "truncated JPEG (the file ends before its scan)";
    case -4: return "corrupt JPEG header";
    case FW_DC_TRUNCATED: return "truncated JPEG data (the scan ends early)";
    default: return "corrupt JPEG data";
    }
}

void fw_dc_free(fw_dc_scan *s) {
    for (int c = 0; c < 4; c++) free(s->comps[c].dc);
    free(s->tables);
    free(s->data);
    free(s->segments);
    free(s->row_bits);
}

// Decodes the scan's DC into its planes and them into pixels; the hash
// only when asked (it reads every plane byte by byte: a few ms at 12 MP).
static int32_t fw_dc_run(fw_dc_scan *s, int32_t threads, int64_t split_byte, int hash, fw_baseline_dc_result *result) {
    int status = -1;
    if (threads >= 2) status = fw_dc_parallel(s, split_byte, result);
    if (status < 0) {   // one thread asked, or none could be made
        result->threads = 1;
        result->outcome = FW_BASELINE_DC_SEQUENTIAL;
        status = fw_dc_sequential(s);
    }
    if (status) { snprintf(result->message, sizeof result->message, "%s", fw_dc_message(status)); return -1; }
    if (hash) result->dc_hash = fw_dc_hash(s);
    result->out_width = (s->width + 7) / 8;
    result->out_height = (s->height + 7) / 8;
    result->rgba = malloc((size_t)result->out_width * result->out_height * 4);
    if (!result->rgba || fw_dc_pixels(s, result->rgba, result->out_width, result->out_height, result->threads) != 0) {
        free(result->rgba);
        result->rgba = NULL;
        snprintf(result->message, sizeof result->message, "out of memory");
        return -1;
    }
    return 0;
}

// The scan's headers, data and planes: 0; 1 when the file is not one this
// reads; -1 (corrupt, cut short, out of memory) with result->message.
static int fw_dc_open(fw_dc_scan *s, const uint8_t *bytes, size_t length, const uint8_t **data,
                      fw_baseline_dc_result *result) {
    memset(result, 0, sizeof *result);
    memset(s, 0, sizeof *s);
    if (length < 4 || bytes[0] != 0xFF || bytes[1] != 0xD8) {
        snprintf(result->message, sizeof result->message, "not a JPEG");
        return 1;
    }
    s->adobe_transform = -1;
    s->tables = calloc(8, sizeof(fw_dc_huffman));
    int status = s->tables ? fw_dc_headers(s, bytes, length, data, result) : -2;
    result->width = s->width;
    result->height = s->height;
    if (status == 1) {
        snprintf(result->message, sizeof result->message, "not a baseline Huffman JPEG with one scan");
        return 1;
    }
    if (status == 0) status = fw_dc_unstuff(s, *data, bytes + length) ? -2 : 0;
    if (status == 0) status = fw_dc_geometry(s);
    if (status == 1) {
        snprintf(result->message, sizeof result->message, "more than 10 blocks in an MCU");
        return 1;
    }
    if (status == -1) status = FW_DC_TRUNCATED;
    if (status && !result->message[0]) snprintf(result->message, sizeof result->message, "%s", fw_dc_message(status));
    return status ? -1 : 0;
}

int32_t fw_jpeg_baseline_dc_decode(const uint8_t *bytes, size_t length, int32_t threads, int64_t split_byte,
                                   fw_baseline_dc_result *result) {
    fw_dc_scan s;
    const uint8_t *data = NULL;
    int status = fw_dc_open(&s, bytes, length, &data, result);
    if (status == 0) status = fw_dc_run(&s, threads, split_byte, 1, result);
    fw_dc_free(&s);
    return status;
}

void fw_dc_predictions_before(const fw_dc_scan *s, long mcu, uint16_t pred[4]) {
    for (int c = 0; c < 4; c++) pred[c] = 0;
    if (mcu <= 0) return;
    for (int c = 0; c < s->ncomp; c++) pred[c] = *fw_dc_slot((fw_dc_scan *)s, mcu - 1, s->last_block[c]);
}

int32_t fw_jpeg_sketch_decode(const uint8_t *bytes, size_t length, fw_baseline_dc_result *result,
                              fw_jpeg_sketch **kept) {
    if (kept) *kept = NULL;
    fw_jpeg_sketch *sketch = calloc(1, sizeof *sketch);
    if (!sketch) {
        memset(result, 0, sizeof *result);
        snprintf(result->message, sizeof result->message, "out of memory");
        return -1;
    }
    fw_dc_scan *s = &sketch->scan;
    const uint8_t *data = NULL;
    int status = fw_dc_open(s, bytes, length, &data, result);
    // A kept scan records where each MCU row starts (its split's cut can be
    // any row); one with fill bytes in its data is not one the split cuts.
    if (status == 0 && kept && !s->fill_in_data) {
        s->row_mcus = s->ncomp == 1 ? s->comps[0].blocks_w : s->mcux;
        s->row_bits = calloc((size_t)((s->total_mcus + s->row_mcus - 1) / s->row_mcus), sizeof(uint64_t));
    }
    if (status == 0) status = fw_dc_run(s, 2, -1, 0, result);
    if (status == 0 && kept && s->row_bits) {
        sketch->length = length;
        sketch->data_offset = (size_t)(data - bytes);
        *kept = sketch;
        return 0;
    }
    fw_jpeg_sketch_free(sketch);
    return status;
}

void fw_jpeg_sketch_free(fw_jpeg_sketch *sketch) {
    if (!sketch) return;
    fw_dc_free(&sketch->scan);
    free(sketch);
}

void fw_jpeg_baseline_dc_free(fw_baseline_dc_result *result) {
    free(result->rgba);
    result->rgba = NULL;
}
