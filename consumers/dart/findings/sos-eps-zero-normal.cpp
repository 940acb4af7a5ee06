// sos-eps-zero-normal.cpp: DART 6.12.1's DARTCollisionDetector (dart::collision::collideSphereSphere) treats any two sphere centres closer
// than 1 mm (|c0 - c1|^2 < DART_COLLISION_EPS = 1e-6) as coincident: it returns a zero normal and the penetration
// r0 + r1, whatever the direction and distance of the centres (consumers/dart/findings/SOS-EPS-ZERO-NORMAL.md).
//
// Build and run (Debian 12, libdart-dev 6.12.1):
//   g++ $(pkg-config --cflags dart) -std=c++17 -O2 -ffp-contract=off sos-eps-zero-normal.cpp $(pkg-config --libs dart) -o repro && ./repro
// Exit status 0: the bug is shown (a zero normal, and for case 160 a penetration far off); 1: it is not.
//
// Inputs: two cases of ccref's vectors (generatorVersion 2.1, seed 20261125), sphere_on_sphere/160 and /78. The
// sphere centres in world coordinates are formed here as p + R c (Eigen, double) from the case's body poses and
// body-frame centres, then given to two sphere SimpleFrames collided by DARTCollisionDetector. The certified answers are those of the vector file
// (correctly rounded from a 106-bit certified enclosure), with the tolerance of ccref's double tier.
// Sign conventions: DART's normal points from sphere 2 (c1) toward sphere 1 (c0); ccref's Cz points from sphere 1
// toward sphere 2, so Cz = -normal; ccref's perr (signed separation) = -penetrationDepth.
#include <dart/collision/CollisionGroup.hpp>
#include <dart/collision/CollisionObject.hpp>
#include <dart/collision/CollisionResult.hpp>
#include <dart/collision/dart/DARTCollisionDetector.hpp>
#include <dart/dynamics/SimpleFrame.hpp>
#include <dart/dynamics/SphereShape.hpp>

#include <cmath>
#include <cstdio>

namespace {

Eigen::Vector3d centre(const double R[3][3], const double p[3], const double c[3])
{
    Eigen::Matrix3d M;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            M(i, j) = R[i][j];
    return Eigen::Vector3d(p[0], p[1], p[2]) + M * Eigen::Vector3d(c[0], c[1], c[2]);
}

struct Case {
    const char *name;
    double R1[3][3], p1[3], c1[3], r1;
    double R2[3][3], p2[3], c2[3], r2;
    double perr, perr_tol;      // certified perr and its double-tier tolerance
    double cz[3], cz_tol;       // certified Cz (contact normal, sphere 1 toward sphere 2), largest tolerance
};

// returns 1 when the bug shows on this case
int run(const Case &k)
{
    Eigen::Isometry3d T0 = Eigen::Isometry3d::Identity(), T1 = Eigen::Isometry3d::Identity();
    T0.translation() = centre(k.R1, k.p1, k.c1);
    T1.translation() = centre(k.R2, k.p2, k.c2);
    // two sphere ShapeFrames at the centres; DARTCollisionDetector's dispatcher calls collideSphereSphere
    auto f0 = dart::dynamics::SimpleFrame::createShared(dart::dynamics::Frame::World(), "sphere1", T0);
    auto f1 = dart::dynamics::SimpleFrame::createShared(dart::dynamics::Frame::World(), "sphere2", T1);
    f0->setShape(std::make_shared<dart::dynamics::SphereShape>(k.r1));
    f1->setShape(std::make_shared<dart::dynamics::SphereShape>(k.r2));
    auto detector = dart::collision::DARTCollisionDetector::create();
    auto group = detector->createCollisionGroup(f0.get(), f1.get());
    dart::collision::CollisionResult result;
    group->collide(dart::collision::CollisionOption(true, 1u), &result);
    int n = (int)result.getNumContacts();
    Eigen::Vector3d d = T0.translation() - T1.translation();
    std::printf("%s: |c0 - c1| = %a (squared %a, DART_COLLISION_EPS 1e-6)\n", k.name, d.norm(), d.squaredNorm());
    if (n < 1) {
        std::printf("  no contact reported\n");
        return 0;
    }
    const dart::collision::Contact &c = result.getContact(0);
    // the normal points toward the contact's object 1: orient it so that normal is from sphere 2 toward sphere 1
    double s = c.collisionObject1->getShapeFrame() == f0.get() ? 1.0 : -1.0;
    const Eigen::Vector3d normal = s * c.normal;
    std::printf("  perr = -penetrationDepth: DART %a, certified %a (tolerance %a): error %.3g tolerances\n",
                -c.penetrationDepth, k.perr, k.perr_tol, std::fabs(-c.penetrationDepth - k.perr) / k.perr_tol);
    for (int i = 0; i < 3; i++)
        std::printf("  Cz[%d] = -normal[%d]: DART %a, certified %a (tolerance %a)\n", i, i, -normal[i], k.cz[i],
                    k.cz_tol);
    return normal.squaredNorm() == 0.0;
}

} // namespace

int main()
{
    // sphere_on_sphere/160: random_scaled (every length scaled by 2^-13): radii 1.1e-4, centres 2.2e-4 apart.
    const Case k160 = {
        "sphere_on_sphere/160",
        {{0x1.edf120be94272p-2, -0x1.9a2c0c4d7a482p-1, -0x1.6acfffefaa2cfp-2},
         {-0x1.3002c10cc7f8p-5, 0x1.8aac85e1a6214p-2, -0x1.d80f7bc710785p-1},
         {0x1.c01816f76ce9ep-1, 0x1.d4e01162cadb6p-2, 0x1.3fdde7540294p-3}},
        {0x1.892842d5f29ap-15, -0x1.3d64ad2dd77ap-14, 0x1.5952df8da0d48p-15},
        {0x1.8101fe6f6695p-16, -0x1.85646a1b86d64p-14, -0x1.35a5c1760e78ap-14},
        0x1.da0805bf5107p-14,
        {{0x1.2cf63286af30ap-1, -0x1.fafa905189e5dp-2, 0x1.4794af90ac05ep-1},
         {-0x1.f7e202bdc264bp-2, 0x1.a2bf79fe64b52p-2, 0x1.897caeff4e0dfp-1},
         {-0x1.48c5d78bbfe8cp-1, -0x1.887ddab4ea69dp-1, -0x1.a9769f689acp-9}},
        {0x1.f8793e02a1f28p-15, 0x1.420afea5d05cp-14, -0x1.0ec792fde8c2p-17},
        {-0x1.20241edbbfbbp-14, -0x1.3f117a899f3p-19, -0x1.34664ffdb3d8p-18},
        0x1.ce75159fbdd44p-14,
        -0x1.000653a396406p-16, 0x1.296p-61,
        {-0x1.59c2c723d8bbcp-1, 0x1.71fe0f008f2eap-1, 0x1.2df7d504687a4p-3}, 0x1.a04p-49,
    };
    // sphere_on_sphere/78: coincident_points family, centres 2^-60 apart (above ccref's singular threshold 2^-65):
    // the normal is exactly world +x.
    const Case k78 = {
        "sphere_on_sphere/78",
        {{0, -1, 0}, {0, 0, -1}, {1, 0, 0}}, {0, 0, 0}, {0, 0, 0}, 0x1p-1,
        {{0, 0, -1}, {-1, 0, 0}, {0, 1, 0}}, {0, 0, 0}, {0, 0, -0x1p-60}, 0x1.cp-1,
        -0x1.6p+0, 0x1.e02p-52,
        {1, 0, 0}, 0x1.682p-49,
    };
    int shown160 = run(k160);
    int shown78 = run(k78);
    // 160: a zero normal, and perr far outside its tolerance (the penetration ignores the centre distance)
    int bug = shown160 && shown78;
    std::printf("%s\n", bug ? "REPRODUCED: zero normal (and penetration r0 + r1) for centres closer than 1e-3"
                            : "not reproduced");
    return bug ? 0 : 1;
}
