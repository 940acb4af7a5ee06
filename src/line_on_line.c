/* line_on_line.c: Constraint::LineOnLineContact (edge-edge), mp = 1, mv = 2 (rolling) or 0.
 * Spec: spec/line_on_line.md
 *
 * Method: edge frames X_FEf on body 1 (origin Pf, x = df, z = sf) and X_BEb on body 2 (Pb, db, sb), in G:
 *   df = R1 Ef.x, sf = R1 Ef.z, Pf = p1 + R1 Ef.p (likewise db, sb, Pb on body 2); p = Pb - Pf.
 *   wraw = df x db, wsf = wraw.sf, wsb = wraw.sb;
 *   sense = |wsf| > |wsb| ? (wsf >= 0 ? +1 : -1) : (wsb >= 0 ? -1 : +1);
 *   w = sense wraw, s = |w|, oos = 1/s, n = oos w;
 *   tf = -sense oos db.(p x n), tb = -sense oos df.(p x n); Qf = Pf + tf df, Qb = Pb + tb db, Co = (Qf+Qb)/2;
 *   contact frame (Co; Cx = df, Cy = n x df, Cz = n).
 *   Normal row: perr = p.n, verr = dp.n + p.dn, aerr = d2p.n + 2 dp.dn + p.d2n (dn, d2n: derivatives of n).
 *   Rolling rows: vF = v(B2/Co) - v(B1/Co), verr_x = vF.Cx, verr_y = vF.Cy,
 *     aerr_x = dvF.Cx + vF.ddf, aerr_y = dvF.Cy + vF.d(n x df), with dvF = d/dt vF (Co moving).
 *   Forces (multiplier sign): f = lambda_n n (+ lambda_x Cx + lambda_y Cy) at Co on body 2, -f at Co on body 1.
 *   force_on_body2 (physical) = -(lambda_n Cz + lambda_x Cx + lambda_y Cy); separation = perr.
 * Exact relations (spec): verr = d/dt perr, aerr = d/dt verr on every row (non-parallel).
 * Special cases: |df x db|^2 < CCREF_PARALLEL_SIN_SQ: status CCREF_OK_PARALLEL_EDGES, the documented fallback
 *   (Qf = Pf + (p.df/2) df, Qb = Pb + ((Pf-Pb).db/2) db, Co = (Qf+Qb)/2), all rows, forces, separation and
 *   sense zero, contact frame rotation zero except column 0 = df; CCREF_DEV_LOL_PARALLEL_FALLBACK.
 *
 * Structure (proofs/README.md): lol_check (input checks, reads only), lol_outputs (the formulas, on values),
 * lol_rate_rows (the rows' time derivatives, called by lol_outputs), ccref_line_on_line_eval (writes *res once).
 * Every floating-point operation is the one of the formulas above, in the same order. */
#include "common.h"

/*@ predicate lol_zero(ccref_line_on_line_result r, integer mv) =
      out_zero(r.out, 1, mv) && r.sense == 0 && r.lines_are_parallel == 0 && vzeroed(r.closest_point1) &&
      vzeroed(r.closest_point2) && mzeroed(r.contact_frame.R) && vzeroed(r.contact_frame.p) && dzero(r.separation) &&
      vzeroed(r.force_on_body2);
    predicate lol_finite(ccref_line_on_line_result r) =
      ofinite(r.out) && vfinite(r.closest_point1) && vfinite(r.closest_point2) && ffinite(r.contact_frame) &&
      \is_finite(r.separation) && vfinite(r.force_on_body2);
    predicate lol_inputs_finite(ccref_line_on_line_params p, ccref_body b1, ccref_body b2) =
      bfinite(b1) && bfinite(b2) && ffinite(p.edge_frame1_in_b1) && ffinite(p.edge_frame2_in_b2) &&
      \is_finite(p.half_length1) && \is_finite(p.half_length2);
    predicate lol_rotations(ccref_line_on_line_params p, ccref_body b1, ccref_body b2) =
      rotation(b1.R) && rotation(b2.R) && rotation(p.edge_frame1_in_b1.R) && rotation(p.edge_frame2_in_b2.R);
    // Edge geometry in G (formulas 1-4).
    logic ccref_vec3 lol_df(ccref_line_on_line_params p, ccref_body b1) = mapply(b1.R, mcol(p.edge_frame1_in_b1.R, 0));
    logic ccref_vec3 lol_sf(ccref_line_on_line_params p, ccref_body b1) = mapply(b1.R, mcol(p.edge_frame1_in_b1.R, 2));
    logic ccref_vec3 lol_db(ccref_line_on_line_params p, ccref_body b2) = mapply(b2.R, mcol(p.edge_frame2_in_b2.R, 0));
    logic ccref_vec3 lol_sb(ccref_line_on_line_params p, ccref_body b2) = mapply(b2.R, mcol(p.edge_frame2_in_b2.R, 2));
    logic ccref_vec3 lol_Pf(ccref_line_on_line_params p, ccref_body b1) = station(b1, p.edge_frame1_in_b1.p);
    logic ccref_vec3 lol_Pb(ccref_line_on_line_params p, ccref_body b2) = station(b2, p.edge_frame2_in_b2.p);
    logic ccref_vec3 lol_w(ccref_line_on_line_params p, ccref_body b1, ccref_body b2) =
      vcross(lol_df(p, b1), lol_db(p, b2));
    predicate lol_parallel(ccref_line_on_line_params p, ccref_body b1, ccref_body b2) =
      vnorm2(lol_w(p, b1, b2)) < parallel_sin_sq;
    // The sense rule (formula 5): the larger of |w.sf|, |w.sb| decides, ties to sb.
    logic integer lol_sense(ccref_line_on_line_params p, ccref_body b1, ccref_body b2) =
      \let wsf = vdot(lol_w(p, b1, b2), lol_sf(p, b1)); \let wsb = vdot(lol_w(p, b1, b2), lol_sb(p, b2));
      \abs(wsf) > \abs(wsb) ? (wsf >= 0.0 ? 1 : -1) : (wsb >= 0.0 ? -1 : 1);
    // The defining properties of the non-parallel geometry (spec/line_on_line.md), in real arithmetic, in three
    // parts (normal and sense, closest points, contact frame and separation): one goal each for the provers.
    predicate lol_normal(ccref_line_on_line_result r, ccref_line_on_line_params p, ccref_body b1, ccref_body b2) =
      \let df = lol_df(p, b1); \let db = lol_db(p, b2); \let Pf = lol_Pf(p, b1); \let Pb = lol_Pb(p, b2);
      \let n = mcol(r.contact_frame.R, 2); \let Qf = r.closest_point1; \let Qb = r.closest_point2;
      r.sense == lol_sense(p, b1, b2) && r.lines_are_parallel == 0 &&
      // the normal: unit, orthogonal to both edges, along sense (df x db), with the sense the rule says
      vnorm2(n) == 1.0 && vdot(n, df) == 0.0 && vdot(n, db) == 0.0 &&
      n == vscale(1.0 / vnorm(lol_w(p, b1, b2)), vscale(r.sense, lol_w(p, b1, b2))) &&
      (\abs(vdot(lol_w(p, b1, b2), lol_sf(p, b1))) > \abs(vdot(lol_w(p, b1, b2), lol_sb(p, b2))) ==>
         vdot(n, lol_sf(p, b1)) >= 0.0) &&
      (\abs(vdot(lol_w(p, b1, b2), lol_sf(p, b1))) <= \abs(vdot(lol_w(p, b1, b2), lol_sb(p, b2))) ==>
         vdot(n, lol_sb(p, b2)) <= 0.0);
    predicate lol_closest(ccref_line_on_line_result r, ccref_line_on_line_params p, ccref_body b1, ccref_body b2) =
      \let df = lol_df(p, b1); \let db = lol_db(p, b2); \let Pf = lol_Pf(p, b1); \let Pb = lol_Pb(p, b2);
      \let n = mcol(r.contact_frame.R, 2); \let Qf = r.closest_point1; \let Qb = r.closest_point2;
      // the closest points: on their lines, and Qb - Qf orthogonal to both edges (the normal equations)
      (\exists real tf, tb; Qf == vadd(Pf, vscale(tf, df)) && Qb == vadd(Pb, vscale(tb, db))) &&
      vdot(vsub(Qb, Qf), df) == 0.0 && vdot(vsub(Qb, Qf), db) == 0.0;
    predicate lol_frame(ccref_line_on_line_result r, ccref_line_on_line_params p, ccref_body b1, ccref_body b2) =
      \let df = lol_df(p, b1); \let db = lol_db(p, b2); \let Pf = lol_Pf(p, b1); \let Pb = lol_Pb(p, b2);
      \let n = mcol(r.contact_frame.R, 2); \let Qf = r.closest_point1; \let Qb = r.closest_point2;
      // the contact frame (Cx = df, Cy = n x df, Cz = n, origin midway) and the separation
      mcol(r.contact_frame.R, 0) == df && mcol(r.contact_frame.R, 1) == vcross(n, df) &&
      r.contact_frame.p == vscale(0.5, vadd(Qf, Qb)) &&
      r.out.perr[0] == vdot(vsub(Pb, Pf), n) && r.separation == r.out.perr[0];
    // The normal row's rates (formulas 12-20) on the non-parallel geometry: the arms of Pf and Pb, p = Pb - Pf, the
    // edges, n = sg w/|w| and oos = 1/|w|. dw and d2w are the rates of sg (df x db) as the edges turn with their
    // bodies, and dn, d2n those of the unit normal (unit_rate, unit_acc), so verr_0 = (p . n)' and aerr_0 = (p . n)''.
    logic ccref_vec3 lol_dp(ccref_body b1, ccref_body b2, ccref_vec3 armPf, ccref_vec3 armPb) =
      vsub(arm_vel(b2, armPb), arm_vel(b1, armPf));
    logic ccref_vec3 lol_dw(ccref_body b1, ccref_body b2, ccref_vec3 df, ccref_vec3 db, real sg) =
      vscale(sg, cross_rate(df, dir_rate(b1, df), db, dir_rate(b2, db)));
    logic ccref_vec3 lol_d2w(ccref_body b1, ccref_body b2, ccref_vec3 df, ccref_vec3 db, real sg) =
      vscale(sg, cross_acc(df, dir_rate(b1, df), dir_acc(b1, df), db, dir_rate(b2, db), dir_acc(b2, db)));
    logic real lol_verr_n(ccref_body b1, ccref_body b2, ccref_vec3 armPf, ccref_vec3 armPb, ccref_vec3 p,
                          ccref_vec3 df, ccref_vec3 db, ccref_vec3 n, real sg, real oos) =
      vdot(lol_dp(b1, b2, armPf, armPb), n) + vdot(p, unit_rate(n, oos, lol_dw(b1, b2, df, db, sg)));
    logic real lol_aerr_n(ccref_body b1, ccref_body b2, ccref_vec3 armPf, ccref_vec3 armPb, ccref_vec3 p,
                          ccref_vec3 df, ccref_vec3 db, ccref_vec3 n, real sg, real oos) =
      \let dw = lol_dw(b1, b2, df, db, sg); \let dn = unit_rate(n, oos, dw);
      vdot(vsub(arm_acc(b2, armPb), arm_acc(b1, armPf)), n) + 2.0 * vdot(lol_dp(b1, b2, armPf, armPb), dn) +
      vdot(p, unit_acc(n, oos, dw, dn, lol_d2w(b1, b2, df, db, sg)));
    predicate lol_normal_rates(ccref_line_on_line_result r, ccref_line_on_line_params p, ccref_body b1, ccref_body b2) =
      \let df = lol_df(p, b1); \let db = lol_db(p, b2); \let n = mcol(r.contact_frame.R, 2);
      \let armPf = mapply(b1.R, p.edge_frame1_in_b1.p); \let armPb = mapply(b2.R, p.edge_frame2_in_b2.p);
      \let P = vsub(lol_Pb(p, b2), lol_Pf(p, b1)); \let oos = 1.0 / vnorm(lol_w(p, b1, b2));
      r.out.verr[0] == lol_verr_n(b1, b2, armPf, armPb, P, df, db, n, r.sense, oos) &&
      r.out.aerr[0] == lol_aerr_n(b1, b2, armPf, armPb, P, df, db, n, r.sense, oos);
    predicate lol_geometry(ccref_line_on_line_result r, ccref_line_on_line_params p, ccref_body b1, ccref_body b2) =
      lol_normal(r, p, b1, b2) && lol_closest(r, p, b1, b2) && lol_frame(r, p, b1, b2);
    predicate lol_forces(ccref_line_on_line_result r, ccref_body b1, ccref_body b2, real l0, real l1, real l2) =
      \let n = mcol(r.contact_frame.R, 2); \let Cx = mcol(r.contact_frame.R, 0); \let Cy = mcol(r.contact_frame.R, 1);
      \let Co = r.contact_frame.p;
      \let f = (r.out.mv == 2 ? vadd(vadd(vscale(l0, n), vscale(l1, Cx)), vscale(l2, Cy)) : vscale(l0, n));
      \let vF = vsub(pt_vel(b2, Co), pt_vel(b1, Co));
      (r.out.mv == 2 ==> r.out.verr[1] == vdot(vF, Cx) && r.out.verr[2] == vdot(vF, Cy)) &&
      (r.out.mv == 0 ==> r.out.force_on_body2 == force_at(b2, Co, f) && r.out.force_on_body1 == force_at(b1, Co, vneg(f))) &&
      (r.out.mv == 2 ==> r.out.force_on_body2 == sfadd(force_at(b2, Co, vscale(l0, n)), force_at(b2, Co, vadd(vscale(l1, Cx), vscale(l2, Cy)))) &&
                         r.out.force_on_body1 == sfadd(force_at(b1, Co, vneg(vscale(l0, n))), force_at(b1, Co, vneg(vadd(vscale(l1, Cx), vscale(l2, Cy)))))) &&
      r.force_on_body2 == vneg(f);
    // The parallel fallback (spec: Degenerate cases).
    predicate lol_fallback(ccref_line_on_line_result r, ccref_line_on_line_params p, ccref_body b1, ccref_body b2) =
      \let df = lol_df(p, b1); \let db = lol_db(p, b2); \let Pf = lol_Pf(p, b1); \let Pb = lol_Pb(p, b2);
      \let Qf = vadd(Pf, vscale(vdot(vsub(Pb, Pf), df) / 2.0, df));
      \let Qb = vadd(Pb, vscale(vdot(vsub(Pf, Pb), db) / 2.0, db));
      r.sense == 0 && r.lines_are_parallel == 1 && r.closest_point1 == Qf && r.closest_point2 == Qb &&
      r.contact_frame.p == vscale(0.5, vadd(Qf, Qb)) && mcol(r.contact_frame.R, 0) == df &&
      vzeroed(mcol(r.contact_frame.R, 1)) && vzeroed(mcol(r.contact_frame.R, 2)) &&
      dzero(r.out.perr[0]) && dzero(r.out.verr[0]) && dzero(r.out.aerr[0]) && dzero(r.separation) &&
      sfzeroed(r.out.force_on_body1) && sfzeroed(r.out.force_on_body2) && vzeroed(r.force_on_body2);
    predicate lol_newton3_force(ccref_line_on_line_result r) = newton3_force(r.out.force_on_body1, r.out.force_on_body2);
    predicate lol_newton3_moment(ccref_line_on_line_result r, ccref_body b1, ccref_body b2) =
      newton3_moment(r.out.force_on_body1, b1, r.out.force_on_body2, b2);
*/

/*@ assigns \nothing; ensures lol_zero(\result, mv); */
static ccref_line_on_line_result lol_zero_result(int mv)
{
    ccref_line_on_line_result r;
    ccref_output_init(&r.out, 1, mv);
    r.sense = 0;
    r.lines_are_parallel = 0;
    r.closest_point1 = v3_zero();
    r.closest_point2 = v3_zero();
    r.contact_frame.R = m3_from_columns(v3_zero(), v3_zero(), v3_zero());
    r.contact_frame.p = v3_zero();
    r.separation = 0.0;
    r.force_on_body2 = v3_zero();
    return r;
}

/*@ requires \valid_read(res); assigns \nothing; ensures \result != 0 <==> lol_finite(*res); */
static int lol_result_is_finite(const ccref_line_on_line_result *res)
{
    return ccref_output_is_finite(&res->out) && v3_is_finite(res->closest_point1) &&
           v3_is_finite(res->closest_point2) && ccref_frame_is_finite(&res->contact_frame) &&
           isfinite(res->separation) && v3_is_finite(res->force_on_body2);
}

/*@ CCREF_ROLLING_CHECK_MEMORY
    CCREF_ROLLING_CHECK_BAD_INPUTS(lol_inputs_finite(*prm, *body1, *body2))
    behavior finite:
      CCREF_ROLLING_CHECK_INPUTS_FINITE(lol_inputs_finite(*prm, *body1, *body2))
      ensures \result == CCREF_OK || \result == CCREF_E_NOT_ROTATION || \result == CCREF_E_NONPOSITIVE_LENGTH;
      ensures exact: rotation_test: real_model ==>
        (\result == CCREF_E_NOT_ROTATION <==> !lol_rotations(*prm, *body1, *body2));
      ensures length_test: \result == CCREF_E_NONPOSITIVE_LENGTH ==> prm->half_length1 <= 0.0 || prm->half_length2 <= 0.0;
      ensures exact: length_exact: real_model ==>
        (\result == CCREF_E_NONPOSITIVE_LENGTH <==>
           lol_rotations(*prm, *body1, *body2) && (prm->half_length1 <= 0.0 || prm->half_length2 <= 0.0));
    complete behaviors;
    disjoint behaviors;
*/
static ccref_status lol_check(const ccref_line_on_line_params *prm, const ccref_body *body1, const ccref_body *body2,
                              const double *lambda, size_t n_lambda, int mv)
{
    ccref_status st = ccref_check_lambda(lambda, n_lambda, (size_t)(1 + mv));
    if (st != CCREF_OK)
        return st;
    const ccref_frame *Ef = &prm->edge_frame1_in_b1, *Eb = &prm->edge_frame2_in_b2;
    if (!ccref_body_is_finite(body1) || !ccref_body_is_finite(body2) || !ccref_frame_is_finite(Ef) ||
        !ccref_frame_is_finite(Eb) || !isfinite(prm->half_length1) || !isfinite(prm->half_length2))
        return CCREF_E_NONFINITE_INPUT;
    if (!ccref_is_rotation(&body1->R) || !ccref_is_rotation(&body2->R) || !ccref_is_rotation(&Ef->R) ||
        !ccref_is_rotation(&Eb->R))
        return CCREF_E_NOT_ROTATION;
    if (!(prm->half_length1 > 0.0) || !(prm->half_length2 > 0.0))
        return CCREF_E_NONPOSITIVE_LENGTH;
    return CCREF_OK;
}

/*@ ghost
  // The normal equations of the closest points, on scalars: with s2 = |w|^2 = (df.df)(db.db) - (df.db)^2 and
  // tf s2 = (p.df)(db.db) - (p.db)(df.db), tb s2 = (p.df)(df.db) - (p.db)(df.df) (Binet-Cauchy), the residual
  // Qb - Qf = p + tb db - tf df is orthogonal to df and db.
  /@ requires exact: real_model ==> s2 != 0.0 && s2 == dff * dbb - dfb * dfb;
     requires exact: real_model ==> tf * s2 == pdf * dbb - pdb * dfb && tb * s2 == pdf * dfb - pdb * dff;
     assigns \nothing;
     ensures exact: real_model ==> pdf + tb * dfb - tf * dff == 0.0 && pdb + tb * dbb - tf * dfb == 0.0; @/
  static void lemma_normal_equations(double pdf, double pdb, double dff, double dbb, double dfb, double s2,
                                     double tf, double tb) { }
  // Binet-Cauchy: (a x b) . (c x d) = (a.c)(b.d) - (a.d)(b.c).
  /@ assigns \nothing;
     ensures exact: real_model ==> vdot(vcross(a, b), vcross(c, d)) == vdot(a, c) * vdot(b, d) - vdot(a, d) * vdot(b, c); @/
  static void lemma_binet_cauchy(ccref_vec3 a, ccref_vec3 b, ccref_vec3 c, ccref_vec3 d) { }
  // The line parameter t = -sg oos (d . (p x n)) for n = oos sg wraw, sg^2 = 1, oos^2 s2 = 1: t s2 = (p x d) . wraw.
  /@ requires exact: real_model ==> sg * sg == 1.0 && oos * oos * s2 == 1.0;
     requires exact: real_model ==> t == -sg * oos * (oos * (sg * -vdot(vcross(p, d), wraw)));
     assigns \nothing;
     ensures exact: real_model ==> t * s2 == vdot(vcross(p, d), wraw); @/
  static void lemma_line_parameter(ccref_vec3 d, ccref_vec3 p, ccref_vec3 wraw, double sg, double oos, double s2,
                                   double t) { }
  // d . (p x n) for n = oos w, w = sg wraw: the scalars come out and the triple product turns.
  /@ requires exact: real_model ==> pXn == vcross(p, n) && n == vscale(oos, w) && w == vscale(sg, wraw);
     assigns \nothing;
     ensures exact: real_model ==> vdot(d, pXn) == oos * (sg * -vdot(vcross(p, d), wraw)); @/
  static void lemma_normal_triple(ccref_vec3 d, ccref_vec3 p, ccref_vec3 n, ccref_vec3 pXn, ccref_vec3 w,
                                  ccref_vec3 wraw, double oos, double sg) { }
  // The reciprocal of a positive norm: oos s = 1 and oos^2 s^2 = 1.
  /@ requires exact: real_model ==> s > 0.0 && s * s == s2 && oos == 1.0 / s;
     assigns \nothing;
     ensures exact: real_model ==> oos * s == 1.0 && oos * oos * s2 == 1.0; @/
  static void lemma_reciprocal(double s, double s2, double oos) { }
  // The residual p + tb db - tf df against a direction d, expanded.
  /@ assigns \nothing;
     ensures exact: real_model ==>
       vdot(vadd(p, vsub(vscale(tb, db), vscale(tf, df))), d) == vdot(p, d) + tb * vdot(db, d) - tf * vdot(df, d); @/
  static void lemma_residual_dot(ccref_vec3 p, ccref_vec3 db, ccref_vec3 df, double tb, double tf, ccref_vec3 d) { }
  // A factor +-1 is the identity or the negation.
  /@ requires exact: real_model ==> s == 1.0 || s == -1.0;
     assigns \nothing;
     ensures exact: real_model ==> (s == 1.0 ==> s * x == x) && (s == -1.0 ==> s * x == -x); @/
  static void lemma_unit_factor(double s, double x) { }
  // A positive factor keeps the sign.
  /@ requires exact: real_model ==> a > 0.0;
     assigns \nothing;
     ensures exact: real_model ==> (b >= 0.0 ==> a * b >= 0.0) && (b <= 0.0 ==> a * b <= 0.0); @/
  static void lemma_positive_factor(double a, double b) { }
  // The clauses of lol_normal and lol_closest on the values (the closest points with their line parameters tf,
  // tb), folded into the predicates; and likewise for lol_forces. Proved without the calling context: inside
  // lol_outputs the provers time out unfolding the predicates, while each clause below is proved there.
  /@ requires exact: sense: real_model ==>
       r.sense == lol_sense(p, b1, b2) && r.lines_are_parallel == 0;
     requires exact: normal_unit: real_model ==>
       vnorm2(mcol(r.contact_frame.R, 2)) == 1.0 && vdot(mcol(r.contact_frame.R, 2), lol_df(p, b1)) == 0.0 &&
       vdot(mcol(r.contact_frame.R, 2), lol_db(p, b2)) == 0.0;
     requires exact: normal_def: real_model ==>
       mcol(r.contact_frame.R, 2) ==
         vscale(1.0 / vnorm(lol_w(p, b1, b2)), vscale(r.sense, lol_w(p, b1, b2)));
     requires exact: normal_sense: real_model ==>
       (\abs(vdot(lol_w(p, b1, b2), lol_sf(p, b1))) > \abs(vdot(lol_w(p, b1, b2), lol_sb(p, b2))) ==>
          vdot(mcol(r.contact_frame.R, 2), lol_sf(p, b1)) >= 0.0) &&
       (\abs(vdot(lol_w(p, b1, b2), lol_sf(p, b1))) <= \abs(vdot(lol_w(p, b1, b2), lol_sb(p, b2))) ==>
          vdot(mcol(r.contact_frame.R, 2), lol_sb(p, b2)) <= 0.0);
     requires exact: closest_normal_equations: real_model ==>
       vdot(vsub(r.closest_point2, r.closest_point1), lol_df(p, b1)) == 0.0 &&
       vdot(vsub(r.closest_point2, r.closest_point1), lol_db(p, b2)) == 0.0;
     requires exact: on_lines: real_model ==>
       r.closest_point1 == vadd(lol_Pf(p, b1), vscale(tf, lol_df(p, b1))) &&
       r.closest_point2 == vadd(lol_Pb(p, b2), vscale(tb, lol_db(p, b2)));
     assigns \nothing;
     ensures exact: real_model ==> lol_normal(r, p, b1, b2) && lol_closest(r, p, b1, b2); @/
  static void lemma_lol_geometry(ccref_line_on_line_result r, ccref_line_on_line_params p, ccref_body b1,
                                 ccref_body b2, double tf, double tb) { }
  /@ requires mv == 0 || mv == 2;
     requires r.out.mv == mv;
     requires exact: rolling_rows: real_model && mv == 2 ==>
       r.out.verr[1] == vdot(vsub(pt_vel(b2, r.contact_frame.p), pt_vel(b1, r.contact_frame.p)),
                                   mcol(r.contact_frame.R, 0)) &&
       r.out.verr[2] == vdot(vsub(pt_vel(b2, r.contact_frame.p), pt_vel(b1, r.contact_frame.p)),
                                   mcol(r.contact_frame.R, 1));
     requires exact: forces_sliding: real_model && mv == 0 ==>
       r.out.force_on_body2 == force_at(b2, r.contact_frame.p, vscale(l0, mcol(r.contact_frame.R, 2))) &&
       r.out.force_on_body1 ==
         force_at(b1, r.contact_frame.p, vneg(vscale(l0, mcol(r.contact_frame.R, 2)))) &&
       r.force_on_body2 == vneg(vscale(l0, mcol(r.contact_frame.R, 2)));
     requires exact: forces_rolling: real_model && mv == 2 ==>
       r.out.force_on_body2 ==
         sfadd(force_at(b2, r.contact_frame.p, vscale(l0, mcol(r.contact_frame.R, 2))),
               force_at(b2, r.contact_frame.p,
                        vadd(vscale(l1, mcol(r.contact_frame.R, 0)), vscale(l2, mcol(r.contact_frame.R, 1))))) &&
       r.out.force_on_body1 ==
         sfadd(force_at(b1, r.contact_frame.p, vneg(vscale(l0, mcol(r.contact_frame.R, 2)))),
               force_at(b1, r.contact_frame.p,
                        vneg(vadd(vscale(l1, mcol(r.contact_frame.R, 0)),
                                  vscale(l2, mcol(r.contact_frame.R, 1)))))) &&
       r.force_on_body2 == vneg(vadd(vadd(vscale(l0, mcol(r.contact_frame.R, 2)),
                                                vscale(l1, mcol(r.contact_frame.R, 0))),
                                           vscale(l2, mcol(r.contact_frame.R, 1))));
     assigns \nothing;
     ensures exact: real_model ==> lol_forces(r, b1, b2, l0, l1, l2); @/
  static void lemma_lol_forces(ccref_line_on_line_result r, ccref_body b1, ccref_body b2, int mv, double l0,
                               double l1, double l2) { }
  // Both bodies receive the forces at the same point Co: the total moment about G's origin is zero.
  /@ requires mv == 0 || mv == 2;
     requires exact: sliding: real_model && mv == 0 ==>
       r.out.force_on_body2 == force_at(b2, Co, fn) && r.out.force_on_body1 == force_at(b1, Co, vneg(fn));
     requires exact: rolling: real_model && mv == 2 ==>
       r.out.force_on_body2 == sfadd(force_at(b2, Co, fn), force_at(b2, Co, ft)) &&
       r.out.force_on_body1 == sfadd(force_at(b1, Co, vneg(fn)), force_at(b1, Co, vneg(ft)));
     assigns \nothing;
     ensures exact: real_model ==> lol_newton3_moment(r, b1, b2); @/
  static void lemma_lol_moment(ccref_line_on_line_result r, ccref_body b1, ccref_body b2, int mv, ccref_vec3 Co,
                               ccref_vec3 fn, ccref_vec3 ft) { }
  // The normal row's rates, from the values lol_outputs passed to lol_rate_rows to the result and the inputs
  // (substitution only; inside lol_outputs the provers time out on it).
  /@ requires exact: rates: real_model ==>
       r.out.verr[0] == lol_verr_n(b1, b2, armPf, armPb, p, df, db, n, sg, oos) &&
       r.out.aerr[0] == lol_aerr_n(b1, b2, armPf, armPb, p, df, db, n, sg, oos);
     requires exact: arms: real_model ==>
       armPf == mapply(b1.R, prm.edge_frame1_in_b1.p) && armPb == mapply(b2.R, prm.edge_frame2_in_b2.p) &&
       p == vsub(lol_Pb(prm, b2), lol_Pf(prm, b1));
     requires exact: edges: real_model ==> df == lol_df(prm, b1) && db == lol_db(prm, b2);
     requires exact: normal: real_model ==>
       n == mcol(r.contact_frame.R, 2) && sg == r.sense && oos == 1.0 / vnorm(lol_w(prm, b1, b2));
     assigns \nothing;
     EXACT_ONLY(ensures exact: real_model ==> lol_normal_rates(r, prm, b1, b2);) @/
  static void lemma_lol_normal_rates(ccref_line_on_line_result r, ccref_line_on_line_params prm, ccref_body b1,
                                     ccref_body b2, ccref_vec3 armPf, ccref_vec3 armPb, ccref_vec3 p, ccref_vec3 df,
                                     ccref_vec3 db, ccref_vec3 n, double sg, double oos) { }
*/

/* The values of the non-parallel branch that the rows' time derivatives use (names of the method above). */
typedef struct {
    ccref_vec3 armPf, armPb, p, df, db, n, Cx, Cy, p_FCo, p_BCo, vF;  /* vF: rolling only, else zero */
    double sg, oos, tf, tb;
} lol_rate_inputs;
typedef struct { double verr_n, aerr_n, aerr_x, aerr_y; } lol_rates;  /* aerr_x, aerr_y: zero unless rolling */

/*@ // The slip rows' accelerations (formulas 21-30) on the values of lol_rate_inputs. lol_line_rate is the rate of
    // a line parameter (tf for e = db, tb for e = df: t = -sg oos (p . (n x e))); dCo that of the contact point
    // Co = (Qf + Qb)/2 with Qf = Pf + tf df, Qb = Pb + tb db; dvF that of the slip velocity seen following Co;
    // Cx = df and Cy = n x df turn as df and n do.
    logic real lol_line_rate(ccref_body b1, ccref_body b2, lol_rate_inputs g, ccref_vec3 e, ccref_vec3 de) =
      \let dw = lol_dw(b1, b2, g.df, g.db, g.sg); \let dn = unit_rate(g.n, g.oos, dw);
      \let doos = -g.oos * g.oos * vdot(g.n, dw);
      -g.sg * (g.oos * (vdot(lol_dp(b1, b2, g.armPf, g.armPb), vcross(g.n, e)) + vdot(g.p, cross_rate(g.n, dn, e, de))) +
               doos * vdot(g.p, vcross(g.n, e)));
    logic ccref_vec3 lol_dCo(ccref_body b1, ccref_body b2, lol_rate_inputs g) =
      \let ddf = dir_rate(b1, g.df); \let ddb = dir_rate(b2, g.db);
      \let dQf = vadd(vadd(arm_vel(b1, g.armPf), vscale(lol_line_rate(b1, b2, g, g.db, ddb), g.df)), vscale(g.tf, ddf));
      \let dQb = vadd(vadd(arm_vel(b2, g.armPb), vscale(lol_line_rate(b1, b2, g, g.df, ddf), g.db)), vscale(g.tb, ddb));
      vscale(0.5, vadd(dQf, dQb));
    logic ccref_vec3 lol_dvF(ccref_body b1, ccref_body b2, lol_rate_inputs g) =
      vsub(follow_acc(b2, g.p_BCo, vsub(lol_dCo(b1, b2, g), b2.v)), follow_acc(b1, g.p_FCo, vsub(lol_dCo(b1, b2, g), b1.v)));
    logic ccref_vec3 lol_dCy(ccref_body b1, ccref_body b2, lol_rate_inputs g) =
      cross_rate(g.n, unit_rate(g.n, g.oos, lol_dw(b1, b2, g.df, g.db, g.sg)), g.df, dir_rate(b1, g.df));
*/

/* The time derivatives of the rows: verr and aerr of the normal row (11-20) and, rolling, aerr of the slip rows
 * (21-30). Apart from lol_outputs so that the goals of its geometry and forces do not carry these terms (WP's
 * simplifier time grows with them); tests/ also checks the values against finite differences of perr and verr
 * (spec/derivatives.md). */
/*@ assigns \nothing;
    EXACT_ONLY(ensures exact: verr_n: real_model ==>
      \result.verr_n == lol_verr_n(body1, body2, g.armPf, g.armPb, g.p, g.df, g.db, g.n, g.sg, g.oos);)
    EXACT_ONLY(ensures exact: aerr_n: real_model ==>
      \result.aerr_n == lol_aerr_n(body1, body2, g.armPf, g.armPb, g.p, g.df, g.db, g.n, g.sg, g.oos);)
    EXACT_ONLY(ensures exact: slip_rows: real_model && rolling != 0 ==>
      \result.aerr_x == vdot(lol_dvF(body1, body2, g), g.Cx) + vdot(g.vF, dir_rate(body1, g.df)) &&
      \result.aerr_y == vdot(lol_dvF(body1, body2, g), g.Cy) + vdot(g.vF, lol_dCy(body1, body2, g));)
    ensures sliding: rolling == 0 ==> \result.aerr_x == 0.0 && \result.aerr_y == 0.0;
*/
static lol_rates lol_rate_rows(ccref_body body1, ccref_body body2, lol_rate_inputs g, int rolling)
{
    const ccref_vec3 armPf = g.armPf, armPb = g.armPb, p = g.p, df = g.df, db = g.db, n = g.n;
    const double sg = g.sg, oos = g.oos;
    lol_rates rt;
    ccref_vec3 vPf = ccref_arm_velocity(&body1, armPf);
    ccref_vec3 vPb = ccref_arm_velocity(&body2, armPb);
    ccref_vec3 dp = v3_sub(vPb, vPf);
    ccref_vec3 ddf = v3_cross(body1.w, df);
    ccref_vec3 ddb = v3_cross(body2.w, db);
    ccref_vec3 dw = v3_scale(sg, v3_add(v3_cross(ddf, db), v3_cross(df, ddb)));
    double ndw = v3_dot(n, dw);
    ccref_vec3 dn = v3_scale(oos, v3_sub(dw, v3_scale(ndw, n)));

    ccref_vec3 d2p = v3_sub(ccref_arm_acceleration(&body2, armPb), ccref_arm_acceleration(&body1, armPf));
    ccref_vec3 d2df = v3_add(v3_cross(body1.b, df), v3_cross(body1.w, ddf));
    ccref_vec3 d2db = v3_add(v3_cross(body2.b, db), v3_cross(body2.w, ddb));
    ccref_vec3 d2w = v3_scale(sg, v3_add(v3_add(v3_cross(d2df, db), v3_scale(2.0, v3_cross(ddf, ddb))),
                                         v3_cross(df, d2db)));
    ccref_vec3 ddw = v3_sub(d2w, v3_scale(oos * ndw, dw));
    ccref_vec3 d2n = v3_scale(oos, v3_sub(v3_sub(ddw, v3_scale(ndw, dn)),
                                          v3_scale(v3_dot(n, ddw) + v3_dot(dn, dw), n)));

    rt.verr_n = v3_dot(dp, n) + v3_dot(p, dn);
    rt.aerr_n = v3_dot(d2p, n) + 2.0 * v3_dot(dp, dn) + v3_dot(p, d2n);
    rt.aerr_x = 0.0;
    rt.aerr_y = 0.0;
    if (!rolling)
        return rt;

    const ccref_vec3 Cx = g.Cx, Cy = g.Cy, p_FCo = g.p_FCo, p_BCo = g.p_BCo, vF = g.vF;
    const double tf = g.tf, tb = g.tb;
    double doos = -oos * oos * ndw;
    ccref_vec3 nXdb = v3_cross(n, db);
    ccref_vec3 nXdf = v3_cross(n, df);
    ccref_vec3 d_nXdb = v3_add(v3_cross(dn, db), v3_cross(n, ddb));
    ccref_vec3 d_nXdf = v3_add(v3_cross(dn, df), v3_cross(n, ddf));
    double dtf = -sg * (oos * (v3_dot(dp, nXdb) + v3_dot(p, d_nXdb)) + doos * v3_dot(p, nXdb));
    double dtb = -sg * (oos * (v3_dot(dp, nXdf) + v3_dot(p, d_nXdf)) + doos * v3_dot(p, nXdf));
    ccref_vec3 dQf = v3_add(v3_add(vPf, v3_scale(dtf, df)), v3_scale(tf, ddf));
    ccref_vec3 dQb = v3_add(v3_add(vPb, v3_scale(dtb, db)), v3_scale(tb, ddb));
    ccref_vec3 dCo = v3_scale(0.5, v3_add(dQf, dQb));
    ccref_vec3 dp_FCo = v3_sub(dCo, body1.v);
    ccref_vec3 dp_BCo = v3_sub(dCo, body2.v);
    ccref_vec3 dv_FCo = v3_add(v3_add(body1.a, v3_cross(body1.b, p_FCo)), v3_cross(body1.w, dp_FCo));
    ccref_vec3 dv_BCo = v3_add(v3_add(body2.a, v3_cross(body2.b, p_BCo)), v3_cross(body2.w, dp_BCo));
    ccref_vec3 dvF = v3_sub(dv_BCo, dv_FCo);
    ccref_vec3 dCx = ddf;
    ccref_vec3 dCy = d_nXdf;
    rt.aerr_x = v3_dot(dvF, Cx) + v3_dot(vF, dCx);
    rt.aerr_y = v3_dot(dvF, Cy) + v3_dot(vF, dCy);
    return rt;
}

/*@ // The slip rows' accelerations on the result (formulas 21-30): there are values g of lol_rate_rows' inputs, each
    // the one the spec names (the arms, edges and normal of the geometry, the contact frame, the slip velocity, and
    // line parameters tf, tb that place the closest points on their lines), for which aerr[1], aerr[2] are
    // lol_rate_rows' formulas. Every field is determined by the result and the inputs (tf, tb through the closest
    // points, the edges being unit), so the witness is the one lol_outputs computed.
    predicate lol_rate_values(lol_rate_inputs g, ccref_line_on_line_result r, ccref_line_on_line_params p,
                              ccref_body b1, ccref_body b2) =
      \let Co = r.contact_frame.p;
      g.armPf == mapply(b1.R, p.edge_frame1_in_b1.p) && g.armPb == mapply(b2.R, p.edge_frame2_in_b2.p) &&
      g.p == vsub(lol_Pb(p, b2), lol_Pf(p, b1)) && g.df == lol_df(p, b1) && g.db == lol_db(p, b2) &&
      g.n == mcol(r.contact_frame.R, 2) && g.sg == r.sense && g.oos == 1.0 / vnorm(lol_w(p, b1, b2)) &&
      g.Cx == mcol(r.contact_frame.R, 0) && g.Cy == mcol(r.contact_frame.R, 1) &&
      g.p_FCo == vsub(Co, b1.p) && g.p_BCo == vsub(Co, b2.p) &&
      (r.out.mv == 2 ==> g.vF == vsub(pt_vel(b2, Co), pt_vel(b1, Co))) &&
      r.closest_point1 == vadd(lol_Pf(p, b1), vscale(g.tf, lol_df(p, b1))) &&
      r.closest_point2 == vadd(lol_Pb(p, b2), vscale(g.tb, lol_db(p, b2)));
    predicate lol_rolling_aerr(ccref_line_on_line_result r, ccref_line_on_line_params p, ccref_body b1,
                               ccref_body b2) =
      \exists lol_rate_inputs g; lol_rate_values(g, r, p, b1, b2) &&
        (r.out.mv == 2 ==> r.out.aerr[1] == vdot(lol_dvF(b1, b2, g), g.Cx) + vdot(g.vF, dir_rate(b1, g.df)) &&
                           r.out.aerr[2] == vdot(lol_dvF(b1, b2, g), g.Cy) + vdot(g.vF, lol_dCy(b1, b2, g)));
*/

/*@ ghost
  // The slip rows' accelerations, from the values lol_outputs passed to lol_rate_rows to the result and the inputs
  // (the witness g). A lemma of its own, as lemma_lol_normal_rates, so that lol_outputs' goal is one call.
  /@ requires exact: rates: real_model && r.out.mv == 2 ==>
       r.out.aerr[1] == vdot(lol_dvF(b1, b2, g), g.Cx) + vdot(g.vF, dir_rate(b1, g.df)) &&
       r.out.aerr[2] == vdot(lol_dvF(b1, b2, g), g.Cy) + vdot(g.vF, lol_dCy(b1, b2, g));
     requires exact: arms: real_model ==>
       g.armPf == mapply(b1.R, prm.edge_frame1_in_b1.p) && g.armPb == mapply(b2.R, prm.edge_frame2_in_b2.p) &&
       g.p == vsub(lol_Pb(prm, b2), lol_Pf(prm, b1));
     requires exact: edges: real_model ==> g.df == lol_df(prm, b1) && g.db == lol_db(prm, b2);
     requires exact: normal: real_model ==>
       g.n == mcol(r.contact_frame.R, 2) && g.sg == r.sense && g.oos == 1.0 / vnorm(lol_w(prm, b1, b2));
     requires exact: frame: real_model ==>
       g.Cx == mcol(r.contact_frame.R, 0) && g.Cy == mcol(r.contact_frame.R, 1) &&
       g.p_FCo == vsub(r.contact_frame.p, b1.p) && g.p_BCo == vsub(r.contact_frame.p, b2.p);
     requires exact: slip: real_model && r.out.mv == 2 ==>
       g.vF == vsub(pt_vel(b2, r.contact_frame.p), pt_vel(b1, r.contact_frame.p));
     requires exact: closest: real_model ==>
       r.closest_point1 == vadd(lol_Pf(prm, b1), vscale(g.tf, lol_df(prm, b1))) &&
       r.closest_point2 == vadd(lol_Pb(prm, b2), vscale(g.tb, lol_db(prm, b2)));
     assigns \nothing;
     EXACT_ONLY(ensures exact: real_model ==> lol_rolling_aerr(r, prm, b1, b2);) @/
  static void lemma_lol_rolling_aerr(ccref_line_on_line_result r, ccref_line_on_line_params prm, ccref_body b1,
                                     ccref_body b2, lol_rate_inputs g) { }
*/

/* The formulas, on values; *parallel receives the branch. */
/*@ requires \valid(parallel);
    requires mv == 0 || mv == 2;
    assigns *parallel, errno;  // errno: Frama-C's libc sqrt; the build has -fno-math-errno
    ensures rows: \result.out.mv == mv;
    ensures exact: branch: real_model ==> (*parallel != 0 <==> lol_parallel(prm, body1, body2));
    ensures exact: fallback: real_model && *parallel != 0 ==> lol_fallback(\result, prm, body1, body2);
    ensures deviation: *parallel != 0 ==> \result.out.deviations == CCREF_DEV_LOL_PARALLEL_FALLBACK;
    ensures exact: normal: real_model && *parallel == 0 ==> lol_normal(\result, prm, body1, body2);
    ensures exact: closest: real_model && *parallel == 0 ==> lol_closest(\result, prm, body1, body2);
    ensures exact: frame: real_model && *parallel == 0 ==> lol_frame(\result, prm, body1, body2);
    ensures exact: forces: real_model && *parallel == 0 ==> lol_forces(\result, body1, body2, l0, l1, l2);
    EXACT_ONLY(ensures exact: normal_rates: real_model && *parallel == 0 ==> lol_normal_rates(\result, prm, body1, body2);)
    EXACT_ONLY(ensures exact: rolling_aerr: real_model && *parallel == 0 ==> lol_rolling_aerr(\result, prm, body1, body2);)
    ensures newton3_force_normal: mv == 0 && vfinite(\result.out.force_on_body2.force) ==> lol_newton3_force(\result);
    ensures exact: newton3_force: real_model ==> lol_newton3_force(\result);
    ensures exact: newton3_moment_parallel: real_model && *parallel != 0 ==> lol_newton3_moment(\result, body1, body2);
    ensures exact: newton3_moment: real_model && *parallel == 0 ==> lol_newton3_moment(\result, body1, body2);
*/
static ccref_line_on_line_result lol_outputs(ccref_line_on_line_params prm, ccref_body body1, ccref_body body2,
                                             int mv, double l0, double l1, double l2, int *parallel)
{
    ccref_line_on_line_result res = lol_zero_result(mv);
    const int rolling = mv == 2;

    /* ---- edge geometry in G (1-4) */
    ccref_vec3 df = m3_apply(&body1.R, m3_column(&prm.edge_frame1_in_b1.R, 0));
    ccref_vec3 sf = m3_apply(&body1.R, m3_column(&prm.edge_frame1_in_b1.R, 2));
    ccref_vec3 db = m3_apply(&body2.R, m3_column(&prm.edge_frame2_in_b2.R, 0));
    ccref_vec3 sb = m3_apply(&body2.R, m3_column(&prm.edge_frame2_in_b2.R, 2));
    ccref_vec3 armPf = m3_apply(&body1.R, prm.edge_frame1_in_b1.p);   /* Pf - p1 */
    ccref_vec3 Pf = v3_add(body1.p, armPf);
    ccref_vec3 armPb = m3_apply(&body2.R, prm.edge_frame2_in_b2.p);   /* Pb - p2 */
    ccref_vec3 Pb = v3_add(body2.p, armPb);
    ccref_vec3 p = v3_sub(Pb, Pf);
    /*@ assert exact: edges: real_model ==> df == lol_df(prm, body1) && sf == lol_sf(prm, body1) &&
          db == lol_db(prm, body2) && sb == lol_sb(prm, body2) && Pf == lol_Pf(prm, body1) && Pb == lol_Pb(prm, body2); */

    ccref_vec3 wraw = v3_cross(df, db);

    /* ---- parallel fallback (spec: Degenerate cases) */
    /* |w|^2 of formula 6, read here: w = +-wraw, multiplying by +-1 is exact and (-x)(-x) = x x, so this is w . w
     * bit for bit; EVA then knows it is at least the threshold past the branch. */
    double s2 = v3_norm_sq(wraw);
    //@ split s2 < CCREF_PARALLEL_SIN_SQ;  // EVA: one state per branch, so s2 >= 2^-91 where it divides by sqrt(s2)
    const int par = s2 < CCREF_PARALLEL_SIN_SQ;
    *parallel = par;
    if (par) {
        ccref_vec3 Qf = v3_add(Pf, v3_scale(v3_dot(p, df) / 2.0, df));
        ccref_vec3 Qb = v3_add(Pb, v3_scale(v3_dot(v3_sub(Pf, Pb), db) / 2.0, db));
        ccref_vec3 Co = v3_scale(0.5, v3_add(Qf, Qb));
        res.sense = 0;
        res.lines_are_parallel = 1;
        res.closest_point1 = Qf;
        res.closest_point2 = Qb;
        res.contact_frame.R = m3_from_columns(df, v3_zero(), v3_zero());
        res.contact_frame.p = Co;
        res.out.deviations = CCREF_DEV_LOL_PARALLEL_FALLBACK;
        return res;
    }

    /* ---- sense, normal, closest points, contact frame (5-10) */
    double wsf = v3_dot(wraw, sf), wsb = v3_dot(wraw, sb);
    int sense;
    if (fabs(wsf) > fabs(wsb))
        sense = wsf >= 0.0 ? 1 : -1;
    else
        sense = wsb >= 0.0 ? -1 : 1;
    //@ assert exact: w_def: real_model ==> wraw == lol_w(prm, body1, body2);
    //@ assert exact: sense_rule: real_model ==> sense == lol_sense(prm, body1, body2);
    const double sg = (double)sense;
    ccref_vec3 w = v3_scale(sg, wraw);
    //@ assert exact: s2_value: real_model ==> s2 == vnorm2(wraw) && s2 > 0.0;
    double s = sqrt(s2);
    //@ assert exact: s_value: real_model ==> s == vnorm(wraw) && s * s == s2 && s > 0.0;
    double oos = 1.0 / s;
    ccref_vec3 n = v3_scale(oos, w);
    //@ ghost lemma_unit_norm(w, s);
    //@ assert exact: n_unit: real_model ==> n == vdiv(w, s) && vnorm2(n) == 1.0;
    ccref_vec3 pXn = v3_cross(p, n);
    double tf = -sg * oos * v3_dot(db, pXn);
    double tb = -sg * oos * v3_dot(df, pXn);
    //@ assert exact: sg_square: real_model ==> sg * sg == 1.0;
    //@ ghost lemma_reciprocal(s, s2, oos);
    //@ assert exact: oos_square: real_model ==> oos * s == 1.0 && oos * oos * s2 == 1.0;
    //@ ghost lemma_normal_triple(db, p, n, pXn, w, wraw, oos, sg);
    //@ ghost lemma_normal_triple(df, p, n, pXn, w, wraw, oos, sg);
    //@ ghost lemma_line_parameter(db, p, wraw, sg, oos, s2, tf);
    //@ ghost lemma_line_parameter(df, p, wraw, sg, oos, s2, tb);
    //@ ghost lemma_binet_cauchy(p, db, df, db);
    //@ ghost lemma_binet_cauchy(p, df, df, db);
    /*@ assert exact: tf_s2: real_model ==>
          tf * s2 == vdot(p, df) * vdot(db, db) - vdot(p, db) * vdot(db, df) &&
          tb * s2 == vdot(p, df) * vdot(df, db) - vdot(p, db) * vdot(df, df); */
    /*@ ghost lemma_normal_equations(p.x * df.x + p.y * df.y + p.z * df.z, p.x * db.x + p.y * db.y + p.z * db.z,
                                     df.x * df.x + df.y * df.y + df.z * df.z, db.x * db.x + db.y * db.y + db.z * db.z,
                                     df.x * db.x + df.y * db.y + df.z * db.z, s2, tf, tb); */
    ccref_vec3 Qf = v3_add(Pf, v3_scale(tf, df));
    ccref_vec3 Qb = v3_add(Pb, v3_scale(tb, db));
    //@ assert exact: residual: real_model ==> vsub(Qb, Qf) == vadd(p, vsub(vscale(tb, db), vscale(tf, df)));
    //@ ghost lemma_residual_dot(p, db, df, tb, tf, df);
    //@ ghost lemma_residual_dot(p, db, df, tb, tf, db);
    //@ assert exact: closest: real_model ==> vdot(vsub(Qb, Qf), df) == 0.0 && vdot(vsub(Qb, Qf), db) == 0.0;
    /*@ assert exact: closest_final: real_model ==>
          vdot(vsub(Qb, Qf), lol_df(prm, body1)) == 0.0 && vdot(vsub(Qb, Qf), lol_db(prm, body2)) == 0.0 &&
          Qf == vadd(lol_Pf(prm, body1), vscale(tf, lol_df(prm, body1))) &&
          Qb == vadd(lol_Pb(prm, body2), vscale(tb, lol_db(prm, body2))); */
    /* The normal: unit, orthogonal to both edges, with the sense of the rule (asserted after the closest points so
     * that their goals keep a small context). */
    //@ ghost lemma_dot_scale(oos, w, df);
    //@ ghost lemma_dot_scale(oos, w, db);
    //@ ghost lemma_dot_scale(sg, wraw, df);
    //@ ghost lemma_dot_scale(sg, wraw, db);
    //@ assert exact: wraw_orth: real_model ==> vdot(df, wraw) == 0.0 && vdot(db, wraw) == 0.0;
    //@ assert exact: n_orth: real_model ==> vdot(n, df) == 0.0 && vdot(n, db) == 0.0;
    /*@ assert exact: n_final: real_model ==>
          vnorm2(n) == 1.0 && vdot(n, lol_df(prm, body1)) == 0.0 && vdot(n, lol_db(prm, body2)) == 0.0 &&
          n == vscale(1.0 / vnorm(lol_w(prm, body1, body2)), vscale(sense, lol_w(prm, body1, body2))); */
    //@ assert exact: oos_pos: real_model ==> oos > 0.0;
    //@ ghost lemma_dot_scale(oos, w, sf);
    //@ ghost lemma_dot_scale(oos, w, sb);
    //@ ghost lemma_dot_scale(sg, wraw, sf);
    //@ ghost lemma_dot_scale(sg, wraw, sb);
    //@ assert exact: n_sides: real_model ==> vdot(n, sf) == oos * (sg * wsf) && vdot(n, sb) == oos * (sg * wsb);
    //@ assert exact: sense_values: real_model ==> sg == 1.0 || sg == -1.0;
    //@ ghost lemma_unit_factor(sg, wsf);
    //@ ghost lemma_unit_factor(sg, wsb);
    //@ assert exact: sense_sign: real_model ==> (\abs(wsf) > \abs(wsb) ==> sg * wsf >= 0.0) && (\abs(wsf) <= \abs(wsb) ==> sg * wsb <= 0.0);
    //@ ghost lemma_positive_factor(oos, sg * wsf);
    //@ ghost lemma_positive_factor(oos, sg * wsb);
    //@ assert exact: sense_dir: real_model ==> (\abs(wsf) > \abs(wsb) ==> vdot(n, sf) >= 0.0) && (\abs(wsf) <= \abs(wsb) ==> vdot(n, sb) <= 0.0);
    /*@ assert exact: sense_final: real_model ==>
          (\abs(vdot(lol_w(prm, body1, body2), lol_sf(prm, body1))) > \abs(vdot(lol_w(prm, body1, body2), lol_sb(prm, body2))) ==>
             vdot(n, lol_sf(prm, body1)) >= 0.0) &&
          (\abs(vdot(lol_w(prm, body1, body2), lol_sf(prm, body1))) <= \abs(vdot(lol_w(prm, body1, body2), lol_sb(prm, body2))) ==>
             vdot(n, lol_sb(prm, body2)) <= 0.0); */
    ccref_vec3 Co = v3_scale(0.5, v3_add(Qf, Qb));
    ccref_vec3 Cx = df;
    ccref_vec3 Cy = v3_cross(n, df);
    ccref_mat3 RC = m3_from_columns(Cx, Cy, n);
    //@ assert exact: frame_axes: real_model ==> Cx == mcol(RC, 0) && Cy == mcol(RC, 1) && n == mcol(RC, 2);
    ccref_vec3 p_FCo = v3_sub(Co, body1.p);
    ccref_vec3 p_BCo = v3_sub(Co, body2.p);

    res.out.perr[0] = v3_dot(p, n);

    double ln = l0;
    ccref_vec3 fn = v3_scale(ln, n);
    res.out.force_on_body2 = ccref_force_at_arm(p_BCo, fn);
    res.out.force_on_body1 = ccref_force_at_arm(p_FCo, v3_neg(fn));
    ccref_vec3 applied = fn;    /* lambda_n Cz (+ lambda_x Cx + lambda_y Cy below) */
    ccref_vec3 ft = v3_zero();  /* lambda_x Cx + lambda_y Cy when rolling */
    /*@ assert exact: normal_forces: real_model ==> res.out.force_on_body2 == force_at(body2, Co, fn) &&
          res.out.force_on_body1 == force_at(body1, Co, vneg(fn)); */

    /* ---- rolling rows (21-33) */
    ccref_vec3 vF = v3_zero();  /* slip velocity at Co when rolling */
    if (rolling) {
        vF = v3_sub(ccref_arm_velocity(&body2, p_BCo), ccref_arm_velocity(&body1, p_FCo));
        res.out.verr[1] = v3_dot(vF, Cx);
        res.out.verr[2] = v3_dot(vF, Cy);

        double lx = l1, ly = l2;
        ft = v3_add(v3_scale(lx, Cx), v3_scale(ly, Cy));
        res.out.force_on_body2 = ccref_spatial_force_add(res.out.force_on_body2, ccref_force_at_arm(p_BCo, ft));
        res.out.force_on_body1 = ccref_spatial_force_add(res.out.force_on_body1, ccref_force_at_arm(p_FCo, v3_neg(ft)));
        applied = v3_add(v3_add(applied, v3_scale(lx, Cx)), v3_scale(ly, Cy));
        /*@ assert exact: rolling_forces: real_model ==>
              res.out.force_on_body2 == sfadd(force_at(body2, Co, fn), force_at(body2, Co, ft)) &&
              res.out.force_on_body1 == sfadd(force_at(body1, Co, vneg(fn)), force_at(body1, Co, vneg(ft))); */
    }

    /* ---- time derivatives of the rows (11-20, 23-33) */
    lol_rate_inputs g;
    g.armPf = armPf; g.armPb = armPb; g.p = p; g.df = df; g.db = db; g.n = n; g.Cx = Cx; g.Cy = Cy;
    g.p_FCo = p_FCo; g.p_BCo = p_BCo; g.vF = vF; g.sg = sg; g.oos = oos; g.tf = tf; g.tb = tb;
    lol_rates rt = lol_rate_rows(body1, body2, g, rolling);
    res.out.verr[0] = rt.verr_n;
    res.out.aerr[0] = rt.aerr_n;
    if (rolling) {
        res.out.aerr[1] = rt.aerr_x;
        res.out.aerr[2] = rt.aerr_y;
    }

    res.sense = sense;
    res.lines_are_parallel = 0;
    res.closest_point1 = Qf;
    res.closest_point2 = Qb;
    res.contact_frame.R = RC;
    res.contact_frame.p = Co;
    res.separation = res.out.perr[0];
    res.force_on_body2 = v3_neg(applied);
    //@ ghost lemma_lol_geometry(res, prm, body1, body2, tf, tb);
    //@ ghost lemma_lol_forces(res, body1, body2, mv, l0, l1, l2);
    //@ ghost lemma_lol_moment(res, body1, body2, mv, Co, fn, ft);
    //@ ghost lemma_lol_normal_rates(res, prm, body1, body2, armPf, armPb, p, df, db, n, sg, oos);
    //@ ghost lemma_lol_rolling_aerr(res, prm, body1, body2, g);
    return res;
}

/* Contract (proofs/README.md): memory; the status of every class of bad input with zeroed outputs; for valid
 * inputs, in real arithmetic: the parallel branch exactly at |df x db|^2 < 2^-91 with the documented fallback;
 * otherwise the sense rule, a unit normal orthogonal to both edges with the sense the rule says, closest points
 * satisfying their defining equations, the contact frame, the separation and the forces; Newton's third law
 * (force part also in IEEE doubles without rolling), zero total moment; finite OK outputs. */
/*@ CCREF_PAIR_EVAL_MEMORY_SQRT
    CCREF_PAIR_EVAL_BAD_INPUTS(CCREF_ROLLING_NL, lol_inputs_finite(*prm, *body1, *body2), lol_zero(*res, 0),
                               lol_zero(*res, CCREF_ROLLING_MV))
    behavior checked:
      CCREF_PAIR_EVAL_INPUTS_FINITE(CCREF_ROLLING_NL, lol_inputs_finite(*prm, *body1, *body2))
      ensures exact: not_rotation: real_model ==>
        (!lol_rotations(*prm, *body1, *body2) <==> \result == CCREF_E_NOT_ROTATION);
      ensures status: \result == CCREF_OK || \result == CCREF_OK_PARALLEL_EDGES || \result == CCREF_E_NOT_ROTATION ||
                      \result == CCREF_E_NONPOSITIVE_LENGTH || \result == CCREF_E_RESULT_OVERFLOW;
      ensures errors_zeroed: !ccref_ok(\result) ==> lol_zero(*res, CCREF_ROLLING_MV);
      ensures ok_finite: ccref_ok(\result) ==> lol_finite(*res) && res->out.mv == CCREF_ROLLING_MV;
      ensures exact: parallel: real_model && ccref_ok(\result) ==>
        (\result == CCREF_OK_PARALLEL_EDGES <==> lol_parallel(\old(*prm), \old(*body1), \old(*body2)));
      ensures exact: fallback: real_model && \result == CCREF_OK_PARALLEL_EDGES ==>
        lol_fallback(*res, \old(*prm), \old(*body1), \old(*body2));
      ensures exact: geometry: real_model && \result == CCREF_OK ==> lol_geometry(*res, \old(*prm), \old(*body1), \old(*body2));
      EXACT_ONLY(ensures exact: normal_rates: real_model && \result == CCREF_OK ==>
        lol_normal_rates(*res, \old(*prm), \old(*body1), \old(*body2));)
      EXACT_ONLY(ensures exact: rolling_aerr: real_model && \result == CCREF_OK ==>
        lol_rolling_aerr(*res, \old(*prm), \old(*body1), \old(*body2));)
      ensures exact: forces: real_model && \result == CCREF_OK ==>
        lol_forces(*res, \old(*body1), \old(*body2), \old(lambda[0]),
                   (\old(prm->rolling) != 0 ? \old(lambda[1]) : 0.0), (\old(prm->rolling) != 0 ? \old(lambda[2]) : 0.0));
      ensures newton3_force_normal: ccref_ok(\result) && prm->rolling == 0 ==> lol_newton3_force(*res);
      ensures exact: newton3_force: real_model && ccref_ok(\result) ==> lol_newton3_force(*res);
      ensures exact: newton3_moment: real_model && ccref_ok(\result) ==> lol_newton3_moment(*res, \old(*body1), \old(*body2));
    complete behaviors;
    disjoint behaviors;
*/
ccref_status ccref_line_on_line_eval(const ccref_line_on_line_params *prm, const ccref_body *body1,
                                     const ccref_body *body2, const double *lambda, size_t n_lambda,
                                     ccref_line_on_line_result *res)
{
    if (res == NULL)
        return CCREF_E_NULL_ARGUMENT;
    if (prm == NULL || body1 == NULL || body2 == NULL) {
        *res = lol_zero_result(0);
        return CCREF_E_NULL_ARGUMENT;
    }
    const int mv = prm->rolling != 0 ? 2 : 0;
    ccref_status st = lol_check(prm, body1, body2, lambda, n_lambda, mv);
    if (st != CCREF_OK) {
        *res = lol_zero_result(mv);
        return st;
    }
    int parallel;
    ccref_line_on_line_result r = lol_outputs(*prm, *body1, *body2, mv, lambda[0], mv == 2 ? lambda[1] : 0.0,
                                              mv == 2 ? lambda[2] : 0.0, &parallel);
    if (!lol_result_is_finite(&r)) {
        *res = lol_zero_result(mv);
        return CCREF_E_RESULT_OVERFLOW;
    }
    *res = r;
    return parallel ? CCREF_OK_PARALLEL_EDGES : CCREF_OK;
}
