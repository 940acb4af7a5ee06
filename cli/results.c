/* results.c: see results.h. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "numfmt.h"
#include "results.h"

/* An allocated message: the reader's errors quote a path and an id of any length. */
static char *message(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *message(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *s = malloc(n > 0 ? (size_t)n + 1 : 1);
    if (s == NULL)
        abort(); /* as jsonw.c: a report cut short would be wrong */
    va_start(ap, fmt);
    vsnprintf(s, n > 0 ? (size_t)n + 1 : 1, fmt, ap);
    va_end(ap);
    return s;
}

/* ------------------------------------------------------------------ one result */

/* The keys a results line and a value object may have (what `ccref eval` writes in its three modes, and what an
 * engine writes): any other key is a typo to be reported, not ignored. */
static const char *const result_keys[] = {
    "id", "line", "kind", "status", "ok", "mp", "mv", "deviations", "sense", "lines_are_parallel", "sign",
    "has_friction", "cor_branch", "cof_branch", "condition", "valid", "proximal", "outputs", "inputs_used", "used",
    "bound_exceeds_value", "decision_bands", "oracle_status", "oracle_discrete", "decided", "max_bits", "error", NULL};
static const char *const value_keys[] = {"hex", "dec", "bound", "certified", "bits", "reason", "kernel", "oracle",
                                         "ulps", "ratio", NULL};

static const char *unknown_key(json_t *obj, const char *const *known)
{
    const char *key;
    json_t *v;
    json_object_foreach(obj, key, v) {
        int ok = 0;
        for (const char *const *k = known; *k && !ok; k++)
            ok = strcmp(*k, key) == 0;
        if (!ok)
            return key;
    }
    return NULL;
}

/* A reported value: a number, a numeric string, or an object with "hex" (preferred) or "dec"; `ccref eval
 * --both` output gives the kernel's value under "kernel". */
static int value_of(json_t *v, double *out)
{
    if (json_is_object(v) && unknown_key(v, value_keys) != NULL)
        return -1;
    if (json_is_object(v) && json_object_get(v, "kernel") != NULL)
        v = json_object_get(v, "kernel");
    if (json_is_object(v)) {
        json_t *h = json_object_get(v, "hex");
        if (h == NULL)
            h = json_object_get(v, "dec");
        if (h == NULL)
            return -1;
        v = h;
    }
    if (json_is_number(v)) {
        *out = json_number_value(v);
        return 0;
    }
    if (json_is_string(v))
        return parse_double(json_string_value(v), out);
    return -1;
}

/* How a discrete output is written in a result. */
typedef enum { FORM_INT, FORM_BOOL, FORM_COR_BRANCH, FORM_COF_BRANCH, FORM_CONDITION, FORM_DEVIATIONS } disc_form;
#define BAD_DISCRETE (-999)

/* The value of a discrete output written in form, or BAD_DISCRETE; deviations are or-ed into *deviations (the
 * value is then 0). A branch or condition name that is not known is negative. */
static int discrete_value(json_t *v, disc_form form, unsigned *deviations)
{
    switch (form) {
    case FORM_INT: return json_is_integer(v) ? (int)json_integer_value(v) : BAD_DISCRETE;
    case FORM_BOOL: return json_is_boolean(v) ? json_is_true(v) : BAD_DISCRETE;
    case FORM_COR_BRANCH: return json_is_string(v) ? cor_branch_from_name(json_string_value(v)) : BAD_DISCRETE;
    case FORM_COF_BRANCH: return json_is_string(v) ? cof_branch_from_name(json_string_value(v)) : BAD_DISCRETE;
    case FORM_CONDITION:
        for (int c = 0; json_is_string(v) && c < CCREF_UNI_CONDITION_COUNT; c++)
            if (strcmp(json_string_value(v), ccref_unilateral_condition_name((ccref_unilateral_condition)c)) == 0)
                return c;
        return BAD_DISCRETE;
    case FORM_DEVIATIONS: {
        size_t k;
        json_t *e;
        if (!json_is_array(v))
            return BAD_DISCRETE;
        json_array_foreach(v, k, e) {
            int b = json_is_string(e) ? deviation_from_name(json_string_value(e)) : -1;
            if (b < 0)
                return BAD_DISCRETE;
            *deviations |= 1u << b;
        }
        return 0;
    }
    }
    return BAD_DISCRETE;
}

/* The discrete outputs the result gives, into ans (got.d and disc_reported); 0, or -1 with msg. */
static int read_discrete_outputs(json_t *j, int suite, engine_answer *ans, char *msg, size_t msglen)
{
    discrete *d = &ans->got.d;
    const struct { unsigned bit; const char *name; disc_form form; int *dst; } disc[] = {
        {DISC_MP, "mp", FORM_INT, &d->mp}, {DISC_MV, "mv", FORM_INT, &d->mv}, {DISC_SIGN, "sign", FORM_INT, &d->sign},
        {DISC_SENSE, "sense", FORM_INT, &d->sense}, {DISC_HAS_FRICTION, "has_friction", FORM_BOOL, &d->has_friction},
        {DISC_PARALLEL, "lines_are_parallel", FORM_BOOL, &d->lines_are_parallel},
        {DISC_VALID, "valid", FORM_BOOL, &d->valid}, {DISC_PROXIMAL, "proximal", FORM_BOOL, &d->proximal},
        {DISC_COR_BRANCH, "cor_branch", FORM_COR_BRANCH, &d->cor_branch},
        {DISC_COF_BRANCH, "cof_branch", FORM_COF_BRANCH, &d->cof_branch},
        {DISC_CONDITION, "condition", FORM_CONDITION, &d->condition},
        {DISC_DEVIATIONS, "deviations", FORM_DEVIATIONS, NULL}};
    for (size_t i = 0; i < sizeof disc / sizeof disc[0]; i++) {
        json_t *v = json_object_get(j, disc[i].name);
        if (v == NULL)
            continue;
        if (!(suite_discrete(suite) & disc[i].bit)) { /* as an unknown output name is */
            snprintf(msg, msglen, "field %s: not a discrete output of %s", disc[i].name, suite_name(suite));
            return -1;
        }
        int val = discrete_value(v, disc[i].form, &d->deviations);
        int named = disc[i].form == FORM_COR_BRANCH || disc[i].form == FORM_COF_BRANCH ||
                    disc[i].form == FORM_CONDITION;
        if (val == BAD_DISCRETE || (named && val < 0)) {
            snprintf(msg, msglen, "field %s: unexpected value", disc[i].name);
            return -1;
        }
        if (disc[i].dst)
            *disc[i].dst = val;
        ans->disc_reported |= disc[i].bit;
    }
    return 0;
}

/* The "outputs" object of the result, into ans (got.value and reported); 0, or -1 with msg. */
static int read_outputs(json_t *j, int suite, engine_answer *ans, char *msg, size_t msglen)
{
    json_t *outs = json_object_get(j, "outputs");
    if (outs != NULL && !json_is_object(outs)) {
        snprintf(msg, msglen, "field outputs: expected an object {name: value}");
        return -1;
    }
    const char *key;
    json_t *v;
    json_object_foreach(outs, key, v) {
        int slot = slot_from_name(suite, key);
        if (slot < 0) {
            snprintf(msg, msglen, "field outputs.%s: not an output of %s", key, suite_name(suite));
            return -1;
        }
        if (value_of(v, &ans->got.value[slot]) != 0) {
            snprintf(msg, msglen, "field outputs.%s: expected a number, a hex string or {\"hex\": ...} (no other key)",
                     key);
            return -1;
        }
        ans->reported[slot] = 1;
    }
    return 0;
}

/* Read one result object into ans; 0, or -1 with msg. */
static int read_result(json_t *j, int suite, engine_answer *ans, char *msg, size_t msglen)
{
    outcome *o = &ans->got;
    memset(o, 0, sizeof *o);
    o->suite = suite;
    o->n = suite_slots(suite);
    const char *bad = unknown_key(j, result_keys);
    if (bad != NULL) {
        snprintf(msg, msglen, "field %s: unknown key", bad);
        return -1;
    }
    json_t *eo = json_object_get(j, "error");
    if (eo != NULL) {
        ans->error = 1;
        json_t *em = json_object_get(eo, "message");
        char *dump = json_is_string(em) ? NULL : json_dumps(eo, JSON_ENCODE_ANY | JSON_COMPACT);
        snprintf(ans->error_message, sizeof ans->error_message, "%s",
                 json_is_string(em) ? json_string_value(em) : dump ? dump : "");
        free(dump);
        return 0;
    }
    json_t *st = json_object_get(j, "status");
    int s = json_is_string(st) ? status_from_name(json_string_value(st)) : -1;
    if (s < 0) {
        snprintf(msg, msglen, "field status: expected a ccref status name or ERROR");
        return -1;
    }
    o->d.status = (ccref_status)s;
    if (read_discrete_outputs(j, suite, ans, msg, msglen) != 0 || read_outputs(j, suite, ans, msg, msglen) != 0)
        return -1;
    json_t *used = json_object_get(j, "inputs_used");
    if (used != NULL)
        ans->inputs_used = json_incref(used);
    return 0;
}

/* ------------------------------------------------------------------ the file */

/* The reader's place in the file. */
typedef struct {
    const char *path;
    const vfile *files;
    int n_files;
    int lineno;
    int header;                 /* the header line has been read */
    int **test_of_id;           /* test_of_id[f][tc]: the position of the test of file f with tcId tc, -1: none
                                   (index_tests: a result finds its test in one look-up per file) */
    const unsigned char *const *selected; /* selected[f][t]: test t of file f is judged; NULL: all */
} reader;

/* The header line: the schema, the vectors' generator version and the engine's name. 0 or 2 with *err. */
static int read_header(reader *rd, json_t *j, engine_results *r, char **err)
{
    json_t *s = json_object_get(j, "schema"), *v = json_object_get(j, "generatorVersion");
    json_t *en = json_object_get(j, "engine");
    int rc = 0;
    if (s == NULL && v == NULL) {
        *err = message("%s:%d: the first line must be the results header {\"schema\": \"%s\", \"generatorVersion\": "
                       "..., \"engine\": ...}", rd->path, rd->lineno, RESULTS_SCHEMA);
        rc = 2;
    } else if (!json_is_string(s) || strcmp(json_string_value(s), RESULTS_SCHEMA) != 0) {
        *err = message("%s:%d: field schema: expected \"%s\"%s%s%s", rd->path, rd->lineno, RESULTS_SCHEMA,
                       json_is_string(s) ? ", not \"" : s == NULL ? " (missing)" : " (a string)",
                       json_is_string(s) ? json_string_value(s) : "", json_is_string(s) ? "\"" : "");
        rc = 2;
    } else if (!json_is_string(v)) {
        *err = message("%s:%d: field generatorVersion: expected the vectors' version as a string, \"%s\"%s", rd->path,
                       rd->lineno, rd->files[0].generator_version, v == NULL ? " (missing)" : "");
        rc = 2;
    } else if (strcmp(json_string_value(v), rd->files[0].generator_version) != 0) {
        *err = message("%s:%d: results for generatorVersion %s, the vectors are %s", rd->path, rd->lineno,
                       json_string_value(v), rd->files[0].generator_version);
        rc = 2;
    }
    snprintf(r->engine, sizeof r->engine, "%s", json_is_string(en) ? json_string_value(en) : "");
    json_t *tier = json_object_get(j, "tier");
    r->header_line = rd->lineno;
    r->tier = -1;
    if (rc == 0 && tier != NULL &&
        (!json_is_string(tier) || (r->tier = judge_tier_from_name(json_string_value(tier))) < 0)) {
        *err = message("%s:%d: field tier: the vectors carry the tiers double, binary32 and ccref", rd->path,
                       rd->lineno);
        rc = 2;
    }
    rd->header = 1;
    return rc;
}

/* The tcId of an id: decimal digits only, without a sign, a leading zero or trailing bytes, within int; or -1. */
static int tc_id_of(const char *digits)
{
    if (digits[0] < '1' || digits[0] > '9')
        return -1;
    long tc = 0;
    for (const char *p = digits; *p; p++) {
        if (*p < '0' || *p > '9' || tc > (INT_MAX - (*p - '0')) / 10)
            return -1;
        tc = tc * 10 + (*p - '0');
    }
    return (int)tc;
}

/* The index of find_test: for every file, the position of its test of each tcId. A loaded file's tcIds are
 * 1..n_tests, each once (vectors.c), and written in file order (spec/vectors.md section 1), so that test_of_id[f][tc]
 * is tc - 1; the index is built from the tcIds as read, not from that rule, so that it holds for any order, and a
 * tcId out of 1..n_tests or given twice (which a loaded file has not) is left out rather than trusted. 0, or -1 when
 * out of memory. */
static int index_tests(reader *rd)
{
    rd->test_of_id = calloc((size_t)rd->n_files + 1, sizeof *rd->test_of_id);
    for (int f = 0; rd->test_of_id != NULL && f < rd->n_files; f++) {
        const vfile *vf = &rd->files[f];
        int *idx = malloc(((size_t)vf->n_tests + 1) * sizeof *idx);
        if (idx == NULL)
            return -1;
        rd->test_of_id[f] = idx;
        for (int tc = 0; tc <= vf->n_tests; tc++)
            idx[tc] = -1;
        for (int t = 0; t < vf->n_tests; t++) {
            int tc = vf->tests[t].tc_id;
            if (tc >= 1 && tc <= vf->n_tests && idx[tc] < 0)
                idx[tc] = t;
        }
    }
    return rd->test_of_id != NULL ? 0 : -1;
}

static void free_index(reader *rd)
{
    for (int f = 0; rd->test_of_id != NULL && f < rd->n_files; f++)
        free(rd->test_of_id[f]);
    free(rd->test_of_id);
    rd->test_of_id = NULL;
}

/* The test an id "<suite>/<tcId>" names: FOUND with *file and *test; OUTSIDE for a test of a suite whose vectors
 * are not given; else UNKNOWN. One look-up per vector file (the files of a check hold a suite each). */
enum { TEST_UNKNOWN, TEST_FOUND, TEST_OUTSIDE };
static int find_test(const reader *rd, const char *id, int *file, int *test)
{
    const char *slash = id ? strrchr(id, '/') : NULL;
    char sname[64];
    if (slash == NULL || (size_t)(slash - id) >= sizeof sname)
        return TEST_UNKNOWN;
    memcpy(sname, id, (size_t)(slash - id));
    sname[slash - id] = '\0';
    int suite = suite_from_name(sname), tc = tc_id_of(slash + 1);
    if (tc < 0 || suite < 0)
        return TEST_UNKNOWN;
    int given = 0;
    for (int f = 0; f < rd->n_files; f++) {
        given |= rd->files[f].suite == suite;
        if (rd->files[f].suite != suite || tc > rd->files[f].n_tests || rd->test_of_id[f][tc] < 0)
            continue;
        *file = f;
        *test = rd->test_of_id[f][tc];
        return TEST_FOUND;
    }
    return given ? TEST_UNKNOWN : TEST_OUTSIDE;
}

/* A result line (a JSON object): the answer for the test it names. 0 or 2 with *err. */
static int read_result_line(reader *rd, json_t *j, engine_results *r, char **err)
{
    json_t *id = json_object_get(j, "id");
    const char *ids = json_is_string(id) ? json_string_value(id) : NULL;
    int f, t;
    r->n_lines++;
    const int found = find_test(rd, ids, &f, &t);
    if (found == TEST_OUTSIDE || (found == TEST_FOUND && rd->selected != NULL && !rd->selected[f][t])) {
        r->n_outside++; /* a suite not given, or a test not selected: not judged */
        return 0;
    }
    if (ids == NULL) {
        *err = message("%s:%d: field id: expected a string \"<suite>/<tcId>\"%s", rd->path, rd->lineno,
                       id == NULL ? " (missing)" : ", not a JSON string");
        return 2;
    }
    if (found != TEST_FOUND) {
        *err = message("%s:%d: a result for an unknown test \"%s\" (expected \"<suite>/<tcId>\" of the vectors "
                       "given)", rd->path, rd->lineno, ids);
        return 2;
    }
    engine_answer *ans = &r->answer[f][t];
    if (ans->present) {
        *err = message("%s:%d: a second result for %s (first at line %d)", rd->path, rd->lineno, ids, ans->line);
        return 2;
    }
    char msg[300];
    ans->present = 1;
    ans->line = rd->lineno;
    if (read_result(j, rd->files[f].suite, ans, msg, sizeof msg) != 0) {
        *err = message("%s:%d (%s): %s", rd->path, rd->lineno, ids, msg);
        return 2;
    }
    return 0;
}

/* A result line that is not JSON (a bare NaN token, say) but names its test, "id": "<suite>/<tcId>": that test
 * fails with the reason, and the run goes on. 1 when so, 0 when the line names no test of the check. */
static int fail_unreadable_result(reader *rd, const char *line, size_t len, const read_error *e, engine_results *r)
{
    char buf[256];
    const char *k = NULL;
    for (size_t i = 0; k == NULL && i + 4 <= len; i++)
        if (memcmp(line + i, "\"id\"", 4) == 0)
            k = line + i;
    if (k == NULL)
        return 0;
    const char *p = k + 4, *end = line + len;
    while (p < end && (*p == ' ' || *p == '\t' || *p == ':'))
        p++;
    if (p == end || *p != '"')
        return 0;
    const char *q = memchr(p + 1, '"', (size_t)(end - p - 1));
    if (q == NULL || (size_t)(q - p - 1) >= sizeof buf)
        return 0;
    memcpy(buf, p + 1, (size_t)(q - p - 1));
    buf[q - p - 1] = '\0';
    int f, t;
    if (find_test(rd, buf, &f, &t) != TEST_FOUND)
        return 0;
    r->n_lines++;
    if (rd->selected != NULL && !rd->selected[f][t]) {
        r->n_outside++;
        return 1;
    }
    engine_answer *ans = &r->answer[f][t];
    if (ans->present)
        return 0; /* a second result: the error of read_result_line */
    ans->present = 1;
    ans->line = rd->lineno;
    ans->error = 1;
    snprintf(ans->error_message, sizeof ans->error_message, "line %d is not JSON (%.*s); a non-finite value is "
             "written as a string, \"nan\", \"inf\" or \"-inf\"", rd->lineno, 60, e->message);
    return 1;
}

/* One line of the file (blank lines skipped): the header first, then results. 0 or 2 with *err. */
static int read_line(reader *rd, const char *line, size_t len, engine_results *r, char **err)
{
    if (case_line_blank(line, len, 0))
        return 0;
    read_error e;
    json_t *j = case_parse_line(line, len, rd->lineno == 1, &e);
    int rc;
    if (j == NULL && rd->header && fail_unreadable_result(rd, line, len, &e, r))
        return 0;
    if (j == NULL || !json_is_object(j)) {
        *err = message("%s:%d: %s", rd->path, rd->lineno, j ? "not a JSON object" : e.message);
        rc = 2;
    } else {
        rc = rd->header ? read_result_line(rd, j, r, err) : read_header(rd, j, r, err);
    }
    json_decref(j);
    return rc;
}

static int alloc_answers(const vfile *files, int n_files, engine_results *r)
{
    r->files = files;
    r->n_files = n_files;
    r->answer = calloc((size_t)n_files, sizeof *r->answer);
    for (int i = 0; r->answer != NULL && i < n_files; i++)
        if ((r->answer[i] = calloc((size_t)files[i].n_tests + 1, sizeof **r->answer)) == NULL)
            return -1;
    return r->answer != NULL ? 0 : -1;
}

int results_read(const char *path, const vfile *files, int n_files, const unsigned char *const *selected,
                 engine_results *r, char **err)
{
    memset(r, 0, sizeof *r);
    *err = NULL;
    if (alloc_answers(files, n_files, r) != 0)
        abort(); /* as jsonw.c */
    const int from_stdin = strcmp(path, "-") == 0;
    FILE *in = from_stdin ? stdin : fopen(path, "r");
    struct stat st;
    if (in == NULL || (fstat(fileno(in), &st) == 0 && S_ISDIR(st.st_mode))) {
        *err = message("cannot read %s: %s", path, in == NULL ? strerror(errno) : strerror(EISDIR));
        if (in != NULL && !from_stdin)
            fclose(in);
        return 2;
    }
    reader rd = {path, files, n_files, 0, 0, NULL, selected};
    if (index_tests(&rd) != 0)
        abort(); /* as jsonw.c */
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    int rc = 0;
    while (rc == 0 && (len = getline(&line, &cap, in)) != -1) {
        rd.lineno++;
        rc = read_line(&rd, line, (size_t)len, r, err);
    }
    if (rc == 0 && ferror(in)) {
        *err = message("cannot read %s: %s", path, strerror(errno));
        rc = 2;
    }
    if (rc == 0 && !rd.header) {
        *err = message("%s: empty (no results header)", path);
        rc = 2;
    }
    free(line);
    if (!from_stdin)
        fclose(in);
    free_index(&rd);
    return rc;
}

void results_free(engine_results *r)
{
    for (int f = 0; r->answer != NULL && f < r->n_files; f++) {
        for (int t = 0; r->answer[f] != NULL && t < r->files[f].n_tests; t++)
            json_decref(r->answer[f][t].inputs_used);
        free(r->answer[f]);
    }
    free(r->answer);
    r->answer = NULL;
}
