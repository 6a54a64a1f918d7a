#ifndef FOURWAY_CHEIF_SHIM_H
#define FOURWAY_CHEIF_SHIM_H
#include <dlfcn.h>
#include <libheif/heif.h>
#include <stddef.h>

// libheif is loaded when a HEIC or AVIF file is first decoded, not when the
// program starts: with libde265, x265, aom and dav1d it made every start
// about 5 ms slower (the dynamic loader, and the codecs' static
// initialisers), ahead of the first image's decode, which is nearly always
// a JPEG. fw_heif_* calls libheif's function of the same name; when the
// library cannot be loaded the fw_heif_* returning a heif_error say so, and
// the others return what libheif returns for nothing (NULL, 0).
#define FW_HEIF_LIBRARY "libheif.so.1"

static inline void *fw_heif_symbol(const char *name) {
    static void *handle;
    void *library = __atomic_load_n(&handle, __ATOMIC_ACQUIRE);
    if (!library) {
        library = dlopen(FW_HEIF_LIBRARY, RTLD_NOW | RTLD_LOCAL);
        if (!library) return NULL;
        __atomic_store_n(&handle, library, __ATOMIC_RELEASE);
    }
    return dlsym(library, name);
}

// Whether libheif could be loaded (it is, at the first call).
static inline int fw_heif_is_available(void) { return fw_heif_symbol("heif_context_alloc") != NULL; }

// What the heif_error functions return when libheif is not there.
static inline struct heif_error fw_heif_missing(void) {
    struct heif_error error = { heif_error_Unsupported_feature, heif_suberror_Unspecified,
                                FW_HEIF_LIBRARY " could not be loaded" };
    return error;
}

#define FW_HEIF(result, name, parameters, arguments, failure)                      \
    static inline result fw_##name parameters {                                     \
        static void *loaded;                                                        \
        void *function = __atomic_load_n(&loaded, __ATOMIC_ACQUIRE);               \
        if (!function) {                                                            \
            function = fw_heif_symbol(#name);                                       \
            if (!function) return failure;                                          \
            __atomic_store_n(&loaded, function, __ATOMIC_RELEASE);                  \
        }                                                                           \
        return ((result(*) parameters)function) arguments;                          \
    }

#define FW_HEIF_VOID(name, parameters, arguments)                                   \
    static inline void fw_##name parameters {                                       \
        static void *loaded;                                                        \
        void *function = __atomic_load_n(&loaded, __ATOMIC_ACQUIRE);               \
        if (!function) {                                                            \
            function = fw_heif_symbol(#name);                                       \
            if (!function) return;                                                  \
            __atomic_store_n(&loaded, function, __ATOMIC_RELEASE);                  \
        }                                                                           \
        ((void (*) parameters)function) arguments;                                  \
    }

FW_HEIF(struct heif_error, heif_init, (struct heif_init_params *params), (params), fw_heif_missing())
FW_HEIF(struct heif_context *, heif_context_alloc, (void), (), NULL)
FW_HEIF_VOID(heif_context_free, (struct heif_context *context), (context))
FW_HEIF(struct heif_error, heif_context_read_from_memory_without_copy,
        (struct heif_context *context, const void *memory, size_t size, const struct heif_reading_options *options),
        (context, memory, size, options), fw_heif_missing())
FW_HEIF(struct heif_error, heif_context_get_primary_image_handle,
        (struct heif_context *context, struct heif_image_handle **handle), (context, handle), fw_heif_missing())
FW_HEIF_VOID(heif_context_set_max_decoding_threads, (struct heif_context *context, int threads), (context, threads))
FW_HEIF_VOID(heif_image_handle_release, (const struct heif_image_handle *handle), (handle))
FW_HEIF(int, heif_image_handle_has_alpha_channel, (const struct heif_image_handle *handle), (handle), 0)
FW_HEIF(int, heif_image_handle_get_width, (const struct heif_image_handle *handle), (handle), 0)
FW_HEIF(int, heif_image_handle_get_height, (const struct heif_image_handle *handle), (handle), 0)
FW_HEIF(size_t, heif_image_handle_get_raw_color_profile_size, (const struct heif_image_handle *handle), (handle), 0)
FW_HEIF(struct heif_error, heif_image_handle_get_raw_color_profile,
        (const struct heif_image_handle *handle, void *out), (handle, out), fw_heif_missing())
FW_HEIF(struct heif_error, heif_image_handle_get_nclx_color_profile,
        (const struct heif_image_handle *handle, struct heif_color_profile_nclx **out), (handle, out), fw_heif_missing())
FW_HEIF(enum heif_color_profile_type, heif_image_handle_get_color_profile_type,
        (const struct heif_image_handle *handle), (handle), heif_color_profile_type_not_present)
FW_HEIF_VOID(heif_nclx_color_profile_free, (struct heif_color_profile_nclx *profile), (profile))
FW_HEIF(struct heif_error, heif_decode_image,
        (const struct heif_image_handle *handle, struct heif_image **image, enum heif_colorspace colorspace,
         enum heif_chroma chroma, const struct heif_decoding_options *options),
        (handle, image, colorspace, chroma, options), fw_heif_missing())
FW_HEIF(struct heif_decoding_options *, heif_decoding_options_alloc, (void), (), NULL)
FW_HEIF_VOID(heif_decoding_options_free, (struct heif_decoding_options *options), (options))
FW_HEIF_VOID(heif_image_release, (const struct heif_image *image), (image))
FW_HEIF(int, heif_image_get_width, (const struct heif_image *image, enum heif_channel channel), (image, channel), 0)
FW_HEIF(int, heif_image_get_height, (const struct heif_image *image, enum heif_channel channel), (image, channel), 0)
FW_HEIF(const uint8_t *, heif_image_get_plane_readonly,
        (const struct heif_image *image, enum heif_channel channel, int *stride), (image, channel, stride), NULL)
FW_HEIF(int, heif_have_decoder_for_format, (enum heif_compression_format format), (format), 0)
FW_HEIF(int, heif_image_handle_get_number_of_thumbnails, (const struct heif_image_handle *handle), (handle), 0)
FW_HEIF(int, heif_image_handle_get_list_of_thumbnail_IDs,
        (const struct heif_image_handle *handle, heif_item_id *ids, int count), (handle, ids, count), 0)
FW_HEIF(struct heif_error, heif_image_handle_get_thumbnail,
        (const struct heif_image_handle *handle, heif_item_id id, struct heif_image_handle **thumbnail),
        (handle, id, thumbnail), fw_heif_missing())
FW_HEIF(int, heif_image_has_channel, (const struct heif_image *image, enum heif_channel channel), (image, channel), 0)
FW_HEIF(int, heif_image_get_bits_per_pixel_range, (const struct heif_image *image, enum heif_channel channel),
        (image, channel), 0)

// One row of libheif's planar RGB (heif_chroma_444, planes of `bits` per
// sample: 8 in bytes, more in 16-bit words) interleaved into `width` RGBA
// pixels; `alpha` may be NULL (opaque). C, not Swift: it runs for every
// pixel of a 12 MP photo, and stays quick in a debug build too.
static inline uint8_t fw_heif_to_8_bits(unsigned value, int bits) {
    unsigned max = (1u << bits) - 1;
    if (value > max) value = max;
    return (uint8_t)((value * 255 + max / 2) / max);
}

static inline void fw_heif_interleave_row(const uint8_t *red, const uint8_t *green, const uint8_t *blue,
                                          const uint8_t *alpha, int bits, int width, uint8_t *out) {
    if (bits <= 8) {
        for (int x = 0; x < width; x++) {
            out[4 * x] = red[x];
            out[4 * x + 1] = green[x];
            out[4 * x + 2] = blue[x];
            out[4 * x + 3] = alpha ? alpha[x] : 255;
        }
        return;
    }
    const uint16_t *r = (const uint16_t *)red, *g = (const uint16_t *)green, *b = (const uint16_t *)blue;
    const uint16_t *a = (const uint16_t *)alpha;
    for (int x = 0; x < width; x++) {
        out[4 * x] = fw_heif_to_8_bits(r[x], bits);
        out[4 * x + 1] = fw_heif_to_8_bits(g[x], bits);
        out[4 * x + 2] = fw_heif_to_8_bits(b[x], bits);
        out[4 * x + 3] = a ? fw_heif_to_8_bits(a[x], bits) : 255;
    }
}
#endif
