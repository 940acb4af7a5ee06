/* tier_dag.h: a constraint's formula as an expression DAG of scalar sums, products, quotients and square roots,
 * with the error calculus of spec/accuracy.md section 11, which bounds every evaluation order of it.
 *
 * Internal to the library: src/tiers.c (the calculus, the builder, the dispatch) and the builders of
 * src/tier_<kind>.c; the order test (tests/test_order.c) evaluates the same DAGs in random orders.
 *
 * A builder writes the spec formula with the tx_ and tv_ functions below. Sums absorb the sums among their terms
 * and products the products among their factors, so a node is a maximal sum or product of the formula and its
 * bound holds for every binary tree of its terms (every grouping and order). Each node is evaluated when it is
 * made: its canonical value (binary64, left to right) and its bounds are there for the builder's decisions. */
#ifndef CCREF_TIER_DAG_H
#define CCREF_TIER_DAG_H

#include "ccref.h"
#include "ccref_bounds.h"
#include "ccref_outputs.h"
#include "ccref_tiers.h"

typedef enum {
    TIER_INPUT,  /* an input double or an exact constant (value) */
    TIER_SUM,    /* sum of the kids, each with its sign */
    TIER_PROD,   /* product of the kids */
    TIER_DIV,    /* kid 0 / kid 1 (or kid 0 times the reciprocal of kid 1) */
    TIER_SQRT,   /* square root of kid 0, whose exact value is >= 0 */
    TIER_MAX0,   /* max(0, kid 0): exact, 1-Lipschitz */
    TIER_EITHER  /* kid 0, or kid 1: another formula of the same quantity that an engine may evaluate instead */
} tier_op;

typedef struct {
    tier_op op;
    int first, n;               /* kids kid[first .. first + n) */
    double value;               /* TIER_INPUT: the value */
    double c;                   /* canonical value: binary64, sums and products left to right, a / b */
    double m;                   /* |exact value| <= m */
    double lo;                  /* |exact value| >= lo */
    double e[CCREF_TIER_COUNT]; /* |value computed in the tier, in any order - exact value| <= e[tier] */
} tier_node;

typedef struct {
    int node;
    int sign; /* +1 or -1 in a sum, +1 in a product */
} tier_kid;

typedef struct {
    tier_node *node;
    tier_kid *kid;
    int n_node, n_kid, cap_node, cap_kid;
    int failed;                 /* out of space: every bound +Inf */
    int out[2 * CCREF_MAX_SLOTS]; /* node of each output slot; TIER_ZERO: an exact zero of the branch (twice the
                                     slots: a contact's kind builder also writes its kind's auxiliary outputs) */
    int slot_offset;            /* added to the slots tier_put* write: a contact class writes its constraint's
                                   outputs at CCREF_CSLOT_CONSTRAINT with its kind's builder */
    const signed char *branch;  /* the branch per decision (ccref_bounds.branch) */
    int unclaimed[CCREF_TIER_COUNT]; /* a decision an evaluation in this tier may take otherwise: no claim */
    unsigned bands;             /* the decisions inside ccref's own bands, whose other branches the vectors give as
                                   DecisionBand alternatives (ccref_bounds.bands), and their possible branches */
    unsigned char possible[CCREF_DECISION_COUNT];
    int cor_corner;             /* an evaluation in a tier may take the other side of the minimum-COR speed
                                   (ccref_tiers.cor_corner) */
    unsigned tier_bands;        /* decisions outside ccref's bands that the double tier may take otherwise: the
                                   vectors give their other branch as a DecisionBand alternative (ccref_tiers.bands) */
} tier_dag;

#define TIER_ZERO (-1)
#define TIER_UNSET (-2) /* a slot no builder wrote: no claim (tests/test_order.c finds none) */

typedef int tx;                         /* a scalar expression: its node */
typedef struct { tx x, y, z; } tv;      /* a vector */
typedef struct { tx m[3][3]; } tm;      /* a matrix (rows) */

int tier_dag_init(tier_dag *d, const signed char *branch);
/* The bands and possible branches of ccref's bounds b on the case (tier_decision). */
void tier_dag_bands(tier_dag *d, const ccref_bounds *b);
void tier_dag_free(tier_dag *d);

tx tx_in(tier_dag *d, double value);    /* an input, or an exact constant of the formula */
tx tx_add(tier_dag *d, tx a, tx b);
tx tx_sub(tier_dag *d, tx a, tx b);
tx tx_neg(tier_dag *d, tx a);
tx tx_mul(tier_dag *d, tx a, tx b);
tx tx_div(tier_dag *d, tx a, tx b);
tx tx_sqrt(tier_dag *d, tx a);
tx tx_max0(tier_dag *d, tx a);          /* max(0, a) */
/* The quantity a, which an engine may compute by the formula b instead (exactly equal for an exact rotation, say:
 * R (R^T x) for x): its exact value is a's; its bound covers b's evaluations too (spec/accuracy.md section 11.2). */
tx tx_either(tier_dag *d, tx a, tx b);
/* A quantity computed by another formula whose tiers are known: canonical value c, |exact| <= m, and per tier
 * |computed - exact| <= e[tier] (an output of a case, reused in a documented variant of it). */
tx tx_known(tier_dag *d, double c, double m, const double e[CCREF_TIER_COUNT]);
/* L0: the magnitude bound of a replaced by its canonical value plus its double error bound when smaller. */
tx tx_refine(tier_dag *d, tx a);
double tx_value(const tier_dag *d, tx a); /* canonical value */

tv tv_in(tier_dag *d, ccref_vec3 v);
tm tm_in(tier_dag *d, const ccref_mat3 *R);
tv tv_add(tier_dag *d, tv a, tv b);
tv tv_sub(tier_dag *d, tv a, tv b);
tv tv_neg(tier_dag *d, tv a);
tv tv_scale(tier_dag *d, tx s, tv a);
tv tv_div(tier_dag *d, tv a, tx s);     /* a / s, each component */
tx tv_dot(tier_dag *d, tv a, tv b);
tv tv_cross(tier_dag *d, tv a, tv b);
tx tv_norm(tier_dag *d, tv a);          /* sqrt(a . a) */
tv tv_refine(tier_dag *d, tv a);
tv tv_either(tier_dag *d, tv a, tv b);
tv tm_apply(tier_dag *d, tm R, tv a);   /* R a */
tv tm_apply_t(tier_dag *d, tm R, tv a); /* R^T a */
tv tm_col(tm R, int j);
ccref_vec3 tv_value(const tier_dag *d, tv a);

tv tier_unit(tier_dag *d, tv a);        /* a / sqrt(a . a), as ccref_unit */
/* ccref_rotation_from_z(z) of an input unit vector z (value z_value): the columns x = perp(z) = unit(z x e_k), k the
 * index of the smallest |z_i| (ties to the lower index), y = unit(z x x), and z. The axis is decided on the exact
 * input, as the kernel decides it; in binary32 on the rounded input (tier_input_decision). */
tm tier_rotation_from_input_z(tier_dag *d, ccref_vec3 z_value, tv z);

/* A body's inputs, and the kinematics of spec/conventions.md: v + w x arm, (a + b x arm) + w x (w x arm), p + R s,
 * and the spatial force (arm x f, f). */
typedef struct { tm R; tv p, w, v, b, a; } tier_body;
tier_body tier_body_in(tier_dag *d, const ccref_body *b);
tv tier_arm_velocity(tier_dag *d, const tier_body *k, tv arm);
tv tier_arm_acceleration(tier_dag *d, const tier_body *k, tv arm);
tv tier_station(tier_dag *d, const tier_body *k, tv s);
/* The arm X - p_k of body k's material point at a point X of the other body, as the formula writes it, or through
 * body k's frame, R_k (R_k^T (X - p_k)), as an engine that takes the point as a station of body k forms it (Simbody
 * 3.7's Ball and PointInPlane): lemma T6, spec/accuracy.md section 11.2. */
tv tier_material_arm(tier_dag *d, const tier_body *k, tv arm);

/* Branch decisions (spec/accuracy.md section 11.3). The builder follows d->branch; an evaluation in a tier may
 * decide otherwise where the exact value of the decision quantity q lies within that tier's error of the threshold:
 * tier_decision, when |c - threshold| <= e_tier + e_double (c the canonical value, within e_double of the exact
 * one) and the decision `which` is not inside ccref's own band (d->bands, whose other branches the vectors give as
 * alternatives already): in the double tier it records `which` in d->tier_bands, and the vectors give its other
 * branch as an alternative too, with its own tiers (that covers binary32 as well); a binary32 tier that may decide
 * otherwise where double may not, or a decision without alternatives (`which` CCREF_DECISION_NONE), marks the tier
 * unclaimed (every bound of the case +Inf in it). A decision the kernel takes on exact inputs is certain in
 * binary64; in binary32 it is taken on the rounded inputs: tier_input_decision(d, same) with same = 0 when the
 * rounded inputs decide otherwise. */
void tier_decision(tier_dag *d, ccref_decision which, tx q, double threshold);
/* Whether an evaluation in some tier may put q on the other side of threshold (the test of tier_decision). */
int tier_near(const tier_dag *d, tx q, double threshold);
/* x rounded to the nearest binary32 (as a double), +-Inf beyond its range: a conversion (float)x of a double out of
 * float's range is undefined behaviour in C, so every binary32 rounding of an input goes through here. */
double tier_to_binary32(double x);
void tier_input_decision(tier_dag *d, int same_in_binary32);
/* perp()'s axis k of a computed vector z, the index of its smallest magnitude: a tier where |z_k| against another
 * |z_j| may compare otherwise claims nothing, unless ccref's band gives axis j as an alternative. */
void tier_smallest_axis(tier_dag *d, tv z, int k);

void tier_put(tier_dag *d, int slot, tx a);
void tier_put3(tier_dag *d, int slot, tv a);
void tier_put_zero(tier_dag *d, int slot, int n);
/* The rows a case does not have, exact zeros of every branch: perr past mp, verr and aerr past rows = mp + mv (up to
 * CCREF_MAX_ROWS). Every builder states its own. */
void tier_put_rows_past(tier_dag *d, int mp, int rows);
void tier_put_forces(tier_dag *d, int slot_moment, tv arm, tv f); /* moment arm x f at slot, force f at slot + 3 */

/* The builders, one per kind (src/tier_<kind>.c): the formula of spec/<kind>.md on the case c, on d->branch. */
/* The tiers of a case whose bounds b (kernel status st) give the slots and the branches: build(d, arg) writes the
 * case's formula into a DAG on b's branches and bands; each slot's tier is its node's bound, 0 for an exact zero,
 * +Inf for a slot no builder wrote, a failed DAG or an unclaimed tier. Returns st (n = 0 when b claims nothing), or
 * CCREF_E_NULL_ARGUMENT when the DAG cannot be allocated. The entry points of ccref_tiers.h all go through it. */
typedef void tier_builder(tier_dag *d, const void *arg);
ccref_status tier_tiers_of(ccref_status st, const ccref_bounds *b, tier_builder *build, const void *arg,
                           ccref_tiers *t);

/* The Constraint handle's power -(lambda . verr) on a DAG a builder wrote (spec/constraint_handle.md): the
 * multipliers times the verr nodes of rows [0, rows) at slot first + CCREF_SLOT_VERR, summed, negated; TIER_ZERO when
 * every row is an exact zero, TIER_UNSET when a row has no node or the DAG failed (src/tiers.c; the order test
 * evaluates the same node). */
tx tier_handle_power(tier_dag *d, int first, const double *lambda, int rows);
/* Build the formula of c's kind into d (initialised with the branches to follow): src/tiers.c. */
void tier_build_case(tier_dag *d, const ccref_case *c);
/* The same for a contact class (src/tier_contacts.c). */
void tier_build_contact(tier_dag *d, const ccref_contact_case *c);

#define CCREF_TIER_BUILDER(KIND, kind, ...) void tier_##kind(tier_dag *d, const ccref_case *c);
CCREF_KINDS(CCREF_TIER_BUILDER)
#undef CCREF_TIER_BUILDER

/* PointOnPlaneContact and SphereOnPlaneContact on a plane frame given as nodes (the frame the point_plane and
 * sphere_plane classes build, whose roundings are part of their formula); the kind builders pass their input frame. */
void tier_point_on_plane_on_frame(tier_dag *d, const ccref_case *c, tm R_SP, tv Po);
void tier_sphere_on_plane_on_frame(tier_dag *d, const ccref_case *c, tm R_FP, tv p_FP);

/* LineOnLine with its edge parameters (tf, tb) made by another formula (the order test's deliberately worse one,
 * tests/order_gram.c); tier_line_on_line is this with the kernel's formula. */
typedef void tier_lol_edge_parameters(tier_dag *d, tv p, tv df, tv db, tv n, tx oos, int sense, tx *tf, tx *tb);
void tier_line_on_line_using(tier_dag *d, const ccref_case *c, tier_lol_edge_parameters *edge_parameters);

#endif
