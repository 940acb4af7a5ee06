/* outcome.c: see outcome.h. */
#include <math.h>
#include <string.h>

#include "outcome.h"
#include "../src/ccref_handle.h"
#include "../src/ccref_tiers.h"

/* The discrete outputs a kind's result may have beyond the common ones (its INT and BOOL outputs in ccref_kinds.h),
 * by name: their bit and their place in a discrete record. */
static const struct {
    const char *name;
    unsigned bit;
    size_t offset;
} kind_discrete[] = {
    {"sense", DISC_SENSE, offsetof(discrete, sense)},
    {"lines_are_parallel", DISC_PARALLEL, offsetof(discrete, lines_are_parallel)},
};

static int kind_discrete_index(const char *name)
{
    for (int i = 0; i < (int)(sizeof kind_discrete / sizeof kind_discrete[0]); i++)
        if (strcmp(kind_discrete[i].name, name) == 0)
            return i;
    return -1;
}

static unsigned kind_discrete_bits(ccref_kind kind)
{
    unsigned bits = 0;
    for (const field_desc *f = cli_kind_fields(kind)->discrete; f->name != NULL; f++) {
        int i = kind_discrete_index(f->name);
        bits |= i >= 0 ? kind_discrete[i].bit : 0u;
    }
    return bits;
}

/* A kind's INT and BOOL outputs, from its result into d. */
static void kind_discrete_values(ccref_kind kind, const ccref_result *r, discrete *d)
{
    for (const field_desc *f = cli_kind_fields(kind)->discrete; f->name != NULL; f++) {
        int i = kind_discrete_index(f->name);
        if (i >= 0)
            memcpy((char *)d + kind_discrete[i].offset, (const char *)&r->u + f->offset, sizeof(int));
    }
}

unsigned suite_discrete(int suite)
{
    switch (suite_type_of(suite)) {
    case SUITE_TYPE_KIND:
        return DISC_MP | DISC_MV | DISC_DEVIATIONS | kind_discrete_bits(suite_kind(suite));
    case SUITE_TYPE_CONTACT:
        return DISC_MP | DISC_MV | DISC_DEVIATIONS | DISC_SIGN | DISC_HAS_FRICTION | DISC_COR_BRANCH |
               (ccref_contact_has_friction(suite_class(suite)) ? DISC_COF_BRANCH : 0u);
    default:
        return suite == SUITE_EFFECTIVE_COR ? DISC_COR_BRANCH
               : suite == SUITE_EFFECTIVE_COF ? DISC_COF_BRANCH
                                              : DISC_CONDITION | DISC_VALID | DISC_PROXIMAL;
    }
}

/* A kind's or a class's own slots; its Constraint handle's follow them (src/ccref_handle.h). */
int suite_own_slots(int suite)
{
    switch (suite_type_of(suite)) {
    case SUITE_TYPE_KIND: return ccref_kind_outputs(suite_kind(suite));
    case SUITE_TYPE_CONTACT: return CCREF_CSLOT_N;
    default: return suite == SUITE_CLASSIFY ? 0 : 1;
    }
}

static int suite_has_handle(int suite)
{
    return suite_type_of(suite) == SUITE_TYPE_KIND || suite_type_of(suite) == SUITE_TYPE_CONTACT;
}

/* The holonomic rows and the mobilities of a suite's Constraint handle. */
static int suite_handle_mp(int suite)
{
    return suite_type_of(suite) == SUITE_TYPE_KIND ? ccref_kind_mp(suite_kind(suite)) : 1;
}

static int suite_handle_nu(int suite)
{
    return suite_type_of(suite) == SUITE_TYPE_KIND ? ccref_kind_mobilities(suite_kind(suite))
                                                   : ccref_class_mobilities(suite_class(suite));
}

int suite_slots(int suite) { return suite_own_slots(suite) + (suite_has_handle(suite) ? CCREF_HSLOT_N : 0); }

const char *slot_name(int suite, int slot)
{
    int own = suite_own_slots(suite);
    if (suite_has_handle(suite) && slot >= own)
        return ccref_handle_output_name(suite_handle_mp(suite), suite_type_of(suite) == SUITE_TYPE_CONTACT,
                                        slot - own);
    switch (suite_type_of(suite)) {
    case SUITE_TYPE_KIND: return ccref_output_name(suite_kind(suite), slot);
    case SUITE_TYPE_CONTACT: return ccref_contact_output_name(slot);
    default: return slot == 0 && suite != SUITE_CLASSIFY ? "value" : NULL;
    }
}

int slot_from_name(int suite, const char *name)
{
    if (suite_has_handle(suite)) {
        int h = ccref_handle_output_slot(suite_handle_mp(suite), suite_type_of(suite) == SUITE_TYPE_CONTACT, name);
        if (h >= 0)
            return suite_own_slots(suite) + h;
    }
    switch (suite_type_of(suite)) {
    case SUITE_TYPE_KIND: return ccref_output_slot(suite_kind(suite), name);
    case SUITE_TYPE_CONTACT: return ccref_contact_output_slot(name);
    default: return suite != SUITE_CLASSIFY && strcmp(name, "value") == 0 ? 0 : -1;
    }
}

void outcome_set_in_use(outcome *o)
{
    o->n = suite_slots(o->suite);
    for (int i = 0; i < o->n; i++) {
        if (!ccref_status_ok(o->d.status))
            o->in_use[i] = 0;
        else if (suite_has_handle(o->suite) && i >= suite_own_slots(o->suite))
            o->in_use[i] = (unsigned char)ccref_handle_slot_in_use(i - suite_own_slots(o->suite), o->d.mp, o->d.mv,
                                                                   suite_handle_nu(o->suite));
        else if (suite_type_of(o->suite) == SUITE_TYPE_KIND)
            o->in_use[i] = (unsigned char)ccref_slot_in_use(i, o->d.mp, o->d.mv);
        else if (suite_type_of(o->suite) == SUITE_TYPE_CONTACT)
            o->in_use[i] = (unsigned char)ccref_contact_slot_in_use(suite_class(o->suite), i, o->d.mp, o->d.mv);
        else
            o->in_use[i] = 1;
    }
}

static void outcome_init(outcome *o, int suite)
{
    memset(o, 0, sizeof *o);
    o->suite = suite;
    o->n = suite_slots(suite);
}

/* ------------------------------------------------------------------ the Constraint handle */

ccref_status append_handle_bounds(const cli_case *c, const ccref_branch_choice *br, ccref_bounds *b, ccref_status st)
{
    if (!suite_has_handle(c->suite) || b->n == 0)
        return st;
    ccref_bounds hb;
    ccref_status hs = suite_type_of(c->suite) == SUITE_TYPE_KIND ? ccref_bounds_handle_case(&c->u.k, br, &hb)
                                                                 : ccref_bounds_handle_contact(&c->u.c, br, &hb);
    if (ccref_status_ok(st) && !ccref_status_ok(hs))
        st = hs;
    int own = suite_own_slots(c->suite);
    for (int i = 0; i < CCREF_HSLOT_N; i++) {
        b->bound[own + i] = hb.n == CCREF_HSLOT_N ? hb.bound[i] : INFINITY;
        b->exceeds_value[own + i] = hb.n == CCREF_HSLOT_N && hb.exceeds_value[i];
    }
    b->n_exceeds_value += hb.n == CCREF_HSLOT_N ? hb.n_exceeds_value : 0;
    b->bands |= hb.bands;
    for (int d = 0; d < CCREF_DECISION_COUNT; d++)
        b->possible[d] |= hb.possible[d];
    b->n = own + CCREF_HSLOT_N;
    return st;
}

void append_handle_tiers(const cli_case *c, const ccref_branch_choice *br, ccref_tiers *t)
{
    if (!suite_has_handle(c->suite) || t->n == 0)
        return;
    ccref_tiers ht;
    if (suite_type_of(c->suite) == SUITE_TYPE_KIND)
        ccref_tiers_handle_case(&c->u.k, br, &ht);
    else
        ccref_tiers_handle_contact(&c->u.c, br, &ht);
    int own = suite_own_slots(c->suite);
    for (int i = 0; i < CCREF_HSLOT_N; i++)
        for (int k = 0; k < CCREF_TIER_COUNT; k++)
            t->bound[k][own + i] = ht.n == CCREF_HSLOT_N ? ht.bound[k][i] : INFINITY;
    t->bands |= ht.bands;
    t->n = own + CCREF_HSLOT_N;
}

static void append_handle_certs(ora_ctx *ctx, const cli_case *c, const ora_decisions *force, discrete *d,
                                ora_cert *cert, int *decided, int *max_bits)
{
    int own = suite_own_slots(c->suite);
    ora_handle_result hr;
    if (suite_type_of(c->suite) == SUITE_TYPE_KIND)
        ora_eval_handle_case(ctx, &c->u.k, force, &hr);
    else
        ora_eval_handle_contact(ctx, &c->u.c, force, &hr);
    for (int i = 0; i < CCREF_HSLOT_N; i++)
        cert[own + i] = hr.out[i];
    if (!hr.decided)
        *decided = 0;
    else if (ccref_status_ok(d->status) && !ccref_status_ok(hr.status))
        d->status = hr.status;
    if (hr.max_bits > *max_bits)
        *max_bits = hr.max_bits;
}

/* ------------------------------------------------------------------ the double kernels */

void eval_kernel(const cli_case *c, outcome *o, ccref_bounds *b)
{
    outcome_init(o, c->suite);
    discrete *d = &o->d;
    ccref_bounds unused;
    if (b == NULL)
        b = &unused;
    switch (suite_type_of(c->suite)) {
    case SUITE_TYPE_KIND: {
        ccref_result r;
        d->status = ccref_eval(&c->u.k, &r);
        ccref_flatten_result(c->u.k.kind, &r, o->value);
        d->mp = r.u.out.mp;
        d->mv = r.u.out.mv;
        d->deviations = r.u.out.deviations;
        kind_discrete_values(c->u.k.kind, &r, d);
        ccref_bounds_case(&c->u.k, b);
        ccref_handle h;
        ccref_status hs = ccref_handle_case(&c->u.k, &h);
        if (ccref_status_ok(d->status) && !ccref_status_ok(hs))
            d->status = hs;
        ccref_flatten_handle(&h, o->value + suite_own_slots(c->suite));
        append_handle_bounds(c, NULL, b, CCREF_OK);
        break;
    }
    case SUITE_TYPE_CONTACT: {
        ccref_contact_result r;
        d->status = ccref_contact_eval(&c->u.c, &r);
        ccref_flatten_contact_result(&r, o->value);
        d->mp = r.constraint.mp;
        d->mv = r.constraint.mv;
        d->deviations = r.constraint.deviations;
        d->sign = r.sign;
        d->has_friction = r.has_friction;
        d->cor_branch = r.cor_branch;
        d->cof_branch = r.cof_branch;
        ccref_bounds_contact(&c->u.c, b);
        ccref_handle h;
        ccref_status hs = ccref_handle_contact(&c->u.c, &h);
        if (ccref_status_ok(d->status) && !ccref_status_ok(hs))
            d->status = hs;
        ccref_flatten_handle(&h, o->value + suite_own_slots(c->suite));
        append_handle_bounds(c, NULL, b, CCREF_OK);
        break;
    }
    default:
        if (c->suite == SUITE_EFFECTIVE_COR) {
            const cli_cor_params *p = &c->u.cor;
            ccref_cor_branch br = CCREF_COR_CAPTURED;
            d->status = ccref_effective_cor_branch(p->min_cor, p->capture_speed, p->min_cor_speed, p->impact_speed,
                                                   &o->value[0], &br);
            d->cor_branch = br;
            ccref_bounds_cor(p->min_cor, p->capture_speed, p->min_cor_speed, p->impact_speed, b);
        } else if (c->suite == SUITE_EFFECTIVE_COF) {
            const cli_cof_params *p = &c->u.cof;
            ccref_cof_branch br = CCREF_COF_STATIC;
            d->status = ccref_effective_cof_branch(p->mu_s, p->mu_d, p->mu_v, p->transition_speed, p->slip_speed,
                                                   &o->value[0], &br);
            d->cof_branch = br;
            ccref_bounds_cof(p->mu_s, p->mu_d, p->mu_v, p->transition_speed, p->slip_speed, b);
        } else {
            const cli_classify_params *p = &c->u.cl;
            ccref_unilateral_tolerances tol = {p->tol_perr, p->tol_verr, p->tol_aerr, p->tol_lambda};
            ccref_unilateral_condition cond = CCREF_UNI_SEPARATED;
            d->status = ccref_unilateral_classify(p->sign, p->perr, p->verr, p->aerr, p->lambda, &tol, &cond);
            if (d->status == CCREF_OK)
                d->status = ccref_unilateral_is_proximal(p->sign, p->perr, p->tol_perr, &d->proximal);
            d->condition = cond;
            d->valid = ccref_unilateral_condition_valid(cond);
            memset(b, 0, sizeof *b);
        }
        break;
    }
    if (!ccref_status_ok(d->status)) {
        discrete z = {0};
        z.status = d->status;
        *d = z;
        memset(o->value, 0, sizeof o->value);
    }
    outcome_set_in_use(o);
}

/* ------------------------------------------------------------------ the oracle */

void eval_oracle(ora_ctx *ctx, const cli_case *c, const ora_decisions *force, outcome *o, ora_cert *cert,
                 int *decided, int *max_bits, signed char decision[ORA_D_COUNT])
{
    outcome_init(o, c->suite);
    discrete *d = &o->d;
    *decided = 1;
    *max_bits = 0;
    for (int i = 0; i < ORA_D_COUNT; i++)
        decision[i] = ORA_DEC_AUTO;
    switch (suite_type_of(c->suite)) {
    case SUITE_TYPE_KIND: {
        ora_case_result r;
        ora_eval_case_on(ctx, &c->u.k, force, &r);
        d->status = r.status;
        d->mp = r.mp;
        d->mv = r.mv;
        d->deviations = r.deviations;
        d->sense = r.sense;
        d->lines_are_parallel = r.lines_are_parallel;
        for (int i = 0; i < r.n; i++)
            cert[i] = r.out[i];
        *decided = r.decided;
        *max_bits = r.max_bits;
        memcpy(decision, r.decision, sizeof r.decision);
        append_handle_certs(ctx, c, force, d, cert, decided, max_bits);
        break;
    }
    case SUITE_TYPE_CONTACT: {
        ora_contact_result r;
        ora_eval_contact_case_on(ctx, &c->u.c, force, &r);
        d->status = r.status;
        d->mp = r.mp;
        d->mv = r.mv;
        d->deviations = r.deviations;
        d->sign = r.sign;
        d->has_friction = r.has_friction;
        d->cor_branch = r.cor_branch;
        d->cof_branch = r.cof_branch;
        for (int i = 0; i < CCREF_CSLOT_N; i++)
            cert[i] = r.out[i];
        *decided = r.decided;
        *max_bits = r.max_bits;
        memcpy(decision, r.decision, sizeof r.decision);
        append_handle_certs(ctx, c, force, d, cert, decided, max_bits);
        break;
    }
    default:
        if (c->suite == SUITE_EFFECTIVE_COR) {
            const cli_cor_params *p = &c->u.cor;
            ccref_cor_branch br = CCREF_COR_CAPTURED;
            d->status = ora_effective_cor_d(ctx, p->min_cor, p->capture_speed, p->min_cor_speed, p->impact_speed,
                                            &cert[0], &br);
            d->cor_branch = br;
            *max_bits = cert[0].precision_bits;
        } else if (c->suite == SUITE_EFFECTIVE_COF) {
            const cli_cof_params *p = &c->u.cof;
            ccref_cof_branch br = CCREF_COF_STATIC;
            d->status = ora_effective_cof_d(ctx, p->mu_s, p->mu_d, p->mu_v, p->transition_speed, p->slip_speed,
                                            &cert[0], &br);
            d->cof_branch = br;
            *max_bits = cert[0].precision_bits;
        } else {
            const cli_classify_params *p = &c->u.cl;
            ccref_unilateral_tolerances tol = {p->tol_perr, p->tol_verr, p->tol_aerr, p->tol_lambda};
            ccref_unilateral_condition cond = CCREF_UNI_SEPARATED;
            d->status = ora_classify_d(p->sign, p->perr, p->verr, p->aerr, p->lambda, &tol, &cond);
            if (d->status == CCREF_OK)
                d->status = ora_is_proximal_d(p->sign, p->perr, p->tol_perr, &d->proximal);
            d->condition = cond;
            d->valid = ccref_unilateral_condition_valid(cond);
        }
        break;
    }
    if (!ccref_status_ok(d->status)) {
        discrete z = {0};
        z.status = d->status;
        *d = z;
    }
    for (int i = 0; i < o->n; i++)
        o->value[i] = ccref_status_ok(d->status) ? cert[i].value : 0.0;
    outcome_set_in_use(o);
}

/* ------------------------------------------------------------------ names */

static const struct { unsigned bit; const char *name; } deviations[DEVIATION_COUNT] = {
    {CCREF_DEV_BALL_REACTION_SIGN, "BALL_REACTION_SIGN"},
    {CCREF_DEV_BALL_AERR_NOT_DERIVATIVE, "BALL_AERR_NOT_DERIVATIVE"},
    {CCREF_DEV_SOS_ROLLING_AERR_SPIN, "SOS_ROLLING_AERR_SPIN"},
    {CCREF_DEV_POP_GETTER_ORDER, "POP_GETTER_ORDER"},
    {CCREF_DEV_LOL_PARALLEL_FALLBACK, "LOL_PARALLEL_FALLBACK"},
    {CCREF_DEV_BROP_NOT_IN_SIMBODY, "BROP_NOT_IN_SIMBODY"},
    {CCREF_DEV_ROPE_SIGN, "ROPE_SIGN"},
    {CCREF_DEV_PPC_HEIGHT_DROPPED, "PPC_HEIGHT_DROPPED"},
    {CCREF_DEV_PPC_GETTER_ROWS, "PPC_GETTER_ROWS"},
    {CCREF_DEV_SPC_HEIGHT_IGNORED, "SPC_HEIGHT_IGNORED"}};

const char *deviation_name(int bit_index)
{
    for (int i = 0; i < DEVIATION_COUNT; i++)
        if (deviations[i].bit == (1u << bit_index))
            return deviations[i].name;
    return NULL;
}

int deviation_from_name(const char *name)
{
    for (int i = 0; i < DEVIATION_COUNT; i++)
        if (strcmp(deviations[i].name, name) == 0)
            for (int b = 0; b < 32; b++)
                if (deviations[i].bit == (1u << b))
                    return b;
    return -1;
}

static const char *const cor_names[] = {"CAPTURED", "LINEAR", "MINIMUM"};
static const char *const cof_names[] = {"STATIC", "DYNAMIC"};
const char *cor_branch_name(int b) { return b >= 0 && b < 3 ? cor_names[b] : "?"; }
const char *cof_branch_name(int b) { return b >= 0 && b < 2 ? cof_names[b] : "?"; }
int cor_branch_from_name(const char *s)
{
    for (int b = 0; b < 3; b++)
        if (strcmp(s, cor_names[b]) == 0)
            return b;
    return -1;
}
int cof_branch_from_name(const char *s)
{
    for (int b = 0; b < 2; b++)
        if (strcmp(s, cof_names[b]) == 0)
            return b;
    return -1;
}

void discrete_write(jw *w, int suite, const discrete *d)
{
    if (!ccref_status_ok(d->status))
        return;
    unsigned m = suite_discrete(suite);
    if (m & DISC_MP) {
        jw_key(w, "mp");
        jw_int(w, d->mp);
    }
    if (m & DISC_MV) {
        jw_key(w, "mv");
        jw_int(w, d->mv);
    }
    if (m & DISC_SIGN) {
        jw_key(w, "sign");
        jw_int(w, d->sign);
    }
    if (m & DISC_HAS_FRICTION) {
        jw_key(w, "has_friction");
        jw_bool(w, d->has_friction);
    }
    if (m & DISC_SENSE) {
        jw_key(w, "sense");
        jw_int(w, d->sense);
    }
    if (m & DISC_PARALLEL) {
        jw_key(w, "lines_are_parallel");
        jw_bool(w, d->lines_are_parallel);
    }
    if (m & DISC_COR_BRANCH) {
        jw_key(w, "cor_branch");
        jw_str(w, cor_branch_name(d->cor_branch));
    }
    if (m & DISC_COF_BRANCH) {
        jw_key(w, "cof_branch");
        jw_str(w, cof_branch_name(d->cof_branch));
    }
    if (m & DISC_CONDITION) {
        jw_key(w, "condition");
        jw_str(w, ccref_unilateral_condition_name((ccref_unilateral_condition)d->condition));
    }
    if (m & DISC_VALID) {
        jw_key(w, "valid");
        jw_bool(w, d->valid);
    }
    if (m & DISC_PROXIMAL) {
        jw_key(w, "proximal");
        jw_bool(w, d->proximal);
    }
    if (m & DISC_DEVIATIONS) {
        jw_key(w, "deviations");
        jw_arr(w);
        for (int b = 0; b < 32; b++)
            if (d->deviations & (1u << b))
                jw_str(w, deviation_name(b));
        jw_end_arr(w);
    }
}

int status_from_name(const char *s)
{
    if (strcmp(s, "ERROR") == 0)
        return STATUS_ANY_ERROR;
    for (int st = 0; st < 64; st++) {
        const char *n = ccref_status_name((ccref_status)st);
        if (strcmp(n, s) == 0 && strcmp(n, "E_UNKNOWN_STATUS") != 0)
            return st;
    }
    return -1;
}
