// LOL-OVERFLOW-NAN: fcl::detail::closestPtSegmentSegment (FCL 0.7.0) squares the segment vectors; for coordinates
// of order 2^610 (1e183) a = D1.D1 overflows and every closest point is NaN, though the answer is finite and
// representable. Build and run (Debian 12, libfcl-dev 0.7.0):
//   g++ -std=c++17 -O2 -I/usr/include/eigen3 lol_overflow_nan.cpp -o lol_overflow_nan -lfcl && ./lol_overflow_nan
// Exit status 0: the bug is reproduced (a NaN); 1: it is not.
// Inputs: the segments of ccref's line_on_line/72 (a random case scaled by 2^610) as the ccref consumer gave them.
#include <fcl/narrowphase/detail/primitive_shape_algorithm/capsule_capsule.h>
#include <cmath>
#include <cstdio>

int main()
{
    const Eigen::Vector3d P1(0x1.e46b729469833p+611, -0x1.33ce534abd514p+610, 0x1.4c26eb7731490p+605);
    const Eigen::Vector3d Q1(-0x1.d1db212e4d949p+611, 0x1.0cd439736f796p+610, -0x1.e9521a8fffa14p+610);
    const Eigen::Vector3d P2(-0x1.85c57c2474bf6p+610, -0x1.8a65fbb9137a2p+609, -0x1.f5011bfef5802p+609);
    const Eigen::Vector3d Q2(-0x1.bc7aaad00580ep+610, -0x1.b04c609dc4140p+602, -0x1.fd1cdbe4e68d2p+607);
    // exact closest points (both interior: s = 0.67588, t = 0.47493), rounded to double
    const double C1[3] = {-0x1.3bb28554beea5p+610, 0x1.47b5f30d9e669p+608, -0x1.475b10fa5d2dep+610};
    const double C2[3] = {-0x1.9fc0f16434e7cp+610, -0x1.a161fedd1b49cp+608, -0x1.4382dd822f77dp+609};
    double s = 0, t = 0;
    Eigen::Vector3d c1, c2;
    fcl::detail::closestPtSegmentSegment(P1, Q1, P2, Q2, &s, &t, &c1, &c2);
    Eigen::Vector3d D1 = Q1 - P1;
    std::printf("a = D1.D1 = %g, s = %g, t = %g\n", D1.dot(D1), s, t);
    int nan = 0;
    for (int i = 0; i < 3; i++) {
        std::printf("  C1[%d] FCL %a  exact %a\n  C2[%d] FCL %a  exact %a\n", i, c1[i], C1[i], i, c2[i], C2[i]);
        nan |= std::isnan(c1[i]) || std::isnan(c2[i]);
    }
    std::printf(nan ? "REPRODUCED: NaN closest points\n" : "not reproduced\n");
    return nan ? 0 : 1;
}
