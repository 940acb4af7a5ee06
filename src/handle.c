/* handle.c: the generic Constraint handle's matrices, bias and power (ccref_handle.h).   Spec: spec/constraint_handle.md
 *
 * Method: every row of verr is linear in the mobilities u with no constant term, and aerr is G udot plus terms
 * quadratic in u that do not read udot. So column j of G = [P; V] is the kernel's verr at u = e_j, udot = 0 (the
 * probe j), bias is the kernel's aerr at the case's u and udot = 0 (the probe -1), and power = -(lambda . verr) left
 * to right. The probes keep the pose, the parameters and the multipliers: they take the case's branches (every
 * branch decision reads the pose only), and the bounds, tiers and oracle layers evaluate the same probes.
 * Special cases: a probe whose evaluation overflows (an output the handle does not read, such as a contact's slip
 * speed, may overflow first) is evaluated again at u scaled by 2^-64, 2^-128, ..., 2^-512, and its rows scaled back
 * by 2^k (G) or 2^2k (bias): exact but for underflow, which the bounds cover. A case whose own status is an error
 * gives that status; a probe that overflows at every scale, or an entry or power that is not finite, gives
 * E_RESULT_OVERFLOW. Either zeroes the handle.
 * Accuracy: an entry of G is verr at the probe and has verr's bound there; bias has aerr's; the power's bound is
 * spec/constraint_handle.md's (src/bounds.c, ccref_bounds_handle_case). */
#include <math.h>
#include <string.h>

#include "ccref_handle.h"
#include "ccref_kinds.h"
#include "ccref_outputs.h"

/* A compile-time check, as in outputs.c. */
typedef char handle_slots_fit[CCREF_MAX_SLOTS - CCREF_MAX_OWN_SLOTS == CCREF_HSLOT_N ? 1 : -1];
typedef char own_slots_fit[CCREF_SLOT_MAX <= CCREF_MAX_OWN_SLOTS && CCREF_CSLOT_N <= CCREF_MAX_OWN_SLOTS ? 1 : -1];

/* ---------------------------------------------------------------- mobilities */

#define KIND_NU_BODIES 12
#define KIND_NU_COORDINATE 1
#define KIND_NU(KIND, kind, ABBR, STATE, ...) [CCREF_KIND_##KIND] = KIND_NU_##STATE,
static const int kind_nu[CCREF_KIND_COUNT] = {CCREF_KINDS(KIND_NU)};
#define KIND_MP(KIND, kind, ABBR, STATE, MP, ...) [CCREF_KIND_##KIND] = MP,
static const int kind_mp[CCREF_KIND_COUNT] = {CCREF_KINDS(KIND_MP)};
#define CLASS_NU_BODIES 12
#define CLASS_NU_BODY1_COORDINATE 1
#define CLASS_NU(CLASS, cls, params, LIKE, STATE) [CCREF_CONTACT_##CLASS] = CLASS_NU_##STATE,
static const int class_nu[CCREF_CONTACT_COUNT] = {CCREF_CONTACTS(CLASS_NU)};

int ccref_kind_mp(ccref_kind kind) { return (unsigned)kind < CCREF_KIND_COUNT ? kind_mp[kind] : 0; }
int ccref_kind_mobilities(ccref_kind kind) { return (unsigned)kind < CCREF_KIND_COUNT ? kind_nu[kind] : 0; }
int ccref_class_mobilities(ccref_contact_class cls)
{
    return (unsigned)cls < CCREF_CONTACT_COUNT ? class_nu[cls] : 0;
}
int ccref_case_mobilities(const ccref_case *c) { return c != NULL ? ccref_kind_mobilities(c->kind) : 0; }
int ccref_contact_mobilities(const ccref_contact_case *c) { return c != NULL ? ccref_class_mobilities(c->cls) : 0; }

static void get3(double *x, ccref_vec3 a)
{
    x[0] = a.x;
    x[1] = a.y;
    x[2] = a.z;
}

static ccref_vec3 at3(const double *x)
{
    ccref_vec3 a = {0.0, 0.0, 0.0};
    if (x != NULL)
        a = (ccref_vec3){x[0], x[1], x[2]};
    return a;
}

static void bodies_motion(const ccref_body *b1, const ccref_body *b2, double *u, double *udot)
{
    const ccref_body *b[2] = {b1, b2};
    for (int k = 0; k < 2; k++) {
        if (u != NULL) {
            get3(u + 6 * k, b[k]->w);
            get3(u + 6 * k + 3, b[k]->v);
        }
        if (udot != NULL) {
            get3(udot + 6 * k, b[k]->b);
            get3(udot + 6 * k + 3, b[k]->a);
        }
    }
}

static void bodies_set_motion(ccref_body *b1, ccref_body *b2, const double *u, const double *udot)
{
    ccref_body *b[2] = {b1, b2};
    for (int k = 0; k < 2; k++) {
        b[k]->w = at3(u != NULL ? u + 6 * k : NULL);
        b[k]->v = at3(u != NULL ? u + 6 * k + 3 : NULL);
        b[k]->b = at3(udot != NULL ? udot + 6 * k : NULL);
        b[k]->a = at3(udot != NULL ? udot + 6 * k + 3 : NULL);
    }
}

static void coordinate_motion(const ccref_coordinate *q, double *u, double *udot)
{
    if (u != NULL)
        u[0] = q->qdot;
    if (udot != NULL)
        udot[0] = q->qdotdot;
}

static void coordinate_set_motion(ccref_coordinate *q, const double *u, const double *udot)
{
    q->qdot = u != NULL ? u[0] : 0.0;
    q->qdotdot = udot != NULL ? udot[0] : 0.0;
}

void ccref_case_motion(const ccref_case *c, double *u, double *udot)
{
    if (ccref_case_mobilities(c) == KIND_NU_COORDINATE)
        coordinate_motion(&c->coordinate, u, udot);
    else if (ccref_case_mobilities(c) == KIND_NU_BODIES)
        bodies_motion(&c->body1, &c->body2, u, udot);
}

void ccref_case_set_motion(ccref_case *c, const double *u, const double *udot)
{
    if (ccref_case_mobilities(c) == KIND_NU_COORDINATE)
        coordinate_set_motion(&c->coordinate, u, udot);
    else if (ccref_case_mobilities(c) == KIND_NU_BODIES)
        bodies_set_motion(&c->body1, &c->body2, u, udot);
}

void ccref_contact_motion(const ccref_contact_case *c, double *u, double *udot)
{
    if (ccref_contact_mobilities(c) == KIND_NU_COORDINATE)
        coordinate_motion(&c->coordinate, u, udot);
    else if (ccref_contact_mobilities(c) == KIND_NU_BODIES)
        bodies_motion(&c->body1, &c->body2, u, udot);
}

void ccref_contact_set_motion(ccref_contact_case *c, const double *u, const double *udot)
{
    if (ccref_contact_mobilities(c) == KIND_NU_COORDINATE)
        coordinate_set_motion(&c->coordinate, u, udot);
    else if (ccref_contact_mobilities(c) == KIND_NU_BODIES)
        bodies_set_motion(&c->body1, &c->body2, u, udot);
}

/* ---------------------------------------------------------------- probes */

/* u = 2^-k e_j (j >= 0) or 2^-k times the case's own u (j = -1). */
static void probe_velocities(const double *own, int nu, int j, int k, double *u)
{
    for (int i = 0; i < nu; i++)
        u[i] = ldexp(j < 0 ? own[i] : (i == j ? 1.0 : 0.0), -k);
}

void ccref_handle_probe_case(const ccref_case *c, int j, int k, ccref_case *probe)
{
    double own[CCREF_MAX_MOBILITIES] = {0}, u[CCREF_MAX_MOBILITIES] = {0};
    *probe = *c;
    ccref_case_motion(c, own, NULL);
    probe_velocities(own, ccref_case_mobilities(c), j, k, u);
    ccref_case_set_motion(probe, u, NULL);
}

/* The rule speeds of a contact probe: every impact and slip speed of a valid case is far below (2^1000 exceeds any
 * speed a case of the vectors or the fuzz targets reaches by a factor the rules' bands never span). */
#define PROBE_RULE_SPEED 0x1p1000

void ccref_handle_probe_contact(const ccref_contact_case *c, int j, int k, ccref_contact_case *probe)
{
    double own[CCREF_MAX_MOBILITIES] = {0}, u[CCREF_MAX_MOBILITIES] = {0};
    *probe = *c;
    ccref_contact_motion(c, own, NULL);
    probe_velocities(own, ccref_contact_mobilities(c), j, k, u);
    ccref_contact_set_motion(probe, u, NULL);
    probe->speeds.capture_speed = PROBE_RULE_SPEED;
    probe->speeds.min_cor_speed = PROBE_RULE_SPEED;
    probe->speeds.transition_speed = PROBE_RULE_SPEED;
}

/* The kernel on the case (j = -2) or on its probe j at scale k: a case k_case, or a contact case c (the other NULL).
 * The constraint's common output into *out. */
static ccref_status probe_eval(const ccref_case *k_case, const ccref_contact_case *c, int j, int k, ccref_output *out)
{
    ccref_status st;
    if (k_case != NULL) {
        ccref_case probe = *k_case;
        ccref_result r;
        if (j >= -1)
            ccref_handle_probe_case(k_case, j, k, &probe);
        st = ccref_eval(&probe, &r);
        *out = r.u.out;
    } else {
        ccref_contact_case probe = *c;
        ccref_contact_result r;
        if (j >= -1)
            ccref_handle_probe_contact(c, j, k, &probe);
        st = ccref_contact_eval(&probe, &r);
        *out = r.constraint;
    }
    return st;
}

/* The first scale k of the ladder at which the kernel's probe j does not overflow, with its output; -1 when none. */
static int probe_scale(const ccref_case *k_case, const ccref_contact_case *c, int j, ccref_output *out)
{
    for (int k = 0; k <= CCREF_HANDLE_MAX_SCALE; k += CCREF_HANDLE_SCALE_STEP)
        if (ccref_status_ok(probe_eval(k_case, c, j, k, out)))
            return k;
    return -1;
}

int ccref_handle_probe_scale_case(const ccref_case *c, int j)
{
    ccref_output out;
    return c != NULL ? probe_scale(c, NULL, j, &out) : -1;
}

int ccref_handle_probe_scale_contact(const ccref_contact_case *c, int j)
{
    ccref_output out;
    return c != NULL ? probe_scale(NULL, c, j, &out) : -1;
}

/* ---------------------------------------------------------------- the handle */

static void handle_zero(ccref_handle *h, int mp, int mv, int nu)
{
    h->mp = mp;
    h->mv = mv;
    h->ma = 0;
    h->nu = nu;
    for (int r = 0; r < CCREF_MAX_ROWS; r++) {
        for (int j = 0; j < CCREF_MAX_MOBILITIES; j++)
            h->G[r][j] = 0.0;
        h->bias[r] = 0.0;
    }
    h->power = 0.0;
}

/* The power from a case's verr rows and its multipliers: -(sum_r lambda_r verr_r), left to right. */
static double handle_power(const double *lambda, const double *verr, int rows)
{
    double s = 0.0;
    for (int r = 0; r < rows; r++)
        s = r == 0 ? lambda[0] * verr[0] : s + lambda[r] * verr[r];
    return -s;
}

static int handle_is_finite(const ccref_handle *h)
{
    int finite = isfinite(h->power);
    for (int r = 0; r < CCREF_MAX_ROWS; r++) {
        finite = finite && isfinite(h->bias[r]);
        for (int j = 0; j < CCREF_MAX_MOBILITIES; j++)
            finite = finite && isfinite(h->G[r][j]);
    }
    return finite;
}

/* The handle of k_case or c (the other NULL), with its multipliers and nu mobilities. */
static ccref_status handle_of(const ccref_case *k_case, const ccref_contact_case *c, const double *lambda, int nu,
                              ccref_handle *h)
{
    ccref_output own;
    ccref_status st = probe_eval(k_case, c, -2, 0, &own);
    handle_zero(h, own.mp, own.mv, nu);
    if (!ccref_status_ok(st))
        return st;
    int rows = own.mp + own.mv;
    for (int j = -1; j < nu; j++) {
        ccref_output p;
        int k = probe_scale(k_case, c, j, &p);
        if (k < 0) {
            handle_zero(h, own.mp, own.mv, nu);
            return CCREF_E_RESULT_OVERFLOW;
        }
        for (int r = 0; r < rows; r++) {
            if (j < 0)
                h->bias[r] = ldexp(p.aerr[r], 2 * k); /* aerr at udot = 0 is quadratic in u */
            else
                h->G[r][j] = ldexp(p.verr[r], k);
        }
    }
    h->power = handle_power(lambda, own.verr, rows);
    if (!handle_is_finite(h)) {
        handle_zero(h, own.mp, own.mv, nu);
        return CCREF_E_RESULT_OVERFLOW;
    }
    return st;
}

ccref_status ccref_handle_case(const ccref_case *c, ccref_handle *h)
{
    if (h == NULL)
        return CCREF_E_NULL_ARGUMENT;
    if (c == NULL) {
        handle_zero(h, 0, 0, 0);
        return CCREF_E_NULL_ARGUMENT;
    }
    return handle_of(c, NULL, c->lambda, ccref_case_mobilities(c), h);
}

ccref_status ccref_handle_contact(const ccref_contact_case *c, ccref_handle *h)
{
    if (h == NULL)
        return CCREF_E_NULL_ARGUMENT;
    if (c == NULL) {
        handle_zero(h, 0, 0, 0);
        return CCREF_E_NULL_ARGUMENT;
    }
    return handle_of(NULL, c, c->lambda, ccref_contact_mobilities(c), h);
}

/* ---------------------------------------------------------------- flat layout */

int ccref_flatten_handle(const ccref_handle *h, double v[CCREF_HSLOT_N])
{
    for (int r = 0; r < CCREF_MAX_ROWS; r++) {
        for (int j = 0; j < CCREF_MAX_MOBILITIES; j++)
            v[CCREF_HSLOT_G + CCREF_MAX_MOBILITIES * r + j] = h->G[r][j];
        v[CCREF_HSLOT_BIAS + r] = h->bias[r];
    }
    v[CCREF_HSLOT_POWER] = h->power;
    return CCREF_HSLOT_N;
}

#define ROW12(M, r)                                                                                                    \
    M "[" #r "][0]", M "[" #r "][1]", M "[" #r "][2]", M "[" #r "][3]", M "[" #r "][4]", M "[" #r "][5]",              \
        M "[" #r "][6]", M "[" #r "][7]", M "[" #r "][8]", M "[" #r "][9]", M "[" #r "][10]", M "[" #r "][11]"
#define BIAS_POWER(pre) pre "bias[0]", pre "bias[1]", pre "bias[2]", pre "power"
/* [contact][mp == 3]: rows past mp are V's. */
static const char *const handle_names[2][2][CCREF_HSLOT_N] = {
    {{ROW12("P", 0), ROW12("V", 0), ROW12("V", 1), BIAS_POWER("")},
     {ROW12("P", 0), ROW12("P", 1), ROW12("P", 2), BIAS_POWER("")}},
    {{ROW12("constraint.P", 0), ROW12("constraint.V", 0), ROW12("constraint.V", 1), BIAS_POWER("constraint.")},
     {ROW12("constraint.P", 0), ROW12("constraint.P", 1), ROW12("constraint.P", 2), BIAS_POWER("constraint.")}},
};

const char *ccref_handle_output_name(int mp, int contact, int slot)
{
    if ((mp != 1 && mp != 3) || slot < 0 || slot >= CCREF_HSLOT_N)
        return NULL;
    return handle_names[contact != 0][mp == 3][slot];
}

int ccref_handle_output_slot(int mp, int contact, const char *name)
{
    for (int i = 0; name != NULL && i < CCREF_HSLOT_N; i++) {
        const char *n = ccref_handle_output_name(mp, contact, i);
        if (n != NULL && strcmp(n, name) == 0)
            return i;
    }
    return -1;
}

int ccref_handle_slot_in_use(int slot, int mp, int mv, int nu)
{
    if (slot >= CCREF_HSLOT_G && slot < CCREF_HSLOT_BIAS)
        return (slot - CCREF_HSLOT_G) / CCREF_MAX_MOBILITIES < mp + mv &&
               (slot - CCREF_HSLOT_G) % CCREF_MAX_MOBILITIES < nu;
    if (slot >= CCREF_HSLOT_BIAS && slot < CCREF_HSLOT_POWER)
        return slot - CCREF_HSLOT_BIAS < mp + mv;
    return slot == CCREF_HSLOT_POWER;
}
