// Image decoders that read a file row by row and average the rows down to
// the window as they stream, so the peak memory is a few rows plus the
// result, whatever the image's size (docs/browser.md, "Images of any size").
//
// C because libpng reports errors with longjmp, which must not cross Swift
// frames; libtiff and the progressive-JPEG DC reader sit beside it to share
// the averager. Every function is safe to call from several threads at once.
#ifndef FOURWAY_STREAM_DECODERS_H
#define FOURWAY_STREAM_DECODERS_H
#include <stddef.h>
#include <stdint.h>

/// The widest PNG or TIFF streamed (px), checked before anything is
/// allocated for a row. 300,000 is Photoshop's largest document side (its
/// PSB format) and past the widest panoramas saved as one PNG or TIFF; a row
/// this wide is 1.2 MB of RGBA. Without it a 69-byte PNG claiming
/// 2147483647 × 1 (under the 4-gigapixel streamed limit) asked for 8 GB of
/// row before its first byte of pixels.
#define FW_STREAM_MAXIMUM_WIDTH 300000

/// A part of an image, in its own pixels.
typedef struct {
    int32_t x, y, width, height;
} fw_rect;

/// A way to stop a decode from another thread, and its progress: the caller
/// owns it (zeroed), points `fw_stream_result.cancel` at it and sets `stop`
/// with fw_cancel_request; the decoders poll it between rows (PNG), bands
/// (TIFF) or MCU rows (a progressive JPEG's DC) and fail with the message
/// "cancelled". `rows` is how many source rows were read (MCU rows for DC).
typedef struct {
    int32_t stop;
    int32_t rows;
} fw_cancel;

/// Asks the decode polling `cancel` to stop (any thread).
static inline void fw_cancel_request(fw_cancel *cancel) { __atomic_store_n(&cancel->stop, 1, __ATOMIC_RELAXED); }
/// The rows read so far (any thread).
static inline int32_t fw_cancel_rows(const fw_cancel *cancel) { return __atomic_load_n(&cancel->rows, __ATOMIC_RELAXED); }
/// Whether a stop was asked.
static inline int32_t fw_cancel_stopped(const fw_cancel *cancel) { return __atomic_load_n(&cancel->stop, __ATOMIC_RELAXED); }

/// What a decode found besides the pixels.
typedef struct {
    /// The image's own size, as stored (before `orientation`).
    int32_t width, height;
    /// Some output pixel is not fully opaque.
    int32_t has_alpha;
    /// Adam7 interlaced (PNG).
    int32_t interlaced;
    /// The TIFF Orientation tag (1–8, the EXIF values; 1 when absent; 0 from
    /// the PNG and JPEG readers). Pixels and regions are in stored order: the
    /// caller turns them upright.
    int32_t orientation;
    /// The embedded ICC profile (malloc'd, free with fw_stream_free), or NULL.
    uint8_t *icc;
    size_t icc_length;
    /// When the function fails: one line saying why ("cancelled" after a stop).
    char message[200];
    /// Set by the caller before the call (the functions keep it when they
    /// clear the rest), or NULL: the decode cannot be stopped.
    fw_cancel *cancel;
} fw_stream_result;

/// Opens an image file for reading (close-on-exec, never waiting on a FIFO);
/// -1 with errno set on failure. "/dev/fd/N" names a descriptor this process
/// was handed (a sandboxed decoder process may open no path at all): it is
/// duplicated and rewound to its start instead of opened, so every reader of
/// the file, Swift's and the C libraries', takes it by the same name.
int fw_open_image(const char *path);

/// `fw_open_image` as a stdio stream ("rb"), or NULL.
#include <stdio.h>
FILE *fw_fopen_image(const char *path);

/// Records that `rows` rows are read and says whether to stop (1): what
/// the decoders call between rows. Without a `cancel`, always 0.
int32_t fw_cancel_poll(fw_stream_result *result, int32_t rows);

/// Frees what a result holds (its ICC bytes).
void fw_stream_free(fw_stream_result *result);

/// Averages RGBA rows down, each output pixel the exact mean of the source
/// area it covers (fractional edges), colours weighted by alpha.
typedef struct fw_averager fw_averager;

/// `region` of a `source_width` × `source_height` image into `out`
/// (`out_width` × `out_height` × 4 bytes). NULL when out of memory or the
/// region lies outside the image. What it holds grows with the output's
/// width only, never with the source's.
fw_averager *fw_averager_create(int32_t source_width, int32_t source_height, fw_rect region,
                                int32_t out_width, int32_t out_height, uint8_t *out);
/// Row `y` (rows in increasing order; rows outside the region are ignored):
/// `source_width` RGBA pixels.
void fw_averager_add_row(fw_averager *averager, int32_t y, const uint8_t *rgba);
/// Writes the rows still pending; returns 1 when any pixel was not opaque.
int32_t fw_averager_finish(fw_averager *averager);
void fw_averager_destroy(fw_averager *averager);
/// The bytes `averager` allocated when it was made.
size_t fw_averager_bytes(const fw_averager *averager);

/// Reads a PNG's header: size, interlace, ICC. 0 on success.
int32_t fw_png_header(const char *path, fw_stream_result *result);
/// Decodes `region` of the PNG at `path` averaged into `out`
/// (`out_width` × `out_height` RGBA). 0 on success; otherwise
/// `result->message` says why. Interlaced PNGs are decoded whole first when
/// their RGBA fits in `interlaced_limit` bytes, and refused beyond it.
int32_t fw_png_decode(const char *path, fw_rect region, int32_t out_width, int32_t out_height,
                      uint8_t *out, size_t interlaced_limit, fw_stream_result *result);

/// The same for a PNG in memory (an APNG frame made into a PNG).
int32_t fw_png_decode_memory(const uint8_t *bytes, size_t length, fw_rect region, int32_t out_width,
                             int32_t out_height, uint8_t *out, size_t interlaced_limit, fw_stream_result *result);

/// Reads a TIFF's header (first image): size, ICC. 0 on success.
int32_t fw_tiff_header(const char *path, fw_stream_result *result);
/// Decodes `region` of the TIFF's first image into `out`, band by band
/// (libtiff's RGBA interface: every photometric and compression it knows).
int32_t fw_tiff_decode(const char *path, fw_rect region, int32_t out_width, int32_t out_height,
                       uint8_t *out, fw_stream_result *result);

/// Decodes `region` (in 1/8-scale pixels) of a progressive JPEG's DC
/// coefficients — the image at 1/8 of its size — into `out`, reading the file
/// in chunks. Baseline files, CMYK and arithmetic coding are refused (the
/// caller uses libjpeg-turbo). `result->width/height` are the full size.
int32_t fw_jpeg_dc_decode(const char *path, fw_rect region, int32_t out_width, int32_t out_height,
                          uint8_t *out, fw_stream_result *result);

/// The same from the first DC scan of each component only: reading stops
/// there (a progressive file's first few percent), and the DC values lack
/// the low bits their refinement scans would add (a level or two).
int32_t fw_jpeg_dc_first_scans_decode(const char *path, fw_rect region, int32_t out_width, int32_t out_height,
                                      uint8_t *out, fw_stream_result *result);

/// How fw_jpeg_baseline_dc_decode read the scan.
enum {
    /// On one thread.
    FW_BASELINE_DC_SEQUENTIAL = 0,
    /// Two threads; the first met an MCU start the second had recorded.
    FW_BASELINE_DC_SYNCED = 1,
    /// Two threads, but the first never met the second's MCU starts and
    /// decoded the whole scan itself.
    FW_BASELINE_DC_NEVER_SYNCED = 2,
    /// Two threads, each its own restart intervals (no speculation).
    FW_BASELINE_DC_RESTART_SPLIT = 3,
};

/// What fw_jpeg_baseline_dc_decode made.
typedef struct {
    /// The image's own size, and the output's (1/8 of it, rounded up).
    int32_t width, height, out_width, out_height;
    /// out_width x out_height RGBA (malloc'd, free with fw_jpeg_baseline_dc_free).
    uint8_t *rgba;
    /// FNV-1a of the DC coefficients of every component: equal for equal decodes.
    uint64_t dc_hash;
    /// Threads used (1 or 2) and how (FW_BASELINE_DC_*).
    int32_t threads, outcome;
    /// With FW_BASELINE_DC_SYNCED: MCUs the first thread decoded past the
    /// split before it met a recorded MCU start (NEVER_SYNCED: before the
    /// records ran out).
    int64_t sync_mcus;
    /// When the function fails: one line saying why.
    char message[200];
} fw_baseline_dc_result;

/// A baseline Huffman JPEG (SOF0/SOF1, 8-bit, grey or 3 components, one
/// interleaved scan) in memory, at 1/8 scale from its DC coefficients alone,
/// its Huffman codes read by `threads` (1 or 2) threads
/// (jpeg_parallel_dc.c). With 2, `split_byte` is where the second thread
/// starts in the scan's unstuffed data (-1: the middle; a test's choice
/// otherwise). 0 on success; 1 when the file is not one this reads (the
/// caller uses libjpeg-turbo); -1 when it is corrupt or cut short, with
/// `result->message`. The result is the same whatever the threads.
int32_t fw_jpeg_baseline_dc_decode(const uint8_t *bytes, size_t length, int32_t threads, int64_t split_byte,
                                   fw_baseline_dc_result *result);
void fw_jpeg_baseline_dc_free(fw_baseline_dc_result *result);

/// A scan read for its DC image and kept, so that libjpeg's decode of the
/// same file can be cut at any MCU row without its codes read again.
typedef struct fw_jpeg_sketch fw_jpeg_sketch;

/// fw_jpeg_baseline_dc_decode on two threads, without the hash; with `kept`,
/// the scan (its unstuffed data, DC planes and each MCU row's first bit) is
/// kept in *kept for fw_jpeg_sketch_split_decode (NULL when the split would
/// not cut it: fill bytes in the scan). Free it with fw_jpeg_sketch_free.
int32_t fw_jpeg_sketch_decode(const uint8_t *bytes, size_t length, fw_baseline_dc_result *result,
                              fw_jpeg_sketch **kept);
void fw_jpeg_sketch_free(fw_jpeg_sketch *sketch);
/// What fw_jpeg_entropy_split_decode did.
typedef struct {
    /// The output rows the first thread decoded (from the original file),
    /// and the MCU row they end at.
    int32_t top_rows;
    int64_t cut_mcu_row;
    /// Bits of the scan the second thread read before its own decode.
    int64_t bits_read;
    /// 1 when the scan's bits after the cut were shifted (no ZRLs could
    /// realign them with the original's bytes), 0 when copied as they are.
    int32_t shifted;
    /// 1 when the page was made from the low-frequency coefficients alone
    /// (fw_jpeg_sketch_split_decode at 3/8), not by libjpeg.
    int32_t low_frequency;
    /// When the function does not succeed: one line saying why.
    char message[200];
} fw_entropy_split_result;

/// A baseline Huffman JPEG (8-bit, grey or 3 components, one interleaved
/// scan) in memory, decoded by libjpeg at `scale_num`/8 into `out`
/// (out_width x out_height RGBA, what libjpeg makes at that scale) on two
/// threads, cut at the MCU row nearest `top_fraction` of the rows (with
/// restart markers: nearest it of the rows whose row above starts an
/// interval) (jpeg_entropy_split.c); with restart markers and `pixel_share`
/// >= 0, of those rows the one nearest `top_fraction` of the work above it,
/// as for fw_jpeg_sketch_split_decode (the intervals' starts give the bits).
/// With `restart_only`, a file without
/// restart markers is not one this splits (1, before its scan is read). The output is
/// tjDecompress2's with no flags, byte for byte. 0 on success; 1 when the
/// file is not one this splits; -1 when either part failed or libjpeg
/// warned (the caller decodes the whole file, whose messages are the ones
/// to show). `out` is undefined unless 0.
int32_t fw_jpeg_entropy_split_decode(const uint8_t *bytes, size_t length, int32_t scale_num, double top_fraction,
                                     int32_t restart_only, double pixel_share, uint8_t *out, int32_t out_width,
                                     int32_t out_height, fw_entropy_split_result *result);
/// The same for the file whose scan `kept` holds (`bytes` the same bytes
/// fw_jpeg_sketch_decode read), with or without restart markers: the
/// second thread reads no codes (`bits_read` is 0). With `pixel_share` >= 0
/// the cut is the MCU row nearest `top_fraction` of the work above it: the
/// codes of its rows (the kept scan knows each row's first bit) and their
/// pixels, whose work is `pixel_share` of the codes' spread evenly over the
/// rows; so 0.5 shares the work evenly, however the photo's detail lies.
/// Below 0, at `top_fraction` of the rows. At 3/8, for a grey, 4:4:4 or
/// 4:2:0 file whose scan ends cleanly, the page is made instead from each
/// block's top-left 3 x 3 coefficients (6 x 6 of 4:2:0 chroma), read on two
/// threads from the rows the scan recorded (jpeg_low_frequency.c;
/// `low_frequency` is 1): the same bytes.
int32_t fw_jpeg_sketch_split_decode(fw_jpeg_sketch *kept, const uint8_t *bytes, size_t length, int32_t scale_num,
                                    double top_fraction, double pixel_share, uint8_t *out, int32_t out_width,
                                    int32_t out_height, fw_entropy_split_result *result);
/// The region `width` x `height` at (`left`, `top`) (full-size pixels; the
/// corner on an MCU's) of a baseline Huffman JPEG,
/// at `scale_num`/8, into `out` (out_width x out_height RGBA: the region's
/// pixels at that scale, rounded up, within the image), without decoding
/// the rows below it or above it but the MCU rows its upsampling reads (jpeg_entropy_split.c:
/// the codes above are read, not decoded; with restart markers, from the
/// nearest row above that starts an interval, no codes read). The pixels are those of the
/// whole image's decode at that scale. 0 on success; 1 when the file or the
/// region is not one this decodes; -1 when the decode failed or libjpeg
/// warned (the caller decodes another way, whose messages are the ones to show).
int32_t fw_jpeg_region_decode(const uint8_t *bytes, size_t length, int32_t scale_num, int32_t left, int32_t top,
                              int32_t width, int32_t height, uint8_t *out, int32_t out_width, int32_t out_height,
                              fw_entropy_split_result *result);
/// A progressive Huffman JPEG (8-bit, grey or 3 components, no restart
/// markers) in memory at `scale_num`/8 into `out` (out_width x out_height
/// RGBA, what libjpeg makes at that scale): its scans read by a reader of
/// its own, the pixels made by libjpeg's output pass from those
/// coefficients, or at 3/8 (grey, 4:4:4, 4:2:0) by the reading threads
/// with libjpeg's arithmetic, a band of rows at a time (jpeg_progressive.c). The output is tjDecompress2's with
/// TJFLAG_LIMITSCANS, byte for byte. 0 on success; 1 when the file is not
/// one this reads (before any decoding); -1 when the reading failed or
/// libjpeg warned (the caller decodes the file with tjDecompress2, whose
/// messages are the ones to show). `out` is undefined unless 0; `message`
/// says why not.
int32_t fw_jpeg_progressive_decode(const uint8_t *bytes, size_t length, int32_t scale_num, int32_t threads,
                                   uint8_t *out, int32_t out_width, int32_t out_height, char message[200]);
/// The same for a window of the output: `out` gets out_width x out_height
/// RGBA from (`left`, `top`) of the full_width x full_height image libjpeg
/// makes at that scale; the rows below the window are not made, and the
/// reading still going on when the window's last row is made is stopped.
/// Its pixels are the whole decode's there. 1 also for a window that does
/// not lie inside the image. `by_readers` (when not NULL) is set to 1 when
/// the reading threads made the pixels, 0 when libjpeg's output pass did.
int32_t fw_jpeg_progressive_decode_window(const uint8_t *bytes, size_t length, int32_t scale_num, int32_t threads,
                                          int32_t left, int32_t top, int32_t full_width, int32_t full_height,
                                          uint8_t *out, int32_t out_width, int32_t out_height, char message[200],
                                          int32_t *by_readers);
/// For tests of the two threads' order: whether band `band` of scan `scan`
/// of the progressive JPEG in memory, cut into `parts` bands, may be read
/// once the pieces `done` marks are (`done_count` bytes, 1 for done: each
/// scan's bands in order, scan * parts + band, then the bands' zeroing,
/// scan_count * parts + band). 1 or 0; -1 when the file is not one
/// fw_jpeg_progressive_decode reads, `parts` is not one it would cut it
/// into (1 to 8, at most its MCU rows) or the sizes do not match.
int32_t fw_jpeg_progressive_band_ready(const uint8_t *bytes, size_t length, int32_t parts, const uint8_t *done,
                                       int32_t done_count, int32_t scan, int32_t band);
/// For tests of when the output pass may make rows while the threads read:
/// the MCU rows from the top (all of them once every piece is done) that
/// every scan of the progressive JPEG in memory, cut into `parts` bands, has
/// read once the pieces `done` marks are (as for
/// fw_jpeg_progressive_band_ready). -1 as there.
int32_t fw_jpeg_progressive_rows_read(const uint8_t *bytes, size_t length, int32_t parts, const uint8_t *done,
                                      int32_t done_count);
#endif
