#ifndef TEXTEFFECTS_CCAIRO_SHIM_H
#define TEXTEFFECTS_CCAIRO_SHIM_H
#include <cairo.h>
#endif
