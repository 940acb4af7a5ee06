/* trajectory.c: see trajectory.h; formulas and bounds: spec/derivatives.md, sections 2 and 4. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../src/vec3.h"
#include "trajectory.h"

/* ================================================================ generation */

void traj_body_ground(traj_body *tb)
{
    memset(tb, 0, sizeof *tb);
    tb->q[0][0] = 1.0;
}

static void random_rotation_poly(ccref_rng *r, traj_body *tb)
{
    static const double amp[TRAJ_QDEG + 1] = {0.0, 0.4, 0.25, 0.2};
    ccref_rng_quaternion(r, tb->q[0]);
    for (int k = 1; k <= TRAJ_QDEG; k++)
        for (int i = 0; i < 4; i++)
            tb->q[k][i] = ccref_rng_uniform(r, -amp[k], amp[k]);
}

static void random_origin_poly(ccref_rng *r, traj_body *tb)
{
    static const double amp[TRAJ_PDEG + 1] = {2.0, 1.5, 1.0, 0.5, 0.5};
    for (int k = 0; k <= TRAJ_PDEG; k++)
        for (int i = 0; i < 3; i++)
            tb->c[k][i] = ccref_rng_uniform(r, -amp[k], amp[k]);
}

void traj_body_random(ccref_rng *r, traj_body *tb)
{
    memset(tb, 0, sizeof *tb);
    random_rotation_poly(r, tb);
    random_origin_poly(r, tb);
}

void traj_body_same_rotation(ccref_rng *r, const traj_body *src, traj_body *tb)
{
    memset(tb, 0, sizeof *tb);
    memcpy(tb->q, src->q, sizeof tb->q);
    random_origin_poly(r, tb);
}

void traj_body_pinned(ccref_rng *r, const traj_body *pin, ccref_vec3 s1, ccref_vec3 s2, traj_body *tb)
{
    memset(tb, 0, sizeof *tb);
    random_rotation_poly(r, tb);
    tb->pin = pin;
    tb->pin_s1 = s1;
    tb->pin_s2 = s2;
}

void traj_coord_random(ccref_rng *r, traj_coord *tc)
{
    static const double amp[TRAJ_PDEG + 1] = {2.0, 1.5, 1.0, 0.5, 0.5};
    for (int k = 0; k <= TRAJ_PDEG; k++)
        tc->c[k] = ccref_rng_uniform(r, -amp[k], amp[k]);
}

/* ================================================================ double evaluation */

/* m-th derivative at t of sum_k c[k*stride] t^k, k = 0..deg. */
static double poly_d(const double *c, int stride, int deg, int m, double t)
{
    double s = 0.0;
    for (int k = deg; k >= m; k--) {
        double f = 1.0;
        for (int j = 0; j < m; j++)
            f *= (double)(k - j);
        s = s * t + f * c[k * stride];
    }
    return s;
}

/* Rotation, angular velocity and angular acceleration from Q, Q', Q'' (formulas of trajectory.h). */
static void rot_from_quat_d(const double Q[4], const double Qd[4], const double Qdd[4], ccref_body *o)
{
    double w = Q[0], x = Q[1], y = Q[2], z = Q[3];
    double N = w * w + x * x + y * y + z * z;
    double E[3][3] = {{w * w + x * x - y * y - z * z, 2 * (x * y - w * z), 2 * (x * z + w * y)},
                      {2 * (x * y + w * z), w * w - x * x + y * y - z * z, 2 * (y * z - w * x)},
                      {2 * (x * z - w * y), 2 * (y * z + w * x), w * w - x * x - y * y + z * z}};
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            o->R.m[i][j] = E[i][j] / N;
    /* vec(A conj(Q)) = q0 a - a0 q - a x q for A = (a0, a), Q = (q0, q). */
    double a0 = Qd[0], ax = Qd[1], ay = Qd[2], az = Qd[3];
    double mx = w * ax - a0 * x - (ay * z - az * y);
    double my = w * ay - a0 * y - (az * x - ax * z);
    double mz = w * az - a0 * z - (ax * y - ay * x);
    o->w = v3(2 * mx / N, 2 * my / N, 2 * mz / N);
    double c0 = Qdd[0], cx = Qdd[1], cy = Qdd[2], cz = Qdd[3];
    double nx = w * cx - c0 * x - (cy * z - cz * y);
    double ny = w * cy - c0 * y - (cz * x - cx * z);
    double nz = w * cz - c0 * z - (cx * y - cy * x);
    double Nd = 2 * (w * a0 + x * ax + y * ay + z * az);
    o->b = v3(2 * nx / N - o->w.x * Nd / N, 2 * ny / N - o->w.y * Nd / N, 2 * nz / N - o->w.z * Nd / N);
}

static ccref_vec3 mv_d(const ccref_mat3 *R, ccref_vec3 s)
{
    return v3(R->m[0][0] * s.x + R->m[0][1] * s.y + R->m[0][2] * s.z,
              R->m[1][0] * s.x + R->m[1][1] * s.y + R->m[1][2] * s.z,
              R->m[2][0] * s.x + R->m[2][1] * s.y + R->m[2][2] * s.z);
}
static ccref_vec3 cr_d(ccref_vec3 a, ccref_vec3 b)
{
    return v3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}
static ccref_vec3 ad_d(ccref_vec3 a, ccref_vec3 b) { return v3(a.x + b.x, a.y + b.y, a.z + b.z); }
static ccref_vec3 sb_d(ccref_vec3 a, ccref_vec3 b) { return v3(a.x - b.x, a.y - b.y, a.z - b.z); }

void traj_eval_d(const traj_body *tb, double t, ccref_body *out)
{
    double Q[3][4];
    for (int m = 0; m < 3; m++)
        for (int i = 0; i < 4; i++)
            Q[m][i] = poly_d(&tb->q[0][i], 4, TRAJ_QDEG, m, t);
    rot_from_quat_d(Q[0], Q[1], Q[2], out);
    if (tb->pin == NULL) {
        double p[3][3];
        for (int m = 0; m < 3; m++)
            for (int i = 0; i < 3; i++)
                p[m][i] = poly_d(&tb->c[0][i], 3, TRAJ_PDEG, m, t);
        out->p = v3(p[0][0], p[0][1], p[0][2]);
        out->v = v3(p[1][0], p[1][1], p[1][2]);
        out->a = v3(p[2][0], p[2][1], p[2][2]);
    } else {
        ccref_body P;
        traj_eval_d(tb->pin, t, &P);
        ccref_vec3 r1 = mv_d(&P.R, tb->pin_s1), r2 = mv_d(&out->R, tb->pin_s2);
        out->p = sb_d(ad_d(P.p, r1), r2);
        out->v = sb_d(ad_d(P.v, cr_d(P.w, r1)), cr_d(out->w, r2));
        ccref_vec3 a1 = ad_d(ad_d(P.a, cr_d(P.b, r1)), cr_d(P.w, cr_d(P.w, r1)));
        ccref_vec3 a2 = ad_d(cr_d(out->b, r2), cr_d(out->w, cr_d(out->w, r2)));
        out->a = sb_d(a1, a2);
    }
}

void traj_coord_eval_d(const traj_coord *tc, double t, ccref_coordinate *out)
{
    out->q = poly_d(tc->c, 1, TRAJ_PDEG, 0, t);
    out->qdot = poly_d(tc->c, 1, TRAJ_PDEG, 1, t);
    out->qdotdot = poly_d(tc->c, 1, TRAJ_PDEG, 2, t);
}

/* ================================================================ interval evaluation */

#define NTMP 32     /* T[0..23] named temporaries; T[29..31] scratch of the helpers */
struct traj_ws {
    mpfr_prec_t prec;
    mpfi_t tp[TRAJ_PDEG + 1];       /* powers of t */
    mpfi_t Q[3][4];                 /* Q, Q', Q'' */
    mpfi_t T[NTMP];                 /* scratch */
    traj_state_i pin;               /* state of the pin body */
    traj_ws *sub;                   /* workspace for the pin body's own evaluation */
};

void traj_state_i_init(traj_state_i *s, mpfr_prec_t prec)
{
    for (int i = 0; i < 3; i++) {
        for (int j = 0; j < 3; j++)
            mpfi_init2(s->R[i][j], prec);
        mpfi_init2(s->p[i], prec);
        mpfi_init2(s->w[i], prec);
        mpfi_init2(s->v[i], prec);
        mpfi_init2(s->b[i], prec);
        mpfi_init2(s->a[i], prec);
    }
}

void traj_state_i_clear(traj_state_i *s)
{
    for (int i = 0; i < 3; i++) {
        for (int j = 0; j < 3; j++)
            mpfi_clear(s->R[i][j]);
        mpfi_clear(s->p[i]);
        mpfi_clear(s->w[i]);
        mpfi_clear(s->v[i]);
        mpfi_clear(s->b[i]);
        mpfi_clear(s->a[i]);
    }
}

traj_ws *traj_ws_new(mpfr_prec_t prec)
{
    traj_ws *ws = calloc(1, sizeof *ws);
    if (ws == NULL)
        abort();
    ws->prec = prec;
    for (int k = 0; k <= TRAJ_PDEG; k++)
        mpfi_init2(ws->tp[k], prec);
    for (int m = 0; m < 3; m++)
        for (int i = 0; i < 4; i++)
            mpfi_init2(ws->Q[m][i], prec);
    for (int i = 0; i < NTMP; i++)
        mpfi_init2(ws->T[i], prec);
    traj_state_i_init(&ws->pin, prec);
    ws->sub = NULL;
    return ws;
}

void traj_ws_free(traj_ws *ws)
{
    if (ws == NULL)
        return;
    for (int k = 0; k <= TRAJ_PDEG; k++)
        mpfi_clear(ws->tp[k]);
    for (int m = 0; m < 3; m++)
        for (int i = 0; i < 4; i++)
            mpfi_clear(ws->Q[m][i]);
    for (int i = 0; i < NTMP; i++)
        mpfi_clear(ws->T[i]);
    traj_state_i_clear(&ws->pin);
    traj_ws_free(ws->sub);
    free(ws);
}

static void powers_i(traj_ws *ws, mpfr_srcptr t)
{
    mpfi_set_ui(ws->tp[0], 1);
    mpfi_set_fr(ws->tp[1], t);
    for (int k = 2; k <= TRAJ_PDEG; k++)
        mpfi_mul(ws->tp[k], ws->tp[k - 1], ws->tp[1]);
}

/* r = m-th derivative of sum_k c[k*stride] t^k (powers of t already in ws->tp). */
static void poly_i(traj_ws *ws, mpfi_ptr r, const double *c, int stride, int deg, int m)
{
    mpfi_ptr tmp = ws->T[NTMP - 1];
    mpfi_set_ui(r, 0);
    for (int k = m; k <= deg; k++) {
        unsigned long f = 1;
        for (int j = 0; j < m; j++)
            f *= (unsigned long)(k - j);
        mpfi_mul_d(tmp, ws->tp[k - m], c[k * stride]);
        mpfi_mul_ui(tmp, tmp, f);
        mpfi_add(r, r, tmp);
    }
}

/* r = vec(A conj(Q)) = q0 a - a0 q - a x q (A, Q quaternions as 4 intervals). */
static void vec_aqbar_i(traj_ws *ws, mpfi_t r[3], mpfi_t A[4], mpfi_t Q[4])
{
    mpfi_ptr t1 = ws->T[NTMP - 2], t2 = ws->T[NTMP - 3];
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3;
        mpfi_mul(r[i], Q[0], A[1 + i]);
        mpfi_mul(t1, A[0], Q[1 + i]);
        mpfi_sub(r[i], r[i], t1);
        /* (a x q)_i = a_j q_k - a_k q_j */
        mpfi_mul(t1, A[1 + j], Q[1 + k]);
        mpfi_mul(t2, A[1 + k], Q[1 + j]);
        mpfi_sub(t1, t1, t2);
        mpfi_sub(r[i], r[i], t1);
    }
}

static void cross_i(traj_ws *ws, mpfi_t r[3], mpfi_t a[3], mpfi_t b[3])
{
    mpfi_ptr t1 = ws->T[NTMP - 2], t2 = ws->T[NTMP - 3];
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3;
        mpfi_mul(t1, a[j], b[k]);
        mpfi_mul(t2, a[k], b[j]);
        mpfi_sub(r[i], t1, t2);
    }
}

static void matvec_d_i(traj_ws *ws, mpfi_t r[3], const traj_state_i *S, ccref_vec3 s)
{
    mpfi_ptr t1 = ws->T[NTMP - 2];
    double sv[3] = {s.x, s.y, s.z};
    for (int i = 0; i < 3; i++) {
        mpfi_set_ui(r[i], 0);
        for (int j = 0; j < 3; j++) {
            mpfi_mul_d(t1, S->R[i][j], sv[j]);
            mpfi_add(r[i], r[i], t1);
        }
    }
}

void traj_eval_i(traj_ws *ws, const traj_body *tb, mpfr_srcptr t, traj_state_i *o)
{
    powers_i(ws, t);
    for (int m = 0; m < 3; m++)
        for (int i = 0; i < 4; i++)
            poly_i(ws, ws->Q[m][i], &tb->q[0][i], 4, TRAJ_QDEG, m);
    mpfi_t *Q = ws->Q[0], *T = ws->T;
    /* squares and products */
    mpfi_ptr ww = T[0], xx = T[1], yy = T[2], zz = T[3], N = T[4], tmp = T[5];
    mpfi_sqr(ww, Q[0]);
    mpfi_sqr(xx, Q[1]);
    mpfi_sqr(yy, Q[2]);
    mpfi_sqr(zz, Q[3]);
    mpfi_add(N, ww, xx);
    mpfi_add(N, N, yy);
    mpfi_add(N, N, zz);
    /* diagonal: (w^2 +- ...)/N */
    mpfi_add(tmp, ww, xx); mpfi_sub(tmp, tmp, yy); mpfi_sub(tmp, tmp, zz); mpfi_div(o->R[0][0], tmp, N);
    mpfi_sub(tmp, ww, xx); mpfi_add(tmp, tmp, yy); mpfi_sub(tmp, tmp, zz); mpfi_div(o->R[1][1], tmp, N);
    mpfi_sub(tmp, ww, xx); mpfi_sub(tmp, tmp, yy); mpfi_add(tmp, tmp, zz); mpfi_div(o->R[2][2], tmp, N);
    /* off-diagonal: 2(. +- .)/N */
    mpfi_ptr u1 = T[6], u2 = T[7];
#define OFFDIAG(dst, a, b, c, d, op)                                                                            \
    do {                                                                                                          \
        mpfi_mul(u1, a, b);                                                                                       \
        mpfi_mul(u2, c, d);                                                                                       \
        op(tmp, u1, u2);                                                                                          \
        mpfi_mul_2si(tmp, tmp, 1);                                                                                \
        mpfi_div(dst, tmp, N);                                                                                    \
    } while (0)
    OFFDIAG(o->R[0][1], Q[1], Q[2], Q[0], Q[3], mpfi_sub);
    OFFDIAG(o->R[0][2], Q[1], Q[3], Q[0], Q[2], mpfi_add);
    OFFDIAG(o->R[1][0], Q[1], Q[2], Q[0], Q[3], mpfi_add);
    OFFDIAG(o->R[1][2], Q[2], Q[3], Q[0], Q[1], mpfi_sub);
    OFFDIAG(o->R[2][0], Q[1], Q[3], Q[0], Q[2], mpfi_sub);
    OFFDIAG(o->R[2][1], Q[2], Q[3], Q[0], Q[1], mpfi_add);
#undef OFFDIAG
    /* w = 2 vec(Q' conj Q)/N */
    mpfi_t *M = &T[8];       /* 3 */
    vec_aqbar_i(ws, M, ws->Q[1], Q);
    for (int i = 0; i < 3; i++) {
        mpfi_mul_2si(o->w[i], M[i], 1);
        mpfi_div(o->w[i], o->w[i], N);
    }
    /* Nd/N = 2 Q.Q'/N */
    mpfi_ptr Nd = T[11];
    mpfi_set_ui(Nd, 0);
    for (int i = 0; i < 4; i++) {
        mpfi_mul(tmp, Q[i], ws->Q[1][i]);
        mpfi_add(Nd, Nd, tmp);
    }
    mpfi_mul_2si(Nd, Nd, 1);
    mpfi_div(Nd, Nd, N);
    /* b = 2 vec(Q'' conj Q)/N - (Nd/N) w */
    vec_aqbar_i(ws, M, ws->Q[2], Q);
    for (int i = 0; i < 3; i++) {
        mpfi_mul_2si(o->b[i], M[i], 1);
        mpfi_div(o->b[i], o->b[i], N);
        mpfi_mul(tmp, Nd, o->w[i]);
        mpfi_sub(o->b[i], o->b[i], tmp);
    }
    if (tb->pin == NULL) {
        for (int i = 0; i < 3; i++) {
            poly_i(ws, o->p[i], &tb->c[0][i], 3, TRAJ_PDEG, 0);
            poly_i(ws, o->v[i], &tb->c[0][i], 3, TRAJ_PDEG, 1);
            poly_i(ws, o->a[i], &tb->c[0][i], 3, TRAJ_PDEG, 2);
        }
        return;
    }
    /* pinned: p = P.p + R1 s1 - R s2, v = P.v + w1 x r1 - w x r2,
     * a = (P.a + b1 x r1 + w1 x (w1 x r1)) - (b x r2 + w x (w x r2)) */
    if (ws->sub == NULL)
        ws->sub = traj_ws_new(ws->prec);
    traj_state_i *P = &ws->pin;
    traj_eval_i(ws->sub, tb->pin, t, P);
    mpfi_t *r1 = &T[12], *r2 = &T[15], *c1 = &T[18], *c2 = &T[21];
    matvec_d_i(ws, r1, P, tb->pin_s1);
    matvec_d_i(ws, r2, o, tb->pin_s2);
    for (int i = 0; i < 3; i++) {
        mpfi_add(o->p[i], P->p[i], r1[i]);
        mpfi_sub(o->p[i], o->p[i], r2[i]);
    }
    cross_i(ws, c1, P->w, r1);
    cross_i(ws, c2, o->w, r2);
    for (int i = 0; i < 3; i++) {
        mpfi_add(o->v[i], P->v[i], c1[i]);
        mpfi_sub(o->v[i], o->v[i], c2[i]);
    }
    /* accelerations: reuse c1 = w1 x r1 and c2 = w x r2 */
    for (int i = 0; i < 3; i++)
        mpfi_set(o->a[i], P->a[i]);
    mpfi_t *e = &T[8];       /* M is no longer needed */
    cross_i(ws, e, P->b, r1);
    for (int i = 0; i < 3; i++)
        mpfi_add(o->a[i], o->a[i], e[i]);
    cross_i(ws, e, P->w, c1);
    for (int i = 0; i < 3; i++)
        mpfi_add(o->a[i], o->a[i], e[i]);
    cross_i(ws, e, o->b, r2);
    for (int i = 0; i < 3; i++)
        mpfi_sub(o->a[i], o->a[i], e[i]);
    cross_i(ws, e, o->w, c2);
    for (int i = 0; i < 3; i++)
        mpfi_sub(o->a[i], o->a[i], e[i]);
}

void traj_coord_eval_i(traj_ws *ws, const traj_coord *tc, mpfr_srcptr t, mpfi_t q[3])
{
    powers_i(ws, t);
    for (int m = 0; m < 3; m++)
        poly_i(ws, q[m], tc->c, 1, TRAJ_PDEG, m);
}

static double mid_d(mpfi_srcptr x)
{
    mpfr_t m;
    mpfr_init2(m, mpfi_get_prec(x));
    mpfi_mid(m, x);
    double d = mpfr_get_d(m, MPFR_RNDN);
    mpfr_clear(m);
    return d;
}

void traj_state_i_to_d(const traj_state_i *s, ccref_body *o)
{
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            o->R.m[i][j] = mid_d(s->R[i][j]);
    o->p = v3(mid_d(s->p[0]), mid_d(s->p[1]), mid_d(s->p[2]));
    o->w = v3(mid_d(s->w[0]), mid_d(s->w[1]), mid_d(s->w[2]));
    o->v = v3(mid_d(s->v[0]), mid_d(s->v[1]), mid_d(s->v[2]));
    o->b = v3(mid_d(s->b[0]), mid_d(s->b[1]), mid_d(s->b[2]));
    o->a = v3(mid_d(s->a[0]), mid_d(s->a[1]), mid_d(s->a[2]));
}

void traj_eval_rn(traj_ws *ws, const traj_body *tb, double t, ccref_body *out)
{
    traj_state_i s;
    mpfr_t tt;
    traj_state_i_init(&s, ws->prec);
    mpfr_init2(tt, 64);
    mpfr_set_d(tt, t, MPFR_RNDN);
    traj_eval_i(ws, tb, tt, &s);
    traj_state_i_to_d(&s, out);
    mpfr_clear(tt);
    traj_state_i_clear(&s);
}

void traj_coord_eval_rn(traj_ws *ws, const traj_coord *tc, double t, ccref_coordinate *out)
{
    mpfi_t q[3];
    mpfr_t tt;
    for (int m = 0; m < 3; m++)
        mpfi_init2(q[m], ws->prec);
    mpfr_init2(tt, 64);
    mpfr_set_d(tt, t, MPFR_RNDN);
    traj_coord_eval_i(ws, tc, tt, q);
    out->q = mid_d(q[0]);
    out->qdot = mid_d(q[1]);
    out->qdotdot = mid_d(q[2]);
    mpfr_clear(tt);
    for (int m = 0; m < 3; m++)
        mpfi_clear(q[m]);
}

/* ================================================================ majorant jets */

mj mj_const(double c)
{
    mj r = {{fabs(c), 0.0, 0.0, 0.0}};
    return r;
}

mj mj_add(mj a, mj b)
{
    mj r;
    for (int k = 0; k < 4; k++)
        r.d[k] = a.d[k] + b.d[k];
    return r;
}

mj mj_scale(double c, mj a)
{
    mj r;
    for (int k = 0; k < 4; k++)
        r.d[k] = fabs(c) * a.d[k];
    return r;
}

/* Leibniz: |(fg)^(k)| <= sum_j C(k,j) |f^(j)| |g^(k-j)| (|u x v| <= |u||v|, |u.v| <= |u||v|). */
mj mj_mul(mj a, mj b)
{
    mj r;
    r.d[0] = a.d[0] * b.d[0];
    r.d[1] = a.d[1] * b.d[0] + a.d[0] * b.d[1];
    r.d[2] = a.d[2] * b.d[0] + 2.0 * a.d[1] * b.d[1] + a.d[0] * b.d[2];
    r.d[3] = a.d[3] * b.d[0] + 3.0 * a.d[2] * b.d[1] + 3.0 * a.d[1] * b.d[2] + a.d[0] * b.d[3];
    return r;
}

/* f = 1/x: f' = -x'/x^2, f'' = -x''/x^2 + 2x'^2/x^3, f''' = -x'''/x^2 + 6x'x''/x^3 - 6x'^3/x^4. */
mj mj_recip(mj x, double m)
{
    double m2 = m * m, m3 = m2 * m, m4 = m3 * m;
    double a1 = x.d[1], a2 = x.d[2], a3 = x.d[3];
    mj r;
    r.d[0] = 1.0 / m;
    r.d[1] = a1 / m2;
    r.d[2] = a2 / m2 + 2.0 * a1 * a1 / m3;
    r.d[3] = a3 / m2 + 6.0 * a1 * a2 / m3 + 6.0 * a1 * a1 * a1 / m4;
    return r;
}

/* f = sqrt(x), s = sqrt(xmin) <= f: f' = x'/(2f), f'' = x''/(2f) - x'^2/(4f^3),
 * f''' = x'''/(2f) - 3x'x''/(4f^3) + 3x'^3/(8f^5). */
mj mj_sqrt(mj x, double xmin)
{
    double s = sqrt(xmin), s3 = s * s * s, s5 = s3 * s * s;
    double a1 = x.d[1], a2 = x.d[2], a3 = x.d[3];
    mj r;
    r.d[0] = sqrt(x.d[0]);
    r.d[1] = a1 / (2.0 * s);
    r.d[2] = a2 / (2.0 * s) + a1 * a1 / (4.0 * s3);
    r.d[3] = a3 / (2.0 * s) + 3.0 * a1 * a2 / (4.0 * s3) + 3.0 * a1 * a1 * a1 / (8.0 * s5);
    return r;
}

/* n = x/|x|, r = |x|, with |x| >= m > 0. From x = r n, r' = n.x' and n.n = 1:
 *   n'   = (x' - r' n)/r                      (the part of x' across n: |n'| <= |x'|/r)
 *   r''  = n.x'' + n'.x',                n''  = (x'' - r'' n - 2 r' n')/r
 *   r''' = n.x''' + 2 n'.x'' + n''.x',   n''' = (x''' - r''' n - 3 r'' n' - 3 r' n'')/r
 * so the bounds below follow with |n| = 1 and |r'| <= |x'|. */
mj mj_unit(mj x, double m, mj *norm)
{
    double X1 = x.d[1], X2 = x.d[2], X3 = x.d[3];
    double n1 = X1 / m;
    double r1 = X1;
    double r2 = X2 + n1 * X1;
    double n2 = (X2 + r2 + 2.0 * r1 * n1) / m;
    double r3 = X3 + 2.0 * n1 * X2 + n2 * X1;
    double n3 = (X3 + r3 + 3.0 * r2 * n1 + 3.0 * r1 * n2) / m;
    mj n = {{1.0, n1, n2, n3}};
    if (norm != NULL) {
        mj r = {{x.d[0], r1, r2, r3}};
        *norm = r;
    }
    return n;
}

/* Taylor majorant of a polynomial's derivatives over |t - t0| <= rho:
 * |P^(k)(t)| <= sum_{j} |P^(k+j)(t0)| rho^j / j!  (exact Taylor expansion; norms of vector coefficients).
 * nd: number of derivative orders wanted (k = 0..nd-1); dim: components; c[k*stride + i]. */
static void poly_majorant(const double *c, int stride, int dim, int deg, double t0, double rho, int nd,
                          double *out)
{
    double D[8];    /* |P^(m)(t0)| for m = 0..deg */
    for (int m = 0; m <= deg; m++) {
        double s2 = 0.0;
        for (int i = 0; i < dim; i++) {
            /* computed value plus its Horner error bound gamma_{2 deg + 2} sum |c_k| k!/(k-m)! |t0|^(k-m)
             * (gamma_12 < 16 u covers deg <= 5), so the bound holds even under cancellation */
            double x = fabs(poly_d(c + i, stride, deg, m, t0));
            double a = 0.0;
            for (int k = deg; k >= m; k--) {
                double f = 1.0;
                for (int j = 0; j < m; j++)
                    f *= (double)(k - j);
                a = a * fabs(t0) + f * fabs(c[k * stride + i]);
            }
            x += 16.0 * 0x1p-53 * a;
            s2 += x * x;
        }
        D[m] = sqrt(s2) * (1.0 + 0x1p-50);
    }
    for (int k = 0; k < nd; k++) {
        double s = 0.0, f = 1.0;
        for (int j = 0; k + j <= deg; j++) {
            s += D[k + j] * f;
            f *= rho / (double)(j + 1);
        }
        out[k] = k <= deg ? s : 0.0;
    }
}

int traj_body_jets(const traj_body *tb, double t0, double rho, traj_jets *J)
{
    double QJ[5];
    poly_majorant(&tb->q[0][0], 4, 4, TRAJ_QDEG, t0, rho, 5, QJ);
    double qabs0;
    {
        double s2 = 0.0;
        for (int i = 0; i < 4; i++) {
            double x = poly_d(&tb->q[0][i], 4, TRAJ_QDEG, 0, t0);
            s2 += x * x;
        }
        qabs0 = sqrt(s2);
    }
    double qmin = qabs0 * (1.0 - 1e-12) - rho * QJ[1];
    if (!(qmin > 0.0))
        return 0;
    J->qmin = qmin;
    mj Qj = {{QJ[0], QJ[1], QJ[2], QJ[3]}}, Qdj = {{QJ[1], QJ[2], QJ[3], QJ[4]}};
    mj N = mj_mul(Qj, Qj);                  /* |Q|^2 */
    mj M = mj_mul(Qdj, Qj);                 /* vec(Q' conj Q): |AB| = |A||B| for quaternions */
    J->w = mj_scale(2.0, mj_mul(M, mj_recip(N, qmin * qmin)));
    if (tb->pin == NULL) {
        double PJ[5];
        poly_majorant(&tb->c[0][0], 3, 3, TRAJ_PDEG, t0, rho, 5, PJ);
        mj p = {{PJ[0], PJ[1], PJ[2], PJ[3]}}, v = {{PJ[1], PJ[2], PJ[3], PJ[4]}};
        J->p = p;
        J->v = v;
        return 1;
    }
    traj_jets P;
    if (!traj_body_jets(tb->pin, t0, rho, &P))
        return 0;
    mj r1 = traj_arm(&P, sqrt(v3_norm_sq(tb->pin_s1))), r2 = traj_arm(J, sqrt(v3_norm_sq(tb->pin_s2)));
    J->p = mj_add(mj_add(P.p, r1), r2);
    J->v = mj_add(mj_add(P.v, mj_mul(P.w, r1)), mj_mul(J->w, r2));
    return 1;
}

void traj_coord_jets(const traj_coord *tc, double t0, double rho, mj *q, mj *qdot)
{
    double CJ[5];
    poly_majorant(tc->c, 1, 1, TRAJ_PDEG, t0, rho, 5, CJ);
    mj a = {{CJ[0], CJ[1], CJ[2], CJ[3]}}, b = {{CJ[1], CJ[2], CJ[3], CJ[4]}};
    *q = a;
    *qdot = b;
}

/* r = R s: r' = w x r, r'' = w' x r + w x r', r''' = w'' x r + 2 w' x r' + w x r''. */
mj traj_arm(const traj_jets *J, double s_norm)
{
    const double *w = J->w.d;
    mj r;
    r.d[0] = s_norm;
    r.d[1] = w[0] * r.d[0];
    r.d[2] = w[1] * r.d[0] + w[0] * r.d[1];
    r.d[3] = w[2] * r.d[0] + 2.0 * w[1] * r.d[1] + w[0] * r.d[2];
    return r;
}

mj traj_vel(const traj_jets *J, mj arm) { return mj_add(J->v, mj_mul(J->w, arm)); }
