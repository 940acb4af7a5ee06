/* fields.c: see fields.h. */
#include <string.h>

#include "fields.h"

#define P FIELD
#define END FIELD_END

/* ---------------------------------------------------------------- the kinds and classes, from the table */

/* The case format's type and the positivity status of each parameter TYPE of ccref_kinds.h. */
#define FIELD_OF_SCALAR FIELD_SCALAR, 0
#define FIELD_OF_RADIUS FIELD_SCALAR, CCREF_E_NONPOSITIVE_RADIUS
#define FIELD_OF_LENGTH FIELD_SCALAR, CCREF_E_NONPOSITIVE_LENGTH
#define FIELD_OF_VEC3 FIELD_VEC3, 0
#define FIELD_OF_UNIT FIELD_UNIT, 0
#define FIELD_OF_FRAME FIELD_FRAME, 0
#define FIELD_OF_ROLLING FIELD_BOOL, 0
#define FIELD_TYPE_(type, nonpositive) type
#define FIELD_TYPE(x) FIELD_TYPE_(x)
#define FIELD_NONPOSITIVE_(type, nonpositive) nonpositive
#define FIELD_NONPOSITIVE(x) FIELD_NONPOSITIVE_(x)
#define PARAM(k, member, TYPE, LO, HI)                                                                                 \
    {#member, FIELD_TYPE(FIELD_OF_##TYPE), offsetof(ccref_##k##_params, member), FIELD_NONPOSITIVE(FIELD_OF_##TYPE),    \
     LO, HI},

/* The discrete (INT, BOOL) outputs of a kind; the others are the library's flat layout (src/outputs.c). */
#define DISCRETE_SCALAR(k, member, name)
#define DISCRETE_VEC3(k, member, name)
#define DISCRETE_MAT3(k, member, name)
#define DISCRETE_FRAME(k, member, name)
#define DISCRETE_INT(k, member, name) {name, FIELD_INT, offsetof(ccref_##k##_result, member), 0, 0, 0},
#define DISCRETE_BOOL(k, member, name) {name, FIELD_BOOL, offsetof(ccref_##k##_result, member), 0, 0, 0},
#define DISCRETE(k, OUT, member, name, TYPE, MOTION) DISCRETE_##TYPE(k, member, name)

#define KIND_FIELDS(KIND, kind, ...)                                                                                   \
    static const field_desc kind##_params[] = {CCREF_PARAMS_##kind(PARAM, kind) END};                                 \
    static const field_desc kind##_discrete[] = {CCREF_OUTPUTS_##kind(DISCRETE, kind) END};
CCREF_KINDS(KIND_FIELDS)

#define STATE_OF_BODIES (STATE_BODY1 | STATE_BODY2)
#define STATE_OF_COORDINATE STATE_COORDINATE
#define STATE_OF_BODY1_COORDINATE (STATE_BODY1 | STATE_COORDINATE)
#define KIND_ENTRY(KIND, kind, ABBR, STATE, MP, MV, WELL)                                                              \
    [CCREF_KIND_##KIND] = {kind##_params, kind##_discrete, STATE_OF_##STATE, CONDITIONING_##WELL},
static const kind_fields kind_table[CCREF_KIND_COUNT] = {CCREF_KINDS(KIND_ENTRY)};

const kind_fields *cli_kind_fields(ccref_kind kind)
{
    if ((unsigned)kind >= CCREF_KIND_COUNT)
        return NULL;
    return &kind_table[kind];
}

#define CONTACT_FIELDS(params) static const field_desc params##_params[] = {CCREF_CONTACT_PARAMS_##params(PARAM, params) END};
CCREF_CONTACT_PARAMS(CONTACT_FIELDS)

#define CLASS_ENTRY(CLASS, cls, params, LIKE, STATE)                                                                   \
    [CCREF_CONTACT_##CLASS] = {params##_params, STATE_OF_##STATE, CCREF_KIND_##LIKE},
static const contact_fields contact_table[CCREF_CONTACT_COUNT] = {CCREF_CONTACTS(CLASS_ENTRY)};

const contact_fields *cli_contact_fields(ccref_contact_class cls)
{
    if ((unsigned)cls >= CCREF_CONTACT_COUNT)
        return NULL;
    return &contact_table[cls];
}

size_t field_size(field_type type)
{
    switch (type) {
    case FIELD_SCALAR: return sizeof(double);
    case FIELD_VEC3:
    case FIELD_UNIT: return sizeof(ccref_vec3);
    case FIELD_MAT3: return sizeof(ccref_mat3);
    case FIELD_FRAME: return sizeof(ccref_frame);
    default: return sizeof(int);
    }
}

int contact_params_from_kind(ccref_contact_case *c, const ccref_case *k)
{
    const contact_fields *cf = cli_contact_fields(c->cls);
    if (cf == NULL || k->kind != cf->like)
        return -1;
    const field_desc *from = cli_kind_fields(k->kind)->params, *to = cf->params;
    int i = 0;
    for (; to[i].name != NULL && from[i].name != NULL && to[i].type == from[i].type; i++)
        memcpy((char *)&c->params + to[i].offset, (const char *)&k->params + from[i].offset, field_size(to[i].type));
    return i;
}

/* ---------------------------------------------------------------- the blocks of the classes and the rules */

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
