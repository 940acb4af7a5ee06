/* verdict.h: the judge of `ccref check` (spec/vectors.md, "Checking"), test by test: an engine's answer compared
 * with an answer of the vectors output by output (match_answer), and a test classified from those comparisons into
 * one record (classify_test: passed as expected, as an alternative, failed, an engine error, not reported).
 * Functions of their arguments only; counting the records is tally.h's, printing them report.h's. */
#ifndef CCREF_CLI_VERDICT_H
#define CCREF_CLI_VERDICT_H

#include "results.h"

/* One output of an answer against the engine's value, and why it was not compared when it was not. */
typedef enum {
    OUTPUT_NOT_LOOKED_AT = 0,   /* the statuses differ or are errors: no value is looked at */
    OUTPUT_NOT_IN_USE,          /* not an output of the answer's rows */
    OUTPUT_NOT_REPORTED,        /* the engine did not give it */
    OUTPUT_UNCONSTRAINED,       /* an alternative accepts any finite value */
    OUTPUT_UNCERTIFIED,         /* the oracle did not certify the expected value */
    OUTPUT_UNBOUNDED,           /* no proven bound, so no tolerance (NoErrorBound) */
    OUTPUT_COMPARED             /* compared with its tolerance */
} output_state;

typedef struct {
    output_state state;
    int failed;                 /* fails the answer: outside the tolerance or NaN (compared), not finite
                                   (unconstrained) */
    double value, expected, tol; /* the engine's, the answer's, the tolerance (+Inf: none) */
    double ratio;               /* compared: |value - expected| / tol (+Inf for a NaN) */
    double ulps;                /* compared: |value - expected| in ulps of expected; NaN where the tolerance
                                   exceeds 2^20 ulps (near zero, spec/accuracy.md section 5) */
} output_comparison;

/* Does an outcome pass against an answer? 1 when the status, every discrete output and every compared value match
 * within tolerance (unconstrained slots and discrete outputs accepted). `reported` marks the slots the engine
 * reported (NULL: all); `disc_reported` the discrete outputs (DISC_*). */
typedef struct {
    int pass;
    int status_ok;              /* status matched */
    int discrete_ok;            /* every reported discrete output matched */
    int values_compared, values_failed, values_unbounded, values_uncertified, values_missing;
    int discrete_compared;      /* discrete outputs compared (reported, constrained, on an OK-class answer) */
    double worst_ratio, worst_ulps; /* over the compared outputs; worst_ulps over those with ulps */
    int worst_slot;             /* the output of worst_ratio; -1 if none compared */
    output_comparison out[CCREF_MAX_SLOTS]; /* per slot */
    char failure[200];          /* what failed: the status, else a discrete output, else the worst output that
                                   failed ("perr[0] = 0x1p-3, expected 0x1.8p-3 (error 12 tolerances); 3 values
                                   outside") */
} match_report;

void match_answer(const answer *a, const outcome *got, const unsigned char *reported, unsigned disc_reported,
                  match_report *m);

/* ------------------------------------------------------------------ the record of one test */

typedef enum {
    VERDICT_NOT_REPORTED,       /* no result for the test */
    VERDICT_ERROR,              /* the engine reported an error for the case */
    VERDICT_PASS,               /* the expected answer */
    VERDICT_ALTERNATIVE,        /* one of the test's alternatives */
    VERDICT_FAIL
} test_verdict;

typedef struct {
    /* the test */
    int suite, tc_id;
    const char *family;         /* its group's (the vector file's memory) */
    test_result result;         /* as the vectors give it */
    /* as judged: at the inputs the engine used when it reports them and they differ (drift > 0) */
    test_result judged_result;
    double drift;               /* the largest relative change of an input (input_drift); 0: none */
    double condition;           /* the governing condition of the case judged (PASS, ALTERNATIVE, FAIL) */
    test_verdict verdict;
    int alt_flag;               /* ALTERNATIVE: the alternative's flag; else -1 */
    char alt_branch[48];        /* ALTERNATIVE: its branch */
    int invalid_accepted;       /* FAIL: an invalid input answered with an OK-class status */
    int outputs_not_reported;   /* outputs of the expected answer the engine did not give */
    int values_compared_acceptable; /* of match.values_compared, those of outputs of the acceptable class (the
                                       others are of the valid class; spec/vectors.md section 5) */
    match_report match;         /* against the alternative matched, else the expected answer */
} test_record;

/* What an engine must report of a test it is judged on: the output slots (--require-all: all; --claims: those it
 * claims), and whether every discrete output (--require-all). A test not reported fails when `test` is set (its
 * suite is claimed); --require-all counts it as not reported instead (tally_exit_status). */
typedef struct {
    unsigned char slot[CCREF_MAX_SLOTS];
    int discrete;
    int test;
} required_outputs;

/* The verdict of the engine's answer ans for test t as judged (at the inputs the engine used, when they differ
 * from the vectors'): against t's expected answer, then its alternatives; an output required by req (NULL: none)
 * and not reported fails the test, as does a required test not reported. Fills the verdict's fields of rec:
 * judged_result, verdict, alt_flag, alt_branch, invalid_accepted, outputs_not_reported and match (the others are
 * the test's: judge_test). */
void classify_test(const vtest *t, const engine_answer *ans, const required_outputs *req, test_record *rec);

/* Why a test cannot be judged: the inputs the engine reports cannot be read, or no expected answer can be made at
 * them (a bound that contradicts the oracle: a bug). */
enum { JUDGE_OK = 0, JUDGE_BAD_INPUTS_USED, JUDGE_NO_ANSWER_AT_INPUTS_USED };

/* The record of test ti of vector file f for the engine's answer ans: at the inputs the engine used when it reports
 * them and they differ from the test's (its expected answer made again with the oracle *ctx, created when first
 * needed; the caller frees it; copied into *remade when remade is not NULL and rec->drift > 0), then classified. JUDGE_OK, or another JUDGE_* with msg ("inputs_used.<field>:
 * <fault>", or why no expected answer could be made). */
int judge_test(ora_ctx **ctx, const vfile *f, int ti, const engine_answer *ans, const required_outputs *req,
               test_record *rec, vtest *remade, char *msg, size_t msglen);

/* The largest relative change |x - y| / max(|x|, |y|) over the input scalars of two cases of a suite: in [0, 2],
 * finite even when an entry moves off zero (an engine's re-orthonormalized rotation), where a count of ulps of x
 * would not be. */
double input_drift(const cli_case *a, const cli_case *b);
/* The governing condition of a case (spec/accuracy.md section 6): |p| (rod, sphere_on_sphere), |df x db|
 * (line_on_line), the coordinate scale, |perr| for the contact classes; the speed for the rules. */
double condition_of(const cli_case *c);

#endif
