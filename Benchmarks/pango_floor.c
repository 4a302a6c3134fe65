/* pango_floor.c — the least a one-shot program that draws text with Pango and fontconfig can
 * cost: the floor under the still-card row (issue 32), whose anchor is pango-view.
 *
 *   pango_floor STAGE [FONT [WIDTH [TEXT]]]
 *
 * Each stage does the ones before it, then exits:
 *   load    start with Pango, Cairo and fontconfig linked, and do nothing;
 *   fonts   make Pango's Cairo font map and initialise fontconfig (its configuration and caches);
 *   layout  lay TEXT out in FONT (a Pango font description) at WIDTH pixels;
 *   draw    draw that layout on a 1200×630 ARGB surface, as a card's canvas.
 * It writes no file. Defaults: "Inter Heavy 52", 520, the product card's title. */
#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    static const char *stages[] = {"load", "fonts", "layout", "draw"};
    int stage = -1;
    for (int i = 0; argc > 1 && i < 4; i++)
        if (!strcmp(argv[1], stages[i])) stage = i;
    if (stage < 0) {
        fprintf(stderr, "usage: pango_floor load|fonts|layout|draw [FONT [WIDTH [TEXT]]]\n");
        return 64;
    }
    const char *font = argc > 2 ? argv[2] : "Inter Heavy 52";
    int width = argc > 3 ? atoi(argv[3]) : 520;
    const char *text = argc > 4 ? argv[4] : "Arc Desk Lamp with warm, dimmable light";
    if (stage == 0) return 0;

    PangoFontMap *fonts = pango_cairo_font_map_get_default();
    if (!FcInit()) return 1;
    if (stage == 1) return fonts == NULL;

    PangoContext *context = pango_font_map_create_context(fonts);
    PangoLayout *layout = pango_layout_new(context);
    PangoFontDescription *description = pango_font_description_from_string(font);
    pango_layout_set_font_description(layout, description);
    pango_layout_set_width(layout, width * PANGO_SCALE);
    pango_layout_set_text(layout, text, -1);
    int w, h;
    pango_layout_get_pixel_size(layout, &w, &h);
    if (stage == 2) return w <= 0;

    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1200, 630);
    cairo_t *cr = cairo_create(surface);
    cairo_set_source_rgb(cr, 0.98, 0.96, 0.93);
    cairo_paint(cr);
    cairo_set_source_rgb(cr, 0.11, 0.12, 0.16);
    cairo_move_to(cr, 620, 140);
    pango_cairo_show_layout(cr, layout);
    cairo_surface_flush(surface);
    /* A pixel of the title must be dark, or nothing was drawn. */
    const unsigned char *pixels = cairo_image_surface_get_data(surface);
    int stride = cairo_image_surface_get_stride(surface), inked = 0;
    for (int y = 140; y < 140 + h && y < 630 && !inked; y++)
        for (int x = 620; x < 620 + w && x < 1200; x++)
            if (pixels[y * stride + x * 4 + 1] < 64) { inked = 1; break; }
    return !inked;
}
