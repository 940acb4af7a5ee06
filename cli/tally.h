/* tally.h: the statistics of a `ccref check` run, accumulated from its per-test records (verdict.h) in the order of
 * the tests: per suite and family, per suite and output, per alternative's flag, and the totals of the summary. A
 * function of the records only; report.h prints it. */
#ifndef CCREF_CLI_TALLY_H
#define CCREF_CLI_TALLY_H

#include "verdict.h"

/* Per suite and family (a group name), in the order first met. */
typedef struct {
    int suite;
    char family[40];
    long tests, passed, failed, alternative, missing, invalid_accepted, drifted;
    long values_compared, values_unbounded, values_uncertified, values_missing;
    double worst_ratio, worst_ulps, max_drift; /* worst_*: over the tests judged, failed ones included */
    char worst_where[120];      /* "<output>, tcId <n>" of worst_ratio */
    char failing[200];          /* the failing tcIds, " ..." when they do not fit */
} family_tally;

/* Per suite and output, over the tests judged (a failure counts in every statistic): values compared, the worst ratio to the tolerance and the worst error
 * in ulps (outputs not near zero), with the tcId where each occurs. */
typedef struct {
    long compared;
    double worst_ratio, worst_ulps;
    int ratio_tc, ulps_tc;
} output_tally;

typedef struct {
    /* tests by the vectors' result; passed, by the result judged */
    long valid, valid_passed, acceptable, acceptable_expected, acceptable_alternative, invalid, invalid_rejected;
    long invalid_accepted, failed, not_reported, outputs_not_reported;
    long not_reported_by_result[3]; /* not_reported by the vectors' result (test_result) */
    long failed_by_result[3];   /* failed, the same way */
    long drifted;               /* tests judged at other inputs (the engine's inputs_used) */
    long reclassified;          /* of them, those whose result at those inputs differs from the vectors' (each
                                   test is counted by the vectors' result) */
    double max_drift;
    long values_compared, values_unbounded, values_uncertified;
    long discrete_compared;     /* discrete outputs compared (a suite of discrete outputs only: unilateral_classify) */
    long not_claimed;           /* tests of suites the engine does not claim (--claims): not judged */
    long values_compared_acceptable; /* of values_compared, those of outputs of the acceptable class */
    long alternatives_by_flag[FLAG_COUNT];
    output_tally outputs[SUITE_COUNT][CCREF_MAX_SLOTS];
    family_tally *families;
    int n_families, max_families;
} check_tally;

/* An empty tally for at most max_families suite and family pairs (the vector files' groups); 0, or -1 out of memory. */
int tally_init(check_tally *t, int max_families);
void tally_free(check_tally *t);
/* Count one record (records are counted in the order of the tests: the first output compared, the first failing
 * tcIds are kept). */
void tally_add(check_tally *t, const test_record *r);
/* The exit status of `ccref check` for a complete run: 1 when a test failed (or, with require_all, a test was not
 * reported), or when nothing was compared (no value and no discrete output: a run that checked nothing never
 * passes), else 0. */
int tally_exit_status(const check_tally *t, int require_all);
/* Whether nothing was compared. */
int tally_nothing_compared(const check_tally *t);

#endif
