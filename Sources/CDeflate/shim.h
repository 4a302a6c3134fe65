#ifndef TEXTEFFECTS_CDEFLATE_SHIM_H
#define TEXTEFFECTS_CDEFLATE_SHIM_H
#include <libdeflate.h>
#endif
