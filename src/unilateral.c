/* unilateral.c: UnilateralContact semantics (sign convention, validity conditions, isProximal) and the
 * restitution and friction rules.   Spec: spec/unilateral.md
 *
 * Method: direct transcription. The COR rule is Simbody 3.7's: zero up to the capture speed, then the line
 * through (0, 1) and (min_cor_speed, min_cor), then min_cor; it jumps at the capture speed. The COF rule is a step
 * from mu_s to mu_d just above the transition speed ("<=" keeps mu_s at equality) plus mu_v times the slip speed.
 * Special cases: every domain violation is a named status; no branch divides by zero (the linear branch needs
 * capture_speed < impact_speed < min_cor_speed, so min_cor_speed > 0 there).
 * Checks (first failure wins, outputs zeroed first, including *branch when cor/mu is NULL): NULL, sign, non-finite
 * values and tolerances, then the value checks (negative tolerance; COR range, speeds, speed order; friction
 * signs, friction order, speeds); E_RESULT_OVERFLOW only for a subnormal min_cor_speed or a huge viscous term. */
#include <math.h>

#include "ccref_unilateral.h"

/*@ // The validity rule of spec/unilateral.md, on the given values (every product with sign = +-1 is exact, so the
    // rule holds for the doubles in both models).
    predicate tol_ok(ccref_unilateral_tolerances t) =
      \is_finite(t.perr) && \is_finite(t.verr) && \is_finite(t.aerr) && \is_finite(t.lambda) &&
      t.perr >= 0.0 && t.verr >= 0.0 && t.aerr >= 0.0 && t.lambda >= 0.0;
    logic integer classify_rule(integer sg, real perr, real verr, real aerr, real lambda,
                                ccref_unilateral_tolerances t) =
      sg * perr > t.perr ? CCREF_UNI_SEPARATED :
      sg * perr < -t.perr ? CCREF_UNI_PENETRATING :
      sg * verr > t.verr ? CCREF_UNI_SEPARATING :
      sg * verr < -t.verr ? CCREF_UNI_APPROACHING :
      sg * aerr < -t.aerr ? CCREF_UNI_ACCELERATING_INWARD :
      -sg * lambda < -t.lambda ? CCREF_UNI_PULLING :
      (\abs(aerr) > t.aerr && \abs(lambda) > t.lambda) ? CCREF_UNI_NOT_COMPLEMENTARY : CCREF_UNI_IN_CONTACT;
*/

static const char *const condition_names[CCREF_UNI_CONDITION_COUNT] = {
    [CCREF_UNI_SEPARATED] = "SEPARATED",
    [CCREF_UNI_PENETRATING] = "PENETRATING",
    [CCREF_UNI_SEPARATING] = "SEPARATING",
    [CCREF_UNI_APPROACHING] = "APPROACHING",
    [CCREF_UNI_IN_CONTACT] = "IN_CONTACT",
    [CCREF_UNI_ACCELERATING_INWARD] = "ACCELERATING_INWARD",
    [CCREF_UNI_PULLING] = "PULLING",
    [CCREF_UNI_NOT_COMPLEMENTARY] = "NOT_COMPLEMENTARY",
};

/*@ assigns \nothing;
    ensures !(0 <= c < CCREF_UNI_CONDITION_COUNT) <==> \result == \null; */
const char *ccref_unilateral_condition_name(ccref_unilateral_condition c)
{
    if ((unsigned)c >= CCREF_UNI_CONDITION_COUNT)
        return NULL;
    return condition_names[c];
}

/*@ assigns \nothing;
    ensures \result != 0 <==> (c == CCREF_UNI_SEPARATED || c == CCREF_UNI_SEPARATING || c == CCREF_UNI_IN_CONTACT); */
int ccref_unilateral_condition_valid(ccref_unilateral_condition c)
{
    return c == CCREF_UNI_SEPARATED || c == CCREF_UNI_SEPARATING || c == CCREF_UNI_IN_CONTACT;
}

/*@ assigns \nothing;
    ensures !\is_finite(tol) ==> \result == CCREF_E_NONFINITE_INPUT;
    ensures \is_finite(tol) && tol < 0.0 ==> \result == CCREF_E_NEGATIVE_TOLERANCE;
    ensures \is_finite(tol) && tol >= 0.0 ==> \result == CCREF_OK; */
static ccref_status check_tolerance(double tol)
{
    if (!isfinite(tol))
        return CCREF_E_NONFINITE_INPUT;
    if (tol < 0.0)
        return CCREF_E_NEGATIVE_TOLERANCE;
    return CCREF_OK;
}

/*@ requires out == \null || \valid(out);
    requires tol == \null || \valid_read(tol);
    requires \separated(out, tol);
    assigns *out;
    behavior null_out: assumes out == \null; assigns \nothing; ensures \result == CCREF_E_NULL_ARGUMENT;
    behavior null_tol: assumes out != \null && tol == \null;
      ensures \result == CCREF_E_NULL_ARGUMENT && *out == CCREF_UNI_SEPARATED;
    behavior bad_sign: assumes out != \null && tol != \null && sign != 1 && sign != -1;
      ensures \result == CCREF_E_BAD_SIGN && *out == CCREF_UNI_SEPARATED;
    behavior nonfinite: assumes out != \null && tol != \null && (sign == 1 || sign == -1);
      assumes !(\is_finite(perr) && \is_finite(verr) && \is_finite(aerr) && \is_finite(lambda) &&
                \is_finite(tol->perr) && \is_finite(tol->verr) && \is_finite(tol->aerr) && \is_finite(tol->lambda));
      ensures \result == CCREF_E_NONFINITE_INPUT && *out == CCREF_UNI_SEPARATED;
    behavior negative_tolerance: assumes out != \null && tol != \null && (sign == 1 || sign == -1);
      assumes \is_finite(perr) && \is_finite(verr) && \is_finite(aerr) && \is_finite(lambda) &&
              \is_finite(tol->perr) && \is_finite(tol->verr) && \is_finite(tol->aerr) && \is_finite(tol->lambda);
      assumes !tol_ok(*tol);
      ensures \result == CCREF_E_NEGATIVE_TOLERANCE && *out == CCREF_UNI_SEPARATED;
    behavior classified: assumes out != \null && tol != \null && (sign == 1 || sign == -1);
      assumes \is_finite(perr) && \is_finite(verr) && \is_finite(aerr) && \is_finite(lambda) && tol_ok(*tol);
      ensures \result == CCREF_OK;
      ensures exact: rule: real_model ==> *out == classify_rule(sign, perr, verr, aerr, lambda, *tol);
    complete behaviors; disjoint behaviors; */
ccref_status ccref_unilateral_classify(int sign, double perr, double verr, double aerr, double lambda,
                                       const ccref_unilateral_tolerances *tol, ccref_unilateral_condition *out)
{
    if (out == NULL)
        return CCREF_E_NULL_ARGUMENT;
    *out = CCREF_UNI_SEPARATED; /* the zero value: what every error status leaves behind */
    if (tol == NULL)
        return CCREF_E_NULL_ARGUMENT;
    if (sign != 1 && sign != -1)
        return CCREF_E_BAD_SIGN;
    if (!isfinite(perr) || !isfinite(verr) || !isfinite(aerr) || !isfinite(lambda))
        return CCREF_E_NONFINITE_INPUT;
    /* Finiteness of every tolerance before any sign test (conventions: non-finite inputs before value checks). */
    const double tols[4] = {tol->perr, tol->verr, tol->aerr, tol->lambda};
    /*@ loop invariant 0 <= i <= 4;
        loop invariant \forall integer k; 0 <= k < i ==> \is_finite(tols[k]);
        loop assigns i; loop variant 4 - i; */
    for (int i = 0; i < 4; i++)
        if (!isfinite(tols[i]))
            return CCREF_E_NONFINITE_INPUT;
    /*@ loop invariant 0 <= i <= 4;
        loop invariant \forall integer k; 0 <= k < i ==> tols[k] >= 0.0;
        loop assigns i; loop variant 4 - i; */
    for (int i = 0; i < 4; i++)
        if (tols[i] < 0.0)
            return CCREF_E_NEGATIVE_TOLERANCE;
    /* Multiplying by +-1 is exact, so these are the signed quantities without rounding. */
    double sp = sign * perr, sv = sign * verr, sa = sign * aerr, force = -sign * lambda;
    if (sp > tol->perr)
        *out = CCREF_UNI_SEPARATED;
    else if (sp < -tol->perr)
        *out = CCREF_UNI_PENETRATING;
    else if (sv > tol->verr)
        *out = CCREF_UNI_SEPARATING;
    else if (sv < -tol->verr)
        *out = CCREF_UNI_APPROACHING;
    else if (sa < -tol->aerr)
        *out = CCREF_UNI_ACCELERATING_INWARD;
    else if (force < -tol->lambda)
        *out = CCREF_UNI_PULLING;
    else if (fabs(aerr) > tol->aerr && fabs(lambda) > tol->lambda)
        *out = CCREF_UNI_NOT_COMPLEMENTARY;
    else
        *out = CCREF_UNI_IN_CONTACT;
    return CCREF_OK;
}

/*@ requires proximal == \null || \valid(proximal);
    assigns *proximal;
    behavior null: assumes proximal == \null; assigns \nothing; ensures \result == CCREF_E_NULL_ARGUMENT;
    behavior bad_sign: assumes proximal != \null && sign != 1 && sign != -1;
      ensures \result == CCREF_E_BAD_SIGN && *proximal == 0;
    behavior nonfinite: assumes proximal != \null && (sign == 1 || sign == -1) && !(\is_finite(perr) && \is_finite(ptol));
      ensures \result == CCREF_E_NONFINITE_INPUT && *proximal == 0;
    behavior negative: assumes proximal != \null && (sign == 1 || sign == -1) && \is_finite(perr) && \is_finite(ptol) && ptol < 0.0;
      ensures \result == CCREF_E_NEGATIVE_TOLERANCE && *proximal == 0;
    behavior ok: assumes proximal != \null && (sign == 1 || sign == -1) && \is_finite(perr) && \is_finite(ptol) && ptol >= 0.0;
      ensures \result == CCREF_OK;
      ensures exact: rule: real_model ==> (*proximal != 0 <==> sign * perr <= ptol);
    complete behaviors; disjoint behaviors; */
ccref_status ccref_unilateral_is_proximal(int sign, double perr, double ptol, int *proximal)
{
    if (proximal == NULL)
        return CCREF_E_NULL_ARGUMENT;
    *proximal = 0;
    if (sign != 1 && sign != -1)
        return CCREF_E_BAD_SIGN;
    if (!isfinite(perr))
        return CCREF_E_NONFINITE_INPUT;
    ccref_status st = check_tolerance(ptol);
    if (st != CCREF_OK)
        return st;
    *proximal = sign * perr <= ptol;
    return CCREF_OK;
}

/* Contract: statuses in the documented order (both models), and for valid inputs the branch (both models) and the
 * value, the rule cor_rule of proofs/ccref_logic.h (as for cof_rule below), proved in the real model, where the
 * code's roundings are the identity. */
/*@ requires cor == \null || \valid(cor);
    requires branch == \null || \valid(branch);
    requires cor == \null || branch == \null || \separated(cor, branch);
    assigns *cor, *branch;
    behavior null: assumes cor == \null;
      assigns *branch; ensures \result == CCREF_E_NULL_ARGUMENT;
      ensures branch != \null ==> *branch == CCREF_COR_CAPTURED;
    behavior nonfinite: assumes cor != \null;
      assumes !(\is_finite(min_cor) && \is_finite(capture_speed) && \is_finite(min_cor_speed) && \is_finite(impact_speed));
      ensures \result == CCREF_E_NONFINITE_INPUT && *cor == 0.0;
    behavior domain: assumes cor != \null;
      assumes \is_finite(min_cor) && \is_finite(capture_speed) && \is_finite(min_cor_speed) && \is_finite(impact_speed);
      assumes !(0.0 <= min_cor <= 1.0 && capture_speed >= 0.0 && min_cor_speed >= 0.0 && impact_speed >= 0.0 &&
                capture_speed <= min_cor_speed);
      ensures \result == CCREF_E_COR_OUT_OF_RANGE || \result == CCREF_E_NEGATIVE_SPEED || \result == CCREF_E_SPEED_ORDER;
      ensures !(0.0 <= min_cor <= 1.0) <==> \result == CCREF_E_COR_OUT_OF_RANGE;
      ensures 0.0 <= min_cor <= 1.0 && (capture_speed < 0.0 || min_cor_speed < 0.0 || impact_speed < 0.0) <==>
              \result == CCREF_E_NEGATIVE_SPEED;
      ensures *cor == 0.0;
    behavior rule: assumes cor != \null;
      assumes \is_finite(min_cor) && \is_finite(capture_speed) && \is_finite(min_cor_speed) && \is_finite(impact_speed);
      assumes 0.0 <= min_cor <= 1.0 && capture_speed >= 0.0 && min_cor_speed >= 0.0 && impact_speed >= 0.0 &&
              capture_speed <= min_cor_speed;
      ensures captured: impact_speed <= capture_speed ==> \result == CCREF_OK && *cor == 0.0 &&
                        (branch != \null ==> *branch == CCREF_COR_CAPTURED);
      ensures minimum: capture_speed < impact_speed && impact_speed >= min_cor_speed ==>
                       \result == CCREF_OK && *cor == min_cor && (branch != \null ==> *branch == CCREF_COR_MINIMUM);
      ensures linear: capture_speed < impact_speed < min_cor_speed ==>
        (\result == CCREF_OK || \result == CCREF_E_RESULT_OVERFLOW) &&
        (\result == CCREF_OK ==> \is_finite(*cor) && (branch != \null ==> *branch == CCREF_COR_LINEAR)) &&
        (\result == CCREF_E_RESULT_OVERFLOW ==> *cor == 0.0);
      ensures exact: linear_value: real_model ==> capture_speed < impact_speed < min_cor_speed && \result == CCREF_OK ==>
        *cor == cor_rule(min_cor, capture_speed, min_cor_speed, impact_speed);
    complete behaviors; disjoint behaviors; */
ccref_status ccref_effective_cor_branch(double min_cor, double capture_speed, double min_cor_speed,
                                        double impact_speed, double *cor, ccref_cor_branch *branch)
{
    if (branch)
        *branch = CCREF_COR_CAPTURED;
    if (cor == NULL)
        return CCREF_E_NULL_ARGUMENT;
    *cor = 0.0;
    if (!isfinite(min_cor) || !isfinite(capture_speed) || !isfinite(min_cor_speed) || !isfinite(impact_speed))
        return CCREF_E_NONFINITE_INPUT;
    if (!(min_cor >= 0.0 && min_cor <= 1.0))
        return CCREF_E_COR_OUT_OF_RANGE;
    if (capture_speed < 0.0 || min_cor_speed < 0.0 || impact_speed < 0.0)
        return CCREF_E_NEGATIVE_SPEED;
    if (capture_speed > min_cor_speed)
        return CCREF_E_SPEED_ORDER;

    ccref_cor_branch b;
    if (impact_speed <= capture_speed) {
        b = CCREF_COR_CAPTURED;
        *cor = 0.0;
    } else if (impact_speed >= min_cor_speed) {
        b = CCREF_COR_MINIMUM;
        *cor = min_cor;
    } else {
        b = CCREF_COR_LINEAR;
        double slope = (1.0 - min_cor) / min_cor_speed;
        *cor = 1.0 - slope * impact_speed;
        if (!isfinite(*cor)) { /* slope overflows only for subnormal min_cor_speed */
            *cor = 0.0;
            return CCREF_E_RESULT_OVERFLOW;
        }
    }
    if (branch)
        *branch = b;
    return CCREF_OK;
}

/*@ requires cor == \null || \valid(cor);
    assigns *cor;
    ensures cor == \null ==> \result == CCREF_E_NULL_ARGUMENT; */
ccref_status ccref_effective_cor(double min_cor, double capture_speed, double min_cor_speed, double impact_speed,
                                 double *cor)
{
    return ccref_effective_cor_branch(min_cor, capture_speed, min_cor_speed, impact_speed, cor, NULL);
}

/*@ requires mu == \null || \valid(mu);
    requires branch == \null || \valid(branch);
    requires mu == \null || branch == \null || \separated(mu, branch);
    assigns *mu, *branch;
    behavior null: assumes mu == \null;
      assigns *branch; ensures \result == CCREF_E_NULL_ARGUMENT;
      ensures branch != \null ==> *branch == CCREF_COF_STATIC;
    behavior nonfinite: assumes mu != \null;
      assumes !(\is_finite(mu_s) && \is_finite(mu_d) && \is_finite(mu_v) && \is_finite(transition_speed) &&
                \is_finite(slip_speed));
      ensures \result == CCREF_E_NONFINITE_INPUT && *mu == 0.0;
    behavior domain: assumes mu != \null;
      assumes \is_finite(mu_s) && \is_finite(mu_d) && \is_finite(mu_v) && \is_finite(transition_speed) &&
              \is_finite(slip_speed);
      assumes !(mu_s >= 0.0 && mu_d >= 0.0 && mu_v >= 0.0 && mu_d <= mu_s && transition_speed >= 0.0 && slip_speed >= 0.0);
      ensures !(mu_s >= 0.0 && mu_d >= 0.0 && mu_v >= 0.0) <==> \result == CCREF_E_NEGATIVE_FRICTION;
      ensures mu_s >= 0.0 && mu_d >= 0.0 && mu_v >= 0.0 && mu_d > mu_s <==> \result == CCREF_E_FRICTION_ORDER;
      ensures mu_s >= 0.0 && mu_d >= 0.0 && mu_v >= 0.0 && mu_d <= mu_s ==> \result == CCREF_E_NEGATIVE_SPEED;
      ensures *mu == 0.0;
    behavior rule: assumes mu != \null;
      assumes \is_finite(mu_s) && \is_finite(mu_d) && \is_finite(mu_v) && \is_finite(transition_speed) &&
              \is_finite(slip_speed);
      assumes mu_s >= 0.0 && mu_d >= 0.0 && mu_v >= 0.0 && mu_d <= mu_s && transition_speed >= 0.0 && slip_speed >= 0.0;
      ensures \result == CCREF_OK || \result == CCREF_E_RESULT_OVERFLOW;
      ensures finite: \result == CCREF_OK ==> \is_finite(*mu);
      ensures exact: value: real_model ==> \result == CCREF_OK ==>
        *mu == cof_rule(mu_s, mu_d, mu_v, transition_speed, slip_speed);
      ensures branch_set: \result == CCREF_OK && branch != \null ==>
        *branch == cof_branch_rule(transition_speed, slip_speed);
      ensures \result == CCREF_E_RESULT_OVERFLOW ==> *mu == 0.0;
    complete behaviors; disjoint behaviors; */
ccref_status ccref_effective_cof_branch(double mu_s, double mu_d, double mu_v, double transition_speed,
                                        double slip_speed, double *mu, ccref_cof_branch *branch)
{
    if (branch)
        *branch = CCREF_COF_STATIC;
    if (mu == NULL)
        return CCREF_E_NULL_ARGUMENT;
    *mu = 0.0;
    if (!isfinite(mu_s) || !isfinite(mu_d) || !isfinite(mu_v) || !isfinite(transition_speed) ||
        !isfinite(slip_speed))
        return CCREF_E_NONFINITE_INPUT;
    if (mu_s < 0.0 || mu_d < 0.0 || mu_v < 0.0)
        return CCREF_E_NEGATIVE_FRICTION;
    if (mu_d > mu_s)
        return CCREF_E_FRICTION_ORDER;
    if (transition_speed < 0.0 || slip_speed < 0.0)
        return CCREF_E_NEGATIVE_SPEED;

    double viscous = mu_v * slip_speed;
    ccref_cof_branch b = slip_speed <= transition_speed ? CCREF_COF_STATIC : CCREF_COF_DYNAMIC;
    *mu = viscous + (b == CCREF_COF_STATIC ? mu_s : mu_d);
    if (!isfinite(*mu)) {
        *mu = 0.0;
        return CCREF_E_RESULT_OVERFLOW;
    }
    if (branch)
        *branch = b;
    return CCREF_OK;
}

/*@ requires mu == \null || \valid(mu);
    assigns *mu;
    ensures mu == \null ==> \result == CCREF_E_NULL_ARGUMENT; */
ccref_status ccref_effective_cof(double mu_s, double mu_d, double mu_v, double transition_speed, double slip_speed,
                                 double *mu)
{
    return ccref_effective_cof_branch(mu_s, mu_d, mu_v, transition_speed, slip_speed, mu, NULL);
}
