// A baseline JPEG decoded by libjpeg on two cores, bit for bit as one
// decode of the whole file, and a region of one from its own rows
// (stream_decoders.h).
//
// libjpeg cannot start in the middle of a scan: each Huffman code starts
// where the last one ended, and each block's DC coefficient is a difference
// from the one before. So the second thread first reads the scan's codes
// (jpeg_scan.h: only where each block starts and the DC predictions) up to
// MCU row k - 1, then writes a JPEG of the rows from there: the file's own
// headers with the frame's height cut, that row's first MCUs written again
// with each component's first DC difference made absolute (a fresh decoder
// predicts 0) and ZRL codes added until the original's bits continue on a
// byte boundary, then the original's bytes as they are, to the file's end
// (fw_jpeg_from_row). libjpeg decodes that, and the rows from MCU row k are
// kept: row k - 1 is decoded only so that row k's chroma upsampling sees
// the rows above it as the whole decode does. Meanwhile the first thread
// decodes the original file down to row k and stops (libjpeg reads row k
// for the same reason).
//
// Reading codes costs about what libjpeg's own Huffman decoding does, so the
// second thread starts its decode late: the first thread takes more rows
// than half (`top_fraction`). The decode's work beyond Huffman decoding
// (IDCT, upsampling, colour) grows with the output's scale, and so does
// the gain.
//
// A scan kept by fw_jpeg_sketch_decode (the first image's DC, read on two
// cores) knows each MCU row's first bit and, from its DC planes, the
// predictions there: the second thread then reads no codes either
// (fw_jpeg_sketch_split_decode).
//
// A file with restart markers is cut where an interval starts on the row
// above the cut: the predictions are 0 there and the data after that
// interval's marker is copied (its markers renumbered from RST0), so the
// second thread reads no codes and the cut is at the middle.
#include "stream_decoders.h"
#include "jpeg_scan.h"
#include "jpeg_setup.h"
#include <jpeglib.h>
#include <math.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// ---- libjpeg's decode of some rows ----

// Output rows [skip, skip + rows) of the JPEG in memory at num/8, RGBA,
// columns [x0, x0 + cols) of them into `out` (cols * 4 bytes a row). With `to_end` (the rows are the last)
// libjpeg then reads on to the file's end marker, as tjDecompress2 does, so
// what follows the scan (junk, a second SOI) is met as the whole decode
// meets it; otherwise the decode stops after them. 0 when libjpeg decoded
// them without a word and its output is `width` wide and `height` high;
// -1 otherwise, with `message`.
static int fw_split_rows(const uint8_t *bytes, size_t length, int num, int skip, int rows, int x0, int cols,
                         int width, int height, int to_end, uint8_t *out, char message[200]) {
    struct jpeg_decompress_struct info;
    fw_jpeg_errors errors;
    memset(&info, 0, sizeof info);
    info.err = fw_jpeg_errors_init(&errors);
    uint8_t *volatile scratch = NULL;
    if (setjmp(errors.jump)) {
        snprintf(message, 200, "libjpeg: %s", errors.message);
        jpeg_destroy_decompress(&info);
        free(scratch);
        return -1;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, bytes, (unsigned long)length);
    jpeg_read_header(&info, TRUE);
    fw_jpeg_output_as_tj(&info, num);
    jpeg_start_decompress(&info);
    int status = 0;
    if ((int)info.output_width != width || (int)info.output_height != height) {
        snprintf(message, 200, "libjpeg made %ux%u, not %dx%d", info.output_width, info.output_height, width, height);
        status = -1;
    }
    int whole_rows = x0 == 0 && cols == width;
    if (status == 0 && (skip > 0 || !whole_rows) && !(scratch = malloc((size_t)width * 4))) status = -1;
    while (status == 0 && (int)info.output_scanline < skip + rows) {
        int line = (int)info.output_scanline;
        uint8_t *row = line < skip ? NULL : out + (size_t)(line - skip) * cols * 4;
        JSAMPROW target = row && whole_rows ? row : scratch;
        if (jpeg_read_scanlines(&info, &target, 1) != 1) status = -1;
        else if (row && !whole_rows) memcpy(row, scratch + (size_t)x0 * 4, (size_t)cols * 4);
    }
    if (status == 0 && to_end && (int)info.output_scanline == height) jpeg_finish_decompress(&info);
    if (status == 0 && errors.warnings) {
        snprintf(message, 200, "libjpeg warned: %s", errors.message);
        status = -1;
    }
    jpeg_abort_decompress(&info);
    jpeg_destroy_decompress(&info);
    free(scratch);
    return status;
}

// ---- the JPEG of the rows from an MCU row ----

typedef struct {
    uint8_t *out;
    size_t length;
    uint64_t bits;   // waiting, the low `count` of them
    int count;
} fw_bit_writer;

static void fw_put_bits(fw_bit_writer *w, uint32_t value, int count) {   // count <= 32
    w->bits = (w->bits << count) | (value & (uint32_t)((1ull << count) - 1));
    w->count += count;
    while (w->count >= 8) {
        w->count -= 8;
        uint8_t byte = (uint8_t)(w->bits >> w->count);
        w->out[w->length++] = byte;
        if (byte == 0xFF) w->out[w->length++] = 0;   // stuffed, as in any scan
    }
}

// Bits [from, to) of the unstuffed scan data.
static void fw_copy_bits(fw_bit_writer *w, const uint8_t *data, uint64_t from, uint64_t to) {
    while (from + 32 <= to) {
        fw_put_bits(w, (uint32_t)(fw_peek(data, from) >> 32), 32);
        from += 32;
    }
    if (from < to) {
        int count = (int)(to - from);
        fw_put_bits(w, (uint32_t)(fw_peek(data, from) >> (64 - count)), count);
    }
}

// One block of the scan as bits: where its DC part ends, where its end of
// block code starts (none when its last coefficient is the 64th) and how
// many zero coefficients that code stands for, where the block ends.
typedef struct {
    uint64_t start, dc_end, eob_at, end;
    int trailing_zeros;
    int diff;
} fw_block_bits;

static int fw_read_block(const fw_dc_scan *s, const fw_dc_huffman *dc, const fw_dc_huffman *ac, uint64_t pos,
                         fw_block_bits *block) {
    block->start = pos;
    uint64_t window = fw_peek(s->data, pos);
    int used, size;
    uint16_t entry = dc->fast_dc[window >> (64 - FW_FAST_BITS)];
    if (entry) { used = entry >> 8; size = entry & 0xFF; }
    else if ((size = fw_dc_slow(dc, window, &used)) < 0) return -1;
    if (size > 11) return -1;
    int value = 0;
    if (size) {
        value = (int)((window << used) >> (64 - size));
        if (value < (1 << (size - 1))) value -= (1 << size) - 1;
    }
    block->diff = value;
    pos += (uint64_t)(used + size);
    block->dc_end = pos;
    block->eob_at = UINT64_MAX;
    block->trailing_zeros = 0;
    for (int k = 1; k < 64;) {
        int length, symbol = fw_dc_slow(ac, fw_peek(s->data, pos), &length);
        if (symbol < 0) return -1;
        int run = symbol >> 4, bits = symbol & 15;
        if (bits == 0 && run != 15) {
            block->eob_at = pos;
            block->trailing_zeros = 64 - k;
            pos += (uint64_t)length;
            break;
        }
        pos += (uint64_t)(length + bits);
        k += bits ? run + 1 : 16;
        if (k > 64) return -1;   // libjpeg would stop at 63 too, but such a file is not one to cut
    }
    block->end = pos;
    return 0;
}

// `value` as a DC difference in table `dc`; 0, or -1 when the table has no
// code for its size (an optimised table holds only the sizes its file uses).
static int fw_dc_code_length(const fw_dc_huffman *dc, int value, int *size) {
    int magnitude = value < 0 ? -value : value;
    *size = 0;
    while (magnitude >> *size) ++*size;
    if (*size > 11 || dc->code_length[*size] == 0) return -1;
    return dc->code_length[*size] + *size;
}

static void fw_put_dc(fw_bit_writer *w, const fw_dc_huffman *dc, int value) {
    int size;
    fw_dc_code_length(dc, value, &size);
    fw_put_bits(w, dc->code[size], dc->code_length[size]);
    if (size) fw_put_bits(w, (uint32_t)(value < 0 ? value + (1 << size) - 1 : value), size);
}

// The first MCUs of the new JPEG: their blocks as in the scan from bit
// *pos, except each component's first DC, made absolute from `pred`, and
// some ZRL codes (16 zeros each) before blocks' end-of-block codes, as many
// as make these MCUs end where the original's bits after them start a byte
// modulo 8. Those bits are then the original's bytes as they are, stuffing
// and end included, so a decoder that reads past the data meets what the
// whole decode meets. As many MCUs as that takes (at most 64 and the
// `mcus_left`): a detailed block has room for few ZRLs. *pos ends after them. 0, or -1
// when a DC value has no code, -2 when no ZRLs make the length. Without
// `aligned`, the first MCU alone and no ZRLs.
typedef struct {
    fw_block_bits bits;
    int value, rewritten, zrl_length, most_zrls;
} fw_rewritten_block;

static int fw_plan_start(const fw_dc_scan *s, uint64_t *pos, const uint16_t pred[4], long most_mcus, int aligned,
                         fw_rewritten_block *blocks, unsigned char (*reach)[8], unsigned char (*zrls_to)[8],
                         unsigned char (*came_from)[8], long *count, int *need) {
    int first[4] = {1, 1, 1, 1};
    uint64_t length = 0;
    long n = 0;
    memset(reach[0], 0, 8);
    reach[0][0] = 1;
    for (long m = 0; m < most_mcus; m++) {
        for (int b = 0; b < s->blocks_per_mcu; b++, n++) {
            int c = s->block_comp[b];
            const fw_dc_huffman *dc = &s->tables[s->comps[c].td], *ac = &s->tables[4 + s->comps[c].ta];
            fw_rewritten_block *block = &blocks[n];
            // A block past the data's end would be decoded from zeros the whole decode warns about.
            if (fw_read_block(s, dc, ac, *pos, &block->bits) != 0 || block->bits.end > s->total_bits) return -1;
            *pos = block->bits.end;
            block->rewritten = first[c];
            // The coefficient libjpeg keeps is 16 bits: so is the prediction here.
            block->value = first[c] ? (int16_t)(uint16_t)(pred[c] + (uint16_t)block->bits.diff) : block->bits.diff;
            int size, dc_length = first[c] ? fw_dc_code_length(dc, block->value, &size)
                                           : (int)(block->bits.dc_end - block->bits.start);
            if (dc_length < 0) return -1;
            first[c] = 0;
            length += (uint64_t)dc_length + (block->bits.end - block->bits.dc_end);
            block->zrl_length = ac->code_length[0xF0];
            // Fewer than the zeros allow: a ZRL that reaches the 64th
            // coefficient ends the block, and its EOB would be read as the next.
            block->most_zrls = block->bits.eob_at == UINT64_MAX || block->zrl_length == 0
                ? 0 : (block->bits.trailing_zeros - 1) / 16;
            // reach[n + 1][r]: the blocks so far can add r bits modulo 8.
            memset(reach[n + 1], 0, 8);
            for (int r = 0; r < 8; r++) {
                if (!reach[n][r]) continue;
                for (int z = 0; z <= block->most_zrls; z++) {
                    int to = (r + z * block->zrl_length) % 8;
                    if (reach[n + 1][to]) continue;
                    reach[n + 1][to] = 1;
                    zrls_to[n + 1][to] = (unsigned char)z;
                    came_from[n + 1][to] = (unsigned char)r;
                }
            }
        }
        *need = aligned ? (int)((*pos - length) % 8) : 0;
        if (reach[n][*need]) { *count = n; return 0; }
    }
    return -2;
}

static int fw_rewrite_start(fw_bit_writer *w, const fw_dc_scan *s, uint64_t *pos, const uint16_t pred[4],
                            long mcus_left, int aligned) {
    long most_mcus = aligned ? (mcus_left < 64 ? mcus_left : 64) : 1;
    long most_blocks = most_mcus * s->blocks_per_mcu, count = 0;
    int need = 0;
    fw_rewritten_block *blocks = malloc(sizeof *blocks * (size_t)most_blocks);
    unsigned char (*tables)[8] = malloc(3 * 8 * (size_t)(most_blocks + 1));
    if (!blocks || !tables) { free(blocks); free(tables); return -1; }
    unsigned char (*reach)[8] = tables, (*zrls_to)[8] = tables + most_blocks + 1,
                  (*came_from)[8] = tables + 2 * (most_blocks + 1);
    int status = fw_plan_start(s, pos, pred, most_mcus, aligned, blocks, reach, zrls_to, came_from, &count, &need);
    if (status == 0) {
        for (long n = count, r = need; n > 0; n--) {
            blocks[n - 1].most_zrls = zrls_to[n][r];   // now: the ZRLs it gets
            r = came_from[n][r];
        }
        for (long n = 0; n < count; n++) {
            const fw_rewritten_block *block = &blocks[n];
            int c = s->block_comp[n % s->blocks_per_mcu];
            const fw_dc_huffman *dc = &s->tables[s->comps[c].td], *ac = &s->tables[4 + s->comps[c].ta];
            if (block->rewritten) fw_put_dc(w, dc, block->value);
            else fw_copy_bits(w, s->data, block->bits.start, block->bits.dc_end);
            uint64_t ac_end = block->bits.eob_at == UINT64_MAX ? block->bits.end : block->bits.eob_at;
            fw_copy_bits(w, s->data, block->bits.dc_end, ac_end);
            for (int z = 0; z < block->most_zrls; z++) fw_put_bits(w, ac->code[0xF0], ac->code_length[0xF0]);
            fw_copy_bits(w, s->data, ac_end, block->bits.end);
        }
    }
    free(blocks);
    free(tables);
    return status;
}

// Where the scan's unstuffed byte `index` starts in the file's data from
// `p` (as fw_dc_unstuff reads it: 0xFF, any fill 0xFFs, 0x00 is one byte).
static const uint8_t *fw_stuffed_at(const uint8_t *p, const uint8_t *end, size_t index) {
    while (p < end) {
        const uint8_t *ff = memchr(p, 0xFF, (size_t)(end - p));
        size_t plain = (size_t)((ff ? ff : end) - p);
        if (index < plain) return p + index;
        if (!ff) return end;
        index -= plain;
        const uint8_t *q = ff + 1;
        while (q < end && *q == 0xFF) q++;
        if (q == end || *q != 0) return ff;   // a marker: the data ends here
        if (index == 0) return ff;
        index--;
        p = q + 1;
    }
    return end;
}

// The original's bytes [from, end) after what `w` holds, as they are.
static void fw_copy_tail(fw_bit_writer *w, const uint8_t *from, const uint8_t *end) {
    memcpy(w->out + w->length, from, (size_t)(end - from));
    w->length += (size_t)(end - from);
}

// ---- the two threads ----

typedef struct {
    const uint8_t *bytes;
    size_t length;
    int num;                 // the scale, num/8
    int width, height;       // the output's
    uint8_t *out;
    int top_height;          // output rows the first thread decodes
    // The second thread's part.
    fw_dc_scan *scan;
    const uint8_t *data;     // the scan's entropy-coded data in `bytes`
    long first_row;          // the MCU row its JPEG starts at (top_height's row less one)
    int mcu_height, mcus_per_row;
    int status;
    uint64_t bits_read;
    int shifted;             // the rest of the scan's bits shifted, not copied (fw_split_bottom)
    // >= 0 with a kept scan or restart markers: the cut shares the work, not
    // the rows (fw_split_cut_by_work), the pixels' work this share of the codes'.
    double pixel_share;
    char message[200];
} fw_split_job;

// A JPEG of the rows from MCU row job->first_row (malloc'd, *length
// bytes), the scan's codes read to there; NULL with job->message.
static uint8_t *fw_jpeg_from_row(fw_split_job *job, size_t *length) {
    fw_dc_scan *s = job->scan;
    uint64_t pos = 0;
    uint16_t pred[4] = {0};
    long done;
    fw_dc_sink discard = {.discard = 1};
    if (s->row_bits) {
        // A kept scan (fw_jpeg_sketch_decode) knows the row's first bit and,
        // from its DC planes, the predictions there: nothing to read.
        pos = s->row_bits[job->first_row];
        fw_dc_predictions_before(s, job->first_row * job->mcus_per_row, pred);
    } else if (fw_dc_mcus(s, &pos, pred, 0, job->first_row * job->mcus_per_row, s->total_bits, &discard, &done) != FW_DC_OK) {
        snprintf(job->message, sizeof job->message, "the scan's codes end or break before the split");
        return NULL;
    } else {
        job->bits_read = pos;
    }
    size_t header = (size_t)(job->data - job->bytes);
    const uint8_t *end = job->bytes + job->length;
    // The rewritten MCUs may stuff more bytes than the original's (at most
    // twice theirs) and gain ZRLs and DC bits (under 10 bytes a block).
    size_t rest = (size_t)(end - fw_stuffed_at(job->data, end, (size_t)(pos / 8)));
    fw_bit_writer w = {.out = malloc(header + 2 * rest + 65536)};
    if (!w.out) { snprintf(job->message, sizeof job->message, "out of memory"); return NULL; }
    memcpy(w.out, job->bytes, header);
    long rows = (long)s->height - job->first_row * job->mcu_height;
    w.out[s->frame_offset + 1] = (uint8_t)(rows >> 8);
    w.out[s->frame_offset + 2] = (uint8_t)(rows & 0xFF);
    w.length = header;
    uint64_t row_start = pos;
    long mcus_left = s->total_mcus - job->first_row * job->mcus_per_row;
    int status = fw_rewrite_start(&w, s, &pos, pred, mcus_left, 1);
    if (status == 0) {
        // To the original's next byte boundary, then its bytes as they are, to the file's end.
        uint64_t boundary = (pos + 7) / 8 * 8;
        fw_copy_bits(&w, s->data, pos, boundary);
        status = w.count == 0 ? 0 : -1;   // fw_rewrite_start's ZRLs made it a byte boundary
        fw_copy_tail(&w, fw_stuffed_at(job->data, end, (size_t)(boundary / 8)), end);
    } else if (status == -2) {
        // No room for ZRLs (detailed blocks, or a table without the code):
        // the rest of the scan's bits shifted, the last byte filled with
        // zeros, then the original's bytes from its end. A decoder reading
        // past the data reads zeros as it would from the original's marker,
        // so the pixels are the same; only one that reads at most those few
        // zero bits past the end goes without the whole decode's warning.
        pos = row_start;
        w.length = header;
        w.count = 0;
        status = fw_rewrite_start(&w, s, &pos, pred, mcus_left, 0);
        fw_copy_bits(&w, s->data, pos, s->total_bits);
        if (w.count) fw_put_bits(&w, 0, 8 - w.count);
        fw_copy_tail(&w, fw_stuffed_at(job->data, end, (size_t)(s->total_bits / 8)), end);
        job->shifted = 1;
    }
    if (status != 0) {
        snprintf(job->message, sizeof job->message, "the MCUs at the split cannot be written again");
        free(w.out);
        return NULL;
    }
    *length = w.length;
    return w.out;
}

// The next marker's code in the scan's data from `p` (stuffed 0xFF 0x00 and
// fill 0xFFs skipped), or NULL when the data ends first.
static uint8_t *fw_next_marker(const uint8_t *p, const uint8_t *end) {
    while (p + 1 < end) {
        const uint8_t *ff = memchr(p, 0xFF, (size_t)(end - p));
        if (!ff) return NULL;
        const uint8_t *code = ff + 1;
        while (code < end && *code == 0xFF) code++;
        if (code == end) return NULL;
        if (*code != 0) return (uint8_t *)code;
        p = code + 1;
    }
    return NULL;
}

// A JPEG of the rows from MCU row job->first_row of a file with restart
// markers, where a restart interval starts on that row: no codes read, the
// predictions are 0 there. The data after the interval's marker follows as
// it is but for the markers' numbers, which libjpeg expects to run RST0,
// RST1, ... from the scan's start: each is renumbered from there.
static uint8_t *fw_jpeg_from_interval(fw_split_job *job, size_t *length) {
    fw_dc_scan *s = job->scan;
    long interval = job->first_row * job->mcus_per_row / s->restart_interval, seen = 0;
    // Where a marker before it is out of order, libjpeg's whole decode
    // resynchronises (fills intervals with grey, or skips a marker) and its
    // rows from here are not the data after the interval'th marker. The
    // scan's reader records intervals up to the first marker out of order.
    if (interval >= s->segment_count) {
        snprintf(job->message, sizeof job->message, "restart interval %ld does not follow markers in order", interval);
        return NULL;
    }
    const uint8_t *p = job->data, *end = job->bytes + job->length;
    // The marker before the interval: the interval'th RST of the scan.
    for (const uint8_t *code; seen < interval && (code = fw_next_marker(p, end)) && *code >= 0xD0 && *code <= 0xD7;) {
        seen++;
        p = code + 1;
    }
    if (seen < interval) {
        snprintf(job->message, sizeof job->message, "the scan ends before its restart interval %ld", interval);
        return NULL;
    }
    size_t header = (size_t)(job->data - job->bytes);
    uint8_t *out = malloc(header + (size_t)(end - p));
    if (!out) { snprintf(job->message, sizeof job->message, "out of memory"); return NULL; }
    memcpy(out, job->bytes, header);
    long rows = (long)s->height - job->first_row * job->mcu_height;
    out[s->frame_offset + 1] = (uint8_t)(rows >> 8);
    out[s->frame_offset + 2] = (uint8_t)(rows & 0xFF);
    uint8_t *tail = out + header;
    memcpy(tail, p, (size_t)(end - p));
    // Renumbered in the copy: RSTm becomes RST((m - interval) mod 8), up to the scan's end.
    for (uint8_t *code, *stop = tail + (end - p); (code = fw_next_marker(tail, stop)) && *code >= 0xD0 && *code <= 0xD7;) {
        *code = (uint8_t)(0xD0 + ((*code - 0xD0) - interval % 8 + 8) % 8);
        tail = code + 1;
    }
    *length = header + (size_t)(end - p);
    return out;
}

// A JPEG of the rows from MCU row job->first_row, either way.
static uint8_t *fw_jpeg_from(fw_split_job *job, size_t *length) {
    return job->scan->restart_interval ? fw_jpeg_from_interval(job, length) : fw_jpeg_from_row(job, length);
}

static void *fw_split_bottom(void *context) {
    fw_split_job *job = context;
    job->status = -1;
    size_t length;
    uint8_t *jpeg = fw_jpeg_from(job, &length);
    if (!jpeg) return NULL;
    int skip = job->mcu_height * job->num / 8;
    job->status = fw_split_rows(jpeg, length, job->num, skip, job->height - job->top_height, 0, job->width,
                                job->width, job->height - job->top_height + skip, 1,
                                job->out + (size_t)job->top_height * job->width * 4, job->message);
    free(jpeg);
    return NULL;
}

// The scan's reader over `bytes`, or 1 (not a file this splits) / -1.
static int fw_split_open(fw_dc_scan *s, const uint8_t *bytes, size_t length, const uint8_t **data,
                         int restart_only, fw_entropy_split_result *result) {
    fw_baseline_dc_result header = {0};
    s->adobe_transform = -1;
    s->tables = calloc(8, sizeof(fw_dc_huffman));
    if (!s->tables) return -1;
    int status = fw_dc_headers(s, bytes, length, data, &header);
    if (status == 1 || (status == 0 && restart_only && !s->restart_interval)) {
        snprintf(result->message, sizeof result->message, "%s",
                 status == 1 ? "not a baseline Huffman JPEG with one scan" : "no restart markers");
        return 1;
    }
    if (status == 0) status = fw_dc_unstuff(s, *data, bytes + length);
    if (status == 0 && s->fill_in_data) {
        // A JPEG cut from the original would meet them at other points of libjpeg's reads.
        snprintf(result->message, sizeof result->message, "0xFF fill bytes inside the scan's data");
        return 1;
    }
    if (status == 0) status = fw_dc_geometry(s);
    if (status != 0) snprintf(result->message, sizeof result->message, "corrupt or truncated JPEG");
    return status == 1 ? 1 : status ? -1 : 0;
}

// The MCU grid of an open scan, in the job: a single component's scan has
// one block an MCU whatever its sampling.
static void fw_split_grid(fw_split_job *job, const fw_dc_scan *s) {
    job->mcu_height = s->ncomp == 1 ? 8 : 8 * s->vmax;
    job->mcus_per_row = s->ncomp == 1 ? s->comps[0].blocks_w : s->mcux;
}

static int32_t fw_split_scan(fw_split_job *job, double top_fraction, fw_entropy_split_result *result);

int32_t fw_jpeg_entropy_split_decode(const uint8_t *bytes, size_t length, int32_t scale_num, double top_fraction,
                                     int32_t restart_only, double pixel_share, uint8_t *out, int32_t out_width,
                                     int32_t out_height, fw_entropy_split_result *result) {
    memset(result, 0, sizeof *result);
    if (length < 4 || bytes[0] != 0xFF || bytes[1] != 0xD8 || scale_num < 1 || scale_num > 8) {
        snprintf(result->message, sizeof result->message, "not a JPEG");
        return 1;
    }
    fw_dc_scan s;
    memset(&s, 0, sizeof s);
    fw_split_job job = {.bytes = bytes, .length = length, .num = scale_num, .width = out_width,
                        .height = out_height, .out = out, .scan = &s, .pixel_share = pixel_share};
    int status = fw_split_open(&s, bytes, length, &job.data, restart_only, result);
    if (status == 0) status = fw_split_scan(&job, top_fraction, result);
    fw_dc_free(&s);
    return status;
}

int32_t fw_jpeg_sketch_split_decode(fw_jpeg_sketch *kept, const uint8_t *bytes, size_t length, int32_t scale_num,
                                    double top_fraction, double pixel_share, uint8_t *out, int32_t out_width,
                                    int32_t out_height, fw_entropy_split_result *result) {
    memset(result, 0, sizeof *result);
    if (!kept || length != kept->length || scale_num < 1 || scale_num > 8) {
        snprintf(result->message, sizeof result->message, "not the file whose scan was kept");
        return 1;
    }
    // At 3/8 from the low-frequency values alone where it can be; whatever
    // it left in `out`, the split below writes every byte.
    if (fw_low_page(&kept->scan, bytes, length, scale_num, out, out_width, out_height, result->message) == 0) {
        result->low_frequency = 1;
        return 0;
    }
    result->message[0] = 0;
    fw_split_job job = {.bytes = bytes, .length = length, .num = scale_num, .width = out_width,
                        .height = out_height, .out = out, .scan = &kept->scan, .data = bytes + kept->data_offset,
                        .pixel_share = pixel_share};
    return fw_split_scan(&job, top_fraction, result);
}

// The bits of the scan's codes before MCU row `row`, where a split's
// bottom part starts: a kept scan knows where each row starts; with
// restart markers, where each interval starts. -1 when not known, or when
// the scan has restart markers and no interval starts there (no cut).
static double fw_split_bits_before(const fw_dc_scan *s, long row, long mcus_per_row) {
    long mcu = row * mcus_per_row;
    if (s->restart_interval && mcu % s->restart_interval != 0) return -1;
    if (s->row_bits) return (double)s->row_bits[row];
    long interval = s->restart_interval ? mcu / s->restart_interval : -1;
    if (interval < 0 || !s->segments || interval >= s->segment_count) return -1;
    return (double)s->segments[interval] * 8;
}

// The MCU row above which lies `fraction` of the work, nearest, of those
// whose row above starts a restart interval when the scan has them: its
// rows' codes and their pixels, the pixels' work `pixel_share` of the
// codes' spread evenly over the rows. A photo's codes are not: a sky above
// a field takes few bits a row, the field many. -1 when the bits are not known.
static long fw_split_cut_by_work(const fw_dc_scan *s, long rows, long mcus_per_row, double fraction,
                                 double pixel_share) {
    double bits = (double)s->total_bits, pixels_per_row = pixel_share * bits / (double)rows;
    double target = fraction * (bits + pixels_per_row * (double)rows), best_gap = -1;
    long best = -1;
    for (long k = 2; k < rows; k++) {   // the bottom part starts at the row above the cut
        double above = fw_split_bits_before(s, k - 1, mcus_per_row);
        if (above < 0) continue;
        double gap = fabs(above + pixels_per_row * (double)k - target);
        if (best_gap < 0 || gap < best_gap) {
            best = k;
            best_gap = gap;
        }
    }
    return best;
}

// The decode of an open scan's file cut nearest `top_fraction` of its rows
// (or of its work: fw_split_cut_by_work).
static int32_t fw_split_scan(fw_split_job *job, double top_fraction, fw_entropy_split_result *result) {
    fw_dc_scan *s = job->scan;
    fw_split_grid(job, s);
    long mcu_rows = ((long)s->height + job->mcu_height - 1) / job->mcu_height;
    long cut = (long)(mcu_rows * top_fraction + 0.5), by_work = -1;
    if (job->pixel_share >= 0 && (s->row_bits || s->restart_interval))
        by_work = fw_split_cut_by_work(s, mcu_rows, job->mcus_per_row, top_fraction, job->pixel_share);
    if (by_work >= 0) {
        cut = by_work;
    } else if (s->restart_interval) {
        // The row above the cut must start a restart interval: the nearest such cut.
        long best = -1;
        for (long k = 2; k < mcu_rows; k++)
            if ((k - 1) * job->mcus_per_row % s->restart_interval == 0 && (best < 0 || labs(k - cut) < labs(best - cut)))
                best = k;
        cut = best;
    }
    if (cut < 2 || cut >= mcu_rows) {
        snprintf(result->message, sizeof result->message, "too few MCU rows to cut (%ld)", mcu_rows);
        return 1;
    }
    job->first_row = cut - 1;
    job->top_height = (int)(cut * job->mcu_height * job->num / 8);
    pthread_t thread;
    if (pthread_create(&thread, NULL, fw_split_bottom, job) != 0) {
        snprintf(result->message, sizeof result->message, "no second thread");
        return 1;
    }
    char top_message[200] = "";
    int top = fw_split_rows(job->bytes, job->length, job->num, 0, job->top_height, 0, job->width, job->width,
                            job->height, 0, job->out, top_message);
    pthread_join(thread, NULL);
    result->top_rows = job->top_height;
    result->cut_mcu_row = cut;
    result->bits_read = (int64_t)job->bits_read;
    result->shifted = job->shifted;
    if (top != 0 || job->status != 0) {
        snprintf(result->message, sizeof result->message, "%s", top != 0 ? top_message : job->message);
        return -1;
    }
    return 0;
}

int32_t fw_jpeg_region_decode(const uint8_t *bytes, size_t length, int32_t scale_num, int32_t left, int32_t top,
                              int32_t width, int32_t height, uint8_t *out, int32_t out_width, int32_t out_height,
                              fw_entropy_split_result *result) {
    memset(result, 0, sizeof *result);
    if (length < 4 || bytes[0] != 0xFF || bytes[1] != 0xD8 || scale_num < 1 || scale_num > 8 || left < 0 || top < 0 ||
        width < 1 || height < 1) {
        snprintf(result->message, sizeof result->message, "not a JPEG or not a region");
        return 1;
    }
    fw_dc_scan s;
    memset(&s, 0, sizeof s);
    fw_split_job job = {.bytes = bytes, .length = length, .num = scale_num, .scan = &s, .pixel_share = -1};
    int status = fw_split_open(&s, bytes, length, &job.data, 0, result);
    if (status != 0) { fw_dc_free(&s); return status; }
    fw_split_grid(&job, &s);
    int mcu_width = s.ncomp == 1 ? 8 : 8 * s.hmax;
    // Output coordinates at the scale: an MCU's corner is a whole pixel there.
    long image_w = ((long)s.width * scale_num + 7) / 8, image_h = ((long)s.height * scale_num + 7) / 8;
    long x0 = (long)left * scale_num / 8, y0 = (long)top * scale_num / 8;
    long x1 = ((long)left + width) * scale_num / 8 + (((long)left + width) * scale_num % 8 != 0);
    long y1 = ((long)top + height) * scale_num / 8 + (((long)top + height) * scale_num % 8 != 0);
    if (x1 > image_w) x1 = image_w;
    if (y1 > image_h) y1 = image_h;
    if (left % mcu_width || top % job.mcu_height || (long)left + width > s.width || (long)top + height > s.height ||
        x1 - x0 != out_width || y1 - y0 != out_height) {
        snprintf(result->message, sizeof result->message, "the region is not MCU-aligned inside the image");
        fw_dc_free(&s);
        return 1;
    }
    long top_row = top / job.mcu_height;
    // The row the JPEG starts at: the one above the region's, for its
    // upsampling; with restart markers the nearest above that starts an interval.
    long start_row = top_row - 1;
    if (s.restart_interval)
        while (start_row > 0 && start_row * job.mcus_per_row % s.restart_interval != 0) start_row--;
    if (start_row <= 0) {
        // The original from its top: the rows above the region decoded and dropped.
        status = fw_split_rows(bytes, length, scale_num, (int)y0, out_height, (int)x0, out_width, (int)image_w,
                               (int)image_h, 0, out, result->message);
    } else {
        // A JPEG from that row, as the split's second part.
        job.first_row = start_row;
        size_t jpeg_length;
        uint8_t *jpeg = fw_jpeg_from(&job, &jpeg_length);
        int skip = (int)(y0 - start_row * job.mcu_height * scale_num / 8);
        status = jpeg ? fw_split_rows(jpeg, jpeg_length, scale_num, skip, out_height, (int)x0, out_width, (int)image_w,
                                      (int)(image_h - y0 + skip), 0, out, job.message)
                      : -1;
        free(jpeg);
        if (status != 0) snprintf(result->message, sizeof result->message, "%s", job.message);
        result->bits_read = (int64_t)job.bits_read;
        result->shifted = job.shifted;
    }
    fw_dc_free(&s);
    result->cut_mcu_row = top_row;
    return status == 0 ? 0 : -1;
}
