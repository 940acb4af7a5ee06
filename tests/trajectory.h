/* trajectory.h: smooth analytic body trajectories for the derivative checks (spec/derivatives.md, section 2).
 *
 * A body trajectory is
 *     Q(t) = sum_{k<=3} q[k] t^k          a quaternion polynomial (w, x, y, z), never 0 on the time window
 *     R(t) = E(Q(t)) / |Q(t)|^2             E: the quadratic Euler-Rodrigues form; R is an exact rotation
 *     p(t) = sum_{k<=4} c[k] t^k          the origin path
 * with, exactly,
 *     w = 2 vec(Q' conj(Q)) / |Q|^2,   b = 2 vec(Q'' conj(Q)) / |Q|^2 - (2 Q.Q' / |Q|^2) w,
 *     v = p', a = p''.
 * Every output is a rational function of t, so the exact values at a dyadic t are computable to any precision
 * (MPFI enclosures) and their derivatives can be bounded over an interval (majorant jets, below).
 *
 * A "pinned" body 2 carries its own rotation polynomial but no origin path: its origin is placed so that its
 * station s2 coincides with body 1's station s1 at every t (p2 = p1 + R1 s1 - R2 s2), with v2, a2 the exact
 * derivatives.
 *
 * Three evaluations of the same trajectory:
 *   traj_eval_d     plain double arithmetic (fast; error a few units of 2^-53 per entry, measured in the suite)
 *   traj_eval_i     MPFI enclosures of the exact values at a working precision (the MPFR/MPFI version)
 *   traj_eval_rn    the double nearest to each exact value (midpoint of a 128-bit enclosure, rounded to
 *                   nearest): what the derivative checks feed the double kernels.
 */
#ifndef CCREF_TRAJECTORY_H
#define CCREF_TRAJECTORY_H

#include <mpfi.h>
#include <mpfr.h>

#include "testlib.h"

#define TRAJ_QDEG 3     /* degree of the quaternion polynomial */
#define TRAJ_PDEG 4     /* degree of the origin polynomial */

typedef struct traj_body traj_body;
struct traj_body {
    double q[TRAJ_QDEG + 1][4];     /* quaternion coefficients (w, x, y, z) of t^k */
    double c[TRAJ_PDEG + 1][3];     /* origin coefficients of t^k (unused when pinned) */
    const traj_body *pin;           /* NULL, or the body this one is pinned to (body 1) */
    ccref_vec3 pin_s1, pin_s2;      /* pinned: p = p_pin + R_pin pin_s1 - R pin_s2 */
};

/* A coordinate trajectory q(t) = sum c[k] t^k (ConstantCoordinate, hard stops). */
typedef struct { double c[TRAJ_PDEG + 1]; } traj_coord;

/* Time window on which the generator guarantees |Q(t)| >= TRAJ_QMIN. */
#define TRAJ_T_MAX 0.5
#define TRAJ_QMIN 0.4

/* ---- generation */
void traj_body_ground(traj_body *tb);
/* Random trajectory (deterministic in the rng): q[0] a random unit quaternion, the components of q[1], q[2], q[3]
 * uniform in [-0.4, 0.4], [-0.25, 0.25], [-0.2, 0.2] (so |Q(t)| >= 0.425 for |t| <= 0.5); origin coefficients
 * uniform in [-2, 2], [-1.5, 1.5], [-1, 1], [-0.5, 0.5], [-0.5, 0.5] per component. */
void traj_body_random(ccref_rng *r, traj_body *tb);
/* Same rotation polynomial as `src`, new random origin path. */
void traj_body_same_rotation(ccref_rng *r, const traj_body *src, traj_body *tb);
/* Pinned body: random rotation polynomial; origin placed so that R s2 + p = p1 + R1 s1 (body `pin`). */
void traj_body_pinned(ccref_rng *r, const traj_body *pin, ccref_vec3 s1, ccref_vec3 s2, traj_body *tb);
void traj_coord_random(ccref_rng *r, traj_coord *tc);

/* ---- double evaluation */
void traj_eval_d(const traj_body *tb, double t, ccref_body *out);
void traj_coord_eval_d(const traj_coord *tc, double t, ccref_coordinate *out);

/* ---- interval evaluation */
typedef struct { mpfi_t R[3][3], p[3], w[3], v[3], b[3], a[3]; } traj_state_i;
typedef struct traj_ws traj_ws;
traj_ws *traj_ws_new(mpfr_prec_t prec);
void traj_ws_free(traj_ws *ws);
void traj_state_i_init(traj_state_i *s, mpfr_prec_t prec);
void traj_state_i_clear(traj_state_i *s);
/* Enclosures of the exact state at t (t is exact: an mpfr number). */
void traj_eval_i(traj_ws *ws, const traj_body *tb, mpfr_srcptr t, traj_state_i *out);
/* Enclosures of q, q', q'' at t. */
void traj_coord_eval_i(traj_ws *ws, const traj_coord *tc, mpfr_srcptr t, mpfi_t q[3]);
/* The double nearest each exact value (faithful: error <= 2^-53 |x| (1 + 2^-60)). t must be a double. */
void traj_eval_rn(traj_ws *ws, const traj_body *tb, double t, ccref_body *out);
void traj_coord_eval_rn(traj_ws *ws, const traj_coord *tc, double t, ccref_coordinate *out);
/* Round an enclosed state (midpoints, to nearest). */
void traj_state_i_to_d(const traj_state_i *s, ccref_body *out);

/* ---- majorant jets: bounds of |f^(k)| over an interval, k = 0..3 (spec/derivatives.md, section 4) */
typedef struct { double d[4]; } mj;
mj mj_const(double c);
mj mj_add(mj a, mj b);
mj mj_scale(double c, mj a);                 /* |c| a */
mj mj_mul(mj a, mj b);                       /* products of any kind: scalar, dot, cross, scalar x vector */
mj mj_recip(mj x, double xmin);              /* 1/x with |x| >= xmin > 0 on the interval */
mj mj_sqrt(mj x, double xmin);               /* sqrt(x) with x >= xmin > 0 on the interval */
/* x/|x| for a vector x with |x| >= xmin > 0 on the interval; *norm (if not NULL) receives the jet of |x|. */
mj mj_unit(mj x, double xmin, mj *norm);

/* Kinematic jets of one body over [t0 - rho, t0 + rho]. */
typedef struct {
    mj p, v, w;     /* origin, origin velocity, angular velocity (norm bounds of derivatives 0..3) */
    double qmin;    /* lower bound of |Q| on the interval */
} traj_jets;
/* Returns 0 when the interval leaves the region where |Q| is bounded away from 0 (not expected). */
int traj_body_jets(const traj_body *tb, double t0, double rho, traj_jets *J);
void traj_coord_jets(const traj_coord *tc, double t0, double rho, mj *q, mj *qdot);
/* Jet of R(t) s for a fixed vector s (a station arm or a body-fixed direction): |R s| = |s| exactly. */
mj traj_arm(const traj_jets *J, double s_norm);
/* Jet of the velocity of the body's material point at arm r: v + w x r. */
mj traj_vel(const traj_jets *J, mj arm);

#endif
