// build: g++ -std=c++17 -O2 -ffp-contract=off -fno-fast-math -Wall -Wextra -Werror -Wno-array-bounds -isystem /usr/include/simbody noslip1d_aerr.cpp -o noslip1d_aerr -lSimTKsimbody -lSimTKmath -lSimTKcommon
//
// NOSLIP1D-AERR (consumers/simbody/findings/NOSLIP1D-AERR.md; Simbody issue #135): Simbody 3.7's
// Constraint::NoSlip1D acceleration error is not the time derivative of its velocity error. The velocity error is
// evaluated at the stations of B0 and B1 that are coincident with the contact point P *now* (recomputed from P at
// every evaluation), but the acceleration error differentiates them as if they were fixed material points and so
// drops the transport term
//     M = [w1 x (vP - vP1) - w0 x (vP - vP0)] . n        (vP: velocity of the case body's material point at P).
// Standalone: Simbody's public API only (Debian libsimbody-dev 3.7; never build with -DNDEBUG, see
// consumers/simbody/simbody.mk).
//
// What it does, for ten configurations (the same trajectories as noslip1d_fd.c, which evaluates them in 256-bit
// MPFR): Free bodies on Ground (or Ground itself) moved along exactly known smooth trajectories; Simbody's
// verr = NoSlip1D::getVelocityError at t0 -+ h (h = 2^-6, 2^-7, 2^-8, two-level Richardson: d verr/dt to ~1e-10),
// Simbody's aerr = its row of SimbodyMatterSubsystem::calcConstraintAccelerationErrors(state, udot) at udot = (b, a)
// per Free body, and M from Simbody's own station velocities (findStationVelocityInGround).
//
// The headline case: an upright disk rolling without slip on the ground plane while turning steadily (speed V = 1,
// heading rate 1, radius 1/2), the case body C the heading frame at the contact point, n = the disk's lateral
// direction. The disk's contact point has zero velocity at every instant, so verr(t) = 0 identically and the exact
// acceleration error is 0; Simbody reports -V psidot = -1.
//
// Exit 0 while the bug is there (the rolling disk's aerr is off by more than 0.5 and the generic case's aerr misses
// the finite-difference derivative of Simbody's own verr by more than 1e-3), 1 when it is gone.
#include <Simbody.h>

#include <cmath>
#include <cstdio>

using namespace SimTK;

namespace {

// ------------------------------------------------------------------ trajectories (as noslip1d_fd.c)

enum { T_GROUND, T_POLY, T_TURN, T_AXIS };
struct Traj {
    int type;
    const Traj *parent;
    double q[4][4], c[5][3];
    double rho, psid;
    int turn_rotates;
    double axis[3], th[3], off[3];
};

struct St {
    Mat33 R{1, 0, 0, 0, 1, 0, 0, 0, 1};
    Vec3 p{0}, w{0}, v{0}, b{0}, a{0};
};

double poly(const double *c, int stride, int deg, int der, double t)
{
    double r = 0;
    for (int k = deg; k >= der; k--) {
        double f = 1;
        for (int m = 0; m < der; m++)
            f *= k - m;
        r = r * t + c[k * stride] * f;
    }
    return r;
}

// vec(A conj Q) = q0 a - a0 q - a x q
Vec3 vec_aqbar(const double A[4], const double Q[4])
{
    Vec3 a(A[1], A[2], A[3]), q(Q[1], Q[2], Q[3]);
    return Q[0] * a - A[0] * q - a % q;
}

St eval_local(const Traj &tr, double t)
{
    St o;
    if (tr.type == T_GROUND)
        return o;
    if (tr.type == T_POLY) {
        double Q[3][4];
        for (int m = 0; m < 3; m++)
            for (int i = 0; i < 4; i++)
                Q[m][i] = poly(&tr.q[0][i], 4, 3, m, t);
        const double *q = Q[0];
        double N = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3];
        double Nd = 2 * (q[0] * Q[1][0] + q[1] * Q[1][1] + q[2] * Q[1][2] + q[3] * Q[1][3]) / N;
        double w = q[0], x = q[1], y = q[2], z = q[3];
        o.R = Mat33(w * w + x * x - y * y - z * z, 2 * (x * y - w * z), 2 * (x * z + w * y),
                    2 * (x * y + w * z), w * w - x * x + y * y - z * z, 2 * (y * z - w * x),
                    2 * (x * z - w * y), 2 * (y * z + w * x), w * w - x * x - y * y + z * z) / N;
        o.w = 2 * vec_aqbar(Q[1], Q[0]) / N;
        o.b = 2 * vec_aqbar(Q[2], Q[0]) / N - Nd * o.w;
        for (int i = 0; i < 3; i++) {
            o.p[i] = poly(&tr.c[0][i], 3, 4, 0, t);
            o.v[i] = poly(&tr.c[0][i], 3, 4, 1, t);
            o.a[i] = poly(&tr.c[0][i], 3, 4, 2, t);
        }
        return o;
    }
    if (tr.type == T_TURN) {
        double psi = tr.psid * t, s = std::sin(psi), c = std::cos(psi), k = tr.rho * tr.psid;
        if (tr.turn_rotates) {
            o.R = Mat33(c, -s, 0, s, c, 0, 0, 0, 1);
            o.w = Vec3(0, 0, tr.psid);
        }
        o.p = Vec3(tr.rho * s, tr.rho * (1 - c), 0);
        o.v = Vec3(k * c, k * s, 0);
        o.a = Vec3(-k * tr.psid * s, k * tr.psid * c, 0);
        return o;
    }
    // T_AXIS: R = c I + s [k]x + (1 - c) k k^T
    double th = poly(tr.th, 1, 2, 0, t), thd = poly(tr.th, 1, 2, 1, t), thdd = poly(tr.th, 1, 2, 2, t);
    double s = std::sin(th), c = std::cos(th);
    Vec3 k(tr.axis[0], tr.axis[1], tr.axis[2]);
    o.R = Mat33(c, -s * k[2], s * k[1], s * k[2], c, -s * k[0], -s * k[1], s * k[0], c) + (1 - c) * (k * ~k);
    o.w = thd * k;
    o.b = thdd * k;
    o.p = Vec3(tr.off[0], tr.off[1], tr.off[2]);
    return o;
}

St eval(const Traj &tr, double t)
{
    if (tr.type != T_AXIS || tr.parent == nullptr)
        return eval_local(tr, t);
    St P = eval(*tr.parent, t), L = eval_local(tr, t), o;
    Vec3 x = P.R * L.p, W = P.R * L.w, V = P.R * L.v;
    o.R = P.R * L.R;
    o.p = P.p + x;
    o.w = P.w + W;
    o.v = P.v + P.w % x + V;
    o.b = P.b + P.w % W + P.R * L.b;
    o.a = P.a + P.b % x + P.w % (P.w % x) + 2 * (P.w % V) + P.R * L.a;
    return o;
}

// ------------------------------------------------------------------ the configurations (as noslip1d_fd.c)

const Traj GROUND = {T_GROUND, nullptr, {}, {}, 0, 0, 0, {}, {}, {}};
const Traj GEN_C = {T_POLY, nullptr,
    {{0.75, 0.25, -0.5, 0.375}, {0.125, -0.25, 0.375, 0.5}, {-0.1875, 0.3125, 0.0625, -0.25},
     {0.0625, -0.125, 0.1875, 0.09375}},
    {{0.5, -1.25, 0.75}, {1.5, 0.25, -0.625}, {-0.375, 0.875, 0.5}, {0.25, -0.125, 0.3125}, {0.0625, 0.125, -0.1875}},
    0, 0, 0, {}, {}, {}};
const Traj GEN_B0 = {T_POLY, nullptr,
    {{-0.25, 0.625, 0.5, -0.5}, {0.375, 0.125, -0.25, 0.3125}, {0.25, -0.1875, 0.125, 0.0625},
     {-0.125, 0.0625, 0.25, -0.1875}},
    {{-0.75, 0.5, 1.25}, {-0.5, 1.125, 0.375}, {0.625, -0.25, -0.75}, {-0.3125, 0.1875, 0.125}, {0.125, -0.0625, 0.25}},
    0, 0, 0, {}, {}, {}};
const Traj GEN_B1 = {T_POLY, nullptr,
    {{0.5, -0.5, 0.25, 0.625}, {-0.3125, 0.25, 0.5, -0.125}, {0.125, 0.25, -0.3125, 0.1875},
     {0.1875, -0.0625, -0.125, 0.25}},
    {{1.0, 0.75, -0.5}, {0.25, -1.5, 0.875}, {-0.5, 0.375, 0.25}, {0.125, 0.25, -0.375}, {-0.25, 0.0625, 0.125}},
    0, 0, 0, {}, {}, {}};
const Traj SAME_B0 = {T_POLY, nullptr,
    {{0.75, 0.25, -0.5, 0.375}, {0.125, -0.25, 0.375, 0.5}, {-0.1875, 0.3125, 0.0625, -0.25},
     {0.0625, -0.125, 0.1875, 0.09375}},
    {{-0.75, 0.5, 1.25}, {-0.5, 1.125, 0.375}, {0.625, -0.25, -0.75}, {-0.3125, 0.1875, 0.125}, {0.125, -0.0625, 0.25}},
    0, 0, 0, {}, {}, {}};
const Traj SAME_B1 = {T_POLY, nullptr,
    {{0.75, 0.25, -0.5, 0.375}, {0.125, -0.25, 0.375, 0.5}, {-0.1875, 0.3125, 0.0625, -0.25},
     {0.0625, -0.125, 0.1875, 0.09375}},
    {{1.0, 0.75, -0.5}, {0.25, -1.5, 0.875}, {-0.5, 0.375, 0.25}, {0.125, 0.25, -0.375}, {-0.25, 0.0625, 0.125}},
    0, 0, 0, {}, {}, {}};
const Traj TRANS_C = {T_POLY, nullptr, {{1, 0, 0, 0}},
    {{0.5, -1.25, 0.75}, {1.5, 0.25, -0.625}, {-0.375, 0.875, 0.5}, {0.25, -0.125, 0.3125}, {0.0625, 0.125, -0.1875}},
    0, 0, 0, {}, {}, {}};
const Traj TURN_C = {T_TURN, nullptr, {}, {}, 1, 1, 1, {}, {}, {}};
const Traj TURN_DISK = {T_AXIS, &TURN_C, {}, {}, 0, 0, 0, {0, 1, 0}, {0.25, 2, 0}, {0, 0, 0.5}};
const Traj TURN_T = {T_TURN, nullptr, {}, {}, 1, 1, 0, {}, {}, {}};
const Traj SPUR0 = {T_AXIS, &GEN_C, {}, {}, 0, 0, 0, {0, 0, 1}, {0.5, 1.25, -0.75}, {-0.75, 0, 0}};
const Traj SPUR1 = {T_AXIS, &GEN_C, {}, {}, 0, 0, 0, {0, 0, 1}, {-1, -2.5, 0.375}, {0.5, 0, 0}};
const Traj BEVEL0 = {T_AXIS, &GEN_C, {}, {}, 0, 0, 0, {0, 0, 1}, {0.5, 1.25, -0.75}, {0, 0, 0}};
const Traj BEVEL1 = {T_AXIS, &GEN_C, {}, {}, 0, 0, 0, {1, 0, 0}, {-1, -2.5, 0.375}, {0, 0, 0}};

struct Case {
    const char *name;
    const Traj *C, *B0, *B1;
    Vec3 P_C, n_C;
};

const Case CASES[] = {
    {"generic: three free bodies, generic motion", &GEN_C, &GEN_B0, &GEN_B1, {0.25, -0.5, 0.375}, {0, 0, 1}},
    {"generic, translating case body (w_C = 0)", &TRANS_C, &GEN_B0, &GEN_B1, {0.25, -0.5, 0.375}, {0, 0, 1}},
    {"common rotation w0 = w1 = w_C (factor-2 case)", &GEN_C, &SAME_B0, &SAME_B1, {0.25, -0.5, 0.375}, {0, 0, 1}},
    {"rolling disk, turning, lateral n (C turns)", &TURN_C, &GROUND, &TURN_DISK, {0, 0, 0}, {0, 1, 0}},
    {"rolling disk, turning, longitudinal n (C turns)", &TURN_C, &GROUND, &TURN_DISK, {0, 0, 0}, {1, 0, 0}},
    {"rolling disk, turning, n = x_C (C translates)", &TURN_T, &GROUND, &TURN_DISK, {0, 0, 0}, {1, 0, 0}},
    {"rolling disk, turning, n = y_C (C translates)", &TURN_T, &GROUND, &TURN_DISK, {0, 0, 0}, {0, 1, 0}},
    {"spur gears in a moving case, n = pitch tangent", &GEN_C, &SPUR0, &SPUR1, {0, 0, 0}, {0, 1, 0}},
    {"bevel gears in a moving case, n = pitch tangent", &GEN_C, &BEVEL0, &BEVEL1, {0.5, 0, 0.75}, {0, 1, 0}},
    {"spur gears in a moving case, n = line of centres", &GEN_C, &SPUR0, &SPUR1, {0, 0, 0}, {1, 0, 0}},
};

// ------------------------------------------------------------------ Simbody

struct Result {
    double verr, aerr, M, fd;
};

Result run(const Case &cs, double t0)
{
    MultibodySystem system;
    SimbodyMatterSubsystem matter(system);
    Body::Rigid rigid(MassProperties(1, Vec3(0), UnitInertia(1)));
    const Traj *trajs[3] = {cs.C, cs.B0, cs.B1};
    MobilizedBody mb[3];
    for (int k = 0; k < 3; k++)
        mb[k] = trajs[k]->type == T_GROUND ? MobilizedBody(matter.Ground())
                                            : MobilizedBody(MobilizedBody::Free(matter.Ground(), Transform(), rigid,
                                                                                 Transform()));
    Constraint::NoSlip1D ns(mb[0], cs.P_C, UnitVec3(cs.n_C), mb[1], mb[2]);
    State s = system.realizeTopology();
    system.realizeModel(s);

    auto set_state = [&](double t) {
        for (int k = 0; k < 3; k++) {
            if (trajs[k]->type == T_GROUND)
                continue;
            St x = eval(*trajs[k], t);
            mb[k].setQToFitTransform(s, Transform(Rotation(x.R, true), x.p));
            mb[k].setUToFitAngularVelocity(s, x.w);
            mb[k].setUToFitLinearVelocity(s, x.v);
        }
        system.realize(s, Stage::Velocity);
    };
    auto verr_at = [&](double t) {
        set_state(t);
        return ns.getVelocityError(s);
    };
    auto cdiff = [&](double h) { return (verr_at(t0 + h) - verr_at(t0 - h)) / (2 * h); };

    Result r;
    // d verr/dt: two-level Richardson of central differences at h = 2^-6, 2^-7, 2^-8
    double D0 = cdiff(std::ldexp(1.0, -6)), D1 = cdiff(std::ldexp(1.0, -7)), D2 = cdiff(std::ldexp(1.0, -8));
    double R0 = (4 * D1 - D0) / 3, R1 = (4 * D2 - D1) / 3;
    r.fd = (16 * R1 - R0) / 15;

    set_state(t0);
    r.verr = ns.getVelocityError(s);
    Vector udot(s.getNU(), 0.0);
    for (int k = 0; k < 3; k++) {
        if (trajs[k]->type == T_GROUND)
            continue;
        St x = eval(*trajs[k], t0);
        int u0 = mb[k].getFirstUIndex(s);
        for (int i = 0; i < 3; i++) {
            udot[u0 + i] = x.b[i];
            udot[u0 + 3 + i] = x.a[i];
        }
    }
    Vector pvaerr, aerr;
    matter.calcConstraintAccelerationErrors(s, udot, pvaerr);
    ns.getMyPartFromConstraintSpaceVector(s, pvaerr, aerr);
    r.aerr = aerr[0];

    // M = [w1 x (vP - vP1) - w0 x (vP - vP0)] . n, from Simbody's own kinematics
    const Vec3 P = mb[0].findStationLocationInGround(s, cs.P_C);
    const Vec3 n = mb[0].expressVectorInGroundFrame(s, Vec3(UnitVec3(cs.n_C)));
    const Vec3 vP = mb[0].findStationVelocityInGround(s, cs.P_C);
    const Vec3 vP0 = mb[1].findStationVelocityInGround(s, mb[1].findStationAtGroundPoint(s, P));
    const Vec3 vP1 = mb[2].findStationVelocityInGround(s, mb[2].findStationAtGroundPoint(s, P));
    const Vec3 w0 = mb[1].getBodyAngularVelocity(s), w1 = mb[2].getBodyAngularVelocity(s);
    r.M = dot(w1 % (vP - vP1) - w0 % (vP - vP0), n);
    return r;
}

} // namespace

int main()
{
    const double t0 = 0.125;
    std::printf("Simbody 3.7 Constraint::NoSlip1D at t0 = 1/8; FD = Richardson of Simbody's own getVelocityError, "
                "h = 2^-6 .. 2^-8\n");
    std::printf("%-50s %14s %22s %22s %22s %10s %10s\n", "case", "verr", "FD d verr/dt", "Simbody aerr", "M",
                "|FD-aerr|", "|FD-aerr-M|");
    bool rolling_bug = false, generic_bug = false, formula_ok = true;
    int k = 0;
    for (const Case &cs : CASES) {
        Result r = run(cs, t0);
        double e_sim = std::fabs(r.fd - r.aerr), e_der = std::fabs(r.fd - (r.aerr + r.M));
        std::printf("%-50s % .6e % .15e % .15e % .15e %10.3e %10.3e\n", cs.name, r.verr, r.fd, r.aerr, r.M, e_sim,
                    e_der);
        std::printf("%-50s Simbody aerr = %a\n", "", r.aerr);
        if (e_der > 1e-8)
            formula_ok = false;
        if (k == 0)
            generic_bug = e_sim > 1e-3;
        if (k == 3) {
            std::printf("%-50s exact d verr/dt = 0 (verr = 0 at every t: pure rolling)\n", "");
            rolling_bug = std::fabs(r.aerr) > 0.5;
        }
        k++;
    }
    std::printf("d verr/dt = Simbody's aerr + M in every case (to 1e-8): %s\n", formula_ok ? "yes" : "NO");
    bool bug = rolling_bug && generic_bug;
    std::printf("%s\n", bug ? "NOSLIP1D-AERR reproduces: Simbody's aerr is not d verr/dt (it misses M)"
                            : "NOSLIP1D-AERR does not reproduce");
    return bug ? 0 : 1;
}
