#ifndef TEXTEFFECTS_CRSVG_SHIM_H
#define TEXTEFFECTS_CRSVG_SHIM_H
/*
 * librsvg renders SVG images straight into a Cairo context, at whatever transform it has.
 *
 * It is loaded with dlopen on the first SVG, not linked: it brings about ten libraries with it
 * (ICU, libxml2, gdk-pixbuf, GIO…) whose loading and relocation cost every run ~3 ms, and most
 * scenes have no SVG. So this header declares only the types and signatures texteffects calls,
 * as librsvg 2.52+ defines them (ABI-stable under the librsvg-2.so.2 soname), and none of its
 * symbols are referenced at link time.
 */
#include <cairo.h>
#include <glib.h>

typedef struct _TERsvgHandle TERsvgHandle;

/* RsvgRectangle */
typedef struct {
    double x;
    double y;
    double width;
    double height;
} TERsvgRectangle;

/* RsvgLength: a length and its RsvgUnit. */
typedef struct {
    double length;
    int unit;
} TERsvgLength;

/* From memory, with no base file: references to other files cannot be resolved. */
typedef TERsvgHandle *(*TERsvgNewFromData)(const guint8 *data, gsize data_len, GError **error);
typedef gboolean (*TERsvgGetIntrinsicSizeInPixels)(TERsvgHandle *handle, gdouble *out_width, gdouble *out_height);
typedef void (*TERsvgGetIntrinsicDimensions)(TERsvgHandle *handle,
                                             gboolean *out_has_width, TERsvgLength *out_width,
                                             gboolean *out_has_height, TERsvgLength *out_height,
                                             gboolean *out_has_viewbox, TERsvgRectangle *out_viewbox);
typedef gboolean (*TERsvgRenderDocument)(TERsvgHandle *handle, cairo_t *cr,
                                         const TERsvgRectangle *viewport, GError **error);
/* librsvg 2.48+: a CSS stylesheet of the "user" origin, applied to the loaded document. */
typedef gboolean (*TERsvgSetStylesheet)(TERsvgHandle *handle, const guint8 *css, gsize css_len, GError **error);
#endif
