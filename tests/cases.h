/* cases.h: random, well-conditioned cases of every kind, for the property tests and the benchmark.
 * "Well-conditioned" is the generator's contract, stated in spec/conventions.md (Property tests):
 * positions within [-2, 2] per body origin and [-1, 1] per station, radii and lengths in [0.1, 2],
 * center distances >= 0.5, edge angles with |df x db| >= 0.25. */
#ifndef CCREF_TEST_CASES_H
#define CCREF_TEST_CASES_H

#include "testlib.h"
#include "../src/ccref_unilateral.h"

/* A random case of the given kind; rolling selects the rolling variant where the kind has one. */
ccref_case ccref_random_case(ccref_rng *r, ccref_kind kind, int rolling);

/* A random case of a unilateral contact class, built from a random case of its underlying kind (same conditioning),
 * with material coefficients and default speeds in their domains. */
ccref_contact_case ccref_random_contact_case(ccref_rng *r, ccref_contact_class cls);

#endif
