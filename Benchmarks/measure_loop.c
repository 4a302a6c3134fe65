/* measure_loop.c — the anchor for `texteffects measure`: one plain Pango layout per post
 * (Sans 16 px, 358 px wide, word-char wrapping), as an app that measures each post once would
 * do with no line limit, no truncation token and nothing else. Reads one post per line. */
#include <pango/pangocairo.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc != 2) { fprintf(stderr, "usage: measure_loop POSTS.txt\n"); return 64; }
    FILE *file = fopen(argv[1], "r");
    if (!file) { perror(argv[1]); return 1; }
    PangoFontMap *map = pango_cairo_font_map_new();
    PangoContext *context = pango_font_map_create_context(map);
    pango_cairo_context_set_resolution(context, 72);
    PangoFontDescription *font = pango_font_description_from_string("Sans");
    pango_font_description_set_absolute_size(font, 16 * PANGO_SCALE);
    char *line = NULL;
    size_t capacity = 0;
    ssize_t length;
    long posts = 0, height = 0;
    while ((length = getline(&line, &capacity, file)) > 0) {
        if (line[length - 1] == '\n') line[--length] = 0;
        PangoLayout *layout = pango_layout_new(context);
        pango_layout_set_font_description(layout, font);
        pango_layout_set_width(layout, 358 * PANGO_SCALE);
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
        pango_layout_set_text(layout, line, (int)length);
        int w, h;
        pango_layout_get_size(layout, &w, &h);
        height += h;
        posts++;
        g_object_unref(layout);
    }
    printf("%ld posts, total height %ld\n", posts, height / PANGO_SCALE);
    free(line);
    return 0;
}
