/* tiers.c: the tolerance tiers of ccref_tiers.h: the builder of the case's kind (src/tier_<kind>.c) writes its
 * formula as an expression DAG whose nodes carry the bounds of spec/accuracy.md section 11 (src/tier_dag.c); the
 * tier of each output slot is the bound of its node. */
#include "ccref_tiers.h"
#include "tier_dag.h"

const char *ccref_tier_name(ccref_tier t)
{
    switch (t) {
    case CCREF_TIER_DOUBLE: return "double";
    case CCREF_TIER_BINARY32: return "binary32";
    default: return "unknown";
    }
}

/* ================================================================ entry point */

#define CCREF_TIER_DISPATCH(KIND, kind, ...) case CCREF_KIND_##KIND: tier_##kind(d, c); break;

void tier_build_case(tier_dag *d, const ccref_case *c)
{
    switch (c->kind) {
    CCREF_KINDS(CCREF_TIER_DISPATCH)
    default: d->failed = 1; break;
    }
}

static void build_case(tier_dag *d, const void *c) { tier_build_case(d, c); }

ccref_status ccref_tiers_case(const ccref_case *c, const ccref_branch_choice *br, ccref_tiers *t)
{
    if (t == NULL)
        return CCREF_E_NULL_ARGUMENT;
    ccref_bounds b;
    ccref_status st = br != NULL ? ccref_bounds_case_on(c, br, &b) : ccref_bounds_case(c, &b);
    return tier_tiers_of(st, &b, build_case, c, t);
}
