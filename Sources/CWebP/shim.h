#ifndef TEXTEFFECTS_CWEBP_SHIM_H
#define TEXTEFFECTS_CWEBP_SHIM_H
// libwebp (Debian: libwebp-dev). Decoding: WebPGetFeatures for the size before decoding,
// WebPDecode into a caller's buffer (premultiplied BGRA, as Cairo's ARGB32). Encoding: the
// simple API, WebPEncodeBGRA / WebPEncodeLosslessBGRA (straight alpha), for still WebP files.
#include <webp/decode.h>
#include <webp/encode.h>
#endif
