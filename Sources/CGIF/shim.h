#ifndef FOURWAY_CGIF_SHIM_H
#define FOURWAY_CGIF_SHIM_H
#include <gif_lib.h>
#endif
