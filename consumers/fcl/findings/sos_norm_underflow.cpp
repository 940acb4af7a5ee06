// SOS-NORM-UNDERFLOW: fcl::detail::sphereSphereIntersect (FCL 0.7.0) computes len = diff.norm() without scaling;
// for centres 1e-301 apart len underflows to 0 and the routine returns diff itself as the contact normal: a vector
// of length 1.7e-301, neither unit nor the (0, 0, 0) its comment documents for coincident centres. The public
// fcl::collide path returns the same normal. Build and run (Debian 12, libfcl-dev 0.7.0):
//   g++ -std=c++17 -O2 -I/usr/include/eigen3 sos_norm_underflow.cpp -o sos_norm_underflow -lfcl -lccd && ./sos_norm_underflow
// Exit status 0: the bug is reproduced (a normal neither unit nor zero); 1: it is not.
// Inputs: the sphere centres and radii of ccref's sphere_on_sphere/65 (a random case scaled by 2^-1000).
#include <fcl/narrowphase/collision.h>
#include <fcl/narrowphase/detail/primitive_shape_algorithm/sphere_sphere.h>
#include <cmath>
#include <cstdio>
#include <memory>

int main()
{
    const Eigen::Vector3d o1(-0x1.20ebb1eafbfc2p-1002, -0x1.9d34ed018cb5cp-1001, 0x1.2048e3c8e9b6ep-1001);
    const Eigen::Vector3d o2(-0x1.d07264a83241fp-1000, -0x1.1cd34848bd356p-1000, -0x1.688903b52ea54p-1002);
    const double r1 = 0x1.81cfd29416f22p-1003, r2 = 0x1.b999cdbf4dc09p-1001;
    // the exact direction (o2 - o1)/|o2 - o1| (|o2 - o1| = 1.6897e-301), rounded to double
    const double u[3] = {-0x1.b140815f54519p-1, -0x1.599f96a9e7872p-3, -0x1.02c97e87af229p-1};
    fcl::Transform3d tf1 = fcl::Transform3d::Identity(), tf2 = fcl::Transform3d::Identity();
    tf1.translation() = o1;
    tf2.translation() = o2;
    std::vector<fcl::ContactPointd> contacts;
    fcl::detail::sphereSphereIntersect(fcl::Sphered(r1), tf1, fcl::Sphered(r2), tf2, &contacts);
    if (contacts.empty()) {
        std::printf("no contact reported\nnot reproduced\n");
        return 1;
    }
    const Eigen::Vector3d n = contacts[0].normal;
    std::printf("sphereSphereIntersect: |diff|^2 = %g, normal = (%a, %a, %a), |normal| = %g\n",
                (o2 - o1).squaredNorm(), n[0], n[1], n[2], std::sqrt((n / 0x1p-1000).squaredNorm()) * 0x1p-1000);
    std::printf("  exact unit direction (%a, %a, %a)\n", u[0], u[1], u[2]);
    // the public path
    fcl::CollisionObjectd a(std::make_shared<fcl::Sphered>(r1), tf1), b(std::make_shared<fcl::Sphered>(r2), tf2);
    fcl::CollisionRequestd req(1, true);
    fcl::CollisionResultd res;
    fcl::collide(&a, &b, req, res);
    if (res.numContacts() > 0) {
        const Eigen::Vector3d m = res.getContact(0).normal;
        std::printf("fcl::collide: normal = (%a, %a, %a)\n", m[0], m[1], m[2]);
    }
    const double len = std::sqrt((n / 0x1p-1000).squaredNorm()) * 0x1p-1000;
    const int reproduced = std::fabs(len - 1.0) > 1e-12 && len != 0.0;
    std::printf(reproduced ? "REPRODUCED: the normal is neither unit nor zero\n" : "not reproduced\n");
    return reproduced ? 0 : 1;
}
