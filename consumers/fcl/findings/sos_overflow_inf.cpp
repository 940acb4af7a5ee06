// SOS-OVERFLOW-INF: fcl::detail::sphereSphereIntersect and sphereSphereDistance (FCL 0.7.0) compute the centre distance
// as diff.norm() without scaling; beyond about 1.3e154 the squares overflow and the distance is +inf: two spheres that
// overlap by a quarter of a radius get no contact from the intersect routine and an infinite distance from the
// distance routine (and from the public fcl::distance). Build and run (Debian 12, libfcl-dev 0.7.0):
//   g++ -std=c++17 -O2 -I/usr/include/eigen3 sos_overflow_inf.cpp -o sos_overflow_inf -lfcl -lccd && ./sos_overflow_inf
// Exit status 0: the bug is reproduced (no contact, or a non-finite distance); 1: it is not.
// Inputs: radii 2^600 and 1.25 x 2^600, centres 2^601 apart along x (every number exact in double): the exact signed
// distance is 2^601 - 2.25 x 2^600 = -2^598, as in ccref's scaled_overlap family (sphere_on_sphere 216: -0x1p+595).
#include <fcl/narrowphase/distance.h>
#include <fcl/narrowphase/detail/primitive_shape_algorithm/sphere_sphere.h>
#include <cmath>
#include <cstdio>
#include <memory>

int main()
{
    const double r1 = 0x1p+600, r2 = 0x1.4p+600;
    fcl::Transform3d tf1 = fcl::Transform3d::Identity(), tf2 = fcl::Transform3d::Identity();
    tf2.translation() = Eigen::Vector3d(0x1p+601, 0, 0);
    std::vector<fcl::ContactPointd> contacts;
    const bool hit = fcl::detail::sphereSphereIntersect(fcl::Sphered(r1), tf1, fcl::Sphered(r2), tf2, &contacts);
    double dist = 0;
    fcl::Vector3d p1, p2;
    fcl::detail::sphereSphereDistance(fcl::Sphered(r1), tf1, fcl::Sphered(r2), tf2, &dist, &p1, &p2);
    fcl::CollisionObjectd a(std::make_shared<fcl::Sphered>(r1), tf1), b(std::make_shared<fcl::Sphered>(r2), tf2);
    fcl::DistanceRequestd req;
    fcl::DistanceResultd res;
    fcl::distance(&a, &b, req, res);
    std::printf("exact signed distance %a (the spheres overlap)\n", -0x1p+598);
    std::printf("sphereSphereIntersect: %s; sphereSphereDistance: %a; fcl::distance: %a\n",
                hit ? "contact" : "no contact", dist, res.min_distance);
    const int reproduced = !hit || !std::isfinite(dist);
    std::printf(reproduced ? "REPRODUCED: overlapping spheres get no contact or an infinite distance\n"
                           : "not reproduced\n");
    return reproduced ? 0 : 1;
}
