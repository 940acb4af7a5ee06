// weld_probe.cpp (the research program bullet_weld.cpp, copied): what Bullet 3.24's btFixedConstraint (a
// btGeneric6DofSpring2Constraint, RO_XYZ, all six limits lo = hi = 0) writes in getInfo2 next to ccref's weld outputs
// (consumers/bullet/README.md, "weld", cites its figures).
//
// Build (from the repository root, after make build/libccref.a; one line):
//   nice g++ -std=c++17 -O2 -ffp-contract=off -Isrc -Iconsumers/common $(pkg-config --cflags bullet-float64)
//       consumers/bullet/tools/weld_probe.cpp build/libccref.a $(pkg-config --libs bullet-float64) -lm
//       -o build/bullet_weld_probe
// Run: ./build/bullet_weld_probe
//
// Mapping: rbA = ccref body 1, frameInA = frame 1 (Rf1, pf1); rbB = ccref body 2, frameInB = frame 2 (Rf2, pf2);
// info2.fps = info2.erp = 1 so that m_constraintError = (position error) * sign (btGeneric6DofSpring2Constraint.cpp:
// 733 at 3.24). Rows (setAngularLimits first, then setLinearLimits, getInfo2 :486-487): 0..2 angular about
// m_calculatedAxis[0..2], 3..5 linear along frame A's axes. Solver relative velocity J.u = J1l.vA + J1a.wA + J2l.vB +
// J2a.wB (as bullet_consumer.cpp's ball); ccref's rows are compared with -J.u and -J.
#include <btBulletDynamicsCommon.h>

#include <cstdio>
#include <cstring>

#include "weld_probe.h"

static_assert(sizeof(btScalar) == 8, "build with pkg-config bullet-float64");

static btVector3 V(ccref_vec3 a) { return btVector3(a.x, a.y, a.z); }
static btMatrix3x3 M(const ccref_mat3 &R)
{
    return btMatrix3x3(R.m[0][0], R.m[0][1], R.m[0][2], R.m[1][0], R.m[1][1], R.m[1][2], R.m[2][0], R.m[2][1],
                       R.m[2][2]);
}

struct Rows {
    static const int skip = 8;
    btScalar J1l[6 * skip], J1a[6 * skip], J2l[6 * skip], J2a[6 * skip], err[6 * skip], cfm[6 * skip], lo[6 * skip],
        hi[6 * skip];
    int n;
    double ang[3], lin[3], axis[3][3];
    btMatrix3x3 RA;     // m_calculatedTransformA's basis (frame 1 in G, as Bullet formed it)
    btTransform TA, TB; // m_calculatedTransformA/B (frames 1 and 2 in G)
};

static Rows run(const wcase &c, double mass1, double mass2)
{
    btRigidBody::btRigidBodyConstructionInfo ci1(mass1, nullptr, nullptr, mass1 > 0 ? btVector3(1, 1, 1) : btVector3(0, 0, 0));
    btRigidBody::btRigidBodyConstructionInfo ci2(mass2, nullptr, nullptr, mass2 > 0 ? btVector3(1, 1, 1) : btVector3(0, 0, 0));
    btRigidBody A(ci1), B(ci2);
    A.setCenterOfMassTransform(btTransform(M(c.b1.R), V(c.b1.p)));
    B.setCenterOfMassTransform(btTransform(M(c.b2.R), V(c.b2.p)));
    A.setLinearVelocity(V(c.b1.v));
    A.setAngularVelocity(V(c.b1.w));
    B.setLinearVelocity(V(c.b2.v));
    B.setAngularVelocity(V(c.b2.w));
    btFixedConstraint fc(A, B, btTransform(M(c.prm.frame1_in_b1.R), V(c.prm.frame1_in_b1.p)),
                         btTransform(M(c.prm.frame2_in_b2.R), V(c.prm.frame2_in_b2.p)));
    static Rows r;
    std::memset((void *)&r, 0, sizeof r);
    btTypedConstraint::btConstraintInfo1 i1;
    fc.getInfo1(&i1);       // calculateTransforms + testLimitValue: getInfo2 does not recompute them
    r.n = i1.m_numConstraintRows;
    for (int i = 0; i < 6 * Rows::skip; i++)
        r.lo[i] = -SIMD_INFINITY, r.hi[i] = SIMD_INFINITY;
    btTypedConstraint::btConstraintInfo2 i2;
    i2.fps = 1;
    i2.erp = 1;
    i2.m_J1linearAxis = r.J1l;
    i2.m_J1angularAxis = r.J1a;
    i2.m_J2linearAxis = r.J2l;
    i2.m_J2angularAxis = r.J2a;
    i2.rowskip = Rows::skip;
    i2.m_constraintError = r.err;
    i2.cfm = r.cfm;
    i2.m_lowerLimit = r.lo;
    i2.m_upperLimit = r.hi;
    i2.m_numIterations = 10;
    i2.m_damping = 1;
    fc.getInfo2(&i2);
    for (int i = 0; i < 3; i++) {
        r.ang[i] = fc.getAngle(i);
        r.lin[i] = fc.getRelativePivotPosition(i);
        for (int k = 0; k < 3; k++)
            r.axis[i][k] = fc.getAxis(i)[k];
    }
    r.RA = fc.getCalculatedTransformA().getBasis();
    r.TA = fc.getCalculatedTransformA();
    r.TB = fc.getCalculatedTransformB();
    return r;
}

// -(J.u) of row i, and -J row i in ccref's columns (w1, v1, w2, v2): Bullet's J is in G already.
static double neg_Ju(const Rows &r, int i, const wcase &c)
{
    const btScalar *a = r.J1l + i * Rows::skip, *b = r.J1a + i * Rows::skip, *e = r.J2l + i * Rows::skip,
                   *f = r.J2a + i * Rows::skip;
    double s = 0;
    const ccref_vec3 *u[4] = {&c.b1.w, &c.b1.v, &c.b2.w, &c.b2.v};
    const btScalar *J[4] = {b, a, f, e};
    for (int k = 0; k < 4; k++)
        s += J[k][0] * u[k]->x + J[k][1] * u[k]->y + J[k][2] * u[k]->z;
    return -s;
}
static void negJ(const Rows &r, int i, double out[12])
{
    const btScalar *J[4] = {r.J1a + i * Rows::skip, r.J1l + i * Rows::skip, r.J2a + i * Rows::skip,
                            r.J2l + i * Rows::skip};
    for (int k = 0; k < 4; k++)
        for (int j = 0; j < 3; j++)
            out[3 * k + j] = -(double)J[k][j];
}

static void report(const wcase &c)
{
    Rows r = run(c, 1, 1);
    wref o = wc_ccref(&c);
    std::printf("\n== %s  (rows %d)\n", c.name, r.n);
    wc_print_ref(&o);
    double e[6], nju[6];
    for (int i = 0; i < 6; i++)
        e[i] = r.err[i * Rows::skip], nju[i] = neg_Ju(r, i, c);
    wc_print6("Bullet m_constraintError", e);
    wc_print6("Bullet -(J.u)", nju);
    wc_print3("getAngle(0..2)", r.ang);
    wc_print3("getRelativePivotPosition(0..2)", r.lin);
    // linear rows rotated into G with Bullet's own frame-A basis (a consumer rotation)
    double g[3], gv[3], pe[3], pv[3];
    for (int i = 0; i < 3; i++) {
        g[i] = r.RA[i][0] * e[3] + r.RA[i][1] * e[4] + r.RA[i][2] * e[5];
        gv[i] = r.RA[i][0] * nju[3] + r.RA[i][1] * nju[4] + r.RA[i][2] * nju[5];
        pe[i] = o.r.out.perr[3 + i];
        pv[i] = o.r.out.verr[3 + i];
    }
    std::printf("  err[3..5] == RA^-1 (S-P) in frame-1 coords; RA err[3..5] - perr[3..5]: max %.3g;"
                "  RA (-J.u)[3..5] - verr[3..5]: max %.3g\n", wc_maxabs(g, pe, 3), wc_maxabs(gv, pv, 3));
    double a[3] = {e[2], e[0], e[1]}, av[3] = {nju[2], nju[0], nju[1]};
    std::printf("  (err[2], err[0], err[1]) - perr[0..2]: max %.3g;  (-(J.u))[2,0,1] - verr[0..2]: max %.3g\n",
                wc_maxabs(a, o.r.out.perr, 3), wc_maxabs(av, o.r.out.verr, 3));
    // rows: angular rows (2,0,1) vs P[0..2]; linear rows: RA * (-J rows 3..5) vs P[3..5]
    double dA = 0, dLv = 0, dLw2 = 0, dLw1 = 0;
    static const int perm[3] = {2, 0, 1};
    for (int i = 0; i < 3; i++) {
        double row[12];
        negJ(r, perm[i], row);
        dA = std::fmax(dA, wc_maxabs(row, o.P[i], 12));
    }
    double L[3][12];
    for (int i = 0; i < 3; i++)
        negJ(r, 3 + i, L[i]);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 12; j++) {
            double x = r.RA[i][0] * L[0][j] + r.RA[i][1] * L[1][j] + r.RA[i][2] * L[2][j];
            double dd = std::fabs(x - o.P[3 + i][j]);
            if (j < 3) dLw1 = std::fmax(dLw1, dd);
            else if (j >= 6 && j < 9) dLw2 = std::fmax(dLw2, dd);
            else dLv = std::fmax(dLv, dd);
        }
    {
        double mx = 0;
        const ccref_frame *F[2] = {&o.r.frame1, &o.r.frame2};
        const btTransform *T[2] = {&r.TA, &r.TB};
        for (int k = 0; k < 2; k++)
            for (int i = 0; i < 3; i++) {
                mx = std::fmax(mx, std::fabs(T[k]->getOrigin()[i] - wc_get(F[k]->p, i)));
                for (int j = 0; j < 3; j++)
                    mx = std::fmax(mx, std::fabs(T[k]->getBasis()[i][j] - F[k]->R.m[i][j]));
            }
        std::printf("  getCalculatedTransformA/B vs ccref frame1/frame2: max diff %.3g\n", mx);
    }
    std::printf("  -J angular rows (2,0,1) vs P[0..2]: max %.3g;  RA (-J linear rows) vs P[3..5]: v cols %.3g, "
                "w2 cols %.3g, w1 cols %.3g\n", dA, dLv, dLw2, dLw1);
}

int main()
{
    std::printf("Bullet %d, btScalar %zu bytes\n", btGetVersion(), sizeof(btScalar));
    ccref_vec3 z = wc_v(0, 0, 0), dl = wc_v(1e-3, -2e-3, 1.5e-3);
    wcase c = wc_make("assembled (general frames)", wc_ident(), z);
    report(c);
    c = wc_make("offset only: D = I, S - P = (1e-3,-2e-3,1.5e-3)", wc_ident(), dl);
    report(c);
    const double eps[3] = {1e-1, 1e-2, 1e-3};
    char names[3][80];
    for (int k = 0; k < 3; k++) {
        std::snprintf(names[k], 80, "misaligned: D = rot((1,-2,0.5), %g), S = P", eps[k]);
        c = wc_make(names[k], wc_rot(1, -2, 0.5, eps[k]), z);
        report(c);
    }
    c = wc_make("generic: D = rot((1,-2,0.5), 0.3), S - P = (0.1,-0.05,0.2)", wc_rot(1, -2, 0.5, 0.3),
                wc_v(0.1, -0.05, 0.2));
    report(c);
    c = wc_make_plain("plain frames (R1 = Rf1 = Rf2 = I), D = rot((1,-2,0.5), 1e-2), S - P = (1e-3,-2e-3,1.5e-3)",
                      wc_rot(1, -2, 0.5, 1e-2), dl);
    report(c);

    std::printf("\n######## sign check: D = rot(x, +1e-3) (frame 2 turned +1e-3 about frame 1's x), plain frames\n");
    c = wc_make_plain("rot x +1e-3", wc_rot(1, 0, 0, 1e-3), z);
    {
        Rows r = run(c, 1, 1);
        wref o = wc_ccref(&c);
        std::printf("  getAngle(0) = %.6g, m_constraintError[0] = %.6g, ccref perr[1] = Fy.Bz = %.6g\n", r.ang[0],
                    (double)r.err[0], o.r.out.perr[1]);
    }

    std::printf("\n######## static body: body 1 mass 0 (m_hasStaticBody), two angular errors > 1e-3 (rotAllowed = 0)\n");
    for (int small = 0; small < 2; small++) {
        c = wc_make(small ? "D = rot((1,-2,0.5), 1e-4)" : "D = rot((1,-2,0.5), 0.1)",
                    wc_rot(1, -2, 0.5, small ? 1e-4 : 0.1), z);
        std::printf("  %s, S = P\n", c.name);
        Rows r1 = run(c, 1, 1), r0 = run(c, 0, 1);
        for (int i = 3; i < 6; i++) {
            double x1[12], x0[12];
            negJ(r1, i, x1);
            negJ(r0, i, x0);
            std::printf("  row %d -J w1 | w2 cols: masses (1,1) % .6f % .6f % .6f | % .6f % .6f % .6f;"
                        "  masses (0,1) % .6f % .6f % .6f | % .6f % .6f % .6f\n", i, x1[0], x1[1], x1[2], x1[6],
                        x1[7], x1[8], x0[0], x0[1], x0[2], x0[6], x0[7], x0[8]);
        }
    }

    std::printf("\n######## the eight perpendicularity-trap orientations (frames and R1 identity, R2 = Q exactly)\n");
    for (int k = 0; k < 8; k++) {
        c = wc_make_plain(wc_trap_name[k], wc_trap(k), z);
        Rows r = run(c, 1, 1);
        wref o = wc_ccref(&c);
        std::printf("  %-20s ccref perr[0..2] = % .3g % .3g % .3g   Bullet getAngle = % .17g % .17g % .17g"
                    "  err[0..2] = % .6f % .6f % .6f\n",
                    c.name, o.r.out.perr[0], o.r.out.perr[1], o.r.out.perr[2], r.ang[0], r.ang[1], r.ang[2],
                    (double)r.err[0], (double)r.err[Rows::skip], (double)r.err[2 * Rows::skip]);
    }
    std::printf("\n######## the same eight with general frames and body 1 (Q = RB^T RF to rounding)\n");
    for (int k = 0; k < 8; k++) {
        c = wc_make(wc_trap_name[k], wc_trap(k), z);
        Rows r = run(c, 1, 1);
        wref o = wc_ccref(&c);
        std::printf("  %-20s ccref perr[0..2] = % .3g % .3g % .3g   Bullet getAngle = % .6f % .6f % .6f\n", c.name,
                    o.r.out.perr[0], o.r.out.perr[1], o.r.out.perr[2], r.ang[0], r.ang[1], r.ang[2]);
    }
    return 0;
}
