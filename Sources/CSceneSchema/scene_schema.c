/*
 * docs/scene.schema.json compiled in with C23's #embed, rather than SwiftPM's
 * `.embedInCode`: that writes the file's 166 KB as a Swift [UInt8] literal of as many elements,
 * which a debug build took ~14 s of CPU to compile (TextEffectsCLI's slowest file, in every
 * build of it: make test builds it twice); this file takes a few milliseconds. Clang lists the
 * embedded file in its dependency output, so an edited schema is compiled in again.
 */
#include "scene_schema.h"

#pragma clang diagnostic ignored "-Wc23-extensions"
static const unsigned char schema[] = {
#embed "../../docs/scene.schema.json"
};

const unsigned char *te_scene_schema_json(void) { return schema; }
unsigned long te_scene_schema_json_count(void) { return sizeof(schema); }
