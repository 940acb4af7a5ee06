/* ball_rolling_on_plane.c: legacy Constraint::BallRollingOnPlane (Simbody 3.4 page), mp = 1, mv = 2.
 * Spec: spec/ball_rolling_on_plane.md.  Simbody never implemented this class; ccref implements the page.
 *
 * Method: body 1 = plane body P with unit normal n_P and height h (in P), body 2 = ball B with center o
 * (station) and radius r.  Axes in P: [Px_P Py_P n_P] = rotation_from_z(n_P); in G: [Px Py n] = R1 [...].
 *   O = p2 + R2 o,  d = (R1^T (O - p1)) . n_P - h        (height of the center above the plane)
 *   s = (r + d)/2,  C = O - s n = (CB + CP)/2             (CB = O - r n, CP = O - d n)
 *   perr   = (d - r)/2                                    (= C.n - h in P's frame: half the separation)
 *   v_P(O) = v(B/O) - v(P/O);                a_P(O) = a(B/O) - a(P/O) - 2 w1 x v_P(O)
 *   verr_n = (1/2) v_P(O) . n;               aerr_n = (1/2) a_P(O) . n
 *   u      = v(B/C) - v(P/C)                              (slip of the material points at C)
 *   b_PB   = (b2 - b1) - w1 x w2;            a_t = a_P(O) - b_PB x (s n) - verr_n ((w2 - w1) x n)
 *   verr_x,y = u . Px, Py;                   aerr_x,y = a_t . Px, Py
 *   forces: f = (lambda_n/2) n + lambda_x Px + lambda_y Py at C on body 2, -f at C on body 1.
 * Exact relations (spec): verr_n = d/dt perr and aerr = d/dt verr for all three rows (C moves along n).
 * Deviation: CCREF_DEV_BROP_NOT_IN_SIMBODY is always set.
 * Special cases: none beyond the input checks.
 *
 * Structure (proofs/README.md): brop_check (input checks, reads only), brop_outputs (the formulas, on values),
 * ccref_ball_rolling_on_plane_eval (writes *res once). Every floating-point operation is the one of the formulas
 * above, in the same order. */
#include "common.h"

/*@ predicate brop_zero(ccref_ball_rolling_on_plane_result r) =
      out_zero(r.out, 1, 2) && vzeroed(r.contact_point) && mzeroed(r.plane_axes) &&
      dzero(r.normal_force) && dzero(r.friction_force_x) && dzero(r.friction_force_y);
    predicate brop_finite(ccref_ball_rolling_on_plane_result r) =
      ofinite(r.out) && vfinite(r.contact_point) && mfinite(r.plane_axes) && \is_finite(r.normal_force) &&
      \is_finite(r.friction_force_x) && \is_finite(r.friction_force_y);
    predicate brop_inputs_finite(ccref_ball_rolling_on_plane_params p, ccref_body b1, ccref_body b2) =
      bfinite(b1) && bfinite(b2) && vfinite(p.normal_in_b1) && \is_finite(p.height) && vfinite(p.center_in_b2) &&
      \is_finite(p.radius);
    // Axis j of the plane frame in G: R1 times column j of rotation_from_z(n_P).
    logic ccref_vec3 brop_axis_in_p(ccref_vec3 nP, integer j) =
      j == 0 ? perp(nP) : j == 1 ? unit(vcross(nP, perp(nP))) : nP;
    // The outputs for valid inputs, in real arithmetic (spec/ball_rolling_on_plane.md).
    // Stated in four parts (frame and contact point, normal row, rolling rows, forces): one goal each.
    predicate brop_frame(ccref_ball_rolling_on_plane_result r, ccref_ball_rolling_on_plane_params p,
                         ccref_body b1, ccref_body b2) =
      \let Px = mapply(b1.R, brop_axis_in_p(p.normal_in_b1, 0));
      \let Py = mapply(b1.R, brop_axis_in_p(p.normal_in_b1, 1));
      \let n = mapply(b1.R, p.normal_in_b1);
      \let O = station(b2, p.center_in_b2);
      \let d = vdot(mapplyT(b1.R, vsub(O, b1.p)), p.normal_in_b1) - p.height;
      \let s = 0.5 * (p.radius + d);
      \let C = vsub(O, vscale(s, n));
      r.out.mp == 1 && r.out.mv == 2 &&
      mcol(r.plane_axes, 0) == Px && mcol(r.plane_axes, 1) == Py && mcol(r.plane_axes, 2) == n &&
      r.contact_point == C && r.out.deviations == CCREF_DEV_BROP_NOT_IN_SIMBODY;
    predicate brop_normal_row(ccref_ball_rolling_on_plane_result r, ccref_ball_rolling_on_plane_params p,
                              ccref_body b1, ccref_body b2) =
      \let Px = mapply(b1.R, brop_axis_in_p(p.normal_in_b1, 0));
      \let Py = mapply(b1.R, brop_axis_in_p(p.normal_in_b1, 1));
      \let n = mapply(b1.R, p.normal_in_b1);
      \let O = station(b2, p.center_in_b2);
      \let d = vdot(mapplyT(b1.R, vsub(O, b1.p)), p.normal_in_b1) - p.height;
      \let s = 0.5 * (p.radius + d);
      \let C = vsub(O, vscale(s, n));
      \let vO = vsub(pt_vel(b2, O), pt_vel(b1, O));
      \let aO = vsub(vsub(pt_acc(b2, O), pt_acc(b1, O)), vcross(vscale(2.0, b1.w), vO));
      r.out.perr[0] == 0.5 * (d - p.radius) &&
      r.out.verr[0] == 0.5 * vdot(vO, n) && r.out.aerr[0] == 0.5 * vdot(aO, n);
    predicate brop_rolling_rows(ccref_ball_rolling_on_plane_result r, ccref_ball_rolling_on_plane_params p,
                                ccref_body b1, ccref_body b2) =
      \let Px = mapply(b1.R, brop_axis_in_p(p.normal_in_b1, 0));
      \let Py = mapply(b1.R, brop_axis_in_p(p.normal_in_b1, 1));
      \let n = mapply(b1.R, p.normal_in_b1);
      \let O = station(b2, p.center_in_b2);
      \let d = vdot(mapplyT(b1.R, vsub(O, b1.p)), p.normal_in_b1) - p.height;
      \let s = 0.5 * (p.radius + d);
      \let C = vsub(O, vscale(s, n));
      \let vO = vsub(pt_vel(b2, O), pt_vel(b1, O));
      \let aO = vsub(vsub(pt_acc(b2, O), pt_acc(b1, O)), vcross(vscale(2.0, b1.w), vO));
      \let u = vsub(pt_vel(b2, C), pt_vel(b1, C));
      \let at = vsub(vsub(aO, vcross(vsub(vsub(b2.b, b1.b), vcross(b1.w, b2.w)), vscale(s, n))),
                     vscale(0.5 * vdot(vO, n), vcross(vsub(b2.w, b1.w), n)));
      r.out.verr[1] == vdot(u, Px) && r.out.verr[2] == vdot(u, Py) &&
      r.out.aerr[1] == vdot(at, Px) && r.out.aerr[2] == vdot(at, Py);
    logic ccref_vec3 brop_contact(ccref_ball_rolling_on_plane_params p, ccref_body b1, ccref_body b2) =
      vsub(station(b2, p.center_in_b2),
           vscale(0.5 * (p.radius + (vdot(mapplyT(b1.R, vsub(station(b2, p.center_in_b2), b1.p)), p.normal_in_b1) -
                                     p.height)),
                  mapply(b1.R, p.normal_in_b1)));
    logic ccref_vec3 brop_force(ccref_ball_rolling_on_plane_params p, ccref_body b1, real l0, real l1, real l2) =
      vadd(vadd(vscale(0.5 * l0, mapply(b1.R, p.normal_in_b1)), vscale(l1, mapply(b1.R, brop_axis_in_p(p.normal_in_b1, 0)))),
           vscale(l2, mapply(b1.R, brop_axis_in_p(p.normal_in_b1, 1))));
    predicate brop_forces(ccref_ball_rolling_on_plane_result r, ccref_ball_rolling_on_plane_params p,
                          ccref_body b1, ccref_body b2, real l0, real l1, real l2) =
      \let C = brop_contact(p, b1, b2); \let f = brop_force(p, b1, l0, l1, l2);
      r.out.force_on_body2 == force_at(b2, C, f) && r.out.force_on_body1 == force_at(b1, C, vneg(f)) &&
      r.normal_force == -(0.5 * l0) && r.friction_force_x == -l1 && r.friction_force_y == -l2;
    predicate brop_formulas(ccref_ball_rolling_on_plane_result r, ccref_ball_rolling_on_plane_params p,
                            ccref_body b1, ccref_body b2, real l0, real l1, real l2) =
      brop_frame(r, p, b1, b2) && brop_normal_row(r, p, b1, b2) && brop_rolling_rows(r, p, b1, b2) &&
      brop_forces(r, p, b1, b2, l0, l1, l2);
    predicate brop_newton3_force(ccref_ball_rolling_on_plane_result r) =
      newton3_force(r.out.force_on_body1, r.out.force_on_body2);
    predicate brop_newton3_moment(ccref_ball_rolling_on_plane_result r, ccref_body b1, ccref_body b2) =
      newton3_moment(r.out.force_on_body1, b1, r.out.force_on_body2, b2);
*/

/*@ assigns \nothing; ensures brop_zero(\result); */
static ccref_ball_rolling_on_plane_result brop_zero_result(void)
{
    ccref_ball_rolling_on_plane_result r;
    ccref_output_init(&r.out, 1, 2);
    r.contact_point = v3_zero();
    r.plane_axes = m3_from_columns(v3_zero(), v3_zero(), v3_zero());
    r.normal_force = 0.0;
    r.friction_force_x = 0.0;
    r.friction_force_y = 0.0;
    return r;
}

/*@ requires \valid_read(r); assigns \nothing; ensures \result != 0 <==> brop_finite(*r); */
static int brop_result_is_finite(const ccref_ball_rolling_on_plane_result *r)
{
    return ccref_output_is_finite(&r->out) && v3_is_finite(r->contact_point) && ccref_mat3_is_finite(&r->plane_axes) &&
           isfinite(r->normal_force) && isfinite(r->friction_force_x) && isfinite(r->friction_force_y);
}

/*@ CCREF_PAIR_CHECK_MEMORY
    CCREF_PAIR_CHECK_BAD_INPUTS(3, brop_inputs_finite(*prm, *body1, *body2))
    behavior finite:
      CCREF_PAIR_CHECK_INPUTS_FINITE(3, brop_inputs_finite(*prm, *body1, *body2))
      ensures \result == CCREF_OK || \result == CCREF_E_NOT_ROTATION || \result == CCREF_E_NONPOSITIVE_RADIUS ||
              \result == CCREF_E_ZERO_DIRECTION || \result == CCREF_E_NOT_UNIT_VECTOR;
      ensures exact: rotation_test: real_model ==>
        (\result == CCREF_E_NOT_ROTATION <==> !(rotation(body1->R) && rotation(body2->R)));
      ensures radius_test: \result == CCREF_E_NONPOSITIVE_RADIUS ==> prm->radius <= 0.0;
      ensures zero_direction: \result == CCREF_E_ZERO_DIRECTION ==> !vnonzero(prm->normal_in_b1);
      ensures exact: radius_exact: real_model ==>
        (\result == CCREF_E_NONPOSITIVE_RADIUS <==> rotation(body1->R) && rotation(body2->R) && prm->radius <= 0.0);
      ensures exact: unit_exact: real_model ==>
        (\result == CCREF_OK <==> rotation(body1->R) && rotation(body2->R) && prm->radius > 0.0 &&
                                  vnonzero(prm->normal_in_b1) && unit_within_tol(prm->normal_in_b1));
    complete behaviors;
    disjoint behaviors;
*/
static ccref_status brop_check(const ccref_ball_rolling_on_plane_params *prm, const ccref_body *body1,
                               const ccref_body *body2, const double *lambda, size_t n_lambda)
{
    if (prm == NULL || body1 == NULL || body2 == NULL)
        return CCREF_E_NULL_ARGUMENT;
    ccref_status st = ccref_check_lambda(lambda, n_lambda, 3);
    if (st != CCREF_OK)
        return st;
    if (!ccref_body_is_finite(body1) || !ccref_body_is_finite(body2) || !v3_is_finite(prm->normal_in_b1) ||
        !isfinite(prm->height) || !v3_is_finite(prm->center_in_b2) || !isfinite(prm->radius))
        return CCREF_E_NONFINITE_INPUT;
    if (!ccref_is_rotation(&body1->R) || !ccref_is_rotation(&body2->R))
        return CCREF_E_NOT_ROTATION;
    if (!(prm->radius > 0.0))
        return CCREF_E_NONPOSITIVE_RADIUS;
    return ccref_check_unit(prm->normal_in_b1);
}

/* The formulas, on values (n_P accepted as unit, so nonzero). */
/*@ requires exact: real_model ==> vnorm2(prm.normal_in_b1) >= 0.5;
    assigns errno;  // Frama-C's libc sqrt (in rotation_from_z) may set errno; the build has -fno-math-errno
    ensures exact: frame: real_model ==> brop_frame(\result, prm, body1, body2);
    ensures exact: normal_row: real_model ==> brop_normal_row(\result, prm, body1, body2);
    ensures exact: rolling_rows: real_model ==> brop_rolling_rows(\result, prm, body1, body2);
    ensures exact: forces: real_model ==> brop_forces(\result, prm, body1, body2, l0, l1, l2);
    ensures newton3_force: vfinite(\result.out.force_on_body2.force) ==> brop_newton3_force(\result);
    ensures exact: newton3_moment: real_model ==> brop_newton3_moment(\result, body1, body2);
*/
static ccref_ball_rolling_on_plane_result brop_outputs(ccref_ball_rolling_on_plane_params prm, ccref_body body1,
                                                       ccref_body body2, double l0, double l1, double l2)
{
    ccref_ball_rolling_on_plane_result res = brop_zero_result();
    ccref_vec3 n_P = prm.normal_in_b1;
    double r = prm.radius;

    /* (1) axes: chosen in P's frame from n_P, then mapped to G */
    ccref_mat3 R_PA = ccref_rotation_from_z(n_P);
    ccref_mat3 R_GA = m3_mul(&body1.R, &R_PA);
    ccref_vec3 Px = m3_column(&R_GA, 0);
    ccref_vec3 Py = m3_column(&R_GA, 1);
    ccref_vec3 n = m3_column(&R_GA, 2);

    /* (2)-(4) center, its height above the plane, the contact point and the lever arms */
    ccref_vec3 armO2 = m3_apply(&body2.R, prm.center_in_b2);   /* O - p2 */
    ccref_vec3 O = v3_add(body2.p, armO2);
    ccref_vec3 armO1 = v3_sub(O, body1.p);                       /* O - p1 */
    double d = v3_dot(m3_apply_transpose(&body1.R, armO1), n_P) - prm.height;
    double s = 0.5 * (r + d);
    ccref_vec3 sn = v3_scale(s, n);
    ccref_vec3 armC2 = v3_sub(armO2, sn);                        /* C - p2 */
    ccref_vec3 C = v3_add(body2.p, armC2);
    ccref_vec3 armC1 = v3_sub(C, body1.p);                       /* C - p1 */
    /*@ assert exact: axes: real_model ==> Px == mapply(body1.R, brop_axis_in_p(n_P, 0)) &&
          Py == mapply(body1.R, brop_axis_in_p(n_P, 1)) && n == mapply(body1.R, n_P); */
    //@ assert exact: arms: real_model ==> vsub(O, body2.p) == armO2 && vsub(C, body2.p) == armC2;
    //@ assert exact: C_def: real_model ==> C == vsub(O, vscale(s, n));

    /* (5)-(7) normal row: half the separation and its derivatives measured in P */
    ccref_vec3 vO = v3_sub(ccref_arm_velocity(&body2, armO2), ccref_arm_velocity(&body1, armO1));
    ccref_vec3 aO = v3_sub(v3_sub(ccref_arm_acceleration(&body2, armO2), ccref_arm_acceleration(&body1, armO1)),
                           v3_cross(v3_scale(2.0, body1.w), vO));
    //@ assert exact: vO_def: real_model ==> vO == vsub(pt_vel(body2, O), pt_vel(body1, O));
    //@ assert exact: aO_def: real_model ==> aO == vsub(vsub(pt_acc(body2, O), pt_acc(body1, O)), vcross(vscale(2.0, body1.w), vO));
    //@ assert exact: d_def: real_model ==> d == vdot(mapplyT(body1.R, vsub(O, body1.p)), n_P) - prm.height && s == 0.5 * (r + d);
    //@ assert exact: O_def: real_model ==> O == station(body2, prm.center_in_b2);
    //@ assert exact: C_spec: real_model ==> C == brop_contact(prm, body1, body2);
    double verr_n = 0.5 * v3_dot(vO, n);
    res.out.perr[0] = 0.5 * (d - r);
    res.out.verr[0] = verr_n;
    res.out.aerr[0] = 0.5 * v3_dot(aO, n);

    /* (8)-(9) no-slip rows at the moving point C */
    ccref_vec3 u = v3_sub(ccref_arm_velocity(&body2, armC2), ccref_arm_velocity(&body1, armC1));
    ccref_vec3 bPB = v3_sub(v3_sub(body2.b, body1.b), v3_cross(body1.w, body2.w));
    ccref_vec3 wPB_x_n = v3_cross(v3_sub(body2.w, body1.w), n);
    ccref_vec3 at = v3_sub(v3_sub(aO, v3_cross(bPB, sn)), v3_scale(verr_n, wPB_x_n));
    //@ assert exact: u_def: real_model ==> u == vsub(pt_vel(body2, C), pt_vel(body1, C));
    /*@ assert exact: at_def: real_model ==>
          at == vsub(vsub(aO, vcross(vsub(vsub(body2.b, body1.b), vcross(body1.w, body2.w)), vscale(s, n))),
                     vscale(0.5 * vdot(vO, n), vcross(vsub(body2.w, body1.w), n))); */
    res.out.verr[1] = v3_dot(u, Px);
    res.out.verr[2] = v3_dot(u, Py);
    res.out.aerr[1] = v3_dot(at, Px);
    res.out.aerr[2] = v3_dot(at, Py);

    /* (10) forces */
    ccref_vec3 f = v3_add(v3_add(v3_scale(0.5 * l0, n), v3_scale(l1, Px)), v3_scale(l2, Py));
    res.out.force_on_body2 = ccref_force_at_arm(armC2, f);
    res.out.force_on_body1 = ccref_force_at_arm(armC1, v3_neg(f));
    //@ assert exact: f_def: real_model ==> f == brop_force(prm, body1, l0, l1, l2);
    //@ assert exact: arm_C1: real_model ==> armC1 == vsub(C, body1.p);
    /*@ assert exact: forces_at_C: real_model ==>
          res.out.force_on_body2 == force_at(body2, C, f) && res.out.force_on_body1 == force_at(body1, C, vneg(f)); */
    //@ ghost lemma_pair_moment(body1, body2, armC1, armC2, f);
    //@ assert exact: same_point: real_model ==> vsub(vadd(body2.p, armC2), vadd(body1.p, armC1)) == vzero;

    /* (11)-(14) auxiliary outputs */
    res.contact_point = C;
    res.plane_axes = R_GA;
    res.normal_force = -(0.5 * l0);
    res.friction_force_x = -l1;
    res.friction_force_y = -l2;
    res.out.deviations = CCREF_DEV_BROP_NOT_IN_SIMBODY;
    /*@ assert exact: stored: real_model ==> res.out.force_on_body1 == force_at_arm(armC1, vneg(f)) &&
          res.out.force_on_body2 == force_at_arm(armC2, f) && res.contact_point == C; */
    return res;
}

/* Contract (proofs/README.md): memory; the status of every class of bad input with zeroed outputs; for valid
 * inputs the formulas in real arithmetic (the axes through rotation_from_z), Newton's third law (force part also
 * in IEEE doubles), zero total moment, and finite OK outputs. */
/*@ CCREF_PAIR_EVAL_MEMORY_SQRT
    CCREF_PAIR_EVAL_BAD_INPUTS(3, brop_inputs_finite(*prm, *body1, *body2), brop_zero(*res), brop_zero(*res))
    behavior checked:
      CCREF_PAIR_EVAL_INPUTS_FINITE(3, brop_inputs_finite(*prm, *body1, *body2))
      ensures exact: not_rotation: real_model ==>
        (!(rotation(body1->R) && rotation(body2->R)) <==> \result == CCREF_E_NOT_ROTATION);
      ensures exact: radius: real_model ==>
        (rotation(body1->R) && rotation(body2->R) && prm->radius <= 0.0 <==> \result == CCREF_E_NONPOSITIVE_RADIUS);
      ensures zero_direction: \result == CCREF_E_ZERO_DIRECTION ==> !vnonzero(prm->normal_in_b1);
      ensures status: \result == CCREF_OK || \result == CCREF_E_NOT_ROTATION || \result == CCREF_E_NONPOSITIVE_RADIUS ||
                      \result == CCREF_E_ZERO_DIRECTION || \result == CCREF_E_NOT_UNIT_VECTOR ||
                      \result == CCREF_E_RESULT_OVERFLOW;
      ensures errors_zeroed: \result != CCREF_OK ==> brop_zero(*res);
      ensures ok_finite: \result == CCREF_OK ==> brop_finite(*res);
      ensures exact: formulas: real_model && \result == CCREF_OK ==>
        brop_formulas(*res, \old(*prm), \old(*body1), \old(*body2), \old(lambda[0]), \old(lambda[1]), \old(lambda[2]));
      ensures newton3_force: \result == CCREF_OK ==> brop_newton3_force(*res);
      ensures exact: newton3_moment: real_model && \result == CCREF_OK ==>
        brop_newton3_moment(*res, \old(*body1), \old(*body2));
    complete behaviors;
    disjoint behaviors;
*/
ccref_status ccref_ball_rolling_on_plane_eval(const ccref_ball_rolling_on_plane_params *prm,
                                              const ccref_body *body1, const ccref_body *body2,
                                              const double *lambda, size_t n_lambda,
                                              ccref_ball_rolling_on_plane_result *res)
{
    if (res == NULL)
        return CCREF_E_NULL_ARGUMENT;
    ccref_status st = brop_check(prm, body1, body2, lambda, n_lambda);
    if (st != CCREF_OK) {
        *res = brop_zero_result();
        return st;
    }
    ccref_ball_rolling_on_plane_result r = brop_outputs(*prm, *body1, *body2, lambda[0], lambda[1], lambda[2]);
    if (!brop_result_is_finite(&r)) {
        *res = brop_zero_result();
        return CCREF_E_RESULT_OVERFLOW;
    }
    *res = r;
    return CCREF_OK;
}
