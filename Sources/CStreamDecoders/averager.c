// The streaming area average (stream_decoders.h). Same rule as
// PixelBuffer.floatDownscaled (Sources/ImageDecoding/Pixels/PixelBuffer.swift):
// an output pixel is the mean of the source area it covers, colours
// premultiplied by alpha, but fed one source row at a time.
#include "stream_decoders.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

// The source columns one output column covers: `count` of them from
// `first` (absolute), the first and last partly (weights by the share of
// the output column they cover), the ones between wholly.
typedef struct {
    int32_t first, count;
    float first_weight, middle_weight, last_weight;
} fw_column_span;

struct fw_averager {
    fw_rect region;
    int32_t out_width, out_height;
    uint8_t *out;
    double scale_y;          // source rows per output row
    fw_column_span *columns; // out_width spans: memory follows the output, not the source
    float *row;              // one resampled source row, out_width * 4
    float *current;          // accumulating output row `current_row`
    float *next;             // accumulating output row `current_row + 1`
    int32_t current_row;
    int32_t any_alpha;
    size_t bytes;            // what create allocated, for fw_averager_bytes
};

// Output column `o`'s span: source columns [from, to) of the region, those
// covering less than 1e-9 of a pixel left out.
static fw_column_span fw_span(int32_t o, double scale_x, int32_t region_x, int32_t region_width) {
    double from = o * scale_x, to = fmin((o + 1) * scale_x, region_width);
    int32_t s0 = (int32_t)from, s1 = (int32_t)ceil(to);
    if (s1 > region_width) s1 = region_width;
    if (s0 < s1 && fmin(to, s0 + 1.0) - fmax(from, (double)s0) <= 1e-9) s0++;
    if (s0 < s1 && to - fmax(from, (double)(s1 - 1)) <= 1e-9) s1--;
    fw_column_span span = { .first = region_x + s0, .count = s1 > s0 ? s1 - s0 : 0 };
    double width = to - from;
    span.first_weight = (float)((fmin(to, s0 + 1.0) - fmax(from, (double)s0)) / width);
    span.middle_weight = (float)(1.0 / width);
    span.last_weight = (float)((to - fmax(from, (double)(s1 - 1))) / width);
    return span;
}

fw_averager *fw_averager_create(int32_t source_width, int32_t source_height, fw_rect region,
                                int32_t out_width, int32_t out_height, uint8_t *out) {
    (void)source_height;
    if (out_width <= 0 || out_height <= 0 || region.width <= 0 || region.height <= 0) return NULL;
    if (region.x < 0 || region.y < 0 || (int64_t)region.x + region.width > source_width) return NULL;
    fw_averager *a = calloc(1, sizeof *a);
    if (!a) return NULL;
    a->region = region;
    a->out_width = out_width;
    a->out_height = out_height;
    a->out = out;
    a->scale_y = (double)region.height / out_height;
    double scale_x = (double)region.width / out_width;
    a->bytes = sizeof *a + sizeof(fw_column_span) * (size_t)out_width + 3 * sizeof(float) * 4 * (size_t)out_width;
    a->columns = malloc(sizeof(fw_column_span) * (size_t)out_width);
    a->row = malloc(sizeof(float) * 4 * (size_t)out_width);
    a->current = calloc(4 * (size_t)out_width, sizeof(float));
    a->next = calloc(4 * (size_t)out_width, sizeof(float));
    if (!a->columns || !a->row || !a->current || !a->next) {
        fw_averager_destroy(a);
        return NULL;
    }
    for (int32_t o = 0; o < out_width; o++) a->columns[o] = fw_span(o, scale_x, region.x, region.width);
    return a;
}

static uint8_t fw_byte(float v) {
    float r = v + 0.5f;
    if (r <= 0) return 0;
    if (r >= 255) return 255;
    return (uint8_t)r;
}

static void fw_emit(fw_averager *a) {
    if (a->current_row >= a->out_height) return;
    uint8_t *o = a->out + (size_t)a->current_row * a->out_width * 4;
    for (int32_t p = 0; p < a->out_width * 4; p += 4) {
        float r = a->current[p], g = a->current[p + 1], b = a->current[p + 2], al = a->current[p + 3];
        // Un-premultiply; a fully transparent area keeps black.
        if (al > 0.5f) { float k = 255 / al; r *= k; g *= k; b *= k; } else { r = g = b = 0; }
        o[p] = fw_byte(r); o[p + 1] = fw_byte(g); o[p + 2] = fw_byte(b); o[p + 3] = fw_byte(al);
        if (o[p + 3] != 255) a->any_alpha = 1;
    }
    float *t = a->current;
    a->current = a->next;
    a->next = t;
    memset(a->next, 0, sizeof(float) * 4 * (size_t)a->out_width);
    a->current_row++;
}

void fw_averager_add_row(fw_averager *a, int32_t y, const uint8_t *rgba) {
    int32_t ry = y - a->region.y;
    if (ry < 0 || ry >= a->region.height) return;
    // Horizontal: premultiplied RGBA per output column.
    for (int32_t o = 0; o < a->out_width; o++) {
        const fw_column_span *span = &a->columns[o];
        float r = 0, g = 0, b = 0, al = 0;
        for (int32_t k = 0; k < span->count; k++) {
            const uint8_t *p = rgba + ((size_t)span->first + (size_t)k) * 4;
            float w = k == 0 ? span->first_weight : k == span->count - 1 ? span->last_weight : span->middle_weight;
            if (p[3] == 255) {
                r += p[0] * w; g += p[1] * w; b += p[2] * w; al += 255 * w;
            } else {
                float pa = p[3] * (1.0f / 255) * w;
                r += p[0] * pa; g += p[1] * pa; b += p[2] * pa; al += p[3] * w;
            }
        }
        float *q = a->row + o * 4;
        q[0] = r; q[1] = g; q[2] = b; q[3] = al;
    }
    // Vertical: source row [ry, ry + 1) overlaps output rows by fractions.
    double s = a->scale_y;
    while (a->current_row < a->out_height) {
        double row_from = a->current_row * s, row_to = fmin((a->current_row + 1) * s, a->region.height);
        double covered = fmin(row_to, ry + 1.0) - fmax(row_from, (double)ry);
        if (covered > 1e-9) {
            float w = (float)(covered / (row_to - row_from));
            for (int32_t i = 0; i < a->out_width * 4; i++) a->current[i] += a->row[i] * w;
        }
        if (ry + 1.0 >= row_to - 1e-9) {
            // This output row is complete; the rest of the source row (if
            // any) belongs to the next one.
            fw_emit(a);
            continue;
        }
        break;
    }
}

int32_t fw_averager_finish(fw_averager *a) {
    while (a->current_row < a->out_height) fw_emit(a);
    return a->any_alpha;
}

size_t fw_averager_bytes(const fw_averager *a) { return a ? a->bytes : 0; }

void fw_averager_destroy(fw_averager *a) {
    if (!a) return;
    free(a->columns);
    free(a->row); free(a->current); free(a->next);
    free(a);
}

int32_t fw_cancel_poll(fw_stream_result *result, int32_t rows) {
    fw_cancel *cancel = result->cancel;
    if (!cancel) return 0;
    __atomic_store_n(&cancel->rows, rows, __ATOMIC_RELAXED);
    return fw_cancel_stopped(cancel);
}

void fw_stream_free(fw_stream_result *result) {
    if (!result) return;
    free(result->icc);
    result->icc = NULL;
    result->icc_length = 0;
}
