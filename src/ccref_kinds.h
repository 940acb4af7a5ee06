/* ccref_kinds.h: the table of the constraint kinds and the unilateral contact classes. One row per kind states its
 * data facts once: its parameters (in the order of its params struct, which is also the order of the case format
 * and the vectors) with their checks and random ranges, its rows, and its outputs after the common ones (slots,
 * flat names, how each moves with the bodies). Each layer expands the rows into what it needs:
 *
 *   src/ccref_outputs.h   the slot constants CCREF_SLOT_<ABBR>_<OUTPUT> and CCREF_SLOT_<ABBR>_N
 *   src/outputs.c         the flat layout: slot counts, flat names, the flattening of a result
 *   oracle/oracle.h       the interval mirrors of the parameters (ora_<kind>_params, the unions of ora_case and
 *                         ora_contact_case); oracle/cases.c converts a case and decides its input checks exactly
 *   cli/fields.c          the case format (read and written by cli/caseio.c, decoded by fuzz/decode.c), the
 *                         random cases (cli/random.c) and the inputs whose checks lie in their rounding band
 *   proofs/eva_main.c     the EVA harness: every parameter an interval of its input box
 *
 * What stays explicit, because a proof reads it: the structs and enums of ccref.h and ccref_unilateral.h, the
 * kernels' input checks and the dispatch of src/dispatch.c and src/contacts.c (their ACSL contracts name each
 * kind). tests/test_api.c checks that the table agrees with them (rows, sizes, checks, statuses).
 *
 * This header only defines macros: it adds no function and no symbol to the libraries. */
#ifndef CCREF_KINDS_H
#define CCREF_KINDS_H

/* ---------------------------------------------------------------- the kinds
 *
 * K(KIND, kind, ABBR, STATE, MP, MV, CONDITIONING)
 *   KIND, kind    CCREF_KIND_<KIND>; ccref_<kind>_params, ccref_<kind>_result, ccref_<kind>_eval, vectors/<kind>.json
 *   ABBR          the prefix of its slot constants (CCREF_SLOT_<ABBR>_...)
 *   STATE         BODIES: body1 and body2 (rotations checked: CCREF_E_NOT_ROTATION); COORDINATE: the coordinate
 *   MP            holonomic rows
 *   MV            nonholonomic rows: 0, 2, or ROLLING (2 when its rolling parameter is nonzero, else 0)
 *   CONDITIONING  what makes a random case well conditioned beyond the ranges (spec/conventions.md section 9):
 *                 ANY; POINTS_APART, its first two VEC3 parameters (points of body 1 and body 2) at least 0.5
 *                 apart in G; EDGES_CROSSING, the x axes in G of its two FRAME parameters with |df x db| >= 0.25 */
#define CCREF_KINDS(K)                                                                           \
    K(BALL,                  ball,                  BALL, BODIES,     3, 0,       ANY)            \
    K(ROD,                   rod,                   ROD,  BODIES,     1, 0,       POINTS_APART)   \
    K(POINT_IN_PLANE,        point_in_plane,        PIP,  BODIES,     1, 0,       ANY)            \
    K(CONSTANT_COORDINATE,   constant_coordinate,   CC,   COORDINATE, 1, 0,       ANY)            \
    K(SPHERE_ON_PLANE,       sphere_on_plane,       SOP,  BODIES,     1, ROLLING, ANY)            \
    K(BALL_ROLLING_ON_PLANE, ball_rolling_on_plane, BROP, BODIES,     1, 2,       ANY)            \
    K(SPHERE_ON_SPHERE,      sphere_on_sphere,      SOS,  BODIES,     1, ROLLING, POINTS_APART)   \
    K(POINT_ON_PLANE,        point_on_plane,        POP,  BODIES,     1, 2,       ANY)            \
    K(LINE_ON_LINE,          line_on_line,          LOL,  BODIES,     1, ROLLING, EDGES_CROSSING) \
    K(WELD,                  weld,                  WELD, BODIES,     6, 0,       ANY)

/* ---------------------------------------------------------------- parameters
 *
 * CCREF_PARAMS_<kind>(P, k): P(k, member, TYPE, LO, HI), in the order of ccref_<kind>_params.
 *   TYPE    SCALAR    a finite double
 *           RADIUS    a finite double > 0, else CCREF_E_NONPOSITIVE_RADIUS
 *           LENGTH    a finite double > 0, else CCREF_E_NONPOSITIVE_LENGTH
 *           VEC3      a finite ccref_vec3
 *           UNIT      a ccref_vec3 that must be a unit vector (CCREF_E_ZERO_DIRECTION, CCREF_E_NOT_UNIT_VECTOR)
 *           FRAME     a finite ccref_frame whose R must be a rotation (CCREF_E_NOT_ROTATION)
 *           ROLLING   an int flag: nonzero selects the MV == ROLLING rows
 *   LO, HI  the range of a random case's value (a scalar, each component of a vector or of a frame's origin);
 *           UNIT and a frame's R are drawn uniformly on their manifolds, ROLLING is the caller's choice.
 * The checks run in this order (spec/conventions.md section 5): every input finite; the rotations (body 1,
 * body 2, then the FRAME parameters in order); RADIUS and LENGTH in order; UNIT in order. A random case draws the
 * bodies, then its parameters in order but RADIUS and LENGTH last, in order (cli/random.c). CCREF_GEOMETRY_<kind>: a
 * kind's parameters without its rolling flag, which the contact classes built on it share. */
#define CCREF_PARAMS_ball(P, k)                                                                  \
    P(k, station1_in_b1,    VEC3,    -1,  1)                                                     \
    P(k, station2_in_b2,    VEC3,    -1,  1)
#define CCREF_PARAMS_rod(P, k)                                                                   \
    P(k, station1_in_b1,    VEC3,    -1,  1)                                                     \
    P(k, station2_in_b2,    VEC3,    -1,  1)                                                     \
    P(k, length,            LENGTH,  0.1, 2)
#define CCREF_PARAMS_point_in_plane(P, k)                                                        \
    P(k, normal_in_b1,      UNIT,    0,   0)                                                     \
    P(k, height,            SCALAR,  -1,  1)                                                     \
    P(k, follower_in_b2,    VEC3,    -1,  1)
#define CCREF_PARAMS_constant_coordinate(P, k)                                                   \
    P(k, position,          SCALAR,  -2,  2)
#define CCREF_PARAMS_sphere_on_plane(P, k)                                                       \
    P(k, plane_frame_in_b1, FRAME,   -1,  1)                                                     \
    P(k, center_in_b2,      VEC3,    -1,  1)                                                     \
    P(k, radius,            RADIUS,  0.1, 1)                                                     \
    P(k, rolling,           ROLLING, 0,   0)
#define CCREF_PARAMS_ball_rolling_on_plane(P, k)                                                 \
    P(k, normal_in_b1,      UNIT,    0,   0)                                                     \
    P(k, height,            SCALAR,  -1,  1)                                                     \
    P(k, center_in_b2,      VEC3,    -1,  1)                                                     \
    P(k, radius,            RADIUS,  0.1, 1)
#define CCREF_PARAMS_sphere_on_sphere(P, k)                                                      \
    CCREF_GEOMETRY_sphere_on_sphere(P, k)                                                        \
    P(k, rolling,           ROLLING, 0,   0)
#define CCREF_GEOMETRY_sphere_on_sphere(P, k)                                                    \
    P(k, center1_in_b1,     VEC3,    -1,  1)                                                     \
    P(k, radius1,           RADIUS,  0.1, 1)                                                     \
    P(k, center2_in_b2,     VEC3,    -1,  1)                                                     \
    P(k, radius2,           RADIUS,  0.1, 1)
#define CCREF_PARAMS_point_on_plane(P, k)                                                        \
    P(k, plane_frame_in_b1, FRAME,   -1,  1)                                                     \
    P(k, follower_in_b2,    VEC3,    -1,  1)
#define CCREF_PARAMS_line_on_line(P, k)                                                          \
    CCREF_GEOMETRY_line_on_line(P, k)                                                            \
    P(k, rolling,           ROLLING, 0,   0)
#define CCREF_GEOMETRY_line_on_line(P, k)                                                        \
    P(k, edge_frame1_in_b1, FRAME,   -1,  1)                                                     \
    P(k, half_length1,      LENGTH,  0.1, 2)                                                     \
    P(k, edge_frame2_in_b2, FRAME,   -1,  1)                                                     \
    P(k, half_length2,      LENGTH,  0.1, 2)
#define CCREF_PARAMS_weld(P, k)                                                                  \
    P(k, frame1_in_b1,      FRAME,   -1,  1)                                                     \
    P(k, frame2_in_b2,      FRAME,   -1,  1)

/* ---------------------------------------------------------------- outputs
 *
 * CCREF_OUTPUTS_<kind>(O, A): O(A, OUTPUT, member, "name", TYPE, MOTION), the members of ccref_<kind>_result after
 * its ccref_output, in order. They follow the common slots (CCREF_SLOT_AUX, ccref_outputs.h) in the flat layout.
 *   OUTPUT  the slot constant CCREF_SLOT_<ABBR>_<OUTPUT> (a FRAME: _<OUTPUT>_R and _<OUTPUT>_P)
 *   name    its flat name: "name" (SCALAR), "name.x" (VEC3), "name[i][j]" (MAT3), "name.R[i][j]", "name.p.x" (FRAME)
 *   TYPE    SCALAR (1 slot), VEC3 (3), MAT3 (9, row-major), FRAME (12: R, then p), INT and BOOL (no slot: written
 *           by the tool beside the flat outputs)
 *   MOTION  how it moves when both bodies move rigidly by (Q, t) (tests/test_properties.c): SAME (unchanged), VECTOR
 *           (Q v), POINT (Q p + t), AXES (columns Q c), AXES_POINT (a frame: R as AXES, p as POINT) */
#define CCREF_OUTPUTS_ball(O, A)                                                                 \
    O(A, REACTION1,         reaction_on_body1_in_b1, "reaction_on_body1_in_b1", VEC3,   SAME)    \
    O(A, REACTION2,         reaction_on_body2_in_b2, "reaction_on_body2_in_b2", VEC3,   SAME)
#define CCREF_OUTPUTS_rod(O, A)                                                                  \
    O(A, TENSION,           tension,                 "tension",                 SCALAR, SAME)    \
    O(A, ORIENTATION,       orientation,             "orientation",             VEC3,   VECTOR)
#define CCREF_OUTPUTS_point_in_plane(O, A)                                                       \
    O(A, FOLLOWER,          follower_point,          "follower_point",          VEC3,   POINT)
#define CCREF_OUTPUTS_constant_coordinate(O, A)                                                  \
    O(A, GENERALIZED_FORCE, generalized_force,       "generalized_force",       SCALAR, SAME)
#define CCREF_OUTPUTS_sphere_on_plane(O, A)                                                      \
    O(A, CONTACT_POINT,     contact_point,           "contact_point",           VEC3,   POINT)   \
    O(A, SEPARATION,        separation,              "separation",              SCALAR, SAME)    \
    O(A, FORCE_ON_SPHERE,   force_on_sphere,         "force_on_sphere",         VEC3,   VECTOR)
#define CCREF_OUTPUTS_ball_rolling_on_plane(O, A)                                                \
    O(A, CONTACT_POINT,     contact_point,           "contact_point",           VEC3,   POINT)   \
    O(A, PLANE_AXES,        plane_axes,              "plane_axes",              MAT3,   AXES)    \
    O(A, NORMAL_FORCE,      normal_force,            "normal_force",            SCALAR, SAME)    \
    O(A, FRICTION_X,        friction_force_x,        "friction_force_x",        SCALAR, SAME)    \
    O(A, FRICTION_Y,        friction_force_y,        "friction_force_y",        SCALAR, SAME)
/* The physically applied forces of sphere_on_sphere and line_on_line are named *_applied: the plain name
 * force_on_body2 is the common multiplier-sign output. */
#define CCREF_OUTPUTS_sphere_on_sphere(O, A)                                                     \
    O(A, FRAME,             contact_frame,           "contact_frame",           FRAME,  AXES_POINT) \
    O(A, SEPARATION,        separation,              "separation",              SCALAR, SAME)    \
    O(A, FORCE_ON_BODY2,    force_on_body2,          "force_on_body2_applied",  VEC3,   VECTOR)
#define CCREF_OUTPUTS_point_on_plane(O, A)                                                       \
    O(A, FOLLOWER,          follower_point,          "follower_point",          VEC3,   POINT)   \
    O(A, FORCE_ON_FOLLOWER, force_on_follower,       "force_on_follower",       VEC3,   VECTOR)
#define CCREF_OUTPUTS_line_on_line(O, A)                                                         \
    O(A, SENSE,             sense,                   "sense",                   INT,    SAME)    \
    O(A, PARALLEL,          lines_are_parallel,      "lines_are_parallel",      BOOL,   SAME)    \
    O(A, CLOSEST1,          closest_point1,          "closest_point1",          VEC3,   POINT)   \
    O(A, CLOSEST2,          closest_point2,          "closest_point2",          VEC3,   POINT)   \
    O(A, FRAME,             contact_frame,           "contact_frame",           FRAME,  AXES_POINT) \
    O(A, SEPARATION,        separation,              "separation",              SCALAR, SAME)    \
    O(A, FORCE_ON_BODY2,    force_on_body2,          "force_on_body2_applied",  VEC3,   VECTOR)
/* Weld's two frames in G: the rows' axes (R's columns) and origins (frame2.p is the point S the force acts at). */
#define CCREF_OUTPUTS_weld(O, A)                                                                 \
    O(A, FRAME1,            frame1,                  "frame1",                  FRAME,  AXES_POINT) \
    O(A, FRAME2,            frame2,                  "frame2",                  FRAME,  AXES_POINT)

/* ---------------------------------------------------------------- the contact classes
 *
 * C(CLASS, class, params, LIKE, STATE)
 *   CLASS, class  CCREF_CONTACT_<CLASS>; vectors/<class>.json
 *   params        its member of ccref_contact_case.params, of type ccref_<params>_params
 *   LIKE          the kind whose parameters its own restate, the same types in the same order (it may add some at
 *                 the end): a random case of the class starts from a random case of that kind (cli/random.c)
 *   STATE         BODIES, or BODY1_COORDINATE (the coordinate, and body 1 for the display point only)
 * The sign conventions and which classes have friction are stated by src/contacts.c (proved) and, independently,
 * by the oracle (oracle/contacts.c), as spec/unilateral_contacts.md section 1 gives them. */
#define CCREF_CONTACTS(C)                                                                        \
    C(HARD_STOP_UPPER,          hard_stop_upper,          hard_stop,     CONSTANT_COORDINATE,   BODY1_COORDINATE) \
    C(HARD_STOP_LOWER,          hard_stop_lower,          hard_stop,     CONSTANT_COORDINATE,   BODY1_COORDINATE) \
    C(ROPE,                     rope,                     rope,          ROD,                   BODIES)           \
    C(POINT_PLANE_FRICTIONLESS, point_plane_frictionless, point_plane,   POINT_IN_PLANE,        BODIES)           \
    C(POINT_PLANE,              point_plane,              point_plane,   POINT_IN_PLANE,        BODIES)           \
    C(SPHERE_PLANE,             sphere_plane,             sphere_plane,  BALL_ROLLING_ON_PLANE, BODIES)           \
    C(SPHERE_SPHERE,            sphere_sphere,            sphere_sphere, SPHERE_ON_SPHERE,      BODIES)           \
    C(EDGE_EDGE,                edge_edge,                edge_edge,     LINE_ON_LINE,          BODIES)

/* The parameter structs of the classes, once each (two classes share hard_stop, two point_plane). */
#define CCREF_CONTACT_PARAMS(S)                                                                  \
    S(hard_stop) S(rope) S(point_plane) S(sphere_plane) S(sphere_sphere) S(edge_edge)

/* CCREF_CONTACT_PARAMS_<params>(P, p): as CCREF_PARAMS_<kind>, in the order of ccref_<params>_params. Where a class's
 * parameters are its LIKE kind's (without the rolling flag: the classes with friction roll), they are written as the
 * kind's, so that the two cannot drift apart. */
#define CCREF_CONTACT_PARAMS_hard_stop(P, k)                                                     \
    P(k, bound,                 SCALAR, -2,  2)                                                  \
    P(k, mobilizer_origin_in_b, VEC3,   -1,  1)
#define CCREF_CONTACT_PARAMS_rope(P, k)                                                          \
    P(k, station1_in_b1,        VEC3,   -1,  1)                                                  \
    P(k, station2_in_b2,        VEC3,   -1,  1)                                                  \
    P(k, length_limit,          LENGTH, 0.1, 2)
#define CCREF_CONTACT_PARAMS_point_plane(P, k) CCREF_PARAMS_point_in_plane(P, k)
#define CCREF_CONTACT_PARAMS_sphere_plane(P, k) CCREF_PARAMS_ball_rolling_on_plane(P, k)
#define CCREF_CONTACT_PARAMS_sphere_sphere(P, k) CCREF_GEOMETRY_sphere_on_sphere(P, k)
#define CCREF_CONTACT_PARAMS_edge_edge(P, k) CCREF_GEOMETRY_line_on_line(P, k)

/* ---------------------------------------------------------------- helpers for the expansions */

/* The parameter types as values, for the layers that keep a run-time description of the parameters. */
typedef enum {
    CCREF_PARAM_SCALAR,
    CCREF_PARAM_RADIUS,
    CCREF_PARAM_LENGTH,
    CCREF_PARAM_VEC3,
    CCREF_PARAM_UNIT,
    CCREF_PARAM_FRAME,
    CCREF_PARAM_ROLLING
} ccref_param_type;

/* The nonholonomic rows of a kind's MV column, for a params struct p. */
#define CCREF_MV_ROWS_0(p) 0
#define CCREF_MV_ROWS_2(p) 2
#define CCREF_MV_ROWS_ROLLING(p) ((p)->rolling ? 2 : 0)

/* The slots of an output TYPE. */
#define CCREF_OUTPUT_SLOTS_SCALAR 1
#define CCREF_OUTPUT_SLOTS_VEC3 3
#define CCREF_OUTPUT_SLOTS_MAT3 9
#define CCREF_OUTPUT_SLOTS_FRAME 12
#define CCREF_OUTPUT_SLOTS_INT 0
#define CCREF_OUTPUT_SLOTS_BOOL 0

#endif
