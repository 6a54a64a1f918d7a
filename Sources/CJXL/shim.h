#ifndef FOURWAY_CJXL_SHIM_H
#define FOURWAY_CJXL_SHIM_H
#include <jxl/decode.h>
#include <jxl/thread_parallel_runner.h>
#endif
