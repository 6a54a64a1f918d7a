#ifndef FOURWAY_CLCMS2_SHIM_H
#define FOURWAY_CLCMS2_SHIM_H
#include <lcms2.h>

// lcms2's pixel-format and flag macros are built from other macros, which
// Swift does not import; these are their values.
static const cmsUInt32Number fw_TYPE_RGBA_8 = TYPE_RGBA_8;
static const cmsUInt32Number fw_TYPE_GRAYA_8 = TYPE_GRAYA_8;
static const cmsUInt32Number fw_TYPE_RGB_8 = TYPE_RGB_8;
static const cmsUInt32Number fw_transform_flags = cmsFLAGS_NOCACHE | cmsFLAGS_COPY_ALPHA;
#endif
