// simbody_consumer.cpp: Simbody 3.7 (Debian's libsimbody-dev) evaluated on ccref's golden vectors.
//
// For every test of the vector files given, the program builds a Simbody System with the test's bodies (Free
// mobilized bodies on Ground, or Ground itself; a Slider for a coordinate), the constraint or unilateral contact
// with the test's parameters, sets the state exactly (no assembly, no projection), and writes what Simbody
// computes in ccref's results format (spec/vectors.md section 9), which `ccref check` judges. The mapping of every
// output to the Simbody call that gives it, and what is not reported, is consumers/simbody/README.md.
//
// The Constraint handle (P, V, bias, power; spec/constraint_handle.md) comes from the generic Constraint's getters
// (calcPositionConstraintMatrixP, ~calcVelocityConstraintMatrixVt, calcConstraintAccelerationErrors at udot = 0,
// calcPower's formula at the test's multipliers); its other getters (Pt, PNInv, V, A, At, the *From* methods,
// calcPower) are checked on every test, a failure making the program exit with status 1 (README, "The Constraint
// handle: Simbody's deviations and what is checked").
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
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

// The C headers of ccref include GMP, MPFR, MPFI and jansson: include those first, as C++ sees them (gmp.h has C++
// declarations of its own), so that the extern "C" block below finds them already included.
#include <gmp.h>
#include <jansson.h>
#include <mpfi.h>
#include <mpfr.h>

extern "C" {
#include "../../src/ccref_handle.h"
#include "../../src/ccref_version.h"
#include "../../cli/expect.h"
#include "../../cli/jsonw.h"
#include "../../cli/outcome.h"
#include "../../cli/vectors.h"
#include "../../cli/verdict.h"
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
// at least BENCH_MIN_NS and its mean time recorded; otherwise it runs once. The Constraint handle's getters are
// timed apart on the evaluated State (handle_ns).
constexpr double BENCH_MIN_NS = 2e6;
struct {
    bool mode = false;     // --bench: the asserted checks are not run
    bool on = false;
    double last_ns = 0.0;   // the mean of the last evaluation timed
    double handle_ns = 0.0; // the mean of the last test's handle getters (P, Vt, bias, power)
} g_bench;

// What the consumer asserted of Simbody beyond the outputs it reports, counted over the tests run (printed at the
// end): the bilateral tests whose multiplier getters answered at the test's lambda, the contact tests whose getAerr
// read the row reported as aerr, the isProximal calls agreeing with sign * getPerr <= ptol, and the Constraint
// handle's other getters (README, "The Constraint handle"). A failed handle check is printed and makes the consumer
// exit with status 1 (the results are still written).
struct {
    long multiplier_getters = 0; // bilateral tests: reactions, tension, applied forces at the test's multipliers
    long weld_vec6 = 0;          // weld tests: Weld::getPositionErrors / getVelocityErrors == the rows reported
    long aerr_rows = 0;          // contact tests: getAerr == the reported aerr (the acceleration error at udot)
    long proximal_tests = 0;     // contact tests whose isProximal was called ...
    long proximal_calls = 0;     // ... this many times, each agreeing with the definition
    long handle_tests = 0;       // tests whose handle getters were checked (kinds and contact classes)
    long pt_tests = 0, pt_entries = 0, pt_bitwise = 0, pt_unclaimed = 0; // Pt^T judged as P
    long pninv_tests = 0, pninv_entries = 0, pninv_unclaimed = 0;          // PNInv against P NInv(q)
    double pninv_worst = 0.0;    // the worst |PNInv - P NInv(q)| / its tolerance
    long a_empty = 0;            // A 0 x nu and At nu x 0 (ma = 0)
    long unimplemented = 0;      // calcPositionErrorFromQ / VelocityErrorFromU / AccelerationErrorFromUDot threw
    long v_throws = 0, v_empty = 0; // calcVelocityConstraintMatrixV threw (mv > 0), returned 0 x nu (mv = 0)
    long power_formula = 0;      // calcPower == -(sum F.V + sum f u) at the State's multipliers, bit for bit
    long power_ignores = 0;      // calcPower unchanged after the test's multipliers are written into the State
    long power_identity = 0;     // calcPower and -(lambda . verr) at the State's multipliers, both certified
    long power_nonfinite = 0;    // ... not checked: the State's multipliers or calcPower not finite
    long power_unclaimed = 0;    // ... not checked: no OK-class answer with a bound for the power there
    long certified_missing = 0;  // tests with no OK-class answer at Simbody's inputs (no certified check)
    long failures = 0;
} g_checks;

void check_fail(const char *id, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void check_fail(const char *id, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    std::fprintf(stderr, "simbody_consumer: %s: handle check failed: ", id);
    std::vfprintf(stderr, fmt, ap);
    std::fputc('\n', stderr);
    va_end(ap);
    g_checks.failures++;
}

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

// ------------------------------------------------------------------ the Constraint handle

// The handle of ccref (src/ccref_handle.h): G = [P; V] = d verr / du over the mobilities u, bias = aerr at udot = 0,
// power = -(lambda . verr). Simbody's mobilities are its Free bodies' u = (w, v), in Ground (a Free mobilizer on
// Ground with identity frames), in the order the bodies were added, or a Slider's qdot: ccref's column of each of
// Simbody's u (-1: none). Ground has no mobilities in Simbody, so a Ground body's six columns are not reported.
std::vector<int> body_columns(const State &s, const TestBody *b)
{
    std::vector<int> col(s.getNU(), -1);
    for (int k = 0; k < 2; k++)
        if (!b[k].ground) {
            const int u0 = b[k].mobod.getFirstUIndex(s);
            for (int i = 0; i < 6; i++)
                col[u0 + i] = 6 * k + i;
        }
    return col;
}

std::vector<int> coordinate_columns(const State &s, const MobilizedBody &m)
{
    std::vector<int> col(s.getNU(), -1);
    col[m.getFirstUIndex(s)] = 0;
    return col;
}

// PNInv = P N^-1: each q's column of PNInv as a sum over P's columns, sum_u coef * P[.][u]. A Free body's q =
// (quaternion q0..q3, scalar first, unnormalized; p) and u = (w, v): the quaternion's columns from
// NInv(q) = 2 [[-q1, q0, -q3, q2], [-q2, q3, q0, -q1], [-q3, -q2, q1, q0]] (Rotation.h,
// calcUnnormalizedNInvForQuaternion; 2q is exact), p's from v (coefficient 1); a Slider's q from its u.
struct QTerm {
    int u;
    double coef;
};
using QTerms = std::vector<std::vector<QTerm>>; // per q index

void free_ninv_terms(const State &s, const MobilizedBody &m, QTerms &terms)
{
    const int q0 = m.getFirstQIndex(s), u0 = m.getFirstUIndex(s);
    const Vector &q = s.getQ();
    const double a = 2 * q[q0], b = 2 * q[q0 + 1], c = 2 * q[q0 + 2], d = 2 * q[q0 + 3];
    const double N[3][4] = {{-b, a, -d, c}, {-c, d, a, -b}, {-d, -c, b, a}};
    for (int k = 0; k < 4; k++)
        for (int i = 0; i < 3; i++)
            terms[q0 + k].push_back({u0 + i, N[i][k]});
    for (int i = 0; i < 3; i++)
        terms[q0 + 4 + i].push_back({u0 + 3 + i, 1.0});
}

QTerms body_ninv_terms(const State &s, const TestBody *b)
{
    QTerms terms(s.getNQ());
    for (int k = 0; k < 2; k++)
        if (!b[k].ground)
            free_ninv_terms(s, b[k].mobod, terms);
    return terms;
}

QTerms coordinate_ninv_terms(const State &s, const MobilizedBody &m)
{
    QTerms terms(s.getNQ());
    terms[m.getFirstQIndex(s)].push_back({m.getFirstUIndex(s), 1.0});
    return terms;
}

// What the handle's getters gave for one constraint (kept for the checks).
struct Handle {
    int mp = 0, mv = 0, ma = 0;
    Matrix P, Vt;  // calcPositionConstraintMatrixP (mp x nu), calcVelocityConstraintMatrixVt (nu x mv)
    Vector bias;   // the constraint's part of calcConstraintAccelerationErrors at udot = 0 ([p | v | a] rows)
    double power = 0.0;
};

// calcPower's formula (Constraint.cpp, Simbody 3.7): -(sum over the constrained bodies of F_b . V_GB + sum over the
// constrained mobilities of f_u u), in its order, with the forces of calcConstraintForcesFromMultipliers at lam (the
// constraint's multipliers, [p | v | a]) instead of those the State holds from Simbody's own solve. The body forces
// are in the constraint's Ancestor frame, Ground in every System built here (checked by the caller).
double power_at(const State &s, const Constraint &con, const Vector &lam)
{
    Vector_<SpatialVec> F;
    Vector f;
    con.calcConstraintForcesFromMultipliers(s, lam, F, f);
    Real power = 0;
    for (ConstrainedBodyIndex cbx(0); cbx < F.size(); ++cbx) {
        const SpatialVec &V_GB = con.getMobilizedBodyFromConstrainedBody(cbx).getBodyVelocity(s);
        power -= ~F[cbx] * V_GB;
    }
    const Vector &u = s.getU();
    for (ConstrainedUIndex cux(0); cux < f.size(); ++cux)
        power -= f[cux] * u[con.getUIndexOfConstrainedU(s, cux)];
    return power;
}

// The handle getters of con: P, Vt (when mv > 0: calcVelocityConstraintMatrixV throws then), the bias and the power
// at the multipliers lam.
void handle_getters(const SimbodyMatterSubsystem &matter, const State &s, const Constraint &con, const Vector &lam,
                    Handle &h)
{
    con.getNumConstraintEquationsInUse(s, h.mp, h.mv, h.ma);
    h.P = con.calcPositionConstraintMatrixP(s);
    h.Vt = h.mv > 0 ? con.calcVelocityConstraintMatrixVt(s) : Matrix(s.getNU(), 0);
    Vector zero(s.getNU(), 0.0), pvaerr;
    matter.calcConstraintAccelerationErrors(s, zero, pvaerr);
    con.getMyPartFromConstraintSpaceVector(s, pvaerr, h.bias);
    h.power = power_at(s, con, lam);
}

double handle_entry(const Handle &h, int row, int u) { return row < h.mp ? h.P(row, u) : h.Vt(u, row - h.mp); }

// The outputs, from slot slot0 of o: ccref's row r is the constraint's row rows[r] of [P; V] (V = ~Vt), its column
// col[u] Simbody's u (not reported where col is -1).
void handle_outputs(const Handle &h, const std::vector<int> &rows, const std::vector<int> &col, Out &o, int slot0)
{
    for (size_t r = 0; r < rows.size(); r++) {
        for (size_t u = 0; u < col.size(); u++)
            if (col[u] >= 0)
                o.set(slot0 + CCREF_HSLOT_G + CCREF_MAX_MOBILITIES * (int)r + col[u], handle_entry(h, rows[r], (int)u));
        o.set(slot0 + CCREF_HSLOT_BIAS + (int)r, h.bias[rows[r]]);
    }
    o.set(slot0 + CCREF_HSLOT_POWER, h.power);
}

// The State's side of calcPower, read at Stage::Acceleration before the test's multipliers are written.
struct StatePower {
    Vector lam;              // getMultipliersAsVector: Simbody's own multipliers
    Vector verr;             // getVelocityErrorsAsVector
    double power = NAN;      // calcPower
    double power_after = NAN; // calcPower again after the test's multipliers are written into the State
};

void state_power_before(const State &s, const Constraint &con, StatePower &sp)
{
    sp.lam = con.getMultipliersAsVector(s);
    sp.verr = con.getVelocityErrorsAsVector(s);
    sp.power = con.calcPower(s);
}

template <class F> bool throws_unimplemented(F f)
{
    try {
        f();
    } catch (const Exception::UnimplementedMethod &) {
        return true;
    } catch (...) {
        return false;
    }
    return false;
}

// An outcome holding Simbody's values at the given slots (status OK), for match_answer.
struct Got {
    outcome o;
    unsigned char reported[CCREF_MAX_SLOTS];
    explicit Got(int suite)
    {
        std::memset(&o, 0, sizeof o);
        std::memset(reported, 0, sizeof reported);
        o.suite = suite;
        o.n = suite_slots(suite);
        o.d.status = CCREF_OK;
    }
    void set(int slot, double v)
    {
        o.value[slot] = v;
        reported[slot] = 1;
    }
};

// The answers of a test: the expected one, then its alternatives.
int n_answers(const vtest &t) { return 1 + t.n_alt; }
const answer &answer_of(const vtest &t, int i) { return i == 0 ? t.expected : t.alt[i - 1]; }

// The first answer that g passes (every reported value within its tolerance, as ccref check judges), or -1.
int first_passed(const vtest &t, const Got &g, match_report &m)
{
    for (int i = 0; i < n_answers(t); i++) {
        if (!ccref_status_ok(answer_of(t, i).o.d.status))
            continue;
        match_answer(&answer_of(t, i), &g.o, g.reported, 0, &m);
        if (m.pass)
            return i;
    }
    return -1;
}

bool any_ok_answer(const vtest &t)
{
    for (int i = 0; i < n_answers(t); i++)
        if (ccref_status_ok(answer_of(t, i).o.d.status))
            return true;
    return false;
}

// The test with its answers made at the inputs Simbody used (as ccref check makes them, double tier), or null.
std::unique_ptr<vtest> answers_at(ora_ctx *ctx, const vtest &t, const cli_case &used, const char *id)
{
    std::unique_ptr<vtest> at(new vtest(t));
    at->c = used;
    char msg[300] = "";
    if (expect_test(ctx, at.get(), msg, sizeof msg) != 0) {
        check_fail(id, "no certified answer at the inputs Simbody used: %s", msg);
        return nullptr;
    }
    vtest_publish_tolerances(at.get());
    vtest_select_tier(at.get(), JUDGE_DOUBLE);
    return at;
}

ora_ctx *g_ctx = nullptr; // the oracle of the checks

// The checks of the handle's other getters on one test (README, "The Constraint handle"): con at State s realized
// to Stage::Acceleration (the test's multipliers written into it), h what the reported getters gave, sp the State's
// side of calcPower, rows and col as handle_outputs, terms as body_ninv_terms, used the test's case at the inputs
// Simbody used (the power's identity takes it with the State's multipliers sp.lam on ccref's rows).
void check_handle(const char *id, const vtest &t, const cli_case &used, const State &s, const Constraint &con,
                  const Handle &h, const StatePower &sp, const std::vector<int> &rows, const std::vector<int> &col,
                  const QTerms &terms)
{
    const int nu = s.getNU(), nq = s.getNQ(), mp = h.mp, mv = h.mv;
    const int own = suite_own_slots(t.c.suite), suite = t.c.suite;
    g_checks.handle_tests++;
    if (con.getNumConstrainedBodies() > 0 && !con.getAncestorMobilizedBody().isGround()) // none: a coordinate's
        check_fail(id, "the constraint's Ancestor is not Ground");
    // ---- shapes, and the getters Simbody 3.7 does not implement
    if (h.ma != 0)
        check_fail(id, "ma = %d, expected 0", h.ma);
    if (h.P.nrow() != mp || h.P.ncol() != nu || h.Vt.nrow() != nu || h.Vt.ncol() != mv)
        check_fail(id, "P is %d x %d, Vt %d x %d (mp %d, mv %d, nu %d)", h.P.nrow(), h.P.ncol(), h.Vt.nrow(),
                   h.Vt.ncol(), mp, mv, nu);
    const Matrix Pt = con.calcPositionConstraintMatrixPt(s), PNInv = con.calcPositionConstraintMatrixPNInv(s);
    const bool p_shapes = Pt.nrow() == nu && Pt.ncol() == mp && PNInv.nrow() == mp && PNInv.ncol() == nq;
    if (!p_shapes)
        check_fail(id, "Pt is %d x %d, PNInv %d x %d (mp %d, nu %d, nq %d)", Pt.nrow(), Pt.ncol(), PNInv.nrow(),
                   PNInv.ncol(), mp, nu, nq);
    const Matrix A = con.calcAccelerationConstraintMatrixA(s), At = con.calcAccelerationConstraintMatrixAt(s);
    if (A.nrow() == 0 && A.ncol() == nu && At.nrow() == nu && At.ncol() == 0)
        g_checks.a_empty++;
    else
        check_fail(id, "A is %d x %d and At %d x %d, expected 0 x %d and %d x 0", A.nrow(), A.ncol(), At.nrow(),
                   At.ncol(), nu, nu);
    if (mv > 0) {
        if (throws_unimplemented([&] { con.calcVelocityConstraintMatrixV(s); }))
            g_checks.v_throws++;
        else
            check_fail(id, "calcVelocityConstraintMatrixV did not throw UnimplementedMethod with mv = %d", mv);
    } else {
        Matrix V;
        bool threw = throws_unimplemented([&] { V = con.calcVelocityConstraintMatrixV(s); });
        if (!threw && V.nrow() == 0 && V.ncol() == nu)
            g_checks.v_empty++;
        else
            check_fail(id, "calcVelocityConstraintMatrixV with mv = 0: %s %d x %d", threw ? "threw" : "returned",
                       V.nrow(), V.ncol());
    }
    const Vector zero(nu, 0.0);
    const bool q_threw = throws_unimplemented([&] { con.calcPositionErrorFromQ(s, s.getQ()); });
    const bool u_threw = throws_unimplemented([&] { con.calcVelocityErrorFromU(s, s.getU()); });
    const bool udot_threw = throws_unimplemented([&] { con.calcAccelerationErrorFromUDot(s, zero); });
    if (q_threw && u_threw && udot_threw)
        g_checks.unimplemented++;
    else
        check_fail(id, "calcPositionErrorFromQ / calcVelocityErrorFromU / calcAccelerationErrorFromUDot threw "
                       "UnimplementedMethod: %d / %d / %d", q_threw, u_threw, udot_threw);
    // ---- calcPower: its formula at the State's multipliers, bit for bit; the test's multipliers written into the
    // State (as for the multiplier getters) do not move it
    const double replica = power_at(s, con, sp.lam);
    if (replica == sp.power || (std::isnan(replica) && std::isnan(sp.power)))
        g_checks.power_formula++;
    else
        check_fail(id, "calcPower = %a, its formula at the State's multipliers %a", sp.power, replica);
    if (sp.power_after == sp.power || (std::isnan(sp.power_after) && std::isnan(sp.power)))
        g_checks.power_ignores++;
    else
        check_fail(id, "calcPower moved from %a to %a when the test's multipliers were written", sp.power,
                   sp.power_after);
    // ---- the checks against the certified answers at the inputs Simbody used
    std::unique_ptr<vtest> at = answers_at(g_ctx, t, used, id);
    if (!at || !p_shapes)
        return;
    if (!any_ok_answer(*at)) {
        g_checks.certified_missing++;
        return;
    }
    auto pslot = [&](int r, int c) { return own + CCREF_HSLOT_G + CCREF_MAX_MOBILITIES * r + c; };
    // Simbody's P as reported: the answer it passes is the one Pt and PNInv are held to
    Got gp(suite), gpt(suite);
    int bitwise = 0, entries = 0;
    for (size_t r = 0; r < rows.size(); r++)
        if (rows[r] < mp)
            for (int u = 0; u < nu; u++)
                if (col[u] >= 0) {
                    gp.set(pslot((int)r, col[u]), h.P(rows[r], u));
                    gpt.set(pslot((int)r, col[u]), Pt(u, rows[r]));
                    bitwise += Pt(u, rows[r]) == h.P(rows[r], u);
                    entries++;
                }
    match_report m;
    const int ap = first_passed(*at, gp, m);
    if (ap < 0) {
        check_fail(id, "P passes no answer at the inputs Simbody used (%s): Pt and PNInv not checked", m.failure);
    } else {
        const answer &a = answer_of(*at, ap);
        // Pt, transposed, judged as P against the answer P passes (its tolerances: Pt is formed from the forces, not
        // by probing, so it need not equal P bit for bit)
        match_answer(&a, &gpt.o, gpt.reported, 0, &m);
        g_checks.pt_tests++;
        g_checks.pt_entries += m.values_compared;
        g_checks.pt_unclaimed += entries - m.values_compared;
        g_checks.pt_bitwise += bitwise;
        if (!m.pass)
            check_fail(id, "Pt transposed fails the answer P passes: %s", m.failure);
        // PNInv against P NInv(q) of Simbody's q on the answer's P (README, "PNInv's tolerance")
        const double gam3 = 3 * 0x1p-53 / (1 - 3 * 0x1p-53);
        g_checks.pninv_tests++;
        for (size_t r = 0; r < rows.size(); r++) {
            if (rows[r] >= mp)
                continue;
            for (int q = 0; q < nq; q++) {
                const std::vector<QTerm> &tq = terms[q];
                bool claimed = !tq.empty();
                double ref = 0.0, tol = 0.0, mag = 0.0;
                for (size_t k = 0; k < tq.size() && claimed; k++) {
                    const int sl = pslot((int)r, col[tq[k].u]);
                    const double tl = answer_tol(&a, sl), pc = a.o.value[sl];
                    claimed = col[tq[k].u] >= 0 && a.o.in_use[sl] && !a.unconstrained[sl] && a.cert_bits[sl] > 0 &&
                              std::isfinite(tl);
                    ref += tq[k].coef * pc;
                    tol += tl * std::fabs(tq[k].coef);
                    mag += (std::fabs(h.P(rows[r], tq[k].u)) + std::fabs(pc)) * std::fabs(tq[k].coef);
                }
                if (!claimed || !std::isfinite(ref) || !std::isfinite(mag)) {
                    g_checks.pninv_unclaimed++;
                    continue;
                }
                const bool exact = tq.size() == 1 && tq[0].coef == 1.0; // a copy: no rounding
                if (!exact)
                    tol += gam3 * mag + 0x1p-1072;
                tol *= 1 + 0x1p-48; // the rounding of these few operations on non-negative terms
                const double err = std::fabs(PNInv(rows[r], q) - ref);
                g_checks.pninv_entries++;
                if (!(err <= tol))
                    check_fail(id, "PNInv[%d][%d] = %a, P NInv(q) = %a on the answer P passes, tolerance %a", (int)r,
                               q, PNInv(rows[r], q), ref, tol);
                else if (tol > 0 && err / tol > g_checks.pninv_worst)
                    g_checks.pninv_worst = err / tol;
            }
        }
    }
    // ---- calcPower's identity at the State's own multipliers: calcPower and -(lambda . verr), each within the
    // double tier of the certified power at those multipliers (so within two tolerances of each other)
    bool finite = true;
    for (int i = 0; i < sp.lam.size(); i++)
        finite = finite && std::isfinite(sp.lam[i]);
    if (!finite || !std::isfinite(sp.power)) {
        g_checks.power_nonfinite++;
        return;
    }
    cli_case at_state = used;
    double *lam = suite_type_of(suite) == SUITE_TYPE_KIND ? at_state.u.k.lambda : at_state.u.c.lambda;
    for (size_t r = 0; r < rows.size(); r++)
        lam[r] = sp.lam[rows[r]];
    std::unique_ptr<vtest> atl = answers_at(g_ctx, t, at_state, id);
    if (!atl)
        return;
    double dot = 0.0;
    for (int r = 0; r < sp.verr.size(); r++)
        dot += sp.lam[r] * sp.verr[r];
    Got g1(suite), g2(suite);
    g1.set(own + CCREF_HSLOT_POWER, sp.power);
    g2.set(own + CCREF_HSLOT_POWER, -dot);
    bool passed = false, compared = false;
    match_report m1, m2;
    for (int i = 0; i < n_answers(*atl) && !passed; i++) {
        const answer &a = answer_of(*atl, i);
        if (!ccref_status_ok(a.o.d.status))
            continue;
        match_answer(&a, &g1.o, g1.reported, 0, &m1);
        match_answer(&a, &g2.o, g2.reported, 0, &m2);
        compared = compared || (m1.values_compared > 0 && m2.values_compared > 0);
        passed = m1.pass && m2.pass && m1.values_compared > 0 && m2.values_compared > 0;
    }
    if (passed)
        g_checks.power_identity++;
    else if (!compared)
        g_checks.power_unclaimed++;
    else
        check_fail(id, "calcPower = %a and -(lambda . verr) = %a at the State's multipliers: not both within the "
                       "certified power's tolerance (%s; %s)", sp.power, -dot, m1.failure, m2.failure);
}

// The handle's part of an evaluation (skipped in --bench, whose handle row times the getters apart): its outputs at
// the test's multipliers lam (the constraint's [p | v | a] rows), then, at Stage::Acceleration, the State's side of
// calcPower, and the test's multipliers written into the State (as for the multiplier getters).
void handle_part(const Built &B, State &s, const Constraint &con, const Vector &lam, const std::vector<int> &rows,
                 const std::vector<int> &col, Out &o, Handle &h, StatePower &sp)
{
    handle_getters(B.matter, s, con, lam, h);
    handle_outputs(h, rows, col, o, suite_own_slots(o.suite));
    B.system.realize(s, Stage::Acceleration);
    state_power_before(s, con, sp);
    con.setMyPartInConstraintSpaceVector(s, lam, s.updMultipliers());
    sp.power_after = con.calcPower(s);
}

// The rows 0 .. mp + mv - 1 of a constraint (a kind's rows are the constraint's, in order).
std::vector<int> all_rows(const State &s, const Constraint &con)
{
    int mp, mv, ma;
    con.getNumConstraintEquationsInUse(s, mp, mv, ma);
    std::vector<int> rows;
    for (int r = 0; r < mp + mv; r++)
        rows.push_back(r);
    return rows;
}

// The test's multipliers as the constraint's [p | v | a] vector, ccref's row r at the constraint's row rows[r].
Vector multipliers(const State &s, const Constraint &con, const std::vector<int> &rows, const double *lambda)
{
    int mp, mv, ma;
    con.getNumConstraintEquationsInUse(s, mp, mv, ma);
    Vector lam(mp + mv + ma, 0.0);
    for (size_t r = 0; r < rows.size(); r++)
        lam[rows[r]] = lambda[r];
    return lam;
}

// The test's case at the inputs Simbody used (what write_result reports as inputs_used): a Free body's rotation from
// its quaternion, a hard stop's pose.
cli_case used_case(const vtest &t, const State &s, const TestBody *bodies, int n_bodies, const Transform *stop_pose)
{
    cli_case used = t.c;
    for (int k = 0; k < n_bodies; k++) {
        ccref_body *b = case_body(&used, k + 1);
        if (b == nullptr)
            continue;
        if (k == 0 && stop_pose) {
            const Mat33 R = stop_pose->R().asMat33();
            for (int i = 0; i < 3; i++)
                for (int j = 0; j < 3; j++)
                    b->R.m[i][j] = R(i, j);
            b->p = {stop_pose->p()[0], stop_pose->p()[1], stop_pose->p()[2]};
        } else if (!bodies[k].ground) {
            const Mat33 R = bodies[k].mobod.getBodyRotation(s).asMat33();
            for (int i = 0; i < 3; i++)
                for (int j = 0; j < 3; j++)
                    b->R.m[i][j] = R(i, j);
        }
    }
    return used;
}

// --bench: the mean time of the handle getters on the evaluated State.
void handle_bench(const Built &B, const State &s, const Constraint &con, const Vector &lam)
{
    if (g_bench.on)
        g_bench.handle_ns = mean_ns([&] {
            Handle h;
            handle_getters(B.matter, s, con, lam, h);
        });
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
    Handle h;
    StatePower sp;
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
            if (!g_bench.mode)
                handle_part(B, s, cc, lam, {0}, coordinate_columns(s, slider), o, h, sp);
            return true;
        };
        if (!evaluate_repeatedly(evaluate))
            return false;
        if (!g_bench.mode)
            check_handle(id, t, t.c, s, cc, h, sp, {0}, coordinate_columns(s, slider),
                         coordinate_ninv_terms(s, slider));
        handle_bench(B, s, cc, Vector(1, c.lambda[0]));
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
    case CCREF_KIND_WELD:
        con = Constraint::Weld(m1, frame(c.params.weld.frame1_in_b1), m2, frame(c.params.weld.frame2_in_b2));
        break;
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
        case CCREF_KIND_WELD: {
            // Weld has no getter of its frames in G: getFrameOnBody1/2(State) are declared in Constraint_Weld.h
            // but not defined in Simbody 3.7 (a link error), as getWeldReactionOnBody1/2. The frames are composed
            // here, X_GB * X_BF by Simbody's own Transform product (findFrameTransformInGround) of the body's
            // transform and the frame the Weld holds (getDefaultFrameOnBody1/2): RB = R_GB Rf, p = p_GB + R_GB pf,
            // as WeldImpl forms RB, RF and p_AF1, p_AF2 for its rows. A composition, not a getter of the Weld.
            const auto &k = Constraint::Weld::downcast(con);
            const Transform X1 = m1.findFrameTransformInGround(s, k.getDefaultFrameOnBody1());
            const Transform X2 = m2.findFrameTransformInGround(s, k.getDefaultFrameOnBody2());
            o.set9(CCREF_SLOT_WELD_FRAME1_R, X1.R().asMat33());
            o.set3(CCREF_SLOT_WELD_FRAME1_P, X1.p());
            o.set9(CCREF_SLOT_WELD_FRAME2_R, X2.R().asMat33());
            o.set3(CCREF_SLOT_WELD_FRAME2_P, X2.p());
            break;
        }
        default:
            break;
        }
        // The Constraint handle at the test's multipliers (its rows are the constraint's), which also writes them
        // into the State at Stage::Acceleration
        const std::vector<int> rows = all_rows(s, con);
        const Vector lam = multipliers(s, con, rows, c.lambda);
        if (!g_bench.mode)
            handle_part(B, s, con, lam, rows, body_columns(s, B.b), o, h, sp);
        // no getter of these kinds reads the State's multipliers (Weld's reactions are not defined in Simbody 3.7)
        if (c.kind == CCREF_KIND_POINT_IN_PLANE || c.kind == CCREF_KIND_POINT_ON_PLANE || c.kind == CCREF_KIND_WELD)
            return true;
        // The outputs Simbody computes from the State's multipliers: realize Acceleration (Simbody solves for its
        // own multipliers), then overwrite this constraint's part of the State's multipliers (a cache that is
        // mutable at Stage::Acceleration and invalidates nothing) with the test's lambda; the getters then answer
        // at the test's multipliers. Each getter's sign is ccref's definition of the output (README, table).
        B.system.realize(s, Stage::Acceleration);
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
    if (c.kind != CCREF_KIND_POINT_IN_PLANE && c.kind != CCREF_KIND_POINT_ON_PLANE && c.kind != CCREF_KIND_WELD)
        g_checks.multiplier_getters++;
    if (c.kind == CCREF_KIND_WELD && !g_bench.mode) {
        // Weld's own Vec6 getters (spec/weld.md, "Row order table": they copy the rows in ccref's order) against the
        // rows reported from the generic getters, bit for bit (NaN as NaN)
        const auto &k = Constraint::Weld::downcast(con);
        const Vec6 pw = k.getPositionErrors(s), vw = k.getVelocityErrors(s);
        bool same = true;
        for (int i = 0; i < 6; i++) {
            const double pr = o.value[CCREF_SLOT_PERR + i], vr = o.value[CCREF_SLOT_VERR + i];
            same = same && (pw[i] == pr || (std::isnan(pw[i]) && std::isnan(pr))) &&
                   (vw[i] == vr || (std::isnan(vw[i]) && std::isnan(vr)));
        }
        if (same)
            g_checks.weld_vec6++;
        else
            check_fail(id, "Weld::getPositionErrors / getVelocityErrors differ from the constraint's rows");
    }
    const std::vector<int> rows = all_rows(s, con);
    if (!g_bench.mode)
        check_handle(id, t, used_case(t, s, B.b, 2, nullptr), s, con, h, sp, rows, body_columns(s, B.b),
                     body_ninv_terms(s, B.b));
    handle_bench(B, s, con, multipliers(s, con, rows, c.lambda));
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
    // The contact's one underlying constraint (ConditionalConstraint.h): the System's only one, so that its
    // [p | v | a] rows are the System's multiplier indices (getContactMultiplierIndex, getFrictionMultiplierIndices)
    if (B.matter.getNumConstraints() != 1) {
        why = "the contact's System does not have exactly one constraint";
        return false;
    }
    const Constraint &con = B.matter.getConstraint(ConstraintIndex(0));
    Handle h;
    StatePower spow;
    std::vector<int> rows; // the constraint's rows of ccref's rows: normal, x, y
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
        // The underlying constraint's handle (constraint.*), ccref's rows at the contact's multiplier indices
        rows.assign(1, ix);
        if (friction) {
            rows.push_back(fx);
            rows.push_back(fy);
        }
        if (!g_bench.mode)
            handle_part(B, s, con, multipliers(s, con, rows, c.lambda), rows,
                        stop ? coordinate_columns(s, stop_body) : body_columns(s, B.b), o, h, spow);
        return true;
    };
    if (!evaluate_repeatedly(evaluate))
        return false;
    g_checks.aerr_rows++;
    g_checks.proximal_tests++;
    g_checks.proximal_calls += 3;
    if (!g_bench.mode)
        check_handle(id, t, used_case(t, s, B.b, stop ? 1 : 2, stop ? &stop_pose : nullptr), s, con, h, spow, rows,
                     stop ? coordinate_columns(s, stop_body) : body_columns(s, B.b),
                     stop ? coordinate_ninv_terms(s, stop_body) : body_ninv_terms(s, B.b));
    handle_bench(B, s, con, multipliers(s, con, rows, c.lambda));
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


// The certified oracle on a case's own outputs (the Constraint handle's certificates apart: oracle_handle): whether its
// status and discrete outputs were decided and the highest precision that certified an output.
void oracle_own(ora_ctx *ctx, const cli_case &c, int *decided, int *max_bits)
{
    switch (suite_type_of(c.suite)) {
    case SUITE_TYPE_KIND: {
        ora_case_result r;
        ora_eval_case(ctx, &c.u.k, &r);
        *decided = r.decided;
        *max_bits = r.max_bits;
        break;
    }
    case SUITE_TYPE_CONTACT: {
        ora_contact_result r;
        ora_eval_contact_case(ctx, &c.u.c, &r);
        *decided = r.decided;
        *max_bits = r.max_bits;
        break;
    }
    default: {
        outcome oo;
        ora_cert cert[CCREF_MAX_SLOTS];
        signed char dec[ORA_D_COUNT];
        eval_oracle(ctx, &c, NULL, &oo, cert, decided, max_bits, dec);
    }
    }
}

// The Constraint handle of a case (a kind or a contact class): ccref's double kernel, and the certified oracle.
void kernel_handle(const cli_case &c)
{
    ccref_handle h;
    if (suite_type_of(c.suite) == SUITE_TYPE_KIND)
        ccref_handle_case(&c.u.k, &h);
    else
        ccref_handle_contact(&c.u.c, &h);
    g_sink = h.power;
}

// *max_bits: the highest precision that certified an entry of G or bias (the power is certified by a Ziv loop of its
// own in the MPFI stage, oracle/handle.c, so the first-stage share counts the probes' certificates).
void oracle_handle(ora_ctx *ctx, const cli_case &c, int *decided, int *max_bits)
{
    ora_handle_result r;
    if (suite_type_of(c.suite) == SUITE_TYPE_KIND)
        ora_eval_handle_case(ctx, &c.u.k, NULL, &r);
    else
        ora_eval_handle_contact(ctx, &c.u.c, NULL, &r);
    *decided = r.decided;
    *max_bits = 0;
    for (int i = 0; i < CCREF_HSLOT_POWER; i++)
        if (r.out[i].certified && r.out[i].precision_bits > *max_bits)
            *max_bits = r.out[i].precision_bits;
}

// --bench: per suite, over the tests Simbody runs, the mean time per test of Simbody (building the System and
// evaluating once; evaluating again on the built System), of ccref's double kernels and of the certified oracle
// (both stages as an engine calls it, and the MPFI stage alone), with the share of tests the oracle's first stage
// answered in full, all measured in this one run, on the same tests, so that their ratios are side by side. Each
// suite's row covers every family (the degenerate and near-threshold ones send part of the tests to the MPFI stage);
// the rows under it take its "random" family alone, per variant (rolling, sliding): the well-conditioned cases of
// `make oracle-bench`'s rows, here beside Simbody's time on the same tests. These rows time the case's own outputs
// (the handle's apart). The "handle" row under a kind's or a contact class's times its Constraint handle on the same
// tests: Simbody's getters of the reported outputs (calcPositionConstraintMatrixP, calcVelocityConstraintMatrixVt,
// calcConstraintAccelerationErrors at udot = 0, the power from calcConstraintForcesFromMultipliers) on the evaluated
// State, ccref_handle_case / ccref_handle_contact, and ora_eval_handle_case / ora_eval_handle_contact (no build
// column: the System is the one built for the test).
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
    char build[32];
    if (st.build_ns > 0)
        std::snprintf(build, sizeof build, "%.1f", st.build_ns / n / 1e3);
    else
        std::snprintf(build, sizeof build, "-");
    std::printf("%-26s %6ld %14s %14.0f %12.1f %12.2f %7.1f%% %10.1f %9.2f\n", name, st.tests, build,
                st.simbody_ns / n, st.kernel_ns / n, st.oracle_ns / n / 1e3, 100.0 * (double)st.first / n,
                st.mpfi_ns / n / 1e3, st.oracle_ns / st.simbody_ns);
    std::fflush(stdout);
}

int run_bench(int first, int argc, char **argv)
{
    ora_ctx *ctx = ora_ctx_new(NULL), *mpfi = ora_ctx_new(NULL);
    ora_ctx_set_first_stage(mpfi, 0);
    g_bench.mode = true;
    SuiteTime all, all_random, all_handle;
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
        SuiteTime handle;               // the Constraint handle of the same tests
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
            g_bench.handle_ns = 0.0;
            run();
            g_bench.on = false;
            int decided = 1, max_bits = 0;
            SuiteTime one;
            one.tests = 1;
            one.build_ns = build;
            one.simbody_ns = g_bench.last_ns;
            one.kernel_ns = mean_ns([&] { kernel_only(t.c); });
            one.oracle_ns = mean_ns([&] { oracle_own(ctx, t.c, &decided, &max_bits); });
            one.first = decided && max_bits > 0 && max_bits <= 106;
            one.mpfi_ns = mean_ns([&] { oracle_own(mpfi, t.c, &decided, &max_bits); });
            st.add(one);
            const int type = suite_type_of(f.suite);
            if (type == SUITE_TYPE_KIND || type == SUITE_TYPE_CONTACT) {
                SuiteTime hone;
                hone.tests = 1;
                hone.simbody_ns = g_bench.handle_ns;
                hone.kernel_ns = mean_ns([&] { kernel_handle(t.c); });
                hone.oracle_ns = mean_ns([&] { oracle_handle(ctx, t.c, &decided, &max_bits); });
                hone.first = decided && max_bits > 0 && max_bits <= 106;
                hone.mpfi_ns = mean_ns([&] { oracle_handle(mpfi, t.c, &decided, &max_bits); });
                handle.add(hone);
            }
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
        if (handle.tests > 0)
            print_times("  handle", handle);
        all.add(st);
        all_handle.add(handle);
        vfile_free(&f);
    }
    print_times("all", all);
    print_times("all, random family", all_random);
    print_times("all, handle", all_handle);
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
    g_ctx = ora_ctx_new(NULL);
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
                 "%ld contact tests", g_checks.multiplier_getters, g_checks.aerr_rows, g_checks.proximal_calls,
                 g_checks.proximal_tests);
    if (g_checks.weld_vec6 > 0)
        std::fprintf(stderr, "; Weld::getPositionErrors, getVelocityErrors = the rows reported, bit for bit, on %ld "
                     "weld tests", g_checks.weld_vec6);
    std::fputc('\n', stderr);
    std::fprintf(stderr, "simbody_consumer: asserted, the Constraint handle on %ld tests: Pt = ~P within P's tolerance "
                 "on %ld tests (%ld entries compared, %ld of %ld bit for bit, %ld without a claim); PNInv = P NInv(q) "
                 "within its derived tolerance on %ld tests (%ld entries, worst %.3g tolerances, %ld without a claim); "
                 "A, At empty on %ld; calcPositionErrorFromQ, calcVelocityErrorFromU, calcAccelerationErrorFromUDot "
                 "threw UnimplementedMethod on %ld (%ld calls); calcVelocityConstraintMatrixV threw on %ld with mv > 0, "
                 "0 x nu on %ld with mv = 0; calcPower = -(sum F.V + sum f u) at the State's multipliers bit for bit "
                 "on %ld, unmoved by the test's multipliers on %ld; calcPower and -(lambda . verr) at the State's "
                 "multipliers within the certified power's tolerance on %ld (not checked: %ld with those multipliers "
                 "or calcPower not finite, %ld without a bound or an OK answer there); %ld tests without an OK "
                 "answer at Simbody's inputs (no certified check); %ld failed\n",
                 g_checks.handle_tests, g_checks.pt_tests, g_checks.pt_entries, g_checks.pt_bitwise,
                 g_checks.pt_entries + g_checks.pt_unclaimed, g_checks.pt_unclaimed, g_checks.pninv_tests,
                 g_checks.pninv_entries, g_checks.pninv_worst, g_checks.pninv_unclaimed, g_checks.a_empty,
                 g_checks.unimplemented, 3 * g_checks.unimplemented, g_checks.v_throws, g_checks.v_empty,
                 g_checks.power_formula, g_checks.power_ignores, g_checks.power_identity, g_checks.power_nonfinite,
                 g_checks.power_unclaimed,
                 g_checks.certified_missing, g_checks.failures);
    jw_free(&w);
    ora_ctx_free(g_ctx);
    if (out != stdout && std::fclose(out) != 0)
        return 2;
    return g_checks.failures > 0 ? 1 : 0;
}
