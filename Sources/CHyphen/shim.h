#ifndef TEXTEFFECTS_CHYPHEN_SHIM_H
#define TEXTEFFECTS_CHYPHEN_SHIM_H
#include <hyphen.h>
#endif
