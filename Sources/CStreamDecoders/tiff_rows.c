// TIFF, band by band (stream_decoders.h), through libtiff's RGBA interface,
// which knows every photometric, bit depth and compression libtiff reads.
#include "stream_decoders.h"
#include <errno.h>
#include <unistd.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tiffio.h>

// libtiff's handlers are process-wide and print to stderr by default. Errors
// are kept per thread for the failure message; warnings (unknown tags,
// "wrong data type for tag", deprecated JPEG-in-TIFF) are dropped: they do
// not stop the decode and stderr holds only fourway's own lines.
static __thread char fw_tiff_last_error[200];

static void fw_tiff_error(const char *module, const char *format, va_list arguments) {
    (void)module;
    vsnprintf(fw_tiff_last_error, sizeof fw_tiff_last_error, format, arguments);
}

static void fw_tiff_warning(const char *module, const char *format, va_list arguments) {
    (void)module; (void)format; (void)arguments;
}

static pthread_once_t fw_tiff_once = PTHREAD_ONCE_INIT;
static void fw_tiff_install_handlers(void) {
    TIFFSetErrorHandler(fw_tiff_error);
    TIFFSetWarningHandler(fw_tiff_warning);
}

static TIFF *fw_tiff_open(const char *path, fw_stream_result *result) {
    pthread_once(&fw_tiff_once, fw_tiff_install_handlers);
    fw_cancel *cancel = result->cancel;   // the caller's, kept
    memset(result, 0, sizeof *result);
    result->cancel = cancel;
    fw_tiff_last_error[0] = 0;
    // "m": read, never map. A mapped file that another program truncates
    // while it is decoded (the normal case in a watched folder) ends the
    // process with SIGBUS at the next touch of a page past the new end;
    // read() just comes back short, which libtiff reports as an error.
    int descriptor = fw_open_image(path);
    if (descriptor < 0) {
        snprintf(result->message, sizeof result->message, "%s", strerror(errno));
        return NULL;
    }
    // TIFFClose closes the descriptor once TIFFFdOpen succeeded; not before.
    TIFF *tiff = TIFFFdOpen(descriptor, path, "rm");
    if (!tiff) close(descriptor);
    if (!tiff) {
        snprintf(result->message, sizeof result->message, "%s",
                 fw_tiff_last_error[0] ? fw_tiff_last_error : "not a TIFF libtiff can read");
        return NULL;
    }
    uint32_t width = 0, height = 0;
    TIFFGetField(tiff, TIFFTAG_IMAGEWIDTH, &width);
    TIFFGetField(tiff, TIFFTAG_IMAGELENGTH, &height);
    result->width = (int32_t)width;
    result->height = (int32_t)height;
    uint16_t orientation = ORIENTATION_TOPLEFT;
    TIFFGetFieldDefaulted(tiff, TIFFTAG_ORIENTATION, &orientation);
    result->orientation = orientation >= 1 && orientation <= 8 ? orientation : ORIENTATION_TOPLEFT;
    uint32_t length = 0;
    void *profile = NULL;
    if (TIFFGetField(tiff, TIFFTAG_ICCPROFILE, &length, &profile) && length > 0 && profile) {
        result->icc = malloc(length);
        if (result->icc) { memcpy(result->icc, profile, length); result->icc_length = length; }
    }
    return tiff;
}

int32_t fw_tiff_header(const char *path, fw_stream_result *result) {
    TIFF *tiff = fw_tiff_open(path, result);
    if (!tiff) return -1;
    TIFFClose(tiff);
    return 0;
}

// Bands of rows are read into a buffer of at most this many bytes (a band is
// at least one strip or tile row, so libtiff decodes each once).
#define FW_TIFF_BAND_BYTES (16u << 20)

int32_t fw_tiff_decode(const char *path, fw_rect region, int32_t out_width, int32_t out_height,
                       uint8_t *out, fw_stream_result *result) {
    TIFF *tiff = fw_tiff_open(path, result);
    if (!tiff) return -1;
    int32_t status = -1;
    uint32_t *band = NULL;
    fw_averager *averager = NULL;
    TIFFRGBAImage image;
    int began = 0;
    char why[1024] = "";
    uint32_t width = (uint32_t)result->width, height = (uint32_t)result->height;
    if (width == 0 || height == 0) { snprintf(result->message, sizeof result->message, "TIFF has no pixels"); goto done; }
    if (region.x < 0 || region.y < 0 || region.width <= 0 || region.height <= 0 ||
        (int64_t)region.x + region.width > width || (int64_t)region.y + region.height > height) {
        snprintf(result->message, sizeof result->message, "region outside the image");
        goto done;
    }
    if (width > FW_STREAM_MAXIMUM_WIDTH) {   // before the band and the averager are allocated
        snprintf(result->message, sizeof result->message, "image too wide to stream");
        goto done;
    }
    if (!TIFFRGBAImageOK(tiff, why) || !TIFFRGBAImageBegin(&image, tiff, 1, why)) {
        snprintf(result->message, sizeof result->message, "%s", why[0] ? why : "TIFF kind libtiff cannot convert");
        goto done;
    }
    began = 1;
    // The pixels in stored order, turned by the caller (StreamedDecoder.swift):
    // libtiff's RGBA interface only flips (it treats 5–8 as 1–4, leaving the
    // transpose undone), and its vertical flip reverses each band, not the image.
    // Asking for the file's own orientation makes it do neither.
    image.req_orientation = (uint16_t)result->orientation;
    uint32_t unit = 1;   // rows libtiff decodes at once: a strip or a row of tiles
    if (TIFFIsTiled(tiff)) TIFFGetField(tiff, TIFFTAG_TILELENGTH, &unit);
    else TIFFGetFieldDefaulted(tiff, TIFFTAG_ROWSPERSTRIP, &unit);
    if (unit == 0 || unit > height) unit = height;
    uint64_t row_bytes = (uint64_t)width * 4;
    uint64_t band_rows = FW_TIFF_BAND_BYTES / row_bytes;
    if (band_rows < unit) band_rows = unit;           // whole strips, even when large
    else band_rows -= band_rows % unit;
    if (band_rows == 0) band_rows = 1;
    if (band_rows > height) band_rows = height;
    band = malloc(row_bytes * band_rows);
    averager = fw_averager_create((int32_t)width, (int32_t)height, region, out_width, out_height, out);
    if (!band || !averager) { snprintf(result->message, sizeof result->message, "out of memory"); goto done; }
    uint32_t last = (uint32_t)(region.y + region.height);
    // Start at the band holding the region's first row.
    uint32_t first = (uint32_t)region.y - (uint32_t)region.y % (uint32_t)band_rows;
    for (uint32_t y = first; y < last; y += (uint32_t)band_rows) {
        uint32_t rows = (uint32_t)band_rows;
        if (y + rows > height) rows = height - y;
        if (fw_cancel_poll(result, (int32_t)y)) {
            snprintf(result->message, sizeof result->message, "cancelled");
            goto done;
        }
        image.row_offset = (int)y;
        image.col_offset = 0;
        fw_tiff_last_error[0] = 0;
        if (!TIFFRGBAImageGet(&image, band, width, rows)) {
            snprintf(result->message, sizeof result->message, "%s",
                     fw_tiff_last_error[0] ? fw_tiff_last_error : "TIFF data could not be read");
            goto done;
        }
        for (uint32_t r = 0; r < rows; r++)
            fw_averager_add_row(averager, (int32_t)(y + r), (const uint8_t *)(band + (size_t)r * width));
    }
    result->has_alpha = fw_averager_finish(averager);
    status = 0;
done:
    if (began) TIFFRGBAImageEnd(&image);
    fw_averager_destroy(averager);
    free(band);
    TIFFClose(tiff);
    if (status != 0) fw_stream_free(result);
    return status;
}
