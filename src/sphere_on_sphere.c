/* sphere_on_sphere.c: Constraint::SphereOnSphereContact, mp = 1, mv = 2 (rolling) or 0.
 * Spec: spec/sphere_on_sphere.md
 *
 * Method: Sf = p1 + R1 c1 (centre of sphere 1, radius rf), Sb = p2 + R2 c2 (centre of sphere 2, radius rb).
 *   p = Sb - Sf, r = |p|, oor = 1/r, Cz = p oor; kf = rf/(rf+rb), Co = Sf + kf p;
 *   contact frame C = (Co, rotation_from_z(Cz)) on G components: Cx = perp(Cz), Cy = unit(Cz x Cx).
 *   Normal row (as Rod): perr = r - (rf+rb), pd = v(B2/Sb) - v(B1/Sf), verr = pd.Cz,
 *     pdd = a(B2/Sb) - a(B1/Sf), Czd = (pd - (pd.Cz) Cz) oor, aerr = pdd.Cz + pd.Czd.
 *   Rolling rows (Simbody's formulas, which assume C does not spin about Cz relative to body 1):
 *     vF = v(B2/Co) - v(B1/Co), verr_x = vF.Cx, verr_y = vF.Cy;
 *     pd_FCo = w1 x (R1 c1) + kf pd, pd_BCo = pd_FCo - (v2 - v1),
 *     dvF = (a2 + b2 x p_BCo + w2 x pd_BCo) - (a1 + b1 x p_FCo + w1 x pd_FCo),
 *     CzdF = Czd - w1 x Cz, Cxd = -CzdF x Cy + w1 x Cx, Cyd = CzdF x Cx + w1 x Cy,
 *     aerr_x = dvF.Cx + vF.Cxd, aerr_y = dvF.Cy + vF.Cyd.
 *   Forces (multiplier sign): lambda_n Cz at Sb on body 2, -lambda_n Cz at Sf on body 1;
 *     f_t = lambda_x Cx + lambda_y Cy at Co on body 2, -f_t at Co on body 1.
 *   force_on_body2 (physical) = -(lambda_n Cz + lambda_x Cx + lambda_y Cy); separation = perr.
 * Exact relations (spec): verr_n = d/dt perr, aerr_n = d/dt verr_n (non-singular);
 *   aerr_x = d/dt verr_x - sigma verr_y, aerr_y = d/dt verr_y + sigma verr_x, sigma = spin rate of C about Cz
 *   relative to body 1 (CCREF_DEV_SOS_ROLLING_AERR_SPIN when rolling and (verr_x, verr_y) != 0).
 * Special cases: |p|^2 < CCREF_SINGULAR_DISTANCE_SQ: Cz = body 1's z axis, Czd = w1 x Cz,
 *   status CCREF_OK_SINGULAR_DIRECTION.
 *
 * Structure (proofs/README.md): sos_check (input checks, reads only), sos_outputs (the formulas, on values),
 * sos_rolling_aerr (the slip rows' accelerations, called by sos_outputs), ccref_sphere_on_sphere_eval (writes *res
 * once). Every floating-point operation is the one of the formulas above, in the same order. */
#include "common.h"

/*@ predicate sos_zero(ccref_sphere_on_sphere_result r, integer mv) =
      out_zero(r.out, 1, mv) && mzeroed(r.contact_frame.R) && vzeroed(r.contact_frame.p) &&
      dzero(r.separation) && vzeroed(r.force_on_body2);
    predicate sos_finite(ccref_sphere_on_sphere_result r) =
      ofinite(r.out) && ffinite(r.contact_frame) && \is_finite(r.separation) && vfinite(r.force_on_body2);
    predicate sos_inputs_finite(ccref_sphere_on_sphere_params p, ccref_body b1, ccref_body b2) =
      bfinite(b1) && bfinite(b2) && vfinite(p.center1_in_b1) && vfinite(p.center2_in_b2) &&
      \is_finite(p.radius1) && \is_finite(p.radius2);
    logic ccref_vec3 sos_p(ccref_sphere_on_sphere_params p, ccref_body b1, ccref_body b2) =
      vsub(station(b2, p.center2_in_b2), station(b1, p.center1_in_b1));
    predicate sos_singular(ccref_sphere_on_sphere_params p, ccref_body b1, ccref_body b2) =
      vnorm2(sos_p(p, b1, b2)) < singular_distance_sq;
    // The outputs for valid inputs, in real arithmetic (spec/sphere_on_sphere.md, formulas 1-13 and forces), in
    // four parts (contact frame, normal row, rolling rows, forces): one goal each for the provers.
    predicate sos_frame(ccref_sphere_on_sphere_result r, ccref_sphere_on_sphere_params p, ccref_body b1,
                        ccref_body b2) =
      \let Sf = station(b1, p.center1_in_b1); \let Sb = station(b2, p.center2_in_b2); \let P = vsub(Sb, Sf);
      \let Cz = mcol(r.contact_frame.R, 2); \let Cx = mcol(r.contact_frame.R, 0); \let Cy = mcol(r.contact_frame.R, 1);
      \let Co = vadd(Sf, vscale(p.radius1 / (p.radius1 + p.radius2), P));
      (vnorm2(P) < singular_distance_sq ==> Cz == mcol(b1.R, 2)) &&
      (vnorm2(P) >= singular_distance_sq ==> Cz == vscale(1.0 / vnorm(P), P)) &&
      mcols(r.contact_frame.R, perp(Cz), unit(vcross(Cz, perp(Cz))), Cz) && r.contact_frame.p == Co;
    predicate sos_normal_row(ccref_sphere_on_sphere_result r, ccref_sphere_on_sphere_params p, ccref_body b1,
                             ccref_body b2) =
      \let Sf = station(b1, p.center1_in_b1); \let Sb = station(b2, p.center2_in_b2); \let P = vsub(Sb, Sf);
      \let Cz = mcol(r.contact_frame.R, 2); \let Cx = mcol(r.contact_frame.R, 0); \let Cy = mcol(r.contact_frame.R, 1);
      \let pd = vsub(pt_vel(b2, Sb), pt_vel(b1, Sf)); \let pdd = vsub(pt_acc(b2, Sb), pt_acc(b1, Sf));
      \let Czd = (vnorm2(P) < singular_distance_sq ? vcross(b1.w, Cz)
                                                  : vscale(1.0 / vnorm(P), vsub(pd, vscale(vdot(pd, Cz), Cz))));
      r.out.mp == 1 &&
      r.out.perr[0] == vnorm(P) - (p.radius1 + p.radius2) && r.separation == r.out.perr[0] &&
      r.out.verr[0] == vdot(pd, Cz) && r.out.aerr[0] == vdot(pdd, Cz) + vdot(pd, Czd);
    predicate sos_rolling_rows(ccref_sphere_on_sphere_result r, ccref_body b1, ccref_body b2) =
      \let Cx = mcol(r.contact_frame.R, 0); \let Cy = mcol(r.contact_frame.R, 1); \let Co = r.contact_frame.p;
      \let vF = vsub(pt_vel(b2, Co), pt_vel(b1, Co));
      r.out.mv == 2 ==> r.out.verr[1] == vdot(vF, Cx) && r.out.verr[2] == vdot(vF, Cy);
    // The slip rows' accelerations (formulas 14-18): the rate dvF of the slip velocity, seen following the contact
    // point Co = Sf + kf p (so (Co - p1)' = w1 x armF + kf pd), and the rates of Cx, Cy as the frame turns with
    // body 1 plus the turn of Cz relative to it (CzdF).
    logic ccref_vec3 sos_dvF(ccref_body b1, ccref_body b2, ccref_vec3 armF, real kf, ccref_vec3 pd, ccref_vec3 p_FCo,
                             ccref_vec3 p_BCo) =
      \let pd_FCo = vadd(dir_rate(b1, armF), vscale(kf, pd)); \let pd_BCo = vsub(pd_FCo, vsub(b2.v, b1.v));
      vsub(follow_acc(b2, p_BCo, pd_BCo), follow_acc(b1, p_FCo, pd_FCo));
    logic ccref_vec3 sos_CzdF(ccref_body b1, ccref_vec3 Cz, ccref_vec3 Czd) = vsub(Czd, dir_rate(b1, Cz));
    logic ccref_vec3 sos_Cxd(ccref_body b1, ccref_vec3 Cx, ccref_vec3 Cy, ccref_vec3 Cz, ccref_vec3 Czd) =
      vadd(vneg(vcross(sos_CzdF(b1, Cz, Czd), Cy)), dir_rate(b1, Cx));
    logic ccref_vec3 sos_Cyd(ccref_body b1, ccref_vec3 Cx, ccref_vec3 Cy, ccref_vec3 Cz, ccref_vec3 Czd) =
      vadd(vcross(sos_CzdF(b1, Cz, Czd), Cx), dir_rate(b1, Cy));
    predicate sos_rolling_aerr_rows(ccref_sphere_on_sphere_result r, ccref_sphere_on_sphere_params p, ccref_body b1,
                                    ccref_body b2) =
      \let Sf = station(b1, p.center1_in_b1); \let Sb = station(b2, p.center2_in_b2); \let P = vsub(Sb, Sf);
      \let Cz = mcol(r.contact_frame.R, 2); \let Cx = mcol(r.contact_frame.R, 0); \let Cy = mcol(r.contact_frame.R, 1);
      \let Co = r.contact_frame.p;
      \let pd = vsub(pt_vel(b2, Sb), pt_vel(b1, Sf));
      \let Czd = (vnorm2(P) < singular_distance_sq ? vcross(b1.w, Cz)
                                                  : vscale(1.0 / vnorm(P), vsub(pd, vscale(vdot(pd, Cz), Cz))));
      \let vF = vsub(pt_vel(b2, Co), pt_vel(b1, Co));
      \let dvF = sos_dvF(b1, b2, vsub(Sf, b1.p), p.radius1 / (p.radius1 + p.radius2), pd, vsub(Co, b1.p), vsub(Co, b2.p));
      r.out.mv == 2 ==> r.out.aerr[1] == vdot(dvF, Cx) + vdot(vF, sos_Cxd(b1, Cx, Cy, Cz, Czd)) &&
                        r.out.aerr[2] == vdot(dvF, Cy) + vdot(vF, sos_Cyd(b1, Cx, Cy, Cz, Czd));
    predicate sos_forces_sliding(ccref_sphere_on_sphere_result r, ccref_sphere_on_sphere_params p, ccref_body b1,
                                 ccref_body b2, real l0) =
      \let Sf = station(b1, p.center1_in_b1); \let Sb = station(b2, p.center2_in_b2);
      \let fn = vscale(l0, mcol(r.contact_frame.R, 2));
      r.out.mv == 0 ==> r.out.force_on_body2 == force_at(b2, Sb, fn) &&
                        r.out.force_on_body1 == force_at(b1, Sf, vneg(fn)) && r.force_on_body2 == vneg(fn);
    predicate sos_forces_rolling(ccref_sphere_on_sphere_result r, ccref_sphere_on_sphere_params p, ccref_body b1,
                                 ccref_body b2, real l0, real l1, real l2) =
      \let Sf = station(b1, p.center1_in_b1); \let Sb = station(b2, p.center2_in_b2);
      \let Cz = mcol(r.contact_frame.R, 2); \let Cx = mcol(r.contact_frame.R, 0); \let Cy = mcol(r.contact_frame.R, 1);
      \let Co = r.contact_frame.p;
      \let fn = vscale(l0, Cz); \let ft = vadd(vscale(l1, Cx), vscale(l2, Cy));
      r.out.mv == 2 ==> r.out.force_on_body2 == sfadd(force_at(b2, Sb, fn), force_at(b2, Co, ft)) &&
                        r.out.force_on_body1 == sfadd(force_at(b1, Sf, vneg(fn)), force_at(b1, Co, vneg(ft))) &&
                        r.force_on_body2 == vneg(vadd(vadd(fn, vscale(l1, Cx)), vscale(l2, Cy)));
    predicate sos_forces(ccref_sphere_on_sphere_result r, ccref_sphere_on_sphere_params p, ccref_body b1,
                         ccref_body b2, real l0, real l1, real l2) =
      sos_forces_sliding(r, p, b1, b2, l0) && sos_forces_rolling(r, p, b1, b2, l0, l1, l2);
    predicate sos_formulas(ccref_sphere_on_sphere_result r, ccref_sphere_on_sphere_params p, ccref_body b1,
                           ccref_body b2, real l0, real l1, real l2) =
      sos_frame(r, p, b1, b2) && sos_normal_row(r, p, b1, b2) && sos_rolling_rows(r, b1, b2) &&
      sos_rolling_aerr_rows(r, p, b1, b2) && sos_forces(r, p, b1, b2, l0, l1, l2);
    // The contact frame is orthonormal: exactly for Cx, Cy and (non-singular) Cz; in the singular case Cz is body
    // 1's z axis, unit within the rotation tolerance.
    predicate sos_frame_orthonormal(ccref_sphere_on_sphere_result r, boolean singular) =
      \let Cx = mcol(r.contact_frame.R, 0); \let Cy = mcol(r.contact_frame.R, 1); \let Cz = mcol(r.contact_frame.R, 2);
      vnorm2(Cx) == 1.0 && vnorm2(Cy) == 1.0 && vdot(Cx, Cy) == 0.0 && vdot(Cx, Cz) == 0.0 && vdot(Cy, Cz) == 0.0 &&
      (singular == \false ==> vnorm2(Cz) == 1.0);
    predicate sos_newton3_force(ccref_sphere_on_sphere_result r) =
      newton3_force(r.out.force_on_body1, r.out.force_on_body2);
*/

/*@ assigns \nothing; ensures sos_zero(\result, mv); */
static ccref_sphere_on_sphere_result sos_zero_result(int mv)
{
    ccref_sphere_on_sphere_result r;
    ccref_output_init(&r.out, 1, mv);
    r.contact_frame.R = m3_from_columns(v3_zero(), v3_zero(), v3_zero());
    r.contact_frame.p = v3_zero();
    r.separation = 0.0;
    r.force_on_body2 = v3_zero();
    return r;
}

/*@ requires \valid_read(r); assigns \nothing; ensures \result != 0 <==> sos_finite(*r); */
static int sos_result_is_finite(const ccref_sphere_on_sphere_result *r)
{
    return ccref_output_is_finite(&r->out) && ccref_frame_is_finite(&r->contact_frame) && isfinite(r->separation) &&
           v3_is_finite(r->force_on_body2);
}

/*@ CCREF_ROLLING_CHECK_MEMORY
    CCREF_ROLLING_CHECK_BAD_INPUTS(sos_inputs_finite(*prm, *body1, *body2))
    behavior finite:
      CCREF_ROLLING_CHECK_INPUTS_FINITE(sos_inputs_finite(*prm, *body1, *body2))
      ensures \result == CCREF_OK || \result == CCREF_E_NOT_ROTATION || \result == CCREF_E_NONPOSITIVE_RADIUS;
      ensures exact: rotation_test: real_model ==>
        (\result == CCREF_E_NOT_ROTATION <==> !(rotation(body1->R) && rotation(body2->R)));
      ensures radius_test: \result == CCREF_E_NONPOSITIVE_RADIUS ==> prm->radius1 <= 0.0 || prm->radius2 <= 0.0;
      ensures ok: \result == CCREF_OK ==> prm->radius1 > 0.0 && prm->radius2 > 0.0;
      ensures exact: radius_exact: real_model ==>
        (\result == CCREF_E_NONPOSITIVE_RADIUS <==>
           rotation(body1->R) && rotation(body2->R) && (prm->radius1 <= 0.0 || prm->radius2 <= 0.0));
    complete behaviors;
    disjoint behaviors;
*/
static ccref_status sos_check(const ccref_sphere_on_sphere_params *prm, const ccref_body *body1,
                              const ccref_body *body2, const double *lambda, size_t n_lambda, int mv)
{
    ccref_status st = ccref_check_lambda(lambda, n_lambda, (size_t)(1 + mv));
    if (st != CCREF_OK)
        return st;
    if (!ccref_body_is_finite(body1) || !ccref_body_is_finite(body2) || !v3_is_finite(prm->center1_in_b1) ||
        !v3_is_finite(prm->center2_in_b2) || !isfinite(prm->radius1) || !isfinite(prm->radius2))
        return CCREF_E_NONFINITE_INPUT;
    if (!ccref_is_rotation(&body1->R) || !ccref_is_rotation(&body2->R))
        return CCREF_E_NOT_ROTATION;
    if (!(prm->radius1 > 0.0) || !(prm->radius2 > 0.0))
        return CCREF_E_NONPOSITIVE_RADIUS;
    return CCREF_OK;
}

/*@ ghost
  // k a = a / r for k = 1/r (a field identity, proved without the calling context).
  /@ requires exact: real_model ==> r != 0.0 && k == 1.0 / r;
     assigns \nothing;
     ensures exact: real_model ==> vmk(k * a.x, k * a.y, k * a.z) == vdiv(a, r); @/
  static void lemma_reciprocal_scale(ccref_vec3 a, double r, double k) { }
*/

/*@ ghost
  // The force clauses on the values, folded into sos_forces_sliding and sos_forces_rolling. Proved without the
  // calling context: inside sos_outputs the provers time out unfolding the predicates, while each clause below
  // is proved there (Qed) with the guard on the argument mv.
  /@ requires r.out.mv == mv;
     requires exact: force_normal_b2: real_model && mv == 0 ==>
       r.out.force_on_body2 ==
         force_at(b2, station(b2, p.center2_in_b2), vscale(l0, mcol(r.contact_frame.R, 2)));
     requires exact: force_normal_b1: real_model && mv == 0 ==>
       r.out.force_on_body1 ==
         force_at(b1, station(b1, p.center1_in_b1), vneg(vscale(l0, mcol(r.contact_frame.R, 2))));
     requires exact: force_rolling_b2: real_model && mv == 2 ==>
       r.out.force_on_body2 ==
         sfadd(force_at(b2, station(b2, p.center2_in_b2), vscale(l0, mcol(r.contact_frame.R, 2))),
              force_at(b2, r.contact_frame.p,
                      vadd(vscale(l1, mcol(r.contact_frame.R, 0)), vscale(l2, mcol(r.contact_frame.R, 1)))));
     requires exact: force_rolling_b1: real_model && mv == 2 ==>
       r.out.force_on_body1 ==
         sfadd(force_at(b1, station(b1, p.center1_in_b1), vneg(vscale(l0, mcol(r.contact_frame.R, 2)))),
              force_at(b1, r.contact_frame.p,
                      vneg(vadd(vscale(l1, mcol(r.contact_frame.R, 0)),
                                vscale(l2, mcol(r.contact_frame.R, 1))))));
     requires exact: force_applied_sliding: real_model && mv == 0 ==>
       r.force_on_body2 == vneg(vscale(l0, mcol(r.contact_frame.R, 2)));
     requires exact: force_applied_rolling: real_model && mv == 2 ==>
       r.force_on_body2 == vneg(vadd(vadd(vscale(l0, mcol(r.contact_frame.R, 2)), vscale(l1, mcol(r.contact_frame.R, 0))),
                                   vscale(l2, mcol(r.contact_frame.R, 1))));
     assigns \nothing;
     ensures exact: real_model ==> sos_forces_sliding(r, p, b1, b2, l0) && sos_forces_rolling(r, p, b1, b2, l0, l1, l2); @/
  static void lemma_sos_forces(ccref_sphere_on_sphere_result r, ccref_sphere_on_sphere_params p, ccref_body b1,
                               ccref_body b2, int mv, double l0, double l1, double l2) { }
*/

/* The values of sos_outputs that the slip rows' accelerations use (names of the method above). */
typedef struct {
    ccref_vec3 armF, pd, p_FCo, p_BCo, Cx, Cy, Cz, Czd, vF;
    double kf;
} sos_rolling_inputs;
typedef struct { double aerr_x, aerr_y; } sos_rolling_rates;

/* aerr of the slip rows (rolling), formulas 14-18. Apart from sos_outputs so that the goals of its frame, rows and
 * forces do not carry these terms (WP's simplifier time grows with them); tests/ also checks the values against
 * finite differences of verr (spec/derivatives.md). */
/*@ assigns \nothing;
    EXACT_ONLY(ensures exact: aerr_x: real_model ==> \result.aerr_x ==
      vdot(sos_dvF(body1, body2, g.armF, g.kf, g.pd, g.p_FCo, g.p_BCo), g.Cx) + vdot(g.vF, sos_Cxd(body1, g.Cx, g.Cy, g.Cz, g.Czd));)
    EXACT_ONLY(ensures exact: aerr_y: real_model ==> \result.aerr_y ==
      vdot(sos_dvF(body1, body2, g.armF, g.kf, g.pd, g.p_FCo, g.p_BCo), g.Cy) + vdot(g.vF, sos_Cyd(body1, g.Cx, g.Cy, g.Cz, g.Czd));)
*/
static sos_rolling_rates sos_rolling_aerr(ccref_body body1, ccref_body body2, sos_rolling_inputs g)
{
    const ccref_vec3 armF = g.armF, pd = g.pd, p_FCo = g.p_FCo, p_BCo = g.p_BCo, Cx = g.Cx, Cy = g.Cy, Cz = g.Cz;
    const ccref_vec3 Czd = g.Czd, vF = g.vF;
    const double kf = g.kf;
    sos_rolling_rates rt;
    ccref_vec3 pd_FCo = v3_add(v3_cross(body1.w, armF), v3_scale(kf, pd));
    ccref_vec3 pd_BCo = v3_sub(pd_FCo, v3_sub(body2.v, body1.v));
    ccref_vec3 vd_FCo = v3_add(v3_add(body1.a, v3_cross(body1.b, p_FCo)), v3_cross(body1.w, pd_FCo));
    ccref_vec3 vd_BCo = v3_add(v3_add(body2.a, v3_cross(body2.b, p_BCo)), v3_cross(body2.w, pd_BCo));
    ccref_vec3 dvF = v3_sub(vd_BCo, vd_FCo);
    ccref_vec3 CzdF = v3_sub(Czd, v3_cross(body1.w, Cz));
    ccref_vec3 Cxd = v3_add(v3_neg(v3_cross(CzdF, Cy)), v3_cross(body1.w, Cx));
    ccref_vec3 Cyd = v3_add(v3_cross(CzdF, Cx), v3_cross(body1.w, Cy));
    rt.aerr_x = v3_dot(dvF, Cx) + v3_dot(vF, Cxd);
    rt.aerr_y = v3_dot(dvF, Cy) + v3_dot(vF, Cyd);
    return rt;
}

/* The formulas, on values (radii positive); *singular receives the branch. */
/*@ requires \valid(singular);
    requires exact: real_model ==> prm.radius1 > 0.0 && prm.radius2 > 0.0 && rotation(body1.R);
    requires mv == 0 || mv == 2;
    assigns *singular, errno;  // errno: Frama-C's libc sqrt; the build has -fno-math-errno
    ensures rows: \result.out.mv == mv;
    ensures exact: branch: real_model ==> (*singular != 0 <==> sos_singular(prm, body1, body2));
    ensures exact: contact_frame: real_model ==> sos_frame(\result, prm, body1, body2);
    ensures exact: normal_row: real_model ==> sos_normal_row(\result, prm, body1, body2);
    ensures exact: rolling_rows: real_model ==> sos_rolling_rows(\result, body1, body2);
    EXACT_ONLY(ensures exact: rolling_aerr_rows: real_model ==> sos_rolling_aerr_rows(\result, prm, body1, body2);)
    ensures exact: forces_sliding: real_model ==> sos_forces_sliding(\result, prm, body1, body2, l0);
    ensures exact: forces_rolling: real_model ==> sos_forces_rolling(\result, prm, body1, body2, l0, l1, l2);
    ensures exact: frame: real_model ==> sos_frame_orthonormal(\result, *singular != 0 ? \true : \false);
    ensures newton3_force_normal: mv == 0 && vfinite(\result.out.force_on_body2.force) ==> sos_newton3_force(\result);
    ensures exact: newton3_force: real_model ==> sos_newton3_force(\result);
*/
static ccref_sphere_on_sphere_result sos_outputs(ccref_sphere_on_sphere_params prm, ccref_body body1,
                                                 ccref_body body2, int mv, double l0, double l1, double l2,
                                                 int *singular)
{
    ccref_sphere_on_sphere_result res = sos_zero_result(mv);
    const int rolling = mv == 2;
    const double rf = prm.radius1, rb = prm.radius2;

    /* ---- position */
    ccref_vec3 armF = m3_apply(&body1.R, prm.center1_in_b1);   /* Sf - p1 */
    ccref_vec3 Sf = v3_add(body1.p, armF);
    ccref_vec3 armB = m3_apply(&body2.R, prm.center2_in_b2);   /* Sb - p2 */
    ccref_vec3 Sb = v3_add(body2.p, armB);
    ccref_vec3 p = v3_sub(Sb, Sf);
    /*@ assert exact: centers: real_model ==> Sf == station(body1, prm.center1_in_b1) &&
          Sb == station(body2, prm.center2_in_b2) && p == vsub(Sb, Sf); */
    double r2 = v3_norm_sq(p);
    //@ split r2 < CCREF_SINGULAR_DISTANCE_SQ;  // EVA: one state per branch, so r >= 2^-65 where it divides
    //@ assert exact: squares: real_model ==> p.x * p.x >= 0.0 && p.y * p.y >= 0.0 && p.z * p.z >= 0.0;
    //@ assert exact: sqrt_domain: real_model ==> r2 >= 0.0;
    double r = sqrt(r2);
    //@ assert exact: norm: real_model ==> r == vnorm(p) && r * r == vnorm2(p);
    const int sing = r2 < CCREF_SINGULAR_DISTANCE_SQ;
    double oor = 0.0;
    ccref_vec3 Cz;
    if (sing) {
        Cz = m3_column(&body1.R, 2);
        //@ assert exact: cz_axis: real_model ==> Cz == mcol(body1.R, 2);
    } else {
        oor = 1.0 / r;
        Cz = v3_scale(oor, p);
        //@ ghost lemma_unit_norm(p, r);
        //@ assert exact: cz_div: real_model ==> Cz == vmk(oor * p.x, oor * p.y, oor * p.z) && oor * r == 1.0;
        //@ assert exact: r_pos: real_model ==> r > 0.0;
        //@ assert exact: oor_def: real_model ==> oor == 1.0 / r;
        //@ ghost lemma_reciprocal_scale(p, r, oor);
        //@ assert exact: cz_is_div: real_model ==> vdiv(p, r) == Cz;
        //@ assert exact: cz_unit: real_model ==> vdiv(p, r) == Cz && vnorm2(Cz) == 1.0;
        //@ assert exact: cz_scale: real_model ==> Cz == vscale(1.0 / vnorm(p), p);
    }
    //@ assert exact: cz_nonzero: real_model ==> vnorm2(Cz) >= 0.5;
    double kf = rf / (rf + rb);
    ccref_vec3 Co = v3_add(Sf, v3_scale(kf, p));
    ccref_mat3 RC = ccref_rotation_from_z(Cz);
    ccref_vec3 Cx = m3_column(&RC, 0);
    ccref_vec3 Cy = m3_column(&RC, 1);
    //@ assert exact: frame_columns: real_model ==> mcols(RC, perp(Cz), unit(vcross(Cz, perp(Cz))), Cz);
    //@ assert exact: frame_axes: real_model ==> Cx == mcol(RC, 0) && Cy == mcol(RC, 1) && Cz == mcol(RC, 2);
    //@ assert exact: origin: real_model ==> Co == vadd(Sf, vscale(rf / (rf + rb), p));
    ccref_vec3 p_FCo = v3_sub(Co, body1.p);
    ccref_vec3 p_BCo = v3_sub(Co, body2.p);

    /* ---- normal row */
    ccref_vec3 pd = v3_sub(ccref_arm_velocity(&body2, armB), ccref_arm_velocity(&body1, armF));
    ccref_vec3 pdd = v3_sub(ccref_arm_acceleration(&body2, armB), ccref_arm_acceleration(&body1, armF));
    //@ assert exact: arms: real_model ==> vsub(Sb, body2.p) == armB && vsub(Sf, body1.p) == armF;
    //@ assert exact: pd_def: real_model ==> pd == vsub(pt_vel(body2, Sb), pt_vel(body1, Sf));
    //@ assert exact: pdd_def: real_model ==> pdd == vsub(pt_acc(body2, Sb), pt_acc(body1, Sf));
    ccref_vec3 Czd;
    if (sing)
        Czd = v3_cross(body1.w, Cz);
    else
        Czd = v3_scale(oor, v3_sub(pd, v3_scale(v3_dot(pd, Cz), Cz)));
    /*@ assert exact: czd_def: real_model ==>
          Czd == (vnorm2(p) < singular_distance_sq ? vcross(body1.w, Cz)
                                                   : vscale(1.0 / vnorm(p), vsub(pd, vscale(vdot(pd, Cz), Cz)))); */
    res.out.perr[0] = r - (rf + rb);
    res.out.verr[0] = v3_dot(pd, Cz);
    res.out.aerr[0] = v3_dot(pdd, Cz) + v3_dot(pd, Czd);

    double ln = l0;
    ccref_vec3 fn = v3_scale(ln, Cz);
    res.out.force_on_body2 = ccref_force_at_arm(armB, fn);
    res.out.force_on_body1 = ccref_force_at_arm(armF, v3_neg(fn));
    ccref_vec3 applied = fn;               /* lambda_n Cz (+ lambda_x Cx + lambda_y Cy below) */
    /*@ assert exact: normal_forces: real_model ==> res.out.force_on_body2 == force_at(body2, Sb, fn) &&
          res.out.force_on_body1 == force_at(body1, Sf, vneg(fn)); */

    /* ---- rolling rows */
    if (rolling) {
        ccref_vec3 vF = v3_sub(ccref_arm_velocity(&body2, p_BCo), ccref_arm_velocity(&body1, p_FCo));
        res.out.verr[1] = v3_dot(vF, Cx);
        res.out.verr[2] = v3_dot(vF, Cy);

        sos_rolling_inputs g;
        g.armF = armF; g.pd = pd; g.p_FCo = p_FCo; g.p_BCo = p_BCo; g.Cx = Cx; g.Cy = Cy; g.Cz = Cz; g.Czd = Czd;
        g.vF = vF; g.kf = kf;
        sos_rolling_rates rt = sos_rolling_aerr(body1, body2, g);
        res.out.aerr[1] = rt.aerr_x;
        res.out.aerr[2] = rt.aerr_y;

        double lx = l1, ly = l2;
        ccref_vec3 ft = v3_add(v3_scale(lx, Cx), v3_scale(ly, Cy));
        res.out.force_on_body2 = ccref_spatial_force_add(res.out.force_on_body2, ccref_force_at_arm(p_BCo, ft));
        res.out.force_on_body1 = ccref_spatial_force_add(res.out.force_on_body1, ccref_force_at_arm(p_FCo, v3_neg(ft)));
        applied = v3_add(v3_add(applied, v3_scale(lx, Cx)), v3_scale(ly, Cy));
        //@ assert exact: arms_Co: real_model ==> p_BCo == vsub(Co, body2.p) && p_FCo == vsub(Co, body1.p);
        /*@ assert exact: rolling_forces: real_model ==>
              res.out.force_on_body2 == sfadd(force_at(body2, Sb, fn), force_at(body2, Co, ft)) &&
              res.out.force_on_body1 == sfadd(force_at(body1, Sf, vneg(fn)), force_at(body1, Co, vneg(ft))); */

        if (res.out.verr[1] != 0.0 || res.out.verr[2] != 0.0)
            res.out.deviations |= CCREF_DEV_SOS_ROLLING_AERR_SPIN;
    }

    res.contact_frame.R = RC;
    res.contact_frame.p = Co;
    res.separation = res.out.perr[0];
    res.force_on_body2 = v3_neg(applied);
    //@ assert exact: stored_frame: real_model ==> res.contact_frame.R == RC && res.contact_frame.p == Co;
    //@ ghost lemma_sos_forces(res, prm, body1, body2, mv, l0, l1, l2);
    *singular = sing;
    return res;
}

/* Contract (proofs/README.md): memory; the status of every class of bad input with zeroed outputs; for valid
 * inputs the formulas in real arithmetic with the singular branch exactly at |p|^2 < 2^-130, an orthonormal
 * contact frame, Newton's third law for the forces (also in IEEE doubles without rolling), finite OK outputs. */
/*@ CCREF_PAIR_EVAL_MEMORY_SQRT
    CCREF_PAIR_EVAL_BAD_INPUTS(CCREF_ROLLING_NL, sos_inputs_finite(*prm, *body1, *body2), sos_zero(*res, 0),
                               sos_zero(*res, CCREF_ROLLING_MV))
    behavior checked:
      CCREF_PAIR_EVAL_INPUTS_FINITE(CCREF_ROLLING_NL, sos_inputs_finite(*prm, *body1, *body2))
      ensures exact: not_rotation: real_model ==>
        (!(rotation(body1->R) && rotation(body2->R)) <==> \result == CCREF_E_NOT_ROTATION);
      ensures exact: radius: real_model ==>
        (rotation(body1->R) && rotation(body2->R) && (prm->radius1 <= 0.0 || prm->radius2 <= 0.0)
           <==> \result == CCREF_E_NONPOSITIVE_RADIUS);
      ensures status: \result == CCREF_OK || \result == CCREF_OK_SINGULAR_DIRECTION || \result == CCREF_E_NOT_ROTATION ||
                      \result == CCREF_E_NONPOSITIVE_RADIUS || \result == CCREF_E_RESULT_OVERFLOW;
      ensures errors_zeroed: !ccref_ok(\result) ==> sos_zero(*res, CCREF_ROLLING_MV);
      ensures ok_finite: ccref_ok(\result) ==> sos_finite(*res) && res->out.mv == CCREF_ROLLING_MV;
      ensures exact: singular: real_model && ccref_ok(\result) ==>
        (\result == CCREF_OK_SINGULAR_DIRECTION <==> sos_singular(\old(*prm), \old(*body1), \old(*body2)));
      ensures exact: formulas: real_model && ccref_ok(\result) ==>
        sos_formulas(*res, \old(*prm), \old(*body1), \old(*body2), \old(lambda[0]),
                     (\old(prm->rolling) != 0 ? \old(lambda[1]) : 0.0), (\old(prm->rolling) != 0 ? \old(lambda[2]) : 0.0));
      ensures exact: frame: real_model && ccref_ok(\result) ==>
        sos_frame_orthonormal(*res, \result == CCREF_OK_SINGULAR_DIRECTION ? \true : \false);
      ensures newton3_force_normal: ccref_ok(\result) && prm->rolling == 0 ==> sos_newton3_force(*res);
      ensures exact: newton3_force: real_model && ccref_ok(\result) ==> sos_newton3_force(*res);
    complete behaviors;
    disjoint behaviors;
*/
ccref_status ccref_sphere_on_sphere_eval(const ccref_sphere_on_sphere_params *prm, const ccref_body *body1,
                                         const ccref_body *body2, const double *lambda, size_t n_lambda,
                                         ccref_sphere_on_sphere_result *res)
{
    if (res == NULL)
        return CCREF_E_NULL_ARGUMENT;
    if (prm == NULL || body1 == NULL || body2 == NULL) {
        *res = sos_zero_result(0);
        return CCREF_E_NULL_ARGUMENT;
    }
    const int mv = prm->rolling != 0 ? 2 : 0;
    ccref_status st = sos_check(prm, body1, body2, lambda, n_lambda, mv);
    if (st != CCREF_OK) {
        *res = sos_zero_result(mv);
        return st;
    }
    int singular;
    ccref_sphere_on_sphere_result r = sos_outputs(*prm, *body1, *body2, mv, lambda[0], mv == 2 ? lambda[1] : 0.0,
                                                  mv == 2 ? lambda[2] : 0.0, &singular);
    if (!sos_result_is_finite(&r)) {
        *res = sos_zero_result(mv);
        return CCREF_E_RESULT_OVERFLOW;
    }
    *res = r;
    return singular ? CCREF_OK_SINGULAR_DIRECTION : CCREF_OK;
}
