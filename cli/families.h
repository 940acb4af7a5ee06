/* families.h: the case families of the published vectors (spec/vectors.md, "Families"). Every suite (kind, contact
 * class, rule) has a list of test groups; a group is one family (and, for the kinds with a rolling option, one
 * variant) with a fixed number of tests. A test is made from its family, its index in the group and a random
 * stream seeded from (seed, suite, group, index) alone, so any shard of the suite can be made on its own and the
 * result does not depend on how the work was split. */
#ifndef CCREF_CLI_FAMILIES_H
#define CCREF_CLI_FAMILIES_H

#include <stdint.h>

#include "random.h"
#include "vectors.h"

typedef struct fam fam;
typedef void (*family_fn)(fam *f, vtest *t);

typedef struct {
    const char *family;         /* "random", "exactly_assembled", ... */
    const char *description;
    int rolling;                /* -1: no variant; 0 or 1: the rolling variant of the group */
    int count;                  /* tests in the group */
    family_fn make;
} group_spec;

/* The groups of a suite, in file order. */
int suite_groups(int suite, const group_spec **groups);

/* The random-only layout of `ccref gen --random N` (spec/vectors.md section 11): the groups of the suite's random
 * family alone, holding n tests in all (1 <= n <= RANDOM_SUITE_MAX). For a kind with a rolling option the two
 * variants in the published order, rolling false then true, the first with the larger half (n - n/2 and n/2 tests;
 * n = 1: the first alone); for every other suite one group of n tests. Group g of this layout is group g of the published suite (the random
 * family's groups come first in every suite), so test k of it is made by family_make(seed, suite, g, k, t): the
 * published random family's case generator, the published random tests its first ones. The groups are written to a
 * table of the suite's own, valid until the next call for that suite with another n; their number returned, 0 for
 * an unknown suite or n out of range. */
#define RANDOM_SUITE_MAX 10000000
int suite_random_groups(int suite, int n, const group_spec **groups);

/* Make test k of group g of the suite from the seed: t->c, t->comment and the family's flags (expect_test adds
 * the answer). k may exceed the published group's count (the random-only layout's larger groups). */
void family_make(uint64_t seed, int suite, int g, int k, vtest *t);

/* Scale every length, linear velocity and linear acceleration of a kind or contact case (and a contact's speeds, and
 * Weld's torque multipliers, a length times a force) by the power of two s: the same geometry in other units (the
 * tiny, huge and unit-scaled families use it). */
void family_scale_case(cli_case *c, double s);

#endif
