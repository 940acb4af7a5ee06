/* internal.h: shared internals of the oracle (not part of the API): the workspace pool, interval 3-vector
 * algebra mirroring src/vec3.h and the kinematics of src/common.h, and the exact-decision helpers.
 * Every helper computes an enclosure of the exact real value of its formula (MPFI operations only). */
#ifndef CCREF_ORACLE_INTERNAL_H
#define CCREF_ORACLE_INTERNAL_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "oracle.h"

/* ---------------------------------------------------------------- workspace */

#define ORA_WS_VECS 192
#define ORA_WS_SCAL 128
#define ORA_WS_MATS 16

struct ora_ws {
    mpfr_prec_t prec;
    int nv, ns, nm;             /* bump pointers */
    ora_v3 V[ORA_WS_VECS];
    mpfi_t S[ORA_WS_SCAL];
    ora_m3 M[ORA_WS_MATS];
    mpfi_t t;                   /* scratch of the vector helpers (never held across calls) */
    ora_case *kcase[CCREF_KIND_COUNT]; /* contacts.c: the underlying kernel's parameters, created on first use */
    ora_out *kout;                  /* contacts.c: the underlying kernel's outputs */
};

typedef struct { int nv, ns, nm; } ora_mark;
static inline ora_mark ws_mark(const ora_ws *ws) { ora_mark m = {ws->nv, ws->ns, ws->nm}; return m; }
static inline void ws_release(ora_ws *ws, ora_mark m) { ws->nv = m.nv; ws->ns = m.ns; ws->nm = m.nm; }
/* A temporary vector / scalar / matrix at the workspace precision (aborts on pool exhaustion: a programming error).
 * Inline, so that the interval algebra needs the workspace's layout only, not workspace.c. */
static inline _Noreturn void ws_exhausted(const char *pool)
{
    fprintf(stderr, "oracle: workspace %s pool exhausted\n", pool);
    abort();
}
static inline ora_v3 *ws_v(ora_ws *ws)
{
    if (ws->nv >= ORA_WS_VECS)
        ws_exhausted("vector");
    return &ws->V[ws->nv++];
}
static inline mpfi_ptr ws_s(ora_ws *ws)
{
    if (ws->ns >= ORA_WS_SCAL)
        ws_exhausted("scalar");
    return ws->S[ws->ns++];
}
static inline ora_m3 *ws_m(ora_ws *ws)
{
    if (ws->nm >= ORA_WS_MATS)
        ws_exhausted("matrix");
    return &ws->M[ws->nm++];
}
/* The kind case and the kernel outputs a contact class evaluates its kernel with (contacts.c), created on first use
 * at the workspace precision (workspace.c). */
ora_case *ws_kcase(ora_ws *ws, ccref_kind kind);
ora_out *ws_kout(ora_ws *ws);

/* ---------------------------------------------------------------- vector algebra (r may alias unless noted) */

void iv_set(ora_v3 *r, const ora_v3 *a);
void iv_zero(ora_v3 *r);
void iv_add(ora_v3 *r, const ora_v3 *a, const ora_v3 *b);
void iv_sub(ora_v3 *r, const ora_v3 *a, const ora_v3 *b);
void iv_neg(ora_v3 *r, const ora_v3 *a);
void iv_scale(ora_v3 *r, mpfi_srcptr s, const ora_v3 *a);
void iv_div(ora_v3 *r, const ora_v3 *a, mpfi_srcptr s);          /* a / s componentwise */
void iv_mul_2si(ora_v3 *r, const ora_v3 *a, long e);              /* 2^e a (exact) */
void iv_dot(ora_ws *ws, mpfi_ptr r, const ora_v3 *a, const ora_v3 *b);
void iv_cross(ora_ws *ws, ora_v3 *r, const ora_v3 *a, const ora_v3 *b); /* r must not alias a or b */
/* r = a.b + c.d (s: the caller's scratch, distinct from r) */
void iv_dot_add(ora_ws *ws, mpfi_ptr r, mpfi_ptr s, const ora_v3 *a, const ora_v3 *b, const ora_v3 *c, const ora_v3 *d);
void iv_cross_e(ora_v3 *r, const ora_v3 *a, int k);               /* a x e_k (exact; r must not alias a) */
void iv_unit(ora_ws *ws, ora_v3 *r, const ora_v3 *a);             /* a / sqrt(a.a) */

void im_apply(ora_ws *ws, ora_v3 *r, const ora_m3 *R, const ora_v3 *a);     /* R a; r must not alias a */
void im_apply_t(ora_ws *ws, ora_v3 *r, const ora_m3 *R, const ora_v3 *a);   /* R^T a; r must not alias a */
void im_column(ora_v3 *r, const ora_m3 *R, int j);
void im_mul(ora_ws *ws, ora_m3 *r, const ora_m3 *A, const ora_m3 *B);       /* r must not alias */
void im_from_columns(ora_m3 *r, const ora_v3 *c0, const ora_v3 *c1, const ora_v3 *c2);
void im_init(ora_m3 *r, mpfr_prec_t prec);
void im_clear(ora_m3 *r);

/* ---------------------------------------------------------------- kinematics (spec/conventions.md section 2) */

void ik_arm_velocity(ora_ws *ws, ora_v3 *r, const ora_body *b, const ora_v3 *arm);     /* v + w x arm */
void ik_arm_acceleration(ora_ws *ws, ora_v3 *r, const ora_body *b, const ora_v3 *arm); /* a + b x arm + w x (w x arm) */
/* Write the spatial force (arm x f, f) into slots [m, m+3) and [m+6, m+9) ... of o: moment at slot mo, force at fo. */
void ik_force_at_arm(ora_ws *ws, mpfi_t *v, int mo, int fo, const ora_v3 *arm, const ora_v3 *f);
/* Add (arm x f, f) to the slots. */
void ik_force_at_arm_add(ora_ws *ws, mpfi_t *v, int mo, int fo, const ora_v3 *arm, const ora_v3 *f);
/* The rate of the velocity of a point moving over body b, at the arm `arm` with rate `darm`: (a + b x arm) + w x darm
 * (t: the caller's scratch; r must not alias t, arm or darm). */
void ik_moving_arm_acceleration(ora_ws *ws, ora_v3 *r, ora_v3 *t, const ora_body *b, const ora_v3 *arm,
                                const ora_v3 *darm);
/* k times the velocity of a point C of body 2 relative to body 1, from K = k C: k (v2 - v1) + w2 x (K - k p2) -
 * w1 x (K - k p1); a polynomial in the inputs when k and K are, where C is not (the exact slip decisions and forms).
 * t, a: the caller's scratch; V must not alias them or K. */
void ik_scaled_relative_velocity(ora_ws *ws, ora_v3 *V, mpfi_srcptr k, const ora_v3 *K, const ora_body *b1,
                                 const ora_body *b2, ora_v3 *t, ora_v3 *a);
/* The friction force of a rolling contact with tangent axes Cx, Cy at the arms pF (body 1), pB (body 2):
 * ft = l1 Cx + l2 Cy, (pB x ft, ft) added to body 2's force slots of v and the opposite, at pF, to body 1's; then
 * l1 Cx and l2 Cy added to *applied. ft, t, q: the caller's temporaries. */
void ik_friction_force_add(ora_ws *ws, mpfi_t *v, const ora_lambda *lambda, const ora_v3 *Cx, const ora_v3 *Cy,
                           const ora_v3 *pF, const ora_v3 *pB, ora_v3 *applied, ora_v3 *ft, ora_v3 *t, ora_v3 *q);

/* ---------------------------------------------------------------- the parameters, from the table (cases.c) */

/* One parameter of a kind or a class (ccref_kinds.h): its type, and its place in the double struct and in the
 * interval mirror. */
typedef struct {
    ccref_param_type type;
    size_t offset, ora_offset;
} ora_param;
enum { ORA_STATE_BODY1 = 1, ORA_STATE_BODY2 = 2, ORA_STATE_COORDINATE = 4 };
typedef struct {
    const ora_param *p;
    int n;
    unsigned state; /* ORA_STATE_* bits: what the kind or class reads besides its parameters and multipliers */
} ora_params;
/* The parameters of a kind or class; none when out of range. */
const ora_params *ora_kind_params(ccref_kind kind);
const ora_params *ora_class_params(ccref_contact_class cls);

/* ---------------------------------------------------------------- output helpers */

void out_reset(ora_out *o, ccref_kind kind, int n, int mp, int mv);     /* every slot [0,0], forms zeroed */
void out_set_v3(ora_out *o, int slot, const ora_v3 *a);
void out_set_m3(ora_out *o, int slot, const ora_m3 *R);
void out_get_v3(ora_v3 *r, const ora_out *o, int slot);

/* ---------------------------------------------------------------- exact decisions */

#define ORA_SIGN_UNKNOWN 2
/* Sign of the real enclosed by x: -1, +1, 0 when x is the point 0, ORA_SIGN_UNKNOWN otherwise. */
int ora_sign(mpfi_srcptr x);
/* 1 when x is a single point (left == right, not NaN). */
int ora_is_point(mpfi_srcptr x);
/* Record an undecided decision and return ORA_EVAL_UNDECIDED. */
ora_eval_status ora_undecided(ora_decisions *d, ora_decision_id id);
/* Decide d->v[id] from the sign s (helper: returns 0 when s is unknown). */
int ora_decide(ora_decisions *d, ora_decision_id id, int value, mpfr_prec_t prec);
/* Decide d->v[id], unless already decided or forced: 1 iff q < 2^e, on the sign of q - 2^e (exact when q is a
 * polynomial in the inputs); x: the caller's scratch. ORA_EVAL_UNDECIDED while the sign is unknown. */
ora_eval_status ora_decide_below_pow2(ora_ws *ws, ora_decisions *d, ora_decision_id id, mpfi_srcptr q, long e,
                                      mpfi_ptr x);
/* perp() index of z (smallest |z_k|, ties to the lower index), decided on the enclosures of |z_k|: returns the
 * index, or -1 when a comparison is undecided. */
int ora_perp_index(ora_ws *ws, const ora_v3 *z);
/* x = unit(z x e_k), y = unit(z x x): rotation_from_z(z) for a decided k; R = [x y z]. */
void ora_rotation_from_z(ora_ws *ws, ora_m3 *R, const ora_v3 *z, int k);
/* sign(num / den^(k/2) - c) for den > 0: exact when num, den and c are exact (spec/oracle.md); or
 * ORA_SIGN_UNKNOWN. */
int ora_cmp_form(ora_ws *ws, mpfi_srcptr num, mpfi_srcptr den, int k, mpfi_srcptr c);

/* ---------------------------------------------------------------- context (context.c) */

#define ORA_MAX_LEVELS 12

struct ora_ctx {
    ora_options opt;
    int nlev;                           /* precision steps: start_bits * 2^i <= cap_bits */
    int bits[ORA_MAX_LEVELS];
    ora_ws *ws[ORA_MAX_LEVELS];         /* created on first use */
    ora_out *out[ORA_MAX_LEVELS];
    ora_contact_out *cout[ORA_MAX_LEVELS];
    /* point inputs at each step's precision (equal precisions take MPFR's fast paths), created on first use */
    ora_case *kcase[ORA_MAX_LEVELS][CCREF_KIND_COUNT];
    ora_contact_case *ccase[ORA_MAX_LEVELS][CCREF_CONTACT_COUNT];
    struct first_ora_ctx *first;        /* the first stage's context (oracle/first_stage.h); NULL in that instance */
    int use_first;                      /* ora_ctx_set_first_stage */
};
ora_ws *ctx_ws(ora_ctx *ctx, int level);
ora_out *ctx_out(ora_ctx *ctx, int level);
ora_contact_out *ctx_cout(ora_ctx *ctx, int level);
ora_case *ctx_case(ora_ctx *ctx, int level, ccref_kind kind);
ora_contact_case *ctx_contact_case(ora_ctx *ctx, int level, ccref_contact_class cls);

/* Exact input checks shared with the contact layer (spec/oracle.md, "Input checks"): 1, 0, or -1 when the
 * decision was not reached at the cap. *bits receives the precision used (max with its value). */
int ora_exact_is_rotation(ora_ctx *ctx, const ccref_mat3 *R, int *bits);
/* CCREF_OK, CCREF_E_ZERO_DIRECTION, CCREF_E_NOT_UNIT_VECTOR (n finite), or -1 when undecided at the cap. */
int ora_exact_check_unit(ora_ctx *ctx, ccref_vec3 n, int *bits);
/* The input checks of a kind or class after its multipliers' (spec/conventions.md section 5, from the table): every
 * input of its state and parameters finite, the rotations (body 1, body 2, the FRAME parameters), RADIUS and
 * LENGTH > 0, the UNIT parameters, in this order, decided exactly: CCREF_OK, the first failing check's status, or
 * -1 when a rotation or unit decision is undecided at the cap. */
int ora_check_inputs(ora_ctx *ctx, const ora_params *ps, const void *params, const ccref_body *b1,
                     const ccref_body *b2, const ccref_coordinate *q, int *bits);
/* Certify the pending slots of v[0..n) at level bits; returns the number still pending. */
int ora_certify_pending(mpfi_t *v, int n, int bits, ora_cert *out);
/* At the end of the loop: mark pending slots CAP / UNBOUNDED with midpoint values. */
void ora_finish_pending(mpfi_t *v, int n, ora_cert *out);
void ora_cert_zero(ora_cert *c);
/* Every certificate of out[0..n) set to value 0 with the reason r: certified when r is ORA_R_EXACT_ZERO (the zeroed
 * outputs of an error status), else not (ORA_R_UNDECIDED). */
void ora_certs_set(ora_cert *out, int n, ora_reason r);
/* Whether every certificate is certified, and the highest precision that certified one. */
void ora_certs_stats(const ora_cert *out, int n, int *all_certified, int *max_bits);
/* After a Ziv loop: the value of each decision into a result's record, and the highest precision any needed into
 * *decision_bits (kept when higher). */
void ora_record_decisions(const ora_decisions *d, signed char decision[ORA_D_COUNT], int *decision_bits);

/* Finiteness of the double inputs (the kernels' first check). */
static inline int vfin(ccref_vec3 a) { return isfinite(a.x) && isfinite(a.y) && isfinite(a.z); }
static inline int mfin(const ccref_mat3 *R)
{
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            if (!isfinite(R->m[i][j]))
                return 0;
    return 1;
}
static inline int bfin(const ccref_body *b)
{
    return mfin(&b->R) && vfin(b->p) && vfin(b->w) && vfin(b->v) && vfin(b->b) && vfin(b->a);
}
static inline int ffin(const ccref_frame *f) { return mfin(&f->R) && vfin(f->p); }

/* A scalar of the given precision set to 0. */
static inline void s_init(mpfi_ptr x, mpfr_prec_t prec)
{
    mpfi_init2(x, prec);
    mpfi_set_ui(x, 0);
}

/* ---------------------------------------------------------------- the first stage (oracle/first_stage.h)
 * The entry points of the double-double instance of this same code, called by the MPFI instance before its Ziv
 * loops. A result the first stage decided and certified in full is final; any other goes to the Ziv loop. */
#ifndef ORA_FIRST_STAGE
struct first_ora_ctx;
struct first_ora_ctx *first_ora_ctx_new(const ora_options *opt);
void first_ora_ctx_free(struct first_ora_ctx *ctx);
int first_ora_eval_case_on(struct first_ora_ctx *ctx, const ccref_case *c, const ora_decisions *force,
                           ora_case_result *res);
int first_ora_eval_contact_case_on(struct first_ora_ctx *ctx, const ccref_contact_case *c,
                                   const ora_decisions *force, ora_contact_result *res);
ccref_status first_ora_effective_cor_d(struct first_ora_ctx *ctx, double min_cor, double capture_speed,
                                       double min_cor_speed, double impact_speed, ora_cert *cor,
                                       ccref_cor_branch *branch);
ccref_status first_ora_effective_cof_d(struct first_ora_ctx *ctx, double mu_s, double mu_d, double mu_v,
                                       double transition_speed, double slip_speed, ora_cert *mu,
                                       ccref_cof_branch *branch);
/* The first stage's enclosure of slot i of its last evaluation, {left.hi, left.lo, right.hi, right.lo}. */
int ora_first_stage_enclosure(struct first_ora_ctx *ctx, int contact, int i, double e[4]);
#endif
/* The first stage's context when it is to be tried, else NULL. */
static inline struct first_ora_ctx *first_stage_of(const struct ora_ctx *ctx)
{
    return ctx != NULL && ctx->use_first ? ctx->first : NULL;
}

/* The endpoints of an enclosure as MPFR numbers (the first stage, whose intervals are midpoint and radius, forms
 * them as double-words: oracle/first_stage.h). */
#ifndef ORA_LEFT
#define ORA_LEFT(x) (&(x)->left)
#define ORA_RIGHT(x) (&(x)->right)
#define ORA_ENDPOINT mpfr_srcptr /* the type of ORA_LEFT(x) */
#endif

/* Workspace precision shorthand. */
static inline mpfr_prec_t ws_prec(const ora_ws *ws) { return ws->prec; }

#endif
