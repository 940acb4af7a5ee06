// dart_consumer.cpp: runs DART 6.12 (Debian's libdart-dev) over ccref's golden vectors and writes its answers in the
// results format of spec/vectors.md section 9, for `ccref check` (consumers/dart/README.md).
//
// Only quantities DART's own public (or, for the ball joint, protected-but-virtual) routines compute are reported:
//
//   ball              dart::constraint::BallJointConstraint between two FreeJoint skeletons, read through a
//                     subclass that makes update(), getInformation() and applyImpulse() callable (`using`).
//                     getInformation writes b = -(J1 V1 - J2 V2) - erp invTimeStep mViolation, mViolation =
//                     mOffset1 - T1^-1 T2 mOffset2 (body-1 frame). With every velocity zero and erp = invTimeStep
//                     = 1: b = T1^-1 T2 mOffset2 - mOffset1 = R1^T (S - P); the consumer rotates it into Ground with
//                     DART's own R1 (one 3x3 product, the rounding the README accounts for): perr = R1 b. With erp
//                     = 0 and the case's velocities: b = R1^T (v(B2 at P) - v(B1 at P)): the velocity error at body
//                     1's station P, where ccref's verr is taken at body 2's station S; the two are the same function
//                     only when S = P, so verr (= R1 b) is reported only on tests whose certified perr is exactly 0.
//                     The handle's P from DART's rows -mJacobian1, mJacobian2 (private: read as b at unit body
//                     velocities, checked against applyImpulse), taken to ccref's world columns R1 B R_K^-1: body
//                     1's v block always, both w blocks where the certified perr is exactly zero (DART's lever arms
//                     end at P, ccref's at S); body 2's v block not (README).
//   sphere_on_sphere  DARTCollisionDetector on two SphereShape ShapeNodes (dart::collision::collideSphereSphere):
//                     normal = (c0 - c1)/|c0 - c1| (from sphere 2 toward sphere 1: ccref's Cz = -normal),
//                     point = (r1 c0 + r0 c1)/(r0 + r1) (= ccref's Co), penetrationDepth = r0 + r1 - d
//                     (perr = separation = -penetrationDepth).
//
// Bodies: each case body is a Skeleton with one FreeJoint; FreeJoint::setTransform stores the pose as exp-map
// coordinates, so the rotation DART uses is read back (BodyNode::getWorldTransform) and reported in inputs_used.
//
// Usage: dart_consumer [--all-verr] [--all-rows] [--dump-ball FILE] [--dump-rows FILE] [--verbose] --out RESULTS
//                      VECTORS_DIR
//   --all-verr: report the ball's velocity error on every test (a diagnostic: off S = P it is another quantity).
//   --all-rows: report every block of the ball's P on every test (a diagnostic, as --all-verr).
//   --dump-rows FILE: per ball test, R1, R2 and DART's rows, for consumers/dart/tools/exact_rows.py.
//   --dump-ball FILE: per ball test, DART's b (erp = 1, V = 0) and the R1 it is rotated with, for an exact re-check
//     of the consumer's rotation (consumers/dart/README.md).
#include <dart/config.hpp>
#include <dart/collision/CollisionGroup.hpp>
#include <dart/collision/CollisionObject.hpp>
#include <dart/collision/CollisionResult.hpp>
#include <dart/collision/dart/DARTCollide.hpp>
#include <dart/collision/dart/DARTCollisionDetector.hpp>
#include <dart/constraint/BallJointConstraint.hpp>
#include <dart/constraint/ConstraintBase.hpp>
#include <dart/constraint/DynamicJointConstraint.hpp>
#include <dart/dynamics/BodyNode.hpp>
#include <dart/dynamics/FreeJoint.hpp>
#include <dart/dynamics/ShapeNode.hpp>
#include <dart/dynamics/Skeleton.hpp>
#include <dart/dynamics/SphereShape.hpp>

#include <dlfcn.h>
#include <limits.h>
#include <stdlib.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>

// The C headers of ccref include GMP, MPFR, MPFI and jansson: include those first, as C++ sees them.
#include <gmp.h>
#include <jansson.h>
#include <mpfi.h>
#include <mpfr.h>
extern "C" {
#include "../common/consumer.h"
}

using dart::dynamics::BodyNode;
using dart::dynamics::FreeJoint;
using dart::dynamics::Skeleton;
using dart::dynamics::SkeletonPtr;

namespace {

int all_verr;           // --all-verr
int all_rows;           // --all-rows: every block of P on every ball test (a diagnostic)
FILE *dump_ball;        // --dump-ball FILE: per ball test, DART's b (erp = 1, V = 0) and R1, for an exact re-check
FILE *dump_rows;        // --dump-rows FILE: per ball test, R1, R2 and DART's rows, for an exact re-check of P

// ------------------------------------------------------------------ bodies

struct Body {
    SkeletonPtr skel;
    FreeJoint *joint;
    BodyNode *body;
};

Body make_skeleton(const char *name)
{
    Body b;
    b.skel = Skeleton::create(name);
    auto pair = b.skel->createJointAndBodyNodePair<FreeJoint>();
    b.joint = pair.first;
    b.body = pair.second;
    return b;
}

Eigen::Isometry3d iso_of(const ccref_mat3 &R, const ccref_vec3 &p)
{
    Eigen::Isometry3d T = Eigen::Isometry3d::Identity();
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            T.linear()(i, j) = R.m[i][j];
    T.translation() = Eigen::Vector3d(p.x, p.y, p.z);
    return T;
}

// inputs_used "bodyK": {"R": ..., "p": ...}: the pose DART holds after FreeJoint::setTransform, where it differs
// from the case's in a bit (the rotation goes through DART's exp/log map).
void used_pose(result_line *r, int k, const ccref_body &given, const Eigen::Isometry3d &T)
{
    ccref_mat3 R;
    ccref_vec3 p = {T.translation()[0], T.translation()[1], T.translation()[2]};
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            R.m[i][j] = T.linear()(i, j);
    int rdiff = std::memcmp(&R, &given.R, sizeof R) != 0;
    int pdiff = std::memcmp(&p, &given.p, sizeof p) != 0;
    if (!rdiff && !pdiff)
        return;
    char e[12][40];
    for (int i = 0; i < 9; i++)
        consumer_hex(e[i], sizeof e[i], R.m[i / 3][i % 3]);
    consumer_hex(e[9], sizeof e[9], p.x);
    consumer_hex(e[10], sizeof e[10], p.y);
    consumer_hex(e[11], sizeof e[11], p.z);
    if (rdiff && pdiff)
        used_member(r, "\"body%d\":{\"R\":[[\"%s\",\"%s\",\"%s\"],[\"%s\",\"%s\",\"%s\"],[\"%s\",\"%s\",\"%s\"]],"
                       "\"p\":[\"%s\",\"%s\",\"%s\"]}", k, e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7], e[8],
                    e[9], e[10], e[11]);
    else if (rdiff)
        used_member(r, "\"body%d\":{\"R\":[[\"%s\",\"%s\",\"%s\"],[\"%s\",\"%s\",\"%s\"],[\"%s\",\"%s\",\"%s\"]]}",
                    k, e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7], e[8]);
    else
        used_member(r, "\"body%d\":{\"p\":[\"%s\",\"%s\",\"%s\"]}", k, e[9], e[10], e[11]);
}

// Places a FreeJoint body at the case's pose; reports the pose DART uses.
void place(Body &b, const ccref_body &given, int k, result_line *r)
{
    b.joint->setTransform(iso_of(given.R, given.p));
    used_pose(r, k, given, b.body->getWorldTransform());
}

// ------------------------------------------------------------------ ball

// update(), getInformation() and applyImpulse() are protected in BallJointConstraint: a subclass makes them callable.
class BallProbe : public dart::constraint::BallJointConstraint {
public:
    using BallJointConstraint::BallJointConstraint;
    using BallJointConstraint::applyImpulse;
    using BallJointConstraint::getInformation;
    using BallJointConstraint::update;

    // b of getInformation with the given erp and invTimeStep = 1 (update() first: getInformation scales mViolation
    // in place).
    Eigen::Vector3d bias(double erp)
    {
        dart::constraint::DynamicJointConstraint::setErrorReductionParameter(erp);
        update();
        double x[3] = {0, 0, 0}, lo[3], hi[3], b[3], w[3] = {0, 0, 0};
        int findex[3] = {-1, -1, -1};
        dart::constraint::ConstraintInfo info;
        info.x = x;
        info.lo = lo;
        info.hi = hi;
        info.b = b;
        info.w = w;
        info.findex = findex;
        info.invTimeStep = 1.0;
        getInformation(&info);
        return Eigen::Vector3d(b[0], b[1], b[2]);
    }
};

// DART's rows, d b / d V_K: how b (erp = 0) moves with body K's spatial velocity V_K = [w; v] in body K's own frame
// (a FreeJoint's generalized velocities, with identity joint frames). b = -mJacobian1 V1 + mJacobian2 V2, so body
// 1's rows are -mJacobian1 and body 2's mJacobian2; both members are private, so each column is read as b at V_K =
// e_k with the other body at rest: getSpatialVelocity() is then e_k exactly (the FreeJoint's Jacobian is AdT of the
// identity) and the products by 0 and 1 in getInformation are exact, so the column is DART's entry bit for bit.
Eigen::Matrix<double, 3, 6> rows_of_body(BallProbe &ball, Body &moving, Body &resting)
{
    Eigen::Matrix<double, 3, 6> rows;
    resting.joint->setVelocities(Eigen::Vector6d::Zero());
    for (int k = 0; k < 6; k++) {
        moving.joint->setVelocities(Eigen::Vector6d::Unit(k));
        rows.col(k) = ball.bias(0.0);
    }
    moving.joint->setVelocities(Eigen::Vector6d::Zero());
    return rows;
}

// The same members through the solver's other door: applyImpulse(e_i) adds mJacobian1^T e_i to body 1's constraint
// impulse and -mJacobian2^T e_i to body 2's (BodyNode::getConstraintImpulse), i.e. -rows1.row(i) and -rows2.row(i),
// again with products by 0 and 1 only. A check that the probes read the members and nothing else.
bool rows_match_impulses(BallProbe &ball, Body &b1, Body &b2, const Eigen::Matrix<double, 3, 6> &rows1,
                         const Eigen::Matrix<double, 3, 6> &rows2)
{
    for (int i = 0; i < 3; i++) {
        b1.body->clearConstraintImpulse();
        b2.body->clearConstraintImpulse();
        double unit[3] = {0, 0, 0};
        unit[i] = 1.0;
        ball.applyImpulse(unit);
        if (b1.body->getConstraintImpulse() != -rows1.row(i).transpose() ||
            b2.body->getConstraintImpulse() != -rows2.row(i).transpose())
            return false;
    }
    b1.body->clearConstraintImpulse();
    b2.body->clearConstraintImpulse();
    return true;
}

bool is_multiple_of_identity(const Eigen::Matrix3d &B)
{
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            if (B(i, j) != (i == j ? B(0, 0) : 0.0))
                return false;
    return true;
}

// One 3x3 block of DART's rows in ccref's world columns. b is in body 1's frame (b_world = R1 b) and V_K in body
// K's (V_K = R_K^-1 u_K), so the block is R1 B R_K^-1. A multiple of the identity of body 1 (DART's -mJacobian1
// linear block, the constructor's literal -I) is the same matrix in every frame: returned as DART has it, no
// rounding. Otherwise R_K^T stands for R_K^-1 (DART's rotations are orthonormal to a few ulps) and the product is
// (R1 B) R_K^T, each dot product left to right: the consumer's roundings, measured with --dump-rows.
Eigen::Matrix3d world_block(const Eigen::Matrix3d &R1, const Eigen::Matrix3d &B, const Eigen::Matrix3d &RK,
                            bool of_body1)
{
    if (of_body1 && is_multiple_of_identity(B))
        return B;
    Eigen::Matrix3d R1B, W;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            R1B(i, j) = R1(i, 0) * B(0, j) + R1(i, 1) * B(1, j) + R1(i, 2) * B(2, j);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            W(i, j) = R1B(i, 0) * RK(j, 0) + R1B(i, 1) * RK(j, 1) + R1B(i, 2) * RK(j, 2);
    return W;
}

int certified_zero_perr(const vtest *t)
{
    return ccref_status_ok(t->expected.o.d.status) && t->expected.o.value[CCREF_SLOT_PERR] == 0.0 &&
           t->expected.o.value[CCREF_SLOT_PERR + 1] == 0.0 && t->expected.o.value[CCREF_SLOT_PERR + 2] == 0.0;
}

// The stations: the constraint's constructor takes one world point j and stores mOffset1 = T1^-1 j and
// mOffset2 = T2^-1 j. With j = 0, T1 = translation(-s1) and T2 = translation(-s2) (identity rotations, exact in
// DART's exp map), mOffset1 = s1 and mOffset2 = s2 exactly. Then the bodies are moved to the case's pose.
const char *run_ball(const vtest *t, result_line *r)
{
    const ccref_case *c = &t->c.u.k;
    const ccref_ball_params *p = &c->params.ball;
    Body b1 = make_skeleton("body1"), b2 = make_skeleton("body2");
    Eigen::Isometry3d T1 = Eigen::Isometry3d::Identity(), T2 = Eigen::Isometry3d::Identity();
    T1.translation() = -Eigen::Vector3d(p->station1_in_b1.x, p->station1_in_b1.y, p->station1_in_b1.z);
    T2.translation() = -Eigen::Vector3d(p->station2_in_b2.x, p->station2_in_b2.y, p->station2_in_b2.z);
    b1.joint->setTransform(T1);
    b2.joint->setTransform(T2);
    BallProbe ball(b1.body, b2.body, Eigen::Vector3d::Zero());

    place(b1, c->body1, 1, r);
    place(b2, c->body2, 2, r);
    const Eigen::Matrix3d R1 = b1.body->getWorldTransform().linear();

    // perr: every velocity zero (a new skeleton's), erp = 1: b = -mViolation = R1^T (S - P).
    const Eigen::Vector3d b = ball.bias(1.0);
    Eigen::Vector3d perr = R1 * b;
    if (dump_ball != nullptr) {
        // one line per test: tcId, b (3), R1 (9, row-major), in %a
        std::fprintf(dump_ball, "%d %a %a %a", t->tc_id, b[0], b[1], b[2]);
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++)
                std::fprintf(dump_ball, " %a", R1(i, j));
        std::fputc('\n', dump_ball);
    }
    static const char *const pn[3] = {"perr[0]", "perr[1]", "perr[2]"};
    for (int i = 0; i < 3; i++)
        out_value(r, pn[i], perr[i]);

    // The handle's P (spec/constraint_handle.md: d verr / du, u = (w1, v1, w2, v2) in Ground) from DART's rows B_K
    // (world_block: R1 B_K R_K^-1). In exact arithmetic, with rotations exactly orthonormal:
    //   body 1: w [R1 s1]x = [P - p1]x (ccref [S - p1]x),   v -I (ccref -I)
    //   body 2: w -[R2 p2]x = -[P - p2]x (ccref -[S - p2]x), v R1 R12 R2^-1 = I (ccref I)
    // with p2 = T12^-1 mOffset1: DART takes both bodies' points at body 1's station P, ccref (Simbody) at S. The w
    // blocks differ by [perr]x: reported only where the certified perr is exactly 0 (as verr; the MuJoCo and Bullet
    // consumers, whose body 2 lever is S, do so for body 1's). v1 is reported always. v2 is not: R12 = R1^T R2 takes
    // R1^T for R1^-1, and DART's rotations are orthonormal only to a few ulps, which leaves v2 up to 3 tolerances
    // from the exact I (README, "not reported"). --all-rows reports every block on every test (a diagnostic).
    const Eigen::Matrix3d R2 = b2.body->getWorldTransform().linear();
    const Eigen::Matrix<double, 3, 6> rows1 = rows_of_body(ball, b1, b2), rows2 = rows_of_body(ball, b2, b1);
    if (!rows_match_impulses(ball, b1, b2, rows1, rows2))
        return "DART's rows differ between getInformation and applyImpulse";
    const bool angular_blocks_reported = all_rows || certified_zero_perr(t);
    struct {
        Eigen::Matrix3d block;
        bool reported;
    } const columns[4] = {{world_block(R1, rows1.leftCols<3>(), R1, true), angular_blocks_reported},
                          {world_block(R1, rows1.rightCols<3>(), R1, true), true},
                          {world_block(R1, rows2.leftCols<3>(), R2, false), angular_blocks_reported},
                          {world_block(R1, rows2.rightCols<3>(), R2, false), all_rows != 0}};
    for (int i = 0; i < 3; i++)
        for (int q = 0; q < 4; q++) {
            if (!columns[q].reported)
                continue;
            for (int j = 0; j < 3; j++) {
                char name[24];
                std::snprintf(name, sizeof name, "P[%d][%d]", i, 3 * q + j);
                out_value(r, name, columns[q].block(i, j));
            }
        }
    if (dump_rows != nullptr) {
        // one line per test: tcId, R1 (9), R2 (9), rows1 (18), rows2 (18), each row-major, in %a
        std::fprintf(dump_rows, "%d", t->tc_id);
        const Eigen::Matrix3d *R[2] = {&R1, &R2};
        for (int k = 0; k < 2; k++)
            for (int i = 0; i < 3; i++)
                for (int j = 0; j < 3; j++)
                    std::fprintf(dump_rows, " %a", (*R[k])(i, j));
        const Eigen::Matrix<double, 3, 6> *rows[2] = {&rows1, &rows2};
        for (int k = 0; k < 2; k++)
            for (int i = 0; i < 3; i++)
                for (int j = 0; j < 6; j++)
                    std::fprintf(dump_rows, " %a", (*rows[k])(i, j));
        std::fputc('\n', dump_rows);
    }

    // verr: the case's velocities (FreeJoint stores the body-frame spatial velocity R^T w, R^T v), erp = 0.
    if (all_verr || certified_zero_perr(t)) {
        const ccref_body *body[2] = {&c->body1, &c->body2};
        Body *bb[2] = {&b1, &b2};
        for (int k = 0; k < 2; k++) {
            bb[k]->joint->setAngularVelocity(Eigen::Vector3d(body[k]->w.x, body[k]->w.y, body[k]->w.z));
            bb[k]->joint->setLinearVelocity(Eigen::Vector3d(body[k]->v.x, body[k]->v.y, body[k]->v.z));
        }
        Eigen::Vector3d verr = R1 * ball.bias(0.0);
        static const char *const vn[3] = {"verr[0]", "verr[1]", "verr[2]"};
        for (int i = 0; i < 3; i++)
            out_value(r, vn[i], verr[i]);
    }
    return NULL;
}

// ------------------------------------------------------------------ sphere on sphere

std::shared_ptr<dart::collision::CollisionDetector> detector;

dart::dynamics::ShapeNode *make_sphere(Body &b, double radius, const ccref_vec3 &c)
{
    auto sn = b.body->createShapeNodeWith<dart::dynamics::CollisionAspect>(
        std::make_shared<dart::dynamics::SphereShape>(radius));
    sn->setRelativeTranslation(Eigen::Vector3d(c.x, c.y, c.z));
    return sn;
}

// DARTCollisionDetector on the two spheres (its dispatcher calls collideSphereSphere): a contact has
// normal = (c0 - c1)/d (from the object 2 sphere toward the object 1 sphere), point = (r1 c0 + r0 c1)/(r0 + r1),
// penetrationDepth = r0 + r1 - d; for d^2 < DART_COLLISION_EPS (1e-6) normal = 0 and penetrationDepth = r0 + r1.
// The contact's object order is read from the contact (collisionObject1's ShapeFrame) and the normal's sign set
// from it: ccref's Cz points from sphere 1 toward sphere 2.
const char *run_sphere_on_sphere(const vtest *t, result_line *r)
{
    const ccref_case *c = &t->c.u.k;
    const ccref_sphere_on_sphere_params *p = &c->params.sphere_on_sphere;
    Body b1 = make_skeleton("body1"), b2 = make_skeleton("body2");
    place(b1, c->body1, 1, r);
    place(b2, c->body2, 2, r);
    auto s1 = make_sphere(b1, p->radius1, p->center1_in_b1);
    auto s2 = make_sphere(b2, p->radius2, p->center2_in_b2);
    auto group = detector->createCollisionGroup(s1, s2);
    dart::collision::CollisionOption option(true, 1u);
    dart::collision::CollisionResult result;
    group->collide(option, &result);
    if (result.getNumContacts() < 1)
        return CONSUMER_SEPARATED;
    const dart::collision::Contact &k = result.getContact(0);
    double sign = k.collisionObject1->getShapeFrame() == s1 ? -1.0 : 1.0;   // Cz = -normal when object 1 is sphere 1
    out_value(r, "perr[0]", -k.penetrationDepth);
    out_value(r, "contact_frame.R[0][2]", sign * k.normal[0]);
    out_value(r, "contact_frame.R[1][2]", sign * k.normal[1]);
    out_value(r, "contact_frame.R[2][2]", sign * k.normal[2]);
    out_value(r, "contact_frame.p.x", k.point[0]);
    out_value(r, "contact_frame.p.y", k.point[1]);
    out_value(r, "contact_frame.p.z", k.point[2]);
    out_value(r, "separation", -k.penetrationDepth);
    return NULL;
}

int option(int argc, char **argv, int *i)
{
    (void)argc;
    if (std::strcmp(argv[*i], "--all-verr") == 0) {
        all_verr = 1;
        return 1;
    }
    if (std::strcmp(argv[*i], "--all-rows") == 0) {
        all_rows = 1;
        return 1;
    }
    FILE **dump = std::strcmp(argv[*i], "--dump-ball") == 0   ? &dump_ball
                  : std::strcmp(argv[*i], "--dump-rows") == 0 ? &dump_rows
                                                              : nullptr;
    if (dump != nullptr && *i + 1 < argc) {
        ++*i;
        if ((*dump = std::fopen(argv[*i], "w")) == nullptr) {
            std::perror(argv[*i]);
            std::exit(2);
        }
        return 1;
    }
    return 0;
}

// The library must be the build the consumer is compiled for: the headers' version 6.12.1 and the shared object
// the symbols resolve to, libdart.so.6.12.1.
int check_library()
{
    if (std::strcmp(DART_VERSION, "6.12.1") != 0) {
        std::fprintf(stderr, "dart_consumer: DART headers %s, expected 6.12.1\n", DART_VERSION);
        return 0;
    }
    Dl_info info;
    int (*fn)(dart::collision::CollisionObject *, dart::collision::CollisionObject *, const double &,
              const Eigen::Isometry3d &, const double &, const Eigen::Isometry3d &, dart::collision::CollisionResult &)
        = &dart::collision::collideSphereSphere;
    char real[PATH_MAX];
    if (dladdr(reinterpret_cast<void *>(fn), &info) == 0 || info.dli_fname == nullptr ||
        realpath(info.dli_fname, real) == nullptr) {
        std::fprintf(stderr, "dart_consumer: cannot locate the DART library\n");
        return 0;
    }
    const char *base = std::strrchr(real, '/');
    base = base ? base + 1 : real;
    if (std::strcmp(base, "libdart.so.6.12.1") != 0) {
        std::fprintf(stderr, "dart_consumer: DART library %s, expected libdart.so.6.12.1\n", real);
        return 0;
    }
    return 1;
}

} // namespace

int main(int argc, char **argv)
{
    if (!check_library())
        return 2;
    detector = dart::collision::DARTCollisionDetector::create();
    static const consumer_suite suites[] = {
        {"ball", run_ball, 0},
        {"sphere_on_sphere", run_sphere_on_sphere, 0},
    };
    static const consumer c = {
        "dart_consumer",
        "DART " DART_VERSION " (Debian libdart-dev, double)",
        "[--all-verr] [--all-rows] [--dump-ball FILE] [--dump-rows FILE] ",
        option,
        suites,
        (int)(sizeof suites / sizeof suites[0]),
    };
    return consumer_main(&c, argc, argv);
}
