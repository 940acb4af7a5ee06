// build: float
// SOS-ABS-EPSILON (Bullet 3.24, default single-precision build): sphere-sphere normal for centres 2^-30 apart.
// Build and run (Debian libbullet-dev):
//   g++ -std=c++17 -O2 sos_abs_epsilon_single.cpp $(pkg-config --cflags --libs bullet) -o sos_abs_epsilon_single && ./sos_abs_epsilon_single
// Exit status 0 when the bug shows (the normal off the certified one by more than its tolerance), 1 otherwise.
//
// Sphere A (radius 0.875) at the origin, sphere B (radius 0.75) at c = (-0x1.796b36p-33, -0x1.459ab6p-31,
// -0x1.7fb24ep-31) (float), |c| = 2^-30: far above float's underflow, the direction c/|c| is known to float precision.
// btSphereSphereCollisionAlgorithm takes normalOnB = (1, 0, 0) whenever len = |cA - cB| <= SIMD_EPSILON, an absolute
// threshold (FLT_EPSILON = 2^-23 ~ 1.2e-7 in this build): for any scene modelled at a small length unit, two centres
// within 1.2e-7 of each other get an arbitrary normal instead of their direction.
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
    btSphereShape A(0.875f), B(0.75f);
    btTransform XA(btMatrix3x3::getIdentity(), btVector3(0, 0, 0));
    btTransform XB(btMatrix3x3::getIdentity(), btVector3(-0x1.796b36p-33f, -0x1.459ab6p-31f, -0x1.7fb24ep-31f));
    // certified contact normal Cz (from A toward B) = -normalOnB: ccref vectors 2.1, sphere_on_sphere/202, with the
    // binary32 tier's tolerances
    const double Cz[3] = {-0x1.796b35cd0946p-3, -0x1.459ab5ed576cbp-1, -0x1.7fb24df88e177p-1};
    const double tol[3] = {0x1.ff6p-23, 0x1.b78p-21, 0x1.028p-20};

    btDefaultCollisionConfiguration config;
    btCollisionDispatcher dispatcher(&config);
    btCollisionObject oA, oB;
    oA.setCollisionShape(&A); oA.setWorldTransform(XA);
    oB.setCollisionShape(&B); oB.setWorldTransform(XB);
    btCollisionObjectWrapper wA(NULL, &A, &oA, oA.getWorldTransform(), -1, -1);
    btCollisionObjectWrapper wB(NULL, &B, &oB, oB.getWorldTransform(), -1, -1);
    btCollisionAlgorithm *algo = dispatcher.findAlgorithm(&wA, &wB, NULL, BT_CLOSEST_POINT_ALGORITHMS);
    Capture res(&wA, &wB);
    btDispatcherInfo info;
    algo->processCollision(&wA, &wB, info, &res);
    algo->~btCollisionAlgorithm();
    dispatcher.freeCollisionAlgorithm(algo);
    if (res.n == 0) { std::printf("no contact\n"); return 1; }
    double worst = 0;
    for (int i = 0; i < 3; i++) {
        std::printf("-normalOnB[%d] Bullet %a  certified Cz %a\n", i, -(double)res.normal[i], Cz[i]);
        worst = std::fmax(worst, std::fabs(-(double)res.normal[i] - Cz[i]) / tol[i]);
    }
    std::printf("distance Bullet %a (certified perr -0x1.9ffffffcp+0)\nworst error: %.3g tolerances\n", (double)res.dist, worst);
    return worst > 1 ? 0 : 1;
}
