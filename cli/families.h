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

/* Make test k of group g of the suite from the seed: t->c, t->comment and the family's flags (expect_test adds
 * the answer). */
void family_make(uint64_t seed, int suite, int g, int k, vtest *t);

/* Scale every length, linear velocity and linear acceleration of a kind or contact case (and a contact's speeds) by
 * the power of two s: the same geometry in other units (the tiny, huge and unit-scaled families use it). */
void family_scale_case(cli_case *c, double s);

#endif
