#ifndef TEXTEFFECTS_PLURAL_RULES_H
#define TEXTEFFECTS_PLURAL_RULES_H
// CLDR plural categories from the system's ICU (Debian's libicu), behind a plain C interface:
// ICU's own headers must not reach Swift, where they would clash with the ICU headers
// Foundation carries (module _FoundationICU) over the same C type names.

/// Writes the plural category ("one", "few", "other", …) of `value` shown with
/// `fraction_digits` digits after the point, in the language `locale` (an ICU locale id such
/// as "ru" or "zh_Hans"), into `out` (NUL-terminated). Returns the name's length, or -1 when
/// ICU fails (no rules, bad locale id).
int texteffects_plural_category(const char *locale, double value, int fraction_digits, char *out, int capacity);

/// Writes the categories the language distinguishes, space-separated, into `out`. Returns the
/// length written, or -1 when ICU fails.
int texteffects_plural_categories(const char *locale, char *out, int capacity);

#endif
