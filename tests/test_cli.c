/* test_cli.c: the `ccref` tool end to end. It runs the built binary (CCREF_BIN, default build/ccref) and reads what
 * it writes back with jansson: eval's output field by field against the library (every suite), the reader's errors
 * (every one names its line and field), the input conveniences (quaternions, normalize), the certified modes, and
 * gen / merge / check on a small suite (byte-for-byte reproducibility, sharding, and the checker's verdicts and
 * errors on tampered files). */
#define _POSIX_C_SOURCE 200809L
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "testlib.h"
#include "../src/ccref_bounds.h"
#include "../src/ccref_version.h"
#include "../src/cli/families.h"
#include "../src/cli/outcome.h"

static const char *binary(void)
{
    const char *b = getenv("CCREF_BIN");
    return b ? b : "build/ccref";
}

/* ------------------------------------------------------------------ running the tool */

typedef struct {
    json_t **lines;
    int n;
    int exit_status;
    char err[4096];             /* standard error */
    char out[8192];             /* the first part of standard output */
} cli_run;

static char tmpdir[64];

static void make_tmpdir(void)
{
    if (tmpdir[0] == '\0') {
        snprintf(tmpdir, sizeof tmpdir, "/tmp/ccref_cli_XXXXXX");
        CU_ASSERT_FATAL(mkdtemp(tmpdir) != NULL);
    }
}

/* A file in the test's temporary directory with the given bytes (len: -1 for a C string). */
static const char *write_file(const char *name, const char *bytes, long len)
{
    static char path[8][256];
    static int next;
    make_tmpdir();
    char *p = path[next++ % 8];
    snprintf(p, 256, "%s/%s", tmpdir, name);
    FILE *f = fopen(p, "wb");
    CU_ASSERT_FATAL(f != NULL);
    fwrite(bytes, 1, len < 0 ? strlen(bytes) : (size_t)len, f);
    fclose(f);
    return p;
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *b = malloc((size_t)n + 1);
    size_t r = fread(b, 1, (size_t)n, f);
    b[r] = '\0';
    fclose(f);
    if (len)
        *len = r;
    return b;
}

/* Run `ccref ARGS` (a shell command tail); parse standard output as JSON Lines when json is set. */
static cli_run run(const char *args, int json)
{
    cli_run r;
    memset(&r, 0, sizeof r);
    make_tmpdir();
    char errpath[256], cmd[2048];
    snprintf(errpath, sizeof errpath, "%s/stderr", tmpdir);
    snprintf(cmd, sizeof cmd, "%s %s 2>%s", binary(), args, errpath);
    FILE *p = popen(cmd, "r");
    CU_ASSERT_FATAL(p != NULL);
    char *line = NULL;
    size_t cap = 0, used = 0;
    int lcap = 0;
    while (getline(&line, &cap, p) != -1) {
        size_t l = strlen(line);
        if (used + l < sizeof r.out) {
            memcpy(r.out + used, line, l + 1);
            used += l;
        }
        if (!json)
            continue;
        if (r.n == lcap)
            r.lines = realloc(r.lines, sizeof *r.lines * (size_t)(lcap = lcap ? 2 * lcap : 64));
        json_error_t e;
        r.lines[r.n] = json_loads(line, 0, &e);
        CU_ASSERT(r.lines[r.n] != NULL); /* every output line is JSON */
        r.n++;
    }
    free(line);
    int st = pclose(p);
    r.exit_status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    char *e = slurp(errpath, NULL);
    if (e) {
        snprintf(r.err, sizeof r.err, "%s", e);
        free(e);
    }
    return r;
}

static void free_run(cli_run *r)
{
    for (int i = 0; i < r->n; i++)
        json_decref(r->lines[i]);
    free(r->lines);
}

/* eval of one input text. */
static cli_run eval_text(const char *opts, const char *input, long len)
{
    const char *path = write_file("cases.jsonl", input, len);
    char args[512];
    snprintf(args, sizeof args, "eval %s %s", opts, path);
    return run(args, 1);
}

static const char *str(json_t *o, const char *k) { return json_string_value(json_object_get(o, k)); }
static json_t *err_of(json_t *o) { return json_object_get(o, "error"); }

/* The double of an output's "hex" (exactly) and its "dec" (the same double). */
static double hex_of(json_t *x)
{
    double h = strtod(json_string_value(json_object_get(x, "hex")), NULL);
    CU_ASSERT(json_number_value(json_object_get(x, "dec")) == h || !isfinite(h));
    return h;
}

#define PENDULUM                                                                                         \
    "{\"id\": \"pendulum\", \"kind\": \"ball\", \"params\": {\"station1_in_b1\": [0,0,0], "               \
    "\"station2_in_b2\": [0,1,0]}, \"body1\": \"ground\", "                                              \
    "\"body2\": {\"R\": [[1,0,0],[0,1,0],[0,0,1]], \"p\": [0,-1,0]}, \"lambda\": [0, -19.62, 0]}\n"

/* ------------------------------------------------------------------ usage and hand-derived cases */

static void test_help_version(void)
{
    cli_run r = run("--help", 0);
    CU_ASSERT_EQUAL(r.exit_status, 0);
    CU_ASSERT(strstr(r.out, "Case format") != NULL);
    CU_ASSERT(strstr(r.out, "edge_frame1_in_b1") != NULL);
    CU_ASSERT(strstr(r.out, "unilateral_classify") != NULL);
    free_run(&r);
    r = run("--version", 0);
    CU_ASSERT_EQUAL(r.exit_status, 0);
    CU_ASSERT(strstr(r.out, CCREF_VERSION_STRING) != NULL && strstr(r.out, CCREF_GENERATOR_VERSION) != NULL);
    free_run(&r);
    r = run("frobnicate", 0);
    CU_ASSERT_EQUAL(r.exit_status, 2);
    free_run(&r);
}

/* Hanging pendulum (spec/ball.md): lambda = (0, -m g, 0), m g = 19.62; body 2's force is lambda at S = (0,0,0) with
 * arm (0,1,0) parallel to it (zero moment); Ground gets -lambda. perr = 0 exactly. */
static void test_pendulum(void)
{
    cli_run r = eval_text("", PENDULUM, -1);
    CU_ASSERT_EQUAL(r.exit_status, 0);
    CU_ASSERT_FATAL(r.n == 1);
    json_t *o = r.lines[0], *out = json_object_get(o, "outputs");
    CU_ASSERT_STRING_EQUAL(str(o, "status"), "OK");
    CU_ASSERT_STRING_EQUAL(str(o, "id"), "pendulum");
    CU_ASSERT_EQUAL(json_integer_value(json_object_get(o, "line")), 1);
    CU_ASSERT_EQUAL(json_integer_value(json_object_get(o, "mp")), 3);
    CU_ASSERT_EQUAL(hex_of(json_object_get(out, "perr[1]")), 0.0);
    /* the bound is claimed (finite and positive: the chain does not know that this case is exact); its value is
     * compared with the library's in the field-by-field test */
    double b = json_number_value(json_object_get(json_object_get(out, "perr[1]"), "bound"));
    CU_ASSERT(b > 0.0 && isfinite(b));
    CU_ASSERT_EQUAL(hex_of(json_object_get(out, "force_on_body2.force.y")), -19.62);
    CU_ASSERT_EQUAL(hex_of(json_object_get(out, "force_on_body1.force.y")), 19.62);
    CU_ASSERT_EQUAL(hex_of(json_object_get(out, "reaction_on_body1_in_b1.y")), 19.62);
    CU_ASSERT_EQUAL(json_object_size(out), CCREF_SLOT_BALL_N);
    json_t *dev = json_object_get(o, "deviations");
    CU_ASSERT_FATAL(json_array_size(dev) == 1);
    CU_ASSERT_STRING_EQUAL(json_string_value(json_array_get(dev, 0)), "BALL_REACTION_SIGN");
    free_run(&r);
}

/* A hex-float input string is read exactly: position 0x1.0000000000001p-2 = 1/4 + 2^-54, q = 1/2.
 * perr = q - position = 1/4 - 2^-54 = 0x1.ffffffffffffep-3, exact (Sterbenz). */
static void test_hex_input(void)
{
    cli_run r = eval_text("",
                          "{\"kind\": \"constant_coordinate\", \"params\": {\"position\": \"0x1.0000000000001p-2\"}, "
                          "\"coordinate\": {\"q\": \"0x1p-1\", \"qdot\": 3, \"qdotdot\": -4}, \"lambda\": [\"0x1.8p+1\"]}\n",
                          -1);
    CU_ASSERT_EQUAL(r.exit_status, 0);
    CU_ASSERT_FATAL(r.n == 1);
    json_t *out = json_object_get(r.lines[0], "outputs");
    CU_ASSERT_STRING_EQUAL(str(json_object_get(out, "perr[0]"), "hex"), "0x1.ffffffffffffep-3");
    CU_ASSERT_EQUAL(hex_of(json_object_get(out, "generalized_force")), 3.0);
    free_run(&r);
}

/* ------------------------------------------------------------------ every suite, field by field */

/* Random and exactly assembled cases of every suite, written with the vectors' case writer: the CLI must report,
 * for each, the status, every discrete output, every output slot in use with the library's exact double, and the
 * library's bound. */
static void test_every_suite_field_by_field(void)
{
    enum { PER = 3 };
    jw w;
    jw_init(&w);
    static vtest t;
    cli_case cases[SUITE_COUNT * PER];
    int n = 0;
    for (int s = 0; s < SUITE_COUNT; s++)
        for (int k = 0; k < PER; k++) {
            family_make(7, s, k == 2 ? 1 : 0, k, &t); /* group 0: random; group 1: the suite's second family */
            cases[n++] = t.c;
            case_write(&w, &t.c);
            jw_break(&w, "");
        }
    cli_run r = eval_text("", w.buf, -1);
    jw_free(&w);
    CU_ASSERT_EQUAL(r.exit_status, 0);
    CU_ASSERT_FATAL(r.n == n);
    int compared = 0;
    for (int i = 0; i < n; i++) {
        outcome o;
        ccref_bounds b;
        eval_kernel(&cases[i], &o, &b);
        json_t *j = r.lines[i], *out = json_object_get(j, "outputs");
        CU_ASSERT_STRING_EQUAL(str(j, "kind"), suite_name(cases[i].suite));
        CU_ASSERT_STRING_EQUAL(str(j, "status"), ccref_status_name(o.d.status));
        /* the discrete outputs: the same writer, so compare the members one by one */
        jw d;
        jw_init(&d);
        jw_obj(&d);
        discrete_write(&d, cases[i].suite, &o.d);
        jw_end_obj(&d);
        json_t *want = json_loads(d.buf, 0, NULL);
        const char *key;
        json_t *v;
        json_object_foreach(want, key, v) CU_ASSERT(json_equal(v, json_object_get(j, key)));
        json_decref(want);
        jw_free(&d);
        int in_use = 0;
        for (int s = 0; s < o.n; s++) {
            if (!o.in_use[s])
                continue;
            in_use++;
            json_t *x = json_object_get(out, slot_name(cases[i].suite, s));
            CU_ASSERT_FATAL(x != NULL);
            double h = hex_of(x);
            CU_ASSERT(memcmp(&h, &o.value[s], sizeof h) == 0);
            json_t *jb = json_object_get(x, "bound");
            if (suite_type_of(cases[i].suite) != SUITE_TYPE_RULE || cases[i].suite != SUITE_CLASSIFY)
                CU_ASSERT(isfinite(b.bound[s]) ? json_number_value(jb) == b.bound[s] : json_is_null(jb));
            compared++;
        }
        CU_ASSERT_EQUAL((int)json_object_size(out), in_use);
    }
    CU_ASSERT(compared > 500);
    free_run(&r);
}

/* ------------------------------------------------------------------ the reader's errors */

typedef struct {
    const char *line;       /* the input line (with its newline) */
    const char *field;      /* expected error field; NULL: the line must evaluate */
    const char *message;    /* a fragment of the message */
} reader_case;

#define BODY "{\"R\": [[1,0,0],[0,1,0],[0,0,1]], \"p\": [0,-1,0]}"
#define ROD_PARAMS "\"params\": {\"station1_in_b1\": [0,0,0], \"station2_in_b2\": [0,0,0], \"length\": 1}"

static void test_reader_errors(void)
{
    static const reader_case cases[] = {
        {"{\"kind\": \"rod\", " ROD_PARAMS ", \"body1\": \"ground\", \"body2\": {\"R\": [[1,0,0],[0,1,0],[0,0,1]], "
         "\"p\": [0,-1,0], \"W\": [1,0,0]}, \"lambda\": [1]}\n", "body2.W", "unknown key \"W\""},
        {"{\"kind\": \"rod\", " ROD_PARAMS ", \"extra\": 1, \"body1\": \"ground\", \"body2\": \"ground\", \"lambda\": [1]}\n",
         "extra", "unknown key"},
        {"{\"kind\": \"rod\", \"params\": {\"station1_in_b1\": [0,0,0], \"station2_in_b2\": [0,0,0], \"length\": 1, "
         "\"lenght\": 2}, \"body1\": \"ground\", \"body2\": \"ground\", \"lambda\": [1]}\n", "params.lenght", "unknown"},
        {"{\"kind\": \"rod\", \"params\": {\"station1_in_b1\": [0,0,0], \"station2_in_b2\": [0,0,0]}, \"body1\": "
         "\"ground\", \"body2\": \"ground\", \"lambda\": [1]}\n", "params.length", "missing"},
        {"{\"kind\": \"teapot\", \"params\": {}}\n", "kind", "unknown kind"},
        {"[1, 2, 3]\n", "", "a case must be a JSON object"},
        {"{not json\n", "", "invalid JSON at column"},
        {"{\"kind\": \"rod\", \"kind\": \"rod\"}\n", "", "duplicate"},
        {"{\"kind\": \"unilateral_classify\", \"params\": {\"sign\": 4294967297, \"perr\": 0, \"verr\": 0, \"aerr\": 0, "
         "\"lambda\": 0, \"tol_perr\": 0, \"tol_verr\": 0, \"tol_aerr\": 0, \"tol_lambda\": 0}}\n", "params.sign",
         "out of range"},
        {"{\"kind\": \"unilateral_classify\", \"params\": {\"sign\": 1.5, \"perr\": 0, \"verr\": 0, \"aerr\": 0, "
         "\"lambda\": 0, \"tol_perr\": 0, \"tol_verr\": 0, \"tol_aerr\": 0, \"tol_lambda\": 0}}\n", "params.sign",
         "integer"},
        {"{\"kind\": \"rod\", " ROD_PARAMS ", \"body1\": \"ground\", \"body2\": {\"R\": [[1,0,0],[0,1,0]], \"p\": "
         "[0,0,0]}, \"lambda\": [1]}\n", "body2.R", "3 rows"},
        {"{\"kind\": \"rod\", " ROD_PARAMS ", \"body1\": \"ground\", \"body2\": {\"R\": [[1,0,0],[0,1,0],[0,0,\"1x\"]], "
         "\"p\": [0,0,0]}, \"lambda\": [1]}\n", "body2.R[2][2]", "not a number"},
        {"{\"kind\": \"rod\", " ROD_PARAMS ", \"body1\": \"ground\", \"body2\": {\"R\": [[1,0,0],[0,1,0],[0,0,\" 1\"]], "
         "\"p\": [0,0,0]}, \"lambda\": [1]}\n", "body2.R[2][2]", "not a number"},
        {"{\"kind\": \"rod\", " ROD_PARAMS ", \"body1\": \"ground\", \"body2\": {\"R\": [[1,0,0],[0,1,0],[0,0,1]], "
         "\"q\": [1,0,0,0], \"p\": [0,0,0]}, \"lambda\": [1]}\n", "body2.q", "not both"},
        {"{\"kind\": \"rod\", " ROD_PARAMS ", \"body1\": \"ground\", \"body2\": {\"q\": [0,0,0,0], \"p\": [0,0,0]}, "
         "\"lambda\": [1]}\n", "body2.q", "nonzero"},
        {"{\"kind\": \"rod\", " ROD_PARAMS ", \"body1\": \"ground\", \"body2\": {\"p\": [0,0,0]}, \"lambda\": [1]}\n",
         "body2.R", "missing"},
        {"{\"kind\": \"rod\", " ROD_PARAMS ", \"body1\": \"ground\", \"body2\": \"ground\", \"lambda\": [1, 2, 3, 4]}\n",
         "lambda", "at most 3"},
        {"{\"kind\": \"rod\", " ROD_PARAMS ", \"body1\": \"ground\", \"body2\": \"ground\", \"lambda\": [1], "
         "\"normalize\": 1}\n", "normalize", "true or false"},
        {"{\"kind\": \"constant_coordinate\", \"params\": {\"position\": 0}, \"body1\": \"ground\", \"coordinate\": "
         "{\"q\": 0, \"qdot\": 0, \"qdotdot\": 0}, \"lambda\": [1]}\n", "body1", "unknown key"},
        /* the frictionless classes do not read the friction coefficients: they may be omitted */
        {"{\"kind\": \"rope\", \"params\": {\"station1_in_b1\": [0,0,0], \"station2_in_b2\": [0,0,0], "
         "\"length_limit\": 1}, \"body1\": \"ground\", \"body2\": " BODY ", \"material\": {\"min_cor\": 0.5}, "
         "\"speeds\": {\"capture_speed\": 0.1, \"min_cor_speed\": 1}, \"lambda\": [1]}\n", NULL, NULL},
        {"{\"kind\": \"point_plane\", \"params\": {\"normal_in_b1\": [0,1,0], \"height\": 0, \"follower_in_b2\": "
         "[0,0,0]}, \"body1\": \"ground\", \"body2\": " BODY ", \"material\": {\"min_cor\": 0.5}, \"speeds\": "
         "{\"capture_speed\": 0.1, \"min_cor_speed\": 1, \"transition_speed\": 0}, \"lambda\": [1, 0, 0]}\n",
         "material.mu_s", "missing"},
        /* CRLF line ends are whitespace */
        {"{\"kind\": \"rod\", " ROD_PARAMS ", \"body1\": \"ground\", \"body2\": \"ground\", \"lambda\": [1]}\r\n", NULL, NULL},
    };
    size_t n = sizeof cases / sizeof cases[0];
    char *input = calloc(n, 1024);
    for (size_t i = 0; i < n; i++)
        strcat(input, cases[i].line);
    cli_run r = eval_text("", input, -1);
    free(input);
    CU_ASSERT_EQUAL(r.exit_status, 1);
    CU_ASSERT_FATAL(r.n == (int)n);
    for (size_t i = 0; i < n; i++) {
        json_t *e = err_of(r.lines[i]);
        CU_ASSERT_EQUAL(json_integer_value(json_object_get(r.lines[i], "line")), (json_int_t)(i + 1));
        if (cases[i].field == NULL) {
            CU_ASSERT(e == NULL);
            if (e)
                printf("\n  line %zu: unexpected error %s: %s\n", i + 1, str(e, "field"), str(e, "message"));
            continue;
        }
        CU_ASSERT_FATAL(e != NULL);
        CU_ASSERT_STRING_EQUAL(str(e, "field"), cases[i].field);
        CU_ASSERT(strstr(str(e, "message"), cases[i].message) != NULL);
        if (strstr(str(e, "message"), cases[i].message) == NULL)
            printf("\n  line %zu: message \"%s\" lacks \"%s\"\n", i + 1, str(e, "message"), cases[i].message);
    }
    free_run(&r);
}

/* Bytes that are not text: a NUL inside a line, a byte order mark (accepted at the start of the input only),
 * a syntax error's column. */
static void test_reader_bytes(void)
{
    const char rod[] = "{\"kind\": \"rod\", " ROD_PARAMS ", \"body1\": \"ground\", \"body2\": \"ground\", \"lambda\": [1]}";
    char buf[1024];
    size_t l = strlen(rod);
    /* line 1: BOM + case; line 2: BOM + case (rejected); line 3: case with a NUL at its end then garbage */
    size_t n = 0;
    memcpy(buf + n, "\xEF\xBB\xBF", 3), n += 3;
    memcpy(buf + n, rod, l), n += l;
    buf[n++] = '\n';
    memcpy(buf + n, "\xEF\xBB\xBF", 3), n += 3;
    memcpy(buf + n, rod, l), n += l;
    buf[n++] = '\n';
    memcpy(buf + n, rod, l), n += l;
    buf[n++] = '\0';
    memcpy(buf + n, "garbage", 7), n += 7;
    buf[n++] = '\n';
    cli_run r = eval_text("", buf, (long)n);
    CU_ASSERT_EQUAL(r.exit_status, 1);
    CU_ASSERT_FATAL(r.n == 3);
    CU_ASSERT(err_of(r.lines[0]) == NULL);
    CU_ASSERT(strstr(str(err_of(r.lines[1]), "message"), "byte order mark") != NULL);
    CU_ASSERT(strstr(str(err_of(r.lines[2]), "message"), "NUL byte") != NULL);
    CU_ASSERT_EQUAL(json_integer_value(json_object_get(err_of(r.lines[2]), "column")), (json_int_t)l + 1);
    free_run(&r);
    r = eval_text("", "{\"kind\": \"rod\",, }\n", -1);
    CU_ASSERT_FATAL(r.n == 1);
    CU_ASSERT(json_integer_value(json_object_get(err_of(r.lines[0]), "column")) > 0);
    free_run(&r);
}

/* A well-formed case with bad values is answered with the kernel's status, not a read error. */
static void test_status_case(void)
{
    cli_run r = eval_text("",
                          "{\"kind\": \"rod\", \"params\": {\"station1_in_b1\": [0,0,0], \"station2_in_b2\": [0,0,0], "
                          "\"length\": \"nan\"}, \"body1\": \"ground\", \"body2\": \"ground\", \"lambda\": [1]}\n"
                          "{\"kind\": \"rod\", " ROD_PARAMS ", \"body1\": \"ground\", \"body2\": \"ground\", \"lambda\": [1, 2]}\n",
                          -1);
    CU_ASSERT_EQUAL(r.exit_status, 0);
    CU_ASSERT_FATAL(r.n == 2);
    CU_ASSERT_STRING_EQUAL(str(r.lines[0], "status"), "E_NONFINITE_INPUT");
    CU_ASSERT(json_is_false(json_object_get(r.lines[0], "ok")));
    CU_ASSERT(json_object_get(r.lines[0], "outputs") == NULL);
    CU_ASSERT_STRING_EQUAL(str(r.lines[1], "status"), "E_LAMBDA_COUNT");
    free_run(&r);
}

/* ------------------------------------------------------------------ input conveniences */

/* q = (1, 1, 1, 1) is normalised to (1/2, 1/2, 1/2, 1/2) (exact): R = [[0,0,1],[1,0,0],[0,1,0]], echoed in "used".
 * A normal (0, 2, 0) is rejected unless normalize is asked for; then (0, 1, 0) is used and echoed. */
static void test_quaternion_and_normalize(void)
{
    cli_run r = eval_text("",
                          "{\"kind\": \"rod\", " ROD_PARAMS ", \"body1\": \"ground\", \"body2\": {\"q\": [1,1,1,1], "
                          "\"p\": [0,0,2]}, \"lambda\": [1]}\n"
                          "{\"kind\": \"point_in_plane\", \"params\": {\"normal_in_b1\": [0,2,0], \"height\": 0, "
                          "\"follower_in_b2\": [0,0,0]}, \"body1\": \"ground\", \"body2\": " BODY ", \"lambda\": [1]}\n"
                          "{\"kind\": \"point_in_plane\", \"params\": {\"normal_in_b1\": [0,2,0], \"height\": 0, "
                          "\"follower_in_b2\": [0,0,0]}, \"body1\": \"ground\", \"body2\": " BODY ", \"lambda\": [1], "
                          "\"normalize\": true}\n",
                          -1);
    CU_ASSERT_EQUAL(r.exit_status, 0);
    CU_ASSERT_FATAL(r.n == 3);
    json_t *R = json_object_get(json_object_get(json_object_get(r.lines[0], "used"), "body2"), "R");
    static const double want[3][3] = {{0, 0, 1}, {1, 0, 0}, {0, 1, 0}};
    CU_ASSERT_FATAL(json_array_size(R) == 3);
    for (size_t i = 0; i < 3; i++)
        for (size_t j = 0; j < 3; j++)
            CU_ASSERT_EQUAL(strtod(json_string_value(json_array_get(json_array_get(R, i), j)), NULL), want[i][j]);
    CU_ASSERT_STRING_EQUAL(str(r.lines[1], "status"), "E_NOT_UNIT_VECTOR");
    CU_ASSERT(json_object_get(r.lines[1], "used") == NULL);
    CU_ASSERT_STRING_EQUAL(str(r.lines[2], "status"), "OK");
    json_t *n = json_object_get(json_object_get(json_object_get(r.lines[2], "used"), "params"), "normal_in_b1");
    CU_ASSERT_EQUAL(strtod(json_string_value(json_array_get(n, 1)), NULL), 1.0);
    free_run(&r);
}

/* ------------------------------------------------------------------ certified modes */

static void test_certified_and_both(void)
{
    cli_run r = eval_text("--certified", PENDULUM, -1);
    CU_ASSERT_EQUAL(r.exit_status, 0);
    CU_ASSERT_FATAL(r.n == 1);
    json_t *x = json_object_get(json_object_get(r.lines[0], "outputs"), "force_on_body2.force.y");
    CU_ASSERT(json_is_true(json_object_get(x, "certified")));
    CU_ASSERT_STRING_EQUAL(str(x, "reason"), "EXACT");
    CU_ASSERT(json_integer_value(json_object_get(x, "bits")) >= 53);
    CU_ASSERT_EQUAL(hex_of(x), -19.62);
    CU_ASSERT(json_is_true(json_object_get(r.lines[0], "decided")));
    free_run(&r);
    r = eval_text("--both", PENDULUM, -1);
    CU_ASSERT_FATAL(r.n == 1);
    x = json_object_get(json_object_get(r.lines[0], "outputs"), "perr[1]");
    CU_ASSERT_EQUAL(json_number_value(json_object_get(x, "ulps")), 0.0);
    CU_ASSERT_EQUAL(json_number_value(json_object_get(x, "ratio")), 0.0);
    CU_ASSERT_STRING_EQUAL(str(r.lines[0], "oracle_status"), "OK");
    free_run(&r);
}

/* A ball with both bodies at x = 1e100 (the example of spec/vectors.md): the kernel's perr is 0 while the exact
 * value is 1/2; the result says so by listing perr among the outputs whose bound exceeds their value, with a
 * finite bound above 1/2. */
static void test_bound_exceeds_value(void)
{
    cli_run r = eval_text("",
                          "{\"kind\": \"ball\", \"params\": {\"station1_in_b1\": [0,0,0], \"station2_in_b2\": [0.5,0,0]}, "
                          "\"body1\": {\"R\": [[1,0,0],[0,1,0],[0,0,1]], \"p\": [1e100,0,0]}, \"body2\": {\"R\": "
                          "[[1,0,0],[0,1,0],[0,0,1]], \"p\": [1e100,0,0]}, \"lambda\": [0,0,0]}\n",
                          -1);
    CU_ASSERT_FATAL(r.n == 1);
    json_t *perr = json_object_get(json_object_get(r.lines[0], "outputs"), "perr[0]");
    CU_ASSERT_EQUAL(hex_of(perr), 0.0);
    CU_ASSERT(json_number_value(json_object_get(perr, "bound")) > 0.5);
    json_t *list = json_object_get(r.lines[0], "bound_exceeds_value");
    int found = 0;
    for (size_t i = 0; i < json_array_size(list); i++)
        found |= strcmp(json_string_value(json_array_get(list, i)), "perr[0]") == 0;
    CU_ASSERT(found);
    free_run(&r);
}

/* ------------------------------------------------------------------ gen, merge, check */

static int files_equal(const char *a, const char *b)
{
    size_t la, lb;
    char *x = slurp(a, &la), *y = slurp(b, &lb);
    int eq = x && y && la == lb && memcmp(x, y, la) == 0;
    free(x);
    free(y);
    return eq;
}

static void test_gen_reproducible_and_sharded(void)
{
    make_tmpdir();
    char args[512], a[300], b[300];
    snprintf(args, sizeof args, "gen --suite rod --suite effective_cof --out %s/g1 --quiet", tmpdir);
    cli_run r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 0);
    free_run(&r);
    snprintf(args, sizeof args, "gen --suite rod --suite effective_cof --out %s/g2 --quiet", tmpdir);
    r = run(args, 0);
    free_run(&r);
    for (int s = 0; s < 2; s++) {
        snprintf(a, sizeof a, "%s/g1/%s.json", tmpdir, s ? "effective_cof" : "rod");
        snprintf(b, sizeof b, "%s/g2/%s.json", tmpdir, s ? "effective_cof" : "rod");
        CU_ASSERT(files_equal(a, b));
    }
    for (int i = 0; i < 3; i++) {
        snprintf(args, sizeof args, "gen --suite rod --suite effective_cof --shard %d/3 --out %s/sh --quiet", i, tmpdir);
        r = run(args, 0);
        CU_ASSERT_EQUAL(r.exit_status, 0);
        free_run(&r);
    }
    snprintf(args, sizeof args, "merge --out %s/g3 --quiet %s/sh/shard-2-of-3.jsonl %s/sh/shard-0-of-3.jsonl "
             "%s/sh/shard-1-of-3.jsonl", tmpdir, tmpdir, tmpdir, tmpdir);
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 0);
    free_run(&r);
    for (int s = 0; s < 2; s++) {
        snprintf(a, sizeof a, "%s/g1/%s.json", tmpdir, s ? "effective_cof" : "rod");
        snprintf(b, sizeof b, "%s/g3/%s.json", tmpdir, s ? "effective_cof" : "rod");
        CU_ASSERT(files_equal(a, b));
    }
    /* a missing shard and a shard given twice are errors, and nothing is written */
    snprintf(args, sizeof args, "merge --out %s/g4 %s/sh/shard-0-of-3.jsonl %s/sh/shard-1-of-3.jsonl", tmpdir, tmpdir,
             tmpdir);
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 2);
    CU_ASSERT(strstr(r.err, "shard 2/3 is missing") != NULL);
    free_run(&r);
    snprintf(args, sizeof args, "merge --out %s/g4 %s/sh/shard-0-of-3.jsonl %s/sh/shard-0-of-3.jsonl", tmpdir, tmpdir,
             tmpdir);
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 2);
    CU_ASSERT(strstr(r.err, "given twice") != NULL);
    free_run(&r);
    snprintf(a, sizeof a, "%s/g4/rod.json", tmpdir);
    struct stat st;
    CU_ASSERT(stat(a, &st) != 0);
}

/* Replace the first occurrence of from by to in s (in place; to no longer than from plus slack). */
static char *replace_once(const char *s, const char *from, const char *to)
{
    const char *p = strstr(s, from);
    CU_ASSERT_FATAL(p != NULL);
    size_t n = strlen(s) + strlen(to) + 1;
    char *r = malloc(n);
    size_t a = (size_t)(p - s);
    memcpy(r, s, a);
    strcpy(r + a, to);
    strcat(r, p + strlen(from));
    return r;
}

static void test_check_verdicts(void)
{
    make_tmpdir();
    char args[1024], vec[300], res[300];
    snprintf(args, sizeof args, "gen --suite rod --out %s/c --quiet", tmpdir);
    cli_run r = run(args, 0);
    free_run(&r);
    snprintf(vec, sizeof vec, "%s/c/rod.json", tmpdir);
    snprintf(res, sizeof res, "%s/c/results.jsonl", tmpdir);
    snprintf(args, sizeof args, "eval --vectors %s --output %s", vec, res);
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 0);
    free_run(&r);
    /* the kernels pass every test */
    snprintf(args, sizeof args, "check --require-all --json - %s %s", vec, res);
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 0);
    CU_ASSERT(strstr(r.out, "failed: 0") != NULL);
    free_run(&r);
    size_t len;
    char *text = slurp(res, &len);
    /* a wrong value in a valid test fails (exit 1) and names the test */
    const char *line1 = strstr(text, "{\"id\":\"rod/1\"");
    CU_ASSERT_FATAL(line1 != NULL);
    const char *hx = strstr(line1, "\"perr[0]\":{\"hex\":\"");
    CU_ASSERT_FATAL(hx != NULL);
    char from[80], to[80];
    const char *q = hx + strlen("\"perr[0]\":{\"hex\":\"");
    size_t ql = (size_t)(strchr(q, '"') - q);
    snprintf(from, sizeof from, "\"perr[0]\":{\"hex\":\"%.*s\"", (int)ql, q);
    double v = strtod(q, NULL);
    snprintf(to, sizeof to, "\"perr[0]\":{\"hex\":\"%a\"", v + 1e-6 + fabs(v) * 1e-6);
    char *bad = replace_once(text, from, to);
    snprintf(args, sizeof args, "check %s %s", vec, write_file("bad.jsonl", bad, -1));
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 1);
    CU_ASSERT(strstr(r.out, "FAIL rod/1") != NULL);
    free_run(&r);
    free(bad);
    /* an invalid input accepted (status OK) fails */
    char *acc = replace_once(text, "\"status\":\"E_NONFINITE_INPUT\",\"ok\":false", "\"status\":\"OK\",\"ok\":true");
    snprintf(args, sizeof args, "check %s %s", vec, write_file("acc.jsonl", acc, -1));
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 1);
    free_run(&r);
    free(acc);
    /* format errors name the file and line: unknown tcId, a second result, another generator version */
    char *unk = replace_once(text, "{\"id\":\"rod/1\"", "{\"id\":\"rod/9999\"");
    snprintf(args, sizeof args, "check %s %s", vec, write_file("unk.jsonl", unk, -1));
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 2);
    CU_ASSERT(strstr(r.err, "unknown test \"rod/9999\"") != NULL && strstr(r.err, ":2:") != NULL);
    free_run(&r);
    free(unk);
    char *dup = replace_once(text, "{\"id\":\"rod/2\"", "{\"id\":\"rod/1\"");
    snprintf(args, sizeof args, "check %s %s", vec, write_file("dup.jsonl", dup, -1));
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 2);
    CU_ASSERT(strstr(r.err, "a second result for rod/1") != NULL);
    free_run(&r);
    free(dup);
    char *ver = replace_once(text, "\"generatorVersion\":\"" CCREF_GENERATOR_VERSION "\"", "\"generatorVersion\":\"0.9\"");
    snprintf(args, sizeof args, "check %s %s", vec, write_file("ver.jsonl", ver, -1));
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 2);
    CU_ASSERT(strstr(r.err, "generatorVersion 0.9") != NULL);
    free_run(&r);
    free(ver);
    /* a misspelt key in a result is an error, not an output silently missing */
    char *typo = replace_once(text, "{\"id\":\"rod/1\",\"kind\":\"rod\",", "{\"id\":\"rod/1\",\"kind\":\"rod\",\"ouputs\":{},");
    snprintf(args, sizeof args, "check %s %s", vec, write_file("typo.jsonl", typo, -1));
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 2);
    CU_ASSERT(strstr(r.err, "field ouputs: unknown key") != NULL);
    free_run(&r);
    free(typo);
    /* a truncated vector file */
    size_t vlen;
    char *vtext = slurp(vec, &vlen);
    snprintf(args, sizeof args, "check %s %s", write_file("trunc.json", vtext, (long)(vlen / 2)), res);
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 2);
    CU_ASSERT(strstr(r.err, "trunc.json:") != NULL);
    free_run(&r);
    free(vtext);
    free(text);
}

/* inputs_used: an engine reports a slightly different body 2 (its rotation from a quaternion, say). The test's
 * case with body2.p.x moved one ulp is evaluated by the kernel; checked at the inputs used it passes and the drift
 * is reported; without inputs_used the same results are judged at the vector's inputs. */
static void test_check_inputs_used(void)
{
    make_tmpdir();
    char args[1024], vec[300];
    snprintf(args, sizeof args, "gen --suite ball --out %s/d --quiet", tmpdir);
    cli_run r = run(args, 0);
    free_run(&r);
    snprintf(vec, sizeof vec, "%s/d/ball.json", tmpdir);
    /* the first test, read back, its body 2 moved */
    vfile f;
    char err[600];
    CU_ASSERT_FATAL(vfile_load(vec, &f, err, sizeof err) == 0);
    cli_case c = f.tests[0].c;
    c.u.k.body2.p.x = nextafter(c.u.k.body2.p.x, INFINITY);
    jw w;
    jw_init(&w);
    jw_obj(&w);
    jw_key(&w, "schema");
    jw_str(&w, "ccref_results_v1");
    jw_key(&w, "generatorVersion");
    jw_str(&w, CCREF_GENERATOR_VERSION);
    jw_key(&w, "engine");
    jw_str(&w, "test");
    jw_end_obj(&w);
    jw_break(&w, "");
    outcome o;
    eval_kernel(&c, &o, NULL);
    jw_obj(&w);
    jw_key(&w, "id");
    jw_str(&w, "ball/1");
    jw_key(&w, "status");
    jw_str(&w, ccref_status_name(o.d.status));
    jw_key(&w, "outputs");
    jw_obj(&w);
    for (int i = 0; i < o.n; i++)
        if (o.in_use[i]) {
            jw_key(&w, slot_name(c.suite, i));
            jw_hex(&w, o.value[i]);
        }
    jw_end_obj(&w);
    jw_key(&w, "inputs_used");
    jw_obj(&w);
    jw_key(&w, "body2");
    jw_obj(&w);
    jw_key(&w, "p");
    jw_arr(&w);
    jw_hex(&w, c.u.k.body2.p.x);
    jw_hex(&w, c.u.k.body2.p.y);
    jw_hex(&w, c.u.k.body2.p.z);
    jw_end_arr(&w);
    jw_end_obj(&w);
    jw_end_obj(&w);
    jw_end_obj(&w);
    jw_raw(&w, "\n");
    snprintf(args, sizeof args, "check --verbose %s %s", vec, write_file("used.jsonl", w.buf, -1));
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 0);
    /* one coordinate moved by one ulp: a relative change in (0, 2^-51] */
    const char *drift_line = "input drift: 1 tests judged at the inputs the engine used; largest relative change of an "
                             "input ";
    const char *at = strstr(r.out, drift_line);
    CU_ASSERT_FATAL(at != NULL);
    double drift = strtod(at + strlen(drift_line), NULL);
    CU_ASSERT(drift > 0.0 && drift <= 0x1p-51);
    CU_ASSERT(strstr(r.out, "failed: 0") != NULL);
    free_run(&r);
    jw_free(&w);
    vfile_free(&f);
}

/* The shipped example file runs clean: every line OK-class, exit status 0, and it shows every suite. */
static void test_example_file(void)
{
    cli_run r = run("eval examples/cases.jsonl", 1);
    CU_ASSERT_EQUAL(r.exit_status, 0);
    int seen[SUITE_COUNT] = {0};
    for (int i = 0; i < r.n; i++) {
        CU_ASSERT(json_is_true(json_object_get(r.lines[i], "ok")));
        int s = suite_from_name(str(r.lines[i], "kind"));
        if (s >= 0)
            seen[s] = 1;
    }
    for (int s = 0; s < SUITE_COUNT; s++)
        CU_ASSERT(seen[s]);
    free_run(&r);
}

static void test_cleanup(void)
{
    if (tmpdir[0] != '\0') {
        char cmd[128];
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
        CU_ASSERT_EQUAL(system(cmd), 0);
    }
}

static void register_cli(CU_pSuite s)
{
    CU_add_test(s, "--help, --version, unknown command", test_help_version);
    CU_add_test(s, "hanging pendulum: values, bounds, deviations", test_pendulum);
    CU_add_test(s, "hex-float input is read exactly", test_hex_input);
    CU_add_test(s, "every suite: eval output field by field against the library", test_every_suite_field_by_field);
    CU_add_test(s, "reader errors name the line, the field and the fault", test_reader_errors);
    CU_add_test(s, "reader: NUL bytes, byte order marks, syntax columns", test_reader_bytes);
    CU_add_test(s, "bad values: kernel status in the result", test_status_case);
    CU_add_test(s, "quaternions and normalize, echoed in \"used\"", test_quaternion_and_normalize);
    CU_add_test(s, "eval --certified and --both", test_certified_and_both);
    CU_add_test(s, "bound_exceeds_value: a ball at x = 1e100", test_bound_exceeds_value);
    CU_add_test(s, "gen: byte-identical reruns, shards merged to the same files", test_gen_reproducible_and_sharded);
    CU_add_test(s, "check: verdicts and format errors", test_check_verdicts);
    CU_add_test(s, "check: inputs_used and the input drift", test_check_inputs_used);
    CU_add_test(s, "examples/cases.jsonl covers every suite and runs clean", test_example_file);
    CU_add_test(s, "remove the temporary files", test_cleanup);
}
CCREF_TEST_SUITE("cli", register_cli)
