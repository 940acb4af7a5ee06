/* contacts.c: oracle mirror of the eight UnilateralContact classes (src/contacts.c; spec/unilateral_contacts.md).
 * Each class evaluates the mirror of its bilateral kernel on the class's parameters, then:
 *   perr, verr, aerr = row 0; slip rows = rows 1, 2 (friction classes); display point; class deviation bits;
 *   impact_speed = max(0, -sign verr)      decided exactly on verr's polynomial form (ora_out.verr0_*);
 *   COR rule at impact_speed               branch decided exactly: impact_speed against the speeds;
 *   slip_speed = sqrt(slip_x^2 + slip_y^2) evaluated as sqrt(num/den) from the exact slip form;
 *   COF rule at slip_speed                 branch decided exactly: num - transition^2 den against 0.
 * Plane classes (point_plane, sphere_plane) build the exact plane frame (rotation_from_z(n), h n) on body 1:
 * the perp() index of n is decided on |n_k| (ORA_D_PLANE_AXIS), and the slip form uses u = n x e_k:
 *   slip^2 = (a^2 N + b^2 U) / (U N),  a = s.(R1 u), b = s.(R1 (n x u)), U = u.u, N = |n x u|^2,
 * s the slip velocity vector of the kernel (Px = R1 u/|u|, Py = R1 (n x u)/|n x u|). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* ================================================================ the mirror */

/* The sign convention and the friction flag of each class, stated here from spec/unilateral_contacts.md section 1
 * ("sign" and "friction" columns; the Rope's -1 is Simbody's code, section 6) rather than taken from the kernels'
 * ccref_contact_sign / ccref_contact_has_friction: with its own tables the oracle is an independent reference, and a
 * wrong entry in src/contacts.c shows up in every kernel-against-oracle comparison (impact speed, COR branch, sign,
 * friction flag, the multiplier count) instead of being copied into the reference. tests/test_oracle.c compares
 * these tables, through ora_eval_contact_case, with the spec's and with the kernels'. */
static int class_sign(ccref_contact_class cls)
{
    switch (cls) {
    case CCREF_CONTACT_HARD_STOP_UPPER: return -1; /* signed room upper - q */
    case CCREF_CONTACT_HARD_STOP_LOWER: return +1; /* q - lower */
    case CCREF_CONTACT_ROPE: return -1;            /* limit - distance: a rope may be slack, not longer */
    case CCREF_CONTACT_POINT_PLANE_FRICTIONLESS:   /* signed heights and separations */
    case CCREF_CONTACT_POINT_PLANE:
    case CCREF_CONTACT_SPHERE_PLANE:
    case CCREF_CONTACT_SPHERE_SPHERE:
    case CCREF_CONTACT_EDGE_EDGE: return +1;
    default: return 0;
    }
}

static int class_has_friction(ccref_contact_class cls)
{
    switch (cls) {
    case CCREF_CONTACT_POINT_PLANE:
    case CCREF_CONTACT_SPHERE_PLANE:
    case CCREF_CONTACT_SPHERE_SPHERE:
    case CCREF_CONTACT_EDGE_EDGE: return 1;
    default: return 0; /* hard stops, rope, point_plane_frictionless */
    }
}

static ccref_kind class_kind(ccref_contact_class cls)
{
    switch (cls) {
    case CCREF_CONTACT_HARD_STOP_UPPER:
    case CCREF_CONTACT_HARD_STOP_LOWER: return CCREF_KIND_CONSTANT_COORDINATE;
    case CCREF_CONTACT_ROPE: return CCREF_KIND_ROD;
    case CCREF_CONTACT_POINT_PLANE_FRICTIONLESS: return CCREF_KIND_POINT_IN_PLANE;
    case CCREF_CONTACT_POINT_PLANE: return CCREF_KIND_POINT_ON_PLANE;
    case CCREF_CONTACT_SPHERE_PLANE: return CCREF_KIND_SPHERE_ON_PLANE;
    case CCREF_CONTACT_SPHERE_SPHERE: return CCREF_KIND_SPHERE_ON_SPHERE;
    case CCREF_CONTACT_EDGE_EDGE: return CCREF_KIND_LINE_ON_LINE;
    default: return CCREF_KIND_COUNT;
    }
}

/* Plane frame (rotation_from_z(n), h n) of the plane classes, into F; also the slip form vectors. */
static ora_eval_status plane_frame(ora_ws *ws, ora_frame *F, const ora_v3 *n, mpfi_srcptr h, ora_decisions *d)
{
    if (d->v[ORA_D_PLANE_AXIS] == ORA_DEC_AUTO) {
        int k = ora_perp_index(ws, n);
        if (k < 0)
            return ora_undecided(d, ORA_D_PLANE_AXIS);
        ora_decide(d, ORA_D_PLANE_AXIS, k, ws_prec(ws));
    }
    ora_rotation_from_z(ws, &F->R, n, d->v[ORA_D_PLANE_AXIS]);
    iv_scale(&F->p, h, n);
    return ORA_EVAL_OK;
}

/* slip^2 = num/den for the plane classes (see the header comment). */
static void plane_slip_form(ora_ws *ws, mpfi_ptr num, mpfi_ptr den, const ora_v3 *s, const ora_v3 *n,
                            const ora_m3 *R1, int k)
{
    ora_mark m = ws_mark(ws);
    ora_v3 *u = ws_v(ws), *nu = ws_v(ws), *Ru = ws_v(ws), *Rnu = ws_v(ws);
    mpfi_ptr a = ws_s(ws), b = ws_s(ws), U = ws_s(ws), N = ws_s(ws);
    iv_cross_e(u, n, k);
    iv_cross(ws, nu, n, u);
    im_apply(ws, Ru, R1, u);
    im_apply(ws, Rnu, R1, nu);
    iv_dot(ws, a, s, Ru);
    iv_dot(ws, b, s, Rnu);
    iv_dot(ws, U, u, u);
    iv_dot(ws, N, nu, nu);
    mpfi_sqr(a, a);
    mpfi_mul(a, a, N);
    mpfi_sqr(b, b);
    mpfi_mul(b, b, U);
    mpfi_add(num, a, b);
    mpfi_mul(den, U, N);
    ws_release(ws, m);
}


/* One contact evaluation, shared by its passes (ora_contact_eval): the class's kernel, its parameters and outputs; the
 * class's sign and friction flag; what the class adds to the kernel's outputs (display point, deviation bits, the
 * slip form slip^2 = num/den); the scratch x. */
typedef struct {
    ccref_kind kind;
    int friction, sign;
    ora_case *kc;
    ora_out *ko;
    ora_v3 *disp;
    mpfi_ptr x, num, den;
    unsigned class_bits;
} contact_pass;

/* Hard stops: the ConstantCoordinate kernel at the bound; display point p1 + R1 m (t: scratch). */
static ora_eval_status eval_hard_stop(ora_ws *ws, const ora_contact_case *c, ora_decisions *d, contact_pass *P,
                                      ora_v3 *t)
{
    const ora_body *b1 = &c->body1;
    ora_case *kc = P->kc;
    mpfi_set(kc->params.constant_coordinate.position, c->params.hard_stop.bound);
    ora_eval_status st =
        ora_constant_coordinate_eval(ws, &kc->params.constant_coordinate, &c->coordinate, &c->lambda, d, P->ko);
    im_apply(ws, t, &b1->R, &c->params.hard_stop.mobilizer_origin_in_b);   /* display: p1 + R1 m */
    iv_add(P->disp, &b1->p, t);
    return st;
}

/* Rope: the Rod kernel with the length limit; display point the midpoint of the stations (t, q: scratch). */
static ora_eval_status eval_rope(ora_ws *ws, const ora_contact_case *c, ora_decisions *d, contact_pass *P, ora_v3 *t,
                                 ora_v3 *q)
{
    const ora_body *b1 = &c->body1, *b2 = &c->body2;
    const ora_rope_params *rp = &c->params.rope;
    ora_rod_params *kp = &P->kc->params.rod;
    ora_v3 *disp = P->disp;
    iv_set(&kp->station1_in_b1, &rp->station1_in_b1);
    iv_set(&kp->station2_in_b2, &rp->station2_in_b2);
    mpfi_set(kp->length, rp->length_limit);
    ora_eval_status st = ora_rod_eval(ws, kp, b1, b2, &c->lambda, d, P->ko);
    im_apply(ws, t, &b1->R, &rp->station1_in_b1);   /* display: (S1 + S2)/2 */
    iv_add(disp, &b1->p, t);
    im_apply(ws, t, &b2->R, &rp->station2_in_b2);
    iv_add(q, &b2->p, t);
    iv_add(disp, disp, q);
    iv_mul_2si(disp, disp, -1);
    P->class_bits = CCREF_DEV_ROPE_SIGN;
    return st;
}

/* Frictionless point on a plane: the PointInPlane kernel; display point its follower point. */
static ora_eval_status eval_point_plane_frictionless(ora_ws *ws, const ora_contact_case *c, ora_decisions *d,
                                                     contact_pass *P)
{
    const ora_point_plane_params *pp = &c->params.point_plane;
    ora_point_in_plane_params *kp = &P->kc->params.point_in_plane;
    iv_set(&kp->normal_in_b1, &pp->normal_in_b1);
    mpfi_set(kp->height, pp->height);
    iv_set(&kp->follower_in_b2, &pp->follower_in_b2);
    ora_eval_status st = ora_point_in_plane_eval(ws, kp, &c->body1, &c->body2, &c->lambda, d, P->ko);
    out_get_v3(P->disp, P->ko, CCREF_SLOT_PIP_FOLLOWER);
    return st;
}

/* The plane classes' kernel on the built plane frame: the rolling SphereOnPlane kernel, display point its contact
 * point; or PointOnPlane, display point its follower. */
static ora_eval_status eval_plane_kernel(ora_ws *ws, const ora_contact_case *c, ora_decisions *d, contact_pass *P,
                                         int sphere, const ora_v3 *n, mpfi_srcptr h)
{
    ora_case *kc = P->kc;
    ora_eval_status st = plane_frame(ws, sphere ? &kc->params.sphere_on_plane.plane_frame_in_b1
                                                : &kc->params.point_on_plane.plane_frame_in_b1, n, h, d);
    if (st != ORA_EVAL_OK)
        return st;
    if (sphere) {
        ora_sphere_on_plane_params *kp = &kc->params.sphere_on_plane;
        iv_set(&kp->center_in_b2, &c->params.sphere_plane.center_in_b2);
        mpfi_set(kp->radius, c->params.sphere_plane.radius);
        kp->rolling = 1;
        st = ora_sphere_on_plane_eval(ws, kp, &c->body1, &c->body2, &c->lambda, d, P->ko);
        out_get_v3(P->disp, P->ko, CCREF_SLOT_SOP_CONTACT_POINT);
    } else {
        ora_point_on_plane_params *kp = &kc->params.point_on_plane;
        iv_set(&kp->follower_in_b2, &c->params.point_plane.follower_in_b2);
        st = ora_point_on_plane_eval(ws, kp, &c->body1, &c->body2, &c->lambda, d, P->ko);
        out_get_v3(P->disp, P->ko, CCREF_SLOT_POP_FOLLOWER);
        P->class_bits = CCREF_DEV_PPC_GETTER_ROWS;
    }
    return st;
}

/* The plane classes: the kernel, then (with the forms) the slip form on the plane frame, and the deviation bit of a
 * nonzero height (which the kernels drop or ignore), decided on the exact height. */
static ora_eval_status eval_plane_class(ora_ws *ws, const ora_contact_case *c, ora_decisions *d, contact_pass *P)
{
    const int sphere = c->cls == CCREF_CONTACT_SPHERE_PLANE;
    const ora_v3 *n = sphere ? &c->params.sphere_plane.normal_in_b1 : &c->params.point_plane.normal_in_b1;
    mpfi_srcptr h = sphere ? c->params.sphere_plane.height : c->params.point_plane.height;
    ora_eval_status st = eval_plane_kernel(ws, c, d, P, sphere, n, h);
    if (st != ORA_EVAL_OK)
        return st;
    if (P->ko->want_forms)
        plane_slip_form(ws, P->num, P->den, &P->ko->slip_vec, n, &c->body1.R, d->v[ORA_D_PLANE_AXIS]);
    int s = ora_sign(h);
    if (s == ORA_SIGN_UNKNOWN)
        return ora_undecided(d, ORA_D_COUNT);
    if (s != 0)
        P->class_bits |= sphere ? CCREF_DEV_SPC_HEIGHT_IGNORED : CCREF_DEV_PPC_HEIGHT_DROPPED;
    return ORA_EVAL_OK;
}

/* The display point from the kernel's output slot and the kernel's own slip form (sphere_sphere, edge_edge), after
 * the kernel's evaluation, whose status st it passes on. */
static ora_eval_status kernel_display_and_slip(contact_pass *P, int slot, ora_eval_status st)
{
    out_get_v3(P->disp, P->ko, slot);
    mpfi_set(P->num, P->ko->slip_num);
    mpfi_set(P->den, P->ko->slip_den);
    return st;
}

/* Sphere on sphere: the rolling SphereOnSphere kernel; display point the contact frame's origin. */
static ora_eval_status eval_sphere_sphere(ora_ws *ws, const ora_contact_case *c, ora_decisions *d, contact_pass *P)
{
    const ora_sphere_sphere_params *ss = &c->params.sphere_sphere;
    ora_sphere_on_sphere_params *kp = &P->kc->params.sphere_on_sphere;
    iv_set(&kp->center1_in_b1, &ss->center1_in_b1);
    mpfi_set(kp->radius1, ss->radius1);
    iv_set(&kp->center2_in_b2, &ss->center2_in_b2);
    mpfi_set(kp->radius2, ss->radius2);
    kp->rolling = 1;
    ora_eval_status st = ora_sphere_on_sphere_eval(ws, kp, &c->body1, &c->body2, &c->lambda, d, P->ko);
    return kernel_display_and_slip(P, CCREF_SLOT_SOS_FRAME_P, st);
}

/* Edge on edge: the rolling LineOnLine kernel; display point the contact frame's origin. */
static ora_eval_status eval_edge_edge(ora_ws *ws, const ora_contact_case *c, ora_decisions *d, contact_pass *P)
{
    const ora_edge_edge_params *ee = &c->params.edge_edge;
    ora_line_on_line_params *kp = &P->kc->params.line_on_line;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            mpfi_set(kp->edge_frame1_in_b1.R.m[i][j], ee->edge_frame1_in_b1.R.m[i][j]);
            mpfi_set(kp->edge_frame2_in_b2.R.m[i][j], ee->edge_frame2_in_b2.R.m[i][j]);
        }
    iv_set(&kp->edge_frame1_in_b1.p, &ee->edge_frame1_in_b1.p);
    iv_set(&kp->edge_frame2_in_b2.p, &ee->edge_frame2_in_b2.p);
    mpfi_set(kp->half_length1, ee->half_length1);
    mpfi_set(kp->half_length2, ee->half_length2);
    kp->rolling = 1;
    ora_eval_status st = ora_line_on_line_eval(ws, kp, &c->body1, &c->body2, &c->lambda, d, P->ko);
    return kernel_display_and_slip(P, CCREF_SLOT_LOL_FRAME_P, st);
}

/* Evaluate the class's kernel on the class's parameters into P->ko; display point and class deviation bits. For the
 * plane classes with want_forms also the slip form (num, den). */
static ora_eval_status eval_class(ora_ws *ws, const ora_contact_case *c, ora_decisions *d, contact_pass *P)
{
    ora_mark m = ws_mark(ws);
    ora_eval_status st = ORA_EVAL_OK;
    ora_v3 *t = ws_v(ws), *q = ws_v(ws);
    P->class_bits = 0;
    switch (c->cls) {
    case CCREF_CONTACT_HARD_STOP_UPPER:
    case CCREF_CONTACT_HARD_STOP_LOWER: st = eval_hard_stop(ws, c, d, P, t); break;
    case CCREF_CONTACT_ROPE: st = eval_rope(ws, c, d, P, t, q); break;
    case CCREF_CONTACT_POINT_PLANE_FRICTIONLESS: st = eval_point_plane_frictionless(ws, c, d, P); break;
    case CCREF_CONTACT_POINT_PLANE:
    case CCREF_CONTACT_SPHERE_PLANE: st = eval_plane_class(ws, c, d, P); break;
    case CCREF_CONTACT_SPHERE_SPHERE: st = eval_sphere_sphere(ws, c, d, P); break;
    case CCREF_CONTACT_EDGE_EDGE: st = eval_edge_edge(ws, c, d, P); break;
    default: break;
    }
    ws_release(ws, m);
    return st;
}

/* Sign of (impact - c) from the enclosure of the impact speed (forms == 0) or exactly from the form of verr[0]
 * (forms == 1): impact = -sign X, so sign(impact - c) = -sign(X - (-c)) for sign +1 and sign(X - c) for -1. */
static int cmp_impact_speed(ora_ws *ws, const ora_out *ko, int sign, mpfi_srcptr impact, mpfi_srcptr c, int forms)
{
    ora_mark m = ws_mark(ws);
    mpfi_ptr x = ws_s(ws);
    int s;
    if (!forms) {
        mpfi_sub(x, impact, c);
        s = ora_sign(x);
    } else if (sign > 0) {
        mpfi_neg(x, c);
        s = ora_cmp_form(ws, ko->verr0_num, ko->verr0_den, ko->verr0_k, x);
        if (s != ORA_SIGN_UNKNOWN)
            s = -s;
    } else {
        s = ora_cmp_form(ws, ko->verr0_num, ko->verr0_den, ko->verr0_k, c);
    }
    ws_release(ws, m);
    return s;
}

/* A sign a pass could not decide: pass 0 (forms == 0) asks for pass 1 with the exact forms (*need_forms), pass 1 leaves
 * decision id undecided. */
static ora_eval_status undecided_in_pass(int forms, int *need_forms, ora_decisions *d, ora_decision_id id)
{
    if (forms)
        return ora_undecided(d, id);
    *need_forms = 1;
    return ORA_EVAL_OK;
}

/* The kernel's outputs the contact carries: rows, constraint, display point, deviations, coordinate force, the slip
 * rows of the friction classes. */
static void copy_kernel_outputs(const contact_pass *P, ora_contact_out *o)
{
    const ora_out *ko = P->ko;
    mpfi_set(o->v[CCREF_CSLOT_PERR], ko->v[CCREF_SLOT_PERR]);
    mpfi_set(o->v[CCREF_CSLOT_VERR], ko->v[CCREF_SLOT_VERR]);
    mpfi_set(o->v[CCREF_CSLOT_AERR], ko->v[CCREF_SLOT_AERR]);
    for (int i = 0; i < CCREF_SLOT_AUX; i++)
        mpfi_set(o->v[CCREF_CSLOT_CONSTRAINT + i], ko->v[i]);
    mpfi_set(o->v[CCREF_CSLOT_DISPLAY], P->disp->x);
    mpfi_set(o->v[CCREF_CSLOT_DISPLAY + 1], P->disp->y);
    mpfi_set(o->v[CCREF_CSLOT_DISPLAY + 2], P->disp->z);
    if (P->kind == CCREF_KIND_CONSTANT_COORDINATE)
        mpfi_set(o->v[CCREF_CSLOT_COORDINATE_FORCE], ko->v[CCREF_SLOT_CC_GENERALIZED_FORCE]);
    if (P->friction) {
        mpfi_set(o->v[CCREF_CSLOT_SLIP_VELOCITY], ko->v[CCREF_SLOT_VERR + 1]);
        mpfi_set(o->v[CCREF_CSLOT_SLIP_VELOCITY + 1], ko->v[CCREF_SLOT_VERR + 2]);
        mpfi_set(o->v[CCREF_CSLOT_SLIP_ACCELERATION], ko->v[CCREF_SLOT_AERR + 1]);
        mpfi_set(o->v[CCREF_CSLOT_SLIP_ACCELERATION + 1], ko->v[CCREF_SLOT_AERR + 2]);
    }
    o->status = ko->status;
    o->deviations = ko->deviations | P->class_bits;
    o->mp = ko->mp;
    o->mv = ko->mv;
}

/* Impact speed = max(0, -sign verr), positive iff sign verr < 0: decided on verr's enclosure (pass 0) or exactly on
 * its form (pass 1). */
static ora_eval_status impact_rule(ora_ws *ws, ora_decisions *d, const contact_pass *P, int forms, int *need_forms,
                                   ora_contact_out *o)
{
    const ora_out *ko = P->ko;
    if (d->v[ORA_D_IMPACT] == ORA_DEC_AUTO) {
        int s;
        if (forms) {
            mpfi_set_ui(P->x, 0);
            s = ora_cmp_form(ws, ko->verr0_num, ko->verr0_den, ko->verr0_k, P->x);
        } else {
            s = ora_sign(ko->v[CCREF_SLOT_VERR]);
        }
        if (s == ORA_SIGN_UNKNOWN)
            return undecided_in_pass(forms, need_forms, d, ORA_D_IMPACT);
        ora_decide(d, ORA_D_IMPACT, P->sign * s < 0, ws_prec(ws));
    }
    if (d->v[ORA_D_IMPACT] != 0)
        mpfi_mul_si(o->v[CCREF_CSLOT_IMPACT_SPEED], ko->v[CCREF_SLOT_VERR], -P->sign);
    return ORA_EVAL_OK;
}

/* COR rule: impact <= capture -> CAPTURED, impact >= min_cor_speed -> MINIMUM, else LINEAR (an impact speed of 0 is
 * CAPTURED: capture_speed >= 0 was checked); then the effective COR on the branch. */
static ora_eval_status cor_rule(ora_ws *ws, const ora_contact_case *c, ora_decisions *d, const contact_pass *P,
                                int forms, int *need_forms, ora_contact_out *o)
{
    if (d->v[ORA_D_COR_BRANCH] == ORA_DEC_AUTO) {
        int b = CCREF_COR_CAPTURED;
        if (d->v[ORA_D_IMPACT] != 0) {
            int s = cmp_impact_speed(ws, P->ko, P->sign, o->v[CCREF_CSLOT_IMPACT_SPEED], c->capture_speed, forms);
            if (s != ORA_SIGN_UNKNOWN && s > 0) {
                s = cmp_impact_speed(ws, P->ko, P->sign, o->v[CCREF_CSLOT_IMPACT_SPEED], c->min_cor_speed, forms);
                b = s >= 0 ? CCREF_COR_MINIMUM : CCREF_COR_LINEAR;
            }
            if (s == ORA_SIGN_UNKNOWN)
                return undecided_in_pass(forms, need_forms, d, ORA_D_COR_BRANCH);
        }
        ora_decide(d, ORA_D_COR_BRANCH, b, ws_prec(ws));
    }
    int b = d->v[ORA_D_COR_BRANCH];
    ora_effective_cor(ws, c->min_cor, c->capture_speed, c->min_cor_speed, o->v[CCREF_CSLOT_IMPACT_SPEED],
                      o->v[CCREF_CSLOT_EFFECTIVE_COR], &b);
    o->cor_branch = (ccref_cor_branch)b;
    return ORA_EVAL_OK;
}

/* The slip speed sqrt(slip^2) into its slot, leaving slip^2 in P->x: in pass 0 from the slip rows' enclosures (an
 * enclosure touching 0 asks for pass 1: *need_forms), in pass 1 from the exact form num/den, where an exact zero stays
 * a point. */
static void slip_speed(const contact_pass *P, int forms, int *need_forms, ora_contact_out *o)
{
    mpfi_ptr x = P->x;
    if (forms) {
        mpfi_div(x, P->num, P->den);
    } else {
        mpfi_sqr(x, P->ko->v[CCREF_SLOT_VERR + 1]);
        mpfi_sqr(P->num, P->ko->v[CCREF_SLOT_VERR + 2]);
        mpfi_add(x, x, P->num);
        int s = ora_sign(x);
        if (s != 1) {
            *need_forms = 1;
            return;
        }
    }
    mpfi_sqrt(o->v[CCREF_CSLOT_SLIP_SPEED], x);
}

/* COF rule at the slip speed (friction classes): STATIC iff slip <= transition, decided on slip - transition (pass 0)
 * or exactly on num - transition^2 den (pass 1); then the effective COF on the branch. */
static ora_eval_status cof_rule(ora_ws *ws, const ora_contact_case *c, ora_decisions *d, const contact_pass *P,
                                int forms, int *need_forms, ora_contact_out *o)
{
    mpfi_ptr x = P->x;
    slip_speed(P, forms, need_forms, o);
    if (*need_forms)
        return ORA_EVAL_OK;
    if (d->v[ORA_D_COF_BRANCH] == ORA_DEC_AUTO) {
        if (forms) {
            mpfi_sqr(x, c->transition_speed);
            mpfi_mul(x, x, P->den);
            mpfi_sub(x, P->num, x);
        } else {
            mpfi_sub(x, o->v[CCREF_CSLOT_SLIP_SPEED], c->transition_speed);
        }
        int s = ora_sign(x);
        if (s == ORA_SIGN_UNKNOWN)
            return undecided_in_pass(forms, need_forms, d, ORA_D_COF_BRANCH);
        ora_decide(d, ORA_D_COF_BRANCH, s <= 0 ? CCREF_COF_STATIC : CCREF_COF_DYNAMIC, ws_prec(ws));
    }
    int b = d->v[ORA_D_COF_BRANCH];
    ora_effective_cof(ws, c->mu_s, c->mu_d, c->mu_v, c->transition_speed, o->v[CCREF_CSLOT_SLIP_SPEED],
                      o->v[CCREF_CSLOT_EFFECTIVE_COF], &b);
    o->cof_branch = (ccref_cof_branch)b;
    return ORA_EVAL_OK;
}

/* One pass: every output zeroed, the class's kernel (want_forms = forms), its outputs, then the impact, COR and
 * (friction classes) COF rules. *need_forms: pass 0 met a decision its enclosures cannot take. */
static ora_eval_status contact_pass_eval(ora_ws *ws, const ora_contact_case *c, ora_decisions *d, contact_pass *P,
                                         int forms, int *need_forms, ora_contact_out *o)
{
    for (int i = 0; i < CCREF_CSLOT_N; i++)
        mpfi_set_ui(o->v[i], 0);
    o->cor_branch = CCREF_COR_CAPTURED;
    o->cof_branch = CCREF_COF_STATIC;
    P->ko->want_forms = forms;
    ora_eval_status st = eval_class(ws, c, d, P);
    if (st != ORA_EVAL_OK)
        return st;
    copy_kernel_outputs(P, o);
    st = impact_rule(ws, d, P, forms, need_forms, o);
    if (st != ORA_EVAL_OK || *need_forms)
        return st;
    st = cor_rule(ws, c, d, P, forms, need_forms, o);
    if (st != ORA_EVAL_OK || *need_forms || !P->friction)
        return st;
    return cof_rule(ws, c, d, P, forms, need_forms, o);
}

ora_eval_status ora_contact_eval(ora_ws *ws, const ora_contact_case *c, ora_decisions *d, ora_contact_out *o)
{
    const ccref_kind kind = class_kind(c->cls);
    if (kind == CCREF_KIND_COUNT)
        return ora_undecided(d, ORA_D_COUNT);
    ora_mark m = ws_mark(ws);
    contact_pass P;
    P.kind = kind;
    P.kc = ws_kcase(ws, kind);
    P.ko = ws_kout(ws);
    P.friction = class_has_friction(c->cls);
    P.sign = class_sign(c->cls);
    P.disp = ws_v(ws);
    P.x = ws_s(ws);
    P.num = ws_s(ws);
    P.den = ws_s(ws);
    P.class_bits = 0;
    o->cls = c->cls;
    o->kernel = P.ko;
    o->sign = P.sign;
    o->has_friction = P.friction;

    /* Pass 0 decides from the enclosures of the rows; only when one of them straddles its threshold (a tie, or an
     * exact zero) pass 1 re-evaluates the kernel with the exact forms (spec/oracle.md section 4). */
    ora_eval_status st = ORA_EVAL_OK;
    for (int forms = 0; forms < 2; forms++) {
        int need_forms = 0;
        st = contact_pass_eval(ws, c, d, &P, forms, &need_forms, o);
        if (st != ORA_EVAL_OK || !need_forms)
            break;
    }
    ws_release(ws, m);
    return st;
}

/* ================================================================ certified wrapper */

/* The class's input checks before the kernel's evaluation (src/contacts.c order), decided exactly: the multipliers'
 * finiteness, then the state's and parameters' (ora_check_inputs); a hard stop then reports the overflow of its
 * kernel. A status, or -1 when a rotation/unit decision is undecided at the cap. */
static int check_contact(ora_ctx *ctx, const ccref_contact_case *c, int *bits)
{
    for (size_t i = 0; i < c->n_lambda; i++)
        if (!isfinite(c->lambda[i]))
            return CCREF_E_NONFINITE_INPUT;
    int st = ora_check_inputs(ctx, ora_class_params(c->cls), &c->params, &c->body1, &c->body2, &c->coordinate, bits);
    if (st != CCREF_OK || (c->cls != CCREF_CONTACT_HARD_STOP_UPPER && c->cls != CCREF_CONTACT_HARD_STOP_LOWER))
        return st;
    /* After every input check (the caller puts the rules' checks before it too): the ConstantCoordinate kernel's only
     * output that can overflow is perr = q - bound, a single correctly rounded subtraction: RN(q - bound) is the
     * double computed here. */
    return isinf(c->coordinate.q - c->params.hard_stop.bound) ? CCREF_E_RESULT_OVERFLOW : CCREF_OK;
}

/* The COR and COF rules' domain checks (src/unilateral.c order); the impact and slip speeds are finite and
 * non-negative here, so only the coefficients and the caller's speeds can fail. */
static ccref_status check_cor(const ccref_contact_case *c)
{
    const ccref_contact_material *m = &c->material;
    const ccref_contact_speeds *s = &c->speeds;
    if (!isfinite(m->min_cor) || !isfinite(s->capture_speed) || !isfinite(s->min_cor_speed))
        return CCREF_E_NONFINITE_INPUT;
    if (!(m->min_cor >= 0.0 && m->min_cor <= 1.0))
        return CCREF_E_COR_OUT_OF_RANGE;
    if (s->capture_speed < 0.0 || s->min_cor_speed < 0.0)
        return CCREF_E_NEGATIVE_SPEED;
    if (s->capture_speed > s->min_cor_speed)
        return CCREF_E_SPEED_ORDER;
    return CCREF_OK;
}

static ccref_status check_cof(const ccref_contact_case *c)
{
    const ccref_contact_material *m = &c->material;
    if (!isfinite(m->mu_s) || !isfinite(m->mu_d) || !isfinite(m->mu_v) || !isfinite(c->speeds.transition_speed))
        return CCREF_E_NONFINITE_INPUT;
    if (m->mu_s < 0.0 || m->mu_d < 0.0 || m->mu_v < 0.0)
        return CCREF_E_NEGATIVE_FRICTION;
    if (m->mu_d > m->mu_s)
        return CCREF_E_FRICTION_ORDER;
    if (c->speeds.transition_speed < 0.0)
        return CCREF_E_NEGATIVE_SPEED;
    return CCREF_OK;
}

/* Overflow state of a set of enclosures: 1 if some enclosure rounds to +-Inf entirely, -1 if some enclosure
 * straddles the overflow threshold (or is unbounded), else 0. */
static int enclosure_overflow(mpfi_t *v, int n)
{
    int maybe = 0;
    for (int i = 0; i < n; i++) {
        if (mpfi_nan_p(v[i]))
            return -1;
        double l = mpfr_get_d(ORA_LEFT(v[i]), MPFR_RNDN), r = mpfr_get_d(ORA_RIGHT(v[i]), MPFR_RNDN);
        int il = isinf(l), ir = isinf(r);
        if (il && ir && ((l > 0) == (r > 0)))
            return 1;
        if (il || ir)
            maybe = 1;
    }
    return maybe ? -1 : 0;
}


static void zero_result(ora_contact_result *res, ccref_status st)
{
    res->status = st;
    res->decided = 1;
    res->sign = res->has_friction = 0;
    res->cor_branch = CCREF_COR_CAPTURED;
    res->cof_branch = CCREF_COF_STATIC;
    res->deviations = 0;
    res->mp = res->mv = 0;
    ora_certs_set(res->out, CCREF_CSLOT_N, ORA_R_EXACT_ZERO);
    res->all_certified = 1;
    res->max_bits = 0;
}

int ora_eval_contact_case(ora_ctx *ctx, const ccref_contact_case *c, ora_contact_result *res)
{
    return ora_eval_contact_case_on(ctx, c, NULL, res);
}

/* The checks before the loop: the multipliers' count, the inputs' (check_contact), then the rules' (spec/
 * unilateral_contacts.md section 4, steps 5 and 6: after the kernel's input checks and before any overflow of the
 * evaluation, a hard stop's q - bound found by check_contact): the status when they decide the case alone (an error,
 * or -1 when undecided), or OK to go on to the loop. */
static int contact_checks(ora_ctx *ctx, const ccref_contact_case *c, ora_contact_result *res)
{
    const int friction = class_has_friction(c->cls);
    if (c->n_lambda != (friction ? 3u : 1u)) {
        zero_result(res, CCREF_E_LAMBDA_COUNT);
        return CCREF_E_LAMBDA_COUNT;
    }
    int bits = 0;
    int st = check_contact(ctx, c, &bits);
    res->decision_bits = bits;
    if (st < 0) {
        res->decided = 0;
        ora_certs_set(res->out, CCREF_CSLOT_N, ORA_R_UNDECIDED);
        return st;
    }
    ccref_status rule_st = check_cor(c);
    if (rule_st == CCREF_OK && friction)
        rule_st = check_cof(c);
    if (st != CCREF_OK && st != CCREF_E_RESULT_OVERFLOW) {
        zero_result(res, (ccref_status)st);
        return st;
    }
    if (rule_st != CCREF_OK || st != CCREF_OK) {
        st = rule_st != CCREF_OK ? (int)rule_st : st;
        zero_result(res, (ccref_status)st);
    }
    return st;
}

/* The Ziv loop: the class's mirror at each precision of the ladder until every output is certified, or the kernel's
 * outputs are certified to overflow. Returns the outputs of the last step run; *decided tells whether a step decided
 * the branches (and the overflow), *kernel_overflow its overflow state (contact_finish), *pending the outputs left. */
static ora_contact_out *contact_loop(ora_ctx *ctx, const ccref_contact_case *c, ora_decisions *d,
                                     ora_contact_result *res, int *decided, int *kernel_overflow, int *pending)
{
    for (int i = 0; i < CCREF_CSLOT_N; i++)
        res->out[i].reason = ORA_R_PENDING;
    ora_contact_out *o = NULL;
    *decided = 0;
    *kernel_overflow = -1;
    *pending = CCREF_CSLOT_N;
    for (int lev = 0; lev < ctx->nlev; lev++) {
        ora_ws *ws = ctx_ws(ctx, lev);
        ora_contact_case *cc = ctx_contact_case(ctx, lev, c->cls);
        ora_contact_case_set(cc, c);
        o = ctx_cout(ctx, lev);
        res->evaluations++;
        if (ora_contact_eval(ws, cc, d, o) != ORA_EVAL_OK)
            continue;
        *kernel_overflow = enclosure_overflow(((ora_out *)o->kernel)->v, o->kernel->n);
        if (*kernel_overflow < 0)
            continue;
        *decided = 1;
        if (*kernel_overflow > 0)
            break;
        *pending = ora_certify_pending(o->v, CCREF_CSLOT_N, ctx->bits[lev], res->out);
        if (*pending == 0)
            break;
    }
    return o;
}

/* The result from the last step: its status and discrete outputs, or E_RESULT_OVERFLOW when an output (slip speed,
 * COF, display point) is certified infinite, or undecided when one may be. */
static void contact_finish(const ora_contact_out *o, ora_contact_result *res)
{
    res->decided = 1;
    res->status = o->status;
    res->sign = o->sign;
    res->has_friction = o->has_friction;
    res->cor_branch = o->cor_branch;
    res->cof_branch = o->cof_branch;
    res->deviations = o->deviations;
    res->mp = o->mp;
    res->mv = o->mv;
    int any_inf = 0, maybe = 0;
    for (int i = 0; i < CCREF_CSLOT_N; i++) {
        if (res->out[i].certified) {
            if (isinf(res->out[i].value))
                any_inf = 1;
        } else {
            maybe = 1;
        }
    }
    if (any_inf) {
        zero_result(res, CCREF_E_RESULT_OVERFLOW);
        return;
    }
    if (maybe && enclosure_overflow(((ora_contact_out *)o)->v, CCREF_CSLOT_N) != 0)
        res->decided = 0;
    ora_certs_stats(res->out, CCREF_CSLOT_N, &res->all_certified, &res->max_bits);
}

int ora_eval_contact_case_on(ora_ctx *ctx, const ccref_contact_case *c, const ora_decisions *force,
                             ora_contact_result *res)
{
    if (res == NULL)
        return -1;
#ifndef ORA_FIRST_STAGE
    struct first_ora_ctx *first = first_stage_of(ctx);
    if (first != NULL && c != NULL && first_ora_eval_contact_case_on(first, c, force, res) == 0 && res->decided &&
        res->all_certified)
        return 0;
#endif
    memset(res, 0, sizeof *res);
    res->undecided = ORA_D_COUNT;
    if (ctx == NULL || c == NULL) {
        zero_result(res, CCREF_E_NULL_ARGUMENT);
        return -1;
    }
    res->cls = c->cls;
    if ((unsigned)c->cls >= CCREF_CONTACT_COUNT) {
        zero_result(res, CCREF_E_UNKNOWN_KIND);
        return -1;
    }
    if (contact_checks(ctx, c, res) != CCREF_OK)
        return 0;
    ora_decisions d;
    ora_decisions_force(&d, force);
    int decided, kernel_overflow, pending;
    ora_contact_out *o = contact_loop(ctx, c, &d, res, &decided, &kernel_overflow, &pending);
    ora_record_decisions(&d, res->decision, &res->decision_bits);
    if (!decided) {
        res->decided = 0;
        res->undecided = kernel_overflow < 0 && d.undecided == ORA_D_COUNT ? ORA_D_COUNT : d.undecided;
        ora_certs_set(res->out, CCREF_CSLOT_N, ORA_R_UNDECIDED);
        return 0;
    }
    if (kernel_overflow > 0) {
        zero_result(res, CCREF_E_RESULT_OVERFLOW);
        return 0;
    }
    if (pending > 0)
        ora_finish_pending(o->v, CCREF_CSLOT_N, res->out);
    contact_finish(o, res);
    return 0;
}
