#include "plural_rules.h"

#include <string.h>
#include <unicode/uenum.h>
#include <unicode/unumberformatter.h>
#include <unicode/upluralrules.h>
#include <unicode/ustring.h>

int texteffects_plural_category(const char *locale, double value, int fraction_digits, char *out, int capacity) {
    if (capacity < 1) return -1;
    if (fraction_digits < 0) fraction_digits = 0;
    if (fraction_digits > 20) fraction_digits = 20;
    UErrorCode status = U_ZERO_ERROR;
    UPluralRules *rules = uplrules_open(locale, &status);
    if (U_FAILURE(status)) return -1;
    // The number as shown decides: its visible fraction digits are CLDR's `v` operand
    // (English "1" is one, "1.0" is other).
    UChar skeleton[32];
    int32_t length = 0;
    if (fraction_digits == 0) {
        u_uastrcpy(skeleton, "precision-integer");
        length = u_strlen(skeleton);
    } else {
        skeleton[length++] = '.';
        for (int i = 0; i < fraction_digits; i++) skeleton[length++] = '0';
        skeleton[length] = 0;
    }
    UNumberFormatter *formatter = unumf_openForSkeletonAndLocale(skeleton, length, locale, &status);
    UFormattedNumber *result = unumf_openResult(&status);
    int written = -1;
    if (U_SUCCESS(status)) {
        unumf_formatDouble(formatter, value, result, &status);
        UChar keyword[16];
        int32_t keywordLength = uplrules_selectFormatted(rules, result, keyword, 16, &status);
        if (U_SUCCESS(status) && keywordLength > 0 && keywordLength < capacity && keywordLength < 16) {
            u_UCharsToChars(keyword, out, keywordLength);
            out[keywordLength] = 0;
            written = keywordLength;
        }
    }
    if (result) unumf_closeResult(result);
    if (formatter) unumf_close(formatter);
    uplrules_close(rules);
    return written;
}

int texteffects_plural_categories(const char *locale, char *out, int capacity) {
    if (capacity < 1) return -1;
    UErrorCode status = U_ZERO_ERROR;
    UPluralRules *rules = uplrules_open(locale, &status);
    if (U_FAILURE(status)) return -1;
    UEnumeration *keywords = uplrules_getKeywords(rules, &status);
    int written = 0;
    out[0] = 0;
    while (U_SUCCESS(status)) {
        int32_t length = 0;
        const char *name = uenum_next(keywords, &length, &status);
        if (!name || U_FAILURE(status)) break;
        if (written + length + 2 > capacity) break;
        if (written > 0) out[written++] = ' ';
        memcpy(out + written, name, (size_t)length);
        written += length;
        out[written] = 0;
    }
    if (keywords) uenum_close(keywords);
    uplrules_close(rules);
    return U_SUCCESS(status) ? written : -1;
}
