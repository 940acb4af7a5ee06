/* sphere_on_plane.c: Constraint::SphereOnPlaneContact, mp = 1, mv = 2 (rolling) or 0.   Spec: spec/sphere_on_plane.md
 *
 * Method: body 1 = plane body F with plane frame X_FP (Px, Py tangent, Pz normal), body 2 = sphere body B with
 * center O (station) and radius r.  [Px Py Pz] = R1 R_FP; h = p_FP . Pz_F (in F).
 *   O = p2 + R2 o,  C = O - r Pz (lowest point of the sphere along Pz; not projected onto the plane)
 *   perr      = (O - p1) . Pz - (h + r)
 *   v_F(O)    = v(B/O) - v(F/O);                a_F(O) = a(B/O) - a(F/O) - 2 w1 x v_F(O)
 *   verr_n    = v_F(O) . Pz;                    aerr_n = a_F(O) . Pz
 *   rolling:  v_F(B/C) = v(B/C) - v(F/C);       b_FB = (b2 - b1) - w1 x w2
 *             a_FC = a_F(O) - b_FB x (r Pz)
 *             verr_x,y = v_F(B/C) . Px, Py;     aerr_x,y = a_FC . Px, Py
 *   forces: f = lambda_n Pz [+ lambda_x Px + lambda_y Py] at C on body 2, -f at C on body 1.
 * Exact relations (spec/sphere_on_plane.md): verr_n = d/dt perr, aerr = d/dt verr for every row.
 * Special cases: none beyond the input checks (the contact point is always defined).
 *
 * Structure (proofs/README.md): sop_check (input checks, reads only), sop_outputs (the formulas, on values),
 * ccref_sphere_on_plane_eval (writes *res once). Every floating-point operation is the one of the formulas above,
 * in the same order. */
#include "common.h"

/*@ predicate sop_zero(ccref_sphere_on_plane_result r, integer mv) =
      out_zero(r.out, 1, mv) && vzeroed(r.contact_point) && dzero(r.separation) && vzeroed(r.force_on_sphere);
    predicate sop_finite(ccref_sphere_on_plane_result r) =
      ofinite(r.out) && vfinite(r.contact_point) && \is_finite(r.separation) && vfinite(r.force_on_sphere);
    predicate sop_inputs_finite(ccref_sphere_on_plane_params p, ccref_body b1, ccref_body b2) =
      bfinite(b1) && bfinite(b2) && ffinite(p.plane_frame_in_b1) && vfinite(p.center_in_b2) && \is_finite(p.radius);
    predicate sop_rotations(ccref_sphere_on_plane_params p, ccref_body b1, ccref_body b2) =
      rotation(b1.R) && rotation(b2.R) && rotation(p.plane_frame_in_b1.R);
    // Plane axes in G and the contact point.
    logic ccref_vec3 sop_axis(ccref_sphere_on_plane_params p, ccref_body b1, integer j) =
      mapply(b1.R, mcol(p.plane_frame_in_b1.R, j));
    logic ccref_vec3 sop_center(ccref_sphere_on_plane_params p, ccref_body b2) = station(b2, p.center_in_b2);
    logic ccref_vec3 sop_contact(ccref_sphere_on_plane_params p, ccref_body b1, ccref_body b2) =
      vsub(sop_center(p, b2), vscale(p.radius, sop_axis(p, b1, 2)));
    // The outputs for valid inputs, in real arithmetic (spec/sphere_on_plane.md); f is the multiplier force.
    // Stated in four parts (normal row, rolling rows, forces, auxiliary outputs): one goal each for the provers.
    predicate sop_normal_row(ccref_sphere_on_plane_result r, ccref_sphere_on_plane_params p, ccref_body b1,
                             ccref_body b2) =
      \let Pz = sop_axis(p, b1, 2); \let O = sop_center(p, b2);
      \let h = vdot(p.plane_frame_in_b1.p, mcol(p.plane_frame_in_b1.R, 2));
      \let vO = vsub(pt_vel(b2, O), pt_vel(b1, O));
      \let aO = vsub(vsub(pt_acc(b2, O), pt_acc(b1, O)), vcross(vscale(2.0, b1.w), vO));
      r.out.mp == 1 &&
      r.out.perr[0] == vdot(vsub(O, b1.p), Pz) - (h + p.radius) &&
      r.out.verr[0] == vdot(vO, Pz) && r.out.aerr[0] == vdot(aO, Pz);
    predicate sop_rolling_rows(ccref_sphere_on_plane_result r, ccref_sphere_on_plane_params p, ccref_body b1,
                               ccref_body b2) =
      \let Px = sop_axis(p, b1, 0); \let Py = sop_axis(p, b1, 1); \let Pz = sop_axis(p, b1, 2);
      \let O = sop_center(p, b2); \let C = sop_contact(p, b1, b2);
      \let vO = vsub(pt_vel(b2, O), pt_vel(b1, O));
      \let aO = vsub(vsub(pt_acc(b2, O), pt_acc(b1, O)), vcross(vscale(2.0, b1.w), vO));
      \let vC = vsub(pt_vel(b2, C), pt_vel(b1, C));
      \let aC = vsub(aO, vcross(vsub(vsub(b2.b, b1.b), vcross(b1.w, b2.w)), vscale(p.radius, Pz)));
      r.out.mv == 2 ==> r.out.verr[1] == vdot(vC, Px) && r.out.verr[2] == vdot(vC, Py) &&
                        r.out.aerr[1] == vdot(aC, Px) && r.out.aerr[2] == vdot(aC, Py);
    predicate sop_forces(ccref_sphere_on_plane_result r, ccref_sphere_on_plane_params p, ccref_body b1,
                         ccref_body b2, ccref_vec3 f) =
      \let C = sop_contact(p, b1, b2);
      r.out.force_on_body2 == force_at(b2, C, f) && r.out.force_on_body1 == force_at(b1, C, vneg(f));
    predicate sop_auxiliary(ccref_sphere_on_plane_result r, ccref_sphere_on_plane_params p, ccref_body b1,
                            ccref_body b2, ccref_vec3 f) =
      r.contact_point == sop_contact(p, b1, b2) && r.separation == r.out.perr[0] && r.force_on_sphere == vneg(f) &&
      r.out.deviations == 0;
    predicate sop_formulas(ccref_sphere_on_plane_result r, ccref_sphere_on_plane_params p, ccref_body b1,
                           ccref_body b2, ccref_vec3 f) =
      sop_normal_row(r, p, b1, b2) && sop_rolling_rows(r, p, b1, b2) && sop_forces(r, p, b1, b2, f) &&
      sop_auxiliary(r, p, b1, b2, f);
    logic ccref_vec3 sop_force(ccref_sphere_on_plane_params p, ccref_body b1, integer mv, real l0, real l1, real l2) =
      mv == 2 ? vadd(vadd(vscale(l0, sop_axis(p, b1, 2)), vscale(l1, sop_axis(p, b1, 0))), vscale(l2, sop_axis(p, b1, 1)))
              : vscale(l0, sop_axis(p, b1, 2));
    predicate sop_newton3_force(ccref_sphere_on_plane_result r) =
      newton3_force(r.out.force_on_body1, r.out.force_on_body2);
    predicate sop_newton3_moment(ccref_sphere_on_plane_result r, ccref_body b1, ccref_body b2) =
      newton3_moment(r.out.force_on_body1, b1, r.out.force_on_body2, b2);
*/

/*@ assigns \nothing; ensures sop_zero(\result, mv); */
static ccref_sphere_on_plane_result sop_zero_result(int mv)
{
    ccref_sphere_on_plane_result r;
    ccref_output_init(&r.out, 1, mv);
    r.contact_point = v3_zero();
    r.separation = 0.0;
    r.force_on_sphere = v3_zero();
    return r;
}

/*@ requires \valid_read(r); assigns \nothing; ensures \result != 0 <==> sop_finite(*r); */
static int sop_result_is_finite(const ccref_sphere_on_plane_result *r)
{
    return ccref_output_is_finite(&r->out) && v3_is_finite(r->contact_point) && isfinite(r->separation) &&
           v3_is_finite(r->force_on_sphere);
}

/*@ CCREF_ROLLING_CHECK_MEMORY
    CCREF_ROLLING_CHECK_BAD_INPUTS(sop_inputs_finite(*prm, *body1, *body2))
    behavior finite:
      CCREF_ROLLING_CHECK_INPUTS_FINITE(sop_inputs_finite(*prm, *body1, *body2))
      ensures \result == CCREF_OK || \result == CCREF_E_NOT_ROTATION || \result == CCREF_E_NONPOSITIVE_RADIUS;
      ensures exact: rotation_test: real_model ==>
        (\result == CCREF_E_NOT_ROTATION <==> !sop_rotations(*prm, *body1, *body2));
      ensures radius_test: \result == CCREF_E_NONPOSITIVE_RADIUS ==> prm->radius <= 0.0;
      ensures ok: \result == CCREF_OK ==> prm->radius > 0.0;
      ensures exact: radius_exact: real_model ==>
        (\result == CCREF_E_NONPOSITIVE_RADIUS <==> sop_rotations(*prm, *body1, *body2) && prm->radius <= 0.0);
    complete behaviors;
    disjoint behaviors;
*/
static ccref_status sop_check(const ccref_sphere_on_plane_params *prm, const ccref_body *body1, const ccref_body *body2,
                              const double *lambda, size_t n_lambda, int mv)
{
    ccref_status st = ccref_check_lambda(lambda, n_lambda, (size_t)(1 + mv));
    if (st != CCREF_OK)
        return st;
    if (!ccref_body_is_finite(body1) || !ccref_body_is_finite(body2) ||
        !ccref_frame_is_finite(&prm->plane_frame_in_b1) || !v3_is_finite(prm->center_in_b2) ||
        !isfinite(prm->radius))
        return CCREF_E_NONFINITE_INPUT;
    if (!ccref_is_rotation(&body1->R) || !ccref_is_rotation(&body2->R) ||
        !ccref_is_rotation(&prm->plane_frame_in_b1.R))
        return CCREF_E_NOT_ROTATION;
    if (!(prm->radius > 0.0))
        return CCREF_E_NONPOSITIVE_RADIUS;
    return CCREF_OK;
}

/* The formulas, on values; l0, l1, l2 the multipliers (l1, l2 unused without rolling). */
/*@ requires mv == 0 || mv == 2;
    assigns \nothing;
    ensures exact: normal_row: real_model ==> sop_normal_row(\result, prm, body1, body2);
    ensures exact: rolling_rows: real_model ==> sop_rolling_rows(\result, prm, body1, body2);
    ensures exact: forces: real_model ==> sop_forces(\result, prm, body1, body2, sop_force(prm, body1, mv, l0, l1, l2));
    ensures exact: auxiliary: real_model ==> sop_auxiliary(\result, prm, body1, body2, sop_force(prm, body1, mv, l0, l1, l2));
    ensures rows: \result.out.mv == mv;
    ensures newton3_force: vfinite(\result.out.force_on_body2.force) ==> sop_newton3_force(\result);
    ensures exact: newton3_moment: real_model ==> sop_newton3_moment(\result, body1, body2);
*/
static ccref_sphere_on_plane_result sop_outputs(ccref_sphere_on_plane_params prm, ccref_body body1, ccref_body body2,
                                               int mv, double l0, double l1, double l2)
{
    ccref_sphere_on_plane_result res = sop_zero_result(mv);
    const ccref_frame *X_FP = &prm.plane_frame_in_b1;
    double r = prm.radius;

    /* (1)-(2) plane axes in G and plane height in F */
    ccref_vec3 Pz_F = m3_column(&X_FP->R, 2);
    double h = v3_dot(X_FP->p, Pz_F);
    //@ assert exact: h_def: real_model ==> h == vdot(prm.plane_frame_in_b1.p, mcol(prm.plane_frame_in_b1.R, 2));
    ccref_mat3 R_GP = m3_mul(&body1.R, &X_FP->R);
    ccref_vec3 Px = m3_column(&R_GP, 0);
    ccref_vec3 Py = m3_column(&R_GP, 1);
    ccref_vec3 Pz = m3_column(&R_GP, 2);

    /* (3)-(4) center O, contact point C and their lever arms */
    ccref_vec3 armO2 = m3_apply(&body2.R, prm.center_in_b2);     /* O - p2 */
    ccref_vec3 O = v3_add(body2.p, armO2);
    ccref_vec3 armO1 = v3_sub(O, body1.p);                          /* O - p1 */
    ccref_vec3 rPz = v3_scale(r, Pz);
    ccref_vec3 armC2 = v3_sub(armO2, rPz);                           /* C - p2 */
    ccref_vec3 C = v3_add(body2.p, armC2);
    ccref_vec3 armC1 = v3_sub(C, body1.p);                           /* C - p1 */
    //@ assert exact: axes: real_model ==> Px == sop_axis(prm, body1, 0) && Py == sop_axis(prm, body1, 1) && Pz == sop_axis(prm, body1, 2);
    //@ assert exact: points: real_model ==> O == sop_center(prm, body2) && C == sop_contact(prm, body1, body2);
    //@ assert exact: arms: real_model ==> vsub(O, body2.p) == armO2 && vsub(C, body2.p) == armC2;

    /* (5)-(7) normal row */
    double perr = v3_dot(armO1, Pz) - (h + r);
    ccref_vec3 vO = v3_sub(ccref_arm_velocity(&body2, armO2), ccref_arm_velocity(&body1, armO1));
    ccref_vec3 aO = v3_sub(v3_sub(ccref_arm_acceleration(&body2, armO2), ccref_arm_acceleration(&body1, armO1)),
                           v3_cross(v3_scale(2.0, body1.w), vO));
    //@ assert exact: vO_def: real_model ==> vO == vsub(pt_vel(body2, O), pt_vel(body1, O));
    //@ assert exact: aO_def: real_model ==> aO == vsub(vsub(pt_acc(body2, O), pt_acc(body1, O)), vcross(vscale(2.0, body1.w), vO));
    res.out.perr[0] = perr;
    res.out.verr[0] = v3_dot(vO, Pz);
    res.out.aerr[0] = v3_dot(aO, Pz);

    /* (8) forces: normal part, then (11) the tangential part when rolling */
    ccref_vec3 f = v3_scale(l0, Pz);
    if (mv == 2) {
        /* (9)-(10) rolling rows */
        ccref_vec3 vC = v3_sub(ccref_arm_velocity(&body2, armC2), ccref_arm_velocity(&body1, armC1));
        ccref_vec3 bFB = v3_sub(v3_sub(body2.b, body1.b), v3_cross(body1.w, body2.w));
        ccref_vec3 aC = v3_sub(aO, v3_cross(bFB, rPz));
        //@ assert exact: vC_def: real_model ==> vC == vsub(pt_vel(body2, C), pt_vel(body1, C));
        /*@ assert exact: aC_def: real_model ==>
              aC == vsub(aO, vcross(vsub(vsub(body2.b, body1.b), vcross(body1.w, body2.w)), vscale(prm.radius, Pz))); */
        res.out.verr[1] = v3_dot(vC, Px);
        res.out.verr[2] = v3_dot(vC, Py);
        res.out.aerr[1] = v3_dot(aC, Px);
        res.out.aerr[2] = v3_dot(aC, Py);
        f = v3_add(v3_add(f, v3_scale(l1, Px)), v3_scale(l2, Py));
    }
    //@ assert exact: f_def: real_model ==> f == sop_force(prm, body1, mv, l0, l1, l2);
    res.out.force_on_body2 = ccref_force_at_arm(armC2, f);
    res.out.force_on_body1 = ccref_force_at_arm(armC1, v3_neg(f));
    //@ ghost lemma_pair_moment(body1, body2, armC1, armC2, f);
    //@ assert exact: same_point: real_model ==> vsub(vadd(body2.p, armC2), vadd(body1.p, armC1)) == vzero;

    /* (12)-(14) auxiliary outputs */
    res.contact_point = C;
    res.separation = perr;
    res.force_on_sphere = v3_neg(f);
    res.out.deviations = 0u;
    /*@ assert exact: stored: real_model ==> res.out.force_on_body1 == force_at_arm(armC1, vneg(f)) &&
          res.out.force_on_body2 == force_at_arm(armC2, f) && res.contact_point == C && res.force_on_sphere == vneg(f) &&
          res.out.perr[0] == perr && res.separation == perr && res.out.verr[0] == vdot(vO, Pz) &&
          res.out.aerr[0] == vdot(aO, Pz); */
    return res;
}

/* Contract (proofs/README.md): memory; the status of every class of bad input with zeroed outputs; for valid
 * inputs the formulas in real arithmetic, Newton's third law (force part also in IEEE doubles), zero total
 * moment about G's origin, and finite OK outputs. */
/*@ CCREF_PAIR_EVAL_MEMORY
    CCREF_PAIR_EVAL_BAD_INPUTS(CCREF_ROLLING_NL, sop_inputs_finite(*prm, *body1, *body2),
                               (prm == \null ==> sop_zero(*res, 0)) && (prm != \null ==> sop_zero(*res, CCREF_ROLLING_MV)),
                               sop_zero(*res, CCREF_ROLLING_MV))
    behavior checked:
      CCREF_PAIR_EVAL_INPUTS_FINITE(CCREF_ROLLING_NL, sop_inputs_finite(*prm, *body1, *body2))
      ensures exact: not_rotation: real_model ==>
        (!sop_rotations(*prm, *body1, *body2) <==> \result == CCREF_E_NOT_ROTATION);
      ensures exact: radius: real_model ==>
        (sop_rotations(*prm, *body1, *body2) && prm->radius <= 0.0 <==> \result == CCREF_E_NONPOSITIVE_RADIUS);
      ensures status: \result == CCREF_OK || \result == CCREF_E_NOT_ROTATION ||
                      \result == CCREF_E_NONPOSITIVE_RADIUS || \result == CCREF_E_RESULT_OVERFLOW;
      ensures errors_zeroed: \result != CCREF_OK ==> sop_zero(*res, CCREF_ROLLING_MV);
      ensures ok_finite: \result == CCREF_OK ==> sop_finite(*res) && res->out.mv == CCREF_ROLLING_MV;
      ensures exact: formulas: real_model && \result == CCREF_OK ==>
        sop_formulas(*res, \old(*prm), \old(*body1), \old(*body2),
                     sop_force(\old(*prm), \old(*body1), (\old(prm->rolling) != 0 ? 2 : 0),
                               \old(lambda[0]), (\old(prm->rolling) != 0 ? \old(lambda[1]) : 0.0),
                               (\old(prm->rolling) != 0 ? \old(lambda[2]) : 0.0)));
      ensures newton3_force: \result == CCREF_OK ==> sop_newton3_force(*res);
      ensures exact: newton3_moment: real_model && \result == CCREF_OK ==>
        sop_newton3_moment(*res, \old(*body1), \old(*body2));
    complete behaviors;
    disjoint behaviors;
*/
ccref_status ccref_sphere_on_plane_eval(const ccref_sphere_on_plane_params *prm, const ccref_body *body1,
                                        const ccref_body *body2, const double *lambda, size_t n_lambda,
                                        ccref_sphere_on_plane_result *res)
{
    if (res == NULL)
        return CCREF_E_NULL_ARGUMENT;
    int mv = (prm != NULL && prm->rolling) ? 2 : 0;
    if (prm == NULL || body1 == NULL || body2 == NULL) {
        *res = sop_zero_result(mv);
        return CCREF_E_NULL_ARGUMENT;
    }
    ccref_status st = sop_check(prm, body1, body2, lambda, n_lambda, mv);
    if (st != CCREF_OK) {
        *res = sop_zero_result(mv);
        return st;
    }
    ccref_sphere_on_plane_result r = sop_outputs(*prm, *body1, *body2, mv, lambda[0], mv == 2 ? lambda[1] : 0.0,
                                                 mv == 2 ? lambda[2] : 0.0);
    if (!sop_result_is_finite(&r)) {
        *res = sop_zero_result(mv);
        return CCREF_E_RESULT_OVERFLOW;
    }
    *res = r;
    return CCREF_OK;
}
