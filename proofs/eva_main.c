/* eva_main.c: the EVA harness of `make verify-eva` (proofs/README.md, "Input box").
 *
 * One entry point per public function, eva_<name>(), run with `frama-c -eva -main eva_<name>`. Each builds
 * every input of the function as an interval covering the input box declared below and calls the function
 * once on those abstract inputs; EVA then proves the absence of run-time errors (overflow to Inf, NaN,
 * invalid sqrt, division by zero, invalid memory access, signed overflow) for every input in the box, or
 * reports an alarm. The box (finite inputs only: the kernels reject NaN/Inf before any arithmetic, and that
 * path is covered by WP's status behaviors):
 *
 *   positions, stations, frame origins, velocities, angular velocities,
 *   accelerations, angular accelerations, multipliers, heights, q, qdot, qdotdot   |x| <= MAG = 1e6
 *   radii, lengths, half-lengths                                                    [RMIN, MAG] = [1e-6, 1e6]
 *   rotation matrices (body orientations, fixed frames)                             every entry in [-1, 1]
 *   unit vectors (plane normals)                                                    every component in [-1, 1]
 *
 * The rotation and unit boxes contain every matrix that passes ccref_is_rotation and every vector that passes
 * ccref_check_unit (their entries are within 1e-12 of the unit sphere's, hence within [-1 - 1e-12, 1 + 1e-12];
 * the box uses the closed [-1, 1], see proofs/README.md for the margin), so an alarm-free run covers every
 * accepted input in the box. Relations EVA cannot represent (orthonormality, |n| = 1) are not assumed, which
 * only makes the analysis more pessimistic; where a bound needs them, the kernel states it as an ACSL
 * assertion proved by WP and EVA uses it (listed in proofs/README.md). */
#include "__fc_builtin.h"
#include "ccref.h"
#include "ccref_unilateral.h"

#define MAG 1000000.0
#define RMIN 0.000001

static double any(void) { return Frama_C_double_interval(-MAG, MAG); }
static double any_positive(void) { return Frama_C_double_interval(RMIN, MAG); }
static double any_unit_component(void) { return Frama_C_double_interval(-1.0, 1.0); }

static ccref_vec3 any_vec(void)
{
    ccref_vec3 v;
    v.x = any();
    v.y = any();
    v.z = any();
    return v;
}

static ccref_vec3 any_unit(void)
{
    ccref_vec3 v;
    v.x = any_unit_component();
    v.y = any_unit_component();
    v.z = any_unit_component();
    return v;
}

static ccref_mat3 any_rotation(void)
{
    ccref_mat3 R;
    R.m[0][0] = any_unit_component(); R.m[0][1] = any_unit_component(); R.m[0][2] = any_unit_component();
    R.m[1][0] = any_unit_component(); R.m[1][1] = any_unit_component(); R.m[1][2] = any_unit_component();
    R.m[2][0] = any_unit_component(); R.m[2][1] = any_unit_component(); R.m[2][2] = any_unit_component();
    return R;
}

static ccref_body any_body(void)
{
    ccref_body b;
    b.R = any_rotation();
    b.p = any_vec();
    b.w = any_vec();
    b.v = any_vec();
    b.b = any_vec();
    b.a = any_vec();
    return b;
}

static ccref_frame any_frame(void)
{
    ccref_frame f;
    f.R = any_rotation();
    f.p = any_vec();
    return f;
}

/* All three multipliers are set; the kernels read the first n_lambda of them. */
static void any_lambda(double *l)
{
    l[0] = any();
    l[1] = any();
    l[2] = any();
}

static int any_flag(void) { return Frama_C_interval(0, 1); }

void eva_ball(void)
{
    ccref_ball_params p;
    p.station1_in_b1 = any_vec();
    p.station2_in_b2 = any_vec();
    ccref_body b1 = any_body(), b2 = any_body();
    double l[3];
    any_lambda(l);
    ccref_ball_result r;
    ccref_ball_eval(&p, &b1, &b2, l, 3, &r);
}

void eva_rod(void)
{
    ccref_rod_params p;
    p.station1_in_b1 = any_vec();
    p.station2_in_b2 = any_vec();
    p.length = any_positive();
    ccref_body b1 = any_body(), b2 = any_body();
    double l[3];
    any_lambda(l);
    ccref_rod_result r;
    ccref_rod_eval(&p, &b1, &b2, l, 1, &r);
}

void eva_point_in_plane(void)
{
    ccref_point_in_plane_params p;
    p.normal_in_b1 = any_unit();
    p.height = any();
    p.follower_in_b2 = any_vec();
    ccref_body b1 = any_body(), b2 = any_body();
    double l[3];
    any_lambda(l);
    ccref_point_in_plane_result r;
    ccref_point_in_plane_eval(&p, &b1, &b2, l, 1, &r);
}

void eva_constant_coordinate(void)
{
    ccref_constant_coordinate_params p;
    p.position = any();
    ccref_coordinate q;
    q.q = any();
    q.qdot = any();
    q.qdotdot = any();
    double l[3];
    any_lambda(l);
    ccref_constant_coordinate_result r;
    ccref_constant_coordinate_eval(&p, &q, l, 1, &r);
}

void eva_sphere_on_plane(void)
{
    ccref_sphere_on_plane_params p;
    p.plane_frame_in_b1 = any_frame();
    p.center_in_b2 = any_vec();
    p.radius = any_positive();
    p.rolling = any_flag();
    ccref_body b1 = any_body(), b2 = any_body();
    double l[3];
    any_lambda(l);
    ccref_sphere_on_plane_result r;
    ccref_sphere_on_plane_eval(&p, &b1, &b2, l, p.rolling ? 3 : 1, &r);
}

void eva_ball_rolling_on_plane(void)
{
    ccref_ball_rolling_on_plane_params p;
    p.normal_in_b1 = any_unit();
    p.height = any();
    p.center_in_b2 = any_vec();
    p.radius = any_positive();
    ccref_body b1 = any_body(), b2 = any_body();
    double l[3];
    any_lambda(l);
    ccref_ball_rolling_on_plane_result r;
    ccref_ball_rolling_on_plane_eval(&p, &b1, &b2, l, 3, &r);
}

void eva_sphere_on_sphere(void)
{
    ccref_sphere_on_sphere_params p;
    p.center1_in_b1 = any_vec();
    p.radius1 = any_positive();
    p.center2_in_b2 = any_vec();
    p.radius2 = any_positive();
    p.rolling = any_flag();
    ccref_body b1 = any_body(), b2 = any_body();
    double l[3];
    any_lambda(l);
    ccref_sphere_on_sphere_result r;
    ccref_sphere_on_sphere_eval(&p, &b1, &b2, l, p.rolling ? 3 : 1, &r);
}

void eva_point_on_plane(void)
{
    ccref_point_on_plane_params p;
    p.plane_frame_in_b1 = any_frame();
    p.follower_in_b2 = any_vec();
    ccref_body b1 = any_body(), b2 = any_body();
    double l[3];
    any_lambda(l);
    ccref_point_on_plane_result r;
    ccref_point_on_plane_eval(&p, &b1, &b2, l, 3, &r);
}

void eva_line_on_line(void)
{
    ccref_line_on_line_params p;
    p.edge_frame1_in_b1 = any_frame();
    p.half_length1 = any_positive();
    p.edge_frame2_in_b2 = any_frame();
    p.half_length2 = any_positive();
    p.rolling = any_flag();
    ccref_body b1 = any_body(), b2 = any_body();
    double l[3];
    any_lambda(l);
    ccref_line_on_line_result r;
    ccref_line_on_line_eval(&p, &b1, &b2, l, p.rolling ? 3 : 1, &r);
}

/* The dispatcher: every kind with its own parameters in the box, and one kind out of range. */
static void dispatch_one(ccref_kind kind)
{
    ccref_case c;
    c.kind = kind;
    switch (kind) {
    case CCREF_KIND_BALL:
        c.params.ball.station1_in_b1 = any_vec();
        c.params.ball.station2_in_b2 = any_vec();
        break;
    case CCREF_KIND_ROD:
        c.params.rod.station1_in_b1 = any_vec();
        c.params.rod.station2_in_b2 = any_vec();
        c.params.rod.length = any_positive();
        break;
    case CCREF_KIND_POINT_IN_PLANE:
        c.params.point_in_plane.normal_in_b1 = any_unit();
        c.params.point_in_plane.height = any();
        c.params.point_in_plane.follower_in_b2 = any_vec();
        break;
    case CCREF_KIND_CONSTANT_COORDINATE:
        c.params.constant_coordinate.position = any();
        break;
    case CCREF_KIND_SPHERE_ON_PLANE:
        c.params.sphere_on_plane.plane_frame_in_b1 = any_frame();
        c.params.sphere_on_plane.center_in_b2 = any_vec();
        c.params.sphere_on_plane.radius = any_positive();
        c.params.sphere_on_plane.rolling = any_flag();
        break;
    case CCREF_KIND_BALL_ROLLING_ON_PLANE:
        c.params.ball_rolling_on_plane.normal_in_b1 = any_unit();
        c.params.ball_rolling_on_plane.height = any();
        c.params.ball_rolling_on_plane.center_in_b2 = any_vec();
        c.params.ball_rolling_on_plane.radius = any_positive();
        break;
    case CCREF_KIND_SPHERE_ON_SPHERE:
        c.params.sphere_on_sphere.center1_in_b1 = any_vec();
        c.params.sphere_on_sphere.radius1 = any_positive();
        c.params.sphere_on_sphere.center2_in_b2 = any_vec();
        c.params.sphere_on_sphere.radius2 = any_positive();
        c.params.sphere_on_sphere.rolling = any_flag();
        break;
    case CCREF_KIND_POINT_ON_PLANE:
        c.params.point_on_plane.plane_frame_in_b1 = any_frame();
        c.params.point_on_plane.follower_in_b2 = any_vec();
        break;
    case CCREF_KIND_LINE_ON_LINE:
        c.params.line_on_line.edge_frame1_in_b1 = any_frame();
        c.params.line_on_line.half_length1 = any_positive();
        c.params.line_on_line.edge_frame2_in_b2 = any_frame();
        c.params.line_on_line.half_length2 = any_positive();
        c.params.line_on_line.rolling = any_flag();
        break;
    default:
        c.params.ball.station1_in_b1 = any_vec();
        c.params.ball.station2_in_b2 = any_vec();
        break;
    }
    c.body1 = any_body();
    c.body2 = any_body();
    c.coordinate.q = any();
    c.coordinate.qdot = any();
    c.coordinate.qdotdot = any();
    any_lambda(c.lambda);
    c.n_lambda = (size_t)Frama_C_interval(0, 3);
    ccref_result r;
    ccref_eval(&c, &r);
    int mp, mv;
    ccref_case_rows(&c, &mp, &mv);
    ccref_kind_name(kind);
}

void eva_dispatch(void)
{
    dispatch_one(CCREF_KIND_BALL);
    dispatch_one(CCREF_KIND_ROD);
    dispatch_one(CCREF_KIND_POINT_IN_PLANE);
    dispatch_one(CCREF_KIND_CONSTANT_COORDINATE);
    dispatch_one(CCREF_KIND_SPHERE_ON_PLANE);
    dispatch_one(CCREF_KIND_BALL_ROLLING_ON_PLANE);
    dispatch_one(CCREF_KIND_SPHERE_ON_SPHERE);
    dispatch_one(CCREF_KIND_POINT_ON_PLANE);
    dispatch_one(CCREF_KIND_LINE_ON_LINE);
    dispatch_one(CCREF_KIND_COUNT);
}

/* Speeds of the unilateral rules: 0, or in [RMIN, MAG] (like radii), or negative (rejected by the rules). A positive
 * speed below RMIN is outside the box: a subnormal min_cor_speed overflows the COR slope to Inf, which the rule
 * detects and reports as E_RESULT_OVERFLOW (tests/test_unilateral.c). */
static double any_speed(int which)
{
    return which == 0 ? 0.0 : which == 1 ? any_positive() : -any_positive();
}

/* The unilateral rules: any finite values, any sign, any tolerances (negative ones included), speeds as above. */
void eva_unilateral(void)
{
    ccref_unilateral_tolerances t;
    t.perr = any();
    t.verr = any();
    t.aerr = any();
    t.lambda = any();
    ccref_unilateral_condition cond;
    ccref_unilateral_classify(Frama_C_interval(-2, 2), any(), any(), any(), any(), &t, &cond);
    int proximal;
    ccref_unilateral_is_proximal(Frama_C_interval(-2, 2), any(), any(), &proximal);
    double cor, mu;
    ccref_cor_branch cb;
    ccref_cof_branch fb;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            for (int k = 0; k < 3; k++) {
                ccref_effective_cor_branch(any(), any_speed(i), any_speed(j), any_speed(k), &cor, &cb);
                ccref_effective_cof_branch(any(), any(), any(), any_speed(i), any_speed(j), &mu, &fb);
            }
    ccref_unilateral_condition_name((ccref_unilateral_condition)Frama_C_interval(0, CCREF_UNI_CONDITION_COUNT));
}

/* The contact classes: each class with its own parameters in the box (and one class out of range), material
 * coefficients anywhere in the box, speeds 0 or in [RMIN, MAG] (the rules alone are analysed with negative and
 * zero speeds too, in eva_unilateral). */
static void contact_one(ccref_contact_class cls, int zero_speeds)
{
    ccref_contact_case c;
    c.cls = cls;
    switch (cls) {
    case CCREF_CONTACT_HARD_STOP_UPPER:
    case CCREF_CONTACT_HARD_STOP_LOWER:
        c.params.hard_stop.bound = any();
        c.params.hard_stop.mobilizer_origin_in_b = any_vec();
        break;
    case CCREF_CONTACT_ROPE:
        c.params.rope.station1_in_b1 = any_vec();
        c.params.rope.station2_in_b2 = any_vec();
        c.params.rope.length_limit = any_positive();
        break;
    case CCREF_CONTACT_POINT_PLANE_FRICTIONLESS:
    case CCREF_CONTACT_POINT_PLANE:
        c.params.point_plane.normal_in_b1 = any_unit();
        c.params.point_plane.height = any();
        c.params.point_plane.follower_in_b2 = any_vec();
        break;
    case CCREF_CONTACT_SPHERE_PLANE:
        c.params.sphere_plane.normal_in_b1 = any_unit();
        c.params.sphere_plane.height = any();
        c.params.sphere_plane.center_in_b2 = any_vec();
        c.params.sphere_plane.radius = any_positive();
        break;
    case CCREF_CONTACT_SPHERE_SPHERE:
        c.params.sphere_sphere.center1_in_b1 = any_vec();
        c.params.sphere_sphere.radius1 = any_positive();
        c.params.sphere_sphere.center2_in_b2 = any_vec();
        c.params.sphere_sphere.radius2 = any_positive();
        break;
    default:
        c.params.edge_edge.edge_frame1_in_b1 = any_frame();
        c.params.edge_edge.half_length1 = any_positive();
        c.params.edge_edge.edge_frame2_in_b2 = any_frame();
        c.params.edge_edge.half_length2 = any_positive();
        break;
    }
    c.body1 = any_body();
    c.body2 = any_body();
    c.coordinate.q = any();
    c.coordinate.qdot = any();
    c.coordinate.qdotdot = any();
    c.material.min_cor = any();
    c.material.mu_s = any();
    c.material.mu_d = any();
    c.material.mu_v = any();
    c.speeds.capture_speed = zero_speeds ? 0.0 : any_positive();
    c.speeds.min_cor_speed = zero_speeds ? 0.0 : any_positive();
    c.speeds.transition_speed = zero_speeds ? 0.0 : any_positive();
    any_lambda(c.lambda);
    c.n_lambda = (size_t)Frama_C_interval(0, 3);
    ccref_contact_result r;
    ccref_contact_eval(&c, &r);
    ccref_contact_class_name(cls);
}

void eva_contacts(void)
{
    for (int z = 0; z < 2; z++) {
        contact_one(CCREF_CONTACT_HARD_STOP_UPPER, z);
        contact_one(CCREF_CONTACT_HARD_STOP_LOWER, z);
        contact_one(CCREF_CONTACT_ROPE, z);
        contact_one(CCREF_CONTACT_POINT_PLANE_FRICTIONLESS, z);
        contact_one(CCREF_CONTACT_POINT_PLANE, z);
        contact_one(CCREF_CONTACT_SPHERE_PLANE, z);
        contact_one(CCREF_CONTACT_SPHERE_SPHERE, z);
        contact_one(CCREF_CONTACT_EDGE_EDGE, z);
        contact_one(CCREF_CONTACT_COUNT, z);
    }
}

int main(void)
{
    eva_ball();
    eva_rod();
    eva_point_in_plane();
    eva_constant_coordinate();
    eva_sphere_on_plane();
    eva_ball_rolling_on_plane();
    eva_sphere_on_sphere();
    eva_point_on_plane();
    eva_line_on_line();
    eva_dispatch();
    eva_unilateral();
    eva_contacts();
    return 0;
}
