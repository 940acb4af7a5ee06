// build: float64
// WELD-WORLD-LEVER (Bullet 3.24, double precision): btFixedConstraint's linear rows lose their lever arms far
// from the origin.
// Build and run (Debian libbullet-dev):
//   g++ -std=c++17 -O2 weld_world_lever.cpp $(pkg-config --cflags --libs bullet-float64) -o weld_world_lever && ./weld_world_lever
// Exit status 0 when the bug shows (the entry is not its exact value at p = (2^70, 2^70, 2^70)), 1 otherwise.
//
// btFixedConstraint is a btGeneric6DofSpring2Constraint; its calculateJacobi (btGeneric6DofSpring2Constraint.cpp,
// 3.24) writes a linear row along frame A's axis ax as J1 = (ax, relA x ax), J2 = (-ax, -(relB x ax)) with
//     relB = m_calculatedTransformB.getOrigin() - transB.getOrigin(),  relA likewise,
// the lever arm R_B pf_B recovered as the difference of two world positions (the frame's origin p_B + R_B pf_B and the
// body's p_B). Two bodies of mass 1 at the identity at p = (2^70, 2^70, 2^70), both frames (I, (0, 1, 0)): relB is
// (0, 1, 0) exactly in real arithmetic, and row 3 (ax = e_x) has J2angular = -((0, 1, 0) x e_x) = (0, 0, 1) exactly
// (at p = 0 Bullet returns it). At 2^70 the ulp of a coordinate is 2^18: p_B + (0, 1, 0) rounds to p_B and relB = 0.
#include <btBulletDynamicsCommon.h>
#include <cstdio>
#include <cstring>

static btVector3 row3_J2angular(btScalar c)
{
    btRigidBody::btRigidBodyConstructionInfo ci(1, NULL, NULL, btVector3(1, 1, 1));
    btRigidBody A(ci), B(ci);
    A.setCenterOfMassTransform(btTransform(btMatrix3x3::getIdentity(), btVector3(c, c, c)));
    B.setCenterOfMassTransform(btTransform(btMatrix3x3::getIdentity(), btVector3(c, c, c)));
    btTransform frame(btMatrix3x3::getIdentity(), btVector3(0, 1, 0));
    btFixedConstraint weld(A, B, frame, frame);
    btTypedConstraint::btConstraintInfo1 info1;
    weld.getInfo1(&info1);
    const int skip = 8;
    btScalar J1l[6 * skip], J1a[6 * skip], J2l[6 * skip], J2a[6 * skip], err[6 * skip], cfm[6 * skip], lo[6 * skip],
        hi[6 * skip];
    std::memset(J2a, 0, sizeof J2a);
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
    return btVector3(J2a[3 * skip], J2a[3 * skip + 1], J2a[3 * skip + 2]);
}

int main()
{
    btVector3 at0 = row3_J2angular(0), far = row3_J2angular(0x1p70);
    std::printf("row 3 (x) J2angular at p = 0: %a %a %a\n", (double)at0[0], (double)at0[1], (double)at0[2]);
    std::printf("row 3 (x) J2angular at p = (2^70, 2^70, 2^70): %a %a %a (exact: 0 0 0x1p+0)\n",
                (double)far[0], (double)far[1], (double)far[2]);
    return far[2] != 1 ? 0 : 1;
}
