// LOL-GRAM-DET: fcl::detail::closestPtSegmentSegment (FCL 0.7.0) loses nearly parallel segments to the cancellation
// of denom = a e - b^2. Build and run (Debian 12, libfcl-dev 0.7.0):
//   g++ -std=c++17 -O2 -I/usr/include/eigen3 lol_gram_det.cpp -o lol_gram_det -lfcl && ./lol_gram_det
// Exit status 0: the bug is reproduced (an error above the tolerance); 1: it is not.
// Inputs: the segments of ccref's vectors line_on_line/82 (sine of the angle 2^-30) and /108 (2^-10), as the
// ccref consumer gave them to FCL. The exact closest points of these segments (both interior, computed in rational
// arithmetic) and the tolerance of ccref's double tier are printed beside FCL's answer.
#include <fcl/narrowphase/detail/primitive_shape_algorithm/capsule_capsule.h>
#include <cmath>
#include <cstdio>

struct Case {
    const char *name;
    double P1[3], Q1[3], P2[3], Q2[3];
    double C1[3], C2[3];    // exact closest points (interior), rounded to double
    double tol;             // ccref's double-tier tolerance of every closest-point coordinate
};

static const Case cases[] = {
    {"line_on_line/82 (sine 2^-30)",
     {0x1.f63cb386f5e49p+0, 0x1.000000054f5f2p+31, -0x1.701cad5c6f080p-5},
     {0x1.f63cb386f5e49p+0, -0x1.fffffff56141bp+30, -0x1.701cad5c6f080p-5},
     {0x1.9f5c222731c10p+1, 0x1.fffffff532d26p+30, -0x1.328ee2d5d18dcp-1},
     {-0x1.828f776338fc2p-1, -0x1.000000056696dp+31, -0x1.328ee2d5d18dcp-1},
     {0x1.f63cb386f5e49p+0, 0x1.6f08de5b8a69fp+29, -0x1.701cad5c6f080p-5},
     {0x1.f63cb386f5e49p+0, 0x1.6f08de5b8a69fp+29, -0x1.328ee2d5d18dcp-1},
     0x1.aeep+14},
    {"line_on_line/108 (sine 2^-10)",
     {-0x1.f4ea06f1432ffp+12, -0x1.6dbab63296e36p+8, -0x1.9be310625be68p+10},
     {0x1.f52098f2655bdp+12, 0x1.715dae8c783a6p+8, 0x1.9b8ccc40d83d2p+10},
     {-0x1.f53fa842dde6cp+12, -0x1.689417a8d3ebap+8, -0x1.99b7733d8c803p+10},
     {0x1.f4f97891f3b68p+12, 0x1.6c3514c67cdeap+8, 0x1.9abfbba3adbc9p+10},
     {0x1.573aa49918461p+11, 0x1.fe8b66590ddf5p+6, 0x1.198a1fdb603a1p+9},
     {0x1.5734182aff172p+11, 0x1.f80c7bbdb2e55p+6, 0x1.1a3804c06556ap+9},
     0x1.7a6p-26},
};

int main()
{
    int reproduced = 0;
    for (const Case &k : cases) {
        Eigen::Vector3d P1(k.P1[0], k.P1[1], k.P1[2]), Q1(k.Q1[0], k.Q1[1], k.Q1[2]);
        Eigen::Vector3d P2(k.P2[0], k.P2[1], k.P2[2]), Q2(k.Q2[0], k.Q2[1], k.Q2[2]);
        double s = 0, t = 0;
        Eigen::Vector3d c1, c2;
        fcl::detail::closestPtSegmentSegment(P1, Q1, P2, Q2, &s, &t, &c1, &c2);
        Eigen::Vector3d D1 = Q1 - P1, D2 = Q2 - P2;
        double a = D1.dot(D1), e = D2.dot(D2), b = D1.dot(D2);
        std::printf("%s: FCL's denom = a e - b^2 = %.17g (kEps^2 = %.3g), s = %.17g, t = %.17g\n", k.name,
                    a * e - b * b, std::pow(fcl::constants<double>::eps_78(), 2), s, t);
        double worst = 0;
        for (int i = 0; i < 3; i++) {
            std::printf("  C1[%d] FCL %a  exact %a\n", i, c1[i], k.C1[i]);
            std::printf("  C2[%d] FCL %a  exact %a\n", i, c2[i], k.C2[i]);
            worst = std::fmax(worst, std::fmax(std::fabs(c1[i] - k.C1[i]), std::fabs(c2[i] - k.C2[i])));
        }
        std::printf("  largest error %.3g = %.3g tolerances (tolerance %a)\n", worst, worst / k.tol, k.tol);
        if (!(worst <= k.tol))
            reproduced = 1;
    }
    std::printf(reproduced ? "REPRODUCED: closest points off by more than the tolerance\n" : "not reproduced\n");
    return reproduced ? 0 : 1;
}
