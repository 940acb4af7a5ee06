/* test_handle.c: the generic Constraint handle (spec/constraint_handle.md; src/handle.c, oracle/handle.c).
 *
 * 1. Hand-derived matrices, bias and power of small exact cases of Ball, Rod, ConstantCoordinate, SphereOnPlane
 *    rolling and the hard stop, from the spec's rows (each value worked out in the comment beside it).
 * 2. The exact relations on random well-conditioned cases of every kind and contact class, through the double
 *    kernels, with tolerances derived from the proven bounds (spec/conventions.md section 9): verr = G u,
 *    aerr = G udot + bias, the body forces = G^T lambda, power = -(lambda . verr) (bitwise: the same operations)
 *    and power = -(F1 . V1 + F2 . V2).
 * 3. The same relations on the oracle's interval mirrors at 256 bits (verr = G u, aerr - bias = G udot, forces =
 *    G^T lambda): each enclosure of a quantity whose exact value is 0 must contain 0 and be narrow, a proof per
 *    sample that the certified formulas have these exact relations, independent of the double kernels.
 * 4. Statuses: NULL arguments, a bad input's status with the handle zeroed, an overflow, a probe that overflows only
 *    at full scale (a contact's slip speed), the probes' layout, names and slots. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "accuracy_bounds.h"
#include "cases.h"
#include "../src/ccref_handle.h"
#include "../src/ccref_outputs.h"

/* src/handle.c's logic function rows_dot writes out one term per row, for CCREF_MAX_ROWS rows. */
_Static_assert(CCREF_MAX_ROWS == 6, "rows_dot in src/handle.c writes out six rows");

#define N_CASES 200
/* A tolerance is a sum of a few non-negative doubles rounded once each; UP makes the computed sum an upper bound. */
static const double UP = 1.0 + 0x1p-40;

static acc_t out_pair(double c, double e)
{
    acc_t r = {(fabs(c) + e) * UP, e};
    return r;
}

typedef struct {
    long checks, cases, skipped;
    double max_ratio;
} rel_stats;

static void record(rel_stats *s, double resid, double tol)
{
    double ratio = tol > 0.0 ? fabs(resid) / tol : (resid == 0.0 ? 0.0 : INFINITY);
    s->checks++;
    if (!(ratio <= s->max_ratio))
        s->max_ratio = ratio;
    CU_ASSERT(fabs(resid) <= tol);
}

static void finish(const char *name, const rel_stats *s)
{
    printf("\n  handle: %s: %ld cases (%ld skipped, decision band), %ld checks, max |residual| / tolerance = %.3g", name,
           s->cases, s->skipped, s->checks, s->max_ratio);
    CU_ASSERT(s->checks > 0);
    CU_ASSERT(s->skipped * 1000 <= s->cases);
}

/* ------------------------------------------------------------------ 1. by hand */

static ccref_mat3 I3(void) { return ccref_test_identity(); }
static ccref_vec3 V3(double x, double y, double z) { return ccref_test_v3(x, y, z); }

/* Every entry of row r, columns 0..11, against want (exactly: the hand cases' values are small integers). */
static void assert_row(const ccref_handle *h, int r, const double want[12])
{
    for (int j = 0; j < 12; j++) {
        CU_ASSERT_EQUAL(h->G[r][j], want[j]);
        if (h->G[r][j] != want[j])
            printf("\n  row %d column %d: %g, expected %g", r, j, h->G[r][j], want[j]);
    }
}

/* Ball, body 1 Ground with station s1 = (1, 0, 0), body 2 at the origin (identity) with station s2 = (1, 0, 0) and
 * w2 = (0, 0, 1): S = P = (1, 0, 0), arm1 = S - p1 = (1, 0, 0), arm2 = (1, 0, 0). verr = v2 + w2 x arm2 - v1 -
 * w1 x arm1, and w x a = -[a]x w, so P = [ [arm1]x, -I, -[arm2]x, I ] with [a]x = [[0, -az, ay], [az, 0, -ax],
 * [-ay, ax, 0]]: [arm1]x has (1, 2) = -1 and (2, 1) = +1. bias = w2 x (w2 x arm2) = (0, 0, 1) x (0, 1, 0) =
 * (-1, 0, 0) (body 1's point at S is Ground's). verr = (0, 1, 0), lambda = (1, 2, 3): power = -(2 * 1) = -2. */
static void test_ball_by_hand(void)
{
    ccref_case c;
    memset(&c, 0, sizeof c);
    c.kind = CCREF_KIND_BALL;
    c.params.ball.station1_in_b1 = V3(1, 0, 0);
    c.params.ball.station2_in_b2 = V3(1, 0, 0);
    c.body1 = ccref_body_ground();
    c.body2 = ccref_test_body(I3(), V3(0, 0, 0), V3(0, 0, 1), V3(0, 0, 0), V3(0, 0, 0), V3(0, 0, 0));
    c.lambda[0] = 1, c.lambda[1] = 2, c.lambda[2] = 3;
    c.n_lambda = 3;
    ccref_handle h;
    CU_ASSERT_EQUAL_FATAL(ccref_handle_case(&c, &h), CCREF_OK);
    CU_ASSERT(h.mp == 3 && h.mv == 0 && h.ma == 0 && h.nu == 12);
    static const double row0[12] = {0, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 0};
    static const double row1[12] = {0, 0, -1, 0, -1, 0, 0, 0, 1, 0, 1, 0};
    static const double row2[12] = {0, 1, 0, 0, 0, -1, 0, -1, 0, 0, 0, 1};
    assert_row(&h, 0, row0);
    assert_row(&h, 1, row1);
    assert_row(&h, 2, row2);
    CU_ASSERT(h.bias[0] == -1.0 && h.bias[1] == 0.0 && h.bias[2] == 0.0);
    CU_ASSERT_EQUAL(h.power, -2.0);
}

/* Rod, body 1 at p1 = (0, 0, -1) with station s1 = (0, 0, 1) (P = 0, arm1 = (0, 0, 1)), body 2 at p2 = (2, 0, 1) with
 * station s2 = (0, 0, -1) (S = (2, 0, 0), arm2 = (0, 0, -1)), length 1: e = (S - P)/|S - P| = (1, 0, 0), and
 * verr = e . (v2 + w2 x arm2 - v1 - w1 x arm1) = w2 . (arm2 x e) - w1 . (arm1 x e) + e . (v2 - v1):
 * arm1 x e = (0, 1, 0), arm2 x e = (0, -1, 0). Moving body 1 at v1 = (0, 0, 1) and w1 = (1, 0, 0) gives
 * bias = aerr at udot = 0 = pd . d/dt e + ... : with pd = -(v1 + w1 x arm1) = -(0, -1, 1) = (0, 1, -1) and
 * |S - P| = 2: de/dt = (pd - (pd . e) e)/2 = (0, 1, -1)/2, and aerr = e . (pdd) + pd . de/dt, pdd = -(w1 x (w1 x
 * arm1)) = -((1, 0, 0) x (0, -1, 0)) = (0, 0, 1), so bias = 0 + (0 + 1/2 + 1/2) = 1. */
static void test_rod_by_hand(void)
{
    ccref_case c;
    memset(&c, 0, sizeof c);
    c.kind = CCREF_KIND_ROD;
    c.params.rod.station1_in_b1 = V3(0, 0, 1);
    c.params.rod.station2_in_b2 = V3(0, 0, -1);
    c.params.rod.length = 1;
    c.body1 = ccref_test_body(I3(), V3(0, 0, -1), V3(1, 0, 0), V3(0, 0, 1), V3(0, 0, 0), V3(0, 0, 0));
    c.body2 = ccref_test_at_rest(I3(), V3(2, 0, 1));
    c.lambda[0] = 4;
    c.n_lambda = 1;
    ccref_handle h;
    CU_ASSERT_EQUAL_FATAL(ccref_handle_case(&c, &h), CCREF_OK);
    CU_ASSERT(h.mp == 1 && h.mv == 0 && h.nu == 12);
    static const double row0[12] = {0, -1, 0, -1, 0, 0, 0, -1, 0, 1, 0, 0};
    assert_row(&h, 0, row0);
    CU_ASSERT_EQUAL(h.bias[0], 1.0);
    /* verr = e . (-(v1 + w1 x arm1)) = (1, 0, 0) . (0, 1, -1) = 0: power = -(4 * 0) */
    CU_ASSERT_EQUAL(h.power, 0.0);
}

/* ConstantCoordinate: verr = qdot, aerr = qdotdot: P = [1] over the coordinate's u, bias 0, power = -(lambda qdot). */
static void test_constant_coordinate_by_hand(void)
{
    ccref_case c;
    memset(&c, 0, sizeof c);
    c.kind = CCREF_KIND_CONSTANT_COORDINATE;
    c.params.constant_coordinate.position = 0.5;
    c.coordinate.q = 0.75, c.coordinate.qdot = 0.25, c.coordinate.qdotdot = 2;
    c.lambda[0] = 3;
    c.n_lambda = 1;
    ccref_handle h;
    CU_ASSERT_EQUAL_FATAL(ccref_handle_case(&c, &h), CCREF_OK);
    CU_ASSERT(h.mp == 1 && h.mv == 0 && h.nu == 1);
    CU_ASSERT_EQUAL(h.G[0][0], 1.0);
    for (int j = 1; j < CCREF_MAX_MOBILITIES; j++)
        CU_ASSERT_EQUAL(h.G[0][j], 0.0);
    CU_ASSERT_EQUAL(h.bias[0], 0.0);
    CU_ASSERT_EQUAL(h.power, -0.75);
    /* the hard stop's constraint is the same ConstantCoordinate: the same handle, with its prefix */
    ccref_contact_case hc = ccref_test_contact_case(CCREF_CONTACT_HARD_STOP_LOWER);
    hc.params.hard_stop.bound = 0.5;
    hc.coordinate = c.coordinate;
    hc.lambda[0] = 3;
    ccref_handle hh;
    CU_ASSERT_EQUAL_FATAL(ccref_handle_contact(&hc, &hh), CCREF_OK);
    CU_ASSERT(hh.nu == 1 && hh.G[0][0] == 1.0 && hh.bias[0] == 0.0 && hh.power == -0.75);
    CU_ASSERT_STRING_EQUAL(ccref_handle_output_name(1, 1, CCREF_HSLOT_POWER), "constraint.power");
}

/* SphereOnPlane rolling, the plane on Ground (identity frame at the origin), the sphere (radius 1) centred on body
 * 2's origin at (0, 0, 2): O = (0, 0, 2), C = (0, 0, 1), n = Pz = (0, 0, 1). Normal row v_F(O) . n: v1 -n, v2 n, no
 * angular column ((O - p2) x n = 0, (O - p1) x n = 0). Rolling rows Px . v_F(B/C), Py . v_F(B/C): the w columns are
 * (C - p2) x Px = (0, 0, -1) x (1, 0, 0) = (0, -1, 0) and (C - p2) x Py = (1, 0, 0) for body 2, minus (C - p1) x Px =
 * (0, 1, 0) and (C - p1) x Py = (-1, 0, 0) for body 1. Spinning body 2 at w2 = (0, 0, 1) about the normal:
 * bias = aerr at udot = 0; its normal row a_F(O) . n = 0 (O fixed), its rolling rows a_FC . (Px, Py) with
 * a_FC = a_F(O) - b x (r Pz) = 0. */
static void test_sphere_on_plane_by_hand(void)
{
    ccref_case c;
    memset(&c, 0, sizeof c);
    c.kind = CCREF_KIND_SPHERE_ON_PLANE;
    c.params.sphere_on_plane.plane_frame_in_b1 = ccref_test_frame(I3(), V3(0, 0, 0));
    c.params.sphere_on_plane.center_in_b2 = V3(0, 0, 0);
    c.params.sphere_on_plane.radius = 1;
    c.params.sphere_on_plane.rolling = 1;
    c.body1 = ccref_body_ground();
    c.body2 = ccref_test_body(I3(), V3(0, 0, 2), V3(0, 0, 1), V3(0, 0, 0), V3(0, 0, 0), V3(0, 0, 0));
    c.lambda[0] = 1, c.lambda[1] = 1, c.lambda[2] = 1;
    c.n_lambda = 3;
    ccref_handle h;
    CU_ASSERT_EQUAL_FATAL(ccref_handle_case(&c, &h), CCREF_OK);
    CU_ASSERT(h.mp == 1 && h.mv == 2 && h.nu == 12);
    static const double normal[12] = {0, 0, 0, 0, 0, -1, 0, 0, 0, 0, 0, 1};
    static const double slip_x[12] = {0, -1, 0, -1, 0, 0, 0, -1, 0, 1, 0, 0};
    static const double slip_y[12] = {1, 0, 0, 0, -1, 0, 1, 0, 0, 0, 1, 0};
    assert_row(&h, 0, normal);
    assert_row(&h, 1, slip_x);
    assert_row(&h, 2, slip_y);
    CU_ASSERT(h.bias[0] == 0.0 && h.bias[1] == 0.0 && h.bias[2] == 0.0);
    /* spinning about the normal slips nowhere: verr = 0, power 0 */
    CU_ASSERT_EQUAL(h.power, 0.0);
    CU_ASSERT_STRING_EQUAL(ccref_handle_output_name(1, 0, CCREF_HSLOT_G + 12 + 7), "V[0][7]");
    CU_ASSERT_STRING_EQUAL(ccref_handle_output_name(3, 0, CCREF_HSLOT_G + 24 + 11), "P[2][11]");
    CU_ASSERT_EQUAL(ccref_handle_output_slot(1, 0, "V[1][0]"), CCREF_HSLOT_G + 24);
    CU_ASSERT_EQUAL(ccref_handle_output_slot(1, 0, "P[1][0]"), -1);
}

/* ------------------------------------------------------------------ 2. the exact relations, double kernels */

/* One output of the case's own evaluation, flat, with its bound. */
typedef struct {
    double v[CCREF_MAX_SLOTS], B[CCREF_MAX_SLOTS];
    double hv[CCREF_HSLOT_N], hB[CCREF_HSLOT_N];
    int rows, nu, off; /* off: the constraint's common outputs in v (0, or CCREF_CSLOT_CONSTRAINT) */
    double u[CCREF_MAX_MOBILITIES], udot[CCREF_MAX_MOBILITIES];
    const double *lambda;
} rel_case;

static double G_of(const rel_case *k, int r, int j) { return k->hv[CCREF_HSLOT_G + CCREF_MAX_MOBILITIES * r + j]; }
static double GB_of(const rel_case *k, int r, int j) { return k->hB[CCREF_HSLOT_G + CCREF_MAX_MOBILITIES * r + j]; }

/* verr_r = sum_j G_rj u_j and aerr_r = bias_r + sum_j G_rj udot_j: the sums left to right, L2 per product (u, udot
 * exact inputs), L1 per sum, and the compared outputs' own bounds. */
static void check_rows(const rel_case *k, rel_stats *lin, rel_stats *acc)
{
    for (int r = 0; r < k->rows; r++) {
        double su = 0.0, sa = k->hv[CCREF_HSLOT_BIAS + r];
        acc_t eu = acc_exact(0.0), ea = out_pair(sa, k->hB[CCREF_HSLOT_BIAS + r]);
        for (int j = 0; j < k->nu; j++) {
            acc_t g = out_pair(G_of(k, r, j), GB_of(k, r, j));
            su += G_of(k, r, j) * k->u[j];
            sa += G_of(k, r, j) * k->udot[j];
            eu = acc_add(eu, acc_mul(g, acc_exact(k->u[j])));
            ea = acc_add(ea, acc_mul(g, acc_exact(k->udot[j])));
        }
        double verr = k->v[k->off + CCREF_SLOT_VERR + r], aerr = k->v[k->off + CCREF_SLOT_AERR + r];
        record(lin, su - verr, acc_add(eu, out_pair(verr, k->B[k->off + CCREF_SLOT_VERR + r])).e);
        record(acc, sa - aerr, acc_add(ea, out_pair(aerr, k->B[k->off + CCREF_SLOT_AERR + r])).e);
    }
}

/* The body forces (moment and force of each body, in the multiplier sign) against G^T lambda: component i of the
 * moment of body b is sum_r lambda_r G[r][6b + i], of its force sum_r lambda_r G[r][6b + 3 + i]. ConstantCoordinate's
 * force acts on the coordinate: its generalized force against lambda_0 G[0][0] (checked by hand above). */
static void check_forces(const rel_case *k, rel_stats *s)
{
    static const int slot_of[4] = {CCREF_SLOT_F1_MOMENT, CCREF_SLOT_F1_FORCE, CCREF_SLOT_F2_MOMENT, CCREF_SLOT_F2_FORCE};
    for (int col = 0; col < 12; col++) {
        int slot = k->off + slot_of[col / 3] + col % 3;
        double sum = 0.0;
        acc_t e = acc_exact(0.0);
        for (int r = 0; r < k->rows; r++) {
            sum += k->lambda[r] * G_of(k, r, col);
            e = acc_add(e, acc_mul(acc_exact(k->lambda[r]), out_pair(G_of(k, r, col), GB_of(k, r, col))));
        }
        record(s, sum - k->v[slot], acc_add(e, out_pair(k->v[slot], k->B[slot])).e);
    }
}

/* power = -(lambda . verr): the kernel's operations on the case's own verr, so bitwise; and against -(F1 . V1 +
 * F2 . V2) with L4 per dot product (velocities exact), L1 per sum, and the power's own bound. */
static void check_power(const rel_case *k, const ccref_body *b1, const ccref_body *b2, rel_stats *s)
{
    double lv = 0.0;
    for (int r = 0; r < k->rows; r++)
        lv = r == 0 ? k->lambda[0] * k->v[k->off + CCREF_SLOT_VERR] : lv + k->lambda[r] * k->v[k->off + CCREF_SLOT_VERR + r];
    CU_ASSERT_EQUAL(k->hv[CCREF_HSLOT_POWER], -lv);
    if (k->nu != 12)
        return;
    const ccref_vec3 w[4] = {b1->w, b1->v, b2->w, b2->v};
    static const int slot_of[4] = {CCREF_SLOT_F1_MOMENT, CCREF_SLOT_F1_FORCE, CCREF_SLOT_F2_MOMENT, CCREF_SLOT_F2_FORCE};
    double fv = 0.0;
    acc_t e = acc_exact(0.0);
    for (int q = 0; q < 4; q++) {
        const double *f = &k->v[k->off + slot_of[q]];
        const double *fb = &k->B[k->off + slot_of[q]];
        double d = f[0] * w[q].x + f[1] * w[q].y + f[2] * w[q].z;
        double fn = sqrt(f[0] * f[0] + f[1] * f[1] + f[2] * f[2]);
        acc_t t = acc_dot(out_pair(fn, fmax(fb[0], fmax(fb[1], fb[2]))), acc_vec(w[q]));
        fv = q == 0 ? d : fv + d;
        e = q == 0 ? t : acc_add(e, t);
    }
    record(s, k->hv[CCREF_HSLOT_POWER] + fv, acc_add(e, out_pair(k->hv[CCREF_HSLOT_POWER], k->hB[CCREF_HSLOT_POWER])).e);
}

static int all_finite(const double *b, int n)
{
    for (int i = 0; i < n; i++)
        if (!isfinite(b[i]))
            return 0;
    return 1;
}

typedef struct {
    rel_stats lin, acc, forces, power;
} rel_all;

static void check_relations(rel_case *k, const ccref_bounds *b, const ccref_bounds *hb, const ccref_body *b1,
                            const ccref_body *b2, rel_all *st)
{
    rel_stats *all[4] = {&st->lin, &st->acc, &st->forces, &st->power};
    for (int i = 0; i < 4; i++)
        all[i]->cases++;
    if (b->band != CCREF_DECISION_NONE || hb->band != CCREF_DECISION_NONE) {
        for (int i = 0; i < 4; i++)
            all[i]->skipped++;
        return;
    }
    CU_ASSERT(all_finite(b->bound, b->n) && all_finite(hb->bound, hb->n)); /* every bound a claim on these cases */
    check_rows(k, &st->lin, &st->acc);
    if (k->nu == 12)
        check_forces(k, &st->forces);
    check_power(k, b1, b2, &st->power);
}

static void test_relations_kinds(void)
{
    ccref_rng rng = {41};
    rel_all st;
    memset(&st, 0, sizeof st);
    for (int kind = 0; kind < CCREF_KIND_COUNT; kind++)
        for (int rolling = 0; rolling <= ccref_kind_has_rolling_option((ccref_kind)kind); rolling++)
            for (int n = 0; n < N_CASES; n++) {
                ccref_case c = ccref_random_case(&rng, (ccref_kind)kind, rolling);
                ccref_result res;
                ccref_handle h;
                ccref_bounds b, hb;
                rel_case k;
                memset(&k, 0, sizeof k);
                CU_ASSERT_FATAL(ccref_status_ok(ccref_eval(&c, &res)));
                CU_ASSERT_FATAL(ccref_status_ok(ccref_handle_case(&c, &h)));
                ccref_bounds_case(&c, &b);
                CU_ASSERT_EQUAL_FATAL(ccref_bounds_handle_case(&c, NULL, &hb), CCREF_OK);
                ccref_flatten_result(c.kind, &res, k.v);
                memcpy(k.B, b.bound, sizeof b.bound);
                ccref_flatten_handle(&h, k.hv);
                memcpy(k.hB, hb.bound, sizeof k.hB);
                k.rows = res.u.out.mp + res.u.out.mv;
                k.nu = ccref_case_mobilities(&c);
                CU_ASSERT(h.nu == k.nu && h.mp == res.u.out.mp && h.mv == res.u.out.mv);
                ccref_case_motion(&c, k.u, k.udot);
                k.lambda = c.lambda;
                check_relations(&k, &b, &hb, &c.body1, &c.body2, &st);
            }
    finish("kinds, verr = G u", &st.lin);
    finish("kinds, aerr = G udot + bias", &st.acc);
    finish("kinds, forces = G^T lambda", &st.forces);
    finish("kinds, power = -(lambda . verr) = -(F . V)", &st.power);
    printf("\n");
}

static void test_relations_contacts(void)
{
    ccref_rng rng = {4141};
    rel_all st;
    memset(&st, 0, sizeof st);
    for (int cls = 0; cls < CCREF_CONTACT_COUNT; cls++)
        for (int n = 0; n < N_CASES; n++) {
            ccref_contact_case c = ccref_random_contact_case(&rng, (ccref_contact_class)cls);
            ccref_contact_result res;
            ccref_handle h;
            ccref_bounds b, hb;
            rel_case k;
            memset(&k, 0, sizeof k);
            CU_ASSERT_FATAL(ccref_status_ok(ccref_contact_eval(&c, &res)));
            CU_ASSERT_FATAL(ccref_status_ok(ccref_handle_contact(&c, &h)));
            ccref_bounds_contact(&c, &b);
            CU_ASSERT_EQUAL_FATAL(ccref_bounds_handle_contact(&c, NULL, &hb), CCREF_OK);
            ccref_flatten_contact_result(&res, k.v);
            memcpy(k.B, b.bound, sizeof b.bound);
            ccref_flatten_handle(&h, k.hv);
            memcpy(k.hB, hb.bound, sizeof k.hB);
            k.off = CCREF_CSLOT_CONSTRAINT;
            k.rows = res.constraint.mp + res.constraint.mv;
            k.nu = ccref_contact_mobilities(&c);
            ccref_contact_motion(&c, k.u, k.udot);
            k.lambda = c.lambda;
            /* the rules' decisions do not enter the handle: only the constraint's own bands skip a case */
            b.band = b.band == CCREF_DECISION_COR_CAPTURE || b.band == CCREF_DECISION_COF_TRANSITION ? CCREF_DECISION_NONE
                                                                                                   : b.band;
            for (int i = 0; i < b.n; i++)
                if (!isfinite(b.bound[i]) && (i < k.off)) /* a rule output without a claim is not compared here */
                    b.bound[i] = 0.0;
            check_relations(&k, &b, &hb, &c.body1, &c.body2, &st);
        }
    finish("contact classes, verr = G u", &st.lin);
    finish("contact classes, aerr = G udot + bias", &st.acc);
    finish("contact classes, forces = G^T lambda", &st.forces);
    finish("contact classes, power = -(lambda . verr) = -(F . V)", &st.power);
    printf("\n");
}

/* ------------------------------------------------------------------ 3. the same relations in the oracle's mirrors */

#define ORA_BITS 256

typedef struct {
    long samples, enclosures;
    double widest; /* the largest diameter of an enclosure of 0, over the largest magnitude it combines */
} ora_stats;

/* The mirror on c at ORA_BITS with every decision automatic; 0 when decided. */
static int mirror(ora_ws *ws, const ccref_case *c, ora_case *oc, ora_out *o)
{
    ora_case_set(oc, c);
    ora_decisions d;
    ora_decisions_auto(&d);
    return ora_eval(ws, oc, &d, o) == ORA_EVAL_OK ? 0 : -1;
}

/* x, an enclosure of an exact 0, contains 0 and is narrow against the magnitude m of its terms. */
static void zero_enclosure(mpfi_srcptr x, double m, ora_stats *s)
{
    CU_ASSERT(mpfi_has_zero(x) > 0);
    mpfr_t d;
    mpfr_init2(d, 53);
    mpfi_diam_abs(d, x);
    double w = mpfr_get_d(d, MPFR_RNDU) / (m > 1.0 ? m : 1.0);
    mpfr_clear(d);
    CU_ASSERT(w < 0x1p-180);
    if (w > s->widest)
        s->widest = w;
    s->enclosures++;
}

static void test_relations_oracle(void)
{
    ccref_rng rng = {414141};
    ora_ws *ws = ora_ws_new(ORA_BITS);
    ora_stats st = {0, 0, 0.0};
    mpfi_t x, t;
    mpfi_init2(x, ORA_BITS);
    mpfi_init2(t, ORA_BITS);
    ora_out o, o0, oj[CCREF_MAX_MOBILITIES];
    ora_out_init(&o, ORA_BITS);
    ora_out_init(&o0, ORA_BITS);
    for (int j = 0; j < CCREF_MAX_MOBILITIES; j++)
        ora_out_init(&oj[j], ORA_BITS);
    long undecided = 0;
    for (int kind = 0; kind < CCREF_KIND_COUNT; kind++)
        for (int rolling = 0; rolling <= ccref_kind_has_rolling_option((ccref_kind)kind); rolling++)
            for (int n = 0; n < N_CASES / 10; n++) {
                ccref_case c = ccref_random_case(&rng, (ccref_kind)kind, rolling), p;
                ora_case oc;
                ora_case_init(&oc, c.kind, ORA_BITS);
                int nu = ccref_case_mobilities(&c), bad = mirror(ws, &c, &oc, &o);
                double u[CCREF_MAX_MOBILITIES], udot[CCREF_MAX_MOBILITIES];
                ccref_case_motion(&c, u, udot);
                ccref_handle_probe_case(&c, -1, 0, &p); /* the case's u, udot = 0: the bias */
                bad |= mirror(ws, &p, &oc, &o0);
                for (int j = 0; j < nu; j++) {
                    ccref_handle_probe_case(&c, j, 0, &p);
                    bad |= mirror(ws, &p, &oc, &oj[j]);
                }
                ora_case_clear(&oc);
                if (bad) {
                    undecided++;
                    continue;
                }
                st.samples++;
                int rows = o.mp + o.mv;
                for (int r = 0; r < rows; r++) {
                    /* verr_r - sum_j u_j G_rj and aerr_r - bias_r - sum_j udot_j G_rj */
                    for (int which = 0; which < 2; which++) {
                        mpfi_set(x, o.v[(which ? CCREF_SLOT_AERR : CCREF_SLOT_VERR) + r]);
                        if (which)
                            mpfi_sub(x, x, o0.v[CCREF_SLOT_AERR + r]);
                        for (int j = 0; j < nu; j++) {
                            mpfi_mul_d(t, oj[j].v[CCREF_SLOT_VERR + r], which ? udot[j] : u[j]);
                            mpfi_sub(x, x, t);
                        }
                        zero_enclosure(x, 16.0, &st);
                    }
                }
                if (nu != 12)
                    continue;
                static const int slot_of[4] = {CCREF_SLOT_F1_MOMENT, CCREF_SLOT_F1_FORCE, CCREF_SLOT_F2_MOMENT,
                                               CCREF_SLOT_F2_FORCE};
                for (int col = 0; col < 12; col++) { /* force component - sum_r lambda_r G_r,col */
                    mpfi_set(x, o.v[slot_of[col / 3] + col % 3]);
                    for (int r = 0; r < rows; r++) {
                        mpfi_mul_d(t, oj[col].v[CCREF_SLOT_VERR + r], c.lambda[r]);
                        mpfi_sub(x, x, t);
                    }
                    zero_enclosure(x, 16.0, &st);
                }
            }
    printf("\n  handle: oracle mirrors at %d bits: %ld samples (%ld undecided), %ld enclosures of 0, widest %.3g\n",
           ORA_BITS, st.samples, undecided, st.enclosures, st.widest);
    CU_ASSERT(st.samples > 0);
    CU_ASSERT_EQUAL(undecided, 0);
    for (int j = 0; j < CCREF_MAX_MOBILITIES; j++)
        ora_out_clear(&oj[j]);
    ora_out_clear(&o);
    ora_out_clear(&o0);
    mpfi_clear(x);
    mpfi_clear(t);
    ora_ws_free(ws);
}

/* ------------------------------------------------------------------ 4. statuses */

static int handle_is_zero(const ccref_handle *h)
{
    int zero = h->power == 0.0 && !signbit(h->power);
    for (int r = 0; r < CCREF_MAX_ROWS; r++) {
        zero = zero && h->bias[r] == 0.0 && !signbit(h->bias[r]);
        for (int j = 0; j < CCREF_MAX_MOBILITIES; j++)
            zero = zero && h->G[r][j] == 0.0 && !signbit(h->G[r][j]);
    }
    return zero;
}

static void test_statuses(void)
{
    ccref_rng rng = {7};
    ccref_case c = ccref_random_case(&rng, CCREF_KIND_BALL, 0);
    ccref_handle h;
    CU_ASSERT_EQUAL(ccref_handle_case(&c, NULL), CCREF_E_NULL_ARGUMENT);
    ccref_test_poison(&h, sizeof h);
    CU_ASSERT_EQUAL(ccref_handle_case(NULL, &h), CCREF_E_NULL_ARGUMENT);
    CU_ASSERT(handle_is_zero(&h));
    /* bad input: the kernel's status, the handle zeroed, the kernel's rows */
    ccref_case bad = c;
    bad.body1.R.m[0][0] = 2.0;
    ccref_test_poison(&h, sizeof h);
    CU_ASSERT_EQUAL(ccref_handle_case(&bad, &h), CCREF_E_NOT_ROTATION);
    CU_ASSERT(handle_is_zero(&h) && h.mp == 3 && h.mv == 0 && h.nu == 12);
    bad = c;
    bad.n_lambda = 2;
    CU_ASSERT_EQUAL(ccref_handle_case(&bad, &h), CCREF_E_LAMBDA_COUNT);
    CU_ASSERT(handle_is_zero(&h));
    bad = c;
    bad.kind = CCREF_KIND_COUNT;
    CU_ASSERT_EQUAL(ccref_handle_case(&bad, &h), CCREF_E_UNKNOWN_KIND);
    CU_ASSERT(handle_is_zero(&h) && h.nu == 0);
    ccref_contact_case cc = ccref_random_contact_case(&rng, CCREF_CONTACT_SPHERE_SPHERE);
    cc.material.min_cor = 2.0;
    CU_ASSERT_EQUAL(ccref_handle_contact(&cc, &h), CCREF_E_COR_OUT_OF_RANGE);
    CU_ASSERT(handle_is_zero(&h));
    /* an overflow: a multiplier of 2^1000 and speeds of 1e150 make lambda . verr overflow although every output of
     * the case and every entry of G is finite */
    ccref_case big = ccref_random_case(&rng, CCREF_KIND_ROD, 0);
    big.lambda[0] = 0x1p1000;
    big.body2.v = ccref_test_v3(1e150, 1e150, 1e150);
    ccref_result kr;
    CU_ASSERT_EQUAL(ccref_eval(&big, &kr), CCREF_OK);
    ccref_test_poison(&h, sizeof h);
    CU_ASSERT_EQUAL(ccref_handle_case(&big, &h), CCREF_E_RESULT_OVERFLOW);
    CU_ASSERT(handle_is_zero(&h) && h.mp == 1);
    /* a contact whose probe overflows only at full scale: a sphere of radius r = 2^512 touching the plane z = 0 (on
     * Ground, normal (0, 0, 1): the plane frame's Px = perp(n) = (0, 1, 0), Py = n x Px = (-1, 0, 0)); spinning
     * body 2 about x at unit rate slips B's point C = (2^512, 0, 0) at w2 x (C - p2) = (0, r, 0): the unit probe's
     * slip speed sqrt(r^2 + 0) overflows in r^2, an output the handle does not read; the probe at 2^-64 gives the
     * entries: the rolling rows' w2 columns (C - p2) x Px = (r, 0, 0) and (C - p2) x Py = (0, r, 0) */
    ccref_contact_case sp = ccref_random_contact_case(&rng, CCREF_CONTACT_SPHERE_PLANE);
    sp.params.sphere_plane.height = 0.0;
    sp.params.sphere_plane.radius = 0x1p512;
    sp.params.sphere_plane.center_in_b2 = ccref_test_v3(0, 0, 0);
    sp.params.sphere_plane.normal_in_b1 = ccref_test_v3(0, 0, 1);
    sp.body1 = ccref_body_ground();
    sp.body2 = ccref_test_at_rest(ccref_test_identity(), ccref_test_v3(0x1p512, 0, 0x1p512));
    ccref_contact_result sr;
    CU_ASSERT_FATAL(ccref_status_ok(ccref_contact_eval(&sp, &sr)));
    CU_ASSERT_EQUAL(ccref_handle_probe_scale_contact(&sp, 6), 64);
    CU_ASSERT_EQUAL(ccref_handle_probe_scale_contact(&sp, 9), 0); /* v2.x: a slip of 1 */
    CU_ASSERT_EQUAL_FATAL(ccref_handle_contact(&sp, &h), CCREF_OK);
    CU_ASSERT_EQUAL(h.G[1][6], 0x1p512);
    CU_ASSERT_EQUAL(h.G[2][7], 0x1p512);
    CU_ASSERT_EQUAL(h.G[2][9], -1.0);
    ora_ctx *ctx = ora_ctx_new(NULL);
    ora_handle_result hr;
    CU_ASSERT_EQUAL(ora_eval_handle_contact(ctx, &sp, NULL, &hr), 0);
    CU_ASSERT(hr.status == CCREF_OK && hr.decided && hr.all_certified);
    CU_ASSERT(hr.out[CCREF_HSLOT_G + 12 + 6].value == 0x1p512 && hr.out[CCREF_HSLOT_G + 24 + 7].value == 0x1p512);
    ora_ctx_free(ctx);
}

/* The probes: the pose, parameters and multipliers kept, u = 2^-k e_j or 2^-k u, udot = 0; a contact's rule speeds
 * moved to 2^1000. */
static void test_probes(void)
{
    ccref_rng rng = {77};
    ccref_case c = ccref_random_case(&rng, CCREF_KIND_LINE_ON_LINE, 1), p;
    ccref_handle_probe_case(&c, 4, 0, &p);
    CU_ASSERT(memcmp(&p.params, &c.params, sizeof c.params) == 0 && memcmp(p.lambda, c.lambda, sizeof c.lambda) == 0);
    CU_ASSERT(memcmp(&p.body1.R, &c.body1.R, sizeof c.body1.R) == 0 && p.body2.p.z == c.body2.p.z);
    double u[12], udot[12];
    ccref_case_motion(&p, u, udot);
    for (int j = 0; j < 12; j++)
        CU_ASSERT(u[j] == (j == 4 ? 1.0 : 0.0) && udot[j] == 0.0);
    ccref_handle_probe_case(&c, -1, 64, &p);
    double own[12];
    ccref_case_motion(&c, own, NULL);
    ccref_case_motion(&p, u, udot);
    for (int j = 0; j < 12; j++)
        CU_ASSERT(u[j] == ldexp(own[j], -64) && udot[j] == 0.0);
    ccref_contact_case cc = ccref_random_contact_case(&rng, CCREF_CONTACT_EDGE_EDGE), cp;
    ccref_handle_probe_contact(&cc, 11, 0, &cp);
    CU_ASSERT(cp.speeds.capture_speed == 0x1p1000 && cp.speeds.min_cor_speed == 0x1p1000 &&
              cp.speeds.transition_speed == 0x1p1000 && cp.body2.v.z == 1.0 && cp.body1.w.x == 0.0);
    /* the probes take mu_v = 0: the effective COF mu_v s + mu, which the handle does not read, cannot overflow at a
     * probe (fuzz/regressions/point_plane/probe-cof-overflow, which the replay of make fuzz-smoke runs through the
     * certified handle); the kernel's handle is the same with mu_v = 2^1022 as with mu_v = 0 */
    CU_ASSERT(cp.material.mu_v == 0.0 && cp.material.mu_s == cc.material.mu_s && cp.material.mu_d == cc.material.mu_d);
    ccref_contact_case pp = ccref_random_contact_case(&rng, CCREF_CONTACT_POINT_PLANE), pz;
    ccref_contact_result pr;
    ccref_handle h_big, h_zero;
    CU_ASSERT_EQUAL(ccref_contact_eval(&pp, &pr), CCREF_OK);
    CU_ASSERT(pr.slip_speed > 0.0 && pr.slip_speed < 0x1p10);
    pp.material.mu_v = 0x1p1012; /* the case's own COF mu_v s + mu stays finite (s < 2^10) */
    pz = pp;
    pz.material.mu_v = 0.0;
    CU_ASSERT_EQUAL(ccref_contact_eval(&pp, &pr), CCREF_OK);
    CU_ASSERT_EQUAL(ccref_handle_contact(&pp, &h_big), CCREF_OK);
    CU_ASSERT_EQUAL(ccref_handle_contact(&pz, &h_zero), CCREF_OK);
    CU_ASSERT(memcmp(h_big.G, h_zero.G, sizeof h_big.G) == 0 && memcmp(h_big.bias, h_zero.bias, sizeof h_big.bias) == 0);
    CU_ASSERT_EQUAL(ccref_kind_mobilities(CCREF_KIND_CONSTANT_COORDINATE), 1);
    CU_ASSERT_EQUAL(ccref_class_mobilities(CCREF_CONTACT_HARD_STOP_UPPER), 1);
    CU_ASSERT_EQUAL(ccref_class_mobilities(CCREF_CONTACT_ROPE), 12);
    CU_ASSERT_EQUAL(ccref_kind_mp(CCREF_KIND_BALL), 3);
    /* the slots in use: rows past mp + mv and columns past nu are not */
    CU_ASSERT(ccref_handle_slot_in_use(CCREF_HSLOT_G + 12 * 2 + 11, 1, 2, 12));
    CU_ASSERT(!ccref_handle_slot_in_use(CCREF_HSLOT_G + 12 * 1, 1, 0, 12));
    CU_ASSERT(!ccref_handle_slot_in_use(CCREF_HSLOT_G + 1, 1, 0, 1));
    CU_ASSERT(ccref_handle_slot_in_use(CCREF_HSLOT_POWER, 1, 0, 1));
    CU_ASSERT(!ccref_handle_slot_in_use(CCREF_HSLOT_BIAS + 1, 1, 0, 1));
}

static void register_handle(CU_pSuite s)
{
    CU_add_test(s, "Ball's matrices, bias and power by hand", test_ball_by_hand);
    CU_add_test(s, "Rod's by hand", test_rod_by_hand);
    CU_add_test(s, "ConstantCoordinate's and the hard stop's by hand", test_constant_coordinate_by_hand);
    CU_add_test(s, "SphereOnPlane rolling by hand", test_sphere_on_plane_by_hand);
    CU_add_test(s, "every kind: verr = G u, aerr = G udot + bias, forces = G^T lambda, power", test_relations_kinds);
    CU_add_test(s, "every contact class: the same relations", test_relations_contacts);
    CU_add_test(s, "the oracle's mirrors: the same relations in enclosures", test_relations_oracle);
    CU_add_test(s, "statuses, zeroing, overflow and the scaled probes", test_statuses);
    CU_add_test(s, "the probes, mobilities and slots", test_probes);
}
CCREF_TEST_SUITE("handle", register_handle)
