// libjpeg set up for the decodes run here (jpeg_entropy_split.c,
// jpeg_progressive.c), whose pixels must be tjDecompress2's: its error
// manager (an error jumps back to the caller's setjmp on `jump` with
// libjpeg's message; warnings are counted, the first one's message kept,
// so that any of them can send the caller to the whole decode) and the
// output settings tjDecompress2 makes.
#ifndef FW_JPEG_SETUP_H
#define FW_JPEG_SETUP_H
#include <stdio.h>
#include <jpeglib.h>
#include <setjmp.h>

typedef struct {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    int warnings;
    char message[JMSG_LENGTH_MAX];
} fw_jpeg_errors;

static void fw_jpeg_error_exit(j_common_ptr info) {
    fw_jpeg_errors *errors = (fw_jpeg_errors *)info->err;
    info->err->format_message(info, errors->message);
    longjmp(errors->jump, 1);
}

static void fw_jpeg_emit(j_common_ptr info, int level) {
    fw_jpeg_errors *errors = (fw_jpeg_errors *)info->err;
    if (level < 0 && errors->warnings++ == 0) info->err->format_message(info, errors->message);
}

// `errors` made ready, as the error manager to put in a decompress struct.
static inline struct jpeg_error_mgr *fw_jpeg_errors_init(fw_jpeg_errors *errors) {
    struct jpeg_error_mgr *manager = jpeg_std_error(&errors->pub);
    errors->pub.error_exit = fw_jpeg_error_exit;
    errors->pub.emit_message = fw_jpeg_emit;
    errors->warnings = 0;
    errors->message[0] = 0;
    return manager;
}
// What tjDecompress2 sets with no flags, after jpeg_read_header, for RGBA
// at num/8: the same output, byte for byte.
static inline void fw_jpeg_output_as_tj(j_decompress_ptr info, int num) {
    info->scale_num = (unsigned)num;
    info->scale_denom = 8;
    info->out_color_space = JCS_EXT_RGBA;
    info->dct_method = JDCT_ISLOW;
    info->do_fancy_upsampling = TRUE;
}
#endif
