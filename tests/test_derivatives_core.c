/* test_derivatives_core.c: the derivative-check engine (see test_derivatives.h; normative text
 * spec/derivatives.md). No CUnit here: the suite (test_derivatives.c) and the long sweep
 * (tools/derivatives_sweep.c) both drive dv_run(). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../oracle/oracle.h"
#include "../src/common.h"
#include "accuracy_bounds.h"
#include "cases.h"
#include "test_derivatives.h"

static const double U = 0x1p-53;
/* Rounding of the tolerance's own evaluation: every tolerance below is a sum of at most a dozen non-negative
 * doubles, each rounded once (relative error < 12 u < 2^-49); multiplying by UP (and rounding) makes the computed
 * sum an upper bound of the exact one. */
static const double UP = 1.0 + 0x1p-40;
/* Working precision of the input-rounding enclosures (spec/derivatives.md section 3, "Din"). */
#define BOX_PREC 64
/* Candidate steps h = 2^-e, e in [E_MIN, E_MAX]; jets are taken over [t0 - RHO0, t0 + RHO0], RHO0 = 2 h_max. */
#define E_MIN 12
#define E_MAX 28
static const double RHO0 = DV_RHO0;
/* Samples are dyadic multiples of 2^-20 in [-T_SAMPLE, T_SAMPLE]. */
static const double T_SAMPLE = DV_T_SAMPLE;

/* ================================================================ kernel tables and mutants */

const dv_kernels dv_real_kernels = {CCREF_KINDS(DV_REAL_KERNEL)};

/* Mutated kernels, compiled by tests/derivatives.mk from src/<kind>.c with the public symbol renamed to
 * ccref_<kind>_eval__<mutation>; the make rule also defines dvmut_<kind>__<mutation>_applied. */
#define DV_MUTANT_DECL(KIND, MUT, PTYPE, RTYPE)                                                                   \
    ccref_status ccref_##KIND##_eval__##MUT(const PTYPE *, const ccref_body *, const ccref_body *, const double *, \
                                            size_t, RTYPE *);                                                     \
    extern const int dvmut_##KIND##__##MUT##_applied;
DV_MUTANT_DECL(point_in_plane, drop_coriolis, ccref_point_in_plane_params, ccref_point_in_plane_result)
DV_MUTANT_DECL(line_on_line, flip_d2n, ccref_line_on_line_params, ccref_line_on_line_result)
DV_MUTANT_DECL(line_on_line, drop_factor2, ccref_line_on_line_params, ccref_line_on_line_result)
DV_MUTANT_DECL(line_on_line, flip_dtf, ccref_line_on_line_params, ccref_line_on_line_result)
DV_MUTANT_DECL(ball, drop_transport, ccref_ball_params, ccref_ball_result)
DV_MUTANT_DECL(ball, true_derivative, ccref_ball_params, ccref_ball_result)
DV_MUTANT_DECL(ball, verr_at_P, ccref_ball_params, ccref_ball_result)
DV_MUTANT_DECL(rod, drop_centripetal, ccref_rod_params, ccref_rod_result)
DV_MUTANT_DECL(sphere_on_plane, drop_factor2, ccref_sphere_on_plane_params, ccref_sphere_on_plane_result)
DV_MUTANT_DECL(sphere_on_sphere, flip_cyd, ccref_sphere_on_sphere_params, ccref_sphere_on_sphere_result)
DV_MUTANT_DECL(point_on_plane, flip_verr_x, ccref_point_on_plane_params, ccref_point_on_plane_result)
DV_MUTANT_DECL(ball_rolling_on_plane, drop_verr_term, ccref_ball_rolling_on_plane_params,
               ccref_ball_rolling_on_plane_result)
DV_MUTANT_DECL(ball_rolling_on_plane, perr_factor, ccref_ball_rolling_on_plane_params,
               ccref_ball_rolling_on_plane_result)
DV_MUTANT_DECL(weld, drop_angular_rate, ccref_weld_params, ccref_weld_result)
DV_MUTANT_DECL(weld, drop_transport, ccref_weld_params, ccref_weld_result)

/* The tables below override one member of a full designated initializer. */
#pragma GCC diagnostic ignored "-Woverride-init"
#define K_WITH(field, fn) {CCREF_KINDS(DV_REAL_KERNEL) .field = fn}
#define MUT(KIND, KENUM, ROLL, MUTN, WHAT, EXPECT)                                                                 \
    {#KIND "__" #MUTN, KENUM, ROLL, WHAT, EXPECT, K_WITH(KIND, ccref_##KIND##_eval__##MUTN),                     \
     &dvmut_##KIND##__##MUTN##_applied}

const dv_mutant dv_mutants[] = {
    MUT(point_in_plane, CCREF_KIND_POINT_IN_PLANE, 0, drop_coriolis,
        "aerr without the Coriolis term -2 w1 x u", "a0"),
    MUT(line_on_line, CCREF_KIND_LINE_ON_LINE, 1, flip_d2n, "sign of ndw dn flipped in d2n", "a0"),
    MUT(line_on_line, CCREF_KIND_LINE_ON_LINE, 1, drop_factor2, "aerr_0 with dp.dn instead of 2 dp.dn", "a0"),
    MUT(line_on_line, CCREF_KIND_LINE_ON_LINE, 1, flip_dtf, "sign of dtf flipped (rolling row y; row x is blind to dCo along df)", "a2"),
    MUT(ball, CCREF_KIND_BALL, 0, drop_transport, "body 1's a(B1/S) without w1 x (w1 x arm1)", "a0 a1 a2"),
    MUT(ball, CCREF_KIND_BALL, 0, true_derivative, "aerr replaced by d/dt verr (aerr - w1 x verr)", "a0 a1 a2"),
    MUT(ball, CCREF_KIND_BALL, 0, verr_at_P, "verr taken at body 1's station P (= d/dt perr)",
        "v0 v1 v2 a0 a1 a2"),
    MUT(rod, CCREF_KIND_ROD, 0, drop_centripetal, "aerr without pd . Czd", "a0"),
    MUT(sphere_on_plane, CCREF_KIND_SPHERE_ON_PLANE, 1, drop_factor2, "Coriolis 2 w1 x v_F(O) halved",
        "a0 a1 a2"),
    MUT(sphere_on_sphere, CCREF_KIND_SPHERE_ON_SPHERE, 1, flip_cyd, "sign of w1 x Cy in Cyd flipped", "a2"),
    MUT(point_on_plane, CCREF_KIND_POINT_ON_PLANE, 0, flip_verr_x, "verr_x negated", "a1"),
    MUT(ball_rolling_on_plane, CCREF_KIND_BALL_ROLLING_ON_PLANE, 0, drop_verr_term,
        "tangential aerr without verr_n ((w2 - w1) x n)", "a1 a2"),
    MUT(ball_rolling_on_plane, CCREF_KIND_BALL_ROLLING_ON_PLANE, 0, perr_factor, "perr = d - r (factor 1/2 dropped)",
        "v0"),
    MUT(weld, CCREF_KIND_WELD, 0, drop_angular_rate, "angular aerr without (w2 - w1) . d_i (the axes' rotation)",
        "a0 a1 a2"),
    MUT(weld, CCREF_KIND_WELD, 0, drop_transport, "body 1's a(B1/S) without w1 x (w1 x arm1)", "a3 a4 a5"),
};
const int dv_n_mutants = (int)(sizeof dv_mutants / sizeof dv_mutants[0]);

/* ================================================================ names */

const char *dv_family_name(dv_family f)
{
    static const char *const n[DV_FAM_COUNT] = {"generic", "ground1", "ground2", "singular_shift",
                                                 "singular_pinned", "parallel", "near_switch"};
    return (unsigned)f < DV_FAM_COUNT ? n[f] : "?";
}

const char *dv_target_name(const dv_target *tg, char *buf, size_t n)
{
    if (tg->is_contact)
        snprintf(buf, n, "contact %s%s%s", ccref_contact_class_name(tg->cls), tg->fam ? " " : "",
                 tg->fam ? dv_family_name(tg->fam) : "");
    else
        snprintf(buf, n, "%s%s %s", ccref_kind_name(tg->kind), tg->rolling ? " rolling" : "",
                 dv_family_name(tg->fam));
    return buf;
}

int dv_all_targets(dv_target *out, int max)
{
    int n = 0;
#define PUSH(...)                                                                                                  \
    do {                                                                                                           \
        dv_target t_ = __VA_ARGS__;                                                                                \
        if (n < max)                                                                                               \
            out[n] = t_;                                                                                           \
        n++;                                                                                                       \
    } while (0)
    for (int k = 0; k < CCREF_KIND_COUNT; k++)
        for (int rolling = 0; rolling <= ccref_kind_has_rolling_option((ccref_kind)k); rolling++) {
            if (k == CCREF_KIND_CONSTANT_COORDINATE) {
                PUSH((dv_target){0, (ccref_kind)k, 0, 0, DV_FAM_GENERIC, NULL, 0, 0});
                continue;
            }
            for (int f = DV_FAM_GENERIC; f <= DV_FAM_GROUND2; f++)
                PUSH((dv_target){0, (ccref_kind)k, rolling, 0, (dv_family)f, NULL, 0, 0});
            if (k == CCREF_KIND_ROD || k == CCREF_KIND_SPHERE_ON_SPHERE) {
                PUSH((dv_target){0, (ccref_kind)k, rolling, 0, DV_FAM_SINGULAR_SHIFT, NULL, 0, 0});
                PUSH((dv_target){0, (ccref_kind)k, rolling, 0, DV_FAM_SINGULAR_PINNED, NULL, 0, 0});
            }
            if (k == CCREF_KIND_LINE_ON_LINE)
                PUSH((dv_target){0, (ccref_kind)k, rolling, 0, DV_FAM_PARALLEL, NULL, 0, 0});
            if (k == CCREF_KIND_LINE_ON_LINE || (k == CCREF_KIND_SPHERE_ON_SPHERE && rolling))
                PUSH((dv_target){0, (ccref_kind)k, rolling, 0, DV_FAM_NEAR_SWITCH, NULL, 0, 0});
        }
    for (int c = 0; c < CCREF_CONTACT_COUNT; c++) {
        PUSH((dv_target){1, CCREF_KIND_COUNT, 0, (ccref_contact_class)c, DV_FAM_GENERIC, NULL, 0, 0});
        if (c == CCREF_CONTACT_SPHERE_SPHERE || c == CCREF_CONTACT_EDGE_EDGE)
            PUSH((dv_target){1, CCREF_KIND_COUNT, 0, (ccref_contact_class)c, DV_FAM_NEAR_SWITCH, NULL, 0, 0});
    }
#undef PUSH
    return n;
}

/* ================================================================ statistics */

void dv_stats_init(dv_stats *st)
{
    memset(st, 0, sizeof *st);
    st->min_h = INFINITY;
}

long dv_stats_failures(const dv_stats *st)
{
    long f = st->bad_status + st->branch_mismatch + st->id_fail + st->pow_fail;
    for (int j = 0; j < st->nchecks; j++)
        f += st->fail[j];
    return f;
}

double dv_stats_max_ratio(const dv_stats *st)
{
    double m = st->id_max_ratio;
    for (int j = 0; j < st->nchecks; j++)
        if (st->max_ratio[j] > m)
            m = st->max_ratio[j];
    return m;
}

void dv_print_stats(FILE *f, const dv_target *tg, const dv_stats *st)
{
    char name[64];
    dv_target_name(tg, name, sizeof name);
    fprintf(f, "%-36s samples %5ld used %5ld excl(cond %ld, branch %ld, snap %ld, no bound %ld) h in [2^%d, 2^%d]",
            name, st->samples, st->used, st->excl_conditioning, st->excl_branch, st->excl_snap, st->excl_uncertain,
            st->used ? (int)lround(log2(st->min_h)) : 0, st->used ? (int)lround(log2(st->max_h)) : 0);
    if (st->bad_status || st->branch_mismatch)
        fprintf(f, " BAD STATUS %ld BRANCH MISMATCH %ld", st->bad_status, st->branch_mismatch);
    fprintf(f, "\n");
    for (int j = 0; j < st->nchecks; j++)
        fprintf(f, "    %-3s n %5ld fail %4ld  max|r|/tol %.3e  max|r| %.2e  max tol/scale %.2e\n", st->label[j],
                st->n[j], st->fail[j], st->max_ratio[j], st->max_resid[j], st->max_rel_tol[j]);
    if (st->id_n)
        fprintf(f, "    id  n %5ld fail %4ld  max|r|/tol %.3e  (verr_0 = vF . Cz)\n", st->id_n, st->id_fail,
                st->id_max_ratio);
    if (st->max_din_over_b > 0.0)
        fprintf(f, "    input-rounding term / acc bound of the claimed rows: max %.3g\n", st->max_din_over_b);
    if (st->pow_n)
        fprintf(f, "    G^T n %5ld fail %4ld  max width of sum(M.w + F.v) - verr_i, relative to L S_v: %.2e\n",
                st->pow_n, st->pow_fail, st->pow_max_rel);
    if (st->oracle_unbounded)
        fprintf(f, "    %ld checks failed on an unbounded oracle enclosure\n", st->oracle_unbounded);
    if (st->undecided)
        fprintf(f, "    %ld samples skipped: a branch undecided at t0\n", st->undecided);
    if (tg->kind == CCREF_KIND_LINE_ON_LINE || (tg->is_contact && tg->cls == CCREF_CONTACT_EDGE_EDGE))
        fprintf(f, "    senses seen: -1 x %ld, +1 x %ld\n", st->sense_count[0], st->sense_count[1]);
    for (int j = 0; j < st->nchecks; j++) {
        if (st->corr_significant[j])
            fprintf(f, "    %-3s correction term (w1 x . or sigma verr) larger than the tolerance in %ld of %ld samples\n",
                    st->label[j], st->corr_significant[j], st->n[j]);
        if (st->jet_n[j])
            fprintf(f, "    %-3s M3 / |g'''| (estimate): min %.3g, geometric mean %.3g, max %.3g over %ld samples\n",
                    st->label[j], st->jet_min[j], pow(10.0, st->jet_logsum[j] / (double)st->jet_n[j]), st->jet_max[j],
                    st->jet_n[j]);
    }
}

/* ================================================================ small vector helpers (double) */

static double nrm(ccref_vec3 a) { return sqrt(v3_norm_sq(a)); }

/* ================================================================ one trajectory */


/* Random contact case parameters (the body and coordinate states are filled per sample). */
static void random_contact(ccref_rng *r, ccref_contact_class cls, ccref_contact_case *c)
{
    memset(c, 0, sizeof *c);
    c->cls = cls;
    ccref_random_contact_params(r, c);
    c->material.min_cor = ccref_rng_uniform(r, 0, 1);
    c->material.mu_s = ccref_rng_uniform(r, 0, 1);
    c->material.mu_d = ccref_rng_uniform(r, 0, c->material.mu_s);
    c->material.mu_v = ccref_rng_uniform(r, 0, 0.5);
    c->speeds.capture_speed = ccref_rng_uniform(r, 0, 0.5);
    c->speeds.min_cor_speed = c->speeds.capture_speed + ccref_rng_uniform(r, 0, 2);
    c->speeds.transition_speed = ccref_rng_uniform(r, 0, 1);
    c->n_lambda = ccref_contact_has_friction(cls) ? 3 : 1;
    for (size_t i = 0; i < c->n_lambda; i++)
        c->lambda[i] = ccref_rng_uniform(r, -3, 3);
}

/* The bilateral case the contact class evaluates (spec/unilateral_contacts.md), for the jets and identities. */
static void contact_equivalent(const ccref_contact_case *c, ccref_case *e)
{
    memset(e, 0, sizeof *e);
    switch (c->cls) {
    case CCREF_CONTACT_HARD_STOP_UPPER:
    case CCREF_CONTACT_HARD_STOP_LOWER:
        e->kind = CCREF_KIND_CONSTANT_COORDINATE;
        e->params.constant_coordinate.position = c->params.hard_stop.bound;
        break;
    case CCREF_CONTACT_ROPE:
        e->kind = CCREF_KIND_ROD;
        e->params.rod.station1_in_b1 = c->params.rope.station1_in_b1;
        e->params.rod.station2_in_b2 = c->params.rope.station2_in_b2;
        e->params.rod.length = c->params.rope.length_limit;
        break;
    case CCREF_CONTACT_POINT_PLANE_FRICTIONLESS:
        e->kind = CCREF_KIND_POINT_IN_PLANE;
        e->params.point_in_plane.normal_in_b1 = c->params.point_plane.normal_in_b1;
        e->params.point_in_plane.height = c->params.point_plane.height;
        e->params.point_in_plane.follower_in_b2 = c->params.point_plane.follower_in_b2;
        break;
    case CCREF_CONTACT_POINT_PLANE:
        e->kind = CCREF_KIND_POINT_ON_PLANE;
        e->params.point_on_plane.plane_frame_in_b1.R = ccref_rotation_from_z(c->params.point_plane.normal_in_b1);
        e->params.point_on_plane.plane_frame_in_b1.p =
            v3_scale(c->params.point_plane.height, c->params.point_plane.normal_in_b1);
        e->params.point_on_plane.follower_in_b2 = c->params.point_plane.follower_in_b2;
        break;
    case CCREF_CONTACT_SPHERE_PLANE:
        e->kind = CCREF_KIND_SPHERE_ON_PLANE;
        e->params.sphere_on_plane.plane_frame_in_b1.R = ccref_rotation_from_z(c->params.sphere_plane.normal_in_b1);
        e->params.sphere_on_plane.plane_frame_in_b1.p =
            v3_scale(c->params.sphere_plane.height, c->params.sphere_plane.normal_in_b1);
        e->params.sphere_on_plane.center_in_b2 = c->params.sphere_plane.center_in_b2;
        e->params.sphere_on_plane.radius = c->params.sphere_plane.radius;
        e->params.sphere_on_plane.rolling = 1;
        break;
    case CCREF_CONTACT_SPHERE_SPHERE:
        e->kind = CCREF_KIND_SPHERE_ON_SPHERE;
        e->params.sphere_on_sphere.center1_in_b1 = c->params.sphere_sphere.center1_in_b1;
        e->params.sphere_on_sphere.radius1 = c->params.sphere_sphere.radius1;
        e->params.sphere_on_sphere.center2_in_b2 = c->params.sphere_sphere.center2_in_b2;
        e->params.sphere_on_sphere.radius2 = c->params.sphere_sphere.radius2;
        e->params.sphere_on_sphere.rolling = 1;
        break;
    case CCREF_CONTACT_EDGE_EDGE:
        e->kind = CCREF_KIND_LINE_ON_LINE;
        e->params.line_on_line.edge_frame1_in_b1 = c->params.edge_edge.edge_frame1_in_b1;
        e->params.line_on_line.half_length1 = c->params.edge_edge.half_length1;
        e->params.line_on_line.edge_frame2_in_b2 = c->params.edge_edge.edge_frame2_in_b2;
        e->params.line_on_line.half_length2 = c->params.edge_edge.half_length2;
        e->params.line_on_line.rolling = 1;
        break;
    default:
        break;
    }
}

/* The stations the singular families make coincide. */
static void singular_stations(const ccref_case *c, ccref_vec3 *s1, ccref_vec3 *s2)
{
    if (c->kind == CCREF_KIND_ROD) {
        *s1 = c->params.rod.station1_in_b1;
        *s2 = c->params.rod.station2_in_b2;
    } else {
        *s1 = c->params.sphere_on_sphere.center1_in_b1;
        *s2 = c->params.sphere_on_sphere.center2_in_b2;
    }
}

/* The branch of the kernel at t (line_on_line: sense; sphere_on_sphere: perp index of Cz), from the double
 * trajectory; -9 when the kernel is not in its regular branch. */
static int branch_at(const dv_traj *T, double t)
{
    ccref_case c = T->eq;
    int mp, mv;
    ccref_case_rows(&c, &mp, &mv);
    c.n_lambda = (size_t)(mp + mv);
    for (size_t i = 0; i < c.n_lambda; i++)
        c.lambda[i] = 0.0;
    traj_eval_d(&T->tb1, t, &c.body1);
    traj_eval_d(&T->tb2, t, &c.body2);
    ccref_result res;
    if (ccref_eval(&c, &res) != CCREF_OK)
        return -9;
    if (c.kind == CCREF_KIND_LINE_ON_LINE)
        return res.u.line_on_line.sense;
    return dv_perp_index(m3_column(&res.u.sphere_on_sphere.contact_frame.R, 2));
}

/* Locate a branch switch inside [-0.4, 0.4] (scan with step 2^-7, then bisect to 2^-40). */
static int find_switch(dv_traj *T)
{
    double step = 0x1p-7, a = -0.4;
    int ba = branch_at(T, a);
    for (double b = a + step; b <= 0.4; a = b, b += step) {
        int bb = branch_at(T, b);
        if (ba != -9 && bb != -9 && ba != bb) {
            double lo = a, hi = b;
            while (hi - lo > 0x1p-40) {
                double m = 0.5 * (lo + hi);
                if (branch_at(T, m) == ba)
                    lo = m;
                else
                    hi = m;
            }
            T->t_switch = 0.5 * (lo + hi);
            return 1;
        }
        ba = bb;
    }
    return 0;
}

double dv_sample_time(ccref_rng *r, const dv_target *tg, const dv_traj *T, int is, int n)
{
    if (tg->fam == DV_FAM_NEAR_SWITCH && !isnan(T->t_switch)) {
        /* multiples of 2^-20 on both sides of the switch, at geometric distances 2^-20 .. 2^-7 */
        double base = ldexp(round(ldexp(T->t_switch, 20)), -20);
        int half = n / 2 > 1 ? n / 2 : 1, j = is / 2;
        int e = -20 + (half > 1 ? (13 * j) / (half - 1) : 0);
        return base + ((is & 1) ? 1.0 : -1.0) * ldexp(1.0, e);
    }
    return ldexp(round(ldexp(ccref_rng_uniform(r, -T_SAMPLE, T_SAMPLE), 20)), -20);
}

void dv_make_traj(ccref_rng *r, const dv_target *tg, dv_traj *T)
{
    memset(T, 0, sizeof *T);
    if (tg->is_contact) {
        random_contact(r, tg->cls, &T->cc);
        contact_equivalent(&T->cc, &T->eq);
    } else {
        T->bc = ccref_random_case(r, tg->kind, tg->rolling);
        T->eq = T->bc;
    }
    traj_body_random(r, &T->tb1);
    traj_body_random(r, &T->tb2);
    traj_coord_random(r, &T->tq);
    if (tg->fam == DV_FAM_NEAR_SWITCH) {
        /* redraw the bodies until the kernel's branch changes inside the window */
        for (int attempt = 0; attempt < 1000; attempt++) {
            if (find_switch(T))
                return;
            traj_body_random(r, &T->tb1);
            traj_body_random(r, &T->tb2);
        }
        T->t_switch = NAN;
        return;
    }
    switch (tg->fam) {
    case DV_FAM_GROUND1: traj_body_ground(&T->tb1); break;
    case DV_FAM_GROUND2: traj_body_ground(&T->tb2); break;
    case DV_FAM_SINGULAR_SHIFT:
        singular_stations(&T->bc, &T->sing_s1, &T->sing_s2);
        break;
    case DV_FAM_SINGULAR_PINNED:
        singular_stations(&T->bc, &T->sing_s1, &T->sing_s2);
        traj_body_pinned(r, &T->tb1, T->sing_s1, T->sing_s2, &T->tb2);
        break;
    case DV_FAM_PARALLEL: {
        /* Same rotation polynomial and the same edge direction in both bodies: df == db bitwise. */
        traj_body_same_rotation(r, &T->tb1, &T->tb2);
        ccref_line_on_line_params *p = &T->bc.params.line_on_line;
        ccref_mat3 R2 = p->edge_frame2_in_b2.R;
        for (int i = 0; i < 3; i++)
            R2.m[i][0] = p->edge_frame1_in_b1.R.m[i][0];
        /* keep a rotation: column 1 = column 2 x column 0 after re-orthogonalising column 2 (exactness of the
         * frame is not needed: only column 0 enters df) */
        ccref_vec3 x = m3_column(&R2, 0), z = m3_column(&R2, 2);
        z = v3_sub(z, v3_scale(v3_dot(z, x), x));
        z = v3_scale(1.0 / nrm(z), z);
        ccref_vec3 y = v3_cross(z, x);
        p->edge_frame2_in_b2.R = m3_from_columns(x, y, z);
        T->eq = T->bc;
        break;
    }
    default:
        break;
    }
}

/* ================================================================ rows at one time */

typedef struct {
    ccref_status st;
    int sense;          /* line_on_line */
    int mp, mv;
    double perr[CCREF_MAX_ROWS], verr[CCREF_MAX_ROWS], aerr[CCREF_MAX_ROWS];
    ccref_vec3 Cz;      /* sphere_on_sphere / line_on_line: normal (for the decision check) */
} dv_rows;

#define DV_CALL_BODIES(kind) K->kind(&c->params.kind, &c->body1, &c->body2, l, nl, &res.u.kind)
#define DV_CALL_COORDINATE(kind) K->kind(&c->params.kind, &c->coordinate, l, nl, &res.u.kind)
#define DV_EVAL_KIND(KIND, kind, ABBR, STATE, ...) case CCREF_KIND_##KIND: st = DV_CALL_##STATE(kind); break;

static ccref_status eval_bilateral(const dv_kernels *K, const ccref_case *c, dv_rows *o)
{
    ccref_result res;
    memset(&res, 0, sizeof res);
    ccref_status st;
    const double *l = c->lambda;
    size_t nl = c->n_lambda;
    switch (c->kind) {
    CCREF_KINDS(DV_EVAL_KIND)
    default: st = CCREF_E_UNKNOWN_KIND; break;
    }
    if (c->kind == CCREF_KIND_SPHERE_ON_SPHERE)
        o->Cz = m3_column(&res.u.sphere_on_sphere.contact_frame.R, 2);
    if (c->kind == CCREF_KIND_LINE_ON_LINE) {
        o->sense = res.u.line_on_line.sense;
        o->Cz = m3_column(&res.u.line_on_line.contact_frame.R, 2);
    }
    o->st = st;
    o->mp = res.u.out.mp;
    o->mv = res.u.out.mv;
    for (int i = 0; i < CCREF_MAX_ROWS; i++) {
        o->perr[i] = res.u.out.perr[i];
        o->verr[i] = res.u.out.verr[i];
        o->aerr[i] = res.u.out.aerr[i];
    }
    return st;
}

static ccref_status eval_contact(const ccref_contact_case *c, dv_rows *o)
{
    ccref_contact_result res;
    ccref_status st = ccref_contact_eval(c, &res);
    o->st = st;
    o->mp = 1;
    o->mv = res.has_friction ? 2 : 0;
    o->perr[0] = res.perr;
    o->verr[0] = res.verr;
    o->aerr[0] = res.aerr;
    o->perr[1] = o->perr[2] = 0.0;
    o->verr[1] = res.slip_velocity[0];
    o->verr[2] = res.slip_velocity[1];
    o->aerr[1] = res.slip_acceleration[0];
    o->aerr[2] = res.slip_acceleration[1];
    o->sense = 0;
    return st;
}

/* ================================================================ singular families: p = 0 exactly */

/* Find x with fl(x + a) == s (searching a few doubles around fl(s - a)). */
static int snap_component(double s, double a, double *x)
{
    double c = s - a;
    for (int k = 0; k <= 16; k++) {
        double up = c, dn = c;
        for (int j = 0; j < k; j++) {
            up = nextafter(up, INFINITY);
            dn = nextafter(dn, -INFINITY);
        }
        if (up + a == s) { *x = up; return 1; }
        if (dn + a == s) { *x = dn; return 1; }
    }
    return 0;
}

/* Translate the two bodies' origins so that the kernel's computed Sf = p1 + R1 s1 and Sb = p2 + R2 s2 are the
 * same double X (the same expressions as the kernels: m3_apply, then v3_add). X is 24 + Sf rounded to the grid
 * 2^-47, so X lies in [16, 32) per component (ulp 2^-48) and is even there; the new origin x = fl(X - a) lies in
 * the same binade (|a| = |R s| <= sqrt 3) and x + a is within half an ulp of X, a tie rounding to the even X
 * (spec/derivatives.md section 6). The neighbour search is a safety net. */
int dv_snap_coincide(ccref_body *b1, ccref_vec3 s1, ccref_body *b2, ccref_vec3 s2)
{
    ccref_vec3 arm1 = m3_apply(&b1->R, s1), arm2 = m3_apply(&b2->R, s2);
    ccref_vec3 Sf = v3_add(b1->p, arm1);
    ccref_vec3 X = v3(ldexp(round(ldexp(24.0 + Sf.x, 47)), -47), ldexp(round(ldexp(24.0 + Sf.y, 47)), -47),
                      ldexp(round(ldexp(24.0 + Sf.z, 47)), -47));
    ccref_vec3 p1, p2;
    if (!snap_component(X.x, arm1.x, &p1.x) || !snap_component(X.y, arm1.y, &p1.y) ||
        !snap_component(X.z, arm1.z, &p1.z) || !snap_component(X.x, arm2.x, &p2.x) ||
        !snap_component(X.y, arm2.y, &p2.y) || !snap_component(X.z, arm2.z, &p2.z))
        return 0;
    b1->p = p1;
    b2->p = p2;
    ccref_vec3 A = v3_add(b1->p, arm1), B = v3_add(b2->p, arm2);
    return A.x == B.x && A.y == B.y && A.z == B.z;
}

/* ================================================================ geometry over the stencil: jets, decisions */

typedef enum { CORR_NONE = 0, CORR_BALL, CORR_SOS } corr_type;



/* The dot product of two doubles vectors as a majorant-free value. */
static double dot(ccref_vec3 a, ccref_vec3 b) { return v3_dot(a, b); }

static void geometry_ball(const ccref_case *c, dv_family fam, const traj_jets *J1, const traj_jets *J2,
                          const mj *qj, const mj *qdj, dv_geom *g)
{
    (void)fam;
    (void)qj;
    (void)qdj;
    const ccref_ball_params *p = &c->params.ball;
    mj a1 = traj_arm(J1, nrm(p->station1_in_b1)), a2 = traj_arm(J2, nrm(p->station2_in_b2));
    mj perr = mj_add(mj_add(J2->p, a2), mj_add(J1->p, a1));
    mj arm1 = mj_add(mj_add(J2->p, a2), J1->p);
    mj verr = mj_add(traj_vel(J2, a2), traj_vel(J1, arm1));
    for (int i = 0; i < 3; i++) {
        g->gp[i] = perr;
        g->gv[i] = verr;
    }
}

/* weld: the angular rows F_i . B_i' (axes fixed in body 2 and body 1) and (w2 - w1) . (F_i x B_i'); the linear rows
 * Ball's at frame 2's origin. */
static void geometry_weld(const ccref_case *c, dv_family fam, const traj_jets *J1, const traj_jets *J2, const mj *qj,
                          const mj *qdj, dv_geom *g)
{
    (void)fam;
    (void)qj;
    (void)qdj;
    const ccref_weld_params *p = &c->params.weld;
    mj w = mj_add(J2->w, J1->w);
    for (int i = 0; i < 3; i++) {
        mj F = traj_arm(J2, nrm(m3_column(&p->frame2_in_b2.R, i)));
        mj B = traj_arm(J1, nrm(m3_column(&p->frame1_in_b1.R, (i + 1) % 3)));
        g->gp[i] = mj_mul(F, B);
        g->gv[i] = mj_mul(w, mj_mul(F, B));
    }
    mj a1 = traj_arm(J1, nrm(p->frame1_in_b1.p)), a2 = traj_arm(J2, nrm(p->frame2_in_b2.p));
    mj perr = mj_add(mj_add(J2->p, a2), mj_add(J1->p, a1));
    mj arm1 = mj_add(mj_add(J2->p, a2), J1->p);
    mj verr = mj_add(traj_vel(J2, a2), traj_vel(J1, arm1));
    for (int i = 3; i < 6; i++) {
        g->gp[i] = perr;
        g->gv[i] = verr;
    }
}

/* rod and sphere_on_sphere: the distance between two points (the singular family: verr along body 1's z) and, for
 * a rolling sphere_on_sphere, its slip rows with the perp() index decisions. */
static void geometry_points_apart(const ccref_case *c, dv_family fam, const traj_jets *J1, const traj_jets *J2,
                                  const mj *qj, const mj *qdj, dv_geom *g)
{
    (void)qj;
    (void)qdj;
    const ccref_body *B1 = &c->body1, *B2 = &c->body2;
    ccref_vec3 s1, s2;
    singular_stations(c, &s1, &s2);
    mj a1 = traj_arm(J1, nrm(s1)), a2 = traj_arm(J2, nrm(s2));
    mj pd = mj_add(traj_vel(J2, a2), traj_vel(J1, a1));
    if (fam == DV_FAM_SINGULAR_SHIFT) {
        /* singular branch: verr = pd . (R1 e_z); perr = -d constant */
        g->gv[0] = mj_mul(pd, traj_arm(J1, 1.0));
        return;
    }
    mj pj = mj_add(mj_add(J2->p, a2), mj_add(J1->p, a1));
    ccref_vec3 P = v3_sub(v3_add(B2->p, m3_apply(&B2->R, s2)), v3_add(B1->p, m3_apply(&B1->R, s1)));
    double r0 = nrm(P);
    double rmin = r0 * (1.0 - 1e-12) - RHO0 * pj.d[1];
    if (!(rmin >= 0.5)) {
        g->cond_ok = 0;
        return;
    }
    mj rj;
    mj Cz = mj_unit(pj, rmin, &rj);
    g->gp[0] = rj;
    g->gv[0] = mj_mul(pd, Cz);
    if (c->kind == CCREF_KIND_SPHERE_ON_SPHERE && c->params.sphere_on_sphere.rolling) {
        double rf = c->params.sphere_on_sphere.radius1, rb = c->params.sphere_on_sphere.radius2;
        double kf = rf / (rf + rb) * (1.0 + 4 * U);
        mj pF = mj_add(a1, mj_scale(kf, pj));
        mj pB = mj_add(mj_add(J1->p, pF), J2->p);
        mj vF = mj_add(traj_vel(J2, pB), traj_vel(J1, pF));
        /* Cx = u/|u|, u = Cz x e_k, |u| >= sqrt(2/3) while k is the perp index (decision margin below) */
        mj Cx = mj_unit(Cz, sqrt(2.0 / 3.0) * (1.0 - 1e-12), NULL);
        mj Cy = mj_mul(Cz, Cx);
        g->gv[1] = mj_mul(vF, Cx);
        g->gv[2] = mj_mul(vF, Cy);
        /* perp index decisions: |Cz_j| - |Cz_k| > 0 for j != k */
        ccref_vec3 Czd = v3_scale(1.0 / r0, P);
        double u0 = fabs(Czd.x), u1 = fabs(Czd.y), u2 = fabs(Czd.z);
        int k = (u0 <= u1) ? (u0 <= u2 ? 0 : 2) : (u1 <= u2 ? 1 : 2);
        g->perp_k = k;
        double uk = k == 0 ? u0 : k == 1 ? u1 : u2;
        double uu[3] = {u0, u1, u2};
        for (int j = 0; j < 3; j++)
            if (j != k) {
                g->dq[g->ndec] = uu[j] - uk;
                g->dQ1[g->ndec] = 2.0 * Cz.d[1];
                g->deq[g->ndec] = 1024.0 * U;
                g->ndec++;
            }
    }
}

static void geometry_point_in_plane(const ccref_case *c, dv_family fam, const traj_jets *J1, const traj_jets *J2,
                                    const mj *qj, const mj *qdj, dv_geom *g)
{
    (void)fam;
    (void)qj;
    (void)qdj;
    const ccref_point_in_plane_params *p = &c->params.point_in_plane;
    mj a2 = traj_arm(J2, nrm(p->follower_in_b2));
    mj arm1 = mj_add(mj_add(J2->p, a2), J1->p);
    mj n = traj_arm(J1, nrm(p->normal_in_b1));
    g->gp[0] = mj_mul(arm1, n);
    g->gv[0] = mj_mul(mj_add(traj_vel(J2, a2), traj_vel(J1, arm1)), n);
}

static void geometry_constant_coordinate(const ccref_case *c, dv_family fam, const traj_jets *J1, const traj_jets *J2,
                                         const mj *qj, const mj *qdj, dv_geom *g)
{
    (void)fam;
    (void)J1;
    (void)J2;
    (void)c;
    g->gp[0] = *qj;
    g->gv[0] = *qdj;
}

static void geometry_sphere_on_plane(const ccref_case *c, dv_family fam, const traj_jets *J1, const traj_jets *J2,
                                     const mj *qj, const mj *qdj, dv_geom *g)
{
    (void)fam;
    (void)qj;
    (void)qdj;
    const ccref_sphere_on_plane_params *p = &c->params.sphere_on_plane;
    const ccref_mat3 *RP = &p->plane_frame_in_b1.R;
    mj Px = traj_arm(J1, nrm(m3_column(RP, 0))), Py = traj_arm(J1, nrm(m3_column(RP, 1))),
       Pz = traj_arm(J1, nrm(m3_column(RP, 2)));
    mj aO2 = traj_arm(J2, nrm(p->center_in_b2));
    mj aO1 = mj_add(mj_add(J2->p, aO2), J1->p);
    g->gp[0] = mj_mul(aO1, Pz);
    g->gv[0] = mj_mul(mj_add(traj_vel(J2, aO2), traj_vel(J1, aO1)), Pz);
    if (p->rolling) {
        mj aC2 = mj_add(aO2, mj_scale(p->radius, Pz));
        mj aC1 = mj_add(mj_add(J2->p, aC2), J1->p);
        mj vC = mj_add(traj_vel(J2, aC2), traj_vel(J1, aC1));
        g->gv[1] = mj_mul(vC, Px);
        g->gv[2] = mj_mul(vC, Py);
    }
}

static void geometry_ball_rolling_on_plane(const ccref_case *c, dv_family fam, const traj_jets *J1, const traj_jets *J2,
                                           const mj *qj, const mj *qdj, dv_geom *g)
{
    (void)fam;
    (void)qj;
    (void)qdj;
    const ccref_ball_rolling_on_plane_params *p = &c->params.ball_rolling_on_plane;
    ccref_mat3 RA = ccref_rotation_from_z(p->normal_in_b1);
    mj Px = traj_arm(J1, nrm(m3_column(&RA, 0))), Py = traj_arm(J1, nrm(m3_column(&RA, 1)));
    mj n = traj_arm(J1, nrm(p->normal_in_b1));
    mj aO2 = traj_arm(J2, nrm(p->center_in_b2));
    mj aO1 = mj_add(mj_add(J2->p, aO2), J1->p);
    mj d = mj_add(mj_mul(aO1, n), mj_const(p->height));
    g->gp[0] = mj_scale(0.5, mj_add(d, mj_const(p->radius)));
    mj vO = mj_add(traj_vel(J2, aO2), traj_vel(J1, aO1));
    g->gv[0] = mj_scale(0.5, mj_mul(vO, n));
    mj s = mj_scale(0.5, mj_add(d, mj_const(p->radius)));
    mj aC2 = mj_add(aO2, mj_mul(s, n));
    mj aC1 = mj_add(mj_add(J2->p, aC2), J1->p);
    mj u = mj_add(traj_vel(J2, aC2), traj_vel(J1, aC1));
    g->gv[1] = mj_mul(u, Px);
    g->gv[2] = mj_mul(u, Py);
}

static void geometry_point_on_plane(const ccref_case *c, dv_family fam, const traj_jets *J1, const traj_jets *J2,
                                    const mj *qj, const mj *qdj, dv_geom *g)
{
    (void)fam;
    (void)qj;
    (void)qdj;
    const ccref_point_on_plane_params *p = &c->params.point_on_plane;
    const ccref_mat3 *RP = &p->plane_frame_in_b1.R;
    mj Px = traj_arm(J1, nrm(m3_column(RP, 0))), Py = traj_arm(J1, nrm(m3_column(RP, 1))),
       Pz = traj_arm(J1, nrm(m3_column(RP, 2)));
    mj a2 = traj_arm(J2, nrm(p->follower_in_b2));
    mj a1 = mj_add(mj_add(J2->p, a2), J1->p);
    g->gp[0] = mj_mul(a1, Pz);
    mj vr = mj_add(traj_vel(J2, a2), traj_vel(J1, a1));
    g->gv[0] = mj_mul(vr, Pz);
    g->gv[1] = mj_mul(vr, Px);
    g->gv[2] = mj_mul(vr, Py);
}

static void geometry_line_on_line(const ccref_case *c, dv_family fam, const traj_jets *J1, const traj_jets *J2,
                                  const mj *qj, const mj *qdj, dv_geom *g)
{
    (void)fam;
    (void)qj;
    (void)qdj;
    const ccref_body *B1 = &c->body1, *B2 = &c->body2;
    const ccref_line_on_line_params *p = &c->params.line_on_line;
    const ccref_frame *Ef = &p->edge_frame1_in_b1, *Eb = &p->edge_frame2_in_b2;
    mj df = traj_arm(J1, nrm(m3_column(&Ef->R, 0))), sf = traj_arm(J1, nrm(m3_column(&Ef->R, 2)));
    mj db = traj_arm(J2, nrm(m3_column(&Eb->R, 0))), sb = traj_arm(J2, nrm(m3_column(&Eb->R, 2)));
    mj aPf = traj_arm(J1, nrm(Ef->p)), aPb = traj_arm(J2, nrm(Eb->p));
    mj Pf = mj_add(J1->p, aPf), Pb = mj_add(J2->p, aPb);
    mj pj = mj_add(Pb, Pf);
    mj wr = mj_mul(df, db);
    /* conditioning: s = |df x db| >= 1/4 over the interval */
    ccref_vec3 dfv = m3_apply(&B1->R, m3_column(&Ef->R, 0)), dbv = m3_apply(&B2->R, m3_column(&Eb->R, 0));
    ccref_vec3 sfv = m3_apply(&B1->R, m3_column(&Ef->R, 2)), sbv = m3_apply(&B2->R, m3_column(&Eb->R, 2));
    ccref_vec3 wrv = v3_cross(dfv, dbv);
    double s0 = nrm(wrv);
    double smin = s0 * (1.0 - 1e-12) - RHO0 * wr.d[1];
    if (!(smin >= 0.25)) {
        g->cond_ok = 0;
        return;
    }
    mj sj;
    mj n = mj_unit(wr, smin, &sj);
    mj oos = mj_recip(sj, smin);
    g->gp[0] = mj_mul(pj, n);
    mj dp = mj_add(traj_vel(J2, aPb), traj_vel(J1, aPf));
    mj ddf = mj_mul(J1->w, df), ddb = mj_mul(J2->w, db);
    mj dw = mj_add(mj_mul(ddf, db), mj_mul(df, ddb));
    mj ndw = mj_mul(n, dw);
    mj dn = mj_mul(oos, mj_add(dw, mj_mul(ndw, n)));
    g->gv[0] = mj_add(mj_mul(dp, n), mj_mul(pj, dn));
    if (p->rolling) {
        mj pXn = mj_mul(pj, n);
        mj tf = mj_mul(oos, mj_mul(db, pXn)), tb = mj_mul(oos, mj_mul(df, pXn));
        mj Qf = mj_add(Pf, mj_mul(tf, df)), Qb = mj_add(Pb, mj_mul(tb, db));
        mj Co = mj_scale(0.5, mj_add(Qf, Qb));
        mj pF = mj_add(Co, J1->p), pB = mj_add(Co, J2->p);
        mj vF = mj_add(traj_vel(J2, pB), traj_vel(J1, pF));
        g->gv[1] = mj_mul(vF, df);
        g->gv[2] = mj_mul(vF, mj_mul(n, df));
    }
    /* sense decisions: the tie |wsf| - |wsb| and the deciding dot product */
    mj wsf = mj_mul(wr, sf), wsb = mj_mul(wr, sb);
    double qf = dot(wrv, sfv), qb = dot(wrv, sbv);
    g->dq[0] = fabs(qf) - fabs(qb);
    g->dQ1[0] = wsf.d[1] + wsb.d[1];
    g->deq[0] = 64.0 * U;
    g->dq[1] = fabs(qf) > fabs(qb) ? qf : qb;
    g->dQ1[1] = fabs(qf) > fabs(qb) ? wsf.d[1] : wsb.d[1];
    g->deq[1] = 64.0 * U;
    g->ndec = 2;
    if (fabs(qf) > fabs(qb))
        g->sense = qf >= 0.0 ? 1 : -1;
    else
        g->sense = qb >= 0.0 ? -1 : 1;
}

/* The geometry of each kind, by the table (rod and sphere_on_sphere share theirs). */
#define geometry_rod geometry_points_apart
#define geometry_sphere_on_sphere geometry_points_apart
#define GEOMETRY_OF(KIND, kind, ...) [CCREF_KIND_##KIND] = geometry_##kind,
static void (*const geometry_of[CCREF_KIND_COUNT])(const ccref_case *, dv_family, const traj_jets *, const traj_jets *,
                                                    const mj *, const mj *, dv_geom *) = {CCREF_KINDS(GEOMETRY_OF)};

/* Geometry of a bilateral case c at t0 (double states B1, B2 in c) with body jets J1, J2. fam selects the
 * singular/parallel variants. */
void dv_geometry(const ccref_case *c, dv_family fam, const traj_jets *J1, const traj_jets *J2, const mj *qj,
                     const mj *qdj, dv_geom *g)
{
    memset(g, 0, sizeof *g);
    g->cond_ok = 1;
    if (fam == DV_FAM_SINGULAR_PINNED || fam == DV_FAM_PARALLEL) {
        /* Every row is identically zero along the motion (perr constant): M3 = 0 (spec/derivatives.md 6). */
        g->zero_rows = 1;
        return;
    }
    if ((unsigned)c->kind < CCREF_KIND_COUNT && geometry_of[c->kind] != NULL)
        geometry_of[c->kind](c, fam, J1, J2, qj, qdj, g);
}

/* ================================================================ exact side quantities (MPFI at t0) */

#define XP 128
typedef struct { mpfi_t x[3]; } iv;
static void iv_init(iv *a, mpfr_prec_t p) { for (int i = 0; i < 3; i++) mpfi_init2(a->x[i], p); }
static void iv_clear(iv *a) { for (int i = 0; i < 3; i++) mpfi_clear(a->x[i]); }
static void iv_from(iv *a, mpfi_t s[3]) { for (int i = 0; i < 3; i++) mpfi_set(a->x[i], s[i]); }
static void iv_add(iv *r, const iv *a, const iv *b) { for (int i = 0; i < 3; i++) mpfi_add(r->x[i], a->x[i], b->x[i]); }
static void iv_sub(iv *r, const iv *a, const iv *b) { for (int i = 0; i < 3; i++) mpfi_sub(r->x[i], a->x[i], b->x[i]); }
static void iv_scale(iv *r, mpfi_srcptr s, const iv *a) { for (int i = 0; i < 3; i++) mpfi_mul(r->x[i], s, a->x[i]); }
static void iv_dot(mpfi_ptr r, const iv *a, const iv *b)
{
    mpfi_t t;
    mpfi_init2(t, mpfi_get_prec(r));
    mpfi_mul(r, a->x[0], b->x[0]);
    for (int i = 1; i < 3; i++) {
        mpfi_mul(t, a->x[i], b->x[i]);
        mpfi_add(r, r, t);
    }
    mpfi_clear(t);
}
static void iv_cross(iv *r, const iv *a, const iv *b) /* r must not alias */
{
    mpfi_t t;
    mpfi_init2(t, mpfi_get_prec(r->x[0]));
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3;
        mpfi_mul(r->x[i], a->x[j], b->x[k]);
        mpfi_mul(t, a->x[k], b->x[j]);
        mpfi_sub(r->x[i], r->x[i], t);
    }
    mpfi_clear(t);
}
static void iv_matvec(iv *r, mpfi_t R[3][3], ccref_vec3 s) /* R s, s exact double */
{
    mpfi_t t;
    mpfi_init2(t, mpfi_get_prec(r->x[0]));
    double sv[3] = {s.x, s.y, s.z};
    for (int i = 0; i < 3; i++) {
        mpfi_set_ui(r->x[i], 0);
        for (int j = 0; j < 3; j++) {
            mpfi_mul_d(t, R[i][j], sv[j]);
            mpfi_add(r->x[i], r->x[i], t);
        }
    }
    mpfi_clear(t);
}
/* velocity of the material point of body S at arm r: v + w x r */
static void iv_vel(iv *out, const traj_state_i *S, const iv *r)
{
    iv w, c, v;
    mpfr_prec_t P = mpfi_get_prec(out->x[0]);
    iv_init(&w, P); iv_init(&c, P); iv_init(&v, P);
    iv_from(&w, (mpfi_t *)S->w);
    iv_from(&v, (mpfi_t *)S->v);
    iv_cross(&c, &w, r);
    iv_add(out, &v, &c);
    iv_clear(&w); iv_clear(&c); iv_clear(&v);
}
static double mid_d(mpfi_srcptr x)
{
    mpfr_t m;
    mpfr_init2(m, XP);
    mpfi_mid(m, x);
    double d = mpfr_get_d(m, MPFR_RNDN);
    mpfr_clear(m);
    return d;
}

/* sigma of spec/sphere_on_sphere.md ("Exact derivative relations") at the exact state, perp index k. */
void dv_sos_sigma_i(mpfi_ptr out, const ccref_sphere_on_sphere_params *p, const traj_state_i *S1,
                    const traj_state_i *S2, int k)
{
    const mpfr_prec_t P = mpfi_get_prec(out);
    iv aF, aB, Sf, Sb, pp, Cz, pd, v1, v2, Czd, tmp, u, Cx, p1, p2, w1;
    iv *all[] = {&aF, &aB, &Sf, &Sb, &pp, &Cz, &pd, &v1, &v2, &Czd, &tmp, &u, &Cx, &p1, &p2, &w1};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        iv_init(all[i], P);
    mpfi_t r, s, t;
    mpfi_init2(r, P); mpfi_init2(s, P); mpfi_init2(t, P);
    iv_from(&p1, (mpfi_t *)S1->p);
    iv_from(&p2, (mpfi_t *)S2->p);
    iv_from(&w1, (mpfi_t *)S1->w);
    iv_matvec(&aF, (mpfi_t(*)[3])S1->R, p->center1_in_b1);
    iv_matvec(&aB, (mpfi_t(*)[3])S2->R, p->center2_in_b2);
    iv_add(&Sf, &p1, &aF);
    iv_add(&Sb, &p2, &aB);
    iv_sub(&pp, &Sb, &Sf);
    iv_dot(r, &pp, &pp);
    mpfi_sqrt(r, r);
    for (int i = 0; i < 3; i++)
        mpfi_div(Cz.x[i], pp.x[i], r);
    iv_vel(&v2, S2, &aB);
    iv_vel(&v1, S1, &aF);
    iv_sub(&pd, &v2, &v1);
    iv_dot(s, &pd, &Cz);
    iv_scale(&tmp, s, &Cz);
    iv_sub(&Czd, &pd, &tmp);
    for (int i = 0; i < 3; i++)
        mpfi_div(Czd.x[i], Czd.x[i], r);
    /* u = Cz x e_k: (Cz x e_k)_i = Cz_j (e_k)_l - Cz_l (e_k)_j with (i, j, l) cyclic */
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3, l = (i + 2) % 3;
        mpfi_set_ui(u.x[i], 0);
        if (l == k)
            mpfi_set(u.x[i], Cz.x[j]);
        else if (j == k)
            mpfi_neg(u.x[i], Cz.x[l]);
    }
    iv_dot(s, &u, &u);
    mpfi_sqrt(s, s);                    /* |u| = sqrt(1 - Cz_k^2) */
    for (int i = 0; i < 3; i++)
        mpfi_div(Cx.x[i], u.x[i], s);
    iv_dot(t, &Czd, &Cx);
    mpfi_mul(t, t, Cz.x[k]);
    mpfi_div(t, t, s);
    mpfi_neg(t, t);                     /* -Cz_k (Czd . Cx) / |u| */
    iv_dot(s, &w1, &Cz);
    mpfi_sub(t, t, s);
    mpfi_set(out, t);
    mpfi_clear(r); mpfi_clear(s); mpfi_clear(t);
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        iv_clear(all[i]);
}

/* Defined with the run below. */
static double mid_with_err(mpfi_srcptr x, double *err);

/* sigma at the exact state, rounded, and a bound *err of its distance from the exact value. */
static double sos_sigma(const ccref_sphere_on_sphere_params *p, const traj_state_i *S1, const traj_state_i *S2, int k,
                        double *err)
{
    mpfi_t x;
    mpfi_init2(x, XP);
    dv_sos_sigma_i(x, p, S1, S2, k);
    double r = mid_with_err(x, err);
    mpfi_clear(x);
    return r;
}

/* verr_0 of line_on_line as vF . n (spec/line_on_line.md, last exact relation), at the exact state, sense sg. */
void dv_lol_vFn_i(mpfi_ptr out, const ccref_line_on_line_params *p, const traj_state_i *S1, const traj_state_i *S2,
                  int sg)
{
    const mpfr_prec_t P = mpfi_get_prec(out);
    iv df, db, aPf, aPb, Pf, Pb, pp, w, n, pXn, Qf, Qb, Co, tmp, p1, p2, pF, pB, v1, v2, vF;
    iv *all[] = {&df, &db, &aPf, &aPb, &Pf, &Pb, &pp, &w, &n, &pXn, &Qf, &Qb, &Co, &tmp, &p1, &p2, &pF, &pB,
                 &v1, &v2, &vF};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        iv_init(all[i], P);
    mpfi_t s, tf, tb;
    mpfi_init2(s, P); mpfi_init2(tf, P); mpfi_init2(tb, P);
    iv_from(&p1, (mpfi_t *)S1->p);
    iv_from(&p2, (mpfi_t *)S2->p);
    iv_matvec(&df, (mpfi_t(*)[3])S1->R, m3_column(&p->edge_frame1_in_b1.R, 0));
    iv_matvec(&db, (mpfi_t(*)[3])S2->R, m3_column(&p->edge_frame2_in_b2.R, 0));
    iv_matvec(&aPf, (mpfi_t(*)[3])S1->R, p->edge_frame1_in_b1.p);
    iv_matvec(&aPb, (mpfi_t(*)[3])S2->R, p->edge_frame2_in_b2.p);
    iv_add(&Pf, &p1, &aPf);
    iv_add(&Pb, &p2, &aPb);
    iv_sub(&pp, &Pb, &Pf);
    iv_cross(&w, &df, &db);
    iv_dot(s, &w, &w);
    mpfi_sqrt(s, s);
    for (int i = 0; i < 3; i++) {
        mpfi_div(n.x[i], w.x[i], s);
        mpfi_mul_si(n.x[i], n.x[i], sg);
    }
    iv_cross(&pXn, &pp, &n);
    iv_dot(tf, &db, &pXn);
    mpfi_div(tf, tf, s);
    mpfi_mul_si(tf, tf, -sg);
    iv_dot(tb, &df, &pXn);
    mpfi_div(tb, tb, s);
    mpfi_mul_si(tb, tb, -sg);
    iv_scale(&tmp, tf, &df);
    iv_add(&Qf, &Pf, &tmp);
    iv_scale(&tmp, tb, &db);
    iv_add(&Qb, &Pb, &tmp);
    iv_add(&Co, &Qf, &Qb);
    for (int i = 0; i < 3; i++)
        mpfi_mul_2si(Co.x[i], Co.x[i], -1);
    iv_sub(&pF, &Co, &p1);
    iv_sub(&pB, &Co, &p2);
    iv_vel(&v2, S2, &pB);
    iv_vel(&v1, S1, &pF);
    iv_sub(&vF, &v2, &v1);
    iv_dot(out, &vF, &n);
    mpfi_clear(s); mpfi_clear(tf); mpfi_clear(tb);
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        iv_clear(all[i]);
}

/* vF . n at the exact state, rounded, and a bound *err of its distance from the exact value. */
static double lol_vF_n(const ccref_line_on_line_params *p, const traj_state_i *S1, const traj_state_i *S2, int sg,
                       double *err)
{
    mpfi_t x;
    mpfi_init2(x, XP);
    dv_lol_vFn_i(x, p, S1, S2, sg);
    double r = mid_with_err(x, err);
    mpfi_clear(x);
    return r;
}

/* ================================================================ level scales (spec/conventions.md 9) */


dv_levels dv_level_scales(const ccref_case *c)
{
    dv_levels s;
    if (c->kind == CCREF_KIND_CONSTANT_COORDINATE) {
        s.p = 8.0;
        s.v = fabs(c->coordinate.qdot);
        s.a = fabs(c->coordinate.qdotdot);
        return s;
    }
    double L = 8.0 + nrm(c->body1.p) + nrm(c->body2.p);
    double W = fmax(nrm(c->body1.w), nrm(c->body2.w)), V = fmax(nrm(c->body1.v), nrm(c->body2.v));
    double B = fmax(nrm(c->body1.b), nrm(c->body2.b)), A = fmax(nrm(c->body1.a), nrm(c->body2.a));
    s.p = L;
    s.v = L * W + V;
    s.a = L * W * W + L * B + V * W + A;
    return s;
}

/* ================================================================ the run */

void dv_build_checks(const dv_target *tg, const ccref_case *eq, dv_checks *ck, dv_stats *st)
{
    int mp = 1, mv = 0;
    if (tg->is_contact)
        mv = ccref_contact_has_friction(tg->cls) ? 2 : 0;
    else
        ccref_case_rows(eq, &mp, &mv);
    ck->n = 0;
    if (tg->fam != DV_FAM_SINGULAR_SHIFT)
        for (int i = 0; i < mp; i++) {
            ck->type[ck->n] = CK_V;
            ck->row[ck->n++] = i;
        }
    int na = tg->fam == DV_FAM_SINGULAR_SHIFT ? 1 : mp + mv;   /* shift: the normal row only (section 6) */
    for (int i = 0; i < na; i++) {
        ck->type[ck->n] = CK_A;
        ck->row[ck->n++] = i;
    }
    st->nchecks = ck->n;
    for (int j = 0; j < ck->n; j++)
        snprintf(st->label[j], sizeof st->label[j], "%c%d", ck->type[j] == CK_V ? 'v' : 'a', ck->row[j]);
}

/* Fill the states of a case (bilateral or the contact) at one time. */
void dv_set_states(const dv_target *tg, const dv_traj *T, const ccref_body *B1, const ccref_body *B2,
                       const ccref_coordinate *q, ccref_case *bc, ccref_contact_case *cc)
{
    if (tg->is_contact) {
        *cc = T->cc;
        cc->body1 = *B1;
        cc->body2 = *B2;
        cc->coordinate = *q;
    }
    *bc = T->eq;
    if (!tg->is_contact)
        *bc = T->bc;
    bc->body1 = *B1;
    bc->body2 = *B2;
    bc->coordinate = *q;
}

/* One evaluation time of a sample: the correctly rounded states, the kernel's rows and their rounding bounds. */
typedef struct {
    int done;
    ccref_case bc;
    dv_rows R;
    dv_levels L;
    int snapfail;
    /* Rounding bounds of the rows (spec/derivatives.md section 3), index [0] perr, [1] verr, [2] aerr, then row:
     * B: the proven forward error bound of the kernel on its own input doubles (ccref_bounds_case /
     *    ccref_bounds_contact, spec/accuracy.md): |kernel(x~) - g(x~)| <= B;
     * Din: the effect of rounding the exact trajectory state x to those doubles on the exact formula:
     *    |g(x~) - g(x)| <= Din (an interval enclosure of g over the box spanned by x~ and x);
     * E = (B + Din) rounded up: |kernel(x~) - g(x)| <= E. */
    double B[3][CCREF_MAX_ROWS], Din[3][CCREF_MAX_ROWS], E[3][CCREF_MAX_ROWS];
    ccref_decision acc_band;  /* != NONE: ccref_bounds reported a decision band at this point (B not claimed) */
    int box_undecided;      /* the box enclosure could not be evaluated (a decision undecided): Din unknown */
    int bounded;            /* B, Din and E are filled and finite */
    int bounds_done;        /* point_bounds ran */
    ccref_contact_case cc;  /* contact targets: the case the kernel evaluated */
} dv_point;

typedef struct {
    traj_ws *ws;
    traj_state_i S1, S2;
    mpfr_t tt;
    /* the input-rounding boxes (BOX_PREC bits) */
    int box_init;
    ora_ws *ows;
    ora_case oc;
    ora_contact_case occ;
    ora_out oo;
    ora_contact_out oco;
    mpfi_t qx[3];           /* exact q, qdot, qdotdot (XP bits) */
    mpfi_t shift[3];        /* singular families: the common translation of both origins */
    mpfr_t diam;
} dv_eval_ctx;

/* The line_on_line sense at a state, with the kernel's operations in the kernel's order (so it is the kernel's
 * decision bit for bit); 0 when the edges are parallel. */
static int lol_sense_of_case(const ccref_case *c)
{
    const ccref_line_on_line_params *p = &c->params.line_on_line;
    ccref_vec3 df = m3_apply(&c->body1.R, m3_column(&p->edge_frame1_in_b1.R, 0));
    ccref_vec3 sf = m3_apply(&c->body1.R, m3_column(&p->edge_frame1_in_b1.R, 2));
    ccref_vec3 db = m3_apply(&c->body2.R, m3_column(&p->edge_frame2_in_b2.R, 0));
    ccref_vec3 sb = m3_apply(&c->body2.R, m3_column(&p->edge_frame2_in_b2.R, 2));
    ccref_vec3 wraw = v3_cross(df, db);
    if (v3_norm_sq(wraw) < CCREF_PARALLEL_SIN_SQ)
        return 0;
    double wsf = v3_dot(wraw, sf), wsb = v3_dot(wraw, sb);
    if (fabs(wsf) > fabs(wsb))
        return wsf >= 0.0 ? 1 : -1;
    return wsb >= 0.0 ? -1 : 1;
}

/* Flat output slot of row i of kind base (0 perr, 1 verr, 2 aerr), or -1 where the row does not exist (a contact
 * class has three rows, a kind CCREF_MAX_ROWS). */
static int row_slot(int is_contact, int base, int i)
{
    if (!is_contact)
        return (base == 0 ? CCREF_SLOT_PERR : base == 1 ? CCREF_SLOT_VERR : CCREF_SLOT_AERR) + i;
    if (base == 0 || i > 2)
        return base == 0 && i == 0 ? CCREF_CSLOT_PERR : -1;
    if (base == 0)
        return i == 0 ? CCREF_CSLOT_PERR : -1;
    if (i == 0)
        return base == 1 ? CCREF_CSLOT_VERR : CCREF_CSLOT_AERR;
    return (base == 1 ? CCREF_CSLOT_SLIP_VELOCITY : CCREF_CSLOT_SLIP_ACCELERATION) + i - 1;
}

/* dst = the hull of the exact enclosure x (translated by sh when not NULL) and the double k. */
static void box_hull(mpfi_ptr dst, mpfi_srcptr x, mpfi_srcptr sh, double k)
{
    mpfi_set(dst, x);           /* outward rounding to BOX_PREC */
    if (sh != NULL)
        mpfi_add(dst, dst, sh);
    mpfi_put_d(dst, k);
}

static void box_body(ora_body *ob, const ccref_body *k, const traj_state_i *S, mpfi_t *sh)
{
    const double kp[3] = {k->p.x, k->p.y, k->p.z}, kw[3] = {k->w.x, k->w.y, k->w.z};
    const double kv[3] = {k->v.x, k->v.y, k->v.z}, kb[3] = {k->b.x, k->b.y, k->b.z};
    const double ka[3] = {k->a.x, k->a.y, k->a.z};
    mpfi_ptr op[3] = {ob->p.x, ob->p.y, ob->p.z}, ow[3] = {ob->w.x, ob->w.y, ob->w.z};
    mpfi_ptr ov[3] = {ob->v.x, ob->v.y, ob->v.z}, obb[3] = {ob->b.x, ob->b.y, ob->b.z};
    mpfi_ptr oa[3] = {ob->a.x, ob->a.y, ob->a.z};
    for (int i = 0; i < 3; i++) {
        for (int j = 0; j < 3; j++)
            box_hull(ob->R.m[i][j], S->R[i][j], NULL, k->R.m[i][j]);
        box_hull(op[i], S->p[i], sh ? sh[i] : NULL, kp[i]);
        box_hull(ow[i], S->w[i], NULL, kw[i]);
        box_hull(ov[i], S->v[i], NULL, kv[i]);
        box_hull(obb[i], S->b[i], NULL, kb[i]);
        box_hull(oa[i], S->a[i], NULL, ka[i]);
    }
}

static void box_coordinate(ora_coordinate *oq, const ccref_coordinate *k, mpfi_t qx[3])
{
    box_hull(oq->q, qx[0], NULL, k->q);
    box_hull(oq->qdot, qx[1], NULL, k->qdot);
    box_hull(oq->qdotdot, qx[2], NULL, k->qdotdot);
}

/* perp() index of the sphere_on_sphere normal at a point, from its states (the kernel's p = Sb - Sf). */
static int sos_perp_of_case(const ccref_case *c);

/* The rounding bounds of the rows at the point P of time t (spec/derivatives.md section 3); S1, S2 enclose the
 * exact trajectory states at t. Computed once per point. */
static void point_bounds(dv_eval_ctx *E, const dv_target *tg, const dv_traj *T, double t, const traj_state_i *S1,
                         const traj_state_i *S2, dv_point *P)
{
    if (P->bounds_done)
        return;
    P->bounds_done = 1;
    if (P->snapfail || !ccref_status_ok(P->R.st))
        return;
    const ccref_contact_case *cc = &P->cc;
    mpfr_set_d(E->tt, t, MPFR_RNDN);
    traj_coord_eval_i(E->ws, &T->tq, E->tt, E->qx);
    const int singular_fam = tg->fam == DV_FAM_SINGULAR_SHIFT || tg->fam == DV_FAM_SINGULAR_PINNED;
    /* ---- B: ccref_bounds on the doubles the kernel received */
    ccref_bounds ab;
    ccref_status rc = tg->is_contact ? ccref_bounds_contact(cc, &ab) : ccref_bounds_case(&P->bc, &ab);
    if (!ccref_status_ok(rc))
        return; /* the kernel rejected the point: bad status, counted by the caller */
    P->acc_band = ab.band;
    /* The singular families force the singular branch (section 6): the computed p is exactly 0 while the exact p
     * of the snapped doubles is only known to be tiny, so ccref_bounds reports the singular band. Its B is the chain
     * of the branch the kernel took, which is the branch these families compare with. */
    if (singular_fam && P->acc_band == CCREF_DECISION_SINGULAR)
        P->acc_band = CCREF_DECISION_NONE;
    /* ---- Din: enclose the formula over the box hull(x~, x), at BOX_PREC bits */
    ccref_kind kind = P->bc.kind;
    if (!E->box_init) {
        if (tg->is_contact)
            ora_contact_case_init(&E->occ, tg->cls, BOX_PREC);
        else
            ora_case_init(&E->oc, kind, BOX_PREC);
        E->box_init = 1;
    }
    mpfi_t *sh = NULL;
    if (singular_fam) {
        /* The snap moved the origins. The rows are invariant under a common translation of both bodies (exact
         * identity), so compare with the exact state translated by shift = p1~ - p1 (body 1's origin box is then
         * tight around p1~; body 2's contains p2~ and p2 + shift). */
        const double kp1[3] = {P->bc.body1.p.x, P->bc.body1.p.y, P->bc.body1.p.z};
        for (int i = 0; i < 3; i++) {
            mpfi_set_d(E->shift[i], kp1[i]);
            mpfi_sub(E->shift[i], E->shift[i], S1->p[i]);
        }
        sh = E->shift;
    }
    ora_decisions d;
    ora_decisions_auto(&d);
    /* deviation flags and unilateral rules do not affect the rows (as in the oracle mode) */
    d.v[ORA_D_VERR_NONZERO] = 1;
    d.v[ORA_D_W1_NONZERO] = 1;
    d.v[ORA_D_SLIP_NONZERO] = 1;
    d.v[ORA_D_IMPACT] = 0;
    d.v[ORA_D_COR_BRANCH] = CCREF_COR_CAPTURED;
    d.v[ORA_D_COF_BRANCH] = CCREF_COF_STATIC;
    /* the branch of the formula: the kernel's (the exclusion rule of section 5 makes it the exact one on the
     * stencil; conditioning keeps the singular and parallel thresholds away outside their families) */
    d.v[ORA_D_SINGULAR] = singular_fam ? 1 : 0;
    d.v[ORA_D_PARALLEL] = tg->fam == DV_FAM_PARALLEL ? 1 : 0;
    if (kind == CCREF_KIND_LINE_ON_LINE && tg->fam != DV_FAM_PARALLEL)
        d.v[ORA_D_SENSE] = (signed char)(P->R.sense > 0 ? 1 : -1);
    if (kind == CCREF_KIND_SPHERE_ON_SPHERE)
        d.v[ORA_D_PERP_AXIS] = (signed char)(tg->is_contact ? sos_perp_of_case(&P->bc) : dv_perp_index(P->R.Cz));
    ora_eval_status es;
    mpfi_t *Y;
    if (tg->is_contact) {
        ora_contact_case_set(&E->occ, cc);
        box_body(&E->occ.body1, &cc->body1, S1, sh);
        box_body(&E->occ.body2, &cc->body2, S2, sh);
        box_coordinate(&E->occ.coordinate, &cc->coordinate, E->qx);
        es = ora_contact_eval(E->ows, &E->occ, &d, &E->oco);
        Y = E->oco.v;
    } else {
        ora_case_set(&E->oc, &P->bc);
        box_body(&E->oc.body1, &P->bc.body1, S1, sh);
        box_body(&E->oc.body2, &P->bc.body2, S2, sh);
        box_coordinate(&E->oc.coordinate, &P->bc.coordinate, E->qx);
        es = ora_eval(E->ows, &E->oc, &d, &E->oo);
        Y = E->oo.v;
    }
    if (es != ORA_EVAL_OK) {
        P->box_undecided = 1;
        return;
    }
    int finite = 1;
    for (int base = 0; base < 3; base++)
        for (int i = 0; i < CCREF_MAX_ROWS; i++) {
            int slot = row_slot(tg->is_contact, base, i);
            double b = 0.0, din = 0.0;
            if (slot >= 0) {
                b = ab.bound[slot];
                mpfi_diam_abs(E->diam, Y[slot]);
                din = mpfr_get_d(E->diam, MPFR_RNDU);
            }
            P->B[base][i] = b;
            P->Din[base][i] = din;
            P->E[base][i] = (b + din) * UP;
            if (!isfinite(P->E[base][i]))
                finite = 0;
        }
    P->bounded = finite && P->acc_band == CCREF_DECISION_NONE;
}

/* Evaluate the target at time t into P (states at XP bits, rounded to nearest; singular snap; kernel call; the
 * rounding bounds of the rows when want_bounds). S1/S2 of the context keep the enclosures of the last
 * evaluation. */
static void eval_point(dv_eval_ctx *E, const dv_target *tg, const dv_kernels *K, dv_traj *T, double t, dv_point *P,
                       int want_bounds)
{
    ccref_body B1, B2;
    ccref_coordinate q;
    mpfr_set_d(E->tt, t, MPFR_RNDN);
    traj_eval_i(E->ws, &T->tb1, E->tt, &E->S1);
    traj_eval_i(E->ws, &T->tb2, E->tt, &E->S2);
    traj_state_i_to_d(&E->S1, &B1);
    traj_state_i_to_d(&E->S2, &B2);
    traj_coord_eval_rn(E->ws, &T->tq, t, &q);
    ccref_contact_case *cc = &P->cc;
    dv_set_states(tg, T, &B1, &B2, &q, &P->bc, cc);
    P->snapfail = 0;
    if (tg->fam == DV_FAM_SINGULAR_SHIFT || tg->fam == DV_FAM_SINGULAR_PINNED) {
        if (!dv_snap_coincide(&P->bc.body1, T->sing_s1, &P->bc.body2, T->sing_s2))
            P->snapfail = 1;
        cc->body1 = P->bc.body1;
        cc->body2 = P->bc.body2;
    }
    memset(&P->R, 0, sizeof P->R);
    if (tg->is_contact) {
        eval_contact(cc, &P->R);
        if (P->bc.kind == CCREF_KIND_LINE_ON_LINE)
            P->R.sense = lol_sense_of_case(&P->bc);     /* the contact result does not expose it */
    } else {
        eval_bilateral(K, &P->bc, &P->R);
    }
    P->L = dv_level_scales(&P->bc);
    P->acc_band = CCREF_DECISION_NONE;
    P->box_undecided = 0;
    P->bounded = 0;
    P->bounds_done = 0;
    if (want_bounds)
        point_bounds(E, tg, T, t, &E->S1, &E->S2, P);
    P->done = 1;
}

/* Same branch at two points, as far as the results expose it (status, line_on_line sense). */
static int same_branch(const dv_rows *a, const dv_rows *b) { return a->st == b->st && a->sense == b->sense; }

int dv_perp_index(ccref_vec3 z)
{
    double u0 = fabs(z.x), u1 = fabs(z.y), u2 = fabs(z.z);
    return (u0 <= u1) ? (u0 <= u2 ? 0 : 2) : (u1 <= u2 ? 1 : 2);
}

/* perp() index of the sphere_on_sphere normal at a point, from its states (the kernel's p = Sb - Sf). */
static int sos_perp_of_case(const ccref_case *c)
{
    const ccref_sphere_on_sphere_params *p = &c->params.sphere_on_sphere;
    ccref_vec3 Sf = v3_add(c->body1.p, m3_apply(&c->body1.R, p->center1_in_b1));
    ccref_vec3 Sb = v3_add(c->body2.p, m3_apply(&c->body2.R, p->center2_in_b2));
    return dv_perp_index(v3_sub(Sb, Sf));
}

static int jetstat_enabled(void)
{
    const char *v = getenv("CCREF_DERIV_JETSTAT");
    return v != NULL && v[0] != '\0' && v[0] != '0';
}

static void copy_state(traj_state_i *d, const traj_state_i *s)
{
    for (int i = 0; i < 3; i++) {
        for (int j = 0; j < 3; j++)
            mpfi_set(d->R[i][j], s->R[i][j]);
        mpfi_set(d->p[i], s->p[i]);
        mpfi_set(d->w[i], s->w[i]);
        mpfi_set(d->v[i], s->v[i]);
        mpfi_set(d->b[i], s->b[i]);
        mpfi_set(d->a[i], s->a[i]);
    }
}

/* Upper bound of max |k - y| over y in the enclosure x (the distance of a double from an enclosed exact value). */
static double dist_to_enclosure(double k, mpfi_srcptr x)
{
    mpfr_t e, f;
    mpfr_init2(e, XP);
    mpfr_init2(f, XP);
    mpfi_get_left(e, x);
    mpfr_d_sub(e, k, e, MPFR_RNDU);     /* k - left */
    mpfi_get_right(f, x);
    mpfr_sub_d(f, f, k, MPFR_RNDU);     /* right - k */
    double d = fmax(fabs(mpfr_get_d(e, MPFR_RNDU)), fabs(mpfr_get_d(f, MPFR_RNDU)));
    mpfr_clear(e);
    mpfr_clear(f);
    return d * UP;
}

/* The rounded midpoint of an enclosure x and a bound of its distance from every point of x. */
static double mid_with_err(mpfi_srcptr x, double *err)
{
    double m = mid_d(x);
    *err = dist_to_enclosure(m, x);
    return m;
}

/* acc pair (spec/accuracy.md) of a computed double of magnitude absval whose exact value is within e. */
static acc_t acc_of(double absval, double e)
{
    acc_t r = {(absval + e) * UP, e};
    return r;
}

long dv_run(const dv_target *tg, uint64_t seed, int n_traj, int n_samples, dv_stats *st)
{
    const dv_kernels *K = tg->K ? tg->K : &dv_real_kernels;
    ccref_rng rng = {seed};
    dv_eval_ctx E;
    E.ws = traj_ws_new(XP);
    traj_state_i_init(&E.S1, XP);
    traj_state_i_init(&E.S2, XP);
    mpfr_init2(E.tt, 64);
    E.box_init = 0;
    E.ows = ora_ws_new(BOX_PREC);
    ora_out_init(&E.oo, BOX_PREC);
    ora_contact_out_init(&E.oco, BOX_PREC);
    for (int i = 0; i < 3; i++) {
        mpfi_init2(E.qx[i], XP);
        mpfi_init2(E.shift[i], BOX_PREC);
    }
    mpfr_init2(E.diam, BOX_PREC);
    traj_state_i S1c, S2c;          /* enclosures of the exact states at t0 */
    traj_state_i_init(&S1c, XP);
    traj_state_i_init(&S2c, XP);
    dv_checks ck;
    int checks_built = 0;
    int is_sos_rolling = 0, is_lol = 0;
    int coincident = -1; /* the first of three rows that are Ball's (R1, R2 corrections): ball 0, weld 3 */
    const int jetstat = tg->jetstat || jetstat_enabled();
    /* points: 0 = t0; 1 + 2 (e - E_MIN) + {0, 1} = t0 -+ 2^-e; the last 4 for the optional jet statistics */
    enum { NPT = 1 + 2 * (E_MAX - E_MIN + 1) + 4 };
    static dv_point pts[NPT];

    for (int it = 0; it < n_traj; it++) {
        dv_traj T;
        dv_make_traj(&rng, tg, &T);
        if (!checks_built) {
            dv_build_checks(tg, &T.eq, &ck, st);
            checks_built = 1;
            ccref_kind ekind = T.eq.kind;
            coincident = ekind == CCREF_KIND_BALL ? 0 : ekind == CCREF_KIND_WELD ? 3 : -1;
            is_sos_rolling = ekind == CCREF_KIND_SPHERE_ON_SPHERE && T.eq.params.sphere_on_sphere.rolling &&
                             tg->fam != DV_FAM_SINGULAR_SHIFT && tg->fam != DV_FAM_SINGULAR_PINNED;
            is_lol = ekind == CCREF_KIND_LINE_ON_LINE && tg->fam != DV_FAM_PARALLEL;
        }
        for (int is = 0; is < n_samples; is++) {
            st->samples++;
            double t0 = dv_sample_time(&rng, tg, &T, is, n_samples);
            for (int k = 0; k < NPT; k++)
                pts[k].done = 0;
            /* ---- jets over [t0 - RHO0, t0 + RHO0] and the geometry at t0 */
            traj_jets J1, J2;
            mj qj, qdj;
            if (!traj_body_jets(&T.tb1, t0, RHO0, &J1) || !traj_body_jets(&T.tb2, t0, RHO0, &J2)) {
                st->excl_conditioning++;
                continue;
            }
            traj_coord_jets(&T.tq, t0, RHO0, &qj, &qdj);
            dv_point *P0 = &pts[0];
            eval_point(&E, tg, K, &T, t0, P0, 0);
            copy_state(&S1c, &E.S1);
            copy_state(&S2c, &E.S2);
            if (P0->snapfail) {
                st->excl_snap++;
                continue;
            }
            dv_geom g;
            dv_geometry(&P0->bc, tg->fam, &J1, &J2, &qj, &qdj, &g);
            if (!g.cond_ok) {
                st->excl_conditioning++;
                continue;
            }
            /* ---- rounding bounds at t0 (section 3); a decision band of ccref_bounds: skipped and counted */
            point_bounds(&E, tg, &T, t0, &S1c, &S2c, P0);
            if (ccref_status_ok(P0->R.st) && !P0->bounded) {
                st->excl_uncertain++;
                continue;
            }
            /* ---- M3 and the step of each check: the power of two minimising (h^2/6) M3 + E_g / h, with the
             * rounding bound E_g of the differenced row at t0 standing for those at t0 -+ h */
            double M3[DV_MAX_CHECKS];
            int ej[DV_MAX_CHECKS];
            double hmax = 0.0;
            for (int j = 0; j < ck.n; j++) {
                const mj *jet = ck.type[j] == CK_V ? &g.gp[ck.row[j]] : &g.gv[ck.row[j]];
                M3[j] = g.zero_rows ? 0.0 : jet->d[3] * (1.0 + 0x1p-30);
                double Eg = P0->bounded ? P0->E[ck.type[j] == CK_V ? 0 : 1][ck.row[j]] : 0.0;
                double best = INFINITY;
                ej[j] = E_MIN;
                for (int e = E_MIN; e <= E_MAX; e++) {
                    double h = ldexp(1.0, -e);
                    double tol = h * h / 6.0 * M3[j] + Eg / h;
                    if (tol < best) {
                        best = tol;
                        ej[j] = e;
                    }
                }
                if (ldexp(1.0, -ej[j]) > hmax)
                    hmax = ldexp(1.0, -ej[j]);
            }
            /* ---- branch exclusion (section 5) with the widest stencil [t0 - 2 hmax, t0 + 2 hmax] */
            int excluded = 0;
            for (int d = 0; d < g.ndec; d++)
                if (!(fabs(g.dq[d]) > 2.0 * hmax * g.dQ1[d] + 2.0 * g.deq[d]))
                    excluded = 1;
            if (excluded && !tg->no_exclusion) {
                st->excl_branch++;
                continue;
            }
            /* ---- evaluations at t0 -+ h_j */
            int bad = !ccref_status_ok(P0->R.st), mismatch = 0, snapfail = 0, unbounded = 0;
            for (int j = 0; j < ck.n; j++)
                for (int sgn = 0; sgn < 2; sgn++) {
                    int idx = 1 + 2 * (ej[j] - E_MIN) + sgn;
                    if (pts[idx].done)
                        continue;
                    double h = ldexp(1.0, -ej[j]);
                    eval_point(&E, tg, K, &T, sgn ? t0 + h : t0 - h, &pts[idx], 1);
                    snapfail |= pts[idx].snapfail;
                    if (!ccref_status_ok(pts[idx].R.st))
                        bad = 1;
                    else if (!pts[idx].snapfail && !pts[idx].bounded)
                        unbounded = 1;
                    if (!same_branch(&pts[idx].R, &P0->R))
                        mismatch = 1;
                    if (is_sos_rolling && sos_perp_of_case(&pts[idx].bc) != g.perp_k)
                        mismatch = 1;
                    if (!tg->is_contact && is_sos_rolling && dv_perp_index(pts[idx].R.Cz) != g.perp_k)
                        mismatch = 1;
                }
            if (snapfail) {
                st->excl_snap++;
                continue;
            }
            if (bad) {
                st->bad_status++;
                continue;
            }
            /* The branch the geometry predicted must be the kernel's (bilateral results expose it). */
            if (is_lol && P0->R.sense != g.sense)
                mismatch = 1;
            if (!tg->is_contact && is_sos_rolling && dv_perp_index(P0->R.Cz) != g.perp_k)
                mismatch = 1;
            if (mismatch) {
                st->branch_mismatch++;
                continue;
            }
            if (unbounded) {
                st->excl_uncertain++;
                continue;
            }
            st->used++;
            if (hmax > st->max_h)
                st->max_h = hmax;
            if (is_lol)
                st->sense_count[g.sense > 0]++;
            /* ---- exact side quantities at t0 (rounded midpoints of 128-bit enclosures, with their error) */
            double sigma = 0.0, e_sigma = 0.0;
            if (is_sos_rolling)
                sigma = sos_sigma(&T.eq.params.sphere_on_sphere, &S1c, &S2c, g.perp_k, &e_sigma);
            if (is_lol) {
                /* verr_0 = vF . Cz exactly; the kernel's verr_0 is within E of the exact one, ex within e_ex */
                double e_ex;
                double ex = lol_vF_n(&T.eq.params.line_on_line, &S1c, &S2c, g.sense, &e_ex);
                double tol = (P0->E[1][0] + e_ex) * UP;
                double resid = fabs(P0->R.verr[0] - ex);
                double ratio = tol > 0.0 ? resid / tol : (resid == 0.0 ? 0.0 : INFINITY);
                st->id_n++;
                if (!(ratio <= 1.0))
                    st->id_fail++;
                if (!(ratio <= st->id_max_ratio))
                    st->id_max_ratio = ratio;
            }
            /* ---- the checks */
            const dv_rows *R1 = &P0->R;
            for (int j = 0; j < ck.n; j++) {
                int i = ck.row[j];
                double h = ldexp(1.0, -ej[j]);
                if (h < st->min_h)
                    st->min_h = h;
                const dv_point *Pm = &pts[1 + 2 * (ej[j] - E_MIN)], *Pp = Pm + 1;
                const int gb = ck.type[j] == CK_V ? 0 : 1, cb = gb + 1;   /* differenced row, claimed row */
                double gm = gb == 0 ? Pm->R.perr[i] : Pm->R.verr[i];
                double gp = gb == 0 ? Pp->R.perr[i] : Pp->R.verr[i];
                double c = cb == 1 ? R1->verr[i] : R1->aerr[i];
                double Sc = cb == 1 ? P0->L.v : P0->L.a;
                double Ec = P0->E[cb][i];
                corr_type corr = CORR_NONE;
                if (coincident >= 0 && i >= coincident)
                    corr = CORR_BALL;
                else if (is_sos_rolling && ck.type[j] == CK_A && i > 0)
                    corr = CORR_SOS;
                double corr_size = 0.0;
                if (corr == CORR_BALL) {
                    /* (R1) c = verr + (w1 x perr)_i; (R2) c = aerr - (w1 x verr)_i. x = the kernel's perr / verr
                     * vector: within B (a norm bound) + sum of its components' Din of the exact vector; w1 the
                     * rounded input: within its distance from the exact enclosure. Cross product L5, sum L1. */
                    const int o = coincident, k = i - coincident;
                    ccref_vec3 x = gb == 0 ? v3(R1->perr[o], R1->perr[o + 1], R1->perr[o + 2])
                                           : v3(R1->verr[o], R1->verr[o + 1], R1->verr[o + 2]);
                    ccref_vec3 w1 = P0->bc.body1.w;
                    ccref_vec3 wx = v3_cross(w1, x);
                    double corr_i = k == 0 ? wx.x : k == 1 ? wx.y : wx.z;
                    double Ex = fmax(P0->B[gb][o], fmax(P0->B[gb][o + 1], P0->B[gb][o + 2])) + P0->Din[gb][o] +
                                P0->Din[gb][o + 1] + P0->Din[gb][o + 2];
                    double ew = dist_to_enclosure(w1.x, S1c.w[0]) + dist_to_enclosure(w1.y, S1c.w[1]) +
                                dist_to_enclosure(w1.z, S1c.w[2]);
                    acc_t wacc = acc_of(nrm(w1) * UP, ew * UP), xacc = acc_of(nrm(x) * UP, Ex * UP);
                    acc_t cacc = acc_add(acc_of(fabs(c), Ec), acc_cross(wacc, xacc));
                    c = ck.type[j] == CK_V ? c + corr_i : c - corr_i;
                    corr_size = fabs(corr_i);
                    Ec = cacc.e;
                } else if (corr == CORR_SOS) {
                    /* aerr_1 = d/dt verr_1 - sigma verr_2;  aerr_2 = d/dt verr_2 + sigma verr_1 (L2, then L1) */
                    int io = i == 1 ? 2 : 1;
                    double other = R1->verr[io];
                    double sc = i == 1 ? sigma * other : -(sigma * other);
                    acc_t cacc = acc_add(acc_of(fabs(c), Ec),
                                         acc_mul(acc_of(fabs(sigma), e_sigma), acc_of(fabs(other), P0->E[1][io])));
                    c = c + sc;
                    corr_size = fabs(sc);
                    Ec = cacc.e;
                }
                double D = (gp - gm) / (2.0 * h);
                double tol = (h * h / 6.0 * M3[j] + (Pm->E[gb][i] + Pp->E[gb][i]) / (2.0 * h) + Ec +
                              2.0 * U * (fabs(D) + fabs(c))) * UP;
                double resid = fabs(D - c);
                double ratio = tol > 0.0 ? resid / tol : (resid == 0.0 ? 0.0 : INFINITY);
                if (st->n[j] == 0 || ratio < st->min_ratio[j])
                    st->min_ratio[j] = ratio;
                st->n[j]++;
                if (!(ratio <= 1.0))
                    st->fail[j]++;
                if (!(ratio <= st->max_ratio[j]))
                    st->max_ratio[j] = ratio;
                if (resid > st->max_resid[j])
                    st->max_resid[j] = resid;
                double rel = tol / (fabs(c) + Sc);
                if (rel > st->max_rel_tol[j])
                    st->max_rel_tol[j] = rel;
                if (P0->B[cb][i] > 0.0 && P0->Din[cb][i] / P0->B[cb][i] > st->max_din_over_b)
                    st->max_din_over_b = P0->Din[cb][i] / P0->B[cb][i];
                if (corr != CORR_NONE && corr_size > tol)
                    st->corr_significant[j]++;
            }
            /* ---- optional: how loose is M3? Estimate |g'''(t0)| with a 5-point stencil, H = 2^-7. */
            if (jetstat && !g.zero_rows) {
                const double H = 0x1p-7;
                dv_point *Q = &pts[NPT - 4];
                double tq[4] = {t0 - 2 * H, t0 - H, t0 + H, t0 + 2 * H};
                int okq = 1;
                for (int k = 0; k < 4; k++) {
                    eval_point(&E, tg, K, &T, tq[k], &Q[k], 0);
                    if (!ccref_status_ok(Q[k].R.st) || !same_branch(&Q[k].R, &P0->R) || Q[k].snapfail)
                        okq = 0;
                    if (is_sos_rolling && sos_perp_of_case(&Q[k].bc) != g.perp_k)
                        okq = 0;
                }
                for (int j = 0; okq && j < ck.n; j++) {
                    int i = ck.row[j];
                    double f[4];
                    for (int k = 0; k < 4; k++)
                        f[k] = ck.type[j] == CK_V ? Q[k].R.perr[i] : Q[k].R.verr[i];
                    double est = fabs((f[3] - 2 * f[2] + 2 * f[1] - f[0]) / (2 * H * H * H));
                    double r = M3[j] / fmax(est, 1e-300);
                    if (st->jet_n[j] == 0 || r < st->jet_min[j])
                        st->jet_min[j] = r;
                    if (r > st->jet_max[j])
                        st->jet_max[j] = r;
                    st->jet_logsum[j] += log10(r);
                    st->jet_n[j]++;
                }
            }
        }
    }
    traj_state_i_clear(&S1c);
    traj_state_i_clear(&S2c);
    traj_state_i_clear(&E.S1);
    traj_state_i_clear(&E.S2);
    mpfr_clear(E.tt);
    traj_ws_free(E.ws);
    if (E.box_init) {
        if (tg->is_contact)
            ora_contact_case_clear(&E.occ);
        else
            ora_case_clear(&E.oc);
    }
    ora_out_clear(&E.oo);
    ora_contact_out_clear(&E.oco);
    ora_ws_free(E.ows);
    for (int i = 0; i < 3; i++) {
        mpfi_clear(E.qx[i]);
        mpfi_clear(E.shift[i]);
    }
    mpfr_clear(E.diam);
    return dv_stats_failures(st);
}

/* ================================================================ jet self-check */

/* Compare the body jets with high-precision central differences of w, v (orders 0..3) and of a unit arm. */
double dv_check_jets(uint64_t seed, int n_traj)
{
    ccref_rng rng = {seed};
    const mpfr_prec_t P = 256;
    traj_ws *ws = traj_ws_new(P);
    traj_state_i S[7];
    for (int k = 0; k < 7; k++)
        traj_state_i_init(&S[k], P);
    mpfr_t t;
    mpfr_init2(t, P);
    mpfi_t d, e;
    mpfi_init2(d, P);
    mpfi_init2(e, P);
    double worst = 0.0;
    const double hs = 0x1p-30;
    for (int it = 0; it < n_traj; it++) {
        traj_body tb;
        traj_body_random(&rng, &tb);
        double t0 = ldexp(round(ldexp(ccref_rng_uniform(&rng, -T_SAMPLE, T_SAMPLE), 20)), -20);
        traj_jets J;
        if (!traj_body_jets(&tb, t0, RHO0, &J))
            continue;
        for (int k = 0; k < 7; k++) {
            mpfr_set_d(t, t0, MPFR_RNDN);
            mpfr_add_d(t, t, (k - 3) * hs, MPFR_RNDN);
            traj_eval_i(ws, &tb, t, &S[k]);
        }
        /* derivative m of a component f at t0 by central differences (binomial stencils), m = 0..3 */
        static const double st[4][7] = {{0, 0, 0, 1, 0, 0, 0},
                                        {0, 0, -0.5, 0, 0.5, 0, 0},
                                        {0, 0, 1, -2, 1, 0, 0},
                                        {0, -0.5, 1, 0, -1, 0.5, 0}};
        for (int m = 0; m < 4; m++) {
            double nw2 = 0.0, nv2 = 0.0, nr2 = 0.0;
            for (int i = 0; i < 3; i++) {
                /* w_i, v_i and (R e_0)_i */
                for (int q = 0; q < 3; q++) {
                    mpfi_set_ui(d, 0);
                    for (int k = 0; k < 7; k++) {
                        if (st[m][k] == 0.0)
                            continue;
                        mpfi_srcptr x = q == 0 ? S[k].w[i] : q == 1 ? S[k].v[i] : S[k].R[i][0];
                        mpfi_mul_d(e, x, st[m][k]);
                        mpfi_add(d, d, e);
                    }
                    mpfi_mul_2si(d, d, 30 * m);
                    double x = mid_d(d);
                    if (q == 0) nw2 += x * x;
                    else if (q == 1) nv2 += x * x;
                    else nr2 += x * x;
                }
            }
            mj arm = traj_arm(&J, 1.0);
            double rw = sqrt(nw2) / J.w.d[m], rv = sqrt(nv2) / (J.v.d[m] + 1e-300), rr = sqrt(nr2) / arm.d[m];
            if (rw > worst) worst = rw;
            if (J.v.d[m] > 0 && rv > worst) worst = rv;
            if (rr > worst) worst = rr;
        }
    }
    mpfi_clear(d);
    mpfi_clear(e);
    mpfr_clear(t);
    for (int k = 0; k < 7; k++)
        traj_state_i_clear(&S[k]);
    traj_ws_free(ws);
    return worst;
}
