/* weld_probe.h: the weld cases shared by the four engines' weld probes (consumers/{mujoco,bullet,dart,ode}/tools/
 * weld_probe.*: what each engine's weld or fixed joint computes, beside ccref's weld outputs; consumers/<engine>/
 * README.md cites their figures), and ccref's own answer (ccref_weld_eval from build/libccref.a) for each case. Not
 * part of any consumer: each probe has its build line at its top (from the repository root, after make
 * build/libccref.a).
 *
 * A case: body 1 (R1, p1, w1, v1), body 2 (R2, p2, w2, v2), frame 1 on body 1 (Rf1, pf1), frame 2 on body 2 (Rf2,
 * pf2), all as ccref (spec/weld.md). Body 2 is placed from body 1 and the frames:
 *     R2 = R1 Rf1 D Rf2^T,   p2 = P + delta - R2 pf2      (P = p1 + R1 pf1)
 * so that Q = RB^T RF = D (frame 2's axes in frame 1, up to rounding) and S - P = delta (up to rounding).
 * D = I, delta = 0 is "assembled" (to rounding); D = one of the eight trap orientations is a perr[0..2] = 0 case.
 *
 * ccref's handle rows P[i][j] = d verr_i / d u_j (u = (w1, v1, w2, v2) in G) are read from the kernel itself: verr is
 * linear in u without constant term, so P[.][j] = verr at u = e_j. */
#ifndef CCREF_WELD_PROBE_H
#define CCREF_WELD_PROBE_H

#include <math.h>
#include <stdio.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif
#include "ccref.h"
#ifdef __cplusplus
}
#endif

typedef struct {
    const char *name;
    ccref_body b1, b2;
    ccref_weld_params prm;
} wcase;

static inline ccref_mat3 wc_rot(double ax, double ay, double az, double angle)
{
    double n = sqrt(ax * ax + ay * ay + az * az);
    double x = ax / n, y = ay / n, z = az / n, c = cos(angle), s = sin(angle), C = 1 - c;
    ccref_mat3 R = {{{c + x * x * C, x * y * C - z * s, x * z * C + y * s},
                     {y * x * C + z * s, c + y * y * C, y * z * C - x * s},
                     {z * x * C - y * s, z * y * C + x * s, c + z * z * C}}};
    return R;
}
static inline ccref_mat3 wc_mul(ccref_mat3 A, ccref_mat3 B)
{
    ccref_mat3 C;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            C.m[i][j] = A.m[i][0] * B.m[0][j] + A.m[i][1] * B.m[1][j] + A.m[i][2] * B.m[2][j];
    return C;
}
static inline ccref_mat3 wc_tr(ccref_mat3 A)
{
    ccref_mat3 C;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            C.m[i][j] = A.m[j][i];
    return C;
}
static inline ccref_vec3 wc_mv(ccref_mat3 A, ccref_vec3 v)
{
    ccref_vec3 r = {A.m[0][0] * v.x + A.m[0][1] * v.y + A.m[0][2] * v.z,
                    A.m[1][0] * v.x + A.m[1][1] * v.y + A.m[1][2] * v.z,
                    A.m[2][0] * v.x + A.m[2][1] * v.y + A.m[2][2] * v.z};
    return r;
}
static inline ccref_vec3 wc_v(double x, double y, double z)
{
    ccref_vec3 r = {x, y, z};
    return r;
}
static inline ccref_vec3 wc_add(ccref_vec3 a, ccref_vec3 b) { return wc_v(a.x + b.x, a.y + b.y, a.z + b.z); }
static inline ccref_vec3 wc_sub(ccref_vec3 a, ccref_vec3 b) { return wc_v(a.x - b.x, a.y - b.y, a.z - b.z); }
static inline double wc_get(ccref_vec3 a, int i) { return i == 0 ? a.x : i == 1 ? a.y : a.z; }
static inline ccref_mat3 wc_ident(void)
{
    ccref_mat3 I = {{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};
    return I;
}

/* The eight relative orientations Q with Q[1][0] = Q[2][1] = Q[0][2] = 0 (spec/weld.md, "perpendicularity trap"). */
static const char *const wc_trap_name[8] = {"I (aligned)",   "diag(1,-1,-1)",        "diag(-1,1,-1)",
                                            "diag(-1,-1,1)", "3rd turn s=(+,+,+)",   "3rd turn s=(+,-,-)",
                                            "3rd turn s=(-,+,-)", "3rd turn s=(-,-,+)"};
static inline ccref_mat3 wc_trap(int k)
{
    ccref_mat3 Q;
    memset(&Q, 0, sizeof Q);
    if (k < 4) {
        static const double d[4][3] = {{1, 1, 1}, {1, -1, -1}, {-1, 1, -1}, {-1, -1, 1}};
        for (int i = 0; i < 3; i++)
            Q.m[i][i] = d[k][i];
    } else {
        /* Q = [[0, s1, 0], [0, 0, s2], [s3, 0, 0]], s1 s2 s3 = 1 */
        static const double s[4][3] = {{1, 1, 1}, {1, -1, -1}, {-1, 1, -1}, {-1, -1, 1}};
        Q.m[0][1] = s[k - 4][0];
        Q.m[1][2] = s[k - 4][1];
        Q.m[2][0] = s[k - 4][2];
    }
    return Q;
}

/* The generic case family: body 1, the frames and the motions fixed; D and delta vary. */
static inline wcase wc_make(const char *name, ccref_mat3 D, ccref_vec3 delta)
{
    wcase c;
    memset(&c, 0, sizeof c);
    c.name = name;
    c.prm.frame1_in_b1.R = wc_rot(1, 2, 3, 0.7);
    c.prm.frame1_in_b1.p = wc_v(0.3, -0.2, 0.5);
    c.prm.frame2_in_b2.R = wc_rot(-1, 0.5, 2, 1.1);
    c.prm.frame2_in_b2.p = wc_v(-0.4, 0.25, 0.6);
    c.b1.R = wc_rot(0.3, -1, 0.2, 0.9);
    c.b1.p = wc_v(1, 2, -0.5);
    c.b1.w = wc_v(0.3, -0.7, 1.1);
    c.b1.v = wc_v(0.5, 0.1, -0.2);
    ccref_vec3 P = wc_add(c.b1.p, wc_mv(c.b1.R, c.prm.frame1_in_b1.p));
    c.b2.R = wc_mul(wc_mul(wc_mul(c.b1.R, c.prm.frame1_in_b1.R), D), wc_tr(c.prm.frame2_in_b2.R));
    c.b2.p = wc_sub(wc_add(P, delta), wc_mv(c.b2.R, c.prm.frame2_in_b2.p));
    c.b2.w = wc_v(-0.4, 0.9, 0.2);
    c.b2.v = wc_v(-0.3, 0.6, 0.8);
    return c;
}

/* The same with the frames and body 1 at the identity (exact signed permutations for the traps). */
static inline wcase wc_make_plain(const char *name, ccref_mat3 D, ccref_vec3 delta)
{
    wcase c;
    memset(&c, 0, sizeof c);
    c.name = name;
    c.prm.frame1_in_b1.R = wc_ident();
    c.prm.frame2_in_b2.R = wc_ident();
    c.b1.R = wc_ident();
    c.b1.p = wc_v(1, 2, -0.5);
    c.b1.w = wc_v(0.3, -0.7, 1.1);
    c.b1.v = wc_v(0.5, 0.1, -0.2);
    c.b2.R = D;
    c.b2.p = wc_add(c.b1.p, delta);
    c.b2.w = wc_v(-0.4, 0.9, 0.2);
    c.b2.v = wc_v(-0.3, 0.6, 0.8);
    return c;
}

typedef struct {
    ccref_status st;
    ccref_weld_result r;
    double P[6][12];    /* handle rows, columns (w1, v1, w2, v2) */
} wref;

static inline wref wc_ccref(const wcase *c)
{
    wref o;
    double lam[6] = {0, 0, 0, 0, 0, 0};
    o.st = ccref_weld_eval(&c->prm, &c->b1, &c->b2, lam, 6, &o.r);
    for (int j = 0; j < 12; j++) {
        ccref_body b1 = c->b1, b2 = c->b2;
        b1.w = b1.v = b2.w = b2.v = wc_v(0, 0, 0);
        ccref_vec3 *slot[4] = {&b1.w, &b1.v, &b2.w, &b2.v};
        double *e = (double *)slot[j / 3];
        e[j % 3] = 1;
        ccref_weld_result t;
        ccref_weld_eval(&c->prm, &b1, &b2, lam, 6, &t);
        for (int i = 0; i < 6; i++)
            o.P[i][j] = t.out.verr[i];
    }
    return o;
}

static inline void wc_print_ref(const wref *o)
{
    printf("  ccref  perr  = % .17g % .17g % .17g | % .17g % .17g % .17g\n", o->r.out.perr[0], o->r.out.perr[1],
           o->r.out.perr[2], o->r.out.perr[3], o->r.out.perr[4], o->r.out.perr[5]);
    printf("  ccref  verr  = % .17g % .17g % .17g | % .17g % .17g % .17g\n", o->r.out.verr[0], o->r.out.verr[1],
           o->r.out.verr[2], o->r.out.verr[3], o->r.out.verr[4], o->r.out.verr[5]);
}

static inline void wc_print6(const char *label, const double *x)
{
    printf("  %-30s % .17g % .17g % .17g | % .17g % .17g % .17g\n", label, x[0], x[1], x[2], x[3], x[4], x[5]);
}
static inline void wc_print3(const char *label, const double *x)
{
    printf("  %-30s % .17g % .17g % .17g\n", label, x[0], x[1], x[2]);
}
static inline double wc_maxabs(const double *a, const double *b, int n)
{
    double m = 0;
    for (int i = 0; i < n; i++)
        if (fabs(a[i] - b[i]) > m)
            m = fabs(a[i] - b[i]);
    return m;
}

#endif
