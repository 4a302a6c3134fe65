/*
 * The preview page's files compiled in with C23's #embed, rather than SwiftPM's `.embedInCode`,
 * whose Swift [UInt8] literals of one element a byte (43 KB in all) took ~3.7 s of CPU to
 * compile in a debug build; this file takes milliseconds (see Sources/CSceneSchema). Clang
 * lists the embedded files in its dependency output, so an edited page is compiled in again.
 */
#include "preview_page.h"

#pragma clang diagnostic ignored "-Wc23-extensions"
static const unsigned char index_html[] = {
#embed "../Preview/Page/index.html"
};
static const unsigned char preview_js[] = {
#embed "../Preview/Page/preview.js"
};
static const unsigned char preview_css[] = {
#embed "../Preview/Page/preview.css"
};

const unsigned char *te_preview_index_html(unsigned long *count) { *count = sizeof(index_html); return index_html; }
const unsigned char *te_preview_js(unsigned long *count) { *count = sizeof(preview_js); return preview_js; }
const unsigned char *te_preview_css(unsigned long *count) { *count = sizeof(preview_css); return preview_css; }
