/* report.c: see report.h. */
#include <stdio.h>

#include "numfmt.h"
#include "report.h"

/* Without --verbose, the FAIL lines stop after this many failures (the table still counts them all). */
#define FAIL_LINES 20

/* ------------------------------------------------------------------ single tests */

void report_progress(FILE *out, const check_report *r, int verbose)
{
    long failures = 0;
    for (int i = 0; i < r->n_records; i++) {
        const test_record *t = &r->records[i];
        const char *suite = suite_name(t->suite);
        switch (t->verdict) {
        case VERDICT_ERROR:
            failures++;
            if (verbose || failures <= FAIL_LINES)
                fprintf(out, "  FAIL %s/%d (%s, %s): %s\n", suite, t->tc_id, test_result_name(t->result), t->family,
                        t->match.failure);
            break;
        case VERDICT_ALTERNATIVE:
            if (verbose)
                fprintf(out, "  %s/%d: %s, as the alternative %s (%s)\n", suite, t->tc_id,
                        test_result_name(t->result), flag_get(t->alt_flag)->name, t->alt_branch);
            break;
        case VERDICT_FAIL:
            failures++;
            if (verbose || failures <= FAIL_LINES)
                fprintf(out, "  FAIL %s/%d (%s, %s): %s\n", suite, t->tc_id, test_result_name(t->result),
                        t->family, t->match.failure);
            break;
        case VERDICT_NOT_REPORTED:
        case VERDICT_PASS: break;
        }
    }
    if (!verbose && failures > FAIL_LINES)
        fprintf(out, "  ... and %ld more failed tests (--verbose lists every one; --tests writes them all)\n",
                failures - FAIL_LINES);
}

/* The verdict column of --tests: pass, alternative:<flag>, fail, error, missing. */
static void verdict_text(const test_record *t, char *buf, size_t len)
{
    switch (t->verdict) {
    case VERDICT_NOT_REPORTED: snprintf(buf, len, "missing"); break;
    case VERDICT_ERROR: snprintf(buf, len, "error"); break;
    case VERDICT_PASS: snprintf(buf, len, "pass"); break;
    case VERDICT_ALTERNATIVE: snprintf(buf, len, "alternative:%s", flag_get(t->alt_flag)->name); break;
    case VERDICT_FAIL: snprintf(buf, len, "fail"); break;
    }
}

void report_tests(FILE *out, const check_report *r)
{
    fprintf(out, "suite\ttcId\tfamily\tresult\tverdict\tcondition\tworst_ratio\tworst_ulps\tworst_output\n");
    for (int i = 0; i < r->n_records; i++) {
        const test_record *t = &r->records[i];
        const match_report *m = &t->match;
        char verdict[80];
        verdict_text(t, verdict, sizeof verdict);
        fprintf(out, "%s\t%d\t%s\t%s\t%s", suite_name(t->suite), t->tc_id, t->family,
                test_result_name(t->result), verdict);
        if (t->verdict == VERDICT_NOT_REPORTED || t->verdict == VERDICT_ERROR) {
            fprintf(out, "\t\t\t\t\n"); /* not judged: no measure */
            continue;
        }
        char cond[NUMFMT_LEN], ratio[NUMFMT_LEN], ulps[NUMFMT_LEN];
        fmt_dec(t->condition, cond);
        fmt_dec(m->worst_slot >= 0 ? m->worst_ratio : 0.0, ratio);
        fmt_dec(m->worst_slot >= 0 ? m->worst_ulps : 0.0, ulps);
        fprintf(out, "\t%s\t%s\t%s\t%s\n", cond, ratio, ulps,
                m->worst_slot >= 0 ? slot_name(t->suite, m->worst_slot) : "");
    }
}

/* ------------------------------------------------------------------ JUnit XML and TAP */

/* Text as XML character data or an attribute value. */
static void xml_text(FILE *out, const char *s)
{
    for (; *s; s++)
        switch (*s) {
        case '&': fputs("&amp;", out); break;
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '"': fputs("&quot;", out); break;
        case '\'': fputs("&apos;", out); break;
        default:
            if ((unsigned char)*s >= 0x20 || *s == '\n' || *s == '\t')
                fputc(*s, out);
        }
}

/* What a failed test's line says: the verdict's text, with the alternative's flag when it passed as one. */
static const char *record_text(const test_record *t)
{
    return t->verdict == VERDICT_NOT_REPORTED ? "not reported" : t->match.failure;
}

void report_junit(FILE *out, const check_report *r)
{
    fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"ccref check\" tests=\"%d\" "
            "failures=\"%ld\">\n", r->n_records, r->tally->failed);
    for (int i = 0; i < r->n_records;) {
        const int suite = r->records[i].suite;
        int n = 0, failures = 0, skipped = 0;
        for (int k = i; k < r->n_records && r->records[k].suite == suite; k++, n++) {
            failures += r->records[k].verdict == VERDICT_FAIL || r->records[k].verdict == VERDICT_ERROR;
            skipped += r->records[k].verdict == VERDICT_NOT_REPORTED;
        }
        fprintf(out, "  <testsuite name=\"%s\" tests=\"%d\" failures=\"%d\" skipped=\"%d\">\n", suite_name(suite), n,
                failures, skipped);
        for (int k = i; k < i + n; k++) {
            const test_record *t = &r->records[k];
            fprintf(out, "    <testcase name=\"%s/%d\" classname=\"ccref.%s.", suite_name(suite), t->tc_id,
                    suite_name(suite));
            xml_text(out, t->family);
            fprintf(out, "\"");
            switch (t->verdict) {
            case VERDICT_PASS: fprintf(out, "/>\n"); break;
            case VERDICT_ALTERNATIVE:
                fprintf(out, ">\n      <system-out>passed as the alternative %s (", flag_get(t->alt_flag)->name);
                xml_text(out, t->alt_branch);
                fprintf(out, ")</system-out>\n    </testcase>\n");
                break;
            case VERDICT_NOT_REPORTED: fprintf(out, ">\n      <skipped message=\"not reported\"/>\n    </testcase>\n"); break;
            case VERDICT_FAIL:
            case VERDICT_ERROR:
                fprintf(out, ">\n      <failure type=\"%s\" message=\"", t->verdict == VERDICT_ERROR ? "engine error" : "fail");
                xml_text(out, record_text(t));
                fprintf(out, "\">%s test, family ", test_result_name(t->result));
                xml_text(out, t->family);
                fprintf(out, ": ");
                xml_text(out, record_text(t));
                fprintf(out, "</failure>\n    </testcase>\n");
                break;
            }
        }
        fprintf(out, "  </testsuite>\n");
        i += n;
    }
    fprintf(out, "</testsuites>\n");
}

void report_tap(FILE *out, const check_report *r)
{
    fprintf(out, "TAP version 13\n1..%d\n", r->n_records);
    for (int i = 0; i < r->n_records; i++) {
        const test_record *t = &r->records[i];
        const char *suite = suite_name(t->suite);
        switch (t->verdict) {
        case VERDICT_PASS: fprintf(out, "ok %d - %s/%d (%s)\n", i + 1, suite, t->tc_id, t->family); break;
        case VERDICT_ALTERNATIVE:
            fprintf(out, "ok %d - %s/%d (%s) as the alternative %s (%s)\n", i + 1, suite, t->tc_id, t->family,
                    flag_get(t->alt_flag)->name, t->alt_branch);
            break;
        case VERDICT_NOT_REPORTED:
            fprintf(out, "ok %d - %s/%d (%s) # SKIP not reported\n", i + 1, suite, t->tc_id, t->family);
            break;
        case VERDICT_FAIL:
        case VERDICT_ERROR:
            fprintf(out, "not ok %d - %s/%d (%s)\n  ---\n  message: \"", i + 1, suite, t->tc_id, t->family);
            for (const char *c = record_text(t); *c; c++) /* a YAML double-quoted scalar */
                if (*c == '"' || *c == '\\')
                    fprintf(out, "\\%c", *c);
                else if ((unsigned char)*c >= 0x20)
                    fputc(*c, out);
            fprintf(out, "\"\n  result: %s\n  ...\n", test_result_name(t->result));
            break;
        }
    }
}

/* ------------------------------------------------------------------ the summary */

/* The rows of the suites the engine reported a test of (or claimed, or failed in); the suites it reported nothing
 * of on one line. */
static void text_families(FILE *out, const check_tally *t)
{
    unsigned char shown[SUITE_COUNT] = {0};
    long unreported[SUITE_COUNT] = {0};
    for (int i = 0; i < t->n_families; i++) {
        const family_tally *f = &t->families[i];
        shown[f->suite] |= f->tests > f->missing;
        unreported[f->suite] += f->tests;
    }
    fprintf(out, "%-24s %-20s %6s %6s %5s %5s %5s %10s %11s  %s\n", "suite", "family", "tests", "pass", "fail", "alt",
            "miss", "worst ulps", "worst ratio", "where");
    for (int i = 0; i < t->n_families; i++) {
        const family_tally *f = &t->families[i];
        if (!shown[f->suite])
            continue;
        fprintf(out, "%-24s %-20s %6ld %6ld %5ld %5ld %5ld %10.3g %11.3g  %s%s%s\n", suite_name(f->suite), f->family,
                f->tests, f->passed, f->failed, f->alternative, f->missing, f->worst_ulps, f->worst_ratio,
                f->worst_where, f->failed ? "; failing tcIds: " : "", f->failed ? f->failing : "");
    }
    int any = 0;
    for (int su = 0; su < SUITE_COUNT; su++)
        if (!shown[su] && unreported[su] > 0)
            fprintf(out, "%s%s (%ld tests)", any++ ? ", " : "no result for any test of: ", suite_name(su),
                    unreported[su]);
    if (any)
        fprintf(out, "\n");
}

static void text_alternatives_by_flag(FILE *out, const check_tally *t)
{
    int any = 0;
    for (int fl = 0; fl < FLAG_COUNT; fl++)
        any |= t->alternatives_by_flag[fl] != 0;
    if (!any)
        return;
    fprintf(out, "passed as an alternative, by flag:");
    for (int fl = 0; fl < FLAG_COUNT; fl++)
        if (t->alternatives_by_flag[fl])
            fprintf(out, " %s %ld (%s)", flag_get(fl)->name, t->alternatives_by_flag[fl], flag_get(fl)->bug_type);
    fprintf(out, "\n");
}

void report_text(FILE *out, const check_report *r)
{
    const check_tally *t = r->tally;
    fprintf(out, "ccref check: %d vector files (SHA-256 verified: %d), %d tests", r->n_files, r->n_verified,
            r->n_tests);
    if (r->n_selected != r->n_tests)
        fprintf(out, " (%ld judged)", r->n_selected);
    fprintf(out, "; %ld results from \"%s\"", r->n_results, r->engine);
    if (r->n_outside > 0)
        fprintf(out, " (%ld for tests not judged, not read)", r->n_outside);
    fprintf(out, "; tier %s\n", r->tier);
    text_families(out, t);
    /* each class's tests not reported, where there are some: "invalid: 0/338 rejected" alone would read as 338
     * accepted */
    char miss[3][48], fail_acc[40];
    for (int c = 0; c < 3; c++) {
        miss[c][0] = '\0';
        if (t->not_reported_by_result[c])
            snprintf(miss[c], sizeof miss[c], " (%ld not reported)", t->not_reported_by_result[c]);
    }
    fail_acc[0] = '\0';
    if (t->failed_by_result[RESULT_ACCEPTABLE]) /* the acceptable tests that passed neither way */
        snprintf(fail_acc, sizeof fail_acc, ", %ld failed", t->failed_by_result[RESULT_ACCEPTABLE]);
    fprintf(out, "valid: %ld/%ld passed%s; acceptable: %ld (%ld as expected, %ld as an alternative%s)%s; invalid: "
            "%ld/%ld rejected%s; failed: %ld; not reported: %ld tests, %ld outputs\n",
            t->valid_passed, t->valid, miss[RESULT_VALID], t->acceptable, t->acceptable_expected,
            t->acceptable_alternative, fail_acc, miss[RESULT_ACCEPTABLE], t->invalid_rejected, t->invalid,
            miss[RESULT_INVALID], t->failed, t->not_reported, t->outputs_not_reported);
    fprintf(out, "values compared: %ld (of valid outputs %ld, of acceptable outputs %ld); not compared: %ld without a "
            "bound (NoErrorBound), %ld uncertified\n", t->values_compared,
            t->values_compared - t->values_compared_acceptable, t->values_compared_acceptable, t->values_unbounded,
            t->values_uncertified);
    if (r->claims)
        fprintf(out, "not claimed: %ld tests (suites the engine does not claim, not judged)\n", t->not_claimed);
    if (tally_nothing_compared(t))
        fprintf(out, "nothing compared: no value and no discrete output of any test was compared, so this run "
                "checked nothing (exit status 1; spec/vectors.md section 10)\n");
    text_alternatives_by_flag(out, t);
    if (t->drifted)
        fprintf(out, "input drift: %ld tests judged at the inputs the engine used; largest relative change of an "
                "input %.3g; %ld of them valid or acceptable otherwise there (counted by the vectors' result)\n",
                t->drifted, t->max_drift, t->reclassified);
}

/* ------------------------------------------------------------------ the summary in JSON */

static void json_count(jw *w, const char *key, long n)
{
    jw_key(w, key);
    jw_int(w, n);
}

static void json_totals(jw *w, const check_tally *t)
{
    jw_key(w, "valid");
    jw_obj(w);
    json_count(w, "tests", t->valid);
    json_count(w, "passed", t->valid_passed);
    jw_end_obj(w);
    jw_key(w, "acceptable");
    jw_obj(w);
    json_count(w, "tests", t->acceptable);
    json_count(w, "asExpected", t->acceptable_expected);
    json_count(w, "asAlternative", t->acceptable_alternative);
    jw_end_obj(w);
    jw_key(w, "invalid");
    jw_obj(w);
    json_count(w, "tests", t->invalid);
    json_count(w, "rejected", t->invalid_rejected);
    json_count(w, "accepted", t->invalid_accepted);
    jw_end_obj(w);
    json_count(w, "failed", t->failed);
    json_count(w, "notReported", t->not_reported);
    json_count(w, "notClaimed", t->not_claimed);
    json_count(w, "discreteCompared", t->discrete_compared);
    json_count(w, "outputsNotReported", t->outputs_not_reported);
    jw_key(w, "valuesCompared");
    jw_obj(w);
    json_count(w, "validOutputs", t->values_compared - t->values_compared_acceptable);
    json_count(w, "acceptableOutputs", t->values_compared_acceptable);
    jw_end_obj(w);
    jw_key(w, "inputDrift");
    jw_obj(w);
    json_count(w, "tests", t->drifted);
    json_count(w, "otherResult", t->reclassified);
    jw_key(w, "maxRelativeChange");
    jw_number_or_null(w, t->max_drift);
    jw_end_obj(w);
    jw_key(w, "alternativesByFlag");
    jw_obj(w);
    for (int fl = 0; fl < FLAG_COUNT; fl++)
        if (t->alternatives_by_flag[fl])
            json_count(w, flag_get(fl)->name, t->alternatives_by_flag[fl]);
    jw_end_obj(w);
}

static void json_outputs(jw *w, const check_tally *t)
{
    jw_key(w, "outputs");
    jw_arr(w);
    for (int su = 0; su < SUITE_COUNT; su++)
        for (int i = 0; i < CCREF_MAX_SLOTS; i++) {
            const output_tally *o = &t->outputs[su][i];
            if (o->compared == 0)
                continue;
            jw_obj(w);
            jw_key(w, "suite");
            jw_str(w, suite_name(su));
            jw_key(w, "output");
            jw_str(w, slot_name(su, i));
            json_count(w, "compared", o->compared);
            jw_key(w, "worstRatio");
            jw_number_or_null(w, o->worst_ratio);
            json_count(w, "worstRatioTcId", o->ratio_tc);
            jw_key(w, "worstUlps");
            jw_number_or_null(w, o->worst_ulps);
            json_count(w, "worstUlpsTcId", o->ulps_tc);
            jw_end_obj(w);
        }
    jw_end_arr(w);
}

static void json_families(jw *w, const check_tally *t)
{
    jw_key(w, "rows");
    jw_arr(w);
    for (int i = 0; i < t->n_families; i++) {
        const family_tally *f = &t->families[i];
        jw_obj(w);
        jw_key(w, "suite");
        jw_str(w, suite_name(f->suite));
        jw_key(w, "family");
        jw_str(w, f->family);
        json_count(w, "tests", f->tests);
        json_count(w, "passed", f->passed);
        json_count(w, "failed", f->failed);
        json_count(w, "alternative", f->alternative);
        json_count(w, "missing", f->missing);
        jw_key(w, "worstUlps");
        jw_number_or_null(w, f->worst_ulps);
        jw_key(w, "worstRatio");
        jw_number_or_null(w, f->worst_ratio);
        jw_key(w, "worstWhere");
        jw_str(w, f->worst_where);
        jw_key(w, "failing");
        jw_str(w, f->failing);
        jw_end_obj(w);
    }
    jw_end_arr(w);
}

void report_json(jw *w, const check_report *r)
{
    jw_obj(w);
    jw_key(w, "engine");
    jw_str(w, r->engine);
    jw_key(w, "tier");
    jw_str(w, r->tier);
    json_count(w, "tests", r->n_tests);
    json_count(w, "judged", r->n_selected);
    json_count(w, "resultsNotJudged", r->n_outside);
    json_totals(w, r->tally);
    json_outputs(w, r->tally);
    json_families(w, r->tally);
    jw_end_obj(w);
    jw_raw(w, "\n");
}
