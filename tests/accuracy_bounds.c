/* accuracy_bounds.c: see accuracy_bounds.h. */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "accuracy_bounds.h"
#include "../cli/fields.h"
#include "cases.h"
#include "../src/common.h"

/* ================================================================ comparison with the oracle */

double acc_err_ulps(double k, double o) { return fabs(k - o) / ccref_ulp(o); }

double acc_ratio(double k, double o, double B)
{
    double d = fabs(k - o);
    if (d == 0.0)
        return 0.0;
    return d / (B + 0.5 * ccref_ulp(o));
}

int acc_near_zero(double o, double B) { return B > 0x1p20 * ccref_ulp(o); }

static void sample_init(acc_sample *s, int n)
{
    memset(s, 0, sizeof *s);
    s->n = n;
    memset(s->in_use, 1, sizeof s->in_use);
}

/* Compare the slots in use; bound B, kernel values k, certificates. A zero passes against a zero of either sign
 * (|k - o| = 0). */
static void compare(acc_sample *s, const double *k, const ora_cert *oc, const ccref_bounds *b)
{
    for (int i = 0; i < s->n; i++) {
        s->kernel[i] = k[i];
        s->oracle[i] = oc[i].value;
        s->bound[i] = b->bound[i];
        s->certified[i] = oc[i].certified;
        if (!s->in_use[i])
            continue;
        if (!oc[i].certified) {
            s->uncertified++;
            continue;
        }
        if (isinf(b->bound[i])) {
            s->unbounded++;
            continue;
        }
        s->slots_compared++;
        if (!(fabs(k[i] - oc[i].value) <= b->bound[i] + 0.5 * ccref_ulp(oc[i].value)))
            s->violations++;
    }
}

/* Both the kernel and the oracle answered OK, and the oracle decided every branch. */
static int sample_answered(const acc_sample *s, int oracle_decided)
{
    return ccref_status_ok(s->kernel_status) && ccref_status_ok(s->oracle_status) && oracle_decided;
}

/* The sample has bounds (it is then valid); 0 too when it lies in a decision band (excluded, not compared). */
static int sample_bounded(acc_sample *s, ccref_status bounds_status, const ccref_bounds *b)
{
    if (!ccref_status_ok(bounds_status))
        return 0;
    s->valid = 1;
    s->cond = b->condition;
    if (b->band != CCREF_DECISION_NONE) {
        s->excluded = b->band;
        return 0;
    }
    return 1;
}

void acc_check_case(ora_ctx *ctx, const ccref_case *c, acc_sample *s)
{
    ccref_result kr;
    ora_case_result orr;
    ccref_bounds b;
    sample_init(s, ccref_kind_outputs(c->kind));
    s->kernel_status = ccref_eval(c, &kr);
    ora_eval_case(ctx, c, &orr);
    s->oracle_status = orr.status;
    s->decided = orr.decided;
    if (!sample_answered(s, orr.decided) || !sample_bounded(s, ccref_bounds_case(c, &b), &b))
        return;
    int sense_differs = c->kind == CCREF_KIND_LINE_ON_LINE &&
                        (kr.u.line_on_line.sense != orr.sense ||
                         kr.u.line_on_line.lines_are_parallel != orr.lines_are_parallel);
    if (s->kernel_status != orr.status || sense_differs) {
        s->discrete_mismatch = 1;
        return;
    }
    double k[CCREF_SLOT_MAX];
    ccref_flatten_result(c->kind, &kr, k);
    compare(s, k, orr.out, &b);
}

void acc_check_contact(ora_ctx *ctx, const ccref_contact_case *c, acc_sample *s)
{
    ccref_contact_result kr;
    ora_contact_result orr;
    ccref_bounds b;
    sample_init(s, CCREF_CSLOT_N);
    s->kernel_status = ccref_contact_eval(c, &kr);
    ora_eval_contact_case(ctx, c, &orr);
    s->oracle_status = orr.status;
    s->decided = orr.decided;
    if (!sample_answered(s, orr.decided) || !sample_bounded(s, ccref_bounds_contact(c, &b), &b))
        return;
    /* the class's sign and friction flag: the oracle states its own tables (oracle/contacts.c), so a wrong entry in
     * the kernels' is a mismatch here */
    if (s->kernel_status != orr.status || kr.sign != orr.sign || kr.has_friction != orr.has_friction ||
        (kr.cor_branch != orr.cor_branch && !b.cor_corner) || (kr.has_friction && kr.cof_branch != orr.cof_branch)) {
        s->discrete_mismatch = 1;
        return;
    }
    double k[CCREF_CSLOT_N];
    ccref_flatten_contact_result(&kr, k);
    compare(s, k, orr.out, &b);
}

/* ---------------------------------------------------------------- the Constraint handle */

static uint64_t double_bits(double x)
{
    uint64_t u;
    memcpy(&u, &x, sizeof u);
    return u;
}

/* The kernel's handle h (status hs), its bounds b (status bst), the certified handle hr, the mobilities nu of the
 * case. The same steps as acc_check_case: the kernel's zeroing first (it does not depend on the oracle), then both
 * statuses OK-class and decided, the bounds valid and outside every decision band, the same status, rows and
 * mobilities, then the slots in use. */
static void handle_sample(acc_sample *s, const ccref_handle *h, ccref_status hs, const ccref_bounds *b,
                          ccref_status bst, const ora_handle_result *hr, int nu)
{
    double k[CCREF_HSLOT_N];
    sample_init(s, CCREF_HSLOT_N);
    s->kernel_status = hs;
    s->oracle_status = hr->status;
    s->decided = hr->decided;
    ccref_flatten_handle(h, k);
    int ok = ccref_status_ok(hs);
    for (int i = 0; i < CCREF_HSLOT_N; i++) {
        s->kernel[i] = k[i];
        s->in_use[i] = (unsigned char)(ok && ccref_handle_slot_in_use(i, h->mp, h->mv, h->nu));
        if (ok ? !s->in_use[i] && k[i] != 0.0 : double_bits(k[i]) != 0)
            s->not_zeroed++;
    }
    if (!sample_answered(s, hr->decided) || !sample_bounded(s, bst, b))
        return;
    if (hs != hr->status || bst != hs || h->mp != hr->mp || h->mv != hr->mv || h->ma != 0 || h->nu != nu ||
        hr->nu != nu || b->n != CCREF_HSLOT_N) {
        s->discrete_mismatch = 1;
        return;
    }
    compare(s, k, hr->out, b);
}

void acc_compare_handle_case(ora_ctx *ctx, const ccref_case *c, const ccref_handle *h, ccref_status hs,
                             const ccref_bounds *b, ccref_status bst, acc_sample *s)
{
    ora_handle_result hr;
    ora_eval_handle_case(ctx, c, NULL, &hr);
    handle_sample(s, h, hs, b, bst, &hr, ccref_case_mobilities(c));
}

void acc_compare_handle_contact(ora_ctx *ctx, const ccref_contact_case *c, const ccref_handle *h, ccref_status hs,
                                const ccref_bounds *b, ccref_status bst, acc_sample *s)
{
    ora_handle_result hr;
    ora_eval_handle_contact(ctx, c, NULL, &hr);
    handle_sample(s, h, hs, b, bst, &hr, ccref_contact_mobilities(c));
}

void acc_check_handle_case(ora_ctx *ctx, const ccref_case *c, acc_sample *s)
{
    ccref_handle h;
    ccref_bounds b;
    ccref_status hs = ccref_handle_case(c, &h), bst = ccref_bounds_handle_case(c, NULL, &b);
    acc_compare_handle_case(ctx, c, &h, hs, &b, bst, s);
}

void acc_check_handle_contact(ora_ctx *ctx, const ccref_contact_case *c, acc_sample *s)
{
    ccref_handle h;
    ccref_bounds b;
    ccref_status hs = ccref_handle_contact(c, &h), bst = ccref_bounds_handle_contact(c, NULL, &b);
    acc_compare_handle_contact(ctx, c, &h, hs, &b, bst, s);
}

void acc_check_cor(ora_ctx *ctx, double min_cor, double capture_speed, double min_cor_speed, double impact_speed,
                   acc_sample *s)
{
    double cor;
    ccref_cor_branch kb, ob;
    ora_cert oc;
    ccref_bounds b;
    sample_init(s, 1);
    s->kernel_status = ccref_effective_cor_branch(min_cor, capture_speed, min_cor_speed, impact_speed, &cor, &kb);
    s->oracle_status = ora_effective_cor_d(ctx, min_cor, capture_speed, min_cor_speed, impact_speed, &oc, &ob);
    s->decided = 1; /* the rules' decisions are exact comparisons of polynomial forms */
    if (s->kernel_status != CCREF_OK || s->oracle_status != CCREF_OK ||
        !ccref_status_ok(ccref_bounds_cor(min_cor, capture_speed, min_cor_speed, impact_speed, &b)))
        return;
    s->valid = 1;
    s->cond = b.condition;
    if (kb != ob) {
        s->discrete_mismatch = 1;
        return;
    }
    compare(s, &cor, &oc, &b);
}

void acc_check_cof(ora_ctx *ctx, double mu_s, double mu_d, double mu_v, double transition_speed, double slip_speed,
                   acc_sample *s)
{
    double mu;
    ccref_cof_branch kb, ob;
    ora_cert oc;
    ccref_bounds b;
    sample_init(s, 1);
    s->kernel_status = ccref_effective_cof_branch(mu_s, mu_d, mu_v, transition_speed, slip_speed, &mu, &kb);
    s->oracle_status = ora_effective_cof_d(ctx, mu_s, mu_d, mu_v, transition_speed, slip_speed, &oc, &ob);
    s->decided = 1;
    if (s->kernel_status != CCREF_OK || s->oracle_status != CCREF_OK ||
        !ccref_status_ok(ccref_bounds_cof(mu_s, mu_d, mu_v, transition_speed, slip_speed, &b)))
        return;
    s->valid = 1;
    s->cond = b.condition;
    if (kb != ob) {
        s->discrete_mismatch = 1;
        return;
    }
    compare(s, &mu, &oc, &b);
}

/* ================================================================ case families */

const char *acc_family_name(acc_family f)
{
    static const char *const names[ACC_FAM_COUNT] = {"random", "offset", "contact", "small_r", "near_parallel",
                                                     "tiny_radius", "cor_edge", "cof_edge"};
    return (unsigned)f < ACC_FAM_COUNT ? names[f] : "?";
}

double acc_rng_log(ccref_rng *r, double lo, double hi) { return exp(ccref_rng_uniform(r, log(lo), log(hi))); }

static double rsign(ccref_rng *r) { return ccref_rng_uniform(r, 0.0, 1.0) < 0.5 ? -1.0 : 1.0; }

static int has_radius(ccref_kind kind)
{
    for (const field_desc *d = cli_kind_fields(kind)->params; d->name != NULL; d++)
        if (d->nonpositive == CCREF_E_NONPOSITIVE_RADIUS)
            return 1;
    return 0;
}

int acc_family_applies(acc_family f, ccref_kind kind)
{
    switch (f) {
    case ACC_FAM_RANDOM:
    case ACC_FAM_OFFSET:
    case ACC_FAM_CONTACT: return 1;
    /* the kinds whose governing condition (CONDITIONING of ccref_kinds.h) or parameters the family makes small */
    case ACC_FAM_SMALL_R: return cli_kind_fields(kind)->well == CONDITIONING_POINTS_APART;
    case ACC_FAM_NEAR_PARALLEL: return cli_kind_fields(kind)->well == CONDITIONING_EDGES_CROSSING;
    case ACC_FAM_TINY_RADIUS: return has_radius(kind);
    default: return 0;
    }
}

int acc_family_applies_contact(acc_family f, ccref_contact_class cls)
{
    switch (f) {
    case ACC_FAM_RANDOM:
    case ACC_FAM_OFFSET:
    case ACC_FAM_CONTACT:
    case ACC_FAM_COR_EDGE: return 1;
    case ACC_FAM_SMALL_R: return cls == CCREF_CONTACT_ROPE || cls == CCREF_CONTACT_SPHERE_SPHERE;
    case ACC_FAM_NEAR_PARALLEL: return cls == CCREF_CONTACT_EDGE_EDGE;
    case ACC_FAM_TINY_RADIUS: return cls == CCREF_CONTACT_SPHERE_PLANE || cls == CCREF_CONTACT_SPHERE_SPHERE;
    case ACC_FAM_COF_EDGE: return ccref_contact_has_friction(cls);
    default: return 0;
    }
}

static ccref_vec3 v3_of(double x, double y, double z) { return v3(x, y, z); }

/* The station s (in the body's frame) that puts the body's point at X: R^T (X - p). */
static ccref_vec3 station_at(const ccref_body *b, ccref_vec3 X) { return m3_apply_transpose(&b->R, v3_sub(X, b->p)); }

/* A rotation whose column 0 is the unit vector x: columns (x, perp(x), unit(x x perp(x))) (right-handed). */
static ccref_mat3 rotation_with_x(ccref_vec3 x)
{
    ccref_mat3 Z = ccref_rotation_from_z(x); /* columns (perp(x), unit(x x perp), x) */
    return m3_from_columns(m3_column(&Z, 2), m3_column(&Z, 0), m3_column(&Z, 1));
}

static void offset_bodies(ccref_body *b1, ccref_body *b2, ccref_rng *r, double t)
{
    ccref_vec3 D = v3_scale(t, ccref_rng_unit(r));
    b1->p = v3_add(b1->p, D);
    b2->p = v3_add(b2->p, D);
}

/* Put Sb at distance t from Sf (along a random direction) by moving station 2. */
static ccref_vec3 station_at_distance(ccref_rng *r, const ccref_body *b1, ccref_vec3 s1, const ccref_body *b2, double t)
{
    ccref_vec3 Sf = ccref_station_location(b1, s1);
    return station_at(b2, v3_add(Sf, v3_scale(t, ccref_rng_unit(r))));
}

/* Edge frame 2 turned so that db makes the angle t with df (about an axis orthogonal to df). */
static ccref_mat3 edge_near_parallel(ccref_rng *r, const ccref_body *b1, const ccref_frame *Ef, const ccref_body *b2,
                                     double t)
{
    ccref_vec3 df = m3_apply(&b1->R, m3_column(&Ef->R, 0));
    ccref_vec3 a = ccref_unit(v3_cross(df, ccref_rng_unit(r)));
    ccref_vec3 db = v3_add(v3_scale(cos(t), df), v3_scale(sin(t), a));
    return rotation_with_x(ccref_unit(m3_apply_transpose(&b2->R, db)));
}

/* Move the perr of a case to about target by shifting one parameter along the constraint normal (two Newton steps
 * on the kernel's own perr). */
static void contact_adjust(ccref_case *c, double target)
{
    for (int it = 0; it < 3; it++) {
        ccref_result kr;
        if (!ccref_status_ok(ccref_eval(c, &kr)))
            return;
        double d = kr.u.out.perr[0] - target;
        switch (c->kind) {
        case CCREF_KIND_ROD:
            if (c->params.rod.length + d > 0.0)
                c->params.rod.length += d;
            break;
        case CCREF_KIND_POINT_IN_PLANE: c->params.point_in_plane.height += d; break;
        case CCREF_KIND_CONSTANT_COORDINATE: c->params.constant_coordinate.position += d; break;
        case CCREF_KIND_SPHERE_ON_PLANE: {
            ccref_sphere_on_plane_params *p = &c->params.sphere_on_plane;
            ccref_vec3 O = ccref_station_location(&c->body2, p->center_in_b2);
            ccref_vec3 Pz = m3_apply(&c->body1.R, m3_column(&p->plane_frame_in_b1.R, 2));
            p->center_in_b2 = station_at(&c->body2, v3_sub(O, v3_scale(d, Pz)));
            break;
        }
        case CCREF_KIND_BALL_ROLLING_ON_PLANE: {
            ccref_ball_rolling_on_plane_params *p = &c->params.ball_rolling_on_plane;
            ccref_vec3 O = ccref_station_location(&c->body2, p->center_in_b2);
            ccref_vec3 n = m3_apply(&c->body1.R, p->normal_in_b1);
            p->center_in_b2 = station_at(&c->body2, v3_sub(O, v3_scale(2.0 * d, n)));
            break;
        }
        case CCREF_KIND_SPHERE_ON_SPHERE: {
            ccref_sphere_on_sphere_params *p = &c->params.sphere_on_sphere;
            double rb = p->radius2 + d, rsum = p->radius1 + p->radius2 + d;
            if (!(rsum > 0.0))
                break; /* keep both radii positive */
            if (rb <= 0.0) { /* share the distance */
                p->radius1 = 0.5 * rsum;
                rb = rsum - p->radius1;
            }
            p->radius2 = rb;
            break;
        }
        case CCREF_KIND_POINT_ON_PLANE: {
            ccref_frame *F = &c->params.point_on_plane.plane_frame_in_b1;
            F->p = v3_add(F->p, v3_scale(d, m3_column(&F->R, 2)));
            break;
        }
        case CCREF_KIND_LINE_ON_LINE: {
            ccref_frame *Eb = &c->params.line_on_line.edge_frame2_in_b2;
            if (kr.u.line_on_line.lines_are_parallel)
                return;
            ccref_vec3 n = m3_column(&kr.u.line_on_line.contact_frame.R, 2);
            Eb->p = v3_sub(Eb->p, v3_scale(d, m3_apply_transpose(&c->body2.R, n)));
            break;
        }
        case CCREF_KIND_BALL: {
            ccref_ball_params *p = &c->params.ball;
            ccref_vec3 P = ccref_station_location(&c->body1, p->station1_in_b1);
            p->station2_in_b2 = station_at(&c->body2, v3_add(P, v3_of(target, 0.0, 0.0)));
            return;
        }
        default: return;
        }
    }
}

void acc_offset_case(ccref_case *c, ccref_rng *r, double t)
{
    if (c->kind == CCREF_KIND_CONSTANT_COORDINATE) {
        double q = rsign(r) * t;
        c->coordinate.q += q;
        c->params.constant_coordinate.position += q;
    } else {
        offset_bodies(&c->body1, &c->body2, r, t);
    }
}

ccref_case acc_family_case(ccref_rng *r, ccref_kind kind, int rolling, acc_family f, double t)
{
    ccref_case c = ccref_random_case(r, kind, rolling);
    switch (f) {
    case ACC_FAM_OFFSET:
        acc_offset_case(&c, r, t);
        break;
    case ACC_FAM_CONTACT:
        contact_adjust(&c, rsign(r) * t);
        break;
    case ACC_FAM_SMALL_R:
        if (kind == CCREF_KIND_ROD) {
            ccref_rod_params *p = &c.params.rod;
            p->station2_in_b2 = station_at_distance(r, &c.body1, p->station1_in_b1, &c.body2, t);
        } else if (kind == CCREF_KIND_SPHERE_ON_SPHERE) {
            ccref_sphere_on_sphere_params *p = &c.params.sphere_on_sphere;
            p->center2_in_b2 = station_at_distance(r, &c.body1, p->center1_in_b1, &c.body2, t);
        }
        break;
    case ACC_FAM_NEAR_PARALLEL:
        if (kind == CCREF_KIND_LINE_ON_LINE) {
            ccref_line_on_line_params *p = &c.params.line_on_line;
            p->edge_frame2_in_b2.R = edge_near_parallel(r, &c.body1, &p->edge_frame1_in_b1, &c.body2, t);
        }
        break;
    case ACC_FAM_TINY_RADIUS:
        if (kind == CCREF_KIND_SPHERE_ON_PLANE) {
            c.params.sphere_on_plane.radius = t * ccref_rng_uniform(r, 0.5, 1.0);
            contact_adjust(&c, 0.0);
        } else if (kind == CCREF_KIND_BALL_ROLLING_ON_PLANE) {
            c.params.ball_rolling_on_plane.radius = t * ccref_rng_uniform(r, 0.5, 1.0);
            contact_adjust(&c, 0.0);
        } else if (kind == CCREF_KIND_SPHERE_ON_SPHERE) {
            /* two spheres of radius about t, touching: centres 2t apart */
            ccref_sphere_on_sphere_params *p = &c.params.sphere_on_sphere;
            p->center2_in_b2 = station_at_distance(r, &c.body1, p->center1_in_b1, &c.body2, 2.0 * t);
            p->radius1 = t * ccref_rng_uniform(r, 0.5, 1.5);
            p->radius2 = t;
            contact_adjust(&c, 0.0);
        }
        break;
    default:
        break;
    }
    return c;
}

/* The contact case's underlying bilateral case (same bodies, parameters, multipliers), and back. */
static ccref_case contact_to_case(const ccref_contact_case *cc)
{
    ccref_case c;
    memset(&c, 0, sizeof c);
    c.body1 = cc->body1;
    c.body2 = cc->body2;
    c.coordinate = cc->coordinate;
    c.n_lambda = cc->n_lambda;
    memcpy(c.lambda, cc->lambda, sizeof cc->lambda); /* a contact case holds 3, a case CCREF_MAX_ROWS */
    switch (cc->cls) {
    case CCREF_CONTACT_HARD_STOP_UPPER:
    case CCREF_CONTACT_HARD_STOP_LOWER:
        c.kind = CCREF_KIND_CONSTANT_COORDINATE;
        c.params.constant_coordinate.position = cc->params.hard_stop.bound;
        break;
    case CCREF_CONTACT_ROPE:
        c.kind = CCREF_KIND_ROD;
        c.params.rod.station1_in_b1 = cc->params.rope.station1_in_b1;
        c.params.rod.station2_in_b2 = cc->params.rope.station2_in_b2;
        c.params.rod.length = cc->params.rope.length_limit;
        break;
    case CCREF_CONTACT_POINT_PLANE_FRICTIONLESS:
    case CCREF_CONTACT_POINT_PLANE:
        c.kind = CCREF_KIND_POINT_IN_PLANE;
        c.params.point_in_plane.normal_in_b1 = cc->params.point_plane.normal_in_b1;
        c.params.point_in_plane.height = cc->params.point_plane.height;
        c.params.point_in_plane.follower_in_b2 = cc->params.point_plane.follower_in_b2;
        c.n_lambda = 1;
        break;
    case CCREF_CONTACT_SPHERE_PLANE:
        c.kind = CCREF_KIND_BALL_ROLLING_ON_PLANE;
        c.params.ball_rolling_on_plane.normal_in_b1 = cc->params.sphere_plane.normal_in_b1;
        c.params.ball_rolling_on_plane.height = cc->params.sphere_plane.height;
        c.params.ball_rolling_on_plane.center_in_b2 = cc->params.sphere_plane.center_in_b2;
        c.params.ball_rolling_on_plane.radius = cc->params.sphere_plane.radius;
        break;
    case CCREF_CONTACT_SPHERE_SPHERE:
        c.kind = CCREF_KIND_SPHERE_ON_SPHERE;
        c.params.sphere_on_sphere.center1_in_b1 = cc->params.sphere_sphere.center1_in_b1;
        c.params.sphere_on_sphere.radius1 = cc->params.sphere_sphere.radius1;
        c.params.sphere_on_sphere.center2_in_b2 = cc->params.sphere_sphere.center2_in_b2;
        c.params.sphere_on_sphere.radius2 = cc->params.sphere_sphere.radius2;
        c.params.sphere_on_sphere.rolling = 1;
        break;
    default:
        c.kind = CCREF_KIND_LINE_ON_LINE;
        c.params.line_on_line.edge_frame1_in_b1 = cc->params.edge_edge.edge_frame1_in_b1;
        c.params.line_on_line.half_length1 = cc->params.edge_edge.half_length1;
        c.params.line_on_line.edge_frame2_in_b2 = cc->params.edge_edge.edge_frame2_in_b2;
        c.params.line_on_line.half_length2 = cc->params.edge_edge.half_length2;
        c.params.line_on_line.rolling = 1;
        break;
    }
    return c;
}

static void case_to_contact(const ccref_case *c, ccref_contact_case *cc)
{
    cc->body1 = c->body1;
    cc->body2 = c->body2;
    switch (cc->cls) {
    case CCREF_CONTACT_HARD_STOP_UPPER:
    case CCREF_CONTACT_HARD_STOP_LOWER:
        cc->params.hard_stop.bound = c->params.constant_coordinate.position;
        cc->coordinate = c->coordinate;
        break;
    case CCREF_CONTACT_ROPE:
        cc->params.rope.station1_in_b1 = c->params.rod.station1_in_b1;
        cc->params.rope.station2_in_b2 = c->params.rod.station2_in_b2;
        cc->params.rope.length_limit = c->params.rod.length;
        break;
    case CCREF_CONTACT_POINT_PLANE_FRICTIONLESS:
    case CCREF_CONTACT_POINT_PLANE:
        cc->params.point_plane.height = c->params.point_in_plane.height;
        cc->params.point_plane.follower_in_b2 = c->params.point_in_plane.follower_in_b2;
        break;
    case CCREF_CONTACT_SPHERE_PLANE:
        cc->params.sphere_plane.center_in_b2 = c->params.ball_rolling_on_plane.center_in_b2;
        cc->params.sphere_plane.radius = c->params.ball_rolling_on_plane.radius;
        break;
    case CCREF_CONTACT_SPHERE_SPHERE:
        cc->params.sphere_sphere.center2_in_b2 = c->params.sphere_on_sphere.center2_in_b2;
        cc->params.sphere_sphere.radius1 = c->params.sphere_on_sphere.radius1;
        cc->params.sphere_sphere.radius2 = c->params.sphere_on_sphere.radius2;
        break;
    default:
        cc->params.edge_edge.edge_frame2_in_b2 = c->params.line_on_line.edge_frame2_in_b2;
        break;
    }
}

/* Contact perr about target on the class's own perr (plane classes: PointOnPlane's and SphereOnPlane's normal row on
 * the built plane frame, which differs from PointInPlane / BallRollingOnPlane's by rounding and, for sphere_plane,
 * by the factor 2 of the legacy page): Newton steps on the class's perr. */
static void contact_class_adjust(ccref_contact_case *cc, double target)
{
    for (int it = 0; it < 3; it++) {
        ccref_contact_result kr;
        if (!ccref_status_ok(ccref_contact_eval(cc, &kr)))
            return;
        double d = kr.perr - target;
        switch (cc->cls) {
        case CCREF_CONTACT_HARD_STOP_UPPER:
        case CCREF_CONTACT_HARD_STOP_LOWER: cc->params.hard_stop.bound += d; break;
        case CCREF_CONTACT_ROPE: /* keep the length positive (targets near the distance itself are unreachable) */
            if (cc->params.rope.length_limit + d > 0.0)
                cc->params.rope.length_limit += d;
            break;
        case CCREF_CONTACT_POINT_PLANE_FRICTIONLESS:
        case CCREF_CONTACT_POINT_PLANE:
        case CCREF_CONTACT_SPHERE_PLANE: {
            double *h = cc->cls == CCREF_CONTACT_SPHERE_PLANE ? &cc->params.sphere_plane.height
                                                             : &cc->params.point_plane.height;
            *h += d;
            break;
        }
        case CCREF_CONTACT_SPHERE_SPHERE: {
            ccref_sphere_sphere_params *p = &cc->params.sphere_sphere;
            double rb = p->radius2 + d, rsum = p->radius1 + p->radius2 + d;
            if (!(rsum > 0.0))
                break; /* keep both radii positive */
            if (rb <= 0.0) {
                p->radius1 = 0.5 * rsum;
                rb = rsum - p->radius1;
            }
            p->radius2 = rb;
            break;
        }
        default: { /* edge_edge: move edge 2 along the contact normal (the kernel's Cz) */
            ccref_frame *Eb = &cc->params.edge_edge.edge_frame2_in_b2;
            ccref_case c = contact_to_case(cc);
            ccref_result lr;
            if (!ccref_status_ok(ccref_eval(&c, &lr)) || lr.u.line_on_line.lines_are_parallel)
                return;
            ccref_vec3 n = m3_column(&lr.u.line_on_line.contact_frame.R, 2);
            Eb->p = v3_sub(Eb->p, v3_scale(d, m3_apply_transpose(&cc->body2.R, n)));
            break;
        }
        }
    }
}

/* Make the contact approach (impact speed > 0) by reversing every velocity if needed: verr is linear in them. */
static void make_approaching(ccref_contact_case *cc)
{
    ccref_contact_result kr;
    if (!ccref_status_ok(ccref_contact_eval(cc, &kr)) || kr.impact_speed > 0.0)
        return;
    cc->body1.w = v3_neg(cc->body1.w);
    cc->body1.v = v3_neg(cc->body1.v);
    cc->body2.w = v3_neg(cc->body2.w);
    cc->body2.v = v3_neg(cc->body2.v);
    cc->coordinate.qdot = -cc->coordinate.qdot;
}

void acc_offset_contact(ccref_contact_case *cc, ccref_rng *r, double t)
{
    if (cc->cls == CCREF_CONTACT_HARD_STOP_UPPER || cc->cls == CCREF_CONTACT_HARD_STOP_LOWER) {
        double q = rsign(r) * t;
        cc->coordinate.q += q;
        cc->params.hard_stop.bound += q;
        cc->body1.p = v3_add(cc->body1.p, v3_scale(t, ccref_rng_unit(r)));
    } else {
        offset_bodies(&cc->body1, &cc->body2, r, t);
    }
}

ccref_contact_case acc_family_contact(ccref_rng *r, ccref_contact_class cls, acc_family f, double t)
{
    ccref_contact_case cc = ccref_random_contact_case(r, cls);
    ccref_case c;
    ccref_contact_result kr;
    switch (f) {
    case ACC_FAM_OFFSET:
        acc_offset_contact(&cc, r, t);
        break;
    case ACC_FAM_CONTACT:
        contact_class_adjust(&cc, rsign(r) * t);
        break;
    case ACC_FAM_SMALL_R:
    case ACC_FAM_NEAR_PARALLEL:
    case ACC_FAM_TINY_RADIUS:
        if (cls == CCREF_CONTACT_SPHERE_PLANE) { /* a tiny sphere at contact, on the class's own perr */
            cc.params.sphere_plane.radius = t * ccref_rng_uniform(r, 0.5, 1.0);
            contact_class_adjust(&cc, 0.0);
            break;
        }
        /* apply the family to the underlying bilateral case, then copy the changed parameters back */
        c = contact_to_case(&cc);
        switch (f) {
        case ACC_FAM_SMALL_R:
            if (cls == CCREF_CONTACT_ROPE)
                c.params.rod.station2_in_b2 = station_at_distance(r, &c.body1, c.params.rod.station1_in_b1,
                                                                  &c.body2, t);
            else
                c.params.sphere_on_sphere.center2_in_b2 =
                    station_at_distance(r, &c.body1, c.params.sphere_on_sphere.center1_in_b1, &c.body2, t);
            break;
        case ACC_FAM_NEAR_PARALLEL:
            c.params.line_on_line.edge_frame2_in_b2.R =
                edge_near_parallel(r, &c.body1, &c.params.line_on_line.edge_frame1_in_b1, &c.body2, t);
            break;
        default: /* two tiny spheres touching */
            c.params.sphere_on_sphere.center2_in_b2 =
                station_at_distance(r, &c.body1, c.params.sphere_on_sphere.center1_in_b1, &c.body2, 2.0 * t);
            c.params.sphere_on_sphere.radius1 = t * ccref_rng_uniform(r, 0.5, 1.5);
            c.params.sphere_on_sphere.radius2 = t;
            contact_adjust(&c, 0.0);
            break;
        }
        case_to_contact(&c, &cc);
        break;
    case ACC_FAM_COR_EDGE:
        make_approaching(&cc);
        if (ccref_status_ok(ccref_contact_eval(&cc, &kr)) && kr.impact_speed > 0.0) {
            double v = kr.impact_speed, x = v * (1.0 + rsign(r) * t);
            if (ccref_rng_uniform(r, 0.0, 1.0) < 0.5) { /* the capture jump */
                cc.speeds.capture_speed = x;
                cc.speeds.min_cor_speed = fmax(cc.speeds.min_cor_speed, 2.0 * x);
            } else { /* the (continuous) minimum-COR corner */
                cc.speeds.min_cor_speed = x;
                cc.speeds.capture_speed = fmin(cc.speeds.capture_speed, 0.5 * x);
            }
        }
        break;
    case ACC_FAM_COF_EDGE:
        if (ccref_status_ok(ccref_contact_eval(&cc, &kr)))
            cc.speeds.transition_speed = kr.slip_speed * (1.0 + rsign(r) * t);
        break;
    default:
        break;
    }
    return cc;
}
