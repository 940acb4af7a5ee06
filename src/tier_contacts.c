/* tier_contacts.c: the eight contact classes of spec/unilateral_contacts.md for the tolerance tiers
 * (ccref_tiers.h), as src/contacts.c computes them. The class's constraint is its kind's formula, written by the
 * kind's builder (src/tier_<kind>.c) at CCREF_CSLOT_CONSTRAINT; then, sign = -1 (hard_stop_upper, rope) or +1:
 *   perr, verr, aerr      = the constraint's row 0; slip_velocity, slip_acceleration = its rows 1, 2 (friction)
 *   impact_speed          = max(0, -sign verr)
 *   effective_cor         = the COR rule at impact_speed (src/tier_rules.c)
 *   slip_speed            = sqrt(sx sx + sy sy), (sx, sy) = slip_velocity; effective_cof = the COF rule at it
 *   display_point         = hard stops p1 + R1 m; rope 0.5 (S1 + S2), S_k = p_k + R_k s_k; else the kernel's point
 *                           (follower point, contact point C, contact frame origin Co)
 *   coordinate_force      = hard stops: the kernel's generalized force (lambda); else 0.
 * Frictionless classes: slip outputs and COF exact zeros. point_plane and sphere_plane run PointOnPlaneContact and
 * SphereOnPlaneContact (rolling) on the plane frame the class builds, (rotation_from_z(n), h n): that frame is part
 * of the class's formula (its roundings too), while the kinds' builders read their frame as inputs, so the two
 * kernels' formulas are written here on the frame's nodes.
 *
 * The impact speed is the node max(0, -sign verr) (tx_max0: exact, 1-Lipschitz). */
#include <math.h>
#include <string.h>

#include "tier_dag.h"
#include "tier_rules.h"

/* ================================================================ the plane classes' kernels on the built frame */

/* The plane frame of the point_plane and sphere_plane classes (src/contacts.c, plane_frame): R = rotation_from_z(n),
 * origin h n, on the input normal n (n_value). */
static void plane_frame(tier_dag *d, ccref_vec3 n_value, double height, tm *R, tv *origin)
{
    tv n = tv_in(d, n_value);
    *R = tier_rotation_from_input_z(d, n_value, n);
    *origin = tv_scale(d, tx_in(d, height), n);
}

/* ================================================================ the class's constraint */

/* The class's kind case (src/contacts.c, eval_<class>): its parameters, the bodies and the multipliers. */
static ccref_case kind_case(const ccref_contact_case *c, ccref_kind kind)
{
    ccref_case k;
    memset(&k, 0, sizeof k);
    k.kind = kind;
    k.body1 = c->body1;
    k.body2 = c->body2;
    k.coordinate = c->coordinate;
    k.n_lambda = c->n_lambda;
    for (size_t i = 0; i < c->n_lambda && i < sizeof c->lambda / sizeof c->lambda[0]; i++) /* 3: a contact's array */
        k.lambda[i] = c->lambda[i];
    return k;
}

/* The constraint's outputs at CCREF_CSLOT_CONSTRAINT (with its kind's auxiliary outputs after them); returns the
 * constraint's slot of the display point (-1: the class computes its own). */
static int build_constraint(tier_dag *d, const ccref_contact_case *c)
{
    ccref_case k;
    d->slot_offset = CCREF_CSLOT_CONSTRAINT;
    switch (c->cls) {
    case CCREF_CONTACT_HARD_STOP_UPPER:
    case CCREF_CONTACT_HARD_STOP_LOWER:
        k = kind_case(c, CCREF_KIND_CONSTANT_COORDINATE);
        k.params.constant_coordinate.position = c->params.hard_stop.bound;
        tier_constant_coordinate(d, &k);
        return -1;
    case CCREF_CONTACT_ROPE:
        k = kind_case(c, CCREF_KIND_ROD);
        k.params.rod.station1_in_b1 = c->params.rope.station1_in_b1;
        k.params.rod.station2_in_b2 = c->params.rope.station2_in_b2;
        k.params.rod.length = c->params.rope.length_limit;
        tier_rod(d, &k);
        return -1;
    case CCREF_CONTACT_POINT_PLANE_FRICTIONLESS:
        k = kind_case(c, CCREF_KIND_POINT_IN_PLANE);
        k.params.point_in_plane.normal_in_b1 = c->params.point_plane.normal_in_b1;
        k.params.point_in_plane.height = c->params.point_plane.height;
        k.params.point_in_plane.follower_in_b2 = c->params.point_plane.follower_in_b2;
        tier_point_in_plane(d, &k);
        return CCREF_SLOT_PIP_FOLLOWER;
    case CCREF_CONTACT_POINT_PLANE: {
        tm R;
        tv origin;
        k = kind_case(c, CCREF_KIND_POINT_ON_PLANE);
        k.params.point_on_plane.follower_in_b2 = c->params.point_plane.follower_in_b2;
        plane_frame(d, c->params.point_plane.normal_in_b1, c->params.point_plane.height, &R, &origin);
        tier_point_on_plane_on_frame(d, &k, R, origin);
        return CCREF_SLOT_POP_FOLLOWER;
    }
    case CCREF_CONTACT_SPHERE_PLANE: {
        tm R;
        tv origin;
        k = kind_case(c, CCREF_KIND_SPHERE_ON_PLANE);
        k.params.sphere_on_plane.center_in_b2 = c->params.sphere_plane.center_in_b2;
        k.params.sphere_on_plane.radius = c->params.sphere_plane.radius;
        k.params.sphere_on_plane.rolling = 1;
        plane_frame(d, c->params.sphere_plane.normal_in_b1, c->params.sphere_plane.height, &R, &origin);
        tier_sphere_on_plane_on_frame(d, &k, R, origin);
        return CCREF_SLOT_SOP_CONTACT_POINT;
    }
    case CCREF_CONTACT_SPHERE_SPHERE: {
        const ccref_sphere_sphere_params *ss = &c->params.sphere_sphere;
        k = kind_case(c, CCREF_KIND_SPHERE_ON_SPHERE);
        k.params.sphere_on_sphere.center1_in_b1 = ss->center1_in_b1;
        k.params.sphere_on_sphere.radius1 = ss->radius1;
        k.params.sphere_on_sphere.center2_in_b2 = ss->center2_in_b2;
        k.params.sphere_on_sphere.radius2 = ss->radius2;
        k.params.sphere_on_sphere.rolling = 1;
        tier_sphere_on_sphere(d, &k);
        return CCREF_SLOT_SOS_FRAME_P;
    }
    case CCREF_CONTACT_EDGE_EDGE: {
        const ccref_edge_edge_params *ee = &c->params.edge_edge;
        k = kind_case(c, CCREF_KIND_LINE_ON_LINE);
        k.params.line_on_line.edge_frame1_in_b1 = ee->edge_frame1_in_b1;
        k.params.line_on_line.half_length1 = ee->half_length1;
        k.params.line_on_line.edge_frame2_in_b2 = ee->edge_frame2_in_b2;
        k.params.line_on_line.half_length2 = ee->half_length2;
        k.params.line_on_line.rolling = 1;
        tier_line_on_line(d, &k);
        return CCREF_SLOT_LOL_FRAME_P;
    }
    case CCREF_CONTACT_COUNT: break;
    }
    d->failed = 1;
    return -1;
}

/* ================================================================ the contact's own outputs */

/* The constraint's output at its slot k (written by the kind's builder) into the contact's slot. */
static void copy_constraint(tier_dag *d, int slot, int k) { d->out[slot] = d->out[CCREF_CSLOT_CONSTRAINT + k]; }

/* The constraint's output at its slot k as a node: an exact zero of its branch is the constant 0. */
static tx constraint_node(tier_dag *d, int k)
{
    int i = d->out[CCREF_CSLOT_CONSTRAINT + k];
    if (i == TIER_ZERO)
        return tx_in(d, 0.0);
    if (i == TIER_UNSET)
        d->failed = 1; /* the kind's builder left an output the class needs unwritten */
    return i < 0 ? 0 : i;
}

/* The class's display point (slot -1: the class's own point; else the constraint's slot of the kernel's point). */
static void put_display(tier_dag *d, const ccref_contact_case *c, int kernel_slot)
{
    if (kernel_slot >= 0) {
        for (int i = 0; i < 3; i++)
            copy_constraint(d, CCREF_CSLOT_DISPLAY + i, kernel_slot + i);
        return;
    }
    tier_body B1 = tier_body_in(d, &c->body1);
    if (c->cls == CCREF_CONTACT_ROPE) { /* the midpoint of the two ends */
        tier_body B2 = tier_body_in(d, &c->body2);
        tv S1 = tier_station(d, &B1, tv_in(d, c->params.rope.station1_in_b1));
        tv S2 = tier_station(d, &B2, tv_in(d, c->params.rope.station2_in_b2));
        tier_put3(d, CCREF_CSLOT_DISPLAY, tv_scale(d, tx_in(d, 0.5), tv_add(d, S1, S2)));
    } else { /* hard stops: the mobilizer origin on body 1 */
        tier_put3(d, CCREF_CSLOT_DISPLAY, tier_station(d, &B1, tv_in(d, c->params.hard_stop.mobilizer_origin_in_b)));
    }
}

/* The impact speed max(0, -sign verr) and the COR at it: the capture branch of d->branch, the LINEAR/MINIMUM branch
 * of the impact speed's canonical value (src/unilateral.c decides it on the kernel's value: the same wherever a tier
 * claims anything). The capture decision as tier_decision says; at the LINEAR/MINIMUM corner the COR's bound covers
 * both formulas (it is continuous there) and d->cor_corner is set (the branch label is then undecided). */
static void put_impact_and_cor(tier_dag *d, const ccref_contact_case *c, int sign)
{
    const double capture = c->speeds.capture_speed, min_cor_speed = c->speeds.min_cor_speed;
    int verr_slot = d->out[CCREF_CSLOT_CONSTRAINT + CCREF_SLOT_VERR];
    tx verr = constraint_node(d, CCREF_SLOT_VERR);
    tx v = tx_max0(d, sign > 0 ? tx_neg(d, verr) : verr);
    double v_value = fmax(0.0, tx_value(d, v));
    int corner = 0;
    if (verr_slot == TIER_ZERO) {
        tier_put_zero(d, CCREF_CSLOT_IMPACT_SPEED, 1); /* no rows (parallel edges): exactly 0, captured */
    } else if (c->cls == CCREF_CONTACT_HARD_STOP_UPPER || c->cls == CCREF_CONTACT_HARD_STOP_LOWER) {
        /* verr = qdot, an input: the impact speed is exact, its decisions are taken on it (binary32: rounded) */
        double v32 = fmax(0.0, tier_to_binary32(sign > 0 ? -c->coordinate.qdot : c->coordinate.qdot));
        tier_input_decision(d, (v32 <= tier_to_binary32(capture)) == (v_value <= capture));
        if (!d->branch[CCREF_DECISION_COR_CAPTURE])
            tier_input_decision(d, (v32 >= tier_to_binary32(min_cor_speed)) == (v_value >= min_cor_speed));
        tier_put(d, CCREF_CSLOT_IMPACT_SPEED, v);
    } else {
        tier_decision(d, CCREF_DECISION_COR_CAPTURE, v, capture);
        /* the LINEAR/MINIMUM corner: the COR is continuous there, its bound covers both formulas */
        if (!d->branch[CCREF_DECISION_COR_CAPTURE] && tier_near(d, v, min_cor_speed))
            d->cor_corner = corner = 1;
        tier_put(d, CCREF_CSLOT_IMPACT_SPEED, v);
    }
    ccref_cor_branch branch = d->branch[CCREF_DECISION_COR_CAPTURE] ? CCREF_COR_CAPTURED
                              : v_value >= min_cor_speed                ? CCREF_COR_MINIMUM
                                                                        : CCREF_COR_LINEAR;
    tier_put_cor(d, CCREF_CSLOT_EFFECTIVE_COR, branch, c->material.min_cor, min_cor_speed, v, corner);
}

/* The friction classes' slip rows, slip speed and COF (on the transition branch of d->branch). */
static void put_friction(tier_dag *d, const ccref_contact_case *c)
{
    for (int i = 0; i < 2; i++) {
        copy_constraint(d, CCREF_CSLOT_SLIP_VELOCITY + i, CCREF_SLOT_VERR + 1 + i);
        copy_constraint(d, CCREF_CSLOT_SLIP_ACCELERATION + i, CCREF_SLOT_AERR + 1 + i);
    }
    int no_slip = d->out[CCREF_CSLOT_SLIP_VELOCITY] == TIER_ZERO && d->out[CCREF_CSLOT_SLIP_VELOCITY + 1] == TIER_ZERO;
    tx sx = constraint_node(d, CCREF_SLOT_VERR + 1), sy = constraint_node(d, CCREF_SLOT_VERR + 2);
    tx slip = tx_sqrt(d, tx_add(d, tx_mul(d, sx, sx), tx_mul(d, sy, sy)));
    if (no_slip) /* exact zero rows (parallel edges): slip speed exactly 0, static */
        tier_put_zero(d, CCREF_CSLOT_SLIP_SPEED, 1);
    else {
        tier_decision(d, CCREF_DECISION_COF_TRANSITION, slip, c->speeds.transition_speed);
        tier_put(d, CCREF_CSLOT_SLIP_SPEED, slip);
    }
    ccref_cof_branch branch = d->branch[CCREF_DECISION_COF_TRANSITION] ? CCREF_COF_STATIC : CCREF_COF_DYNAMIC;
    tier_put_cof(d, CCREF_CSLOT_EFFECTIVE_COF, branch, c->material.mu_s, c->material.mu_d, c->material.mu_v, slip);
}

void tier_build_contact(tier_dag *d, const ccref_contact_case *c)
{
    int display_slot = build_constraint(d, c);
    d->slot_offset = 0;
    if (d->failed)
        return;
    copy_constraint(d, CCREF_CSLOT_PERR, CCREF_SLOT_PERR);
    copy_constraint(d, CCREF_CSLOT_VERR, CCREF_SLOT_VERR);
    copy_constraint(d, CCREF_CSLOT_AERR, CCREF_SLOT_AERR);
    put_display(d, c, display_slot);
    put_impact_and_cor(d, c, ccref_contact_sign(c->cls));
    if (ccref_contact_has_friction(c->cls)) {
        put_friction(d, c);
    } else {
        tier_put_zero(d, CCREF_CSLOT_SLIP_VELOCITY, 2);
        tier_put_zero(d, CCREF_CSLOT_SLIP_ACCELERATION, 2);
        tier_put_zero(d, CCREF_CSLOT_SLIP_SPEED, 1);
        tier_put_zero(d, CCREF_CSLOT_EFFECTIVE_COF, 1);
    }
    if (c->cls == CCREF_CONTACT_HARD_STOP_UPPER || c->cls == CCREF_CONTACT_HARD_STOP_LOWER)
        copy_constraint(d, CCREF_CSLOT_COORDINATE_FORCE, CCREF_SLOT_CC_GENERALIZED_FORCE);
    else
        tier_put_zero(d, CCREF_CSLOT_COORDINATE_FORCE, 1);
}

static void build_contact(tier_dag *d, const void *c) { tier_build_contact(d, c); }

/* As ccref_tiers_case (src/tiers.c): the status, slots and branches of the contact's bounds. */
ccref_status ccref_tiers_contact(const ccref_contact_case *c, const ccref_branch_choice *br, ccref_tiers *t)
{
    if (t == NULL)
        return CCREF_E_NULL_ARGUMENT;
    ccref_bounds b;
    ccref_status st = br != NULL ? ccref_bounds_contact_on(c, br, &b) : ccref_bounds_contact(c, &b);
    return tier_tiers_of(st, &b, build_contact, c, t);
}
