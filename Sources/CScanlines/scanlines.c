#include "scanlines.h"
#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define TEXTEFFECTS_HAS_SSSE3_PATH 1
#endif

static void pack_rgb_portable(const uint32_t *argb, uint8_t *rgb, size_t count) {
    for (size_t x = 0; x < count; x++) {
        uint32_t pixel = argb[x];
        rgb[3 * x] = (uint8_t)(pixel >> 16);
        rgb[3 * x + 1] = (uint8_t)(pixel >> 8);
        rgb[3 * x + 2] = (uint8_t)pixel;
    }
}

#ifdef TEXTEFFECTS_HAS_SSSE3_PATH
// Sixteen pixels (64 bytes, B G R A in memory on little-endian x86) to 48 bytes of R G B: each
// group of four is shuffled to 12 bytes, and the four groups are stored at 12-byte steps with
// 16-byte stores, each overwriting the previous one's 4 spare bytes; the last group is shifted
// so its store ends exactly at the 48th byte.
__attribute__((target("ssse3")))
static void pack_rgb_ssse3(const uint32_t *argb, uint8_t *rgb, size_t count) {
    const __m128i shuffle = _mm_setr_epi8(2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1);
    const __m128i shuffle_last = _mm_setr_epi8(-1, -1, -1, -1, 2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12);
    size_t x = 0;
    for (; x + 16 <= count; x += 16) {
        const __m128i *in = (const __m128i *)(argb + x);
        uint8_t *out = rgb + 3 * x;
        __m128i a = _mm_shuffle_epi8(_mm_loadu_si128(in), shuffle);
        __m128i b = _mm_shuffle_epi8(_mm_loadu_si128(in + 1), shuffle);
        __m128i c = _mm_shuffle_epi8(_mm_loadu_si128(in + 2), shuffle);
        __m128i d = _mm_shuffle_epi8(_mm_loadu_si128(in + 3), shuffle_last);
        _mm_storeu_si128((__m128i *)out, a);
        _mm_storeu_si128((__m128i *)(out + 12), b);
        _mm_storeu_si128((__m128i *)(out + 24), c);
        // Bytes 32…35 of this store are the last 4 of c's 12 (c's bytes 12…15 are zero).
        d = _mm_or_si128(d, _mm_srli_si128(c, 8));
        _mm_storeu_si128((__m128i *)(out + 32), d);
    }
    pack_rgb_portable(argb + x, rgb + 3 * x, count - x);
}
#endif

void texteffects_pack_rgb(const uint32_t *argb, uint8_t *rgb, size_t count) {
#ifdef TEXTEFFECTS_HAS_SSSE3_PATH
    // A load and a test of libgcc's CPU model, filled in before main: no cached copy that
    // threads would race to set (ThreadSanitizer saw it).
    if (__builtin_cpu_supports("ssse3")) {
        pack_rgb_ssse3(argb, rgb, count);
        return;
    }
#endif
    pack_rgb_portable(argb, rgb, count);
}
