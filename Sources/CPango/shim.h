#ifndef TEXTEFFECTS_CPANGO_SHIM_H
#define TEXTEFFECTS_CPANGO_SHIM_H
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>
#include <hb-ot.h>

/* Function-like macros and GObject casts Swift cannot import. */

static inline PangoFcFontMap *te_fc_font_map(PangoFontMap *map) {
    return PANGO_FC_FONT_MAP(map);
}

static inline PangoFcFont *te_fc_font(PangoFont *font) {
    return PANGO_IS_FC_FONT(font) ? PANGO_FC_FONT(font) : NULL;
}

static inline int te_is_fc_font_map(PangoFontMap *map) {
    return PANGO_IS_FC_FONT_MAP(map);
}

/* A PangoAttrInt whose type is registered at run time, so it can carry one integer id. */
static inline PangoAttrInt *te_attr_int_cast(PangoAttribute *attr) {
    return (PangoAttrInt *)attr;
}

static inline const PangoAttrColor *te_attr_color_cast(const PangoAttribute *attr) {
    return (const PangoAttrColor *)attr;
}

static inline const PangoAttrShape *te_attr_shape_cast(const PangoAttribute *attr) {
    return (const PangoAttrShape *)attr;
}

static inline const PangoAttrInt *te_attr_int_const_cast(const PangoAttribute *attr) {
    return (const PangoAttrInt *)attr;
}
static inline const PangoAttrString *te_attr_string_cast(const PangoAttribute *attr) {
    return (const PangoAttrString *)attr;
}

static inline const PangoAttrFloat *te_attr_float_cast(const PangoAttribute *attr) {
    return (const PangoAttrFloat *)attr;
}

static inline const PangoAttrFontDesc *te_attr_font_desc_cast(const PangoAttribute *attr) {
    return (const PangoAttrFontDesc *)attr;
}

/* Whether a Pango font's face has variation axes (an OpenType fvar table). */
static inline int te_font_is_variable(PangoFont *font) {
    hb_font_t *hb = pango_font_get_hb_font(font);
    return hb != NULL && hb_ot_var_has_data(hb_font_get_face(hb));
}

/* FcObjectSetBuild is variadic, which Swift cannot call. */
static inline FcObjectSet *te_fc_object_set_family(void) {
    return FcObjectSetBuild(FC_FAMILY, (char *)0);
}
#endif
