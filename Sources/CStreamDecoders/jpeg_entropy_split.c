// A baseline JPEG without restart markers decoded by libjpeg on two cores,
// bit for bit as one decode of the whole file (stream_decoders.h).
//
// libjpeg cannot start in the middle of a scan: each Huffman code starts
// where the last one ended, and each block's DC coefficient is a difference
// from the one before. So the second thread first reads the scan's codes
// (jpeg_scan.h: only where each block starts and the DC predictions) up to
// MCU row k - 1, then writes a JPEG of the rows from there: the file's own
// headers with the frame's height cut, that row's first MCU written again
// with each component's first DC difference made absolute (a fresh decoder
// predicts 0), the rest of the scan's bits shifted to follow it and stuffed
// again, and EOI. libjpeg decodes that, and the rows from MCU row k are
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
// Predictions reset by restart markers split a file without reading codes
// (JPEGRestartSplit); such files are not this function's.
#include "stream_decoders.h"
#include "jpeg_scan.h"
#include <jpeglib.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// ---- libjpeg's decode of some rows ----

typedef struct {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    int warnings;
    char message[JMSG_LENGTH_MAX];
} fw_split_errors;

static void fw_split_error_exit(j_common_ptr info) {
    fw_split_errors *errors = (fw_split_errors *)info->err;
    info->err->format_message(info, errors->message);
    longjmp(errors->jump, 1);
}

static void fw_split_emit(j_common_ptr info, int level) {
    fw_split_errors *errors = (fw_split_errors *)info->err;
    if (level < 0 && errors->warnings++ == 0) info->err->format_message(info, errors->message);
}

// Output rows [skip, skip + rows) of the JPEG in memory at num/8, RGBA,
// into `out` (width * 4 bytes a row); the decode stops after them. 0 when
// libjpeg decoded them without a word and its output is `width` wide and
// `height` high; -1 otherwise, with `message`.
static int fw_split_rows(const uint8_t *bytes, size_t length, int num, int skip, int rows, int width, int height,
                         uint8_t *out, char message[200]) {
    struct jpeg_decompress_struct info;
    fw_split_errors errors;
    memset(&info, 0, sizeof info);
    info.err = jpeg_std_error(&errors.pub);
    errors.pub.error_exit = fw_split_error_exit;
    errors.pub.emit_message = fw_split_emit;
    errors.warnings = 0;
    errors.message[0] = 0;
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
    // What tjDecompress2 sets with no flags: the same output, byte for byte.
    info.scale_num = (unsigned)num;
    info.scale_denom = 8;
    info.out_color_space = JCS_EXT_RGBA;
    info.dct_method = JDCT_ISLOW;
    info.do_fancy_upsampling = TRUE;
    jpeg_start_decompress(&info);
    int status = 0;
    if ((int)info.output_width != width || (int)info.output_height != height) {
        snprintf(message, 200, "libjpeg made %ux%u, not %dx%d", info.output_width, info.output_height, width, height);
        status = -1;
    }
    if (status == 0 && skip > 0 && !(scratch = malloc((size_t)width * 4))) status = -1;
    while (status == 0 && (int)info.output_scanline < skip + rows) {
        int line = (int)info.output_scanline;
        JSAMPROW target = line < skip ? scratch : out + (size_t)(line - skip) * width * 4;
        if (jpeg_read_scanlines(&info, &target, 1) != 1) status = -1;
    }
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

// The length of the DC part (code and value bits) of the block at `pos`, or -1.
static int fw_dc_part_length(const fw_dc_huffman *dc, const uint8_t *data, uint64_t pos) {
    uint64_t window = fw_peek(data, pos);
    int used, size;
    uint16_t entry = dc->fast_dc[window >> (64 - FW_FAST_BITS)];
    if (entry) { used = entry >> 8; size = entry & 0xFF; }
    else if ((size = fw_dc_slow(dc, window, &used)) < 0) return -1;
    return size > 11 ? -1 : used + size;
}

// `value` as a DC difference in table `dc`; 0, or -1 when the table has no
// code for its size (an optimised table holds only the sizes its file uses).
static int fw_put_dc(fw_bit_writer *w, const fw_dc_huffman *dc, int value) {
    int magnitude = value < 0 ? -value : value, size = 0;
    while (magnitude >> size) size++;
    if (size > 11 || dc->code_length[size] == 0) return -1;
    fw_put_bits(w, dc->code[size], dc->code_length[size]);
    if (size) fw_put_bits(w, (uint32_t)(value < 0 ? value + (1 << size) - 1 : value), size);
    return 0;
}

// MCU `first`'s blocks from bit `pos`, each component's first DC made
// absolute from `pred`; *pos ends after the MCU. 0, or -1.
static int fw_rewrite_first_mcu(fw_bit_writer *w, const fw_dc_scan *s, uint64_t *pos, const uint16_t pred[4]) {
    int done[4] = {0};
    for (int b = 0; b < s->blocks_per_mcu; b++) {
        int c = s->block_comp[b];
        const fw_dc_huffman *dc = &s->tables[s->comps[c].td], *ac = &s->tables[4 + s->comps[c].ta];
        uint64_t start = *pos;
        int dc_length = fw_dc_part_length(dc, s->data, start), diff;
        if (dc_length < 0 || fw_dc_block(s, dc, ac, pos, &diff) != FW_DC_OK) return -1;
        if (!done[c]) {
            done[c] = 1;
            // The coefficient libjpeg keeps is 16 bits: so is the prediction here.
            if (fw_put_dc(w, dc, (int16_t)(uint16_t)(pred[c] + (uint16_t)diff)) != 0) return -1;
            fw_copy_bits(w, s->data, start + (uint64_t)dc_length, *pos);
        } else {
            fw_copy_bits(w, s->data, start, *pos);
        }
    }
    return 0;
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
    char message[200];
} fw_split_job;

static void *fw_split_bottom(void *context) {
    fw_split_job *job = context;
    fw_dc_scan *s = job->scan;
    uint64_t pos = 0;
    uint16_t pred[4] = {0};
    long done;
    fw_dc_sink discard = {.discard = 1};
    job->status = -1;
    if (fw_dc_mcus(s, &pos, pred, 0, job->first_row * job->mcus_per_row, s->total_bits, &discard, &done) != FW_DC_OK) {
        snprintf(job->message, sizeof job->message, "the scan's codes end or break before the split");
        return NULL;
    }
    job->bits_read = pos;
    size_t header = (size_t)(job->data - job->bytes);
    size_t rest = (size_t)((s->total_bits - pos) / 8) + 64;
    fw_bit_writer w = {.out = malloc(header + 2 * rest + 4)};
    if (!w.out) { snprintf(job->message, sizeof job->message, "out of memory"); return NULL; }
    memcpy(w.out, job->bytes, header);
    long rows = (long)s->height - job->first_row * job->mcu_height;
    w.out[s->frame_offset + 1] = (uint8_t)(rows >> 8);
    w.out[s->frame_offset + 2] = (uint8_t)(rows & 0xFF);
    w.length = header;
    if (fw_rewrite_first_mcu(&w, s, &pos, pred) != 0) {
        snprintf(job->message, sizeof job->message, "the split's first MCU cannot be written again");
        free(w.out);
        return NULL;
    }
    fw_copy_bits(&w, s->data, pos, s->total_bits);
    if (w.count) fw_put_bits(&w, 0xFF, 8 - w.count);   // 1-bits fill the last byte, as T.81 says
    w.out[w.length++] = 0xFF;
    w.out[w.length++] = 0xD9;
    int skip = job->mcu_height * job->num / 8;
    job->status = fw_split_rows(w.out, w.length, job->num, skip, job->height - job->top_height, job->width,
                                job->height - job->top_height + skip,
                                job->out + (size_t)job->top_height * job->width * 4, job->message);
    free(w.out);
    return NULL;
}

// The scan's reader over `bytes`, or 1 (not a file this splits) / -1.
static int fw_split_open(fw_dc_scan *s, const uint8_t *bytes, size_t length, const uint8_t **data,
                         fw_entropy_split_result *result) {
    fw_baseline_dc_result header = {0};
    s->adobe_transform = -1;
    s->tables = calloc(8, sizeof(fw_dc_huffman));
    if (!s->tables) return -1;
    int status = fw_dc_headers(s, bytes, length, data, &header);
    if (status == 1 || (status == 0 && s->restart_interval)) {
        snprintf(result->message, sizeof result->message, "%s",
                 status == 1 ? "not a baseline Huffman JPEG with one scan" : "restart markers (JPEGRestartSplit's)");
        return 1;
    }
    if (status == 0) status = fw_dc_unstuff(s, *data, bytes + length);
    if (status == 0) status = fw_dc_geometry(s);
    if (status != 0) snprintf(result->message, sizeof result->message, "corrupt or truncated JPEG");
    return status == 1 ? 1 : status ? -1 : 0;
}

int32_t fw_jpeg_entropy_split_decode(const uint8_t *bytes, size_t length, int32_t scale_num, double top_fraction,
                                     uint8_t *out, int32_t out_width, int32_t out_height,
                                     fw_entropy_split_result *result) {
    memset(result, 0, sizeof *result);
    if (length < 4 || bytes[0] != 0xFF || bytes[1] != 0xD8 || scale_num < 1 || scale_num > 8) {
        snprintf(result->message, sizeof result->message, "not a JPEG");
        return 1;
    }
    fw_dc_scan s;
    memset(&s, 0, sizeof s);
    fw_split_job job = {.bytes = bytes, .length = length, .num = scale_num, .width = out_width,
                        .height = out_height, .out = out, .scan = &s};
    int status = fw_split_open(&s, bytes, length, &job.data, result);
    if (status != 0) { fw_dc_free(&s); return status; }
    job.mcu_height = s.ncomp == 1 ? 8 : 8 * s.vmax;
    job.mcus_per_row = s.ncomp == 1 ? s.comps[0].blocks_w : s.mcux;
    long mcu_rows = ((long)s.height + job.mcu_height - 1) / job.mcu_height;
    long cut = (long)(mcu_rows * top_fraction + 0.5);
    if (cut < 2 || cut >= mcu_rows) {
        snprintf(result->message, sizeof result->message, "too few MCU rows to cut (%ld)", mcu_rows);
        fw_dc_free(&s);
        return 1;
    }
    job.first_row = cut - 1;
    job.top_height = (int)(cut * job.mcu_height * scale_num / 8);
    pthread_t thread;
    if (pthread_create(&thread, NULL, fw_split_bottom, &job) != 0) {
        snprintf(result->message, sizeof result->message, "no second thread");
        fw_dc_free(&s);
        return 1;
    }
    char top_message[200] = "";
    int top = fw_split_rows(bytes, length, scale_num, 0, job.top_height, out_width, out_height, out, top_message);
    pthread_join(thread, NULL);
    fw_dc_free(&s);
    result->top_rows = job.top_height;
    result->cut_mcu_row = cut;
    result->bits_read = (int64_t)job.bits_read;
    if (top != 0 || job.status != 0) {
        snprintf(result->message, sizeof result->message, "%s", top != 0 ? top_message : job.message);
        return -1;
    }
    return 0;
}
