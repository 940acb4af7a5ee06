/* test_cli.c: the `ccref` tool end to end. It runs the built binary (CCREF_BIN, default build/ccref) and reads what
 * it writes back with jansson:
 *  - eval's output field by field, for every test case of every family of every suite (kinds, contact classes,
 *    rules), against the library's public API called here on the same case (ccref_eval, ccref_contact_eval,
 *    ccref_effective_cor/cof[_branch], ccref_unilateral_classify, ccref_unilateral_is_proximal, the bounds): the
 *    output names and slots from an independent statement of the flat layout (spec/vectors.md section 8), the
 *    discrete outputs with the names of the specification, every hex string against an independent canonical
 *    formatter and every decimal against glibc's correctly rounded %.17g, byte for byte;
 *  - eval --certified on the same cases and eval --both on every 7th, field by field against the library's oracle
 *    called here (ora_eval_case, ora_eval_contact_case, ora_effective_cor_d / cof_d, ora_classify_d,
 *    ora_is_proximal_d) and its kernels: status, decided, max_bits, discrete outputs, and per output hex, dec,
 *    certified, bits, reason (and, with --both, the kernel's value and bound, ulps and ratio);
 *  - hand-derived cases (a pendulum, body velocities and accelerations, hex input);
 *  - the reader: every error object (line, field, message, column) and the exit status, for bad values, bad keys,
 *    JSON syntax, and the framing of the input (blank lines, CRLF, byte order marks, NUL bytes, lines of
 *    megabytes, deep nesting);
 *  - the input conveniences (quaternions, normalize), the certified modes, and gen / merge / check on a small
 *    suite (byte-for-byte reproducibility, sharding, the checker's verdicts and errors on tampered files).
 * Every child's standard error is scanned for sanitizer reports (tests/sanitize.mk). */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "testlib.h"
#include "../src/ccref_bounds.h"
#include "../src/ccref_handle.h"
#include "../src/ccref_outputs.h"
#include "../src/ccref_version.h"
#include "../cli/families.h"
#include "../cli/gen.h"
#include "../cli/outcome.h"
#include "../cli/verdict.h"
#include "../oracle/oracle.h"

static const char *binary(void)
{
    const char *b = getenv("CCREF_BIN");
    return b ? b : "build/ccref";
}

/* ------------------------------------------------------------------ running the tool */

typedef struct {
    json_t **lines;
    char **raw;                 /* the text of each output line (json: set) */
    int n;
    int exit_status;            /* -1: killed by a signal */
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

/* A sanitizer report in a child's standard error (gcc's UBSan runtime beside libasan writes there whatever its
 * log_path; tests/sanitize.mk), or a child killed by a signal, fails the test that ran it. */
static void check_child(const char *cmd, const char *err, int st)
{
    static const char *const marks[] = {"runtime error:", "AddressSanitizer", "LeakSanitizer",
                                        "UndefinedBehaviorSanitizer", NULL};
    int report = 0;
    for (int i = 0; marks[i] && err; i++)
        report |= strstr(err, marks[i]) != NULL;
    CU_ASSERT(!report);
    CU_ASSERT(WIFEXITED(st));
    if (report || !WIFEXITED(st))
        printf("\n  %s: %s\n%.3000s\n", cmd, report ? "sanitizer report" : "killed by a signal", err ? err : "");
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
    ssize_t got;
    int lcap = 0;
    while ((got = getline(&line, &cap, p)) != -1) {
        size_t l = (size_t)got;
        if (used + l < sizeof r.out) {
            memcpy(r.out + used, line, l + 1);
            used += l;
        }
        if (!json)
            continue;
        if (r.n == lcap) {
            lcap = lcap ? 2 * lcap : 64;
            r.lines = realloc(r.lines, sizeof *r.lines * (size_t)lcap);
            r.raw = realloc(r.raw, sizeof *r.raw * (size_t)lcap);
        }
        json_error_t e;
        r.lines[r.n] = json_loadb(line, l, 0, &e);
        CU_ASSERT(r.lines[r.n] != NULL); /* every output line is JSON */
        r.raw[r.n] = strdup(line);
        r.n++;
    }
    free(line);
    int st = pclose(p);
    r.exit_status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    char *e = slurp(errpath, NULL);
    check_child(cmd, e, st);
    if (e) {
        snprintf(r.err, sizeof r.err, "%s", e);
        free(e);
    }
    return r;
}

static void free_run(cli_run *r)
{
    for (int i = 0; i < r->n; i++) {
        json_decref(r->lines[i]);
        free(r->raw[i]);
    }
    free(r->lines);
    free(r->raw);
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

/* Every key of o is one of the NULL-terminated list. */
static int keys_within(json_t *o, const char *const *allowed)
{
    const char *key;
    json_t *v;
    json_object_foreach(o, key, v) {
        int ok = 0;
        for (const char *const *a = allowed; *a; a++)
            ok |= strcmp(*a, key) == 0;
        if (!ok) {
            printf("\n  unexpected key \"%s\"\n", key);
            return 0;
        }
    }
    return 1;
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
    /* the Constraint handle, by hand (spec/constraint_handle.md, Ball): S = 0, arm1 = S - p1 = 0, arm2 = (0, 1, 0);
     * verr = v2 + w2 x arm2 - v1 - w1 x arm1, so P = [0, -I, -[arm2]x, I] over (w1, v1, w2, v2) */
    CU_ASSERT_EQUAL(hex_of(json_object_get(out, "P[0][3]")), -1.0);
    CU_ASSERT_EQUAL(hex_of(json_object_get(out, "P[0][9]")), 1.0);
    CU_ASSERT_EQUAL(hex_of(json_object_get(out, "P[0][8]")), -1.0); /* w2.z x (0, 1, 0) = (-1, 0, 0) */
    CU_ASSERT_EQUAL(hex_of(json_object_get(out, "P[2][6]")), 1.0);  /* w2.x x (0, 1, 0) = (0, 0, 1) */
    CU_ASSERT_EQUAL(hex_of(json_object_get(out, "P[1][6]")), 0.0);
    CU_ASSERT_EQUAL(hex_of(json_object_get(out, "P[0][0]")), 0.0);  /* arm1 = 0: no w1 column */
    CU_ASSERT_EQUAL(hex_of(json_object_get(out, "bias[1]")), 0.0);  /* at rest */
    CU_ASSERT_EQUAL(hex_of(json_object_get(out, "power")), 0.0);
    /* the ball's own outputs but its rows past mp = 3 (three row arrays of CCREF_MAX_ROWS), and its handle's 3 x 12
     * entries, 3 bias rows and the power */
    CU_ASSERT_EQUAL(json_object_size(out), CCREF_SLOT_BALL_N - 3 * (CCREF_MAX_ROWS - 3) + 36 + 3 + 1);
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


/* Body velocities and accelerations reach the kernel under their own names (spec/vectors.md section 3: w, v, b,
 * a are the angular velocity, the velocity of the origin, the angular acceleration and the acceleration of the
 * origin, in Ground). Ball, spec/ball.md steps 4-6: perr = S - P, verr = v(B2/S) - v(B1/S), aerr = a(B2/S) -
 * a(B1/S), v(K/S) = v_K + w_K x arm, a(K/S) = a_K + b_K x arm + w_K x (w_K x arm), arm = S - p_K. Every value below
 * is a small integer, so exact.
 *  Line 1: body 1 Ground; body 2 at p = (0,-1,0), R = I, station (0,1,0): S = P = 0, arm2 = (0,1,0).
 *    w = (1,0,0), v = (0,0,5): verr = (0,0,5) + (0,0,1) = (0,0,6);
 *    b = (0,0,2), a = (0,0,3): aerr = (0,0,3) + (0,0,2) x (0,1,0) + (1,0,0) x (0,0,1) = (0,0,3) + (-2,0,0) +
 *    (0,-1,0) = (-2,-1,3). (With b and a read into each other: (-3,-1,2); w and v: verr = (-4,0,0).)
 *  Line 2: body 2 Ground, station (1,0,0): S = (1,0,0); body 1 at the origin, R = I, station (1,0,0): P = S,
 *    arm1 = (1,0,0). w = (0,0,1), v = (2,0,0): v(B1/S) = (2,0,0) + (0,1,0) = (2,1,0), verr = (-2,-1,0);
 *    b = (0,0,4), a = (0,7,0): a(B1/S) = (0,7,0) + (0,4,0) + (0,0,1) x (0,1,0) = (-1,11,0), aerr = (1,-11,0).
 *    verr != 0 and w1 != 0: BALL_AERR_NOT_DERIVATIVE is set (spec/conventions.md section 7). */
static void test_body_motion(void)
{
    cli_run r = eval_text("",
                          "{\"kind\": \"ball\", \"params\": {\"station1_in_b1\": [0,0,0], \"station2_in_b2\": [0,1,0]}, "
                          "\"body1\": \"ground\", \"body2\": {\"R\": [[1,0,0],[0,1,0],[0,0,1]], \"p\": [0,-1,0], "
                          "\"w\": [1,0,0], \"v\": [0,0,5], \"b\": [0,0,2], \"a\": [0,0,3]}, \"lambda\": [0,0,0]}\n"
                          "{\"kind\": \"ball\", \"params\": {\"station1_in_b1\": [1,0,0], \"station2_in_b2\": [1,0,0]}, "
                          "\"body1\": {\"a\": [0,7,0], \"b\": [0,0,4], \"v\": [2,0,0], \"w\": [0,0,1], \"p\": [0,0,0], "
                          "\"R\": [[1,0,0],[0,1,0],[0,0,1]]}, \"body2\": \"ground\", \"lambda\": [0,0,0]}\n",
                          -1);
    CU_ASSERT_EQUAL(r.exit_status, 0);
    CU_ASSERT_FATAL(r.n == 2);
    static const double want[2][9] = {{0, 0, 0, 0, 0, 6, -2, -1, 3}, {0, 0, 0, -2, -1, 0, 1, -11, 0}};
    static const char *const names[9] = {"perr[0]", "perr[1]", "perr[2]", "verr[0]", "verr[1]", "verr[2]",
                                         "aerr[0]", "aerr[1]", "aerr[2]"};
    for (int l = 0; l < 2; l++) {
        json_t *out = json_object_get(r.lines[l], "outputs");
        CU_ASSERT_STRING_EQUAL(str(r.lines[l], "status"), "OK");
        for (int i = 0; i < 9; i++) {
            json_t *x = json_object_get(out, names[i]);
            CU_ASSERT_FATAL(x != NULL);
            CU_ASSERT_EQUAL(hex_of(x), want[l][i]);
        }
    }
    json_t *dev = json_object_get(r.lines[1], "deviations");
    CU_ASSERT_EQUAL(json_array_size(dev), 2);
    int aerr_flag = 0;
    for (size_t i = 0; i < json_array_size(dev); i++)
        aerr_flag |= strcmp(json_string_value(json_array_get(dev, i)), "BALL_AERR_NOT_DERIVATIVE") == 0;
    CU_ASSERT(aerr_flag);
    free_run(&r);
}

/* ------------------------------------------------------------------ the flat layout, from the specification */

/* spec/vectors.md section 8 (and the slot comments of src/ccref_outputs.h): a kind lists perr[0..2], verr[0..2],
 * aerr[0..2], force_on_body1.moment.{x,y,z}, force_on_body1.force.*, force_on_body2.moment.*,
 * force_on_body2.force.*, then its auxiliary outputs in the order of its result struct (vectors .x .y .z, matrices
 * [i][j] row-major; the applied forces of sphere_on_sphere and line_on_line are "force_on_body2_applied"). A contact
 * class lists perr, verr, aerr, display_point.*, slip_velocity[0..1], slip_acceleration[0..1], impact_speed,
 * effective_cor, slip_speed, effective_cof, coordinate_force, then the constraint's common outputs as
 * "constraint.*". A rule has "value". Built here from the result structs' members, independently of
 * src/outputs.c (ccref_flatten_*, ccref_output_name), which is checked against it. Which outputs a result lists:
 * rows past mp (perr) or mp + mv (verr, aerr) are not listed, nor the four friction outputs (slip velocity and
 * acceleration, slip speed, COF) of a frictionless class. */
enum { USE_ALWAYS, USE_PERR_ROW, USE_VA_ROW, USE_FRICTION, USE_HANDLE_ENTRY };
typedef struct {
    int n;
    char name[CCREF_MAX_SLOTS][48];
    double v[CCREF_MAX_SLOTS];
    int use[CCREF_MAX_SLOTS], row[CCREF_MAX_SLOTS];
    int col[CCREF_MAX_SLOTS], nu; /* USE_HANDLE_ENTRY: listed for row < mp + mv and col < nu */
} flat;

static void fput(flat *f, int use, int row, double v, const char *fmt, ...) __attribute__((format(printf, 5, 6)));
static void fput(flat *f, int use, int row, double v, const char *fmt, ...)
{
    CU_ASSERT_FATAL(f->n < CCREF_MAX_SLOTS);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(f->name[f->n], sizeof f->name[0], fmt, ap);
    va_end(ap);
    f->v[f->n] = v;
    f->use[f->n] = use;
    f->row[f->n] = row;
    f->n++;
}

static void fput3(flat *f, const char *name, ccref_vec3 a)
{
    fput(f, USE_ALWAYS, 0, a.x, "%s.x", name);
    fput(f, USE_ALWAYS, 0, a.y, "%s.y", name);
    fput(f, USE_ALWAYS, 0, a.z, "%s.z", name);
}

static void fput_output(flat *f, const char *pre, const ccref_output *o)
{
    char b[48];
    for (int k = 0; k < CCREF_MAX_ROWS; k++)
        fput(f, USE_PERR_ROW, k, o->perr[k], "%sperr[%d]", pre, k);
    for (int k = 0; k < CCREF_MAX_ROWS; k++)
        fput(f, USE_VA_ROW, k, o->verr[k], "%sverr[%d]", pre, k);
    for (int k = 0; k < CCREF_MAX_ROWS; k++)
        fput(f, USE_VA_ROW, k, o->aerr[k], "%saerr[%d]", pre, k);
    snprintf(b, sizeof b, "%sforce_on_body1.moment", pre);
    fput3(f, b, o->force_on_body1.moment);
    snprintf(b, sizeof b, "%sforce_on_body1.force", pre);
    fput3(f, b, o->force_on_body1.force);
    snprintf(b, sizeof b, "%sforce_on_body2.moment", pre);
    fput3(f, b, o->force_on_body2.moment);
    snprintf(b, sizeof b, "%sforce_on_body2.force", pre);
    fput3(f, b, o->force_on_body2.force);
}

/* Each kind's outputs after the common ones, as its own test file states them (tests/test_<kind>.c). */
#define EXPECTED_AUX_OF(KIND, kind, ...) [CCREF_KIND_##KIND] = kind##_expected_aux,
static void (*const expected_aux_of[CCREF_KIND_COUNT])(const ccref_result *, ccref_expected_aux *) = {
    CCREF_KINDS(EXPECTED_AUX_OF)};

static void flat_kind(ccref_kind kind, const ccref_result *r, flat *f)
{
    f->n = 0;
    fput_output(f, "", &r->u.out);
    CU_ASSERT_FATAL((unsigned)kind < CCREF_KIND_COUNT);
    ccref_expected_aux e = {0};
    expected_aux_of[kind](r, &e);
    for (int i = 0; i < e.n; i++)
        fput(f, USE_ALWAYS, 0, e.v[i], "%s", e.name[i]);
}

static void flat_contact(const ccref_contact_result *r, flat *f)
{
    f->n = 0;
    fput(f, USE_ALWAYS, 0, r->perr, "perr");
    fput(f, USE_ALWAYS, 0, r->verr, "verr");
    fput(f, USE_ALWAYS, 0, r->aerr, "aerr");
    fput3(f, "display_point", r->display_point);
    for (int k = 0; k < 2; k++)
        fput(f, USE_FRICTION, 0, r->slip_velocity[k], "slip_velocity[%d]", k);
    for (int k = 0; k < 2; k++)
        fput(f, USE_FRICTION, 0, r->slip_acceleration[k], "slip_acceleration[%d]", k);
    fput(f, USE_ALWAYS, 0, r->impact_speed, "impact_speed");
    fput(f, USE_ALWAYS, 0, r->effective_cor, "effective_cor");
    fput(f, USE_FRICTION, 0, r->slip_speed, "slip_speed");
    fput(f, USE_FRICTION, 0, r->effective_cof, "effective_cof");
    fput(f, USE_ALWAYS, 0, r->coordinate_force, "coordinate_force");
    fput_output(f, "constraint.", &r->constraint);
}

/* The holonomic rows of a kind, as its constraint file states them (spec/<kind>.md): G's rows named P. */
static int kind_mp(ccref_kind kind) { return kind == CCREF_KIND_BALL ? 3 : kind == CCREF_KIND_WELD ? 6 : 1; }

/* The Constraint handle after a kind's or a class's own outputs (spec/constraint_handle.md): G's rows named P while
 * they are holonomic (row < mp) and V after, over the 12 (or 1) mobilities; bias per row; power. From the struct's
 * members, the names written here. */
static void flat_handle(const ccref_handle *h, int mp_of_kind, const char *pre, flat *f)
{
    for (int r = 0; r < CCREF_MAX_ROWS; r++)
        for (int j = 0; j < CCREF_MAX_MOBILITIES; j++) {
            f->col[f->n] = j;
            fput(f, USE_HANDLE_ENTRY, r, h->G[r][j], "%s%s[%d][%d]", pre, r < mp_of_kind ? "P" : "V",
                 r < mp_of_kind ? r : r - mp_of_kind, j);
        }
    for (int r = 0; r < CCREF_MAX_ROWS; r++)
        fput(f, USE_VA_ROW, r, h->bias[r], "%sbias[%d]", pre, r);
    fput(f, USE_ALWAYS, 0, h->power, "%spower", pre);
    f->nu = h->nu;
}

static int flat_listed(const flat *f, int i, int mp, int mv, int friction)
{
    switch (f->use[i]) {
    case USE_PERR_ROW: return f->row[i] < mp;
    case USE_VA_ROW: return f->row[i] < mp + mv;
    case USE_HANDLE_ENTRY: return f->row[i] < mp + mv && f->col[i] < f->nu;
    case USE_FRICTION: return friction;
    default: return 1;
    }
}

/* ------------------------------------------------------------------ numbers, from the specification */

/* spec/vectors.md section 2: C99 hex float, normalised for every nonzero finite value (subnormals included),
 * trailing zero hex digits removed, "0x0p+0" / "-0x0p+0". Written here through frexp (|x| = m 2^e, m in [1/2, 1),
 * exact for subnormals too) rather than numfmt.c's bit manipulation. */
static void canonical_hex(double x, char *buf, size_t n)
{
    const char *sign = signbit(x) ? "-" : "";
    if (x == 0.0) {
        snprintf(buf, n, "%s0x0p+0", sign);
        return;
    }
    int e;
    double m = frexp(fabs(x), &e);
    uint64_t f = (uint64_t)ldexp(m, 53) - (UINT64_C(1) << 52); /* m 2^53: an integer in [2^52, 2^53) */
    char d[14];
    for (int i = 0; i < 13; i++)
        d[i] = "0123456789abcdef"[(f >> (48 - 4 * i)) & 15];
    int k = 13;
    while (k > 0 && d[k - 1] == '0')
        k--;
    d[k] = '\0';
    snprintf(buf, n, "%s0x1%s%sp%+d", sign, k ? "." : "", d, e - 1);
}

/* The text of member `member` of output `name` in a raw result line ("outputs":{...,"NAME":{"hex":...,"dec":X,...}):
 * the JSON token as written, before any parser rounds it. 0 when found. */
static int raw_member(const char *line, const char *name, const char *member, char *buf, size_t n)
{
    char key[80];
    snprintf(key, sizeof key, "\"%s\":{", name);
    const char *p = strstr(line, key);
    if (p == NULL)
        return -1;
    const char *end = strchr(p, '}');
    snprintf(key, sizeof key, "\"%s\":", member);
    const char *m = strstr(p, key);
    if (m == NULL || end == NULL || m > end)
        return -1;
    m += strlen(key);
    size_t l = strcspn(m, ",}");
    if (l >= n)
        return -1;
    memcpy(buf, m, l);
    buf[l] = '\0';
    return 0;
}

/* ------------------------------------------------------------------ discrete outputs, from the specification */

/* The names of spec/vectors.md section 4 and spec/conventions.md section 7: the enumerators' names without their
 * prefix (stringised here, not read from the CLI's tables). */
#define NAMED(prefix, x) {prefix##x, #x}
static const struct { unsigned bit; const char *name; } dev_names[] = {
    NAMED(CCREF_DEV_, BALL_REACTION_SIGN), NAMED(CCREF_DEV_, BALL_AERR_NOT_DERIVATIVE),
    NAMED(CCREF_DEV_, SOS_ROLLING_AERR_SPIN), NAMED(CCREF_DEV_, POP_GETTER_ORDER),
    NAMED(CCREF_DEV_, LOL_PARALLEL_FALLBACK), NAMED(CCREF_DEV_, BROP_NOT_IN_SIMBODY), NAMED(CCREF_DEV_, ROPE_SIGN),
    NAMED(CCREF_DEV_, PPC_HEIGHT_DROPPED), NAMED(CCREF_DEV_, PPC_GETTER_ROWS), NAMED(CCREF_DEV_, SPC_HEIGHT_IGNORED)};
#define N_DEV ((int)(sizeof dev_names / sizeof dev_names[0]))
typedef struct { int v; const char *name; } named;
static const named cor_names[] = {NAMED(CCREF_COR_, CAPTURED), NAMED(CCREF_COR_, LINEAR), NAMED(CCREF_COR_, MINIMUM)};
static const named cof_names[] = {NAMED(CCREF_COF_, STATIC), NAMED(CCREF_COF_, DYNAMIC)};
static const named cond_names[] = {
    NAMED(CCREF_UNI_, SEPARATED), NAMED(CCREF_UNI_, PENETRATING), NAMED(CCREF_UNI_, SEPARATING),
    NAMED(CCREF_UNI_, APPROACHING), NAMED(CCREF_UNI_, IN_CONTACT), NAMED(CCREF_UNI_, ACCELERATING_INWARD),
    NAMED(CCREF_UNI_, PULLING), NAMED(CCREF_UNI_, NOT_COMPLEMENTARY)};
#define NAME_OF(table, value) name_in(table, sizeof table / sizeof table[0], (int)(value))

static const char *name_in(const named *t, size_t n, int v)
{
    for (size_t i = 0; i < n; i++)
        if (t[i].v == v)
            return t[i].name;
    CU_FAIL("a discrete value without a name");
    return "?";
}

static json_t *deviation_list(unsigned bits)
{
    json_t *a = json_array();
    for (int i = 0; i < N_DEV; i++)
        if (bits & dev_names[i].bit)
            json_array_append_new(a, json_string(dev_names[i].name));
    /* every bit the library sets has a name */
    unsigned known = 0;
    for (int i = 0; i < N_DEV; i++)
        known |= dev_names[i].bit;
    CU_ASSERT((bits & ~known) == 0);
    return a;
}

/* ------------------------------------------------------------------ the rules by hand */

/* spec/unilateral.md section 4.2, with tol_perr = 1/8, tol_verr = 1, tol_aerr = 1/8, tol_lambda = 1/8 and
 * sp = sign perr, sv = sign verr, sa = sign aerr, f = -sign lambda: the first test that fires; valid exactly for
 * SEPARATED, SEPARATING, IN_CONTACT; isProximal is sp <= tol_perr (tol_verr differs on purpose: rows 0 and 8 would
 * be proximal under it). */
typedef struct {
    int sign;
    double perr, verr, aerr, lambda;
    const char *condition;
    int valid, proximal;
} classify_hand;

static const classify_hand classify_cases[] = {
    {+1, 0.5, 0, 0, 0, "SEPARATED", 1, 0},            /* sp = 1/2 > 1/8 */
    {+1, -0.5, 0, 0, 0, "PENETRATING", 0, 1},         /* sp < -1/8 */
    {+1, 0, 2, 0, 0, "SEPARATING", 1, 1},             /* sv = 2 > 1 */
    {-1, 0.0625, 2, 0, 0, "APPROACHING", 0, 1},       /* sp = -1/16 within; sv = -2 < -1 */
    {+1, 0, 0.5, -1, 0, "ACCELERATING_INWARD", 0, 1}, /* sv within 1; sa = -1 < -1/8 */
    {+1, 0, 0, 0, 1, "PULLING", 0, 1},                /* f = -1 < -1/8 */
    {+1, 0, 0, 1, -1, "NOT_COMPLEMENTARY", 0, 1},     /* sa = 1, f = 1 admissible, |aerr| and |lambda| > 1/8 */
    {+1, 0, 0, 1, 0, "IN_CONTACT", 1, 1},             /* lifting off: lambda ~ 0 */
    {-1, -0.5, 0, 0, 0, "SEPARATED", 1, 0},           /* sp = 1/2 */
    {+1, 0.125, 0, 0, 0, "IN_CONTACT", 1, 1},         /* sp = tol_perr exactly: not separated, proximal */
    {-1, 0, 0, -1, 1, "NOT_COMPLEMENTARY", 0, 1},     /* sa = 1, f = 1 */
};
#define N_CLASSIFY_HAND ((int)(sizeof classify_cases / sizeof classify_cases[0]))

static cli_case classify_case_of(const classify_hand *h)
{
    cli_case c;
    memset(&c, 0, sizeof c);
    c.suite = SUITE_CLASSIFY;
    c.u.cl.sign = h->sign;
    c.u.cl.perr = h->perr;
    c.u.cl.verr = h->verr;
    c.u.cl.aerr = h->aerr;
    c.u.cl.lambda = h->lambda;
    c.u.cl.tol_perr = 0.125;
    c.u.cl.tol_verr = 1.0;
    c.u.cl.tol_aerr = 0.125;
    c.u.cl.tol_lambda = 0.125;
    return c;
}

/* The rules on hand-derived cases, each line written here by hand (not by the case writer):
 *  effective_cor, min_cor 1/2, capture_speed 1/8, min_cor_speed 2: impact 1/16 <= 1/8: CAPTURED, 0; impact 1:
 *  LINEAR, 1 - ((1 - 1/2)/2) 1 = 3/4; impact 3 >= 2: MINIMUM, 1/2; impact 2 (= min_cor_speed): MINIMUM, 1/2.
 *  effective_cof, mu_s 3/4, mu_d 1/2, mu_v 1/4, transition 1/2: slip 1/4: STATIC, 1/16 + 3/4 = 13/16; slip 1/2 (at
 *  the transition): STATIC, 1/8 + 3/4 = 7/8; slip 1: DYNAMIC, 1/4 + 1/2 = 3/4.
 *  Bad input: sign 0 (E_BAD_SIGN), a negative tolerance (E_NEGATIVE_TOLERANCE), min_cor 2 (E_COR_OUT_OF_RANGE),
 *  mu_d > mu_s (E_FRICTION_ORDER): an error status and nothing else. */
static void test_rules_by_hand(void)
{
#define COR(v) "{\"kind\": \"effective_cor\", \"params\": {\"min_cor\": 0.5, \"capture_speed\": 0.125, " \
               "\"min_cor_speed\": 2, \"impact_speed\": " v "}}\n"
#define COF(v) "{\"kind\": \"effective_cof\", \"params\": {\"mu_s\": 0.75, \"mu_d\": 0.5, \"mu_v\": 0.25, " \
               "\"transition_speed\": 0.5, \"slip_speed\": " v "}}\n"
    static const struct { const char *line, *status, *branch_key, *branch; double value; } rules[] = {
        {COR("0.0625"), "OK", "cor_branch", "CAPTURED", 0.0},
        {COR("1"), "OK", "cor_branch", "LINEAR", 0.75},
        {COR("3"), "OK", "cor_branch", "MINIMUM", 0.5},
        {COR("2"), "OK", "cor_branch", "MINIMUM", 0.5},
        {COF("0.25"), "OK", "cof_branch", "STATIC", 0.8125},
        {COF("0.5"), "OK", "cof_branch", "STATIC", 0.875},
        {COF("1"), "OK", "cof_branch", "DYNAMIC", 0.75},
        {"{\"kind\": \"effective_cor\", \"params\": {\"min_cor\": 2, \"capture_speed\": 0.125, \"min_cor_speed\": 2, "
         "\"impact_speed\": 1}}\n", "E_COR_OUT_OF_RANGE", NULL, NULL, 0},
        {"{\"kind\": \"effective_cof\", \"params\": {\"mu_s\": 0.5, \"mu_d\": 0.75, \"mu_v\": 0.25, "
         "\"transition_speed\": 0.5, \"slip_speed\": 1}}\n", "E_FRICTION_ORDER", NULL, NULL, 0},
    };
#undef COR
#undef COF
    size_t nr = sizeof rules / sizeof rules[0];
    jw w;
    jw_init(&w);
    for (size_t i = 0; i < nr; i++)
        jw_raw(&w, rules[i].line);
    char line[512];
    for (int i = 0; i < N_CLASSIFY_HAND; i++) {
        const classify_hand *h = &classify_cases[i];
        snprintf(line, sizeof line, "{\"kind\": \"unilateral_classify\", \"params\": {\"sign\": %d, \"perr\": %.17g, "
                 "\"verr\": %.17g, \"aerr\": %.17g, \"lambda\": %.17g, \"tol_perr\": 0.125, \"tol_verr\": 1, "
                 "\"tol_aerr\": 0.125, \"tol_lambda\": 0.125}}\n", h->sign, h->perr, h->verr, h->aerr, h->lambda);
        jw_raw(&w, line);
    }
    jw_raw(&w, "{\"kind\": \"unilateral_classify\", \"params\": {\"sign\": 0, \"perr\": 0, \"verr\": 0, \"aerr\": 0, "
               "\"lambda\": 0, \"tol_perr\": 0, \"tol_verr\": 0, \"tol_aerr\": 0, \"tol_lambda\": 0}}\n");
    jw_raw(&w, "{\"kind\": \"unilateral_classify\", \"params\": {\"sign\": 1, \"perr\": 0, \"verr\": 0, \"aerr\": 0, "
               "\"lambda\": 0, \"tol_perr\": -1, \"tol_verr\": 0, \"tol_aerr\": 0, \"tol_lambda\": 0}}\n");
    cli_run r = eval_text("", w.buf, (long)w.len);
    jw_free(&w);
    CU_ASSERT_EQUAL(r.exit_status, 0);
    CU_ASSERT_FATAL(r.n == (int)nr + N_CLASSIFY_HAND + 2);
    static const char *const rule_keys[] = {"line", "kind", "status", "ok", "cor_branch", "cof_branch", "outputs",
                                            NULL};
    for (size_t i = 0; i < nr; i++) {
        json_t *o = r.lines[i];
        CU_ASSERT(keys_within(o, rule_keys));
        CU_ASSERT_STRING_EQUAL(str(o, "status"), rules[i].status);
        if (rules[i].branch == NULL) {
            CU_ASSERT(json_is_false(json_object_get(o, "ok")) && json_object_get(o, "outputs") == NULL &&
                      json_object_get(o, "cor_branch") == NULL && json_object_get(o, "cof_branch") == NULL);
            continue;
        }
        CU_ASSERT(str(o, rules[i].branch_key) && strcmp(str(o, rules[i].branch_key), rules[i].branch) == 0);
        json_t *out = json_object_get(o, "outputs");
        CU_ASSERT_EQUAL(json_object_size(out), 1);
        CU_ASSERT_EQUAL(hex_of(json_object_get(out, "value")), rules[i].value);
    }
    static const char *const classify_keys[] = {"line", "kind", "status", "ok", "condition", "valid", "proximal",
                                                NULL};
    for (int i = 0; i < N_CLASSIFY_HAND; i++) {
        const classify_hand *h = &classify_cases[i];
        json_t *o = r.lines[nr + (size_t)i];
        CU_ASSERT(keys_within(o, classify_keys));
        int ok = str(o, "status") && strcmp(str(o, "status"), "OK") == 0 && str(o, "condition") &&
                 strcmp(str(o, "condition"), h->condition) == 0 &&
                 json_is_boolean(json_object_get(o, "valid")) && !json_is_true(json_object_get(o, "valid")) == !h->valid &&
                 json_is_boolean(json_object_get(o, "proximal")) &&
                 !json_is_true(json_object_get(o, "proximal")) == !h->proximal;
        CU_ASSERT(ok);
        if (!ok)
            printf("\n  classifier row %d: %s", i, r.raw[nr + (size_t)i]);
    }
    CU_ASSERT_STRING_EQUAL(str(r.lines[nr + N_CLASSIFY_HAND], "status"), "E_BAD_SIGN");
    CU_ASSERT_STRING_EQUAL(str(r.lines[nr + N_CLASSIFY_HAND + 1], "status"), "E_NEGATIVE_TOLERANCE");
    for (int i = 0; i < 2; i++) {
        json_t *o = r.lines[nr + N_CLASSIFY_HAND + (size_t)i];
        CU_ASSERT(json_is_false(json_object_get(o, "ok")) && json_object_get(o, "condition") == NULL &&
                  json_object_get(o, "proximal") == NULL && json_object_get(o, "valid") == NULL);
    }
    free_run(&r);
}

/* ------------------------------------------------------------------ every case, field by field */

typedef struct {
    int lines[SUITE_COUNT];
    int error_status, values;
    int cor_contact[3], cor_rule[3], cof_contact[2], cof_rule[2], cond[CCREF_UNI_CONDITION_COUNT], proximal[2];
    int valid[2], sense[3], parallel;
    unsigned deviations;
    int proximal_tol_matters;   /* classifier cases whose isProximal differs with tol_verr in place of tol_perr */
    int slip_acc_differs;       /* friction contacts with slip_acceleration != slip_velocity */
    int b_differs_a, w_differs_v; /* cases whose body 2 (kinds) has b != a, w != v */
    int subnormal, negzero, unbounded, exceeds, bands;
} coverage;

static int mismatches;

/* Every mismatch is counted; the first thousand are recorded as CUnit failures. CUnit appends each failure to the end
 * of a list it walks, so a fault that breaks every value of every line (the CLI mutants: over 10^5 values) would cost
 * quadratic time; the suite fails from the first one. */
static void mismatch(int line, const cli_case *c, const char *what, const char *got, const char *want)
{
    if (mismatches < 1000)
        CU_FAIL("eval's output differs from the library's result");
    if (mismatches++ < 12)
        printf("\n  line %d (%s): %s: got %s, expected %s\n", line, suite_name(c->suite), what, got ? got : "(none)",
               want ? want : "(none)");
}

/* The suite's name in the case format: ccref_kind_name, ccref_contact_class_name, or the rule's (spec/vectors.md
 * section 1). */
static const char *kind_text(const cli_case *c)
{
    switch (suite_type_of(c->suite)) {
    case SUITE_TYPE_KIND: return ccref_kind_name(c->u.k.kind);
    case SUITE_TYPE_CONTACT: return ccref_contact_class_name(c->u.c.cls);
    default:
        return c->suite == SUITE_EFFECTIVE_COR ? "effective_cor"
               : c->suite == SUITE_EFFECTIVE_COF ? "effective_cof"
                                                 : "unilateral_classify";
    }
}

typedef struct {
    ccref_status status;
    flat f;                     /* the outputs of an OK-class status (none for the classifier) */
    int mp, mv, friction;
    json_t *disc;               /* the discrete outputs of an OK-class status */
    ccref_bounds b;
} expected_line;

static int same_double(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

/* The library's own flat layout (src/outputs.c) agrees with the specification's. */
static void check_library_layout(const flat *f, const double *v, int n, int is_contact, ccref_kind kind,
                                 ccref_contact_class cls, int mp, int mv)
{
    CU_ASSERT_EQUAL(n, f->n);
    for (int i = 0; i < f->n && i < n; i++) {
        const char *lib = is_contact ? ccref_contact_output_name(i) : ccref_output_name(kind, i);
        int in_use = is_contact ? ccref_contact_slot_in_use(cls, i, mp, mv) : ccref_slot_in_use(i, mp, mv);
        int ok = lib != NULL && strcmp(lib, f->name[i]) == 0 && same_double(v[i], f->v[i]) &&
                 !in_use == !flat_listed(f, i, mp, mv, is_contact && ccref_contact_has_friction(cls));
        CU_ASSERT(ok);
        if (!ok && mismatches++ < 12)
            printf("\n  library slot %d: name %s value %a in use %d; specification: %s %a\n", i, lib ? lib : "NULL",
                   v[i], in_use, f->name[i], f->v[i]);
    }
}

/* The library's handle layout (src/handle.c) agrees with the specification's, from slot `own` of f on. */
static void check_library_handle(const flat *f, int own, const ccref_handle *h, int mp_of_kind, int contact)
{
    double v[CCREF_HSLOT_N];
    CU_ASSERT_EQUAL(ccref_flatten_handle(h, v), CCREF_HSLOT_N);
    CU_ASSERT_EQUAL(f->n, own + CCREF_HSLOT_N);
    for (int i = 0; i < CCREF_HSLOT_N && own + i < f->n; i++) {
        const char *lib = ccref_handle_output_name(mp_of_kind, contact, i);
        int in_use = ccref_handle_slot_in_use(i, h->mp, h->mv, h->nu);
        int ok = lib != NULL && strcmp(lib, f->name[own + i]) == 0 && same_double(v[i], f->v[own + i]) &&
                 !in_use == !flat_listed(f, own + i, h->mp, h->mv, 0) &&
                 ccref_handle_output_slot(mp_of_kind, contact, lib) == i;
        CU_ASSERT(ok);
        if (!ok && mismatches++ < 12)
            printf("\n  library handle slot %d: name %s value %a in use %d; specification: %s %a\n", i,
                   lib ? lib : "NULL", v[i], in_use, f->name[own + i], f->v[own + i]);
    }
}

/* The handle's status, values and bounds after the case's own (the tool lists them together): an OK-class case
 * whose handle overflows is E_RESULT_OVERFLOW as a whole. */
static void expect_handle(expected_line *x, ccref_status hs, const ccref_handle *h, const ccref_bounds *hb,
                          int mp_of_kind, int contact)
{
    if (!ccref_status_ok(hs)) {
        x->status = hs;
        return;
    }
    int own = x->f.n;
    flat_handle(h, mp_of_kind, contact ? "constraint." : "", &x->f);
    for (int i = 0; i < CCREF_HSLOT_N; i++) {
        x->b.bound[own + i] = hb->bound[i];
        x->b.exceeds_value[own + i] = hb->exceeds_value[i];
    }
    x->b.bands |= hb->bands;
    x->b.n = own + CCREF_HSLOT_N;
    check_library_handle(&x->f, own, h, mp_of_kind, contact);
}

static void expect_line(const cli_case *c, expected_line *x, coverage *cov)
{
    memset(x, 0, sizeof *x);
    x->disc = json_object();
    switch (suite_type_of(c->suite)) {
    case SUITE_TYPE_KIND: {
        const ccref_case *k = &c->u.k;
        ccref_result r;
        x->status = ccref_eval(k, &r);
        ccref_bounds_case(k, &x->b);
        cov->b_differs_a += !same_double(k->body2.b.x, k->body2.a.x) || !same_double(k->body2.b.y, k->body2.a.y);
        cov->w_differs_v += !same_double(k->body2.w.x, k->body2.v.x) || !same_double(k->body2.w.y, k->body2.v.y);
        if (!ccref_status_ok(x->status))
            break;
        flat_kind(k->kind, &r, &x->f);
        x->mp = r.u.out.mp;
        x->mv = r.u.out.mv;
        json_object_set_new(x->disc, "mp", json_integer(x->mp));
        json_object_set_new(x->disc, "mv", json_integer(x->mv));
        json_object_set_new(x->disc, "deviations", deviation_list(r.u.out.deviations));
        cov->deviations |= r.u.out.deviations;
        if (k->kind == CCREF_KIND_LINE_ON_LINE) {
            json_object_set_new(x->disc, "sense", json_integer(r.u.line_on_line.sense));
            json_object_set_new(x->disc, "lines_are_parallel", json_boolean(r.u.line_on_line.lines_are_parallel));
            if (r.u.line_on_line.sense >= -1 && r.u.line_on_line.sense <= 1)
                cov->sense[r.u.line_on_line.sense + 1]++;
            cov->parallel += r.u.line_on_line.lines_are_parallel != 0;
        }
        double v[CCREF_MAX_SLOTS];
        int n = ccref_flatten_result(k->kind, &r, v);
        CU_ASSERT_EQUAL(ccref_kind_outputs(k->kind), x->f.n);
        check_library_layout(&x->f, v, n, 0, k->kind, 0, x->mp, x->mv);
        ccref_handle h;
        ccref_bounds hb;
        ccref_status hs = ccref_handle_case(k, &h);
        ccref_bounds_handle_case(k, NULL, &hb);
        expect_handle(x, hs, &h, &hb, kind_mp(k->kind), 0);
        break;
    }
    case SUITE_TYPE_CONTACT: {
        const ccref_contact_case *k = &c->u.c;
        ccref_contact_result r;
        x->status = ccref_contact_eval(k, &r);
        ccref_bounds_contact(k, &x->b);
        if (!ccref_status_ok(x->status))
            break;
        flat_contact(&r, &x->f);
        x->mp = r.constraint.mp;
        x->mv = r.constraint.mv;
        x->friction = ccref_contact_has_friction(k->cls);
        CU_ASSERT_EQUAL(!r.has_friction, !x->friction);
        json_object_set_new(x->disc, "sign", json_integer(r.sign));
        json_object_set_new(x->disc, "has_friction", json_boolean(r.has_friction));
        json_object_set_new(x->disc, "cor_branch", json_string(NAME_OF(cor_names, r.cor_branch)));
        if (x->friction) {
            json_object_set_new(x->disc, "cof_branch", json_string(NAME_OF(cof_names, r.cof_branch)));
            cov->cof_contact[r.cof_branch != CCREF_COF_STATIC]++;
            cov->slip_acc_differs += !same_double(r.slip_acceleration[0], r.slip_velocity[0]) ||
                                     !same_double(r.slip_acceleration[1], r.slip_velocity[1]);
        }
        json_object_set_new(x->disc, "mp", json_integer(x->mp));
        json_object_set_new(x->disc, "mv", json_integer(x->mv));
        json_object_set_new(x->disc, "deviations", deviation_list(r.constraint.deviations));
        cov->deviations |= r.constraint.deviations;
        if (r.cor_branch >= 0 && r.cor_branch < 3)
            cov->cor_contact[r.cor_branch]++;
        double v[CCREF_MAX_SLOTS];
        int n = ccref_flatten_contact_result(&r, v);
        check_library_layout(&x->f, v, n, 1, 0, k->cls, x->mp, x->mv);
        ccref_handle h;
        ccref_bounds hb;
        ccref_status hs = ccref_handle_contact(k, &h);
        ccref_bounds_handle_contact(k, NULL, &hb);
        expect_handle(x, hs, &h, &hb, 1, 1);
        break;
    }
    default:
        if (c->suite == SUITE_EFFECTIVE_COR || c->suite == SUITE_EFFECTIVE_COF) {
            double v = 0.0, v2 = 0.0;
            int br = 0;
            ccref_status st2;
            if (c->suite == SUITE_EFFECTIVE_COR) {
                const cli_cor_params *p = &c->u.cor;
                ccref_cor_branch b = CCREF_COR_CAPTURED;
                x->status = ccref_effective_cor_branch(p->min_cor, p->capture_speed, p->min_cor_speed,
                                                       p->impact_speed, &v, &b);
                st2 = ccref_effective_cor(p->min_cor, p->capture_speed, p->min_cor_speed, p->impact_speed, &v2);
                ccref_bounds_cor(p->min_cor, p->capture_speed, p->min_cor_speed, p->impact_speed, &x->b);
                br = (int)b;
            } else {
                const cli_cof_params *p = &c->u.cof;
                ccref_cof_branch b = CCREF_COF_STATIC;
                x->status = ccref_effective_cof_branch(p->mu_s, p->mu_d, p->mu_v, p->transition_speed,
                                                       p->slip_speed, &v, &b);
                st2 = ccref_effective_cof(p->mu_s, p->mu_d, p->mu_v, p->transition_speed, p->slip_speed, &v2);
                ccref_bounds_cof(p->mu_s, p->mu_d, p->mu_v, p->transition_speed, p->slip_speed, &x->b);
                br = (int)b;
            }
            CU_ASSERT_EQUAL(st2, x->status); /* the rule with and without the branch report */
            if (!ccref_status_ok(x->status))
                break;
            CU_ASSERT(same_double(v, v2));
            fput(&x->f, USE_ALWAYS, 0, v, "value");
            if (c->suite == SUITE_EFFECTIVE_COR) {
                json_object_set_new(x->disc, "cor_branch", json_string(NAME_OF(cor_names, br)));
                if (br >= 0 && br < 3)
                    cov->cor_rule[br]++;
            } else {
                json_object_set_new(x->disc, "cof_branch", json_string(NAME_OF(cof_names, br)));
                cov->cof_rule[br != CCREF_COF_STATIC]++;
            }
        } else {
            const cli_classify_params *p = &c->u.cl;
            ccref_unilateral_tolerances tol = {p->tol_perr, p->tol_verr, p->tol_aerr, p->tol_lambda};
            ccref_unilateral_condition cond = CCREF_UNI_SEPARATED;
            x->status = ccref_unilateral_classify(p->sign, p->perr, p->verr, p->aerr, p->lambda, &tol, &cond);
            if (!ccref_status_ok(x->status))
                break;
            /* isProximal checks a subset of the classifier's inputs (sign, perr, tol_perr): OK here too */
            int prox = -1, prox_v = -1;
            CU_ASSERT_EQUAL(ccref_unilateral_is_proximal(p->sign, p->perr, p->tol_perr, &prox), CCREF_OK);
            if (ccref_unilateral_is_proximal(p->sign, p->perr, p->tol_verr, &prox_v) == CCREF_OK && prox_v != prox)
                cov->proximal_tol_matters++;
            /* valid exactly for SEPARATED, SEPARATING, IN_CONTACT (spec/unilateral.md section 4.2) */
            int valid = cond == CCREF_UNI_SEPARATED || cond == CCREF_UNI_SEPARATING || cond == CCREF_UNI_IN_CONTACT;
            CU_ASSERT_EQUAL(!valid, !ccref_unilateral_condition_valid(cond));
            json_object_set_new(x->disc, "condition", json_string(NAME_OF(cond_names, cond)));
            json_object_set_new(x->disc, "valid", json_boolean(valid));
            json_object_set_new(x->disc, "proximal", json_boolean(prox));
            if ((int)cond >= 0 && cond < CCREF_UNI_CONDITION_COUNT)
                cov->cond[cond]++;
            cov->proximal[prox != 0]++;
            cov->valid[valid]++;
        }
        break;
    }
}

static void name_set(json_t *list, json_t *set)
{
    for (size_t i = 0; i < json_array_size(list); i++)
        if (json_is_string(json_array_get(list, i)))
            json_object_set_new(set, json_string_value(json_array_get(list, i)), json_true());
}

/* Two arrays of names hold the same names, each once. */
static int same_names(json_t *got, json_t *want)
{
    if (!json_is_array(got) || json_array_size(got) != json_array_size(want))
        return 0;
    json_t *a = json_object(), *b = json_object();
    name_set(got, a);
    name_set(want, b);
    int eq = json_equal(a, b) && json_object_size(a) == json_array_size(got);
    json_decref(a);
    json_decref(b);
    return eq;
}

/* Whether output `name` of a result line is to be checked: present exactly when listed (else a mismatch, with
 * why_not saying why it should be absent). */
static int present_when_listed(json_t *o, int is_listed, int line, const cli_case *c, const char *name,
                               const char *why_not)
{
    if (!is_listed) {
        if (o != NULL)
            mismatch(line, c, name, "listed", why_not);
        return 0;
    }
    if (o == NULL) {
        mismatch(line, c, name, NULL, "listed");
        return 0;
    }
    return 1;
}

/* The kernel's lists after the outputs: "bound_exceeds_value" must name exactly the outputs of `exceeds` (released
 * here) and "decision_bands" exactly the decisions of the mask; absent lists are empty. Returns a bit per list that
 * is not empty (1: exceeds, 2: bands), for coverage. */
static int check_kernel_lists(json_t *j, json_t *exceeds, unsigned band_mask)
{
    int nonempty = json_array_size(exceeds) > 0;
    json_t *gx = json_object_get(j, "bound_exceeds_value");
    if (gx != NULL || json_array_size(exceeds) > 0)
        CU_ASSERT(same_names(gx, exceeds));
    json_t *bands = json_array();
    for (int d = 1; d < CCREF_DECISION_COUNT; d++)
        if (band_mask & (1u << d))
            json_array_append_new(bands, json_string(ccref_decision_name((ccref_decision)d)));
    json_t *gb = json_object_get(j, "decision_bands");
    if (gb != NULL || json_array_size(bands) > 0)
        CU_ASSERT(same_names(gb, bands));
    nonempty |= (json_array_size(bands) > 0) << 1;
    json_decref(bands);
    json_decref(exceeds);
    return nonempty;
}

static void check_line(json_t *j, const char *raw, const cli_case *c, int line, coverage *cov)
{
    static const char *const all_discrete[] = {"mp", "mv", "deviations", "sense", "lines_are_parallel", "sign",
                                               "has_friction", "cor_branch", "cof_branch", "condition", "valid",
                                               "proximal", NULL};
    expected_line x;
    expect_line(c, &x, cov);
    int ok = ccref_status_ok(x.status);
    cov->lines[c->suite]++;
    char got[600], want[600];
    CU_ASSERT_EQUAL(json_integer_value(json_object_get(j, "line")), line);
    CU_ASSERT(err_of(j) == NULL);
    if (!str(j, "kind") || strcmp(str(j, "kind"), kind_text(c)) != 0)
        mismatch(line, c, "kind", str(j, "kind"), kind_text(c));
    if (!str(j, "status") || strcmp(str(j, "status"), ccref_status_name(x.status)) != 0)
        mismatch(line, c, "status", str(j, "status"), ccref_status_name(x.status));
    CU_ASSERT(json_is_boolean(json_object_get(j, "ok")) && !json_is_true(json_object_get(j, "ok")) == !ok);
    /* no key beyond the result format's (ccref --help) and the expected discrete outputs */
    const char *allowed[32] = {"line", "kind", "status", "ok", "outputs", "bound_exceeds_value", "decision_bands"};
    int na = 7;
    const char *key;
    json_t *v;
    json_object_foreach(x.disc, key, v) allowed[na++] = key;
    allowed[na] = NULL;
    CU_ASSERT(keys_within(j, allowed));
    if (!ok) {
        cov->error_status++;
        CU_ASSERT(json_object_get(j, "outputs") == NULL);
        for (int i = 0; all_discrete[i]; i++)
            CU_ASSERT(json_object_get(j, all_discrete[i]) == NULL);
        json_decref(x.disc);
        return;
    }
    /* the discrete outputs */
    json_object_foreach(x.disc, key, v) {
        json_t *g = json_object_get(j, key);
        int eq = strcmp(key, "deviations") == 0 ? same_names(g, v) : json_equal(g, v);
        if (!eq) {
            char *a = g ? json_dumps(g, JSON_ENCODE_ANY) : NULL, *b = json_dumps(v, JSON_ENCODE_ANY);
            mismatch(line, c, key, a, b);
            free(a);
            free(b);
        }
    }
    /* the values: every listed output by its name, nothing else */
    json_t *out = json_object_get(j, "outputs");
    int listed = 0;
    json_t *exceeds = json_array();
    for (int i = 0; i < x.f.n; i++) {
        const char *name = x.f.name[i];
        json_t *o = json_object_get(out, name);
        const int in = flat_listed(&x.f, i, x.mp, x.mv, x.friction);
        listed += in;
        if (!present_when_listed(o, in, line, c, name, "not listed (a row past mp or mp + mv, or friction)"))
            continue;
        static const char *const value_keys[] = {"hex", "dec", "bound", NULL};
        CU_ASSERT(keys_within(o, value_keys) && json_object_size(o) == 3);
        double val = x.f.v[i];
        cov->values++;
        cov->subnormal += val != 0.0 && fabs(val) < 0x1p-1022;
        cov->negzero += val == 0.0 && signbit(val);
        /* hex: the canonical string, which reads back to the same double */
        canonical_hex(val, want, sizeof want);
        const char *hex = str(o, "hex");
        if (hex == NULL || strcmp(hex, want) != 0 || !same_double(strtod(hex, NULL), val)) {
            snprintf(got, sizeof got, "%s: hex", name);
            mismatch(line, c, got, hex, want);
        }
        /* dec: glibc's %.17g, which is correctly rounded, as written (before any parser reads it) */
        snprintf(want, sizeof want, "%.17g", val);
        char dec[64] = "";
        if (raw_member(raw, name, "dec", dec, sizeof dec) != 0 || strcmp(dec, want) != 0 ||
            !same_double(strtod(dec, NULL), val)) {
            snprintf(got, sizeof got, "%s: dec", name);
            mismatch(line, c, got, dec, want);
        }
        /* bound: the library's, %.17g as well; null where no bound is claimed */
        double b = x.b.bound[i];
        if (isfinite(b))
            snprintf(want, sizeof want, "%.17g", b);
        else
            snprintf(want, sizeof want, "null");
        cov->unbounded += !isfinite(b);
        if (raw_member(raw, name, "bound", dec, sizeof dec) != 0 || strcmp(dec, want) != 0) {
            snprintf(got, sizeof got, "%s: bound", name);
            mismatch(line, c, got, dec, want);
        }
        if (x.b.exceeds_value[i])
            json_array_append_new(exceeds, json_string(name));
    }
    if (listed == 0) {
        CU_ASSERT(out == NULL);
    } else {
        CU_ASSERT_EQUAL((int)json_object_size(out), listed);
    }
    /* the outputs whose bound exceeds their value, and the decisions inside their rounding band */
    int lists = check_kernel_lists(j, exceeds, x.b.bands);
    cov->exceeds += (lists & 1) != 0;
    cov->bands += (lists & 2) != 0;
    json_decref(x.disc);
}

/* Every test case of every family of the published suite (spec/vectors.md section 7: random, exactly assembled,
 * grids, ties, thresholds, degenerate and bad input, extreme magnitudes; about 2300 cases over the 20 suites),
 * written with the vectors' case writer and evaluated in one run: each result line must equal, field by field,
 * the library's result for the case it read. The coverage of the answers is asserted, so that each discrete value
 * and each confusable pair of outputs is exercised. */
/* Every test case of every family of every suite (the published suite's, from the default seed), then the
 * classifier's hand-derived rows (every condition; the families reach NOT_COMPLEMENTARY by chance only): the cases
 * (malloc'd, *n_out of them) and, in w, their case lines in the same order. */
static cli_case *every_case(jw *w, int *n_out)
{
    static vtest t;
    int cap = 1024, n = 0;
    cli_case *cases = malloc(sizeof *cases * (size_t)cap);
    CU_ASSERT_FATAL(cases != NULL);
    for (int s = 0; s < SUITE_COUNT; s++) {
        const group_spec *groups;
        int ng = suite_groups(s, &groups);
        for (int g = 0; g < ng; g++)
            for (int k = 0; k < groups[g].count; k++) {
                family_make(GEN_DEFAULT_SEED, s, g, k, &t);
                if (n == cap)
                    cases = realloc(cases, sizeof *cases * (size_t)(cap *= 2));
                cases[n++] = t.c;
                case_write(w, &t.c);
                jw_break(w, "");
            }
    }
    for (int i = 0; i < N_CLASSIFY_HAND; i++) {
        if (n == cap)
            cases = realloc(cases, sizeof *cases * (size_t)(cap *= 2));
        cases[n] = classify_case_of(&classify_cases[i]);
        case_write(w, &cases[n++]);
        jw_break(w, "");
    }
    *n_out = n;
    return cases;
}

static void test_every_case_field_by_field(void)
{
    jw w;
    jw_init(&w);
    int n;
    cli_case *cases = every_case(&w, &n);
    cli_run r = eval_text("", w.buf, (long)w.len);
    jw_free(&w);
    CU_ASSERT_EQUAL(r.exit_status, 0);
    CU_ASSERT_FATAL(r.n == n);
    coverage cov;
    memset(&cov, 0, sizeof cov);
    mismatches = 0;
    for (int i = 0; i < n; i++)
        check_line(r.lines[i], r.raw[i], &cases[i], i + 1, &cov);
    free_run(&r);
    free(cases);
    /* coverage */
    for (int s = 0; s < SUITE_COUNT; s++)
        CU_ASSERT(cov.lines[s] >= 20);
    CU_ASSERT(cov.values > 40000);
    CU_ASSERT(cov.error_status > 100);
    for (int b = 0; b < 3; b++)
        CU_ASSERT(cov.cor_contact[b] > 0 && cov.cor_rule[b] > 0);
    for (int b = 0; b < 2; b++)
        CU_ASSERT(cov.cof_contact[b] > 0 && cov.cof_rule[b] > 0 && cov.proximal[b] > 0 && cov.valid[b] > 0);
    for (int k = 0; k < CCREF_UNI_CONDITION_COUNT; k++)
        CU_ASSERT(cov.cond[k] > 0);
    CU_ASSERT(cov.sense[0] > 0 && cov.sense[1] > 0 && cov.sense[2] > 0 && cov.parallel > 0);
    for (int i = 0; i < N_DEV; i++)
        CU_ASSERT(cov.deviations & dev_names[i].bit);
    CU_ASSERT(cov.proximal_tol_matters > 0);
    CU_ASSERT(cov.slip_acc_differs > 0);
    CU_ASSERT(cov.b_differs_a > 0 && cov.w_differs_v > 0);
    CU_ASSERT(cov.subnormal > 0 && cov.negzero > 0 && cov.unbounded > 0 && cov.exceeds > 0 && cov.bands > 0);
    if (mismatches > 0 || getenv("CCREF_TEST_VERBOSE"))
        printf("\n  field by field: %d lines, %d values, %d error statuses; %d mismatches; coverage: cor %d/%d/%d "
               "(rule %d/%d/%d), cof %d/%d (rule %d/%d), proximal %d/%d, tol_verr would change isProximal in %d, "
               "subnormal %d, -0 %d, unbounded %d, exceeds %d, bands %d, deviations 0x%x, conditions %d %d %d %d %d %d %d "
               "%d\n",
               n, cov.values, cov.error_status, mismatches, cov.cor_contact[0], cov.cor_contact[1],
               cov.cor_contact[2], cov.cor_rule[0], cov.cor_rule[1], cov.cor_rule[2], cov.cof_contact[0],
               cov.cof_contact[1], cov.cof_rule[0], cov.cof_rule[1], cov.proximal[0], cov.proximal[1],
               cov.proximal_tol_matters, cov.subnormal, cov.negzero, cov.unbounded, cov.exceeds, cov.bands,
               cov.deviations, cov.cond[0], cov.cond[1], cov.cond[2], cov.cond[3], cov.cond[4], cov.cond[5], cov.cond[6],
               cov.cond[7]);
}

/* ------------------------------------------------------------------ the certified modes, every case */

/* The oracle's reasons (oracle/oracle.h), stringised here. */
static const named reason_names[] = {NAMED(ORA_R_, EXACT), NAMED(ORA_R_, EXACT_ZERO), NAMED(ORA_R_, ENCLOSURE),
                                     NAMED(ORA_R_, CAP), NAMED(ORA_R_, UNDECIDED), NAMED(ORA_R_, UNBOUNDED)};

typedef struct {
    int lines[SUITE_COUNT], both_lines[SUITE_COUNT];
    int values, both_values;            /* outputs compared (certified run; both run) */
    int certified;                      /* of them certified (certified run) */
    int reasons[ORA_R_UNBOUNDED + 1];
    int uncertified, first_stage, mpfi_stage, nonfinite, negzero, undecided_lines;
    int error_status, both_error_status, status_differs, ulps_nonzero, ratio_nonzero, ratio_null;
} cert_coverage;

/* The oracle's answer for a case, from the library's certified functions called here (oracle/oracle.h): the status,
 * decided, max_bits, the discrete outputs (of an OK-class status) and one certificate per slot, with the names and
 * listing rules of the slots from the specification's layout (flat_kind, flat_contact; values unused). */
typedef struct {
    ccref_status status;
    int decided, max_bits;
    flat f;
    ora_cert cert[CCREF_MAX_SLOTS];
    int mp, mv, friction;
    json_t *disc;
} oracle_line;

/* The certified handle after the case's own certificates (as expect_handle for the kernel): its names, its
 * certificates, and its status, decision and precision merged into the case's. */
static void expect_oracle_handle(oracle_line *x, const ora_handle_result *hr, int mp_of_kind, int nu, int contact)
{
    if (!hr->decided)
        x->decided = 0;
    if (hr->max_bits > x->max_bits)
        x->max_bits = hr->max_bits;
    if (ccref_status_ok(x->status) && !ccref_status_ok(hr->status))
        x->status = hr->status;
    int own = x->f.n;
    ccref_handle zero;
    memset(&zero, 0, sizeof zero);
    zero.nu = nu;
    flat_handle(&zero, mp_of_kind, contact ? "constraint." : "", &x->f);
    CU_ASSERT_EQUAL(hr->n, CCREF_HSLOT_N);
    for (int i = 0; i < CCREF_HSLOT_N; i++)
        x->cert[own + i] = hr->out[i];
}

static void expect_oracle(ora_ctx *ctx, const cli_case *c, oracle_line *x)
{
    memset(x, 0, sizeof *x);
    x->disc = json_object();
    switch (suite_type_of(c->suite)) {
    case SUITE_TYPE_KIND: {
        static ccref_result zero;
        static ora_case_result r;
        CU_ASSERT_EQUAL(ora_eval_case(ctx, &c->u.k, &r), 0);
        flat_kind(c->u.k.kind, &zero, &x->f);
        x->status = r.status;
        x->decided = r.decided;
        x->max_bits = r.max_bits;
        CU_ASSERT(r.n == x->f.n || !ccref_status_ok(r.status));
        for (int i = 0; i < r.n && i < CCREF_MAX_SLOTS; i++)
            x->cert[i] = r.out[i];
        if (ccref_status_ok(x->status)) {
            static ora_handle_result hr;
            CU_ASSERT_EQUAL(ora_eval_handle_case(ctx, &c->u.k, NULL, &hr), 0);
            expect_oracle_handle(x, &hr, kind_mp(c->u.k.kind),
                                 c->u.k.kind == CCREF_KIND_CONSTANT_COORDINATE ? 1 : 12, 0);
        }
        if (!ccref_status_ok(x->status))
            break;
        x->mp = r.mp;
        x->mv = r.mv;
        json_object_set_new(x->disc, "mp", json_integer(r.mp));
        json_object_set_new(x->disc, "mv", json_integer(r.mv));
        json_object_set_new(x->disc, "deviations", deviation_list(r.deviations));
        if (c->u.k.kind == CCREF_KIND_LINE_ON_LINE) {
            json_object_set_new(x->disc, "sense", json_integer(r.sense));
            json_object_set_new(x->disc, "lines_are_parallel", json_boolean(r.lines_are_parallel));
        }
        break;
    }
    case SUITE_TYPE_CONTACT: {
        static ccref_contact_result zero;
        static ora_contact_result r;
        CU_ASSERT_EQUAL(ora_eval_contact_case(ctx, &c->u.c, &r), 0);
        flat_contact(&zero, &x->f);
        CU_ASSERT_EQUAL(x->f.n, CCREF_CSLOT_N); /* the handle's follow */
        x->status = r.status;
        x->decided = r.decided;
        x->max_bits = r.max_bits;
        for (int i = 0; i < CCREF_CSLOT_N; i++)
            x->cert[i] = r.out[i];
        if (ccref_status_ok(x->status)) {
            static ora_handle_result hr;
            CU_ASSERT_EQUAL(ora_eval_handle_contact(ctx, &c->u.c, NULL, &hr), 0);
            int hard_stop = c->u.c.cls == CCREF_CONTACT_HARD_STOP_UPPER || c->u.c.cls == CCREF_CONTACT_HARD_STOP_LOWER;
            expect_oracle_handle(x, &hr, 1, hard_stop ? 1 : 12, 1);
        }
        if (!ccref_status_ok(x->status))
            break;
        x->mp = r.mp;
        x->mv = r.mv;
        x->friction = ccref_contact_has_friction(c->u.c.cls);
        json_object_set_new(x->disc, "sign", json_integer(r.sign));
        json_object_set_new(x->disc, "has_friction", json_boolean(r.has_friction));
        json_object_set_new(x->disc, "cor_branch", json_string(NAME_OF(cor_names, r.cor_branch)));
        if (x->friction)
            json_object_set_new(x->disc, "cof_branch", json_string(NAME_OF(cof_names, r.cof_branch)));
        json_object_set_new(x->disc, "mp", json_integer(r.mp));
        json_object_set_new(x->disc, "mv", json_integer(r.mv));
        json_object_set_new(x->disc, "deviations", deviation_list(r.deviations));
        break;
    }
    default:
        if (c->suite == SUITE_EFFECTIVE_COR || c->suite == SUITE_EFFECTIVE_COF) {
            int br;
            if (c->suite == SUITE_EFFECTIVE_COR) {
                const cli_cor_params *p = &c->u.cor;
                ccref_cor_branch b = CCREF_COR_CAPTURED;
                x->status = ora_effective_cor_d(ctx, p->min_cor, p->capture_speed, p->min_cor_speed, p->impact_speed,
                                                &x->cert[0], &b);
                br = (int)b;
            } else {
                const cli_cof_params *p = &c->u.cof;
                ccref_cof_branch b = CCREF_COF_STATIC;
                x->status = ora_effective_cof_d(ctx, p->mu_s, p->mu_d, p->mu_v, p->transition_speed, p->slip_speed,
                                                &x->cert[0], &b);
                br = (int)b;
            }
            /* a rule's branch and value are decided unless its certificate says otherwise */
            x->decided = x->cert[0].reason != ORA_R_UNDECIDED;
            x->max_bits = x->cert[0].precision_bits;
            fput(&x->f, USE_ALWAYS, 0, 0.0, "value");
            if (!ccref_status_ok(x->status))
                break;
            if (c->suite == SUITE_EFFECTIVE_COR)
                json_object_set_new(x->disc, "cor_branch", json_string(NAME_OF(cor_names, br)));
            else
                json_object_set_new(x->disc, "cof_branch", json_string(NAME_OF(cof_names, br)));
        } else {
            const cli_classify_params *p = &c->u.cl;
            ccref_unilateral_tolerances tol = {p->tol_perr, p->tol_verr, p->tol_aerr, p->tol_lambda};
            ccref_unilateral_condition cond = CCREF_UNI_SEPARATED;
            int prox = 0;
            x->decided = 1; /* point inputs: always decided (oracle/unilateral.c) */
            x->status = ora_classify_d(p->sign, p->perr, p->verr, p->aerr, p->lambda, &tol, &cond);
            if (x->status == CCREF_OK)
                x->status = ora_is_proximal_d(p->sign, p->perr, p->tol_perr, &prox);
            if (!ccref_status_ok(x->status))
                break;
            int valid = cond == CCREF_UNI_SEPARATED || cond == CCREF_UNI_SEPARATING || cond == CCREF_UNI_IN_CONTACT;
            json_object_set_new(x->disc, "condition", json_string(NAME_OF(cond_names, cond)));
            json_object_set_new(x->disc, "valid", json_boolean(valid));
            json_object_set_new(x->disc, "proximal", json_boolean(prox));
        }
        break;
    }
}

/* Slot i is listed in the oracle's answer. */
static int oracle_listed(const oracle_line *x, int i)
{
    return ccref_status_ok(x->status) && flat_listed(&x->f, i, x->mp, x->mv, x->friction);
}

/* The raw text just after `"key":{` at or after from; NULL when absent. */
static const char *raw_obj(const char *from, const char *key)
{
    char k[96];
    snprintf(k, sizeof k, "\"%s\":{", key);
    const char *p = from ? strstr(from, k) : NULL;
    return p ? p + strlen(k) : NULL;
}

/* The token of member `member` in the raw text from obj up to the next '}' (a flat object's members); 0 when found. */
static int raw_scalar(const char *obj, const char *member, char *buf, size_t n)
{
    if (obj == NULL)
        return -1;
    char k[96];
    snprintf(k, sizeof k, "\"%s\":", member);
    const char *end = strchr(obj, '}'), *m = strstr(obj, k);
    if (m == NULL || end == NULL || m > end)
        return -1;
    m += strlen(k);
    size_t l = strcspn(m, ",}");
    if (l >= n)
        return -1;
    memcpy(buf, m, l);
    buf[l] = '\0';
    return 0;
}

/* What jw_number_or_null writes for x, from the specification: %.17g (correctly rounded in glibc), null when not
 * finite. */
static void dec_text(double x, char *buf, size_t n)
{
    if (isfinite(x))
        snprintf(buf, n, "%.17g", x);
    else
        snprintf(buf, n, "null");
}

/* One number written as {"hex": H, "dec": D, ...} (raw: the object's text after its '{'): H the canonical hex of v
 * reading back to v exactly (a non-finite v: "nan", "inf", "-inf"), D its %.17g (null when not finite). */
static void check_number(json_t *o, const char *raw, double v, int line, const cli_case *c, const char *name,
                         const char *part)
{
    char want[64], got[160];
    const char *hex = str(o, "hex");
    int ok;
    if (isfinite(v)) {
        canonical_hex(v, want, sizeof want);
        ok = hex != NULL && strcmp(hex, want) == 0 && same_double(strtod(hex, NULL), v);
    } else {
        snprintf(want, sizeof want, "%s", isnan(v) ? "nan" : v < 0 ? "-inf" : "inf");
        ok = hex != NULL && strcmp(hex, want) == 0;
    }
    if (!ok) {
        snprintf(got, sizeof got, "%s: %shex", name, part);
        mismatch(line, c, got, hex, want);
    }
    char dec[64] = "";
    dec_text(v, want, sizeof want);
    if (raw_scalar(raw, "dec", dec, sizeof dec) != 0 || strcmp(dec, want) != 0 ||
        (isfinite(v) && !same_double(strtod(dec, NULL), v))) {
        snprintf(got, sizeof got, "%s: %sdec", name, part);
        mismatch(line, c, got, dec, want);
    }
}

/* An oracle value {"hex", "dec", "certified", "bits", "reason"} against the library's certificate. */
static void check_cert(json_t *o, const char *raw, const ora_cert *w, int line, const cli_case *c, const char *name,
                       const char *part, cert_coverage *cov)
{
    static const char *const keys[] = {"hex", "dec", "certified", "bits", "reason", NULL};
    char got[160], b[32], wb[32];
    CU_ASSERT(keys_within(o, keys) && json_object_size(o) == 5);
    check_number(o, raw, w->value, line, c, name, part);
    json_t *cert = json_object_get(o, "certified"), *bits = json_object_get(o, "bits");
    if (!json_is_boolean(cert) || !json_is_true(cert) != !w->certified) {
        snprintf(got, sizeof got, "%s: %scertified", name, part);
        mismatch(line, c, got, json_is_boolean(cert) ? (json_is_true(cert) ? "true" : "false") : NULL,
                 w->certified ? "true" : "false");
    }
    if (!json_is_integer(bits) || json_integer_value(bits) != w->precision_bits) {
        snprintf(got, sizeof got, "%s: %sbits", name, part);
        snprintf(b, sizeof b, "%lld", json_is_integer(bits) ? (long long)json_integer_value(bits) : -1LL);
        snprintf(wb, sizeof wb, "%d", w->precision_bits);
        mismatch(line, c, got, b, wb);
    }
    const char *reason = str(o, "reason"), *want = NAME_OF(reason_names, w->reason);
    CU_ASSERT_STRING_EQUAL(want, ora_reason_name(w->reason));
    if (reason == NULL || strcmp(reason, want) != 0) {
        snprintf(got, sizeof got, "%s: %sreason", name, part);
        mismatch(line, c, got, reason, want);
    }
    if (w->reason >= 0 && w->reason <= ORA_R_UNBOUNDED)
        cov->reasons[w->reason]++;
    cov->uncertified += w->reason == ORA_R_CAP || w->reason == ORA_R_UNDECIDED;
    cov->first_stage += w->certified && w->precision_bits == 106;
    cov->mpfi_stage += w->certified && w->precision_bits >= 128;
    cov->nonfinite += !isfinite(w->value);
    cov->negzero += w->value == 0.0 && signbit(w->value);
}

/* The header members every mode writes, the certified modes' decided and max_bits, and the discrete outputs disc
 * (of an OK-class status; none otherwise) at the top level of j. */
static void check_head(json_t *j, const cli_case *c, int line, ccref_status st, const oracle_line *ox, json_t *disc)
{
    char got[32], want[32];
    CU_ASSERT_EQUAL(json_integer_value(json_object_get(j, "line")), line);
    CU_ASSERT(err_of(j) == NULL);
    if (!str(j, "kind") || strcmp(str(j, "kind"), kind_text(c)) != 0)
        mismatch(line, c, "kind", str(j, "kind"), kind_text(c));
    if (!str(j, "status") || strcmp(str(j, "status"), ccref_status_name(st)) != 0)
        mismatch(line, c, "status", str(j, "status"), ccref_status_name(st));
    CU_ASSERT(json_is_boolean(json_object_get(j, "ok")) &&
              !json_is_true(json_object_get(j, "ok")) == !ccref_status_ok(st));
    json_t *d = json_object_get(j, "decided"), *mb = json_object_get(j, "max_bits");
    if (!json_is_boolean(d) || !json_is_true(d) != !ox->decided)
        mismatch(line, c, "decided", json_is_boolean(d) ? (json_is_true(d) ? "true" : "false") : NULL,
                 ox->decided ? "true" : "false");
    if (!json_is_integer(mb) || json_integer_value(mb) != ox->max_bits) {
        snprintf(got, sizeof got, "%lld", json_is_integer(mb) ? (long long)json_integer_value(mb) : -1LL);
        snprintf(want, sizeof want, "%d", ox->max_bits);
        mismatch(line, c, "max_bits", got, want);
    }
    static const char *const all_discrete[] = {"mp", "mv", "deviations", "sense", "lines_are_parallel", "sign",
                                               "has_friction", "cor_branch", "cof_branch", "condition", "valid",
                                               "proximal", NULL};
    for (int i = 0; all_discrete[i]; i++) {
        json_t *g = json_object_get(j, all_discrete[i]), *v = json_object_get(disc, all_discrete[i]);
        if (g == NULL && v == NULL)
            continue;
        int eq = strcmp(all_discrete[i], "deviations") == 0 ? v != NULL && same_names(g, v) : json_equal(g, v);
        if (!eq) {
            char *a = g ? json_dumps(g, JSON_ENCODE_ANY) : NULL, *b = v ? json_dumps(v, JSON_ENCODE_ANY) : NULL;
            mismatch(line, c, all_discrete[i], a, b);
            free(a);
            free(b);
        }
    }
}

/* The line parses with duplicated keys rejected: every output name (and every member) is written once. */
static void check_no_duplicates(const char *raw, int line, const cli_case *c)
{
    json_error_t e;
    json_t *d = json_loads(raw, JSON_REJECT_DUPLICATES, &e);
    if (d == NULL)
        mismatch(line, c, "a key written twice", e.text, "each key once");
    json_decref(d);
}

/* A line of `eval --certified` against the oracle's answer for its case. */
static void check_certified_line(json_t *j, const char *raw, const cli_case *c, int line, ora_ctx *ctx,
                                 cert_coverage *cov)
{
    oracle_line x;
    expect_oracle(ctx, c, &x);
    cov->lines[c->suite]++;
    cov->undecided_lines += !x.decided;
    check_head(j, c, line, x.status, &x, x.disc);
    check_no_duplicates(raw, line, c);
    const char *allowed[32] = {"line", "kind", "status", "ok", "decided", "max_bits", "outputs"};
    int na = 7;
    const char *key;
    json_t *v;
    json_object_foreach(x.disc, key, v) allowed[na++] = key;
    allowed[na] = NULL;
    CU_ASSERT(keys_within(j, allowed));
    json_t *out = json_object_get(j, "outputs");
    if (!ccref_status_ok(x.status)) {
        cov->error_status++;
        CU_ASSERT(out == NULL);
        json_decref(x.disc);
        return;
    }
    const char *outs = raw_obj(raw, "outputs");
    int listed = 0;
    for (int i = 0; i < x.f.n; i++) {
        const char *name = x.f.name[i];
        json_t *o = json_object_get(out, name);
        const int in = oracle_listed(&x, i);
        listed += in;
        if (!present_when_listed(o, in, line, c, name, "not listed (a row past mp or mp + mv, or friction)"))
            continue;
        cov->values++;
        cov->certified += x.cert[i].certified != 0;
        check_cert(o, raw_obj(outs, name), &x.cert[i], line, c, name, "", cov);
    }
    if (listed == 0) {
        CU_ASSERT(out == NULL);
    } else {
        CU_ASSERT_EQUAL((int)json_object_size(out), listed);
    }
    json_decref(x.disc);
}

/* A line of `eval --both` against the library's kernel result (expect_line) and the oracle's answer: the kernel's
 * status and discrete outputs at the top level, the oracle's as oracle_status and oracle_discrete; per output listed
 * by either, the kernel's value and bound, the oracle's certificate, and ulps = |kernel - oracle| / ulp(oracle),
 * ratio = |kernel - oracle| / tolerance(bound, oracle) (0 when equal), recomputed here from the library's numbers
 * as eval.c defines them: null unless the oracle certified it (ratio: and the kernel lists it with a finite bound). */
static void check_both_line(json_t *j, const char *raw, const cli_case *c, int line, ora_ctx *ctx,
                            cert_coverage *cov)
{
    expected_line k;
    oracle_line x;
    coverage scratch;
    memset(&scratch, 0, sizeof scratch);
    expect_line(c, &k, &scratch);
    expect_oracle(ctx, c, &x);
    int kok = ccref_status_ok(k.status), ook = ccref_status_ok(x.status);
    cov->both_lines[c->suite]++;
    cov->both_error_status += !kok;
    cov->status_differs += k.status != x.status;
    check_head(j, c, line, k.status, &x, k.disc);
    check_no_duplicates(raw, line, c);
    const char *os = str(j, "oracle_status");
    if (os == NULL || strcmp(os, ccref_status_name(x.status)) != 0)
        mismatch(line, c, "oracle_status", os, ccref_status_name(x.status));
    const char *allowed[32] = {"line", "kind", "status", "ok", "oracle_status", "decided", "max_bits",
                               "oracle_discrete", "outputs", "bound_exceeds_value", "decision_bands"};
    int na = 11;
    const char *key;
    json_t *v;
    json_object_foreach(k.disc, key, v) allowed[na++] = key;
    allowed[na] = NULL;
    CU_ASSERT(keys_within(j, allowed));
    /* the oracle's discrete outputs, exactly those of its answer */
    json_t *od = json_object_get(j, "oracle_discrete");
    if (!ook) {
        CU_ASSERT(od == NULL);
    } else {
        CU_ASSERT(json_is_object(od) && json_object_size(od) == json_object_size(x.disc));
        json_object_foreach(x.disc, key, v) {
            json_t *g = json_object_get(od, key);
            int eq = strcmp(key, "deviations") == 0 ? same_names(g, v) : json_equal(g, v);
            if (!eq) {
                char *a = g ? json_dumps(g, JSON_ENCODE_ANY) : NULL, *b = json_dumps(v, JSON_ENCODE_ANY);
                char what[64];
                snprintf(what, sizeof what, "oracle_discrete.%s", key);
                mismatch(line, c, what, a, b);
                free(a);
                free(b);
            }
        }
    }
    json_t *out = json_object_get(j, "outputs");
    const char *outs = raw_obj(raw, "outputs");
    int listed = 0;
    json_t *exceeds = json_array();
    char got[160], want[64], tok[64];
    for (int i = 0; i < x.f.n; i++) {
        const char *name = x.f.name[i];
        json_t *o = json_object_get(out, name);
        int kin = kok && flat_listed(&x.f, i, k.mp, k.mv, k.friction), oin = oracle_listed(&x, i);
        listed += kin || oin;
        if (!present_when_listed(o, kin || oin, line, c, name, "listed by neither the kernel nor the oracle"))
            continue;
        cov->both_values++;
        static const char *const keys[] = {"kernel", "oracle", "ulps", "ratio", NULL},
                                 *const kkeys[] = {"hex", "dec", "bound", NULL};
        CU_ASSERT(keys_within(o, keys) && json_object_size(o) == 4);
        const char *ro = raw_obj(outs, name), *rk = raw_obj(ro, "kernel"), *rc = raw_obj(ro, "oracle");
        /* the kernel's value: the library's (0 in a slot the kernel does not list), its bound (null there) */
        double kv = kok ? k.f.v[i] : 0.0, bound = kin ? k.b.bound[i] : NAN;
        json_t *ko = json_object_get(o, "kernel");
        CU_ASSERT(keys_within(ko, kkeys) && json_object_size(ko) == 3);
        check_number(ko, rk, kv, line, c, name, "kernel.");
        dec_text(bound, want, sizeof want);
        if (raw_scalar(rk, "bound", tok, sizeof tok) != 0 || strcmp(tok, want) != 0) {
            snprintf(got, sizeof got, "%s: kernel.bound", name);
            mismatch(line, c, got, tok, want);
        }
        /* the oracle's certificate */
        const ora_cert *w = &x.cert[i];
        check_cert(json_object_get(o, "oracle"), rc, w, line, c, name, "oracle.", cov);
        /* ulps and ratio, after the oracle's object */
        const char *after = rc ? strchr(rc, '}') : NULL;
        double d = fabs(kv - w->value);
        double ulps = w->certified ? d / ccref_ulp(w->value) : NAN;
        double ratio = w->certified && kin && isfinite(bound)
                           ? (d == 0.0 ? 0.0 : d / ccref_tolerance(bound, w->value))
                           : NAN;
        cov->ulps_nonzero += ulps > 0.0;
        cov->ratio_nonzero += ratio > 0.0;
        cov->ratio_null += !isfinite(ratio);
        dec_text(ulps, want, sizeof want);
        if (raw_scalar(after ? after + 1 : NULL, "ulps", tok, sizeof tok) != 0 || strcmp(tok, want) != 0) {
            snprintf(got, sizeof got, "%s: ulps", name);
            mismatch(line, c, got, tok, want);
        }
        dec_text(ratio, want, sizeof want);
        if (raw_scalar(after ? after + 1 : NULL, "ratio", tok, sizeof tok) != 0 || strcmp(tok, want) != 0) {
            snprintf(got, sizeof got, "%s: ratio", name);
            mismatch(line, c, got, tok, want);
        }
        if (kin && k.b.exceeds_value[i])
            json_array_append_new(exceeds, json_string(name));
    }
    if (listed == 0) {
        CU_ASSERT(out == NULL);
    } else {
        CU_ASSERT_EQUAL((int)json_object_size(out), listed);
    }
    /* the kernel's outputs whose bound exceeds their value, and its decisions inside their rounding band */
    check_kernel_lists(j, exceeds, kok ? k.b.bands : 0u);
    json_decref(k.disc);
    json_decref(x.disc);
}

/* The same cases as test_every_case_field_by_field through `eval --certified`, each line field by field against
 * the library's oracle called here on the case it read (ora_eval_case, ora_eval_contact_case, ora_effective_cor_d,
 * ora_effective_cof_d, ora_classify_d, ora_is_proximal_d): status, decided, max_bits, the discrete outputs, and per
 * output listed its hex (reading back to the oracle's double, sign of zero included), dec (%.17g), certified, bits
 * and reason; then every 7th case through `eval --both`, against the kernel's result and the oracle's. Coverage:
 * outputs not certified, and outputs certified by either stage of the oracle (106 bits: the double-double first
 * stage; 128 and up: the MPFI loop). */
static void test_certified_every_case(void)
{
    jw w;
    jw_init(&w);
    int n;
    cli_case *cases = every_case(&w, &n);
    ora_ctx *ctx = ora_ctx_new(NULL);
    CU_ASSERT_FATAL(ctx != NULL);
    cert_coverage cov;
    memset(&cov, 0, sizeof cov);
    mismatches = 0;
    cli_run r = eval_text("--certified", w.buf, (long)w.len);
    jw_free(&w);
    CU_ASSERT_EQUAL(r.exit_status, 0);
    CU_ASSERT_FATAL(r.n == n);
    for (int i = 0; i < n; i++)
        check_certified_line(r.lines[i], r.raw[i], &cases[i], i + 1, ctx, &cov);
    free_run(&r);
    /* --both on every 7th case */
    enum { STRIDE = 7 };
    jw_init(&w);
    int nb = 0;
    for (int i = 0; i < n; i += STRIDE, nb++) {
        case_write(&w, &cases[i]);
        jw_break(&w, "");
    }
    r = eval_text("--both", w.buf, (long)w.len);
    jw_free(&w);
    CU_ASSERT_EQUAL(r.exit_status, 0);
    CU_ASSERT_FATAL(r.n == nb);
    for (int i = 0; i < nb; i++)
        check_both_line(r.lines[i], r.raw[i], &cases[i * STRIDE], i + 1, ctx, &cov);
    free_run(&r);
    ora_ctx_free(ctx);
    free(cases);
    /* coverage */
    int min_lines = n, min_both = nb;
    for (int s = 0; s < SUITE_COUNT; s++) {
        CU_ASSERT(cov.lines[s] >= 20);
        CU_ASSERT(cov.both_lines[s] >= 10);
        min_lines = cov.lines[s] < min_lines ? cov.lines[s] : min_lines;
        min_both = cov.both_lines[s] < min_both ? cov.both_lines[s] : min_both;
    }
    CU_ASSERT(cov.values > 40000 && cov.certified > 40000);
    CU_ASSERT(cov.both_values > 4000);
    CU_ASSERT(cov.uncertified > 0);
    CU_ASSERT(cov.first_stage > 0 && cov.mpfi_stage > 0);
    CU_ASSERT(cov.error_status > 0 && cov.both_error_status > 0);
    CU_ASSERT(cov.negzero > 0);
    CU_ASSERT(cov.ulps_nonzero > 0 && cov.ratio_nonzero > 0 && cov.ratio_null > 0);
    if (mismatches > 0 || getenv("CCREF_TEST_VERBOSE"))
        printf("\n  certified field by field: %d lines (a suite: %d at least), %d values (%d certified), %d error "
               "statuses, %d undecided lines; --both: %d lines (a suite: %d at least), %d values, %d kernel error "
               "statuses, %d statuses differ, ulps > 0 %d, ratio > 0 %d, ratio null %d; %d mismatches; reasons "
               "EXACT %d EXACT_ZERO %d ENCLOSURE %d CAP %d UNDECIDED %d UNBOUNDED %d; first stage %d, MPFI %d, "
               "-0 %d, non-finite %d\n",
               n, min_lines, cov.values, cov.certified, cov.error_status, cov.undecided_lines, nb, min_both,
               cov.both_values, cov.both_error_status, cov.status_differs, cov.ulps_nonzero, cov.ratio_nonzero,
               cov.ratio_null, mismatches, cov.reasons[ORA_R_EXACT], cov.reasons[ORA_R_EXACT_ZERO],
               cov.reasons[ORA_R_ENCLOSURE], cov.reasons[ORA_R_CAP], cov.reasons[ORA_R_UNDECIDED],
               cov.reasons[ORA_R_UNBOUNDED], cov.first_stage, cov.mpfi_stage, cov.negzero, cov.nonfinite);
}

/* ------------------------------------------------------------------ the reader's errors */

/* An error line (ccref --help): {"line": L, ["id": ...,] "error": {"field": F, ["column": C,] "message": M}}, with
 * a column exactly for JSON syntax errors. col: > 0 the column; 0 no "column" member; -1 not checked. */
static void check_error_object(json_t *o, int line, const char *field, const char *message, int col_lo, int col_hi)
{
    static const char *const top[] = {"line", "id", "error", NULL}, *const inner[] = {"field", "column", "message", NULL};
    CU_ASSERT_EQUAL(json_integer_value(json_object_get(o, "line")), line);
    CU_ASSERT(keys_within(o, top));
    json_t *e = err_of(o);
    CU_ASSERT_FATAL(e != NULL);
    CU_ASSERT(keys_within(e, inner));
    const char *f = str(e, "field"), *m = str(e, "message");
    CU_ASSERT_FATAL(f != NULL && m != NULL);
    int ok = strcmp(f, field) == 0 && strstr(m, message) != NULL;
    json_t *c = json_object_get(e, "column");
    if (col_lo == 0)
        ok &= c == NULL;
    else if (col_lo > 0)
        ok &= json_is_integer(c) && json_integer_value(c) >= col_lo && json_integer_value(c) <= col_hi;
    CU_ASSERT(ok);
    if (!ok)
        printf("\n  line %d: error {field \"%s\", column %lld, message \"%s\"}; expected field \"%s\", column in "
               "[%d, %d], a message with \"%s\"\n", line, f, c ? (long long)json_integer_value(c) : -1LL, m, field,
               col_lo, col_hi, message);
}

typedef struct {
    const char *line;       /* the input line (with its newline) */
    const char *field;      /* expected error field; NULL: the line must evaluate */
    const char *message;    /* a fragment of the message */
    const char *token;      /* JSON syntax errors: the offending token (its last occurrence in the line); the column
                               must point into it or at the character before it (jansson reports the last
                               character it read); NULL: no column; "": not checked (see the note below) */
} reader_case;

#define BODY "{\"R\": [[1,0,0],[0,1,0],[0,0,1]], \"p\": [0,-1,0]}"
#define ROD_PARAMS "\"params\": {\"station1_in_b1\": [0,0,0], \"station2_in_b2\": [0,0,0], \"length\": 1}"
#define CLASSIFY(sign) "{\"kind\": \"unilateral_classify\", \"params\": {\"sign\": " sign ", \"perr\": 0, \"verr\": 0, " \
    "\"aerr\": 0, \"lambda\": 0, \"tol_perr\": 0, \"tol_verr\": 0, \"tol_aerr\": 0, \"tol_lambda\": 0}}\n"
#define ROD_WITH(extra) "{\"kind\": \"rod\", " ROD_PARAMS ", \"body1\": \"ground\", \"body2\": " extra ", \"lambda\": [1]}\n"

/* The reader on one line per fault, all in one input: each bad line gives its error object, the good ones their
 * results, and the exit status is 1 (spec/vectors.md section 3, ccref --help). */
static void test_reader_errors(void)
{
    static const reader_case cases[] = {
        /* unknown and misspelt keys, at every level */
        {ROD_WITH("{\"R\": [[1,0,0],[0,1,0],[0,0,1]], \"p\": [0,-1,0], \"W\": [1,0,0]}"), "body2.W", "unknown key \"W\"",
         NULL},
        {"{\"kind\": \"rod\", " ROD_PARAMS ", \"extra\": 1, \"body1\": \"ground\", \"body2\": \"ground\", \"lambda\": [1]}\n",
         "extra", "unknown key", NULL},
        {"{\"kind\": \"rod\", \"params\": {\"station1_in_b1\": [0,0,0], \"station2_in_b2\": [0,0,0], \"length\": 1, "
         "\"lenght\": 2}, \"body1\": \"ground\", \"body2\": \"ground\", \"lambda\": [1]}\n", "params.lenght", "unknown", NULL},
        {"{\"Kind\": \"rod\"}\n", "kind", "missing", NULL},
        {"{\"kind\": \"rod\", \"params\": {\"station1_in_b1\": [0,0,0], \"station2_in_b2\": [0,0,0]}, \"body1\": "
         "\"ground\", \"body2\": \"ground\", \"lambda\": [1]}\n", "params.length", "missing", NULL},
        {"{\"kind\": \"teapot\", \"params\": {}}\n", "kind", "unknown kind", NULL},
        {"{\"kind\": 7}\n", "kind", "expected a string", NULL},
        {"[1, 2, 3]\n", "", "a case must be a JSON object", NULL},
        {"{\"kind\": \"rod\", " ROD_PARAMS ", \"body1\": \"ground\", \"body2\": \"Ground\", \"lambda\": [1]}\n", "body2",
         "expected \"ground\" or a body object", NULL},
        {"{\"kind\": \"constant_coordinate\", \"params\": {\"position\": 0}, \"body1\": \"ground\", \"coordinate\": "
         "{\"q\": 0, \"qdot\": 0, \"qdotdot\": 0}, \"lambda\": [1]}\n", "body1", "unknown key", NULL},
        /* duplicated keys, at the top and nested (jansson's JSON_REJECT_DUPLICATES: a syntax-level error, whose field
         * is the key as jansson names it, without its path) */
        {"{\"kind\": \"rod\", \"kind\": \"rod\"}\n", "kind", "duplicate object key near '\"kind\"'", "\"kind\""},
        {"{\"kind\": \"rod\", \"params\": {\"station1_in_b1\": [0,0,0], \"station2_in_b2\": [0,0,0], \"length\": 1, "
         "\"length\": 2}, \"body1\": \"ground\", \"body2\": \"ground\", \"lambda\": [1]}\n", "length",
         "duplicate object key near '\"length\"'", "\"length\""},
        /* integers: out of int's range, out of jansson's, not integers; numbers out of double's range */
        {CLASSIFY("4294967297"), "params.sign", "integer 4294967297 out of range", NULL},
        {CLASSIFY("2147483648"), "params.sign", "out of range", NULL},
        {CLASSIFY("-2147483649"), "params.sign", "out of range", NULL},
        {CLASSIFY("100000000000000000000"), "", "too big integer", "100000000000000000000"},
        {CLASSIFY("1.5"), "params.sign", "integer", NULL},
        {CLASSIFY("\"1\""), "params.sign", "integer", NULL},
        {"{\"kind\": \"rod\", \"params\": {\"station1_in_b1\": [0,0,0], \"station2_in_b2\": [0,0,0], \"length\": 1e400}, "
         "\"body1\": \"ground\", \"body2\": \"ground\", \"lambda\": [1]}\n", "", "real number overflow", "1e400"},
        /* numbers and shapes */
        {ROD_WITH("{\"R\": [[1,0,0],[0,1,0]], \"p\": [0,0,0]}"), "body2.R", "3 rows", NULL},
        {ROD_WITH("{\"R\": [[1,0,0],[0,1,0],[0,0,\"1x\"]], \"p\": [0,0,0]}"), "body2.R[2][2]", "not a number", NULL},
        {ROD_WITH("{\"R\": [[1,0,0],[0,1,0],[0,0,\" 1\"]], \"p\": [0,0,0]}"), "body2.R[2][2]", "not a number", NULL},
        {ROD_WITH("{\"R\": [[1,0,0],[0,1,0],[0,0,true]], \"p\": [0,0,0]}"), "body2.R[2][2]",
         "expected a number or a numeric string", NULL},
        {ROD_WITH("{\"R\": [[1,0,0],[0,1,0],[0,0,1]], \"p\": [0,0]}"), "body2.p", "expected an array of 3 numbers", NULL},
        {ROD_WITH("{\"R\": [[1,0,0],[0,1,0],[0,0,1]], \"p\": [0,0,\"1\\u0000\"]}"), "",
         "\\u0000 is not allowed", "\"1\\u0000\""},
        {ROD_WITH("{\"R\": [[1,0,0],[0,1,0],[0,0,1]], \"q\": [1,0,0,0], \"p\": [0,0,0]}"), "body2.q", "not both", NULL},
        {ROD_WITH("{\"q\": [0,0,0,0], \"p\": [0,0,0]}"), "body2.q", "nonzero", NULL},
        {ROD_WITH("{\"p\": [0,0,0]}"), "body2.R", "missing", NULL},
        {ROD_WITH("{\"R\": [[1,0,0],[0,1,0],[0,0,1]]}"), "body2.p", "missing", NULL},
        {"{\"kind\": \"rod\", " ROD_PARAMS ", \"body1\": \"ground\", \"body2\": \"ground\", "
         "\"lambda\": [1, 2, 3, 4, 5, 6, 7]}\n", "lambda", "at most 6", NULL},
        {"{\"kind\": \"rod\", " ROD_PARAMS ", \"body1\": \"ground\", \"body2\": \"ground\", \"lambda\": 1}\n", "lambda",
         "at most 6", NULL},
        {"{\"kind\": \"rod\", " ROD_PARAMS ", \"body1\": \"ground\", \"body2\": \"ground\", \"lambda\": [1], "
         "\"normalize\": 1}\n", "normalize", "true or false", NULL},
        /* JSON syntax: the column points at the offending token */
        {"{not json\n", "", "invalid JSON at column", "not"},
        {"{\"kind\": \"rod\",, }\n", "", "string or '}' expected", ",,"},
        {"{\"kind\": \"rod\", \"x\": tru}\n", "", "invalid token", "tru"},
        {"\"rod\"\n", "", "'[' or '{' expected", "\"rod\""},
        /* an error at the end of the line (an unterminated object): the column of its last character */
        {"{\"kind\": \"rod\"\n", "", "'}' expected near end of file", "\"rod\""},
        {"{\"kind\": \"rod\"\r\n", "", "'}' expected near end of file", "\"rod\""},
        /* an undecodable byte: its own column (bytes, as for the BOM and NUL errors) */
        {"\xff{}\n", "", "unable to decode byte 0xff", "\xff"},
        /* the frictionless classes do not read the friction coefficients: they may be omitted */
        {"{\"kind\": \"rope\", \"params\": {\"station1_in_b1\": [0,0,0], \"station2_in_b2\": [0,0,0], "
         "\"length_limit\": 1}, \"body1\": \"ground\", \"body2\": " BODY ", \"material\": {\"min_cor\": 0.5}, "
         "\"speeds\": {\"capture_speed\": 0.1, \"min_cor_speed\": 1}, \"lambda\": [1]}\n", NULL, NULL, NULL},
        /* a contact case holds three multipliers (a case of a kind CCREF_MAX_ROWS) */
        {"{\"kind\": \"rope\", \"params\": {\"station1_in_b1\": [0,0,0], \"station2_in_b2\": [0,0,0], "
         "\"length_limit\": 1}, \"body1\": \"ground\", \"body2\": " BODY ", \"material\": {\"min_cor\": 0.5}, "
         "\"speeds\": {\"capture_speed\": 0.1, \"min_cor_speed\": 1}, \"lambda\": [1, 2, 3, 4]}\n", "lambda", "at most 3",
         NULL},
        {"{\"kind\": \"point_plane\", \"params\": {\"normal_in_b1\": [0,1,0], \"height\": 0, \"follower_in_b2\": "
         "[0,0,0]}, \"body1\": \"ground\", \"body2\": " BODY ", \"material\": {\"min_cor\": 0.5}, \"speeds\": "
         "{\"capture_speed\": 0.1, \"min_cor_speed\": 1, \"transition_speed\": 0}, \"lambda\": [1, 0, 0]}\n",
         "material.mu_s", "missing", NULL},
        /* an id is echoed on an error line too */
        {"{\"id\": [\"x\", 7], \"kind\": \"rod\", " ROD_PARAMS ", \"body1\": \"ground\", \"body2\": \"ground\", "
         "\"lambda\": [1], \"extra\": 0}\n", "extra", "unknown key", NULL},
    };
    size_t n = sizeof cases / sizeof cases[0];
    size_t total = 1;
    for (size_t i = 0; i < n; i++)
        total += strlen(cases[i].line);
    char *input = calloc(total, 1);
    for (size_t i = 0; i < n; i++)
        strcat(input, cases[i].line);
    cli_run r = eval_text("", input, -1);
    free(input);
    CU_ASSERT_EQUAL(r.exit_status, 1);
    CU_ASSERT_FATAL(r.n == (int)n);
    for (size_t i = 0; i < n; i++) {
        const reader_case *c = &cases[i];
        if (c->field == NULL) {
            CU_ASSERT(err_of(r.lines[i]) == NULL);
            CU_ASSERT_EQUAL(json_integer_value(json_object_get(r.lines[i], "line")), (json_int_t)(i + 1));
            if (err_of(r.lines[i]))
                printf("\n  line %zu: unexpected error %s\n", i + 1, r.raw[i]);
            continue;
        }
        int lo = 0, hi = 0;
        if (c->token != NULL && c->token[0] == '\0') {
            lo = hi = -1;
        } else if (c->token != NULL) {
            const char *p = NULL, *q = c->line;
            while ((q = strstr(q, c->token)) != NULL)
                p = q++;
            CU_ASSERT_FATAL(p != NULL);
            lo = (int)(p - c->line);               /* the character before the token, 1-based (or its first) */
            if (lo == 0)
                lo = 1;
            hi = lo + (int)strlen(c->token);       /* its last character */
        }
        check_error_object(r.lines[i], (int)i + 1, c->field, c->message, lo, hi);
    }
    /* the id of the last line */
    json_t *id = json_object_get(r.lines[n - 1], "id");
    CU_ASSERT(json_is_array(id) && json_array_size(id) == 2 && json_integer_value(json_array_get(id, 1)) == 7);
    free_run(&r);
}

/* The framing of the input: lines, line ends, blank lines, byte order marks, NUL bytes (spec/vectors.md section 3:
 * a NUL byte and a byte order mark after the first line are errors naming the line; ccref --help: a line that
 * cannot be read gives an error object, the other lines still run, the exit status is 1). Columns are 1-based
 * byte positions for these (NUL, BOM); for JSON syntax errors the range of the offending token. */
#define ROD_LINE "{\"kind\": \"rod\", " ROD_PARAMS ", \"body1\": \"ground\", \"body2\": \"ground\", \"lambda\": [1]}"
#define LR ((int)sizeof ROD_LINE - 1)
#define BOM "\xEF\xBB\xBF"
#define BYTES(s) s, sizeof s - 1

typedef struct {
    int line;
    const char *field;      /* NULL: the line evaluates (status OK-class) */
    const char *message;
    int col_lo, col_hi;     /* as check_error_object */
} line_want;

typedef struct {
    const char *what;
    const char *bytes;
    size_t len;
    int exit_status;
    int n;                  /* result lines */
    line_want want[3];
} framing_case;

static void test_input_framing(void)
{
    static const framing_case cases[] = {
        {"blank and whitespace-only lines are skipped and counted", BYTES("\n  \n" ROD_LINE "\n\t\r\n" ROD_LINE), 0, 2,
         {{3, NULL, NULL, 0, 0}, {5, NULL, NULL, 0, 0}}},
        {"empty input", BYTES(""), 0, 0, {{0}}},
        {"blank lines only", BYTES("\n\r\n \t\n"), 0, 0, {{0}}},
        {"CRLF line ends", BYTES(ROD_LINE "\r\n" ROD_LINE "\r\n"), 0, 2, {{1, NULL, NULL, 0, 0}, {2, NULL, NULL, 0, 0}}},
        {"a byte order mark at the start of the input", BYTES(BOM ROD_LINE "\r\n" ROD_LINE), 0, 2,
         {{1, NULL, NULL, 0, 0}, {2, NULL, NULL, 0, 0}}},
        {"a byte order mark on a blank first line", BYTES(BOM "\n" ROD_LINE "\n"), 0, 1, {{2, NULL, NULL, 0, 0}}},
        {"a byte order mark on line 2", BYTES(ROD_LINE "\n" BOM ROD_LINE "\n" ROD_LINE), 1, 3,
         {{1, NULL, NULL, 0, 0}, {2, "", "byte order mark", 1, 1}, {3, NULL, NULL, 0, 0}}},
        {"a byte order mark after a blank first line", BYTES("\n" BOM ROD_LINE "\n"), 1, 1,
         {{2, "", "byte order mark", 1, 1}}},
        {"a NUL byte at the start of a line", BYTES("\0" ROD_LINE "\n" ROD_LINE "\n"), 1, 2,
         {{1, "", "NUL byte at column 1", 1, 1}, {2, NULL, NULL, 0, 0}}},
        {"a NUL byte inside a string", BYTES("{\"id\": \"a\0b\", \"kind\": \"rod\"}\n"), 1, 1,
         {{1, "", "NUL byte at column 10", 10, 10}}},
        {"a NUL byte after the object, then garbage", BYTES(ROD_LINE "\0garbage\n"), 1, 1,
         {{1, "", "NUL byte", LR + 1, LR + 1}}},
        {"a NUL byte after a byte order mark", BYTES(BOM "\0" ROD_LINE "\n"), 1, 1, {{1, "", "NUL byte", 4, 4}}},
        {"trailing garbage after the object", BYTES(ROD_LINE " garbage\n" ROD_LINE "\n"), 1, 2,
         {{1, "", "end of file expected", LR + 1, LR + 8}, {2, NULL, NULL, 0, 0}}},
        {"two objects on one line", BYTES(ROD_LINE ROD_LINE "\n"), 1, 1,
         {{1, "", "end of file expected", LR, LR + 1}}},
        {"invalid UTF-8", BYTES("{\"kind\": \"r\xFFod\"}\n"), 1, 1, {{1, "", "unable to decode byte 0xff", 11, 12}}},
        {"an unterminated object at the end of the input", BYTES("{\"kind\": \"rod\""), 1, 1,
         {{1, "", "'}' expected near end of file", 14, 14}}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const framing_case *c = &cases[i];
        cli_run r = eval_text("", c->bytes, (long)c->len);
        CU_ASSERT_EQUAL(r.exit_status, c->exit_status);
        CU_ASSERT_EQUAL(r.n, c->n);
        if (r.exit_status != c->exit_status || r.n != c->n)
            printf("\n  %s: exit status %d, %d lines; expected %d, %d\n", c->what, r.exit_status, r.n, c->exit_status,
                   c->n);
        for (int l = 0; l < r.n && l < c->n; l++) {
            const line_want *w = &c->want[l];
            if (w->field == NULL) {
                int ok = err_of(r.lines[l]) == NULL &&
                         json_integer_value(json_object_get(r.lines[l], "line")) == w->line &&
                         json_is_true(json_object_get(r.lines[l], "ok"));
                CU_ASSERT(ok);
                if (!ok)
                    printf("\n  %s: line %d: %s", c->what, w->line, r.raw[l]);
            } else {
                check_error_object(r.lines[l], w->line, w->field, w->message, w->col_lo, w->col_hi);
            }
        }
        free_run(&r);
    }
}

/* Lines of megabytes and deep nesting: a 5 MB id is echoed whole, 5 MB of blanks inside the object are
 * whitespace, a million-element id array is read; 100000 nested arrays or objects are an error (jansson's depth
 * limit, 2048) and not a stack overflow; the lines after them still run. */
static void test_large_and_deep(void)
{
    const size_t big = 5u << 20, depth = 100000;
    const char *rest = ", " ROD_PARAMS ", \"body1\": \"ground\", \"body2\": \"ground\", \"lambda\": [1]}\n";
    size_t cap = 3 * big + 8 * depth + 4096, n = 0;
    char *in = malloc(cap);
    CU_ASSERT_FATAL(in != NULL);
    /* 1: a 5 MB string id */
    n += (size_t)sprintf(in + n, "{\"kind\": \"rod\", \"id\": \"");
    memset(in + n, 'x', big), n += big;
    n += (size_t)sprintf(in + n, "\"%s", rest);
    /* 2: 5 MB of blanks between two members */
    n += (size_t)sprintf(in + n, "{\"kind\": \"rod\"");
    memset(in + n, ' ', big), n += big;
    n += (size_t)sprintf(in + n, "%s", rest);
    /* 3: an id array of a million elements */
    n += (size_t)sprintf(in + n, "{\"kind\": \"rod\", \"id\": [0");
    for (size_t i = 1; i < 1000000; i++)
        in[n++] = ',', in[n++] = '1';
    n += (size_t)sprintf(in + n, "]%s", rest);
    /* 4, 5: 100000 nested arrays as the id, 100000 nested objects as the whole line */
    n += (size_t)sprintf(in + n, "{\"kind\": \"rod\", \"id\": ");
    memset(in + n, '[', depth), n += depth;
    memset(in + n, ']', depth), n += depth;
    n += (size_t)sprintf(in + n, "%s", rest);
    for (size_t i = 0; i < depth; i++)
        n += (size_t)sprintf(in + n, "{\"a\":");
    in[n++] = '1';
    memset(in + n, '}', depth), n += depth;
    in[n++] = '\n';
    /* 6: a plain case after them */
    n += (size_t)sprintf(in + n, "%s\n", ROD_LINE);
    CU_ASSERT_FATAL(n < cap);
    cli_run r = eval_text("", in, (long)n);
    free(in);
    CU_ASSERT_EQUAL(r.exit_status, 1);
    CU_ASSERT_FATAL(r.n == 6);
    json_t *id = json_object_get(r.lines[0], "id");
    CU_ASSERT(json_is_string(id) && json_string_length(id) == big && strspn(json_string_value(id), "x") == big);
    CU_ASSERT(json_is_true(json_object_get(r.lines[0], "ok")));
    CU_ASSERT(json_is_true(json_object_get(r.lines[1], "ok")));
    CU_ASSERT_EQUAL(json_array_size(json_object_get(r.lines[2], "id")), 1000000);
    CU_ASSERT(json_is_true(json_object_get(r.lines[2], "ok")));
    /* the error names the opening character of the container that would be level 2049: line 4, the case object
     * is level 1 and the 2048th '[' follows the 22 characters of `{"kind": "rod", "id": `; line 5, the 2049th
     * `{"a":` (5 characters each) opens at column 5 * 2048 + 1 */
    check_error_object(r.lines[3], 4, "", "maximum parsing depth reached", 22 + 2048, 22 + 2048);
    check_error_object(r.lines[4], 5, "", "maximum parsing depth reached", 5 * 2048 + 1, 5 * 2048 + 1);
    CU_ASSERT(json_is_true(json_object_get(r.lines[5], "ok")));
    CU_ASSERT_EQUAL(json_integer_value(json_object_get(r.lines[5], "line")), 6);
    free_run(&r);
}

/* Exit status 2 and a message: usage and I/O errors (ccref --help). */
static void test_eval_usage_errors(void)
{
    make_tmpdir();
    char args[512];
    cli_run r = run("eval /nonexistent/cases.jsonl", 0);
    CU_ASSERT_EQUAL(r.exit_status, 2);
    CU_ASSERT(strstr(r.err, "cannot read /nonexistent/cases.jsonl: No such file or directory") != NULL);
    free_run(&r);
    const char *p = write_file("one.jsonl", ROD_LINE "\n", -1);
    snprintf(args, sizeof args, "eval %s %s", p, p);
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 2);
    CU_ASSERT(strstr(r.err, "usage: ccref eval") != NULL);
    free_run(&r);
    snprintf(args, sizeof args, "eval --output /nonexistent/out.jsonl %s", p);
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 2);
    CU_ASSERT(strstr(r.err, "cannot write /nonexistent/out.jsonl") != NULL);
    free_run(&r);
    r = run("eval --frobnicate", 0);
    CU_ASSERT_EQUAL(r.exit_status, 2);
    free_run(&r);
    /* standard input ("-") */
    snprintf(args, sizeof args, "eval - < %s", p);
    r = run(args, 1);
    CU_ASSERT_EQUAL(r.exit_status, 0);
    CU_ASSERT(r.n == 1 && json_is_true(json_object_get(r.lines[0], "ok")));
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

/* The results file res with `extra` (e.g. ,"tier":"double") added to its header line; written to name. */
static const char *with_header(const char *res, const char *extra, const char *name)
{
    size_t len;
    char *text = slurp(res, &len);
    const char *nl = strchr(text, '\n');
    CU_ASSERT_FATAL(nl != NULL && nl > text && nl[-1] == '}');
    size_t h = (size_t)(nl - text) - 1, n = strlen(extra);
    char *out = malloc(len + n + 1);
    memcpy(out, text, h);
    memcpy(out + h, extra, n);
    memcpy(out + h + n, text + h, len - h + 1);
    const char *path = write_file(name, out, -1);
    free(out);
    free(text);
    return path;
}

/* The tests of a vector file, one a line ("{"tcId":..." after the indent, without the comma that follows all but a
 * group's last), in file order: at most max, their number. */
static int test_lines_of(const char *text, char **lines, int max)
{
    int n = 0;
    for (const char *p = text; p && *p && n < max; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
        const char *q = p;
        while (*q == ' ')
            q++;
        if (strncmp(q, "{\"tcId\":", 8) == 0) {
            const char *e = strchr(q, '\n');
            size_t l = e ? (size_t)(e - q) : strlen(q);
            if (l > 0 && q[l - 1] == ',')
                l--;
            lines[n++] = strndup(q, l);
        }
    }
    return n;
}

/* gen --random N (spec/vectors.md section 11): every file holds only its random family, N tests in all, tcIds 1..N in
 * file order, the rolling kinds' two variants split N - N/2 then N/2; byte-identical reruns; with the published seed
 * its first tests are the published random tests, line for line; shards of it merge to the same bytes, and merge
 * refuses a shard of another N or of the published suite, naming the file. */
static void test_gen_random(void)
{
    make_tmpdir();
    static const char *const suites[] = {"sphere_on_sphere", "rope", "effective_cor"};
    const char *sel = "--suite sphere_on_sphere --suite rope --suite effective_cor";
    char args[1024], a[300], b[300];
    snprintf(args, sizeof args, "gen --random 7 --seed 3 %s --out %s/r1 --quiet", sel, tmpdir);
    cli_run r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 0);
    free_run(&r);
    for (int s = 0; s < 3; s++) {
        snprintf(a, sizeof a, "%s/r1/%s.json", tmpdir, suites[s]);
        json_error_t e;
        json_t *root = json_load_file(a, 0, &e);
        CU_ASSERT_FATAL(root != NULL);
        CU_ASSERT_EQUAL(json_integer_value(json_object_get(root, "numberOfTests")), 7);
        CU_ASSERT_EQUAL(json_integer_value(json_object_get(root, "seed")), 3);
        json_t *groups = json_object_get(root, "testGroups");
        int rolling = s == 0, id = 0;
        CU_ASSERT_EQUAL(json_array_size(groups), rolling ? 2u : 1u);
        for (size_t g = 0; g < json_array_size(groups); g++) {
            json_t *grp = json_array_get(groups, g), *tests = json_object_get(grp, "tests");
            CU_ASSERT_STRING_EQUAL(str(grp, "family"), "random");
            json_t *var = json_object_get(grp, "variant");
            if (rolling) {
                CU_ASSERT(json_is_boolean(json_object_get(var, "rolling")) &&
                          json_is_true(json_object_get(var, "rolling")) == (g == 1));
                CU_ASSERT_EQUAL(json_array_size(tests), g == 0 ? 4u : 3u);
            } else {
                CU_ASSERT(var == NULL);
                CU_ASSERT_EQUAL(json_array_size(tests), 7u);
            }
            for (size_t k = 0; k < json_array_size(tests); k++) {
                json_t *t = json_array_get(tests, k);
                CU_ASSERT_EQUAL(json_integer_value(json_object_get(t, "tcId")), ++id);
                CU_ASSERT_STRING_EQUAL(json_string_value(json_array_get(json_object_get(t, "flags"), 0)), "Random");
            }
        }
        CU_ASSERT_EQUAL(id, 7);
        json_decref(root);
    }
    /* byte-identical rerun */
    snprintf(args, sizeof args, "gen --random 7 --seed 3 %s --out %s/r2 --quiet", sel, tmpdir);
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 0);
    free_run(&r);
    for (int s = 0; s < 3; s++) {
        snprintf(a, sizeof a, "%s/r1/%s.json", tmpdir, suites[s]);
        snprintf(b, sizeof b, "%s/r2/%s.json", tmpdir, suites[s]);
        CU_ASSERT(files_equal(a, b));
    }
    /* the published random family continued: with the published seed, the published random tests come first (rod:
     * one group of 16, tcIds 1..16 in both) */
    snprintf(args, sizeof args, "gen --random 20 --suite rod --out %s/r3 --quiet", tmpdir);
    r = run(args, 0);
    free_run(&r);
    snprintf(args, sizeof args, "gen --suite rod --out %s/r4 --quiet", tmpdir);
    r = run(args, 0);
    free_run(&r);
    snprintf(a, sizeof a, "%s/r3/rod.json", tmpdir);
    snprintf(b, sizeof b, "%s/r4/rod.json", tmpdir);
    char *ta = slurp(a, NULL), *tb = slurp(b, NULL), *la[20], *lb[16];
    CU_ASSERT_FATAL(ta != NULL && tb != NULL);
    int na = test_lines_of(ta, la, 20), nb = test_lines_of(tb, lb, 16);
    CU_ASSERT_EQUAL(na, 20);
    CU_ASSERT_EQUAL(nb, 16);
    for (int i = 0; i < 16 && i < na && i < nb; i++)
        CU_ASSERT_STRING_EQUAL(la[i], lb[i]);
    for (int i = 0; i < na; i++)
        free(la[i]);
    for (int i = 0; i < nb; i++)
        free(lb[i]);
    CU_ASSERT(strstr(ta, "ccref gen --random 20 --seed <seed>") != NULL);
    CU_ASSERT(strstr(tb, "--random") == NULL);
    free(ta);
    free(tb);
    /* shards: merged, the same bytes as the unsharded run; the header records N */
    for (int i = 0; i < 3; i++) {
        snprintf(args, sizeof args, "gen --random 7 --seed 3 %s --shard %d/3 --out %s/rs --quiet", sel, i, tmpdir);
        r = run(args, 0);
        CU_ASSERT_EQUAL(r.exit_status, 0);
        free_run(&r);
    }
    snprintf(a, sizeof a, "%s/rs/shard-0-of-3.jsonl", tmpdir);
    char *sh = slurp(a, NULL);
    CU_ASSERT(sh != NULL && strstr(sh, "\"random\":7,") != NULL && strchr(sh, '\n') > strstr(sh, "\"random\":7,"));
    free(sh);
    snprintf(args, sizeof args, "merge --out %s/rm --quiet %s/rs/shard-1-of-3.jsonl %s/rs/shard-2-of-3.jsonl "
             "%s/rs/shard-0-of-3.jsonl", tmpdir, tmpdir, tmpdir, tmpdir);
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 0);
    free_run(&r);
    for (int s = 0; s < 3; s++) {
        snprintf(a, sizeof a, "%s/r1/%s.json", tmpdir, suites[s]);
        snprintf(b, sizeof b, "%s/rm/%s.json", tmpdir, suites[s]);
        CU_ASSERT(files_equal(a, b));
    }
    /* a shard of another N, or of the published suite, is of another run: refused, naming the file; nothing written */
    snprintf(args, sizeof args, "gen --random 6 --seed 3 %s --shard 1/3 --out %s/r6 --quiet", sel, tmpdir);
    r = run(args, 0);
    free_run(&r);
    snprintf(args, sizeof args, "gen --seed 3 %s --shard 2/3 --out %s/rp --quiet", sel, tmpdir);
    r = run(args, 0);
    free_run(&r);
    snprintf(args, sizeof args, "merge --out %s/rx %s/rs/shard-0-of-3.jsonl %s/r6/shard-1-of-3.jsonl "
             "%s/rs/shard-2-of-3.jsonl", tmpdir, tmpdir, tmpdir, tmpdir);
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 2);
    CU_ASSERT(strstr(r.err, "r6/shard-1-of-3.jsonl:1: shard of another run: its tests are of --random 6, those of "
                     "the shards before it of --random 7") != NULL);
    free_run(&r);
    snprintf(args, sizeof args, "merge --out %s/rx %s/rs/shard-0-of-3.jsonl %s/rs/shard-1-of-3.jsonl "
             "%s/rp/shard-2-of-3.jsonl", tmpdir, tmpdir, tmpdir, tmpdir);
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 2);
    CU_ASSERT(strstr(r.err, "rp/shard-2-of-3.jsonl:1: shard of another run: its tests are of the published suite "
                     "(no --random), those of the shards before it of --random 7") != NULL);
    free_run(&r);
    snprintf(args, sizeof args, "merge --out %s/rx %s/rp/shard-2-of-3.jsonl %s/rs/shard-0-of-3.jsonl", tmpdir,
             tmpdir, tmpdir);
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 2);
    CU_ASSERT(strstr(r.err, "rs/shard-0-of-3.jsonl:1: shard of another run: its tests are of --random 7") != NULL);
    free_run(&r);
    snprintf(a, sizeof a, "%s/rx", tmpdir);
    struct stat st;
    CU_ASSERT(stat(a, &st) != 0);
    /* --random out of range or not a number: a usage error */
    static const char *const bad[] = {"0", "-1", "10000001", "7x", ""};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        snprintf(args, sizeof args, "gen --random '%s' --suite rod --out %s/rb --quiet", bad[i], tmpdir);
        r = run(args, 0);
        CU_ASSERT_EQUAL(r.exit_status, 2);
        CU_ASSERT(strstr(r.err, "--random") != NULL);
        free_run(&r);
    }
}

/* A check of a random-only suite finds each result's test in one look-up, whatever the order of the tcIds in the
 * file, and still names the line of an unknown id, of a second result for an id, and of a duplicated tcId. */
static void test_check_random_lookup(void)
{
    make_tmpdir();
    char args[1024], vec[300], res[300];
    snprintf(args, sizeof args, "gen --random 9 --seed 4 --suite rod --out %s/rl --quiet", tmpdir);
    cli_run r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 0);
    free_run(&r);
    snprintf(vec, sizeof vec, "%s/rl/rod.json", tmpdir);
    snprintf(res, sizeof res, "%s/rl/results.jsonl", tmpdir);
    snprintf(args, sizeof args, "eval --vectors %s --output %s", vec, res);
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 0);
    free_run(&r);
    snprintf(args, sizeof args, "check --tier double %s %s", vec, res);
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 0);
    CU_ASSERT(strstr(r.out, "valid: 9/9 passed") != NULL);
    free_run(&r);
    char *text = slurp(res, NULL), *vtext = slurp(vec, NULL);
    CU_ASSERT_FATAL(text != NULL && vtext != NULL);
    /* the results' lines: header on 1, rod/k on line k + 1 */
    static const char *const unknown[] = {"rod/10", "rod/0", "rods/1", "7"};
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        char to[64], want[96];
        snprintf(to, sizeof to, "{\"id\":\"%s\"", unknown[i]);
        char *bad = replace_once(text, "{\"id\":\"rod/4\"", to);
        snprintf(args, sizeof args, "check --tier double %s %s", vec, write_file("rl-unk.jsonl", bad, -1));
        r = run(args, 0);
        CU_ASSERT_EQUAL(r.exit_status, 2);
        snprintf(want, sizeof want, "rl-unk.jsonl:5: a result for an unknown test \"%s\"", unknown[i]);
        CU_ASSERT(strstr(r.err, want) != NULL);
        free_run(&r);
        free(bad);
    }
    /* a result for a suite whose vectors are not given is counted, not read: rod/4 is then not reported */
    char *other = replace_once(text, "{\"id\":\"rod/4\"", "{\"id\":\"rope/1\"");
    snprintf(args, sizeof args, "check --tier double %s %s", vec, write_file("rl-other.jsonl", other, -1));
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 0);
    CU_ASSERT(strstr(r.out, " double kernels\" (1 for tests not judged, not read); tier double") != NULL);
    CU_ASSERT(strstr(r.out, "valid: 8/9 passed") != NULL && strstr(r.out, "not reported: 1 tests") != NULL);
    free_run(&r);
    free(other);
    char *dup = replace_once(text, "{\"id\":\"rod/7\"", "{\"id\":\"rod/3\"");
    snprintf(args, sizeof args, "check --tier double %s %s", vec, write_file("rl-dup.jsonl", dup, -1));
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 2);
    CU_ASSERT(strstr(r.err, "rl-dup.jsonl:8: a second result for rod/3 (first at line 4)") != NULL);
    free_run(&r);
    free(dup);
    /* a duplicated tcId in the vector file: the line of each (the test lines follow each other) */
    const char *t2 = strstr(vtext, "{\"tcId\":2,");
    CU_ASSERT_FATAL(t2 != NULL);
    int line2 = 1;
    for (const char *c = vtext; c < t2; c++)
        line2 += *c == '\n';
    char *vdup = replace_once(vtext, "{\"tcId\":9,", "{\"tcId\":2,");
    snprintf(args, sizeof args, "check --tier double %s %s", write_file("rl-vdup.json", vdup, -1), res);
    r = run(args, 0);
    char want[160];
    snprintf(want, sizeof want, "rl-vdup.json:%d: duplicated tcId 2 (also at line %d)", line2 + 7, line2);
    CU_ASSERT_EQUAL(r.exit_status, 2);
    CU_ASSERT(strstr(r.err, want) != NULL);
    free_run(&r);
    free(vdup);
    /* tcIds 1 and 2 swapped in the vector file, and the ids of their results with them: each result still finds its
     * own test (the index is built from the ids, not from their positions) */
    char *s1 = replace_once(vtext, "{\"tcId\":1,", "{\"tcId\":X,");
    char *s2 = replace_once(s1, "{\"tcId\":2,", "{\"tcId\":1,");
    char *s3 = replace_once(s2, "{\"tcId\":X,", "{\"tcId\":2,");
    char *r1 = replace_once(text, "{\"id\":\"rod/1\"", "{\"id\":\"rod/X\"");
    char *r2 = replace_once(r1, "{\"id\":\"rod/2\"", "{\"id\":\"rod/1\"");
    char *r3 = replace_once(r2, "{\"id\":\"rod/X\"", "{\"id\":\"rod/2\"");
    snprintf(args, sizeof args, "check --tier double %s %s", write_file("rl-swap.json", s3, -1),
             write_file("rl-swap.jsonl", r3, -1));
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 0);
    CU_ASSERT(strstr(r.out, "valid: 9/9 passed") != NULL);
    free_run(&r);
    /* ... and the results of the unswapped ids fail there (each judged against the other's test) */
    snprintf(args, sizeof args, "check --tier double %s %s", write_file("rl-swap.json", s3, -1), res);
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 1);
    CU_ASSERT(strstr(r.out, "FAIL rod/1") != NULL && strstr(r.out, "FAIL rod/2") != NULL);
    free_run(&r);
    free(s1);
    free(s2);
    free(s3);
    free(r1);
    free(r2);
    free(r3);
    free(text);
    free(vtext);
}

/* The tier a check judges by (spec/vectors.md sections 4, 9, 10): stated by --tier or the results header, never
 * neither, never two that disagree; the summary names it. */
static void test_check_tiers(void)
{
    make_tmpdir();
    char args[1024], vec[300], res[300];
    snprintf(vec, sizeof vec, "%s/c/rod.json", tmpdir);
    snprintf(res, sizeof res, "%s/c/results.jsonl", tmpdir);
    snprintf(args, sizeof args, "check %s %s", vec, res);
    cli_run r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 2);
    CU_ASSERT(strstr(r.err, "results.jsonl:1: no tier") != NULL);
    free_run(&r);
    static const char *const tiers[] = {"double", "binary32", "ccref"};
    for (int i = 0; i < 3; i++) {
        char want[64];
        snprintf(args, sizeof args, "check --tier %s %s %s", tiers[i], vec, res);
        r = run(args, 0);
        CU_ASSERT_EQUAL(r.exit_status, 0); /* ccref's kernels meet all three */
        snprintf(want, sizeof want, "; tier %s\n", tiers[i]);
        CU_ASSERT(strstr(r.out, want) != NULL);
        free_run(&r);
    }
    snprintf(args, sizeof args, "check --tier float %s %s", vec, res);
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 2);
    CU_ASSERT(strstr(r.err, "--tier float") != NULL);
    free_run(&r);
    const char *stated = with_header(res, ",\"tier\":\"binary32\"", "tier32.jsonl");
    char jpath[300];
    snprintf(jpath, sizeof jpath, "%s/tier32.json", tmpdir);
    snprintf(args, sizeof args, "check --json %s %s %s", jpath, vec, stated);
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 0);
    char *jtext = slurp(jpath, NULL);
    CU_ASSERT(jtext != NULL && strstr(jtext, "\"tier\":\"binary32\"") != NULL);
    free(jtext);
    free_run(&r);
    snprintf(args, sizeof args, "check --tier double %s %s", vec, stated);
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 2);
    CU_ASSERT(strstr(r.err, "tier32.jsonl:1: the results header states tier binary32, --tier double") != NULL);
    free_run(&r);
    const char *unknown = with_header(res, ",\"tier\":\"float\"", "tierx.jsonl");
    snprintf(args, sizeof args, "check %s %s", vec, unknown);
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 2);
    CU_ASSERT(strstr(r.err, "tierx.jsonl:1: field tier") != NULL);
    free_run(&r);
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
    snprintf(args, sizeof args, "check --tier ccref --require-all --json - %s %s", vec, res);
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
    snprintf(args, sizeof args, "check --tier ccref %s %s", vec, write_file("bad.jsonl", bad, -1));
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 1);
    CU_ASSERT(strstr(r.out, "FAIL rod/1") != NULL);
    free_run(&r);
    free(bad);
    /* an invalid input accepted (status OK) fails */
    char *acc = replace_once(text, "\"status\":\"E_NONFINITE_INPUT\",\"ok\":false", "\"status\":\"OK\",\"ok\":true");
    snprintf(args, sizeof args, "check --tier ccref %s %s", vec, write_file("acc.jsonl", acc, -1));
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 1);
    free_run(&r);
    free(acc);
    /* an invalid input rejected with another status fails; with the generic ERROR it passes (spec/vectors.md) */
    char *other = replace_once(text, "\"status\":\"E_NONFINITE_INPUT\",\"ok\":false",
                               "\"status\":\"E_LAMBDA_COUNT\",\"ok\":false");
    snprintf(args, sizeof args, "check --tier ccref %s %s", vec, write_file("other.jsonl", other, -1));
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 1);
    CU_ASSERT(strstr(r.out, "status E_LAMBDA_COUNT, expected E_NONFINITE_INPUT") != NULL);
    free_run(&r);
    free(other);
    char *generic = replace_once(text, "\"status\":\"E_NONFINITE_INPUT\",\"ok\":false", "\"status\":\"ERROR\",\"ok\":false");
    snprintf(args, sizeof args, "check --tier ccref %s %s", vec, write_file("generic.jsonl", generic, -1));
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 0);
    free_run(&r);
    free(generic);
    /* format errors name the file and line: unknown tcId, a second result, another generator version */
    char *unk = replace_once(text, "{\"id\":\"rod/1\"", "{\"id\":\"rod/9999\"");
    snprintf(args, sizeof args, "check --tier ccref %s %s", vec, write_file("unk.jsonl", unk, -1));
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 2);
    CU_ASSERT(strstr(r.err, "unknown test \"rod/9999\"") != NULL && strstr(r.err, ":2:") != NULL);
    free_run(&r);
    free(unk);
    /* a tcId is digits and nothing else: "rod/1x", "rod/+1" and "rod/01" name no test (atoi would read rod/1) */
    const char *bad_ids[] = {"rod/1x", "rod/+1", "rod/01", "rod/ 1", "rod/99999999999"};
    for (size_t i = 0; i < sizeof bad_ids / sizeof bad_ids[0]; i++) {
        char from[64];
        snprintf(from, sizeof from, "{\"id\":\"%s\"", bad_ids[i]);
        char *bad = replace_once(text, "{\"id\":\"rod/1\"", from);
        snprintf(args, sizeof args, "check --tier ccref %s %s", vec, write_file("badid.jsonl", bad, -1));
        r = run(args, 0);
        CU_ASSERT_EQUAL(r.exit_status, 2);
        char want[96];
        snprintf(want, sizeof want, "unknown test \"%s\"", bad_ids[i]);
        CU_ASSERT(strstr(r.err, want) != NULL && strstr(r.err, ":2:") != NULL);
        free_run(&r);
        free(bad);
    }
    char *dup = replace_once(text, "{\"id\":\"rod/2\"", "{\"id\":\"rod/1\"");
    snprintf(args, sizeof args, "check --tier ccref %s %s", vec, write_file("dup.jsonl", dup, -1));
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 2);
    CU_ASSERT(strstr(r.err, "a second result for rod/1") != NULL);
    free_run(&r);
    free(dup);
    char *ver = replace_once(text, "\"generatorVersion\":\"" CCREF_GENERATOR_VERSION "\"", "\"generatorVersion\":\"0.9\"");
    snprintf(args, sizeof args, "check --tier ccref %s %s", vec, write_file("ver.jsonl", ver, -1));
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 2);
    CU_ASSERT(strstr(r.err, "generatorVersion 0.9") != NULL);
    free_run(&r);
    free(ver);
    /* a misspelt key in a result is an error, not an output silently missing */
    char *typo = replace_once(text, "{\"id\":\"rod/1\",\"kind\":\"rod\",", "{\"id\":\"rod/1\",\"kind\":\"rod\",\"ouputs\":{},");
    snprintf(args, sizeof args, "check --tier ccref %s %s", vec, write_file("typo.jsonl", typo, -1));
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 2);
    CU_ASSERT(strstr(r.err, "field ouputs: unknown key") != NULL);
    free_run(&r);
    free(typo);
    /* a truncated vector file */
    size_t vlen;
    char *vtext = slurp(vec, &vlen);
    snprintf(args, sizeof args, "check --tier ccref %s %s", write_file("trunc.json", vtext, (long)(vlen / 2)), res);
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 2);
    CU_ASSERT(strstr(r.err, "trunc.json:") != NULL);
    free_run(&r);
    /* a vector file with a duplicated tcId and one out of range: the error names the line of the offending test
     * (tests are one per line: the line of "tcId":6 is the one after "tcId":5's) */
    const char *t5 = strstr(vtext, "{\"tcId\":5,"), *t8 = strstr(vtext, "{\"tcId\":8,");
    CU_ASSERT_FATAL(t5 != NULL && t8 != NULL);
    int line5 = 1, line8 = 1;
    for (const char *c = vtext; c < t8; c++) {
        line5 += c < t5 && *c == '\n';
        line8 += *c == '\n';
    }
    char *vdup = replace_once(vtext, "{\"tcId\":6,", "{\"tcId\":5,");
    snprintf(args, sizeof args, "check --tier ccref %s %s", write_file("vdup.json", vdup, -1), res);
    r = run(args, 0);
    char want[200];
    snprintf(want, sizeof want, "vdup.json:%d: duplicated tcId 5 (also at line %d)", line5 + 1, line5);
    CU_ASSERT_EQUAL(r.exit_status, 2);
    CU_ASSERT(strstr(r.err, want) != NULL);
    free_run(&r);
    free(vdup);
    char *voor = replace_once(vtext, "{\"tcId\":8,", "{\"tcId\":99999,");
    snprintf(args, sizeof args, "check --tier ccref %s %s", write_file("voor.json", voor, -1), res);
    r = run(args, 0);
    snprintf(want, sizeof want, "voor.json:%d: group random, test 7: tcId missing or out of range", line8);
    CU_ASSERT_EQUAL(r.exit_status, 2);
    CU_ASSERT(strstr(r.err, want) != NULL);
    free_run(&r);
    free(voor);
    free(vtext);
    /* --tests and --json are written whole or not at all: a results file that stops the check (a bad inputs_used
     * at its last line, after every test has been judged up to it) leaves neither */
    char tsvp[320], jsonp[320], args2[2048];
    snprintf(tsvp, sizeof tsvp, "%s/verdicts.tsv", tmpdir);
    snprintf(jsonp, sizeof jsonp, "%s/summary.json", tmpdir);
    snprintf(args2, sizeof args2, "check --tier ccref --tests %s --json %s %s %s", tsvp, jsonp, vec, res);
    r = run(args2, 0);
    CU_ASSERT_EQUAL(r.exit_status, 0);
    CU_ASSERT(access(tsvp, F_OK) == 0 && access(jsonp, F_OK) == 0);
    free_run(&r);
    remove(tsvp);
    remove(jsonp);
    const char *last = strstr(text, "{\"id\":\"rod/200\"");
    CU_ASSERT_FATAL(last != NULL);
    char *badiu = replace_once(text, "{\"id\":\"rod/200\"", "{\"id\":\"rod/200\",\"inputs_used\":{\"body2\":{\"R\":[[1,0]]}}");
    snprintf(args2, sizeof args2, "check --tier ccref --tests %s --json %s %s %s", tsvp, jsonp, vec,
             write_file("badiu.jsonl", badiu, -1));
    r = run(args2, 0);
    CU_ASSERT_EQUAL(r.exit_status, 2);
    CU_ASSERT(strstr(r.err, "inputs_used.body2.R") != NULL);
    CU_ASSERT(access(tsvp, F_OK) != 0 && access(jsonp, F_OK) != 0);
    free_run(&r);
    free(badiu);
    DIR *dir = opendir(tmpdir);
    struct dirent *de;
    int leftovers = 0;
    while (dir && (de = readdir(dir)) != NULL)
        leftovers += strstr(de->d_name, ".tmp.") != NULL;
    if (dir)
        closedir(dir);
    CU_ASSERT_EQUAL(leftovers, 0);
    free(text);
}

/* Simbody 3.7's parallel branch (|df x db| < SignificantReal: no fallback, n = w / SignificantReal), emulated in
 * double from its source as ../shared/reference/simbody-3.7-behavior.md reads it: closest points, contact frame,
 * separation and findForceOnBodyBInG = -(lambda_x Cx + lambda_y Cy + lambda_n Cz) into o. */
static void simbody_parallel_branch(const ccref_case *k, outcome *o)
{
    const ccref_line_on_line_params *lp = &k->params.line_on_line;
    const ccref_body *b[2] = {&k->body1, &k->body2};
    const ccref_frame *x[2] = {&lp->edge_frame1_in_b1, &lp->edge_frame2_in_b2};
    double d[2][3], sdir[2][3], P[2][3];
    for (int e = 0; e < 2; e++) {
        const double bp[3] = {b[e]->p.x, b[e]->p.y, b[e]->p.z}, xp[3] = {x[e]->p.x, x[e]->p.y, x[e]->p.z};
        for (int i = 0; i < 3; i++) {
            d[e][i] = sdir[e][i] = 0.0;
            double rp = 0.0;
            for (int j = 0; j < 3; j++) {
                d[e][i] += b[e]->R.m[i][j] * x[e]->R.m[j][0];
                sdir[e][i] += b[e]->R.m[i][j] * x[e]->R.m[j][2];
                rp += b[e]->R.m[i][j] * xp[j];
            }
            P[e][i] = bp[i] + rp;
        }
    }
    double p[3], w[3], n[3], pxn[3], cy[3];
    for (int i = 0; i < 3; i++)
        p[i] = P[1][i] - P[0][i];
    for (int i = 0; i < 3; i++)
        w[i] = d[0][(i + 1) % 3] * d[1][(i + 2) % 3] - d[0][(i + 2) % 3] * d[1][(i + 1) % 3];
    double wsf = w[0] * sdir[0][0] + w[1] * sdir[0][1] + w[2] * sdir[0][2];
    double wsb = w[0] * sdir[1][0] + w[1] * sdir[1][1] + w[2] * sdir[1][2];
    double sense = fabs(wsf) > fabs(wsb) ? (wsf >= 0 ? 1.0 : -1.0) : (wsb >= 0 ? -1.0 : 1.0);
    const double oos = 1.0 / 2.0097183471152322e-14; /* 1 / SignificantReal */
    for (int i = 0; i < 3; i++)
        n[i] = sense * w[i] * oos;
    for (int i = 0; i < 3; i++) {
        pxn[i] = p[(i + 1) % 3] * n[(i + 2) % 3] - p[(i + 2) % 3] * n[(i + 1) % 3];
        cy[i] = n[(i + 1) % 3] * d[0][(i + 2) % 3] - n[(i + 2) % 3] * d[0][(i + 1) % 3];
    }
    double tf = -sense * oos * (d[1][0] * pxn[0] + d[1][1] * pxn[1] + d[1][2] * pxn[2]);
    double tb = -sense * oos * (d[0][0] * pxn[0] + d[0][1] * pxn[1] + d[0][2] * pxn[2]);
    const double *lam = k->lambda;
    for (int i = 0; i < 3; i++) {
        double qf = P[0][i] + tf * d[0][i], qb = P[1][i] + tb * d[1][i];
        o->value[CCREF_SLOT_LOL_CLOSEST1 + i] = qf;
        o->value[CCREF_SLOT_LOL_CLOSEST2 + i] = qb;
        o->value[CCREF_SLOT_LOL_FRAME_P + i] = (qf + qb) / 2;
        o->value[CCREF_SLOT_LOL_FRAME_R + 3 * i] = d[0][i];
        o->value[CCREF_SLOT_LOL_FRAME_R + 3 * i + 1] = cy[i];
        o->value[CCREF_SLOT_LOL_FRAME_R + 3 * i + 2] = n[i];
        o->value[CCREF_SLOT_LOL_FORCE_ON_BODY2 + i] = -(lam[1] * d[0][i] + lam[2] * cy[i] + lam[0] * n[i]);
    }
    o->value[CCREF_SLOT_LOL_SEPARATION] = p[0] * n[0] + p[1] * n[1] + p[2] * n[2];
}

/* The suite's vector file as `ccref gen --suite SUITE` writes it (into tmpdir/SUITE), loaded into f. */
static void load_generated_suite(const char *suite, vfile *f)
{
    make_tmpdir();
    char args[1024], vec[600], err[600];
    snprintf(args, sizeof args, "gen --suite %s --out %s/%s --quiet", suite, tmpdir, suite);
    cli_run r = run(args, 0);
    free_run(&r);
    snprintf(vec, sizeof vec, "%s/%s/%s.json", tmpdir, suite, suite);
    CU_ASSERT_FATAL(vfile_load(vec, f, err, sizeof err) == 0);
}

/* LolParallelFallback near the threshold (spec/line_on_line.md, "Parallel edges", (f)): on every published test whose
 * exact answer is not parallel but may be (a DecisionBand parallel=1), the alternative simbody+parallel=1 holds
 * Simbody's parallel branch, emulated in double, in the double tier; and it is not a blank cheque: ODE 0.16's closest
 * point on those tests fails it. */
static void test_lol_simbody_near_threshold(void)
{
    vfile f;
    load_generated_suite("line_on_line", &f);
    int bands = 0, composed = 0, odes = 0;
    for (int i = 0; i < f.n_tests; i++) {
        vtest *t = &f.tests[i];
        const answer *band = NULL, *alt = NULL;
        for (int j = 0; j < t->n_alt; j++) {
            if (t->alt[j].flag == FLAG_DECISION_BAND && !strcmp(t->alt[j].branch, "parallel=1"))
                band = &t->alt[j];
            if (t->alt[j].flag == FLAG_LOL_PARALLEL_FALLBACK && !strcmp(t->alt[j].branch, "simbody+parallel=1"))
                alt = &t->alt[j];
        }
        if (band == NULL || t->expected.o.d.status != CCREF_OK)
            continue;
        bands++;
        CU_ASSERT_FATAL(alt != NULL);
        composed++;
        answer a = *alt;
        a.judged_tier = JUDGE_DOUBLE;
        outcome o = a.o;
        for (int s = 0; s < o.n; s++)
            o.in_use[s] = 1;
        simbody_parallel_branch(&t->c.u.k, &o);
        match_report m;
        match_answer(&a, &o, NULL, 0, &m);
        CU_ASSERT(m.pass);
        if (!m.pass)
            printf("\n  line_on_line/%d: %s\n", t->tc_id, m.failure);
        /* ODE 0.16's closest point on the same test (consumers/ode/findings.txt, LOL-VORONOI-NOISE) */
        static const struct { int tc_id, axis; double value; } ode[] = {
            {87, 1, -0x1.000000000000fp+49}, {88, 0, 0x1.fffffffffffeap+48},
            {99, 2, 0x1.fffffffffff66p+45}, {100, 2, -0x1.fffffffffffe7p+48}};
        for (size_t j = 0; j < sizeof ode / sizeof ode[0]; j++) {
            if (ode[j].tc_id != t->tc_id)
                continue;
            outcome bad = o;
            bad.value[CCREF_SLOT_LOL_CLOSEST1 + ode[j].axis] = ode[j].value;
            match_report mb;
            match_answer(&a, &bad, NULL, 0, &mb);
            CU_ASSERT(!mb.pass);
            odes++;
        }
    }
    CU_ASSERT(bands == 4 && composed == 4 && odes == 4); /* tcIds 87, 88, 99, 100 of the published suite */
    vfile_free(&f);
}

/* SingularDirectionChoice (spec/vectors.md section 5): where the expected answer takes Simbody's singular fallback
 * (body 1's z axis), the alternative "any direction" takes another frame (here turned a quarter about its x axis, and
 * a zero normal) that the expected answer rejects, but still holds perr; and it is given on exactly the tests whose
 * |p|^2 (formed here in long double from the case) is below 2^-130. */
static void test_singular_direction_choice(void)
{
    vfile f;
    load_generated_suite("sphere_on_sphere", &f);
    int any = 0, singular = 0;
    for (int i = 0; i < f.n_tests; i++) {
        vtest *t = &f.tests[i];
        if (t->result == RESULT_INVALID || !ccref_status_ok(t->expected.o.d.status))
            continue;
        const ccref_case *k = &t->c.u.k;
        const ccref_sphere_on_sphere_params *sp = &k->params.sphere_on_sphere;
        const double c1[3] = {sp->center1_in_b1.x, sp->center1_in_b1.y, sp->center1_in_b1.z};
        const double c2[3] = {sp->center2_in_b2.x, sp->center2_in_b2.y, sp->center2_in_b2.z};
        const double p1[3] = {k->body1.p.x, k->body1.p.y, k->body1.p.z}, p2[3] = {k->body2.p.x, k->body2.p.y, k->body2.p.z};
        long double pp = 0;
        for (int a = 0; a < 3; a++) {
            long double d = (long double)p2[a] - p1[a];
            for (int b = 0; b < 3; b++)
                d += (long double)k->body2.R.m[a][b] * c2[b] - (long double)k->body1.R.m[a][b] * c1[b];
            pp += d * d;
        }
        const answer *alt = NULL;
        for (int j = 0; j < t->n_alt; j++)
            if (t->alt[j].flag == FLAG_SINGULAR_DIRECTION_CHOICE)
                alt = &t->alt[j];
        /* long double decides |p|^2 against 2^-130 except within its own rounding: none of the published tests */
        singular += pp < 0x1p-130L;
        CU_ASSERT((alt != NULL) == (pp < 0x1p-130L));
        if (alt == NULL)
            continue;
        CU_ASSERT(!strcmp(alt->branch, "any direction"));
        answer a = *alt, e = t->expected;
        a.judged_tier = e.judged_tier = JUDGE_DOUBLE;
        outcome o = e.o;
        for (int c = 0; c < 3; c++) {
            const double y = o.value[CCREF_SLOT_SOS_FRAME_R + 3 * c + 1], z = o.value[CCREF_SLOT_SOS_FRAME_R + 3 * c + 2];
            o.value[CCREF_SLOT_SOS_FRAME_R + 3 * c + 1] = -z;
            o.value[CCREF_SLOT_SOS_FRAME_R + 3 * c + 2] = y;
        }
        match_report m;
        match_answer(&a, &o, NULL, 0, &m);
        CU_ASSERT(m.pass);
        match_answer(&e, &o, NULL, 0, &m);
        CU_ASSERT(!m.pass);
        for (int c = 0; c < 3; c++)
            o.value[CCREF_SLOT_SOS_FRAME_R + 3 * c + 2] = 0.0;
        match_answer(&a, &o, NULL, 0, &m);
        CU_ASSERT(m.pass);
        o.value[CCREF_SLOT_PERR] += 1e-3;
        match_answer(&a, &o, NULL, 0, &m);
        CU_ASSERT(!m.pass);
        any++;
    }
    CU_ASSERT(any == singular && any >= 12); /* p = 0, 2^-66, 2^-70 (coincident_points), subnormal (tiny_magnitude) */
    vfile_free(&f);
}

/* LolParallelFallback "any separation" (spec/vectors.md section 5): on every test whose expected answer is parallel,
 * an engine's own separation and perr (here the distance of the two edges' centres, as a segment routine may give)
 * pass it and fail the expected answer and the "simbody" alternative, which hold perr to the fallback's 0. */
static void test_lol_any_separation(void)
{
    vfile f;
    load_generated_suite("line_on_line", &f);
    int parallel = 0, checked = 0;
    for (int i = 0; i < f.n_tests; i++) {
        vtest *t = &f.tests[i];
        if (t->result == RESULT_INVALID || !(t->expected.o.d.deviations & CCREF_DEV_LOL_PARALLEL_FALLBACK))
            continue;
        parallel++;
        const answer *any = NULL, *simbody = NULL;
        for (int j = 0; j < t->n_alt; j++) {
            if (t->alt[j].flag == FLAG_LOL_PARALLEL_FALLBACK && !strcmp(t->alt[j].branch, "any separation"))
                any = &t->alt[j];
            if (t->alt[j].flag == FLAG_LOL_PARALLEL_FALLBACK && !strcmp(t->alt[j].branch, "simbody"))
                simbody = &t->alt[j];
        }
        CU_ASSERT_FATAL(any != NULL && simbody != NULL);
        const ccref_case *k = &t->c.u.k;
        const double d[3] = {k->body2.p.x - k->body1.p.x, k->body2.p.y - k->body1.p.y, k->body2.p.z - k->body1.p.z};
        const double dist = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]) + 1.0;
        answer a = *any, s = *simbody, e = t->expected;
        a.judged_tier = s.judged_tier = e.judged_tier = JUDGE_DOUBLE;
        outcome o = e.o;
        o.value[CCREF_SLOT_PERR] = dist;
        o.value[CCREF_SLOT_LOL_SEPARATION] = dist;
        match_report m;
        match_answer(&a, &o, NULL, 0, &m);
        CU_ASSERT(m.pass);
        match_answer(&s, &o, NULL, 0, &m);
        CU_ASSERT(!m.pass);
        match_answer(&e, &o, NULL, 0, &m);
        CU_ASSERT(!m.pass);
        checked++;
    }
    CU_ASSERT(parallel == checked && checked >= 10);
    vfile_free(&f);
}

/* The lines of a results file (a header, then results) through f, which may edit a result in place and returns 0
 * to keep it, 1 to drop it. A new text (malloc'd). */
static char *map_results(const char *text, int (*f)(json_t *result, void *arg), void *arg)
{
    jw w;
    jw_init(&w);
    const char *p = text;
    for (int first = 1; *p; first = 0) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        json_error_t e;
        json_t *j = json_loadb(p, len, 0, &e);
        CU_ASSERT_FATAL(j != NULL);
        if (first || f(j, arg) == 0) {
            char *d = json_dumps(j, JSON_COMPACT | JSON_PRESERVE_ORDER);
            jw_raw(&w, d);
            jw_raw(&w, "\n");
            free(d);
        }
        json_decref(j);
        p += len + (nl != NULL);
    }
    char *out = strdup(w.buf);
    jw_free(&w);
    return out;
}

static int status_only(json_t *r, void *arg)
{
    (void)arg;
    const char *keep[] = {"id", "status"};
    json_t *o = json_object();
    for (size_t i = 0; i < 2; i++)
        json_object_set(o, keep[i], json_object_get(r, keep[i]));
    json_object_clear(r);
    json_object_update(r, o);
    json_decref(o);
    return 0;
}

static int drop_id(json_t *r, void *arg) { return strcmp(json_string_value(json_object_get(r, "id")), arg) == 0; }

/* Drops the output named arg from every result. */
static int drop_output(json_t *r, void *arg)
{
    json_object_del(json_object_get(r, "outputs"), arg);
    return 0;
}

/* A sign error in every result's value of the output named arg. */
static int negate_output(json_t *r, void *arg)
{
    json_t *v = json_object_get(json_object_get(r, "outputs"), arg);
    if (v == NULL)
        return 0;
    double x = strtod(json_string_value(json_object_get(v, "hex")), NULL);
    char hex[40];
    snprintf(hex, sizeof hex, "%a", -x);
    json_object_set_new(v, "hex", json_string(hex));
    json_object_set_new(v, "dec", json_real(-x));
    return 0;
}

/* ccref check as a CI gate (issue: a judge that cannot pass an empty run, checks the part an engine implements,
 * counts failures everywhere): on the kernels' results for ball and line_on_line, edited as a user's engine would
 * get them wrong. */
static void test_check_ci_gate(void)
{
    make_tmpdir();
    char args[2048], d[200], res[300];
    snprintf(d, sizeof d, "%s/gate", tmpdir);
    snprintf(args, sizeof args, "gen --suite ball --suite line_on_line --out %s --quiet", d);
    cli_run r = run(args, 0);
    free_run(&r);
    snprintf(res, sizeof res, "%s/results.jsonl", d);
    snprintf(args, sizeof args, "eval --vectors %s/ball.json %s/line_on_line.json --output %s", d, d, res);
    r = run(args, 0);
    CU_ASSERT_EQUAL_FATAL(r.exit_status, 0);
    free_run(&r);
    char *text = slurp(res, NULL);
    CU_ASSERT_FATAL(text != NULL);
    vfile vb, vl;
    char err[600], path[400];
    snprintf(path, sizeof path, "%s/ball.json", d);
    CU_ASSERT_FATAL(vfile_load(path, &vb, err, sizeof err) == 0);
    snprintf(path, sizeof path, "%s/line_on_line.json", d);
    CU_ASSERT_FATAL(vfile_load(path, &vl, err, sizeof err) == 0);

    /* 1. a run that compared nothing fails: a header alone, then status-only lines */
    const char *nl = strchr(text, '\n');
    char *header = strndup(text, (size_t)(nl - text + 1));
    snprintf(args, sizeof args, "check --tier double %s %s", d, write_file("gate-h.jsonl", header, -1));
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 1);
    CU_ASSERT(strstr(r.out, "nothing compared: no value and no discrete output") != NULL);
    free_run(&r);
    char *st = map_results(text, status_only, NULL);
    snprintf(args, sizeof args, "check --tier double %s %s", d, write_file("gate-s.jsonl", st, -1));
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 1);
    CU_ASSERT(strstr(r.out, "values compared: 0 ") != NULL && strstr(r.out, "nothing compared") != NULL);
    free_run(&r);

    /* 2. a part of the suite: one vector file of two (the other suite's results counted, not read), two files, a
     * directory with a selection */
    snprintf(args, sizeof args, "check --tier double %s/ball.json %s", d, res);
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 0);
    char want[200];
    snprintf(want, sizeof want, "(%d for tests not judged, not read)", vl.n_tests);
    CU_ASSERT(strstr(r.out, want) != NULL);
    CU_ASSERT(strstr(r.out, "\nline_on_line ") == NULL);
    free_run(&r);
    snprintf(args, sizeof args, "check --tier double %s/ball.json %s/line_on_line.json %s", d, d, res);
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 0);
    snprintf(want, sizeof want, "ccref check: 2 vector files (SHA-256 verified: 2), %d tests; ", vb.n_tests + vl.n_tests);
    CU_ASSERT(strstr(r.out, want) != NULL);
    free_run(&r);
    snprintf(args, sizeof args, "check --tier double --suite line_on_line --family random --tcid 1-5,9 %s %s", d, res);
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 0);
    snprintf(want, sizeof want, "%d tests (6 judged); %d results", vb.n_tests + vl.n_tests, vb.n_tests + vl.n_tests);
    CU_ASSERT(strstr(r.out, want) != NULL);
    CU_ASSERT(strstr(r.out, "valid: 6/6 passed") != NULL);
    free_run(&r);
    /* the rows concern what was reported: line_on_line's results dropped, its suite on one line */
    char *ball_only = strdup(text);
    for (int t = 1; t <= vl.n_tests; t++) {
        char id[40];
        snprintf(id, sizeof id, "line_on_line/%d", t);
        char *next = map_results(ball_only, drop_id, id);
        free(ball_only);
        ball_only = next;
    }
    snprintf(args, sizeof args, "check --tier double %s %s", d, write_file("gate-b.jsonl", ball_only, -1));
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 0);
    snprintf(want, sizeof want, "no result for any test of: line_on_line (%d tests)\n", vl.n_tests);
    CU_ASSERT(strstr(r.out, want) != NULL);
    CU_ASSERT(strstr(r.out, "\nline_on_line ") == NULL);
    int invalid[2] = {0, 0}; /* the invalid tests of ball (all rejected) and line_on_line (not reported) */
    for (int i = 0; i < vb.n_tests; i++)
        invalid[0] += vb.tests[i].result == RESULT_INVALID;
    for (int i = 0; i < vl.n_tests; i++)
        invalid[1] += vl.tests[i].result == RESULT_INVALID;
    snprintf(want, sizeof want, "invalid: %d/%d rejected (%d not reported);", invalid[0], invalid[0] + invalid[1],
             invalid[1]);
    CU_ASSERT(invalid[1] > 0 && strstr(r.out, want) != NULL);
    free_run(&r);

    /* claims: the suite claimed is judged, the other listed as not claimed; a claimed test or output not reported
     * fails, naming it; a claims file's error names its line */
    snprintf(args, sizeof args, "check --tier double --claim ball %s %s", d, res);
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 0);
    snprintf(want, sizeof want, "not claimed: %d tests", vl.n_tests);
    CU_ASSERT(strstr(r.out, want) != NULL);
    free_run(&r);
    char *no7 = map_results(ball_only, drop_id, "ball/7");
    snprintf(args, sizeof args, "check --tier double --claim ball %s %s", d, write_file("gate-7.jsonl", no7, -1));
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 1);
    CU_ASSERT(strstr(r.out, "  FAIL ball/7 (") != NULL && strstr(r.out, "not reported, though its suite is claimed"));
    free_run(&r);
    snprintf(args, sizeof args, "check --tier double %s %s", d, write_file("gate-7.jsonl", no7, -1));
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 0); /* not claimed: merely not reported */
    free_run(&r);
    char *noperr = map_results(ball_only, drop_output, "perr[1]");
    snprintf(args, sizeof args, "check --tier double --claims %s %s %s",
             write_file("gate.claims", "# what the engine implements\nball perr force_on_body1\n", -1), d,
             write_file("gate-p.jsonl", noperr, -1));
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 1);
    CU_ASSERT(strstr(r.out, "perr[1] is not reported, though required (claimed)") != NULL);
    free_run(&r);
    snprintf(args, sizeof args, "check --tier double --claims %s %s %s",
             write_file("gate.claims", "ball reaction_on_body2_in_b2 force_on_body1\n", -1), d,
             write_file("gate-p.jsonl", noperr, -1));
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 0); /* perr not claimed */
    free_run(&r);
    snprintf(args, sizeof args, "check --tier double --claims %s %s %s",
             write_file("gate.claims", "\nball perr\nball nosuch\n", -1), d, res);
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 2);
    CU_ASSERT(strstr(r.err, "gate.claims:3: ball has no output \"nosuch\"") != NULL);
    free_run(&r);

    /* 3. failures count in every statistic: a sign error in body 1's moment x */
    char *neg = map_results(ball_only, negate_output, "force_on_body1.moment.x");
    snprintf(args, sizeof args, "check --tier double --json %s/gate.json %s %s", tmpdir, d,
             write_file("gate-n.jsonl", neg, -1));
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 1);
    CU_ASSERT(strstr(r.out, "  FAIL ball/") != NULL && strstr(r.out, "; ") != NULL);
    int n_fail_named = 0;
    for (const char *q = r.out; (q = strstr(q, "  FAIL ball/")) != NULL; q++) {
        const char *eol = strchr(q, '\n');
        const char *x = strstr(q, "): force_on_body1.moment.x = ");
        n_fail_named += x != NULL && x < eol;
    }
    CU_ASSERT(n_fail_named >= 10); /* the worst output is named, not the first (perr, verr, aerr come before) */
    free_run(&r);
    snprintf(path, sizeof path, "%s/gate.json", tmpdir);
    json_error_t je;
    json_t *sum = json_load_file(path, 0, &je);
    CU_ASSERT_FATAL(sum != NULL);
    long failed = json_integer_value(json_object_get(sum, "failed"));
    json_t *outs = json_object_get(sum, "outputs"), *mx = NULL;
    for (size_t i = 0; i < json_array_size(outs); i++)
        if (!strcmp(json_string_value(json_object_get(json_array_get(outs, i), "output")), "force_on_body1.moment.x"))
            mx = json_array_get(outs, i);
    CU_ASSERT_FATAL(mx != NULL);
    CU_ASSERT(failed >= 100);
    CU_ASSERT(json_integer_value(json_object_get(mx, "compared")) >= failed);
    CU_ASSERT(json_number_value(json_object_get(mx, "worstRatio")) > 1e6);
    json_t *rows = json_object_get(sum, "rows");
    long row_tests = 0, row_passed = 0, row_failed = 0, row_alt = 0, row_missing = 0;
    for (size_t i = 0; i < json_array_size(rows); i++) {
        json_t *row = json_array_get(rows, i);
        if (json_integer_value(json_object_get(row, "failed")) > 0)
            CU_ASSERT(json_number_value(json_object_get(row, "worstRatio")) > 1.0);
        row_tests += json_integer_value(json_object_get(row, "tests"));
        row_passed += json_integer_value(json_object_get(row, "passed"));
        row_failed += json_integer_value(json_object_get(row, "failed"));
        row_alt += json_integer_value(json_object_get(row, "alternative"));
        row_missing += json_integer_value(json_object_get(row, "missing"));
    }
    /* the figures against each other and against the known sizes: every test of both files in one row, each
     * counted once as passed, as an alternative, failed or missing; the classes add up; line_on_line is missing */
#define JINT(o, k) json_integer_value(json_object_get(o, k))
    json_t *valid = json_object_get(sum, "valid"), *acc = json_object_get(sum, "acceptable"),
           *inv = json_object_get(sum, "invalid");
    CU_ASSERT_EQUAL(JINT(sum, "tests"), vb.n_tests + vl.n_tests);
    CU_ASSERT_EQUAL(JINT(sum, "judged"), vb.n_tests + vl.n_tests);
    CU_ASSERT_EQUAL(row_tests, vb.n_tests + vl.n_tests);
    CU_ASSERT_EQUAL(row_passed + row_alt + row_failed + row_missing, row_tests);
    CU_ASSERT_EQUAL(row_failed, failed);
    CU_ASSERT_EQUAL(row_missing, JINT(sum, "notReported"));
    CU_ASSERT_EQUAL(JINT(sum, "notReported"), vl.n_tests);
    CU_ASSERT_EQUAL(JINT(valid, "tests") + JINT(acc, "tests") + JINT(inv, "tests"), row_tests);
    CU_ASSERT_EQUAL(JINT(acc, "asExpected") + JINT(acc, "asAlternative") + JINT(valid, "passed") +
                        JINT(inv, "rejected"),
                    row_passed + row_alt);
    CU_ASSERT_EQUAL(JINT(acc, "asAlternative"), row_alt);
#undef JINT
    json_decref(sum);
    /* the same run as JUnit XML and TAP: one testcase (one TAP line) per test judged, the failures with their
     * worst output */
    char junit[300], tap[300];
    snprintf(junit, sizeof junit, "%s/gate.xml", tmpdir);
    snprintf(tap, sizeof tap, "%s/gate.tap", tmpdir);
    snprintf(args, sizeof args, "check --tier double --junit %s --tap %s %s %s", junit, tap, d,
             write_file("gate-n.jsonl", neg, -1));
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 1);
    free_run(&r);
    char *xml = slurp(junit, NULL), *taptext = slurp(tap, NULL);
    CU_ASSERT_FATAL(xml != NULL && taptext != NULL);
    int cases = 0, failures = 0, skipped = 0, ok = 0, not_ok = 0, tap_skip = 0;
    for (const char *q = xml; (q = strstr(q, "<testcase ")) != NULL; q++)
        cases++;
    for (const char *q = xml; (q = strstr(q, "<failure type=\"fail\" message=\"force_on_body1.moment.x = ")) != NULL; q++)
        failures++;
    for (const char *q = xml; (q = strstr(q, "<skipped ")) != NULL; q++)
        skipped++;
    for (const char *q = taptext; (q = strstr(q, "\nok ")) != NULL; q++)
        ok++;
    for (const char *q = taptext; (q = strstr(q, "\nnot ok ")) != NULL; q++)
        not_ok++;
    for (const char *q = taptext; (q = strstr(q, "# SKIP not reported")) != NULL; q++)
        tap_skip++;
    CU_ASSERT_EQUAL(cases, vb.n_tests + vl.n_tests);
    CU_ASSERT_EQUAL(skipped, vl.n_tests); /* line_on_line's results were dropped */
    CU_ASSERT_EQUAL(failures, failed);    /* every failure is the sign error, named by its worst output */
    CU_ASSERT_EQUAL(not_ok, failed);
    CU_ASSERT_EQUAL(ok + not_ok, vb.n_tests + vl.n_tests);
    CU_ASSERT_EQUAL(tap_skip, vl.n_tests);
    snprintf(want, sizeof want, "TAP version 13\n1..%d\n", vb.n_tests + vl.n_tests);
    CU_ASSERT(strncmp(taptext, want, strlen(want)) == 0);
    free(xml);
    free(taptext);

    free(neg);
    free(noperr);
    free(no7);
    free(ball_only);
    free(st);
    free(header);
    free(text);
    vfile_free(&vb);
    vfile_free(&vl);
}

static int set_sense(json_t *r, void *arg)
{
    (void)arg;
    json_object_set_new(r, "sense", json_integer(1));
    return 0;
}

/* The messages a user hit (issue 39, item 8), each with the reason and the place. */
static void test_check_messages(void)
{
    make_tmpdir();
    char args[2048], d[200], res[300], want[400];
    snprintf(d, sizeof d, "%s/msg", tmpdir);
    snprintf(args, sizeof args, "gen --suite ball --out %s --quiet", d);
    cli_run r = run(args, 0);
    free_run(&r);
    snprintf(res, sizeof res, "%s/results.jsonl", d);
    snprintf(args, sizeof args, "eval --vectors %s/ball.json --output %s", d, res);
    r = run(args, 0);
    free_run(&r);
    char *text = slurp(res, NULL);
    CU_ASSERT_FATAL(text != NULL);
    /* a directory where a file is read, an unwritable --json or --tests: the path given and the reason */
    snprintf(args, sizeof args, "check --tier double %s %s", d, d);
    r = run(args, 0);
    snprintf(want, sizeof want, "cannot read %s: Is a directory", d);
    CU_ASSERT(r.exit_status == 2 && strstr(r.err, want) != NULL);
    free_run(&r);
    snprintf(args, sizeof args, "eval %s", d);
    r = run(args, 0);
    CU_ASSERT(r.exit_status == 2 && strstr(r.err, want) != NULL);
    free_run(&r);
    static const char *const outs[] = {"--json", "--tests"};
    for (int i = 0; i < 2; i++) {
        snprintf(args, sizeof args, "check --tier double %s /nonexistent/out.x %s %s", outs[i], d, res);
        r = run(args, 0);
        CU_ASSERT(r.exit_status == 2 && strstr(r.err, "cannot write /nonexistent/out.x: No such file or directory"));
        CU_ASSERT(strstr(r.err, ".tmp.") == NULL);
        free_run(&r);
    }
    /* eval: exclusive modes; its unreadable lines said on stderr too */
    r = run("eval --certified --both /dev/null", 0);
    CU_ASSERT(r.exit_status == 2 && strstr(r.err, "--certified and --both exclude each other"));
    free_run(&r);
    snprintf(args, sizeof args, "eval %s", write_file("msg-bad.jsonl", "{\"kind\": \"ball\"}\n", -1));
    r = run(args, 0);
    CU_ASSERT(r.exit_status == 1 && strstr(r.err, "1 of the input's lines could not be read"));
    free_run(&r);
    /* check reads the results from standard input, as eval reads cases */
    snprintf(args, sizeof args, "check --tier double %s - < %s", d, res);
    r = run(args, 0);
    CU_ASSERT(r.exit_status == 0 && strstr(r.out, "failed: 0"));
    free_run(&r);
    /* the header's fields and the id named */
    const char *nl = strchr(text, '\n');
    static const struct { const char *header, *want; } headers[] = {
        {"{\"schema\":\"ccref_results_v1\",\"generatorVersion\":2.0,\"engine\":\"e\"}",
         ":1: field generatorVersion: expected the vectors' version as a string"},
        {"{\"schema\":\"other\",\"generatorVersion\":\"2.0\",\"engine\":\"e\"}",
         ":1: field schema: expected \"ccref_results_v1\", not \"other\""}};
    for (int i = 0; i < 2; i++) {
        char *t = malloc(strlen(text) + 200);
        snprintf(t, strlen(text) + 200, "%s\n%s", headers[i].header, nl + 1);
        snprintf(args, sizeof args, "check --tier double %s %s", d, write_file("msg-h.jsonl", t, -1));
        r = run(args, 0);
        CU_ASSERT(r.exit_status == 2 && strstr(r.err, headers[i].want) != NULL);
        free_run(&r);
        free(t);
    }
    char *numid = replace_once(text, "{\"id\":\"ball/4\"", "{\"id\":7");
    snprintf(args, sizeof args, "check --tier double %s %s", d, write_file("msg-id.jsonl", numid, -1));
    r = run(args, 0);
    CU_ASSERT(r.exit_status == 2 && strstr(r.err, "msg-id.jsonl:5: field id: expected a string \"<suite>/<tcId>\""));
    free_run(&r);
    /* a discrete output of another suite is an error, as an unknown output name is */
    char *sense = map_results(text, set_sense, NULL);
    snprintf(args, sizeof args, "check --tier double %s %s", d, write_file("msg-s.jsonl", sense, -1));
    r = run(args, 0);
    CU_ASSERT(r.exit_status == 2 && strstr(r.err, "field sense: not a discrete output of ball"));
    free_run(&r);
    /* an engine's error object: a FAIL line with its message, without --verbose; a line that is not JSON (a bare
     * NaN token) fails its test only */
    char *e1 = replace_once(text, "{\"id\":\"ball/4\"", "{\"id\":\"ball/4\",\"error\":{\"message\":\"no contact\"},\"x\"");
    char *cut = strstr(e1, ",\"x\"");
    char *eol = strchr(cut, '\n');
    memmove(cut + 1, eol, strlen(eol) + 1);
    cut[0] = '}';
    char *e2 = replace_once(e1, "{\"id\":\"ball/5\",", "{\"id\":\"ball/5\",\"bad\":NaN,");
    snprintf(args, sizeof args, "check --tier double %s %s", d, write_file("msg-e.jsonl", e2, -1));
    r = run(args, 0);
    CU_ASSERT(r.exit_status == 1);
    CU_ASSERT(strstr(r.out, "  FAIL ball/4 (") && strstr(r.out, "): the engine reported an error: no contact\n"));
    CU_ASSERT(strstr(r.out, "  FAIL ball/5 (") && strstr(r.out, "line 6 is not JSON (invalid JSON at column"));
    CU_ASSERT(strstr(r.out, "failed: 2;") != NULL);
    free_run(&r);
    /* unknown keys that share a prefix with a known one are unknown keys */
    static const char *const near_keys[][2] = {{"\"outputs\":", "\"output\":"}, {"\"status\":", "\"statuses\":"},
                                               {"\"mp\":", "\"mpp\":"}};
    for (int i = 0; i < 3; i++) {
        char *from = strstr(text, "{\"id\":\"ball/4\"");
        char *line_end = strchr(from, '\n');
        char *k = strstr(from, near_keys[i][0]);
        CU_ASSERT_FATAL(k != NULL && k < line_end);
        size_t pre = (size_t)(k - text), old_len = strlen(near_keys[i][0]), new_len = strlen(near_keys[i][1]);
        char *t = malloc(strlen(text) + 16);
        memcpy(t, text, pre);
        memcpy(t + pre, near_keys[i][1], new_len);
        strcpy(t + pre + new_len, k + old_len);
        snprintf(args, sizeof args, "check --tier double %s %s", d, write_file("msg-k.jsonl", t, -1));
        r = run(args, 0);
        snprintf(want, sizeof want, "msg-k.jsonl:5 (ball/4): field %.*s: unknown key", (int)new_len - 3,
                 near_keys[i][1] + 1);
        CU_ASSERT(r.exit_status == 2 && strstr(r.err, want) != NULL);
        if (strstr(r.err, want) == NULL)
            printf("\n  want %s, got %s\n", want, r.err);
        free_run(&r);
        free(t);
    }
    /* gen: the suites listed */
    r = run("gen --suite balls --out /nonexistent", 0);
    CU_ASSERT(r.exit_status == 2 && strstr(r.err, "unknown suite; the suites are ball, rod, point_in_plane"));
    free_run(&r);
    free(e1);
    free(e2);
    free(sense);
    free(numid);
    free(text);
}

/* ccref show: one test readably, with every tier's tolerance and the alternatives; --case a line eval reads, which
 * gives the test's expected status and values (hex) again. */
static void test_show(void)
{
    make_tmpdir();
    char args[1024], d[200];
    snprintf(d, sizeof d, "%s/show", tmpdir);
    snprintf(args, sizeof args, "gen --suite line_on_line --out %s --quiet", d);
    cli_run r = run(args, 0);
    free_run(&r);
    snprintf(args, sizeof args, "show %s line_on_line/87", d);
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 0);
    CU_ASSERT(strstr(r.out, "line_on_line/87: acceptable test of family parallel_edges") == r.out);
    CU_ASSERT(strstr(r.out, "    DecisionBand (DECISION_BAND): ") != NULL);
    CU_ASSERT(strstr(r.out, "tol ccref    tol double   tol binary32 certified") != NULL);
    free_run(&r);
    snprintf(args, sizeof args, "show %s line_on_line/87 | grep '^  alternative'", d); /* past r.out's size */
    r = run(args, 0);
    CU_ASSERT(strstr(r.out, "  alternative 1, DecisionBand \"parallel=1\": status OK_PARALLEL_EDGES") != NULL);
    CU_ASSERT(strstr(r.out, "LolParallelFallback \"simbody+parallel=1\"") != NULL);
    free_run(&r);
    snprintf(args, sizeof args, "show --case %s line_on_line/87 > %s/case.jsonl", d, tmpdir);
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 0);
    free_run(&r);
    snprintf(args, sizeof args, "%s/case.jsonl", tmpdir);
    char *line = slurp(args, NULL);
    CU_ASSERT_FATAL(line != NULL);
    snprintf(args, sizeof args, "eval --certified %s/case.jsonl", tmpdir);
    r = run(args, 1);
    CU_ASSERT_EQUAL(r.exit_status, 0);
    CU_ASSERT_FATAL(r.n == 1);
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(r.lines[0], "status")), "OK");
    json_t *cp = json_object_get(json_object_get(r.lines[0], "outputs"), "closest_point1.y");
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(cp, "hex")), "-0x1.58ad82cb2d673p+47");
    free_run(&r);
    free(line);
    static const char *const bad[][2] = {{"ball-7", "expected SUITE/TCID, such as ball/12"},
                                         {"ball/07", "expected SUITE/TCID"},
                                         {"line_on_line/100000", "no test line_on_line/100000 in the vectors given"}};
    for (int i = 0; i < 3; i++) {
        snprintf(args, sizeof args, "show %s %s", d, bad[i][0]);
        r = run(args, 0);
        CU_ASSERT(r.exit_status == 2 && strstr(r.err, bad[i][1]) != NULL);
        free_run(&r);
    }
}

/* gen --cases: vector files of one's own cases. Cases taken from the published suite (show --case; one rolling, one
 * with an id) get the same certified values and tolerances as there, in groups "cases" per variant; eval and check
 * judge them; a bad case names its file, line and field, and nothing is written. */
static void test_gen_cases(void)
{
    make_tmpdir();
    char args[4096], d[100], cases[160], out[160];
    snprintf(d, sizeof d, "%s/gc", tmpdir);
    snprintf(args, sizeof args, "gen --suite line_on_line --suite rod --out %s --quiet", d);
    cli_run r = run(args, 0);
    free_run(&r);
    snprintf(cases, sizeof cases, "%s/gc-cases.jsonl", tmpdir);
    snprintf(args, sizeof args, "show --case %s line_on_line/2 > %s && %s show --case %s line_on_line/10 | "
             "sed 's/^{/{\"id\":\"step 7\",/' >> %s && %s show --case %s rod/5 >> %s", d, cases, binary(), d, cases,
             binary(), d, cases);
    r = run(args, 0);
    CU_ASSERT_EQUAL_FATAL(r.exit_status, 0);
    free_run(&r);
    snprintf(out, sizeof out, "%s/gc-mine", tmpdir);
    snprintf(args, sizeof args, "gen --cases %s --out %s", cases, out);
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 0);
    CU_ASSERT(strstr(r.out, "/line_on_line.json: 2 tests") != NULL && strstr(r.out, "/rod.json: 1 tests") != NULL);
    free_run(&r);
    char pub[400], mine[400], err[600];
    static const struct { const char *suite; int pub_tc, mine_tc, rolling; const char *comment; } same[] = {
        {"line_on_line", 2, 1, 0, "case of line 1 of "}, {"line_on_line", 10, 2, 1, "id \"step 7\""},
        {"rod", 5, 1, -1, "case of line 3 of "}};
    for (int i = 0; i < 3; i++) {
        vfile fp, fm;
        snprintf(pub, sizeof pub, "%s/%s.json", d, same[i].suite);
        snprintf(mine, sizeof mine, "%s/%s.json", out, same[i].suite);
        CU_ASSERT_FATAL(vfile_load(pub, &fp, err, sizeof err) == 0);
        CU_ASSERT_FATAL(vfile_load(mine, &fm, err, sizeof err) == 0);
        const vtest *a = &fp.tests[same[i].pub_tc - 1], *b = &fm.tests[same[i].mine_tc - 1];
        CU_ASSERT_EQUAL(a->tc_id, same[i].pub_tc);
        CU_ASSERT_EQUAL(b->tc_id, same[i].mine_tc);
        CU_ASSERT(strstr(b->comment, same[i].comment) != NULL);
        CU_ASSERT_STRING_EQUAL(fm.groups[b->group].family, "cases");
        CU_ASSERT_EQUAL(fm.groups[b->group].rolling, same[i].rolling);
        CU_ASSERT_EQUAL(a->expected.o.d.status, b->expected.o.d.status);
        for (int sl = 0; sl < a->expected.o.n; sl++) {
            CU_ASSERT_EQUAL(a->expected.o.in_use[sl], b->expected.o.in_use[sl]);
            if (!a->expected.o.in_use[sl])
                continue;
            CU_ASSERT(a->expected.o.value[sl] == b->expected.o.value[sl] ||
                      (isnan(a->expected.o.value[sl]) && isnan(b->expected.o.value[sl])));
            CU_ASSERT(a->expected.tol[sl] == b->expected.tol[sl]);
            for (int k = 0; k < CCREF_TIER_COUNT; k++)
                CU_ASSERT(a->expected.tier_tol[k][sl] == b->expected.tier_tol[k][sl]);
        }
        vfile_free(&fp);
        vfile_free(&fm);
    }
    snprintf(args, sizeof args, "eval --vectors %s/line_on_line.json %s/rod.json --output %s/r.jsonl && "
             "%s check --tier double %s %s/r.jsonl", out, out, out, binary(), out, out);
    r = run(args, 0);
    CU_ASSERT(r.exit_status == 0 && strstr(r.out, "failed: 0;") != NULL);
    free_run(&r);
    /* a bad case: its line and field named, nothing written */
    snprintf(args, sizeof args, "gen --cases %s --out %s/gc-bad",
             write_file("gc-bad.jsonl", "{\"kind\":\"rod\"}\n\n{\"kind\":\"ball\",\"params\":{}}\n", -1), tmpdir);
    r = run(args, 0);
    CU_ASSERT(r.exit_status == 2 && strstr(r.err, "gc-bad.jsonl:1: ") != NULL);
    free_run(&r);
    snprintf(args, sizeof args, "%s/gc-bad", tmpdir);
    struct stat st;
    CU_ASSERT(stat(args, &st) != 0); /* no directory, no file */
    r = run("gen --cases /dev/null --random 5", 0);
    CU_ASSERT(r.exit_status == 2 && strstr(r.err, "--cases excludes --random and --shard"));
    free_run(&r);
}

/* The manifest: gen writes SHA256SUMS beside the suite files (sha256sum reads it); check and show refuse a vector
 * file edited by hand, or not listed, naming it and the manifest; files without a manifest are read unverified. */
static void test_manifest(void)
{
    make_tmpdir();
    char args[2048], d[200], res[300], path[300];
    snprintf(d, sizeof d, "%s/mf", tmpdir);
    snprintf(args, sizeof args, "gen --suite rod --suite ball --out %s --quiet && cd %s && sha256sum -c --quiet "
             "SHA256SUMS", d, d);
    cli_run r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 0);
    free_run(&r);
    snprintf(path, sizeof path, "%s/SHA256SUMS", d);
    char *sums = slurp(path, NULL);
    CU_ASSERT_FATAL(sums != NULL);
    /* two lines "<64 hex>  <name>\n", sorted by name */
    CU_ASSERT(strlen(sums) == (64 + 2 + 10) + (64 + 2 + 9) && strstr(sums, "  ball.json\n") < strstr(sums, "  rod.json\n"));
    free(sums);
    snprintf(res, sizeof res, "%s/r.jsonl", tmpdir);
    snprintf(args, sizeof args, "eval --vectors %s/rod.json --output %s", d, res);
    r = run(args, 0);
    free_run(&r);
    snprintf(args, sizeof args, "check --tier double %s/rod.json %s", d, res);
    r = run(args, 0);
    CU_ASSERT(r.exit_status == 0 && strstr(r.out, "1 vector files (SHA-256 verified: 1)") != NULL);
    free_run(&r);
    /* an edit by hand: the first exponent "p-" of the first test's values becomes "p+" */
    snprintf(path, sizeof path, "%s/rod.json", d);
    char *text = slurp(path, NULL);
    CU_ASSERT_FATAL(text != NULL);
    char *v = strstr(text, "\"values\":[[");
    CU_ASSERT_FATAL(v != NULL);
    char *p = strstr(v, "p-");
    CU_ASSERT_FATAL(p != NULL);
    p[1] = '+';
    FILE *f = fopen(path, "wb");
    CU_ASSERT_FATAL(f != NULL);
    fputs(text, f);
    fclose(f);
    free(text);
    snprintf(args, sizeof args, "check --tier double %s/rod.json %s", d, res);
    r = run(args, 0);
    CU_ASSERT(r.exit_status == 2 && strstr(r.err, "rod.json: its SHA-256 is ") != NULL &&
              strstr(r.err, "SHA256SUMS says") != NULL && strstr(r.err, "edited by hand") != NULL);
    free_run(&r);
    snprintf(args, sizeof args, "show %s rod/1", d);
    r = run(args, 0);
    CU_ASSERT(r.exit_status == 2 && strstr(r.err, "SHA256SUMS says") != NULL);
    free_run(&r);
    /* a file the manifest does not list; the same files without a manifest: read unverified */
    snprintf(path, sizeof path, "%s/ball.json", d);
    char *ball = slurp(path, NULL);
    char extra[300];
    snprintf(extra, sizeof extra, "%s/extra.json", d);
    f = fopen(extra, "wb");
    CU_ASSERT_FATAL(f != NULL && ball != NULL);
    fputs(ball, f);
    fclose(f);
    free(ball);
    snprintf(args, sizeof args, "show %s ball/1", extra);
    r = run(args, 0);
    CU_ASSERT(r.exit_status == 2 && strstr(r.err, "extra.json is not listed in ") != NULL);
    free_run(&r);
    snprintf(path, sizeof path, "%s/SHA256SUMS", d);
    CU_ASSERT(remove(path) == 0);
    snprintf(args, sizeof args, "check --tier double %s/ball.json %s", d, res);
    r = run(args, 0);
    CU_ASSERT(strstr(r.out, "1 vector files (SHA-256 verified: 0)") != NULL);
    free_run(&r);
}

/* An alternative's undecided outputs are its own (written per answer), not inherited from the expected answer by the
 * reader: at the minimum-COR corner the expected cor_branch is undecided, a band's captured alternative is not (the
 * Python judge, tools/ccref_judge.py, found the reader inheriting it). */
static void test_alternative_undecided_own(void)
{
    vfile f;
    load_generated_suite("edge_edge", &f);
    int seen = 0;
    for (int i = 0; i < f.n_tests; i++) {
        const vtest *t = &f.tests[i];
        if (!(t->expected.disc_undecided & DISC_COR_BRANCH))
            continue;
        for (int j = 0; j < t->n_alt; j++)
            if (t->alt[j].o.d.cor_branch == CCREF_COR_CAPTURED) {
                CU_ASSERT_EQUAL(t->alt[j].disc_undecided & DISC_COR_BRANCH, 0u);
                seen++;
            }
    }
    CU_ASSERT(seen > 0);
    vfile_free(&f);
}

/* A result line for a kernel outcome of a test, with an optional inputs_used text (a JSON object). */
static void result_line(jw *w, const char *id, const cli_case *c, const outcome *o, const char *inputs_used)
{
    jw_obj(w);
    jw_key(w, "id");
    jw_str(w, id);
    jw_key(w, "status");
    jw_str(w, ccref_status_name(o->d.status));
    jw_key(w, "outputs");
    jw_obj(w);
    for (int i = 0; i < o->n; i++)
        if (o->in_use[i]) {
            jw_key(w, slot_name(c->suite, i));
            jw_hex(w, o->value[i]);
        }
    jw_end_obj(w);
    if (inputs_used != NULL) {
        jw_key(w, "inputs_used");
        jw_value_text(w, inputs_used);
    }
    jw_end_obj(w);
    jw_raw(w, "\n");
}

/* Where a test is judged decides its verdict: an engine that ran ball/1 with body 2 moved by 2^-10 of its x passes
 * when it says so (inputs_used: judged at those inputs, the drift reported) and fails when it does not; an input
 * reported as -0 where the case has +0 is no drift (judged at the vectors' inputs). */
static void test_check_where_judged(void)
{
    make_tmpdir();
    char args[1024], vec[300], err[600], used[200];
    snprintf(args, sizeof args, "gen --suite ball --out %s/wj --quiet", tmpdir);
    cli_run r = run(args, 0);
    free_run(&r);
    snprintf(vec, sizeof vec, "%s/wj/ball.json", tmpdir);
    vfile f;
    CU_ASSERT_FATAL(vfile_load(vec, &f, err, sizeof err) == 0);
    const char *header = "{\"schema\":\"ccref_results_v1\",\"generatorVersion\":\"" CCREF_GENERATOR_VERSION
                         "\",\"engine\":\"moved\"}\n";
    cli_case c = f.tests[0].c;
    c.u.k.body2.p.x += ldexp(fabs(c.u.k.body2.p.x), -10);
    outcome o;
    eval_kernel(&c, &o, NULL);
    char px[40], py[40], pz[40];
    snprintf(px, sizeof px, "%a", c.u.k.body2.p.x);
    snprintf(py, sizeof py, "%a", c.u.k.body2.p.y);
    snprintf(pz, sizeof pz, "%a", c.u.k.body2.p.z);
    snprintf(used, sizeof used, "{\"body2\":{\"p\":[\"%s\",\"%s\",\"%s\"]}}", px, py, pz);
    for (int with = 0; with < 2; with++) {
        jw w;
        jw_init(&w);
        jw_raw(&w, header);
        result_line(&w, "ball/1", &c, &o, with ? used : NULL);
        char answers[300];
        snprintf(answers, sizeof answers, "%s/wj-answers.jsonl", tmpdir);
        snprintf(args, sizeof args, "check --tier double --tcid 1 --answers %s %s %s", answers, vec,
                 write_file("wj.jsonl", w.buf, -1));
        r = run(args, 0);
        CU_ASSERT_EQUAL(r.exit_status, with ? 0 : 1);
        CU_ASSERT(with ? strstr(r.out, "input drift: 1 tests judged at the inputs the engine used") != NULL
                       : strstr(r.out, "  FAIL ball/1 (") != NULL);
        free_run(&r);
        jw_free(&w);
        /* --answers: the test made again at the inputs used, one line, its case at those inputs */
        char *remade = slurp(answers, NULL);
        CU_ASSERT_FATAL(remade != NULL);
        CU_ASSERT_EQUAL(with ? 1 : 0, (int)(strchr(remade, '\n') != NULL));
        if (with) {
            json_error_t je;
            json_t *j = json_loads(remade, JSON_DISABLE_EOF_CHECK, &je);
            CU_ASSERT_FATAL(j != NULL);
            CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(j, "id")), "ball/1");
            json_t *x = json_array_get(json_object_get(json_object_get(json_object_get(json_object_get(j, "test"),
                                                                                       "case"), "body2"), "p"), 0);
            CU_ASSERT_STRING_EQUAL(json_string_value(x), px);
            json_decref(j);
        }
        free(remade);
    }
    /* a zero input reported with the other sign: a test of the zero_velocity family, its body 1's w given as -0 */
    int zi = -1;
    for (int i = 0; i < f.n_tests && zi < 0; i++)
        if (!strcmp(f.groups[f.tests[i].group].family, "zero_velocity") && f.tests[i].c.u.k.body1.w.x == 0.0 &&
            f.tests[i].c.u.k.body1.w.y == 0.0 && f.tests[i].c.u.k.body1.w.z == 0.0)
            zi = i;
    CU_ASSERT_FATAL(zi >= 0);
    cli_case z = f.tests[zi].c;
    eval_kernel(&z, &o, NULL);
    char id[40];
    snprintf(id, sizeof id, "ball/%d", f.tests[zi].tc_id);
    jw w;
    jw_init(&w);
    jw_raw(&w, header);
    result_line(&w, id, &z, &o, "{\"body1\":{\"w\":[\"-0x0p+0\",\"-0x0p+0\",\"-0x0p+0\"]}}");
    snprintf(args, sizeof args, "check --tier double --tcid %d %s %s", f.tests[zi].tc_id, vec,
             write_file("wj0.jsonl", w.buf, -1));
    r = run(args, 0);
    CU_ASSERT_EQUAL(r.exit_status, 0);
    CU_ASSERT(strstr(r.out, "input drift") == NULL); /* no drift: judged at the vectors' own inputs */
    free_run(&r);
    jw_free(&w);
    vfile_free(&f);
}

/* spec/vectors.md section 16 names every status and deviation the library has, and nothing else (its tables'
 * rows start "| `NAME` |"). */
static void test_spec_names(void)
{
    char *spec = slurp("spec/vectors.md", NULL);
    CU_ASSERT_FATAL(spec != NULL);
    const char *sec = strstr(spec, "## 16. Names: statuses and deviations");
    CU_ASSERT_FATAL(sec != NULL);
    char row[80];
    int statuses = 0, deviations = 0;
    for (int st = 0; st < 64; st++) {
        const char *name = ccref_status_name((ccref_status)st);
        if (strcmp(name, "E_UNKNOWN_STATUS") == 0)
            continue;
        statuses++;
        snprintf(row, sizeof row, "\n| `%s` |", name);
        CU_ASSERT(strstr(sec, row) != NULL);
        if (strstr(sec, row) == NULL)
            printf("\n  spec/vectors.md section 16 lacks status %s\n", name);
    }
    for (int b = 0; b < 32; b++) {
        const char *name = deviation_name(b);
        if (name == NULL)
            continue;
        deviations++;
        snprintf(row, sizeof row, "\n| `%s` |", name);
        CU_ASSERT(strstr(sec, row) != NULL);
    }
    int rows = 0;
    for (const char *p = sec; (p = strstr(p, "\n| `")) != NULL; p++)
        rows++;
    CU_ASSERT_EQUAL(rows, statuses + deviations); /* nothing else */
    CU_ASSERT(statuses == 20 && deviations == DEVIATION_COUNT);
    free(spec);
}

/* The documented variants' values carry the tiers (spec/accuracy.md section 11): BallAerrNotDerivative's
 * aerr - w1 x verr, RopeSign's impact speed and Simbody's PointPlaneContact::getPerr (PpcHeightDropped) have a double
 * tolerance of at least ccref's and a binary32 one of at least the double one, on every published test that has
 * them. */
static void test_documented_variants_tiers(void)
{
    make_tmpdir();
    char args[1024], vec[300], err[600];
    snprintf(args, sizeof args, "gen --suite ball --suite rope --suite point_plane --out %s/d --quiet", tmpdir);
    cli_run r = run(args, 0);
    free_run(&r);
    static const struct { const char *file; int flag, slot, n; } variants[] = {
        {"ball", FLAG_BALL_AERR_NOT_DERIVATIVE, CCREF_SLOT_AERR, 3},
        {"rope", FLAG_ROPE_SIGN, CCREF_CSLOT_IMPACT_SPEED, 1},
        {"point_plane", FLAG_PPC_HEIGHT_DROPPED, CCREF_CSLOT_PERR, 1}};
    for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++) {
        snprintf(vec, sizeof vec, "%s/d/%s.json", tmpdir, variants[v].file);
        vfile f;
        CU_ASSERT_FATAL(vfile_load(vec, &f, err, sizeof err) == 0);
        int values = 0;
        for (int i = 0; i < f.n_tests; i++)
            for (int j = 0; j < f.tests[i].n_alt; j++) {
                const answer *a = &f.tests[i].alt[j];
                if (a->flag != variants[v].flag)
                    continue;
                for (int s = variants[v].slot; s < variants[v].slot + variants[v].n; s++) {
                    if (a->unconstrained[s] || !isfinite(a->tol[s]))
                        continue;
                    values++;
                    CU_ASSERT(isfinite(a->tier_tol[CCREF_TIER_DOUBLE][s]) &&
                              a->tier_tol[CCREF_TIER_DOUBLE][s] >= a->tol[s]);
                    CU_ASSERT(a->tier_tol[CCREF_TIER_BINARY32][s] >= a->tier_tol[CCREF_TIER_DOUBLE][s]);
                }
            }
        CU_ASSERT(values >= 100); /* far more on the published suite: the check is not vacuous */
        vfile_free(&f);
    }
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
    snprintf(args, sizeof args, "check --tier ccref --verbose %s %s", vec, write_file("used.jsonl", w.buf, -1));
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
    CU_add_test(s, "body velocities and accelerations by name (hand-derived ball)", test_body_motion);
    CU_add_test(s, "effective COR and COF, the classifier and isProximal by hand", test_rules_by_hand);
    CU_add_test(s, "every case of every family: eval field by field against the library", test_every_case_field_by_field);
    CU_add_test(s, "eval --certified and --both: every case of every family field by field against the oracle",
                test_certified_every_case);
    CU_add_test(s, "reader errors name the line, the field, the column and the fault", test_reader_errors);
    CU_add_test(s, "input framing: blank lines, CRLF, byte order marks, NUL bytes, syntax", test_input_framing);
    CU_add_test(s, "lines of megabytes and 100000 nesting levels", test_large_and_deep);
    CU_add_test(s, "eval: usage and I/O errors exit with status 2", test_eval_usage_errors);
    CU_add_test(s, "bad values: kernel status in the result", test_status_case);
    CU_add_test(s, "quaternions and normalize, echoed in \"used\"", test_quaternion_and_normalize);
    CU_add_test(s, "eval --certified and --both", test_certified_and_both);
    CU_add_test(s, "bound_exceeds_value: a ball at x = 1e100", test_bound_exceeds_value);
    CU_add_test(s, "gen: byte-identical reruns, shards merged to the same files", test_gen_reproducible_and_sharded);
    CU_add_test(s, "gen --random: the random family alone, N tests, reproducible, sharded, mixed shards refused",
                test_gen_random);
    CU_add_test(s, "check: a random suite's results found by id in one look-up, errors with their lines",
                test_check_random_lookup);
    CU_add_test(s, "check: verdicts and format errors", test_check_verdicts);
    CU_add_test(s, "check: inputs_used and the input drift", test_check_inputs_used);
    CU_add_test(s, "vectors: Simbody's parallel branch near the threshold", test_lol_simbody_near_threshold);
    CU_add_test(s, "vectors: the singular direction's other choices", test_singular_direction_choice);
    CU_add_test(s, "vectors: an engine's own separation of parallel edges", test_lol_any_separation);
    CU_add_test(s, "vectors: the documented variants' tiers", test_documented_variants_tiers);
    CU_add_test(s, "check: a CI gate (nothing compared, parts of the suite, claims, failures counted)",
                test_check_ci_gate);
    CU_add_test(s, "check, eval, gen: messages with their reason and place", test_check_messages);
    CU_add_test(s, "spec/vectors.md: every status and deviation named", test_spec_names);
    CU_add_test(s, "show: one test readably, and its case line", test_show);
    CU_add_test(s, "gen --cases: vector files of one's own cases", test_gen_cases);
    CU_add_test(s, "the manifest: SHA256SUMS written, verified, a hand edit refused", test_manifest);
    CU_add_test(s, "vectors: an alternative's undecided outputs are its own", test_alternative_undecided_own);
    CU_add_test(s, "check: where a test is judged decides its verdict; -0 for +0 is no drift", test_check_where_judged);
    CU_add_test(s, "check: the tier judged", test_check_tiers);
    CU_add_test(s, "examples/cases.jsonl covers every suite and runs clean", test_example_file);
    CU_add_test(s, "remove the temporary files", test_cleanup);
}
CCREF_TEST_SUITE("cli", register_cli)
