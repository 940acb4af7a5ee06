/* outputs.c: the flat output layout (ccref_outputs.h). */
#include <string.h>

#include "ccref_outputs.h"

int ccref_kind_outputs(ccref_kind kind)
{
    switch (kind) {
    case CCREF_KIND_BALL: return CCREF_SLOT_BALL_N;
    case CCREF_KIND_ROD: return CCREF_SLOT_ROD_N;
    case CCREF_KIND_POINT_IN_PLANE: return CCREF_SLOT_PIP_N;
    case CCREF_KIND_CONSTANT_COORDINATE: return CCREF_SLOT_CC_N;
    case CCREF_KIND_SPHERE_ON_PLANE: return CCREF_SLOT_SOP_N;
    case CCREF_KIND_BALL_ROLLING_ON_PLANE: return CCREF_SLOT_BROP_N;
    case CCREF_KIND_SPHERE_ON_SPHERE: return CCREF_SLOT_SOS_N;
    case CCREF_KIND_POINT_ON_PLANE: return CCREF_SLOT_POP_N;
    case CCREF_KIND_LINE_ON_LINE: return CCREF_SLOT_LOL_N;
    default: return 0;
    }
}

static void put3(double *v, int slot, ccref_vec3 a)
{
    v[slot] = a.x;
    v[slot + 1] = a.y;
    v[slot + 2] = a.z;
}

static void put9(double *v, int slot, const ccref_mat3 *R)
{
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            v[slot + 3 * i + j] = R->m[i][j];
}

static void put_output(double *v, const ccref_output *o)
{
    for (int i = 0; i < 3; i++) {
        v[CCREF_SLOT_PERR + i] = o->perr[i];
        v[CCREF_SLOT_VERR + i] = o->verr[i];
        v[CCREF_SLOT_AERR + i] = o->aerr[i];
    }
    put3(v, CCREF_SLOT_F1_MOMENT, o->force_on_body1.moment);
    put3(v, CCREF_SLOT_F1_FORCE, o->force_on_body1.force);
    put3(v, CCREF_SLOT_F2_MOMENT, o->force_on_body2.moment);
    put3(v, CCREF_SLOT_F2_FORCE, o->force_on_body2.force);
}

int ccref_flatten_result(ccref_kind kind, const ccref_result *r, double v[CCREF_SLOT_MAX])
{
    int n = ccref_kind_outputs(kind);
    if (n == 0)
        return 0;
    put_output(v, &r->u.out);
    switch (kind) {
    case CCREF_KIND_BALL:
        put3(v, CCREF_SLOT_BALL_REACTION1, r->u.ball.reaction_on_body1_in_b1);
        put3(v, CCREF_SLOT_BALL_REACTION2, r->u.ball.reaction_on_body2_in_b2);
        break;
    case CCREF_KIND_ROD:
        v[CCREF_SLOT_ROD_TENSION] = r->u.rod.tension;
        put3(v, CCREF_SLOT_ROD_ORIENTATION, r->u.rod.orientation);
        break;
    case CCREF_KIND_POINT_IN_PLANE: put3(v, CCREF_SLOT_PIP_FOLLOWER, r->u.point_in_plane.follower_point); break;
    case CCREF_KIND_CONSTANT_COORDINATE:
        v[CCREF_SLOT_CC_GENERALIZED_FORCE] = r->u.constant_coordinate.generalized_force;
        break;
    case CCREF_KIND_SPHERE_ON_PLANE:
        put3(v, CCREF_SLOT_SOP_CONTACT_POINT, r->u.sphere_on_plane.contact_point);
        v[CCREF_SLOT_SOP_SEPARATION] = r->u.sphere_on_plane.separation;
        put3(v, CCREF_SLOT_SOP_FORCE_ON_SPHERE, r->u.sphere_on_plane.force_on_sphere);
        break;
    case CCREF_KIND_BALL_ROLLING_ON_PLANE:
        put3(v, CCREF_SLOT_BROP_CONTACT_POINT, r->u.ball_rolling_on_plane.contact_point);
        put9(v, CCREF_SLOT_BROP_PLANE_AXES, &r->u.ball_rolling_on_plane.plane_axes);
        v[CCREF_SLOT_BROP_NORMAL_FORCE] = r->u.ball_rolling_on_plane.normal_force;
        v[CCREF_SLOT_BROP_FRICTION_X] = r->u.ball_rolling_on_plane.friction_force_x;
        v[CCREF_SLOT_BROP_FRICTION_Y] = r->u.ball_rolling_on_plane.friction_force_y;
        break;
    case CCREF_KIND_SPHERE_ON_SPHERE:
        put9(v, CCREF_SLOT_SOS_FRAME_R, &r->u.sphere_on_sphere.contact_frame.R);
        put3(v, CCREF_SLOT_SOS_FRAME_P, r->u.sphere_on_sphere.contact_frame.p);
        v[CCREF_SLOT_SOS_SEPARATION] = r->u.sphere_on_sphere.separation;
        put3(v, CCREF_SLOT_SOS_FORCE_ON_BODY2, r->u.sphere_on_sphere.force_on_body2);
        break;
    case CCREF_KIND_POINT_ON_PLANE:
        put3(v, CCREF_SLOT_POP_FOLLOWER, r->u.point_on_plane.follower_point);
        put3(v, CCREF_SLOT_POP_FORCE_ON_FOLLOWER, r->u.point_on_plane.force_on_follower);
        break;
    case CCREF_KIND_LINE_ON_LINE:
        put3(v, CCREF_SLOT_LOL_CLOSEST1, r->u.line_on_line.closest_point1);
        put3(v, CCREF_SLOT_LOL_CLOSEST2, r->u.line_on_line.closest_point2);
        put9(v, CCREF_SLOT_LOL_FRAME_R, &r->u.line_on_line.contact_frame.R);
        put3(v, CCREF_SLOT_LOL_FRAME_P, r->u.line_on_line.contact_frame.p);
        v[CCREF_SLOT_LOL_SEPARATION] = r->u.line_on_line.separation;
        put3(v, CCREF_SLOT_LOL_FORCE_ON_BODY2, r->u.line_on_line.force_on_body2);
        break;
    default:
        break;
    }
    return n;
}

int ccref_flatten_contact_result(const ccref_contact_result *r, double v[CCREF_CSLOT_N])
{
    v[CCREF_CSLOT_PERR] = r->perr;
    v[CCREF_CSLOT_VERR] = r->verr;
    v[CCREF_CSLOT_AERR] = r->aerr;
    put3(v, CCREF_CSLOT_DISPLAY, r->display_point);
    v[CCREF_CSLOT_SLIP_VELOCITY] = r->slip_velocity[0];
    v[CCREF_CSLOT_SLIP_VELOCITY + 1] = r->slip_velocity[1];
    v[CCREF_CSLOT_SLIP_ACCELERATION] = r->slip_acceleration[0];
    v[CCREF_CSLOT_SLIP_ACCELERATION + 1] = r->slip_acceleration[1];
    v[CCREF_CSLOT_IMPACT_SPEED] = r->impact_speed;
    v[CCREF_CSLOT_EFFECTIVE_COR] = r->effective_cor;
    v[CCREF_CSLOT_SLIP_SPEED] = r->slip_speed;
    v[CCREF_CSLOT_EFFECTIVE_COF] = r->effective_cof;
    v[CCREF_CSLOT_COORDINATE_FORCE] = r->coordinate_force;
    put_output(v + CCREF_CSLOT_CONSTRAINT, &r->constraint);
    return CCREF_CSLOT_N;
}

/* ---------------------------------------------------------------- names */

static const char *const common_names[CCREF_SLOT_AUX] = {
    "perr[0]", "perr[1]", "perr[2]", "verr[0]", "verr[1]", "verr[2]", "aerr[0]", "aerr[1]", "aerr[2]",
    "force_on_body1.moment.x", "force_on_body1.moment.y", "force_on_body1.moment.z",
    "force_on_body1.force.x", "force_on_body1.force.y", "force_on_body1.force.z",
    "force_on_body2.moment.x", "force_on_body2.moment.y", "force_on_body2.moment.z",
    "force_on_body2.force.x", "force_on_body2.force.y", "force_on_body2.force.z",
};

#define V3N(s) s ".x", s ".y", s ".z"
#define M3N(s) s "[0][0]", s "[0][1]", s "[0][2]", s "[1][0]", s "[1][1]", s "[1][2]", s "[2][0]", s "[2][1]", s "[2][2]"

/* The physically applied forces of sphere_on_sphere and line_on_line are named *_applied: the plain name
 * force_on_body2 is the common multiplier-sign output. */
static const char *const ball_names[] = {V3N("reaction_on_body1_in_b1"), V3N("reaction_on_body2_in_b2")};
static const char *const rod_names[] = {"tension", V3N("orientation")};
static const char *const pip_names[] = {V3N("follower_point")};
static const char *const cc_names[] = {"generalized_force"};
static const char *const sop_names[] = {V3N("contact_point"), "separation", V3N("force_on_sphere")};
static const char *const brop_names[] = {V3N("contact_point"), M3N("plane_axes"), "normal_force", "friction_force_x",
                                         "friction_force_y"};
static const char *const sos_names[] = {M3N("contact_frame.R"), V3N("contact_frame.p"), "separation",
                                        V3N("force_on_body2_applied")};
static const char *const pop_names[] = {V3N("follower_point"), V3N("force_on_follower")};
static const char *const lol_names[] = {V3N("closest_point1"), V3N("closest_point2"), M3N("contact_frame.R"),
                                        V3N("contact_frame.p"), "separation", V3N("force_on_body2_applied")};

const char *ccref_output_name(ccref_kind kind, int slot)
{
    int n = ccref_kind_outputs(kind);
    if (slot < 0 || slot >= n)
        return NULL;
    if (slot < CCREF_SLOT_AUX)
        return common_names[slot];
    int a = slot - CCREF_SLOT_AUX;
    switch (kind) {
    case CCREF_KIND_BALL: return ball_names[a];
    case CCREF_KIND_ROD: return rod_names[a];
    case CCREF_KIND_POINT_IN_PLANE: return pip_names[a];
    case CCREF_KIND_CONSTANT_COORDINATE: return cc_names[a];
    case CCREF_KIND_SPHERE_ON_PLANE: return sop_names[a];
    case CCREF_KIND_BALL_ROLLING_ON_PLANE: return brop_names[a];
    case CCREF_KIND_SPHERE_ON_SPHERE: return sos_names[a];
    case CCREF_KIND_POINT_ON_PLANE: return pop_names[a];
    case CCREF_KIND_LINE_ON_LINE: return lol_names[a];
    default: return NULL;
    }
}

int ccref_output_slot(ccref_kind kind, const char *name)
{
    int n = ccref_kind_outputs(kind);
    for (int i = 0; name != NULL && i < n; i++)
        if (strcmp(ccref_output_name(kind, i), name) == 0)
            return i;
    return -1;
}

#define CN(s) "constraint." s
static const char *const contact_names[CCREF_CSLOT_N] = {
    "perr", "verr", "aerr", V3N("display_point"), "slip_velocity[0]", "slip_velocity[1]",
    "slip_acceleration[0]", "slip_acceleration[1]", "impact_speed", "effective_cor", "slip_speed",
    "effective_cof", "coordinate_force",
    CN("perr[0]"), CN("perr[1]"), CN("perr[2]"), CN("verr[0]"), CN("verr[1]"), CN("verr[2]"),
    CN("aerr[0]"), CN("aerr[1]"), CN("aerr[2]"),
    V3N(CN("force_on_body1.moment")), V3N(CN("force_on_body1.force")),
    V3N(CN("force_on_body2.moment")), V3N(CN("force_on_body2.force")),
};

const char *ccref_contact_output_name(int slot)
{
    if (slot < 0 || slot >= CCREF_CSLOT_N)
        return NULL;
    return contact_names[slot];
}

int ccref_contact_output_slot(const char *name)
{
    for (int i = 0; name != NULL && i < CCREF_CSLOT_N; i++)
        if (strcmp(contact_names[i], name) == 0)
            return i;
    return -1;
}

/* ---------------------------------------------------------------- slots in use */

int ccref_slot_in_use(int slot, int mp, int mv)
{
    if (slot >= CCREF_SLOT_PERR && slot < CCREF_SLOT_PERR + 3)
        return slot - CCREF_SLOT_PERR < mp;
    if (slot >= CCREF_SLOT_VERR && slot < CCREF_SLOT_AERR + 3)
        return (slot - CCREF_SLOT_VERR) % 3 < mp + mv;
    return slot >= 0;
}

int ccref_contact_slot_in_use(ccref_contact_class cls, int slot, int mp, int mv)
{
    if (slot >= CCREF_CSLOT_CONSTRAINT)
        return ccref_slot_in_use(slot - CCREF_CSLOT_CONSTRAINT, mp, mv);
    switch (slot) {
    case CCREF_CSLOT_SLIP_VELOCITY:
    case CCREF_CSLOT_SLIP_VELOCITY + 1:
    case CCREF_CSLOT_SLIP_ACCELERATION:
    case CCREF_CSLOT_SLIP_ACCELERATION + 1:
    case CCREF_CSLOT_SLIP_SPEED:
    case CCREF_CSLOT_EFFECTIVE_COF:
        return ccref_contact_has_friction(cls);
    default:
        return slot >= 0;
    }
}
