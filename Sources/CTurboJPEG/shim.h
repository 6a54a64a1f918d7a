#ifndef FOURWAY_CTURBOJPEG_SHIM_H
#define FOURWAY_CTURBOJPEG_SHIM_H
#include <turbojpeg.h>
#endif
