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
#include "manifest.h"
#include "outfile.h"
#include "report.h"
#include "results.h"
#include "tally.h"
#include "verdict.h"

static void usage(FILE *f)
{
    fputs("usage: ccref check [--tier TIER] [--json FILE] [--tests FILE] [--junit FILE] [--tap FILE]\n"
          "                   [--require-all] [--claims FILE]\n"
          "                   [--claim SUITE[:OUTPUT,...]] [--suite NAME] [--family NAME] [--skip-family NAME]\n"
          "                   [--result CLASS] [--tcid LIST] [--verbose] VECTORS... RESULTS\n"
          "  --tier TIER   the tolerances the engine is held to (spec/vectors.md section 4): double (binary64, any\n"
          "                evaluation order), binary32 (inputs and arithmetic in binary32), or ccref (ccref's own\n"
          "                order); required unless the results header states its \"tier\" (both: they must agree)\n"
          "  --json FILE   the summary as one JSON object (per suite and family, per output, per flag)\n"
          "  --tests FILE  one line per test (TSV): suite, tcId, family, result, verdict, condition, worst ratio,\n"
          "                worst ulps, worst output\n"
          "  --junit FILE  JUnit XML (one testcase per test, failures with the output, values and ratio); --tap\n"
          "                FILE: TAP; FILE - is standard output\n"
          "  --require-all every test and every output of every suite given must be reported\n"
          "  --claims FILE what the engine implements, one suite a line: \"SUITE [OUTPUT ...]\" (no output: all of\n"
          "                them; an output is a name such as perr or force_on_body1, or one value, perr[0]); a claimed\n"
          "                test or output not reported fails; the suites not claimed are not judged (listed)\n"
          "  --claim SUITE[:OUTPUT,...]  one such line as an option (repeatable)\n"
          "  --answers FILE  for each test judged at the inputs the engine used (inputs_used), its answers made\n"
          "                again there, one JSON line each ({\"id\", \"outputs\", \"test\"}: tools/ccref_judge.py reads them)\n"
          "  --verbose     every failed test's line (else the first 20), every engine error and every test passed\n"
          "                as an alternative, with the alternative's flag and branch\n"
          "  --suite NAME, --family NAME, --skip-family NAME, --result valid|acceptable|invalid, --tcid 1-20,35\n"
          "                judge only those tests (each option repeatable; results for other tests are counted and\n"
          "                not read)\n"
          "  VECTORS: vector files or directories of them; RESULTS: JSON Lines, a header line then one result per\n"
          "  test keyed \"<suite>/<tcId>\" (spec/vectors.md, Results); a result for a suite whose vectors are not\n"
          "  given is counted and not read. Exit status 1 when a test fails, an invalid input is accepted, a claimed\n"
          "  test or output is not reported (with --require-all, any), or nothing at all was compared; 2 on a\n"
          "  usage, I/O or format error.\n",
          f);
}

/* ------------------------------------------------------------------ the vector files */

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* A path appended to *paths (*n of them, room for *cap). */
static void add_path(char ***paths, int *n, int *cap, char *path)
{
    if (*n == *cap)
        *paths = realloc(*paths, sizeof **paths * (size_t)(*cap = *cap ? 2 * *cap : 32));
    if (*paths == NULL || path == NULL)
        abort(); /* as jsonw.c: out of memory */
    (*paths)[(*n)++] = path;
}

/* One VECTORS argument appended to *paths: a file, or a directory whose *.json files are taken in name order. 0, or
 * -1 with the error printed. */
static int list_vectors(const char *arg, char ***paths, int *n, int *cap)
{
    struct stat st;
    if (stat(arg, &st) != 0) {
        fprintf(stderr, "ccref check: %s: %s\n", arg, strerror(errno));
        return -1;
    }
    if (!S_ISDIR(st.st_mode)) {
        add_path(paths, n, cap, strdup(arg));
        return 0;
    }
    DIR *d = opendir(arg);
    if (d == NULL) {
        fprintf(stderr, "ccref check: %s: %s\n", arg, strerror(errno));
        return -1;
    }
    const int first = *n;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t l = strlen(e->d_name);
        if (l < 6 || strcmp(e->d_name + l - 5, ".json") != 0)
            continue;
        size_t pl = strlen(arg) + l + 2;
        char *p = malloc(pl);
        if (p != NULL)
            snprintf(p, pl, "%s/%s", arg, e->d_name);
        add_path(paths, n, cap, p);
    }
    closedir(d);
    qsort(*paths + first, (size_t)(*n - first), sizeof **paths, cmp_str);
    if (*n == first) {
        fprintf(stderr, "ccref check: %s: no *.json vector file\n", arg);
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
    unsigned char **selected;   /* selected[f][t]: test t of file f is judged (check_set_select; all by default) */
    long n_selected;
    int n_verified;             /* files whose SHA-256 matched the SHA256SUMS beside them (manifest.h) */
};

void check_set_free(check_set *s)
{
    if (s == NULL)
        return;
    for (int f = 0; f < s->n_paths; f++) {
        if (s->files != NULL)
            vfile_free(&s->files[f]);
        free(s->paths[f]);
        if (s->selected != NULL)
            free(s->selected[f]);
    }
    free(s->selected);
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
    switch (manifest_verify(s->paths[i], err, sizeof err)) { /* a vector file edited by hand is refused */
    case MANIFEST_OK: s->n_verified++; break;
    case MANIFEST_ABSENT: break;
    default:
        fprintf(stderr, "ccref check: %s\n", err);
        rc = 2;
    }
    return rc;
}

int check_set_load_all(const char *const *vectors, int n_vectors, check_set **out)
{
    *out = NULL;
    check_set *s = calloc(1, sizeof *s);
    if (s == NULL)
        abort(); /* as jsonw.c: out of memory */
    int cap = 0, rc = 0;
    for (int i = 0; i < n_vectors && rc == 0; i++)
        rc = list_vectors(vectors[i], &s->paths, &s->n_paths, &cap) != 0 ? 2 : 0;
    if (rc == 0) {
        s->files = calloc((size_t)s->n_paths, sizeof *s->files);
        s->selected = calloc((size_t)s->n_paths, sizeof *s->selected);
        if (s->files == NULL || s->selected == NULL)
            abort();
    }
    for (int i = 0; i < s->n_paths && rc == 0; i++)
        rc = load_vector_file(s, i);
    for (int i = 0; i < s->n_paths && rc == 0; i++) {
        if ((s->selected[i] = malloc((size_t)s->files[i].n_tests + 1)) == NULL)
            abort();
        memset(s->selected[i], 1, (size_t)s->files[i].n_tests + 1);
        s->n_selected += s->files[i].n_tests;
    }
    if (rc != 0) {
        check_set_free(s);
        return rc;
    }
    *out = s;
    return 0;
}

int check_set_load(const char *vectors, check_set **out) { return check_set_load_all(&vectors, 1, out); }

int check_set_files(const check_set *s) { return s->n_paths; }
const vfile *check_set_file(const check_set *s, int i) { return &s->files[i]; }

/* ------------------------------------------------------------------ the tests judged */

/* --tcid LIST: "1-20,35": whether tc is in it. */
static int in_tcid_list(const char *list, int tc)
{
    const char *p = list;
    while (*p) {
        char *end;
        long a = strtol(p, &end, 10), b = a;
        if (*end == '-')
            b = strtol(end + 1, &end, 10);
        if (tc >= a && tc <= b)
            return 1;
        p = *end == ',' ? end + 1 : end;
        if (*end != ',' && *end != '\0')
            return 0;
    }
    return 0;
}

/* Whether a --tcid list is well formed: numbers and ranges a-b (a <= b) separated by commas. */
static int tcid_list_ok(const char *list)
{
    const char *p = list;
    do {
        char *end;
        long a = strtol(p, &end, 10), b = a;
        if (end == p || a < 1)
            return 0;
        if (*end == '-') {
            const char *q = end + 1;
            b = strtol(q, &end, 10);
            if (end == q || b < a)
                return 0;
        }
        if (*end != ',' && *end != '\0')
            return 0;
        p = *end == ',' ? end + 1 : end;
    } while (*p);
    return p[-1] != ',';
}

static int listed(const char *const *names, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (strcmp(names[i], name) == 0)
            return 1;
    return 0;
}

/* The tests the options select, and those of the suites the claims leave out (not judged, counted apart). */
static void select_tests(check_set *s, const check_options *o, long *not_claimed)
{
    s->n_selected = 0;
    *not_claimed = 0;
    for (int f = 0; f < s->n_paths; f++) {
        const vfile *v = &s->files[f];
        const int suite_ok = o->n_suites == 0 || listed(o->suites, o->n_suites, suite_name(v->suite));
        const int claimed = o->claims == NULL || o->claims->suite[v->suite];
        for (int t = 0; t < v->n_tests; t++) {
            const vtest *x = &v->tests[t];
            const char *fam = v->groups[x->group].family;
            int sel = suite_ok && (o->n_families == 0 || listed(o->families, o->n_families, fam)) &&
                      !listed(o->skip_families, o->n_skip_families, fam) &&
                      (o->results == 0 || (o->results & (1u << x->result))) &&
                      (o->tcids == NULL || in_tcid_list(o->tcids, x->tc_id));
            if (sel && !claimed) {
                (*not_claimed)++;
                sel = 0;
            }
            s->selected[f][t] = (unsigned char)sel;
            s->n_selected += sel;
        }
    }
}

/* ------------------------------------------------------------------ claims */

/* Whether slot name `slot` is the output `out` or one of its values ("perr" covers "perr[0]", "contact_frame" covers
 * "contact_frame.R[0][1]" and "contact_frame.p.x"). */
static int output_covers(const char *out, const char *slot)
{
    size_t l = strlen(out);
    return strncmp(out, slot, l) == 0 && (slot[l] == '\0' || slot[l] == '.' || slot[l] == '[');
}

int check_claims_add(check_claims *c, const char *claim, char *err, size_t errlen)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", claim);
    for (char *p = buf; *p; p++)
        if (*p == ':' || *p == ',' || *p == '\t')
            *p = ' ';
    char *save = NULL, *tok = strtok_r(buf, " \r\n", &save);
    if (tok == NULL) {
        snprintf(err, errlen, "no suite");
        return -1;
    }
    int suite = suite_from_name(tok);
    if (suite < 0) {
        snprintf(err, errlen, "unknown suite \"%s\"", tok);
        return -1;
    }
    c->suite[suite] = 1;
    const int n = suite_slots(suite);
    int any = 0;
    for (tok = strtok_r(NULL, " \r\n", &save); tok != NULL; tok = strtok_r(NULL, " \r\n", &save)) {
        int found = 0;
        for (int i = 0; i < n; i++)
            if (output_covers(tok, slot_name(suite, i)))
                c->slot[suite][i] = 1, found = 1;
        if (!found) { /* the suite's output names, whole outputs as they are claimed */
            int l = snprintf(err, errlen, "%s has no output \"%s\"; its outputs are", suite_name(suite), tok);
            char prev[64] = "";
            for (int i = 0; i < n && l > 0 && (size_t)l < errlen; i++) {
                char base[64];
                snprintf(base, sizeof base, "%s", slot_name(suite, i));
                base[strcspn(base, ".[")] = '\0';
                if (strcmp(base, prev) != 0)
                    l += snprintf(err + l, errlen - (size_t)l, "%s %s", prev[0] ? "," : "", base);
                snprintf(prev, sizeof prev, "%s", base);
            }
            return -1;
        }
        any = 1;
    }
    if (!any)
        memset(c->slot[suite], 1, sizeof c->slot[suite]);
    return 0;
}

/* --claims FILE: one claim per line; blank lines and lines starting with # skipped. 0, or 2 with the error printed
 * (file, line, what). */
static int read_claims(const char *path, check_claims *c)
{
    FILE *in = fopen(path, "r");
    if (in == NULL) {
        fprintf(stderr, "ccref check: --claims %s: %s\n", path, strerror(errno));
        return 2;
    }
    char line[1024], err[200];
    int lineno = 0, rc = 0;
    while (rc == 0 && fgets(line, sizeof line, in) != NULL) {
        lineno++;
        const char *p = line + strspn(line, " \t");
        if (*p == '#' || *p == '\n' || *p == '\r' || *p == '\0')
            continue;
        if (check_claims_add(c, p, err, sizeof err) != 0) {
            fprintf(stderr, "ccref check: %s:%d: %s\n", path, lineno, err);
            rc = 2;
        }
    }
    if (rc == 0 && ferror(in)) {
        fprintf(stderr, "ccref check: %s: %s\n", path, strerror(errno));
        rc = 2;
    }
    fclose(in);
    return rc;
}

/* ------------------------------------------------------------------ output files */

/* --junit or --tap FILE (or - for stdout), written whole or not at all: 0, or 2 with the error printed. */
static int write_report(const char *path, void (*render)(FILE *, const check_report *), const check_report *r)
{
    if (strcmp(path, "-") == 0) {
        render(stdout, r);
        return fflush(stdout) != 0 ? 2 : 0;
    }
    outfile o = {0};
    if (outfile_open(&o, "ccref check", path) != 0)
        return 2;
    render(o.f, r);
    return outfile_finish(&o, 1) != 0 ? 2 : 0;
}

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
/* What the engine must report of the tests of a suite (verdict.h): with --require-all every output and discrete
 * output; with claims the outputs claimed, and every test of a claimed suite; else NULL. */
static const required_outputs *required_of(const check_options *o, int suite, required_outputs *req)
{
    if (!o->require_all && o->claims == NULL)
        return NULL;
    memset(req, 0, sizeof *req);
    if (o->require_all) {
        memset(req->slot, 1, sizeof req->slot);
        req->discrete = 1;
    }
    if (o->claims != NULL && o->claims->suite[suite]) {
        for (int i = 0; i < CCREF_MAX_SLOTS; i++)
            req->slot[i] |= o->claims->slot[suite][i];
        req->test = 1;
    }
    return req;
}

/* --answers: one line per test judged at the inputs the engine used, its answers made again there:
 * {"id": "<suite>/<tcId>", "outputs": [the group's output names], "test": {the test, as in a vector file}}. */
static void write_remade(jw *out, const vfile *f, const vtest *t)
{
    const vgroup *g = &f->groups[t->group];
    char id[80];
    snprintf(id, sizeof id, "%s/%d", suite_name(f->suite), t->tc_id);
    jw line, *w = &line; /* a document of its own per line */
    jw_init(w);
    jw_obj(w);
    jw_key(w, "id");
    jw_str(w, id);
    jw_key(w, "outputs");
    jw_arr(w);
    for (int i = 0; i < g->n_slots; i++)
        jw_str(w, slot_name(f->suite, g->slots[i]));
    jw_end_arr(w);
    jw_key(w, "test");
    vtest_write(w, t, g->slots, g->n_slots);
    jw_end_obj(w);
    jw_raw(out, w->buf);
    jw_raw(out, "\n");
    jw_free(w);
}

static int judge_all(const check_set *s, const engine_results *res, const check_options *o, test_record *records,
                     int *n_records, judge_failure *fail, jw *answers)
{
    static vtest remade; /* large: off the stack */
    ora_ctx *ctx = NULL; /* the oracle, for tests at the inputs the engine used */
    fail->code = JUDGE_OK;
    *n_records = 0;
    for (int f = 0; f < s->n_paths && fail->code == JUDGE_OK; f++) {
        required_outputs rq;
        const required_outputs *req = required_of(o, s->files[f].suite, &rq);
        for (int t = 0; t < s->files[f].n_tests && fail->code == JUDGE_OK; t++) {
            if (!s->selected[f][t])
                continue;
            fail->code = judge_test(&ctx, &s->files[f], t, &res->answer[f][t], req, &records[*n_records],
                                    answers ? &remade : NULL, fail->msg, sizeof fail->msg);
            if (answers && fail->code == JUDGE_OK && records[*n_records].drift > 0.0) {
                remade.group = s->files[f].tests[t].group;
                write_remade(answers, &s->files[f], &remade);
            }
            fail->file = f;
            fail->test = t;
            *n_records += fail->code == JUDGE_OK;
        }
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
        if (rc == 0 && opt->junit_out != NULL)
            rc = write_report(opt->junit_out, report_junit, r);
        if (rc == 0 && opt->tap_out != NULL)
            rc = write_report(opt->tap_out, report_tap, r);
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
    long not_claimed;
    select_tests(set, opt, &not_claimed);
    int rc = results_read(rpath, set->files, set->n_paths, (const unsigned char *const *)set->selected, &res, &err);
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
    jw answers;
    jw_init(&answers);
    if (rc == 0 && judge_all(set, &res, opt, records, &n_records, &fail, opt->answers_out ? &answers : NULL) !=
                       JUDGE_OK)
        rc = 2;
    if (rc == 0 && opt->answers_out != NULL) {
        outfile ao = {0};
        rc = outfile_open(&ao, "ccref check", opt->answers_out) != 0 ? 2 : 0;
        if (rc == 0) {
            jw_write(&answers, ao.f);
            rc = outfile_finish(&ao, 1) != 0 ? 2 : 0;
        }
    }
    jw_free(&answers);
    for (int i = 0; i < n_records; i++)
        tally_add(&tally, &records[i]);
    tally.not_claimed = not_claimed;
    const check_report r = {set->n_paths,
                            set->n_verified,
                            set->total_tests,
                            res.n_lines,
                            res.engine,
                            tier >= 0 ? judge_tier_name((judge_tier)tier) : "none",
                            records,
                            n_records,
                            &tally,
                            set->n_selected,
                            res.n_outside,
                            opt->claims != NULL};
    report_progress(stdout, &r, opt->verbose); /* the tests judged, also before a test that could not be */
    if (fail.code != JUDGE_OK)
        print_judge_failure(set, &res, rpath, &fail);
    rc = report_complete(&r, opt, &tests, rc);
    tally_free(&tally);
    free(records);
    results_free(&res);
    return rc;
}

/* The value of --result: a test class. */
static int result_of_name(const char *name)
{
    for (int r = RESULT_VALID; r <= RESULT_INVALID; r++)
        if (strcmp(name, test_result_name((test_result)r)) == 0)
            return r;
    return -1;
}

/* A filter option's value appended to its list (at most CHECK_MAX_FILTERS). 0, or 2 with the error printed. */
static int add_filter(const char **list, int *n, const char *opt, const char *value)
{
    if (*n == CHECK_MAX_FILTERS) {
        fprintf(stderr, "ccref check: more than %d %s options\n", CHECK_MAX_FILTERS, opt);
        return 2;
    }
    list[(*n)++] = value;
    return 0;
}

int cmd_check(int argc, char **argv)
{
    static const struct option opts[] = {{"json", required_argument, NULL, 'j'},
                                         {"tests", required_argument, NULL, 't'},
                                         {"require-all", no_argument, NULL, 'r'},
                                         {"verbose", no_argument, NULL, 'v'}, {"help", no_argument, NULL, 'h'},
                                         {"tier", required_argument, NULL, 'T'},
                                         {"claims", required_argument, NULL, 'C'},
                                         {"claim", required_argument, NULL, 'c'},
                                         {"suite", required_argument, NULL, 's'},
                                         {"family", required_argument, NULL, 'f'},
                                         {"skip-family", required_argument, NULL, 'F'},
                                         {"result", required_argument, NULL, 'R'},
                                         {"tcid", required_argument, NULL, 'i'},
                                         {"junit", required_argument, NULL, 'J'},
                                         {"tap", required_argument, NULL, 'P'},
                                         {"answers", required_argument, NULL, 'A'},
                                         {NULL, 0, NULL, 0}};
    check_options opt;
    memset(&opt, 0, sizeof opt);
    opt.tier = -1;
    static check_claims claims;
    memset(&claims, 0, sizeof claims);
    char err[200];
    int ch, rc = 0, r;
    optind = 1;
    while (rc == 0 && (ch = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        switch (ch) {
        case 'j': opt.json_out = optarg; break;
        case 't': opt.tests_out = optarg; break;
        case 'J': opt.junit_out = optarg; break;
        case 'P': opt.tap_out = optarg; break;
        case 'A': opt.answers_out = optarg; break;
        case 'r': opt.require_all = 1; break;
        case 'v': opt.verbose = 1; break;
        case 'T':
            if ((opt.tier = judge_tier_from_name(optarg)) < 0) {
                fprintf(stderr, "ccref check: --tier %s: the tiers are double, binary32 and ccref\n", optarg);
                return 2;
            }
            break;
        case 'C':
            rc = read_claims(optarg, &claims);
            opt.claims = &claims;
            break;
        case 'c':
            if (check_claims_add(&claims, optarg, err, sizeof err) != 0) {
                fprintf(stderr, "ccref check: --claim %s: %s\n", optarg, err);
                return 2;
            }
            opt.claims = &claims;
            break;
        case 's':
            if (suite_from_name(optarg) < 0) {
                fprintf(stderr, "ccref check: --suite %s: no such suite (ccref gen --help lists them)\n", optarg);
                return 2;
            }
            rc = add_filter(opt.suites, &opt.n_suites, "--suite", optarg);
            break;
        case 'f': rc = add_filter(opt.families, &opt.n_families, "--family", optarg); break;
        case 'F': rc = add_filter(opt.skip_families, &opt.n_skip_families, "--skip-family", optarg); break;
        case 'R':
            if ((r = result_of_name(optarg)) < 0) {
                fprintf(stderr, "ccref check: --result %s: the results are valid, acceptable and invalid\n", optarg);
                return 2;
            }
            opt.results |= 1u << r;
            break;
        case 'i':
            if (!tcid_list_ok(optarg)) {
                fprintf(stderr, "ccref check: --tcid %s: expected tcIds and ranges such as 1-20,35\n", optarg);
                return 2;
            }
            opt.tcids = optarg;
            break;
        case 'h': usage(stdout); return 0;
        default: usage(stderr); return 2;
        }
    }
    if (rc != 0)
        return rc;
    if (argc - optind < 2) {
        fprintf(stderr, "ccref check: %s\n", argc - optind == 0 ? "no VECTORS and no RESULTS given"
                                                                : "a RESULTS file is needed after the VECTORS");
        usage(stderr);
        return 2;
    }
    check_set *set;
    rc = check_set_load_all((const char *const *)argv + optind, argc - optind - 1, &set);
    if (rc != 0)
        return rc;
    rc = check_results(set, argv[argc - 1], &opt);
    check_set_free(set);
    return rc;
}
