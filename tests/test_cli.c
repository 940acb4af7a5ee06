/* test_cli.c: the `ccref eval` command end to end: it runs the built binary (CCREF_BIN, default build/ccref)
 * on small case files and reads its output back with jansson. */
#define _POSIX_C_SOURCE 200809L
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "testlib.h"
#include "../src/ccref_unilateral.h"

typedef struct {
    json_t *lines[16];
    int n;
    int exit_status;
} cli_run;

static const char *binary(void)
{
    const char *b = getenv("CCREF_BIN");
    return b ? b : "build/ccref";
}

/* Write input to a temporary file, run `ccref ARGS FILE`, parse each output line. */
static cli_run run_cli(const char *args, const char *input)
{
    cli_run r = {{0}, 0, -1};
    char path[] = "/tmp/ccref_cli_XXXXXX";
    int fd = mkstemp(path);
    CU_ASSERT_FATAL(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs(input, f);
    fclose(f);
    char cmd[512];
    snprintf(cmd, sizeof cmd, "%s %s %s", binary(), args, path);
    FILE *p = popen(cmd, "r");
    CU_ASSERT_FATAL(p != NULL);
    char *line = NULL;
    size_t cap = 0;
    while (getline(&line, &cap, p) != -1 && r.n < 16) {
        json_error_t e;
        r.lines[r.n] = json_loads(line, 0, &e);
        CU_ASSERT(r.lines[r.n] != NULL); /* every output line is JSON */
        r.n++;
    }
    free(line);
    int st = pclose(p);
    r.exit_status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    unlink(path);
    return r;
}

static void free_run(cli_run *r)
{
    for (int i = 0; i < r->n; i++)
        json_decref(r->lines[i]);
}

/* The hex and the decimal rendering of every value must denote the same double. */
static void check_pair(json_t *x, double expected)
{
    json_t *hex = json_object_get(x, "hex"), *dec = json_object_get(x, "dec");
    CU_ASSERT_FATAL(json_is_string(hex) && json_is_number(dec));
    CU_ASSERT_EQUAL(strtod(json_string_value(hex), NULL), expected);
    CU_ASSERT_EQUAL(json_number_value(dec), expected);
}

static void check_vec(json_t *x, double ex, double ey, double ez)
{
    json_t *hex = json_object_get(x, "hex"), *dec = json_object_get(x, "dec");
    CU_ASSERT_FATAL(json_array_size(hex) == 3 && json_array_size(dec) == 3);
    double e[3] = {ex, ey, ez};
    for (size_t i = 0; i < 3; i++) {
        CU_ASSERT_EQUAL(strtod(json_string_value(json_array_get(hex, i)), NULL), e[i]);
        CU_ASSERT_EQUAL(json_number_value(json_array_get(dec, i)), e[i]);
    }
}

#define PENDULUM                                                                                         \
    "{\"id\": \"pendulum\", \"kind\": \"ball\", \"params\": {\"station1_in_b1\": [0,0,0], "               \
    "\"station2_in_b2\": [0,1,0]}, \"body1\": \"ground\", "                                              \
    "\"body2\": {\"R\": [[1,0,0],[0,1,0],[0,0,1]], \"p\": [0,-1,0]}, \"lambda\": [0, -19.62, 0]}\n"

static void test_help(void)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "%s --help", binary());
    FILE *p = popen(cmd, "r");
    CU_ASSERT_FATAL(p != NULL);
    char buf[65536];
    size_t n = fread(buf, 1, sizeof buf - 1, p);
    buf[n] = '\0';
    CU_ASSERT_EQUAL(pclose(p), 0);
    CU_ASSERT(strstr(buf, "Case format") != NULL);
    CU_ASSERT(strstr(buf, "line_on_line") != NULL);
    CU_ASSERT(strstr(buf, "edge_frame1_in_b1") != NULL);
}

/* Hanging pendulum (spec/ball.md): lambda = (0, -m g, 0) with m g = 19.62; body 2's force is lambda at S = origin
 * + (0,1,0), arm (0,1,0) parallel to lambda so zero moment; body 1 (ground) gets -lambda at S = (0,0,0). */
static void test_pendulum_case(void)
{
    cli_run r = run_cli("eval", PENDULUM);
    CU_ASSERT_EQUAL(r.exit_status, 0);
    CU_ASSERT_FATAL(r.n == 1);
    json_t *o = r.lines[0];
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(o, "status")), "OK");
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(o, "id")), "pendulum");
    CU_ASSERT_EQUAL(json_integer_value(json_object_get(o, "line")), 1);
    CU_ASSERT_EQUAL(json_integer_value(json_object_get(o, "mp")), 3);
    check_vec(json_object_get(o, "perr"), 0, 0, 0);
    check_vec(json_object_get(json_object_get(o, "force_on_body2"), "force"), 0, -19.62, 0);
    check_vec(json_object_get(json_object_get(o, "force_on_body2"), "moment"), 0, 0, 0);
    check_vec(json_object_get(json_object_get(o, "force_on_body1"), "force"), 0, 19.62, 0);
    json_t *aux = json_object_get(o, "aux");
    check_vec(json_object_get(aux, "reaction_on_body2_in_b2"), 0, -19.62, 0);
    check_vec(json_object_get(aux, "reaction_on_body1_in_b1"), 0, 19.62, 0);
    json_t *dev = json_object_get(o, "deviations");
    CU_ASSERT_FATAL(json_array_size(dev) == 1);
    CU_ASSERT_STRING_EQUAL(json_string_value(json_array_get(dev, 0)), "BALL_REACTION_SIGN");
    free_run(&r);
}

/* A hex-float input string is read exactly: position 0x1.0000000000001p-2 = 1/4 + 2^-54, q = 1/2.
 * perr = q - position = 1/4 - 2^-54 = 0x1.ffffffffffffep-3, exact (Sterbenz: position <= q <= 2 position). */
static void test_hex_input(void)
{
    cli_run r = run_cli("eval",
                        "{\"kind\": \"constant_coordinate\", \"params\": {\"position\": \"0x1.0000000000001p-2\"}, "
                        "\"coordinate\": {\"q\": \"0x1p-1\", \"qdot\": 3, \"qdotdot\": -4}, \"lambda\": [\"0x1.8p+1\"]}\n");
    CU_ASSERT_EQUAL(r.exit_status, 0);
    CU_ASSERT_FATAL(r.n == 1);
    json_t *o = r.lines[0];
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(o, "status")), "OK");
    json_t *perr = json_object_get(o, "perr");
    CU_ASSERT_STRING_EQUAL(json_string_value(json_array_get(json_object_get(perr, "hex"), 0)), "0x1.ffffffffffffep-3");
    CU_ASSERT_EQUAL(json_number_value(json_array_get(json_object_get(perr, "dec"), 0)), 0x1.ffffffffffffep-3);
    check_pair(json_object_get(json_object_get(o, "aux"), "generalized_force"), 3.0);
    free_run(&r);
}

/* Bad lines give error objects naming the line and the field; good lines still run; exit status 1. */
static void test_bad_lines(void)
{
    const char *input = "{not json\n"
                        "\n"
                        PENDULUM
                        "{\"kind\": \"ball\", \"params\": {\"station1_in_b1\": [0,0,0], \"station2_in_b2\": [0,1,0]}, "
                        "\"body1\": \"ground\", \"body2\": {\"R\": [[1,0,0],[0,1,0]], \"p\": [0,-1,0]}, \"lambda\": [0,0,0]}\n"
                        "{\"kind\": \"teapot\", \"params\": {}, \"lambda\": []}\n"
                        "{\"kind\": \"rod\", \"params\": {\"station1_in_b1\": [0,0,0], \"station2_in_b2\": [0,0,0]}, "
                        "\"body1\": \"ground\", \"body2\": \"ground\", \"lambda\": [1]}\n";
    cli_run r = run_cli("eval", input);
    CU_ASSERT_EQUAL(r.exit_status, 1);
    CU_ASSERT_FATAL(r.n == 5);
    json_t *e0 = json_object_get(r.lines[0], "error");
    CU_ASSERT_EQUAL(json_integer_value(json_object_get(r.lines[0], "line")), 1);
    CU_ASSERT(e0 != NULL);
    CU_ASSERT_EQUAL(json_integer_value(json_object_get(r.lines[1], "line")), 3);
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(r.lines[1], "status")), "OK");
    json_t *e2 = json_object_get(r.lines[2], "error");
    CU_ASSERT_EQUAL(json_integer_value(json_object_get(r.lines[2], "line")), 4);
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(e2, "field")), "body2.R");
    json_t *e3 = json_object_get(r.lines[3], "error");
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(e3, "field")), "kind");
    json_t *e4 = json_object_get(r.lines[4], "error");
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(e4, "field")), "params.length");
    free_run(&r);
}

/* A well-formed case with bad values is answered with the kernel's status, not a read error. */
static void test_status_case(void)
{
    cli_run r = run_cli("eval",
                        "{\"kind\": \"rod\", \"params\": {\"station1_in_b1\": [0,0,0], \"station2_in_b2\": [0,0,0], "
                        "\"length\": \"nan\"}, \"body1\": \"ground\", \"body2\": \"ground\", \"lambda\": [1]}\n"
                        "{\"kind\": \"rod\", \"params\": {\"station1_in_b1\": [0,0,0], \"station2_in_b2\": [0,0,0], "
                        "\"length\": 1}, \"body1\": \"ground\", \"body2\": \"ground\", \"lambda\": [1, 2]}\n");
    CU_ASSERT_EQUAL(r.exit_status, 0);
    CU_ASSERT_FATAL(r.n == 2);
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(r.lines[0], "status")), "E_NONFINITE_INPUT");
    CU_ASSERT(json_is_false(json_object_get(r.lines[0], "ok")));
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(r.lines[1], "status")), "E_LAMBDA_COUNT");
    free_run(&r);
}

/* The shipped example file runs clean: every line OK-class, exit status 0, and it shows every kind of case the
 * tool accepts (bilateral kinds, contact classes, rules). */
static void test_example_file(void)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "%s eval examples/cases.jsonl", binary());
    FILE *p = popen(cmd, "r");
    CU_ASSERT_FATAL(p != NULL);
    char *line = NULL;
    size_t cap = 0;
    int n = 0, ok = 0, rules = 0;
    int seen[CCREF_KIND_COUNT] = {0}, seen_contact[CCREF_CONTACT_COUNT] = {0};
    while (getline(&line, &cap, p) != -1) {
        json_t *o = json_loads(line, 0, NULL);
        CU_ASSERT_FATAL(o != NULL);
        n++;
        ok += json_is_true(json_object_get(o, "ok"));
        const char *kind = json_string_value(json_object_get(o, "kind"));
        ccref_kind k = ccref_kind_from_name(kind);
        ccref_contact_class c = ccref_contact_class_from_name(kind);
        if (k < CCREF_KIND_COUNT)
            seen[k] = 1;
        else if (c < CCREF_CONTACT_COUNT)
            seen_contact[c] = 1;
        else if (kind && (!strcmp(kind, "effective_cor") || !strcmp(kind, "effective_cof") ||
                          !strcmp(kind, "unilateral_classify")))
            rules++;
        json_decref(o);
    }
    free(line);
    CU_ASSERT_EQUAL(pclose(p), 0);
    CU_ASSERT(n > 0);
    CU_ASSERT_EQUAL(ok, n);
    for (int k = 0; k < CCREF_KIND_COUNT; k++)
        CU_ASSERT(seen[k]);
    for (int c = 0; c < CCREF_CONTACT_COUNT; c++)
        CU_ASSERT(seen_contact[c]);
    CU_ASSERT_EQUAL(rules, 3);
}

/* A contact class through the CLI: PointPlaneContact on Ground with normal +y, height 0.5, follower at
 * (0.1, 0.7, 0.2) moving at (1, 2, 3). perr = 0.7 - 0.5 (one rounding: 0x1.9999999999998p-3, the double
 * nearest 0.19999999999999996), verr = 2 (normal component of the velocity); Px = perp(+y) = (0,0,-1),
 * Py = +y x Px = (-1,0,0), so slip = (v.Px, v.Py) = (-3, -1); height != 0 sets PPC_HEIGHT_DROPPED. */
static void test_contact_case(void)
{
    cli_run r = run_cli("eval",
                        "{\"kind\": \"point_plane\", \"params\": {\"normal_in_b1\": [0,1,0], \"height\": 0.5, "
                        "\"follower_in_b2\": [0,0,0]}, \"body1\": \"ground\", \"body2\": {\"R\": [[1,0,0],[0,1,0],[0,0,1]], "
                        "\"p\": [0.1,0.7,0.2], \"v\": [1,2,3]}, \"material\": {\"min_cor\": 0.5, \"mu_s\": 0.8, "
                        "\"mu_d\": 0.6, \"mu_v\": 0}, \"speeds\": {\"capture_speed\": 0.1, \"min_cor_speed\": 1, "
                        "\"transition_speed\": 0.01}, \"lambda\": [-2, 0, 0]}\n");
    CU_ASSERT_EQUAL(r.exit_status, 0);
    CU_ASSERT_FATAL(r.n == 1);
    json_t *o = r.lines[0];
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(o, "status")), "OK");
    CU_ASSERT_EQUAL(json_integer_value(json_object_get(o, "sign")), 1);
    check_pair(json_object_get(o, "perr"), 0.7 - 0.5);
    check_pair(json_object_get(o, "verr"), 2.0);
    json_t *slip = json_object_get(json_object_get(o, "slip_velocity"), "dec");
    CU_ASSERT_EQUAL(json_number_value(json_array_get(slip, 0)), -3.0);
    CU_ASSERT_EQUAL(json_number_value(json_array_get(slip, 1)), -1.0);
    json_t *dev = json_object_get(json_object_get(o, "constraint"), "deviations");
    int height_flag = 0;
    for (size_t i = 0; i < json_array_size(dev); i++)
        height_flag |= !strcmp(json_string_value(json_array_get(dev, i)), "PPC_HEIGHT_DROPPED");
    CU_ASSERT(height_flag);
    free_run(&r);
}

static void register_cli(CU_pSuite s)
{
    CU_add_test(s, "--help shows the case format", test_help);
    CU_add_test(s, "hanging pendulum case, hex and decimal agree", test_pendulum_case);
    CU_add_test(s, "hex-float input is read exactly", test_hex_input);
    CU_add_test(s, "bad lines: error objects, other lines run, exit 1", test_bad_lines);
    CU_add_test(s, "bad values: kernel status in the result", test_status_case);
    CU_add_test(s, "examples/cases.jsonl covers every kind and runs clean", test_example_file);
    CU_add_test(s, "a unilateral contact class through the CLI", test_contact_case);
}
CCREF_TEST_SUITE("cli", register_cli)
