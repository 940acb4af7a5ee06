/* test_judge.c: the judge of `ccref check` in its parts, on answers, records and tallies built by hand (cli/verdict.h,
 * cli/tally.h, cli/report.h): every expected value below is derived in the comment beside it, not read from a run.
 * The rod suite serves throughout (status, mp, mv and deviations; its outputs perr[0], verr[0], aerr[0], tension,
 * orientation.x, ...). tests/test_cli.c checks the whole command. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testlib.h"
#include "../cli/report.h"
#include "../cli/tally.h"
#include "../cli/verdict.h"

static int rod(void) { return suite_from_name("rod"); }

static int slot(const char *name)
{
    int s = slot_from_name(rod(), name);
    CU_ASSERT_FATAL(s >= 0);
    return s;
}

/* An OK answer of a rod (mp 1, mv 0) with no output in use yet. */
static void ok_answer(answer *a)
{
    answer_init(a, rod());
    a->o.d.status = CCREF_OK;
    a->o.d.mp = 1;
}

static void expect_output(answer *a, const char *name, double value, double tol, int cert_bits)
{
    int s = slot(name);
    a->o.in_use[s] = 1;
    a->o.value[s] = value;
    a->tol[s] = tol;
    a->cert_bits[s] = cert_bits;
}

/* An engine's OK answer with mp 1, mv 0 and no deviation, every discrete output reported, no output yet. */
static void engine_ok(engine_answer *e)
{
    memset(e, 0, sizeof *e);
    e->present = 1;
    e->got.suite = rod();
    e->got.n = suite_slots(rod());
    e->got.d.status = CCREF_OK;
    e->got.d.mp = 1;
    e->disc_reported = DISC_MP | DISC_MV | DISC_DEVIATIONS;
}

static void report_output(engine_answer *e, const char *name, double value)
{
    e->got.value[slot(name)] = value;
    e->reported[slot(name)] = 1;
}

/* ------------------------------------------------------------------ match_answer */

/* One output of each kind of comparison. ulp(1) = 2^-52 and ulp(2) = 2^-51, so:
 *  perr[0]: 1 + 2^-51 against 1 with tolerance 2^-50: error 2^-51, ratio 1/2, 2 ulps; passes;
 *  verr[0]: 2 + 2^-48 against 2 with tolerance 2^-49: error 2^-48, ratio 2, 8 ulps; fails (the worst measured);
 *  aerr[0]: not certified; tension: no bound (tolerance +Inf); orientation.x: not reported; orientation.y: an
 *  alternative's unconstrained output answered NaN (fails: not finite); orientation.z: 1.5 against 1 with tolerance 1,
 *  over 2^20 ulps: ratio 1/2 and no count of ulps (NaN); force_on_body1.moment.x: not in use. */
static void test_match_each_comparison(void)
{
    static answer a;
    ok_answer(&a);
    expect_output(&a, "perr[0]", 1.0, 0x1p-50, 60);
    expect_output(&a, "verr[0]", 2.0, 0x1p-49, 60);
    expect_output(&a, "aerr[0]", 3.0, 0x1p-40, 0);
    expect_output(&a, "tension", 4.0, INFINITY, 60);
    expect_output(&a, "orientation.x", 5.0, 0x1p-40, 60);
    expect_output(&a, "orientation.y", 6.0, 0x1p-40, 60);
    a.unconstrained[slot("orientation.y")] = 1;
    expect_output(&a, "orientation.z", 1.0, 1.0, 60);
    engine_answer e;
    engine_ok(&e);
    report_output(&e, "perr[0]", 1.0 + 0x1p-51);
    report_output(&e, "verr[0]", 2.0 + 0x1p-48);
    report_output(&e, "aerr[0]", 99.0);
    report_output(&e, "tension", 99.0);
    report_output(&e, "orientation.y", NAN);
    report_output(&e, "orientation.z", 1.5);
    match_report m;
    match_answer(&a, &e.got, e.reported, e.disc_reported, &m);

    const output_comparison *p = &m.out[slot("perr[0]")], *v = &m.out[slot("verr[0]")];
    CU_ASSERT_EQUAL(p->state, OUTPUT_COMPARED);
    ASSERT_EXACT(p->value, 1.0 + 0x1p-51);
    ASSERT_EXACT(p->expected, 1.0);
    ASSERT_EXACT(p->tol, 0x1p-50);
    ASSERT_EXACT(p->ratio, 0.5);
    ASSERT_EXACT(p->ulps, 2.0);
    CU_ASSERT_FALSE(p->failed);
    CU_ASSERT_EQUAL(v->state, OUTPUT_COMPARED);
    ASSERT_EXACT(v->ratio, 2.0);
    ASSERT_EXACT(v->ulps, 8.0);
    CU_ASSERT_TRUE(v->failed);
    CU_ASSERT_EQUAL(m.out[slot("aerr[0]")].state, OUTPUT_UNCERTIFIED);
    CU_ASSERT_EQUAL(m.out[slot("tension")].state, OUTPUT_UNBOUNDED);
    CU_ASSERT_EQUAL(m.out[slot("orientation.x")].state, OUTPUT_NOT_REPORTED);
    ASSERT_EXACT(m.out[slot("orientation.x")].expected, 5.0);
    CU_ASSERT_EQUAL(m.out[slot("orientation.y")].state, OUTPUT_UNCONSTRAINED);
    CU_ASSERT_TRUE(m.out[slot("orientation.y")].failed);
    const output_comparison *z = &m.out[slot("orientation.z")];
    CU_ASSERT_EQUAL(z->state, OUTPUT_COMPARED);
    ASSERT_EXACT(z->ratio, 0.5);
    CU_ASSERT(isnan(z->ulps));
    CU_ASSERT_FALSE(z->failed);
    CU_ASSERT_EQUAL(m.out[slot("force_on_body1.moment.x")].state, OUTPUT_NOT_IN_USE);

    CU_ASSERT_EQUAL(m.values_compared, 3);
    CU_ASSERT_EQUAL(m.values_failed, 1);
    CU_ASSERT_EQUAL(m.values_uncertified, 1);
    CU_ASSERT_EQUAL(m.values_unbounded, 1);
    CU_ASSERT_EQUAL(m.values_missing, 1);
    ASSERT_EXACT(m.worst_ratio, 2.0);
    CU_ASSERT_EQUAL(m.worst_slot, slot("verr[0]"));
    ASSERT_EXACT(m.worst_ulps, 8.0);
    CU_ASSERT_TRUE(m.status_ok);
    CU_ASSERT_TRUE(m.discrete_ok);
    CU_ASSERT_FALSE(m.pass);
    /* the failure named is the worst: a non-finite value where any finite one was accepted (no ratio measures it) */
    CU_ASSERT_STRING_EQUAL(m.failure, "orientation.y = nan is not finite (any finite value accepted)");
    /* without it, the worst value outside its tolerance: 2 + 2^-48 = 0x1.0000000000008p+1 (2^-48 is 2^-49 of the
     * leading 1, the 13th hex digit 8) */
    report_output(&e, "orientation.y", 0.0);
    match_answer(&a, &e.got, e.reported, e.disc_reported, &m);
    CU_ASSERT_STRING_EQUAL(m.failure, "verr[0] = 0x1.0000000000008p+1, expected 0x1p+1 (error 2 tolerances)");
    /* an output with no bound, or not certified, is not compared, but its exact value is finite: a NaN or an
     * infinity there fails (spec/vectors.md section 10, step 3.3), and is named before the worst ratio */
    report_output(&e, "verr[0]", 2.0);
    report_output(&e, "tension", INFINITY);
    match_answer(&a, &e.got, e.reported, e.disc_reported, &m);
    CU_ASSERT_TRUE(m.out[slot("tension")].failed);
    CU_ASSERT_EQUAL(m.out[slot("tension")].state, OUTPUT_UNBOUNDED);
    CU_ASSERT_FALSE(m.pass);
    CU_ASSERT_STRING_EQUAL(m.failure, "tension = inf is not finite (no bound claimed, any finite value accepted)");
    report_output(&e, "tension", 99.0);
    report_output(&e, "aerr[0]", -NAN);
    match_answer(&a, &e.got, e.reported, e.disc_reported, &m);
    CU_ASSERT_TRUE(m.out[slot("aerr[0]")].failed);
    CU_ASSERT_FALSE(m.pass);
    CU_ASSERT_STRING_EQUAL(m.failure, "aerr[0] = nan is not finite (not certified, any finite value accepted)");
    report_output(&e, "aerr[0]", 99.0);
    match_answer(&a, &e.got, e.reported, e.disc_reported, &m);
    CU_ASSERT_TRUE(m.pass);
}

/* Statuses: an engine without the OK_* variants answers OK; the generic ERROR stands for any error status; another
 * status fails, and then no value is looked at. */
static void test_match_statuses(void)
{
    static answer a;
    engine_answer e;
    match_report m;
    ok_answer(&a);
    a.o.d.status = CCREF_OK_SINGULAR_DIRECTION;
    expect_output(&a, "perr[0]", 1.0, 0x1p-50, 60);
    engine_ok(&e);
    report_output(&e, "perr[0]", 1.0);
    match_answer(&a, &e.got, e.reported, e.disc_reported, &m);
    CU_ASSERT_TRUE(m.pass);

    answer_init(&a, rod());
    a.o.d.status = CCREF_E_NOT_ROTATION;
    engine_ok(&e);
    e.got.d.status = (ccref_status)STATUS_ANY_ERROR;
    match_answer(&a, &e.got, e.reported, e.disc_reported, &m);
    CU_ASSERT_TRUE(m.pass);
    e.got.d.status = CCREF_E_NONFINITE_INPUT;
    match_answer(&a, &e.got, e.reported, e.disc_reported, &m);
    CU_ASSERT_FALSE(m.pass);
    CU_ASSERT_STRING_EQUAL(m.failure, "status E_NONFINITE_INPUT, expected E_NOT_ROTATION");

    ok_answer(&a);
    expect_output(&a, "perr[0]", 1.0, 0x1p-50, 60);
    match_answer(&a, &e.got, e.reported, e.disc_reported, &m);
    CU_ASSERT_FALSE(m.status_ok);
    CU_ASSERT_STRING_EQUAL(m.failure, "status E_NONFINITE_INPUT, expected OK");
    CU_ASSERT_EQUAL(m.out[slot("perr[0]")].state, OUTPUT_NOT_LOOKED_AT);
    CU_ASSERT_EQUAL(m.values_compared, 0);
    CU_ASSERT_EQUAL(m.worst_slot, -1);
}

/* Discrete outputs: compared only where reported and constrained. */
static void test_match_discrete(void)
{
    static answer a;
    engine_answer e;
    match_report m;
    ok_answer(&a);
    engine_ok(&e);
    e.got.d.mp = 2;
    match_answer(&a, &e.got, e.reported, e.disc_reported, &m);
    CU_ASSERT_FALSE(m.discrete_ok);
    CU_ASSERT_FALSE(m.pass);
    CU_ASSERT_STRING_EQUAL(m.failure, "mp is 2, expected 1");
    match_answer(&a, &e.got, e.reported, DISC_MV | DISC_DEVIATIONS, &m); /* mp not reported */
    CU_ASSERT_TRUE(m.pass);
    a.disc_unconstrained = DISC_MP;
    match_answer(&a, &e.got, e.reported, e.disc_reported, &m);
    CU_ASSERT_TRUE(m.pass);
}

/* An engine's OK answer that reports perr[0] = v alone, matched against answer a. */
static void match_perr(const answer *a, double v, match_report *m)
{
    engine_answer e;
    engine_ok(&e);
    report_output(&e, "perr[0]", v);
    match_answer(a, &e.got, e.reported, e.disc_reported, m);
}

/* Every rule of the matching at its boundary (spec/vectors.md section 10, the verdict step by step): a value exactly
 * one tolerance away passes and the next double beyond fails, upward and downward, for a power-of-two tolerance and
 * another; NaN and both infinities never pass; +0 and -0 are equal. */
static void test_match_boundaries(void)
{
    static answer a;
    static const double tols[] = {0x1p-50, 0x3p-52};
    for (int k = 0; k < 2; k++) {
        const double T = tols[k];
        ok_answer(&a);
        expect_output(&a, "perr[0]", 1.0, T, 60);
        const double at[] = {1.0 + T, 1.0 - T}, beyond[] = {nextafter(1.0 + T, 2.0), nextafter(1.0 - T, 0.0)};
        for (int dir = 0; dir < 2; dir++) {
            CU_ASSERT_EQUAL(fabs(at[dir] - 1.0), T); /* exactly one tolerance away */
            match_report m;
            match_perr(&a, at[dir], &m);
            CU_ASSERT_TRUE(m.pass);
            ASSERT_EXACT(m.worst_ratio, 1.0);
            match_perr(&a, beyond[dir], &m);
            CU_ASSERT_FALSE(m.pass);
            CU_ASSERT(m.worst_ratio > 1.0);
        }
    }
    ok_answer(&a);
    expect_output(&a, "perr[0]", 1.0, 0x1p40, 60); /* a huge tolerance: still no NaN or infinity */
    static const double never[] = {NAN, INFINITY, -INFINITY};
    for (int i = 0; i < 3; i++) {
        match_report m;
        match_perr(&a, never[i], &m);
        CU_ASSERT_FALSE(m.pass);
        CU_ASSERT_EQUAL(m.values_failed, 1);
        CU_ASSERT(isinf(m.worst_ratio)); /* a NaN's ratio is +Inf too */
    }
    ok_answer(&a);
    expect_output(&a, "perr[0]", 0.0, 0x1p-1074, 60); /* an exact zero */
    match_report m;
    match_perr(&a, -0.0, &m);
    CU_ASSERT_TRUE(m.pass);
    ASSERT_EXACT(m.worst_ratio, 0.0);
}

/* Statuses at their boundaries: the generic ERROR passes on an invalid test and fails on a valid one; another error
 * status than the expected one fails; OK stands for every OK-class status, not the other way round; an invalid
 * input answered OK is an invalid input accepted. */
static void test_status_boundaries(void)
{
    static vtest t;
    static test_record r;
    engine_answer e;
    memset(&t, 0, sizeof t);
    t.c.suite = rod();
    t.result = RESULT_INVALID;
    answer_init(&t.expected, rod());
    t.expected.o.d.status = CCREF_E_NOT_ROTATION;
    engine_ok(&e);
    e.got.d.status = STATUS_ANY_ERROR;
    classify_test(&t, &e, NULL, &r);
    CU_ASSERT_EQUAL(r.verdict, VERDICT_PASS);
    e.got.d.status = CCREF_E_NONFINITE_INPUT;
    classify_test(&t, &e, NULL, &r);
    CU_ASSERT_EQUAL(r.verdict, VERDICT_FAIL);
    CU_ASSERT_FALSE(r.invalid_accepted);
    e.got.d.status = CCREF_OK;
    classify_test(&t, &e, NULL, &r);
    CU_ASSERT_EQUAL(r.verdict, VERDICT_FAIL);
    CU_ASSERT_TRUE(r.invalid_accepted);
    /* a valid test */
    t.result = RESULT_VALID;
    ok_answer(&t.expected);
    expect_output(&t.expected, "perr[0]", 1.0, 0x1p-50, 60);
    engine_ok(&e);
    report_output(&e, "perr[0]", 1.0);
    e.got.d.status = STATUS_ANY_ERROR;
    classify_test(&t, &e, NULL, &r);
    CU_ASSERT_EQUAL(r.verdict, VERDICT_FAIL);
    t.expected.o.d.status = CCREF_OK_SINGULAR_DIRECTION;
    e.got.d.status = CCREF_OK; /* an engine without the OK_* variants */
    classify_test(&t, &e, NULL, &r);
    CU_ASSERT_EQUAL(r.verdict, VERDICT_PASS);
    t.expected.o.d.status = CCREF_OK;
    e.got.d.status = CCREF_OK_SINGULAR_DIRECTION;
    classify_test(&t, &e, NULL, &r);
    CU_ASSERT_EQUAL(r.verdict, VERDICT_FAIL);
    CU_ASSERT_STRING_EQUAL(r.match.failure, "status OK_SINGULAR_DIRECTION, expected OK");
}

/* An acceptable test with a value-carrying alternative passes on either answer and fails on a value matching
 * neither; a discrete output the alternative leaves free (null) takes any value there. */
static void test_alternative_boundaries(void)
{
    static vtest t;
    static test_record r;
    engine_answer e;
    memset(&t, 0, sizeof t);
    t.tc_id = 3;
    t.result = RESULT_ACCEPTABLE;
    t.c.suite = rod();
    ok_answer(&t.expected);
    expect_output(&t.expected, "perr[0]", 1.0, 0x1p-50, 60);
    t.alt[0] = t.expected;
    t.alt[0].o.value[slot("perr[0]")] = 3.0;
    t.alt[0].flag = FLAG_DECISION_BAND;
    snprintf(t.alt[0].branch, sizeof t.alt[0].branch, "singular=1");
    t.alt[0].disc_unconstrained = DISC_MP;
    t.n_alt = 1;
    static const struct { double v; int mp; test_verdict want; } cases[] = {
        {1.0, 1, VERDICT_PASS}, {3.0, 1, VERDICT_ALTERNATIVE}, {3.0 + 0x1p-50, 1, VERDICT_ALTERNATIVE},
        {3.0 + 0x1p-48, 1, VERDICT_FAIL}, {2.0, 1, VERDICT_FAIL}, {3.0, 5, VERDICT_ALTERNATIVE},
        {1.0, 5, VERDICT_FAIL}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        engine_ok(&e);
        e.got.d.mp = cases[i].mp;
        report_output(&e, "perr[0]", cases[i].v);
        classify_test(&t, &e, NULL, &r);
        CU_ASSERT_EQUAL(r.verdict, cases[i].want);
        if (cases[i].want == VERDICT_ALTERNATIVE)
            CU_ASSERT(r.alt_flag == FLAG_DECISION_BAND && strcmp(r.alt_branch, "singular=1") == 0);
    }
    /* the band's other branch has its own status: an engine on that branch with a wrong value fails, described and
     * measured against that alternative (its worst output named), not as a status mismatch */
    t.alt[0].o.d.status = CCREF_OK_SINGULAR_DIRECTION;
    engine_ok(&e);
    e.got.d.status = CCREF_OK_SINGULAR_DIRECTION;
    report_output(&e, "perr[0]", 3.5);
    classify_test(&t, &e, NULL, &r);
    CU_ASSERT_EQUAL(r.verdict, VERDICT_FAIL);
    CU_ASSERT(strncmp(r.match.failure, "against the alternative DecisionBand (singular=1), whose status it has: "
                      "perr[0] = 0x1.cp+1, expected 0x1.8p+1", 90) == 0);
    CU_ASSERT_EQUAL(r.match.values_compared, 1);
    CU_ASSERT_EQUAL(r.match.worst_slot, slot("perr[0]"));
}

/* ------------------------------------------------------------------ classify_test */

/* An acceptable rod test: perr[0] expected 1 (tolerance 2^-50), or 3 as a decision band's alternative. */
static void acceptable_test(vtest *t)
{
    memset(t, 0, sizeof *t);
    t->tc_id = 7;
    t->result = RESULT_ACCEPTABLE;
    t->c.suite = rod();
    ok_answer(&t->expected);
    expect_output(&t->expected, "perr[0]", 1.0, 0x1p-50, 60);
    t->alt[0] = t->expected;
    t->alt[0].o.value[slot("perr[0]")] = 3.0;
    t->alt[0].flag = FLAG_DECISION_BAND;
    snprintf(t->alt[0].branch, sizeof t->alt[0].branch, "sense=-1");
    t->n_alt = 1;
}

/* An output is of the acceptable class when an alternative lists it, else valid (spec/vectors.md section 5): the
 * values compared are counted per class. */
static void test_output_classes(void)
{
    static vtest t;
    static test_record r;
    engine_answer e;
    acceptable_test(&t);
    expect_output(&t.expected, "verr[0]", 2.0, 0x1p-50, 60);
    t.alt[0].o.value[slot("verr[0]")] = 2.0; /* the alternative keeps verr[0]: valid class */
    t.alt[0].tol[slot("verr[0]")] = 0x1p-50;
    t.alt[0].cert_bits[slot("verr[0]")] = 60;
    t.alt[0].o.in_use[slot("verr[0]")] = 1;
    CU_ASSERT_EQUAL(vtest_output_acceptable(&t, slot("perr[0]")), 1);
    CU_ASSERT_EQUAL(vtest_output_acceptable(&t, slot("verr[0]")), 0);
    engine_ok(&e);
    report_output(&e, "perr[0]", 3.0); /* the alternative's perr */
    report_output(&e, "verr[0]", 2.0);
    classify_test(&t, &e, NULL, &r);
    CU_ASSERT_EQUAL(r.verdict, VERDICT_ALTERNATIVE);
    CU_ASSERT_EQUAL(r.match.values_compared, 2);
    CU_ASSERT_EQUAL(r.values_compared_acceptable, 1);
    report_output(&e, "verr[0]", 2.5); /* a valid-class output wrong: no answer matches */
    classify_test(&t, &e, NULL, &r);
    CU_ASSERT_EQUAL(r.verdict, VERDICT_FAIL);
}

static void test_classify_verdicts(void)
{
    static vtest t;
    static test_record r;
    engine_answer e;
    acceptable_test(&t);
    engine_ok(&e);
    report_output(&e, "perr[0]", 1.0);
    classify_test(&t, &e, NULL, &r);
    CU_ASSERT_EQUAL(r.verdict, VERDICT_PASS);
    CU_ASSERT_EQUAL(r.alt_flag, -1);
    CU_ASSERT_EQUAL(r.judged_result, RESULT_ACCEPTABLE);

    report_output(&e, "perr[0]", 3.0);
    classify_test(&t, &e, NULL, &r);
    CU_ASSERT_EQUAL(r.verdict, VERDICT_ALTERNATIVE);
    CU_ASSERT_EQUAL(r.alt_flag, FLAG_DECISION_BAND);
    CU_ASSERT_STRING_EQUAL(r.alt_branch, "sense=-1");
    CU_ASSERT_TRUE(r.match.pass); /* the report is the alternative's: 3 against 3 */
    ASSERT_EXACT(r.match.worst_ratio, 0.0);

    /* 2 against 1: an error of 1 = 2^50 tolerances (1125899906842624, "%.3g" 1.13e+15); 2 against 3 fails too */
    report_output(&e, "perr[0]", 2.0);
    classify_test(&t, &e, NULL, &r);
    CU_ASSERT_EQUAL(r.verdict, VERDICT_FAIL);
    CU_ASSERT_FALSE(r.invalid_accepted);
    CU_ASSERT_STRING_EQUAL(r.match.failure, "perr[0] = 0x1p+1, expected 0x1p+0 (error 1.13e+15 tolerances)");

    e.present = 0;
    classify_test(&t, &e, NULL, &r);
    CU_ASSERT_EQUAL(r.verdict, VERDICT_NOT_REPORTED);
    e.present = 1;
    e.error = 1;
    classify_test(&t, &e, NULL, &r);
    CU_ASSERT_EQUAL(r.verdict, VERDICT_ERROR);
}

/* --require-all: an output or a discrete output the engine leaves out fails a test that would pass, naming it;
 * --claims: a claimed output left out fails, an output not claimed does not; a claimed test not reported fails. */
static void test_classify_require_all(void)
{
    static vtest t;
    static test_record r;
    engine_answer e;
    acceptable_test(&t);
    t.result = RESULT_VALID;
    t.n_alt = 0;
    engine_ok(&e); /* perr[0] not reported */
    required_outputs all, claimed, other;
    memset(&all, 1, sizeof all.slot);
    all.discrete = 1;
    all.test = 0;
    memset(&claimed, 0, sizeof claimed);
    claimed.test = 1;
    claimed.slot[slot("perr[0]")] = 1;
    other = claimed;
    other.slot[slot("perr[0]")] = 0;
    other.slot[slot("verr[0]")] = 1; /* not in use in this answer: never required */
    classify_test(&t, &e, NULL, &r);
    CU_ASSERT_EQUAL(r.verdict, VERDICT_PASS);
    CU_ASSERT_EQUAL(r.outputs_not_reported, 1);
    classify_test(&t, &e, &all, &r);
    CU_ASSERT_EQUAL(r.verdict, VERDICT_FAIL);
    CU_ASSERT_STRING_EQUAL(r.match.failure, "perr[0] is not reported, though required (--require-all)");
    classify_test(&t, &e, &claimed, &r);
    CU_ASSERT_EQUAL(r.verdict, VERDICT_FAIL);
    CU_ASSERT_STRING_EQUAL(r.match.failure, "perr[0] is not reported, though required (claimed)");
    classify_test(&t, &e, &other, &r);
    CU_ASSERT_EQUAL(r.verdict, VERDICT_PASS);
    report_output(&e, "perr[0]", 1.0);
    e.disc_reported = DISC_MP | DISC_MV; /* deviations left out */
    classify_test(&t, &e, &all, &r);
    CU_ASSERT_EQUAL(r.verdict, VERDICT_FAIL);
    CU_ASSERT_STRING_EQUAL(r.match.failure, "a discrete output is not reported, though required (--require-all)");
    classify_test(&t, &e, &claimed, &r); /* discrete outputs are not claimed */
    CU_ASSERT_EQUAL(r.verdict, VERDICT_PASS);
    e.disc_reported |= DISC_DEVIATIONS;
    classify_test(&t, &e, &all, &r);
    CU_ASSERT_EQUAL(r.verdict, VERDICT_PASS);
    CU_ASSERT_EQUAL(r.outputs_not_reported, 0);
    e.present = 0; /* a claimed test not reported fails; under --require-all it is counted as not reported */
    classify_test(&t, &e, &claimed, &r);
    CU_ASSERT_EQUAL(r.verdict, VERDICT_FAIL);
    CU_ASSERT_STRING_EQUAL(r.match.failure, "not reported, though its suite is claimed");
    classify_test(&t, &e, &all, &r);
    CU_ASSERT_EQUAL(r.verdict, VERDICT_NOT_REPORTED);
}

/* An invalid input answered with an OK status fails and is counted as accepted; rejected alike it passes. */
static void test_classify_invalid(void)
{
    static vtest t;
    static test_record r;
    engine_answer e;
    memset(&t, 0, sizeof t);
    t.result = RESULT_INVALID;
    t.c.suite = rod();
    answer_init(&t.expected, rod());
    t.expected.o.d.status = CCREF_E_NONFINITE_INPUT;
    engine_ok(&e);
    classify_test(&t, &e, NULL, &r);
    CU_ASSERT_EQUAL(r.verdict, VERDICT_FAIL);
    CU_ASSERT_TRUE(r.invalid_accepted);
    CU_ASSERT_STRING_EQUAL(r.match.failure, "status OK, expected E_NONFINITE_INPUT");
    e.got.d.status = CCREF_E_NONFINITE_INPUT;
    classify_test(&t, &e, NULL, &r);
    CU_ASSERT_EQUAL(r.verdict, VERDICT_PASS);
    CU_ASSERT_FALSE(r.invalid_accepted);
}

/* ------------------------------------------------------------------ tally */

/* A record of the rod suite with one compared output (perr[0]) at the given ratio and ulps. */
static test_record record(int tc_id, const char *family, test_result result, test_verdict v, double ratio,
                          double ulps)
{
    test_record r;
    memset(&r, 0, sizeof r);
    r.suite = rod();
    r.tc_id = tc_id;
    r.family = family;
    r.result = r.judged_result = result;
    r.verdict = v;
    r.alt_flag = -1;
    r.match.worst_slot = -1;
    if (v == VERDICT_NOT_REPORTED || v == VERDICT_ERROR)
        return r;
    int p = slot("perr[0]");
    r.match.out[p].state = OUTPUT_COMPARED;
    r.match.out[p].ratio = ratio;
    r.match.out[p].ulps = ulps;
    r.match.values_compared = 1;
    r.match.worst_slot = p;
    r.match.worst_ratio = ratio;
    r.match.worst_ulps = isnan(ulps) ? 0.0 : ulps;
    return r;
}

/* Seven tests: tc 1, 2 pass at ratio 0 (random; tc 2 with verr[0] compared too, at ratio 0), 3 passes at 1/4 with
 * no ulps (edge, drifted 2^-52), 4 fails at ratio 5 (random), 5 is an engine error (random), 6 is not reported
 * (random), 7 passes as a decision band's alternative at ratio 1/8, 3 ulps (edge). */
static void test_tally_counts(void)
{
    test_record r[7];
    r[0] = record(1, "random", RESULT_VALID, VERDICT_PASS, 0.0, 0.0);
    r[1] = record(2, "random", RESULT_VALID, VERDICT_PASS, 0.0, 0.0);
    r[1].match.out[slot("verr[0]")].state = OUTPUT_COMPARED; /* verr[0] compared once, at ratio 0 */
    r[2] = record(3, "edge", RESULT_VALID, VERDICT_PASS, 0.25, NAN);
    r[2].drift = 0x1p-52;
    r[3] = record(4, "random", RESULT_VALID, VERDICT_FAIL, 5.0, 40.0);
    r[4] = record(5, "random", RESULT_INVALID, VERDICT_ERROR, 0.0, 0.0);
    r[5] = record(6, "random", RESULT_VALID, VERDICT_NOT_REPORTED, 0.0, 0.0);
    r[6] = record(7, "edge", RESULT_ACCEPTABLE, VERDICT_ALTERNATIVE, 0.125, 3.0);
    r[6].alt_flag = FLAG_DECISION_BAND;
    check_tally t;
    CU_ASSERT_FATAL(tally_init(&t, 4) == 0);
    for (int i = 0; i < 7; i++)
        tally_add(&t, &r[i]);

    CU_ASSERT_EQUAL(t.valid, 5);
    CU_ASSERT_EQUAL(t.valid_passed, 3);
    CU_ASSERT_EQUAL(t.acceptable, 1);
    CU_ASSERT_EQUAL(t.acceptable_alternative, 1);
    CU_ASSERT_EQUAL(t.acceptable_expected, 0);
    CU_ASSERT_EQUAL(t.invalid, 1);
    CU_ASSERT_EQUAL(t.invalid_rejected, 0);
    CU_ASSERT_EQUAL(t.failed, 2); /* tc 4 and the engine error of tc 5 */
    CU_ASSERT_EQUAL(t.not_reported, 1);
    CU_ASSERT_EQUAL(t.drifted, 1);
    ASSERT_EXACT(t.max_drift, 0x1p-52);
    CU_ASSERT_EQUAL(t.values_compared, 5); /* every judged test but the error and the missing one */
    CU_ASSERT_EQUAL(t.alternatives_by_flag[FLAG_DECISION_BAND], 1);

    /* families in the order first met */
    CU_ASSERT_EQUAL_FATAL(t.n_families, 2);
    const family_tally *fr = &t.families[0], *fe = &t.families[1];
    CU_ASSERT_STRING_EQUAL(fr->family, "random");
    CU_ASSERT_EQUAL(fr->tests, 5);
    CU_ASSERT_EQUAL(fr->passed, 2);
    CU_ASSERT_EQUAL(fr->failed, 2);
    CU_ASSERT_EQUAL(fr->missing, 1);
    CU_ASSERT_STRING_EQUAL(fr->failing, "4 5");
    ASSERT_EXACT(fr->worst_ratio, 5.0); /* a failure counts in every statistic */
    CU_ASSERT_STRING_EQUAL(fr->worst_where, "perr[0], tcId 4");
    CU_ASSERT_STRING_EQUAL(fe->family, "edge");
    CU_ASSERT_EQUAL(fe->passed, 1);
    CU_ASSERT_EQUAL(fe->alternative, 1);
    ASSERT_EXACT(fe->worst_ratio, 0.25);
    ASSERT_EXACT(fe->worst_ulps, 3.0);
    CU_ASSERT_STRING_EQUAL(fe->worst_where, "perr[0], tcId 3");

    /* perr[0] over the judged tests 1, 2, 3, 4 (failed), 7: the first compared names its tcId at ratio 0; 5 at the
     * failed tc 4 is the worst ratio and its 40 ulps the worst ulps (0, 0, none (NaN), 40, 3) */
    const output_tally *o = &t.outputs[rod()][slot("perr[0]")];
    CU_ASSERT_EQUAL(o->compared, 5);
    ASSERT_EXACT(o->worst_ratio, 5.0);
    CU_ASSERT_EQUAL(o->ratio_tc, 4);
    ASSERT_EXACT(o->worst_ulps, 40.0);
    CU_ASSERT_EQUAL(o->ulps_tc, 4);
    o = &t.outputs[rod()][slot("verr[0]")];
    CU_ASSERT_EQUAL(o->compared, 1);
    CU_ASSERT_EQUAL(o->ratio_tc, 2);
    CU_ASSERT_EQUAL(o->ulps_tc, 0); /* 0 ulps is no worse than none */

    CU_ASSERT_EQUAL(tally_exit_status(&t, 0), 1);
    tally_free(&t);
}

/* The exit status, and the failing list of a family cut at 200 characters: "1000 1001 ..." is 5k - 1 characters
 * after k tcIds; one more is appended while the list is under 188 (k <= 38: 189 after the 38th), then " ...". */
static void test_tally_exit_and_failing_list(void)
{
    check_tally t;
    CU_ASSERT_FATAL(tally_init(&t, 1) == 0);
    test_record r = record(1, "random", RESULT_VALID, VERDICT_NOT_REPORTED, 0.0, 0.0);
    tally_add(&t, &r);
    CU_ASSERT(tally_nothing_compared(&t));
    CU_ASSERT_EQUAL(tally_exit_status(&t, 0), 1); /* nothing compared: a run that checked nothing never passes */
    r = record(2, "random", RESULT_VALID, VERDICT_PASS, 0.5, 0.0); /* one value compared */
    tally_add(&t, &r);
    CU_ASSERT(!tally_nothing_compared(&t));
    CU_ASSERT_EQUAL(tally_exit_status(&t, 0), 0);
    CU_ASSERT_EQUAL(tally_exit_status(&t, 1), 1);
    for (int tc = 1000; tc < 1050; tc++) {
        r = record(tc, "random", RESULT_VALID, VERDICT_FAIL, 2.0, 0.0);
        tally_add(&t, &r);
    }
    char want[200] = "";
    for (int tc = 1000; tc <= 1037; tc++)
        snprintf(want + strlen(want), sizeof want - strlen(want), "%s%d", tc > 1000 ? " " : "", tc);
    strcat(want, " ...");
    CU_ASSERT_EQUAL(strlen(want), 193);
    CU_ASSERT_STRING_EQUAL(t.families[0].failing, want);
    CU_ASSERT_EQUAL(t.families[0].failed, 50);
    tally_free(&t);
}

/* ------------------------------------------------------------------ report */

/* The text a renderer writes, into a string. */
static char *render(void (*fn)(FILE *, const check_report *, int), const check_report *r, int verbose)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    CU_ASSERT_FATAL(f != NULL);
    fn(f, r, verbose);
    fclose(f);
    return buf;
}

static void progress(FILE *f, const check_report *r, int verbose) { report_progress(f, r, verbose); }
static void tests_file(FILE *f, const check_report *r, int verbose)
{
    (void)verbose;
    report_tests(f, r);
}

static int count_lines(const char *s, const char *prefix)
{
    int n = 0;
    for (const char *p = s; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
        n += strncmp(p, prefix, strlen(prefix)) == 0;
    return n;
}

/* 25 failures, the 3rd an engine error: without --verbose the FAIL lines stop at the 20th failure (the engine's error
 * is one of them, with its message), then one line says how many more; with it, all 25. */
static void test_report_fail_lines(void)
{
    static test_record r[25];
    for (int i = 0; i < 25; i++) {
        r[i] = record(i + 1, "random", RESULT_VALID, i == 2 ? VERDICT_ERROR : VERDICT_FAIL, 2.0, 0.0);
        snprintf(r[i].match.failure, sizeof r[i].match.failure, "why %d", i + 1);
    }
    const check_report rep = {1, 0, 25, 25, "hand", "double", r, 25, NULL, 25, 0, 0};
    char *out = render(progress, &rep, 0);
    CU_ASSERT_EQUAL(count_lines(out, "  FAIL "), 20);
    CU_ASSERT(strstr(out, "  FAIL rod/20 (valid, random): why 20\n") != NULL);
    CU_ASSERT(strstr(out, "  FAIL rod/3 (valid, random): why 3\n") != NULL);
    CU_ASSERT(strstr(out, "rod/21") == NULL);
    CU_ASSERT(strstr(out, "  ... and 5 more failed tests (--verbose lists every one; --tests writes them all)\n") !=
              NULL);
    free(out);
    out = render(progress, &rep, 1);
    CU_ASSERT_EQUAL(count_lines(out, "  FAIL "), 25);
    CU_ASSERT(strstr(out, "more failed tests") == NULL);
    free(out);
}

/* --tests: a missing test has no measures; a passed one its condition, worst ratio, ulps and output. */
static void test_report_tests_file(void)
{
    test_record r[2];
    r[0] = record(5, "random", RESULT_VALID, VERDICT_NOT_REPORTED, 0.0, 0.0);
    r[1] = record(6, "edge", RESULT_ACCEPTABLE, VERDICT_ALTERNATIVE, 0.5, 2.0);
    r[1].alt_flag = FLAG_DECISION_BAND;
    r[1].condition = 4.0;
    const check_report rep = {1, 0, 2, 1, "hand", "double", r, 2, NULL, 2, 0, 0};
    char *out = render(tests_file, &rep, 0);
    CU_ASSERT_STRING_EQUAL(out, "suite\ttcId\tfamily\tresult\tverdict\tcondition\tworst_ratio\tworst_ulps\t"
                                "worst_output\n"
                                "rod\t5\trandom\tvalid\tmissing\t\t\t\t\n"
                                "rod\t6\tedge\tacceptable\talternative:DecisionBand\t4\t0.5\t2\tperr[0]\n");
    free(out);
}

static void register_judge(CU_pSuite s)
{
    CU_add_test(s, "match_answer: each kind of output comparison, by hand", test_match_each_comparison);
    CU_add_test(s, "match_answer: statuses (OK for OK_*, ERROR for any error)", test_match_statuses);
    CU_add_test(s, "match_answer: discrete outputs reported and constrained", test_match_discrete);
    CU_add_test(s, "classify_test: pass, alternative, fail, error, not reported", test_classify_verdicts);
    CU_add_test(s, "classify_test: values counted per output class", test_output_classes);
    CU_add_test(s, "classify_test: --require-all and --claims", test_classify_require_all);
    CU_add_test(s, "match_answer: a value one tolerance away, the next double, NaN, infinities, -0",
                test_match_boundaries);
    CU_add_test(s, "classify_test: statuses at their boundaries", test_status_boundaries);
    CU_add_test(s, "classify_test: either answer of a band, and neither", test_alternative_boundaries);
    CU_add_test(s, "classify_test: an invalid input accepted", test_classify_invalid);
    CU_add_test(s, "tally: counts, families, outputs, flags, drift", test_tally_counts);
    CU_add_test(s, "tally: exit status, the failing list cut at 200 characters", test_tally_exit_and_failing_list);
    CU_add_test(s, "report: FAIL lines stop after 20 failures without --verbose", test_report_fail_lines);
    CU_add_test(s, "report: --tests lines", test_report_tests_file);
}
CCREF_TEST_SUITE("judge", register_judge)
