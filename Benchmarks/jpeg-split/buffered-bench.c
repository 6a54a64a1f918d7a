// A baseline JPEG decoded by libjpeg in its buffered-image mode, the two
// halves of the work timed apart: the entropy pass (jpeg_consume_input to the
// end, every coefficient stored in the whole-image arrays) and the output pass
// (IDCT, upsampling and colour from those arrays), against tjDecompress2's one
// pass, which keeps only an MCU row of coefficients. What a page decode would
// still cost if a first pass over the codes had kept the coefficients, and what
// keeping them costs (docs/benchmarks.md). Pixels compared with tjDecompress2's.
//
//   buffered-bench RUNS EIGHTHS FILE.jpg...
#include "photo_file.h"   // before jpeglib.h, which uses FILE and size_t
#include <string.h>
#include <jpeglib.h>

// One buffered decode: its entropy and output passes' times, its pixels in `out`.
static void buffered(const unsigned char *bytes, long length, int eighths, unsigned char *out, double times[2]) {
    struct jpeg_decompress_struct info;
    struct jpeg_error_mgr errors;
    info.err = jpeg_std_error(&errors);
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, bytes, (unsigned long)length);
    jpeg_read_header(&info, TRUE);
    info.scale_num = (unsigned)eighths;
    info.scale_denom = 8;
    info.out_color_space = JCS_EXT_RGBA;
    info.buffered_image = TRUE;
    double t0 = now_ms();
    jpeg_start_decompress(&info);
    for (int r; (r = jpeg_consume_input(&info)) != JPEG_REACHED_EOI && r != JPEG_SUSPENDED;) {}
    double t1 = now_ms();
    jpeg_start_output(&info, info.input_scan_number);
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = out + (size_t)info.output_scanline * info.output_width * 4;
        jpeg_read_scanlines(&info, &row, 1);
    }
    jpeg_finish_output(&info);
    times[0] = t1 - t0;
    times[1] = now_ms() - t1;
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: buffered-bench RUNS EIGHTHS FILE.jpg...\n");
        return 2;
    }
    int runs = atoi(argv[1]), eighths = atoi(argv[2]);
    printf("| photo | tjDecompress2 (ms) | entropy pass, arrays kept (ms) | output pass (ms) | pixels |\n");
    printf("| --- | --- | --- | --- | --- |\n");
    for (int a = 3; a < argc; a++) {
        long length;
        int width, height;
        unsigned char *bytes = read_photo(argv[a], &length, &width, &height);
        if (!bytes) {
            fprintf(stderr, "%s: not read\n", argv[a]);
            return 1;
        }
        tjhandle handle = tjInitDecompress();
        tjscalingfactor factor = {eighths, 8};
        int ow = TJSCALED(width, factor), oh = TJSCALED(height, factor);
        unsigned char *whole = malloc((size_t)ow * oh * 4), *split = malloc((size_t)ow * oh * 4);
        double best[3] = {1e9, 1e9, 1e9};
        int equal = 1;
        for (int r = 0; r < runs; r++) {
            double t0 = now_ms();
            tjDecompress2(handle, bytes, (unsigned long)length, whole, ow, 0, oh, TJPF_RGBA, 0);
            double t = now_ms() - t0, passes[2];
            buffered(bytes, length, eighths, split, passes);
            if (t < best[0]) best[0] = t;
            if (passes[0] < best[1]) best[1] = passes[0];
            if (passes[1] < best[2]) best[2] = passes[1];
            equal &= memcmp(whole, split, (size_t)ow * oh * 4) == 0;
        }
        const char *name = strrchr(argv[a], '/');
        printf("| %s | %.1f | %.1f | %.1f | %s |\n", name ? name + 1 : argv[a], best[0], best[1], best[2],
               equal ? "equal" : "DIFFERENT");
        free(whole);
        free(split);
        free(bytes);
        tjDestroy(handle);
    }
    return 0;
}
