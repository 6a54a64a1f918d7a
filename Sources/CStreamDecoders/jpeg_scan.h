// The reader of a baseline JPEG's one Huffman-coded scan that
// jpeg_parallel_dc.c (its DC image on two cores) and jpeg_entropy_split.c
// (libjpeg's decode cut mid-scan) share: tables, geometry, the unstuffed
// data and decoding MCUs from a bit position.
#ifndef FW_JPEG_SCAN_H
#define FW_JPEG_SCAN_H
#include "stream_decoders.h"
#include <stdint.h>
#include <string.h>

#define FW_FAST_BITS 11
// The index of the table that skips several AC codes at once.
#define FW_RUN_BITS 12
// Zero bytes after the entropy data: a block reads at most 64 codes of up
// to 31 bits each, past the end only as far as the MCU being decoded.
#define FW_PAD_BYTES 4096
// The AC values of a block a page at 3/8 reads (jpeg_low_frequency.c): the
// top-left 3 x 3 of its coefficients but the DC, which the planes hold (a
// 4:2:0 chroma block's 6 x 6 is read there too).
#define FW_LOW_VALUES 8

typedef struct {
    int defined;
    int32_t maxcode[17], mincode[17], valptr[17];
    uint8_t values[256];
    // DC: (length << 8 | symbol), 0 when the code is longer than FW_FAST_BITS.
    // AC: (skip << 8 | advance << 1 | end of block), same 0.
    uint16_t fast_dc[1 << FW_FAST_BITS];
    uint16_t fast_ac[1 << FW_FAST_BITS];
    // AC: the whole codes whose own bits lie in the index (their value bits
    // may run past it), skipped at once: (bits << 7 | coefficients << 1 |
    // ends with end of block), 0 when the first code is longer than the
    // index. `coefficients` (what k advances by, end of block not counted)
    // stops below 64.
    uint16_t run_ac[1 << FW_RUN_BITS];
    // AC: for a code whose own and value bits both lie in FW_FAST_BITS and
    // whose value is within a byte, value << 8 | run << 4 | those bits; 0
    // otherwise (jpeg_low_frequency.c reads it the long way).
    int16_t fast_value[1 << FW_FAST_BITS];
    // AC: (length << 8 | symbol) for a code of up to FW_FAST_BITS, 0 otherwise
    // (jpeg_low_frequency.c, when its value bits do not fit fast_value).
    uint16_t fast_symbol[1 << FW_FAST_BITS];
    // Each symbol's code and its length (0: the table has no code for it),
    // to write a code again (jpeg_entropy_split.c).
    uint16_t code[256];
    uint8_t code_length[256];
} fw_dc_huffman;

typedef struct {
    int id, h, v, tq, td, ta;
    int blocks_w, blocks_h, stride, rows;
    uint16_t *dc;
} fw_dc_component;

typedef struct {
    int width, height, ncomp, hmax, vmax, mcux, mcuy, restart_interval, adobe_transform;
    long total_mcus;
    int blocks_per_mcu;
    int block_comp[10], block_dx[10], block_dy[10];
    int last_block[4];       // the MCU's last block of each component
    fw_dc_component comps[4];
    uint16_t quant_dc[4];
    fw_dc_huffman *tables;   // 4 DC then 4 AC
    uint8_t *data;           // entropy-coded data, unstuffed, padded
    uint64_t total_bits;
    size_t *segments;        // start of each restart interval's data (bytes)
    long segment_count;
    size_t frame_offset;     // the frame header's payload (after its length), from the file's start
    // 0xFF fill bytes before a stuffed 0x00 ("FF FF 00", not T.81's): read
    // here as one 0xFF, by libjpeg-turbo's fast path as a marker, so what
    // libjpeg makes of them depends on where its reads fall.
    int fill_in_data;
    // Each MCU row's first bit, recorded as the planes are filled, when the
    // scan is kept for a split (fw_jpeg_sketch_decode); NULL otherwise.
    uint64_t *row_bits;
    long row_mcus;
    // The marker that ended the scan's data (0xD9: the file's end marker),
    // 0 when the file ended first.
    int end_marker;
} fw_dc_scan;

// A scan whose DC image was read, kept so that libjpeg's decode of the same
// file can be split at any MCU row without reading its codes again
// (fw_jpeg_sketch_split_decode).
struct fw_jpeg_sketch {
    fw_dc_scan scan;
    size_t length;           // the file's
    size_t data_offset;      // where the scan's entropy-coded data starts in it
};

enum { FW_DC_OK = 0, FW_DC_TRUNCATED = 1, FW_DC_CORRUPT = 2 };

static inline uint64_t fw_peek(const uint8_t *data, uint64_t pos) {
    uint64_t v;
    memcpy(&v, data + (pos >> 3), 8);
    return __builtin_bswap64(v) << (pos & 7);
}


// Where DC values go: the planes at their MCU's place, or (speculation) a
// list of MCUs' blocks in decoding order.
typedef struct {
    uint16_t *relative;      // NULL: the planes
    uint64_t *starts;        // with `relative`: each MCU's first bit
    int discard;             // store nothing: only the position and predictions are wanted
} fw_dc_sink;

// A code longer than FW_FAST_BITS in the window's top bits: its symbol and *length, or -1.
int fw_dc_slow(const fw_dc_huffman *h, uint64_t window, int *length);
// One block from bit *pos: its DC difference, its AC codes skipped.
int fw_dc_block(const fw_dc_scan *s, const fw_dc_huffman *dc, const fw_dc_huffman *ac, uint64_t *pos, int *diff);
// A block's DC code at the top of `w` (the block's first bits): its
// difference in *diff and its bits, code and value, in *used.
static inline int fw_dc_read_diff(const fw_dc_huffman *dc, uint64_t w, int *used, int *diff) {
    int length, size;
    uint16_t e = dc->fast_dc[w >> (64 - FW_FAST_BITS)];
    if (e) { length = e >> 8; size = e & 0xFF; }
    else if ((size = fw_dc_slow(dc, w, &length)) < 0) return FW_DC_CORRUPT;
    if (size > 11) return FW_DC_CORRUPT;
    int value = 0;
    if (size) {
        value = (int)((w << length) >> (64 - size));
        if (value < (1 << (size - 1))) value -= (1 << size) - 1;
    }
    *diff = value;
    *used = length + size;
    return FW_DC_OK;
}

// The rest of a block's AC codes from position k, skipped, several at a
// time while they end before coefficient 64; `w` holds the bits from *pos,
// `used` of them read. *pos ends past the block.
static inline int fw_dc_skip_rest(const fw_dc_scan *s, const fw_dc_huffman *ac, uint64_t *pos, uint64_t w, int used,
                                  int k) {
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

// fw_dc_block that also gives the block's low-frequency AC values in `low`
// (jpeg_low_frequency.c). Its blocks end where fw_dc_block's do.
int fw_low_block(const fw_dc_scan *s, const fw_dc_huffman *dc, const fw_dc_huffman *ac, uint64_t *pos, int *diff,
                 int16_t low[FW_LOW_VALUES]);
// An AC table's fast_value and fast_symbol, from its codes.
void fw_low_build(fw_dc_huffman *h);
// A page at 3/8 from a kept scan (jpeg_low_frequency.c): 0; 1 when this
// scan, file or scale is not one it makes; -1 when a read failed (`message`
// says why either way; `out` is then undefined).
int fw_low_page(fw_dc_scan *s, const uint8_t *bytes, size_t length, int scale_num, uint8_t *out, int out_width,
                int out_height, char message[200]);
// MCUs [first, limit) from bit *pos, predictions in `pred` (mod 2^16);
// stores their DC values where `sink` says (NULL: the planes) unless
// sink->discard. *decoded counts the MCUs completed.
int fw_dc_mcus(fw_dc_scan *s, uint64_t *pos, uint16_t pred[4], long first, long limit, uint64_t bit_limit,
               const fw_dc_sink *sink, long *decoded);
// The markers up to the first scan (0; 1: not a file this reads; < 0: corrupt).
int fw_dc_headers(fw_dc_scan *s, const uint8_t *bytes, size_t length, const uint8_t **data,
                  fw_baseline_dc_result *result);
// The scan's data from `p` unstuffed into s->data, up to its end marker.
int fw_dc_unstuff(fw_dc_scan *s, const uint8_t *p, const uint8_t *end);
// Block geometry and the DC planes (0; -1: the data is too short for them).
int fw_dc_geometry(fw_dc_scan *s);
void fw_dc_free(fw_dc_scan *s);
// The DC predictions before MCU `mcu` (absolute values, mod 2^16), from the
// planes: what a decoder starting at that MCU must take as the values before.
void fw_dc_predictions_before(const fw_dc_scan *s, long mcu, uint16_t pred[4]);
#endif
