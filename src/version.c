/* version.c: see ccref_version.h. */
#include "ccref_version.h"

const char *ccref_version(void) { return CCREF_VERSION_STRING; }
