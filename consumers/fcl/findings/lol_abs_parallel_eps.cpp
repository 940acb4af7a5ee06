// LOL-ABS-PARALLEL-EPS: fcl::detail::closestPtSegmentSegment (FCL 0.7.0) tests parallelism with an absolute
// threshold, denom = a e - b^2 <= kEps^2 (kEps = eps^(7/8), kEps^2 = 4e-28), so two short segments that cross at a
// large angle are taken as parallel. Build and run (Debian 12, libfcl-dev 0.7.0):
//   g++ -std=c++17 -O2 -I/usr/include/eigen3 lol_abs_parallel_eps.cpp -o lol_abs_parallel_eps -lfcl && ./lol_abs_parallel_eps
// Exit status 0: the bug is reproduced; 1: it is not.
// Inputs: the segments of ccref's line_on_line/150 (a random case with every length scaled by 2^-28), as the ccref
// consumer gave them to FCL; then the same segments scaled by 2^28 (exactly: a power of two), on which FCL is right.
// The exact closest points (both interior; rational arithmetic) and ccref's double-tier tolerance are printed.
#include <fcl/narrowphase/detail/primitive_shape_algorithm/capsule_capsule.h>
#include <cmath>
#include <cstdio>

int main()
{
    const double P1[3] = {0x1.10bd3e046be6cp-27, 0x1.fe58c85384e6ep-28, -0x1.ef3291adfbbbdp-29};
    const double Q1[3] = {-0x1.490140fa815e9p-28, -0x1.2da4618f6b492p-26, 0x1.be822ac8c0d88p-28};
    const double P2[3] = {-0x1.63686b4f95366p-29, -0x1.e9d287e5de680p-31, -0x1.9039d212cff1fp-29};
    const double Q2[3] = {0x1.9f569cb791398p-30, 0x1.94273edb55f4ep-28, 0x1.150298edfb949p-29};
    const double C1[3] = {0x1.2437d455ddd73p-28, 0x1.a37910c17defap-33, -0x1.749e7a4ca55f6p-31};   // exact, rounded
    const double C2[3] = {-0x1.b95b22d9adadep-32, 0x1.75d613a561288p-29, -0x1.38ef2150e91a0p-32};
    const double tol = 0x1.f24p-74;     // ccref's double-tier tolerance (the smallest of the six coordinates)
    int reproduced = 0;
    for (int scaled = 0; scaled < 2; scaled++) {
        const double k = scaled ? 0x1p+28 : 1.0;
        Eigen::Vector3d p1(k * P1[0], k * P1[1], k * P1[2]), q1(k * Q1[0], k * Q1[1], k * Q1[2]);
        Eigen::Vector3d p2(k * P2[0], k * P2[1], k * P2[2]), q2(k * Q2[0], k * Q2[1], k * Q2[2]);
        double s = 0, t = 0;
        Eigen::Vector3d c1, c2;
        double d2 = fcl::detail::closestPtSegmentSegment(p1, q1, p2, q2, &s, &t, &c1, &c2);
        Eigen::Vector3d D1 = q1 - p1, D2 = q2 - p2;
        double a = D1.dot(D1), e = D2.dot(D2), b = D1.dot(D2);
        std::printf("%s: |D1 x D2|/(|D1||D2|) = %.3g, denom = %.6g, kEps^2 = %.3g, s = %.17g, t = %.17g, distance %.6g\n",
                    scaled ? "scaled by 2^28" : "as in the vectors", D1.cross(D2).norm() / std::sqrt(a * e),
                    a * e - b * b, std::pow(fcl::constants<double>::eps_78(), 2), s, t, std::sqrt(d2) / k);
        double worst = 0;
        for (int i = 0; i < 3; i++) {
            std::printf("  C1[%d] FCL %a  exact %a\n", i, c1[i] / k, C1[i]);
            std::printf("  C2[%d] FCL %a  exact %a\n", i, c2[i] / k, C2[i]);
            worst = std::fmax(worst, std::fmax(std::fabs(c1[i] / k - C1[i]), std::fabs(c2[i] / k - C2[i])));
        }
        std::printf("  largest error %.3g = %.3g tolerances; exact minimum distance 5.3112228507217178e-09\n", worst,
                    worst / tol);
        if (!scaled && !(worst <= tol))
            reproduced = 1;
    }
    std::printf(reproduced ? "REPRODUCED: short crossing segments taken as parallel\n" : "not reproduced\n");
    return reproduced ? 0 : 1;
}
