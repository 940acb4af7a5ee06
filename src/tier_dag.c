/* tier_dag.c: the expression DAG and its error calculus (tier_dag.h), for the tolerance tiers of ccref_tiers.h.
 *
 * Method: the builder of a kind (src/tier_<kind>.c) writes the formula of spec/<kind>.md as a DAG of maximal
 * sums, maximal products, quotients and square roots of the inputs (tier_dag.h). Each node is bounded when it is
 * made, from its kids' bounds, with the lemmas of spec/accuracy.md section 11:
 *
 *   sum of n terms      e = sum e_k + gamma_{n-1} sum (m_k + e_k)                       (any binary tree)
 *   product of n        e = sum_k e_k prod_{j<k} m_j prod_{j>k} (m_j + e_j) + gamma_{n-1} prod (m_k + e_k)
 *                           + 2 (n-1) eta prod max(1, m_k + e_k)                        (any binary tree)
 *   a / b               e = (e_a + m_a e_b / l_b + gamma_2 (m_a + e_a)) / d + eta (1 + 2 (m_a + e_a) / d),
 *                           d = l_b - e_b
 *                           (a / b or a times 1 / b; l_b a lower bound of |b|)
 *   sqrt(a)             e = min(sqrt e_a, e_a / (sqrt l_a + sqrt(l_a - e_a))) + u sqrt(m_a + e_a)
 *   max(0, a)           e = e_a (exact, 1-Lipschitz)
 *   a, or b instead     e = max(e_a, e_b + |c_a - c_b| + e_a,double + e_b,double)    (b's exact value within the
 *                           last three terms of a's)
 *
 * with u, eta (the underflow allowance of a product or quotient) and the overflow limit of the tier: binary64
 * 2^-53, 2^-1075, 2^1000; binary32 2^-24, 2^-150, 2^120. An input's error is 0 in binary64 and its rounding to
 * binary32, |fl32(x) - x|, in binary32. The magnitudes m are the formula on the magnitudes (or, L0, the canonical
 * value plus its binary64 bound where smaller); the lower bounds l are the canonical value minus its binary64 bound.
 *
 * Evaluation: the bounds are evaluated in round to nearest; every bound is multiplied by SAFE = 1 + 2^-40 and
 * increased by TINY = 2^-1000, every lower bound multiplied by 1 - 2^-40 (a node's evaluation has fewer than 2^12
 * roundings of non-negative terms). A magnitude that reaches the tier's limit makes the node's bound +Inf in that
 * tier (no claim): a finite bound certifies that no evaluation order overflows. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ccref_tiers.h"
#include "tier_dag.h"

#define SAFE (1.0 + 0x1p-40)
#define LOWER (1.0 - 0x1p-40)
#define TINY 0x1p-1000

static const double unit_roundoff[CCREF_TIER_COUNT] = {0x1p-53, 0x1p-24};
static const double eta[CCREF_TIER_COUNT] = {0x1p-1074, 0x1p-150}; /* binary64: 2^-1075, rounded up to a double */
static const double limit[CCREF_TIER_COUNT] = {0x1p1000, 0x1p120};

/* gamma_n = n u / (1 - n u), rounded up; 0 for n <= 0. */
static double gam(int t, int n)
{
    if (n <= 0)
        return 0.0;
    double nu = (double)n * unit_roundoff[t];
    return nu / (1.0 - nu) * SAFE;
}

static double hat(const tier_node *k, int t) { return k->m + k->e[t]; }

/* ================================================================ the DAG */

int tier_dag_init(tier_dag *d, const signed char *branch)
{
    memset(d, 0, sizeof *d);
    d->cap_node = 4096;
    d->cap_kid = 16384;
    d->node = malloc((size_t)d->cap_node * sizeof *d->node);
    d->kid = malloc((size_t)d->cap_kid * sizeof *d->kid);
    d->branch = branch;
    for (int i = 0; i < 2 * CCREF_MAX_SLOTS; i++)
        d->out[i] = TIER_UNSET;
    if (d->node == NULL || d->kid == NULL) {
        tier_dag_free(d);
        return -1;
    }
    return 0;
}

void tier_dag_free(tier_dag *d)
{
    free(d->node);
    free(d->kid);
    d->node = NULL;
    d->kid = NULL;
}

/* Grow an array to hold at least need elements; 0 on success. */
static int grow(void **p, int *cap, int need, size_t size)
{
    if (need <= *cap)
        return 0;
    int c = *cap;
    while (c < need)
        c *= 2;
    void *q = realloc(*p, (size_t)c * size);
    if (q == NULL)
        return -1;
    *p = q;
    *cap = c;
    return 0;
}

/* A new node with room for n kids (appended by the caller at kid[first ..]); -1 if out of space. */
static int new_node(tier_dag *d, tier_op op, int n)
{
    if (d->failed || grow((void **)&d->node, &d->cap_node, d->n_node + 1, sizeof *d->node) ||
        grow((void **)&d->kid, &d->cap_kid, d->n_kid + n, sizeof *d->kid)) {
        d->failed = 1;
        return -1;
    }
    tier_node *k = &d->node[d->n_node];
    memset(k, 0, sizeof *k);
    k->op = op;
    k->first = d->n_kid;
    k->n = 0;
    return d->n_node++;
}

static void push_kid(tier_dag *d, int node, int kid, int sign)
{
    d->kid[d->n_kid].node = kid;
    d->kid[d->n_kid].sign = sign;
    d->n_kid++;
    d->node[node].n++;
}

/* lo = |c| - e rounded down, or 0. */
static double lower(double c, double e)
{
    double lo = (fabs(c) - e) * LOWER;
    return lo > 0.0 && isfinite(lo) ? lo : 0.0;
}

/* Close a node: magnitude and error bounds +Inf where the tier's limit is reached; the lower bound. */
static void finish(tier_node *k)
{
    for (int t = 0; t < CCREF_TIER_COUNT; t++) {
        k->e[t] = k->e[t] * SAFE + TINY;
        if (!(k->m + k->e[t] < limit[t])) /* also NaN */
            k->e[t] = INFINITY;
    }
    if (!(k->m < limit[CCREF_TIER_DOUBLE]))
        k->m = INFINITY;
    if (k->op != TIER_INPUT)
        k->lo = isfinite(k->e[CCREF_TIER_DOUBLE]) ? lower(k->c, k->e[CCREF_TIER_DOUBLE]) : 0.0;
}

tx tx_in(tier_dag *d, double value)
{
    int i = new_node(d, TIER_INPUT, 0);
    if (i < 0)
        return 0;
    tier_node *k = &d->node[i];
    k->value = k->c = value;
    k->m = k->lo = fabs(value);
    k->e[CCREF_TIER_DOUBLE] = 0.0;
    if (!(fabs(value) < limit[CCREF_TIER_BINARY32]))
        k->e[CCREF_TIER_BINARY32] = INFINITY;
    else
        k->e[CCREF_TIER_BINARY32] = fabs(tier_to_binary32(value) - value) * SAFE;
    if (!isfinite(value))
        k->m = k->e[0] = k->e[1] = INFINITY;
    return i;
}

tx tx_known(tier_dag *d, double c, double m, const double e[CCREF_TIER_COUNT])
{
    int i = new_node(d, TIER_INPUT, 0);
    if (i < 0)
        return 0;
    tier_node *k = &d->node[i];
    k->value = k->c = c;
    k->m = m;
    for (int t = 0; t < CCREF_TIER_COUNT; t++)
        k->e[t] = !(m + e[t] < limit[t]) ? INFINITY : e[t]; /* also NaN */
    k->lo = isfinite(k->e[CCREF_TIER_DOUBLE]) ? lower(c, k->e[CCREF_TIER_DOUBLE]) : 0.0;
    return i;
}

static int is_op(const tier_dag *d, tx a, tier_op op) { return !d->failed && d->node[a].op == op; }

/* Append a's terms to sum node s with sign: a sum's own terms, else a itself. */
static void add_terms(tier_dag *d, int s, tx a, int sign)
{
    if (is_op(d, a, TIER_SUM)) {
        const tier_node *k = &d->node[a];
        for (int j = 0; j < k->n; j++)
            push_kid(d, s, d->kid[k->first + j].node, sign * d->kid[k->first + j].sign);
    } else {
        push_kid(d, s, a, sign);
    }
}

static int n_terms(const tier_dag *d, tx a, tier_op op) { return is_op(d, a, op) ? d->node[a].n : 1; }

static tx close_sum(tier_dag *d, int s)
{
    tier_node *k = &d->node[s];
    double c = 0.0, m = 0.0;
    double esum[CCREF_TIER_COUNT] = {0.0, 0.0}, hsum[CCREF_TIER_COUNT] = {0.0, 0.0};
    for (int j = 0; j < k->n; j++) {
        const tier_kid *q = &d->kid[k->first + j];
        const tier_node *a = &d->node[q->node];
        c = j == 0 ? q->sign * a->c : c + q->sign * a->c;
        m += a->m;
        for (int t = 0; t < CCREF_TIER_COUNT; t++) {
            esum[t] += a->e[t];
            hsum[t] += hat(a, t);
        }
    }
    k->c = c;
    k->m = m * SAFE;
    for (int t = 0; t < CCREF_TIER_COUNT; t++)
        k->e[t] = esum[t] + gam(t, k->n - 1) * hsum[t];
    finish(k);
    return s;
}

static tx sum_of(tier_dag *d, tx a, int sa, tx b, int sb)
{
    int s = new_node(d, TIER_SUM, n_terms(d, a, TIER_SUM) + n_terms(d, b, TIER_SUM));
    if (s < 0)
        return 0;
    add_terms(d, s, a, sa);
    add_terms(d, s, b, sb);
    return close_sum(d, s);
}

tx tx_add(tier_dag *d, tx a, tx b) { return sum_of(d, a, 1, b, 1); }
tx tx_sub(tier_dag *d, tx a, tx b) { return sum_of(d, a, 1, b, -1); }

tx tx_neg(tier_dag *d, tx a)
{
    int s = new_node(d, TIER_SUM, n_terms(d, a, TIER_SUM));
    if (s < 0)
        return 0;
    add_terms(d, s, a, -1);
    return close_sum(d, s);
}

static void add_factors(tier_dag *d, int p, tx a)
{
    if (is_op(d, a, TIER_PROD)) {
        const tier_node *k = &d->node[a];
        for (int j = 0; j < k->n; j++)
            push_kid(d, p, d->kid[k->first + j].node, 1);
    } else {
        push_kid(d, p, a, 1);
    }
}

tx tx_mul(tier_dag *d, tx a, tx b)
{
    int p = new_node(d, TIER_PROD, n_terms(d, a, TIER_PROD) + n_terms(d, b, TIER_PROD));
    if (p < 0)
        return 0;
    add_factors(d, p, a);
    add_factors(d, p, b);
    tier_node *k = &d->node[p];
    double c = 1.0, m = 1.0;
    for (int j = 0; j < k->n; j++) {
        const tier_node *f = &d->node[d->kid[k->first + j].node];
        c = j == 0 ? f->c : c * f->c;
        m *= f->m;
    }
    k->c = c;
    k->m = m * SAFE;
    for (int t = 0; t < CCREF_TIER_COUNT; t++) {
        /* prod hat - prod m, as the telescoping sum of non-negative terms (no cancellation) */
        double prop = 0.0, h = 1.0, big = 1.0;
        for (int j = 0; j < k->n; j++) {
            const tier_node *f = &d->node[d->kid[k->first + j].node];
            double term = f->e[t];
            for (int i = 0; i < k->n; i++) {
                const tier_node *g = &d->node[d->kid[k->first + i].node];
                if (i != j)
                    term *= i < j ? g->m : hat(g, t);
            }
            prop += term;
            h *= hat(f, t);
            big *= fmax(1.0, hat(f, t));
        }
        if (!(big < limit[t]))
            k->e[t] = INFINITY;
        else
            k->e[t] = prop + gam(t, k->n - 1) * h + 2.0 * (k->n - 1) * eta[t] * big;
    }
    finish(k);
    return p;
}

tx tx_div(tier_dag *d, tx a, tx b)
{
    int q = new_node(d, TIER_DIV, 2);
    if (q < 0)
        return 0;
    push_kid(d, q, a, 1);
    push_kid(d, q, b, 1);
    tier_node *k = &d->node[q];
    const tier_node *A = &d->node[a], *B = &d->node[b];
    k->c = A->c / B->c;
    double lb = B->lo * LOWER;
    k->m = lb > 0.0 ? A->m / lb * SAFE : INFINITY;
    for (int t = 0; t < CCREF_TIER_COUNT; t++) {
        double den = (lb - B->e[t]) * LOWER;
        if (!(den > 0.0) || !(hat(A, t) / den < limit[t]) || !(1.0 / den < limit[t])) {
            k->e[t] = INFINITY;
            continue;
        }
        k->e[t] = (A->e[t] + A->m * (B->e[t] / lb) + gam(t, 2) * hat(A, t)) / den +
                  eta[t] * (1.0 + 2.0 * hat(A, t) / den);
    }
    if (!isfinite(k->c))
        k->e[0] = k->e[1] = INFINITY;
    finish(k);
    return q;
}

/* Every evaluation order of a gives a non-negative value: an input >= 0, a square x x, a square root, or a sum of
 * such terms with plus signs. */
static int never_negative(const tier_dag *d, tx a)
{
    const tier_node *k = &d->node[a];
    switch (k->op) {
    case TIER_INPUT: return k->value >= 0.0;
    case TIER_SQRT:
    case TIER_MAX0: return 1;
    case TIER_EITHER: return never_negative(d, d->kid[k->first].node) && never_negative(d, d->kid[k->first + 1].node);
    case TIER_PROD: { /* every factor non-negative, or each one an even number of times */
        int all = 1, even = 1;
        for (int j = 0; j < k->n; j++) {
            int f = d->kid[k->first + j].node, count = 0;
            for (int i = 0; i < k->n; i++)
                count += d->kid[k->first + i].node == f;
            even = even && count % 2 == 0;
            all = all && never_negative(d, f);
        }
        return all || even;
    }
    case TIER_SUM:
        for (int j = 0; j < k->n; j++)
            if (d->kid[k->first + j].sign < 0 || !never_negative(d, d->kid[k->first + j].node))
                return 0;
        return 1;
    default: return 0;
    }
}

tx tx_sqrt(tier_dag *d, tx a)
{
    int s = new_node(d, TIER_SQRT, 1);
    if (s < 0)
        return 0;
    push_kid(d, s, a, 1);
    tier_node *k = &d->node[s];
    const tier_node *A = &d->node[a];
    int nonneg = never_negative(d, a);
    k->c = sqrt(fmax(0.0, A->c));
    k->m = sqrt(A->m) * SAFE;
    for (int t = 0; t < CCREF_TIER_COUNT; t++) {
        double la = A->lo * LOWER, ea = A->e[t];
        if (!nonneg && !(la - ea > 0.0)) { /* an evaluation may take the root of a negative number */
            k->e[t] = INFINITY;
            continue;
        }
        double prop = sqrt(ea) * SAFE;
        if (la > 0.0)
            prop = fmin(prop, ea / (sqrt(la) + sqrt(fmax(0.0, la - ea)) * LOWER) * SAFE);
        k->e[t] = prop + unit_roundoff[t] * sqrt(hat(A, t)) * SAFE;
    }
    finish(k);
    return s;
}

tx tx_max0(tier_dag *d, tx a)
{
    int s = new_node(d, TIER_MAX0, 1);
    if (s < 0)
        return 0;
    push_kid(d, s, a, 1);
    tier_node *k = &d->node[s];
    const tier_node *A = &d->node[a];
    k->c = fmax(0.0, A->c);
    k->m = A->m;
    for (int t = 0; t < CCREF_TIER_COUNT; t++)
        k->e[t] = A->e[t];
    finish(k);
    return s;
}

tx tx_either(tier_dag *d, tx a, tx b)
{
    int s = new_node(d, TIER_EITHER, 2);
    if (s < 0)
        return 0;
    push_kid(d, s, a, 1);
    push_kid(d, s, b, 1);
    tier_node *k = &d->node[s];
    const tier_node *A = &d->node[a], *B = &d->node[b];
    k->c = A->c;
    k->m = A->m;
    /* |exact b - exact a| <= |c_b - c_a| + e_a + e_b (double bounds: both canonical values are binary64 orders) */
    double apart = (fabs(A->c - B->c) + A->e[CCREF_TIER_DOUBLE] + B->e[CCREF_TIER_DOUBLE]) * SAFE;
    for (int t = 0; t < CCREF_TIER_COUNT; t++)
        k->e[t] = fmax(A->e[t], B->e[t] + apart); /* +Inf when either is */
    finish(k);
    return s;
}

tv tv_either(tier_dag *d, tv a, tv b)
{
    tv r = {tx_either(d, a.x, b.x), tx_either(d, a.y, b.y), tx_either(d, a.z, b.z)};
    return r;
}

tx tx_refine(tier_dag *d, tx a)
{
    if (d->failed)
        return a;
    tier_node *k = &d->node[a];
    double m = (fabs(k->c) * SAFE + k->e[CCREF_TIER_DOUBLE]) * SAFE;
    if (m < k->m)
        k->m = m;
    return a;
}

double tx_value(const tier_dag *d, tx a) { return d->failed ? 0.0 : d->node[a].c; }

/* ================================================================ vectors and matrices */

tv tv_in(tier_dag *d, ccref_vec3 v)
{
    tv r = {tx_in(d, v.x), tx_in(d, v.y), tx_in(d, v.z)};
    return r;
}

tm tm_in(tier_dag *d, const ccref_mat3 *R)
{
    tm r;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            r.m[i][j] = tx_in(d, R->m[i][j]);
    return r;
}

tv tv_add(tier_dag *d, tv a, tv b)
{
    tv r = {tx_add(d, a.x, b.x), tx_add(d, a.y, b.y), tx_add(d, a.z, b.z)};
    return r;
}

tv tv_sub(tier_dag *d, tv a, tv b)
{
    tv r = {tx_sub(d, a.x, b.x), tx_sub(d, a.y, b.y), tx_sub(d, a.z, b.z)};
    return r;
}

tv tv_neg(tier_dag *d, tv a)
{
    tv r = {tx_neg(d, a.x), tx_neg(d, a.y), tx_neg(d, a.z)};
    return r;
}

tv tv_scale(tier_dag *d, tx s, tv a)
{
    tv r = {tx_mul(d, s, a.x), tx_mul(d, s, a.y), tx_mul(d, s, a.z)};
    return r;
}

tv tv_div(tier_dag *d, tv a, tx s)
{
    tv r = {tx_div(d, a.x, s), tx_div(d, a.y, s), tx_div(d, a.z, s)};
    return r;
}

tx tv_dot(tier_dag *d, tv a, tv b)
{
    return tx_add(d, tx_add(d, tx_mul(d, a.x, b.x), tx_mul(d, a.y, b.y)), tx_mul(d, a.z, b.z));
}

tv tv_cross(tier_dag *d, tv a, tv b)
{
    tv r = {tx_sub(d, tx_mul(d, a.y, b.z), tx_mul(d, a.z, b.y)),
            tx_sub(d, tx_mul(d, a.z, b.x), tx_mul(d, a.x, b.z)),
            tx_sub(d, tx_mul(d, a.x, b.y), tx_mul(d, a.y, b.x))};
    return r;
}

tx tv_norm(tier_dag *d, tv a) { return tx_sqrt(d, tv_dot(d, a, a)); }

tv tv_refine(tier_dag *d, tv a)
{
    tv r = {tx_refine(d, a.x), tx_refine(d, a.y), tx_refine(d, a.z)};
    return r;
}

static tx row_dot(tier_dag *d, tx r0, tx r1, tx r2, tv a)
{
    return tx_add(d, tx_add(d, tx_mul(d, r0, a.x), tx_mul(d, r1, a.y)), tx_mul(d, r2, a.z));
}

tv tm_apply(tier_dag *d, tm R, tv a)
{
    tv r = {row_dot(d, R.m[0][0], R.m[0][1], R.m[0][2], a), row_dot(d, R.m[1][0], R.m[1][1], R.m[1][2], a),
            row_dot(d, R.m[2][0], R.m[2][1], R.m[2][2], a)};
    return r;
}

tv tm_apply_t(tier_dag *d, tm R, tv a)
{
    tv r = {row_dot(d, R.m[0][0], R.m[1][0], R.m[2][0], a), row_dot(d, R.m[0][1], R.m[1][1], R.m[2][1], a),
            row_dot(d, R.m[0][2], R.m[1][2], R.m[2][2], a)};
    return r;
}

tv tm_col(tm R, int j)
{
    tv r = {R.m[0][j], R.m[1][j], R.m[2][j]};
    return r;
}

ccref_vec3 tv_value(const tier_dag *d, tv a)
{
    ccref_vec3 r = {tx_value(d, a.x), tx_value(d, a.y), tx_value(d, a.z)};
    return r;
}

tv tier_unit(tier_dag *d, tv a) { return tv_div(d, a, tv_norm(d, a)); }

/* The index of the smallest magnitude, ties to the lower index (ccref_perp). */
static int smallest_axis(double u0, double u1, double u2)
{
    return (u0 <= u1) ? (u0 <= u2 ? 0 : 2) : (u1 <= u2 ? 1 : 2);
}

tm tier_rotation_from_input_z(tier_dag *d, ccref_vec3 z_value, tv z)
{
    int k = smallest_axis(fabs(z_value.x), fabs(z_value.y), fabs(z_value.z));
    double fx = tier_to_binary32(z_value.x), fy = tier_to_binary32(z_value.y), fz = tier_to_binary32(z_value.z);
    tier_input_decision(d, smallest_axis(fabs(fx), fabs(fy), fabs(fz)) == k);
    tv e = {tx_in(d, k == 0 ? 1.0 : 0.0), tx_in(d, k == 1 ? 1.0 : 0.0), tx_in(d, k == 2 ? 1.0 : 0.0)};
    tv x = tier_unit(d, tv_cross(d, z, e));
    tv y = tier_unit(d, tv_cross(d, z, x));
    tv col[3] = {x, y, z};
    tm R;
    for (int j = 0; j < 3; j++) {
        R.m[0][j] = col[j].x;
        R.m[1][j] = col[j].y;
        R.m[2][j] = col[j].z;
    }
    return R;
}

/* ================================================================ kinematics (spec/conventions.md) */

tier_body tier_body_in(tier_dag *d, const ccref_body *b)
{
    tier_body k;
    k.R = tm_in(d, &b->R);
    k.p = tv_in(d, b->p);
    k.w = tv_in(d, b->w);
    k.v = tv_in(d, b->v);
    k.b = tv_in(d, b->b);
    k.a = tv_in(d, b->a);
    return k;
}

tv tier_arm_velocity(tier_dag *d, const tier_body *k, tv arm) { return tv_add(d, k->v, tv_cross(d, k->w, arm)); }

tv tier_arm_acceleration(tier_dag *d, const tier_body *k, tv arm)
{
    return tv_add(d, tv_add(d, k->a, tv_cross(d, k->b, arm)), tv_cross(d, k->w, tv_cross(d, k->w, arm)));
}

tv tier_station(tier_dag *d, const tier_body *k, tv s) { return tv_add(d, k->p, tm_apply(d, k->R, s)); }

tv tier_material_arm(tier_dag *d, const tier_body *k, tv arm)
{
    return tv_either(d, arm, tm_apply(d, k->R, tm_apply_t(d, k->R, arm)));
}

/* ================================================================ decisions */

void tier_dag_bands(tier_dag *d, const ccref_bounds *b)
{
    d->bands = b->bands;
    memcpy(d->possible, b->possible, sizeof d->possible);
}

/* The error in tier t of deciding node k's value against a threshold at distance dist from its canonical value: the
 * bound (e_t + e_double) when it may reach across the threshold (also +Inf), else 0 (e = 0: computed exactly in
 * every order, decided as exactly). */
static double band_error(const tier_node *k, int t, double dist)
{
    double e = (k->e[t] + k->e[CCREF_TIER_DOUBLE]) * SAFE;
    return e > 0.0 && !(dist > e) ? e : 0.0;
}

void tier_decision(tier_dag *d, ccref_decision which, tx q, double threshold)
{
    if (d->failed || (which != CCREF_DECISION_NONE && (d->bands & (1u << which))))
        return;
    const tier_node *k = &d->node[q];
    double dist = fabs(k->c - threshold);
    int in_double_band = 0;
    for (int t = 0; t < CCREF_TIER_COUNT; t++) {
        double e = band_error(k, t, dist);
        if (e == 0.0)
            continue;
        if (t == CCREF_TIER_DOUBLE)
            in_double_band = isfinite(e);
        if (which != CCREF_DECISION_NONE && in_double_band)
            d->tier_bands |= 1u << which;
        else
            d->unclaimed[t] = 1; /* also e = +Inf */
    }
}

int tier_near(const tier_dag *d, tx q, double threshold)
{
    if (d->failed)
        return 0;
    const tier_node *k = &d->node[q];
    double dist = fabs(k->c - threshold);
    for (int t = 0; t < CCREF_TIER_COUNT; t++)
        if (band_error(k, t, dist) != 0.0)
            return 1;
    return 0;
}

void tier_smallest_axis(tier_dag *d, tv z, int k)
{
    if (d->failed)
        return;
    const tier_node *n[3] = {&d->node[z.x], &d->node[z.y], &d->node[z.z]};
    const unsigned alternatives =
        (d->bands & (1u << CCREF_DECISION_PERP_AXIS)) ? d->possible[CCREF_DECISION_PERP_AXIS] : 0;
    for (int j = 0; j < 3; j++) {
        if (j == k || (alternatives & (1u << j)))
            continue;
        double dist = fabs(fabs(n[k]->c) - fabs(n[j]->c));
        for (int t = 0; t < CCREF_TIER_COUNT; t++) {
            double e = (n[k]->e[t] + n[j]->e[t] + n[k]->e[CCREF_TIER_DOUBLE] + n[j]->e[CCREF_TIER_DOUBLE]) * SAFE;
            if (e > 0.0 && !(dist > e))
                d->unclaimed[t] = 1;
        }
    }
}

double tier_to_binary32(double x)
{
    if (isnan(x))
        return x;
    if (!(fabs(x) < 0x1.ffffffp127)) /* rounds past FLT_MAX */
        return copysign(INFINITY, x);
    return (double)(float)x;
}

void tier_input_decision(tier_dag *d, int same_in_binary32)
{
    if (!same_in_binary32)
        d->unclaimed[CCREF_TIER_BINARY32] = 1;
}

/* ================================================================ the tiers of a case */

ccref_status tier_tiers_of(ccref_status st, const ccref_bounds *b, tier_builder *build, const void *arg,
                           ccref_tiers *t)
{
    memset(t, 0, sizeof *t);
    if (b->n == 0)
        return st;
    tier_dag d;
    if (tier_dag_init(&d, b->branch) != 0)
        return CCREF_E_NULL_ARGUMENT;
    tier_dag_bands(&d, b);
    build(&d, arg);
    t->n = b->n;
    t->bands = d.failed ? 0u : d.tier_bands;
    t->cor_corner = !d.failed && d.cor_corner;
    for (int s = 0; s < b->n; s++)
        for (int k = 0; k < CCREF_TIER_COUNT; k++) {
            int i = d.out[s];
            t->bound[k][s] = d.failed || d.unclaimed[k] || i == TIER_UNSET ? INFINITY
                             : i == TIER_ZERO                          ? 0.0
                                                                       : d.node[i].e[k];
        }
    tier_dag_free(&d);
    return st;
}

/* ================================================================ outputs */

void tier_put(tier_dag *d, int slot, tx a) { d->out[slot + d->slot_offset] = d->failed ? TIER_UNSET : a; }

void tier_put3(tier_dag *d, int slot, tv a)
{
    tier_put(d, slot, a.x);
    tier_put(d, slot + 1, a.y);
    tier_put(d, slot + 2, a.z);
}

void tier_put_zero(tier_dag *d, int slot, int n)
{
    for (int i = 0; i < n; i++)
        d->out[slot + d->slot_offset + i] = TIER_ZERO;
}

void tier_put_rows_past(tier_dag *d, int mp, int rows)
{
    tier_put_zero(d, CCREF_SLOT_PERR + mp, CCREF_MAX_ROWS - mp);
    tier_put_zero(d, CCREF_SLOT_VERR + rows, CCREF_MAX_ROWS - rows);
    tier_put_zero(d, CCREF_SLOT_AERR + rows, CCREF_MAX_ROWS - rows);
}

void tier_put_forces(tier_dag *d, int slot_moment, tv arm, tv f)
{
    tier_put3(d, slot_moment, tv_cross(d, arm, f));
    tier_put3(d, slot_moment + 3, f);
}

