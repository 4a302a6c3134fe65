#ifndef TEXTEFFECTS_CWEBP_SHIM_H
#define TEXTEFFECTS_CWEBP_SHIM_H
// libwebp's decoder (Debian: libwebp-dev): WebPGetFeatures for the size before decoding,
// WebPDecode into a caller's buffer (premultiplied BGRA, as Cairo's ARGB32).
#include <webp/decode.h>
#endif
