#ifndef TEXTEFFECTS_CLIBXML2_SHIM_H
#define TEXTEFFECTS_CLIBXML2_SHIM_H
/* Debian's libxml2: its HTML parser reads the raw HTML inside Markdown documents (see
   Sources/RenderPipeline/Input/Markdown/HTML/HTMLParser.swift, the one file that calls it).
   Debian builds it with ICU, whose headers would clash in Swift with the copy of ICU Foundation
   carries: they are left out. Only encoding handlers' private fields depend on them, and
   texteffects hands libxml2 UTF-8 and reads only the tree (xmlDoc, xmlNode, xmlAttr). */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/parser.h>
#endif
