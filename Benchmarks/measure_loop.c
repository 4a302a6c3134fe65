/* measure_loop.c — the anchor for `texteffects measure`: one plain Pango layout per text
 * (Sans, word-char wrapping), as an app that measures each text once would do with no line
 * limit, no truncation token, no Markdown and nothing else.
 *
 *   measure_loop [--width PX] [--size PX] [--nul] TEXTS
 *
 * Defaults: 358 px wide, 16 px, one text per line (the feed posts). --nul reads texts that hold
 * line breaks (the chat answers' plain text), each ended by a NUL byte. */
#include <pango/pangocairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    int width = 358, size = 16, delimiter = '\n';
    const char *path = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--width") && i + 1 < argc) width = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--size") && i + 1 < argc) size = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--nul")) delimiter = 0;
        else if (!path && argv[i][0] != '-') path = argv[i];
        else path = NULL, i = argc;
    }
    if (!path || width <= 0 || size <= 0) {
        fprintf(stderr, "usage: measure_loop [--width PX] [--size PX] [--nul] TEXTS\n");
        return 64;
    }
    FILE *file = fopen(path, "r");
    if (!file) { perror(path); return 1; }
    PangoFontMap *map = pango_cairo_font_map_new();
    PangoContext *context = pango_font_map_create_context(map);
    pango_cairo_context_set_resolution(context, 72);
    PangoFontDescription *font = pango_font_description_from_string("Sans");
    pango_font_description_set_absolute_size(font, size * PANGO_SCALE);
    char *line = NULL;
    size_t capacity = 0;
    ssize_t length;
    long posts = 0, height = 0;
    while ((length = getdelim(&line, &capacity, delimiter, file)) > 0) {
        if (line[length - 1] == delimiter) line[--length] = 0;
        PangoLayout *layout = pango_layout_new(context);
        pango_layout_set_font_description(layout, font);
        pango_layout_set_width(layout, width * PANGO_SCALE);
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
        pango_layout_set_text(layout, line, (int)length);
        int w, h;
        pango_layout_get_size(layout, &w, &h);
        height += h;
        posts++;
        g_object_unref(layout);
    }
    printf("%ld texts, total height %ld\n", posts, height / PANGO_SCALE);
    free(line);
    return 0;
}
