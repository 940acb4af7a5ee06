/* gen.c: see gen.h. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../src/ccref_version.h"
#include "expect.h"
#include "families.h"
#include "gen.h"
#include "manifest.h"
#include "outfile.h"
#include "random.h"

const char *suite_spec(int suite)
{
    static char buf[SUITE_COUNT][48];
    switch (suite_type_of(suite)) {
    case SUITE_TYPE_KIND:
        snprintf(buf[suite], sizeof buf[suite], "spec/%s.md", suite_name(suite));
        return buf[suite];
    case SUITE_TYPE_CONTACT: return "spec/unilateral_contacts.md";
    default: return "spec/unilateral.md";
    }
}

const char *suite_simbody(int suite)
{
    static const char *const names[SUITE_COUNT] = {
        "Constraint::Ball", "Constraint::Rod", "Constraint::PointInPlane", "Constraint::ConstantCoordinate",
        "Constraint::SphereOnPlaneContact",
        "Constraint::BallRollingOnPlane (the Simbody 3.0 to 3.4 page; never implemented by Simbody)",
        "Constraint::SphereOnSphereContact", "Constraint::PointOnPlaneContact", "Constraint::LineOnLineContact",
        "Constraint::Weld", "HardStopUpper", "HardStopLower", "Rope", "PointPlaneFrictionlessContact", "PointPlaneContact",
        "SpherePlaneContact", "SphereSphereContact", "EdgeEdgeContact",
        "UnilateralContact::calcEffectiveCOR", "UnilateralContact::calcEffectiveCOF",
        "UnilateralContact sign conventions, validity conditions and isProximal"};
    return suite >= 0 && suite < SUITE_COUNT ? names[suite] : "";
}

static void die(const char *fmt, const char *a, const char *b)
{
    fprintf(stderr, "ccref: ");
    fprintf(stderr, fmt, a, b);
    fputc('\n', stderr);
}

/* ------------------------------------------------------------------ the tests of a suite */

/* The groups of a suite in a run's layout: the published suite (random_n 0), or with --random N its random family
 * alone, random_n tests (families.h). Every function below that walks a suite's groups takes the run's random_n. */
/* The layout of `ccref gen --cases FILE` (random_n GEN_CASES): per suite, one group of the cases given ("cases"),
 * two for a kind with a rolling option (not rolling, then rolling), in the order of the file's lines. */
#define GEN_CASES (-1)
static struct {
    const char *path;
    group_spec groups[SUITE_COUNT][2];
    int n_groups[SUITE_COUNT];
    cli_case *cases[SUITE_COUNT][2];
    char **comments[SUITE_COUNT][2];
} given;

static int run_groups(int random_n, int suite, const group_spec **gs)
{
    if (random_n == GEN_CASES) {
        *gs = given.groups[suite];
        return given.n_groups[suite];
    }
    return random_n > 0 ? suite_random_groups(suite, random_n, gs) : suite_groups(suite, gs);
}

/* Number of tests of a suite, and the tcId of test k of group g (1-based, in file order). */
static int suite_tests(int random_n, int suite)
{
    const group_spec *gs;
    int n = run_groups(random_n, suite, &gs), total = 0;
    for (int g = 0; g < n; g++)
        total += gs[g].count;
    return total;
}

static int tc_id_of(int random_n, int suite, int g, int k)
{
    const group_spec *gs;
    run_groups(random_n, suite, &gs);
    int id = 1;
    for (int i = 0; i < g; i++)
        id += gs[i].count;
    return id + k;
}

/* Make, answer and serialise one test; returns its JSON text (malloc'd), or NULL when the generator cannot answer
 * it (reported: a bug, which stops the run with status 1). */
static char *make_test(ora_ctx *ctx, uint64_t seed, int random_n, int suite, int g, int k)
{
    static vtest t; /* large: keep it off the stack */
    char msg[400];
    if (random_n == GEN_CASES) { /* a case given: no family, no flag but those its answer implies */
        memset(&t, 0, sizeof t);
        t.c = given.cases[suite][g][k];
        snprintf(t.comment, sizeof t.comment, "%s", given.comments[suite][g][k]);
    } else {
        family_make(seed, suite, g, k, &t); /* group g of either layout is the published group g (families.h) */
    }
    t.tc_id = tc_id_of(random_n, suite, g, k);
    if (expect_test(ctx, &t, msg, sizeof msg) != 0) {
        fprintf(stderr, "\nccref gen: %s test %d: %s\n", suite_name(suite), t.tc_id, msg);
        return NULL;
    }
    const group_spec *gs;
    run_groups(random_n, suite, &gs);
    int slots[CCREF_MAX_SLOTS];
    int n = vgroup_slots(suite, gs[g].rolling > 0, slots);
    jw w;
    jw_init(&w);
    vtest_write(&w, &t, slots, n);
    return w.buf; /* ownership passes to the caller */
}

/* ------------------------------------------------------------------ writing a suite file */

static void write_string_array(jw *w, const char *const *lines)
{
    jw_arr(w);
    for (; *lines; lines++)
        jw_str(w, *lines);
    jw_end_arr(w);
}

/* The flags a test text uses (its "flags" array), or-ed into used[]. */
static void collect_flags(const char *text, unsigned char *used)
{
    json_error_t e;
    json_t *t = json_loads(text, 0, &e);
    size_t i;
    json_t *f;
    json_array_foreach(json_object_get(t, "flags"), i, f) {
        int id = json_is_string(f) ? flag_from_name(json_string_value(f)) : -1;
        if (id >= 0)
            used[id] = 1;
    }
    json_array_foreach(json_object_get(t, "alternatives"), i, f) {
        json_t *fl = json_object_get(f, "flag");
        int id = json_is_string(fl) ? flag_from_name(json_string_value(fl)) : -1;
        if (id >= 0)
            used[id] = 1;
    }
    json_decref(t);
}

/* The flags the suite's tests use, or-ed into used[]. */
static void collect_suite_flags(int random_n, int suite, char ***texts, unsigned char *used)
{
    const group_spec *gs;
    int ng = run_groups(random_n, suite, &gs);
    for (int g = 0; g < ng; g++)
        for (int k = 0; k < gs[g].count; k++)
            collect_flags(texts[g][k], used);
}

/* The next member of the root object, on a line of its own. */
static void root_key(jw *w, const char *key)
{
    jw_break(w, "  ");
    jw_key(w, key);
}

static const char *suite_type_label(int suite)
{
    switch (suite_type_of(suite)) {
    case SUITE_TYPE_KIND: return "kind";
    case SUITE_TYPE_CONTACT: return "contact";
    default: return "rule";
    }
}

/* The root's members from schema to numberOfTests: what the file is and how it was made. */
static void write_identity(jw *w, int suite, uint64_t seed, int random_n)
{
    root_key(w, "schema");
    jw_str(w, VECTORS_SCHEMA);
    root_key(w, "generatorVersion");
    jw_str(w, CCREF_GENERATOR_VERSION);
    root_key(w, "ccrefVersion");
    jw_str(w, CCREF_VERSION_STRING);
    root_key(w, "suite");
    jw_str(w, suite_name(suite));
    root_key(w, "suiteType");
    jw_str(w, suite_type_label(suite));
    root_key(w, "simbody");
    jw_str(w, suite_simbody(suite));
    root_key(w, "specification");
    jw_str(w, suite_spec(suite));
    root_key(w, "seed");
    jw_int(w, (long long)seed);
    root_key(w, "numberOfTests");
    jw_int(w, suite_tests(random_n, suite));
}

static void write_header_text(jw *w, int suite, int random_n)
{
    char title[512], regen[400];
    snprintf(title, sizeof title, "ccref golden vectors for %s (%s).", suite_simbody(suite), suite_name(suite));
    /* a random-only suite says so where the published one says how to regenerate it (the root has no other place:
     * its members are fixed by the schema) */
    if (random_n == GEN_CASES)
        snprintf(regen, sizeof regen, "Format: spec/vectors.md (schema spec/" VECTORS_SCHEMA "). Made from the cases of "
                 "%.100s: ccref gen --cases <file>; each test's comment gives its case's line and id.", given.path);
    else if (random_n > 0)
        snprintf(regen, sizeof regen, "Format: spec/vectors.md (schema spec/" VECTORS_SCHEMA "). A random-only suite: "
                 "the random family alone, %d tests. Regenerate with: ccref gen --random %d --seed <seed>.", random_n,
                 random_n);
    else
        snprintf(regen, sizeof regen, "Format: spec/vectors.md (schema spec/" VECTORS_SCHEMA "). Regenerate with: "
                 "ccref gen --seed <seed>.");
    const char *header[] = {
        title,
        "Expected values are the oracle's certified, correctly rounded results on the exact input doubles "
        "(spec/oracle.md). Each carries three tolerances, proven error bounds plus half an ulp (spec/accuracy.md): "
        "ccref's own evaluation order's, the double tier's (any evaluation order in binary64) and the binary32 "
        "tier's (inputs rounded to binary32, any order in binary32). An engine is checked in the tier it states.",
        regen,
        NULL};
    root_key(w, "header");
    write_string_array(w, header);
}

/* A short restatement of spec/conventions.md, so that a reader of the file alone gets the frames and signs right. */
static void write_conventions(jw *w)
{
    static const char *const summary[] = {
        "Every vector is in Ground. Body 1 and body 2 are the constructor's first and second body; \"ground\" is "
        "the identity pose at rest.",
        "R is R_GB, rows of the matrix (column j is the body's axis j in Ground); w, v, b, a are the angular and "
        "linear velocity and acceleration of the body origin, in Ground.",
        "Rows are [holonomic | nonholonomic]; contacts list the normal row first, then x, then y.",
        "force_on_body1 and force_on_body2 are G^T lambda (the multiplier sign of M udot + G^T lambda = f): the "
        "force the constraint applies is their negative. Outputs named *_applied, force_on_sphere and "
        "force_on_follower are the applied force.",
        "Numbers are C99 hex floats (exact) with a %.17g decimal beside them.",
        NULL};
    root_key(w, "conventions");
    jw_obj(w);
    jw_key(w, "reference");
    jw_str(w, "spec/conventions.md");
    jw_key(w, "summary");
    write_string_array(w, summary);
    jw_end_obj(w);
}

/* Every flag the suite's tests use (and no other), one a line. */
static void write_notes(jw *w, int random_n, int suite, char ***texts)
{
    unsigned char used[FLAG_COUNT] = {0};
    collect_suite_flags(random_n, suite, texts, used);
    root_key(w, "notes");
    jw_obj(w);
    for (int f = 0; f < FLAG_COUNT; f++) {
        if (!used[f])
            continue;
        const flag_info *fi = flag_get(f);
        jw_break(w, "    ");
        jw_key(w, fi->name);
        jw_obj(w);
        jw_key(w, "bugType");
        jw_str(w, fi->bug_type);
        jw_key(w, "description");
        jw_str(w, fi->description);
        jw_key(w, "effect");
        jw_str(w, fi->effect);
        jw_end_obj(w);
    }
    jw_raw(w, "\n  ");
    jw_end_obj(w);
}

/* The names of the output values every test of a group lists, in order. */
static void write_group_outputs(jw *w, int suite, int rolling)
{
    int slots[CCREF_MAX_SLOTS];
    int n = vgroup_slots(suite, rolling, slots);
    jw_key(w, "outputs");
    jw_arr(w);
    for (int i = 0; i < n; i++)
        jw_str(w, slot_name(suite, slots[i]));
    jw_end_arr(w);
}

/* One group on a line of its own, then its tests, one a line. */
static void write_group(jw *w, int suite, const group_spec *g, char *const *tests)
{
    jw_break(w, "    ");
    jw_obj(w);
    jw_key(w, "family");
    jw_str(w, g->family);
    jw_key(w, "description");
    jw_str(w, g->description);
    if (g->rolling >= 0) {
        jw_key(w, "variant");
        jw_obj(w);
        jw_key(w, "rolling");
        jw_bool(w, g->rolling);
        jw_end_obj(w);
    }
    write_group_outputs(w, suite, g->rolling > 0);
    jw_key(w, "tests");
    jw_arr(w);
    for (int k = 0; k < g->count; k++) {
        jw_break(w, "      ");
        jw_value_text(w, tests[k]);
    }
    jw_raw(w, "\n    ");
    jw_end_arr(w);
    jw_end_obj(w);
}

static void write_test_groups(jw *w, int random_n, int suite, char ***texts)
{
    const group_spec *gs;
    int ng = run_groups(random_n, suite, &gs);
    root_key(w, "testGroups");
    jw_arr(w);
    for (int g = 0; g < ng; g++)
        write_group(w, suite, &gs[g], texts[g]);
    jw_raw(w, "\n  ");
    jw_end_arr(w);
}

/* The text of a suite file: the root object over several lines, each test on a line of its own, so that a diff
 * shows tests (spec/vectors.md, section 1). */
static void write_suite_text(jw *w, int suite, uint64_t seed, int random_n, char ***texts)
{
    static const char *const value_format[] = {"hex", "dec", "ccref", "double", "binary32", "cert", NULL};
    jw_obj(w);
    write_identity(w, suite, seed, random_n);
    write_header_text(w, suite, random_n);
    write_conventions(w);
    root_key(w, "valueFormat");
    write_string_array(w, value_format);
    write_notes(w, random_n, suite, texts);
    write_test_groups(w, random_n, suite, texts);
    jw_raw(w, "\n");
    jw_end_obj(w);
    jw_raw(w, "\n");
}

/* Write dir/<suite>.json from the tests' texts texts[g][k], whole or not at all (outfile.h). 0 or -1 (reported). */
static int write_suite_file(const char *dir, int suite, uint64_t seed, int random_n, char ***texts)
{
    jw w;
    jw_init(&w);
    write_suite_text(&w, suite, seed, random_n, texts);
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.json", dir, suite_name(suite));
    outfile o = {0};
    int rc = outfile_open(&o, "ccref", path);
    if (rc == 0) {
        jw_write(&w, o.f); /* a write error is reported by outfile_finish */
        rc = outfile_finish(&o, 1);
    }
    if (rc == 0) { /* its digest in DIR/SHA256SUMS (manifest.h) */
        char hex[MANIFEST_HEX], name[64];
        manifest_digest_buf(w.buf, w.len, hex);
        snprintf(name, sizeof name, "%s.json", suite_name(suite));
        rc = manifest_update("ccref", dir, name, hex);
    }
    jw_free(&w);
    return rc;
}

/* ------------------------------------------------------------------ shards */

/* The global order of the tests: suites in order, groups in order, tests in order. A shard i/N takes every test
 * whose position p in that order has p mod N = i. */
typedef struct {
    int suite, group, index;
} test_ref;

static int all_tests(int random_n, const int *suites, int n_suites, test_ref **refs)
{
    int total = 0;
    for (int s = 0; s < n_suites; s++)
        total += suite_tests(random_n, suites[s]);
    *refs = calloc((size_t)total + 1, sizeof **refs);
    if (*refs == NULL)
        return -1;
    int p = 0;
    for (int s = 0; s < n_suites; s++) {
        const group_spec *gs;
        int ng = run_groups(random_n, suites[s], &gs);
        for (int g = 0; g < ng; g++)
            for (int k = 0; k < gs[g].count; k++)
                (*refs)[p++] = (test_ref){suites[s], g, k};
    }
    return total;
}

static void free_texts(int random_n, int suite, char ***t);

/* texts[g][k], all NULL, for the suite's groups; NULL when out of memory (a random-only suite may be large). */
static char ***alloc_texts(int random_n, int suite)
{
    const group_spec *gs;
    int ng = run_groups(random_n, suite, &gs);
    char ***t = calloc((size_t)ng + 1, sizeof *t);
    for (int g = 0; t && g < ng; g++)
        if ((t[g] = calloc((size_t)gs[g].count + 1, sizeof **t)) == NULL) {
            free_texts(random_n, suite, t);
            return NULL;
        }
    return t;
}

static void free_texts(int random_n, int suite, char ***t)
{
    const group_spec *gs;
    int ng = run_groups(random_n, suite, &gs);
    for (int g = 0; t && g < ng; g++) {
        for (int k = 0; t[g] && k < gs[g].count; k++)
            free(t[g][k]);
        free(t[g]);
    }
    free(t);
}

static int parse_shard(const char *s, int *i, int *n)
{
    char *end;
    long a = strtol(s, &end, 10);
    if (end == s || *end != '/')
        return -1;
    const char *q = end + 1;
    long b = strtol(q, &end, 10);
    if (end == q || *end != '\0' || b < 1 || b > 100000 || a < 0 || a >= b)
        return -1;
    *i = (int)a;
    *n = (int)b;
    return 0;
}

/* --random N: an integer in 1 .. RANDOM_SUITE_MAX. */
static int parse_random(const char *s, int *n)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (end == s || *end != '\0' || errno != 0 || v < 1 || v > RANDOM_SUITE_MAX)
        return -1;
    *n = (int)v;
    return 0;
}

static int parse_seed(const char *s, uint64_t *seed)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (end == s || *end != '\0' || errno != 0 || s[0] == '-' || v > 9007199254740991ull)
        return -1; /* a JSON integer every reader holds exactly: at most 2^53 - 1 */
    *seed = v;
    return 0;
}

static int make_dir(const char *dir)
{
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        die("cannot create %s: %s", dir, strerror(errno));
        return -1;
    }
    return 0;
}

static void progress(int tty, const char *what, int done, int total)
{
    if (tty && (done == total || done % 16 == 0)) {
        fprintf(stderr, "\rccref gen: %-28s %5d/%d", what, done, total);
        if (done == total)
            fputc('\n', stderr);
        fflush(stderr);
    }
}

static void gen_usage(FILE *f)
{
    fputs("usage: ccref gen [--seed N] [--out DIR] [--suite NAME]... [--random N | --cases FILE] [--shard I/N] [--quiet]\n"
          "  Writes DIR/<suite>.json for every published suite (or the named ones), deterministically from the seed\n"
          "  (default " "20261125" "). With --shard I/N, computes every N-th test from the I-th and writes\n"
          "  DIR/shard-I-of-N.jsonl instead; `ccref merge --out DIR SHARD...` joins the shards into the same files.\n"
          "  --random N  a random-only suite: each file holds only its suite's random family (for the kinds with a\n"
          "              rolling option both variants, N - N/2 tests not rolling then N/2 rolling), N tests in all\n"
          "              (1 <= N <= 10000000), tcIds 1..N; the rules' suites too (their random inputs). The cases of\n"
          "              the published random family, continued: a seed and N give byte-identical files, and with\n"
          "              the published seed the first tests are the published random tests. Each file is a valid\n"
          "              suite for eval, check and the consumers; several seeds make a larger sample.\n"
          "  --cases FILE  vector files of one's own cases (the case lines of `ccref eval`, an engine's simulation\n"
          "              states, say): DIR/<suite>.json for each suite the file has cases of, one family \"cases\",\n"
          "              tcIds in the order of the lines; each test's comment names its line and id. Certified and\n"
          "              with every tier's tolerances, as the published suite: judge an engine's outputs for them\n"
          "              with `ccref check --tier TIER DIR RESULTS` (results keyed \"<suite>/<tcId>\").\n",
          f);
}

/* ------------------------------------------------------------------ the cases of --cases FILE */

/* Whether a case takes a kind's rolling variant. */
static int case_rolling(const cli_case *c)
{
    if (suite_type_of(c->suite) != SUITE_TYPE_KIND || !ccref_kind_has_rolling_option(c->u.k.kind))
        return -1;
    int mp, mv;
    ccref_case_rows(&c->u.k, &mp, &mv);
    return mv > 0;
}

static void add_given(int suite, int g, const cli_case *c, const char *comment)
{
    group_spec *gs = &given.groups[suite][g];
    int n = gs->count++;
    given.cases[suite][g] = realloc(given.cases[suite][g], sizeof(cli_case) * (size_t)(n + 1));
    given.comments[suite][g] = realloc(given.comments[suite][g], sizeof(char *) * (size_t)(n + 1));
    if (given.cases[suite][g] == NULL || given.comments[suite][g] == NULL)
        abort(); /* as jsonw.c: out of memory */
    given.cases[suite][g][n] = *c;
    given.comments[suite][g][n] = strdup(comment);
}

/* Read --cases FILE into `given`: every line a case (blank lines skipped), as `ccref eval` reads them; the first
 * error names the file, the line and the field, and nothing is written. 0, or 2. */
static int read_given_cases(const char *path)
{
    FILE *in = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
    struct stat st;
    if (in == NULL || (fstat(fileno(in), &st) == 0 && S_ISDIR(st.st_mode))) {
        fprintf(stderr, "ccref gen: cannot read %s: %s\n", path, in == NULL ? strerror(errno) : strerror(EISDIR));
        if (in != NULL && in != stdin)
            fclose(in);
        return 2;
    }
    given.path = path;
    char *buf = NULL;
    size_t cap = 0;
    ssize_t len;
    int line = 0, rc = 0, n = 0;
    while (rc == 0 && (len = getline(&buf, &cap, in)) != -1) {
        line++;
        if (case_line_blank(buf, (size_t)len, line == 1))
            continue;
        read_error e = {"", "", 0};
        cli_case c;
        json_t *root = case_parse_line(buf, (size_t)len, line == 1, &e);
        if (root == NULL || case_read(root, &c, &e) != 0) {
            fprintf(stderr, "ccref gen: %s:%d: %s%s%s\n", path, line, e.field, e.field[0] ? ": " : "", e.message);
            rc = 2;
        } else {
            char comment[200], *id = json_dumps(json_object_get(root, "id"), JSON_ENCODE_ANY | JSON_COMPACT);
            snprintf(comment, sizeof comment, "case of line %d of %.80s%s%.60s", line, path, id ? ", id " : "",
                     id ? id : "");
            free(id);
            int r = case_rolling(&c);
            add_given(c.suite, r > 0, &c, comment);
            n++;
        }
        json_decref(root);
    }
    if (rc == 0 && ferror(in)) {
        fprintf(stderr, "ccref gen: cannot read %s: %s\n", path, strerror(errno));
        rc = 2;
    }
    if (rc == 0 && n == 0) {
        fprintf(stderr, "ccref gen: %s: no case\n", path);
        rc = 2;
    }
    free(buf);
    if (in != stdin)
        fclose(in);
    for (int su = 0; rc == 0 && su < SUITE_COUNT; su++) { /* the groups in file order, those with cases */
        group_spec two[2];
        int ng = 0;
        for (int g = 0; g < 2; g++) {
            if (given.groups[su][g].count == 0)
                continue;
            two[ng] = given.groups[su][g];
            two[ng].family = "cases";
            two[ng].description = "The cases given to ccref gen --cases, in the order of their lines.";
            two[ng].rolling = suite_type_of(su) == SUITE_TYPE_KIND && ccref_kind_has_rolling_option(suite_kind(su))
                                  ? g : -1;
            two[ng].make = NULL;
            given.cases[su][ng] = given.cases[su][g];
            given.comments[su][ng] = given.comments[su][g];
            ng++;
        }
        for (int g = 0; g < ng; g++)
            given.groups[su][g] = two[g];
        given.n_groups[su] = ng;
    }
    return rc;
}

/* ------------------------------------------------------------------ gen */

/* What parse_gen_options and parse_merge_options return when the command is to run (else its exit status). */
#define RUN_COMMAND (-1)

typedef struct {
    uint64_t seed;
    const char *out;
    int suites[SUITE_COUNT], n_suites;
    int named;            /* the suites were named (--suite); else the default list */
    int shard_i, shard_n; /* shard_n 0: the whole suites, not a shard */
    int random_n;         /* --random N; 0: the published layout; GEN_CASES: --cases */
    const char *cases;    /* --cases FILE, or NULL */
    int quiet;
} gen_options;

/* RUN_COMMAND, or the exit status: 0 after --help, 2 on a usage error (reported). */
static int parse_gen_options(int argc, char **argv, gen_options *o)
{
    static const struct option opts[] = {{"seed", required_argument, NULL, 's'}, {"out", required_argument, NULL, 'o'},
                                         {"suite", required_argument, NULL, 'u'}, {"shard", required_argument, NULL, 'h'},
                                         {"quiet", no_argument, NULL, 'q'}, {"help", no_argument, NULL, 'H'},
                                         {"random", required_argument, NULL, 'r'},
                                         {"cases", required_argument, NULL, 'c'}, {NULL, 0, NULL, 0}};
    int ch;
    o->seed = GEN_DEFAULT_SEED;
    o->out = "vectors";
    o->n_suites = o->shard_i = o->shard_n = o->quiet = o->random_n = 0;
    o->cases = NULL;
    optind = 1;
    while ((ch = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        switch (ch) {
        case 's':
            if (parse_seed(optarg, &o->seed)) {
                die("--seed %s: expected an integer in [0, 2^53)%s", optarg, "");
                return 2;
            }
            break;
        case 'o': o->out = optarg; break;
        case 'u': {
            int s = suite_from_name(optarg);
            if (s < 0) {
                char names[1024] = "";
                for (int k = 0; k < SUITE_COUNT; k++) {
                    size_t l = strlen(names);
                    snprintf(names + l, sizeof names - l, "%s%s", k ? ", " : "", suite_name(k));
                }
                die("--suite %s: unknown suite; the suites are %s", optarg, names);
                return 2;
            }
            o->suites[o->n_suites++ % SUITE_COUNT] = s;
            break;
        }
        case 'h':
            if (parse_shard(optarg, &o->shard_i, &o->shard_n)) {
                die("--shard %s: expected I/N with 0 <= I < N%s", optarg, "");
                return 2;
            }
            break;
        case 'r':
            if (parse_random(optarg, &o->random_n)) {
                die("--random %s: expected the number of tests per suite, 1 to %s", optarg, "10000000");
                return 2;
            }
            break;
        case 'c': o->cases = optarg; break;
        case 'q': o->quiet = 1; break;
        case 'H': gen_usage(stdout); return 0;
        default: gen_usage(stderr); return 2;
        }
    }
    if (optind != argc) {
        gen_usage(stderr);
        return 2;
    }
    if (o->cases != NULL && (o->random_n > 0 || o->shard_n > 0)) {
        die("--cases excludes --random and --shard%s%s", "", "");
        return 2;
    }
    if (o->n_suites > SUITE_COUNT) /* more names than suites: the later ones took the first places; read no further */
        o->n_suites = SUITE_COUNT;
    o->named = o->n_suites > 0;
    if (!o->named) /* the published suites (every suite of a --cases file); the others when named */
        for (int s = 0; s < SUITE_COUNT; s++)
            if (o->cases != NULL || suite_published(s))
                o->suites[o->n_suites++] = s;
    return RUN_COMMAND;
}

/* Make every test of a suite into texts[g][k]; 0, or 1 when a test cannot be answered (the tests after it are not
 * made). */
static int make_suite_tests(ora_ctx *ctx, uint64_t seed, int random_n, int suite, char ***texts, int tty)
{
    const group_spec *gs;
    int ng = run_groups(random_n, suite, &gs), done = 0, total = suite_tests(random_n, suite), rc = 0;
    for (int g = 0; g < ng && rc == 0; g++)
        for (int k = 0; k < gs[g].count && rc == 0; k++) {
            texts[g][k] = make_test(ctx, seed, random_n, suite, g, k);
            if (texts[g][k] == NULL)
                rc = 1;
            progress(tty, suite_name(suite), ++done, total);
        }
    return rc;
}

/* Unsharded: each suite made in full, then written as its file, one suite in memory at a time. */
static int gen_suite_files(ora_ctx *ctx, const gen_options *o)
{
    int tty = isatty(2), rc = 0;
    for (int si = 0; si < o->n_suites && rc == 0; si++) {
        int s = o->suites[si];
        char ***texts = alloc_texts(o->random_n, s);
        if (texts == NULL) {
            die("out of memory for the tests of %s%s", suite_name(s), "");
            return 2;
        }
        rc = make_suite_tests(ctx, o->seed, o->random_n, s, texts, tty);
        if (rc == 0 && write_suite_file(o->out, s, o->seed, o->random_n, texts) != 0)
            rc = 2;
        if (rc == 0 && !o->quiet)
            printf("ccref gen: %s/%s.json: %d tests\n", o->out, suite_name(s), suite_tests(o->random_n, s));
        free_texts(o->random_n, s, texts);
    }
    return rc;
}

/* A shard's first line: which shard of which run (merge checks that all shards are of one run). A shard of a
 * random-only run adds "random": N (absent: the published layout), so that merge rebuilds the same groups. */
static void write_shard_header(jw *w, const gen_options *o)
{
    jw_obj(w);
    jw_key(w, "ccrefShard");
    jw_arr(w);
    jw_int(w, o->shard_i);
    jw_int(w, o->shard_n);
    jw_end_arr(w);
    jw_key(w, "generatorVersion");
    jw_str(w, CCREF_GENERATOR_VERSION);
    jw_key(w, "seed");
    jw_int(w, (long long)o->seed);
    if (o->random_n > 0) {
        jw_key(w, "random");
        jw_int(w, o->random_n);
    }
    jw_key(w, "suites");
    jw_arr(w);
    for (int si = 0; si < o->n_suites; si++)
        jw_str(w, suite_name(o->suites[si]));
    jw_end_arr(w);
    jw_end_obj(w);
    jw_raw(w, "\n");
}

/* A shard's test line: where the test belongs, and its text as the suite file will hold it. */
static void write_shard_test(jw *w, test_ref r, const char *text)
{
    jw_reset(w);
    jw_obj(w);
    jw_key(w, "suite");
    jw_str(w, suite_name(r.suite));
    jw_key(w, "group");
    jw_int(w, r.group);
    jw_key(w, "index");
    jw_int(w, r.index);
    jw_key(w, "test");
    jw_value_text(w, text);
    jw_end_obj(w);
    jw_raw(w, "\n");
}

/* The number of the total tests of the global order that shard i of n takes. */
static int shard_size(int shard_i, int shard_n, int total)
{
    int mine = 0;
    for (int p = shard_i; p < total; p += shard_n)
        mine++;
    return mine;
}

/* The shard's lines to fp, each test made and written in turn; 0, 1 (a test cannot be answered) or 2 (I/O). */
static int write_shard_lines(ora_ctx *ctx, const gen_options *o, const test_ref *refs, int total, int mine, FILE *fp)
{
    int tty = isatty(2), done = 0, rc = 0;
    jw w;
    jw_init(&w);
    write_shard_header(&w, o);
    jw_write(&w, fp);
    for (int p = o->shard_i; p < total && rc == 0; p += o->shard_n) {
        test_ref r = refs[p];
        char *text = make_test(ctx, o->seed, o->random_n, r.suite, r.group, r.index);
        if (text == NULL) {
            rc = 1;
            break;
        }
        write_shard_test(&w, r, text);
        if (jw_write(&w, fp) != 0)
            rc = 2;
        free(text);
        progress(tty, "shard", ++done, mine);
    }
    jw_free(&w);
    return rc;
}

/* Sharded: every shard_n-th test of the global order from the shard_i-th, to DIR/shard-I-of-N.jsonl, whole or not at
 * all (outfile.h). */
static int gen_shard_file(ora_ctx *ctx, const gen_options *o)
{
    test_ref *refs;
    int total = all_tests(o->random_n, o->suites, o->n_suites, &refs), rc = 2;
    if (total < 0) {
        die("out of memory for the %s%s", "global order of the tests", "");
        return 2;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/shard-%d-of-%d.jsonl", o->out, o->shard_i, o->shard_n);
    outfile out = {0};
    if (outfile_open(&out, "ccref", path) == 0) {
        int mine = shard_size(o->shard_i, o->shard_n, total);
        rc = write_shard_lines(ctx, o, refs, total, mine, out.f);
        /* kept unless a test could not be answered (1); a write error (2) is reported by outfile_finish */
        if (outfile_finish(&out, rc != 1) != 0)
            rc = 2;
        else if (rc == 0 && !o->quiet)
            printf("ccref gen: %s: %d of %d tests\n", path, mine, total);
    }
    free(refs);
    return rc;
}

int cmd_gen(int argc, char **argv)
{
    gen_options o;
    int rc = parse_gen_options(argc, argv, &o);
    if (rc != RUN_COMMAND)
        return rc;
    if (o.cases != NULL) {
        if ((rc = read_given_cases(o.cases)) != 0)
            return rc;
        o.random_n = GEN_CASES;
        int n = 0, all = !o.named; /* the suites named (default all) that have cases */
        for (int i = 0; i < o.n_suites; i++)
            if (given.n_groups[o.suites[i]] > 0)
                o.suites[n++] = o.suites[i];
        o.n_suites = n;
        if (n == 0) {
            die("%s: no case of the suites named%s", o.cases, all ? "" : " (--suite)");
            return 2;
        }
    }
    if (make_dir(o.out))
        return 2;
    ora_ctx *ctx = ora_ctx_new(NULL);
    rc = o.shard_n == 0 ? gen_suite_files(ctx, &o) : gen_shard_file(ctx, &o);
    ora_ctx_free(ctx);
    return rc;
}

/* ------------------------------------------------------------------ merge */

typedef struct {
    const char *out;
    int quiet;
    char **shards; /* the shard files, n_shards of them */
    int n_shards;
} merge_options;

static void merge_usage(FILE *f) { fputs("usage: ccref merge [--out DIR] SHARD...\n", f); }

/* RUN_COMMAND, or the exit status: 0 after --help, 2 on a usage error (reported). */
static int parse_merge_options(int argc, char **argv, merge_options *o)
{
    static const struct option opts[] = {{"out", required_argument, NULL, 'o'}, {"quiet", no_argument, NULL, 'q'},
                                         {"help", no_argument, NULL, 'H'}, {NULL, 0, NULL, 0}};
    int ch;
    o->out = "vectors";
    o->quiet = 0;
    optind = 1;
    while ((ch = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        switch (ch) {
        case 'o': o->out = optarg; break;
        case 'q': o->quiet = 1; break;
        case 'H': merge_usage(stdout); return 0;
        default: merge_usage(stderr); return 2;
        }
    }
    if (optind >= argc) {
        merge_usage(stderr);
        return 2;
    }
    o->shards = argv + optind;
    o->n_shards = argc - optind;
    return RUN_COMMAND;
}

/* The run the shards belong to, fixed by the first header read, and what has been read of it. */
typedef struct {
    int shard_n;          /* -1 until the first header */
    long long seed;
    int random_n;         /* the header's "random" (--random N); 0: the published layout */
    int suites[SUITE_COUNT], n_suites;
    unsigned char *seen;  /* seen[i]: shard i has been read */
    char ****texts;       /* texts[suite][g][k]: a test's text; the run's suites only, NULL until read */
} merge_run;

/* The suites a header names, into list[]; their number, or -1 for an unknown name or too many. */
static int header_suites(json_t *names, int *list)
{
    int ns = 0;
    size_t k;
    json_t *v;
    json_array_foreach(names, k, v) {
        int s = json_is_string(v) ? suite_from_name(json_string_value(v)) : -1;
        if (s < 0 || ns >= SUITE_COUNT)
            return -1;
        list[ns++] = s;
    }
    return ns;
}

/* The first header read fixes the run: its N, seed, layout and suites. 0, or 2 when out of memory (reported). */
static int start_run(merge_run *m, int n, long long seed, int random_n, const int *list, int ns)
{
    m->shard_n = n;
    m->seed = seed;
    m->random_n = random_n;
    m->n_suites = ns;
    memcpy(m->suites, list, sizeof list[0] * (size_t)ns);
    m->seen = calloc((size_t)n, 1);
    int rc = m->seen != NULL ? 0 : 2;
    for (int s = 0; s < ns && rc == 0; s++)
        if ((m->texts[list[s]] = alloc_texts(random_n, list[s])) == NULL)
            rc = 2;
    if (rc != 0)
        fprintf(stderr, "ccref merge: out of memory for the run's tests\n");
    return rc;
}

static int same_run(const merge_run *m, int n, long long seed, const int *list, int ns)
{
    return n == m->shard_n && seed == m->seed && ns == m->n_suites &&
           memcmp(list, m->suites, sizeof list[0] * (size_t)ns) == 0;
}

/* The layout of a run as the messages name it. */
static const char *layout_name(int random_n, char *buf, size_t len)
{
    if (random_n > 0)
        snprintf(buf, len, "--random %d", random_n);
    else
        snprintf(buf, len, "the published suite (no --random)");
    return buf;
}

/* A header's "random": absent (0, the published layout) or an integer in 1 .. RANDOM_SUITE_MAX; -1 otherwise. */
static int header_random(json_t *j)
{
    json_t *r = json_object_get(j, "random");
    if (r == NULL)
        return 0;
    if (!json_is_integer(r) || json_integer_value(r) < 1 || json_integer_value(r) > RANDOM_SUITE_MAX)
        return -1;
    return (int)json_integer_value(r);
}

/* A shard's first line, {"ccrefShard":[I,N],"generatorVersion":...,"seed":...,["random":R,]"suites":[...]}: a shard
 * not read yet, of this generator version and of the run (the first header starts it): the same N, seed, suites and
 * layout (a shard of --random R and one of another R or of the published suite are of two runs). 0, or 2
 * (reported). */
static int read_shard_header(merge_run *m, const char *path, json_t *j)
{
    json_t *sh = json_object_get(j, "ccrefShard"), *ver = json_object_get(j, "generatorVersion");
    json_t *sd = json_object_get(j, "seed"), *ss = json_object_get(j, "suites");
    if (!json_is_array(sh) || json_array_size(sh) != 2 || !json_is_string(ver) || !json_is_integer(sd) ||
        !json_is_array(ss)) {
        fprintf(stderr, "ccref merge: %s:1: not a ccref shard header\n", path);
        return 2;
    }
    if (strcmp(json_string_value(ver), CCREF_GENERATOR_VERSION) != 0) {
        fprintf(stderr, "ccref merge: %s:1: generatorVersion %s, this ccref writes %s\n", path,
                json_string_value(ver), CCREF_GENERATOR_VERSION);
        return 2;
    }
    int shard_i = (int)json_integer_value(json_array_get(sh, 0));
    int n = (int)json_integer_value(json_array_get(sh, 1));
    int list[SUITE_COUNT], ns = header_suites(ss, list), random_n = header_random(j);
    if (ns <= 0 || n < 1 || shard_i < 0 || shard_i >= n || random_n < 0) {
        fprintf(stderr, "ccref merge: %s:1: bad shard header\n", path);
        return 2;
    }
    if (m->shard_n < 0) {
        if (start_run(m, n, json_integer_value(sd), random_n, list, ns) != 0)
            return 2;
    } else if (random_n != m->random_n) {
        char a[80], b[80];
        fprintf(stderr, "ccref merge: %s:1: shard of another run: its tests are of %s, those of the shards before it "
                "of %s\n", path,
                layout_name(random_n, a, sizeof a), layout_name(m->random_n, b, sizeof b));
        return 2;
    } else if (!same_run(m, n, json_integer_value(sd), list, ns)) {
        fprintf(stderr, "ccref merge: %s:1: shard of another run (N, seed or suites differ)\n", path);
        return 2;
    }
    if (m->seen[shard_i]) {
        fprintf(stderr, "ccref merge: %s:1: shard %d/%d given twice\n", path, shard_i, m->shard_n);
        return 2;
    }
    m->seen[shard_i] = 1;
    return 0;
}

/* The key before a test's text on a shard line. */
static const char shard_test_key[] = ",\"test\":";

/* The test's text exactly as written, from after the key (at mark) to the closing brace of the line, into *text;
 * -1 when the line does not end with that brace (truncated). */
static int shard_test_text(const char *mark, char **text)
{
    const char *start = mark + sizeof shard_test_key - 1;
    size_t l = strlen(start);
    while (l > 0 && (start[l - 1] == '\n' || start[l - 1] == '\r'))
        l--;
    if (l == 0 || start[l - 1] != '}')
        return -1;
    *text = strndup(start, l - 1);
    return 0;
}

/* A shard's test line, {"suite":...,"group":G,"index":K,"test":{...}}: a test of the run's suites and groups, not
 * read yet. 0, or 2 (reported). */
static int read_shard_test(merge_run *m, const char *path, int lineno, const char *line, json_t *j)
{
    json_t *su = json_object_get(j, "suite"), *gr = json_object_get(j, "group"), *ix = json_object_get(j, "index");
    int s = json_is_string(su) ? suite_from_name(json_string_value(su)) : -1;
    const group_spec *gs;
    int ng = s >= 0 ? run_groups(m->random_n, s, &gs) : 0;
    int g = json_is_integer(gr) ? (int)json_integer_value(gr) : -1;
    int k = json_is_integer(ix) ? (int)json_integer_value(ix) : -1;
    const char *mark = strstr(line, shard_test_key);
    if (s < 0 || m->texts[s] == NULL || g < 0 || g >= ng || k < 0 || k >= gs[g].count || mark == NULL) {
        fprintf(stderr, "ccref merge: %s:%d: a test outside the run's suites and groups\n", path, lineno);
        return 2;
    }
    if (m->texts[s][g][k] != NULL) {
        fprintf(stderr, "ccref merge: %s:%d: test %s/%d given twice\n", path, lineno, suite_name(s),
                tc_id_of(m->random_n, s, g, k));
        return 2;
    }
    if (shard_test_text(mark, &m->texts[s][g][k]) != 0) {
        fprintf(stderr, "ccref merge: %s:%d: truncated line\n", path, lineno);
        return 2;
    }
    return 0;
}

/* One line of a shard file (len bytes): the header on line 1, a test on every other. 0, or 2 (reported). */
static int read_shard_line(merge_run *m, const char *path, int lineno, const char *line, size_t len)
{
    json_error_t je;
    json_t *j = json_loadb(line, len, JSON_REJECT_DUPLICATES, &je);
    int rc;
    if (j == NULL || len != strlen(line)) {
        fprintf(stderr, "ccref merge: %s:%d: not a shard line (%s)\n", path, lineno, j ? "NUL byte" : je.text);
        rc = 2;
    } else if (lineno == 1) {
        rc = read_shard_header(m, path, j);
    } else {
        rc = read_shard_test(m, path, lineno, line, j);
    }
    json_decref(j);
    return rc;
}

/* 0, or 2 (reported). */
static int read_shard_file(merge_run *m, const char *path)
{
    FILE *fp = fopen(path, "rb");
    if (fp == NULL) {
        die("cannot open %s: %s", path, strerror(errno));
        return 2;
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    int lineno = 0, rc = 0;
    while (rc == 0 && (len = getline(&line, &cap, fp)) != -1)
        rc = read_shard_line(m, path, ++lineno, line, (size_t)len);
    if (rc == 0 && lineno == 0) {
        fprintf(stderr, "ccref merge: %s: empty file\n", path);
        rc = 2;
    }
    free(line);
    fclose(fp);
    return rc;
}

/* Every shard of the run read, and every test of its suites found in one. 0, or 2 (the first gap reported). */
static int check_run_complete(const merge_run *m)
{
    for (int i = 0; i < m->shard_n; i++)
        if (!m->seen[i]) {
            fprintf(stderr, "ccref merge: shard %d/%d is missing\n", i, m->shard_n);
            return 2;
        }
    for (int si = 0; si < m->n_suites; si++) {
        int s = m->suites[si];
        const group_spec *gs;
        int ng = run_groups(m->random_n, s, &gs);
        for (int g = 0; g < ng; g++)
            for (int k = 0; k < gs[g].count; k++)
                if (m->texts[s][g][k] == NULL) {
                    fprintf(stderr, "ccref merge: test %s/%d is in no shard\n", suite_name(s),
                            tc_id_of(m->random_n, s, g, k));
                    return 2;
                }
    }
    return 0;
}

/* The run's suite files, as an unsharded run writes them. 0, or 2 (reported; the files after it are not written). */
static int write_merged_files(const merge_run *m, const merge_options *o)
{
    if (make_dir(o->out))
        return 2;
    for (int si = 0; si < m->n_suites; si++) {
        int s = m->suites[si];
        if (write_suite_file(o->out, s, (uint64_t)m->seed, m->random_n, m->texts[s]) != 0)
            return 2;
        if (!o->quiet)
            printf("ccref merge: %s/%s.json: %d tests\n", o->out, suite_name(s), suite_tests(m->random_n, s));
    }
    return 0;
}

int cmd_merge(int argc, char **argv)
{
    merge_options o;
    int rc = parse_merge_options(argc, argv, &o);
    if (rc != RUN_COMMAND)
        return rc;
    merge_run m = {.shard_n = -1, .seed = -1, .random_n = 0, .n_suites = 0, .seen = NULL};
    m.texts = calloc(SUITE_COUNT, sizeof *m.texts);
    rc = 0;
    for (int fi = 0; fi < o.n_shards && rc == 0; fi++)
        rc = read_shard_file(&m, o.shards[fi]);
    if (rc == 0)
        rc = check_run_complete(&m);
    if (rc == 0)
        rc = write_merged_files(&m, &o);
    for (int s = 0; s < SUITE_COUNT; s++)
        if (m.texts[s])
            free_texts(m.random_n, s, m.texts[s]);
    free(m.texts);
    free(m.seen);
    return rc;
}
