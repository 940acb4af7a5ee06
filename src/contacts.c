/* contacts.c: the eight UnilateralContact classes of Simbody 3.7 on top of the bilateral kernels.
 * Spec: spec/unilateral_contacts.md
 *
 * Method: each class builds the parameters of its underlying bilateral constraint, evaluates that kernel with
 * the class's multipliers (rows normal, x, y), copies the kernel's ccref_output into res->constraint and derives
 *   perr, verr, aerr   = the normal row 0 of the kernel (the documented getPerr/getVerr/getAerr)
 *   slip_velocity      = (verr[1], verr[2]), slip_acceleration = (aerr[1], aerr[2])   (friction classes)
 *   display_point      = the class's whereToDisplay point in G
 *   impact_speed       = -sign*verr when sign*verr < 0, else 0.0 (never -0.0)
 *   effective_cor      = ccref_effective_cor_branch(min_cor, capture_speed, min_cor_speed, impact_speed)
 *   slip_speed         = sqrt(sx*sx + sy*sy); effective_cof = ccref_effective_cof_branch(mu_s, mu_d, mu_v,
 *                        transition_speed, slip_speed)                                   (friction classes)
 *   constraint.deviations |= the class's CCREF_DEV_* bits.
 *   hard_stop_upper/lower: ConstantCoordinate(bound); display = body 1's station mobilizer_origin_in_b.
 *   rope: Rod(length_limit), sign -1 (CCREF_DEV_ROPE_SIGN); display = midpoint of the two end stations.
 *   point_plane_frictionless: PointInPlane; display = follower point.
 *   point_plane: PointOnPlaneContact on the plane frame (rotation_from_z(n), h n); display = follower point;
 *     CCREF_DEV_PPC_GETTER_ROWS always, CCREF_DEV_PPC_HEIGHT_DROPPED when h != 0.
 *   sphere_plane: SphereOnPlaneContact rolling on (rotation_from_z(n), h n); display = contact point;
 *     CCREF_DEV_SPC_HEIGHT_IGNORED when h != 0.
 *   sphere_sphere, edge_edge: SphereOnSphereContact / LineOnLineContact rolling; display = Co.
 * Check order: NULL, class, multiplier count, the kernel's checks (point_plane and sphere_plane repeat them
 * first so that the unit normal is checked in the global order before the plane frame is built), then the
 * COR rule and (friction classes) the COF rule. Any error zeroes the whole result.
 * Special cases: the kernels' OK_SINGULAR_DIRECTION (rope, sphere_sphere) and OK_PARALLEL_EDGES (edge_edge) pass
 * through; a plane frame origin h n, slip speed or display point that overflows gives E_RESULT_OVERFLOW (after the
 * rules' input checks, like every overflow). */
#include <string.h>

#include "ccref_unilateral.h"
#include "common.h"

/* The rules' logic (impact_rule, cor_rule, cof_rule and their branches) is in proofs/ccref_logic.h, shared with
 * unilateral.c's contracts. */

static const char *const class_names[CCREF_CONTACT_COUNT] = {
    [CCREF_CONTACT_HARD_STOP_UPPER] = "hard_stop_upper",
    [CCREF_CONTACT_HARD_STOP_LOWER] = "hard_stop_lower",
    [CCREF_CONTACT_ROPE] = "rope",
    [CCREF_CONTACT_POINT_PLANE_FRICTIONLESS] = "point_plane_frictionless",
    [CCREF_CONTACT_POINT_PLANE] = "point_plane",
    [CCREF_CONTACT_SPHERE_PLANE] = "sphere_plane",
    [CCREF_CONTACT_SPHERE_SPHERE] = "sphere_sphere",
    [CCREF_CONTACT_EDGE_EDGE] = "edge_edge",
};

/*@ assigns \nothing; ensures \result != 0 <==> 0 <= c < CCREF_CONTACT_COUNT; */
static int class_in_range(ccref_contact_class c) { return (unsigned)c < (unsigned)CCREF_CONTACT_COUNT; }

/*@ assigns \nothing; ensures \result == \null <==> !(0 <= c < CCREF_CONTACT_COUNT); */
const char *ccref_contact_class_name(ccref_contact_class c)
{
    if (!class_in_range(c))
        return NULL;
    return class_names[c];
}

/*@ requires name == \null || valid_read_string(name);
    // The table's entries are string literals; WP does not derive that from the initializer, so it is stated here.
    requires names: \forall integer k; 0 <= k < CCREF_CONTACT_COUNT ==> valid_read_string(class_names[k]);
    assigns \nothing;
    ensures 0 <= \result <= CCREF_CONTACT_COUNT;
    ensures name == \null ==> \result == CCREF_CONTACT_COUNT; */
ccref_contact_class ccref_contact_class_from_name(const char *name)
{
    if (name == NULL)
        return CCREF_CONTACT_COUNT;
    /*@ loop invariant 0 <= i <= CCREF_CONTACT_COUNT;
        loop assigns i; loop variant CCREF_CONTACT_COUNT - i; */
    for (int i = 0; i < CCREF_CONTACT_COUNT; i++)
        if (strcmp(name, class_names[i]) == 0)
            return (ccref_contact_class)i;
    return CCREF_CONTACT_COUNT;
}

/*@ assigns \nothing;
    ensures c == CCREF_CONTACT_HARD_STOP_UPPER || c == CCREF_CONTACT_ROPE ==> \result == -1;
    ensures c == CCREF_CONTACT_HARD_STOP_LOWER || c == CCREF_CONTACT_POINT_PLANE_FRICTIONLESS ||
            c == CCREF_CONTACT_POINT_PLANE || c == CCREF_CONTACT_SPHERE_PLANE || c == CCREF_CONTACT_SPHERE_SPHERE ||
            c == CCREF_CONTACT_EDGE_EDGE ==> \result == 1;
    ensures !(0 <= c < CCREF_CONTACT_COUNT) ==> \result == 0; */
int ccref_contact_sign(ccref_contact_class c)
{
    switch (c) {
    case CCREF_CONTACT_HARD_STOP_UPPER:
    case CCREF_CONTACT_ROPE:
        return -1;
    case CCREF_CONTACT_HARD_STOP_LOWER:
    case CCREF_CONTACT_POINT_PLANE_FRICTIONLESS:
    case CCREF_CONTACT_POINT_PLANE:
    case CCREF_CONTACT_SPHERE_PLANE:
    case CCREF_CONTACT_SPHERE_SPHERE:
    case CCREF_CONTACT_EDGE_EDGE:
        return 1;
    case CCREF_CONTACT_COUNT:
        break;
    }
    return 0;
}

/*@ assigns \nothing;
    ensures \result != 0 <==> (c == CCREF_CONTACT_POINT_PLANE || c == CCREF_CONTACT_SPHERE_PLANE ||
                                c == CCREF_CONTACT_SPHERE_SPHERE || c == CCREF_CONTACT_EDGE_EDGE); */
int ccref_contact_has_friction(ccref_contact_class c)
{
    return c == CCREF_CONTACT_POINT_PLANE || c == CCREF_CONTACT_SPHERE_PLANE || c == CCREF_CONTACT_SPHERE_SPHERE ||
           c == CCREF_CONTACT_EDGE_EDGE;
}

/* ---------------------------------------------------------------- per-class evaluation
 * Each helper evaluates the class's underlying kernel, stores its ccref_output in res->constraint (with the class's
 * deviation bits), fills res->display_point (and, hard stops, res->coordinate_force), and returns the kernel's
 * status (OK class) or the first error; evaluate_class picks the helper. ccref_contact_eval then applies the rules
 * to the rows of res->constraint (apply_rules), zeroes res on error, and copies row 0 and the slip rows out of
 * res->constraint last (copy_rows). */

/* The normal row 0 of the underlying constraint, and (friction classes) the slip rows 1, 2, from res->constraint. */
/*@ requires \valid(res);
    assigns res->perr, res->verr, res->aerr, res->slip_velocity[0 .. 1], res->slip_acceleration[0 .. 1];
    ensures rows: res->perr == res->constraint.perr[0] && res->verr == res->constraint.verr[0] &&
                  res->aerr == res->constraint.aerr[0];
    // Friction classes: the slip rows are the constraint's rows x, y (copies, so in both models). Written on the
    // fields: a predicate on *res makes every later goal of ccref_contact_eval load the whole struct, and the
    // provers then gave up on the friction path of its rule clauses.
    ensures slip_rows: friction != 0 ==>
      res->slip_velocity[0] == res->constraint.verr[1] && res->slip_velocity[1] == res->constraint.verr[2] &&
      res->slip_acceleration[0] == res->constraint.aerr[1] && res->slip_acceleration[1] == res->constraint.aerr[2]; */
static void copy_rows(ccref_contact_result *res, int friction)
{
    res->perr = res->constraint.perr[0];
    res->verr = res->constraint.verr[0];
    res->aerr = res->constraint.aerr[0];
    if (friction) {
        res->slip_velocity[0] = res->constraint.verr[1];
        res->slip_velocity[1] = res->constraint.verr[2];
        res->slip_acceleration[0] = res->constraint.aerr[1];
        res->slip_acceleration[1] = res->constraint.aerr[2];
    }
}

/*@ CCREF_CLASS_HELPER_MEMORY */
static ccref_status eval_hard_stop(const ccref_contact_case *c, ccref_contact_result *res)
{
    const ccref_hard_stop_params *hs = &c->params.hard_stop;
    ccref_constant_coordinate_params prm;
    prm.position = hs->bound;
    ccref_constant_coordinate_result kr;
    ccref_status st = ccref_constant_coordinate_eval(&prm, &c->coordinate, c->lambda, c->n_lambda, &kr);
    /* the kernel's overflow (q - bound) is reported after the body's input checks below */
    if (!ccref_status_ok(st) && st != CCREF_E_RESULT_OVERFLOW)
        return st;
    /* Body 1 (the mobilized body) is used for the display point only; body 2 is ignored. */
    if (!ccref_body_is_finite(&c->body1) || !v3_is_finite(hs->mobilizer_origin_in_b))
        return CCREF_E_NONFINITE_INPUT;
    if (!ccref_is_rotation(&c->body1.R))
        return CCREF_E_NOT_ROTATION;
    if (!ccref_status_ok(st))
        return st;
    res->coordinate_force = kr.generalized_force;
    res->display_point = ccref_station_location(&c->body1, hs->mobilizer_origin_in_b);
    res->constraint = kr.out;
    return st;
}

/*@ CCREF_CLASS_HELPER_MEMORY */
static ccref_status eval_rope(const ccref_contact_case *c, ccref_contact_result *res)
{
    const ccref_rope_params *rp = &c->params.rope;
    ccref_rod_params prm;
    prm.station1_in_b1 = rp->station1_in_b1;
    prm.station2_in_b2 = rp->station2_in_b2;
    prm.length = rp->length_limit;
    ccref_rod_result kr;
    ccref_status st = ccref_rod_eval(&prm, &c->body1, &c->body2, c->lambda, c->n_lambda, &kr);
    if (!ccref_status_ok(st))
        return st;
    ccref_vec3 S1 = ccref_station_location(&c->body1, rp->station1_in_b1);
    ccref_vec3 S2 = ccref_station_location(&c->body2, rp->station2_in_b2);
    res->display_point = v3_scale(0.5, v3_add(S1, S2));
    res->constraint = kr.out;
    res->constraint.deviations |= CCREF_DEV_ROPE_SIGN;
    return st;
}

/*@ CCREF_CLASS_HELPER_MEMORY */
static ccref_status eval_point_plane_frictionless(const ccref_contact_case *c, ccref_contact_result *res)
{
    const ccref_point_plane_params *pp = &c->params.point_plane;
    ccref_point_in_plane_params prm;
    prm.normal_in_b1 = pp->normal_in_b1;
    prm.height = pp->height;
    prm.follower_in_b2 = pp->follower_in_b2;
    ccref_point_in_plane_result kr;
    ccref_status st = ccref_point_in_plane_eval(&prm, &c->body1, &c->body2, c->lambda, c->n_lambda, &kr);
    if (!ccref_status_ok(st))
        return st;
    res->display_point = kr.follower_point;
    res->constraint = kr.out;
    return st;
}

/* The plane frame the PointPlane and SpherePlane classes put on body 1: z = n, x = perp(n), y = n x x, origin h n.
 * Only called after plane_checks() accepted n as a unit vector. */
/*@ requires exact: real_model ==> vnorm2(n) >= 0.5;
    assigns errno;  // Frama-C's libc sqrt
    ensures exact: axes: real_model ==> mcol(\result.R, 2) == n && \result.p == vscale(h, n); */
static ccref_frame plane_frame(ccref_vec3 n, double h)
{
    ccref_frame F;
    F.R = ccref_rotation_from_z(n);
    F.p = v3_scale(h, n);
    return F;
}

/* The checks of the kernel that will receive the plane frame, in the global order, with the normal added:
 * multipliers, finiteness (bodies, normal, height, the point, radius), rotations, radius, then the unit normal.
 * radius < 0 means "no radius" (point_plane). */
/*@ requires \valid_read(c) && (radius == \null || \valid_read(radius));
    requires c->n_lambda <= 3;
    assigns \nothing;
    ensures exact: unit: real_model ==> (\result == CCREF_OK ==> unit_within_tol(n));
    ensures lambda: \result == CCREF_OK ==> c->n_lambda == 3;
    ensures radius: \result == CCREF_OK && radius != \null ==> *radius > 0.0; */
static ccref_status plane_checks(const ccref_contact_case *c, ccref_vec3 n, double h, ccref_vec3 point,
                                 const double *radius)
{
    ccref_status st = ccref_check_lambda(c->lambda, c->n_lambda, 3);
    if (st != CCREF_OK)
        return st;
    if (!ccref_body_is_finite(&c->body1) || !ccref_body_is_finite(&c->body2) || !v3_is_finite(n) || !isfinite(h) ||
        !v3_is_finite(point) || (radius != NULL && !isfinite(*radius)))
        return CCREF_E_NONFINITE_INPUT;
    if (!ccref_is_rotation(&c->body1.R) || !ccref_is_rotation(&c->body2.R))
        return CCREF_E_NOT_ROTATION;
    if (radius != NULL && !(*radius > 0.0))
        return CCREF_E_NONPOSITIVE_RADIUS;
    return ccref_check_unit(n);
}

/* The deviation bit of a plane height the class does not pass on. A function of its own: in WP's real model
 * (Frama-C 25) the test h != 0.0 inside the class helpers reaches Why3 as a comparison of a real with the integer 0,
 * which Why3 rejects ("Type mismatch between real and int") in the goals that follow it. */
/*@ assigns \nothing;
    ensures \result == (h != 0.0 ? bit : 0u); */
static unsigned bit_if_nonzero(double h, unsigned bit) { return h != 0.0 ? bit : 0u; }

/*@ CCREF_CLASS_HELPER_MEMORY */
static ccref_status eval_point_plane(const ccref_contact_case *c, ccref_contact_result *res)
{
    const ccref_point_plane_params *pp = &c->params.point_plane;
    ccref_status st = plane_checks(c, pp->normal_in_b1, pp->height, pp->follower_in_b2, NULL);
    if (st != CCREF_OK)
        return st;
    ccref_point_on_plane_params prm;
    prm.plane_frame_in_b1 = plane_frame(pp->normal_in_b1, pp->height);
    if (!v3_is_finite(prm.plane_frame_in_b1.p))
        return CCREF_E_RESULT_OVERFLOW; /* h n: an intermediate overflow, reported after the rules' input checks */
    prm.follower_in_b2 = pp->follower_in_b2;
    ccref_point_on_plane_result kr;
    st = ccref_point_on_plane_eval(&prm, &c->body1, &c->body2, c->lambda, c->n_lambda, &kr);
    if (!ccref_status_ok(st))
        return st;
    res->display_point = kr.follower_point;
    res->constraint = kr.out;
    res->constraint.deviations |= CCREF_DEV_PPC_GETTER_ROWS;
    res->constraint.deviations |= bit_if_nonzero(pp->height, CCREF_DEV_PPC_HEIGHT_DROPPED);
    return st;
}

/*@ CCREF_CLASS_HELPER_MEMORY */
static ccref_status eval_sphere_plane(const ccref_contact_case *c, ccref_contact_result *res)
{
    const ccref_sphere_plane_params *sp = &c->params.sphere_plane;
    ccref_status st = plane_checks(c, sp->normal_in_b1, sp->height, sp->center_in_b2, &sp->radius);
    if (st != CCREF_OK)
        return st;
    ccref_sphere_on_plane_params prm;
    prm.plane_frame_in_b1 = plane_frame(sp->normal_in_b1, sp->height);
    if (!v3_is_finite(prm.plane_frame_in_b1.p))
        return CCREF_E_RESULT_OVERFLOW; /* h n: an intermediate overflow, reported after the rules' input checks */
    prm.center_in_b2 = sp->center_in_b2;
    prm.radius = sp->radius;
    prm.rolling = 1;
    ccref_sphere_on_plane_result kr;
    st = ccref_sphere_on_plane_eval(&prm, &c->body1, &c->body2, c->lambda, c->n_lambda, &kr);
    if (!ccref_status_ok(st))
        return st;
    res->display_point = kr.contact_point;
    res->constraint = kr.out;
    res->constraint.deviations |= bit_if_nonzero(sp->height, CCREF_DEV_SPC_HEIGHT_IGNORED);
    return st;
}

/*@ CCREF_CLASS_HELPER_MEMORY */
static ccref_status eval_sphere_sphere(const ccref_contact_case *c, ccref_contact_result *res)
{
    const ccref_sphere_sphere_params *ss = &c->params.sphere_sphere;
    ccref_sphere_on_sphere_params prm;
    prm.center1_in_b1 = ss->center1_in_b1;
    prm.radius1 = ss->radius1;
    prm.center2_in_b2 = ss->center2_in_b2;
    prm.radius2 = ss->radius2;
    prm.rolling = 1;
    ccref_sphere_on_sphere_result kr;
    ccref_status st = ccref_sphere_on_sphere_eval(&prm, &c->body1, &c->body2, c->lambda, c->n_lambda, &kr);
    if (!ccref_status_ok(st))
        return st;
    res->display_point = kr.contact_frame.p;
    res->constraint = kr.out;
    return st;
}

/*@ CCREF_CLASS_HELPER_MEMORY */
static ccref_status eval_edge_edge(const ccref_contact_case *c, ccref_contact_result *res)
{
    const ccref_edge_edge_params *ee = &c->params.edge_edge;
    ccref_line_on_line_params prm;
    prm.edge_frame1_in_b1 = ee->edge_frame1_in_b1;
    prm.half_length1 = ee->half_length1;
    prm.edge_frame2_in_b2 = ee->edge_frame2_in_b2;
    prm.half_length2 = ee->half_length2;
    prm.rolling = 1;
    ccref_line_on_line_result kr;
    ccref_status st = ccref_line_on_line_eval(&prm, &c->body1, &c->body2, c->lambda, c->n_lambda, &kr);
    if (!ccref_status_ok(st))
        return st;
    res->display_point = kr.contact_frame.p;
    res->constraint = kr.out;
    return st;
}

/* ---------------------------------------------------------------- common rules */

/* max(0, -sign*verr) without -0.0. sign*verr is formed by negation (sign = +-1): the same value as the product.
 * `rule` is claimed in the real model only: the float model's provers do not equate the double -verr with the real
 * one (negation is exact, but they are not told so); `nonnegative` holds in both. */
/*@ requires sign == 1 || sign == -1;
    assigns \nothing;
    ensures exact: rule: real_model ==> (sign == 1 ==> \result == (verr >= 0.0 ? 0.0 : -verr)) &&
                                        (sign == -1 ==> \result == (verr <= 0.0 ? 0.0 : verr));
    ensures nonnegative: \is_finite(verr) ==> \result >= 0.0; */
static double impact_speed_of(int sign, double verr)
{
    double sv = sign > 0 ? verr : -verr;
    return sv >= 0.0 ? 0.0 : -sv;
}

/* Every byte of *res zero, padding included (the CUnit suite compares results bytewise). WP's typed memory model
 * cannot follow memset's char view of the struct, so WP takes this contract as a hypothesis (the one function it
 * skips: proofs/README.md); EVA proves the call safe and the suite checks the bytes. */
/*@ requires \valid(res); assigns *res; */
static void zero_result(ccref_contact_result *res) { memset(res, 0, sizeof *res); }

/*@ requires \valid(res); assigns *res; ensures \result == st; */
static ccref_status fail(ccref_contact_result *res, ccref_status st)
{
    zero_result(res);
    return st;
}

/* The class's underlying kernel, by class (the helpers above). The caller has checked the class and the count. */
/*@ requires \valid_read(c) && \valid(res) && \separated(c, res, &errno);
    requires 0 <= c->cls < CCREF_CONTACT_COUNT && c->n_lambda <= 3;
    assigns res->display_point, res->coordinate_force, res->constraint, errno; */
static ccref_status evaluate_class(const ccref_contact_case *c, ccref_contact_result *res)
{
    switch (c->cls) {
    case CCREF_CONTACT_HARD_STOP_UPPER:
    case CCREF_CONTACT_HARD_STOP_LOWER: return eval_hard_stop(c, res);
    case CCREF_CONTACT_ROPE: return eval_rope(c, res);
    case CCREF_CONTACT_POINT_PLANE_FRICTIONLESS: return eval_point_plane_frictionless(c, res);
    case CCREF_CONTACT_POINT_PLANE: return eval_point_plane(c, res);
    case CCREF_CONTACT_SPHERE_PLANE: return eval_sphere_plane(c, res);
    case CCREF_CONTACT_SPHERE_SPHERE: return eval_sphere_sphere(c, res);
    case CCREF_CONTACT_EDGE_EDGE: return eval_edge_edge(c, res);
    case CCREF_CONTACT_COUNT: break;
    }
    return CCREF_E_UNKNOWN_KIND;
}

/* The sign and friction flag of the class, the COR rule at the impact speed, the COF rule at the slip speed
 * (friction classes), and the display point's overflow check, on the rows of res->constraint. Returns CCREF_OK or
 * the first error; the caller zeroes res on error. */
/*@ requires \valid_read(c) && \valid(res) && \separated(c, res, &errno);
    requires 0 <= c->cls < CCREF_CONTACT_COUNT;
    assigns res->sign, res->has_friction, res->impact_speed, res->effective_cor, res->cor_branch, res->slip_speed,
            res->effective_cof, res->cof_branch, errno;  // errno: Frama-C's libc sqrt
    ensures sign: ccref_ok(\result) ==>
      res->sign == ((c->cls == CCREF_CONTACT_HARD_STOP_UPPER || c->cls == CCREF_CONTACT_ROPE) ? -1 : 1);
    ensures friction: ccref_ok(\result) ==> res->has_friction == friction;
    ensures impact: ccref_ok(\result) ==> res->impact_speed >= 0.0;
    ensures exact: impact_rule: real_model ==> ccref_ok(\result) ==>
      res->impact_speed == impact_rule(res->sign, res->constraint.verr[0]);
    ensures cor_branch: ccref_ok(\result) ==>
      res->cor_branch == cor_branch_rule(c->speeds.capture_speed, c->speeds.min_cor_speed, res->impact_speed);
    ensures cor_ends: ccref_ok(\result) ==>
      (res->cor_branch == CCREF_COR_CAPTURED ==> res->effective_cor == 0.0) &&
      (res->cor_branch == CCREF_COR_MINIMUM ==> res->effective_cor == c->material.min_cor);
    ensures exact: cor_rule: real_model ==> ccref_ok(\result) ==>
      res->effective_cor == cor_rule(c->material.min_cor, c->speeds.capture_speed, c->speeds.min_cor_speed,
                                     res->impact_speed);
    ensures exact: slip_speed: real_model ==> ccref_ok(\result) && friction != 0 ==>
      res->slip_speed == slip_rule(res->constraint.verr[1], res->constraint.verr[2]);
    ensures cof_branch: ccref_ok(\result) && friction != 0 ==>
      res->cof_branch == cof_branch_rule(c->speeds.transition_speed, res->slip_speed);
    ensures exact: cof_rule: real_model ==> ccref_ok(\result) && friction != 0 ==>
      res->effective_cof == cof_rule(c->material.mu_s, c->material.mu_d, c->material.mu_v,
                                     c->speeds.transition_speed, res->slip_speed); */
static ccref_status apply_rules(const ccref_contact_case *c, int friction, ccref_contact_result *res)
{
    const int sign = ccref_contact_sign(c->cls);
    res->sign = sign;
    res->has_friction = friction;

    /* Restitution rule at the impact speed. */
    res->impact_speed = impact_speed_of(sign, res->constraint.verr[0]);
    ccref_status st = ccref_effective_cor_branch(c->material.min_cor, c->speeds.capture_speed,
                                                 c->speeds.min_cor_speed, res->impact_speed, &res->effective_cor,
                                                 &res->cor_branch);
    if (st != CCREF_OK)
        return st;

    /* Friction rule at the slip speed. An overflowed slip speed is reported after the rule has checked the
     * material (with slip speed 0), so a bad coefficient still wins over an overflow. */
    if (friction) {
        double sx = res->constraint.verr[1], sy = res->constraint.verr[2];
        double slip_speed = sqrt(sx * sx + sy * sy);
        int slip_overflow = !isfinite(slip_speed);
        st = ccref_effective_cof_branch(c->material.mu_s, c->material.mu_d, c->material.mu_v,
                                        c->speeds.transition_speed, slip_overflow ? 0.0 : slip_speed,
                                        &res->effective_cof, &res->cof_branch);
        if (st != CCREF_OK)
            return st;
        if (slip_overflow)
            return CCREF_E_RESULT_OVERFLOW;
        res->slip_speed = slip_speed;
    }

    if (!v3_is_finite(res->display_point))
        return CCREF_E_RESULT_OVERFLOW;
    return CCREF_OK;
}

/* Steps 5 and 6 alone (the rules' domain checks): each rule at speed 0, where only its inputs can fail. */
/*@ requires \valid_read(c);
    assigns \nothing; */
static ccref_status check_rule_inputs(const ccref_contact_case *c, int friction)
{
    double value = 0.0;
    ccref_cor_branch cor_branch = CCREF_COR_CAPTURED;
    ccref_status st = ccref_effective_cor_branch(c->material.min_cor, c->speeds.capture_speed,
                                                 c->speeds.min_cor_speed, 0.0, &value, &cor_branch);
    if (st != CCREF_OK || !friction)
        return st;
    ccref_cof_branch cof_branch = CCREF_COF_STATIC;
    return ccref_effective_cof_branch(c->material.mu_s, c->material.mu_d, c->material.mu_v,
                                      c->speeds.transition_speed, 0.0, &value, &cof_branch);
}

/* Contract (proofs/README.md): memory; the status of a NULL argument, an unknown class and a wrong multiplier count;
 * for an OK-class status the sign convention of the class, the friction flag, and the normal rows as the
 * underlying kernel's row 0. The zeroing of every error result is done by zero_result (memset), whose contract WP
 * takes as given: the CUnit suite checks it bytewise (tests/test_contacts.c), EVA checks its memory safety. */
/*@ requires res == \null || \valid(res);
    requires c == \null || \valid_read(c);
    requires \separated(res, c) && \separated(res, &errno);
    assigns *res, errno;  // errno: Frama-C's libc model of sqrt (the build has -fno-math-errno)
    behavior null_result: assumes res == \null; assigns \nothing; ensures \result == CCREF_E_NULL_ARGUMENT;
    behavior null_case: assumes res != \null && c == \null; ensures \result == CCREF_E_NULL_ARGUMENT;
    behavior unknown_class: assumes res != \null && c != \null && !(0 <= c->cls < CCREF_CONTACT_COUNT);
      ensures \result == CCREF_E_UNKNOWN_KIND;
    behavior lambda_count: assumes res != \null && c != \null && 0 <= c->cls < CCREF_CONTACT_COUNT;
      assumes c->n_lambda != ((c->cls == CCREF_CONTACT_POINT_PLANE || c->cls == CCREF_CONTACT_SPHERE_PLANE ||
                               c->cls == CCREF_CONTACT_SPHERE_SPHERE || c->cls == CCREF_CONTACT_EDGE_EDGE) ? 3 : 1);
      ensures \result == CCREF_E_LAMBDA_COUNT;
    behavior evaluated: assumes res != \null && c != \null && 0 <= c->cls < CCREF_CONTACT_COUNT;
      assumes c->n_lambda == ((c->cls == CCREF_CONTACT_POINT_PLANE || c->cls == CCREF_CONTACT_SPHERE_PLANE ||
                               c->cls == CCREF_CONTACT_SPHERE_SPHERE || c->cls == CCREF_CONTACT_EDGE_EDGE) ? 3 : 1);
      ensures sign: ccref_ok(\result) ==>
        res->sign == ((\old(c->cls) == CCREF_CONTACT_HARD_STOP_UPPER || \old(c->cls) == CCREF_CONTACT_ROPE) ? -1 : 1);
      ensures rows: ccref_ok(\result) ==> res->perr == res->constraint.perr[0] && res->verr == res->constraint.verr[0] &&
                                          res->aerr == res->constraint.aerr[0];
      ensures friction: ccref_ok(\result) ==> (res->has_friction != 0 <==>
        (\old(c->cls) == CCREF_CONTACT_POINT_PLANE || \old(c->cls) == CCREF_CONTACT_SPHERE_PLANE ||
         \old(c->cls) == CCREF_CONTACT_SPHERE_SPHERE || \old(c->cls) == CCREF_CONTACT_EDGE_EDGE));
      ensures impact: ccref_ok(\result) ==> res->impact_speed >= 0.0;
      ensures exact: impact_rule: real_model ==> ccref_ok(\result) ==>
        res->impact_speed == impact_rule(res->sign, res->verr);
      // cor_branch: real model here (apply_rules states it in both models; on the friction path, one part of the
      // split float goal is not proved by the provers, which give up).
      ensures exact: cor_branch: real_model ==> ccref_ok(\result) ==>
        res->cor_branch == cor_branch_rule(\old(c->speeds.capture_speed), \old(c->speeds.min_cor_speed),
                                           res->impact_speed);
      ensures cor_ends: ccref_ok(\result) ==>
        (res->cor_branch == CCREF_COR_CAPTURED ==> res->effective_cor == 0.0) &&
        (res->cor_branch == CCREF_COR_MINIMUM ==> res->effective_cor == \old(c->material.min_cor));
      ensures exact: cor_rule: real_model ==> ccref_ok(\result) ==>
        res->effective_cor == cor_rule(\old(c->material.min_cor), \old(c->speeds.capture_speed),
                                       \old(c->speeds.min_cor_speed), res->impact_speed);
      ensures slip_rows: ccref_ok(\result) && res->has_friction != 0 ==>
        res->slip_velocity[0] == res->constraint.verr[1] && res->slip_velocity[1] == res->constraint.verr[2] &&
        res->slip_acceleration[0] == res->constraint.aerr[1] && res->slip_acceleration[1] == res->constraint.aerr[2];
      ensures exact: slip_speed: real_model ==> ccref_ok(\result) && res->has_friction != 0 ==>
        res->slip_speed == slip_rule(res->slip_velocity[0], res->slip_velocity[1]);
      ensures cof_branch: ccref_ok(\result) && res->has_friction != 0 ==>
        res->cof_branch == cof_branch_rule(\old(c->speeds.transition_speed), res->slip_speed);
      ensures exact: cof_rule: real_model ==> ccref_ok(\result) && res->has_friction != 0 ==>
        res->effective_cof == cof_rule(\old(c->material.mu_s), \old(c->material.mu_d), \old(c->material.mu_v),
                                       \old(c->speeds.transition_speed), res->slip_speed);
    complete behaviors; disjoint behaviors; */
ccref_status ccref_contact_eval(const ccref_contact_case *c, ccref_contact_result *res)
{
    if (res == NULL)
        return CCREF_E_NULL_ARGUMENT;
    zero_result(res);
    if (c == NULL)
        return CCREF_E_NULL_ARGUMENT;
    if (!class_in_range(c->cls))
        return CCREF_E_UNKNOWN_KIND;
    const int friction = ccref_contact_has_friction(c->cls);
    if (c->n_lambda != (friction ? 3u : 1u))
        return CCREF_E_LAMBDA_COUNT;

    /* Steps 4 to 6 of spec/unilateral_contacts.md section 4, then the "after" statuses: an overflow, of the kernel
     * or of a rule, never hides a bad coefficient or speed. */
    const ccref_status kst = evaluate_class(c, res);
    if (!ccref_status_ok(kst) && kst != CCREF_E_RESULT_OVERFLOW)
        return fail(res, kst);
    const ccref_status rule_inputs = check_rule_inputs(c, friction);
    if (!ccref_status_ok(rule_inputs))
        return fail(res, rule_inputs);
    if (!ccref_status_ok(kst))
        return fail(res, kst);
    const ccref_status st = apply_rules(c, friction, res);
    if (!ccref_status_ok(st))
        return fail(res, st);
    /* Last, so that the rows returned are the copies (the rules above read them from res->constraint). */
    copy_rows(res, friction);
    return kst;
}
