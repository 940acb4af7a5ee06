/* bullet_consumer.cpp: runs Bullet 3.24 (Debian's libbullet-dev) over ccref's golden vectors and writes its answers
 * in the results format of spec/vectors.md section 9, for `ccref check`. One source, compiled twice:
 *   with pkg-config bullet-float64 (BT_USE_DOUBLE_PRECISION, btScalar = double): engine key `bullet`, tier double;
 *   with pkg-config bullet (btScalar = float): engine key `bullet-single`, tier binary32.
 *
 * Every quantity reported is computed by a Bullet routine; the consumer only loads the case into Bullet (in the
 * single build each input double is rounded to float by the conversion to btScalar, which is what the binary32 tier
 * assumes) and, for line_on_line's first point, adds Bullet's normal times Bullet's distance to Bullet's point
 * (one combination). The mapping (consumers/bullet/README.md has the full table):
 *
 *   ball              btPoint2PointConstraint::getInfo2NonVirtual with fps = erp = 1:
 *                     perr[j] = m_constraintError[j] (= (a2 + x_B) - a1 - x_A, world);
 *                     verr = -(J1 u1 + J2 u2), the solver's J.u, only where the expected perr is exactly 0
 *                     (Bullet's rows differentiate each body's own pivot; ccref's verr uses the material point of
 *                     body 1 at S: the same quantity only when assembled);
 *                     the Constraint handle's P = -J over (w1, v1, w2, v2): rows of m_J1angularAxis, m_J1linearAxis,
 *                     m_J2angularAxis, m_J2linearAxis negated (body 1's angular columns, [a1]x with Bullet's own
 *                     pivot, only where the expected perr is exactly 0); no bias, no power, no contact rows (README)
 *   sphere_on_plane   btConvexPlaneCollisionAlgorithm (sphere vs btStaticPlaneShape): perr[0] = separation =
 *                     distance; contact_point = pointOnB only where the expected perr is exactly 0
 *   sphere_on_sphere  btSphereSphereCollisionAlgorithm: perr[0] = separation = distance; Cz = -normalOnB;
 *                     contact_frame.p = pointOnB only where the expected perr is exactly 0
 *   line_on_line      btConvexConvexAlgorithm on two btCapsuleShapeX of radius 0 (capsuleCapsuleDistance):
 *                     closest_point2 = pointOnB, closest_point1 = pointOnB + normalOnB * distance, on segments
 *                     chosen by lol_choose_segments
 *   weld              btFixedConstraint (both bodies of mass 1), getInfo1 + getInfo2: frame1/frame2 =
 *                     getCalculatedTransformA/B; perr[3..5] = RA m_constraintError[3..5]; P[3..5], verr[3..5] = RA^-T
 *                     (-J), RA^-T (-(J.u)) of the linear rows (the consumer's rotations exact, rounded once); never
 *                     perr[0..2] (Euler angles) nor the angular rows (README "Weld")
 *
 * Usage: bullet_consumer [--native-segments] [--dump-segments FILE] [--verbose] --out RESULTS VECTORS_DIR */
#include <gmp.h>
#include <jansson.h>
#include <mpfi.h>
#include <mpfr.h>

#include <btBulletCollisionCommon.h>
#include <btBulletDynamicsCommon.h>

#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

extern "C" {
#include "../common/consumer.h"
}

#ifdef BT_USE_DOUBLE_PRECISION
static_assert(sizeof(btScalar) == 8, "bullet-float64 must give btScalar = double");
#define ENGINE_NAME "Bullet 3.24 (Debian libbullet-dev, bullet-float64: double precision)"
#define PROGRAM "bullet_consumer"
#else
static_assert(sizeof(btScalar) == 4, "bullet (default) must give btScalar = float");
#define ENGINE_NAME "Bullet 3.24 (Debian libbullet-dev, default build: single precision)"
#define PROGRAM "bullet_single_consumer"
#endif

/* ------------------------------------------------------------------ set-up */

static btDefaultCollisionConfiguration *config;
static btCollisionDispatcher *dispatcher;

/* The input as Bullet holds it: (btScalar) x, the rounding to float in the single build. A finite input beyond
 * the float range (|x| >= 2^128 after rounding) cannot be given to the single build at all: such a test is skipped
 * ("input beyond the binary32 range"; the binary32 tier claims nothing there either, spec/accuracy.md T0). */
static int input_overflow;
static inline btScalar S(double x)
{
    btScalar v = (btScalar)x;
    if (std::isfinite(x) && !std::isfinite(v))
        input_overflow = 1;
    return v;
}
static const char INPUT_OVERFLOW[] = "input beyond the binary32 range";
/* Bullet's distance is a square root of a sum of squares: beyond sqrt(max) it is +inf, and with an infinite
 * threshold the algorithm then reports nothing (inf < inf is false). */
static const char NO_RESULT_OVERFLOW[] = "no result: the distance's sum of squares overflows";
static FILE *dump_segments;     /* --dump-segments FILE: what segmentsClosestPoints received and returned, and the
                                 * sphere-sphere inputs and answers (lines "S tcId ...") */
static btVector3 V(ccref_vec3 a) { return btVector3(S(a.x), S(a.y), S(a.z)); }
static btMatrix3x3 M(const ccref_mat3 &R)
{
    return btMatrix3x3(S(R.m[0][0]), S(R.m[0][1]), S(R.m[0][2]), S(R.m[1][0]), S(R.m[1][1]), S(R.m[1][2]),
                       S(R.m[2][0]), S(R.m[2][1]), S(R.m[2][2]));
}
static btTransform T(const ccref_mat3 &R, ccref_vec3 p) { return btTransform(M(R), V(p)); }

/* A rotation Bullet holds, compared with the case's (rounded to btScalar): inputs_used when it differs (Bullet does
 * not re-orthogonalise a basis it is given, so this is never written; the check is kept so that it would be). In the
 * single build the rounding to float itself is not reported: the binary32 tier is defined on the double inputs with
 * each input rounded to nearest (spec/accuracy.md), and a rounded rotation is no rotation to ccref's tolerance. The
 * volatile float below keeps GCC 12 -O2 from folding (double)(float)x into x in this loop (observed: the rounding of
 * some entries was dropped). */
static void report_rotation(result_line *r, int k, const ccref_mat3 &given, const btMatrix3x3 &held)
{
    ccref_mat3 rounded, used;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            volatile btScalar g = S(given.m[i][j]);     /* volatile: see the note above */
            rounded.m[i][j] = (double)g;
            used.m[i][j] = (double)held[i][j];
        }
    if (std::memcmp(&rounded, &used, sizeof used) != 0)
        used_rotation(r, k, &given, &used);
}

static const char *out3(result_line *r, const char *const names[3], const btVector3 &v)
{
    for (int i = 0; i < 3; i++)
        out_value(r, names[i], (double)v[i]);
    return NULL;
}

/* ------------------------------------------------------------------ ball */

/* perr (and verr when assembled) of a Ball from btPoint2PointConstraint::getInfo2NonVirtual. The two bodies are
 * btRigidBody objects of mass 0 placed with setCenterOfMassTransform; the constraint's pivots are the stations
 * (pivotInA = s1, pivotInB = s2). With fps = erp = 1, Bullet 3.24 (btPoint2PointConstraint.cpp) writes
 *   m_constraintError[j] = fps erp ((a2[j] + x_B[j]) - a1[j] - x_A[j]),  a1 = R_A s1, a2 = R_B s2,
 * which is ccref's perr = (p2 + R2 s2) - (p1 + R1 s1) (spec/ball.md), regrouped. The rows are J1 = [I, -[a1]x],
 * J2 = [-I, [a2]x]; the solver's relative velocity J.u = (v1 + w1 x a1) - (v2 + w2 x a2) is minus the time
 * derivative of each body's own pivot difference, while ccref's verr = v(B2/S) - v(B1/S) takes body 1's material
 * point at S: the two are the same quantity (verr = -J.u) only where P = S, so verr is reported only where the
 * certified perr is exactly 0 in every component. */
static const char *run_ball(const vtest *t, result_line *r)
{
    input_overflow = 0;
    const ccref_case *c = &t->c.u.k;
    const ccref_ball_params *p = &c->params.ball;
    btRigidBody::btRigidBodyConstructionInfo ci(0, NULL, NULL);
    btRigidBody A(ci), B(ci);
    A.setCenterOfMassTransform(T(c->body1.R, c->body1.p));
    B.setCenterOfMassTransform(T(c->body2.R, c->body2.p));
    A.setLinearVelocity(V(c->body1.v));
    A.setAngularVelocity(V(c->body1.w));
    B.setLinearVelocity(V(c->body2.v));
    B.setAngularVelocity(V(c->body2.w));
    report_rotation(r, 1, c->body1.R, A.getCenterOfMassTransform().getBasis());
    report_rotation(r, 2, c->body2.R, B.getCenterOfMassTransform().getBasis());
    btPoint2PointConstraint ball(A, B, V(p->station1_in_b1), V(p->station2_in_b2));
    if (input_overflow)
        return INPUT_OVERFLOW;

    btTypedConstraint::btConstraintInfo1 info1;
    ball.getInfo1NonVirtual(&info1);
    if (info1.m_numConstraintRows != 3)
        return "btPoint2PointConstraint gives no 3 rows";
    const int skip = 8;     /* as the solver lays the rows out: btSolverConstraint's vectors */
    btScalar J1l[3 * skip], J1a[3 * skip], J2l[3 * skip], J2a[3 * skip], err[3 * skip], cfm[3 * skip], lo[3 * skip],
        hi[3 * skip];
    std::memset(J1l, 0, sizeof J1l);
    std::memset(J1a, 0, sizeof J1a);
    std::memset(J2l, 0, sizeof J2l);
    std::memset(J2a, 0, sizeof J2a);
    std::memset(err, 0, sizeof err);
    std::memset(cfm, 0, sizeof cfm);
    for (int i = 0; i < 3 * skip; i++) {
        lo[i] = -SIMD_INFINITY;
        hi[i] = SIMD_INFINITY;
    }
    btTypedConstraint::btConstraintInfo2 info2;
    info2.fps = 1;
    info2.erp = 1;
    info2.m_J1linearAxis = J1l;
    info2.m_J1angularAxis = J1a;
    info2.m_J2linearAxis = J2l;
    info2.m_J2angularAxis = J2a;
    info2.rowskip = skip;
    info2.m_constraintError = err;
    info2.cfm = cfm;
    info2.m_lowerLimit = lo;
    info2.m_upperLimit = hi;
    info2.m_numIterations = 10;
    info2.m_damping = 1;
    ball.getInfo2NonVirtual(&info2, A.getCenterOfMassTransform(), B.getCenterOfMassTransform());

    static const char *const perr[3] = {"perr[0]", "perr[1]", "perr[2]"};
    static const char *const verr[3] = {"verr[0]", "verr[1]", "verr[2]"};
    for (int j = 0; j < 3; j++)
        out_value(r, perr[j], (double)err[j * skip]);
    const double *e = &t->expected.o.value[CCREF_SLOT_PERR];
    if (ccref_status_ok(t->expected.o.d.status) && e[0] == 0 && e[1] == 0 && e[2] == 0) {
        for (int j = 0; j < 3; j++) {
            /* btSequentialImpulseConstraintSolver: rel_vel = n1 . v1 + (r1 x n1) . w1 + n2 . v2 + (r2 x n2) . w2 */
            const btVector3 n1(J1l[j * skip], J1l[j * skip + 1], J1l[j * skip + 2]);
            const btVector3 c1(J1a[j * skip], J1a[j * skip + 1], J1a[j * skip + 2]);
            const btVector3 n2(J2l[j * skip], J2l[j * skip + 1], J2l[j * skip + 2]);
            const btVector3 c2(J2a[j * skip], J2a[j * skip + 1], J2a[j * skip + 2]);
            btScalar vel1 = n1.dot(A.getLinearVelocity()) + c1.dot(A.getAngularVelocity());
            btScalar vel2 = n2.dot(B.getLinearVelocity()) + c2.dot(B.getAngularVelocity());
            out_value(r, verr[j], -(double)(vel1 + vel2));
        }
    }
    /* The Constraint handle's P (spec/constraint_handle.md: P = d verr/du over u = (w1, v1, w2, v2), world, body 1
     * first). Bullet's row j (world axis j, the row of perr[j]) is the solver's Jacobian: J.u = (v_A + w_A x a1)[j] -
     * (v_B + w_B x a2)[j] = -d/dt (pivot_B - pivot_A)[j] = -d/dt m_constraintError[j], with v the velocity of each
     * body's centre of mass, which is the body origin here (setCenterOfMassTransform at (R, p), no motion state or
     * compound offset: the COM transform is the body frame) and w the world angular velocity. So P = -J:
     *   P[j][0..2]  = -m_J1angularAxis row j = -[-a1]x = [a1]x (a1 = R_A s1)   ccref: [S - p1]x
     *   P[j][3..5]  = -m_J1linearAxis row j  = -I                              ccref: -I
     *   P[j][6..8]  = -m_J2angularAxis row j = -[a2]x (a2 = R_B s2 = S - p2)   ccref: -[S - p2]x
     *   P[j][9..11] = -m_J2linearAxis row j  = I                               ccref: I
     * Bullet's body-1 lever arm is body 1's own pivot, a1 = P - p1, where ccref's reads S - p1: the two differ by
     * [perr]x, so body 1's angular columns are reported only where the certified perr is exactly 0 (as verr). Each
     * value is Bullet's entry negated (exact); the mass (0 here) enters no row. */
    static const int col[4] = {0, 3, 6, 9};
    const btScalar *Jrow[4] = {J1a, J1l, J2a, J2l};
    const int w1_cols = ccref_status_ok(t->expected.o.d.status) && e[0] == 0 && e[1] == 0 && e[2] == 0;
    for (int i = 0; i < 3; i++)
        for (int b = 0; b < 4; b++) {
            if (b == 0 && !w1_cols)
                continue;
            for (int k = 0; k < 3; k++) {
                char name[24];
                std::snprintf(name, sizeof name, "P[%d][%d]", i, col[b] + k);
                out_value(r, name, -(double)Jrow[b][i * skip + k]);
            }
        }
    return NULL;
}

/* ------------------------------------------------------------------ weld */

/* btFixedConstraint (a btGeneric6DofSpring2Constraint, rotate order XYZ, all six limits lo = hi = 0:
 * btFixedConstraint.cpp:21-28 at 3.24) on btRigidBody A = ccref body 1 with frameInA = (Rf1, pf1) and B = body 2 with
 * frameInB = (Rf2, pf2). getInfo1 computes the frames in G and the limit errors (calculateTransforms, testLimitValue:
 * btGeneric6DofSpring2Constraint.cpp:446-474), getInfo2 writes the rows from them (476-488): angular rows 0..2 first,
 * then the linear rows 3..5 along frame A's axes ax_i = column i of RA (RA = m_calculatedTransformA's basis = R1 Rf1):
 *   m_constraintError[3 + i] = fps erp (RA.inverse() (S - P))_i                    (calculateLinearInfo, 626-635: S - P
 *                              in frame 1's axes, RA.inverse() the cofactor inverse; fps = erp = 1 here)
 *   J1 = (ax_i, relA x ax_i), J2 = (-ax_i, -(relB x ax_i)), relA = P - p1, relB = S - p2  (calculateJacobi, 637-668)
 * and, when a body is static (inverse mass < SIMD_EPSILON) and two angular errors exceed 1e-3, relA x ax_i and
 * relB x ax_i scaled by the inverse-mass fractions: so both bodies get mass 1 (Ground too), never 0 as in run_ball.
 * Reported (consumers/bullet/README.md, "weld"):
 *   frame1.*, frame2.*  getCalculatedTransformA/B: (R1 Rf1, p1 + R1 pf1) and (R2 Rf2, p2 + R2 pf2), Bullet's products
 *   perr[3..5]          RA m_constraintError[3..5]: Bullet's S - P in frame 1's axes, taken back to G by the basis
 *                       Bullet rotated it from (the exact inverse of the inverse Bullet meant to apply)
 *   P[3..5]             RA^-T (-J rows 3..5): Bullet's rows act on (w, v) in G but are taken along ax_i, so J = RA^T G
 *                       for the rows G in G; RA^-T undoes exactly that change of rows (RA^T would add RA's departure
 *                       from orthonormality to the entries: the v columns' exact 0 and 1 would read RA RA^T).
 *                       Body 1's w columns only where the certified perr[3..5] is exactly 0 (Bullet's lever arm of
 *                       body 1 is its own frame origin P, ccref's the point S, as the ball's).
 *   verr[3..5]          RA^-T (-(J.u)) of rows 3..5, J.u as the solver forms it (run_ball), only where the certified
 *                       perr[3..5] is exactly 0 (the ball's condition)
 * Each rotation is the consumer's: evaluated in MPFR at WELD_PREC bits (every product and sum of the doubles exact;
 * RA^-T = cof(RA) / det(RA) with the one division rounded there) and rounded once to double, so that the consumer
 * adds at most half an ulp to what Bullet computed; the largest such rounding against the value's tolerance is
 * printed after the table (weld_rounding). Not reported: the angular rows (perr[0..2] are Euler angles of RA^-1 RB,
 * equal to ccref's perpendicularity errors to first order only and +-pi, +-pi/2 at the perpendicularity traps; the
 * rows' verr and P only at alignment), aerr, forces, bias, power (README). */
static const mpfr_prec_t WELD_PREC = 4400;  /* products of two doubles span exponents -2148 .. 2046: sums exact */
static double weld_rounding_max;            /* max over the values rotated of |exact - reported| / tolerance */
static char weld_rounding_where[48];

struct WeldMap {
    mpfr_t A[3][3], B[3][3], acc, tmp;      /* A = RA, B = RA^-T = cof(RA) / det(RA) */
    WeldMap(const btMatrix3x3 &RA)
    {
        mpfr_inits2(WELD_PREC, acc, tmp, (mpfr_ptr)0);
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++) {
                mpfr_inits2(WELD_PREC, A[i][j], B[i][j], (mpfr_ptr)0);
                mpfr_set_d(A[i][j], (double)RA[i][j], MPFR_RNDN);
            }
        /* cofactor (i, j) = A[i+1][j+1] A[i+2][j+2] - A[i+1][j+2] A[i+2][j+1] (indices mod 3) */
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++) {
                int i1 = (i + 1) % 3, i2 = (i + 2) % 3, j1 = (j + 1) % 3, j2 = (j + 2) % 3;
                mpfr_mul(B[i][j], A[i1][j1], A[i2][j2], MPFR_RNDN);
                mpfr_mul(tmp, A[i1][j2], A[i2][j1], MPFR_RNDN);
                mpfr_sub(B[i][j], B[i][j], tmp, MPFR_RNDN);
            }
        mpfr_set_zero(acc, 1);
        for (int j = 0; j < 3; j++) {
            mpfr_mul(tmp, A[0][j], B[0][j], MPFR_RNDN);
            mpfr_add(acc, acc, tmp, MPFR_RNDN);
        }
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++)
                mpfr_div(B[i][j], B[i][j], acc, MPFR_RNDN);
    }
    ~WeldMap()
    {
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++)
                mpfr_clears(A[i][j], B[i][j], (mpfr_ptr)0);
        mpfr_clears(acc, tmp, (mpfr_ptr)0);
    }
    /* x = M y (M = RA, or RA^-T with inverse_transpose), each component rounded once; err[k] = |exact - x[k]| */
    void apply(int inverse_transpose, const double y[3], double x[3], double err[3])
    {
        for (int i = 0; i < 3; i++) {
            mpfr_set_zero(acc, 1);
            for (int j = 0; j < 3; j++) {
                mpfr_mul_d(tmp, inverse_transpose ? B[i][j] : A[i][j], y[j], MPFR_RNDN);
                mpfr_add(acc, acc, tmp, MPFR_RNDN);
            }
            x[i] = mpfr_get_d(acc, MPFR_RNDN);
            mpfr_sub_d(tmp, acc, x[i], MPFR_RNDN);
            mpfr_abs(tmp, tmp, MPFR_RNDN);
            err[i] = mpfr_get_d(tmp, MPFR_RNDU);
        }
    }
};

/* The value of output `name`, v, written; the consumer's rounding err counted against its tolerance in the tier the
 * build is judged in. */
static void weld_out(result_line *r, const vtest *t, const char *name, double v, double err)
{
    out_value(r, name, v);
#ifdef BT_USE_DOUBLE_PRECISION
    const int tier = CCREF_TIER_DOUBLE;
#else
    const int tier = CCREF_TIER_BINARY32;
#endif
    int slot = slot_from_name(t->c.suite, name);
    double tol = slot >= 0 ? t->expected.tier_tol[tier][slot] : 0.0;
    if (err > 0 && tol > 0 && std::isfinite(tol) && err / tol > weld_rounding_max) {
        weld_rounding_max = err / tol;
        std::snprintf(weld_rounding_where, sizeof weld_rounding_where, "%s, weld/%d", name, t->tc_id);
    }
}

static const char *run_weld(const vtest *t, result_line *r)
{
    input_overflow = 0;
    const ccref_case *c = &t->c.u.k;
    const ccref_weld_params *p = &c->params.weld;
    btRigidBody::btRigidBodyConstructionInfo ci(1, NULL, NULL, btVector3(1, 1, 1));
    btRigidBody A(ci), B(ci);
    A.setCenterOfMassTransform(T(c->body1.R, c->body1.p));
    B.setCenterOfMassTransform(T(c->body2.R, c->body2.p));
    A.setLinearVelocity(V(c->body1.v));
    A.setAngularVelocity(V(c->body1.w));
    B.setLinearVelocity(V(c->body2.v));
    B.setAngularVelocity(V(c->body2.w));
    report_rotation(r, 1, c->body1.R, A.getCenterOfMassTransform().getBasis());
    report_rotation(r, 2, c->body2.R, B.getCenterOfMassTransform().getBasis());
    btFixedConstraint weld(A, B, T(p->frame1_in_b1.R, p->frame1_in_b1.p), T(p->frame2_in_b2.R, p->frame2_in_b2.p));
    if (input_overflow)
        return INPUT_OVERFLOW;
    if (A.getInvMass() < SIMD_EPSILON || B.getInvMass() < SIMD_EPSILON)
        return "a static body (Bullet rescales the rows)";

    btTypedConstraint::btConstraintInfo1 info1;
    weld.getInfo1(&info1);      /* the frames and the limit errors: getInfo2 does not recompute them */
    if (info1.m_numConstraintRows != 6)
        return "btFixedConstraint gives no 6 rows";
    const int skip = 8;
    btScalar J1l[6 * skip], J1a[6 * skip], J2l[6 * skip], J2a[6 * skip], err[6 * skip], cfm[6 * skip], lo[6 * skip],
        hi[6 * skip];
    std::memset(J1l, 0, sizeof J1l);
    std::memset(J1a, 0, sizeof J1a);
    std::memset(J2l, 0, sizeof J2l);
    std::memset(J2a, 0, sizeof J2a);
    std::memset(err, 0, sizeof err);
    std::memset(cfm, 0, sizeof cfm);
    for (int i = 0; i < 6 * skip; i++) {
        lo[i] = -SIMD_INFINITY;
        hi[i] = SIMD_INFINITY;
    }
    btTypedConstraint::btConstraintInfo2 info2;
    info2.fps = 1;
    info2.erp = 1;
    info2.m_J1linearAxis = J1l;
    info2.m_J1angularAxis = J1a;
    info2.m_J2linearAxis = J2l;
    info2.m_J2angularAxis = J2a;
    info2.rowskip = skip;
    info2.m_constraintError = err;
    info2.cfm = cfm;
    info2.m_lowerLimit = lo;
    info2.m_upperLimit = hi;
    info2.m_numIterations = 10;
    info2.m_damping = 1;
    weld.getInfo2(&info2);

    /* the frames in G, as Bullet formed them */
    const btTransform &TA = weld.getCalculatedTransformA(), &TB = weld.getCalculatedTransformB();
    const btTransform *TF[2] = {&TA, &TB};
    for (int k = 0; k < 2; k++) {
        char name[32];
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++) {
                std::snprintf(name, sizeof name, "frame%d.R[%d][%d]", k + 1, i, j);
                out_value(r, name, (double)TF[k]->getBasis()[i][j]);
            }
        for (int i = 0; i < 3; i++) {
            std::snprintf(name, sizeof name, "frame%d.p.%c", k + 1, "xyz"[i]);
            out_value(r, name, (double)TF[k]->getOrigin()[i]);
        }
    }
    WeldMap map(TA.getBasis());
    double y[3], x[3], e[3];
    /* perr[3..5] = RA m_constraintError[3..5] */
    for (int i = 0; i < 3; i++)
        y[i] = (double)err[(3 + i) * skip];
    map.apply(0, y, x, e);
    static const char *const perr[3] = {"perr[3]", "perr[4]", "perr[5]"};
    static const char *const verr[3] = {"verr[3]", "verr[4]", "verr[5]"};
    for (int i = 0; i < 3; i++)
        weld_out(r, t, perr[i], x[i], e[i]);
    const double *ep = &t->expected.o.value[CCREF_SLOT_PERR];
    const int coincident = ccref_status_ok(t->expected.o.d.status) && ep[3] == 0 && ep[4] == 0 && ep[5] == 0;
    if (coincident) {
        for (int i = 0; i < 3; i++) {
            const int row = (3 + i) * skip;
            const btVector3 n1(J1l[row], J1l[row + 1], J1l[row + 2]), c1(J1a[row], J1a[row + 1], J1a[row + 2]);
            const btVector3 n2(J2l[row], J2l[row + 1], J2l[row + 2]), c2(J2a[row], J2a[row + 1], J2a[row + 2]);
            btScalar vel1 = n1.dot(A.getLinearVelocity()) + c1.dot(A.getAngularVelocity());
            btScalar vel2 = n2.dot(B.getLinearVelocity()) + c2.dot(B.getAngularVelocity());
            y[i] = -(double)(vel1 + vel2);
        }
        map.apply(1, y, x, e);
        for (int i = 0; i < 3; i++)
            weld_out(r, t, verr[i], x[i], e[i]);
    }
    /* P[3..5] = RA^-T (-J rows 3..5), column by column (w1, v1, w2, v2) */
    static const int col[4] = {0, 3, 6, 9};
    const btScalar *Jrow[4] = {J1a, J1l, J2a, J2l};
    for (int b = 0; b < 4; b++) {
        if (b == 0 && !coincident)
            continue;
        for (int k = 0; k < 3; k++) {
            for (int i = 0; i < 3; i++)
                y[i] = -(double)Jrow[b][(3 + i) * skip + k];
            map.apply(1, y, x, e);
            for (int i = 0; i < 3; i++) {
#ifndef BT_USE_DOUBLE_PRECISION
                /* the diagonal of the w blocks ([arm1]x, -[arm2]x): exact zeros of ccref's formula, which the binary32
                 * tier holds as such (tolerance ~2^-147); Bullet's cross products relA x ax_i, relB x ax_i, rounded
                 * along frame A's axes and taken back to G, leave ~2^-24 |rel| there (README: a difference of the
                 * rows' basis, not of Bullet's arithmetic). The double tier's tolerance covers them. */
                if ((b == 0 || b == 2) && i == k)
                    continue;
#endif
                char name[24];
                std::snprintf(name, sizeof name, "P[%d][%d]", 3 + i, col[b] + k);
                weld_out(r, t, name, x[i], e[i]);
            }
        }
    }
    return NULL;
}

/* ------------------------------------------------------------------ collision algorithms */

/* The raw answer of a collision algorithm: Bullet's narrow phase reports each contact through the virtual
 * btManifoldResult::addContactPoint(normalOnBInWorld, pointInWorld (on B), depth (the signed distance)); it is
 * captured here as the algorithm gave it, before any manifold processing. */
struct Capture : public btManifoldResult {
    int n = 0;
    btVector3 normal, point;
    btScalar dist = 0;
    Capture(const btCollisionObjectWrapper *a, const btCollisionObjectWrapper *b) : btManifoldResult(a, b) {}
    void addContactPoint(const btVector3 &normalOnBInWorld, const btVector3 &pointInWorld, btScalar depth) override
    {
        if (n++ == 0) {
            normal = normalOnBInWorld;
            point = pointInWorld;
            dist = depth;
        }
    }
};

/* Runs the dispatcher's algorithm for (shape0 at X0, shape1 at X1); threshold: the closest-point distance threshold
 * (btManifoldResult::m_closestPointDistanceThreshold, what btCollisionWorld::contactPairTest passes on). */
static int collide(btCollisionShape *s0, const btTransform &X0, btCollisionShape *s1, const btTransform &X1,
                   btScalar threshold, Capture **out, btCollisionObject *o0, btCollisionObject *o1)
{
    o0->setCollisionShape(s0);
    o0->setWorldTransform(X0);
    o1->setCollisionShape(s1);
    o1->setWorldTransform(X1);
    btCollisionObjectWrapper w0(NULL, s0, o0, o0->getWorldTransform(), -1, -1);
    btCollisionObjectWrapper w1(NULL, s1, o1, o1->getWorldTransform(), -1, -1);
    btCollisionAlgorithm *algo = dispatcher->findAlgorithm(&w0, &w1, NULL, BT_CLOSEST_POINT_ALGORITHMS);
    if (algo == NULL)
        return -1;
    Capture *res = new Capture(&w0, &w1);
    res->m_closestPointDistanceThreshold = threshold;
    btDispatcherInfo info;
    algo->processCollision(&w0, &w1, info, res);
    algo->~btCollisionAlgorithm();
    dispatcher->freeCollisionAlgorithm(algo);
    *out = res;
    return res->n;
}

static int expected_perr_zero(const vtest *t)
{
    return ccref_status_ok(t->expected.o.d.status) && t->expected.o.value[CCREF_SLOT_PERR] == 0.0;
}

/* SphereOnPlane: body 1 carries the plane (frame F on it, normal its z axis), body 2 the sphere. The plane is a
 * btStaticPlaneShape((0, 0, 1), 0) at X_G1 * X_1F, the sphere a btSphereShape(r) at X_G2 * (I, c) (both products
 * Bullet's btTransform::operator*, as a compound shape places a child). btConvexPlaneCollisionAlgorithm::
 * collideSingleContact takes the sphere's support vertex v in direction -n, distance = n . v_inPlane - 0, and
 * reports normalOnB = R_F n, pointOnB = v projected on the plane, distance (< 0 penetrating: ccref's perr sign). The
 * contact breaking threshold gContactBreakingThreshold is set to SIMD_INFINITY so that every pair gets its distance. ccref's
 * contact_point is C = O - r Pz, off the plane by perr; Bullet's point is its projection: the same point only where
 * perr = 0. */
static const char *run_sphere_on_plane(const vtest *t, result_line *r)
{
    input_overflow = 0;
    const ccref_case *c = &t->c.u.k;
    const ccref_sphere_on_plane_params *p = &c->params.sphere_on_plane;
    btTransform X1 = T(c->body1.R, c->body1.p), X2 = T(c->body2.R, c->body2.p);
    btTransform planeX = X1 * T(p->plane_frame_in_b1.R, p->plane_frame_in_b1.p);
    btTransform sphereX = X2 * btTransform(btMatrix3x3::getIdentity(), V(p->center_in_b2));
    btStaticPlaneShape plane(btVector3(0, 0, 1), 0);
    btSphereShape sphere(S(p->radius));
    if (input_overflow)
        return INPUT_OVERFLOW;
    btCollisionObject o0, o1;
    Capture *res = NULL;
    int n = collide(&sphere, sphereX, &plane, planeX, 0, &res, &o0, &o1);
    const char *why = NULL;
    if (n < 0)
        why = "no sphere-plane algorithm";
    else if (n == 0)
        why = CONSUMER_SEPARATED;
    else {
        out_value(r, "perr[0]", (double)res->dist);
        if (expected_perr_zero(t)) {
            static const char *const cp[3] = {"contact_point.x", "contact_point.y", "contact_point.z"};
            out3(r, cp, res->point);
        }
        out_value(r, "separation", (double)res->dist);
    }
    delete res;
    return why;
}

/* SphereOnSphere: sphere 1 (radius1, centre c1 on body 1) is object 0 (A), sphere 2 object 1 (B), each a
 * btSphereShape at X_Gk * (I, ck). btSphereSphereCollisionAlgorithm: diff = c0 - c1, len = |diff|; no contact when
 * len > r0 + r1 + threshold (threshold = SIMD_INFINITY here: every pair gets its distance); dist = len - (r0 + r1);
 * normalOnB = diff / len, or (1, 0, 0) when len <= SIMD_EPSILON; pointOnB = c1 + r1 normalOnB. ccref's Cz points
 * from sphere 1 to sphere 2: Cz = -normalOnB; perr = dist. pointOnB lies on sphere 2's surface; ccref's Co divides
 * the centre distance in the ratio of the radii: the same point only where perr = 0. */
static const char *run_sphere_on_sphere(const vtest *t, result_line *r)
{
    input_overflow = 0;
    const ccref_case *c = &t->c.u.k;
    const ccref_sphere_on_sphere_params *p = &c->params.sphere_on_sphere;
    btTransform X1 = T(c->body1.R, c->body1.p), X2 = T(c->body2.R, c->body2.p);
    btTransform s1X = X1 * btTransform(btMatrix3x3::getIdentity(), V(p->center1_in_b1));
    btTransform s2X = X2 * btTransform(btMatrix3x3::getIdentity(), V(p->center2_in_b2));
    btSphereShape s1(S(p->radius1)), s2(S(p->radius2));
    if (input_overflow)
        return INPUT_OVERFLOW;
    btCollisionObject o0, o1;
    Capture *res = NULL;
    int n = collide(&s1, s1X, &s2, s2X, SIMD_INFINITY, &res, &o0, &o1);
    const char *why = NULL;
    if (dump_segments != NULL && n > 0) {
        /* "S tcId": Bullet's two centres, the radii, then normalOnB, pointOnB, distance (%a) */
        std::fprintf(dump_segments, "S %d", t->tc_id);
        const btVector3 *v[4] = {&s1X.getOrigin(), &s2X.getOrigin(), &res->normal, &res->point};
        for (int k = 0; k < 4; k++) {
            for (int i = 0; i < 3; i++)
                std::fprintf(dump_segments, " %a", (double)(*v[k])[i]);
            if (k == 1)
                std::fprintf(dump_segments, " %a %a", (double)s1.getRadius(), (double)s2.getRadius());
        }
        std::fprintf(dump_segments, " %a\n", (double)res->dist);
    }
    if (n < 0)
        why = "no sphere-sphere algorithm";
    else if (n == 0)
        /* with an infinite threshold, no contact only when Bullet's |c0 - c1| = sqrt(diff . diff) is not finite */
        why = !consumer_certainly_touching(t) && !std::isfinite((s1X.getOrigin() - s2X.getOrigin()).length2())
                  ? NO_RESULT_OVERFLOW : CONSUMER_SEPARATED;
    else {
        out_value(r, "perr[0]", (double)res->dist);
        out_value(r, "contact_frame.R[0][2]", -(double)res->normal[0]);
        out_value(r, "contact_frame.R[1][2]", -(double)res->normal[1]);
        out_value(r, "contact_frame.R[2][2]", -(double)res->normal[2]);
        if (expected_perr_zero(t)) {
            static const char *const cp[3] = {"contact_frame.p.x", "contact_frame.p.y", "contact_frame.p.z"};
            out3(r, cp, res->point);
        }
        out_value(r, "separation", (double)res->dist);
    }
    delete res;
    return why;
}

/* LineOnLine: edge k is a btCapsuleShapeX of radius 0 and height 2 h_k (its axis local x, ccref's edge x axis) at
 * X_Gk * X_kE (Bullet's product: centre p_k + R_k p_E, direction column 0 of R_k R_E). The two capsules go through
 * btConvexConvexAlgorithm's capsule-capsule path (capsuleCapsuleDistance -> segmentsClosestPoints): ptsVector =
 * Qb - Qa, dist = |ptsVector| - 0 - 0, normalOnB = -ptsVector/|ptsVector| (btPlaneSpace1 of dirA when |ptsVector| <=
 * SIMD_EPSILON), pointOnB = originB + offsetB + normalOnB * 0 = Qb. So closest_point2 = pointOnB and closest_point1 =
 * pointOnB + normalOnB dist (= Qa), except in Bullet's degenerate branch |Qb - Qa| <= SIMD_EPSILON, where the normal
 * is arbitrary and closest_point1 is the pointOnB of the swapped pair (edge 2 first). The half lengths are chosen by
 * lol_choose_segments (both lines' closest points inside the segments, lengthened and reported otherwise). */
static int native_segments_only;

static const char *run_line_on_line(const vtest *t, result_line *r)
{
    input_overflow = 0;
    const ccref_case *c = &t->c.u.k;
    const ccref_line_on_line_params *p = &c->params.line_on_line;
    lol_segments seg;
    const char *why = lol_choose_segments(c, native_segments_only, &seg, r);
    if (why != NULL)
        return why;
    btTransform X1 = T(c->body1.R, c->body1.p), X2 = T(c->body2.R, c->body2.p);
    btTransform e1 = X1 * T(p->edge_frame1_in_b1.R, p->edge_frame1_in_b1.p);
    btTransform e2 = X2 * T(p->edge_frame2_in_b2.R, p->edge_frame2_in_b2.p);
    btCapsuleShapeX cap1(0, S(2.0 * seg.half_length[0])), cap2(0, S(2.0 * seg.half_length[1]));
    if (input_overflow)
        return INPUT_OVERFLOW;
    btCollisionObject o0, o1;
    Capture *res = NULL;
    int n = collide(&cap1, e1, &cap2, e2, SIMD_INFINITY, &res, &o0, &o1);
    if (n < 0)
        why = "no capsule-capsule algorithm";
    else if (n == 0)
        /* with an infinite threshold, no contact only when Bullet's distance |ptsVector| is not finite */
        why = NO_RESULT_OVERFLOW;
    else {
        static const char *const q1[3] = {"closest_point1.x", "closest_point1.y", "closest_point1.z"};
        static const char *const q2[3] = {"closest_point2.x", "closest_point2.y", "closest_point2.z"};
        btVector3 qa = res->point + res->normal * res->dist;
        if (res->dist * res->dist <= SIMD_EPSILON * SIMD_EPSILON) {
            /* Bullet's degenerate branch (lenSqr <= SIMD_EPSILON^2): normalOnB is btPlaneSpace1(dirA), not the
             * direction of Qa - Qb, so Qa cannot be rebuilt from it: it is taken from the same algorithm on the
             * swapped pair (edge 2 as object 0), whose pointOnB lies on edge 1. */
            btCollisionObject s0, s1;
            Capture *sw = NULL;
            if (collide(&cap2, e2, &cap1, e1, SIMD_INFINITY, &sw, &s0, &s1) > 0)
                qa = sw->point;
            else
                why = "capsule-capsule (swapped): no result";
            delete sw;
        }
        if (dump_segments != NULL) {
            /* tcId, then centre A, direction A (column 0), h A, centre B, direction B, h B, Qa, Qb (%a) */
            const btVector3 *v[6] = {&e1.getOrigin(), NULL, &e2.getOrigin(), NULL, &qa, &res->point};
            const btVector3 dA = e1.getBasis().getColumn(0), dB = e2.getBasis().getColumn(0);
            v[1] = &dA;
            v[3] = &dB;
            std::fprintf(dump_segments, "%d", t->tc_id);
            for (int k = 0; k < 6; k++) {
                for (int i = 0; i < 3; i++)
                    std::fprintf(dump_segments, " %a", (double)(*v[k])[i]);
                if (k == 1 || k == 3)
                    std::fprintf(dump_segments, " %a", (double)(k == 1 ? cap1.getHalfHeight() : cap2.getHalfHeight()));
            }
            std::fputc('\n', dump_segments);
        }
        if (why == NULL) {
            out3(r, q1, qa);
            out3(r, q2, res->point);
        }
    }
    delete res;
    return why;
}

/* ------------------------------------------------------------------ driver */

static int option(int argc, char **argv, int *i)
{
    if (std::strcmp(argv[*i], "--native-segments") == 0) {
        native_segments_only = 1;
        return 1;
    }
    if (std::strcmp(argv[*i], "--dump-segments") == 0 && *i + 1 < argc) {
        if ((dump_segments = std::fopen(argv[++*i], "w")) == NULL) {
            std::perror(argv[*i]);
            std::exit(2);
        }
        return 1;
    }
    return 0;
}

/* The library must be the build the consumer is compiled for: the same version as the headers, and the same
 * btScalar (a value that float cannot hold survives a round trip through a constructor compiled in the library). */
static int check_library(void)
{
    if (btGetVersion() != 324) {
        std::fprintf(stderr, PROGRAM ": Bullet headers are version %d, not 3.24\n", btGetVersion());
        return 0;
    }
    const btScalar probe = (btScalar)(1.0 + 0x1p-40);
    btCapsuleShapeX cap(probe, 2);     /* btCapsuleShape's constructor is in libBulletCollision */
    if (cap.getRadius() != probe || cap.getHalfHeight() != 1) {
        std::fprintf(stderr, PROGRAM ": libBulletCollision does not hold btScalar as %zu bytes\n", sizeof(btScalar));
        return 0;
    }
#ifdef BT_USE_DOUBLE_PRECISION
    if (probe == 1) {
        std::fprintf(stderr, PROGRAM ": btScalar is not double\n");
        return 0;
    }
#else
    if (probe != 1) {
        std::fprintf(stderr, PROGRAM ": btScalar is not float\n");
        return 0;
    }
#endif
    return 1;
}

int main(int argc, char **argv)
{
    if (!check_library())
        return 2;
    config = new btDefaultCollisionConfiguration();
    dispatcher = new btCollisionDispatcher(config);
    gContactBreakingThreshold = SIMD_INFINITY;      /* every sphere-plane pair gets its distance */
    /* The plane and capsule algorithms work in one shape's frame through btTransform::inverse (the basis
     * transposed): they take the rotations to be orthonormal (consumer_suite.orthonormal_only). */
    static const consumer_suite suites[] = {
        {"ball", run_ball, 0},
        {"sphere_on_plane", run_sphere_on_plane, 1},
        {"sphere_on_sphere", run_sphere_on_sphere, 0},
        {"line_on_line", run_line_on_line, 1},
        {"weld", run_weld, 0},
    };
    static const consumer c = {PROGRAM, ENGINE_NAME, "[--native-segments] [--dump-segments FILE] ", option, suites,
                               (int)(sizeof suites / sizeof suites[0])};
    int rc = consumer_main(&c, argc, argv);
    if (rc == 0 && weld_rounding_max > 0)
        std::printf("weld: the consumer's rotations (exact, rounded once) cost at most %.3g of a tolerance (%s)\n",
                    weld_rounding_max, weld_rounding_where);
    if (dump_segments != NULL)
        std::fclose(dump_segments);
    delete dispatcher;
    delete config;
    return rc;
}
