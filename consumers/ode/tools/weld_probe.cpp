// weld_probe.cpp (the research program ode_weld.cpp, copied): what ODE 0.16's fixed joint (dJointCreateFixed,
// dxJointFixed::getInfo2) writes, next to ccref's weld outputs (consumers/ode/README.md, "weld", cites its figures).
//
// Build (from the repository root, after make build/libccref.a; one line):
//   nice g++ -std=c++17 -O2 -ffp-contract=off -Isrc -Iconsumers/common consumers/ode/tools/weld_probe.cpp
//       build/libccref.a -lode -lm -o build/ode_weld_probe
// Run: ./build/ode_weld_probe
//
// ODE has no public getter for a joint's rows: dxJointFixed::getInfo2 (ode/src/joints/fixed.cpp:59-105 at 0.16.2) is
// an exported symbol of libode.so.8 (`nm -D`: _ZN12dxJointFixed8getInfo2EddiPdS0_iS0_S0_Pi), called here through a
// stand-in declaration of the same (non-virtual-called) member, with this = the dJointID (dxJointFixed derives
// singly from dxJoint). Row layout (joint.h enums): J row = (lx, ly, lz, ax, ay, az); rows 0..2 linear, rows 3..5
// angular (setFixedOrientation gets J + dSA__MAX rowskip); pairRhsCfm row = (rhs, cfm).
// worldFPS = 1, worldERP = 1 (used by the angular rows, joint.cpp setFixedOrientation), joint dParamERP = 1 (used by
// the linear rows, fixed.cpp:76): rhs = the position errors themselves.
//
// Mappings:
//   A  ODE bodies = ccref bodies. dJointSetFixed while body 2 sits at the assembled pose (R1 Rf1 Rf2^T, P - R2a pf2),
//      then body 2 moved to the case's pose: ODE's anchor is body 2's ORIGIN (offset = R1^T (p1 - p2a)).
//   B  ODE bodies = the weld frames (RB, P) and (RF, S) (ccref's frame1/frame2 outputs); dJointSetFixed with both at
//      the identity (offset = 0, qrel = 1 exactly), then moved.
#include <ode/ode.h>

#include <cstdio>
#include <initializer_list>
#include <cstring>

#include "weld_probe.h"

struct dxJointFixed {   // stand-in: only the mangled name of the member matters
    void getInfo2(double worldFPS, double worldERP, int rowskip, double *J1, double *J2, int pairskip,
                  double *pairRhsCfm, double *pairLoHi, int *findex);
};

static dWorldID world;

static void setpose(dBodyID b, const ccref_mat3 &R, const ccref_vec3 &p)
{
    dMatrix3 M;
    for (int i = 0; i < 3; i++) {
        for (int j = 0; j < 3; j++)
            M[4 * i + j] = R.m[i][j];
        M[4 * i + 3] = 0;
    }
    dBodySetRotation(b, M);
    dBodySetPosition(b, p.x, p.y, p.z);
}
static ccref_mat3 getR(dBodyID b)
{
    const dReal *R = dBodyGetRotation(b);
    ccref_mat3 o;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            o.m[i][j] = R[4 * i + j];
    return o;
}

struct Out {
    double J1[6][8], J2[6][8], rc[6][2], lohi[6][2];
    int findex[6];
    wcase used;         // mapping A: the case with ODE's rotations
};

static Out run(const wcase &c, char mapping)
{
    static Out o;
    std::memset(&o, 0, sizeof o);
    o.used = c;
    dBodyID b1 = dBodyCreate(world), b2 = dBodyCreate(world);
    dBodySetKinematic(b1);
    dBodySetKinematic(b2);
    dJointID j = dJointCreateFixed(world, 0);
    if (mapping == 'A') {
        ccref_mat3 R2a = wc_mul(wc_mul(c.b1.R, c.prm.frame1_in_b1.R), wc_tr(c.prm.frame2_in_b2.R));
        ccref_vec3 P = wc_add(c.b1.p, wc_mv(c.b1.R, c.prm.frame1_in_b1.p));
        ccref_vec3 p2a = wc_sub(P, wc_mv(R2a, c.prm.frame2_in_b2.p));
        setpose(b1, c.b1.R, c.b1.p);
        setpose(b2, R2a, p2a);
        dJointAttach(j, b1, b2);
        dJointSetFixed(j);
        setpose(b2, c.b2.R, c.b2.p);
        dBodySetAngularVel(b1, c.b1.w.x, c.b1.w.y, c.b1.w.z);
        dBodySetLinearVel(b1, c.b1.v.x, c.b1.v.y, c.b1.v.z);
        dBodySetAngularVel(b2, c.b2.w.x, c.b2.w.y, c.b2.w.z);
        dBodySetLinearVel(b2, c.b2.v.x, c.b2.v.y, c.b2.v.z);
        o.used.b1.R = getR(b1);
        o.used.b2.R = getR(b2);
    } else {
        ccref_weld_result r;
        double lam[6] = {0};
        ccref_weld_eval(&c.prm, &c.b1, &c.b2, lam, 6, &r);
        dJointAttach(j, b1, b2);    // both at the identity, at the origin
        dJointSetFixed(j);
        setpose(b1, r.frame1.R, r.frame1.p);
        setpose(b2, r.frame2.R, r.frame2.p);
    }
    dJointSetFixedParam(j, dParamERP, 1.0);
    for (int i = 0; i < 6; i++)
        o.findex[i] = -1;
    ((dxJointFixed *)j)->getInfo2(1.0, 1.0, 8, &o.J1[0][0], &o.J2[0][0], 2, &o.rc[0][0], &o.lohi[0][0], o.findex);
    dJointDestroy(j);
    dBodyDestroy(b1);
    dBodyDestroy(b2);
    return o;
}

static void report(const wcase &c, char mapping)
{
    Out o = run(c, mapping);
    wref ref = wc_ccref(&o.used);
    std::printf("\n== mapping %c: %s\n", mapping, c.name);
    wc_print_ref(&ref);
    double rhs[6];
    for (int i = 0; i < 6; i++)
        rhs[i] = o.rc[i][0];
    wc_print6("ODE rhs (lin 0..2 | ang 3..5)", rhs);
    std::printf("  max|rhs[0..2] - perr[3..5]| = %.3g (bit-equal: %s)\n", wc_maxabs(rhs, ref.r.out.perr + 3, 3),
                std::memcmp(rhs, ref.r.out.perr + 3, 3 * sizeof(double)) == 0 ? "yes" : "no");
    // angular: rhs = 2 R0 vec(qerr) in G; ccref order: RB^T rhs, (z, x, y)
    ccref_mat3 RB = wc_mul(o.used.b1.R, c.prm.frame1_in_b1.R);
    ccref_vec3 t = wc_mv(wc_tr(RB), wc_v(rhs[3], rhs[4], rhs[5]));
    double a[3] = {t.z, t.x, t.y};
    wc_print3("RB^T rhs[3..5] (z,x,y)", a);
    std::printf("  max|RB^T rhs[3..5] (z,x,y) - perr[0..2]| = %.3g\n", wc_maxabs(a, ref.r.out.perr, 3));
    if (mapping == 'A') {
        // rows as ccref's columns: P = -J, columns (w1 = J1 ang, v1 = J1 lin, w2 = J2 ang, v2 = J2 lin)
        double dl_v = 0, dl_w1 = 0, dl_w2 = 0, da = 0, nju_lin[3], nju_ang[3];
        for (int i = 0; i < 6; i++) {
            double row[12];
            for (int k = 0; k < 3; k++) {
                row[k] = -o.J1[i][3 + k], row[3 + k] = -o.J1[i][k], row[6 + k] = -o.J2[i][3 + k],
                row[9 + k] = -o.J2[i][k];
            }
            double s = 0;
            const ccref_vec3 *u[4] = {&c.b1.w, &c.b1.v, &c.b2.w, &c.b2.v};
            for (int k = 0; k < 12; k++)
                s += row[k] * wc_get(*u[k / 3], k % 3);
            if (i < 3) {
                nju_lin[i] = s;
                for (int k = 0; k < 12; k++) {
                    double e = std::fabs(row[k] - ref.P[3 + i][k]);
                    if (k < 3) dl_w1 = std::fmax(dl_w1, e);
                    else if (k >= 6 && k < 9) dl_w2 = std::fmax(dl_w2, e);
                    else dl_v = std::fmax(dl_v, e);
                }
            } else
                nju_ang[i - 3] = s;
            (void)da;
        }
        // angular rows to ccref's order by RB^T (z, x, y): P[0] = (RB^T(-J_ang))_z ...
        for (int k = 0; k < 12; k++) {
            ccref_vec3 col = wc_v(-o.J1[3][3 + k % 3], -o.J1[4][3 + k % 3], -o.J1[5][3 + k % 3]);
            if (k >= 6) col = wc_v(-o.J2[3][3 + k % 3], -o.J2[4][3 + k % 3], -o.J2[5][3 + k % 3]);
            bool ang = (k / 3) % 2 == 0;
            ccref_vec3 tt = wc_mv(wc_tr(RB), col);
            double cc[3] = {tt.z, tt.x, tt.y};
            for (int i = 0; i < 3; i++)
                da = std::fmax(da, std::fabs((ang ? cc[i] : 0.0) - ref.P[i][k]));
        }
        ccref_vec3 ta = wc_mv(wc_tr(RB), wc_v(nju_ang[0], nju_ang[1], nju_ang[2]));
        double aa[3] = {ta.z, ta.x, ta.y};
        std::printf("  -(J.u) lin = % .17g % .17g % .17g; max diff to verr[3..5] %.3g\n", nju_lin[0], nju_lin[1],
                    nju_lin[2], wc_maxabs(nju_lin, ref.r.out.verr + 3, 3));
        std::printf("  RB^T (-(J.u) ang) (z,x,y) - verr[0..2]: max %.3g\n", wc_maxabs(aa, ref.r.out.verr, 3));
        std::printf("  -J linear rows vs P[3..5]: v cols %.3g, w2 cols %.3g, w1 cols %.3g;  RB^T(-J angular) (z,x,y)"
                    " vs P[0..2]: %.3g\n", dl_v, dl_w2, dl_w1, da);
    }
}

int main()
{
    dInitODE2(0);
    world = dWorldCreate();
    const char *cfg = dGetConfiguration();
    std::printf("ODE configuration: %s\n", cfg);
    ccref_vec3 z = wc_v(0, 0, 0), dl = wc_v(1e-3, -2e-3, 1.5e-3);
    for (char mp : {'A', 'B'}) {
        wcase c = wc_make("assembled (general frames)", wc_ident(), z);
        report(c, mp);
        c = wc_make("offset only: D = I, S - P = (1e-3,-2e-3,1.5e-3)", wc_ident(), dl);
        report(c, mp);
        const double eps[3] = {1e-1, 1e-2, 1e-3};
        static char names[3][80];
        for (int k = 0; k < 3; k++) {
            std::snprintf(names[k], 80, "misaligned: D = rot((1,-2,0.5), %g), S = P", eps[k]);
            c = wc_make(names[k], wc_rot(1, -2, 0.5, eps[k]), z);
            report(c, mp);
        }
        c = wc_make_plain("plain frames (R1 = Rf1 = Rf2 = I), D = rot(x, +1e-3), S = P", wc_rot(1, 0, 0, 1e-3), z);
        report(c, mp);
    }
    std::printf("\n######## the eight perpendicularity-trap orientations (frames and R1 identity, R2 = Q exactly; "
                "mapping B)\n");
    for (int k = 0; k < 8; k++) {
        wcase c = wc_make_plain(wc_trap_name[k], wc_trap(k), wc_v(0, 0, 0));
        Out o = run(c, 'B');
        wref r = wc_ccref(&c);
        double n = std::sqrt(o.rc[3][0] * o.rc[3][0] + o.rc[4][0] * o.rc[4][0] + o.rc[5][0] * o.rc[5][0]);
        std::printf("  %-20s ccref perr[0..2] = % .3g % .3g % .3g   ODE rhs[3..5] = % .17g % .17g % .17g  |.| = %.6f\n",
                    c.name, r.r.out.perr[0], r.r.out.perr[1], r.r.out.perr[2], o.rc[3][0], o.rc[4][0], o.rc[5][0], n);
    }
    std::printf("\n######## the same eight with general frames and body 1 (Q = RB^T RF to rounding), mappings A and B\n");
    for (int k = 0; k < 8; k++) {
        wcase c = wc_make(wc_trap_name[k], wc_trap(k), wc_v(0, 0, 0));
        Out a = run(c, 'A');
        wref r = wc_ccref(&a.used);
        Out b = run(c, 'B');
        double na = std::sqrt(a.rc[3][0] * a.rc[3][0] + a.rc[4][0] * a.rc[4][0] + a.rc[5][0] * a.rc[5][0]);
        double nb = std::sqrt(b.rc[3][0] * b.rc[3][0] + b.rc[4][0] * b.rc[4][0] + b.rc[5][0] * b.rc[5][0]);
        std::printf("  %-20s ccref perr = % .2g % .2g % .2g | % .2g % .2g % .2g  |rhs ang| A %.6f B %.6f;  rhs lin A ="
                    " % .6f % .6f % .6f  B = % .2g % .2g % .2g\n", c.name, r.r.out.perr[0], r.r.out.perr[1],
                    r.r.out.perr[2], r.r.out.perr[3], r.r.out.perr[4], r.r.out.perr[5], na, nb, a.rc[0][0], a.rc[1][0],
                    a.rc[2][0], b.rc[0][0], b.rc[1][0], b.rc[2][0]);
    }
    dWorldDestroy(world);
    dCloseODE();
    return 0;
}
