/* common.h: input validation, rigid-body kinematics and output helpers shared by every kernel.
 * Internal to src/; spec/conventions.md defines each formula.
 * ACSL contracts: logic in proofs/ccref_logic.h, models and results in proofs/README.md. */
#ifndef CCREF_COMMON_H
#define CCREF_COMMON_H

#include "ccref.h"
#include "vec3.h"

/* ---- validation (spec/conventions.md, "Input checks") ---- */

/* Orthonormal within CCREF_ROTATION_TOL, det > 0. The contract is the test on the exact entries (real model); the
 * computed test can differ from it only when an entry of R^T R - I or det R is within rounding of the boundary. */
/*@ requires \valid_read(R) && mfinite(*R);
    assigns \nothing;
    ensures exact: result_is_rotation_test: real_model ==> (\result != 0 <==> rotation(*R)); */
int ccref_is_rotation(const ccref_mat3 *R);
/*@ requires \valid_read(R); assigns \nothing; ensures finite_test: \result != 0 <==> mfinite(*R); */
int ccref_mat3_is_finite(const ccref_mat3 *R);
/*@ requires \valid_read(b); assigns \nothing; ensures finite_test: \result != 0 <==> bfinite(*b); */
int ccref_body_is_finite(const ccref_body *b);
/*@ requires \valid_read(f); assigns \nothing; ensures finite_test: \result != 0 <==> ffinite(*f); */
int ccref_frame_is_finite(const ccref_frame *f);
/*@ requires \valid_read(x + (0 .. n - 1));
    assigns \nothing;
    ensures finite_test: \result != 0 <==> afinite((double *)x, n);
    ensures three: n == 3 ==> (\result != 0 <==> \is_finite(x[0]) && \is_finite(x[1]) && \is_finite(x[2])); */
int ccref_values_are_finite(const double *x, size_t n);
/* CCREF_OK, or the status of the first failed check: lambda pointer and count, then finiteness. */
/*@ requires lambda == \null || \valid_read(lambda + (0 .. n_lambda - 1));
    assigns \nothing;
    behavior count: assumes n_lambda != expected; ensures \result == CCREF_E_LAMBDA_COUNT;
    behavior null: assumes n_lambda == expected && n_lambda > 0 && lambda == \null;
      ensures \result == CCREF_E_NULL_ARGUMENT;
    behavior nonfinite: assumes n_lambda == expected && lambda != \null && !afinite((double *)lambda, n_lambda);
      ensures \result == CCREF_E_NONFINITE_INPUT;
    behavior ok: assumes n_lambda == expected && (n_lambda == 0 || lambda != \null) && afinite((double *)lambda, n_lambda);
      ensures \result == CCREF_OK;
    complete behaviors; disjoint behaviors; */
ccref_status ccref_check_lambda(const double *lambda, size_t n_lambda, size_t expected);
/* Finite, nonzero, and | |n|^2 - 1 | <= CCREF_UNIT_TOL; else the matching error status. */
/*@ assigns \nothing;
    behavior nonfinite: assumes !vfinite(n); ensures \result == CCREF_E_NONFINITE_INPUT;
    behavior zero: assumes vfinite(n) && !vnonzero(n); ensures \result == CCREF_E_ZERO_DIRECTION;
    behavior checked: assumes vfinite(n) && vnonzero(n);
      ensures \result == CCREF_OK || \result == CCREF_E_NOT_UNIT_VECTOR;
      ensures exact: unit_test: real_model ==> (\result == CCREF_OK <==> unit_within_tol(n));
    complete behaviors; disjoint behaviors; */
ccref_status ccref_check_unit(ccref_vec3 n);

/* ---- kinematics of a body's material points (spec/conventions.md, "Kinematics") ---- */

/* Location in G of the station s fixed on the body (s in body frame): p + R s. */
/*@ requires \valid_read(b); assigns \nothing; ensures exact: real_model ==> \result == station(*b, s_in_b); */
static inline ccref_vec3 ccref_station_location(const ccref_body *b, ccref_vec3 s_in_b)
{
    return v3_add(b->p, m3_apply(&b->R, s_in_b));
}
/* The kinematics below take the lever arm r = X - p (in G) from the body origin to the point X,
 * because a kernel that knows r as R s should not recompute it as (p + R s) - p. */
/* Velocity of the body's material point at arm r: v + w x r. */
/*@ requires \valid_read(b); assigns \nothing; ensures exact: real_model ==> \result == arm_vel(*b, r); */
static inline ccref_vec3 ccref_arm_velocity(const ccref_body *b, ccref_vec3 r) { return v3_add(b->v, v3_cross(b->w, r)); }
/* Acceleration of the body's material point at arm r, the point held fixed in the body:
 * a + b x r + w x (w x r). */
/*@ requires \valid_read(b); assigns \nothing; ensures exact: real_model ==> \result == arm_acc(*b, r); */
static inline ccref_vec3 ccref_arm_acceleration(const ccref_body *b, ccref_vec3 r)
{
    return v3_add(v3_add(b->a, v3_cross(b->b, r)), v3_cross(b->w, v3_cross(b->w, r)));
}
/* Spatial force of a force f applied at arm r: (r x f, f). */
/*@ assigns \nothing;
    ensures force: \result.force == f;
    ensures exact: real_model ==> \result == force_at_arm(r, f); */
static inline ccref_spatial_force ccref_force_at_arm(ccref_vec3 r, ccref_vec3 f)
{
    ccref_spatial_force F = {v3_cross(r, f), f};
    return F;
}
/*@ assigns \nothing; ensures exact: real_model ==> \result == sfadd(a, b); */
static inline ccref_spatial_force ccref_spatial_force_add(ccref_spatial_force a, ccref_spatial_force b)
{
    ccref_spatial_force F = {v3_add(a.moment, b.moment), v3_add(a.force, b.force)};
    return F;
}

/* ---- ghost lemmas (proof only, never compiled): identities proved once, without a caller's context, and
 * applied in a kernel by a ghost call (proofs/README.md, "Ghost lemmas"). ---- */
/*@ ghost
  // Power of the pair (force f at arm a2 on body 2, -f at arm a1 on body 1): f . (v(B2 at a2) - v(B1 at a1)).
  /@ assigns \nothing;
     ensures exact: real_model ==>
       sfpower(force_at_arm(a1, vneg(f)), b1) + sfpower(force_at_arm(a2, f), b2) ==
       vdot(f, vsub(arm_vel(b2, a2), arm_vel(b1, a1))); @/
  static inline void lemma_pair_power(ccref_body b1, ccref_body b2, ccref_vec3 a1, ccref_vec3 a2, ccref_vec3 f) { }
  // Total moment about G's origin of the pair (f at arm a2 on body 2, -f at arm a1 on body 1):
  // (X2 - X1) x f with Xk = pk + ak the two application points.
  /@ assigns \nothing;
     ensures exact: real_model ==>
       vadd(vadd(force_at_arm(a1, vneg(f)).moment, vcross(b1.p, force_at_arm(a1, vneg(f)).force)),
            vadd(force_at_arm(a2, f).moment, vcross(b2.p, force_at_arm(a2, f).force))) ==
       vcross(vsub(vadd(b2.p, a2), vadd(b1.p, a1)), f); @/
  static inline void lemma_pair_moment(ccref_body b1, ccref_body b2, ccref_vec3 a1, ccref_vec3 a2, ccref_vec3 f) { }
  // p x (l p / r) = 0.
  /@ requires exact: real_model ==> r != 0.0;
     assigns \nothing;
     ensures exact: real_model ==> vcross(p, vscale(l, vdiv(p, r))) == vzero; @/
  static inline void lemma_cross_parallel(ccref_vec3 p, double r, double l)
  {
    /@ assert exact: real_model ==> vdiv(p, r) == vscale(1.0 / r, p); @/
  }
  // (l0 d0 + l1 d1 + l2 d2) . v = l0 (v . d0) + l1 (v . d1) + l2 (v . d2): the force of a row combination
  // against a velocity is the multiplier-weighted sum of the rows.
  /@ assigns \nothing;
     ensures exact: real_model ==>
       vdot(vadd(vadd(vscale(l0, d0), vscale(l1, d1)), vscale(l2, d2)), v) ==
       l0 * vdot(v, d0) + l1 * vdot(v, d1) + l2 * vdot(v, d2); @/
  static inline void lemma_dot_combination(double l0, double l1, double l2, ccref_vec3 d0, ccref_vec3 d1,
                                           ccref_vec3 d2, ccref_vec3 v) { }
  // |a / n| = 1 for n = |a| > 0 (n passed as a value, so that the prover never sees sqrt).
  /@ requires exact: real_model ==> n > 0.0 && n * n == vnorm2(a);
     assigns \nothing;
     ensures exact: real_model ==> vnorm2(vdiv(a, n)) == 1.0; @/
  static inline void lemma_unit_norm(ccref_vec3 a, double n)
  {
    /@ assert exact: squares: real_model ==>
         (a.x / n) * (a.x / n) + (a.y / n) * (a.y / n) + (a.z / n) * (a.z / n) == vnorm2(a) / (n * n); @/
  }
  // The entries of the matrix value *R are the doubles stored at R->m[i][j] (WP's typed memory model relates the two
  // through its Load axioms; stated once, without context).
  /@ requires \valid_read(R);
     assigns \nothing;
     ensures mfinite(*R) <==>
       \is_finite(R->m[0][0]) && \is_finite(R->m[0][1]) && \is_finite(R->m[0][2]) &&
       \is_finite(R->m[1][0]) && \is_finite(R->m[1][1]) && \is_finite(R->m[1][2]) &&
       \is_finite(R->m[2][0]) && \is_finite(R->m[2][1]) && \is_finite(R->m[2][2]); @/
  static inline void lemma_mat3_entries(const ccref_mat3 *R)
  {
    /@ assert r0: (*R).m[0][0] == R->m[0][0] && (*R).m[0][1] == R->m[0][1] && (*R).m[0][2] == R->m[0][2]; @/
    /@ assert r1: (*R).m[1][0] == R->m[1][0] && (*R).m[1][1] == R->m[1][1] && (*R).m[1][2] == R->m[1][2]; @/
    /@ assert r2: (*R).m[2][0] == R->m[2][0] && (*R).m[2][1] == R->m[2][1] && (*R).m[2][2] == R->m[2][2]; @/
  }
  // (l d) . v = l (v . d).
  /@ assigns \nothing; ensures exact: real_model ==> vdot(vscale(l, d), v) == l * vdot(v, d); @/
  static inline void lemma_dot_scale(double l, ccref_vec3 d, ccref_vec3 v) { }
*/

/* a / |a| for nonzero a (Simbody's UnitVec3 normalisation: divide by sqrt(a.a)). */
/*@ requires exact: nonzero: real_model ==> vnorm2(a) > 0.0;
    assigns errno;  // Frama-C's libc sqrt may set errno (EDOM); the build has -fno-math-errno
    ensures exact: def: real_model ==> \result == unit(a);
    ensures exact: unit: real_model ==> vnorm2(\result) == 1.0;
    ensures exact: orthogonality_kept: real_model ==> \forall ccref_vec3 v; vdot(a, v) == 0.0 ==> vdot(\result, v) == 0.0; */
ccref_vec3 ccref_unit(ccref_vec3 a);

/* ---- contact-frame construction shared with Simbody's UnitVec::perp and Rotation(z, ZAxis) ---- */

/* Unit vector perpendicular to unit z: unit(z x e_k), k the axis of smallest |z_k| (ties to the lower index). */
/*@ requires exact: nonzero: real_model ==> vnorm2(z) >= 0.5;
    assigns errno;  // Frama-C's libc sqrt may set errno (EDOM); the build has -fno-math-errno
    ensures exact: def: real_model ==> \result == unit(vcross(z, perp_axis(z)));
    ensures exact: orthogonal: real_model ==> vdot(\result, z) == 0.0;
    ensures exact: unit: real_model ==> vnorm2(\result) == 1.0; */
ccref_vec3 ccref_perp(ccref_vec3 z);
/* Rotation whose z column is unit z: x = perp(z), y = unit(z x x). */
/*@ requires exact: nonzero: real_model ==> vnorm2(z) >= 0.5;
    assigns errno;  // Frama-C's libc sqrt may set errno (EDOM); the build has -fno-math-errno
    ensures exact: columns: real_model ==> mcols(\result, perp(z), unit(vcross(z, perp(z))), z);
    ensures exact: orthonormal_xy: real_model ==>
      vnorm2(mcol(\result, 0)) == 1.0 && vnorm2(mcol(\result, 1)) == 1.0 &&
      vdot(mcol(\result, 0), mcol(\result, 1)) == 0.0 &&
      vdot(mcol(\result, 0), z) == 0.0 && vdot(mcol(\result, 1), z) == 0.0; */
ccref_mat3 ccref_rotation_from_z(ccref_vec3 z);

/* ---- output ---- */

/* Zero every field and set the row counts. */
/*@ requires \valid(o);
    assigns *o;
    ensures zero: out_zero(*o, mp, mv); */
void ccref_output_init(ccref_output *o, int mp, int mv);
/* 1 iff every row value and both body forces are finite. */
/*@ requires \valid_read(o); assigns \nothing; ensures finite_test: \result != 0 <==> ofinite(*o); */
int ccref_output_is_finite(const ccref_output *o);

#endif
