#ifndef TEXTEFFECTS_CZLIB_SHIM_H
#define TEXTEFFECTS_CZLIB_SHIM_H
#include <zlib.h>

/// deflateInit2 is a macro in zlib.h; Swift sees only functions.
static inline int te_deflate_init_raw(z_streamp stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY);
}
#endif
