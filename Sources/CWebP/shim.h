#ifndef TEXTEFFECTS_CWEBP_SHIM_H
#define TEXTEFFECTS_CWEBP_SHIM_H
// libwebp (Debian: libwebp-dev). Decoding: WebPGetFeatures for the size before decoding,
// WebPDecode into a caller's buffer (premultiplied BGRA, as Cairo's ARGB32). Encoding (straight
// alpha) for still WebP files: lossy through the advanced API (WebPConfig, WebPPicture,
// WebPMemoryWriter, WebPEncode), lossless through the simple WebPEncodeLosslessBGRA.
#include <webp/decode.h>
#include <webp/encode.h>
#endif
