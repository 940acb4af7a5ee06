/* engine_test.c: ccref used the way a physics engine's test suite would use it, against an INSTALLED ccref
 * (README, "Installing and linking"; tools/install-check builds and runs it):
 *
 *     cc -std=c11 -o engine_test engine_test.c $(pkg-config --cflags --libs ccref jansson)
 *     ./engine_test "$(pkg-config --variable=vectorsdir ccref)/rod.json"
 *
 * 1. A rod pendulum with hand-derived values through the public API (ccref_eval), each value held to the proven
 *    error bound of that output for that case (ccref_bounds_case).
 * 2. The published vectors: every valid test of the "random" group of rod.json (format: spec/vectors.md),
 *    evaluated and compared with the expected values within their published tolerance of the double tier, which
 *    holds for every evaluation order in binary64. The outputs are the kernel's (ccref_eval) and the generic
 *    Constraint handle's (ccref_handle_case: P, bias, power; spec/constraint_handle.md). An engine would evaluate its
 *    own Rod here; this example evaluates ccref's, so every test passes.
 * Exit status 0 when everything passes, 1 otherwise. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ccref/ccref.h>
#include <ccref/ccref_bounds.h>
#include <ccref/ccref_handle.h>
#include <ccref/ccref_outputs.h>
#include <ccref/ccref_version.h>
#include <jansson.h>

static int failures = 0;

/* ---- 1. A hand-derived case */

/* A bob hanging straight down from a fixed pivot (the origin) at distance 2 on a rod of length 1.5: Cz = (0,-1,0).
 * The bob moves at v = (3, -1, 0) and does not accelerate, and the multiplier is 3. Then (spec/rod.md)
 *   perr = |p| - d = 0.5; verr = v . Cz = 1; the relative velocity across the rod is (3,0,0), so
 *   aerr = a . Cz + |v across|^2 / |p| = 0 + 9/2 = 4.5; the body forces are G^T lambda = lambda Cz on the bob
 *   and its negative on Ground (zero arms: no moments); tension = lambda; orientation = Cz. */
static void hand_derived_rod(void)
{
    ccref_case c = {.kind = CCREF_KIND_ROD};
    c.params.rod = (ccref_rod_params){.station1_in_b1 = {0, 0, 0}, .station2_in_b2 = {0, 0, 0}, .length = 1.5};
    c.body1 = ccref_body_ground();
    c.body2 = ccref_body_ground(); /* identity orientation, then the bob's position and velocity */
    c.body2.p = (ccref_vec3){0, -2, 0};
    c.body2.v = (ccref_vec3){3, -1, 0};
    c.lambda[0] = 3;
    c.n_lambda = 1;

    static const struct { const char *name; double value; } expected[] = {
        {"perr[0]", 0.5}, {"verr[0]", 1}, {"aerr[0]", 4.5},
        {"force_on_body1.force.y", 3}, {"force_on_body2.force.y", -3}, {"force_on_body2.moment.z", 0},
        {"tension", 3}, {"orientation.y", -1},
    };

    ccref_result r;
    ccref_bounds b;
    double v[CCREF_SLOT_MAX];
    ccref_status st = ccref_eval(&c, &r);
    if (st != CCREF_OK || ccref_bounds_case(&c, &b) != CCREF_OK) {
        printf("rod pendulum: status %s\n", ccref_status_name(st));
        failures++;
        return;
    }
    ccref_flatten_result(c.kind, &r, v);
    for (size_t i = 0; i < sizeof expected / sizeof expected[0]; i++) {
        int slot = ccref_output_slot(c.kind, expected[i].name);
        double err = fabs(v[slot] - expected[i].value);
        int ok = err <= b.bound[slot];
        printf("rod pendulum: %-24s = %-4g (expected %g, proven bound %.3g)%s\n", expected[i].name, v[slot],
               expected[i].value, b.bound[slot], ok ? "" : "  FAIL");
        failures += !ok;
    }
}

/* ---- 2. The published vectors */

/* A number of the vector files: a C99 hex float string ("0x1.8p+1", read exactly by strtod) or a JSON number. */
static double num(const json_t *j)
{
    return json_is_string(j) ? strtod(json_string_value(j), NULL) : json_number_value(j);
}

static ccref_vec3 vec3(const json_t *a)
{
    return (ccref_vec3){num(json_array_get(a, 0)), num(json_array_get(a, 1)), num(json_array_get(a, 2))};
}

/* "ground", or {"R": rows, "p", "w", "v", "b", "a"} (absent motion fields are zero). */
static ccref_body body(const json_t *j)
{
    ccref_body b = ccref_body_ground();
    if (!json_is_object(j))
        return b;
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < 3; k++)
            b.R.m[i][k] = num(json_array_get(json_array_get(json_object_get(j, "R"), i), k));
    ccref_vec3 *field[] = {&b.p, &b.w, &b.v, &b.b, &b.a};
    const char *name[] = {"p", "w", "v", "b", "a"};
    for (int f = 0; f < 5; f++)
        if (json_object_get(j, name[f]))
            *field[f] = vec3(json_object_get(j, name[f]));
    return b;
}

/* One rod test: evaluate its case and compare the status and every compared value with the expected answer. */
static int run_test(const json_t *test, const json_t *outputs, int *compared)
{
    const json_t *cj = json_object_get(test, "case"), *prm = json_object_get(cj, "params");
    const json_t *exp = json_object_get(test, "expected"), *lambda = json_object_get(cj, "lambda");
    ccref_case c = {.kind = CCREF_KIND_ROD};
    c.params.rod.station1_in_b1 = vec3(json_object_get(prm, "station1_in_b1"));
    c.params.rod.station2_in_b2 = vec3(json_object_get(prm, "station2_in_b2"));
    c.params.rod.length = num(json_object_get(prm, "length"));
    c.body1 = body(json_object_get(cj, "body1"));
    c.body2 = body(json_object_get(cj, "body2"));
    c.n_lambda = json_array_size(lambda);
    for (size_t i = 0; i < c.n_lambda && i < CCREF_MAX_ROWS; i++)
        c.lambda[i] = num(json_array_get(lambda, i));

    ccref_result r;
    ccref_handle h;
    double v[CCREF_SLOT_MAX], hv[CCREF_HSLOT_N];
    ccref_status st = ccref_eval(&c, &r);
    if (ccref_status_ok(st)) { /* the published status is the handle's when the case is OK and the handle is not */
        ccref_status hs = ccref_handle_case(&c, &h);
        st = ccref_status_ok(hs) ? st : hs;
    }
    int ok = strcmp(ccref_status_name(st), json_string_value(json_object_get(exp, "status"))) == 0;
    if (!ok)
        printf("  rod/%lld: status %s, expected %s\n", json_integer_value(json_object_get(test, "tcId")),
               ccref_status_name(st), json_string_value(json_object_get(exp, "status")));
    if (!ok || !ccref_status_ok(st))
        return ok; /* an error status has no values */
    ccref_flatten_result(c.kind, &r, v);
    ccref_flatten_handle(&h, hv);
    size_t i;
    const json_t *value; /* [hex, dec, ccref, double, binary32, cert]: a double engine is held to "double" */
    json_array_foreach(json_object_get(exp, "values"), i, value) {
        const json_t *tol = json_array_get(value, 3), *cert = json_array_get(value, 5);
        if (json_is_null(tol) || !json_is_integer(cert))
            continue; /* no bound claimed, or not certified: not compared */
        const char *name = json_string_value(json_array_get(outputs, i));
        int slot = name ? ccref_output_slot(c.kind, name) : -1;
        int hslot = name && slot < 0 ? ccref_handle_output_slot(ccref_kind_mp(c.kind), 0, name) : -1;
        double got = slot >= 0 ? v[slot] : hslot >= 0 ? hv[hslot] : NAN, want = num(json_array_get(value, 0));
        (*compared)++;
        if (!(fabs(got - want) <= num(tol))) { /* a NaN (unknown output) fails too */
            printf("  rod/%lld: %s = %a, expected %a within %a\n", json_integer_value(json_object_get(test, "tcId")),
                   name, got, want, num(tol));
            ok = 0;
        }
    }
    return ok;
}

static void published_vectors(const char *path, const char *family)
{
    json_error_t err;
    json_t *root = json_load_file(path, 0, &err);
    if (root == NULL) {
        printf("%s:%d: %s\n", path, err.line, err.text);
        failures++;
        return;
    }
    int tests = 0, passed = 0, compared = 0;
    size_t g, t;
    const json_t *group, *test;
    json_array_foreach(json_object_get(root, "testGroups"), g, group) {
        if (strcmp(json_string_value(json_object_get(group, "family")), family) != 0)
            continue;
        json_array_foreach(json_object_get(group, "tests"), t, test) {
            if (strcmp(json_string_value(json_object_get(test, "result")), "valid") != 0)
                continue;
            tests++;
            passed += run_test(test, json_object_get(group, "outputs"), &compared);
        }
    }
    printf("%s, family %s: %d of %d valid tests passed (%d values compared)\n", path, family, passed, tests,
           compared);
    failures += tests - passed + (tests == 0);
    json_decref(root);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: engine_test VECTORS_DIR/rod.json\n");
        return 2;
    }
    printf("ccref %s\n", ccref_version());
    hand_derived_rod();
    published_vectors(argv[1], "random");
    printf(failures ? "engine_test: %d failure(s)\n" : "engine_test: all passed\n", failures);
    return failures != 0;
}
