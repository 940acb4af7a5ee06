// sos-overflow-contact.cpp: DART 6.12.1's DARTCollisionDetector (dart::collision::collideSphereSphere) reports a
// contact between two spheres 7e183 apart: |c0 - c1|^2 and (r0 + r1)^2 both overflow to inf, the rejection test
// `normal_sqr > rsum * rsum` (inf > inf) is false, and the contact has a zero normal (normal * (1/inf)) and
// penetrationDepth = rsum - inf = -inf (consumers/dart/findings/SOS-OVERFLOW-CONTACT.md).
//
// Build and run (Debian 12, libdart-dev 6.12.1):
//   g++ $(pkg-config --cflags dart) -std=c++17 -O2 -ffp-contract=off sos-overflow-contact.cpp $(pkg-config --libs dart) -o repro && ./repro
// Exit status 0: the bug is shown (a contact is reported); 1: it is not.
//
// Input: ccref's vector sphere_on_sphere/72 (huge_magnitude, a random case scaled by 2^610; generatorVersion 2.1,
// seed 20261125). The world centres are formed here as p + R c (Eigen, double; no overflow: |c| ~ 2^611). The
// certified answer (128 bits, the vector file): separation perr = +0x1.a4e1a9ae1fad9p+610 (the spheres are apart);
// Cz = (0x1.6cf1ee6dcf22p-2, 0x1.548fb8013e32ep-5, -0x1.dde8174e3ba28p-1). The vector gives these outputs no
// tolerance (NoErrorBound at these magnitudes), so ccref check compares nothing and the test passes.
#include <dart/collision/CollisionGroup.hpp>
#include <dart/collision/CollisionObject.hpp>
#include <dart/collision/CollisionResult.hpp>
#include <dart/collision/dart/DARTCollisionDetector.hpp>
#include <dart/dynamics/SimpleFrame.hpp>
#include <dart/dynamics/SphereShape.hpp>

#include <cstdio>

static Eigen::Vector3d centre(const double R[3][3], const double p[3], const double c[3])
{
    Eigen::Matrix3d M;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            M(i, j) = R[i][j];
    return Eigen::Vector3d(p[0], p[1], p[2]) + M * Eigen::Vector3d(c[0], c[1], c[2]);
}

int main()
{
    const double R1[3][3] = {{0x1.7f0302eb13e8p-3, 0x1.b78b4c144d946p-1, 0x1.e8fbe5ea323f8p-2},
                             {-0x1.9357427862eap-7, -0x1.efa15466ad7dp-2, 0x1.bffc8f57937a8p-1},
                             {0x1.f6ed55b009142p-1, -0x1.5b29bca08d0b8p-3, -0x1.477bb73447abp-4}};
    const double p1[3] = {0x1.8040cc950c5bp+607, -0x1.cdcb23b6b290ep+610, -0x1.575fcf1216f54p+609};
    const double c1[3] = {0x1.8f5db28c0c904p+609, -0x1.a8a8f553279a4p+608, 0x1.fa43a37badfccp+609};
    const double r1 = 0x1.12d0467890251p+609;
    const double R2[3][3] = {{0x1.b5fa177ed8a2p-1, -0x1.23c06d0eb7087p-2, 0x1.bae6cfb0f7902p-2},
                             {-0x1.1cc0ed8d150a8p-5, 0x1.9a6fa542fa9d3p-1, 0x1.31906d0d2dbd7p-1},
                             {-0x1.0894eac4fcb67p-1, -0x1.0d159df8af20bp-1, 0x1.5a06b086ef7aap-1}};
    const double p2[3] = {0x1.0eff1426101b4p+610, -0x1.96d4ed12831dcp+610, -0x1.ebf339266f49cp+610};
    const double c2[3] = {0x1.ca7daacf1b4bp+607, 0x1.886f206740afap+609, 0x1.1bce3fccfc8e4p+609};
    const double r2 = 0x1.002cbafa47b9bp+607;
    const double perr_certified = 0x1.a4e1a9ae1fad9p+610;

    Eigen::Isometry3d T0 = Eigen::Isometry3d::Identity(), T1 = Eigen::Isometry3d::Identity();
    T0.translation() = centre(R1, p1, c1);
    T1.translation() = centre(R2, p2, c2);
    auto f0 = dart::dynamics::SimpleFrame::createShared(dart::dynamics::Frame::World(), "sphere1", T0);
    auto f1 = dart::dynamics::SimpleFrame::createShared(dart::dynamics::Frame::World(), "sphere2", T1);
    f0->setShape(std::make_shared<dart::dynamics::SphereShape>(r1));
    f1->setShape(std::make_shared<dart::dynamics::SphereShape>(r2));
    auto detector = dart::collision::DARTCollisionDetector::create();
    auto group = detector->createCollisionGroup(f0.get(), f1.get());
    dart::collision::CollisionResult result;
    group->collide(dart::collision::CollisionOption(true, 1u), &result);
    std::printf("sphere_on_sphere/72: certified separation %a (apart); DART reports %zu contact(s)\n",
                perr_certified, result.getNumContacts());
    if (result.getNumContacts() == 0) {
        std::printf("not reproduced\n");
        return 1;
    }
    const dart::collision::Contact &c = result.getContact(0);
    std::printf("  penetrationDepth %a, normal (%a, %a, %a), point (%a, %a, %a)\n", c.penetrationDepth, c.normal[0],
                c.normal[1], c.normal[2], c.point[0], c.point[1], c.point[2]);
    std::printf("REPRODUCED: a contact between separated spheres (overflowed distance test)\n");
    return 0;
}
