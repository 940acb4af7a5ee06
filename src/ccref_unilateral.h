/* ccref_unilateral.h: the UnilateralContact layer: sign conventions and their validity conditions, the
 * restitution (COR) and friction (COF) rules, and the eight contact classes built on the bilateral kernels.
 * Normative text: spec/unilateral.md (semantics, rules), spec/unilateral_contacts.md (the eight classes). */
#ifndef CCREF_UNILATERAL_H
#define CCREF_UNILATERAL_H

#include "ccref.h"

/* C linkage for C++ engines that include this header directly. */
#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- sign convention and validity */

/* Tolerances for the validity conditions; each must be finite and >= 0. */
typedef struct {
    double perr;    /* |perr| <= perr counts as perr == 0 */
    double verr;    /* |verr| <= verr counts as verr == 0 */
    double aerr;    /* |aerr| <= aerr counts as aerr == 0 */
    double lambda;  /* |lambda| <= lambda counts as lambda == 0 */
} ccref_unilateral_tolerances;

/* The outcome of the validity conditions (spec/unilateral.md section 4): examined in this order, except IN_CONTACT,
 * which is what remains when no other holds. */
typedef enum {
    CCREF_UNI_SEPARATED = 0,          /* sign*perr > tol_p: valid; nothing else constrained */
    CCREF_UNI_PENETRATING,            /* sign*perr < -tol_p: violated */
    CCREF_UNI_SEPARATING,             /* perr ~ 0, sign*verr > tol_v: valid */
    CCREF_UNI_APPROACHING,            /* perr ~ 0, sign*verr < -tol_v: violated (an impact is due) */
    CCREF_UNI_IN_CONTACT,             /* perr ~ verr ~ 0 and the acceleration conditions hold: valid */
    CCREF_UNI_ACCELERATING_INWARD,    /* perr ~ verr ~ 0, sign*aerr < -tol_a: violated */
    CCREF_UNI_PULLING,                /* perr ~ verr ~ 0, -sign*lambda < -tol_l: violated (adhesive force) */
    CCREF_UNI_NOT_COMPLEMENTARY,      /* perr ~ verr ~ 0, aerr !~ 0 and lambda !~ 0: violated */
    CCREF_UNI_CONDITION_COUNT
} ccref_unilateral_condition;

const char *ccref_unilateral_condition_name(ccref_unilateral_condition c);
/* 1 for the valid outcomes (SEPARATED, SEPARATING, IN_CONTACT). */
int ccref_unilateral_condition_valid(ccref_unilateral_condition c);

/* Classify (perr, verr, aerr, lambda) under sign (+1 or -1). Statuses: E_BAD_SIGN, E_NONFINITE_INPUT,
 * E_NEGATIVE_TOLERANCE. */
ccref_status ccref_unilateral_classify(int sign, double perr, double verr, double aerr, double lambda,
                                       const ccref_unilateral_tolerances *tol, ccref_unilateral_condition *out);

/* isProximal: sign*perr <= ptol. Statuses: E_BAD_SIGN, E_NONFINITE_INPUT, E_NEGATIVE_TOLERANCE. */
ccref_status ccref_unilateral_is_proximal(int sign, double perr, double ptol, int *proximal);

/* ---------------------------------------------------------------- restitution and friction rules */

/* calcEffectiveCOR as Simbody 3.7 computes it:
 *   impact_speed <= capture_speed   -> 0
 *   impact_speed >= min_cor_speed   -> min_cor
 *   otherwise                       -> 1 - ((1 - min_cor)/min_cor_speed) * impact_speed
 * Domain: 0 <= min_cor <= 1 (E_COR_OUT_OF_RANGE), speeds >= 0 (E_NEGATIVE_SPEED),
 * capture_speed <= min_cor_speed (E_SPEED_ORDER); all finite (E_NONFINITE_INPUT). */
ccref_status ccref_effective_cor(double min_cor, double capture_speed, double min_cor_speed, double impact_speed,
                                 double *cor);

/* calcEffectiveCOF as Simbody 3.7 computes it:
 *   mu = mu_v * slip_speed + (slip_speed <= transition_speed ? mu_s : mu_d)
 * Domain: mu_s, mu_d, mu_v >= 0 (E_NEGATIVE_FRICTION), mu_d <= mu_s (E_FRICTION_ORDER),
 * speeds >= 0 (E_NEGATIVE_SPEED); all finite (E_NONFINITE_INPUT). */
ccref_status ccref_effective_cof(double mu_s, double mu_d, double mu_v, double transition_speed, double slip_speed,
                                 double *mu);

/* Which branch of a rule produced the value (the rules are discontinuous at the branch points). */
typedef enum { CCREF_COR_CAPTURED = 0, CCREF_COR_LINEAR, CCREF_COR_MINIMUM } ccref_cor_branch;
typedef enum { CCREF_COF_STATIC = 0, CCREF_COF_DYNAMIC } ccref_cof_branch;
/* As ccref_effective_cor / ccref_effective_cof, also reporting the branch (branch may be NULL). */
ccref_status ccref_effective_cor_branch(double min_cor, double capture_speed, double min_cor_speed,
                                        double impact_speed, double *cor, ccref_cor_branch *branch);
ccref_status ccref_effective_cof_branch(double mu_s, double mu_d, double mu_v, double transition_speed,
                                        double slip_speed, double *mu, ccref_cof_branch *branch);

/* ---------------------------------------------------------------- the eight contact classes */

typedef enum {
    CCREF_CONTACT_HARD_STOP_UPPER = 0,    /* ConstantCoordinate at the upper bound, sign -1 */
    CCREF_CONTACT_HARD_STOP_LOWER,        /* ConstantCoordinate at the lower bound, sign +1 */
    CCREF_CONTACT_ROPE,                   /* Rod at the length limit, sign -1 */
    CCREF_CONTACT_POINT_PLANE_FRICTIONLESS, /* PointInPlane, sign +1 */
    CCREF_CONTACT_POINT_PLANE,            /* PointOnPlaneContact on the plane (normal, height), sign +1, friction */
    CCREF_CONTACT_SPHERE_PLANE,           /* SphereOnPlaneContact rolling, sign +1, friction */
    CCREF_CONTACT_SPHERE_SPHERE,          /* SphereOnSphereContact rolling, sign +1, friction */
    CCREF_CONTACT_EDGE_EDGE,              /* LineOnLineContact rolling, sign +1, friction */
    CCREF_CONTACT_COUNT
} ccref_contact_class;

/* Name in the CLI and the vectors ("hard_stop_upper", ...); NULL when out of range. */
const char *ccref_contact_class_name(ccref_contact_class c);
ccref_contact_class ccref_contact_class_from_name(const char *name);
/* The class's fixed sign convention (+1 or -1), 0 when out of range. */
int ccref_contact_sign(ccref_contact_class c);
/* 1 for the four classes with friction. */
int ccref_contact_has_friction(ccref_contact_class c);

typedef struct {
    double bound;                       /* upper or lower limit of q */
    ccref_vec3 mobilizer_origin_in_b;   /* display only: origin of the mobilizer frame M on the body (X_BM.p) */
} ccref_hard_stop_params;

typedef struct {
    ccref_vec3 station1_in_b1;
    ccref_vec3 station2_in_b2;
    double length_limit;                /* > 0 */
} ccref_rope_params;

typedef struct {
    ccref_vec3 normal_in_b1;            /* unit plane normal on the plane body 1 */
    double height;                      /* plane height along the normal */
    ccref_vec3 follower_in_b2;          /* point on body 2 */
} ccref_point_plane_params;             /* both PointPlane classes */

typedef struct {
    ccref_vec3 normal_in_b1;
    double height;
    ccref_vec3 center_in_b2;
    double radius;                      /* > 0 */
} ccref_sphere_plane_params;

typedef struct {
    ccref_vec3 center1_in_b1;
    double radius1;
    ccref_vec3 center2_in_b2;
    double radius2;
} ccref_sphere_sphere_params;

typedef struct {
    ccref_frame edge_frame1_in_b1;
    double half_length1;
    ccref_frame edge_frame2_in_b2;
    double half_length2;
} ccref_edge_edge_params;

/* The contact's own coefficients (Simbody passes them to the class constructor). */
typedef struct {
    double min_cor;                     /* [0, 1] */
    double mu_s, mu_d, mu_v;            /* friction classes only: 0 <= mu_d <= mu_s, mu_v >= 0 */
} ccref_contact_material;

/* The caller's default speeds (Simbody passes them to calcEffectiveCOR/COF). */
typedef struct {
    double capture_speed;               /* >= 0 */
    double min_cor_speed;               /* >= capture_speed */
    double transition_speed;            /* >= 0 */
} ccref_contact_speeds;

typedef struct {
    ccref_contact_class cls;
    union {
        ccref_hard_stop_params hard_stop;
        ccref_rope_params rope;
        ccref_point_plane_params point_plane;
        ccref_sphere_plane_params sphere_plane;
        ccref_sphere_sphere_params sphere_sphere;
        ccref_edge_edge_params edge_edge;
    } params;
    ccref_body body1, body2;            /* hard stops: body1 is the mobilized body (display only) */
    ccref_coordinate coordinate;        /* hard stops only */
    ccref_contact_material material;
    ccref_contact_speeds speeds;
    double lambda[3];                   /* normal multiplier, then x and y friction multipliers */
    size_t n_lambda;                    /* 3 with friction, else 1 */
} ccref_contact_case;

typedef struct {
    int sign;                           /* the class's sign convention */
    double perr, verr, aerr;            /* getPerr, getVerr, getAerr in the documented meaning */
    ccref_vec3 display_point;           /* whereToDisplay, in G */
    int has_friction;
    double slip_velocity[2];            /* friction rows of verr (x, y); zero without friction */
    double slip_acceleration[2];        /* friction rows of aerr (x, y); zero without friction */
    double impact_speed;                /* max(0, -sign * verr) */
    double effective_cor;               /* COR rule at impact_speed */
    ccref_cor_branch cor_branch;
    double slip_speed;                  /* |slip_velocity| */
    double effective_cof;               /* COF rule at slip_speed; zero without friction */
    ccref_cof_branch cof_branch;
    ccref_output constraint;            /* the underlying bilateral constraint: rows, forces from lambda,
                                           and its deviation bits plus the class's own */
    double coordinate_force;            /* hard stops: the q-space force (= lambda, multiplier sign); else 0 */
} ccref_contact_result;

ccref_status ccref_contact_eval(const ccref_contact_case *c, ccref_contact_result *res);

#ifdef __cplusplus
}
#endif

#endif
