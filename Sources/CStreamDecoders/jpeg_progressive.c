// A progressive JPEG's scans read on two threads by a reader of our own,
// the pixels made by libjpeg's own output pass from the coefficients it read,
// or at 3/8 by the two threads themselves (stream_decoders.h:
// fw_jpeg_progressive_decode).
//
// libjpeg-turbo reads a progressive file's codes on one core, at about a
// third of the speed it reads the same coefficients coded baseline
// (docs/benchmarks.md, figure 13), and the IDCT, upsampling and colour after
// them are a few percent of the decode. So libjpeg is started as
// tjDecompress2 starts it, and when it has set up the decode and is about
// to read the scans (its progress monitor's first call, in
// jpeg_start_decompress), the scans are read here into its own coefficient
// arrays (captured as its memory manager hands them out), on two threads
// ("two threads" below), and its coefficient precision table is set as its
// reader would have left it. Its output pass then makes the pixels: byte for
// byte tjDecompress2's, since the coefficients are. It runs while the
// threads read: its input side (fw_p_wait_rows) holds it at the first MCU
// row that some scan has yet to read, so only the last band's pixels are
// left to make once the last scan is read.
//
// At 3/8, where libjpeg's IDCT leaves every component at the output's size
// (grey, 4:4:4, 4:2:0: a 3 x 3 IDCT, 6 x 6 for 4:2:0 chroma), the two
// threads make the pixels instead, a band at a time once every scan has
// read it, with libjpeg's arithmetic (jpeg_scaled_pixels.h). In a trace of
// the browser's first page, libjpeg's output pass on the caller's thread
// made most of the page after the reading had ended, on one core (its
// IDCT ran from about 10 ms before the reading's end to 30 ms after);
// `page-ready` of a 12 MP progressive photo came 11-15 ms sooner this way
// (docs/benchmarks.md). A pixel band is a piece of work as the scans' bands
// are, ready once every scan has read the band. The coefficients are then
// read into arrays of our own that keep of each block only what its IDCT
// reads (9 of 64 values, 36 for 4:2:0 chroma) and one slot where the others
// go, never read: libjpeg's arrays are never touched
// (for 12 MP, 11 MB are written instead of 36 at 4:2:0 and of 72 at 4:4:4).
//
// Only files read exactly as libjpeg reads them go this way; anything else
// is declined before a byte is decoded, or the decode is dropped, and the
// caller decodes with tjDecompress2, whose output and messages are then the
// ones to show: restart markers, arithmetic coding, more than 500 scans
// (TJFLAG_LIMITSCANS), a Huffman table libjpeg refuses, a first scan
// without every component (libjpeg keeps a component's quantisation table
// when its first scan starts, here only the first scan starts), a
// progression libjpeg would warn about or leave incomplete (its block
// smoothing would then change the pixels), markers between scans but DHT,
// a code that runs past its scan's data or reaches past the band, no end
// marker.
//
// Of libjpeg's private interface only its input controller's consume_input
// and eoi_reached are used (jpegint.h's struct jpeg_input_controller: four
// function pointers, has_multiple_scans, eoi_reached), laid out so since
// libjpeg 6b; and of its public fields, input_iMCU_row, which its
// coefficient controller compares with the MCU row it is to make.
#include "stream_decoders.h"
#include "jpeg_scaled_pixels.h"
#include "jpeg_setup.h"
#include <jpeglib.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FW_P_FAST_BITS 10
#define FW_P_MAX_SCANS 500
// Zero bytes after a scan's data: one block reads at most 64 codes of up to
// 16 + 15 bits and 63 correction bits; the position is checked per block.
#define FW_P_PAD_BYTES 512

// jpegint.h's struct jpeg_input_controller.
typedef struct {
    int (*consume_input)(j_decompress_ptr cinfo);
    void (*reset_input_controller)(j_decompress_ptr cinfo);
    void (*start_input_pass)(j_decompress_ptr cinfo);
    void (*finish_input_pass)(j_decompress_ptr cinfo);
    boolean has_multiple_scans;
    boolean eoi_reached;
} fw_input_controller;

// Zigzag order to natural order (jutils.c's jpeg_natural_order).
static const uint8_t fw_natural[64] = {
    0,  1,  8,  16, 9,  2,  3,  10, 17, 24, 32, 25, 18, 11, 4,  5,  12, 19, 26, 33, 40, 48,
    41, 34, 27, 20, 13, 6,  7,  14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23,
    30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
};

typedef struct {
    int defined;
    int32_t maxcode[18], valoffset[17];
    uint8_t values[256];
    uint16_t fast[1 << FW_P_FAST_BITS];   // (length << 8 | symbol), 0: a longer code
} fw_p_huffman;

typedef struct {
    int ncomp, comp[4], td[4], ta[4];
    int ss, se, ah, al;
    const uint8_t *data;   // the entropy-coded bytes, stuffed
    size_t length;         // up to the marker after them
    int table_set;         // the tables in force: DHT may change them between scans
} fw_p_scan;

// The page made by the reading threads, a band at a time, once every scan
// has read the band (fw_p_band_pixels), instead of by libjpeg's output pass
// on the caller's thread after them: at 3/8, where libjpeg gives each
// component a 3 x 3 or 6 x 6 IDCT and upsamples none (grey, 4:4:4, 4:2:0),
// with its arithmetic (jpeg_scaled_pixels.h).
typedef struct {
    fw_pixel_tables tables;
    int side[4];           // each component's IDCT size
    int quant[4][36];      // its quantisation of the side x side, as libjpeg's ISLOW table keeps it
    int mcu_h;             // output rows an MCU row covers
    uint8_t *out;
    int out_width, out_height;
} fw_p_pixels;

typedef struct {
    int width, height, ncomp, hmax, vmax;
    int id[4], h[4], v[4];
    int blocks_w[4], blocks_h[4];
    int scan_count;
    fw_p_scan scans[FW_P_MAX_SCANS];
    fw_p_huffman *tables;  // sets of 8 (4 DC then 4 AC), one per DHT seen before a scan
    int table_sets, table_capacity, tables_changed;
    // Each block row's first coefficient: in libjpeg's arrays (64 a block,
    // natural order), or, when the threads make the pixels, in `kept_blocks`,
    // which holds of each block only the side x side its IDCT reads.
    JCOEF **rows[4];
    int array_w[4], array_h[4];   // their blocks a row and rows, padded to whole MCUs
    int stride[4];                // coefficients a block
    // Where the coefficient at zigzag position k goes in its block; a
    // coefficient not kept goes to a slot past the kept ones, never read.
    const uint8_t *store[4];
    uint8_t kept_store[4][64];
    JCOEF *kept_blocks[4];
    // Per block, its AC coefficients that are not 0, bit k for zigzag
    // position k: a refinement's correction bits are read only for them.
    uint64_t *nonzero[4];
    // Every scan's data unstuffed, one after the other (fw_p_unstuff_all).
    uint8_t *unstuffed;
    size_t *scan_offset;
    uint64_t *scan_bits;
    int threads;
    fw_p_pixels *pixels;   // the pixels made here (fw_p_plan_pixels), or NULL: libjpeg's output pass
} fw_p_file;

// ---- the file's markers ----

static int fw_p_build(fw_p_huffman *h, const uint8_t *p, size_t left, int is_dc, size_t *used) {
    if (left < 17) return -1;
    int total = 0;
    for (int l = 0; l < 16; l++) total += p[1 + l];
    if (total > 256 || left < 17 + (size_t)total) return -1;
    memset(h, 0, sizeof *h);
    memcpy(h->values, p + 17, (size_t)total);
    if (is_dc)
        for (int i = 0; i < total; i++)
            if (h->values[i] > 15) return -1;   // libjpeg: "Bogus Huffman table definition"
    int32_t code = 0;
    int k = 0;
    for (int l = 1; l <= 16; l++) {
        int count = p[l];
        // libjpeg's check (jpeg_make_d_derived_tbl): the codes of each length
        // fit in it, and none is all ones; it makes the file fail.
        if (code + count >= (1 << l)) return -1;
        h->valoffset[l] = k - code;
        for (int i = 0; i < count; i++, k++, code++) {
            if (l <= FW_P_FAST_BITS) {
                int shift = FW_P_FAST_BITS - l;
                for (int fill = 0; fill < (1 << shift); fill++)
                    h->fast[(code << shift) | fill] = (uint16_t)(l << 8 | h->values[k]);
            }
        }
        h->maxcode[l] = count ? code - 1 : -1;
        code <<= 1;
    }
    h->maxcode[17] = 0x7FFFFFFF;
    h->defined = 1;
    *used = 17 + (size_t)total;
    return 0;
}

// The next marker's code at *p (skipping fill bytes), -1 when none is there.
static int fw_p_marker(const uint8_t *bytes, size_t length, size_t *p) {
    if (*p + 2 > length || bytes[*p] != 0xFF) return -1;
    while (*p + 1 < length && bytes[*p + 1] == 0xFF) (*p)++;
    if (*p + 2 > length) return -1;
    int code = bytes[*p + 1];
    *p += 2;
    return code;
}

// The end of the entropy-coded data that starts at `start`: the first
// marker but a stuffed zero. -1 for a restart marker, fill bytes before a
// stuffed zero, or no marker.
static long fw_p_data_end(const uint8_t *bytes, size_t length, size_t start) {
    for (size_t p = start; p + 1 < length;) {
        const uint8_t *ff = memchr(bytes + p, 0xFF, length - p);
        if (!ff) return -1;
        p = (size_t)(ff - bytes);
        if (p + 1 >= length) return -1;
        uint8_t next = bytes[p + 1];
        if (next == 0x00) { p += 2; continue; }
        if (next == 0xFF) return -1;
        if (next >= 0xD0 && next <= 0xD7) return -1;
        return (long)p;
    }
    return -1;
}

static int fw_p_frame(fw_p_file *f, const uint8_t *s, size_t n) {
    if (n < 6 || s[0] != 8) return -1;
    f->height = s[1] << 8 | s[2];
    f->width = s[3] << 8 | s[4];
    f->ncomp = s[5];
    if (f->width == 0 || f->height == 0 || (f->ncomp != 1 && f->ncomp != 3) || n < 6 + 3 * (size_t)f->ncomp) return -1;
    f->hmax = f->vmax = 1;
    for (int c = 0; c < f->ncomp; c++) {
        f->id[c] = s[6 + 3 * c];
        f->h[c] = s[7 + 3 * c] >> 4;
        f->v[c] = s[7 + 3 * c] & 15;
        if (f->h[c] < 1 || f->h[c] > 4 || f->v[c] < 1 || f->v[c] > 4) return -1;
        for (int d = 0; d < c; d++)
            if (f->id[d] == f->id[c]) return -1;
        if (f->h[c] > f->hmax) f->hmax = f->h[c];
        if (f->v[c] > f->vmax) f->vmax = f->v[c];
    }
    for (int c = 0; c < f->ncomp; c++) {
        f->blocks_w[c] = (int)(((long)f->width * f->h[c] + 8L * f->hmax - 1) / (8L * f->hmax));
        f->blocks_h[c] = (int)(((long)f->height * f->v[c] + 8L * f->vmax - 1) / (8L * f->vmax));
    }
    return 0;
}

// The scan header `s` (n bytes) as scan number f->scan_count, with the
// tables in force. Its progression is checked as libjpeg's reader checks it
// (jdphuff.c's start_pass), against `bits` (each coefficient's last Al, -1
// before any scan): any warning it would give declines the file.
static int fw_p_scan_header(fw_p_file *f, const uint8_t *s, size_t n, const fw_p_huffman tables[8], int bits[4][64]) {
    // A new set of tables when a DHT came since the last scan.
    if (f->tables_changed || f->table_sets == 0) {
        if (f->table_sets == f->table_capacity) {
            int capacity = f->table_capacity ? 2 * f->table_capacity : 4;
            fw_p_huffman *grown = realloc(f->tables, (size_t)capacity * 8 * sizeof *grown);
            if (!grown) return -1;
            f->tables = grown;
            f->table_capacity = capacity;
        }
        memcpy(&f->tables[8 * f->table_sets], tables, 8 * sizeof *tables);
        f->table_sets++;
        f->tables_changed = 0;
    }
    if (f->scan_count == FW_P_MAX_SCANS || n < 1) return -1;
    fw_p_scan *scan = &f->scans[f->scan_count];
    scan->ncomp = s[0];
    if (scan->ncomp < 1 || scan->ncomp > f->ncomp || n != 4 + 2 * (size_t)scan->ncomp) return -1;
    int blocks = 0;
    for (int i = 0; i < scan->ncomp; i++) {
        int c = 0;
        while (c < f->ncomp && f->id[c] != s[1 + 2 * i]) c++;
        if (c == f->ncomp) return -1;
        for (int j = 0; j < i; j++)
            if (scan->comp[j] == c) return -1;
        scan->comp[i] = c;
        scan->td[i] = s[2 + 2 * i] >> 4;
        scan->ta[i] = s[2 + 2 * i] & 15;
        if (scan->td[i] > 3 || scan->ta[i] > 3) return -1;
        blocks += f->h[c] * f->v[c];
    }
    const uint8_t *t = s + 1 + 2 * scan->ncomp;
    scan->ss = t[0];
    scan->se = t[1];
    scan->ah = t[2] >> 4;
    scan->al = t[2] & 15;
    int dc = scan->ss == 0;
    if (dc ? scan->se != 0 : scan->ss > scan->se || scan->se > 63 || scan->ncomp != 1) return -1;
    if (scan->ah != 0 && scan->al != scan->ah - 1) return -1;
    if (scan->al > 13) return -1;
    if (scan->ncomp > 1 && blocks > 10) return -1;
    // libjpeg keeps each component's quantisation table when its first scan starts.
    if (f->scan_count == 0 && scan->ncomp != f->ncomp) return -1;
    for (int i = 0; i < scan->ncomp; i++) {
        int c = scan->comp[i];
        if (!dc && bits[c][0] < 0) return -1;
        for (int k = scan->ss; k <= scan->se; k++) {
            if (scan->ah != (bits[c][k] < 0 ? 0 : bits[c][k])) return -1;
            bits[c][k] = scan->al;
        }
        if (dc && scan->ah == 0 && !tables[scan->td[i]].defined) return -1;
        if (!dc && !tables[4 + scan->ta[i]].defined) return -1;
    }
    scan->table_set = f->table_sets - 1;
    f->scan_count++;
    return 0;
}

// The file's frame and scans, up to its end marker. 0; 1 when it is not
// one this reads.
static int fw_p_parse(fw_p_file *f, const uint8_t *bytes, size_t length) {
    fw_p_huffman tables[8];
    int bits[4][64];
    memset(tables, 0, sizeof tables);
    memset(bits, 0xFF, sizeof bits);
    if (length < 4 || bytes[0] != 0xFF || bytes[1] != 0xD8) return 1;
    size_t p = 2;
    int frame = 0;
    for (;;) {
        int code = fw_p_marker(bytes, length, &p);
        if (code < 0) return 1;
        if (code == 0xD9) break;
        if (p + 2 > length) return 1;
        size_t n = (size_t)(bytes[p] << 8 | bytes[p + 1]);
        if (n < 2 || p + n > length) return 1;
        const uint8_t *s = bytes + p + 2;
        n -= 2;
        if (code == 0xC2) {
            if (frame || fw_p_frame(f, s, n) != 0) return 1;
            frame = 1;
        } else if (code == 0xC4) {
            for (size_t at = 0; at < n;) {
                int cls = s[at] >> 4, id = s[at] & 15;
                if (cls > 1 || id > 3) return 1;
                size_t used;
                if (fw_p_build(&tables[4 * cls + id], s + at, n - at, cls == 0, &used) != 0) return 1;
                at += used;
            }
            f->tables_changed = 1;
        } else if (code == 0xDA) {
            if (!frame || fw_p_scan_header(f, s, n, tables, bits) != 0) return 1;
            size_t start = p + 2 + n;
            long end = fw_p_data_end(bytes, length, start);
            if (end < 0) return 1;
            f->scans[f->scan_count - 1].data = bytes + start;
            f->scans[f->scan_count - 1].length = (size_t)end - start;
            p = (size_t)end;
            continue;
        } else if (code == 0xDD) {
            if (n < 2 || (s[0] | s[1]) != 0) return 1;   // restart markers: libjpeg's reader
        } else if (f->scan_count > 0) {
            return 1;   // between scans, only tables
        } else if (code != 0xDB && code != 0xFE && !(code >= 0xE0 && code <= 0xEF)) {
            return 1;   // another kind of frame, arithmetic coding, a marker libjpeg may refuse
        }
        p += 2 + n;
    }
    if (f->scan_count == 0) return 1;
    // Every coefficient refined to its last bit: otherwise libjpeg smooths the blocks.
    for (int c = 0; c < f->ncomp; c++)
        for (int k = 0; k < 64; k++)
            if (bits[c][k] != 0) return 1;
    return 0;
}

// ---- the scans ----

typedef struct {
    const uint8_t *data;   // the scan's unstuffed bytes, FW_P_PAD_BYTES of zeros after
    uint64_t pos, total;
} fw_p_bits;

// Where a scan's band of rows ends and the next band starts (the bit, the
// end-of-band run, the DC predictions).
typedef struct {
    uint64_t pos;
    unsigned eobrun;
    int last[4];
} fw_p_state;

static inline uint64_t fw_p_peek(const fw_p_bits *b) {
    uint64_t v;
    memcpy(&v, b->data + (b->pos >> 3), 8);
    return __builtin_bswap64(v) << (b->pos & 7);
}

static inline int fw_p_get(fw_p_bits *b, int n) {   // 1 <= n <= 16
    int v = (int)(fw_p_peek(b) >> (64 - n));
    b->pos += (uint64_t)n;
    return v;
}

// The next code's symbol, -1 when no code of 16 bits or fewer matches.
static inline int fw_p_decode(fw_p_bits *b, const fw_p_huffman *h) {
    uint64_t window = fw_p_peek(b);
    uint16_t entry = h->fast[window >> (64 - FW_P_FAST_BITS)];
    if (entry) {
        b->pos += entry >> 8;
        return entry & 0xFF;
    }
    for (int l = FW_P_FAST_BITS + 1; l <= 16; l++) {
        int32_t code = (int32_t)(window >> (64 - l));
        if (code <= h->maxcode[l]) {
            b->pos += (uint64_t)l;
            return h->values[code + h->valoffset[l]];
        }
    }
    return -1;
}

static inline int fw_p_extend(int r, int s) { return r < (1 << (s - 1)) ? r - (1 << s) + 1 : r; }

// Every scan's data unstuffed into one buffer, each followed by zeros.
static int fw_p_unstuff_all(fw_p_file *f) {
    size_t size = 0;
    for (int n = 0; n < f->scan_count; n++) size += f->scans[n].length + FW_P_PAD_BYTES;
    f->unstuffed = malloc(size + 8);
    f->scan_offset = malloc(sizeof(size_t) * (size_t)f->scan_count);
    f->scan_bits = malloc(sizeof(uint64_t) * (size_t)f->scan_count);
    if (!f->unstuffed || !f->scan_offset || !f->scan_bits) return -1;
    size_t at = 0;
    for (int n = 0; n < f->scan_count; n++) {
        const uint8_t *p = f->scans[n].data, *end = p + f->scans[n].length;
        size_t start = at;
        while (p < end) {
            const uint8_t *ff = memchr(p, 0xFF, (size_t)(end - p));
            size_t plain = (size_t)((ff ? ff : end) - p);
            memcpy(f->unstuffed + at, p, plain);
            at += plain;
            if (!ff) break;
            f->unstuffed[at++] = 0xFF;   // FF 00: fw_p_data_end let no other pair through
            p = ff + 2;
        }
        f->scan_offset[n] = start;
        f->scan_bits[n] = (uint64_t)(at - start) * 8;
        memset(f->unstuffed + at, 0, FW_P_PAD_BYTES);
        at += FW_P_PAD_BYTES;
    }
    return 0;
}

static int fw_p_dc_block(fw_p_bits *b, const fw_p_scan *scan, const fw_p_huffman *tables, int i, JCOEF *block,
                         int last[4]) {
    if (scan->ah) {   // a refinement: one bit
        if (fw_p_get(b, 1)) block[0] |= (JCOEF)(1 << scan->al);
        return 0;
    }
    int s = fw_p_decode(b, &tables[scan->td[i]]);
    if (s < 0) return -1;
    if (s) s = fw_p_extend(fw_p_get(b, s), s);
    // libjpeg stops at a sum that leaves an int.
    if ((last[i] >= 0 && s > 0x7FFFFFFF - last[i]) || (last[i] < 0 && s < (-0x7FFFFFFF - 1) - last[i])) return -1;
    last[i] += s;
    block[0] = (JCOEF)(uint16_t)((uint32_t)last[i] << scan->al);
    return 0;
}

// Rows [from, to) of a DC scan: MCU rows when interleaved, else the
// component's block rows.
static int fw_p_dc_rows(fw_p_file *f, const fw_p_scan *scan, fw_p_bits *b, int from, int to, int last[4]) {
    const fw_p_huffman *tables = &f->tables[8 * scan->table_set];
    if (scan->ncomp == 1) {
        int c = scan->comp[0];
        for (int row = from; row < to; row++)
            for (int col = 0; col < f->blocks_w[c]; col++)
                if (fw_p_dc_block(b, scan, tables, 0, f->rows[c][row] + (size_t)col * (size_t)f->stride[c], last) != 0 ||
                    b->pos > b->total)
                    return -1;
        return 0;
    }
    int mcus_w = (f->width + 8 * f->hmax - 1) / (8 * f->hmax);
    for (int my = from; my < to; my++)
        for (int mx = 0; mx < mcus_w; mx++) {
            for (int i = 0; i < scan->ncomp; i++) {
                int c = scan->comp[i];
                for (int yy = 0; yy < f->v[c]; yy++)
                    for (int xx = 0; xx < f->h[c]; xx++)
                        if (fw_p_dc_block(b, scan, tables, i,
                                          f->rows[c][my * f->v[c] + yy] + (size_t)(mx * f->h[c] + xx) * (size_t)f->stride[c],
                                          last) != 0)
                            return -1;
            }
            if (b->pos > b->total) return -1;
        }
    return 0;
}

// Block rows [from, to) of an AC scan's first pass (jdphuff.c's
// decode_mcu_AC_first), one component.
static int fw_p_ac_first(fw_p_file *f, const fw_p_scan *scan, fw_p_bits *b, int from, int to, unsigned *run) {
    int c = scan->comp[0], ss = scan->ss, se = scan->se, al = scan->al;
    const fw_p_huffman *h = &f->tables[8 * scan->table_set + 4 + scan->ta[0]];
    const uint8_t *store = f->store[c];
    size_t stride = (size_t)f->stride[c];
    unsigned eobrun = *run;
    for (int row = from; row < to; row++) {
        JCOEF *blocks = f->rows[c][row];
        uint64_t *nonzero = f->nonzero[c] + (size_t)row * (size_t)f->blocks_w[c];
        for (int col = 0; col < f->blocks_w[c]; col++) {
            if (eobrun) {
                eobrun--;
                continue;
            }
            JCOEF *block = blocks + (size_t)col * stride;
            for (int k = ss; k <= se; k++) {
                int s = fw_p_decode(b, h);
                if (s < 0) return -1;
                int r = s >> 4;
                s &= 15;
                if (s) {
                    k += r;
                    if (k > se) return -1;   // libjpeg writes past the band
                    JCOEF value = (JCOEF)(uint16_t)((uint32_t)fw_p_extend(fw_p_get(b, s), s) << al);
                    block[store[k]] = value;
                    // A value whose shift leaves 16 bits is 0, as in libjpeg's block.
                    if (value) nonzero[col] |= 1ull << k;
                    else nonzero[col] &= ~(1ull << k);
                } else if (r == 15) {
                    k += 15;
                } else {
                    eobrun = 1u << r;
                    if (r) eobrun += (unsigned)fw_p_get(b, r);
                    eobrun--;
                    break;
                }
            }
            if (b->pos > b->total) return -1;
        }
    }
    *run = eobrun;
    return 0;
}

// The correction bits of the coefficients `which` (already nonzero), in
// zigzag order: a 1 adds the scan's bit to the magnitude (jdphuff.c). A
// coefficient not kept is corrected in the slot that is never read: looking
// up only the kept ones' bits (by counting the bits before each) made the
// luma's last refinement 12 % slower.
static inline void fw_p_correct(fw_p_bits *b, JCOEF *block, uint64_t which, const uint8_t *store, int p1) {
    while (which) {
        uint64_t bits = fw_p_peek(b);
        // At most 56 bits are whole in the window.
        for (int n = 0; n < 56 && which; n++, bits <<= 1) {
            int k = __builtin_ctzll(which);
            which &= which - 1;
            b->pos++;
            JCOEF *coef = block + store[k];
            if ((bits >> 63) && (*coef & p1) == 0) *coef = (JCOEF)(*coef >= 0 ? *coef + p1 : *coef - p1);
        }
    }
}

// Zigzag positions from `from` to `to`, both included (from <= 63).
static inline uint64_t fw_p_span(int from, int to) {
    uint64_t upto = to >= 63 ? ~0ull : (1ull << (to + 1)) - 1;
    return upto & (~0ull << from);
}

// Block rows [from, to) of an AC scan's refinement (jdphuff.c's
// decode_mcu_AC_refine), one component. Where libjpeg walks the band
// coefficient by coefficient, the nonzero masks give the next zero and
// the correction bits at once.
static int fw_p_ac_refine(fw_p_file *f, const fw_p_scan *scan, fw_p_bits *b, int from, int to, unsigned *run) {
    int c = scan->comp[0], ss = scan->ss, se = scan->se, p1 = 1 << scan->al;
    const fw_p_huffman *h = &f->tables[8 * scan->table_set + 4 + scan->ta[0]];
    uint64_t band = fw_p_span(ss, se);
    const uint8_t *store = f->store[c];
    size_t stride = (size_t)f->stride[c];
    unsigned eobrun = *run;
    for (int row = from; row < to; row++) {
        JCOEF *blocks = f->rows[c][row];
        uint64_t *nonzero = f->nonzero[c] + (size_t)row * (size_t)f->blocks_w[c];
        for (int col = 0; col < f->blocks_w[c]; col++) {
            JCOEF *block = blocks + (size_t)col * stride;
            uint64_t *mask = &nonzero[col];
            int k = ss;
            if (eobrun == 0) {
                while (k <= se) {
                    int s = fw_p_decode(b, h);
                    if (s < 0) return -1;
                    int r = s >> 4;
                    s &= 15;
                    if (s) {
                        if (s != 1) return -1;   // libjpeg warns
                        s = fw_p_get(b, 1) ? p1 : -p1;
                    } else if (r != 15) {
                        eobrun = 1u << r;
                        if (r) eobrun += (unsigned)fw_p_get(b, r);
                        break;
                    }
                    // Past the nonzero coefficients (a correction bit each) and r zeros, to the next zero.
                    uint64_t ahead = band & (~0ull << k);
                    uint64_t zeros = ahead & ~*mask;
                    for (int i = 0; i < r && zeros; i++) zeros &= zeros - 1;
                    int target = zeros ? __builtin_ctzll(zeros) : se + 1;
                    // Below the target; all of the band when no zero is left (a ZRL past its end).
                    uint64_t before = target > 63 ? ~0ull : ~(~0ull << target);
                    fw_p_correct(b, block, *mask & ahead & before, store, p1);
                    k = target;
                    if (s) {
                        if (k > se) return -1;   // libjpeg writes past the band
                        block[store[k]] = (JCOEF)s;
                        *mask |= 1ull << k;
                    }
                    k++;
                }
            }
            if (eobrun > 0) {
                if (k <= se) fw_p_correct(b, block, *mask & band & (~0ull << k), store, p1);
                eobrun--;
            }
            if (b->pos > b->total) return -1;
        }
    }
    *run = eobrun;
    return 0;
}

// The scan's rows: MCU rows when interleaved, else its component's block rows.
static int fw_p_rows_of(const fw_p_file *f, const fw_p_scan *scan) {
    return scan->ncomp > 1 ? (f->height + 8 * f->vmax - 1) / (8 * f->vmax) : f->blocks_h[scan->comp[0]];
}

// Where the scan is cut: at MCU row `cut_mcu` of the image.
static int fw_p_cut_of(const fw_p_file *f, const fw_p_scan *scan, int cut_mcu) {
    if (scan->ncomp > 1) return cut_mcu;
    int rows = cut_mcu * f->v[scan->comp[0]];
    return rows < f->blocks_h[scan->comp[0]] ? rows : f->blocks_h[scan->comp[0]];
}

// Rows [from, to) of scan n, from `state`, which is left where they end.
static int fw_p_scan_rows(fw_p_file *f, int n, int from, int to, fw_p_state *state) {
    const fw_p_scan *scan = &f->scans[n];
    fw_p_bits b = {f->unstuffed + f->scan_offset[n], state->pos, f->scan_bits[n]};
    int status;
    if (scan->ss == 0) status = fw_p_dc_rows(f, scan, &b, from, to, state->last);
    else if (scan->ah == 0) status = fw_p_ac_first(f, scan, &b, from, to, &state->eobrun);
    else status = fw_p_ac_refine(f, scan, &b, from, to, &state->eobrun);
    state->pos = b.pos;
    return status;
}

// ---- two threads ----
//
// A block's coefficients depend only on the scans before it that share its
// component, at the same block; but where a scan's rows start in its bits
// is known only once the rows above are read (a refinement's block reads a
// bit per coefficient already nonzero, so a thread started at any other bit
// cannot fall into step). So the image is cut into `parts` bands of MCU
// rows, and each scan's band is one piece of work, which may start once the
// same scan's band above is read (where it starts, the end-of-band run and
// the DC predictions) and the band of every earlier scan with one of its
// components. Zeroing libjpeg's arrays, a band at a time, is work too,
// before the first scan's band (every component is in the first scan, so
// every later scan follows it): the page faults of 36 MB (12 MP, 4:2:0) took
// 17 ms on one thread. Two threads take pieces as they become ready, the
// one with the longest chain of work after it first, so the last scan's
// bands, most of a photo's bits (the luma's last refinement: 72 of 129 ms
// at 4:2:0), are read in a row while the other thread reads the rest.
// Bands at the same rows of scans sharing a component run one after the
// other; any two pieces run together write different coefficients. Once
// every scan has read a band from the top, libjpeg's output pass, on the
// caller's thread, makes its pixels (it reads only coefficients no thread
// writes any more), so its IDCT, upsampling and colour, 10–14 ms on one
// thread at 12 MP, are mostly done before the last scan's last band is.

enum { FW_P_MAX_PARTS = 8, FW_P_MAX_PIECES = 512 };

typedef struct {
    fw_p_file *f;
    int parts;
    int cuts[FW_P_MAX_PARTS + 1];   // MCU rows
    int next[FW_P_MAX_SCANS][4];    // per scan and component: the next scan with it, or -1
    int prev[FW_P_MAX_SCANS][4];    // and the one before, or -1
    // Per piece (scan * parts + part, then the zeroing bands): the
    // longest chain of work from its start to the end, and state.
    uint64_t *level;
    uint8_t *taken, *done;
    fw_p_state *ends;               // per scan band: where it ended
    int remaining, failed;
    // Bands [0, complete_bands) are read by every scan (fw_p_complete_bands).
    int complete_bands;
    pthread_t threads[2];
    int started;
    pthread_mutex_t lock;
    pthread_cond_t changed;
} fw_p_work;

// Block rows [from, to) of component c in band `part`; the last band
// reaches the array's end.
static void fw_p_band_rows(const fw_p_work *w, int c, int part, int *from, int *to) {
    const fw_p_file *f = w->f;
    *from = w->cuts[part] * f->v[c];
    *to = part == w->parts - 1 ? f->array_h[c] : w->cuts[part + 1] * f->v[c];
    if (*from > f->array_h[c]) *from = f->array_h[c];
    if (*to > f->array_h[c]) *to = f->array_h[c];
}

// A scan's band: its rows, as fw_p_scan_rows counts them.
static void fw_p_scan_band(const fw_p_work *w, const fw_p_scan *scan, int part, int *from, int *to) {
    *from = fw_p_cut_of(w->f, scan, w->cuts[part]);
    *to = part == w->parts - 1 ? fw_p_rows_of(w->f, scan) : fw_p_cut_of(w->f, scan, w->cuts[part + 1]);
}

// The pieces: each scan's bands, then the bands zeroed, then (with
// f->pixels) each band's pixels.
static int fw_p_piece_count(const fw_p_work *w) {
    return (w->f->scan_count + 1 + (w->f->pixels != NULL)) * w->parts;
}

// Whether band `part` is read by every scan (and was zeroed before).
static int fw_p_band_read(const fw_p_work *w, int part) {
    int parts = w->parts, zeroing = w->f->scan_count * parts;
    if (!w->done[zeroing + part]) return 0;
    for (int n = 0; n < w->f->scan_count; n++)
        if (!w->done[n * parts + part]) return 0;
    return 1;
}

static int fw_p_ready(const fw_p_work *w, int piece) {
    int parts = w->parts, zeroing = w->f->scan_count * parts;
    if (piece >= zeroing + parts) return fw_p_band_read(w, piece - zeroing - parts);
    if (piece >= zeroing) return 1;
    int n = piece / parts, part = piece % parts;
    if (part > 0 && !w->done[piece - 1]) return 0;
    if (n == 0) return w->done[zeroing + part];
    for (int i = 0; i < w->f->scans[n].ncomp; i++) {
        int before = w->prev[n][w->f->scans[n].comp[i]];
        if (before >= 0 && !w->done[before * parts + part]) return 0;
    }
    return 1;
}

// How many bands from the top every scan has read (and zeroed before):
// the output pass may make their rows (fw_p_wait_rows).
static int fw_p_complete_bands(const fw_p_work *w) {
    int bands = w->complete_bands;
    while (bands < w->parts && fw_p_band_read(w, bands)) bands++;
    return bands;
}

static void fw_p_zero_band(fw_p_work *w, int part) {
    fw_p_file *f = w->f;
    for (int c = 0; c < f->ncomp; c++) {
        int from, to;
        fw_p_band_rows(w, c, part, &from, &to);
        for (int row = from; row < to; row++)
            memset(f->rows[c][row], 0, sizeof(JCOEF) * (size_t)f->stride[c] * (size_t)f->array_w[c]);
    }
}

// A block's kept side x side coefficients (row-major), each times its
// quantisation (libjpeg's DEQUANTIZE). Inlined with `side` a constant.
__attribute__((always_inline)) static inline void fw_p_dequantise(const JCOEF *block, const int *q, int side,
                                                                  int *in) {
    for (int i = 0; i < side * side; i++) in[i] = block[i] * q[i];
}

// The pixels of band `part` from the coefficients every scan has read
// there: each MCU row's blocks through their IDCT into strips of samples
// (an MCU's height, a component each), then those rows into RGBA.
static int fw_p_band_pixels(fw_p_work *w, int part) {
    const fw_p_file *f = w->f;
    const fw_p_pixels *px = f->pixels;
    int mcu_rows = (f->height + 8 * f->vmax - 1) / (8 * f->vmax);
    int from = w->cuts[part], to = part == w->parts - 1 ? mcu_rows : w->cuts[part + 1];
    size_t strip_w = (size_t)f->array_w[0] * (size_t)px->side[0], strip_size = strip_w * (size_t)px->mcu_h;
    uint8_t *strips = malloc(strip_size * (size_t)f->ncomp);
    if (!strips) return -1;
    int in[36];
    for (int my = from; my < to; my++) {
        for (int c = 0; c < f->ncomp; c++) {
            int side = px->side[c];
            const int *q = px->quant[c];
            for (int yy = 0; yy < f->v[c]; yy++) {
                const JCOEF *row = f->rows[c][my * f->v[c] + yy];
                size_t stride = (size_t)f->stride[c];
                uint8_t *strip = strips + (size_t)c * strip_size + (size_t)(yy * side) * strip_w;
                if (side == 3) {
                    for (int bx = 0; bx < f->array_w[c]; bx++) {
                        fw_p_dequantise(row + (size_t)bx * stride, q, 3, in);
                        fw_idct_3x3(&px->tables, in, strip + (size_t)bx * 3, (int)strip_w);
                    }
                } else {
                    for (int bx = 0; bx < f->array_w[c]; bx++) {
                        fw_p_dequantise(row + (size_t)bx * stride, q, 6, in);
                        fw_idct_6x6(&px->tables, in, strip + (size_t)bx * 6, (int)strip_w);
                    }
                }
            }
        }
        for (int r = 0; r < px->mcu_h; r++) {
            long y = (long)my * px->mcu_h + r;
            if (y >= px->out_height) break;
            const uint8_t *luma = strips + (size_t)r * strip_w;
            uint8_t *out = px->out + (size_t)y * (size_t)px->out_width * 4;
            if (f->ncomp == 1) fw_rgba_row(&px->tables, luma, NULL, NULL, out, px->out_width);
            else fw_rgba_row(&px->tables, luma, luma + strip_size, luma + 2 * strip_size, out, px->out_width);
        }
    }
    free(strips);
    return 0;
}

static int fw_p_run_piece(fw_p_work *w, int piece) {
    int parts = w->parts, zeroing = w->f->scan_count * parts;
    if (piece >= zeroing + parts) return fw_p_band_pixels(w, piece - zeroing - parts);
    if (piece >= zeroing) {
        fw_p_zero_band(w, piece - zeroing);
        return 0;
    }
    int n = piece / parts, part = piece % parts, from, to;
    fw_p_state state = {0};
    if (part > 0) state = w->ends[piece - 1];   // written before its piece was done, under the lock
    fw_p_scan_band(w, &w->f->scans[n], part, &from, &to);
    int status = fw_p_scan_rows(w->f, n, from, to, &state);
    w->ends[piece] = state;
    return status;
}

static void *fw_p_worker(void *context) {
    fw_p_work *w = context;
    int pieces = fw_p_piece_count(w);
    pthread_mutex_lock(&w->lock);
    while (w->remaining > 0 && !w->failed) {
        int best = -1;
        for (int piece = 0; piece < pieces; piece++)
            if (!w->taken[piece] && (best < 0 || w->level[piece] > w->level[best]) && fw_p_ready(w, piece))
                best = piece;
        if (best < 0) {
            pthread_cond_wait(&w->changed, &w->lock);
            continue;
        }
        w->taken[best] = 1;
        pthread_mutex_unlock(&w->lock);
        int status = fw_p_run_piece(w, best);
        pthread_mutex_lock(&w->lock);
        if (status != 0) w->failed = 1;
        w->done[best] = 1;
        w->remaining--;
        w->complete_bands = fw_p_complete_bands(w);
        pthread_cond_broadcast(&w->changed);
    }
    pthread_mutex_unlock(&w->lock);
    return NULL;
}

// Each piece's chain: its own cost and the longest of the pieces that wait
// for it. The costs are estimates in units of about 16 ns (measured on
// 12 MP photos: 50 ns a byte of a scan, 16 a block it visits, 60 a block
// zeroed, 2 an output pixel made); only their order matters.
static void fw_p_levels(fw_p_work *w) {
    fw_p_file *f = w->f;
    int parts = w->parts, zeroing = f->scan_count * parts, making = zeroing + parts;
    uint64_t blocks_all = 0;
    for (int c = 0; c < f->ncomp; c++) blocks_all += (uint64_t)f->array_w[c] * (uint64_t)f->array_h[c];
    if (f->pixels)
        for (int part = 0; part < parts; part++)
            w->level[making + part] = (uint64_t)f->pixels->out_width * (uint64_t)f->pixels->out_height / 8 /
                (uint64_t)parts + 1;
    for (int n = f->scan_count - 1; n >= 0; n--) {
        const fw_p_scan *scan = &f->scans[n];
        uint64_t blocks = 0;
        for (int i = 0; i < scan->ncomp; i++)
            blocks += (uint64_t)f->blocks_w[scan->comp[i]] * (uint64_t)f->blocks_h[scan->comp[i]];
        uint64_t cost = (f->scan_bits[n] / 8 * 3 + blocks) / (uint64_t)parts + 1;
        for (int part = parts - 1; part >= 0; part--) {
            uint64_t after = part + 1 < parts ? w->level[n * parts + part + 1] : 0;
            for (int i = 0; i < scan->ncomp; i++) {
                int later = w->next[n][scan->comp[i]];
                if (later >= 0 && w->level[later * parts + part] > after) after = w->level[later * parts + part];
            }
            if (f->pixels && w->level[making + part] > after) after = w->level[making + part];
            w->level[n * parts + part] = cost + after;
        }
    }
    for (int part = 0; part < parts; part++)
        w->level[zeroing + part] = blocks_all * 4 / (uint64_t)parts + w->level[part];
}

// The bands of `parts` (clamped to 1 ... FW_P_MAX_PARTS and the MCU rows)
// and each scan's neighbours by component.
static void fw_p_plan(fw_p_work *w, fw_p_file *f, int parts) {
    int mcu_rows = (f->height + 8 * f->vmax - 1) / (8 * f->vmax);
    if (parts > FW_P_MAX_PARTS) parts = FW_P_MAX_PARTS;
    if (parts > mcu_rows) parts = mcu_rows;
    if (parts < 1) parts = 1;
    w->f = f;
    w->parts = parts;
    for (int part = 0; part <= parts; part++) w->cuts[part] = (int)((long)mcu_rows * part / parts);
    int last[4] = {-1, -1, -1, -1};
    for (int n = 0; n < f->scan_count; n++) {
        for (int c = 0; c < 4; c++) w->next[n][c] = w->prev[n][c] = -1;
        for (int i = 0; i < f->scans[n].ncomp; i++) {
            int c = f->scans[n].comp[i];
            w->prev[n][c] = last[c];
            if (last[c] >= 0) w->next[last[c]][c] = n;
            last[c] = n;
        }
    }
}

static void fw_p_work_free(fw_p_work *w) {
    free(w->level);
    free(w->taken);
    free(w->done);
    free(w->ends);
    free(w);
}

// Starts reading the scans: on two threads of their own when `threads` is 2
// or more (the caller is then free to make the pixels of the bands already
// read, fw_p_wait_rows), else here, before it returns. NULL when it cannot.
static fw_p_work *fw_p_start_reading(fw_p_file *f, int threads) {
    if (fw_p_unstuff_all(f) != 0) return NULL;
    fw_p_work *w = calloc(1, sizeof *w);
    if (!w) return NULL;
    // One band on one thread; on two, as many as keep the pieces few (each
    // pick looks at them all).
    fw_p_plan(w, f, threads < 2 ? 1 : FW_P_MAX_PIECES / (f->scan_count + 1));
    int parts = w->parts;
    int pieces = fw_p_piece_count(w);
    w->level = calloc((size_t)pieces, sizeof *w->level);
    w->taken = calloc((size_t)pieces, 1);
    w->done = calloc((size_t)pieces, 1);
    w->ends = calloc((size_t)(f->scan_count * parts), sizeof *w->ends);
    if (!w->level || !w->taken || !w->done || !w->ends) {
        fw_p_work_free(w);
        return NULL;
    }
    fw_p_levels(w);
    w->remaining = pieces;
    pthread_mutex_init(&w->lock, NULL);
    pthread_cond_init(&w->changed, NULL);
    for (int t = 0; parts > 1 && t < 2; t++)
        if (pthread_create(&w->threads[w->started], NULL, fw_p_worker, w) == 0) w->started++;
    if (w->started == 0) fw_p_worker(w);   // this thread reads every piece
    return w;
}

// Stops the reading (`stop`: at the pieces under way) or waits for its end,
// and frees it: 0 when every piece was read, else -1.
static int fw_p_finish_reading(fw_p_work *w, int stop) {
    if (stop) {
        pthread_mutex_lock(&w->lock);
        w->failed = 1;
        pthread_cond_broadcast(&w->changed);
        pthread_mutex_unlock(&w->lock);
    }
    for (int t = 0; t < w->started; t++) pthread_join(w->threads[t], NULL);
    int status = w->failed || w->remaining != 0 ? -1 : 0;
    pthread_cond_destroy(&w->changed);
    pthread_mutex_destroy(&w->lock);
    fw_p_work_free(w);
    return status;
}

// ---- libjpeg around them ----

typedef struct {
    struct jpeg_progress_mgr progress;
    fw_p_file *file;
    jvirt_barray_ptr (*request)(j_common_ptr, int, boolean, JDIMENSION, JDIMENSION, JDIMENSION);
    jvirt_barray_ptr arrays[4];
    JDIMENSION array_w[4], array_h[4];
    int array_count;
    int status;   // 1 before the scans are read, then 0 or -1
    const char *failure;
    fw_p_work *work;   // the reading, until it has ended
    int preload;       // jpeg_start_decompress asks for input once more before its output pass
    // The whole page's pixels, when the threads may make them (fw_p_plan_pixels), else NULL.
    uint8_t *page;
    int page_width, page_height;
} fw_p_hook;

// The coefficient controller asks for one array per component, in order.
static jvirt_barray_ptr fw_p_request(j_common_ptr info, int pool, boolean pre_zero, JDIMENSION per_row,
                                     JDIMENSION rows, JDIMENSION access) {
    fw_p_hook *hook = info->client_data;
    // Not zeroed by libjpeg: the threads zero them (fw_p_zero_band), every
    // row, before any scan writes one. Only fw_p_read_into_arrays fills
    // them; when it does not, the decode fails and its output is not used.
    (void)pre_zero;
    jvirt_barray_ptr array = hook->request(info, pool, FALSE, per_row, rows, access);
    if (hook->array_count < 4) {
        hook->arrays[hook->array_count] = array;
        hook->array_w[hook->array_count] = per_row;
        hook->array_h[hook->array_count] = rows;
    }
    hook->array_count++;
    return array;
}

// libjpeg's input side while the threads read: its output pass asks for
// input when it reaches an MCU row not yet read (jdcoefct.c's
// decompress_data), and is let go as soon as every scan has read the band
// of rows it waits for, so the pixels of the top bands are made while the
// threads still read the bottom ones.
static int fw_p_wait_rows(j_decompress_ptr info) {
    fw_p_hook *hook = info->client_data;
    if (hook->preload) {
        // jpeg_start_decompress reads the whole file before its output pass
        // until told that it has ended; the rows are waited for there.
        hook->preload = 0;
        return JPEG_REACHED_EOI;
    }
    fw_p_work *w = hook->work;
    if (!w) {
        ((fw_input_controller *)(void *)info->inputctl)->eoi_reached = TRUE;
        return JPEG_REACHED_EOI;
    }
    pthread_mutex_lock(&w->lock);
    while (!w->failed && w->complete_bands < w->parts && w->cuts[w->complete_bands] <= (int)info->input_iMCU_row)
        pthread_cond_wait(&w->changed, &w->lock);
    int failed = w->failed, bands = w->complete_bands;
    pthread_mutex_unlock(&w->lock);
    if (failed || bands == w->parts) {
        hook->work = NULL;
        if (fw_p_finish_reading(w, failed) != 0) {
            hook->failure = "the scans are not read as libjpeg reads them";
            longjmp(((fw_jpeg_errors *)info->err)->jump, 1);
        }
        info->input_iMCU_row = info->total_iMCU_rows;
        ((fw_input_controller *)(void *)info->inputctl)->eoi_reached = TRUE;
        return JPEG_REACHED_EOI;
    }
    info->input_iMCU_row = (JDIMENSION)w->cuts[bands];
    return JPEG_ROW_COMPLETED;
}

// Whether the reading threads make the page (fw_p_band_pixels) and how:
// NULL when libjpeg's output pass is to make it. Only where they make what
// libjpeg would, with its arithmetic: at 3/8, into RGBA as tjDecompress2
// asks, from YCbCr or grey, each component at the IDCT size that leaves it
// unscaled after (3 x 3, or 6 x 6 for one sampled half as often both ways)
// as libjpeg chose it, its quantisation latched (the first scan has every
// component).
static fw_p_pixels *fw_p_plan_pixels(const fw_p_file *f, j_decompress_ptr info, uint8_t *out, int out_width,
                                     int out_height) {
    if (!out || info->scale_num * 8 != info->scale_denom * 3 || info->out_color_space != JCS_EXT_RGBA ||
        info->jpeg_color_space != (f->ncomp == 1 ? JCS_GRAYSCALE : JCS_YCbCr) || info->data_precision != 8 ||
        info->num_components != f->ncomp || (int)info->output_width != out_width ||
        (int)info->output_height != out_height)
        return NULL;
    fw_p_pixels pixels;
    memset(&pixels, 0, sizeof pixels);
    for (int c = 0; c < f->ncomp; c++) {
        const jpeg_component_info *component = &info->comp_info[c];
        int ratio = f->hmax / f->h[c];
        if (f->hmax % f->h[c] || f->vmax % f->v[c] || ratio != f->vmax / f->v[c] || ratio > 2) return NULL;
        int side = 3 * ratio;
        if (component->DCT_scaled_size != side || (int)component->downsampled_width != out_width ||
            (int)component->downsampled_height != out_height || !component->quant_table)
            return NULL;
        pixels.side[c] = side;
        for (int i = 0; i < side * side; i++)
            pixels.quant[c][i] = (short)component->quant_table->quantval[(i / side) * 8 + i % side];
    }
    pixels.mcu_h = 3 * f->vmax;
    int mcu_rows = (f->height + 8 * f->vmax - 1) / (8 * f->vmax);
    if ((long)f->array_w[0] * pixels.side[0] < out_width || (long)mcu_rows * pixels.mcu_h < out_height) return NULL;
    fw_p_pixels *made = malloc(sizeof *made);
    if (!made) return NULL;
    *made = pixels;
    fw_pixel_tables_init(&made->tables);
    made->out = out;
    made->out_width = out_width;
    made->out_height = out_height;
    return made;
}

static int fw_p_read_into_arrays(j_decompress_ptr info, fw_p_hook *hook) {
    fw_p_file *f = hook->file;
    if (hook->array_count != f->ncomp || info->num_components != f->ncomp) {
        hook->failure = "libjpeg's coefficient arrays are not one per component";
        return -1;
    }
    for (int c = 0; c < f->ncomp; c++) {
        JDIMENSION w = (JDIMENSION)((f->blocks_w[c] + f->h[c] - 1) / f->h[c] * f->h[c]);
        JDIMENSION h = (JDIMENSION)((f->blocks_h[c] + f->v[c] - 1) / f->v[c] * f->v[c]);
        if (hook->array_w[c] != w || hook->array_h[c] != h) {
            hook->failure = "libjpeg's coefficient arrays are not the frame's";
            return -1;
        }
        f->array_w[c] = (int)w;
        f->array_h[c] = (int)h;
    }
    f->pixels = fw_p_plan_pixels(f, info, hook->page, hook->page_width, hook->page_height);
    for (int c = 0; c < f->ncomp; c++) {
        size_t h = (size_t)f->array_h[c];
        f->rows[c] = malloc(sizeof(JCOEF *) * h);
        f->nonzero[c] = calloc((size_t)f->blocks_w[c] * (size_t)f->blocks_h[c], sizeof(uint64_t));
        if (!f->rows[c] || !f->nonzero[c]) {
            hook->failure = "out of memory";
            return -1;
        }
        if (f->pixels) {
            // Only what the IDCT reads is kept; libjpeg's arrays are never touched.
            int side = f->pixels->side[c];
            f->stride[c] = side * side + 1;
            for (int k = 0; k < 64; k++) {
                int row = fw_natural[k] / 8, column = fw_natural[k] % 8;
                f->kept_store[c][k] = (uint8_t)(row < side && column < side ? row * side + column : side * side);
            }
            f->store[c] = f->kept_store[c];
            size_t row_size = (size_t)f->array_w[c] * (size_t)f->stride[c];
            f->kept_blocks[c] = malloc(sizeof(JCOEF) * row_size * h);
            if (!f->kept_blocks[c]) {
                hook->failure = "out of memory";
                return -1;
            }
            for (size_t row = 0; row < h; row++) f->rows[c][row] = f->kept_blocks[c] + row * row_size;
        } else {
            f->stride[c] = DCTSIZE2;
            f->store[c] = fw_natural;
            for (JDIMENSION row = 0; row < (JDIMENSION)h; row++)
                f->rows[c][row] =
                    info->mem->access_virt_barray((j_common_ptr)info, hook->arrays[c], row, 1, TRUE)[0][0];
        }
    }
    hook->work = fw_p_start_reading(f, f->threads);
    if (!hook->work) {
        hook->failure = "the scans are not read as libjpeg reads them";
        return -1;
    }
    // As libjpeg's reader leaves them after a whole progression: its output
    // pass then does no block smoothing.
    for (int c = 0; c < f->ncomp; c++)
        for (int k = 0; k < DCTSIZE2; k++) info->coef_bits[c][k] = 0;
    info->input_iMCU_row = 0;
    hook->preload = 1;
    ((fw_input_controller *)(void *)info->inputctl)->consume_input = fw_p_wait_rows;
    return 0;
}

// Called by jpeg_start_decompress once the decode is set up, before it reads the scans.
static void fw_p_monitor(j_common_ptr common) {
    j_decompress_ptr info = (j_decompress_ptr)common;
    fw_p_hook *hook = info->client_data;
    if (hook->status != 1) return;
    hook->status = fw_p_read_into_arrays(info, hook);
    if (hook->status != 0) longjmp(((fw_jpeg_errors *)info->err)->jump, 1);
}

static void fw_p_free(fw_p_file *f) {
    for (int c = 0; c < 4; c++) {
        free(f->rows[c]);
        free(f->nonzero[c]);
        free(f->kept_blocks[c]);
    }
    free(f->unstuffed);
    free(f->scan_offset);
    free(f->scan_bits);
    free(f->tables);
    free(f->pixels);
    free(f);
}

int32_t fw_jpeg_progressive_decode(const uint8_t *bytes, size_t length, int32_t scale_num, int32_t threads,
                                   uint8_t *out, int32_t out_width, int32_t out_height, char message[200]) {
    return fw_jpeg_progressive_decode_window(bytes, length, scale_num, threads, 0, 0, -1, -1, out, out_width,
                                             out_height, message, NULL);
}

int32_t fw_jpeg_progressive_decode_window(const uint8_t *bytes, size_t length, int32_t scale_num, int32_t threads,
                                          int32_t left, int32_t top, int32_t full_width, int32_t full_height,
                                          uint8_t *out, int32_t out_width, int32_t out_height, char message[200],
                                          int32_t *by_readers) {
    message[0] = 0;
    if (by_readers) *by_readers = 0;
    if (full_width < 0) full_width = out_width;
    if (full_height < 0) full_height = out_height;
    if (left < 0 || top < 0 || out_width < 1 || out_height < 1 || left > full_width - out_width ||
        top > full_height - out_height) {
        snprintf(message, 200, "the window lies outside the image");
        return 1;
    }
    if (scale_num < 1 || scale_num > 8) {
        snprintf(message, 200, "scale %d/8 is not one of libjpeg's", scale_num);
        return 1;
    }
    fw_p_file *f = calloc(1, sizeof *f);
    if (!f) {
        snprintf(message, 200, "out of memory");
        return -1;
    }
    f->threads = threads;
    if (fw_p_parse(f, bytes, length) != 0) {
        snprintf(message, 200, "not a progressive JPEG this reads");
        fw_p_free(f);
        return 1;
    }
    struct jpeg_decompress_struct info;
    fw_jpeg_errors errors;
    fw_p_hook hook;
    memset(&info, 0, sizeof info);
    memset(&hook, 0, sizeof hook);
    hook.file = f;
    hook.status = 1;
    int whole_rows = left == 0 && out_width == full_width;
    if (whole_rows && top == 0 && out_height == full_height) {
        hook.page = out;
        hook.page_width = out_width;
        hook.page_height = out_height;
    }
    info.err = fw_jpeg_errors_init(&errors);
    uint8_t *volatile scratch = NULL;   // a window's row (below)
    if (setjmp(errors.jump)) {
        if (hook.work) fw_p_finish_reading(hook.work, 1);
        if (hook.failure) snprintf(message, 200, "%s", hook.failure);
        else snprintf(message, 200, "libjpeg: %s", errors.message);
        jpeg_destroy_decompress(&info);
        fw_p_free(f);
        free(scratch);
        return -1;
    }
    jpeg_create_decompress(&info);
    info.client_data = &hook;
    hook.request = info.mem->request_virt_barray;
    info.mem->request_virt_barray = fw_p_request;
    hook.progress.progress_monitor = fw_p_monitor;
    info.progress = &hook.progress;
    jpeg_mem_src(&info, bytes, (unsigned long)length);
    jpeg_read_header(&info, TRUE);
    fw_jpeg_output_as_tj(&info, scale_num);
    jpeg_start_decompress(&info);
    int status = 0;
    if (hook.status != 0) {
        snprintf(message, 200, "libjpeg read the scans itself");
        status = -1;
    } else if ((int)info.output_width != full_width || (int)info.output_height != full_height) {
        snprintf(message, 200, "libjpeg made %ux%u, not %dx%d", info.output_width, info.output_height, full_width,
                 full_height);
        status = -1;
    }
    // The threads make the page: it is there once they have ended.
    if (status == 0 && f->pixels) {
        fw_p_work *work = hook.work;
        hook.work = NULL;
        if (fw_p_finish_reading(work, 0) != 0) {
            snprintf(message, 200, "the scans are not read as libjpeg reads them");
            status = -1;
        }
    }
    // A window: the rows above it made and dropped (the output pass runs
    // from the top), its columns copied from each of its rows, and no row
    // made below it.
    if (status == 0 && !f->pixels && (top > 0 || !whole_rows) && !(scratch = malloc((size_t)full_width * 4))) {
        snprintf(message, 200, "out of memory");
        status = -1;
    }
    int end = top + out_height;
    while (status == 0 && !f->pixels && (int)info.output_scanline < end) {
        int line = (int)info.output_scanline;
        uint8_t *target = line >= top ? out + (size_t)(line - top) * (size_t)out_width * 4 : NULL;
        JSAMPROW row = target && whole_rows ? target : scratch;
        if (jpeg_read_scanlines(&info, &row, 1) != 1) status = -1;
        else if (target && !whole_rows) memcpy(target, scratch + (size_t)left * 4, (size_t)out_width * 4);
    }
    free(scratch);
    scratch = NULL;
    // Stopped above the last row on purpose: the reading still going on is stopped too.
    int cut_short = status == 0 && end < full_height;
    if (hook.work && fw_p_finish_reading(hook.work, status != 0 || cut_short) != 0 && status == 0 && !cut_short) {
        snprintf(message, 200, "the scans are not read as libjpeg reads them");
        status = -1;
    }
    hook.work = NULL;
    if (status == 0 && errors.warnings) {
        snprintf(message, 200, "libjpeg warned: %s", errors.message);
        status = -1;
    }
    if (by_readers) *by_readers = status == 0 && f->pixels;
    jpeg_abort_decompress(&info);
    jpeg_destroy_decompress(&info);
    fw_p_free(f);
    return status;
}

// For the test entry points: the file parsed and cut into `parts` bands,
// the pieces `done` marks done; NULL when it is not one this reads or the
// sizes do not match. Freed by fw_p_test_free.
static fw_p_work *fw_p_test_work(const uint8_t *bytes, size_t length, int parts, const uint8_t *done,
                                 int done_count) {
    fw_p_file *f = calloc(1, sizeof *f);
    fw_p_work *w = calloc(1, sizeof *w);
    if (f && w && fw_p_parse(f, bytes, length) == 0) {
        fw_p_plan(w, f, parts);
        int pieces = f->scan_count * w->parts + w->parts;
        w->done = calloc((size_t)pieces, 1);
        if (w->done && w->parts == parts && done_count == pieces) {
            memcpy(w->done, done, (size_t)pieces);
            return w;
        }
        free(w->done);
    }
    free(w);
    if (f) fw_p_free(f);
    return NULL;
}

static void fw_p_test_free(fw_p_work *w) {
    free(w->done);
    fw_p_free(w->f);
    free(w);
}

int32_t fw_jpeg_progressive_rows_read(const uint8_t *bytes, size_t length, int32_t parts, const uint8_t *done,
                                      int32_t done_count) {
    fw_p_work *w = fw_p_test_work(bytes, length, parts, done, done_count);
    if (!w) return -1;
    int32_t rows = w->cuts[fw_p_complete_bands(w)];   // cuts[parts]: every MCU row
    fw_p_test_free(w);
    return rows;
}

int32_t fw_jpeg_progressive_band_ready(const uint8_t *bytes, size_t length, int32_t parts, const uint8_t *done,
                                       int32_t done_count, int32_t scan, int32_t band) {
    fw_p_work *w = fw_p_test_work(bytes, length, parts, done, done_count);
    if (!w) return -1;
    int32_t ready = scan >= 0 && scan < w->f->scan_count && band >= 0 && band < parts
        ? fw_p_ready(w, scan * parts + band) : -1;
    fw_p_test_free(w);
    return ready;
}
