/* rod.c: Constraint::Rod (constant distance), mp = 1, mv = 0.   Spec: spec/rod.md
 *
 * Method: Sf = p1 + R1 s1 (station on body 1), Sb = p2 + R2 s2 (station on body 2), arms R1 s1 and R2 s2.
 *   p = Sb - Sf, r = sqrt(p.p)
 *   Cz = p / r (componentwise)                   if p.p >= 2^-130
 *   Cz = z axis of body 1 (column 2 of R1)       if p.p <  2^-130 (singular; status OK_SINGULAR_DIRECTION)
 *   pd  = v(B2/Sb) - v(B1/Sf), pdd = a(B2/Sb) - a(B1/Sf)   (station velocities/accelerations)
 *   perr = r - d, verr = pd.Cz, aerr = pdd.Cz + pd.Czd
 *   Czd = (pd - verr Cz) / r (non-singular), Czd = w1 x Cz (singular)
 *   forces: +lambda Cz at Sb on body 2, -lambda Cz at Sf on body 1 (multiplier sign).
 *   tension = lambda, orientation = Cz.
 * Exact relations (spec/rod.md): non-singular verr = d/dt perr, aerr = d/dt verr; singular aerr = d/dt verr only.
 * Special cases: length <= 0 -> E_NONPOSITIVE_LENGTH; |p|^2 overflowing to Inf -> E_RESULT_OVERFLOW.
 *
 * Structure (proofs/README.md): rod_check (input checks, reads only), rod_outputs (the formulas, on values),
 * ccref_rod_eval (writes *res once). Every floating-point operation is the one of the formulas above, in order. */
#include "common.h"

/*@ predicate rod_inputs_finite(ccref_rod_params p, ccref_body b1, ccref_body b2) =
      bfinite(b1) && bfinite(b2) && vfinite(p.station1_in_b1) && vfinite(p.station2_in_b2) && \is_finite(p.length);
    predicate rod_zero(ccref_rod_result r) = out_zero(r.out, 1, 0) && dzero(r.tension) && vzeroed(r.orientation);
    predicate rod_finite(ccref_rod_result r) = ofinite(r.out) && vfinite(r.orientation);
    // The outputs for valid inputs, in real arithmetic (spec/rod.md); singular iff |p|^2 < 2^-130.
    predicate rod_formulas(ccref_rod_result r, ccref_vec3 s1, ccref_vec3 s2, double d, ccref_body b1,
                           ccref_body b2, real l) =
      \let Sf = station(b1, s1); \let Sb = station(b2, s2); \let p = vsub(Sb, Sf);
      \let pd = vsub(pt_vel(b2, Sb), pt_vel(b1, Sf)); \let pdd = vsub(pt_acc(b2, Sb), pt_acc(b1, Sf));
      \let Cz = r.orientation;
      \let Czd = (vnorm2(p) < singular_distance_sq ? vcross(b1.w, Cz)
                                                  : vdiv(vsub(pd, vscale(vdot(pd, Cz), Cz)), vnorm(p)));
      r.out.mp == 1 && r.out.mv == 0 &&
      (vnorm2(p) < singular_distance_sq ==> Cz == mcol(b1.R, 2)) &&
      (vnorm2(p) >= singular_distance_sq ==> Cz == unit(p)) &&
      r.out.perr[0] == vnorm(p) - d &&
      r.out.verr[0] == vdot(pd, Cz) &&
      r.out.aerr[0] == vdot(pdd, Cz) + vdot(pd, Czd) &&
      r.out.force_on_body2 == force_at(b2, Sb, vscale(l, Cz)) &&
      r.out.force_on_body1 == force_at(b1, Sf, vneg(vscale(l, Cz))) &&
      r.tension == l;
    predicate rod_newton3_force(ccref_rod_result r) = newton3_force(r.out.force_on_body1, r.out.force_on_body2);
    predicate rod_newton3_moment(ccref_rod_result r, ccref_body b1, ccref_body b2) =
      newton3_moment(r.out.force_on_body1, b1, r.out.force_on_body2, b2);
    predicate rod_power(ccref_rod_result r, ccref_body b1, ccref_body b2, real l) =
      sfpower(r.out.force_on_body1, b1) + sfpower(r.out.force_on_body2, b2) == l * r.out.verr[0];
*/

/*@ assigns \nothing; ensures rod_zero(\result); */
static ccref_rod_result rod_zero_result(void)
{
    ccref_rod_result r;
    ccref_output_init(&r.out, 1, 0);
    r.tension = 0.0;
    r.orientation = v3_zero();
    return r;
}

/*@ requires \valid_read(r); assigns \nothing; ensures \result != 0 <==> rod_finite(*r); */
static int rod_result_is_finite(const ccref_rod_result *r)
{
    return ccref_output_is_finite(&r->out) && v3_is_finite(r->orientation);
}

/*@ CCREF_PAIR_CHECK_MEMORY
    CCREF_PAIR_CHECK_BAD_INPUTS(1, rod_inputs_finite(*prm, *body1, *body2))
    behavior finite:
      CCREF_PAIR_CHECK_INPUTS_FINITE(1, rod_inputs_finite(*prm, *body1, *body2))
      ensures \result == CCREF_OK || \result == CCREF_E_NOT_ROTATION || \result == CCREF_E_NONPOSITIVE_LENGTH;
      ensures exact: rotation_test: real_model ==>
        (\result == CCREF_E_NOT_ROTATION <==> !(rotation(body1->R) && rotation(body2->R)));
      ensures length_test: \result == CCREF_E_NONPOSITIVE_LENGTH ==> prm->length <= 0.0;
      ensures exact: length_test_exact: real_model ==>
        (\result == CCREF_E_NONPOSITIVE_LENGTH <==> rotation(body1->R) && rotation(body2->R) && prm->length <= 0.0);
      ensures ok: \result == CCREF_OK ==> prm->length > 0.0;
    complete behaviors;
    disjoint behaviors;
*/
static ccref_status rod_check(const ccref_rod_params *prm, const ccref_body *body1, const ccref_body *body2,
                              const double *lambda, size_t n_lambda)
{
    if (prm == NULL || body1 == NULL || body2 == NULL)
        return CCREF_E_NULL_ARGUMENT;
    ccref_status st = ccref_check_lambda(lambda, n_lambda, 1);
    if (st != CCREF_OK)
        return st;
    if (!ccref_body_is_finite(body1) || !ccref_body_is_finite(body2) || !v3_is_finite(prm->station1_in_b1) ||
        !v3_is_finite(prm->station2_in_b2) || !isfinite(prm->length))
        return CCREF_E_NONFINITE_INPUT;
    if (!ccref_is_rotation(&body1->R) || !ccref_is_rotation(&body2->R))
        return CCREF_E_NOT_ROTATION;
    if (!(prm->length > 0.0))
        return CCREF_E_NONPOSITIVE_LENGTH;
    return CCREF_OK;
}

/* The formulas, on values; *singular receives the branch taken. */
/*@ requires \valid(singular);
    assigns *singular, errno;
    ensures exact: branch_exact: real_model ==>
      (*singular != 0 <==> vnorm2(vsub(station(body2, s2), station(body1, s1))) < singular_distance_sq);
    ensures exact: formulas: real_model ==> rod_formulas(\result, s1, s2, d, body1, body2, lambda);
    ensures exact: unit: real_model && *singular == 0 ==> vnorm2(\result.orientation) == 1.0;
    ensures newton3_force: vfinite(\result.out.force_on_body2.force) ==> rod_newton3_force(\result);
    ensures exact: newton3_moment: real_model && *singular == 0 ==> rod_newton3_moment(\result, body1, body2);
    ensures exact: power: real_model ==> rod_power(\result, body1, body2, lambda);
    ensures deviations: \result.out.deviations == 0;
*/
static ccref_rod_result rod_outputs(ccref_vec3 s1, ccref_vec3 s2, double d, ccref_body body1, ccref_body body2,
                                    double lambda, int *singular)
{
    ccref_rod_result res = rod_zero_result();
    ccref_vec3 arm1 = m3_apply(&body1.R, s1);   /* Sf - p1 */
    ccref_vec3 arm2 = m3_apply(&body2.R, s2);   /* Sb - p2 */
    ccref_vec3 Sf = v3_add(body1.p, arm1);
    ccref_vec3 Sb = v3_add(body2.p, arm2);
    ccref_vec3 p = v3_sub(Sb, Sf);
    double r2 = v3_norm_sq(p);
    //@ split r2 < CCREF_SINGULAR_DISTANCE_SQ;  // EVA: one state per branch, so r >= 2^-65 where it divides
    //@ assert exact: sqrt_domain: real_model ==> r2 >= 0.0;
    double r = sqrt(r2);
    //@ assert exact: norm: real_model ==> r == vnorm(p);
    *singular = r2 < CCREF_SINGULAR_DISTANCE_SQ;

    ccref_vec3 pd = v3_sub(ccref_arm_velocity(&body2, arm2), ccref_arm_velocity(&body1, arm1));
    ccref_vec3 pdd = v3_sub(ccref_arm_acceleration(&body2, arm2), ccref_arm_acceleration(&body1, arm1));
    //@ assert exact: arms: real_model ==> vsub(Sb, body2.p) == arm2 && vsub(Sf, body1.p) == arm1;
    //@ assert exact: pd_def: real_model ==> pd == vsub(pt_vel(body2, Sb), pt_vel(body1, Sf));
    //@ assert exact: pdd_def: real_model ==> pdd == vsub(pt_acc(body2, Sb), pt_acc(body1, Sf));

    ccref_vec3 Cz, Czd;
    double verr;
    if (*singular) {
        Cz = m3_column(&body1.R, 2);
        verr = v3_dot(pd, Cz);
        Czd = v3_cross(body1.w, Cz);
    } else {
        Cz = v3(p.x / r, p.y / r, p.z / r);
        //@ ghost lemma_unit_norm(p, r);
        //@ ghost lemma_cross_parallel(p, r, lambda);
        verr = v3_dot(pd, Cz);
        ccref_vec3 t = v3_sub(pd, v3_scale(verr, Cz));
        Czd = v3(t.x / r, t.y / r, t.z / r);
        //@ assert exact: czd_def: real_model ==> Czd == vdiv(vsub(pd, vscale(vdot(pd, Cz), Cz)), vnorm(p));
    }

    res.out.perr[0] = r - d;
    res.out.verr[0] = verr;
    res.out.aerr[0] = v3_dot(pdd, Cz) + v3_dot(pd, Czd);

    ccref_vec3 f = v3_scale(lambda, Cz);
    res.out.force_on_body2 = ccref_force_at_arm(arm2, f);
    res.out.force_on_body1 = ccref_force_at_arm(arm1, v3_neg(f));
    //@ ghost lemma_pair_power(body1, body2, arm1, arm2, f);
    //@ ghost lemma_dot_scale(lambda, Cz, pd);
    //@ ghost lemma_pair_moment(body1, body2, arm1, arm2, f);
    /*@ assert exact: power_pair: real_model ==>
          sfpower(force_at_arm(arm1, vneg(f)), body1) + sfpower(force_at_arm(arm2, f), body2) == lambda * verr; */
    /*@ assert exact: moment_pair: real_model && *singular == 0 ==>
          vcross(vsub(vadd(body2.p, arm2), vadd(body1.p, arm1)), f) == vzero; */
    res.tension = lambda;
    res.orientation = Cz;
    /*@ assert exact: stored: real_model ==> res.out.force_on_body1 == force_at_arm(arm1, vneg(f)) &&
          res.out.force_on_body2 == force_at_arm(arm2, f) && res.out.verr[0] == verr; */
    return res;
}

/* Contract (proofs/README.md): memory; the status of every class of bad input with zeroed outputs; for valid
 * inputs the formulas in real arithmetic with the singular branch exactly at |p|^2 < 2^-130, a unit orientation
 * (non-singular), Newton's third law (force part also in IEEE doubles; zero total moment when non-singular), the
 * power identity, and finite OK outputs. */
/*@ CCREF_PAIR_EVAL_MEMORY_SQRT
    CCREF_PAIR_EVAL_BAD_INPUTS(1, rod_inputs_finite(*prm, *body1, *body2), rod_zero(*res), rod_zero(*res))
    behavior checked:
      CCREF_PAIR_EVAL_INPUTS_FINITE(1, rod_inputs_finite(*prm, *body1, *body2))
      ensures exact: not_rotation: real_model ==>
        (!(rotation(body1->R) && rotation(body2->R)) <==> \result == CCREF_E_NOT_ROTATION);
      ensures exact: length: real_model ==>
        (rotation(body1->R) && rotation(body2->R) && prm->length <= 0.0 <==> \result == CCREF_E_NONPOSITIVE_LENGTH);
      ensures status: \result == CCREF_OK || \result == CCREF_OK_SINGULAR_DIRECTION || \result == CCREF_E_NOT_ROTATION ||
                      \result == CCREF_E_NONPOSITIVE_LENGTH || \result == CCREF_E_RESULT_OVERFLOW;
      ensures errors_zeroed: !ccref_ok(\result) ==> rod_zero(*res);
      ensures ok_finite: ccref_ok(\result) ==> rod_finite(*res) && prm->length > 0.0;
      ensures exact: singular: real_model && ccref_ok(\result) ==>
        (\result == CCREF_OK_SINGULAR_DIRECTION <==>
           vnorm2(vsub(station(\old(*body2), \old(prm->station2_in_b2)), station(\old(*body1), \old(prm->station1_in_b1))))
             < singular_distance_sq);
      ensures exact: formulas: real_model && ccref_ok(\result) ==>
        rod_formulas(*res, \old(prm->station1_in_b1), \old(prm->station2_in_b2), \old(prm->length), \old(*body1),
                     \old(*body2), \old(lambda[0]));
      ensures exact: unit: real_model && \result == CCREF_OK ==> vnorm2(res->orientation) == 1.0;
      ensures newton3_force: ccref_ok(\result) ==> rod_newton3_force(*res);
      ensures exact: newton3_moment: real_model && \result == CCREF_OK ==>
        rod_newton3_moment(*res, \old(*body1), \old(*body2));
      ensures exact: power: real_model && ccref_ok(\result) ==> rod_power(*res, \old(*body1), \old(*body2), \old(lambda[0]));
    complete behaviors;
    disjoint behaviors;
*/
ccref_status ccref_rod_eval(const ccref_rod_params *prm, const ccref_body *body1, const ccref_body *body2,
                            const double *lambda, size_t n_lambda, ccref_rod_result *res)
{
    if (res == NULL)
        return CCREF_E_NULL_ARGUMENT;
    ccref_status st = rod_check(prm, body1, body2, lambda, n_lambda);
    if (st != CCREF_OK) {
        *res = rod_zero_result();
        return st;
    }
    int singular;
    ccref_rod_result r = rod_outputs(prm->station1_in_b1, prm->station2_in_b2, prm->length, *body1, *body2,
                                     lambda[0], &singular);
    if (!rod_result_is_finite(&r)) {
        *res = rod_zero_result();
        return CCREF_E_RESULT_OVERFLOW;
    }
    *res = r;
    return singular ? CCREF_OK_SINGULAR_DIRECTION : CCREF_OK;
}
