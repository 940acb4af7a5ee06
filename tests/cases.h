/* cases.h: random, well-conditioned cases of every kind, for the property tests and the benchmark.
 * "Well-conditioned" is the generator's contract, stated in spec/conventions.md (Property tests):
 * positions within [-2, 2] per body origin and [-1, 1] per station, radii and lengths in [0.1, 2],
 * center distances >= 0.5, edge angles with |df x db| >= 0.25. */
#ifndef CCREF_TEST_CASES_H
#define CCREF_TEST_CASES_H

#include "testlib.h"

/* A random case of the given kind; rolling selects the rolling variant where the kind has one. */
ccref_case ccref_random_case(ccref_rng *r, ccref_kind kind, int rolling);

#endif
