#ifndef TEXTEFFECTS_CSCENESCHEMA_H
#define TEXTEFFECTS_CSCENESCHEMA_H
/*
 * docs/scene.schema.json's bytes, compiled into the program (scene_schema.c), for
 * `texteffects schema`. Functions, as Swift does not import an array of unknown size.
 */
const unsigned char *te_scene_schema_json(void);
unsigned long te_scene_schema_json_count(void);
#endif
