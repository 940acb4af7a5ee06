/* check.c: see check.h. A check runs in stages: the vector files (a check_set), the engine's results file
 * (results.h), one record per test (verdict.h), their tally (tally.h), then the report (report.h), which prints
 * every line about the tests; this file runs the stages, prints their errors and writes the output files. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "check.h"
#include "outfile.h"
#include "report.h"
#include "results.h"
#include "tally.h"
#include "verdict.h"

static void usage(FILE *f)
{
    fputs("usage: ccref check [--tier TIER] [--json FILE] [--tests FILE] [--require-all] [--verbose] VECTORS RESULTS\n"
          "  --tier TIER   the tolerances the engine is held to (spec/vectors.md section 4): double (binary64, any\n"
          "                evaluation order), binary32 (inputs and arithmetic in binary32), or ccref (ccref's own\n"
          "                order); required unless the results header states its \"tier\" (both: they must agree)\n"
          "  --json FILE   the summary as one JSON object (per suite and family, per output, per flag)\n"
          "  --tests FILE  one line per test (TSV): suite, tcId, family, result, verdict, condition, worst ratio,\n"
          "                worst ulps, worst output\n"
          "  VECTORS: a vector file or a directory of them; RESULTS: JSON Lines, a header line then one result\n"
          "  per test keyed \"<suite>/<tcId>\" (spec/vectors.md, Results). Exit status 1 when a valid test fails\n"
          "  or an invalid input is accepted (and, with --require-all, when a test or an output is not reported),\n"
          "  2 on a usage, I/O or format error.\n",
          f);
}

/* ------------------------------------------------------------------ the vector files */

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
        free(*paths);
        *paths = NULL;
        return -1;
    }
    return 0;
}

/* The vector files of one check, loaded once, so that several results files can be judged against them (the
 * results_line fuzz target judges every input against one set). */
struct check_set {
    int n_paths;
    char **paths;
    vfile *files;
    int total_tests;
    int total_groups;
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

/* Load vector file i of the set: it must have the generator version of the first and a suite of its own. 0 or 2
 * (the error printed). */
static int load_vector_file(check_set *s, int i)
{
    char err[700];
    int rc = 0;
    if (vfile_load(s->paths[i], &s->files[i], err, sizeof err) != 0) {
        fprintf(stderr, "ccref check: %s\n", err);
        return 2;
    }
    if (i > 0 && strcmp(s->files[i].generator_version, s->files[0].generator_version) != 0) {
        fprintf(stderr, "ccref check: %s: generatorVersion %s differs from %s's %s\n", s->paths[i],
                s->files[i].generator_version, s->paths[0], s->files[0].generator_version);
        return 2;
    }
    for (int k = 0; k < i; k++)
        if (s->files[k].suite == s->files[i].suite) {
            fprintf(stderr, "ccref check: %s and %s hold the same suite %s\n", s->paths[k], s->paths[i],
                    suite_name(s->files[i].suite));
            rc = 2;
        }
    s->total_tests += s->files[i].n_tests;
    s->total_groups += s->files[i].n_groups;
    return rc;
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
    for (int i = 0; i < s->n_paths && rc == 0; i++)
        rc = load_vector_file(s, i);
    if (rc != 0) {
        check_set_free(s);
        return rc;
    }
    *out = s;
    return 0;
}

/* ------------------------------------------------------------------ output files */

/* --json FILE (or - for stdout), written whole or not at all (outfile.h), as --tests is: 0, or 2 with the error
 * printed. */
static int write_json(const char *path, const check_report *r)
{
    jw w;
    jw_init(&w);
    report_json(&w, r);
    int rc = 0;
    if (strcmp(path, "-") == 0) {
        if (jw_write(&w, stdout) != 0) {
            fprintf(stderr, "ccref check: cannot write %s\n", path);
            rc = 2;
        }
    } else {
        outfile json = {0};
        rc = outfile_open(&json, "ccref check", path) != 0 ? 2 : 0;
        if (rc == 0) {
            jw_write(&w, json.f); /* a write error is reported by outfile_finish */
            rc = outfile_finish(&json, 1) != 0 ? 2 : 0;
        }
    }
    jw_free(&w);
    return rc;
}

/* ------------------------------------------------------------------ the check */

/* The test that could not be judged: where, and why. */
typedef struct {
    int code;                   /* JUDGE_* */
    int file, test;
    char msg[600];
} judge_failure;

/* One record per test of the set, in order (records[0 .. *n_records - 1]), until a test cannot be judged: JUDGE_OK,
 * or the failure's code with *fail filled. */
static int judge_all(const check_set *s, const engine_results *res, int require_all, test_record *records,
                     int *n_records, judge_failure *fail)
{
    ora_ctx *ctx = NULL; /* the oracle, for tests at the inputs the engine used */
    fail->code = JUDGE_OK;
    *n_records = 0;
    for (int f = 0; f < s->n_paths && fail->code == JUDGE_OK; f++)
        for (int t = 0; t < s->files[f].n_tests && fail->code == JUDGE_OK; t++) {
            fail->code = judge_test(&ctx, &s->files[f], t, &res->answer[f][t], require_all, &records[*n_records],
                                    fail->msg, sizeof fail->msg);
            fail->file = f;
            fail->test = t;
            *n_records += fail->code == JUDGE_OK;
        }
    if (ctx)
        ora_ctx_free(ctx);
    return fail->code;
}

static void print_judge_failure(const check_set *s, const engine_results *res, const char *rpath,
                                const judge_failure *fail)
{
    const vfile *f = &s->files[fail->file];
    if (fail->code == JUDGE_BAD_INPUTS_USED)
        fprintf(stderr, "ccref check: %s:%d: %s\n", rpath, res->answer[fail->file][fail->test].line, fail->msg);
    else
        fprintf(stderr, "ccref check: %s/%d at the inputs used: %s\n", suite_name(f->suite),
                f->tests[fail->test].tc_id, fail->msg);
}

/* The rest of the report when every test was judged (rc 0): --tests, the summary and --json; then --tests renamed
 * into place, or removed when the check stopped (rc 2). The exit status. */
static int report_complete(const check_report *r, const check_options *opt, outfile *tests, int rc)
{
    if (rc == 0 && tests->f != NULL)
        report_tests(tests->f, r);
    if (rc == 0) {
        rc = outfile_close(tests) != 0 ? 2 : 0;
        if (rc == 0)
            report_text(stdout, r);
        if (rc == 0 && opt->json_out != NULL)
            rc = write_json(opt->json_out, r);
        if (rc == 0)
            rc = tally_exit_status(r->tally, opt->require_all);
    }
    if (outfile_finish(tests, rc != 2) != 0)
        rc = 2;
    return rc;
}

/* The tier judged: the one stated by --tier or by the results header (they must agree), else an error. 0 or 2. */
static int resolve_tier(const check_options *opt, const engine_results *res, const char *rpath, int *tier)
{
    if (opt->tier >= 0 && res->tier >= 0 && opt->tier != res->tier) {
        fprintf(stderr, "ccref check: %s:%d: the results header states tier %s, --tier %s\n", rpath, res->header_line,
                judge_tier_name((judge_tier)res->tier), judge_tier_name((judge_tier)opt->tier));
        return 2;
    }
    *tier = opt->tier >= 0 ? opt->tier : res->tier;
    if (*tier < 0) {
        fprintf(stderr, "ccref check: %s:%d: no tier: state the one the engine claims with --tier or the header's "
                "\"tier\" (double, binary32, or ccref for ccref's own order; spec/vectors.md section 10)\n", rpath,
                res->header_line);
        return 2;
    }
    return 0;
}

int check_results(check_set *set, const char *rpath, const check_options *opt)
{
    engine_results res;
    char *err = NULL;
    int tier = -1;
    int rc = results_read(rpath, set->files, set->n_paths, &res, &err);
    if (rc != 0)
        fprintf(stderr, "ccref check: %s\n", err);
    free(err);
    if (rc == 0)
        rc = resolve_tier(opt, &res, rpath, &tier);
    for (int f = 0; rc == 0 && f < set->n_paths; f++)
        vfile_select_tier(&set->files[f], (judge_tier)tier);
    outfile tests = {0};
    if (rc == 0 && opt->tests_out != NULL && outfile_open(&tests, "ccref check", opt->tests_out) != 0)
        rc = 2;
    test_record *records = calloc((size_t)set->total_tests + 1, sizeof *records);
    check_tally tally;
    if (records == NULL || tally_init(&tally, set->total_groups) != 0)
        abort(); /* as jsonw.c: out of memory */
    int n_records = 0;
    judge_failure fail = {JUDGE_OK, 0, 0, ""};
    if (rc == 0 && judge_all(set, &res, opt->require_all, records, &n_records, &fail) != JUDGE_OK)
        rc = 2;
    for (int i = 0; i < n_records; i++)
        tally_add(&tally, &records[i]);
    const check_report r = {set->n_paths,   set->total_tests, res.n_lines, res.engine,
                            tier >= 0 ? judge_tier_name((judge_tier)tier) : "none", records, n_records, &tally};
    report_progress(stdout, &r, opt->verbose); /* the tests judged, also before a test that could not be */
    if (fail.code != JUDGE_OK)
        print_judge_failure(set, &res, rpath, &fail);
    rc = report_complete(&r, opt, &tests, rc);
    tally_free(&tally);
    free(records);
    results_free(&res);
    return rc;
}

int cmd_check(int argc, char **argv)
{
    static const struct option opts[] = {{"json", required_argument, NULL, 'j'},
                                         {"tests", required_argument, NULL, 't'},
                                         {"require-all", no_argument, NULL, 'r'},
                                         {"verbose", no_argument, NULL, 'v'}, {"help", no_argument, NULL, 'h'},
                                         {"tier", required_argument, NULL, 'T'},
                                         {NULL, 0, NULL, 0}};
    check_options opt = {NULL, NULL, 0, 0, -1};
    int ch;
    optind = 1;
    while ((ch = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        switch (ch) {
        case 'j': opt.json_out = optarg; break;
        case 't': opt.tests_out = optarg; break;
        case 'r': opt.require_all = 1; break;
        case 'v': opt.verbose = 1; break;
        case 'T':
            if ((opt.tier = judge_tier_from_name(optarg)) < 0) {
                fprintf(stderr, "ccref check: --tier %s: the tiers are double, binary32 and ccref\n", optarg);
                return 2;
            }
            break;
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
