// A progressive JPEG at 1/8 scale from its DC coefficients alone
// (stream_decoders.h).
//
// libjpeg keeps every DCT coefficient of a progressive image until its last
// scan (about 3 bytes per pixel: 1.2 GB for 20000 x 20000) whatever the
// output scale. At 1/8 scale each 8 x 8 block is its DC coefficient (the
// block's mean), and progressive files send DC in their first scans: reading
// only those and skipping the AC scans needs 2 bytes per block (19 MB for
// 20000 x 20000) and the file read in chunks.
#include "stream_decoders.h"
#include "dc_pixels.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Stored DC coefficients are refused above this many bytes (about 2.1
// gigapixels at 4:2:0); the caller says the image is too large to show.
#define FW_DC_MAX_BYTES ((size_t)256 << 20)

typedef struct {
    FILE *file;
    uint8_t buffer[1 << 16];
    size_t length, position;
    int eof;
    // Entropy-coded data, read up to 8 bytes ahead into `acc` (its first
    // `acc_bits` bits, most significant first; `real_bits` of them data).
    // A marker ends the data: it is held in `pending`, zeros follow it, and
    // it becomes `marker` only once a code reads past the data before it,
    // as when the bits were read one at a time.
    uint64_t acc;
    int acc_bits, real_bits;
    int pending;
    int marker;          // a marker met inside entropy data (0 = none yet, -1 the file's end)
} fw_jpeg_reader;

static int fw_read_byte(fw_jpeg_reader *r) {
    if (r->position == r->length) {
        if (r->eof) return -1;
        r->length = fread(r->buffer, 1, sizeof r->buffer, r->file);
        r->position = 0;
        if (r->length == 0) { r->eof = 1; return -1; }
    }
    return r->buffer[r->position++];
}

static int fw_read_u16(fw_jpeg_reader *r) {
    int a = fw_read_byte(r), b = fw_read_byte(r);
    if (a < 0 || b < 0) return -1;
    return (a << 8) | b;
}

// The next marker's code, skipping fill bytes and anything that is not one.
static int fw_next_marker(fw_jpeg_reader *r) {
    for (;;) {
        int c = fw_read_byte(r);
        if (c < 0) return -1;
        if (c != 0xFF) continue;
        do { c = fw_read_byte(r); } while (c == 0xFF);
        if (c < 0) return -1;
        if (c != 0) return c;
    }
}

static int fw_skip(fw_jpeg_reader *r, long count) {
    while (count-- > 0) if (fw_read_byte(r) < 0) return -1;
    return 0;
}

// A new scan, or a restart: the data read ahead is dropped.
static void fw_reset_bits(fw_jpeg_reader *r) {
    r->acc = 0;
    r->acc_bits = r->real_bits = 0;
    r->pending = r->marker = 0;
}

// At least 57 bits in `acc`: bytes of data (FF 00 is a data FF), then
// zeros from a marker or the file's end on.
static inline void fw_fill(fw_jpeg_reader *r) {
    while (r->acc_bits <= 56) {
        int c = 0;
        if (!r->pending) {
            c = fw_read_byte(r);
            if (c < 0) {
                c = 0;
                r->pending = -1;
            } else if (c == 0xFF) {
                int d;
                do { d = fw_read_byte(r); } while (d == 0xFF);
                if (d == 0) c = 0xFF;
                else { r->pending = d < 0 ? -1 : d; c = 0; }
            }
            if (!r->pending) r->real_bits += 8;
        }
        r->acc |= (uint64_t)c << (56 - r->acc_bits);
        r->acc_bits += 8;
    }
}

// `n` bits (at most 57) used; reading past the data meets its marker.
static inline void fw_use_bits(fw_jpeg_reader *r, int n) {
    r->acc <<= n;
    r->acc_bits -= n;
    if (n <= r->real_bits) {
        r->real_bits -= n;
    } else {
        r->real_bits = 0;
        if (!r->marker) r->marker = r->pending;
    }
}

static inline int fw_get_bit(fw_jpeg_reader *r) {
    fw_fill(r);
    int bit = (int)(r->acc >> 63);
    fw_use_bits(r, 1);
    return bit;
}

static inline int fw_get_bits(fw_jpeg_reader *r, int count) {   // 1 <= count <= 16
    fw_fill(r);
    int v = (int)(r->acc >> (64 - count));
    fw_use_bits(r, count);
    return v;
}

#define FW_DC_FAST_BITS 9

typedef struct {
    int defined;
    int32_t maxcode[18];
    int32_t valptr[17];
    int32_t mincode[17];
    uint8_t values[256];
    uint16_t fast[1 << FW_DC_FAST_BITS];   // (length << 8 | value) of the codes this short, else 0
} fw_huffman;

static void fw_build_huffman(fw_huffman *h, const uint8_t counts[16]) {
    int code = 0, k = 0;
    for (int length = 1; length <= 16; length++) {
        h->valptr[length] = k;
        h->mincode[length] = code;
        code += counts[length - 1];
        k += counts[length - 1];
        h->maxcode[length] = counts[length - 1] ? code - 1 : -1;
        code <<= 1;
    }
    h->maxcode[17] = 0x7fffffff;
    h->defined = 1;
    // A table's counts are not checked: codes may overrun their length
    // (the reading below never matches those) or be prefixes of others
    // (the shortest matches first), so neither may take an entry here.
    memset(h->fast, 0, sizeof h->fast);
    for (int length = 1; length <= FW_DC_FAST_BITS; length++)
        for (int code = h->mincode[length]; code <= h->maxcode[length] && code < (1 << length); code++) {
            int shift = FW_DC_FAST_BITS - length;
            uint16_t entry = (uint16_t)(length << 8 | h->values[h->valptr[length] + code - h->mincode[length]]);
            for (int fill = 0; fill < (1 << shift); fill++)
                if (!h->fast[(code << shift) | fill]) h->fast[(code << shift) | fill] = entry;
        }
}

static int fw_decode_huffman(fw_jpeg_reader *r, const fw_huffman *h) {
    fw_fill(r);
    uint16_t entry = h->fast[r->acc >> (64 - FW_DC_FAST_BITS)];
    if (entry) {
        fw_use_bits(r, entry >> 8);
        return entry & 0xFF;
    }
    for (int length = 1; length <= 16; length++) {
        int code = (int)(r->acc >> (64 - length));
        if (h->maxcode[length] >= 0 && code <= h->maxcode[length] && code >= h->mincode[length]) {
            fw_use_bits(r, length);
            return h->values[h->valptr[length] + code - h->mincode[length]];
        }
    }
    fw_use_bits(r, 17);   // as the bit-by-bit reading did before it gave up
    return -1;
}

typedef struct {
    int id, h, v, tq;
    int blocks_w, blocks_h;   // blocks that hold image data
    int stride, rows;         // blocks stored (whole MCUs)
    int16_t *dc;
    int dc_seen;              // a DC-first scan covered it
} fw_component;

static void fw_fail(fw_stream_result *result, const char *message) {
    snprintf(result->message, sizeof result->message, "%s", message);
}


// `first_scans_only`: stop reading once every component's first DC scan is
// read (the DC values lack the bits of their refinement scans, if any).
static int32_t fw_jpeg_dc_read(const char *path, fw_rect region, int32_t out_width, int32_t out_height,
                               uint8_t *out, int first_scans_only, fw_stream_result *result) {
    fw_cancel *cancel = result->cancel;   // the caller's, kept
    memset(result, 0, sizeof *result);
    result->cancel = cancel;
    fw_jpeg_reader *r = calloc(1, sizeof *r);
    if (!r) { fw_fail(result, "out of memory"); return -1; }
    r->file = fw_fopen_image(path);
    if (!r->file) { free(r); fw_fail(result, "cannot open the file"); return -1; }
    int32_t status = -1;
    fw_component comps[4];
    memset(comps, 0, sizeof comps);
    int ncomp = 0, width = 0, height = 0, hmax = 1, vmax = 1, mcux = 0, mcuy = 0;
    int restart_interval = 0, adobe_transform = -1, progressive = 0;
    uint16_t quant[4] = {0};
    fw_huffman *dc_tables = calloc(4, sizeof(fw_huffman));
    uint8_t *row = NULL;
    fw_averager *averager = NULL;
    fw_dc_plane planes[4] = {{0}};   // their columns freed at `done`
    if (!dc_tables) { fw_fail(result, "out of memory"); goto done; }
    if (fw_read_byte(r) != 0xFF || fw_read_byte(r) != 0xD8) { fw_fail(result, "not a JPEG"); goto done; }
    for (;;) {
        int marker = r->marker > 0 ? r->marker : r->pending > 0 ? r->pending : fw_next_marker(r);
        fw_reset_bits(r);
        if (marker < 0 || marker == 0xD9) break;
        if (marker >= 0xD0 && marker <= 0xD7) continue;
        int length = fw_read_u16(r);
        if (length < 2) break;
        long left = length - 2;
        if (marker == 0xC2) {
            // One frame per JPEG: a second frame header would replace the
            // first's components and their DC buffers (each up to
            // FW_DC_MAX_BYTES) while scans already point into them.
            if (progressive) { fw_fail(result, "two frame headers"); goto done; }
            if (left < 6) { fw_fail(result, "corrupt JPEG frame header"); goto done; }
            int precision = fw_read_byte(r);
            height = fw_read_u16(r); width = fw_read_u16(r);
            ncomp = fw_read_byte(r);
            left -= 6;
            if (precision != 8) { fw_fail(result, "only 8-bit progressive JPEGs are read this way"); goto done; }
            if (ncomp != 1 && ncomp != 3) { fw_fail(result, "only grey and colour progressive JPEGs are read this way"); goto done; }
            if (width <= 0 || height <= 0 || left < 3 * ncomp) { fw_fail(result, "corrupt JPEG frame header"); goto done; }
            for (int c = 0; c < ncomp; c++) {
                comps[c].id = fw_read_byte(r);
                int hv = fw_read_byte(r);
                comps[c].h = hv >> 4; comps[c].v = hv & 15;
                comps[c].tq = fw_read_byte(r) & 3;
                if (comps[c].h < 1 || comps[c].h > 4 || comps[c].v < 1 || comps[c].v > 4) {
                    fw_fail(result, "corrupt JPEG sampling factors"); goto done;
                }
                if (comps[c].h > hmax) hmax = comps[c].h;
                if (comps[c].v > vmax) vmax = comps[c].v;
                left -= 3;
            }
            mcux = (width + 8 * hmax - 1) / (8 * hmax);
            mcuy = (height + 8 * vmax - 1) / (8 * vmax);
            size_t total = 0;
            for (int c = 0; c < ncomp; c++) {
                fw_component *k = &comps[c];
                int cw = (width * k->h + hmax - 1) / hmax, ch = (height * k->v + vmax - 1) / vmax;
                k->blocks_w = (cw + 7) / 8; k->blocks_h = (ch + 7) / 8;
                k->stride = mcux * k->h; k->rows = mcuy * k->v;
                total += (size_t)k->stride * k->rows * sizeof(int16_t);
            }
            result->width = width; result->height = height;
            if (total > FW_DC_MAX_BYTES) { fw_fail(result, "JPEG too large to read even at 1/8 scale"); goto done; }
            for (int c = 0; c < ncomp; c++) {
                comps[c].dc = calloc((size_t)comps[c].stride * comps[c].rows, sizeof(int16_t));
                if (!comps[c].dc) { fw_fail(result, "out of memory"); goto done; }
            }
            progressive = 1;
        } else if ((marker >= 0xC0 && marker <= 0xCF) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC) {
            fw_fail(result, "not a progressive Huffman JPEG");
            goto done;
        } else if (marker == 0xC4) {
            while (left > 17) {
                int tc_th = fw_read_byte(r);
                uint8_t counts[16];
                int total = 0;
                for (int i = 0; i < 16; i++) { int c = fw_read_byte(r); counts[i] = (uint8_t)(c < 0 ? 0 : c); total += counts[i]; }
                left -= 17;
                if (tc_th < 0 || total > 256 || total > left) { fw_fail(result, "corrupt JPEG Huffman table"); goto done; }
                uint8_t values[256];
                for (int i = 0; i < total; i++) values[i] = (uint8_t)fw_read_byte(r);
                left -= total;
                if ((tc_th >> 4) == 0) {
                    fw_huffman *h = &dc_tables[tc_th & 3];
                    memcpy(h->values, values, (size_t)total);
                    fw_build_huffman(h, counts);
                }
            }
            if (fw_skip(r, left) < 0) break;
        } else if (marker == 0xDB) {
            while (left > 0) {
                int pq_tq = fw_read_byte(r);
                if (pq_tq < 0) break;
                int wide = pq_tq >> 4;
                int first = wide ? fw_read_u16(r) : fw_read_byte(r);
                quant[pq_tq & 3] = (uint16_t)(first < 0 ? 1 : first);
                fw_skip(r, wide ? 126 : 63);
                left -= 1 + (wide ? 128 : 64);
            }
            if (left < 0) { fw_fail(result, "corrupt JPEG quantisation table"); goto done; }
        } else if (marker == 0xDD) {
            restart_interval = fw_read_u16(r);
            left -= 2;
            fw_skip(r, left);
        } else if (marker == 0xEE && left >= 12) {
            uint8_t adobe[12];
            for (int i = 0; i < 12; i++) adobe[i] = (uint8_t)fw_read_byte(r);
            if (memcmp(adobe, "Adobe", 5) == 0) adobe_transform = adobe[11];
            fw_skip(r, left - 12);
        } else if (marker == 0xDA) {
            if (!progressive) { fw_fail(result, "scan before the frame header"); goto done; }
            int ns = fw_read_byte(r);
            if (ns < 1 || ns > ncomp) { fw_fail(result, "corrupt JPEG scan header"); goto done; }
            fw_component *scan[4];
            int td[4];
            for (int i = 0; i < ns; i++) {
                int id = fw_read_byte(r), t = fw_read_byte(r);
                scan[i] = NULL;
                for (int c = 0; c < ncomp; c++) if (comps[c].id == id) scan[i] = &comps[c];
                if (!scan[i]) { fw_fail(result, "JPEG scan names an unknown component"); goto done; }
                td[i] = (t >> 4) & 3;
            }
            int ss = fw_read_byte(r), se = fw_read_byte(r), a = fw_read_byte(r);
            (void)se;
            int ah = a >> 4, al = a & 15;
            fw_reset_bits(r);
            if (ss != 0) {
                // An AC scan: nothing at 1/8 scale. Its data ends at the next
                // marker that is not a restart.
                int m;
                do { m = fw_next_marker(r); } while (m >= 0xD0 && m <= 0xD7);
                r->marker = m;
                if (m < 0) break;
                continue;
            }
            for (int i = 0; i < ns; i++)
                if (ah == 0 && !dc_tables[td[i]].defined) { fw_fail(result, "JPEG scan uses an undefined Huffman table"); goto done; }
            // 64-bit: a hostile scan's differences add up past int's range (undefined in C).
            long long pred[4] = {0};
            long units = ns == 1 ? (long)scan[0]->blocks_w * scan[0]->blocks_h : (long)mcux * mcuy;
            long since_restart = 0;
            long across = ns == 1 ? scan[0]->blocks_w : mcux;
            // Unit u's column and row, kept as it goes (no division a block).
            long ux = 0, uy = 0;
            for (long u = 0; u < units; u++, ux = ux + 1 == across ? (uy++, 0) : ux + 1) {
                if (restart_interval && since_restart == restart_interval) {
                    // Restart: byte-align, expect RSTn, reset predictions.
                    int m = r->marker ? r->marker : r->pending ? r->pending : fw_next_marker(r);
                    fw_reset_bits(r);
                    if (!(m >= 0xD0 && m <= 0xD7)) { r->marker = m; break; }
                    memset(pred, 0, sizeof pred);
                    since_restart = 0;
                }
                // A marker or the end of the file before the scan's last unit:
                // the data is shorter than the image. libjpeg would fill the
                // rest with grey; like JPEGDecoder, call the file cut short.
                if (r->marker) { fw_fail(result, "truncated JPEG data (the scan ends early)"); goto done; }
                if (ux == 0 && fw_cancel_poll(result, (int32_t)uy)) { fw_fail(result, "cancelled"); goto done; }
                since_restart++;
                for (int i = 0; i < ns; i++) {
                    fw_component *k = scan[i];
                    int bh = ns == 1 ? 1 : k->h, bv = ns == 1 ? 1 : k->v;
                    for (int v = 0; v < bv; v++) for (int h = 0; h < bh; h++) {
                        long bx = ns == 1 ? ux : ux * k->h + h, by = ns == 1 ? uy : uy * k->v + v;
                        int16_t *dc = &k->dc[by * k->stride + bx];
                        if (ah == 0) {
                            int s = fw_decode_huffman(r, &dc_tables[td[i]]);
                            // Past the data's end (or a marker) the bits read as zeros,
                            // which may be no code at all: the file is cut short, not corrupt.
                            if (s < 0 || s > 11) {
                                fw_fail(result, r->marker ? "truncated JPEG data (the scan ends early)" : "corrupt JPEG data");
                                goto done;
                            }
                            int diff = 0;
                            if (s) {
                                diff = fw_get_bits(r, s);
                                if (diff < (1 << (s - 1))) diff -= (1 << s) - 1;
                            }
                            pred[i] += diff;
                            *dc = (int16_t)(pred[i] * (1LL << al));
                        } else if (fw_get_bit(r)) {
                            *dc = (int16_t)(*dc | (1 << al));
                        }
                    }
                }
            }
            if (ah == 0) for (int i = 0; i < ns; i++) scan[i]->dc_seen = 1;
            if (first_scans_only) {
                int seen = 1;
                for (int c = 0; c < ncomp; c++) seen &= comps[c].dc_seen;
                if (seen) break;
            }
        } else {
            if (fw_skip(r, left) < 0) break;
        }
    }
    if (!progressive) { fw_fail(result, r->eof ? "truncated JPEG data (no frame header)" : "not a progressive Huffman JPEG"); goto done; }
    for (int c = 0; c < ncomp; c++)
        if (!comps[c].dc_seen) { fw_fail(result, "truncated JPEG data (the file ends before its first scans)"); goto done; }
    int small_w = (width + 7) / 8, small_h = (height + 7) / 8;
    if (region.x < 0 || region.y < 0 || region.width <= 0 || region.height <= 0 ||
        region.x + region.width > small_w || region.y + region.height > small_h) {
        fw_fail(result, "region outside the image"); goto done;
    }
    row = malloc((size_t)small_w * 4);
    averager = fw_averager_create(small_w, small_h, region, out_width, out_height, out);
    if (!row || !averager) { fw_fail(result, "out of memory"); goto done; }
    int rgb = ncomp == 3 && adobe_transform == 0;
    for (int c = 0; c < ncomp; c++) {
        const fw_component *k = &comps[c];
        planes[c] = (fw_dc_plane){.dc = k->dc, .stride = k->stride, .blocks_w = k->blocks_w, .blocks_h = k->blocks_h,
                                  .h = k->h, .v = k->v, .q = quant[k->tq] ? quant[k->tq] : 1};
        if (fw_dc_plane_columns(&planes[c], small_w, hmax, vmax) != 0) { fw_fail(result, "out of memory"); goto done; }
    }
    for (int y = region.y; y < region.y + region.height; y++) {
        fw_dc_row(planes, ncomp, rgb, vmax, y, small_w, row);
        fw_averager_add_row(averager, y, row);
    }
    fw_averager_finish(averager);
    result->has_alpha = 0;
    status = 0;
done:
    fw_averager_destroy(averager);
    free(row);
    for (int c = 0; c < 4; c++) free(comps[c].dc);
    for (int c = 0; c < 4; c++) free(planes[c].columns);
    free(dc_tables);
    fclose(r->file);
    free(r);
    return status;
}

int32_t fw_jpeg_dc_decode(const char *path, fw_rect region, int32_t out_width, int32_t out_height,
                          uint8_t *out, fw_stream_result *result) {
    return fw_jpeg_dc_read(path, region, out_width, out_height, out, 0, result);
}

int32_t fw_jpeg_dc_first_scans_decode(const char *path, fw_rect region, int32_t out_width, int32_t out_height,
                                      uint8_t *out, fw_stream_result *result) {
    return fw_jpeg_dc_read(path, region, out_width, out_height, out, 1, result);
}
