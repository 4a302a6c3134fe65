#ifndef TEXTEFFECTS_CISAL_SHIM_H
#define TEXTEFFECTS_CISAL_SHIM_H
#include <isa-l/igzip_lib.h>

/// The level buffer ISA-L's igzip wants for level 1 (a macro in igzip_lib.h; Swift sees only values).
static const unsigned int te_isal_level1_buffer_size = ISAL_DEF_LVL1_DEFAULT;
#endif
