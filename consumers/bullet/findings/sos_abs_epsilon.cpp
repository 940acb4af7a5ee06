// build: float64
// SOS-ABS-EPSILON (Bullet 3.24, double precision): sphere-sphere normal for centres 2^-60 apart.
// Build and run (Debian libbullet-dev):
//   g++ -std=c++17 -O2 sos_abs_epsilon.cpp $(pkg-config --cflags --libs bullet-float64) -o sos_abs_epsilon && ./sos_abs_epsilon
// Exit status 0 when the bug shows (the normal off the certified one by more than its tolerance), 1 otherwise.
//
// Sphere A (radius 0.5) at the origin, sphere B (radius 0.875) at (2^-60, 0, 0): the direction between the centres is
// exact, (1, 0, 0) from A to B, so Bullet's normalOnB (from B toward A) should be (-1, 0, 0).
// btSphereSphereCollisionAlgorithm takes normalOnB = (1, 0, 0) whenever len = |cA - cB| <= SIMD_EPSILON, an absolute
// threshold (DBL_EPSILON = 2^-52 in this build, FLT_EPSILON = 2^-23 in the float build), so the normal it returns
// points the wrong way: pushing the spheres apart along it drives them deeper into each other.
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
    btSphereShape A(0.5), B(0.875);
    btTransform XA(btMatrix3x3::getIdentity(), btVector3(0, 0, 0));
    btTransform XB(btMatrix3x3::getIdentity(), btVector3(0x1p-60, 0, 0));
    // certified contact normal Cz (from A toward B) = -normalOnB: ccref vectors 2.1, sphere_on_sphere/78
    const double Cz[3] = {1, 0, 0}, tol[3] = {0x1.682p-49, 0x1.466p-49, 0x1.466p-49};

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
    std::printf("distance Bullet %a (certified perr -0x1.6p+0)\nworst error: %.3g tolerances\n", (double)res.dist, worst);
    return worst > 1 ? 0 : 1;
}
