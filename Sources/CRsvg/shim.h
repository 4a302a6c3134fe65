#ifndef TEXTEFFECTS_CRSVG_SHIM_H
#define TEXTEFFECTS_CRSVG_SHIM_H
/* librsvg renders SVG images straight into a Cairo context, at whatever transform it has. */
#include <librsvg/rsvg.h>
#endif
