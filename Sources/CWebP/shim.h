#ifndef FOURWAY_CWEBP_SHIM_H
#define FOURWAY_CWEBP_SHIM_H
#include <webp/decode.h>
#include <webp/demux.h>
#endif
