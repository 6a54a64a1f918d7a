// PNG, row by row (stream_decoders.h), through libpng.
#include "stream_decoders.h"
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    jmp_buf jump;
    fw_stream_result *result;
    // A PNG in memory (APNG frames are made into one): read from here when set.
    const uint8_t *bytes;
    size_t length, position;
    int width_refused;   // IHDR's width is over FW_STREAM_MAXIMUM_WIDTH
} fw_png_context;

static void fw_png_read_memory(png_structp png, png_bytep out, size_t count) {
    fw_png_context *context = png_get_io_ptr(png);
    if (count > context->length - context->position) png_error(png, "Read Error");
    memcpy(out, context->bytes + context->position, count);
    context->position += count;
}

static void fw_png_error(png_structp png, png_const_charp message) {
    fw_png_context *context = png_get_error_ptr(png);
    // libpng warns of the reason first ("Image width exceeds user limit in
    // IHDR"), then fails with "Invalid IHDR data": the reason is kept.
    if (!context->width_refused) snprintf(context->result->message, sizeof context->result->message, "%s", message);
    longjmp(context->jump, 1);
}

// Warnings are dropped (but for the width limit's): they report what libpng already worked around
// ("iCCP: known incorrect sRGB profile", "Interlace handling should be
// turned on", unknown or misplaced ancillary chunks), and stderr holds only
// fourway's own lines. A profile libpng rejects is simply not applied.
static void fw_png_warning(png_structp png, png_const_charp message) {
    fw_png_context *context = png_get_error_ptr(png);
    if (strstr(message, "width exceeds user limit")) {
        context->width_refused = 1;
        snprintf(context->result->message, sizeof context->result->message, "image too wide to stream");
    }
}

static void fw_png_setup(png_structp png) {
    // Do not reject a known-bad sRGB profile with a warning; lcms2 reads it.
    png_set_option(png, PNG_SKIP_sRGB_CHECK_PROFILE, PNG_OPTION_ON);
    // Ancillary-chunk CRC errors (a damaged tEXt) are not worth losing the image.
    png_set_crc_action(png, PNG_CRC_QUIET_USE, PNG_CRC_DEFAULT);
    png_set_benign_errors(png, 1);
    // libpng refuses sides over 1,000,000 px by default, to protect memory.
    // Rows stream here, so a PNG may be as tall as PNG allows (2^31 - 1) and
    // the caller bounds its area (DecodeLimits); a row is allocated whole,
    // so the width is bounded (FW_STREAM_MAXIMUM_WIDTH) before libpng or
    // the reader allocates one.
    png_set_user_limits(png, FW_STREAM_MAXIMUM_WIDTH, 0x7fffffff);
    // What libpng may allocate for one chunk (a decompressed iCCP, zTXt or
    // iTXt: a hostile one inflates without end) and how many ancillary
    // chunks it keeps: libpng's usual defaults, set here so a build of
    // libpng configured without them (0 is unlimited) cannot lift them.
    png_set_chunk_malloc_max(png, (png_alloc_size_t)8000000);
    png_set_chunk_cache_max(png, 1000);
}

static void fw_png_read_icc(png_structp png, png_infop info, fw_stream_result *result) {
    png_charp name;
    int compression;
    png_bytep profile;
    png_uint_32 length;
    if (png_get_valid(png, info, PNG_INFO_iCCP) &&
        png_get_iCCP(png, info, &name, &compression, &profile, &length) && length > 0) {
        result->icc = malloc(length);
        if (result->icc) {
            memcpy(result->icc, profile, length);
            result->icc_length = length;
        }
    }
}

// Every PNG to 8-bit RGBA.
static void fw_png_to_rgba(png_structp png, png_infop info) {
    int color = png_get_color_type(png, info);
    int depth = png_get_bit_depth(png, info);
    if (color == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (depth == 16) png_set_scale_16(png);
    if (color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if (!(color & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, info, PNG_INFO_tRNS))
        png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
}

int32_t fw_png_header(const char *path, fw_stream_result *result) {
    fw_cancel *cancel = result->cancel;   // the caller's, kept
    memset(result, 0, sizeof *result);
    result->cancel = cancel;
    FILE *file = fw_fopen_image(path);
    if (!file) { snprintf(result->message, sizeof result->message, "cannot open the file"); return -1; }
    fw_png_context context = { .result = result };
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &context, fw_png_error, fw_png_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        png_destroy_read_struct(&png, &info, NULL);
        fclose(file);
        snprintf(result->message, sizeof result->message, "out of memory");
        return -1;
    }
    if (setjmp(context.jump)) {
        png_destroy_read_struct(&png, &info, NULL);
        fclose(file);
        fw_stream_free(result);
        return -1;
    }
    fw_png_setup(png);
    png_init_io(png, file);
    png_read_info(png, info);
    result->width = (int32_t)png_get_image_width(png, info);
    result->height = (int32_t)png_get_image_height(png, info);
    result->interlaced = png_get_interlace_type(png, info) != PNG_INTERLACE_NONE;
    fw_png_read_icc(png, info, result);
    png_destroy_read_struct(&png, &info, NULL);
    fclose(file);
    return 0;
}

static int32_t fw_png_decode_from(FILE *file, const uint8_t *bytes, size_t length, fw_rect region,
                                  int32_t out_width, int32_t out_height, uint8_t *out, size_t interlaced_limit,
                                  fw_stream_result *result) {
    fw_png_context context = { .result = result, .bytes = bytes, .length = length };
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &context, fw_png_error, fw_png_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    // Set before setjmp and changed after it: volatile, so longjmp keeps their values.
    uint8_t *volatile row = NULL;
    uint8_t *volatile whole = NULL;
    png_bytep *volatile rows = NULL;
    fw_averager *volatile averager = NULL;
    if (!png || !info) {
        png_destroy_read_struct(&png, &info, NULL);
        snprintf(result->message, sizeof result->message, "out of memory");
        return -1;
    }
    if (setjmp(context.jump)) {
        png_destroy_read_struct(&png, &info, NULL);
        free(row); free(whole); free(rows);
        fw_averager_destroy(averager);
        fw_stream_free(result);
        return -1;
    }
    fw_png_setup(png);
    if (file) png_init_io(png, file);
    else png_set_read_fn(png, &context, fw_png_read_memory);
    png_read_info(png, info);
    png_uint_32 width = png_get_image_width(png, info), height = png_get_image_height(png, info);
    result->width = (int32_t)width;
    result->height = (int32_t)height;
    result->interlaced = png_get_interlace_type(png, info) != PNG_INTERLACE_NONE;
    fw_png_read_icc(png, info, result);
    fw_png_to_rgba(png, info);
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (width > FW_STREAM_MAXIMUM_WIDTH) png_error(png, "image too wide to stream");   // libpng checked too
    size_t row_bytes = (size_t)width * 4;
    if (png_get_rowbytes(png, info) != row_bytes) png_error(png, "unexpected row layout");
    if (region.x < 0 || region.y < 0 || region.width <= 0 || region.height <= 0 ||
        (int64_t)region.x + region.width > width || (int64_t)region.y + region.height > height)
        png_error(png, "region outside the image");
    averager = fw_averager_create((int32_t)width, (int32_t)height, region, out_width, out_height, out);
    if (!averager) png_error(png, "out of memory");
    if (passes > 1) {
        // Adam7 spreads every row over seven passes: the rows are complete
        // only after the last one, so the image is held whole (up to the limit).
        if ((double)row_bytes * height > (double)interlaced_limit)
            png_error(png, "interlaced PNG too large to decode whole");
        whole = malloc(row_bytes * height);
        if (!whole) png_error(png, "out of memory");
        rows = malloc(sizeof(png_bytep) * height);
        if (!rows) png_error(png, "out of memory");
        for (png_uint_32 y = 0; y < height; y++) rows[y] = whole + row_bytes * y;
        png_read_image(png, rows);
        free(rows);
        rows = NULL;
        for (png_uint_32 y = 0; y < height; y++) fw_averager_add_row(averager, (int32_t)y, whole + row_bytes * y);
    } else {
        row = malloc(row_bytes);
        if (!row) png_error(png, "out of memory");
        // Rows below the region are never read: a region near the top is quick.
        png_uint_32 last = (png_uint_32)(region.y + region.height);
        for (png_uint_32 y = 0; y < last; y++) {
            if (fw_cancel_poll(result, (int32_t)y)) png_error(png, "cancelled");
            png_read_row(png, row, NULL);
            fw_averager_add_row(averager, (int32_t)y, row);
        }
    }
    result->has_alpha = fw_averager_finish(averager);
    fw_averager_destroy(averager);
    free(row); free(whole);
    png_destroy_read_struct(&png, &info, NULL);
    return 0;
}

int32_t fw_png_decode(const char *path, fw_rect region, int32_t out_width, int32_t out_height,
                      uint8_t *out, size_t interlaced_limit, fw_stream_result *result) {
    fw_cancel *cancel = result->cancel;   // the caller's, kept
    memset(result, 0, sizeof *result);
    result->cancel = cancel;
    FILE *file = fw_fopen_image(path);
    if (!file) { snprintf(result->message, sizeof result->message, "cannot open the file"); return -1; }
    int32_t status = fw_png_decode_from(file, NULL, 0, region, out_width, out_height, out, interlaced_limit, result);
    fclose(file);
    return status;
}

int32_t fw_png_decode_memory(const uint8_t *bytes, size_t length, fw_rect region, int32_t out_width,
                             int32_t out_height, uint8_t *out, size_t interlaced_limit, fw_stream_result *result) {
    fw_cancel *cancel = result->cancel;   // the caller's, kept
    memset(result, 0, sizeof *result);
    result->cancel = cancel;
    return fw_png_decode_from(NULL, bytes, length, region, out_width, out_height, out, interlaced_limit, result);
}
