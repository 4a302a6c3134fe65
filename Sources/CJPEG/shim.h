#ifndef TEXTEFFECTS_CJPEG_SHIM_H
#define TEXTEFFECTS_CJPEG_SHIM_H
// libjpeg-turbo's TurboJPEG API (Debian: libturbojpeg0-dev), not the libjpeg API: TurboJPEG
// reports every error and warning as a return value with a message, where libjpeg's default
// error handler calls exit() and its replacement needs setjmp/longjmp, which Swift cannot do.
#include <turbojpeg.h>
#endif
