#ifndef TEXTEFFECTS_CPIXMAN_SHIM_H
#define TEXTEFFECTS_CPIXMAN_SHIM_H
#include <pixman.h>
#endif
