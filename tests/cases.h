/* cases.h: the random, well-conditioned cases of every kind live with the vector generator (cli/random.h). */
#ifndef CCREF_TEST_CASES_H
#define CCREF_TEST_CASES_H

#include "testlib.h"

#endif
