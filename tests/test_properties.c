/* test_properties.c: properties every kind must have, checked through ccref_eval on random well-conditioned
 * cases (tests/cases.h): Newton's third law for the body forces, the power identity
 * sum_k (M_k . w_k + F_k . v_k) = lambda . verr (the forces are G^T lambda), and invariance under one rigid
 * motion (Q, t) applied to both bodies. Tolerances: spec/conventions.md, "Property-test tolerances". */
#include <string.h>

#include "cases.h"

#define N_CASES 400
static const double U = 0x1p-53;         /* unit roundoff */
static const double K_ROUND = 65536.0;   /* spec/conventions.md section 9: 2 x gamma_63 x 512 < 65536 u */

static double nrm(ccref_vec3 a) { return sqrt(a.x * a.x + a.y * a.y + a.z * a.z); }
static double dot(ccref_vec3 a, ccref_vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static ccref_vec3 cross(ccref_vec3 a, ccref_vec3 b)
{
    ccref_vec3 r = {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
    return r;
}
static ccref_vec3 add(ccref_vec3 a, ccref_vec3 b) { ccref_vec3 r = {a.x + b.x, a.y + b.y, a.z + b.z}; return r; }
static ccref_vec3 sub(ccref_vec3 a, ccref_vec3 b) { ccref_vec3 r = {a.x - b.x, a.y - b.y, a.z - b.z}; return r; }
static ccref_vec3 scale(double s, ccref_vec3 a) { ccref_vec3 r = {s * a.x, s * a.y, s * a.z}; return r; }
static ccref_vec3 rot(const ccref_mat3 *Q, ccref_vec3 a)
{
    ccref_vec3 r = {Q->m[0][0] * a.x + Q->m[0][1] * a.y + Q->m[0][2] * a.z,
                    Q->m[1][0] * a.x + Q->m[1][1] * a.y + Q->m[1][2] * a.z,
                    Q->m[2][0] * a.x + Q->m[2][1] * a.y + Q->m[2][2] * a.z};
    return r;
}
static ccref_mat3 matmul(const ccref_mat3 *A, const ccref_mat3 *B)
{
    ccref_mat3 r;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            r.m[i][j] = A->m[i][0] * B->m[0][j] + A->m[i][1] * B->m[1][j] + A->m[i][2] * B->m[2][j];
    return r;
}
static ccref_vec3 col(const ccref_mat3 *R, int j) { ccref_vec3 c = {R->m[0][j], R->m[1][j], R->m[2][j]}; return c; }
static double maxd(double a, double b) { return a > b ? a : b; }

/* Scales of the case (spec/conventions.md): geometry L, speeds W, V, accelerations B, A, multipliers F. */
typedef struct { double L, W, V, B, A, F; } scales;

static scales case_scales(const ccref_case *c)
{
    scales s;
    s.L = 8.0 + nrm(c->body1.p) + nrm(c->body2.p);
    s.W = maxd(nrm(c->body1.w), nrm(c->body2.w));
    s.V = maxd(nrm(c->body1.v), nrm(c->body2.v));
    s.B = maxd(nrm(c->body1.b), nrm(c->body2.b));
    s.A = maxd(nrm(c->body1.a), nrm(c->body2.a));
    s.F = 0.0;
    for (size_t i = 0; i < c->n_lambda; i++)
        s.F += fabs(c->lambda[i]);
    if (c->kind == CCREF_KIND_CONSTANT_COORDINATE) {
        s.L = 8.0; s.W = 0.0; s.V = fabs(c->coordinate.qdot); s.A = fabs(c->coordinate.qdotdot);
    }
    return s;
}
static double tol_p(const scales *s) { return K_ROUND * U * s->L; }
static double tol_v(const scales *s) { return K_ROUND * U * (s->L * s->W + s->V); }
static double tol_a(const scales *s) { return K_ROUND * U * (s->L * s->W * s->W + s->L * s->B + s->V * s->W + s->A); }
static double tol_f(const scales *s) { return K_ROUND * U * s->F * s->L; }

static int kind_has_rolling_variant(ccref_kind k)
{
    return k == CCREF_KIND_SPHERE_ON_PLANE || k == CCREF_KIND_SPHERE_ON_SPHERE || k == CCREF_KIND_LINE_ON_LINE;
}

/* Run fn on N_CASES random cases of every kind (both variants where there is a rolling flag). */
static void for_each_case(void (*fn)(const ccref_case *c), uint64_t seed)
{
    ccref_rng rng = {seed};
    for (int k = 0; k < CCREF_KIND_COUNT; k++)
        for (int rolling = 0; rolling <= kind_has_rolling_variant((ccref_kind)k); rolling++)
            for (int i = 0; i < N_CASES; i++) {
                ccref_case c = ccref_random_case(&rng, (ccref_kind)k, rolling);
                fn(&c);
            }
}

/* ------------------------------------------------------------------ Newton's third law */

static void check_third_law(const ccref_case *c)
{
    ccref_result r;
    ccref_status st = ccref_eval(c, &r);
    CU_ASSERT_FATAL(ccref_status_ok(st));
    const ccref_output *o = &r.u.out;
    /* Forces: the kernels negate, and negation is exact, so equality is bitwise. */
    CU_ASSERT(o->force_on_body1.force.x == -o->force_on_body2.force.x);
    CU_ASSERT(o->force_on_body1.force.y == -o->force_on_body2.force.y);
    CU_ASSERT(o->force_on_body1.force.z == -o->force_on_body2.force.z);
    /* Moments about G's origin cancel: the two forces of each pair share a line of action. */
    ccref_vec3 total = add(add(o->force_on_body1.moment, cross(c->body1.p, o->force_on_body1.force)),
                           add(o->force_on_body2.moment, cross(c->body2.p, o->force_on_body2.force)));
    scales s = case_scales(c);
    CU_ASSERT(nrm(total) <= tol_f(&s));
}

static void test_third_law(void) { for_each_case(check_third_law, 1); }

/* ------------------------------------------------------------------ power identity */

static void check_power(const ccref_case *c)
{
    ccref_result r;
    CU_ASSERT_FATAL(ccref_status_ok(ccref_eval(c, &r)));
    const ccref_output *o = &r.u.out;
    double power;
    if (c->kind == CCREF_KIND_CONSTANT_COORDINATE)
        power = r.u.constant_coordinate.generalized_force * c->coordinate.qdot;
    else
        power = dot(o->force_on_body1.moment, c->body1.w) + dot(o->force_on_body1.force, c->body1.v) +
                dot(o->force_on_body2.moment, c->body2.w) + dot(o->force_on_body2.force, c->body2.v);
    double lv = 0.0;
    for (int i = 0; i < o->mp + o->mv; i++)
        lv += c->lambda[i] * o->verr[i];
    scales s = case_scales(c);
    CU_ASSERT(fabs(power - lv) <= s.F * tol_v(&s));
}

static void test_power_identity(void) { for_each_case(check_power, 2); }

/* ------------------------------------------------------------------ rigid-motion invariance */

typedef struct { ccref_mat3 Q; ccref_vec3 t; } rigid_motion;

static ccref_body move_body(const rigid_motion *m, const ccref_body *b)
{
    ccref_body r;
    r.R = matmul(&m->Q, &b->R);
    r.p = add(rot(&m->Q, b->p), m->t);
    r.w = rot(&m->Q, b->w);
    r.v = rot(&m->Q, b->v);
    r.b = rot(&m->Q, b->b);
    r.a = rot(&m->Q, b->a);
    return r;
}

#define NEAR(a, b, tol) CU_ASSERT(fabs((a) - (b)) <= (tol))
static void near_vec(ccref_vec3 moved, ccref_vec3 expected, double tol) { CU_ASSERT(nrm(sub(moved, expected)) <= tol); }

static rigid_motion current_motion;

static void check_invariance(const ccref_case *c)
{
    if (c->kind == CCREF_KIND_CONSTANT_COORDINATE)
        return; /* no bodies */
    const rigid_motion *m = &current_motion;
    ccref_case c2 = *c;
    c2.body1 = move_body(m, &c->body1);
    c2.body2 = move_body(m, &c->body2);
    if (c->kind == CCREF_KIND_BALL) { /* lambda is a force vector in G */
        ccref_vec3 l = {c->lambda[0], c->lambda[1], c->lambda[2]};
        l = rot(&m->Q, l);
        c2.lambda[0] = l.x; c2.lambda[1] = l.y; c2.lambda[2] = l.z;
    }
    ccref_result r1, r2;
    CU_ASSERT_FATAL(ccref_status_ok(ccref_eval(c, &r1)));
    CU_ASSERT_FATAL(ccref_status_ok(ccref_eval(&c2, &r2)));
    if (c->kind == CCREF_KIND_SPHERE_ON_SPHERE && c->params.sphere_on_sphere.rolling) {
        /* The tangent axes come from perp() on G components, which is not rotation-covariant. Give the moved case
         * the multipliers of the same physical tangential force in its own axes. */
        const ccref_frame *f1 = &r1.u.sphere_on_sphere.contact_frame, *f2 = &r2.u.sphere_on_sphere.contact_frame;
        ccref_vec3 ft = rot(&m->Q, add(scale(c->lambda[1], col(&f1->R, 0)), scale(c->lambda[2], col(&f1->R, 1))));
        c2.lambda[1] = dot(ft, col(&f2->R, 0));
        c2.lambda[2] = dot(ft, col(&f2->R, 1));
        CU_ASSERT_FATAL(ccref_status_ok(ccref_eval(&c2, &r2)));
    }
    scales s = case_scales(c);
    s.L += nrm(m->t); /* the moved bodies' origins are up to |t| further out */
    const ccref_output *o1 = &r1.u.out, *o2 = &r2.u.out;
    CU_ASSERT_EQUAL(o1->mp, o2->mp);
    CU_ASSERT_EQUAL(o1->mv, o2->mv);
    if (c->kind == CCREF_KIND_BALL) { /* rows form G vectors */
        ccref_vec3 p1 = {o1->perr[0], o1->perr[1], o1->perr[2]}, p2 = {o2->perr[0], o2->perr[1], o2->perr[2]};
        ccref_vec3 v1 = {o1->verr[0], o1->verr[1], o1->verr[2]}, v2 = {o2->verr[0], o2->verr[1], o2->verr[2]};
        ccref_vec3 a1 = {o1->aerr[0], o1->aerr[1], o1->aerr[2]}, a2 = {o2->aerr[0], o2->aerr[1], o2->aerr[2]};
        near_vec(p2, rot(&m->Q, p1), tol_p(&s));
        near_vec(v2, rot(&m->Q, v1), tol_v(&s));
        near_vec(a2, rot(&m->Q, a1), tol_a(&s));
        near_vec(r2.u.ball.reaction_on_body1_in_b1, r1.u.ball.reaction_on_body1_in_b1, tol_f(&s));
        near_vec(r2.u.ball.reaction_on_body2_in_b2, r1.u.ball.reaction_on_body2_in_b2, tol_f(&s));
    } else if (c->kind == CCREF_KIND_SPHERE_ON_SPHERE && o1->mv == 2) {
        NEAR(o2->perr[0], o1->perr[0], tol_p(&s));
        NEAR(o2->verr[0], o1->verr[0], tol_v(&s));
        NEAR(o2->aerr[0], o1->aerr[0], tol_a(&s));
        const ccref_frame *f1 = &r1.u.sphere_on_sphere.contact_frame, *f2 = &r2.u.sphere_on_sphere.contact_frame;
        ccref_vec3 vt1 = add(scale(o1->verr[1], col(&f1->R, 0)), scale(o1->verr[2], col(&f1->R, 1)));
        ccref_vec3 vt2 = add(scale(o2->verr[1], col(&f2->R, 0)), scale(o2->verr[2], col(&f2->R, 1)));
        ccref_vec3 at1 = add(scale(o1->aerr[1], col(&f1->R, 0)), scale(o1->aerr[2], col(&f1->R, 1)));
        ccref_vec3 at2 = add(scale(o2->aerr[1], col(&f2->R, 0)), scale(o2->aerr[2], col(&f2->R, 1)));
        near_vec(vt2, rot(&m->Q, vt1), tol_v(&s));
        near_vec(at2, rot(&m->Q, at1), tol_a(&s));
    } else {
        for (int i = 0; i < o1->mp; i++)
            NEAR(o2->perr[i], o1->perr[i], tol_p(&s));
        for (int i = 0; i < o1->mp + o1->mv; i++) {
            NEAR(o2->verr[i], o1->verr[i], tol_v(&s));
            NEAR(o2->aerr[i], o1->aerr[i], tol_a(&s));
        }
    }
    near_vec(o2->force_on_body1.force, rot(&m->Q, o1->force_on_body1.force), tol_f(&s));
    near_vec(o2->force_on_body2.force, rot(&m->Q, o1->force_on_body2.force), tol_f(&s));
    near_vec(o2->force_on_body1.moment, rot(&m->Q, o1->force_on_body1.moment), tol_f(&s));
    near_vec(o2->force_on_body2.moment, rot(&m->Q, o1->force_on_body2.moment), tol_f(&s));
    CU_ASSERT_EQUAL(o1->deviations, o2->deviations);

    /* Auxiliary outputs: points move, directions rotate, scalars stay. */
#define POINT(field) near_vec(r2.u.field, add(rot(&m->Q, r1.u.field), m->t), tol_p(&s))
#define DIRECTION(v1, v2) near_vec((v2), rot(&m->Q, (v1)), tol_p(&s))
    switch (c->kind) {
    case CCREF_KIND_ROD:
        NEAR(r2.u.rod.tension, r1.u.rod.tension, 0.0);
        DIRECTION(r1.u.rod.orientation, r2.u.rod.orientation);
        break;
    case CCREF_KIND_POINT_IN_PLANE: POINT(point_in_plane.follower_point); break;
    case CCREF_KIND_SPHERE_ON_PLANE:
        POINT(sphere_on_plane.contact_point);
        NEAR(r2.u.sphere_on_plane.separation, r1.u.sphere_on_plane.separation, tol_p(&s));
        near_vec(r2.u.sphere_on_plane.force_on_sphere, rot(&m->Q, r1.u.sphere_on_plane.force_on_sphere), tol_f(&s));
        break;
    case CCREF_KIND_BALL_ROLLING_ON_PLANE: {
        const ccref_ball_rolling_on_plane_result *b1 = &r1.u.ball_rolling_on_plane, *b2 = &r2.u.ball_rolling_on_plane;
        POINT(ball_rolling_on_plane.contact_point);
        for (int j = 0; j < 3; j++)
            DIRECTION(col(&b1->plane_axes, j), col(&b2->plane_axes, j));
        NEAR(b2->normal_force, b1->normal_force, tol_f(&s));
        NEAR(b2->friction_force_x, b1->friction_force_x, tol_f(&s));
        NEAR(b2->friction_force_y, b1->friction_force_y, tol_f(&s));
        break;
    }
    case CCREF_KIND_SPHERE_ON_SPHERE: {
        const ccref_sphere_on_sphere_result *s1 = &r1.u.sphere_on_sphere, *s2 = &r2.u.sphere_on_sphere;
        POINT(sphere_on_sphere.contact_frame.p);
        DIRECTION(col(&s1->contact_frame.R, 2), col(&s2->contact_frame.R, 2));
        NEAR(s2->separation, s1->separation, tol_p(&s));
        near_vec(s2->force_on_body2, rot(&m->Q, s1->force_on_body2), tol_f(&s));
        break;
    }
    case CCREF_KIND_POINT_ON_PLANE:
        POINT(point_on_plane.follower_point);
        near_vec(r2.u.point_on_plane.force_on_follower, rot(&m->Q, r1.u.point_on_plane.force_on_follower), tol_f(&s));
        break;
    case CCREF_KIND_LINE_ON_LINE: {
        const ccref_line_on_line_result *l1 = &r1.u.line_on_line, *l2 = &r2.u.line_on_line;
        CU_ASSERT_EQUAL(l1->sense, l2->sense);
        CU_ASSERT_EQUAL(l1->lines_are_parallel, l2->lines_are_parallel);
        POINT(line_on_line.closest_point1);
        POINT(line_on_line.closest_point2);
        POINT(line_on_line.contact_frame.p);
        for (int j = 0; j < 3; j++)
            DIRECTION(col(&l1->contact_frame.R, j), col(&l2->contact_frame.R, j));
        NEAR(l2->separation, l1->separation, tol_p(&s));
        near_vec(l2->force_on_body2, rot(&m->Q, l1->force_on_body2), tol_f(&s));
        break;
    }
    default: break;
    }
#undef POINT
#undef DIRECTION
}

static void test_rigid_motion_invariance(void)
{
    ccref_rng rng = {3};
    current_motion.Q = ccref_rng_rotation(&rng);
    current_motion.t = ccref_rng_vec3(&rng, -3.0, 3.0);
    for_each_case(check_invariance, 4);
}

/* The contact classes carry the underlying constraint's output: the same power identity and third law hold there. */
static void test_contact_classes(void)
{
    ccref_rng rng = {5};
    for (int cls = 0; cls < CCREF_CONTACT_COUNT; cls++)
        for (int i = 0; i < N_CASES; i++) {
            ccref_contact_case c = ccref_random_contact_case(&rng, (ccref_contact_class)cls);
            ccref_contact_result r;
            CU_ASSERT_FATAL(ccref_status_ok(ccref_contact_eval(&c, &r)));
            const ccref_output *o = &r.constraint;
            ccref_case scale_case = {0};
            scale_case.kind = (cls == CCREF_CONTACT_HARD_STOP_UPPER || cls == CCREF_CONTACT_HARD_STOP_LOWER)
                                  ? CCREF_KIND_CONSTANT_COORDINATE : CCREF_KIND_BALL;
            scale_case.body1 = c.body1;
            scale_case.body2 = c.body2;
            scale_case.coordinate = c.coordinate;
            scale_case.n_lambda = c.n_lambda;
            for (size_t k = 0; k < c.n_lambda; k++)
                scale_case.lambda[k] = c.lambda[k];
            scales s = case_scales(&scale_case);
            double power;
            if (scale_case.kind == CCREF_KIND_CONSTANT_COORDINATE)
                power = r.coordinate_force * c.coordinate.qdot;
            else
                power = dot(o->force_on_body1.moment, c.body1.w) + dot(o->force_on_body1.force, c.body1.v) +
                        dot(o->force_on_body2.moment, c.body2.w) + dot(o->force_on_body2.force, c.body2.v);
            double lv = 0.0;
            for (int k = 0; k < o->mp + o->mv; k++)
                lv += c.lambda[k] * o->verr[k];
            CU_ASSERT(fabs(power - lv) <= s.F * tol_v(&s));
            CU_ASSERT(o->force_on_body1.force.x == -o->force_on_body2.force.x);
            CU_ASSERT(o->force_on_body1.force.y == -o->force_on_body2.force.y);
            CU_ASSERT(o->force_on_body1.force.z == -o->force_on_body2.force.z);
            /* the class's scalar rows are the underlying normal row */
            CU_ASSERT_EQUAL(r.verr, o->verr[0]);
            CU_ASSERT_EQUAL(r.aerr, o->aerr[0]);
        }
}

static void register_properties(CU_pSuite s)
{
    CU_add_test(s, "Newton's third law, every kind", test_third_law);
    CU_add_test(s, "power identity F.V = lambda.verr, every kind", test_power_identity);
    CU_add_test(s, "invariance under a rigid motion of both bodies, every kind", test_rigid_motion_invariance);
    CU_add_test(s, "contact classes: power identity and third law of the underlying constraint", test_contact_classes);
}
CCREF_TEST_SUITE("properties", register_properties)
