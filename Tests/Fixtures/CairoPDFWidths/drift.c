/* Cairo 1.16 alone: a PDF reader draws a line of glyphs shorter than Cairo laid it out.
 *
 * Forty "A"s of Inter Bold at 60 pt are shown at their exact unhinted advances. Cairo writes
 * each glyph's width into the PDF cut down to a whole 1/1000 em (`/Widths`, and the fallback
 * font's charstrings), but tracks the text position as if the reader advanced by the exact
 * width, so it emits no `TJ` adjustment and the reader falls behind by the dropped fraction at
 * every glyph: the word ends about 2 pt short (0.869 of a unit × 40 glyphs × 60 pt / 1000).
 * With `compensate`, each glyph is moved on by what the reader has lost before it (what
 * `TextRasterizer.pdfWidthCompensated` does), and Cairo's adjustments put the end back in place.
 *
 *   cc drift.c -o drift $(pkg-config --cflags --libs cairo)
 *   FONTCONFIG_FILE=$PWD/Tests/Fixtures/fonts.conf ./drift && pdftotext -bbox drift.pdf - | grep word
 *   FONTCONFIG_FILE=$PWD/Tests/Fixtures/fonts.conf ./drift compensate && pdftotext -bbox drift.pdf - | grep word
 *
 * Measured (Cairo 1.16.0, poppler 22.12): laid out to end at x = 1804.886; the reader's word
 * ends at 1802.800 plain, at 1804.780 compensated.
 */
#include <cairo.h>
#include <cairo-pdf.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
    int compensate = argc > 1 && strcmp(argv[1], "compensate") == 0;
    const double size = 60;
    cairo_surface_t *surface = cairo_pdf_surface_create("drift.pdf", 1900, 160);
    cairo_t *cr = cairo_create(surface);
    cairo_select_font_face(cr, "Inter", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
    cairo_set_font_size(cr, size);
    cairo_scaled_font_t *font = cairo_get_scaled_font(cr);
    cairo_glyph_t *glyphs = NULL;
    int count = 0;
    cairo_scaled_font_text_to_glyphs(font, 0, 100, "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", -1,
                                     &glyphs, &count, NULL, NULL, NULL);
    /* The font as Cairo's subsetter measures it: one unit a side, unhinted. */
    cairo_matrix_t identity;
    cairo_matrix_init_identity(&identity);
    cairo_font_options_t *options = cairo_font_options_create();
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    cairo_scaled_font_t *unit = cairo_scaled_font_create(cairo_scaled_font_get_font_face(font), &identity, &identity, options);
    double x = 10, lost = 0;
    for (int i = 0; i < count; i++) {
        cairo_text_extents_t extents;
        cairo_scaled_font_glyph_extents(unit, &glyphs[i], 1, &extents);
        glyphs[i].x = x + (compensate ? lost * size : 0);
        x += extents.x_advance * size;
        lost += extents.x_advance - (long)(extents.x_advance * 1000) / 1000.0;
    }
    cairo_show_glyphs(cr, glyphs, count);
    printf("%d glyphs, %.3f of a unit of 1000 dropped each; laid out to end at x = %.3f\n",
           count, lost / count * 1000, x);
    cairo_glyph_free(glyphs);
    cairo_scaled_font_destroy(unit);
    cairo_font_options_destroy(options);
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
    return 0;
}
