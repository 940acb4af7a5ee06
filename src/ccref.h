/* ccref.h: public API of the ccref double-precision reference kernels.
 *
 * Conventions (spec/conventions.md is the normative text):
 *  - Every vector is expressed in Ground (G) unless its name says otherwise (_in_b1: in body 1's frame).
 *  - Two bodies, 1 and 2 in constructor order; either may be Ground (ccref_body_ground()).
 *  - Rows are ordered [holonomic | nonholonomic]; contacts list the normal row first, then x, then y.
 *  - Body forces carry the multiplier sign of M udot + G^T lambda = f_applied: they are G^T lambda.
 *    The force physically applied by the constraint is their negative.
 *  - Every function checks its inputs and returns a named status; an OK-class status never carries a
 *    non-finite output. On an error status the outputs are zeroed.
 */
#ifndef CCREF_H
#define CCREF_H

#include <stddef.h>

/* C linkage for C++ engines that include this header directly. */
#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- basic types */

typedef struct { double x, y, z; } ccref_vec3;

/* 3x3 matrix, row-major: m[i][j] is row i, column j. For a rotation R_GB, column j is B's axis j in G. */
typedef struct { double m[3][3]; } ccref_mat3;

/* A frame fixed on a body: its rotation and origin relative to that body (X_BF = (R_BF, p_BF)). */
typedef struct { ccref_mat3 R; ccref_vec3 p; } ccref_frame;

/* Pose and motion of one rigid body, all in G. */
typedef struct {
    ccref_mat3 R;   /* R_GB: orientation; must be a rotation (CCREF_ROTATION_TOL) */
    ccref_vec3 p;   /* p_GB: position of the body origin */
    ccref_vec3 w;   /* angular velocity */
    ccref_vec3 v;   /* velocity of the body origin */
    ccref_vec3 b;   /* angular acceleration */
    ccref_vec3 a;   /* acceleration of the body origin */
} ccref_body;

/* Spatial force on a body: moment about the body's own origin, and force; both in G. */
typedef struct { ccref_vec3 moment; ccref_vec3 force; } ccref_spatial_force;

/* One scalar coordinate q of a mobilizer and its first two time derivatives (ConstantCoordinate). */
typedef struct { double q, qdot, qdotdot; } ccref_coordinate;

/* ---------------------------------------------------------------- statuses */

typedef enum {
    /* OK class: every output is defined and finite. */
    CCREF_OK = 0,
    CCREF_OK_SINGULAR_DIRECTION = 1, /* Rod, SphereOnSphere: |p| < 2^-65; body 1's z axis stands in for p/|p| */
    CCREF_OK_PARALLEL_EDGES = 2,     /* LineOnLine: |df x db| < 2^-45.5; documented parallel fallback */
    /* Error class: outputs are zeroed. */
    CCREF_E_NULL_ARGUMENT = 16,      /* a required pointer is NULL */
    CCREF_E_NONFINITE_INPUT,         /* NaN or Inf in any input */
    CCREF_E_NOT_ROTATION,            /* a rotation matrix is not orthonormal with det +1 (CCREF_ROTATION_TOL) */
    CCREF_E_NONPOSITIVE_RADIUS,      /* a radius <= 0 */
    CCREF_E_NONPOSITIVE_LENGTH,      /* a length or half-length <= 0 */
    CCREF_E_ZERO_DIRECTION,          /* a direction vector of zero length */
    CCREF_E_NOT_UNIT_VECTOR,         /* a unit vector whose squared length is off 1 by more than CCREF_UNIT_TOL */
    CCREF_E_LAMBDA_COUNT,            /* number of multipliers differs from mp + mv */
    CCREF_E_RESULT_OVERFLOW,         /* inputs valid but an output overflowed to Inf or NaN */
    CCREF_E_UNKNOWN_KIND,            /* ccref_eval: kind out of range */
    /* Unilateral layer (ccref_unilateral.h). */
    CCREF_E_BAD_SIGN,                /* a sign convention other than +1 or -1 */
    CCREF_E_NEGATIVE_TOLERANCE,      /* a tolerance < 0 */
    CCREF_E_COR_OUT_OF_RANGE,        /* a coefficient of restitution outside [0, 1] */
    CCREF_E_NEGATIVE_SPEED,          /* a speed < 0 */
    CCREF_E_SPEED_ORDER,             /* capture speed > minimum-COR speed */
    CCREF_E_NEGATIVE_FRICTION,       /* a friction coefficient < 0 */
    CCREF_E_FRICTION_ORDER           /* dynamic friction coefficient > static one */
} ccref_status;

/* 1 for the OK class (outputs valid), 0 for the error class. */
int ccref_status_ok(ccref_status s);
/* Stable name, e.g. "OK_PARALLEL_EDGES"; used verbatim in the CLI output and the vectors. */
const char *ccref_status_name(ccref_status s);

/* ---------------------------------------------------------------- tolerances and thresholds */

/* Rotation check: every entry of R^T R - I within this, and det(R) > 0. */
#define CCREF_ROTATION_TOL 1e-12
/* Unit-vector check: | |n|^2 - 1 | <= this. */
#define CCREF_UNIT_TOL 1e-12
/* Singular direction (Rod, SphereOnSphere): |p|^2 < 2^-130, i.e. |p| < 2^-65 (Simbody's TinyReal). */
#define CCREF_SINGULAR_DISTANCE_SQ 0x1p-130
/* Parallel edges (LineOnLine): |df x db|^2 < 2^-91, i.e. |df x db| < 2^-45.5 (Simbody's SignificantReal). */
#define CCREF_PARALLEL_SIN_SQ 0x1p-91

/* ---------------------------------------------------------------- Simbody deviation flags */
/* Set in ccref_output.deviations when the case exercises a place where Simbody 3.7 differs from its own
 * documentation; spec/simbody-deviations.md says which behaviour the reference defines for each. */
enum {
    CCREF_DEV_BALL_REACTION_SIGN      = 1u << 0, /* reaction getters carry the multiplier sign, not the applied force */
    CCREF_DEV_BALL_AERR_NOT_DERIVATIVE= 1u << 1, /* verr != 0: aerr = d/dt verr + w1 x verr, not d/dt verr */
    CCREF_DEV_SOS_ROLLING_AERR_SPIN   = 1u << 2, /* rolling, tangential verr != 0: aerr_t is not d/dt verr_t */
    CCREF_DEV_POP_GETTER_ORDER        = 1u << 3, /* PointOnPlaneContact getters return raw (z,x,y), not (x,y,z) */
    CCREF_DEV_LOL_PARALLEL_FALLBACK   = 1u << 4, /* parallel edges: Simbody has no fallback (see spec) */
    CCREF_DEV_BROP_NOT_IN_SIMBODY     = 1u << 5, /* BallRollingOnPlane was never implemented by Simbody */
    /* Unilateral layer (spec/unilateral_contacts.md). */
    CCREF_DEV_ROPE_SIGN               = 1u << 6, /* Rope: Simbody uses sign -1, its page says +1 */
    CCREF_DEV_PPC_HEIGHT_DROPPED      = 1u << 7, /* PointPlaneContact, height != 0: Simbody enforces height 0 */
    CCREF_DEV_PPC_GETTER_ROWS         = 1u << 8, /* PointPlaneContact: Simbody's getVerr/getAerr/slip read wrong rows */
    CCREF_DEV_SPC_HEIGHT_IGNORED      = 1u << 9  /* SpherePlaneContact, height != 0: Simbody ignores the height */
};

/* ---------------------------------------------------------------- common output */

/* The most rows of any kind (Weld's mp = 6): the size of the row arrays below, of a case's multipliers and of the
 * Constraint handle's (ccref_handle.h). Rows past a case's mp + mv are exact zeros and are never reported. */
#define CCREF_MAX_ROWS 6

/* The part of every constraint's result that has the same shape for all kinds. */
typedef struct {
    int mp;                         /* holonomic rows */
    int mv;                         /* nonholonomic rows */
    double perr[CCREF_MAX_ROWS];    /* [0, mp) */
    double verr[CCREF_MAX_ROWS];    /* [0, mp + mv): d/dt of holonomic rows, then nonholonomic rows */
    double aerr[CCREF_MAX_ROWS];    /* [0, mp + mv) */
    ccref_spatial_force force_on_body1; /* G^T lambda part acting on body 1 (multiplier sign) */
    ccref_spatial_force force_on_body2; /* G^T lambda part acting on body 2 (multiplier sign) */
    unsigned deviations;            /* CCREF_DEV_* bits */
} ccref_output;

/* ---------------------------------------------------------------- 1. Ball (coincident points), mp=3 */

typedef struct {
    ccref_vec3 station1_in_b1;  /* point P fixed on body 1 */
    ccref_vec3 station2_in_b2;  /* point S fixed on body 2 */
} ccref_ball_params;

typedef struct {
    ccref_output out;
    ccref_vec3 reaction_on_body1_in_b1; /* Simbody getBallReactionForceOnBody1: -(R_G1^T lambda) */
    ccref_vec3 reaction_on_body2_in_b2; /* Simbody getBallReactionForceOnBody2: +(R_G2^T lambda) */
} ccref_ball_result;

ccref_status ccref_ball_eval(const ccref_ball_params *prm, const ccref_body *body1, const ccref_body *body2,
                             const double *lambda, size_t n_lambda, ccref_ball_result *res);

/* ---------------------------------------------------------------- 2. Rod (constant distance), mp=1 */

typedef struct {
    ccref_vec3 station1_in_b1;
    ccref_vec3 station2_in_b2;
    double length;              /* > 0 */
} ccref_rod_params;

typedef struct {
    ccref_output out;
    double tension;             /* = lambda: positive is tension */
    ccref_vec3 orientation;     /* unit vector from station 1 to station 2 (body 1's z axis if singular) */
} ccref_rod_result;

ccref_status ccref_rod_eval(const ccref_rod_params *prm, const ccref_body *body1, const ccref_body *body2,
                            const double *lambda, size_t n_lambda, ccref_rod_result *res);

/* ---------------------------------------------------------------- 3. PointInPlane, mp=1 */

typedef struct {
    ccref_vec3 normal_in_b1;    /* plane normal, unit, fixed on body 1 (the plane body) */
    double height;              /* plane height along the normal */
    ccref_vec3 follower_in_b2;  /* follower point fixed on body 2 */
} ccref_point_in_plane_params;

typedef struct {
    ccref_output out;
    ccref_vec3 follower_point;  /* follower point in G */
} ccref_point_in_plane_result;

ccref_status ccref_point_in_plane_eval(const ccref_point_in_plane_params *prm, const ccref_body *body1,
                                       const ccref_body *body2, const double *lambda, size_t n_lambda,
                                       ccref_point_in_plane_result *res);

/* ---------------------------------------------------------------- 4. ConstantCoordinate, mp=1 */

typedef struct {
    double position;            /* the value q is held at */
} ccref_constant_coordinate_params;

typedef struct {
    ccref_output out;           /* body forces are zero: the force acts on the coordinate */
    double generalized_force;   /* q-space force, multiplier sign: = lambda */
} ccref_constant_coordinate_result;

ccref_status ccref_constant_coordinate_eval(const ccref_constant_coordinate_params *prm,
                                            const ccref_coordinate *coord, const double *lambda,
                                            size_t n_lambda, ccref_constant_coordinate_result *res);

/* ---------------------------------------------------------------- 5. SphereOnPlaneContact, mp=1, mv=2|0 */

typedef struct {
    ccref_frame plane_frame_in_b1;  /* X_FP: x,y tangent, z normal, origin on the plane */
    ccref_vec3 center_in_b2;        /* sphere center O fixed on body 2 */
    double radius;                  /* > 0 */
    int rolling;                    /* nonzero: two no-slip rows */
} ccref_sphere_on_plane_params;

typedef struct {
    ccref_output out;
    ccref_vec3 contact_point;       /* C = O - r Pz, in G */
    double separation;              /* signed distance of C above the plane (= perr) */
    ccref_vec3 force_on_sphere;     /* physically applied force on the sphere at C, in G: -(G^T lambda force) */
} ccref_sphere_on_plane_result;

ccref_status ccref_sphere_on_plane_eval(const ccref_sphere_on_plane_params *prm, const ccref_body *body1,
                                        const ccref_body *body2, const double *lambda, size_t n_lambda,
                                        ccref_sphere_on_plane_result *res);

/* ---------------------------------------------------------------- 6. BallRollingOnPlane (legacy page), mp=1, mv=2 */

typedef struct {
    ccref_vec3 normal_in_b1;    /* plane normal n, unit, fixed on body 1 (the plane body P) */
    double height;              /* plane height h along n */
    ccref_vec3 center_in_b2;    /* ball center O fixed on body 2 (the ball B) */
    double radius;              /* > 0 */
} ccref_ball_rolling_on_plane_params;

typedef struct {
    ccref_output out;
    ccref_vec3 contact_point;       /* C = (CB + CP)/2, in G */
    ccref_mat3 plane_axes;          /* columns Px, Py, n in G (tangent axes chosen by the spec) */
    double normal_force;            /* applied by the plane to the ball along n; negative indicates sticking */
    double friction_force_x;        /* friction force on the ball along Px (plane frame) */
    double friction_force_y;        /* friction force on the ball along Py (plane frame) */
} ccref_ball_rolling_on_plane_result;

ccref_status ccref_ball_rolling_on_plane_eval(const ccref_ball_rolling_on_plane_params *prm,
                                              const ccref_body *body1, const ccref_body *body2,
                                              const double *lambda, size_t n_lambda,
                                              ccref_ball_rolling_on_plane_result *res);

/* ---------------------------------------------------------------- 7. SphereOnSphereContact, mp=1, mv=2|0 */

typedef struct {
    ccref_vec3 center1_in_b1;   /* Sf */
    double radius1;             /* rf > 0 */
    ccref_vec3 center2_in_b2;   /* Sb */
    double radius2;             /* rb > 0 */
    int rolling;
} ccref_sphere_on_sphere_params;

typedef struct {
    ccref_output out;
    ccref_frame contact_frame;  /* in G: columns Cx, Cy, Cz (Cz from sphere 1 toward sphere 2), origin Co */
    double separation;          /* |Sb - Sf| - (rf + rb) (= perr) */
    ccref_vec3 force_on_body2;  /* physically applied force on sphere 2 at Co, in G */
} ccref_sphere_on_sphere_result;

ccref_status ccref_sphere_on_sphere_eval(const ccref_sphere_on_sphere_params *prm, const ccref_body *body1,
                                         const ccref_body *body2, const double *lambda, size_t n_lambda,
                                         ccref_sphere_on_sphere_result *res);

/* ---------------------------------------------------------------- 8. PointOnPlaneContact, mp=1, mv=2 */

typedef struct {
    ccref_frame plane_frame_in_b1;  /* X_SP on the surface body 1: x,y tangent, z normal */
    ccref_vec3 follower_in_b2;      /* follower point fixed on body 2 */
} ccref_point_on_plane_params;

typedef struct {
    ccref_output out;
    ccref_vec3 follower_point;      /* in G */
    ccref_vec3 force_on_follower;   /* physically applied force on body 2 at the follower point, in G */
} ccref_point_on_plane_result;

ccref_status ccref_point_on_plane_eval(const ccref_point_on_plane_params *prm, const ccref_body *body1,
                                       const ccref_body *body2, const double *lambda, size_t n_lambda,
                                       ccref_point_on_plane_result *res);

/* ---------------------------------------------------------------- 9. LineOnLineContact, mp=1, mv=2|0 */

typedef struct {
    ccref_frame edge_frame1_in_b1;  /* X_FEf: origin Pf, x = df, z = sf (outward); y unused */
    double half_length1;            /* > 0; visualization only */
    ccref_frame edge_frame2_in_b2;  /* X_BEb: origin Pb, x = db, z = sb */
    double half_length2;            /* > 0 */
    int rolling;
} ccref_line_on_line_params;

typedef struct {
    ccref_output out;
    int sense;                      /* +1 or -1: n = sense (df x db)/|df x db|; 0 when parallel */
    int lines_are_parallel;         /* 1 iff status is CCREF_OK_PARALLEL_EDGES */
    ccref_vec3 closest_point1;      /* Qf in G */
    ccref_vec3 closest_point2;      /* Qb in G */
    ccref_frame contact_frame;      /* in G: Cx = df, Cy = n x df, Cz = n, origin Co = (Qf+Qb)/2 */
    double separation;              /* (Pb - Pf) . n (= perr) */
    ccref_vec3 force_on_body2;      /* physically applied force on body 2 at Co, in G */
} ccref_line_on_line_result;

ccref_status ccref_line_on_line_eval(const ccref_line_on_line_params *prm, const ccref_body *body1,
                                     const ccref_body *body2, const double *lambda, size_t n_lambda,
                                     ccref_line_on_line_result *res);

/* ---------------------------------------------------------------- 10. Weld (coincident frames), mp=6 */

typedef struct {
    ccref_frame frame1_in_b1;   /* frame 1 fixed on body 1 (Simbody's frame1, defaultFrameB): X_B1F1 */
    ccref_frame frame2_in_b2;   /* frame 2 fixed on body 2 (Simbody's frame2, defaultFrameF): X_B2F2 */
} ccref_weld_params;

/* Rows: perr[0..2] = Fx.By, Fy.Bz, Fz.Bx (F = frame 2's axes, B = frame 1's, in G); perr[3..5] = frame 2's origin
 * minus frame 1's; lambda[0..2] torque multipliers, lambda[3..5] the force at frame 2's origin (spec/weld.md). */
typedef struct {
    ccref_output out;
    ccref_frame frame1;         /* frame 1 in G: R = R1 Rf1 (columns Bx, By, Bz), p = p1 + R1 pf1 */
    ccref_frame frame2;         /* frame 2 in G: R = R2 Rf2 (columns Fx, Fy, Fz), p = p2 + R2 pf2 (the point S) */
} ccref_weld_result;

ccref_status ccref_weld_eval(const ccref_weld_params *prm, const ccref_body *body1, const ccref_body *body2,
                             const double *lambda, size_t n_lambda, ccref_weld_result *res);

/* ---------------------------------------------------------------- generic dispatch */

typedef enum {
    CCREF_KIND_BALL = 0,
    CCREF_KIND_ROD,
    CCREF_KIND_POINT_IN_PLANE,
    CCREF_KIND_CONSTANT_COORDINATE,
    CCREF_KIND_SPHERE_ON_PLANE,
    CCREF_KIND_BALL_ROLLING_ON_PLANE,
    CCREF_KIND_SPHERE_ON_SPHERE,
    CCREF_KIND_POINT_ON_PLANE,
    CCREF_KIND_LINE_ON_LINE,
    CCREF_KIND_WELD,
    CCREF_KIND_COUNT
} ccref_kind;

/* The name used in the CLI and the vectors ("ball", "rod", ...); NULL when out of range. */
const char *ccref_kind_name(ccref_kind kind);
/* Inverse of ccref_kind_name; returns CCREF_KIND_COUNT when unknown. */
ccref_kind ccref_kind_from_name(const char *name);

typedef struct {
    ccref_kind kind;
    union {
        ccref_ball_params ball;
        ccref_rod_params rod;
        ccref_point_in_plane_params point_in_plane;
        ccref_constant_coordinate_params constant_coordinate;
        ccref_sphere_on_plane_params sphere_on_plane;
        ccref_ball_rolling_on_plane_params ball_rolling_on_plane;
        ccref_sphere_on_sphere_params sphere_on_sphere;
        ccref_point_on_plane_params point_on_plane;
        ccref_line_on_line_params line_on_line;
        ccref_weld_params weld;
    } params;
    ccref_body body1, body2;        /* unused by constant_coordinate */
    ccref_coordinate coordinate;    /* used by constant_coordinate only */
    double lambda[CCREF_MAX_ROWS];
    size_t n_lambda;
} ccref_case;

/* Every kind's result begins with a ccref_output, so u.out reads the common part of any of them. */
typedef struct {
    ccref_kind kind;
    union {
        ccref_output out;
        ccref_ball_result ball;
        ccref_rod_result rod;
        ccref_point_in_plane_result point_in_plane;
        ccref_constant_coordinate_result constant_coordinate;
        ccref_sphere_on_plane_result sphere_on_plane;
        ccref_ball_rolling_on_plane_result ball_rolling_on_plane;
        ccref_sphere_on_sphere_result sphere_on_sphere;
        ccref_point_on_plane_result point_on_plane;
        ccref_line_on_line_result line_on_line;
        ccref_weld_result weld;
    } u;
} ccref_result;

/* Number of holonomic and nonholonomic rows a case will produce (depends on its rolling flag). */
ccref_status ccref_case_rows(const ccref_case *c, int *mp, int *mv);
ccref_status ccref_eval(const ccref_case *c, ccref_result *res);

/* ---------------------------------------------------------------- helpers for callers */

/* Ground: identity pose, zero motion. */
ccref_body ccref_body_ground(void);

#ifdef __cplusplus
}
#endif

#endif
