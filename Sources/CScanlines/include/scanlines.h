#ifndef TEXTEFFECTS_SCANLINES_H
#define TEXTEFFECTS_SCANLINES_H
#include <stddef.h>
#include <stdint.h>
// PNG scanlines from Cairo's pixels, vectorised where the CPU can: a byte shuffle (SSSE3's
// pshufb) does four pixels in one instruction, which Swift cannot ask for.

/// Writes `count` opaque Cairo ARGB32 pixels (native-endian 0xAARRGGBB words) at `argb` as
/// `count` × 3 bytes of R, G, B at `rgb`. The same bytes on every CPU.
void texteffects_pack_rgb(const uint32_t *argb, uint8_t *rgb, size_t count);

#endif
