#ifndef FOURWAY_CEXIF_SHIM_H
#define FOURWAY_CEXIF_SHIM_H
#include <stddef.h>
#include <libexif/exif-data.h>

// `ExifData.ifd` is a C array, which Swift sees as a tuple it cannot index
// with a variable; this looks a tag up in one IFD, NULL when either is absent.
static inline ExifEntry *fw_exif_entry(ExifData *data, ExifIfd ifd, unsigned int tag) {
    if (!data || (int)ifd < 0 || ifd >= EXIF_IFD_COUNT || !data->ifd[ifd]) return NULL;
    return exif_content_get_entry(data->ifd[ifd], (ExifTag)tag);
}
#endif
