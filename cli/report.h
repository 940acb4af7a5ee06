/* report.h: the renderers of a `ccref check` run: every line and file it writes about the tests comes from here, made
 * from the same records and tally (a new output format is one more renderer of a check_report). */
#ifndef CCREF_CLI_REPORT_H
#define CCREF_CLI_REPORT_H

#include <stdio.h>

#include "jsonw.h"
#include "tally.h"

/* What a renderer reads: what was checked, the records of the tests judged (in the order of the tests) and their
 * tally. */
typedef struct {
    int n_files;                /* vector files */
    int n_verified;             /* of them, those whose SHA-256 matched the SHA256SUMS beside them */
    int n_tests;                /* their tests */
    long n_results;             /* result lines read */
    const char *engine;         /* the results header's engine */
    const char *tier;           /* the tier judged: "double", "binary32", "ccref" */
    const test_record *records;
    int n_records;
    const check_tally *tally;
    long n_selected;            /* tests selected (--suite, --family, ..., --claims); n_records of them judged */
    long n_outside;             /* results for tests not judged (a suite not given, a test not selected) */
    int claims;                 /* the engine stated what it implements (--claims, --claim) */
} check_report;

/* The lines about single tests, in test order: every failing test among the first 20 failures, with verbose every
 * failing test, every engine error and every test passed as an alternative. */
void report_progress(FILE *out, const check_report *r, int verbose);
/* --tests: one line per test (TSV, with its header line): suite, tcId, family, result, verdict, condition, worst
 * ratio, worst ulps, worst output. */
void report_tests(FILE *out, const check_report *r);
/* --junit: JUnit XML, one <testsuite> per suite, one <testcase> per test judged (name "<suite>/<tcId>", classname
 * "ccref.<suite>.<family>"): a failure carries the verdict's text (the worst output, its value, the expected value
 * and the ratio); a test not reported is <skipped>. */
void report_junit(FILE *out, const check_report *r);
/* --tap: TAP version 13, one line per test judged: "ok", "not ok" with the failure as a YAML block, "# SKIP not
 * reported". */
void report_tap(FILE *out, const check_report *r);
/* The summary: the table per suite and family (the suites with a reported test; the others on one line), the
 * totals, the alternatives by flag, the input drift, and what was not judged or not compared. */
void report_text(FILE *out, const check_report *r);
/* --json: the summary as one JSON object (per suite and family, per output, per flag), a newline after it. */
void report_json(jw *w, const check_report *r);

#endif
