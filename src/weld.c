/* weld.c: Constraint::Weld (coincident frames), mp = 6, mv = 0.   Spec: spec/weld.md
 *
 * Method: RB = R1 Rf1 and RF = R2 Rf2 are frame 1's and frame 2's axes in G (columns B_j, F_j); each angular row pairs
 * frame 2's axis i with frame 1's next one, (F_i, B_i') = (Fx, By), (Fy, Bz), (Fz, Bx), c_i = F_i x B_i'.
 * S = p2 + R2 pf2 (frame 2's origin), P = p1 + R1 pf1 (frame 1's), arm1 = S - p1 (body 1's material point at S).
 *   perr[i]    = F_i . B_i'                        i = 0, 1, 2
 *   perr[3..5] = S - P
 *   verr[i]    = (w2 - w1) . c_i
 *   verr[3..5] = v(B2/S) - v(B1/S)
 *   aerr[i]    = (b2 - b1) . c_i + (w2 - w1) . ((w2 x F_i) x B_i' - (w1 x B_i') x F_i)
 *   aerr[3..5] = a(B2/S) - a(B1/S)                 B1's point at S held fixed in B1
 *   forces: t = (l0 c0 + l1 c1) + l2 c2 and f = (l3, l4, l5) at S on body 2, -t and -f on body 1 (multiplier sign).
 * Exact relations (spec/weld.md): the angular verr and aerr are the time derivatives of the rows above them; the
 * linear rows are Ball's (verr = d/dt_1 perr, aerr = d/dt verr + w1 x verr).
 * Special cases: none beyond the input checks: no division, no branch. perr[0..2] = 0 at eight relative orientations,
 * the aligned frames and seven spurious ones (Simbody's documented antiparallel trap, and third turns about the
 * diagonals): Simbody's formula, computed as it is.
 * Accuracy: the angular rows' errors are absolute, a few units of u times the speed scales; the linear rows' are
 * Ball's, growing with the coordinates (spec/weld.md, Accuracy; weld_chain in src/bounds.c).
 *
 * Structure (as src/ball.c): weld_check (input checks, reads only), weld_angular (one angular row), weld_outputs
 * (the formulas, on values), ccref_weld_eval (writes *res once). Every floating-point operation is the one of the
 * formulas above, in the same order. */
#include "common.h"

/* One angular row: frame 2's axis F paired with frame 1's axis B. */
typedef struct {
    ccref_vec3 c;               /* F x B: the row's direction in the mobilities of either body's angular velocity */
    double perr, verr, aerr;
} weld_angular_row;

/*@ predicate weld_inputs_finite(ccref_weld_params p, ccref_body b1, ccref_body b2) =
      bfinite(b1) && bfinite(b2) && ffinite(p.frame1_in_b1) && ffinite(p.frame2_in_b2);
    predicate weld_rotations(ccref_weld_params p, ccref_body b1, ccref_body b2) =
      rotation(b1.R) && rotation(b2.R) && rotation(p.frame1_in_b1.R) && rotation(p.frame2_in_b2.R);
    predicate weld_zero(ccref_weld_result r) =
      out_zero(r.out, 6, 0) && mzeroed(r.frame1.R) && vzeroed(r.frame1.p) && mzeroed(r.frame2.R) && vzeroed(r.frame2.p);
    // An angular row in real arithmetic (spec/weld.md (3), (5), (6), (8)): F . B, its rate and its acceleration with
    // F fixed in body 2 and B in body 1; w = w2 - w1, bw = b2 - b1.
    predicate weld_row(weld_angular_row a, ccref_vec3 F, ccref_vec3 B, ccref_vec3 w1, ccref_vec3 w2, ccref_vec3 w,
                       ccref_vec3 bw) =
      a.c == vcross(F, B) && a.perr == vdot(F, B) && a.verr == vdot(w, vcross(F, B)) &&
      a.aerr == vdot(bw, vcross(F, B)) + vdot(w, vsub(vcross(vcross(w2, F), B), vcross(vcross(w1, B), F)));
    // Row i of the output: the pair (F_i, B_{i+1 mod 3}) of the frames' axes in G.
    predicate weld_output_row(ccref_output o, integer i, ccref_vec3 F, ccref_vec3 B, ccref_body b1, ccref_body b2) =
      o.perr[i] == vdot(F, B) && o.verr[i] == vdot(vsub(b2.w, b1.w), vcross(F, B)) &&
      o.aerr[i] == vdot(vsub(b2.b, b1.b), vcross(F, B)) +
                   vdot(vsub(b2.w, b1.w), vsub(vcross(vcross(b2.w, F), B), vcross(vcross(b1.w, B), F)));
    // The torque of the angular multipliers la: la.x c0 + la.y c1 + la.z c2 (Simbody's torque_F_A).
    logic ccref_vec3 weld_torque(ccref_mat3 RF, ccref_mat3 RB, ccref_vec3 la) =
      vadd(vadd(vscale(la.x, vcross(mcol(RF, 0), mcol(RB, 1))), vscale(la.y, vcross(mcol(RF, 1), mcol(RB, 2)))),
           vscale(la.z, vcross(mcol(RF, 2), mcol(RB, 0))));
    // The outputs for valid inputs, in real arithmetic (spec/weld.md): multipliers la (torques) and f (the force).
    // In parts, each one goal of weld_outputs.
    predicate weld_frames(ccref_weld_result r, ccref_frame f1, ccref_frame f2, ccref_body b1, ccref_body b2) =
      mprod(r.frame1.R, b1.R, f1.R) && mprod(r.frame2.R, b2.R, f2.R) &&
      r.frame1.p == station(b1, f1.p) && r.frame2.p == station(b2, f2.p);
    predicate weld_angular_rows(ccref_output o, ccref_mat3 RF, ccref_mat3 RB, ccref_body b1, ccref_body b2) =
      weld_output_row(o, 0, mcol(RF, 0), mcol(RB, 1), b1, b2) &&
      weld_output_row(o, 1, mcol(RF, 1), mcol(RB, 2), b1, b2) &&
      weld_output_row(o, 2, mcol(RF, 2), mcol(RB, 0), b1, b2);
    predicate weld_linear_rows(ccref_output o, ccref_vec3 S, ccref_vec3 P, ccref_body b1, ccref_body b2) =
      vmk(o.perr[3], o.perr[4], o.perr[5]) == vsub(S, P) &&
      vmk(o.verr[3], o.verr[4], o.verr[5]) == vsub(pt_vel(b2, S), pt_vel(b1, S)) &&
      vmk(o.aerr[3], o.aerr[4], o.aerr[5]) == vsub(pt_acc(b2, S), pt_acc(b1, S));
    predicate weld_forces(ccref_output o, ccref_vec3 t, ccref_vec3 S, ccref_body b1, ccref_body b2, ccref_vec3 f) =
      o.force_on_body2 == sfmk(vadd(t, vcross(vsub(S, b2.p), f)), f) &&
      o.force_on_body1 == sfmk(vadd(vneg(t), vcross(vsub(S, b1.p), vneg(f))), vneg(f));
    predicate weld_formulas(ccref_weld_result r, ccref_frame f1, ccref_frame f2, ccref_body b1, ccref_body b2,
                            ccref_vec3 la, ccref_vec3 f) =
      r.out.mp == 6 && r.out.mv == 0 && r.out.deviations == 0 &&
      weld_frames(r, f1, f2, b1, b2) &&
      weld_angular_rows(r.out, r.frame2.R, r.frame1.R, b1, b2) &&
      weld_linear_rows(r.out, r.frame2.p, r.frame1.p, b1, b2) &&
      weld_forces(r.out, weld_torque(r.frame2.R, r.frame1.R, la), r.frame2.p, b1, b2, f);
    // lambda . verr over the six rows.
    logic real weld_lambda_verr(ccref_output o, ccref_vec3 la, ccref_vec3 f) =
      la.x * o.verr[0] + la.y * o.verr[1] + la.z * o.verr[2] + vdot(f, vmk(o.verr[3], o.verr[4], o.verr[5]));
    predicate weld_finite(ccref_weld_result r) = ofinite(r.out) && ffinite(r.frame1) && ffinite(r.frame2);
*/

/* Ghost lemmas (proof only, never compiled; as those of common.h): the power identity and Newton's third law of
 * weld_outputs, each proved from its values alone (in weld_outputs's context the provers gave up on them). The torque
 * pair (t on body 2, -t on body 1) adds t . (w2 - w1) to the power of Ball's pair, and t . (w2 - w1) is the angular
 * rows' share. */
/*@ ghost
  /@ requires exact: real_model ==> w == vsub(b2.w, b1.w);
     assigns \nothing;
     ensures exact: real_model ==>
       sfpower(sfmk(vadd(vneg(t), m1), vneg(f)), b1) + sfpower(sfmk(vadd(t, m2), f), b2) ==
       vdot(t, w) + (sfpower(sfmk(m1, vneg(f)), b1) + sfpower(sfmk(m2, f), b2)); @/
  static void lemma_torque_power(ccref_body b1, ccref_body b2, ccref_vec3 t, ccref_vec3 m1, ccref_vec3 m2,
                                 ccref_vec3 f, ccref_vec3 w) { }
  // The torque of the angular multipliers against w2 - w1 is the multiplier-weighted sum of the angular rows.
  /@ requires exact: real_model ==> t == vadd(vadd(vscale(la.x, c0), vscale(la.y, c1)), vscale(la.z, c2));
     requires exact: real_model ==> v0 == vdot(w, c0) && v1 == vdot(w, c1) && v2 == vdot(w, c2);
     assigns \nothing;
     ensures exact: real_model ==> vdot(t, w) == la.x * v0 + la.y * v1 + la.z * v2; @/
  static void lemma_torque_rows(ccref_vec3 la, ccref_vec3 c0, ccref_vec3 c1, ccref_vec3 c2, ccref_vec3 t,
                                ccref_vec3 w, double v0, double v1, double v2) { }
  // The power identity of weld_outputs from its values (P1, P2: Ball's pair at S; F1, F2: with the torque pair),
  // proved here without the function's context.
  /@ requires exact: real_model ==> P1 == force_at_arm(arm1, vneg(f)) && P2 == force_at_arm(arm2, f);
     requires exact: real_model ==>
       F1 == sfmk(vadd(vneg(t), P1.moment), P1.force) && F2 == sfmk(vadd(t, P2.moment), P2.force);
     requires exact: real_model ==> w == vsub(b2.w, b1.w);
     requires exact: real_model ==> t == vadd(vadd(vscale(la.x, c0), vscale(la.y, c1)), vscale(la.z, c2));
     requires exact: real_model ==> v0 == vdot(w, c0) && v1 == vdot(w, c1) && v2 == vdot(w, c2);
     requires exact: real_model ==> vl == vsub(arm_vel(b2, arm2), arm_vel(b1, arm1));
     assigns \nothing;
     ensures exact: real_model ==>
       sfpower(F1, b1) + sfpower(F2, b2) == la.x * v0 + la.y * v1 + la.z * v2 + vdot(f, vmk(vl.x, vl.y, vl.z)); @/
  static void lemma_weld_power(ccref_body b1, ccref_body b2, ccref_spatial_force P1, ccref_spatial_force P2,
                               ccref_spatial_force F1, ccref_spatial_force F2, ccref_vec3 arm1, ccref_vec3 arm2,
                               ccref_vec3 f, ccref_vec3 t, ccref_vec3 w, ccref_vec3 la, ccref_vec3 c0,
                               ccref_vec3 c1, ccref_vec3 c2, double v0, double v1, double v2, ccref_vec3 vl)
  {
    lemma_pair_power(b1, b2, arm1, arm2, f);
    lemma_torque_power(b1, b2, t, P1.moment, P2.moment, f, w);
    lemma_torque_rows(la, c0, c1, c2, t, w, v0, v1, v2);
  }
  // Newton's third law of weld_outputs's forces: the torques cancel, the forces act at the one point S.
  /@ requires exact: real_model ==> P1 == force_at_arm(arm1, vneg(f)) && P2 == force_at_arm(arm2, f);
     requires exact: real_model ==>
       F1 == sfmk(vadd(vneg(t), P1.moment), P1.force) && F2 == sfmk(vadd(t, P2.moment), P2.force);
     requires exact: real_model ==> arm1 == vsub(vadd(b2.p, arm2), b1.p);
     assigns \nothing;
     ensures exact: real_model ==> newton3_moment(F1, b1, F2, b2); @/
  static void lemma_weld_moment(ccref_body b1, ccref_body b2, ccref_spatial_force P1, ccref_spatial_force P2,
                                ccref_spatial_force F1, ccref_spatial_force F2, ccref_vec3 arm1, ccref_vec3 arm2,
                                ccref_vec3 f, ccref_vec3 t)
  {
    lemma_pair_moment(b1, b2, arm1, arm2, f);
  }
*/

/*@ assigns \nothing; ensures weld_zero(\result); */
static ccref_weld_result weld_zero_result(void)
{
    ccref_weld_result r;
    ccref_output_init(&r.out, 6, 0);
    r.frame1.R = r.frame2.R = m3_from_columns(v3_zero(), v3_zero(), v3_zero());
    r.frame1.p = r.frame2.p = v3_zero();
    return r;
}

/*@ requires \valid_read(r); assigns \nothing; ensures \result != 0 <==> weld_finite(*r); */
static int weld_result_is_finite(const ccref_weld_result *r)
{
    return ccref_output_is_finite(&r->out) && ccref_frame_is_finite(&r->frame1) && ccref_frame_is_finite(&r->frame2);
}

/* Input checks in the conventions' order (multipliers, finiteness, rotations: body 1, body 2, frame 1, frame 2);
 * reads only. */
/*@ CCREF_PAIR_CHECK_MEMORY
    CCREF_PAIR_CHECK_BAD_INPUTS(6, weld_inputs_finite(*prm, *body1, *body2))
    behavior finite:
      CCREF_PAIR_CHECK_INPUTS_FINITE(6, weld_inputs_finite(*prm, *body1, *body2))
      ensures \result == CCREF_OK || \result == CCREF_E_NOT_ROTATION;
      ensures exact: rotation_test: real_model ==> (\result == CCREF_OK <==> weld_rotations(*prm, *body1, *body2));
    complete behaviors;
    disjoint behaviors;
*/
static ccref_status weld_check(const ccref_weld_params *prm, const ccref_body *body1, const ccref_body *body2,
                               const double *lambda, size_t n_lambda)
{
    if (prm == NULL || body1 == NULL || body2 == NULL)
        return CCREF_E_NULL_ARGUMENT;
    ccref_status st = ccref_check_lambda(lambda, n_lambda, 6);
    if (st != CCREF_OK)
        return st;
    if (!ccref_body_is_finite(body1) || !ccref_body_is_finite(body2) || !ccref_frame_is_finite(&prm->frame1_in_b1) ||
        !ccref_frame_is_finite(&prm->frame2_in_b2))
        return CCREF_E_NONFINITE_INPUT;
    if (!ccref_is_rotation(&body1->R) || !ccref_is_rotation(&body2->R) || !ccref_is_rotation(&prm->frame1_in_b1.R) ||
        !ccref_is_rotation(&prm->frame2_in_b2.R))
        return CCREF_E_NOT_ROTATION;
    return CCREF_OK;
}

/* (3), (5), (6), (8): one angular row, F fixed in body 2, B in body 1; w = w2 - w1, bw = b2 - b1. */
/*@ assigns \nothing;
    ensures exact: row: real_model ==> weld_row(\result, F, B, w1, w2, w, bw); */
static weld_angular_row weld_angular(ccref_vec3 F, ccref_vec3 B, ccref_vec3 w1, ccref_vec3 w2, ccref_vec3 w,
                                     ccref_vec3 bw)
{
    weld_angular_row a;
    a.c = v3_cross(F, B);
    ccref_vec3 d = v3_sub(v3_cross(v3_cross(w2, F), B), v3_cross(v3_cross(w1, B), F));
    a.perr = v3_dot(F, B);
    a.verr = v3_dot(w, a.c);
    a.aerr = v3_dot(bw, a.c) + v3_dot(w, d);
    return a;
}

/* The formulas, on values: the two frames, the two bodies, the torque multipliers la = (l0, l1, l2) and the force
 * f = (l3, l4, l5). */
/*@ assigns \nothing;
    ensures counts: \result.out.mp == 6 && \result.out.mv == 0 && \result.out.deviations == 0;
    ensures exact: frames: real_model ==> weld_frames(\result, frame1, frame2, body1, body2);
    ensures exact: angular_rows: real_model ==> weld_angular_rows(\result.out, \result.frame2.R, \result.frame1.R, body1, body2);
    ensures exact: linear_rows: real_model ==>
      weld_linear_rows(\result.out, \result.frame2.p, \result.frame1.p, body1, body2);
    ensures exact: forces: real_model ==>
      weld_forces(\result.out, weld_torque(\result.frame2.R, \result.frame1.R, la), \result.frame2.p, body1, body2, f);
    ensures newton3_force: vfinite(\result.out.force_on_body2.force) ==>
      newton3_force(\result.out.force_on_body1, \result.out.force_on_body2);
    ensures exact: newton3_moment: real_model ==>
      newton3_moment(\result.out.force_on_body1, body1, \result.out.force_on_body2, body2);
    ensures exact: power: real_model ==>
      sfpower(\result.out.force_on_body1, body1) + sfpower(\result.out.force_on_body2, body2) ==
      weld_lambda_verr(\result.out, la, f);
*/
static ccref_weld_result weld_outputs(ccref_frame frame1, ccref_frame frame2, ccref_body body1, ccref_body body2,
                                      ccref_vec3 la, ccref_vec3 f)
{
    ccref_weld_result r = weld_zero_result();
    /* (1) the frames' axes in G; (2) the origins and the arms */
    ccref_mat3 RB = m3_mul(&body1.R, &frame1.R), RF = m3_mul(&body2.R, &frame2.R);
    ccref_vec3 arm2 = m3_apply(&body2.R, frame2.p); /* S - p2 */
    ccref_vec3 S = v3_add(body2.p, arm2);
    ccref_vec3 P = ccref_station_location(&body1, frame1.p);
    ccref_vec3 arm1 = v3_sub(S, body1.p);         /* S - p1 */

    /* (3), (5), (6), (8): the angular rows, (F_i, B_i') = (Fx, By), (Fy, Bz), (Fz, Bx) */
    ccref_vec3 w = v3_sub(body2.w, body1.w), bw = v3_sub(body2.b, body1.b);
    weld_angular_row a0 = weld_angular(m3_column(&RF, 0), m3_column(&RB, 1), body1.w, body2.w, w, bw);
    weld_angular_row a1 = weld_angular(m3_column(&RF, 1), m3_column(&RB, 2), body1.w, body2.w, w, bw);
    weld_angular_row a2 = weld_angular(m3_column(&RF, 2), m3_column(&RB, 0), body1.w, body2.w, w, bw);
    r.out.perr[0] = a0.perr; r.out.verr[0] = a0.verr; r.out.aerr[0] = a0.aerr;
    r.out.perr[1] = a1.perr; r.out.verr[1] = a1.verr; r.out.aerr[1] = a1.aerr;
    r.out.perr[2] = a2.perr; r.out.verr[2] = a2.verr; r.out.aerr[2] = a2.aerr;

    /* (4), (7), (9): the linear rows, Ball's at S */
    ccref_vec3 perr = v3_sub(S, P);
    ccref_vec3 verr = v3_sub(ccref_arm_velocity(&body2, arm2), ccref_arm_velocity(&body1, arm1));
    ccref_vec3 aerr = v3_sub(ccref_arm_acceleration(&body2, arm2), ccref_arm_acceleration(&body1, arm1));
    r.out.perr[3] = perr.x; r.out.perr[4] = perr.y; r.out.perr[5] = perr.z;
    r.out.verr[3] = verr.x; r.out.verr[4] = verr.y; r.out.verr[5] = verr.z;
    r.out.aerr[3] = aerr.x; r.out.aerr[4] = aerr.y; r.out.aerr[5] = aerr.z;

    /* (10), (11): Ball's pair of forces at S, each moment the torque's plus the force's (Simbody's order) */
    ccref_vec3 t = v3_add(v3_add(v3_scale(la.x, a0.c), v3_scale(la.y, a1.c)), v3_scale(la.z, a2.c));
    ccref_spatial_force pair2 = ccref_force_at_arm(arm2, f), pair1 = ccref_force_at_arm(arm1, v3_neg(f));
    r.out.force_on_body2.moment = v3_add(t, pair2.moment);
    r.out.force_on_body2.force = pair2.force;
    r.out.force_on_body1.moment = v3_add(v3_neg(t), pair1.moment);
    r.out.force_on_body1.force = pair1.force;
    /*@ ghost lemma_weld_power(body1, body2, pair1, pair2, r.out.force_on_body1, r.out.force_on_body2, arm1, arm2, f,
                               t, w, la, a0.c, a1.c, a2.c, r.out.verr[0], r.out.verr[1], r.out.verr[2], verr); */
    //@ ghost lemma_weld_moment(body1, body2, pair1, pair2, r.out.force_on_body1, r.out.force_on_body2, arm1, arm2, f, t);

    /* (12) the frames in G */
    r.frame1.R = RB;
    r.frame1.p = P;
    r.frame2.R = RF;
    r.frame2.p = S;
    return r;
}

/* Contract (proofs/README.md): memory; the status of every class of bad input with zeroed outputs; for valid
 * inputs the formulas in real arithmetic, Newton's third law (the force part also in IEEE doubles), the zero
 * total moment about G's origin, the power identity F1.V1 + F2.V2 = lambda . verr, and finite OK outputs. */
/*@ CCREF_PAIR_EVAL_MEMORY
    CCREF_PAIR_EVAL_BAD_INPUTS(6, weld_inputs_finite(*prm, *body1, *body2), weld_zero(*res), weld_zero(*res))
    behavior not_rotation:
      CCREF_PAIR_EVAL_INPUTS_FINITE(6, weld_inputs_finite(*prm, *body1, *body2))
      assumes !weld_rotations(*prm, *body1, *body2);
      ensures exact: status: real_model ==> \result == CCREF_E_NOT_ROTATION;
      ensures exact: zeroed: real_model ==> weld_zero(*res);
    behavior valid:
      CCREF_PAIR_EVAL_INPUTS_FINITE(6, weld_inputs_finite(*prm, *body1, *body2))
      assumes weld_rotations(*prm, *body1, *body2);
      ensures exact: status: real_model ==> \result == CCREF_OK || \result == CCREF_E_RESULT_OVERFLOW;
      ensures overflow_zeroed: \result == CCREF_E_RESULT_OVERFLOW ==> weld_zero(*res);
      ensures ok_finite: \result == CCREF_OK ==> weld_finite(*res);
      ensures exact: formulas: real_model && \result == CCREF_OK ==>
        weld_formulas(*res, \old(prm->frame1_in_b1), \old(prm->frame2_in_b2), \old(*body1), \old(*body2),
                      vmk(\old(lambda[0]), \old(lambda[1]), \old(lambda[2])),
                      vmk(\old(lambda[3]), \old(lambda[4]), \old(lambda[5])));
      ensures newton3_force: \result == CCREF_OK ==>
        newton3_force(res->out.force_on_body1, res->out.force_on_body2);
      ensures exact: newton3_moment: real_model && \result == CCREF_OK ==>
        newton3_moment(res->out.force_on_body1, \old(*body1), res->out.force_on_body2, \old(*body2));
      ensures exact: power: real_model && \result == CCREF_OK ==>
        sfpower(res->out.force_on_body1, \old(*body1)) + sfpower(res->out.force_on_body2, \old(*body2)) ==
        weld_lambda_verr(res->out, vmk(\old(lambda[0]), \old(lambda[1]), \old(lambda[2])),
                         vmk(\old(lambda[3]), \old(lambda[4]), \old(lambda[5])));
    complete behaviors;
    disjoint behaviors;
*/
ccref_status ccref_weld_eval(const ccref_weld_params *prm, const ccref_body *body1, const ccref_body *body2,
                             const double *lambda, size_t n_lambda, ccref_weld_result *res)
{
    if (res == NULL)
        return CCREF_E_NULL_ARGUMENT;
    ccref_status st = weld_check(prm, body1, body2, lambda, n_lambda);
    if (st != CCREF_OK) {
        *res = weld_zero_result();
        return st;
    }
    ccref_weld_result r = weld_outputs(prm->frame1_in_b1, prm->frame2_in_b2, *body1, *body2,
                                       v3(lambda[0], lambda[1], lambda[2]), v3(lambda[3], lambda[4], lambda[5]));
    if (!weld_result_is_finite(&r)) {
        *res = weld_zero_result();
        return CCREF_E_RESULT_OVERFLOW;
    }
    *res = r;
    return CCREF_OK;
}
