/* tiers.c: the tolerance tiers of ccref_tiers.h: the builder of the case's kind (src/tier_<kind>.c) writes its
 * formula as an expression DAG whose nodes carry the bounds of spec/accuracy.md section 11 (src/tier_dag.c); the
 * tier of each output slot is the bound of its node. */
#include <math.h>
#include <string.h>

#include "ccref_handle.h"
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

/* ================================================================ the Constraint handle (spec/constraint_handle.md)
 *
 * G's column j is verr at the probe j and bias is aerr at the probe -1 (ccref_handle.h): their tiers are those slots'
 * tiers on the probes. The power -(lambda . verr) is written onto the case's own DAG: the multipliers times its verr
 * nodes, summed (any order and grouping of the sum, as every sum of the calculus). */

typedef ccref_status (*tiers_on_fn)(const void *c, const ccref_branch_choice *br, ccref_tiers *t);
typedef ccref_status (*handle_bounds_fn)(const void *c, const ccref_branch_choice *br, ccref_bounds *b);
typedef ccref_status (*own_bounds_fn)(const void *c, const ccref_branch_choice *br, ccref_bounds *b);

static ccref_status tiers_on_case(const void *c, const ccref_branch_choice *br, ccref_tiers *t)
{
    return ccref_tiers_case(c, br, t);
}
static ccref_status tiers_on_contact(const void *c, const ccref_branch_choice *br, ccref_tiers *t)
{
    return ccref_tiers_contact(c, br, t);
}
static ccref_status own_bounds_case(const void *c, const ccref_branch_choice *br, ccref_bounds *b)
{
    return ccref_bounds_case_on(c, br, b);
}
static ccref_status own_bounds_contact(const void *c, const ccref_branch_choice *br, ccref_bounds *b)
{
    return ccref_bounds_contact_on(c, br, b);
}
static void build_contact_case(tier_dag *d, const void *c) { tier_build_contact(d, c); }

tx tier_handle_power(tier_dag *d, int first, const double *lambda, int rows)
{
    tx p = TIER_UNSET;
    for (int r = 0; r < rows; r++) {
        int v = d->out[first + CCREF_SLOT_VERR + r];
        if (v == TIER_UNSET || d->failed)
            return TIER_UNSET;
        if (v != TIER_ZERO) {
            tx term = tx_mul(d, tx_in(d, lambda[r]), v);
            p = p == TIER_UNSET ? term : tx_add(d, p, term);
        }
    }
    if (d->failed)
        return TIER_UNSET;
    return p == TIER_UNSET ? TIER_ZERO : tx_neg(d, p);
}

/* The power's tiers on the case's own DAG; every tier +Inf when the DAG fails or a verr row has no node. */
static void power_tiers(const void *c, const ccref_branch_choice *br, own_bounds_fn own_bounds, tier_builder *build,
                        int first, const double *lambda, int rows, double e[CCREF_TIER_COUNT])
{
    for (int k = 0; k < CCREF_TIER_COUNT; k++)
        e[k] = INFINITY;
    ccref_bounds ob;
    if (!ccref_status_ok(own_bounds(c, br, &ob)))
        return;
    tier_dag d;
    if (tier_dag_init(&d, ob.branch) != 0)
        return;
    tier_dag_bands(&d, &ob);
    build(&d, c);
    tx power = tier_handle_power(&d, first, lambda, rows);
    if (power != TIER_UNSET && !d.failed)
        for (int k = 0; k < CCREF_TIER_COUNT; k++)
            e[k] = d.unclaimed[k] ? INFINITY : power == TIER_ZERO ? 0.0 : d.node[power].e[k];
    tier_dag_free(&d);
}

static ccref_status handle_tiers(const void *c, const void *probes, const int *scales, size_t probe_size, int nu,
                                 int first,
                                 const double *lambda, int rows, handle_bounds_fn handle_bounds, tiers_on_fn tiers_on,
                                 own_bounds_fn own_bounds, tier_builder *build, const ccref_branch_choice *br,
                                 ccref_tiers *t)
{
    memset(t, 0, sizeof *t);
    ccref_bounds hb;
    ccref_status st = handle_bounds(c, br, &hb);
    if (hb.n == 0)
        return st;
    t->n = CCREF_HSLOT_N;
    for (int j = -1; j < nu; j++) {
        ccref_tiers pt;
        int sc = scales[j + 1];
        if (sc < 0 || !ccref_status_ok(tiers_on((const char *)probes + (size_t)(j + 1) * probe_size, br, &pt)) ||
            pt.n == 0) {
            memset(t, 0, sizeof *t);
            return st == CCREF_E_NULL_ARGUMENT ? st : CCREF_E_RESULT_OVERFLOW;
        }
        t->bands |= pt.bands;
        /* an evaluation at the unscaled probe is 2^sc times the same evaluation at the scaled one */
        for (int r = 0; r < rows; r++)
            for (int k = 0; k < CCREF_TIER_COUNT; k++) {
                if (j < 0)
                    t->bound[k][CCREF_HSLOT_BIAS + r] = ldexp(pt.bound[k][first + CCREF_SLOT_AERR + r], 2 * sc);
                else
                    t->bound[k][CCREF_HSLOT_G + CCREF_MAX_MOBILITIES * r + j] =
                        ldexp(pt.bound[k][first + CCREF_SLOT_VERR + r], sc);
            }
    }
    double e[CCREF_TIER_COUNT];
    power_tiers(c, br, own_bounds, build, first, lambda, rows, e);
    for (int k = 0; k < CCREF_TIER_COUNT; k++)
        t->bound[k][CCREF_HSLOT_POWER] = e[k];
    return st;
}

static ccref_status handle_bounds_case(const void *c, const ccref_branch_choice *br, ccref_bounds *b)
{
    return ccref_bounds_handle_case(c, br, b);
}
static ccref_status handle_bounds_contact(const void *c, const ccref_branch_choice *br, ccref_bounds *b)
{
    return ccref_bounds_handle_contact(c, br, b);
}

ccref_status ccref_tiers_handle_case(const ccref_case *c, const ccref_branch_choice *br, ccref_tiers *t)
{
    if (t == NULL)
        return CCREF_E_NULL_ARGUMENT;
    if (c == NULL) {
        memset(t, 0, sizeof *t);
        return CCREF_E_NULL_ARGUMENT;
    }
    ccref_case probes[CCREF_MAX_MOBILITIES + 1];
    int scales[CCREF_MAX_MOBILITIES + 1];
    int nu = ccref_case_mobilities(c), mp = 0, mv = 0;
    for (int j = -1; j < nu; j++) {
        scales[j + 1] = ccref_handle_probe_scale_case(c, j);
        ccref_handle_probe_case(c, j, scales[j + 1] < 0 ? 0 : scales[j + 1], &probes[j + 1]);
    }
    ccref_case_rows(c, &mp, &mv);
    return handle_tiers(c, probes, scales, sizeof probes[0], nu, 0, c->lambda, mp + mv, handle_bounds_case, tiers_on_case,
                        own_bounds_case, build_case, br, t);
}

ccref_status ccref_tiers_handle_contact(const ccref_contact_case *c, const ccref_branch_choice *br, ccref_tiers *t)
{
    if (t == NULL)
        return CCREF_E_NULL_ARGUMENT;
    if (c == NULL) {
        memset(t, 0, sizeof *t);
        return CCREF_E_NULL_ARGUMENT;
    }
    ccref_contact_case probes[CCREF_MAX_MOBILITIES + 1];
    int scales[CCREF_MAX_MOBILITIES + 1];
    int nu = ccref_contact_mobilities(c);
    for (int j = -1; j < nu; j++) {
        scales[j + 1] = ccref_handle_probe_scale_contact(c, j);
        ccref_handle_probe_contact(c, j, scales[j + 1] < 0 ? 0 : scales[j + 1], &probes[j + 1]);
    }
    int rows = c->n_lambda <= 3 ? (int)c->n_lambda : 0; /* the class's rows are its multipliers' (checked) */
    return handle_tiers(c, probes, scales, sizeof probes[0], nu, CCREF_CSLOT_CONSTRAINT, c->lambda, rows,
                        handle_bounds_contact, tiers_on_contact, own_bounds_contact, build_contact_case, br, t);
}
