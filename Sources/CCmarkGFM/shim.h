#ifndef TEXTEFFECTS_CCMARKGFM_SHIM_H
#define TEXTEFFECTS_CCMARKGFM_SHIM_H
/* Debian's libcmark-gfm: the CommonMark parser and GitHub's extensions (strikethrough, autolink). */
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
#endif
