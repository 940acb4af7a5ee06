/* dispatch.c: generic entry point over every constraint kind (used by the CLI, tests and benchmarks). */
#include <string.h>

#include "common.h"

static const char *const kind_names[CCREF_KIND_COUNT] = {
    [CCREF_KIND_BALL] = "ball",
    [CCREF_KIND_ROD] = "rod",
    [CCREF_KIND_POINT_IN_PLANE] = "point_in_plane",
    [CCREF_KIND_CONSTANT_COORDINATE] = "constant_coordinate",
    [CCREF_KIND_SPHERE_ON_PLANE] = "sphere_on_plane",
    [CCREF_KIND_BALL_ROLLING_ON_PLANE] = "ball_rolling_on_plane",
    [CCREF_KIND_SPHERE_ON_SPHERE] = "sphere_on_sphere",
    [CCREF_KIND_POINT_ON_PLANE] = "point_on_plane",
    [CCREF_KIND_LINE_ON_LINE] = "line_on_line",
    [CCREF_KIND_WELD] = "weld",
};

/*@ assigns \nothing;
    behavior out_of_range: assumes !(0 <= kind < CCREF_KIND_COUNT); ensures \result == \null;
    behavior in_range: assumes 0 <= kind < CCREF_KIND_COUNT; ensures \result == kind_names[kind];
    complete behaviors; disjoint behaviors; */
const char *ccref_kind_name(ccref_kind kind)
{
    if ((unsigned)kind >= CCREF_KIND_COUNT)
        return NULL;
    return kind_names[kind];
}

/*@ requires name == \null || valid_read_string(name);
    // The table's entries are string literals; WP does not derive that from the initializer, so it is stated here.
    requires names: \forall integer k; 0 <= k < CCREF_KIND_COUNT ==> valid_read_string(kind_names[k]);
    assigns \nothing;
    ensures range: 0 <= \result <= CCREF_KIND_COUNT;
    ensures null: name == \null ==> \result == CCREF_KIND_COUNT; */
ccref_kind ccref_kind_from_name(const char *name)
{
    if (name != NULL)
        /*@ loop invariant 0 <= k <= CCREF_KIND_COUNT;
            loop assigns k; loop variant CCREF_KIND_COUNT - k; */
        for (int k = 0; k < CCREF_KIND_COUNT; k++)
            if (strcmp(name, kind_names[k]) == 0)
                return (ccref_kind)k;
    return CCREF_KIND_COUNT;
}

/*@ requires c == \null || \valid_read(c);
    requires mp == \null || \valid(mp);
    requires mv == \null || \valid(mv);
    requires \separated(mp, mv);
    assigns *mp, *mv;
    behavior null: assumes c == \null || mp == \null || mv == \null;
      assigns \nothing; ensures \result == CCREF_E_NULL_ARGUMENT;
    behavior unknown: assumes c != \null && mp != \null && mv != \null && !(0 <= c->kind < CCREF_KIND_COUNT);
      assigns \nothing; ensures \result == CCREF_E_UNKNOWN_KIND;
    behavior known: assumes c != \null && mp != \null && mv != \null && 0 <= c->kind < CCREF_KIND_COUNT;
      ensures \result == CCREF_OK;
      ensures *mp == (c->kind == CCREF_KIND_BALL ? 3 : c->kind == CCREF_KIND_WELD ? 6 : 1);
      ensures c->kind == CCREF_KIND_BALL || c->kind == CCREF_KIND_ROD || c->kind == CCREF_KIND_POINT_IN_PLANE ||
              c->kind == CCREF_KIND_CONSTANT_COORDINATE || c->kind == CCREF_KIND_WELD ==> *mv == 0;
      ensures c->kind == CCREF_KIND_BALL_ROLLING_ON_PLANE || c->kind == CCREF_KIND_POINT_ON_PLANE ==> *mv == 2;
      // \old: the case as given (nothing separates it from *mp and *mv, which are written last)
      ensures c->kind == CCREF_KIND_SPHERE_ON_PLANE ==> *mv == (\old(c->params.sphere_on_plane.rolling) != 0 ? 2 : 0);
      ensures c->kind == CCREF_KIND_SPHERE_ON_SPHERE ==> *mv == (\old(c->params.sphere_on_sphere.rolling) != 0 ? 2 : 0);
      ensures c->kind == CCREF_KIND_LINE_ON_LINE ==> *mv == (\old(c->params.line_on_line.rolling) != 0 ? 2 : 0);
    complete behaviors; disjoint behaviors; */
ccref_status ccref_case_rows(const ccref_case *c, int *mp, int *mv)
{
    if (c == NULL || mp == NULL || mv == NULL)
        return CCREF_E_NULL_ARGUMENT;
    /* computed first and written only on success: an unknown kind leaves *mp and *mv as they were */
    int rows = 1, rolling = 0;
    switch (c->kind) {
    case CCREF_KIND_BALL: rows = 3; break;
    case CCREF_KIND_ROD:
    case CCREF_KIND_POINT_IN_PLANE:
    case CCREF_KIND_CONSTANT_COORDINATE: break;
    case CCREF_KIND_SPHERE_ON_PLANE: rolling = c->params.sphere_on_plane.rolling != 0; break;
    case CCREF_KIND_BALL_ROLLING_ON_PLANE:
    case CCREF_KIND_POINT_ON_PLANE: rolling = 1; break;
    case CCREF_KIND_SPHERE_ON_SPHERE: rolling = c->params.sphere_on_sphere.rolling != 0; break;
    case CCREF_KIND_LINE_ON_LINE: rolling = c->params.line_on_line.rolling != 0; break;
    case CCREF_KIND_WELD: rows = 6; break;
    default: return CCREF_E_UNKNOWN_KIND;
    }
    *mp = rows;
    *mv = rolling ? 2 : 0;
    return CCREF_OK;
}

/* Every byte of *res zero, padding included, for the errors found before a kernel runs (a NULL case, an unknown
 * kind), where no kernel zeroes its own member. As zero_result in contacts.c, WP's typed memory model cannot
 * follow memset's char view of the struct: WP takes this contract as a hypothesis (proofs/README.md), EVA proves
 * the call safe and the CUnit suite checks the bytes. */
/*@ requires \valid(res); assigns *res; */
static void zero_case_result(ccref_result *res) { memset(res, 0, sizeof *res); }

/* Contract: memory (the kernel's arguments are the case's fields and the matching member of the result union), the
 * kind recorded, and E_UNKNOWN_KIND exactly for kinds out of range; each kernel's own contract gives the rest. */
/*@ requires c == \null || \valid_read(c);
    requires res == \null || \valid(res);
    requires \separated(c, res) && \separated(res, &errno);
    // The contract covers counts within the case's lambda array; a larger count is rejected by every kernel with
    // CCREF_E_LAMBDA_COUNT before any read (tests/test_*.c), but the kernels' preconditions ask for n_lambda valid reads.
    requires lambda_count: c == \null || c->n_lambda <= CCREF_MAX_ROWS;
    assigns *res, errno;  // errno: Frama-C's libc model of sqrt in some kernels (the build has -fno-math-errno)
    behavior null_result: assumes res == \null;
      assigns \nothing; ensures \result == CCREF_E_NULL_ARGUMENT;
    behavior null_case: assumes res != \null && c == \null;
      ensures \result == CCREF_E_NULL_ARGUMENT;
    behavior unknown: assumes c != \null && res != \null && !(0 <= c->kind < CCREF_KIND_COUNT);
      ensures \result == CCREF_E_UNKNOWN_KIND && res->kind == \old(c->kind);
    behavior known: assumes c != \null && res != \null && 0 <= c->kind < CCREF_KIND_COUNT;
      ensures res->kind == \old(c->kind);
    complete behaviors; disjoint behaviors; */
ccref_status ccref_eval(const ccref_case *c, ccref_result *res)
{
    if (res == NULL)
        return CCREF_E_NULL_ARGUMENT;
    if (c == NULL) {
        zero_case_result(res);
        return CCREF_E_NULL_ARGUMENT;
    }
    if ((unsigned)c->kind >= CCREF_KIND_COUNT) {
        zero_case_result(res);
        res->kind = c->kind;
        return CCREF_E_UNKNOWN_KIND;
    }
    res->kind = c->kind; /* each kernel initialises every field of its own result */
    const double *l = c->lambda;
    size_t n = c->n_lambda;
    const ccref_body *b1 = &c->body1, *b2 = &c->body2;
    switch (c->kind) {
    case CCREF_KIND_BALL: return ccref_ball_eval(&c->params.ball, b1, b2, l, n, &res->u.ball);
    case CCREF_KIND_ROD: return ccref_rod_eval(&c->params.rod, b1, b2, l, n, &res->u.rod);
    case CCREF_KIND_POINT_IN_PLANE:
        return ccref_point_in_plane_eval(&c->params.point_in_plane, b1, b2, l, n, &res->u.point_in_plane);
    case CCREF_KIND_CONSTANT_COORDINATE:
        return ccref_constant_coordinate_eval(&c->params.constant_coordinate, &c->coordinate, l, n,
                                              &res->u.constant_coordinate);
    case CCREF_KIND_SPHERE_ON_PLANE:
        return ccref_sphere_on_plane_eval(&c->params.sphere_on_plane, b1, b2, l, n, &res->u.sphere_on_plane);
    case CCREF_KIND_BALL_ROLLING_ON_PLANE:
        return ccref_ball_rolling_on_plane_eval(&c->params.ball_rolling_on_plane, b1, b2, l, n,
                                                &res->u.ball_rolling_on_plane);
    case CCREF_KIND_SPHERE_ON_SPHERE:
        return ccref_sphere_on_sphere_eval(&c->params.sphere_on_sphere, b1, b2, l, n, &res->u.sphere_on_sphere);
    case CCREF_KIND_POINT_ON_PLANE:
        return ccref_point_on_plane_eval(&c->params.point_on_plane, b1, b2, l, n, &res->u.point_on_plane);
    case CCREF_KIND_LINE_ON_LINE:
        return ccref_line_on_line_eval(&c->params.line_on_line, b1, b2, l, n, &res->u.line_on_line);
    case CCREF_KIND_WELD: return ccref_weld_eval(&c->params.weld, b1, b2, l, n, &res->u.weld);
    default: return CCREF_E_UNKNOWN_KIND;
    }
}
