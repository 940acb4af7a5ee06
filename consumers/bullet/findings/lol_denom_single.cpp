// build: float
// LOL-DENOM (Bullet 3.24, default single-precision build): capsule-capsule closest points of two nearly parallel capsule axes.
// Build and run (Debian libbullet-dev):
//   g++ -std=c++17 -O2 lol_denom_single.cpp $(pkg-config --cflags --libs bullet) -o lol_denom_single && ./lol_denom_single
// Exit status 0 when the bug shows (a closest point off the certified one by more than its tolerance), 1 otherwise.
//
// Two radius-0 capsules (btCapsuleShapeX: axis = local x) of half length 128, axis A = (1, 0, 0), axis B at angle
// 2^-10 from it: (0x1.fffffp-1, -2^-10, 0), as a float rotation holds it. The closest points of the axes lie 62.3
// from A's centre, inside both segments. segmentsClosestPoints forms denom = 1 - (dirA . dirB)^2 = 2^-20 by
// cancellation in float: its relative error is of order u / s^2 (u = 2^-24, s = 2^-10), 2^-4 here, where a
// formulation through |dirA x dirB|^2 loses u / s. (The exact value of Bullet's formula on these float inputs is
// within 0.24 tolerances of the certified points; Bullet's float evaluation is 127 tolerances off.)
#include <btBulletCollisionCommon.h>
#include <cmath>
#include <cstdio>

struct Capture : public btManifoldResult {
    int n = 0;
    btVector3 normal, point;
    btScalar dist = 0;
    Capture(const btCollisionObjectWrapper *a, const btCollisionObjectWrapper *b) : btManifoldResult(a, b) {}
    void addContactPoint(const btVector3 &nB, const btVector3 &pB, btScalar depth) override
    {
        if (n++ == 0) { normal = nB; point = pB; dist = depth; }
    }
};

int main()
{
    const btScalar h = 0x1p+7f;
    // capsule A: basis = identity (column 0 = (1, 0, 0))
    btTransform XA(btMatrix3x3::getIdentity(), btVector3(-0x1.6252e8p+0f, 0x1.c48656p-2f, -0x1.fea718p-1f));
    // capsule B: a rotation by -2^-10 about z, rounded to float (column 0 = (0x1.fffffp-1, -2^-10, 0))
    btTransform XB(btMatrix3x3(0x1.fffffp-1f, 0x1p-10f, 0, -0x1p-10f, 0x1.fffffp-1f, 0, 0, 0, 1),
                   btVector3(0x1.b0f24ep+0f, 0x1.0091e6p-1f, -0x1.14aa22p-1f));
    btCapsuleShapeX A(0, 2 * h), B(0, 2 * h);

    btDefaultCollisionConfiguration config;
    btCollisionDispatcher dispatcher(&config);
    btCollisionObject oA, oB;
    oA.setCollisionShape(&A); oA.setWorldTransform(XA);
    oB.setCollisionShape(&B); oB.setWorldTransform(XB);
    btCollisionObjectWrapper wA(NULL, &A, &oA, oA.getWorldTransform(), -1, -1);
    btCollisionObjectWrapper wB(NULL, &B, &oB, oB.getWorldTransform(), -1, -1);
    btCollisionAlgorithm *algo = dispatcher.findAlgorithm(&wA, &wB, NULL, BT_CLOSEST_POINT_ALGORITHMS);
    Capture res(&wA, &wB);
    res.m_closestPointDistanceThreshold = SIMD_INFINITY;   // report the distance whatever it is
    btDispatcherInfo info;
    algo->processCollision(&wA, &wB, info, &res);
    algo->~btCollisionAlgorithm();
    dispatcher.freeCollisionAlgorithm(algo);
    if (res.n == 0) { std::printf("no result\n"); return 1; }
    btVector3 qb = res.point, qa = res.point + res.normal * res.dist;

    // certified closest points of the two axes (ccref vectors 2.1, line_on_line/92, on the double inputs), with the
    // binary32 tier's tolerances (which include the rounding of the inputs to float)
    const double Qa[3] = {0x1.f27345f3e67f6p+5, 0x1.c4865387d2bep-2, -0x1.fea717732a63p-1};
    const double Qb[3] = {0x1.f27345f3e67f6p+5, 0x1.c4865387d2bep-2, -0x1.14aa212e4040ap-1};
    const double tola[3] = {0x1.8cap-10, 0x1.49ep-22, 0x1.372p-22}, tolb[3] = {0x1.89cp-10, 0x1.042p-19, 0x1.7e6p-21};
    double worst = 0;
    for (int i = 0; i < 3; i++) {
        std::printf("Qa[%d] Bullet %a  certified %a\n", i, (double)qa[i], Qa[i]);
        std::printf("Qb[%d] Bullet %a  certified %a\n", i, (double)qb[i], Qb[i]);
        worst = std::fmax(worst, std::fabs(qa[i] - Qa[i]) / tola[i]);
        worst = std::fmax(worst, std::fabs(qb[i] - Qb[i]) / tolb[i]);
    }
    std::printf("distance Bullet %a; certified separation of the axes |perr| = 0x1.d3f9ec89d444cp-2\n", (double)res.dist);
    std::printf("worst error: %.3g tolerances\n", worst);
    return worst > 1 ? 0 : 1;
}
