/* ccref_logic.h: the ACSL vocabulary of the contracts in src/ (proofs/README.md).
 *
 * Frama-C reads this header before every source file (`-cpp-extra-args=-include proofs/ccref_logic.h`, see
 * proofs/proofs.mk); the C compiler never sees it, and it contains no C code, so the annotations cannot change
 * the compiled kernels.
 *
 * Reading the logic: every ACSL operator on doubles is the exact operator on their real values. The
 * constructors below (vmk, vadd, ...) build a C struct value from real components through a (double) cast:
 * in WP's real model (-wp-model real) that cast is the identity and a formula such as
 *     \result == vadd(a, b)
 * says "the result is the exact sum". In the float model the same cast rounds, so vadd(a, b) is the rounded
 * componentwise sum: the single-operation helpers (add, sub, neg, scale, cross-free formulas) are then their
 * exact IEEE results as well, but longer formulas (vdot, vcross, mapply) are not and are only claimed in the
 * real model. proofs/README.md lists which clause is proved in which model.
 *
 * Names follow spec/conventions.md: station(B, s) = p + R s, the lever arm r = X - p, the velocity and
 * acceleration of the material point of B at X, and the spatial force (r x f, f) of f applied at X.
 * Literals are plain decimals or exact hex floats (0x1p-130): WP reads 1e3 as 1.3; E-ACSL rejects exponents. */
#ifndef CCREF_LOGIC_H
#define CCREF_LOGIC_H

#include "ccref.h"
#include "ccref_contracts.h"

/*@
  // ---------------------------------------------------------------- the model of a clause
  // True in WP's real model (where (double) is the identity), false in IEEE binary64 (where 1 + 1e-19 rounds
  // to 1: 1e-19 < 2^-53). A clause written `real_model ==> P` claims P for the exact real evaluation of the code and claims
  // nothing about the doubles; in a float-model proof it is a true, harmless hypothesis. Clauses without the
  // guard hold in both models (exact operations: negation, copies, single roundings written as casts).
  predicate real_model = (double)(1.0 + 0.0000000000000000001) != 1.0;

  // ---------------------------------------------------------------- constructors
  // Arbitrary base values whose every field the constructors overwrite (no axioms: nothing is assumed).
  axiomatic CcrefBase {
    logic ccref_vec3 vbase;
    logic ccref_spatial_force sfbase;
  }

  logic ccref_vec3 vmk(real x, real y, real z) =
    { { { vbase \with .x = (double)x } \with .y = (double)y } \with .z = (double)z };
  logic ccref_spatial_force sfmk(ccref_vec3 moment, ccref_vec3 force) =
    { { sfbase \with .moment = moment } \with .force = force };

  // ---------------------------------------------------------------- vector algebra (vec3.h)
  logic ccref_vec3 vzero = vmk(0.0, 0.0, 0.0);
  logic ccref_vec3 vadd(ccref_vec3 a, ccref_vec3 b) = vmk(a.x + b.x, a.y + b.y, a.z + b.z);
  logic ccref_vec3 vsub(ccref_vec3 a, ccref_vec3 b) = vmk(a.x - b.x, a.y - b.y, a.z - b.z);
  logic ccref_vec3 vneg(ccref_vec3 a) = vmk(-a.x, -a.y, -a.z);
  logic ccref_vec3 vscale(real s, ccref_vec3 a) = vmk(s * a.x, s * a.y, s * a.z);
  logic real vdot(ccref_vec3 a, ccref_vec3 b) = a.x * b.x + a.y * b.y + a.z * b.z;
  logic ccref_vec3 vcross(ccref_vec3 a, ccref_vec3 b) =
    vmk(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
  logic real vnorm2(ccref_vec3 a) = vdot(a, a);
  logic real vnorm(ccref_vec3 a) = \sqrt(vnorm2(a));
  predicate vnonzero(ccref_vec3 a) = a.x != 0.0 || a.y != 0.0 || a.z != 0.0;

  // Matrices: row-major R.m[i][j]; column j of a rotation R_GB is B's axis j in G.
  // (Written out with constant indices: WP encodes the double[3][3] as nested maps, and provers handle
  // constant subscripts much faster than a row/column function of a variable index.)
  logic ccref_vec3 mcol(ccref_mat3 R, integer j) = vmk(R.m[0][j], R.m[1][j], R.m[2][j]);
  logic ccref_vec3 mapply(ccref_mat3 R, ccref_vec3 a) =                 // R a
    vmk(R.m[0][0] * a.x + R.m[0][1] * a.y + R.m[0][2] * a.z,
        R.m[1][0] * a.x + R.m[1][1] * a.y + R.m[1][2] * a.z,
        R.m[2][0] * a.x + R.m[2][1] * a.y + R.m[2][2] * a.z);
  logic ccref_vec3 mapplyT(ccref_mat3 R, ccref_vec3 a) =                // R^T a
    vmk(R.m[0][0] * a.x + R.m[1][0] * a.y + R.m[2][0] * a.z,
        R.m[0][1] * a.x + R.m[1][1] * a.y + R.m[2][1] * a.z,
        R.m[0][2] * a.x + R.m[1][2] * a.y + R.m[2][2] * a.z);
  logic real mdet(ccref_mat3 R) = vdot(mcol(R, 0), vcross(mcol(R, 1), mcol(R, 2)));
  // R has the columns c0, c1, c2.
  predicate mcols(ccref_mat3 R, ccref_vec3 c0, ccref_vec3 c1, ccref_vec3 c2) =
    mcol(R, 0) == c0 && mcol(R, 1) == c1 && mcol(R, 2) == c2;
  // C = A B, stated as: column j of C is A applied to column j of B.
  predicate mprod(ccref_mat3 C, ccref_mat3 A, ccref_mat3 B) =
    mcol(C, 0) == mapply(A, mcol(B, 0)) && mcol(C, 1) == mapply(A, mcol(B, 1)) &&
    mcol(C, 2) == mapply(A, mcol(B, 2));

  // Normalisation as Simbody's UnitVec3 does it (each component divided by sqrt(a.a)), and perp (common.h):
  // unit(z x e_k) with k the axis of smallest |z_k|, ties to the lower index.
  logic ccref_vec3 vdiv(ccref_vec3 a, real s) = vmk(a.x / s, a.y / s, a.z / s);   // componentwise a / s
  logic ccref_vec3 unit(ccref_vec3 a) = vdiv(a, vnorm(a));
  logic ccref_vec3 perp_axis(ccref_vec3 z) =
    \abs(z.x) <= \abs(z.y) ? (\abs(z.x) <= \abs(z.z) ? vmk(1.0, 0.0, 0.0) : vmk(0.0, 0.0, 1.0))
                           : (\abs(z.y) <= \abs(z.z) ? vmk(0.0, 1.0, 0.0) : vmk(0.0, 0.0, 1.0));
  logic ccref_vec3 perp(ccref_vec3 z) = unit(vcross(z, perp_axis(z)));

  // ---------------------------------------------------------------- finiteness (IEEE; EVA and the float model)
  predicate vfinite(ccref_vec3 a) = \is_finite(a.x) && \is_finite(a.y) && \is_finite(a.z);
  predicate mfinite(ccref_mat3 R) =
    \is_finite(R.m[0][0]) && \is_finite(R.m[0][1]) && \is_finite(R.m[0][2]) &&
    \is_finite(R.m[1][0]) && \is_finite(R.m[1][1]) && \is_finite(R.m[1][2]) &&
    \is_finite(R.m[2][0]) && \is_finite(R.m[2][1]) && \is_finite(R.m[2][2]);
  predicate bfinite(ccref_body b) =
    mfinite(b.R) && vfinite(b.p) && vfinite(b.w) && vfinite(b.v) && vfinite(b.b) && vfinite(b.a);
  predicate ffinite(ccref_frame f) = mfinite(f.R) && vfinite(f.p);
  predicate sffinite(ccref_spatial_force F) = vfinite(F.moment) && vfinite(F.force);
  predicate afinite(double *x, integer n) = \forall integer i; 0 <= i < n ==> \is_finite(x[i]);
  // Every row of the arrays (CCREF_MAX_ROWS = 6), as ccref_output_is_finite tests them.
  predicate ofinite(ccref_output o) =
    \is_finite(o.perr[0]) && \is_finite(o.perr[1]) && \is_finite(o.perr[2]) &&
    \is_finite(o.perr[3]) && \is_finite(o.perr[4]) && \is_finite(o.perr[5]) &&
    \is_finite(o.verr[0]) && \is_finite(o.verr[1]) && \is_finite(o.verr[2]) &&
    \is_finite(o.verr[3]) && \is_finite(o.verr[4]) && \is_finite(o.verr[5]) &&
    \is_finite(o.aerr[0]) && \is_finite(o.aerr[1]) && \is_finite(o.aerr[2]) &&
    \is_finite(o.aerr[3]) && \is_finite(o.aerr[4]) && \is_finite(o.aerr[5]) &&
    sffinite(o.force_on_body1) && sffinite(o.force_on_body2);

  // ---------------------------------------------------------------- statuses (ccref_status_ok)
  predicate ccref_ok(integer s) = s == CCREF_OK || s == CCREF_OK_SINGULAR_DIRECTION || s == CCREF_OK_PARALLEL_EDGES;

  // ---------------------------------------------------------------- thresholds (ccref.h)
  logic real singular_distance_sq = 0x1p-130;   // CCREF_SINGULAR_DISTANCE_SQ
  logic real parallel_sin_sq = 0x1p-91;         // CCREF_PARALLEL_SIN_SQ

  // ---------------------------------------------------------------- input checks (spec/conventions.md section 5)
  // Rotation test, on the exact entries: every entry of R^T R - I within CCREF_ROTATION_TOL, det R > 0.
  logic real rot_tol = 0.000000000001;
  predicate rotation(ccref_mat3 R) =
    \abs(vdot(mcol(R, 0), mcol(R, 0)) - 1.0) <= rot_tol &&
    \abs(vdot(mcol(R, 1), mcol(R, 1)) - 1.0) <= rot_tol &&
    \abs(vdot(mcol(R, 2), mcol(R, 2)) - 1.0) <= rot_tol &&
    \abs(vdot(mcol(R, 0), mcol(R, 1))) <= rot_tol &&
    \abs(vdot(mcol(R, 0), mcol(R, 2))) <= rot_tol &&
    \abs(vdot(mcol(R, 1), mcol(R, 2))) <= rot_tol &&
    mdet(R) > 0.0;
  // Unit test: | n.n - 1 | <= CCREF_UNIT_TOL (defined below: EVA runs see it abstract).
  logic real unit_tol = 0.000000000001;

*/
/* A clause only the real model reads: `EXACT_ONLY(ensures exact: name: real_model ==> P;)`. The float run
 * (-DCCREF_FLOAT_MODEL, proofs/verify.py) neither proves an `exact` clause nor needs it, and would see it only as a
 * hypothesis of every goal after the call; for the rows' rates (sqrt, divisions, long polynomial terms) Z3 and CVC5
 * then gave up on float goals they otherwise prove (ccref_line_on_line_eval's errors_zeroed and ok_finite). Leaving
 * out a hypothesis can only make a proof harder, never unsound. */
#ifdef CCREF_FLOAT_MODEL
#define EXACT_ONLY(...)
#else
#define EXACT_ONLY(...) __VA_ARGS__
#endif

#ifdef CCREF_EVA
/* EVA only evaluates these contracts (its verdicts are about the C code); EVA 25 crashes (Ival.project_float
 * assertion) when it tries to reduce a state by the negation of this predicate, so EVA sees it undefined. */
/*@ axiomatic CcrefUnitEva { predicate unit_within_tol(ccref_vec3 n); } */
#else
/*@ predicate unit_within_tol(ccref_vec3 n) = \abs(vnorm2(n) - 1.0) <= unit_tol; */
#endif
/*@
  // ---------------------------------------------------------------- kinematics (common.h)
  logic ccref_vec3 station(ccref_body B, ccref_vec3 s) = vadd(B.p, mapply(B.R, s));       // p + R s
  logic ccref_vec3 arm_vel(ccref_body B, ccref_vec3 r) = vadd(B.v, vcross(B.w, r));      // v + w x r
  logic ccref_vec3 arm_acc(ccref_body B, ccref_vec3 r) =                                 // a + b x r + w x (w x r)
    vadd(vadd(B.a, vcross(B.b, r)), vcross(B.w, vcross(B.w, r)));
  // The material point of B at the spatial point X (arm X - p).
  logic ccref_vec3 pt_vel(ccref_body B, ccref_vec3 X) = arm_vel(B, vsub(X, B.p));
  logic ccref_vec3 pt_acc(ccref_body B, ccref_vec3 X) = arm_acc(B, vsub(X, B.p));
  // Spatial force of f applied at arm r, and at the spatial point X on B (moment about B's origin).
  logic ccref_spatial_force force_at_arm(ccref_vec3 r, ccref_vec3 f) = sfmk(vcross(r, f), f);
  logic ccref_spatial_force force_at(ccref_body B, ccref_vec3 X, ccref_vec3 f) = force_at_arm(vsub(X, B.p), f);
  logic ccref_spatial_force sfadd(ccref_spatial_force a, ccref_spatial_force b) =
    sfmk(vadd(a.moment, b.moment), vadd(a.force, b.force));

  // ---------------------------------------------------------------- time derivatives (the rows' rates)
  // The building blocks of the velocity and acceleration rows (spec/<kind>.md, "Exact derivative relations"); the
  // contracts state each row through them, and tests/test_derivatives*.c checks the rows against finite differences.
  // A direction d fixed in B turns with it: d' = w x d, d'' = b x d + w x (w x d).
  logic ccref_vec3 dir_rate(ccref_body B, ccref_vec3 d) = vcross(B.w, d);
  logic ccref_vec3 dir_acc(ccref_body B, ccref_vec3 d) = vadd(vcross(B.b, d), vcross(B.w, dir_rate(B, d)));
  // (a x b)' and (a x b)'' (product rule).
  logic ccref_vec3 cross_rate(ccref_vec3 a, ccref_vec3 da, ccref_vec3 b, ccref_vec3 db) =
    vadd(vcross(da, b), vcross(a, db));
  logic ccref_vec3 cross_acc(ccref_vec3 a, ccref_vec3 da, ccref_vec3 d2a, ccref_vec3 b, ccref_vec3 db,
                             ccref_vec3 d2b) =
    vadd(vadd(vcross(d2a, b), vscale(2.0, vcross(da, db))), vcross(a, d2b));
  // n = w/|w| with oos = 1/|w|: n' = (w' - (n.w') n)/|w| (only the part of w' across n turns n), and
  // n'' = (w'' - 2 (n.w') n' - (n.w'' + n'.w') n)/|w|, given dn = n' (evaluated through ddw = w'' - (n.w')/|w| w',
  // spec/line_on_line.md formula 19 and its derivation).
  logic ccref_vec3 unit_rate(ccref_vec3 n, real oos, ccref_vec3 dw) = vscale(oos, vsub(dw, vscale(vdot(n, dw), n)));
  logic ccref_vec3 unit_acc(ccref_vec3 n, real oos, ccref_vec3 dw, ccref_vec3 dn, ccref_vec3 d2w) =
    \let ndw = vdot(n, dw); \let ddw = vsub(d2w, vscale(oos * ndw, dw));
    vscale(oos, vsub(vsub(ddw, vscale(ndw, dn)), vscale(vdot(n, ddw) + vdot(dn, dw), n)));
  // The velocity of B's material point at a moving spatial point X (arm r = X - p, r' = X' - v) has the rate
  // (v + w x r)' = a + b x r + w x r'.
  logic ccref_vec3 follow_acc(ccref_body B, ccref_vec3 r, ccref_vec3 dr) =
    vadd(vadd(B.a, vcross(B.b, r)), vcross(B.w, dr));

  // ---------------------------------------------------------------- properties of body forces
  // Power of a spatial force on body B: M . w + F . v (the G^T side of lambda . verr).
  logic real sfpower(ccref_spatial_force F, ccref_body B) = vdot(F.moment, B.w) + vdot(F.force, B.v);
  // Newton's third law for the pair: equal and opposite forces, and zero total moment about G's origin.
  // (Componentwise, without a constructor: negation is exact, so this is the same claim in both models.)
  predicate newton3_force(ccref_spatial_force F1, ccref_spatial_force F2) =
    F1.force.x == -F2.force.x && F1.force.y == -F2.force.y && F1.force.z == -F2.force.z;
  predicate newton3_moment(ccref_spatial_force F1, ccref_body B1, ccref_spatial_force F2, ccref_body B2) =
    vadd(vadd(F1.moment, vcross(B1.p, F1.force)), vadd(F2.moment, vcross(B2.p, F2.force))) == vzero;

  // ---------------------------------------------------------------- outputs
  // dzero(x) rather than x == 0.0 inside arrays: WP 25's real model otherwise prints an integer 0 for a real
  // array element ("Type mismatch between real and int" in Why3).
  predicate dzero(real x) = x == 0.0;
  predicate vzeroed(ccref_vec3 a) = dzero(a.x) && dzero(a.y) && dzero(a.z);
  predicate sfzeroed(ccref_spatial_force F) = vzeroed(F.moment) && vzeroed(F.force);
  predicate mzeroed(ccref_mat3 R) =
    dzero(R.m[0][0]) && dzero(R.m[0][1]) && dzero(R.m[0][2]) && dzero(R.m[1][0]) && dzero(R.m[1][1]) &&
    dzero(R.m[1][2]) && dzero(R.m[2][0]) && dzero(R.m[2][1]) && dzero(R.m[2][2]);
  // ccref_output_init(o, mp, mv): every value zero (the CCREF_MAX_ROWS = 6 rows of each array), row counts set.
  predicate out_zero(ccref_output o, integer mp, integer mv) =
    o.mp == mp && o.mv == mv &&
    dzero(o.perr[0]) && dzero(o.perr[1]) && dzero(o.perr[2]) &&
    dzero(o.perr[3]) && dzero(o.perr[4]) && dzero(o.perr[5]) &&
    dzero(o.verr[0]) && dzero(o.verr[1]) && dzero(o.verr[2]) &&
    dzero(o.verr[3]) && dzero(o.verr[4]) && dzero(o.verr[5]) &&
    dzero(o.aerr[0]) && dzero(o.aerr[1]) && dzero(o.aerr[2]) &&
    dzero(o.aerr[3]) && dzero(o.aerr[4]) && dzero(o.aerr[5]) &&
    sfzeroed(o.force_on_body1) && sfzeroed(o.force_on_body2) && o.deviations == 0;
  // Some velocity row is nonzero (as computed: no rounding in this test, so it holds in both models).
  predicate verr_nonzero(ccref_output o) = !dzero(o.verr[0]) || !dzero(o.verr[1]) || !dzero(o.verr[2]);
  // The three row arrays of an output as vectors.
  logic ccref_vec3 operr(ccref_output o) = vmk(o.perr[0], o.perr[1], o.perr[2]);
  logic ccref_vec3 overr(ccref_output o) = vmk(o.verr[0], o.verr[1], o.verr[2]);
  logic ccref_vec3 oaerr(ccref_output o) = vmk(o.aerr[0], o.aerr[1], o.aerr[2]);
*/

#include "ccref_unilateral.h"

/*@
  // ---------------------------------------------------------------- contact rules (ccref_unilateral.h)
  // The rules of spec/unilateral.md sections 6 and 7 (ccref_effective_cor_branch, ccref_effective_cof_branch) and
  // of ccref_contact_eval (spec/unilateral_contacts.md section 3, steps 4-7), on exact values in the code's
  // operation order: claimed in the real model, where the code's roundings are the identity; the branches in both.
  // Impact speed max(0, -sign verr).
  logic real impact_rule(integer sg, real verr) = -sg * verr > 0.0 ? -sg * verr : 0.0;
  // COR: 0 up to the capture speed, min_cor from min_cor_speed on, the line 1 - ((1 - min_cor) / min_cor_speed) v
  // between.
  logic integer cor_branch_rule(real capture, real mcs, real v) =
    v <= capture ? CCREF_COR_CAPTURED : (v >= mcs ? CCREF_COR_MINIMUM : CCREF_COR_LINEAR);
  logic real cor_rule(real min_cor, real capture, real mcs, real v) =
    v <= capture ? 0.0 : (v >= mcs ? min_cor : 1.0 - (1.0 - min_cor) / mcs * v);
  // Slip speed sqrt(sx sx + sy sy); COF mu_v s + (s <= transition speed ? mu_s : mu_d).
  logic real slip_rule(real sx, real sy) = \sqrt(sx * sx + sy * sy);
  logic integer cof_branch_rule(real ts, real s) = s <= ts ? CCREF_COF_STATIC : CCREF_COF_DYNAMIC;
  logic real cof_rule(real mu_s, real mu_d, real mu_v, real ts, real s) = mu_v * s + (s <= ts ? mu_s : mu_d);
*/

#endif
