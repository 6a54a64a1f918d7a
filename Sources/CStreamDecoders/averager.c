// The streaming area average (stream_decoders.h). Same rule as
// PixelBuffer.floatDownscaled (Sources/ImageDecoding/Pixels/PixelBuffer.swift):
// an output pixel is the mean of the source area it covers, colours
// premultiplied by alpha, but fed one source row at a time.
#include "stream_decoders.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

struct fw_averager {
    fw_rect region;
    int32_t out_width, out_height;
    uint8_t *out;
    double scale_y;          // source rows per output row
    int32_t *column_start;   // out_width + 1 entries into column_index/weight
    int32_t *column_index;   // source x (absolute)
    float *column_weight;
    float *row;              // one resampled source row, out_width * 4
    float *current;          // accumulating output row `current_row`
    float *next;             // accumulating output row `current_row + 1`
    int32_t current_row;
    int32_t any_alpha;
};

fw_averager *fw_averager_create(int32_t source_width, int32_t source_height, fw_rect region,
                                int32_t out_width, int32_t out_height, uint8_t *out) {
    (void)source_height;
    if (out_width <= 0 || out_height <= 0 || region.width <= 0 || region.height <= 0) return NULL;
    if (region.x < 0 || region.y < 0 || region.x + region.width > source_width) return NULL;
    fw_averager *a = calloc(1, sizeof *a);
    if (!a) return NULL;
    a->region = region;
    a->out_width = out_width;
    a->out_height = out_height;
    a->out = out;
    a->scale_y = (double)region.height / out_height;
    double scale_x = (double)region.width / out_width;
    // Each output column covers at most ceil(scale_x) + 1 source columns.
    size_t per_column = (size_t)ceil(scale_x) + 2;
    a->column_start = malloc(sizeof(int32_t) * (size_t)(out_width + 1));
    a->column_index = malloc(sizeof(int32_t) * per_column * (size_t)out_width);
    a->column_weight = malloc(sizeof(float) * per_column * (size_t)out_width);
    a->row = malloc(sizeof(float) * 4 * (size_t)out_width);
    a->current = calloc(4 * (size_t)out_width, sizeof(float));
    a->next = calloc(4 * (size_t)out_width, sizeof(float));
    if (!a->column_start || !a->column_index || !a->column_weight || !a->row || !a->current || !a->next) {
        fw_averager_destroy(a);
        return NULL;
    }
    int32_t k = 0;
    for (int32_t o = 0; o < out_width; o++) {
        a->column_start[o] = k;
        double from = o * scale_x, to = fmin((o + 1) * scale_x, region.width);
        for (int32_t s = (int32_t)from; s < to && s < region.width; s++) {
            double covered = fmin(to, s + 1.0) - fmax(from, (double)s);
            if (covered > 1e-9) {
                a->column_index[k] = region.x + s;
                a->column_weight[k] = (float)(covered / (to - from));
                k++;
            }
        }
    }
    a->column_start[out_width] = k;
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
    const int32_t *start = a->column_start, *index = a->column_index;
    const float *weight = a->column_weight;
    for (int32_t o = 0; o < a->out_width; o++) {
        float r = 0, g = 0, b = 0, al = 0;
        for (int32_t k = start[o]; k < start[o + 1]; k++) {
            const uint8_t *p = rgba + (size_t)index[k] * 4;
            float w = weight[k];
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

void fw_averager_destroy(fw_averager *a) {
    if (!a) return;
    free(a->column_start); free(a->column_index); free(a->column_weight);
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
