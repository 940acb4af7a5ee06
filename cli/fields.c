/* fields.c: see fields.h. */
#include "fields.h"

#define P(kind_struct, member, type) {#member, type, offsetof(kind_struct, member)}
#define END {NULL, FIELD_SCALAR, 0}

static const field_desc ball_params[] = {
    P(ccref_ball_params, station1_in_b1, FIELD_VEC3), P(ccref_ball_params, station2_in_b2, FIELD_VEC3), END};
static const field_desc ball_aux[] = {
    P(ccref_ball_result, reaction_on_body1_in_b1, FIELD_VEC3),
    P(ccref_ball_result, reaction_on_body2_in_b2, FIELD_VEC3), END};

static const field_desc rod_params[] = {
    P(ccref_rod_params, station1_in_b1, FIELD_VEC3), P(ccref_rod_params, station2_in_b2, FIELD_VEC3),
    P(ccref_rod_params, length, FIELD_SCALAR), END};
static const field_desc rod_aux[] = {
    P(ccref_rod_result, tension, FIELD_SCALAR), P(ccref_rod_result, orientation, FIELD_VEC3), END};

static const field_desc pip_params[] = {
    P(ccref_point_in_plane_params, normal_in_b1, FIELD_UNIT), P(ccref_point_in_plane_params, height, FIELD_SCALAR),
    P(ccref_point_in_plane_params, follower_in_b2, FIELD_VEC3), END};
static const field_desc pip_aux[] = {P(ccref_point_in_plane_result, follower_point, FIELD_VEC3), END};

static const field_desc cc_params[] = {P(ccref_constant_coordinate_params, position, FIELD_SCALAR), END};
static const field_desc cc_aux[] = {P(ccref_constant_coordinate_result, generalized_force, FIELD_SCALAR), END};

static const field_desc sop_params[] = {
    P(ccref_sphere_on_plane_params, plane_frame_in_b1, FIELD_FRAME),
    P(ccref_sphere_on_plane_params, center_in_b2, FIELD_VEC3), P(ccref_sphere_on_plane_params, radius, FIELD_SCALAR),
    P(ccref_sphere_on_plane_params, rolling, FIELD_BOOL), END};
static const field_desc sop_aux[] = {
    P(ccref_sphere_on_plane_result, contact_point, FIELD_VEC3),
    P(ccref_sphere_on_plane_result, separation, FIELD_SCALAR),
    P(ccref_sphere_on_plane_result, force_on_sphere, FIELD_VEC3), END};

static const field_desc brop_params[] = {
    P(ccref_ball_rolling_on_plane_params, normal_in_b1, FIELD_UNIT),
    P(ccref_ball_rolling_on_plane_params, height, FIELD_SCALAR),
    P(ccref_ball_rolling_on_plane_params, center_in_b2, FIELD_VEC3),
    P(ccref_ball_rolling_on_plane_params, radius, FIELD_SCALAR), END};
static const field_desc brop_aux[] = {
    P(ccref_ball_rolling_on_plane_result, contact_point, FIELD_VEC3),
    P(ccref_ball_rolling_on_plane_result, plane_axes, FIELD_MAT3),
    P(ccref_ball_rolling_on_plane_result, normal_force, FIELD_SCALAR),
    P(ccref_ball_rolling_on_plane_result, friction_force_x, FIELD_SCALAR),
    P(ccref_ball_rolling_on_plane_result, friction_force_y, FIELD_SCALAR), END};

static const field_desc sos_params[] = {
    P(ccref_sphere_on_sphere_params, center1_in_b1, FIELD_VEC3), P(ccref_sphere_on_sphere_params, radius1, FIELD_SCALAR),
    P(ccref_sphere_on_sphere_params, center2_in_b2, FIELD_VEC3), P(ccref_sphere_on_sphere_params, radius2, FIELD_SCALAR),
    P(ccref_sphere_on_sphere_params, rolling, FIELD_BOOL), END};
static const field_desc sos_aux[] = {
    P(ccref_sphere_on_sphere_result, contact_frame, FIELD_FRAME),
    P(ccref_sphere_on_sphere_result, separation, FIELD_SCALAR),
    P(ccref_sphere_on_sphere_result, force_on_body2, FIELD_VEC3), END};

static const field_desc pop_params[] = {
    P(ccref_point_on_plane_params, plane_frame_in_b1, FIELD_FRAME),
    P(ccref_point_on_plane_params, follower_in_b2, FIELD_VEC3), END};
static const field_desc pop_aux[] = {
    P(ccref_point_on_plane_result, follower_point, FIELD_VEC3),
    P(ccref_point_on_plane_result, force_on_follower, FIELD_VEC3), END};

static const field_desc lol_params[] = {
    P(ccref_line_on_line_params, edge_frame1_in_b1, FIELD_FRAME),
    P(ccref_line_on_line_params, half_length1, FIELD_SCALAR),
    P(ccref_line_on_line_params, edge_frame2_in_b2, FIELD_FRAME),
    P(ccref_line_on_line_params, half_length2, FIELD_SCALAR), P(ccref_line_on_line_params, rolling, FIELD_BOOL), END};
static const field_desc lol_aux[] = {
    P(ccref_line_on_line_result, sense, FIELD_INT), P(ccref_line_on_line_result, lines_are_parallel, FIELD_BOOL),
    P(ccref_line_on_line_result, closest_point1, FIELD_VEC3), P(ccref_line_on_line_result, closest_point2, FIELD_VEC3),
    P(ccref_line_on_line_result, contact_frame, FIELD_FRAME), P(ccref_line_on_line_result, separation, FIELD_SCALAR),
    P(ccref_line_on_line_result, force_on_body2, FIELD_VEC3), END};

static const kind_fields table[CCREF_KIND_COUNT] = {
    [CCREF_KIND_BALL] = {ball_params, ball_aux, 1},
    [CCREF_KIND_ROD] = {rod_params, rod_aux, 1},
    [CCREF_KIND_POINT_IN_PLANE] = {pip_params, pip_aux, 1},
    [CCREF_KIND_CONSTANT_COORDINATE] = {cc_params, cc_aux, 0},
    [CCREF_KIND_SPHERE_ON_PLANE] = {sop_params, sop_aux, 1},
    [CCREF_KIND_BALL_ROLLING_ON_PLANE] = {brop_params, brop_aux, 1},
    [CCREF_KIND_SPHERE_ON_SPHERE] = {sos_params, sos_aux, 1},
    [CCREF_KIND_POINT_ON_PLANE] = {pop_params, pop_aux, 1},
    [CCREF_KIND_LINE_ON_LINE] = {lol_params, lol_aux, 1},
};

const kind_fields *cli_kind_fields(ccref_kind kind)
{
    if ((unsigned)kind >= CCREF_KIND_COUNT)
        return NULL;
    return &table[kind];
}

/* ---------------------------------------------------------------- unilateral layer */

static const field_desc hard_stop_params[] = {
    P(ccref_hard_stop_params, bound, FIELD_SCALAR), P(ccref_hard_stop_params, mobilizer_origin_in_b, FIELD_VEC3), END};
static const field_desc rope_params[] = {
    P(ccref_rope_params, station1_in_b1, FIELD_VEC3), P(ccref_rope_params, station2_in_b2, FIELD_VEC3),
    P(ccref_rope_params, length_limit, FIELD_SCALAR), END};
static const field_desc point_plane_params[] = {
    P(ccref_point_plane_params, normal_in_b1, FIELD_UNIT), P(ccref_point_plane_params, height, FIELD_SCALAR),
    P(ccref_point_plane_params, follower_in_b2, FIELD_VEC3), END};
static const field_desc sphere_plane_params[] = {
    P(ccref_sphere_plane_params, normal_in_b1, FIELD_UNIT), P(ccref_sphere_plane_params, height, FIELD_SCALAR),
    P(ccref_sphere_plane_params, center_in_b2, FIELD_VEC3), P(ccref_sphere_plane_params, radius, FIELD_SCALAR), END};
static const field_desc sphere_sphere_params[] = {
    P(ccref_sphere_sphere_params, center1_in_b1, FIELD_VEC3), P(ccref_sphere_sphere_params, radius1, FIELD_SCALAR),
    P(ccref_sphere_sphere_params, center2_in_b2, FIELD_VEC3), P(ccref_sphere_sphere_params, radius2, FIELD_SCALAR),
    END};
static const field_desc edge_edge_params[] = {
    P(ccref_edge_edge_params, edge_frame1_in_b1, FIELD_FRAME), P(ccref_edge_edge_params, half_length1, FIELD_SCALAR),
    P(ccref_edge_edge_params, edge_frame2_in_b2, FIELD_FRAME), P(ccref_edge_edge_params, half_length2, FIELD_SCALAR),
    END};

static const field_desc *const contact_table[CCREF_CONTACT_COUNT] = {
    [CCREF_CONTACT_HARD_STOP_UPPER] = hard_stop_params,
    [CCREF_CONTACT_HARD_STOP_LOWER] = hard_stop_params,
    [CCREF_CONTACT_ROPE] = rope_params,
    [CCREF_CONTACT_POINT_PLANE_FRICTIONLESS] = point_plane_params,
    [CCREF_CONTACT_POINT_PLANE] = point_plane_params,
    [CCREF_CONTACT_SPHERE_PLANE] = sphere_plane_params,
    [CCREF_CONTACT_SPHERE_SPHERE] = sphere_sphere_params,
    [CCREF_CONTACT_EDGE_EDGE] = edge_edge_params,
};

const field_desc *cli_contact_params(ccref_contact_class cls)
{
    if ((unsigned)cls >= CCREF_CONTACT_COUNT)
        return NULL;
    return contact_table[cls];
}

const field_desc cli_material_fields[] = {
    P(ccref_contact_material, min_cor, FIELD_SCALAR), P(ccref_contact_material, mu_s, FIELD_SCALAR),
    P(ccref_contact_material, mu_d, FIELD_SCALAR), P(ccref_contact_material, mu_v, FIELD_SCALAR), END};
const field_desc cli_speeds_fields[] = {
    P(ccref_contact_speeds, capture_speed, FIELD_SCALAR), P(ccref_contact_speeds, min_cor_speed, FIELD_SCALAR),
    P(ccref_contact_speeds, transition_speed, FIELD_SCALAR), END};

const field_desc cli_cor_fields[] = {
    P(cli_cor_params, min_cor, FIELD_SCALAR), P(cli_cor_params, capture_speed, FIELD_SCALAR),
    P(cli_cor_params, min_cor_speed, FIELD_SCALAR), P(cli_cor_params, impact_speed, FIELD_SCALAR), END};
const field_desc cli_cof_fields[] = {
    P(cli_cof_params, mu_s, FIELD_SCALAR), P(cli_cof_params, mu_d, FIELD_SCALAR), P(cli_cof_params, mu_v, FIELD_SCALAR),
    P(cli_cof_params, transition_speed, FIELD_SCALAR), P(cli_cof_params, slip_speed, FIELD_SCALAR), END};
const field_desc cli_classify_fields[] = {
    P(cli_classify_params, sign, FIELD_INT), P(cli_classify_params, perr, FIELD_SCALAR),
    P(cli_classify_params, verr, FIELD_SCALAR), P(cli_classify_params, aerr, FIELD_SCALAR),
    P(cli_classify_params, lambda, FIELD_SCALAR), P(cli_classify_params, tol_perr, FIELD_SCALAR),
    P(cli_classify_params, tol_verr, FIELD_SCALAR), P(cli_classify_params, tol_aerr, FIELD_SCALAR),
    P(cli_classify_params, tol_lambda, FIELD_SCALAR), END};
