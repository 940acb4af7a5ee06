/* check.c: see check.h. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "expect.h"
#include "numfmt.h"
#include "results.h"

/* Per suite and family (a group name) statistics. */
typedef struct {
    int suite;
    char family[40];
    long tests, passed, failed, alternative, missing, invalid_accepted, drifted;
    long values_compared, values_unbounded, values_uncertified, values_missing;
    double worst_ratio, worst_ulps, max_drift;
    char worst_where[120];
    char failing[200];
} row;

#define MAX_ROWS 512
static row rows[MAX_ROWS];
static int n_rows;

/* Per suite and output: values compared, the worst ratio to the tolerance and the worst error in ulps (outputs not
 * near zero), with the tcId where each occurs. */
typedef struct {
    long compared;
    double worst_ratio, worst_ulps;
    int ratio_tc, ulps_tc;
} out_stat;
static out_stat out_stats[SUITE_COUNT][CCREF_MAX_SLOTS];

/* Tests passed as an alternative, by the alternative's flag. */
static long alt_by_flag[FLAG_COUNT];

static void note_outputs(int suite, int tc, const match_report *m)
{
    for (int i = 0; i < CCREF_MAX_SLOTS; i++) {
        if (!m->slot_compared[i])
            continue;
        out_stat *o = &out_stats[suite][i];
        o->compared++;
        if (m->slot_ratio[i] > o->worst_ratio || o->compared == 1) {
            if (m->slot_ratio[i] >= o->worst_ratio) {
                o->worst_ratio = m->slot_ratio[i];
                o->ratio_tc = tc;
            }
        }
        if (m->slot_ulps[i] > o->worst_ulps) {
            o->worst_ulps = m->slot_ulps[i];
            o->ulps_tc = tc;
        }
    }
}

/* The governing condition of a case (spec/accuracy.md section 6): |p| (rod, sphere_on_sphere), |df x db|
 * (line_on_line), the coordinate scale, |perr| for the contact classes; the speed for the rules. */
static double condition_of(const cli_case *c)
{
    ccref_bounds b;
    memset(&b, 0, sizeof b);
    switch (suite_type_of(c->suite)) {
    case SUITE_TYPE_KIND: ccref_bounds_case(&c->u.k, &b); break;
    case SUITE_TYPE_CONTACT: ccref_bounds_contact(&c->u.c, &b); break;
    default:
        if (c->suite == SUITE_EFFECTIVE_COR)
            return c->u.cor.impact_speed;
        if (c->suite == SUITE_EFFECTIVE_COF)
            return c->u.cof.slip_speed;
        return 0.0;
    }
    return b.condition;
}

static row *row_of(int suite, const char *family)
{
    for (int i = 0; i < n_rows; i++)
        if (rows[i].suite == suite && strcmp(rows[i].family, family) == 0)
            return &rows[i];
    if (n_rows >= MAX_ROWS)
        return &rows[MAX_ROWS - 1];
    row *r = &rows[n_rows++];
    memset(r, 0, sizeof *r);
    r->suite = suite;
    snprintf(r->family, sizeof r->family, "%s", family);
    return r;
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* VECTORS: a file, or a directory whose *.json files are read in name order. */
static int list_vectors(const char *arg, char ***paths, int *n)
{
    struct stat st;
    *n = 0;
    *paths = NULL;
    if (stat(arg, &st) != 0) {
        fprintf(stderr, "ccref check: %s: %s\n", arg, strerror(errno));
        return -1;
    }
    if (!S_ISDIR(st.st_mode)) {
        *paths = malloc(sizeof **paths);
        (*paths)[0] = strdup(arg);
        *n = 1;
        return 0;
    }
    DIR *d = opendir(arg);
    if (d == NULL) {
        fprintf(stderr, "ccref check: %s: %s\n", arg, strerror(errno));
        return -1;
    }
    struct dirent *e;
    int cap = 32;
    *paths = malloc(sizeof **paths * (size_t)cap);
    while ((e = readdir(d)) != NULL) {
        size_t l = strlen(e->d_name);
        if (l < 6 || strcmp(e->d_name + l - 5, ".json") != 0)
            continue;
        if (*n == cap)
            *paths = realloc(*paths, sizeof **paths * (size_t)(cap *= 2));
        size_t pl = strlen(arg) + l + 2;
        (*paths)[*n] = malloc(pl);
        snprintf((*paths)[*n], pl, "%s/%s", arg, e->d_name);
        (*n)++;
    }
    closedir(d);
    qsort(*paths, (size_t)*n, sizeof **paths, cmp_str);
    if (*n == 0) {
        fprintf(stderr, "ccref check: %s: no *.json vector file\n", arg);
        return -1;
    }
    return 0;
}

/* The doubles of a case in its canonical order (its JSON with every number a hex string). */
static int case_scalars(const cli_case *c, double *out, int max)
{
    jw w;
    jw_init(&w);
    case_write(&w, c);
    int n = 0;
    for (const char *p = w.buf; p && *p && n < max; p++) {
        if (p[0] == '"' && (p[1] == '-' || p[1] == '0' || p[1] == 'n' || p[1] == 'i')) {
            char tok[NUMFMT_LEN];
            const char *q = p + 1;
            size_t l = 0;
            while (*q && *q != '"' && l < sizeof tok - 1)
                tok[l++] = *q++;
            tok[l] = '\0';
            double d;
            if (*q == '"' && parse_double(tok, &d) == 0) {
                out[n++] = d;
                p = q;
            }
        }
    }
    jw_free(&w);
    return n;
}

/* The largest relative change |x - y| / max(|x|, |y|) over the input scalars: in [0, 2], finite even when an
 * entry moves off zero (an engine's re-orthonormalized rotation), where a count of ulps of x would not be. */
static double input_drift(const cli_case *a, const cli_case *b)
{
    double x[256], y[256];
    int n = case_scalars(a, x, 256), m = case_scalars(b, y, 256);
    double worst = 0.0;
    for (int i = 0; i < n && i < m; i++) {
        if (memcmp(&x[i], &y[i], sizeof(double)) == 0)
            continue;
        double scale = fmax(fabs(x[i]), fabs(y[i]));
        double d = scale > 0.0 && isfinite(scale) ? fabs(x[i] - y[i]) / scale : (x[i] == y[i] ? 0.0 : 2.0);
        if (isnan(d) || d > 2.0)
            d = 2.0;
        if (d > worst)
            worst = d;
    }
    return worst;
}

static void note_failure(row *r, int tc_id)
{
    size_t l = strlen(r->failing);
    if (l < sizeof r->failing - 12)
        snprintf(r->failing + l, sizeof r->failing - l, "%s%d", l ? " " : "", tc_id);
    else if (l < sizeof r->failing - 1 && r->failing[l - 1] != '.')
        snprintf(r->failing + l, sizeof r->failing - l, " ...");
}

static void usage(FILE *f)
{
    fputs("usage: ccref check [--json FILE] [--tests FILE] [--require-all] [--verbose] VECTORS RESULTS\n"
          "  --json FILE   the summary as one JSON object (per suite and family, per output, per flag)\n"
          "  --tests FILE  one line per test (TSV): suite, tcId, family, result, verdict, condition, worst ratio,\n"
          "                worst ulps, worst output\n"
          "  VECTORS: a vector file or a directory of them; RESULTS: JSON Lines, a header line then one result\n"
          "  per test keyed \"<suite>/<tcId>\" (spec/vectors.md, Results). Exit status 1 when a valid test fails\n"
          "  or an invalid input is accepted (and, with --require-all, when a test or an output is not reported),\n"
          "  2 on a usage, I/O or format error.\n",
          f);
}

/* The vector files of one check, loaded once, so that several results files can be judged against them (the
 * results_line fuzz target judges every input against one set). */
struct check_set {
    int n_paths;
    char **paths;
    vfile *files;
    int total_tests;
};

void check_set_free(check_set *s)
{
    if (s == NULL)
        return;
    for (int f = 0; f < s->n_paths; f++) {
        vfile_free(&s->files[f]);
        free(s->paths[f]);
    }
    free(s->files);
    free(s->paths);
    free(s);
}

int check_set_load(const char *vectors, check_set **out)
{
    *out = NULL;
    check_set *s = calloc(1, sizeof *s);
    if (s == NULL || list_vectors(vectors, &s->paths, &s->n_paths) != 0) {
        free(s);
        return 2;
    }
    s->files = calloc((size_t)s->n_paths, sizeof *s->files);
    int rc = 0;
    char err[700];
    for (int i = 0; i < s->n_paths && rc == 0; i++) {
        if (vfile_load(s->paths[i], &s->files[i], err, sizeof err) != 0) {
            fprintf(stderr, "ccref check: %s\n", err);
            rc = 2;
        } else if (i > 0 && strcmp(s->files[i].generator_version, s->files[0].generator_version) != 0) {
            fprintf(stderr, "ccref check: %s: generatorVersion %s differs from %s's %s\n", s->paths[i],
                    s->files[i].generator_version, s->paths[0], s->files[0].generator_version);
            rc = 2;
        } else {
            for (int k = 0; k < i; k++)
                if (s->files[k].suite == s->files[i].suite) {
                    fprintf(stderr, "ccref check: %s and %s hold the same suite %s\n", s->paths[k], s->paths[i],
                            suite_name(s->files[i].suite));
                    rc = 2;
                }
            s->total_tests += s->files[i].n_tests;
        }
    }
    if (rc != 0) {
        check_set_free(s);
        return rc;
    }
    *out = s;
    return 0;
}

int check_results(const check_set *set, const char *rpath, const check_options *opt)
{
    const int n_paths = set->n_paths, total_tests = set->total_tests;
    const vfile *files = set->files;
    const char *json_out = opt->json_out, *tests_out = opt->tests_out;
    const int require_all = opt->require_all, verbose = opt->verbose;
    /* the statistics of this run only */
    n_rows = 0;
    memset(out_stats, 0, sizeof out_stats);
    memset(alt_by_flag, 0, sizeof alt_by_flag);
    engine_results res;
    char *err = NULL;
    int rc = results_read(rpath, files, n_paths, &res, &err);
    if (rc != 0)
        fprintf(stderr, "ccref check: %s\n", err);
    free(err);
    const char *engine = res.engine;
    const long result_lines = res.n_lines;

    /* --tests and --json go to temporary files, renamed into place only when the check completes (exit 0 or 1):
     * an error leaves nothing half-written */
    FILE *tsv = NULL;
    char tsv_tmp[4200] = "";
    if (rc == 0 && tests_out != NULL) {
        snprintf(tsv_tmp, sizeof tsv_tmp, "%s.tmp.%ld", tests_out, (long)getpid());
        tsv = fopen(tsv_tmp, "w");
        if (tsv == NULL) {
            fprintf(stderr, "ccref check: cannot write %s: %s\n", tsv_tmp, strerror(errno));
            rc = 2;
        } else {
            fprintf(tsv, "suite\ttcId\tfamily\tresult\tverdict\tcondition\tworst_ratio\tworst_ulps\tworst_output\n");
        }
    }
    /* judge */
    long valid = 0, valid_pass = 0, acc = 0, acc_expected = 0, acc_alt = 0, inv = 0, inv_pass = 0, failed = 0,
         missing = 0, accepted_invalid = 0, outputs_missing = 0;
    ora_ctx *ctx = NULL;
    for (int f = 0; rc == 0 && f < n_paths; f++) {
        for (int ti = 0; ti < files[f].n_tests; ti++) {
            const vtest *t = &files[f].tests[ti];
            const engine_answer *r = &res.answer[f][ti];
            row *rw = row_of(files[f].suite, files[f].groups[t->group].family);
            rw->tests++;
            valid += t->result == RESULT_VALID;
            acc += t->result == RESULT_ACCEPTABLE;
            inv += t->result == RESULT_INVALID;
            if (!r->present) {
                rw->missing++;
                missing++;
                if (tsv)
                    fprintf(tsv, "%s\t%d\t%s\t%s\tmissing\t\t\t\t\n", suite_name(files[f].suite), t->tc_id,
                            files[f].groups[t->group].family, test_result_name(t->result));
                continue;
            }
            if (r->error) {
                rw->failed++;
                failed++;
                note_failure(rw, t->tc_id);
                if (verbose)
                    printf("  %s/%d: the engine reported an error for the case\n", suite_name(files[f].suite), t->tc_id);
                if (tsv)
                    fprintf(tsv, "%s\t%d\t%s\t%s\terror\t\t\t\t\n", suite_name(files[f].suite), t->tc_id,
                            files[f].groups[t->group].family, test_result_name(t->result));
                continue;
            }
            /* the inputs the engine used: judge against the oracle at those inputs */
            vtest local;
            const vtest *judge = t;
            if (r->inputs_used != NULL) {
                local = *t;
                read_error e;
                if (case_overlay(r->inputs_used, &local.c, &e) != 0) {
                    fprintf(stderr, "ccref check: %s:%d: inputs_used.%s: %s\n", rpath, r->line, e.field, e.message);
                    rc = 2;
                    break;
                }
                double d = input_drift(&t->c, &local.c);
                if (d > 0.0) {
                    rw->drifted++;
                    if (d > rw->max_drift)
                        rw->max_drift = d;
                    if (ctx == NULL)
                        ctx = ora_ctx_new(NULL);
                    char msg[300];
                    if (expect_test(ctx, &local, msg, sizeof msg) != 0) {
                        fprintf(stderr, "ccref check: %s/%d at the inputs used: %s\n", suite_name(files[f].suite),
                                t->tc_id, msg);
                        rc = 2;
                        break;
                    }
                    judge = &local;
                }
            }
            const unsigned char *rep_slots = r->reported;
            match_report m;
            match_answer(&judge->expected, &r->got, rep_slots, r->disc_reported, &m);
            outputs_missing += m.values_missing;
            int pass = m.pass, alt = -1;
            if (!pass && judge->result == RESULT_ACCEPTABLE)
                for (int a = 0; a < judge->n_alt && alt < 0; a++) {
                    match_report ma;
                    match_answer(&judge->alt[a], &r->got, rep_slots, r->disc_reported, &ma);
                    if (ma.pass) {
                        alt = a;
                        m = ma;
                    }
                }
            const answer *matched = alt >= 0 ? &judge->alt[alt] : &judge->expected;
            if (require_all && ccref_status_ok(matched->o.d.status) && ccref_status_ok(r->got.d.status) &&
                (m.values_missing > 0 || (suite_discrete(files[f].suite) & ~r->disc_reported) != 0)) {
                pass = 0;
                alt = -1;
                snprintf(m.first_failure, sizeof m.first_failure, "an output or a discrete output is not reported");
            }
            if (pass || alt >= 0)
                note_outputs(files[f].suite, t->tc_id, &m);
            if (alt >= 0)
                alt_by_flag[judge->alt[alt].flag]++;
            if (tsv) {
                char verdict[80];
                snprintf(verdict, sizeof verdict, "%s%s%s", pass ? "pass" : alt >= 0 ? "alternative:" : "fail",
                         alt >= 0 ? flag_get(judge->alt[alt].flag)->name : "", "");
                char cond[NUMFMT_LEN], ratio[NUMFMT_LEN], ulps[NUMFMT_LEN];
                fmt_dec(condition_of(&judge->c), cond);
                fmt_dec(m.worst_slot >= 0 ? m.worst_ratio : 0.0, ratio);
                fmt_dec(m.worst_slot >= 0 ? m.worst_ulps : 0.0, ulps);
                fprintf(tsv, "%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", suite_name(files[f].suite), t->tc_id,
                        files[f].groups[t->group].family, test_result_name(judge->result), verdict, cond, ratio, ulps,
                        m.worst_slot >= 0 ? slot_name(files[f].suite, m.worst_slot) : "");
            }
            rw->values_compared += m.values_compared;
            rw->values_unbounded += m.values_unbounded;
            rw->values_uncertified += m.values_uncertified;
            rw->values_missing += m.values_missing;
            if (pass || alt >= 0) {
                rw->passed += pass;
                rw->alternative += alt >= 0;
                if (judge->result == RESULT_VALID)
                    valid_pass++;
                else if (judge->result == RESULT_INVALID)
                    inv_pass++;
                else if (pass)
                    acc_expected++;
                else
                    acc_alt++;
                if (m.worst_slot >= 0 && m.worst_ratio > rw->worst_ratio) {
                    rw->worst_ratio = m.worst_ratio;
                    rw->worst_ulps = fmax(rw->worst_ulps, m.worst_ulps);
                    snprintf(rw->worst_where, sizeof rw->worst_where, "%s, tcId %d", slot_name(files[f].suite, m.worst_slot),
                             t->tc_id);
                } else if (m.worst_slot >= 0) {
                    rw->worst_ulps = fmax(rw->worst_ulps, m.worst_ulps);
                }
                if (verbose && alt >= 0)
                    printf("  %s/%d: %s, as the alternative %s (%s)\n", suite_name(files[f].suite), t->tc_id,
                           test_result_name(judge->result), flag_get(judge->alt[alt].flag)->name, judge->alt[alt].branch);
            } else {
                rw->failed++;
                failed++;
                note_failure(rw, t->tc_id);
                if (judge->result == RESULT_INVALID && ccref_status_ok(r->got.d.status)) {
                    rw->invalid_accepted++;
                    accepted_invalid++;
                }
                if (verbose || failed <= 20)
                    printf("  FAIL %s/%d (%s, %s): %s\n", suite_name(files[f].suite), t->tc_id,
                           test_result_name(judge->result), files[f].groups[t->group].family, m.first_failure);
            }
        }
    }
    if (ctx)
        ora_ctx_free(ctx);
    if (tsv && fclose(tsv) != 0)
        rc = 2;
    if (rc == 0) {
        printf("ccref check: %d vector files, %d tests; %ld results from \"%s\"\n", n_paths, total_tests, result_lines,
               engine);
        printf("%-24s %-20s %6s %6s %5s %5s %5s %10s %11s  %s\n", "suite", "family", "tests", "pass", "fail", "alt",
               "miss", "worst ulps", "worst ratio", "where");
        for (int i = 0; i < n_rows; i++) {
            row *r = &rows[i];
            printf("%-24s %-20s %6ld %6ld %5ld %5ld %5ld %10.3g %11.3g  %s%s%s\n", suite_name(r->suite), r->family,
                   r->tests, r->passed, r->failed, r->alternative, r->missing, r->worst_ulps, r->worst_ratio,
                   r->worst_where, r->failed ? "; failing tcIds: " : "", r->failed ? r->failing : "");
        }
        long drifted = 0;
        double max_drift = 0.0;
        long vc = 0, vu = 0, vn = 0;
        for (int i = 0; i < n_rows; i++) {
            drifted += rows[i].drifted;
            max_drift = fmax(max_drift, rows[i].max_drift);
            vc += rows[i].values_compared;
            vu += rows[i].values_unbounded;
            vn += rows[i].values_uncertified;
        }
        printf("valid: %ld/%ld passed; acceptable: %ld (%ld as expected, %ld as an alternative); invalid: %ld/%ld "
               "rejected; failed: %ld; not reported: %ld tests, %ld outputs\n",
               valid_pass, valid, acc, acc_expected, acc_alt, inv_pass, inv, failed, missing, outputs_missing);
        printf("values compared: %ld; not compared: %ld without a bound (NoErrorBound), %ld uncertified\n", vc, vu, vn);
        int any_alt = 0;
        for (int fl = 0; fl < FLAG_COUNT; fl++)
            any_alt |= alt_by_flag[fl] != 0;
        if (any_alt) {
            printf("passed as an alternative, by flag:");
            for (int fl = 0; fl < FLAG_COUNT; fl++)
                if (alt_by_flag[fl])
                    printf(" %s %ld (%s)", flag_get(fl)->name, alt_by_flag[fl], flag_get(fl)->bug_type);
            printf("\n");
        }
        if (drifted)
            printf("input drift: %ld tests judged at the inputs the engine used; largest relative change of an input %.3g\n", drifted,
                   max_drift);
        if (json_out) {
            jw w;
            jw_init(&w);
            jw_obj(&w);
            jw_key(&w, "engine");
            jw_str(&w, engine);
            jw_key(&w, "tests");
            jw_int(&w, total_tests);
            jw_key(&w, "valid");
            jw_obj(&w);
            jw_key(&w, "tests"); jw_int(&w, valid);
            jw_key(&w, "passed"); jw_int(&w, valid_pass);
            jw_end_obj(&w);
            jw_key(&w, "acceptable");
            jw_obj(&w);
            jw_key(&w, "tests"); jw_int(&w, acc);
            jw_key(&w, "asExpected"); jw_int(&w, acc_expected);
            jw_key(&w, "asAlternative"); jw_int(&w, acc_alt);
            jw_end_obj(&w);
            jw_key(&w, "invalid");
            jw_obj(&w);
            jw_key(&w, "tests"); jw_int(&w, inv);
            jw_key(&w, "rejected"); jw_int(&w, inv_pass);
            jw_key(&w, "accepted"); jw_int(&w, accepted_invalid);
            jw_end_obj(&w);
            jw_key(&w, "failed"); jw_int(&w, failed);
            jw_key(&w, "notReported"); jw_int(&w, missing);
            jw_key(&w, "outputsNotReported"); jw_int(&w, outputs_missing);
            jw_key(&w, "inputDrift");
            jw_obj(&w);
            jw_key(&w, "tests"); jw_int(&w, drifted);
            jw_key(&w, "maxRelativeChange"); jw_number_or_null(&w, max_drift);
            jw_end_obj(&w);
            jw_key(&w, "alternativesByFlag");
            jw_obj(&w);
            for (int fl = 0; fl < FLAG_COUNT; fl++)
                if (alt_by_flag[fl]) {
                    jw_key(&w, flag_get(fl)->name);
                    jw_int(&w, alt_by_flag[fl]);
                }
            jw_end_obj(&w);
            jw_key(&w, "outputs");
            jw_arr(&w);
            for (int su = 0; su < SUITE_COUNT; su++)
                for (int i = 0; i < CCREF_MAX_SLOTS; i++) {
                    out_stat *o = &out_stats[su][i];
                    if (o->compared == 0)
                        continue;
                    jw_obj(&w);
                    jw_key(&w, "suite"); jw_str(&w, suite_name(su));
                    jw_key(&w, "output"); jw_str(&w, slot_name(su, i));
                    jw_key(&w, "compared"); jw_int(&w, o->compared);
                    jw_key(&w, "worstRatio"); jw_number_or_null(&w, o->worst_ratio);
                    jw_key(&w, "worstRatioTcId"); jw_int(&w, o->ratio_tc);
                    jw_key(&w, "worstUlps"); jw_number_or_null(&w, o->worst_ulps);
                    jw_key(&w, "worstUlpsTcId"); jw_int(&w, o->ulps_tc);
                    jw_end_obj(&w);
                }
            jw_end_arr(&w);
            jw_key(&w, "rows");
            jw_arr(&w);
            for (int i = 0; i < n_rows; i++) {
                row *r = &rows[i];
                jw_obj(&w);
                jw_key(&w, "suite"); jw_str(&w, suite_name(r->suite));
                jw_key(&w, "family"); jw_str(&w, r->family);
                jw_key(&w, "tests"); jw_int(&w, r->tests);
                jw_key(&w, "passed"); jw_int(&w, r->passed);
                jw_key(&w, "failed"); jw_int(&w, r->failed);
                jw_key(&w, "alternative"); jw_int(&w, r->alternative);
                jw_key(&w, "missing"); jw_int(&w, r->missing);
                jw_key(&w, "worstUlps"); jw_number_or_null(&w, r->worst_ulps);
                jw_key(&w, "worstRatio"); jw_number_or_null(&w, r->worst_ratio);
                jw_key(&w, "worstWhere"); jw_str(&w, r->worst_where);
                jw_key(&w, "failing"); jw_str(&w, r->failing);
                jw_end_obj(&w);
            }
            jw_end_arr(&w);
            jw_end_obj(&w);
            jw_raw(&w, "\n");
            char json_tmp[4200];
            int to_stdout = strcmp(json_out, "-") == 0;
            snprintf(json_tmp, sizeof json_tmp, "%s.tmp.%ld", json_out, (long)getpid());
            FILE *jf = to_stdout ? stdout : fopen(json_tmp, "w");
            if (jf == NULL || jw_write(&w, jf) != 0 || (!to_stdout && fclose(jf) != 0) ||
                (!to_stdout && rename(json_tmp, json_out) != 0)) {
                fprintf(stderr, "ccref check: cannot write %s\n", json_out);
                if (!to_stdout)
                    remove(json_tmp);
                rc = 2;
            }
            jw_free(&w);
        }
        if (rc == 0 && (failed > 0 || (require_all && missing > 0)))
            rc = 1;
    }
    if (tsv_tmp[0] != '\0' && (rc == 2 || rename(tsv_tmp, tests_out) != 0)) {
        if (rc != 2)
            fprintf(stderr, "ccref check: cannot write %s: %s\n", tests_out, strerror(errno));
        remove(tsv_tmp);
        rc = 2;
    }
    results_free(&res);
    return rc;
}

int cmd_check(int argc, char **argv)
{
    static const struct option opts[] = {{"json", required_argument, NULL, 'j'}, {"tests", required_argument, NULL, 't'},
                                         {"require-all", no_argument, NULL, 'r'},
                                         {"verbose", no_argument, NULL, 'v'}, {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    check_options opt = {NULL, NULL, 0, 0};
    int ch;
    optind = 1;
    while ((ch = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        switch (ch) {
        case 'j': opt.json_out = optarg; break;
        case 't': opt.tests_out = optarg; break;
        case 'r': opt.require_all = 1; break;
        case 'v': opt.verbose = 1; break;
        case 'h': usage(stdout); return 0;
        default: usage(stderr); return 2;
        }
    }
    if (argc - optind != 2) {
        usage(stderr);
        return 2;
    }
    check_set *set;
    int rc = check_set_load(argv[optind], &set);
    if (rc != 0)
        return rc;
    rc = check_results(set, argv[optind + 1], &opt);
    check_set_free(set);
    return rc;
}
