#ifndef TEXTEFFECTS_CCSV_SHIM_H
#define TEXTEFFECTS_CCSV_SHIM_H
#include <csv.h>
#endif
