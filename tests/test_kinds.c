/* test_kinds.c: the table of src/ccref_kinds.h against what states the same facts explicitly for the proofs (the
 * structs and names of ccref.h and ccref_unilateral.h, ccref_case_rows of src/dispatch.c, the kernels' and classes'
 * input checks) and against the oracle's exact checks, which the table drives:
 *  - each row's name is the library's name of its kind or class, and its parameters cover its params struct;
 *  - the rows a case has (MP, MV) are ccref_case_rows's, with its rolling flag off and on;
 *  - each parameter's TYPE is checked as the table says, and the state (STATE) too: every input made non-finite, a
 *    radius or length made 0, a unit vector made (2, 0, 0) or zero, a frame's or body's rotation made 2 I, on a
 *    valid random case, gives the status spec/conventions.md section 5 names, from the kernel and the oracle alike,
 *    and an input the kind or class does not read changes nothing;
 *  - every flat output name maps back to its slot. */
#include "testlib.h"
#include "../cli/fields.h"
#include "../oracle/oracle.h"
#include "../src/ccref_kinds.h"
#include "../src/ccref_outputs.h"

static ora_ctx *oracle(void)
{
    static ora_ctx *ctx;
    if (ctx == NULL)
        ctx = ora_ctx_new(NULL);
    return ctx;
}

/* ---------------------------------------------------------------- names and structs */

#define KIND_NAME(KIND, kind, ...) {CCREF_KIND_##KIND, #kind},
#define CLASS_NAME(CLASS, cls, ...) {CCREF_CONTACT_##CLASS, #cls},

static void test_names(void)
{
    static const struct { int id; const char *name; } kinds[] = {CCREF_KINDS(KIND_NAME)}, classes[] = {
        CCREF_CONTACTS(CLASS_NAME)};
    CU_ASSERT_EQUAL(sizeof kinds / sizeof kinds[0], CCREF_KIND_COUNT);
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        CU_ASSERT_EQUAL(kinds[i].id, (int)i); /* the rows in the enum's order */
        CU_ASSERT_STRING_EQUAL(ccref_kind_name((ccref_kind)kinds[i].id), kinds[i].name);
    }
    CU_ASSERT_EQUAL(sizeof classes / sizeof classes[0], CCREF_CONTACT_COUNT);
    for (size_t i = 0; i < sizeof classes / sizeof classes[0]; i++) {
        CU_ASSERT_EQUAL(classes[i].id, (int)i);
        CU_ASSERT_STRING_EQUAL(ccref_contact_class_name((ccref_contact_class)classes[i].id), classes[i].name);
    }
}

/* The fields in order, without overlap, ending within the struct's final padding. */
static void check_cover(const field_desc *d, size_t struct_size, const char *what)
{
    size_t end = 0;
    int n = 0;
    for (; d->name != NULL; d++, n++) {
        CU_ASSERT(d->offset >= end);
        end = d->offset + field_size(d->type);
    }
    CU_ASSERT(n > 0);
    if (!(end <= struct_size && struct_size - end < sizeof(double)))
        fprintf(stderr, "\n  %s: the table's parameters end at %zu of %zu bytes", what, end, struct_size);
    CU_ASSERT(end <= struct_size && struct_size - end < sizeof(double));
}

#define KIND_COVER(KIND, kind, ...) check_cover(cli_kind_fields(CCREF_KIND_##KIND)->params, sizeof(ccref_##kind##_params), #kind);
#define CLASS_COVER(CLASS, cls, prm, ...)                                                                              \
    check_cover(cli_contact_fields(CCREF_CONTACT_##CLASS)->params, sizeof(ccref_##prm##_params), #cls);

static void test_params_cover_structs(void)
{
    CCREF_KINDS(KIND_COVER)
    CCREF_CONTACTS(CLASS_COVER)
}

/* A class restates its LIKE kind's first parameters, the same types in the same order. */
static void test_like_kinds(void)
{
    for (int cls = 0; cls < CCREF_CONTACT_COUNT; cls++) {
        const contact_fields *cf = cli_contact_fields((ccref_contact_class)cls);
        const field_desc *k = cli_kind_fields(cf->like)->params, *c = cf->params;
        int shared = 0;
        for (; c[shared].name != NULL && k[shared].name != NULL && c[shared].type == k[shared].type; shared++)
            CU_ASSERT_EQUAL(c[shared].nonpositive, k[shared].nonpositive);
        CU_ASSERT(shared > 0);
        /* what follows in the kind is only its rolling flag (the classes roll where the kind may) */
        for (int i = shared; k[i].name != NULL; i++)
            CU_ASSERT_EQUAL(k[i].type, FIELD_BOOL);
    }
}

/* ---------------------------------------------------------------- rows */

#define KIND_ROWS(KIND, kind, ABBR, STATE, MP, MV, ...)                                                                \
    case CCREF_KIND_##KIND: *mp = MP; *mv = CCREF_MV_ROWS_##MV(&c->params.kind); return;

static void table_rows(const ccref_case *c, int *mp, int *mv)
{
    switch (c->kind) {
    CCREF_KINDS(KIND_ROWS)
    default: *mp = *mv = -1; return;
    }
}

static void test_rows(void)
{
    ccref_rng rng = {20261206u};
    for (int k = 0; k < CCREF_KIND_COUNT; k++)
        for (int rolling = 0; rolling < 2; rolling++) {
            ccref_case c = ccref_random_case(&rng, (ccref_kind)k, rolling);
            int mp, mv, tmp, tmv;
            CU_ASSERT_EQUAL_FATAL(ccref_case_rows(&c, &mp, &mv), CCREF_OK);
            table_rows(&c, &tmp, &tmv);
            CU_ASSERT_EQUAL(tmp, mp);
            CU_ASSERT_EQUAL(tmv, mv);
        }
}

/* ---------------------------------------------------------------- checks */

/* A case of a kind (k) or of a contact class (c). */
typedef struct {
    ccref_case *k;
    ccref_contact_case *c;
} any_case;

static long n_checked;

/* The kernel's and the oracle's status of the case. */
static void statuses(any_case t, ccref_status *kernel, ccref_status *exact)
{
    if (t.k != NULL) {
        ccref_result r;
        ora_case_result o;
        *kernel = ccref_eval(t.k, &r);
        ora_eval_case(oracle(), t.k, &o);
        *exact = o.status;
    } else {
        ccref_contact_result r;
        ora_contact_result o;
        *kernel = ccref_contact_eval(t.c, &r);
        ora_eval_contact_case(oracle(), t.c, &o);
        *exact = o.status;
    }
}

/* Both statuses must be `want`. */
static void expect_status(any_case t, ccref_status want, const char *what)
{
    ccref_status kernel, exact;
    statuses(t, &kernel, &exact);
    if (kernel != want || exact != want)
        fprintf(stderr, "\n  %s %s: kernel %s, oracle %s, expected %s",
                t.k ? ccref_kind_name(t.k->kind) : ccref_contact_class_name(t.c->cls), what,
                ccref_status_name(kernel), ccref_status_name(exact), ccref_status_name(want));
    CU_ASSERT_EQUAL(kernel, want);
    CU_ASSERT_EQUAL(exact, want);
    n_checked++;
}

/* Each way to break the parameter d of t (whose parameters are at params), with the status it must give. */
static void break_param(any_case t, void *params, const field_desc *d)
{
    void *x = (char *)params + d->offset;
    switch (d->type) {
    case FIELD_SCALAR:
        *(double *)x = NAN;
        expect_status(t, CCREF_E_NONFINITE_INPUT, d->name);
        *(double *)x = 0.0;
        if (d->nonpositive) {
            expect_status(t, d->nonpositive, d->name);
        } else { /* a plain scalar may be 0 (a height, a position, a bound) */
            ccref_status kernel, exact;
            statuses(t, &kernel, &exact);
            CU_ASSERT(ccref_status_ok(kernel) && ccref_status_ok(exact));
            n_checked++;
        }
        break;
    case FIELD_VEC3:
        ((ccref_vec3 *)x)->y = INFINITY;
        expect_status(t, CCREF_E_NONFINITE_INPUT, d->name);
        break;
    case FIELD_UNIT:
        *(ccref_vec3 *)x = (ccref_vec3){2.0, 0.0, 0.0};
        expect_status(t, CCREF_E_NOT_UNIT_VECTOR, d->name);
        *(ccref_vec3 *)x = (ccref_vec3){0.0, 0.0, 0.0};
        expect_status(t, CCREF_E_ZERO_DIRECTION, d->name);
        break;
    case FIELD_FRAME:
        ((ccref_frame *)x)->R = ccref_test_rows(2, 0, 0, 0, 2, 0, 0, 0, 2);
        expect_status(t, CCREF_E_NOT_ROTATION, d->name);
        ((ccref_frame *)x)->R.m[1][2] = NAN;
        expect_status(t, CCREF_E_NONFINITE_INPUT, d->name);
        break;
    default: break; /* the rolling flag: any value is valid (test_rows) */
    }
}

/* The state: what the kind or class reads is checked, what it does not read is not. */
static void break_state(any_case t, unsigned state, ccref_body *b1, ccref_body *b2, ccref_coordinate *q)
{
    ccref_body s1 = *b1, s2 = *b2;
    ccref_coordinate sq = *q;
    b1->p.x = NAN;
    expect_status(t, state & STATE_BODY1 ? CCREF_E_NONFINITE_INPUT : CCREF_OK, "body1.p");
    *b1 = s1;
    b2->R = ccref_test_rows(2, 0, 0, 0, 2, 0, 0, 0, 2);
    expect_status(t, state & STATE_BODY2 ? CCREF_E_NOT_ROTATION : CCREF_OK, "body2.R");
    *b2 = s2;
    q->qdot = NAN;
    expect_status(t, state & STATE_COORDINATE ? CCREF_E_NONFINITE_INPUT : CCREF_OK, "coordinate.qdot");
    *q = sq;
}

static void test_checks_of_kinds(void)
{
    ccref_rng rng = {977u};
    for (int kind = 0; kind < CCREF_KIND_COUNT; kind++) {
        const kind_fields *kf = cli_kind_fields((ccref_kind)kind);
        ccref_case k0 = ccref_random_case(&rng, (ccref_kind)kind, 1), k = k0;
        any_case t = {&k, NULL};
        expect_status(t, CCREF_OK, "valid");
        for (const field_desc *d = kf->params; d->name != NULL; d++) {
            k = k0;
            break_param(t, &k.params, d);
        }
        k = k0;
        break_state(t, kf->state, &k.body1, &k.body2, &k.coordinate);
    }
}

static void test_checks_of_classes(void)
{
    ccref_rng rng = {978u};
    for (int cls = 0; cls < CCREF_CONTACT_COUNT; cls++) {
        const contact_fields *cf = cli_contact_fields((ccref_contact_class)cls);
        ccref_contact_case c0 = ccref_random_contact_case(&rng, (ccref_contact_class)cls), c = c0;
        any_case t = {NULL, &c};
        expect_status(t, CCREF_OK, "valid");
        for (const field_desc *d = cf->params; d->name != NULL; d++) {
            c = c0;
            break_param(t, &c.params, d);
        }
        c = c0;
        break_state(t, cf->state, &c.body1, &c.body2, &c.coordinate);
    }
    /* per kind and class: the valid case, 3 state probes, and at least one break of a parameter */
    CU_ASSERT(n_checked >= 5 * (CCREF_KIND_COUNT + CCREF_CONTACT_COUNT));
}

/* ---------------------------------------------------------------- flat names */

static void test_flat_names_round_trip(void)
{
    for (int k = 0; k < CCREF_KIND_COUNT; k++) {
        int n = ccref_kind_outputs((ccref_kind)k);
        CU_ASSERT(n > CCREF_SLOT_AUX && n <= CCREF_SLOT_MAX);
        for (int i = 0; i < n; i++)
            CU_ASSERT_EQUAL(ccref_output_slot((ccref_kind)k, ccref_output_name((ccref_kind)k, i)), i);
        CU_ASSERT_PTR_NULL(ccref_output_name((ccref_kind)k, n));
    }
}

static void register_kinds(CU_pSuite s)
{
    CU_add_test(s, "the table's names are the library's", test_names);
    CU_add_test(s, "the parameters cover each params struct", test_params_cover_structs);
    CU_add_test(s, "each class restates its kind's parameters", test_like_kinds);
    CU_add_test(s, "rows: the table and ccref_case_rows", test_rows);
    CU_add_test(s, "checks of every kind's parameters and state: kernel and oracle", test_checks_of_kinds);
    CU_add_test(s, "checks of every class's parameters and state: kernel and oracle", test_checks_of_classes);
    CU_add_test(s, "flat names map back to their slots", test_flat_names_round_trip);
}

CCREF_TEST_SUITE("kinds", register_kinds)
