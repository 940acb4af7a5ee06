/* tally.c: see tally.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tally.h"

int tally_init(check_tally *t, int max_families)
{
    memset(t, 0, sizeof *t);
    t->max_families = max_families > 0 ? max_families : 1;
    t->families = calloc((size_t)t->max_families, sizeof *t->families);
    return t->families != NULL ? 0 : -1;
}

void tally_free(check_tally *t)
{
    free(t->families);
    t->families = NULL;
    t->n_families = t->max_families = 0;
}

/* The row of a suite and family, added when first met (the last row takes the rest if the table is full). */
static family_tally *family_of(check_tally *t, int suite, const char *family)
{
    for (int i = 0; i < t->n_families; i++)
        if (t->families[i].suite == suite && strcmp(t->families[i].family, family) == 0)
            return &t->families[i];
    if (t->n_families >= t->max_families)
        return &t->families[t->max_families - 1];
    family_tally *f = &t->families[t->n_families++];
    f->suite = suite;
    snprintf(f->family, sizeof f->family, "%s", family);
    return f;
}

/* The tcId appended to the family's failing list while it fits, then " ...". */
static void note_failure(family_tally *f, int tc_id)
{
    size_t l = strlen(f->failing);
    if (l < sizeof f->failing - 12)
        snprintf(f->failing + l, sizeof f->failing - l, "%s%d", l ? " " : "", tc_id);
    else if (l < sizeof f->failing - 1 && f->failing[l - 1] != '.')
        snprintf(f->failing + l, sizeof f->failing - l, " ...");
}

/* The compared outputs of a judged test into the per-output statistics; the first value compared of an output
 * names its tcId even at a ratio of 0. */
static void note_outputs(check_tally *t, const test_record *r)
{
    const match_report *m = &r->match;
    for (int i = 0; i < CCREF_MAX_SLOTS; i++) {
        const output_comparison *c = &m->out[i];
        if (c->state != OUTPUT_COMPARED)
            continue;
        output_tally *o = &t->outputs[r->suite][i];
        o->compared++;
        if (o->compared == 1 || !(c->ratio <= o->worst_ratio)) {
            o->worst_ratio = c->ratio;
            o->ratio_tc = r->tc_id;
        }
        if (c->ulps > o->worst_ulps) { /* not for a NaN */
            o->worst_ulps = c->ulps;
            o->ulps_tc = r->tc_id;
        }
    }
}

/* A test passed, as expected or as an alternative: counted by the vectors' result, as the totals count it (one
 * classification; a test judged at other inputs may have another result there, counted apart); the family's worst
 * ratio. */
static void note_pass(check_tally *t, family_tally *f, const test_record *r)
{
    f->passed += r->verdict == VERDICT_PASS;
    f->alternative += r->verdict == VERDICT_ALTERNATIVE;
    if (r->result == RESULT_VALID)
        t->valid_passed++;
    else if (r->result == RESULT_INVALID)
        t->invalid_rejected++;
    else if (r->verdict == VERDICT_PASS)
        t->acceptable_expected++;
    else
        t->acceptable_alternative++;
    if (r->verdict == VERDICT_ALTERNATIVE)
        t->alternatives_by_flag[r->alt_flag]++;
}

/* The compared values of a judged test, passed or failed, in the per-output statistics and the family's worst
 * ratio: a failure counts in every statistic. */
static void note_measures(check_tally *t, family_tally *f, const test_record *r)
{
    const match_report *m = &r->match;
    note_outputs(t, r);
    if (m->worst_slot < 0)
        return;
    f->worst_ulps = fmax(f->worst_ulps, m->worst_ulps);
    if (!(m->worst_ratio <= f->worst_ratio)) { /* also a NaN's +Inf */
        f->worst_ratio = m->worst_ratio;
        snprintf(f->worst_where, sizeof f->worst_where, "%s, tcId %d", slot_name(r->suite, m->worst_slot), r->tc_id);
    }
}

/* A test failed (or the engine reported an error for it). */
static void note_fail(check_tally *t, family_tally *f, const test_record *r)
{
    f->failed++;
    t->failed++;
    t->failed_by_result[r->result]++;
    note_failure(f, r->tc_id);
    if (r->invalid_accepted) {
        f->invalid_accepted++;
        t->invalid_accepted++;
    }
}

/* The values of a judged test, whatever its verdict. */
static void note_values(check_tally *t, family_tally *f, const test_record *r)
{
    const match_report *m = &r->match;
    t->outputs_not_reported += r->outputs_not_reported;
    f->values_compared += m->values_compared;
    f->values_unbounded += m->values_unbounded;
    f->values_uncertified += m->values_uncertified;
    f->values_missing += m->values_missing;
    t->values_compared += m->values_compared;
    t->discrete_compared += m->discrete_compared;
    t->values_compared_acceptable += r->values_compared_acceptable;
    t->values_unbounded += m->values_unbounded;
    t->values_uncertified += m->values_uncertified;
}

void tally_add(check_tally *t, const test_record *r)
{
    family_tally *f = family_of(t, r->suite, r->family);
    f->tests++;
    t->valid += r->result == RESULT_VALID;
    t->acceptable += r->result == RESULT_ACCEPTABLE;
    t->invalid += r->result == RESULT_INVALID;
    if (r->drift > 0.0) {
        t->reclassified += r->verdict != VERDICT_NOT_REPORTED && r->judged_result != r->result;
        f->drifted++;
        f->max_drift = fmax(f->max_drift, r->drift);
        t->drifted++;
        t->max_drift = fmax(t->max_drift, r->drift);
    }
    switch (r->verdict) {
    case VERDICT_NOT_REPORTED:
        f->missing++;
        t->not_reported++;
        t->not_reported_by_result[r->result]++;
        return;
    case VERDICT_ERROR: note_fail(t, f, r); return;
    case VERDICT_PASS:
    case VERDICT_ALTERNATIVE: note_pass(t, f, r); break;
    case VERDICT_FAIL: note_fail(t, f, r); break;
    }
    note_measures(t, f, r);
    note_values(t, f, r);
}

int tally_nothing_compared(const check_tally *t) { return t->values_compared + t->discrete_compared == 0; }

int tally_exit_status(const check_tally *t, int require_all)
{
    return t->failed > 0 || (require_all && t->not_reported > 0) || tally_nothing_compared(t) ? 1 : 0;
}
