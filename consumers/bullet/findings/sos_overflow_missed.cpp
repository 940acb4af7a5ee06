// build: float64
// SOS-NORM-OVERFLOW (Bullet 3.24, double precision): two spheres that overlap by a quarter of a radius get no contact.
// Build and run (Debian libbullet-dev):
//   g++ -std=c++17 -O2 sos_overflow_missed.cpp $(pkg-config --cflags --libs bullet-float64) -o sos_overflow_missed && ./sos_overflow_missed
// Exit status 0 when the bug shows (no contact although the spheres overlap), 1 otherwise.
//
// Sphere A (radius 0x1p+600) at the origin, sphere B (radius 0x1.4p+600) at (0x1p+601, 0, 0): the centres are 0x1p+601 apart and the
// radii add up to 0x1p+601 + 0x1p+600/4, so the spheres overlap by 0x1p+600/4 and the exact signed distance is -0x1p+600/4 (every
// number here is a power of two or 1.25 times one: exact in btScalar). btSphereSphereCollisionAlgorithm forms
// len = diff.length() = sqrt(diff.x^2 + diff.y^2 + diff.z^2) unscaled: the square overflows beyond about 1.3e154 (2^511), len is
// +inf, the test len > radiusA + radiusB + threshold is true, and no contact is reported. The ccref vectors'
// scaled_overlap family (sphere_on_sphere, sphere_sphere) has such pairs, each with a certified negative perr.
#include <btBulletCollisionCommon.h>
#include <cstdio>

struct Capture : public btManifoldResult {
    int n = 0;
    btScalar dist = 0;
    Capture(const btCollisionObjectWrapper *a, const btCollisionObjectWrapper *b) : btManifoldResult(a, b) {}
    void addContactPoint(const btVector3 &, const btVector3 &, btScalar depth) override
    {
        if (n++ == 0) dist = depth;
    }
};

int main()
{
    const btScalar rA = (btScalar)0x1p+600, rB = (btScalar)0x1.4p+600, d = (btScalar)0x1p+601;
    btSphereShape A(rA), B(rB);
    btTransform XA(btMatrix3x3::getIdentity(), btVector3(0, 0, 0));
    btTransform XB(btMatrix3x3::getIdentity(), btVector3(d, 0, 0));
    btDefaultCollisionConfiguration config;
    btCollisionDispatcher dispatcher(&config);
    btCollisionObject oA, oB;
    oA.setCollisionShape(&A); oA.setWorldTransform(XA);
    oB.setCollisionShape(&B); oB.setWorldTransform(XB);
    btCollisionObjectWrapper wA(NULL, &A, &oA, oA.getWorldTransform(), -1, -1);
    btCollisionObjectWrapper wB(NULL, &B, &oB, oB.getWorldTransform(), -1, -1);
    btCollisionAlgorithm *algo = dispatcher.findAlgorithm(&wA, &wB, NULL, BT_CONTACT_POINT_ALGORITHMS);
    Capture res(&wA, &wB);
    btDispatcherInfo info;
    algo->processCollision(&wA, &wB, info, &res);
    algo->~btCollisionAlgorithm();
    dispatcher.freeCollisionAlgorithm(algo);
    std::printf("|diff| Bullet %a; exact signed distance %a (certain overlap)\n", (double)(XB.getOrigin() - XA.getOrigin()).length(),
                -(double)rA / 4);
    if (res.n == 0) {
        std::printf("REPRODUCED: no contact reported for overlapping spheres\n");
        return 0;
    }
    std::printf("contact reported, distance %a\n", (double)res.dist);
    return 1;
}
