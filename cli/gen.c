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
        "HardStopUpper", "HardStopLower", "Rope", "PointPlaneFrictionlessContact", "PointPlaneContact",
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

/* Number of tests of a suite, and the tcId of test k of group g (1-based, in file order). */
static int suite_tests(int suite)
{
    const group_spec *gs;
    int n = suite_groups(suite, &gs), total = 0;
    for (int g = 0; g < n; g++)
        total += gs[g].count;
    return total;
}

static int tc_id_of(int suite, int g, int k)
{
    const group_spec *gs;
    suite_groups(suite, &gs);
    int id = 1;
    for (int i = 0; i < g; i++)
        id += gs[i].count;
    return id + k;
}

/* Make, answer and serialise one test; returns its JSON text (malloc'd) or NULL with msg. */
static char *make_test(ora_ctx *ctx, uint64_t seed, int suite, int g, int k, char *msg, size_t msglen)
{
    static vtest t; /* large: keep it off the stack */
    family_make(seed, suite, g, k, &t);
    t.tc_id = tc_id_of(suite, g, k);
    if (expect_test(ctx, &t, msg, msglen) != 0)
        return NULL;
    const group_spec *gs;
    suite_groups(suite, &gs);
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

/* Write dir/<suite>.json from the tests' texts texts[g][k], through a temporary file and a rename. */
static int write_suite_file(const char *dir, int suite, uint64_t seed, char ***texts)
{
    const group_spec *gs;
    int ng = suite_groups(suite, &gs);
    unsigned char used[FLAG_COUNT] = {0};
    for (int g = 0; g < ng; g++)
        for (int k = 0; k < gs[g].count; k++)
            collect_flags(texts[g][k], used);
    jw w;
    jw_init(&w);
    char buf[512];
    jw_obj(&w);
#define NEXT() jw_break(&w, "  ")
    NEXT();
    jw_key(&w, "schema");
    jw_str(&w, VECTORS_SCHEMA);
    NEXT();
    jw_key(&w, "generatorVersion");
    jw_str(&w, CCREF_GENERATOR_VERSION);
    NEXT();
    jw_key(&w, "ccrefVersion");
    jw_str(&w, CCREF_VERSION_STRING);
    NEXT();
    jw_key(&w, "suite");
    jw_str(&w, suite_name(suite));
    NEXT();
    jw_key(&w, "suiteType");
    jw_str(&w, suite_type_of(suite) == SUITE_TYPE_KIND ? "kind"
               : suite_type_of(suite) == SUITE_TYPE_CONTACT ? "contact" : "rule");
    NEXT();
    jw_key(&w, "simbody");
    jw_str(&w, suite_simbody(suite));
    NEXT();
    jw_key(&w, "specification");
    jw_str(&w, suite_spec(suite));
    NEXT();
    jw_key(&w, "seed");
    jw_int(&w, (long long)seed);
    NEXT();
    jw_key(&w, "numberOfTests");
    jw_int(&w, suite_tests(suite));
    NEXT();
    jw_key(&w, "header");
    snprintf(buf, sizeof buf, "ccref golden vectors for %s (%s).", suite_simbody(suite), suite_name(suite));
    const char *header[] = {
        buf,
        "Expected values are the oracle's certified, correctly rounded results on the exact input doubles "
        "(spec/oracle.md); the tolerance of each is the proven error bound of spec/accuracy.md plus half an ulp.",
        "Format: spec/vectors.md (schema spec/" VECTORS_SCHEMA "). Regenerate with: ccref gen --seed <seed>.",
        NULL};
    write_string_array(&w, header);
    NEXT();
    jw_key(&w, "conventions");
    jw_obj(&w);
    jw_key(&w, "reference");
    jw_str(&w, "spec/conventions.md");
    jw_key(&w, "summary");
    const char *conv[] = {
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
    write_string_array(&w, conv);
    jw_end_obj(&w);
    NEXT();
    jw_key(&w, "valueFormat");
    const char *vf[] = {"hex", "dec", "tol", "cert", NULL};
    write_string_array(&w, vf);
    NEXT();
    jw_key(&w, "notes");
    jw_obj(&w);
    for (int f = 0; f < FLAG_COUNT; f++) {
        if (!used[f])
            continue;
        const flag_info *fi = flag_get(f);
        jw_break(&w, "    ");
        jw_key(&w, fi->name);
        jw_obj(&w);
        jw_key(&w, "bugType");
        jw_str(&w, fi->bug_type);
        jw_key(&w, "description");
        jw_str(&w, fi->description);
        jw_key(&w, "effect");
        jw_str(&w, fi->effect);
        jw_end_obj(&w);
    }
    jw_raw(&w, "\n  ");
    jw_end_obj(&w);
    NEXT();
    jw_key(&w, "testGroups");
    jw_arr(&w);
    for (int g = 0; g < ng; g++) {
        jw_break(&w, "    ");
        jw_obj(&w);
        jw_key(&w, "family");
        jw_str(&w, gs[g].family);
        jw_key(&w, "description");
        jw_str(&w, gs[g].description);
        if (gs[g].rolling >= 0) {
            jw_key(&w, "variant");
            jw_obj(&w);
            jw_key(&w, "rolling");
            jw_bool(&w, gs[g].rolling);
            jw_end_obj(&w);
        }
        jw_key(&w, "outputs");
        jw_arr(&w);
        int slots[CCREF_MAX_SLOTS];
        int n = vgroup_slots(suite, gs[g].rolling > 0, slots);
        for (int i = 0; i < n; i++)
            jw_str(&w, slot_name(suite, slots[i]));
        jw_end_arr(&w);
        jw_key(&w, "tests");
        jw_arr(&w);
        for (int k = 0; k < gs[g].count; k++) {
            jw_break(&w, "      ");
            jw_value_text(&w, texts[g][k]);
        }
        jw_raw(&w, "\n    ");
        jw_end_arr(&w);
        jw_end_obj(&w);
    }
    jw_raw(&w, "\n  ");
    jw_end_arr(&w);
    jw_raw(&w, "\n");
    jw_end_obj(&w);
    jw_raw(&w, "\n");
#undef NEXT
    char path[4096], tmp[4200];
    snprintf(path, sizeof path, "%s/%s.json", dir, suite_name(suite));
    snprintf(tmp, sizeof tmp, "%s.tmp.%ld", path, (long)getpid());
    FILE *fp = fopen(tmp, "wb");
    int rc = 0;
    if (fp == NULL || jw_write(&w, fp) != 0 || fclose(fp) != 0) {
        die("cannot write %s: %s", tmp, strerror(errno));
        rc = -1;
        remove(tmp);
    } else if (rename(tmp, path) != 0) {
        die("cannot rename to %s: %s", path, strerror(errno));
        remove(tmp);
        rc = -1;
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

static int all_tests(const int *suites, int n_suites, test_ref **refs)
{
    int total = 0;
    for (int s = 0; s < n_suites; s++)
        total += suite_tests(suites[s]);
    *refs = calloc((size_t)total + 1, sizeof **refs);
    if (*refs == NULL)
        return -1;
    int p = 0;
    for (int s = 0; s < n_suites; s++) {
        const group_spec *gs;
        int ng = suite_groups(suites[s], &gs);
        for (int g = 0; g < ng; g++)
            for (int k = 0; k < gs[g].count; k++)
                (*refs)[p++] = (test_ref){suites[s], g, k};
    }
    return total;
}

static char ***alloc_texts(int suite)
{
    const group_spec *gs;
    int ng = suite_groups(suite, &gs);
    char ***t = calloc((size_t)ng + 1, sizeof *t);
    for (int g = 0; t && g < ng; g++)
        t[g] = calloc((size_t)gs[g].count + 1, sizeof **t);
    return t;
}

static void free_texts(int suite, char ***t)
{
    const group_spec *gs;
    int ng = suite_groups(suite, &gs);
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
    fputs("usage: ccref gen [--seed N] [--out DIR] [--suite NAME]... [--shard I/N] [--quiet]\n"
          "  Writes DIR/<suite>.json for every suite (or the named ones), deterministically from the seed\n"
          "  (default " "20261125" "). With --shard I/N, computes every N-th test from the I-th and writes\n"
          "  DIR/shard-I-of-N.jsonl instead; `ccref merge --out DIR SHARD...` joins the shards into the same files.\n",
          f);
}

int cmd_gen(int argc, char **argv)
{
    static const struct option opts[] = {{"seed", required_argument, NULL, 's'}, {"out", required_argument, NULL, 'o'},
                                         {"suite", required_argument, NULL, 'u'}, {"shard", required_argument, NULL, 'h'},
                                         {"quiet", no_argument, NULL, 'q'}, {"help", no_argument, NULL, 'H'},
                                         {NULL, 0, NULL, 0}};
    uint64_t seed = GEN_DEFAULT_SEED;
    const char *out = "vectors";
    int suites[SUITE_COUNT], n_suites = 0, shard_i = 0, shard_n = 0, quiet = 0, ch;
    optind = 1;
    while ((ch = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        switch (ch) {
        case 's':
            if (parse_seed(optarg, &seed)) {
                die("--seed %s: expected an integer in [0, 2^53)%s", optarg, "");
                return 2;
            }
            break;
        case 'o': out = optarg; break;
        case 'u': {
            int s = suite_from_name(optarg);
            if (s < 0) {
                die("--suite %s: unknown suite%s", optarg, "");
                return 2;
            }
            suites[n_suites++ % SUITE_COUNT] = s;
            break;
        }
        case 'h':
            if (parse_shard(optarg, &shard_i, &shard_n)) {
                die("--shard %s: expected I/N with 0 <= I < N%s", optarg, "");
                return 2;
            }
            break;
        case 'q': quiet = 1; break;
        case 'H': gen_usage(stdout); return 0;
        default: gen_usage(stderr); return 2;
        }
    }
    if (optind != argc) {
        gen_usage(stderr);
        return 2;
    }
    if (n_suites > SUITE_COUNT) /* more names than suites: the later ones took the first places; read no further */
        n_suites = SUITE_COUNT;
    if (n_suites == 0)
        for (int s = 0; s < SUITE_COUNT; s++)
            suites[n_suites++] = s;
    if (make_dir(out))
        return 2;
    ora_ctx *ctx = ora_ctx_new(NULL);
    int tty = isatty(2), rc = 0;
    char msg[400];
    if (shard_n == 0) {
        for (int si = 0; si < n_suites && rc == 0; si++) {
            int s = suites[si];
            const group_spec *gs;
            int ng = suite_groups(s, &gs), done = 0, total = suite_tests(s);
            char ***texts = alloc_texts(s);
            for (int g = 0; g < ng && rc == 0; g++)
                for (int k = 0; k < gs[g].count && rc == 0; k++) {
                    texts[g][k] = make_test(ctx, seed, s, g, k, msg, sizeof msg);
                    if (texts[g][k] == NULL) {
                        fprintf(stderr, "\nccref gen: %s test %d: %s\n", suite_name(s), tc_id_of(s, g, k), msg);
                        rc = 1;
                    }
                    progress(tty, suite_name(s), ++done, total);
                }
            if (rc == 0 && write_suite_file(out, s, seed, texts) != 0)
                rc = 2;
            if (rc == 0 && !quiet)
                printf("ccref gen: %s/%s.json: %d tests\n", out, suite_name(s), total);
            free_texts(s, texts);
        }
    } else {
        test_ref *refs;
        int total = all_tests(suites, n_suites, &refs);
        char path[4096], tmp[4200];
        snprintf(path, sizeof path, "%s/shard-%d-of-%d.jsonl", out, shard_i, shard_n);
        snprintf(tmp, sizeof tmp, "%s.tmp.%ld", path, (long)getpid());
        FILE *fp = fopen(tmp, "wb");
        if (fp == NULL) {
            die("cannot write %s: %s", tmp, strerror(errno));
            rc = 2;
        } else {
            jw w;
            jw_init(&w);
            jw_obj(&w);
            jw_key(&w, "ccrefShard");
            jw_arr(&w);
            jw_int(&w, shard_i);
            jw_int(&w, shard_n);
            jw_end_arr(&w);
            jw_key(&w, "generatorVersion");
            jw_str(&w, CCREF_GENERATOR_VERSION);
            jw_key(&w, "seed");
            jw_int(&w, (long long)seed);
            jw_key(&w, "suites");
            jw_arr(&w);
            for (int si = 0; si < n_suites; si++)
                jw_str(&w, suite_name(suites[si]));
            jw_end_arr(&w);
            jw_end_obj(&w);
            jw_raw(&w, "\n");
            jw_write(&w, fp);
            int mine = 0, done = 0;
            for (int p = shard_i; p < total; p += shard_n)
                mine++;
            for (int p = shard_i; p < total && rc == 0; p += shard_n) {
                test_ref r = refs[p];
                char *text = make_test(ctx, seed, r.suite, r.group, r.index, msg, sizeof msg);
                if (text == NULL) {
                    fprintf(stderr, "\nccref gen: %s test %d: %s\n", suite_name(r.suite), tc_id_of(r.suite, r.group, r.index), msg);
                    rc = 1;
                    break;
                }
                jw_reset(&w);
                jw_obj(&w);
                jw_key(&w, "suite");
                jw_str(&w, suite_name(r.suite));
                jw_key(&w, "group");
                jw_int(&w, r.group);
                jw_key(&w, "index");
                jw_int(&w, r.index);
                jw_key(&w, "test");
                jw_value_text(&w, text);
                jw_end_obj(&w);
                jw_raw(&w, "\n");
                if (jw_write(&w, fp) != 0)
                    rc = 2;
                free(text);
                progress(tty, "shard", ++done, mine);
            }
            jw_free(&w);
            if (fclose(fp) != 0 || rc != 0) {
                remove(tmp);
                rc = rc ? rc : 2;
            } else if (rename(tmp, path) != 0) {
                die("cannot rename to %s: %s", path, strerror(errno));
                remove(tmp);
                rc = 2;
            } else if (!quiet) {
                printf("ccref gen: %s: %d of %d tests\n", path, mine, total);
            }
        }
        free(refs);
    }
    ora_ctx_free(ctx);
    return rc;
}

/* ------------------------------------------------------------------ merge */

int cmd_merge(int argc, char **argv)
{
    static const struct option opts[] = {{"out", required_argument, NULL, 'o'}, {"quiet", no_argument, NULL, 'q'},
                                         {"help", no_argument, NULL, 'H'}, {NULL, 0, NULL, 0}};
    const char *out = "vectors";
    int quiet = 0, ch;
    optind = 1;
    while ((ch = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        switch (ch) {
        case 'o': out = optarg; break;
        case 'q': quiet = 1; break;
        case 'H': fputs("usage: ccref merge [--out DIR] SHARD...\n", stdout); return 0;
        default: fputs("usage: ccref merge [--out DIR] SHARD...\n", stderr); return 2;
        }
    }
    if (optind >= argc) {
        fputs("usage: ccref merge [--out DIR] SHARD...\n", stderr);
        return 2;
    }
    int n_files = argc - optind, shard_n = -1, suites[SUITE_COUNT], n_suites = 0, rc = 0;
    long long seed = -1;
    unsigned char *seen = NULL;
    char ****texts = calloc(SUITE_COUNT, sizeof *texts);
    for (int fi = 0; fi < n_files && rc == 0; fi++) {
        const char *path = argv[optind + fi];
        FILE *fp = fopen(path, "rb");
        if (fp == NULL) {
            die("cannot open %s: %s", path, strerror(errno));
            rc = 2;
            break;
        }
        char *line = NULL;
        size_t cap = 0;
        ssize_t len;
        int lineno = 0, shard_i = -1;
        while (rc == 0 && (len = getline(&line, &cap, fp)) != -1) {
            lineno++;
            json_error_t je;
            json_t *j = json_loadb(line, (size_t)len, JSON_REJECT_DUPLICATES, &je);
            if (j == NULL || (size_t)len != strlen(line)) {
                fprintf(stderr, "ccref merge: %s:%d: not a shard line (%s)\n", path, lineno, j ? "NUL byte" : je.text);
                rc = 2;
            } else if (lineno == 1) {
                json_t *sh = json_object_get(j, "ccrefShard"), *ver = json_object_get(j, "generatorVersion");
                json_t *sd = json_object_get(j, "seed"), *ss = json_object_get(j, "suites");
                if (!json_is_array(sh) || json_array_size(sh) != 2 || !json_is_string(ver) || !json_is_integer(sd) ||
                    !json_is_array(ss)) {
                    fprintf(stderr, "ccref merge: %s:1: not a ccref shard header\n", path);
                    rc = 2;
                } else if (strcmp(json_string_value(ver), CCREF_GENERATOR_VERSION) != 0) {
                    fprintf(stderr, "ccref merge: %s:1: generatorVersion %s, this ccref writes %s\n", path,
                            json_string_value(ver), CCREF_GENERATOR_VERSION);
                    rc = 2;
                } else {
                    shard_i = (int)json_integer_value(json_array_get(sh, 0));
                    int n = (int)json_integer_value(json_array_get(sh, 1));
                    int ns = 0, list[SUITE_COUNT];
                    size_t k;
                    json_t *v;
                    json_array_foreach(ss, k, v) {
                        int s = json_is_string(v) ? suite_from_name(json_string_value(v)) : -1;
                        if (s < 0 || ns >= SUITE_COUNT) {
                            ns = -1;
                            break;
                        }
                        list[ns++] = s;
                    }
                    if (ns <= 0 || n < 1 || shard_i < 0 || shard_i >= n) {
                        fprintf(stderr, "ccref merge: %s:1: bad shard header\n", path);
                        rc = 2;
                    } else if (shard_n < 0) {
                        shard_n = n;
                        seed = json_integer_value(sd);
                        n_suites = ns;
                        memcpy(suites, list, sizeof list[0] * (size_t)ns);
                        seen = calloc((size_t)n, 1);
                        for (int s = 0; s < ns; s++)
                            texts[list[s]] = alloc_texts(list[s]);
                    } else if (n != shard_n || json_integer_value(sd) != seed || ns != n_suites ||
                               memcmp(list, suites, sizeof list[0] * (size_t)ns) != 0) {
                        fprintf(stderr, "ccref merge: %s:1: shard of another run (N, seed or suites differ)\n", path);
                        rc = 2;
                    }
                    if (rc == 0 && seen[shard_i]) {
                        fprintf(stderr, "ccref merge: %s:1: shard %d/%d given twice\n", path, shard_i, shard_n);
                        rc = 2;
                    }
                    if (rc == 0)
                        seen[shard_i] = 1;
                }
            } else {
                json_t *su = json_object_get(j, "suite"), *gr = json_object_get(j, "group"), *ix = json_object_get(j, "index");
                int s = json_is_string(su) ? suite_from_name(json_string_value(su)) : -1;
                const group_spec *gs;
                int ng = s >= 0 ? suite_groups(s, &gs) : 0;
                int g = json_is_integer(gr) ? (int)json_integer_value(gr) : -1;
                int k = json_is_integer(ix) ? (int)json_integer_value(ix) : -1;
                const char *mark = strstr(line, ",\"test\":");
                if (s < 0 || texts[s] == NULL || g < 0 || g >= ng || k < 0 || k >= gs[g].count || mark == NULL) {
                    fprintf(stderr, "ccref merge: %s:%d: a test outside the run's suites and groups\n", path, lineno);
                    rc = 2;
                } else if (texts[s][g][k] != NULL) {
                    fprintf(stderr, "ccref merge: %s:%d: test %s/%d given twice\n", path, lineno, suite_name(s),
                            tc_id_of(s, g, k));
                    rc = 2;
                } else {
                    /* the test's text exactly as written: between ,"test": and the closing brace of the line */
                    const char *start = mark + 8;
                    size_t l = strlen(start);
                    while (l > 0 && (start[l - 1] == '\n' || start[l - 1] == '\r'))
                        l--;
                    if (l == 0 || start[l - 1] != '}') {
                        fprintf(stderr, "ccref merge: %s:%d: truncated line\n", path, lineno);
                        rc = 2;
                    } else {
                        texts[s][g][k] = strndup(start, l - 1);
                    }
                }
            }
            json_decref(j);
        }
        if (rc == 0 && lineno == 0) {
            fprintf(stderr, "ccref merge: %s: empty file\n", path);
            rc = 2;
        }
        free(line);
        fclose(fp);
    }
    for (int i = 0; rc == 0 && i < shard_n; i++)
        if (!seen[i]) {
            fprintf(stderr, "ccref merge: shard %d/%d is missing\n", i, shard_n);
            rc = 2;
        }
    for (int si = 0; rc == 0 && si < n_suites; si++) {
        int s = suites[si];
        const group_spec *gs;
        int ng = suite_groups(s, &gs);
        for (int g = 0; rc == 0 && g < ng; g++)
            for (int k = 0; rc == 0 && k < gs[g].count; k++)
                if (texts[s][g][k] == NULL) {
                    fprintf(stderr, "ccref merge: test %s/%d is in no shard\n", suite_name(s), tc_id_of(s, g, k));
                    rc = 2;
                }
    }
    if (rc == 0 && make_dir(out))
        rc = 2;
    for (int si = 0; rc == 0 && si < n_suites; si++) {
        if (write_suite_file(out, suites[si], (uint64_t)seed, texts[suites[si]]) != 0)
            rc = 2;
        else if (!quiet)
            printf("ccref merge: %s/%s.json: %d tests\n", out, suite_name(suites[si]), suite_tests(suites[si]));
    }
    for (int s = 0; s < SUITE_COUNT; s++)
        if (texts[s])
            free_texts(s, texts[s]);
    free(texts);
    free(seen);
    return rc;
}
