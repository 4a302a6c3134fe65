#ifndef TEXTEFFECTS_CPREVIEWPAGE_H
#define TEXTEFFECTS_CPREVIEWPAGE_H
/*
 * The preview page's files (Sources/Preview/Page), compiled into the program (preview_page.c).
 * Each function gives a file's bytes and sets `count` to their number.
 */
const unsigned char *te_preview_index_html(unsigned long *count);
const unsigned char *te_preview_js(unsigned long *count);
const unsigned char *te_preview_css(unsigned long *count);
#endif
