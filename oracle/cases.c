/* cases.c: the interval containers of a case and of its outputs: the conversion of a kind's or a contact class's
 * double case into point intervals, member for member as the table ccref_kinds.h lists the parameters, and the
 * interval output sets the mirrors write. */
#include <string.h>

#include "internal.h"

/* ================================================================ parameters, from the table */

#define ORA_PARAM(k, member, TYPE, LO, HI) {CCREF_PARAM_##TYPE, offsetof(ccref_##k##_params, member), offsetof(ora_##k##_params, member)},
#define KIND_PARAMS(KIND, kind, ...) static const ora_param kind##_ora_params[] = {CCREF_PARAMS_##kind(ORA_PARAM, kind)};
CCREF_KINDS(KIND_PARAMS)
#define CONTACT_PARAMS(params) static const ora_param params##_ora_params[] = {CCREF_CONTACT_PARAMS_##params(ORA_PARAM, params)};
CCREF_CONTACT_PARAMS(CONTACT_PARAMS)

/* The state a kind or class reads (the STATE column): its bodies, its coordinate. */
#define STATE_OF_BODIES (ORA_STATE_BODY1 | ORA_STATE_BODY2)
#define STATE_OF_COORDINATE ORA_STATE_COORDINATE
#define STATE_OF_BODY1_COORDINATE (ORA_STATE_BODY1 | ORA_STATE_COORDINATE)
#define COUNTED(a) a, (int)(sizeof a / sizeof a[0])
#define KIND_ENTRY(KIND, kind, ABBR, STATE, ...) [CCREF_KIND_##KIND] = {COUNTED(kind##_ora_params), STATE_OF_##STATE},
static const ora_params kind_params[CCREF_KIND_COUNT] = {CCREF_KINDS(KIND_ENTRY)};
#define CLASS_ENTRY(CLASS, cls, params, LIKE, STATE) [CCREF_CONTACT_##CLASS] = {COUNTED(params##_ora_params), STATE_OF_##STATE},
static const ora_params class_params[CCREF_CONTACT_COUNT] = {CCREF_CONTACTS(CLASS_ENTRY)};

static const ora_params no_params = {NULL, 0, 0};

const ora_params *ora_kind_params(ccref_kind kind)
{
    return (unsigned)kind < CCREF_KIND_COUNT ? &kind_params[kind] : &no_params;
}

const ora_params *ora_class_params(ccref_contact_class cls)
{
    return (unsigned)cls < CCREF_CONTACT_COUNT ? &class_params[cls] : &no_params;
}

static void params_init(const ora_params *ps, void *params, mpfr_prec_t prec)
{
    for (int i = 0; i < ps->n; i++) {
        void *x = (char *)params + ps->p[i].ora_offset;
        switch (ps->p[i].type) {
        case CCREF_PARAM_VEC3:
        case CCREF_PARAM_UNIT: ora_v3_init(x, prec); break;
        case CCREF_PARAM_FRAME: ora_frame_init(x, prec); break;
        case CCREF_PARAM_ROLLING: *(int *)x = 0; break;
        default: s_init(x, prec); break;
        }
    }
}

static void params_clear(const ora_params *ps, void *params)
{
    for (int i = 0; i < ps->n; i++) {
        void *x = (char *)params + ps->p[i].ora_offset;
        switch (ps->p[i].type) {
        case CCREF_PARAM_VEC3:
        case CCREF_PARAM_UNIT: ora_v3_clear(x); break;
        case CCREF_PARAM_FRAME: ora_frame_clear(x); break;
        case CCREF_PARAM_ROLLING: break;
        default: mpfi_clear(x); break;
        }
    }
}

static void params_set(const ora_params *ps, void *params, const void *from)
{
    for (int i = 0; i < ps->n; i++) {
        void *x = (char *)params + ps->p[i].ora_offset;
        const void *d = (const char *)from + ps->p[i].offset;
        switch (ps->p[i].type) {
        case CCREF_PARAM_VEC3:
        case CCREF_PARAM_UNIT: ora_v3_set_d(x, *(const ccref_vec3 *)d); break;
        case CCREF_PARAM_FRAME: ora_frame_set_d(x, d); break;
        case CCREF_PARAM_ROLLING: *(int *)x = *(const int *)d != 0; break;
        default: mpfi_set_d(x, *(const double *)d); break;
        }
    }
}

/* ================================================================ the state every case has */

static void coordinate_init(ora_coordinate *q, mpfr_prec_t prec)
{
    s_init(q->q, prec);
    s_init(q->qdot, prec);
    s_init(q->qdotdot, prec);
}

static void coordinate_clear(ora_coordinate *q)
{
    mpfi_clear(q->q);
    mpfi_clear(q->qdot);
    mpfi_clear(q->qdotdot);
}

static void coordinate_set(ora_coordinate *o, const ccref_coordinate *q)
{
    mpfi_set_d(o->q, q->q);
    mpfi_set_d(o->qdot, q->qdot);
    mpfi_set_d(o->qdotdot, q->qdotdot);
}

static void lambda_init(ora_lambda *l, mpfr_prec_t prec)
{
    for (int i = 0; i < CCREF_MAX_ROWS; i++)
        s_init(l->l[i], prec);
}

static void lambda_clear(ora_lambda *l)
{
    for (int i = 0; i < CCREF_MAX_ROWS; i++)
        mpfi_clear(l->l[i]);
}

/* The multipliers past n are 0 (a case with too many is rejected before any evaluation); n is at most the size of
 * the caller's array. */
static void lambda_set(ora_lambda *o, const double *lambda, size_t n)
{
    for (size_t i = 0; i < CCREF_MAX_ROWS; i++)
        mpfi_set_d(o->l[i], i < n ? lambda[i] : 0.0);
}

/* ================================================================ bilateral cases */

void ora_case_init(ora_case *c, ccref_kind kind, mpfr_prec_t prec)
{
    c->kind = kind;
    ora_body_init(&c->body1, prec);
    ora_body_init(&c->body2, prec);
    coordinate_init(&c->coordinate, prec);
    lambda_init(&c->lambda, prec);
    params_init(ora_kind_params(kind), &c->params, prec);
}

void ora_case_clear(ora_case *c)
{
    ora_body_clear(&c->body1);
    ora_body_clear(&c->body2);
    coordinate_clear(&c->coordinate);
    lambda_clear(&c->lambda);
    params_clear(ora_kind_params(c->kind), &c->params);
}

void ora_case_set(ora_case *o, const ccref_case *c)
{
    ora_body_set_d(&o->body1, &c->body1);
    ora_body_set_d(&o->body2, &c->body2);
    coordinate_set(&o->coordinate, &c->coordinate);
    lambda_set(&o->lambda, c->lambda, c->n_lambda < CCREF_MAX_ROWS ? c->n_lambda : CCREF_MAX_ROWS);
    params_set(ora_kind_params(o->kind), &o->params, &c->params);
}

/* ================================================================ contact cases */

/* The material coefficients and the caller's speeds, in the order of ora_contact_case. */
static void contact_scalars(ora_contact_case *c, mpfi_ptr s[7])
{
    mpfi_ptr all[7] = {c->min_cor, c->mu_s, c->mu_d, c->mu_v, c->capture_speed, c->min_cor_speed, c->transition_speed};
    memcpy(s, all, sizeof all);
}

void ora_contact_case_init(ora_contact_case *c, ccref_contact_class cls, mpfr_prec_t prec)
{
    c->cls = cls;
    ora_body_init(&c->body1, prec);
    ora_body_init(&c->body2, prec);
    coordinate_init(&c->coordinate, prec);
    mpfi_ptr s[7];
    contact_scalars(c, s);
    for (int i = 0; i < 7; i++)
        s_init(s[i], prec);
    lambda_init(&c->lambda, prec);
    params_init(ora_class_params(cls), &c->params, prec);
}

void ora_contact_case_clear(ora_contact_case *c)
{
    ora_body_clear(&c->body1);
    ora_body_clear(&c->body2);
    coordinate_clear(&c->coordinate);
    mpfi_ptr s[7];
    contact_scalars(c, s);
    for (int i = 0; i < 7; i++)
        mpfi_clear(s[i]);
    lambda_clear(&c->lambda);
    params_clear(ora_class_params(c->cls), &c->params);
}

void ora_contact_case_set(ora_contact_case *o, const ccref_contact_case *c)
{
    ora_body_set_d(&o->body1, &c->body1);
    ora_body_set_d(&o->body2, &c->body2);
    coordinate_set(&o->coordinate, &c->coordinate);
    const double d[7] = {c->material.min_cor,        c->material.mu_s,          c->material.mu_d,
                         c->material.mu_v,           c->speeds.capture_speed,   c->speeds.min_cor_speed,
                         c->speeds.transition_speed};
    mpfi_ptr s[7];
    contact_scalars(o, s);
    for (int i = 0; i < 7; i++)
        mpfi_set_d(s[i], d[i]);
    size_t n_max = sizeof c->lambda / sizeof c->lambda[0];
    lambda_set(&o->lambda, c->lambda, c->n_lambda < n_max ? c->n_lambda : n_max);
    params_set(ora_class_params(o->cls), &o->params, &c->params);
}

/* ================================================================ interval outputs */

void ora_out_init(ora_out *o, mpfr_prec_t prec)
{
    o->kind = CCREF_KIND_COUNT;
    o->n = 0;
    for (int i = 0; i < CCREF_SLOT_MAX; i++)
        s_init(o->v[i], prec);
    s_init(o->verr0_num, prec);
    s_init(o->verr0_den, prec);
    s_init(o->slip_num, prec);
    s_init(o->slip_den, prec);
    ora_v3_init(&o->slip_vec, prec);
    o->verr0_k = 0;
    o->want_forms = 0;
    o->mp = o->mv = 0;
    o->status = CCREF_OK;
    o->deviations = 0;
    o->sense = o->lines_are_parallel = 0;
}

void ora_out_clear(ora_out *o)
{
    for (int i = 0; i < CCREF_SLOT_MAX; i++)
        mpfi_clear(o->v[i]);
    mpfi_clear(o->verr0_num);
    mpfi_clear(o->verr0_den);
    mpfi_clear(o->slip_num);
    mpfi_clear(o->slip_den);
    ora_v3_clear(&o->slip_vec);
}

void out_reset(ora_out *o, ccref_kind kind, int n, int mp, int mv)
{
    o->kind = kind;
    o->n = n;
    for (int i = 0; i < n; i++)
        mpfi_set_ui(o->v[i], 0);
    mpfi_set_ui(o->verr0_num, 0);
    mpfi_set_ui(o->verr0_den, 1);
    o->verr0_k = 0;
    mpfi_set_ui(o->slip_num, 0);
    mpfi_set_ui(o->slip_den, 1);
    iv_zero(&o->slip_vec);
    o->mp = mp;
    o->mv = mv;
    o->status = CCREF_OK;
    o->deviations = 0;
    o->sense = 0;
    o->lines_are_parallel = 0;
}

void out_set_v3(ora_out *o, int slot, const ora_v3 *a)
{
    mpfi_set(o->v[slot], a->x);
    mpfi_set(o->v[slot + 1], a->y);
    mpfi_set(o->v[slot + 2], a->z);
}

void out_set_m3(ora_out *o, int slot, const ora_m3 *R)
{
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            mpfi_set(o->v[slot + 3 * i + j], R->m[i][j]);
}

void out_get_v3(ora_v3 *r, const ora_out *o, int slot)
{
    mpfi_set(r->x, o->v[slot]);
    mpfi_set(r->y, o->v[slot + 1]);
    mpfi_set(r->z, o->v[slot + 2]);
}

void ora_contact_out_init(ora_contact_out *o, mpfr_prec_t prec)
{
    o->cls = CCREF_CONTACT_COUNT;
    for (int i = 0; i < CCREF_CSLOT_N; i++)
        s_init(o->v[i], prec);
    o->sign = o->has_friction = 0;
    o->cor_branch = CCREF_COR_CAPTURED;
    o->cof_branch = CCREF_COF_STATIC;
    o->status = CCREF_OK;
    o->deviations = 0;
    o->mp = o->mv = 0;
    o->kernel = NULL;
}

void ora_contact_out_clear(ora_contact_out *o)
{
    for (int i = 0; i < CCREF_CSLOT_N; i++)
        mpfi_clear(o->v[i]);
}
