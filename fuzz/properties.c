/* properties.c: Newton's third law and the power identity (spec/conventions.md section 9) on fuzzed cases. The
 * checks are those of tests/test_properties.c, compiled here as they are: its assertions go through
 * fuzz/shim/CUnit/CUnit.h, so a residual above its derived tolerance aborts with the input. */
#include "../tests/test_properties.c"
#include "fuzz.h"

/* The suite registry of tests/testlib.c: nothing to register in a harness. */
void ccref_test_add_suite(const char *name, ccref_test_register_fn fn)
{
    (void)name;
    (void)fn;
}

void fuzz_properties_case(const ccref_case *c, const double *v, const double *B, double *third, double *power)
{
    prop_stats t = {0}, p = {0};
    if (*third >= 0.0)
        third_law(v, B, 0, &c->body1, &c->body2, &t);
    if (c->kind == CCREF_KIND_CONSTANT_COORDINATE)
        power_identity_coordinate(v[CCREF_SLOT_CC_GENERALIZED_FORCE], B[CCREF_SLOT_CC_GENERALIZED_FORCE],
                                  c->coordinate.qdot, c->lambda[0], v[CCREF_SLOT_VERR], B[CCREF_SLOT_VERR], &p);
    else
        power_identity(v, B, 0, &c->body1, &c->body2, c->lambda, (int)c->n_lambda, &p);
    *third = *third >= 0.0 ? t.max_ratio : -1.0;
    *power = p.max_ratio;
}

void fuzz_properties_contact(const ccref_contact_case *c, const double *v, const double *B, double *third,
                             double *power)
{
    prop_stats t = {0}, p = {0};
    const int off = CCREF_CSLOT_CONSTRAINT;
    if (*third >= 0.0)
        third_law(v, B, off, &c->body1, &c->body2, &t);
    if (c->cls == CCREF_CONTACT_HARD_STOP_UPPER || c->cls == CCREF_CONTACT_HARD_STOP_LOWER)
        power_identity_coordinate(v[CCREF_CSLOT_COORDINATE_FORCE], B[CCREF_CSLOT_COORDINATE_FORCE], c->coordinate.qdot,
                                  c->lambda[0], v[off + CCREF_SLOT_VERR], B[off + CCREF_SLOT_VERR], &p);
    else
        power_identity(v, B, off, &c->body1, &c->body2, c->lambda, (int)c->n_lambda, &p);
    *third = *third >= 0.0 ? t.max_ratio : -1.0;
    *power = p.max_ratio;
}
