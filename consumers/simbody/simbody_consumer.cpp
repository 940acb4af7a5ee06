// simbody_consumer.cpp: Simbody 3.7 (Debian's libsimbody-dev) evaluated on ccref's golden vectors.
//
// For every test of the vector files given, the program builds a Simbody System with the test's bodies (Free
// mobilized bodies on Ground, or Ground itself; a Slider for a coordinate), the constraint or unilateral contact
// with the test's parameters, sets the state exactly (no assembly, no projection), and writes what Simbody
// computes in ccref's results format (spec/vectors.md section 9), which `ccref check` judges. The mapping of every
// output to the Simbody call that gives it, and what is not reported, is consumers/simbody/README.md.
//
// Inputs Simbody cannot take exactly are reported as "inputs_used": a Free body's orientation is a quaternion, so
// the rotation Simbody forms from it differs from the vector's R by rounding; check judges Simbody at the R it used.
//
// Not built with -DNDEBUG: Debian's Simbody is built without it, and a client with NDEBUG corrupts the heap in
// realizeTopology. calcEffectiveCOR/COF assert on their domain: invalid tests (bad input) are not run, since Simbody
// has no input statuses (counted and reported).
#include <Simbody.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

// The C headers of ccref include GMP, MPFR, MPFI and jansson: include those first, as C++ sees them (gmp.h has C++
// declarations of its own), so that the extern "C" block below finds them already included.
#include <gmp.h>
#include <jansson.h>
#include <mpfi.h>
#include <mpfr.h>

extern "C" {
#include "../../src/ccref_version.h"
#include "../../cli/jsonw.h"
#include "../../cli/outcome.h"
#include "../../cli/vectors.h"
}

using namespace SimTK;

namespace {

// ------------------------------------------------------------------ conversions

Vec3 vec(const ccref_vec3 &v) { return Vec3(v.x, v.y, v.z); }

// The rotation exactly as given (the trusted constructor: no re-orthonormalisation, as ccref takes it).
Rotation rotation(const ccref_mat3 &m)
{
    Mat33 M(m.m[0][0], m.m[0][1], m.m[0][2], m.m[1][0], m.m[1][1], m.m[1][2], m.m[2][0], m.m[2][1], m.m[2][2]);
    return Rotation(M, true);
}

Transform frame(const ccref_frame &f) { return Transform(rotation(f.R), vec(f.p)); }

// A unit vector exactly as given (trusted).
UnitVec3 unit(const ccref_vec3 &v) { return UnitVec3(vec(v), true); }

bool is_ground(const ccref_body &b)
{
    ccref_body g = ccref_body_ground();
    return std::memcmp(&b, &g, sizeof g) == 0;
}

// ------------------------------------------------------------------ the system of one test

// A body of the test: Ground when the vector says "ground", else a Free body whose state is set from the test.
struct TestBody {
    MobilizedBody mobod;
    bool ground = true;
    ccref_body in{};
};

struct Built {
    MultibodySystem system;
    SimbodyMatterSubsystem matter{system};
    TestBody b[2];
    Body::Rigid rigid{MassProperties(1, Vec3(0), UnitInertia(1))};

    TestBody add(const ccref_body &in)
    {
        TestBody t;
        t.in = in;
        if (is_ground(in)) {
            t.mobod = matter.Ground();
            return t;
        }
        t.ground = false;
        t.mobod = MobilizedBody::Free(matter.Ground(), Transform(), rigid, Transform());
        return t;
    }
};

// Pose and speeds of a Free body: q from R (its quaternion) and p; u = (w, v) in Ground, exactly.
void set_free_state(State &s, const TestBody &t)
{
    if (t.ground)
        return;
    t.mobod.setQToFitTransform(s, Transform(rotation(t.in.R), vec(t.in.p)));
    t.mobod.setUToFitAngularVelocity(s, vec(t.in.w));
    t.mobod.setUToFitLinearVelocity(s, vec(t.in.v));
}

// udot = (b, a) for each Free body: for a Free mobilizer on Ground the body's spatial acceleration is udot.
void set_free_udot(const State &s, const TestBody &t, Vector &udot)
{
    if (t.ground)
        return;
    int u0 = t.mobod.getFirstUIndex(s);
    for (int i = 0; i < 3; i++) {
        udot[u0 + i] = (&t.in.b.x)[i];
        udot[u0 + 3 + i] = (&t.in.a.x)[i];
    }
}

// ------------------------------------------------------------------ results

struct Out {
    int suite;
    double value[CCREF_MAX_SLOTS];
    bool have[CCREF_MAX_SLOTS];
    Out(int s) : suite(s) { std::memset(have, 0, sizeof have); }
    void set(int slot, double v)
    {
        value[slot] = v;
        have[slot] = true;
    }
    void set3(int slot, const Vec3 &v)
    {
        for (int i = 0; i < 3; i++)
            set(slot + i, v[i]);
    }
    void set9(int slot, const Mat33 &m)
    {
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++)
                set(slot + 3 * i + j, m(i, j));
    }
    bool finite() const
    {
        for (int i = 0; i < CCREF_MAX_SLOTS; i++)
            if (have[i] && !std::isfinite(value[i]))
                return false;
        return true;
    }
};

struct Line {
    jw w;
    Line() { jw_init(&w); }
    ~Line() { jw_free(&w); }
};

void write_mat_hex(jw *w, const Mat33 &m)
{
    jw_arr(w);
    for (int i = 0; i < 3; i++) {
        jw_arr(w);
        for (int j = 0; j < 3; j++)
            jw_hex(w, m(i, j));
        jw_end_arr(w);
    }
    jw_end_arr(w);
}

// The result line: status OK with the outputs and discrete outputs Simbody gives, or ERROR when an output is not
// finite (Simbody has no statuses: a NaN or an infinity is its way of failing).
void write_result(jw *w, const char *id, const Out &o, const std::vector<std::pair<std::string, long>> &disc,
                  const State *s, const TestBody *bodies, int n_bodies, const Transform *stop_pose)
{
    jw_obj(w);
    jw_key(w, "id");
    jw_str(w, id);
    if (!o.finite()) {
        jw_key(w, "status");
        jw_str(w, "ERROR");
        jw_end_obj(w);
        return;
    }
    jw_key(w, "status");
    jw_str(w, "OK");
    for (const auto &d : disc) {
        jw_key(w, d.first.c_str());
        if (d.first == "has_friction" || d.first == "proximal")
            jw_bool(w, (int)d.second);
        else
            jw_int(w, d.second);
    }
    jw_key(w, "outputs");
    jw_obj(w);
    for (int i = 0; i < CCREF_MAX_SLOTS; i++)
        if (o.have[i]) {
            jw_key(w, slot_name(o.suite, i));
            jw_hex(w, o.value[i]);
        }
    jw_end_obj(w);
    // the inputs Simbody used where they differ from the vector's: a Free body's R comes from its quaternion
    bool any = false;
    for (int k = 0; k < n_bodies && s; k++)
        any |= !bodies[k].ground;
    if (any || stop_pose) {
        jw_key(w, "inputs_used");
        jw_obj(w);
        for (int k = 0; k < n_bodies; k++) {
            if (bodies[k].ground && !(k == 0 && stop_pose))
                continue;
            jw_key(w, k == 0 ? "body1" : "body2");
            jw_obj(w);
            if (k == 0 && stop_pose) {
                jw_key(w, "R");
                write_mat_hex(w, stop_pose->R().asMat33());
                jw_key(w, "p");
                jw_arr(w);
                for (int i = 0; i < 3; i++)
                    jw_hex(w, stop_pose->p()[i]);
                jw_end_arr(w);
            } else {
                jw_key(w, "R");
                write_mat_hex(w, bodies[k].mobod.getBodyRotation(*s).asMat33());
            }
            jw_end_obj(w);
        }
        jw_end_obj(w);
    }
    jw_end_obj(w);
}

// ------------------------------------------------------------------ timing (--bench)

// With --bench, each evaluation on its built System (set the state, realize, read every output) is repeated for
// at least BENCH_MIN_NS and its mean time recorded; otherwise it runs once.
constexpr double BENCH_MIN_NS = 2e6;
struct {
    bool on = false;
    double last_ns = 0.0; // the mean of the last evaluation timed
} g_bench;

// What the consumer asserted of Simbody beyond the outputs it reports, counted over the tests run (printed at the
// end): the bilateral tests whose multiplier getters answered at the test's lambda, the contact tests whose getAerr
// read the row reported as aerr, and the isProximal calls agreeing with sign * getPerr <= ptol.
struct {
    long multiplier_getters = 0; // bilateral tests: reactions, tension, applied forces at the test's multipliers
    long aerr_rows = 0;          // contact tests: getAerr == the reported aerr (the acceleration error at udot)
    long proximal_tests = 0;     // contact tests whose isProximal was called ...
    long proximal_calls = 0;     // ... this many times, each agreeing with the definition
} g_checks;

double now_ns()
{
    return (double)std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch()).count();
}

template <class F> bool evaluate_repeatedly(F &evaluate)
{
    if (!evaluate())
        return false;
    if (!g_bench.on)
        return true;
    long n = 0;
    const double t0 = now_ns();
    double t = t0;
    do {
        for (int i = 0; i < 16; i++)
            evaluate();
        n += 16;
        t = now_ns();
    } while (t - t0 < BENCH_MIN_NS);
    g_bench.last_ns = (t - t0) / (double)n;
    return true;
}

// ------------------------------------------------------------------ the bilateral kinds

// Rows, forces and the row counts of one enabled constraint at the test's udot and multipliers.
void constraint_rows(const Built &B, const State &s, const Constraint &c, const Vector &udot, const double *lambda,
                     Out &o, std::vector<std::pair<std::string, long>> &disc, int slot0 = 0)
{
    int mp, mv, ma;
    c.getNumConstraintEquationsInUse(s, mp, mv, ma);
    disc.push_back({"mp", mp});
    disc.push_back({"mv", mv});
    Vector perr = c.getPositionErrorsAsVector(s), verr = c.getVelocityErrorsAsVector(s);
    Vector pvaerr, aerr;
    B.matter.calcConstraintAccelerationErrors(s, udot, pvaerr);
    c.getMyPartFromConstraintSpaceVector(s, pvaerr, aerr);
    for (int i = 0; i < mp; i++)
        o.set(slot0 + CCREF_SLOT_PERR + i, perr[i]);
    for (int i = 0; i < mp + mv; i++) {
        o.set(slot0 + CCREF_SLOT_VERR + i, verr[i]);
        o.set(slot0 + CCREF_SLOT_AERR + i, aerr[i]);
    }
    Vector lam(mp + mv + ma, 0.0);
    for (int i = 0; i < mp + mv; i++)
        lam[i] = lambda[i];
    Vector_<SpatialVec> bodyForces;
    Vector mobilityForces;
    c.calcConstraintForcesFromMultipliers(s, lam, bodyForces, mobilityForces);
    // constrained bodies in the order they were given (body 1, body 2); one entry when both are the same body
    for (int k = 0; k < 2; k++) {
        SpatialVec F = k < bodyForces.size() ? bodyForces[k] : SpatialVec(Vec3(0), Vec3(0));
        o.set3(slot0 + (k == 0 ? CCREF_SLOT_F1_MOMENT : CCREF_SLOT_F2_MOMENT), F[0]);
        o.set3(slot0 + (k == 0 ? CCREF_SLOT_F1_FORCE : CCREF_SLOT_F2_FORCE), F[1]);
    }
}

// One bilateral kind: the constraint on the test's bodies, rows at the test's udot, forces from its multipliers, and
// every auxiliary output Simbody computes itself (the reactions, the rod tension and the applied forces of the
// contact constraints read the State's multipliers: the test's are written into the realized State).
bool run_kind(const vtest &t, const char *id, jw *w, std::string &why)
{
    const ccref_case &c = t.c.u.k;
    Built B;
    Out o(t.c.suite);
    std::vector<std::pair<std::string, long>> disc;
    if (c.kind == CCREF_KIND_CONSTANT_COORDINATE) {
        MobilizedBody::Slider slider(B.matter.Ground(), Transform(), B.rigid, Transform());
        Constraint::ConstantCoordinate cc(slider, MobilizerQIndex(0), c.params.constant_coordinate.position);
        State s = B.system.realizeTopology();
        auto evaluate = [&]() -> bool {
            o = Out(t.c.suite);
            disc.clear();
            slider.setQ(s, c.coordinate.q);
            slider.setU(s, c.coordinate.qdot);
            B.system.realize(s, Stage::Velocity);
            Vector udot(s.getNU(), 0.0);
            udot[slider.getFirstUIndex(s)] = c.coordinate.qdotdot;
            constraint_rows(B, s, cc, udot, c.lambda, o, disc);
            Vector lam(1, c.lambda[0]);
            Vector_<SpatialVec> bf;
            Vector mf;
            cc.calcConstraintForcesFromMultipliers(s, lam, bf, mf);
            o.set(CCREF_SLOT_CC_GENERALIZED_FORCE, mf[0]);
            return true;
        };
        if (!evaluate_repeatedly(evaluate))
            return false;
        write_result(w, id, o, disc, nullptr, nullptr, 0, nullptr);
        return true;
    }
    if (c.kind == CCREF_KIND_BALL_ROLLING_ON_PLANE) {
        why = "BallRollingOnPlane is not in Simbody 3.7";
        return false;
    }
    if (is_ground(c.body1) && is_ground(c.body2)) {
        why = "both bodies Ground: Simbody asserts that a constraint has two distinct bodies";
        return false;
    }
    B.b[0] = B.add(c.body1);
    B.b[1] = B.add(c.body2);
    MobilizedBody &m1 = B.b[0].mobod, &m2 = B.b[1].mobod;
    Constraint con;
    switch (c.kind) {
    case CCREF_KIND_BALL:
        con = Constraint::Ball(m1, vec(c.params.ball.station1_in_b1), m2, vec(c.params.ball.station2_in_b2));
        break;
    case CCREF_KIND_ROD:
        con = Constraint::Rod(m1, vec(c.params.rod.station1_in_b1), m2, vec(c.params.rod.station2_in_b2),
                              c.params.rod.length);
        break;
    case CCREF_KIND_POINT_IN_PLANE:
        con = Constraint::PointInPlane(m1, unit(c.params.point_in_plane.normal_in_b1), c.params.point_in_plane.height,
                                       m2, vec(c.params.point_in_plane.follower_in_b2));
        break;
    case CCREF_KIND_SPHERE_ON_PLANE: {
        const ccref_sphere_on_plane_params &p = c.params.sphere_on_plane;
        con = Constraint::SphereOnPlaneContact(m1, frame(p.plane_frame_in_b1), m2, vec(p.center_in_b2), p.radius,
                                               p.rolling != 0);
        break;
    }
    case CCREF_KIND_SPHERE_ON_SPHERE: {
        const ccref_sphere_on_sphere_params &p = c.params.sphere_on_sphere;
        con = Constraint::SphereOnSphereContact(m1, vec(p.center1_in_b1), p.radius1, m2, vec(p.center2_in_b2),
                                                p.radius2, p.rolling != 0);
        break;
    }
    case CCREF_KIND_POINT_ON_PLANE:
        con = Constraint::PointOnPlaneContact(m1, frame(c.params.point_on_plane.plane_frame_in_b1), m2,
                                              vec(c.params.point_on_plane.follower_in_b2));
        break;
    case CCREF_KIND_LINE_ON_LINE: {
        const ccref_line_on_line_params &p = c.params.line_on_line;
        con = Constraint::LineOnLineContact(m1, frame(p.edge_frame1_in_b1), p.half_length1, m2,
                                            frame(p.edge_frame2_in_b2), p.half_length2, p.rolling != 0);
        break;
    }
    default:
        why = "not a kind";
        return false;
    }
    State s = B.system.realizeTopology();
    auto evaluate = [&]() -> bool {
        o = Out(t.c.suite);
        disc.clear();
        for (int k = 0; k < 2; k++)
            set_free_state(s, B.b[k]);
        B.system.realize(s, Stage::Velocity);
        Vector udot(s.getNU(), 0.0);
        for (int k = 0; k < 2; k++)
            set_free_udot(s, B.b[k], udot);
        constraint_rows(B, s, con, udot, c.lambda, o, disc);
        switch (c.kind) {
        case CCREF_KIND_ROD:
            o.set3(CCREF_SLOT_ROD_ORIENTATION, Constraint::Rod::downcast(con).findRodOrientationInG(s));
            break;
        case CCREF_KIND_SPHERE_ON_PLANE: {
            const auto &k = Constraint::SphereOnPlaneContact::downcast(con);
            o.set3(CCREF_SLOT_SOP_CONTACT_POINT, k.findContactPointInG(s));
            o.set(CCREF_SLOT_SOP_SEPARATION, k.findSeparation(s));
            break;
        }
        case CCREF_KIND_SPHERE_ON_SPHERE: {
            const auto &k = Constraint::SphereOnSphereContact::downcast(con);
            Transform X = k.findContactFrameInG(s);
            o.set9(CCREF_SLOT_SOS_FRAME_R, X.R().asMat33());
            o.set3(CCREF_SLOT_SOS_FRAME_P, X.p());
            o.set(CCREF_SLOT_SOS_SEPARATION, k.findSeparation(s));
            break;
        }
        case CCREF_KIND_LINE_ON_LINE: {
            const auto &k = Constraint::LineOnLineContact::downcast(con);
            Vec3 Qf, Qb;
            bool parallel = false;
            k.findClosestPointsInG(s, Qf, Qb, parallel);
            o.set3(CCREF_SLOT_LOL_CLOSEST1, Qf);
            o.set3(CCREF_SLOT_LOL_CLOSEST2, Qb);
            Transform X = k.findContactFrameInG(s);
            o.set9(CCREF_SLOT_LOL_FRAME_R, X.R().asMat33());
            o.set3(CCREF_SLOT_LOL_FRAME_P, X.p());
            o.set(CCREF_SLOT_LOL_SEPARATION, k.findSeparation(s));
            break;
        }
        default:
            break;
        }
        if (c.kind == CCREF_KIND_POINT_IN_PLANE || c.kind == CCREF_KIND_POINT_ON_PLANE)
            return true;
        // The outputs Simbody computes from the State's multipliers: realize Acceleration (Simbody solves for its
        // own multipliers), then overwrite this constraint's part of the State's multipliers (a cache that is
        // mutable at Stage::Acceleration and invalidates nothing) with the test's lambda; the getters then answer
        // at the test's multipliers. Each getter's sign is ccref's definition of the output (README, table).
        B.system.realize(s, Stage::Acceleration);
        int mp, mv, ma;
        con.getNumConstraintEquationsInUse(s, mp, mv, ma);
        Vector lam(mp + mv + ma, 0.0);
        for (int i = 0; i < mp + mv; i++)
            lam[i] = c.lambda[i];
        con.setMyPartInConstraintSpaceVector(s, lam, s.updMultipliers());
        switch (c.kind) {
        case CCREF_KIND_BALL: {
            const auto &k = Constraint::Ball::downcast(con);
            o.set3(CCREF_SLOT_BALL_REACTION1, k.getBallReactionForceOnBody1(s));
            o.set3(CCREF_SLOT_BALL_REACTION2, k.getBallReactionForceOnBody2(s));
            break;
        }
        case CCREF_KIND_ROD:
            o.set(CCREF_SLOT_ROD_TENSION, Constraint::Rod::downcast(con).getRodTension(s));
            break;
        case CCREF_KIND_SPHERE_ON_PLANE:
            o.set3(CCREF_SLOT_SOP_FORCE_ON_SPHERE, Constraint::SphereOnPlaneContact::downcast(con).findForceOnSphereInG(s));
            break;
        case CCREF_KIND_SPHERE_ON_SPHERE:
            o.set3(CCREF_SLOT_SOS_FORCE_ON_BODY2,
                   Constraint::SphereOnSphereContact::downcast(con).findForceOnSphereBInG(s));
            break;
        case CCREF_KIND_LINE_ON_LINE: {
            // In Simbody's parallel branch (|df x db| < SignificantReal) this rotates the multipliers by its degenerate
            // frame, though no force is applied: the LolParallelFallback alternative leaves it free there.
            o.set3(CCREF_SLOT_LOL_FORCE_ON_BODY2, Constraint::LineOnLineContact::downcast(con).findForceOnBodyBInG(s));
            break;
        }
        default:
            break;
        }
        return true;
    };
    if (!evaluate_repeatedly(evaluate))
        return false;
    if (c.kind != CCREF_KIND_POINT_IN_PLANE && c.kind != CCREF_KIND_POINT_ON_PLANE)
        g_checks.multiplier_getters++;
    write_result(w, id, o, disc, &s, B.b, 2, nullptr);
    return true;
}

// ------------------------------------------------------------------ the unilateral contact classes

// One contact class (ConditionalConstraint.h), enabled, at the test's state and udot. getPerr, getVerr,
// whereToDisplay, the sign, hasFriction, getSlipVelocity and calcEffectiveCOR/COF are Simbody's calls. getAerr
// reads the State's realized acceleration errors, not a given udot's: the acceleration errors at the test's udot
// (calcConstraintAccelerationErrors) are written into the realized State, and getAerr must read the row getVerr
// reads (both checked). isProximal is checked against its definition at three tolerances. The impact and slip speeds
// are the time stepper's (SemiExplicitEulerTimeStepper): max(0, -sign verr) and |(verr_x, verr_y)| on the global
// verr at the contact's multiplier indices.
bool run_contact(const vtest &t, const char *id, jw *w, std::string &why)
{
    const ccref_contact_case &c = t.c.u.c;
    Built B;
    Out o(t.c.suite);
    std::vector<std::pair<std::string, long>> disc;
    const double min_cor = c.material.min_cor, mu_s = c.material.mu_s, mu_d = c.material.mu_d, mu_v = c.material.mu_v;
    UnilateralContact *uc = nullptr;
    MobilizedBody stop_body;
    bool stop = c.cls == CCREF_CONTACT_HARD_STOP_UPPER || c.cls == CCREF_CONTACT_HARD_STOP_LOWER;
    Transform stop_pose;
    if (stop) {
        // a Slider along x whose body has, at the test's q, the pose of the test's body 1 (its mobilizer frame M at
        // the station mobilizer_origin_in_b): X_GF = X_GB X_BM X_FM(q)^-1
        Transform X_BM(Rotation(), vec(c.params.hard_stop.mobilizer_origin_in_b));
        Transform X_GB(rotation(c.body1.R), vec(c.body1.p));
        Transform X_GF = X_GB * X_BM * ~Transform(Rotation(), Vec3(c.coordinate.q, 0, 0));
        stop_body = MobilizedBody::Slider(B.matter.Ground(), X_GF, B.rigid, X_BM);
        if (c.cls == CCREF_CONTACT_HARD_STOP_UPPER)
            uc = new HardStopUpper(stop_body, MobilizerQIndex(0), c.params.hard_stop.bound, min_cor);
        else
            uc = new HardStopLower(stop_body, MobilizerQIndex(0), c.params.hard_stop.bound, min_cor);
    } else {
        if (is_ground(c.body1) && is_ground(c.body2)) {
            why = "both bodies Ground: Simbody asserts that a constraint has two distinct bodies";
            return false;
        }
        B.b[0] = B.add(c.body1);
        B.b[1] = B.add(c.body2);
        MobilizedBody &m1 = B.b[0].mobod, &m2 = B.b[1].mobod;
        switch (c.cls) {
        case CCREF_CONTACT_ROPE:
            uc = new Rope(m1, vec(c.params.rope.station1_in_b1), m2, vec(c.params.rope.station2_in_b2),
                          c.params.rope.length_limit, min_cor);
            break;
        case CCREF_CONTACT_POINT_PLANE_FRICTIONLESS:
            uc = new PointPlaneFrictionlessContact(m1, unit(c.params.point_plane.normal_in_b1), c.params.point_plane.height,
                                                   m2, vec(c.params.point_plane.follower_in_b2), min_cor);
            break;
        case CCREF_CONTACT_POINT_PLANE:
            uc = new PointPlaneContact(m1, unit(c.params.point_plane.normal_in_b1), c.params.point_plane.height, m2,
                                       vec(c.params.point_plane.follower_in_b2), min_cor, mu_s, mu_d, mu_v);
            break;
        case CCREF_CONTACT_SPHERE_PLANE:
            uc = new SpherePlaneContact(m1, unit(c.params.sphere_plane.normal_in_b1), c.params.sphere_plane.height, m2,
                                        vec(c.params.sphere_plane.center_in_b2), c.params.sphere_plane.radius, min_cor,
                                        mu_s, mu_d, mu_v);
            break;
        case CCREF_CONTACT_SPHERE_SPHERE:
            uc = new SphereSphereContact(m1, vec(c.params.sphere_sphere.center1_in_b1), c.params.sphere_sphere.radius1,
                                         m2, vec(c.params.sphere_sphere.center2_in_b2), c.params.sphere_sphere.radius2,
                                         min_cor, mu_s, mu_d, mu_v);
            break;
        case CCREF_CONTACT_EDGE_EDGE:
            uc = new EdgeEdgeContact(m1, frame(c.params.edge_edge.edge_frame1_in_b1), c.params.edge_edge.half_length1,
                                     m2, frame(c.params.edge_edge.edge_frame2_in_b2), c.params.edge_edge.half_length2,
                                     min_cor, mu_s, mu_d, mu_v);
            break;
        default:
            why = "not a contact class";
            return false;
        }
    }
    B.matter.adoptUnilateralContact(uc);
    State s = B.system.realizeTopology();
    uc->enable(s);
    B.system.realizeModel(s);
    auto evaluate = [&]() -> bool {
        o = Out(t.c.suite);
        disc.clear();
        Vector udot;
        if (stop) {
            stop_body.setOneQ(s, 0, c.coordinate.q);
            stop_body.setOneU(s, 0, c.coordinate.qdot);
        } else {
            for (int k = 0; k < 2; k++)
                set_free_state(s, B.b[k]);
        }
        B.system.realize(s, Stage::Velocity);
        udot.resize(s.getNU());
        udot = 0.0;
        if (stop)
            udot[stop_body.getFirstUIndex(s)] = c.coordinate.qdotdot;
        else
            for (int k = 0; k < 2; k++)
                set_free_udot(s, B.b[k], udot);
        Vector pvaerr;
        B.matter.calcConstraintAccelerationErrors(s, udot, pvaerr);
        const Vector &uerr = s.getUErr(), &qerr = s.getQErr();
        const bool friction = uc->hasFriction(s);
        const int ix = uc->getContactMultiplierIndex(s);
        MultiplierIndex fxi, fyi;
        if (friction)
            uc->getFrictionMultiplierIndices(s, fxi, fyi);
        const int fx = friction ? (int)fxi : -1, fy = friction ? (int)fyi : -1;
        // the row getVerr reads: PointPlaneContact reads raw row 2 (its y row), the others the normal row
        const int vrow = c.cls == CCREF_CONTACT_POINT_PLANE ? fy : ix;
        const double verr = uc->getVerr(s);
        if (!(verr == uerr[vrow] || (std::isnan(verr) && std::isnan(uerr[vrow])))) {
            why = "getVerr does not read the row expected";
            return false;
        }
        // getAerr reads the State's acceleration errors (the underlying constraint's UDotErr slots), realized at
        // Simbody's own udot: realize Acceleration, write the acceleration errors at the test's udot into the
        // State's UDotErr (a cache mutable at Stage::Acceleration, as the multipliers), and getAerr must read the
        // row reported as aerr, as getVerr reads the verr row (checked above); else the test is not reported.
        B.system.realize(s, Stage::Acceleration);
        Vector &udoterr = s.updUDotErr();
        if (udoterr.size() != pvaerr.size()) {
            why = "the State's UDotErr and the acceleration errors differ in size";
            return false;
        }
        udoterr = pvaerr;
        const double aerr = uc->getAerr(s);
        if (!(aerr == pvaerr[vrow] || (std::isnan(aerr) && std::isnan(pvaerr[vrow])))) {
            why = "getAerr does not read the row expected";
            return false;
        }
        const double sign = uc->getSignConvention();
        const double perr = uc->getPerr(s);
        // isProximal(state, ptol) is documented as sign * getPerr <= ptol: called at tolerances just below, at and
        // just above sign * getPerr (all three agree with the definition, whatever it is for a NaN or an infinity)
        const double sp = sign * perr;
        const double ptols[3] = {std::nextafter(sp, -INFINITY), sp, std::nextafter(sp, INFINITY)};
        for (double ptol : ptols)
            if (uc->isProximal(s, ptol) != (sp <= ptol)) {
                why = "isProximal disagrees with sign * getPerr <= ptol";
                return false;
            }
        disc.push_back({"sign", (long)sign});
        disc.push_back({"has_friction", friction ? 1L : 0L});
        o.set(CCREF_CSLOT_PERR, perr);
        o.set(CCREF_CSLOT_VERR, verr);
        o.set(CCREF_CSLOT_AERR, aerr);
        o.set3(CCREF_CSLOT_DISPLAY, uc->whereToDisplay(s));
        const double impact = std::max(0.0, -sign * uerr[ix]);
        o.set(CCREF_CSLOT_IMPACT_SPEED, impact);
        // calcEffectiveCOR/COF assert on their domain: a NaN speed (an overflowed state) is not passed to them
        o.set(CCREF_CSLOT_EFFECTIVE_COR, impact >= 0.0 ? uc->calcEffectiveCOR(s, c.speeds.capture_speed,
                                                                             c.speeds.min_cor_speed, impact)
                                                       : NAN);
        // the underlying constraint's rows in canonical order (normal, x, y) from the global vectors
        const int C = CCREF_CSLOT_CONSTRAINT;
        o.set(C + CCREF_SLOT_PERR, qerr[ix]);
        o.set(C + CCREF_SLOT_VERR, uerr[ix]);
        o.set(C + CCREF_SLOT_AERR, pvaerr[ix]);
        if (friction) {
            Vec2 slip = uc->getSlipVelocity(s);
            o.set(CCREF_CSLOT_SLIP_VELOCITY, slip[0]);
            o.set(CCREF_CSLOT_SLIP_VELOCITY + 1, slip[1]);
            // slip_acceleration has no getter: the x and y rows of the acceleration errors, as spec/vectors.md
            // defines it for every class (not the raw rows getSlipVelocity reads for PointPlaneContact)
            o.set(CCREF_CSLOT_SLIP_ACCELERATION, pvaerr[fx]);
            o.set(CCREF_CSLOT_SLIP_ACCELERATION + 1, pvaerr[fy]);
            const double slip_speed = std::sqrt(uerr[fx] * uerr[fx] + uerr[fy] * uerr[fy]);
            o.set(CCREF_CSLOT_SLIP_SPEED, slip_speed);
            o.set(CCREF_CSLOT_EFFECTIVE_COF,
                  slip_speed >= 0.0 ? uc->calcEffectiveCOF(s, c.speeds.transition_speed, slip_speed) : NAN);
            o.set(C + CCREF_SLOT_VERR + 1, uerr[fx]);
            o.set(C + CCREF_SLOT_VERR + 2, uerr[fy]);
            o.set(C + CCREF_SLOT_AERR + 1, pvaerr[fx]);
            o.set(C + CCREF_SLOT_AERR + 2, pvaerr[fy]);
        }
        // body forces of the multipliers, at the contact's global indices, per mobilized body in Ground
        Vector lam(pvaerr.size(), 0.0);
        lam[ix] = c.lambda[0];
        if (friction) {
            lam[fx] = c.lambda[1];
            lam[fy] = c.lambda[2];
        }
        Vector_<SpatialVec> bodyForces;
        Vector mobilityForces;
        B.matter.calcConstraintForcesFromMultipliers(s, lam, bodyForces, mobilityForces);
        if (stop) {
            o.set(CCREF_CSLOT_COORDINATE_FORCE, mobilityForces[stop_body.getFirstUIndex(s)]);
            stop_pose = stop_body.getBodyTransform(s);
            // the body forces Simbody gives (a ConstantCoordinate's are zero): the stop's body and Ground
            const MobilizedBodyIndex on[2] = {stop_body.getMobilizedBodyIndex(), GroundIndex};
            for (int k = 0; k < 2; k++) {
                const SpatialVec &F = bodyForces[on[k]];
                o.set3(C + (k == 0 ? CCREF_SLOT_F1_MOMENT : CCREF_SLOT_F2_MOMENT), F[0]);
                o.set3(C + (k == 0 ? CCREF_SLOT_F1_FORCE : CCREF_SLOT_F2_FORCE), F[1]);
            }
        } else if (B.b[0].mobod.getMobilizedBodyIndex() != B.b[1].mobod.getMobilizedBodyIndex()) {
            for (int k = 0; k < 2; k++) {
                const SpatialVec &F = bodyForces[B.b[k].mobod.getMobilizedBodyIndex()];
                o.set3(C + (k == 0 ? CCREF_SLOT_F1_MOMENT : CCREF_SLOT_F2_MOMENT), F[0]);
                o.set3(C + (k == 0 ? CCREF_SLOT_F1_FORCE : CCREF_SLOT_F2_FORCE), F[1]);
            }
        }
        return true;
    };
    if (!evaluate_repeatedly(evaluate))
        return false;
    g_checks.aerr_rows++;
    g_checks.proximal_tests++;
    g_checks.proximal_calls += 3;
    write_result(w, id, o, disc, &s, B.b, stop ? 1 : 2, stop ? &stop_pose : nullptr);
    return true;
}

// ------------------------------------------------------------------ the rules

bool run_rule(const vtest &t, const char *id, jw *w, std::string &why)
{
    Out o(t.c.suite);
    std::vector<std::pair<std::string, long>> disc;
    if (t.c.suite == SUITE_EFFECTIVE_COR) {
        const cli_cor_params &p = t.c.u.cor;
        auto evaluate = [&]() -> bool {
            o.set(0, ConditionalConstraint::calcEffectiveCOR(p.min_cor, p.capture_speed, p.min_cor_speed,
                                                             p.impact_speed));
            return true;
        };
        evaluate_repeatedly(evaluate);
    } else if (t.c.suite == SUITE_EFFECTIVE_COF) {
        const cli_cof_params &p = t.c.u.cof;
        auto evaluate = [&]() -> bool {
            o.set(0, ConditionalConstraint::calcEffectiveCOF(p.mu_s, p.mu_d, p.mu_v, p.transition_speed,
                                                             p.slip_speed));
            return true;
        };
        evaluate_repeatedly(evaluate);
    } else {
        // isProximal(state, ptol) = sign * getPerr <= ptol: a hard stop at bound 0 of the test's sign (Lower +1,
        // Upper -1) whose coordinate is the test's perr, so getPerr = q - 0 = perr exactly. The validity
        // conditions are ccref's reading of the UnilateralContact documentation, with no Simbody call: not reported.
        const cli_classify_params &p = t.c.u.cl;
        Built B;
        MobilizedBody::Slider slider(B.matter.Ground(), Transform(), B.rigid, Transform());
        UnilateralContact *uc = p.sign > 0 ? (UnilateralContact *)new HardStopLower(slider, MobilizerQIndex(0), 0.0, 0.0)
                                           : (UnilateralContact *)new HardStopUpper(slider, MobilizerQIndex(0), 0.0, 0.0);
        B.matter.adoptUnilateralContact(uc);
        State s = B.system.realizeTopology();
        auto evaluate = [&]() -> bool {
            disc.clear();
            slider.setOneQ(s, 0, p.perr);
            B.system.realize(s, Stage::Position);
            if (uc->getSignConvention() != p.sign || !(uc->getPerr(s) == p.perr)) {
                why = "the hard stop does not reproduce the test's sign and perr";
                return false;
            }
            disc.push_back({"proximal", uc->isProximal(s, p.tol_perr) ? 1L : 0L});
            return true;
        };
        if (!evaluate_repeatedly(evaluate))
            return false;
    }
    write_result(w, id, o, disc, nullptr, nullptr, 0, nullptr);
    return true;
}

// The double kernel alone (no bounds, no flattening): what an engine's evaluation is set beside. For the classify
// suite the one output Simbody gives, isProximal.
volatile double g_sink; // the kernels' results stay live

void kernel_only(const cli_case &c)
{
    switch (suite_type_of(c.suite)) {
    case SUITE_TYPE_KIND: {
        ccref_result r;
        ccref_eval(&c.u.k, &r);
        g_sink = r.u.out.perr[0];
        break;
    }
    case SUITE_TYPE_CONTACT: {
        ccref_contact_result r;
        ccref_contact_eval(&c.u.c, &r);
        g_sink = r.perr;
        break;
    }
    default: {
        double v = 0.0;
        int proximal = 0;
        if (c.suite == SUITE_EFFECTIVE_COR)
            ccref_effective_cor(c.u.cor.min_cor, c.u.cor.capture_speed, c.u.cor.min_cor_speed, c.u.cor.impact_speed, &v);
        else if (c.suite == SUITE_EFFECTIVE_COF)
            ccref_effective_cof(c.u.cof.mu_s, c.u.cof.mu_d, c.u.cof.mu_v, c.u.cof.transition_speed, c.u.cof.slip_speed,
                                &v);
        else
            ccref_unilateral_is_proximal(c.u.cl.sign, c.u.cl.perr, c.u.cl.tol_perr, &proximal);
        g_sink = v + proximal;
    }
    }
}

// The mean time of fn over repetitions lasting at least BENCH_MIN_NS.
template <class F> double mean_ns(F fn)
{
    fn();
    long n = 0;
    const double t0 = now_ns();
    double t = t0;
    do {
        for (int i = 0; i < 4; i++)
            fn();
        n += 4;
        t = now_ns();
    } while (t - t0 < BENCH_MIN_NS);
    return (t - t0) / (double)n;
}

// --bench: per suite, over the tests Simbody runs, the mean time per test of Simbody (building the System and
// evaluating once; evaluating again on the built System), of ccref's double kernels and of the certified oracle
// (both stages as an engine calls it, and the MPFI stage alone), with the share of tests the oracle's first stage
// answered in full, all measured in this one run, on the same tests, so that their ratios are side by side. Each
// suite's row covers every family (the degenerate and near-threshold ones send part of the tests to the MPFI stage);
// the rows under it take its "random" family alone, per variant (rolling, sliding): the well-conditioned cases of
// `make oracle-bench`'s rows, here beside Simbody's time on the same tests.
struct SuiteTime {
    long tests = 0, first = 0;
    double build_ns = 0, simbody_ns = 0, kernel_ns = 0, oracle_ns = 0, mpfi_ns = 0;
    void add(const SuiteTime &o)
    {
        tests += o.tests;
        first += o.first;
        build_ns += o.build_ns;
        simbody_ns += o.simbody_ns;
        kernel_ns += o.kernel_ns;
        oracle_ns += o.oracle_ns;
        mpfi_ns += o.mpfi_ns;
    }
};

void print_times(const char *name, const SuiteTime &st)
{
    const double n = (double)st.tests;
    std::printf("%-26s %6ld %14.1f %14.0f %12.1f %12.2f %7.1f%% %10.1f %9.2f\n", name, st.tests,
                st.build_ns / n / 1e3, st.simbody_ns / n, st.kernel_ns / n, st.oracle_ns / n / 1e3,
                100.0 * (double)st.first / n, st.mpfi_ns / n / 1e3, st.oracle_ns / st.simbody_ns);
    std::fflush(stdout);
}

int run_bench(int first, int argc, char **argv)
{
    ora_ctx *ctx = ora_ctx_new(NULL), *mpfi = ora_ctx_new(NULL);
    ora_ctx_set_first_stage(mpfi, 0);
    SuiteTime all, all_random;
    std::printf("Simbody 3.7 beside ccref, mean per test over the tests Simbody runs (vectors; each time the mean of "
                "repetitions lasting >= %.0f ms)\n", BENCH_MIN_NS / 1e6);
    std::printf("%-26s %6s %14s %14s %12s %12s %8s %10s %9s\n", "suite", "tests", "Simbody us", "Simbody ns",
                "kernel ns", "oracle us", "first", "MPFI us", "or/Sb");
    std::printf("%-26s %6s %14s %14s %12s %12s %8s %10s %9s\n", "", "", "build+evaluate", "evaluate", "",
                "certified", "stage", "alone", "evaluate");
    for (int a = first; a < argc; a++) {
        vfile f;
        char err[700];
        if (vfile_load(argv[a], &f, err, sizeof err) != 0) {
            std::fprintf(stderr, "simbody_consumer: %s\n", err);
            return 2;
        }
        SuiteTime st, random_family[3]; // index: the group's rolling + 1 (0: no variant, 1: sliding, 2: rolling)
        jw w;
        jw_init(&w);
        for (int i = 0; i < f.n_tests; i++) {
            const vtest &t = f.tests[i];
            if (t.result == RESULT_INVALID)
                continue;
            std::string why;
            auto run = [&]() -> bool {
                jw_reset(&w);
                switch (suite_type_of(f.suite)) {
                case SUITE_TYPE_KIND: return run_kind(t, "bench", &w, why);
                case SUITE_TYPE_CONTACT: return run_contact(t, "bench", &w, why);
                default: return run_rule(t, "bench", &w, why);
                }
            };
            g_bench.on = false;
            const double t0 = now_ns();
            bool ran = false;
            try {
                ran = run();
            } catch (const std::exception &) {
                ran = false;
            }
            const double build = now_ns() - t0;
            if (!ran)
                continue;
            g_bench.on = true;
            run();
            g_bench.on = false;
            outcome oo;
            ora_cert cert[CCREF_MAX_SLOTS];
            int decided = 1, max_bits = 0;
            signed char dec[ORA_D_COUNT];
            SuiteTime one;
            one.tests = 1;
            one.build_ns = build;
            one.simbody_ns = g_bench.last_ns;
            one.kernel_ns = mean_ns([&] { kernel_only(t.c); });
            one.oracle_ns = mean_ns([&] { eval_oracle(ctx, &t.c, NULL, &oo, cert, &decided, &max_bits, dec); });
            one.first = decided && max_bits > 0 && max_bits <= 106;
            one.mpfi_ns = mean_ns([&] { eval_oracle(mpfi, &t.c, NULL, &oo, cert, &decided, &max_bits, dec); });
            st.add(one);
            const vgroup &grp = f.groups[t.group];
            if (std::strcmp(grp.family, "random") == 0)
                random_family[grp.rolling < 0 ? 0 : grp.rolling ? 2 : 1].add(one);
        }
        jw_free(&w);
        if (st.tests > 0)
            print_times(suite_name(f.suite), st);
        static const char *const variant[3] = {"  random", "  random, sliding", "  random, rolling"};
        for (int v = 2; v >= 0; v--)
            if (random_family[v].tests > 0) {
                print_times(variant[v], random_family[v]);
                all_random.add(random_family[v]);
            }
        all.add(st);
        vfile_free(&f);
    }
    print_times("all", all);
    print_times("all, random family", all_random);
    ora_ctx_free(ctx);
    ora_ctx_free(mpfi);
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    const char *output = nullptr;
    int first = 1;
    if (argc > 2 && std::strcmp(argv[1], "--bench") == 0)
        return run_bench(2, argc, argv);
    if (argc > 2 && std::strcmp(argv[1], "--output") == 0) {
        output = argv[2];
        first = 3;
    }
    if (first >= argc) {
        std::fprintf(stderr, "usage: simbody_consumer [--output RESULTS | --bench] VECTORFILE...\n");
        return 2;
    }
    FILE *out = output ? std::fopen(output, "w") : stdout;
    if (out == nullptr) {
        std::perror(output);
        return 2;
    }
    jw w;
    jw_init(&w);
    long run = 0, invalid = 0, absent = 0, failed = 0;
    std::string version;
    for (int a = first; a < argc; a++) {
        vfile f;
        char err[700];
        if (vfile_load(argv[a], &f, err, sizeof err) != 0) {
            std::fprintf(stderr, "simbody_consumer: %s\n", err);
            return 2;
        }
        if (a == first) {
            version = f.generator_version;
            jw_obj(&w);
            jw_key(&w, "schema");
            jw_str(&w, "ccref_results_v1");
            jw_key(&w, "generatorVersion");
            jw_str(&w, f.generator_version);
            jw_key(&w, "engine");
            jw_str(&w, "Simbody 3.7 (Debian libsimbody-dev 3.7+dfsg)");
            jw_end_obj(&w);
            jw_break(&w, "");
        }
        long f_run = 0, f_invalid = 0, f_absent = 0, f_failed = 0;
        std::string why;
        for (int i = 0; i < f.n_tests; i++) {
            const vtest &t = f.tests[i];
            // bad input: Simbody has no input statuses (and asserts on some): not run
            if (t.result == RESULT_INVALID) {
                f_invalid++;
                continue;
            }
            char id[80];
            std::snprintf(id, sizeof id, "%s/%d", suite_name(f.suite), t.tc_id);
            size_t mark = w.len;
            bool ok = false;
            try {
                switch (suite_type_of(f.suite)) {
                case SUITE_TYPE_KIND: ok = run_kind(t, id, &w, why); break;
                case SUITE_TYPE_CONTACT: ok = run_contact(t, id, &w, why); break;
                default: ok = run_rule(t, id, &w, why); break;
                }
            } catch (const std::exception &e) {
                // an exception Simbody throws on a valid input: an error line, a failure of the test
                w.len = mark;
                w.buf[mark] = '\0';
                jw_obj(&w);
                jw_key(&w, "id");
                jw_str(&w, id);
                jw_key(&w, "error");
                jw_obj(&w);
                jw_key(&w, "message");
                std::string msg = e.what();
                for (char &ch : msg)
                    if (ch == '\n')
                        ch = ' ';
                jw_str(&w, msg.c_str());
                jw_end_obj(&w);
                jw_end_obj(&w);
                ok = true;
                f_failed++;
            }
            if (!ok) {
                w.len = mark;
                w.buf[mark] = '\0';
                f_absent++;
                continue;
            }
            jw_break(&w, "");
            f_run++;
        }
        std::fprintf(stderr, "simbody_consumer: %-26s %4ld run (%ld threw), %ld invalid not run, %ld not in Simbody%s%s\n",
                     suite_name(f.suite), f_run, f_failed, f_invalid, f_absent, f_absent ? ": " : "",
                     f_absent ? why.c_str() : "");
        run += f_run;
        invalid += f_invalid;
        absent += f_absent;
        failed += f_failed;
        if (jw_write(&w, out) != 0) {
            std::fprintf(stderr, "simbody_consumer: write error\n");
            return 2;
        }
        jw_reset(&w);
        vfile_free(&f);
    }
    std::fprintf(stderr, "simbody_consumer: %ld tests run (%ld threw), %ld invalid tests not run, %ld not in Simbody\n",
                 run, failed, invalid, absent);
    std::fprintf(stderr, "simbody_consumer: asserted: multiplier getters at the test's lambda on %ld bilateral tests; "
                 "getAerr on the aerr row on %ld contact tests; isProximal = (sign * getPerr <= ptol) in %ld calls on "
                 "%ld contact tests\n", g_checks.multiplier_getters, g_checks.aerr_rows, g_checks.proximal_calls,
                 g_checks.proximal_tests);
    jw_free(&w);
    if (out != stdout && std::fclose(out) != 0)
        return 2;
    return 0;
}
