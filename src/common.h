/* common.h: input validation, rigid-body kinematics and output helpers shared by every kernel.
 * Internal to src/; spec/conventions.md defines each formula. */
#ifndef CCREF_COMMON_H
#define CCREF_COMMON_H

#include "ccref.h"
#include "vec3.h"

/* ---- validation (spec/conventions.md, "Input checks") ---- */

int ccref_is_rotation(const ccref_mat3 *R);              /* orthonormal within CCREF_ROTATION_TOL, det > 0 */
int ccref_body_is_finite(const ccref_body *b);
int ccref_frame_is_finite(const ccref_frame *f);
int ccref_values_are_finite(const double *x, size_t n);
/* CCREF_OK, or the status of the first failed check: lambda pointer and count, then finiteness. */
ccref_status ccref_check_lambda(const double *lambda, size_t n_lambda, size_t expected);
/* Finite, nonzero, and | |n|^2 - 1 | <= CCREF_UNIT_TOL; else the matching error status. */
ccref_status ccref_check_unit(ccref_vec3 n);

/* ---- kinematics of a body's material points (spec/conventions.md, "Kinematics") ---- */

/* Location in G of the station s fixed on the body (s in body frame): p + R s. */
static inline ccref_vec3 ccref_station_location(const ccref_body *b, ccref_vec3 s_in_b)
{
    return v3_add(b->p, m3_apply(&b->R, s_in_b));
}
/* The kinematics below take the lever arm r = X - p (in G) from the body origin to the point X,
 * because a kernel that knows r as R s should not recompute it as (p + R s) - p. */
/* Velocity of the body's material point at arm r: v + w x r. */
static inline ccref_vec3 ccref_arm_velocity(const ccref_body *b, ccref_vec3 r) { return v3_add(b->v, v3_cross(b->w, r)); }
/* Acceleration of the body's material point at arm r, the point held fixed in the body:
 * a + b x r + w x (w x r). */
static inline ccref_vec3 ccref_arm_acceleration(const ccref_body *b, ccref_vec3 r)
{
    return v3_add(v3_add(b->a, v3_cross(b->b, r)), v3_cross(b->w, v3_cross(b->w, r)));
}
/* Spatial force of a force f applied at arm r: (r x f, f). */
static inline ccref_spatial_force ccref_force_at_arm(ccref_vec3 r, ccref_vec3 f)
{
    ccref_spatial_force F = {v3_cross(r, f), f};
    return F;
}
static inline ccref_spatial_force ccref_spatial_force_add(ccref_spatial_force a, ccref_spatial_force b)
{
    ccref_spatial_force F = {v3_add(a.moment, b.moment), v3_add(a.force, b.force)};
    return F;
}

/* a / |a| for nonzero a (Simbody's UnitVec3 normalisation: divide by sqrt(a.a)). */
ccref_vec3 ccref_unit(ccref_vec3 a);

/* ---- contact-frame construction shared with Simbody's UnitVec::perp and Rotation(z, ZAxis) ---- */

/* Unit vector perpendicular to unit z: unit(z x e_k), k the axis of smallest |z_k| (ties to the lower index). */
ccref_vec3 ccref_perp(ccref_vec3 z);
/* Rotation whose z column is unit z: x = perp(z), y = unit(z x x). */
ccref_mat3 ccref_rotation_from_z(ccref_vec3 z);

/* ---- output ---- */

/* Zero every field and set the row counts. */
void ccref_output_init(ccref_output *o, int mp, int mv);
/* 1 iff every row value and both body forces are finite. */
int ccref_output_is_finite(const ccref_output *o);

#endif
