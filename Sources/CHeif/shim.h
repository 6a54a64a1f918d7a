#ifndef FOURWAY_CHEIF_SHIM_H
#define FOURWAY_CHEIF_SHIM_H
#include <libheif/heif.h>
#endif
