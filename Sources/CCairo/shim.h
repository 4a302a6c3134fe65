#ifndef TEXTEFFECTS_CCAIRO_SHIM_H
#define TEXTEFFECTS_CCAIRO_SHIM_H
#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo-ft.h>
#include FT_MULTIPLE_MASTERS_H
#include <stdlib.h>
#include <string.h>

/* Names what `surface` holds for the SVG and PDF documents it is drawn into: Cairo shows every
   surface named alike as one object (CAIRO_MIME_TYPE_UNIQUE_ID; a PDF's image or Form XObject),
   however many are drawn on however many pages. Cairo keeps the copy of `name` and frees it.
   Name a surface once its drawing is done: Cairo forgets the name as soon as anything draws on it. */
static inline cairo_status_t te_surface_name_content(cairo_surface_t *surface, const char *name) {
    char *copy = strdup(name);
    if (!copy) return CAIRO_STATUS_NO_MEMORY;
    return cairo_surface_set_mime_data(surface, CAIRO_MIME_TYPE_UNIQUE_ID, (const unsigned char *)copy, strlen(copy), free, copy);
}

/* Gives `surface`, decoded from the JPEG `bytes`, those bytes for documents: a PDF or SVG embeds
   the JPEG as it is instead of the decoded pixels (CAIRO_MIME_TYPE_JPEG). Cairo keeps the copy. */
static inline cairo_status_t te_surface_attach_jpeg(cairo_surface_t *surface, const unsigned char *bytes, unsigned long length) {
    unsigned char *copy = malloc(length);
    if (!copy) return CAIRO_STATUS_NO_MEMORY;
    memcpy(copy, bytes, length);
    return cairo_surface_set_mime_data(surface, CAIRO_MIME_TYPE_JPEG, copy, length, free, copy);
}

/* Whether `surface` has been named for documents (te_surface_name_content). */
static inline int te_surface_has_content_name(cairo_surface_t *surface) {
    const unsigned char *data = NULL;
    unsigned long length = 0;
    cairo_surface_get_mime_data(surface, CAIRO_MIME_TYPE_UNIQUE_ID, &data, &length);
    return data != NULL;
}

/* Whether `face` is a variable font's default (non-named) face, set to its axes' default values
   but marked varied. FreeType 2.12 marks a face varied (FT_FACE_FLAG_VARIATION) on every
   FT_Set_Var_Design_Coordinates, even back to the defaults, and then loads the default
   instance's glyphs through its variation code, some outlines a 64th of a pixel off those of a
   face never varied. */
static inline int te_ft_face_is_varied_default(FT_Face face) {
    if (!face || !FT_HAS_MULTIPLE_MASTERS(face) || !(face->face_flags & FT_FACE_FLAG_VARIATION) || (face->face_index >> 16) != 0)
        return 0;
    FT_MM_Var *mm = NULL;
    if (FT_Get_MM_Var(face, &mm) != 0 || !mm)
        return 0;
    FT_Fixed coords[64];
    int isDefault = mm->num_axis <= 64 && FT_Get_Var_Design_Coordinates(face, mm->num_axis, coords) == 0;
    for (FT_UInt i = 0; isDefault && i < mm->num_axis; i++)
        isDefault = coords[i] == mm->axis[i].def;
    FT_Done_MM_Var(face->glyph->library, mm);
    return isDefault;
}

/* Cairo 1.16 keeps one FT_Face for all scaled fonts of a font file, and sets each font's axis
   values on it only when they differ from the face's: a default-instance glyph is rasterised
   from an unvaried face when nothing varied that face since Cairo opened it, from a varied one
   otherwise (a vary effect, a `variations` style), and the two differ by a few pixel levels.
   Which one a glyph gets then depends on what the process drew before and on Cairo's glyph cache
   evictions. This puts `font`'s face back to unvaried when `font` draws at the default instance
   (FT_Set_Named_Instance(face, 0): FreeType's way to clear the mark), so every such glyph is drawn
   as a freshly opened face draws it. Call with nothing else using the face (the Pango lock held). */
static inline void te_ft_unvary_default_instance(cairo_scaled_font_t *font) {
    if (!font || cairo_scaled_font_get_type(font) != CAIRO_FONT_TYPE_FT)
        return;
    FT_Face face = cairo_ft_scaled_font_lock_face(font);  /* applies this font's axis values first */
    if (te_ft_face_is_varied_default(face))
        FT_Set_Named_Instance(face, 0);  /* the default instance, unmarked (no coordinates does not unmark it) */
    if (face)
        cairo_ft_scaled_font_unlock_face(font);
}

/* Whether `font`'s face is marked varied while at its default instance (tests). */
static inline int te_ft_font_face_is_varied_default(cairo_scaled_font_t *font) {
    if (!font || cairo_scaled_font_get_type(font) != CAIRO_FONT_TYPE_FT)
        return 0;
    FT_Face face = cairo_ft_scaled_font_lock_face(font);
    int varied = te_ft_face_is_varied_default(face);
    if (face)
        cairo_ft_scaled_font_unlock_face(font);
    return varied;
}
#endif
