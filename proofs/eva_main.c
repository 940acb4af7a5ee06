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

/* The dispatcher over every kind: the kind is any value, in range or not; every field of the case is in the box. */
void eva_dispatch(void)
{
    ccref_case c;
    c.kind = (ccref_kind)Frama_C_interval(0, CCREF_KIND_COUNT);
    c.params.ball.station1_in_b1 = any_vec();
    c.params.ball.station2_in_b2 = any_vec();
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
}

/* The unilateral rules: any finite values, any sign, any tolerances (negative ones included). */
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
    ccref_effective_cor_branch(any(), any(), any(), any(), &cor, &cb);
    ccref_effective_cof_branch(any(), any(), any(), any(), any(), &mu, &fb);
    ccref_unilateral_condition_name((ccref_unilateral_condition)Frama_C_interval(0, CCREF_UNI_CONDITION_COUNT));
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
    return 0;
}
