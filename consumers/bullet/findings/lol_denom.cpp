// build: float64
// LOL-DENOM (Bullet 3.24, double precision): capsule-capsule closest points of two nearly parallel capsule axes.
// Build and run (Debian libbullet-dev):
//   g++ -std=c++17 -O2 lol_denom.cpp $(pkg-config --cflags --libs bullet-float64) -o lol_denom && ./lol_denom
// Exit status 0 when the bug shows (a closest point off the certified one by more than its tolerance), 1 otherwise.
//
// Two radius-0 capsules (btCapsuleShapeX: axis = local x) of half length 2^30; axis A = (0, -1, 0), axis B the
// correctly rounded direction at angle 2^-30 from it, (-2^-30, -1, 0). The closest points of the two axes lie
// 3.06e8 from the centres, well inside both segments. btConvexConvexAlgorithm's capsule path
// (capsuleCapsuleDistance -> segmentsClosestPoints) forms denom = 1 - (dirA . dirB)^2, which is exactly 0 here
// (dirA . dirB = 1), takes the parallel branch tA = 0 and returns the centre of A and its projection on B: a pair
// that is neither the closest pair of the axes nor of the segments.
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
    const btScalar h = 0x1p+30;
    // capsule A: centre, basis with column 0 = (0, -1, 0)
    btTransform XA(btMatrix3x3(0, 1, 0, -1, 0, 0, 0, 0, 1),
                   btVector3(0x1.9a44f53a6b3a4p-2, -0x1.3b11ceb6d76d5p+1, -0x1.d47c8e65c10d8p-1));
    // capsule B: basis with column 0 = (-2^-30, -1, 0) (a rotation by 2^-30 about z of A's basis, rounded)
    btTransform XB(btMatrix3x3(-0x1p-30, 1, 0, -1, -0x1p-30, 0, 0, 0, 1),
                   btVector3(0x1.d880aa96f181p-4, -0x1.347ded0dd731ep+1, -0x1.04c2a3aa39d6p-5));
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

    // certified closest points of the two axes (ccref vectors 2.1, line_on_line/94; the exact closest points of the
    // axes given here agree with them to 1.4e-12 of the tolerance); tolerance (double tier) 0x1.27p+12 per value
    const double Qa[3] = {0x1.9a44f53a6b3a4p-2, 0x1.2424ca6e1f1c6p+28, -0x1.d47c8e65c10d8p-1};
    const double Qb[3] = {0x1.9a44f53a6b3a4p-2, 0x1.2424ca6e1f1c6p+28, -0x1.04c2a3aa39d6p-5};
    const double tol = 0x1.27p+12;
    double worst = 0;
    for (int i = 0; i < 3; i++) {
        std::printf("Qa[%d] Bullet %a  certified %a\n", i, (double)qa[i], Qa[i]);
        std::printf("Qb[%d] Bullet %a  certified %a\n", i, (double)qb[i], Qb[i]);
        worst = std::fmax(worst, std::fabs(qa[i] - Qa[i]) / tol);
        worst = std::fmax(worst, std::fabs(qb[i] - Qb[i]) / tol);
    }
    std::printf("distance Bullet %a; certified separation of the axes |perr| = 0x1.c430642b1d702p-1\n", (double)res.dist);
    std::printf("worst error: %.3g tolerances\n", worst);
    return worst > 1 ? 0 : 1;
}
