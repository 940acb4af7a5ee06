/* handle.c: the generic Constraint handle's matrices, bias and power (ccref_handle.h).   Spec: spec/constraint_handle.md
 *
 * Method: every row of verr is linear in the mobilities u with no constant term, and aerr is G udot plus terms
 * quadratic in u that do not read udot. So column j of G = [P; V] is the kernel's verr at u = e_j, udot = 0 (the
 * probe j), bias is the kernel's aerr at the case's u and udot = 0 (the probe -1), and power = -(lambda . verr) left
 * to right. The probes keep the pose, the parameters and the multipliers: they take the case's branches (every
 * branch decision reads the pose only), and the bounds, tiers and oracle layers evaluate the same probes.
 * Special cases: a contact probe's rule inputs are moved out of the way (rule speeds 2^1000, viscous friction 0: the
 * effective COF mu_v s + mu could otherwise overflow at a probe where the rows do not). A probe whose evaluation
 * overflows (an output the handle does not read, such as a contact's slip speed, may overflow first) is evaluated again at u scaled by 2^-64, 2^-128, ..., 2^-512, and its rows scaled back
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

/*@
  // The vocabulary of the handle's contracts (the shared clauses are CCREF_HANDLE_* in proofs/ccref_contracts.h). It
  // is written here, as each kernel's own predicates are in its file, and not in proofs/ccref_logic.h, which every
  // file of every WP unit is read with: including ccref_handle.h there adds declarations before each file's own,
  // which renumbers their variables; the goals of functions with locals in memory then name other variables, and
  // their proof-cache entries no longer match (tried: the offline pass then left goals of four other units unproved,
  // 93 of contacts' in the real model among them).
  // The mobilities of a kind or a contact class (the STATE column of src/ccref_kinds.h): one coordinate's qdot, or
  // the two bodies' (w, v); none out of range.
  logic integer kind_mobilities(integer kind) =
    0 <= kind < CCREF_KIND_COUNT ? (kind == CCREF_KIND_CONSTANT_COORDINATE ? 1 : CCREF_MAX_MOBILITIES) : 0;
  logic integer class_mobilities(integer cls) =
    0 <= cls < CCREF_CONTACT_COUNT ?
      (cls == CCREF_CONTACT_HARD_STOP_UPPER || cls == CCREF_CONTACT_HARD_STOP_LOWER ? 1 : CCREF_MAX_MOBILITIES) : 0;
  // The multipliers a contact class takes (ccref_contact_eval's test): three with friction, else one.
  logic integer class_lambda_count(integer cls) =
    cls == CCREF_CONTACT_POINT_PLANE || cls == CCREF_CONTACT_SPHERE_PLANE || cls == CCREF_CONTACT_SPHERE_SPHERE ||
    cls == CCREF_CONTACT_EDGE_EDGE ? 3 : 1;
  // 2^-k (k >= 0): the probes' velocity factor.
  logic real pow2neg(integer k) = k <= 0 ? 1.0 : 0.5 * pow2neg(k - 1);
  // The rows a handle fills: mp + mv when that is a row count (every kernel's is), else none.
  logic integer handle_rows(integer mp, integer mv) = 0 <= mp && 0 <= mv && mp + mv <= CCREF_MAX_ROWS ? mp + mv : 0;
  // sum_r a[r] b[r] over the first n rows (n <= CCREF_MAX_ROWS = 6), one term per row: the provers see past a store
  // to another double (h->power) term by term, where the recursive definition needed one unfolding per row (6 rows
  // since weld: handle_power's goal no longer proved).
  logic real row_term{L}(double *a, double *b, integer n, integer r) = r < n ? a[r] * b[r] : 0.0;
  logic real rows_dot{L}(double *a, double *b, integer n) =
    row_term(a, b, n, 0) + row_term(a, b, n, 1) + row_term(a, b, n, 2) +
    row_term(a, b, n, 3) + row_term(a, b, n, 4) + row_term(a, b, n, 5);
  // Every entry zero and no acceleration-only row (handle_zero; the row and mobility counts are stated apart). These
  // read the handle through its pointer: WP then relates them to the stores entry by entry, where a predicate over
  // the loaded struct value would have the provers unfold the whole record.
  predicate handle_zeroed{L}(ccref_handle *h) =
    h->ma == 0 && dzero(h->power) &&
    (\forall integer r, j; 0 <= r < CCREF_MAX_ROWS && 0 <= j < CCREF_MAX_MOBILITIES ==> dzero(h->G[r][j])) &&
    (\forall integer r; 0 <= r < CCREF_MAX_ROWS ==> dzero(h->bias[r]));
  // The entries of G past the rows mp + mv or past the mobilities nu, and of bias past the rows, are zero.
  predicate handle_unused_zero{L}(ccref_handle *h) =
    (\forall integer r, j; 0 <= r < CCREF_MAX_ROWS && 0 <= j < CCREF_MAX_MOBILITIES &&
       (r >= h->mp + h->mv || j >= h->nu) ==> dzero(h->G[r][j])) &&
    (\forall integer r; 0 <= r < CCREF_MAX_ROWS && r >= h->mp + h->mv ==> dzero(h->bias[r]));
  // Every entry finite (IEEE; the float model).
  predicate handle_finite{L}(ccref_handle *h) =
    \is_finite(h->power) &&
    (\forall integer r, j; 0 <= r < CCREF_MAX_ROWS && 0 <= j < CCREF_MAX_MOBILITIES ==> \is_finite(h->G[r][j])) &&
    (\forall integer r; 0 <= r < CCREF_MAX_ROWS ==> \is_finite(h->bias[r]));
*/

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

/*@ assigns \nothing;
    ensures \result == (0 <= kind < CCREF_KIND_COUNT ? (kind == CCREF_KIND_BALL ? 3 : kind == CCREF_KIND_WELD ? 6 : 1) : 0); */
int ccref_kind_mp(ccref_kind kind) { return (unsigned)kind < CCREF_KIND_COUNT ? kind_mp[kind] : 0; }
/*@ assigns \nothing; ensures \result == kind_mobilities(kind); */
int ccref_kind_mobilities(ccref_kind kind) { return (unsigned)kind < CCREF_KIND_COUNT ? kind_nu[kind] : 0; }
/*@ assigns \nothing; ensures \result == class_mobilities(cls); */
int ccref_class_mobilities(ccref_contact_class cls)
{
    return (unsigned)cls < CCREF_CONTACT_COUNT ? class_nu[cls] : 0;
}
/*@ requires c == \null || \valid_read(c);
    assigns \nothing;
    ensures \result == (c == \null ? 0 : kind_mobilities(c->kind)); */
int ccref_case_mobilities(const ccref_case *c) { return c != NULL ? ccref_kind_mobilities(c->kind) : 0; }
/*@ requires c == \null || \valid_read(c);
    assigns \nothing;
    ensures \result == (c == \null ? 0 : class_mobilities(c->cls)); */
int ccref_contact_mobilities(const ccref_contact_case *c) { return c != NULL ? ccref_class_mobilities(c->cls) : 0; }

/*@ requires \valid(x + (0 .. 2));
    assigns x[0 .. 2];
    ensures x[0] == a.x && x[1] == a.y && x[2] == a.z; */
static void get3(double *x, ccref_vec3 a)
{
    x[0] = a.x;
    x[1] = a.y;
    x[2] = a.z;
}

/*@ requires x == \null || \valid_read(x + (0 .. 2));
    assigns \nothing;
    ensures x == \null ==> vzeroed(\result);
    ensures x != \null ==> \result.x == x[0] && \result.y == x[1] && \result.z == x[2]; */
static ccref_vec3 at3(const double *x)
{
    ccref_vec3 a = {0.0, 0.0, 0.0};
    if (x != NULL)
        a = (ccref_vec3){x[0], x[1], x[2]};
    return a;
}

/* One body's part of u and udot: (w, v) and (b, a), 6 values each (a NULL array is left out). */
/*@ requires \valid_read(b);
    requires u == \null || \valid(u + (0 .. 5));
    requires udot == \null || \valid(udot + (0 .. 5));
    assigns u[0 .. 5], udot[0 .. 5]; */
static void body_motion(const ccref_body *b, double *u, double *udot)
{
    if (u != NULL) {
        get3(u, b->w);
        get3(u + 3, b->v);
    }
    if (udot != NULL) {
        get3(udot, b->b);
        get3(udot + 3, b->a);
    }
}

/*@ requires \valid_read(b1) && \valid_read(b2);
    requires u == \null || \valid(u + (0 .. 11));
    requires udot == \null || \valid(udot + (0 .. 11));
    assigns u[0 .. 11], udot[0 .. 11]; */
static void bodies_motion(const ccref_body *b1, const ccref_body *b2, double *u, double *udot)
{
    body_motion(b1, u, udot);
    body_motion(b2, u != NULL ? u + 6 : NULL, udot != NULL ? udot + 6 : NULL);
}

/* One body's velocities from u and udot (6 values each; NULL: zeros). */
/*@ requires \valid(b);
    requires u == \null || \valid_read(u + (0 .. 5));
    requires udot == \null || \valid_read(udot + (0 .. 5));
    assigns b->w, b->v, b->b, b->a; */
static void body_set_motion(ccref_body *b, const double *u, const double *udot)
{
    b->w = at3(u);
    b->v = at3(u != NULL ? u + 3 : NULL);
    b->b = at3(udot);
    b->a = at3(udot != NULL ? udot + 3 : NULL);
}

/*@ requires \valid(b1) && \valid(b2);
    requires u == \null || \valid_read(u + (0 .. 11));
    requires udot == \null || \valid_read(udot + (0 .. 11));
    assigns b1->w, b1->v, b1->b, b1->a, b2->w, b2->v, b2->b, b2->a; */
static void bodies_set_motion(ccref_body *b1, ccref_body *b2, const double *u, const double *udot)
{
    body_set_motion(b1, u, udot);
    body_set_motion(b2, u != NULL ? u + 6 : NULL, udot != NULL ? udot + 6 : NULL);
}

/*@ requires \valid_read(q);
    requires u == \null || \valid(u);
    requires udot == \null || \valid(udot);
    assigns u[0], udot[0]; */
static void coordinate_motion(const ccref_coordinate *q, double *u, double *udot)
{
    if (u != NULL)
        u[0] = q->qdot;
    if (udot != NULL)
        udot[0] = q->qdotdot;
}

/*@ requires \valid(q);
    requires u == \null || \valid_read(u);
    requires udot == \null || \valid_read(udot);
    assigns q->qdot, q->qdotdot; */
static void coordinate_set_motion(ccref_coordinate *q, const double *u, const double *udot)
{
    q->qdot = u != NULL ? u[0] : 0.0;
    q->qdotdot = udot != NULL ? udot[0] : 0.0;
}

/*@ requires \valid_read(c);
    requires u == \null || \valid(u + (0 .. kind_mobilities(c->kind) - 1));
    requires udot == \null || \valid(udot + (0 .. kind_mobilities(c->kind) - 1));
    requires \separated(u + (0 .. kind_mobilities(c->kind) - 1), c);
    requires \separated(udot + (0 .. kind_mobilities(c->kind) - 1), c);
    assigns u[0 .. kind_mobilities(c->kind) - 1], udot[0 .. kind_mobilities(c->kind) - 1]; */
void ccref_case_motion(const ccref_case *c, double *u, double *udot)
{
    if (ccref_case_mobilities(c) == KIND_NU_COORDINATE)
        coordinate_motion(&c->coordinate, u, udot);
    else if (ccref_case_mobilities(c) == KIND_NU_BODIES)
        bodies_motion(&c->body1, &c->body2, u, udot);
}

/*@ requires \valid(c);
    requires u == \null || \valid_read(u + (0 .. kind_mobilities(c->kind) - 1));
    requires udot == \null || \valid_read(udot + (0 .. kind_mobilities(c->kind) - 1));
    assigns c->body1.w, c->body1.v, c->body1.b, c->body1.a, c->body2.w, c->body2.v, c->body2.b, c->body2.a,
            c->coordinate.qdot, c->coordinate.qdotdot; */
void ccref_case_set_motion(ccref_case *c, const double *u, const double *udot)
{
    if (ccref_case_mobilities(c) == KIND_NU_COORDINATE)
        coordinate_set_motion(&c->coordinate, u, udot);
    else if (ccref_case_mobilities(c) == KIND_NU_BODIES)
        bodies_set_motion(&c->body1, &c->body2, u, udot);
}

/*@ requires \valid_read(c);
    requires u == \null || \valid(u + (0 .. class_mobilities(c->cls) - 1));
    requires udot == \null || \valid(udot + (0 .. class_mobilities(c->cls) - 1));
    requires \separated(u + (0 .. class_mobilities(c->cls) - 1), c);
    requires \separated(udot + (0 .. class_mobilities(c->cls) - 1), c);
    assigns u[0 .. class_mobilities(c->cls) - 1], udot[0 .. class_mobilities(c->cls) - 1]; */
void ccref_contact_motion(const ccref_contact_case *c, double *u, double *udot)
{
    if (ccref_contact_mobilities(c) == KIND_NU_COORDINATE)
        coordinate_motion(&c->coordinate, u, udot);
    else if (ccref_contact_mobilities(c) == KIND_NU_BODIES)
        bodies_motion(&c->body1, &c->body2, u, udot);
}

/*@ requires \valid(c);
    requires u == \null || \valid_read(u + (0 .. class_mobilities(c->cls) - 1));
    requires udot == \null || \valid_read(udot + (0 .. class_mobilities(c->cls) - 1));
    assigns c->body1.w, c->body1.v, c->body1.b, c->body1.a, c->body2.w, c->body2.v, c->body2.b, c->body2.a,
            c->coordinate.qdot, c->coordinate.qdotdot; */
void ccref_contact_set_motion(ccref_contact_case *c, const double *u, const double *udot)
{
    if (ccref_contact_mobilities(c) == KIND_NU_COORDINATE)
        coordinate_set_motion(&c->coordinate, u, udot);
    else if (ccref_contact_mobilities(c) == KIND_NU_BODIES)
        bodies_set_motion(&c->body1, &c->body2, u, udot);
}

/* ---------------------------------------------------------------- probes */

/* 2^-k by halving: every step is exact (a power of two, down to the least subnormal 2^-1074; the ladder's scales are
 * at most 512). So x * probe_factor(k) is x 2^-k rounded once, which is ldexp(x, -k) to the bit (ldexp rounds x 2^-k
 * once too, in the same rounding mode); written so because EVA knows the product's range and not ldexp's (Frama-C's
 * libc model of ldexp states only whether its result is finite). */
/*@ requires 0 <= k <= CCREF_HANDLE_MAX_SCALE;
    assigns \nothing;
    ensures exact: factor: real_model ==> \result == pow2neg(k); */
static double probe_factor(int k)
{
    double s = 1.0;
    /*@ loop invariant 0 <= i <= k;
        loop invariant exact: factor: real_model ==> s == pow2neg(i);
        loop assigns i, s;
        loop variant k - i; */
    for (int i = 0; i < k; i++)
        s = 0.5 * s;
    return s;
}

/* u = 2^-k e_j (j >= 0) or 2^-k times the case's own u (j = -1). */
/*@ requires 0 <= nu <= CCREF_MAX_MOBILITIES && 0 <= k <= CCREF_HANDLE_MAX_SCALE;
    requires \valid_read(own + (0 .. nu - 1)) && \valid(u + (0 .. nu - 1));
    requires \separated(own + (0 .. nu - 1), u + (0 .. nu - 1));
    assigns u[0 .. nu - 1];
    ensures exact: velocities: real_model ==> \forall integer i; 0 <= i < nu ==>
      u[i] == (j < 0 ? own[i] : (i == j ? 1.0 : 0.0)) * pow2neg(k); */
static void probe_velocities(const double *own, int nu, int j, int k, double *u)
{
    const double s = probe_factor(k);
    /*@ loop invariant 0 <= i <= nu;
        loop invariant exact: velocities: real_model ==> \forall integer a; 0 <= a < i ==>
          u[a] == (j < 0 ? own[a] : (a == j ? 1.0 : 0.0)) * pow2neg(k);
        loop assigns i, u[0 .. nu - 1];
        loop variant nu - i; */
    for (int i = 0; i < nu; i++)
        u[i] = (j < 0 ? own[i] : (i == j ? 1.0 : 0.0)) * s;
}

/* n zeros, as the initializer `= {0}` gives them: an initializer's implicit zeros reach WP 25's float model as integers
 * ("Type mismatch between ieee_float.Float64.t and int"; ccref_output_init in common.c writes its zeros for the
 * same reason). */
/*@ requires 0 <= n && \valid(x + (0 .. n - 1));
    assigns x[0 .. n - 1]; */
static void zero_values(double *x, int n)
{
    /*@ loop invariant 0 <= i <= n;
        loop assigns i, x[0 .. n - 1];
        loop variant n - i; */
    for (int i = 0; i < n; i++)
        x[i] = 0.0;
}

/* A copy of a case, and of a contact case: the probes' start. The fields the contracts read (the kind or class and the
 * multiplier count) are stored again after the struct copy, the same values: WP then reads them from those stores,
 * where from the copy alone the provers must unfold the whole struct (a case holds the union of every kind's
 * parameters: cvc5 took 28 s on the kind). */
/*@ requires \valid_read(c) && \valid(copy) && \separated(c, copy);
    assigns *copy;
    ensures kept: copy->kind == c->kind && copy->n_lambda == c->n_lambda; */
static void case_copy(const ccref_case *c, ccref_case *copy)
{
    *copy = *c;
    copy->kind = c->kind;
    copy->n_lambda = c->n_lambda;
}

/*@ requires \valid_read(c) && \valid(copy) && \separated(c, copy);
    assigns *copy;
    ensures kept: copy->cls == c->cls && copy->n_lambda == c->n_lambda; */
static void contact_copy(const ccref_contact_case *c, ccref_contact_case *copy)
{
    *copy = *c;
    copy->cls = c->cls;
    copy->n_lambda = c->n_lambda;
}

/* The probe's velocities set on a copy of the case: u = 2^-k e_j (j >= 0) or 2^-k times the case's own u (j = -1), and
 * udot = 0. */
/*@ requires \valid_read(c) && \valid(probe) && \separated(c, probe);
    requires 0 <= k <= CCREF_HANDLE_MAX_SCALE;
    assigns probe->body1.w, probe->body1.v, probe->body1.b, probe->body1.a, probe->body2.w, probe->body2.v,
            probe->body2.b, probe->body2.a, probe->coordinate.qdot, probe->coordinate.qdotdot; */
static void case_probe_motion(const ccref_case *c, int j, int k, ccref_case *probe)
{
    double own[CCREF_MAX_MOBILITIES], u[CCREF_MAX_MOBILITIES];
    zero_values(own, CCREF_MAX_MOBILITIES);
    zero_values(u, CCREF_MAX_MOBILITIES);
    ccref_case_motion(c, own, NULL);
    probe_velocities(own, ccref_case_mobilities(c), j, k, u);
    ccref_case_set_motion(probe, u, NULL);
}

/*@ requires \valid_read(c) && \valid(probe) && \separated(c, probe);
    requires 0 <= k <= CCREF_HANDLE_MAX_SCALE;
    assigns *probe;
    ensures kept: probe->kind == c->kind && probe->n_lambda == c->n_lambda; */
void ccref_handle_probe_case(const ccref_case *c, int j, int k, ccref_case *probe)
{
    case_copy(c, probe);
    case_probe_motion(c, j, k, probe);
}

/* The rule speeds of a contact probe: every impact and slip speed of a valid case is far below (2^1000 exceeds any
 * speed a case of the vectors or the fuzz targets reaches by a factor the rules' bands never span). */
#define PROBE_RULE_SPEED 0x1p1000

/* The probe's velocities and rule inputs set on a copy of the contact case: the rule speeds, and the viscous
 * friction coefficient 0, so that the effective COF mu_v s + mu (an output the handle does not read) cannot overflow
 * at a probe's slip speed s where the rows do not (the oracle evaluates the probes unscaled: its premise). */
/*@ requires \valid_read(c) && \valid(probe) && \separated(c, probe);
    requires 0 <= k <= CCREF_HANDLE_MAX_SCALE;
    assigns probe->body1.w, probe->body1.v, probe->body1.b, probe->body1.a, probe->body2.w, probe->body2.v,
            probe->body2.b, probe->body2.a, probe->coordinate.qdot, probe->coordinate.qdotdot, probe->speeds,
            probe->material.mu_v; */
static void contact_probe_motion(const ccref_contact_case *c, int j, int k, ccref_contact_case *probe)
{
    double own[CCREF_MAX_MOBILITIES], u[CCREF_MAX_MOBILITIES];
    zero_values(own, CCREF_MAX_MOBILITIES);
    zero_values(u, CCREF_MAX_MOBILITIES);
    ccref_contact_motion(c, own, NULL);
    probe_velocities(own, ccref_contact_mobilities(c), j, k, u);
    ccref_contact_set_motion(probe, u, NULL);
    probe->speeds.capture_speed = PROBE_RULE_SPEED;
    probe->speeds.min_cor_speed = PROBE_RULE_SPEED;
    probe->speeds.transition_speed = PROBE_RULE_SPEED;
    probe->material.mu_v = 0.0;
}

/*@ requires \valid_read(c) && \valid(probe) && \separated(c, probe);
    requires 0 <= k <= CCREF_HANDLE_MAX_SCALE;
    assigns *probe;
    ensures kept: probe->cls == c->cls && probe->n_lambda == c->n_lambda; */
void ccref_handle_probe_contact(const ccref_contact_case *c, int j, int k, ccref_contact_case *probe)
{
    contact_copy(c, probe);
    contact_probe_motion(c, j, k, probe);
}

/* The kernel on the case (j = -2) or on its probe j at scale k: a case k_case, or a contact case c (the other NULL).
 * The constraint's common output into *out. Its contract: the statuses the callees' contracts state before any
 * kernel runs (ccref_eval: an unknown kind; ccref_contact_eval: an unknown class, the multiplier count), which every
 * probe keeps. */
/*@ CCREF_HANDLE_SOURCE
    requires \valid(out) && \separated(out, &errno) && \separated(out, k_case) && \separated(out, c);
    requires 0 <= k <= CCREF_HANDLE_MAX_SCALE;
    assigns *out, errno;
    ensures unknown_kind: k_case != \null && !(0 <= \old(k_case->kind) < CCREF_KIND_COUNT) ==>
      \result == CCREF_E_UNKNOWN_KIND;
    ensures unknown_class: k_case == \null && !(0 <= \old(c->cls) < CCREF_CONTACT_COUNT) ==>
      \result == CCREF_E_UNKNOWN_KIND;
    ensures lambda_count: k_case == \null && 0 <= \old(c->cls) < CCREF_CONTACT_COUNT &&
      \old(c->n_lambda) != class_lambda_count(\old(c->cls)) ==> \result == CCREF_E_LAMBDA_COUNT; */
static ccref_status probe_eval(const ccref_case *k_case, const ccref_contact_case *c, int j, int k, ccref_output *out)
{
    ccref_status st;
    if (k_case != NULL) {
        ccref_case probe;
        ccref_result r;
        case_copy(k_case, &probe);
        if (j >= -1)
            case_probe_motion(k_case, j, k, &probe);
        st = ccref_eval(&probe, &r);
        *out = r.u.out;
    } else {
        ccref_contact_case probe;
        ccref_contact_result r;
        contact_copy(c, &probe);
        if (j >= -1)
            contact_probe_motion(c, j, k, &probe);
        st = ccref_contact_eval(&probe, &r);
        *out = r.constraint;
    }
    return st;
}

/* The first scale k of the ladder at which the kernel's probe j does not overflow, with its output; -1 when none. */
/*@ CCREF_HANDLE_SOURCE
    requires \valid(out) && \separated(out, &errno) && \separated(out, k_case) && \separated(out, c);
    assigns *out, errno;
    ensures -1 <= \result <= CCREF_HANDLE_MAX_SCALE; */
static int probe_scale(const ccref_case *k_case, const ccref_contact_case *c, int j, ccref_output *out)
{
    /*@ loop invariant 0 <= k <= CCREF_HANDLE_MAX_SCALE + CCREF_HANDLE_SCALE_STEP;
        loop assigns k, *out, errno;
        loop variant CCREF_HANDLE_MAX_SCALE - k; */
    for (int k = 0; k <= CCREF_HANDLE_MAX_SCALE; k += CCREF_HANDLE_SCALE_STEP)
        if (ccref_status_ok(probe_eval(k_case, c, j, k, out)))
            return k;
    return -1;
}

/*@ requires c == \null || (\valid_read(c) && c->n_lambda <= CCREF_MAX_ROWS && \separated(c, &errno));
    assigns errno;
    ensures -1 <= \result <= CCREF_HANDLE_MAX_SCALE; */
int ccref_handle_probe_scale_case(const ccref_case *c, int j)
{
    ccref_output out;
    return c != NULL ? probe_scale(c, NULL, j, &out) : -1;
}

/*@ requires c == \null || (\valid_read(c) && \separated(c, &errno));
    assigns errno;
    ensures -1 <= \result <= CCREF_HANDLE_MAX_SCALE; */
int ccref_handle_probe_scale_contact(const ccref_contact_case *c, int j)
{
    ccref_output out;
    return c != NULL ? probe_scale(NULL, c, j, &out) : -1;
}

/* ---------------------------------------------------------------- the handle */

/*@ requires \valid(h);
    assigns *h;
    ensures handle_zeroed(h) && h->mp == mp && h->mv == mv && h->nu == nu; */
static void handle_zero(ccref_handle *h, int mp, int mv, int nu)
{
    h->mp = mp;
    h->mv = mv;
    h->ma = 0;
    h->nu = nu;
    /*@ loop invariant 0 <= r <= CCREF_MAX_ROWS;
        loop invariant \forall integer a, b; 0 <= a < r && 0 <= b < CCREF_MAX_MOBILITIES ==> dzero(h->G[a][b]);
        loop invariant \forall integer a; 0 <= a < r ==> dzero(h->bias[a]);
        loop assigns r, h->G[0 .. CCREF_MAX_ROWS - 1][0 .. CCREF_MAX_MOBILITIES - 1], h->bias[0 .. CCREF_MAX_ROWS - 1];
        loop variant CCREF_MAX_ROWS - r; */
    for (int r = 0; r < CCREF_MAX_ROWS; r++) {
        /*@ loop invariant 0 <= j <= CCREF_MAX_MOBILITIES;
            loop invariant \forall integer a, b; 0 <= a < r && 0 <= b < CCREF_MAX_MOBILITIES ==> dzero(h->G[a][b]);
            loop invariant \forall integer b; 0 <= b < j ==> dzero(h->G[r][b]);
            loop assigns j, h->G[r][0 .. CCREF_MAX_MOBILITIES - 1];
            loop variant CCREF_MAX_MOBILITIES - j; */
        for (int j = 0; j < CCREF_MAX_MOBILITIES; j++)
            h->G[r][j] = 0.0;
        h->bias[r] = 0.0;
    }
    h->power = 0.0;
}

/* The power from a case's verr rows and its multipliers: -(sum_r lambda_r verr_r), left to right, into h->power
 * (written here rather than by the caller, so that the caller's goal about it reads the same memory as this
 * contract). */
/*@ requires 0 <= rows <= CCREF_MAX_ROWS;
    requires \valid(h) && \valid_read(lambda + (0 .. rows - 1)) && \valid_read(verr + (0 .. rows - 1));
    requires \separated(h, lambda + (0 .. rows - 1)) && \separated(h, verr + (0 .. rows - 1));
    assigns h->power;
    ensures exact: power: real_model ==> h->power == -rows_dot((double *)lambda, (double *)verr, rows); */
static void handle_power(ccref_handle *h, const double *lambda, const double *verr, int rows)
{
    double s = 0.0;
    /*@ loop invariant 0 <= r <= rows;
        loop invariant exact: sum: real_model ==> s == rows_dot((double *)lambda, (double *)verr, r);
        loop assigns r, s;
        loop variant rows - r; */
    for (int r = 0; r < rows; r++)
        s = r == 0 ? lambda[0] * verr[0] : s + lambda[r] * verr[r];
    h->power = -s;
}

/*@ requires \valid_read(h);
    assigns \nothing;
    ensures finite_test: \result != 0 <==> handle_finite(h); */
static int handle_is_finite(const ccref_handle *h)
{
    int finite = isfinite(h->power);
    /*@ loop invariant 0 <= r <= CCREF_MAX_ROWS;
        loop invariant finite != 0 <==> \is_finite(h->power) &&
          (\forall integer a; 0 <= a < r ==> \is_finite(h->bias[a])) &&
          (\forall integer a, b; 0 <= a < r && 0 <= b < CCREF_MAX_MOBILITIES ==> \is_finite(h->G[a][b]));
        loop assigns r, finite;
        loop variant CCREF_MAX_ROWS - r; */
    for (int r = 0; r < CCREF_MAX_ROWS; r++) {
        finite = finite && isfinite(h->bias[r]);
        /*@ loop invariant 0 <= j <= CCREF_MAX_MOBILITIES;
            loop invariant finite != 0 <==> \is_finite(h->power) &&
              (\forall integer a; 0 <= a <= r ==> \is_finite(h->bias[a])) &&
              (\forall integer a, b; 0 <= a < r && 0 <= b < CCREF_MAX_MOBILITIES ==> \is_finite(h->G[a][b])) &&
              (\forall integer b; 0 <= b < j ==> \is_finite(h->G[r][b]));
            loop assigns j, finite;
            loop variant CCREF_MAX_MOBILITIES - j; */
        for (int j = 0; j < CCREF_MAX_MOBILITIES; j++)
            finite = finite && isfinite(h->G[r][j]);
    }
    return finite;
}

/* The rows of an output, mp + mv. Every kernel's are within CCREF_MAX_ROWS (the MP and MV columns of ccref_kinds.h:
 * 1 or 3 holonomic, 0 or 2 nonholonomic, 3 at most); the contracts of ccref_eval and ccref_contact_eval do not state
 * the counts, so the handle takes no row for counts outside that range (none occurs) rather than index past it. */
/*@ requires \valid_read(o);
    assigns \nothing;
    ensures \result == handle_rows(o->mp, o->mv) && 0 <= \result <= CCREF_MAX_ROWS; */
static int output_rows(const ccref_output *o)
{
    if (o->mp < 0 || o->mv < 0 || o->mp > CCREF_MAX_ROWS || o->mv > CCREF_MAX_ROWS - o->mp)
        return 0;
    return o->mp + o->mv;
}

/* The handle of k_case or c (the other NULL), with its multipliers and nu mobilities, from the case's own output
 * and status (own, st). */
/*@ CCREF_HANDLE_SOURCE
    requires 0 <= nu <= CCREF_MAX_MOBILITIES;
    requires \valid_read(lambda + (0 .. CCREF_MAX_ROWS - 1)) && \valid_read(own) && \valid(h);
    requires \separated(h, own) && \separated(h, lambda + (0 .. CCREF_MAX_ROWS - 1)) && \separated(h, &errno);
    requires \separated(h, k_case) && \separated(h, c) && \separated(own, &errno);
    assigns *h, errno;
    ensures rows: h->mp == own->mp && h->mv == own->mv && h->nu == nu;
    CCREF_HANDLE_RESULT
    ensures own_error: !ccref_ok(st) ==> \result == st;
    ensures own_ok: ccref_ok(st) ==> \result == st || \result == CCREF_E_RESULT_OVERFLOW;
    ensures exact: power: real_model ==> ccref_ok(\result) ==>
      h->power == -rows_dot((double *)lambda, (double *)own->verr, handle_rows(own->mp, own->mv)); */
static ccref_status handle_from(const ccref_case *k_case, const ccref_contact_case *c, const double *lambda, int nu,
                                const ccref_output *own, ccref_status st, ccref_handle *h)
{
    handle_zero(h, own->mp, own->mv, nu);
    if (!ccref_status_ok(st))
        return st;
    int rows = output_rows(own);
    /*@ loop invariant -1 <= j <= nu;
        loop invariant h->mp == own->mp && h->mv == own->mv && h->nu == nu && h->ma == 0 && dzero(h->power);
        loop invariant \forall integer a, b; 0 <= a < CCREF_MAX_ROWS && 0 <= b < CCREF_MAX_MOBILITIES &&
          (a >= rows || b >= nu) ==> dzero(h->G[a][b]);
        loop invariant \forall integer a; 0 <= a < CCREF_MAX_ROWS && a >= rows ==> dzero(h->bias[a]);
        loop assigns j, errno, h->G[0 .. CCREF_MAX_ROWS - 1][0 .. CCREF_MAX_MOBILITIES - 1],
                     h->bias[0 .. CCREF_MAX_ROWS - 1];
        loop variant nu - j; */
    for (int j = -1; j < nu; j++) {
        ccref_output p;
        int k = probe_scale(k_case, c, j, &p);
        if (k < 0) {
            handle_zero(h, own->mp, own->mv, nu);
            return CCREF_E_RESULT_OVERFLOW;
        }
        /*@ loop invariant 0 <= r <= rows;
            loop invariant h->mp == own->mp && h->mv == own->mv && h->nu == nu && h->ma == 0 && dzero(h->power);
            loop invariant \forall integer a, b; 0 <= a < CCREF_MAX_ROWS && 0 <= b < CCREF_MAX_MOBILITIES &&
              (a >= rows || b >= nu) ==> dzero(h->G[a][b]);
            loop invariant \forall integer a; 0 <= a < CCREF_MAX_ROWS && a >= rows ==> dzero(h->bias[a]);
            loop assigns r, errno, h->G[0 .. CCREF_MAX_ROWS - 1][0 .. CCREF_MAX_MOBILITIES - 1],
                         h->bias[0 .. CCREF_MAX_ROWS - 1];
            loop variant rows - r; */
        for (int r = 0; r < rows; r++) {
            if (j < 0)
                h->bias[r] = ldexp(p.aerr[r], 2 * k); /* aerr at udot = 0 is quadratic in u */
            else
                h->G[r][j] = ldexp(p.verr[r], k);
        }
    }
    handle_power(h, lambda, own->verr, rows);
    if (!handle_is_finite(h)) {
        handle_zero(h, own->mp, own->mv, nu);
        return CCREF_E_RESULT_OVERFLOW;
    }
    return st;
}

/* The handle of k_case or c (the other NULL), with its multipliers and nu mobilities. */
/*@ CCREF_HANDLE_SOURCE
    requires 0 <= nu <= CCREF_MAX_MOBILITIES;
    requires \valid_read(lambda + (0 .. CCREF_MAX_ROWS - 1)) && \valid(h);
    requires \separated(h, lambda + (0 .. CCREF_MAX_ROWS - 1)) && \separated(h, &errno);
    requires \separated(h, k_case) && \separated(h, c);
    assigns *h, errno;
    ensures h->nu == nu;
    CCREF_HANDLE_RESULT
    ensures unknown_kind: k_case != \null && !(0 <= k_case->kind < CCREF_KIND_COUNT) ==>
      \result == CCREF_E_UNKNOWN_KIND;
    ensures unknown_class: k_case == \null && !(0 <= c->cls < CCREF_CONTACT_COUNT) ==>
      \result == CCREF_E_UNKNOWN_KIND;
    ensures lambda_count: k_case == \null && 0 <= c->cls < CCREF_CONTACT_COUNT &&
      c->n_lambda != class_lambda_count(c->cls) ==> \result == CCREF_E_LAMBDA_COUNT; */
static ccref_status handle_of(const ccref_case *k_case, const ccref_contact_case *c, const double *lambda, int nu,
                              ccref_handle *h)
{
    ccref_output own;
    ccref_status st = probe_eval(k_case, c, -2, 0, &own);
    return handle_from(k_case, c, lambda, nu, &own, st, h);
}

/*@ requires lambda_count: c == \null || c->n_lambda <= CCREF_MAX_ROWS;  // as ccref_eval's
    CCREF_HANDLE_MEMORY
    CCREF_HANDLE_NULL_BEHAVIORS
    behavior unknown_kind:
      assumes h != \null && c != \null && !(0 <= c->kind < CCREF_KIND_COUNT);
      ensures \result == CCREF_E_UNKNOWN_KIND && handle_zeroed(h) && h->nu == 0;
    behavior evaluated:
      assumes h != \null && c != \null && 0 <= c->kind < CCREF_KIND_COUNT;
      ensures h->nu == kind_mobilities(c->kind);
      CCREF_HANDLE_RESULT
    complete behaviors; disjoint behaviors; */
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

/*@ CCREF_HANDLE_MEMORY
    CCREF_HANDLE_NULL_BEHAVIORS
    behavior unknown_class:
      assumes h != \null && c != \null && !(0 <= c->cls < CCREF_CONTACT_COUNT);
      ensures \result == CCREF_E_UNKNOWN_KIND && handle_zeroed(h) && h->nu == 0;
    behavior lambda_count:
      assumes h != \null && c != \null && 0 <= c->cls < CCREF_CONTACT_COUNT;
      assumes c->n_lambda != class_lambda_count(c->cls);
      ensures \result == CCREF_E_LAMBDA_COUNT && handle_zeroed(h) && h->nu == class_mobilities(c->cls);
    behavior evaluated:
      assumes h != \null && c != \null && 0 <= c->cls < CCREF_CONTACT_COUNT;
      assumes c->n_lambda == class_lambda_count(c->cls);
      ensures h->nu == class_mobilities(c->cls);
      CCREF_HANDLE_RESULT
    complete behaviors; disjoint behaviors; */
ccref_status ccref_handle_contact(const ccref_contact_case *c, ccref_handle *h)
{
    if (h == NULL)
        return CCREF_E_NULL_ARGUMENT;
    if (c == NULL) {
        handle_zero(h, 0, 0, 0);
        return CCREF_E_NULL_ARGUMENT;
    }
    /* handle_of takes a case's CCREF_MAX_ROWS multipliers; a contact has 3, and the rows past them are never read */
    const double lambda[CCREF_MAX_ROWS] = {c->lambda[0], c->lambda[1], c->lambda[2]};
    return handle_of(NULL, c, lambda, ccref_contact_mobilities(c), h);
}

/* ---------------------------------------------------------------- flat layout */

/*@ requires \valid_read(h) && \valid(v + (0 .. CCREF_HSLOT_N - 1)) && \separated(h, v + (0 .. CCREF_HSLOT_N - 1));
    assigns v[0 .. CCREF_HSLOT_N - 1];
    ensures \result == CCREF_HSLOT_N;
    ensures G: \forall integer r, j; 0 <= r < CCREF_MAX_ROWS && 0 <= j < CCREF_MAX_MOBILITIES ==>
      v[CCREF_HSLOT_G + CCREF_MAX_MOBILITIES * r + j] == h->G[r][j];
    ensures bias: \forall integer r; 0 <= r < CCREF_MAX_ROWS ==> v[CCREF_HSLOT_BIAS + r] == h->bias[r];
    ensures power: v[CCREF_HSLOT_POWER] == h->power; */
int ccref_flatten_handle(const ccref_handle *h, double v[CCREF_HSLOT_N])
{
    /*@ loop invariant 0 <= r <= CCREF_MAX_ROWS;
        loop invariant \forall integer a, b; 0 <= a < r && 0 <= b < CCREF_MAX_MOBILITIES ==>
          v[CCREF_HSLOT_G + CCREF_MAX_MOBILITIES * a + b] == h->G[a][b];
        loop invariant \forall integer a; 0 <= a < r ==> v[CCREF_HSLOT_BIAS + a] == h->bias[a];
        loop assigns r, v[0 .. CCREF_HSLOT_N - 1];
        loop variant CCREF_MAX_ROWS - r; */
    for (int r = 0; r < CCREF_MAX_ROWS; r++) {
        /*@ loop invariant 0 <= j <= CCREF_MAX_MOBILITIES;
            loop invariant \forall integer a, b; 0 <= a < r && 0 <= b < CCREF_MAX_MOBILITIES ==>
              v[CCREF_HSLOT_G + CCREF_MAX_MOBILITIES * a + b] == h->G[a][b];
            loop invariant \forall integer a; 0 <= a < r ==> v[CCREF_HSLOT_BIAS + a] == h->bias[a];
            loop invariant \forall integer b; 0 <= b < j ==> v[CCREF_HSLOT_G + CCREF_MAX_MOBILITIES * r + b] == h->G[r][b];
            loop assigns j, v[CCREF_HSLOT_G + CCREF_MAX_MOBILITIES * r .. CCREF_HSLOT_G + CCREF_MAX_MOBILITIES * r + CCREF_MAX_MOBILITIES - 1];
            loop variant CCREF_MAX_MOBILITIES - j; */
        for (int j = 0; j < CCREF_MAX_MOBILITIES; j++)
            v[CCREF_HSLOT_G + CCREF_MAX_MOBILITIES * r + j] = h->G[r][j];
        v[CCREF_HSLOT_BIAS + r] = h->bias[r];
    }
    v[CCREF_HSLOT_POWER] = h->power;
    return CCREF_HSLOT_N;
}

#define ROW12(M, r)                                                                                                    \
    {M "[" #r "][0]", M "[" #r "][1]", M "[" #r "][2]", M "[" #r "][3]", M "[" #r "][4]", M "[" #r "][5]",             \
     M "[" #r "][6]", M "[" #r "][7]", M "[" #r "][8]", M "[" #r "][9]", M "[" #r "][10]", M "[" #r "][11]"}
#define ROWS(M) {ROW12(M, 0), ROW12(M, 1), ROW12(M, 2), ROW12(M, 3), ROW12(M, 4), ROW12(M, 5)}
#define BIAS(pre) {pre "bias[0]", pre "bias[1]", pre "bias[2]", pre "bias[3]", pre "bias[4]", pre "bias[5]"}
/* The names of G's row r, as P's row r (r < mp) or V's row r - mp, of the bias and of the power; [contact]. */
static const char *const p_names[2][CCREF_MAX_ROWS][CCREF_MAX_MOBILITIES] = {ROWS("P"), ROWS("constraint.P")};
static const char *const v_names[2][CCREF_MAX_ROWS][CCREF_MAX_MOBILITIES] = {ROWS("V"), ROWS("constraint.V")};
static const char *const bias_names[2][CCREF_MAX_ROWS] = {BIAS(""), BIAS("constraint.")};
static const char *const power_names[2] = {"power", "constraint.power"};
/* The tables name every row and column: a compile-time check, as in outputs.c. */
typedef char handle_names_cover_the_layout[CCREF_MAX_ROWS == 6 && CCREF_MAX_MOBILITIES == 12 ? 1 : -1];

/* mp: the holonomic rows of the kind or class (some kind's or class's MP, 1 .. CCREF_MAX_ROWS); the rows past it are
 * V's whatever the case's mv (the slots in use say which are listed). */
/*@ assigns \nothing;
    behavior unknown: assumes !(1 <= mp <= CCREF_MAX_ROWS) || !(0 <= slot < CCREF_HSLOT_N); ensures \result == \null;
    // One clause per table and contact flag, with a constant first index: a caller's goal then holds the entry as a
    // term its hypotheses about the tables name.
    behavior kind_p: assumes contact == 0 && 1 <= mp <= CCREF_MAX_ROWS && CCREF_HSLOT_G <= slot < CCREF_HSLOT_BIAS &&
                             (slot - CCREF_HSLOT_G) / CCREF_MAX_MOBILITIES < mp;
      ensures \result == p_names[0][(slot - CCREF_HSLOT_G) / CCREF_MAX_MOBILITIES][(slot - CCREF_HSLOT_G) % CCREF_MAX_MOBILITIES];
    behavior kind_v: assumes contact == 0 && 1 <= mp <= CCREF_MAX_ROWS && CCREF_HSLOT_G <= slot < CCREF_HSLOT_BIAS &&
                             (slot - CCREF_HSLOT_G) / CCREF_MAX_MOBILITIES >= mp;
      ensures \result ==
        v_names[0][(slot - CCREF_HSLOT_G) / CCREF_MAX_MOBILITIES - mp][(slot - CCREF_HSLOT_G) % CCREF_MAX_MOBILITIES];
    behavior kind_bias: assumes contact == 0 && 1 <= mp <= CCREF_MAX_ROWS && CCREF_HSLOT_BIAS <= slot < CCREF_HSLOT_POWER;
      ensures \result == bias_names[0][slot - CCREF_HSLOT_BIAS];
    behavior kind_power: assumes contact == 0 && 1 <= mp <= CCREF_MAX_ROWS && slot == CCREF_HSLOT_POWER;
      ensures \result == power_names[0];
    behavior contact_p: assumes contact != 0 && 1 <= mp <= CCREF_MAX_ROWS && CCREF_HSLOT_G <= slot < CCREF_HSLOT_BIAS &&
                                (slot - CCREF_HSLOT_G) / CCREF_MAX_MOBILITIES < mp;
      ensures \result == p_names[1][(slot - CCREF_HSLOT_G) / CCREF_MAX_MOBILITIES][(slot - CCREF_HSLOT_G) % CCREF_MAX_MOBILITIES];
    behavior contact_v: assumes contact != 0 && 1 <= mp <= CCREF_MAX_ROWS && CCREF_HSLOT_G <= slot < CCREF_HSLOT_BIAS &&
                                (slot - CCREF_HSLOT_G) / CCREF_MAX_MOBILITIES >= mp;
      ensures \result ==
        v_names[1][(slot - CCREF_HSLOT_G) / CCREF_MAX_MOBILITIES - mp][(slot - CCREF_HSLOT_G) % CCREF_MAX_MOBILITIES];
    behavior contact_bias: assumes contact != 0 && 1 <= mp <= CCREF_MAX_ROWS && CCREF_HSLOT_BIAS <= slot < CCREF_HSLOT_POWER;
      ensures \result == bias_names[1][slot - CCREF_HSLOT_BIAS];
    behavior contact_power: assumes contact != 0 && 1 <= mp <= CCREF_MAX_ROWS && slot == CCREF_HSLOT_POWER;
      ensures \result == power_names[1];
    complete behaviors; disjoint behaviors; */
const char *ccref_handle_output_name(int mp, int contact, int slot)
{
    if (mp < 1 || mp > CCREF_MAX_ROWS || slot < 0 || slot >= CCREF_HSLOT_N)
        return NULL;
    int c = contact != 0;
    if (slot < CCREF_HSLOT_BIAS) {
        int r = (slot - CCREF_HSLOT_G) / CCREF_MAX_MOBILITIES, j = (slot - CCREF_HSLOT_G) % CCREF_MAX_MOBILITIES;
        return r < mp ? p_names[c][r][j] : v_names[c][r - mp][j];
    }
    return slot < CCREF_HSLOT_POWER ? bias_names[c][slot - CCREF_HSLOT_BIAS] : power_names[c];
}

/*@ requires name == \null || valid_read_string(name);
    // The table's entries are string literals; WP does not derive that from the initializer (as ccref_kind_from_name).
    requires names: \forall integer r, j; 0 <= r < CCREF_MAX_ROWS && 0 <= j < CCREF_MAX_MOBILITIES ==>
      valid_read_string(p_names[0][r][j]) && valid_read_string(p_names[1][r][j]) &&
      valid_read_string(v_names[0][r][j]) && valid_read_string(v_names[1][r][j]);
    requires bias_names: \forall integer r; 0 <= r < CCREF_MAX_ROWS ==>
      valid_read_string(bias_names[0][r]) && valid_read_string(bias_names[1][r]);
    requires power_names: valid_read_string(power_names[0]) && valid_read_string(power_names[1]);
    assigns \nothing;
    ensures range: -1 <= \result < CCREF_HSLOT_N;
    ensures null: name == \null || !(1 <= mp <= CCREF_MAX_ROWS) ==> \result == -1; */
int ccref_handle_output_slot(int mp, int contact, const char *name)
{
    /*@ loop invariant 0 <= i <= CCREF_HSLOT_N;
        loop assigns i;
        loop variant CCREF_HSLOT_N - i; */
    for (int i = 0; name != NULL && i < CCREF_HSLOT_N; i++) {
        const char *n = ccref_handle_output_name(mp, contact, i);
        if (n != NULL && strcmp(n, name) == 0)
            return i;
    }
    return -1;
}

/* A slot in use: G's entries within the rows mp + mv and the mobilities nu, bias's within the rows, and power. */
/*@ requires no_overflow: INT_MIN <= mp + mv <= INT_MAX;
    assigns \nothing;
    ensures \result != 0 <==>
      ((CCREF_HSLOT_G <= slot < CCREF_HSLOT_BIAS &&
        (slot - CCREF_HSLOT_G) / CCREF_MAX_MOBILITIES < mp + mv && (slot - CCREF_HSLOT_G) % CCREF_MAX_MOBILITIES < nu) ||
       (CCREF_HSLOT_BIAS <= slot < CCREF_HSLOT_POWER && slot - CCREF_HSLOT_BIAS < mp + mv) ||
       slot == CCREF_HSLOT_POWER); */
int ccref_handle_slot_in_use(int slot, int mp, int mv, int nu)
{
    if (slot >= CCREF_HSLOT_G && slot < CCREF_HSLOT_BIAS)
        return (slot - CCREF_HSLOT_G) / CCREF_MAX_MOBILITIES < mp + mv &&
               (slot - CCREF_HSLOT_G) % CCREF_MAX_MOBILITIES < nu;
    if (slot >= CCREF_HSLOT_BIAS && slot < CCREF_HSLOT_POWER)
        return slot - CCREF_HSLOT_BIAS < mp + mv;
    return slot == CCREF_HSLOT_POWER;
}
