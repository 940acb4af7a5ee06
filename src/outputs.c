/* outputs.c: the flat output layout (ccref_outputs.h). */
#include <string.h>

#include "ccref_outputs.h"

/* A compile-time check, written as an array type that has a negative size when the check fails (not C11's
 * _Static_assert: make verify's EVA run parses every file of src/ with Frama-C 25, which reads C11 only with -c11). */
#define COMPILE_TIME_CHECK(check, name) typedef char name[(check) ? 1 : -1]

/* The layout of each kind (ccref_kinds.h): its slot count, flat names and the place of each output in its result. */
typedef struct {
    size_t offset; /* of the output in the kind's result struct */
    int slots;     /* the doubles it occupies there, in flat order (0: an int, written beside the flat outputs) */
} aux_output;

#define AUX_OUTPUT(kind, OUT, member, name, TYPE, MOTION) {offsetof(ccref_##kind##_result, member), CCREF_OUTPUT_SLOTS_##TYPE},
#define AUX_OUTPUTS(KIND, kind, ...) static const aux_output kind##_outputs[] = {CCREF_OUTPUTS_##kind(AUX_OUTPUT, kind)};
CCREF_KINDS(AUX_OUTPUTS)

#define V3N(s) s ".x", s ".y", s ".z"
#define M3N(s) s "[0][0]", s "[0][1]", s "[0][2]", s "[1][0]", s "[1][1]", s "[1][2]", s "[2][0]", s "[2][1]", s "[2][2]"
#define NAMES_SCALAR(s) s,
#define NAMES_VEC3(s) V3N(s),
#define NAMES_MAT3(s) M3N(s),
#define NAMES_FRAME(s) M3N(s ".R"), V3N(s ".p"),
#define NAMES_INT(s)
#define NAMES_BOOL(s)
#define AUX_NAMES(kind, OUT, member, name, TYPE, MOTION) NAMES_##TYPE(name)
#define KIND_NAMES(KIND, kind, ABBR, ...)                                                                              \
    static const char *const kind##_names[] = {CCREF_OUTPUTS_##kind(AUX_NAMES, kind)};                                \
    COMPILE_TIME_CHECK(sizeof kind##_names / sizeof(const char *) == CCREF_SLOT_##ABBR##_N - CCREF_SLOT_AUX,          \
                       a_name_per_slot_of_##kind);
CCREF_KINDS(KIND_NAMES)

typedef struct {
    int n;                          /* slots */
    const aux_output *outputs;
    int n_outputs;
    const char *const *names;       /* of the slots from CCREF_SLOT_AUX */
} kind_layout;

#define KIND_LAYOUT(KIND, kind, ABBR, ...)                                                                             \
    [CCREF_KIND_##KIND] = {CCREF_SLOT_##ABBR##_N, kind##_outputs, (int)(sizeof kind##_outputs / sizeof(aux_output)),   \
                           kind##_names},
static const kind_layout layouts[CCREF_KIND_COUNT] = {CCREF_KINDS(KIND_LAYOUT)};

/* The flattening copies an output's doubles in memory order, which is the flat order for these types. */
COMPILE_TIME_CHECK(sizeof(ccref_vec3) == 3 * sizeof(double), vec3_is_three_doubles);
COMPILE_TIME_CHECK(sizeof(ccref_mat3) == 9 * sizeof(double), mat3_is_nine_doubles_row_major);
COMPILE_TIME_CHECK(sizeof(ccref_frame) == 12 * sizeof(double), frame_is_R_then_p);

static const kind_layout *layout_of(ccref_kind kind)
{
    return (unsigned)kind < CCREF_KIND_COUNT ? &layouts[kind] : NULL;
}

int ccref_kind_outputs(ccref_kind kind)
{
    const kind_layout *l = layout_of(kind);
    return l != NULL ? l->n : 0;
}

static void put3(double *v, int slot, ccref_vec3 a)
{
    v[slot] = a.x;
    v[slot + 1] = a.y;
    v[slot + 2] = a.z;
}

static void put_output(double *v, const ccref_output *o)
{
    for (int i = 0; i < CCREF_MAX_ROWS; i++) {
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
    const kind_layout *l = layout_of(kind);
    if (l == NULL)
        return 0;
    put_output(v, &r->u.out);
    int slot = CCREF_SLOT_AUX;
    for (int i = 0; i < l->n_outputs; i++) {
        memcpy(&v[slot], (const char *)&r->u + l->outputs[i].offset, (size_t)l->outputs[i].slots * sizeof(double));
        slot += l->outputs[i].slots;
    }
    return l->n;
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

#define ROWSN(s) s "[0]", s "[1]", s "[2]", s "[3]", s "[4]", s "[5]"
COMPILE_TIME_CHECK(CCREF_MAX_ROWS == 6, a_name_per_row);
static const char *const common_names[CCREF_SLOT_AUX] = {
    ROWSN("perr"), ROWSN("verr"), ROWSN("aerr"),
    "force_on_body1.moment.x", "force_on_body1.moment.y", "force_on_body1.moment.z",
    "force_on_body1.force.x", "force_on_body1.force.y", "force_on_body1.force.z",
    "force_on_body2.moment.x", "force_on_body2.moment.y", "force_on_body2.moment.z",
    "force_on_body2.force.x", "force_on_body2.force.y", "force_on_body2.force.z",
};

const char *ccref_output_name(ccref_kind kind, int slot)
{
    const kind_layout *l = layout_of(kind);
    if (l == NULL || slot < 0 || slot >= l->n)
        return NULL;
    return slot < CCREF_SLOT_AUX ? common_names[slot] : l->names[slot - CCREF_SLOT_AUX];
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
    ROWSN(CN("perr")), ROWSN(CN("verr")), ROWSN(CN("aerr")),
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
    if (slot >= CCREF_SLOT_PERR && slot < CCREF_SLOT_VERR)
        return slot - CCREF_SLOT_PERR < mp;
    if (slot >= CCREF_SLOT_VERR && slot < CCREF_SLOT_F1_MOMENT)
        return (slot - CCREF_SLOT_VERR) % CCREF_MAX_ROWS < mp + mv;
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
