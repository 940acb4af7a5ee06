// LOL-VORONOI-NOISE: dClosestLineSegmentPoints (ODE 0.16) returns an end point for nearly parallel segments whose
// closest points are interior: its vertex-edge Voronoi tests are decided by rounding noise.
// Build and run (Debian 12, libode-dev 0.16.2, double precision):
//   gcc -std=c11 -O2 -ffp-contract=off -Wall -Wextra -Werror lol_voronoi_noise.c $(pkg-config --cflags --libs ode) -lm -o lol_voronoi_noise && ./lol_voronoi_noise
// Exit status 0: the bug is reproduced (an output outside the tolerance, or not finite); 1: it is not.
// Inputs: the segments the ccref ODE consumer gave dClosestLineSegmentPoints for ccref's vectors line_on_line/82 and
// /94 (family parallel_edges, sine of the angle 2^-30; the vectors' edges lengthened so that the closest points of
// the lines are interior; `ode_consumer --dump-segments`).
// Expected: ccref's certified closest points of the two lines (the vectors' expected values) and their double-tier
// tolerance (INFINITY where the vectors claim no bound: there only a non-finite value is a failure).
#include <math.h>
#include <stdio.h>

#include <ode/ode.h>

struct lol_case {
    const char *name;
    dReal a1[3], a2[3], b1[3], b2[3];   // segment 1 = [a1, a2], segment 2 = [b1, b2]
    double expected[6];                 // closest_point1.x y z, closest_point2.x y z (certified)
    double tol[6];                      // ccref's double-tier tolerance of each
};

static const struct lol_case cases[] = {
    {"line_on_line/82",
     {0x1.f63cb386f5e49p+0, 0x1.000000054f5f2p+31, -0x1.701cad5c6f08p-5},
     {0x1.f63cb386f5e49p+0, -0x1.fffffff56141bp+30, -0x1.701cad5c6f08p-5},
     {0x1.9f5c222731c1p+1, 0x1.fffffff532d26p+30, -0x1.328ee2d5d18dcp-1},
     {-0x1.828f776338fc2p-1, -0x1.000000056696dp+31, -0x1.328ee2d5d18dcp-1},
     {0x1.f63cb386f5e49p+0, 0x1.6f08de5b8a6ap+29, -0x1.701cad5c6f08p-5, 0x1.f63cb386f5e49p+0, 0x1.6f08de5b8a6ap+29, -0x1.328ee2d5d18dcp-1},
     {0x1.aeep+14, 0x1.aeep+14, 0x1.aeep+14, 0x1.aeep+14, 0x1.aeep+14, 0x1.aeep+14}},
    {"line_on_line/94",
     {0x1.9a44f53a6b3a4p-2, 0x1.ffffffec4ee31p+29, -0x1.d47c8e65c10d8p-1},
     {0x1.9a44f53a6b3a4p-2, -0x1.00000009d88e7p+30, -0x1.d47c8e65c10d8p-1},
     {0x1.1d880aa96f181p+0, 0x1.ffffffecb8213p+29, -0x1.04c2a3aa39d6p-5},
     {-0x1.c4efeaad21cfep-1, -0x1.00000009a3ef7p+30, -0x1.04c2a3aa39d6p-5},
     {0x1.9a44f53a6b3a4p-2, 0x1.2424ca6e1f1c6p+28, -0x1.d47c8e65c10d8p-1, 0x1.9a44f53a6b3a4p-2, 0x1.2424ca6e1f1c6p+28, -0x1.04c2a3aa39d6p-5},
     {0x1.27p+12, 0x1.27p+12, 0x1.27p+12, 0x1.27p+12, 0x1.27p+12, 0x1.27p+12}},
};

int main(void)
{
    static const char *const name[6] = {"closest_point1.x", "closest_point1.y", "closest_point1.z",
                                        "closest_point2.x", "closest_point2.y", "closest_point2.z"};
    int reproduced = 0;
    dInitODE2(0);
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        const struct lol_case *k = &cases[c];
        dVector3 a1, a2, b1, b2, cp1, cp2;
        for (int i = 0; i < 3; i++) {
            a1[i] = k->a1[i];
            a2[i] = k->a2[i];
            b1[i] = k->b1[i];
            b2[i] = k->b2[i];
        }
        a1[3] = a2[3] = b1[3] = b2[3] = 0;
        dClosestLineSegmentPoints(a1, a2, b1, b2, cp1, cp2);
        double got[6] = {cp1[0], cp1[1], cp1[2], cp2[0], cp2[1], cp2[2]};
        double worst = 0;
        int nonfinite = 0;
        printf("%s:\n", k->name);
        for (int i = 0; i < 6; i++) {
            double err = fabs(got[i] - k->expected[i]);
            printf("  %s  ODE %a  certified %a  tolerance %a", name[i], got[i], k->expected[i], k->tol[i]);
            if (!isfinite(got[i])) {
                printf("  (not finite)\n");
                nonfinite = 1;
            } else {
                printf("  (%.3g tolerances)\n", isinf(k->tol[i]) ? 0.0 : err / k->tol[i]);
                if (!isinf(k->tol[i]) && err / k->tol[i] > worst)
                    worst = err / k->tol[i];
            }
        }
        if (nonfinite || worst > 1) {
            reproduced = 1;
            if (nonfinite)
                printf("  => non-finite closest points where the certified ones are finite\n");
            else
                printf("  => largest error %.3g tolerances\n", worst);
        }
    }
    dCloseODE();
    printf("%s: %s\n", "LOL-VORONOI-NOISE", reproduced ? "REPRODUCED" : "not reproduced");
    return reproduced ? 0 : 1;
}
