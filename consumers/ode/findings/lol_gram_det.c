// LOL-GRAM-DET: dClosestLineSegmentPoints (ODE 0.16) solves its edge-edge case with det = la lb - (a.b)^2, which
// cancels for nearly parallel segments (relative error ~u/s^2, s = sine of the angle).
// Build and run (Debian 12, libode-dev 0.16.2, double precision):
//   gcc -std=c11 -O2 -ffp-contract=off -Wall -Wextra -Werror lol_gram_det.c $(pkg-config --cflags --libs ode) -lm -o lol_gram_det && ./lol_gram_det
// Exit status 0: the bug is reproduced (an output outside the tolerance, or not finite); 1: it is not.
// Inputs: the segments the ccref ODE consumer gave dClosestLineSegmentPoints for ccref's vectors line_on_line/104
// and /108 (family cancelled_cross, s = 2^-10; lengthened edges, `ode_consumer --dump-segments`).
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
    {"line_on_line/104",
     {-0x1.5a9d0af35f709p+6, -0x1.6de371e78829dp+10, -0x1.646276ee51fbfp+10},
     {0x1.6650d0e99dc57p+6, 0x1.6f19b7c8a51ddp+10, 0x1.654fbd2635217p+10},
     {-0x1.6a2546590c901p+6, -0x1.6e82df2165994p+10, -0x1.6578465567596p+10},
     {0x1.5da955c5f0dffp+6, 0x1.6dd5985971198p+10, 0x1.64dc1aa8b297cp+10},
     {0x1.2aa0a55cc74ecp+5, 0x1.2b8ef1fb868d8p+9, 0x1.236ba7f5954efp+9, 0x1.16f86f49f7e45p+5, 0x1.2b2ff73c03193p+9, 0x1.23e09e62c11b3p+9},
     {0x1.c72p-26, 0x1.c72p-26, 0x1.c72p-26, 0x1.c72p-26, 0x1.c72p-26, 0x1.c72p-26}},
    {"line_on_line/108",
     {-0x1.f4ea06f1433p+12, -0x1.6dbab63296e36p+8, -0x1.9be310625be68p+10},
     {0x1.f52098f2655bep+12, 0x1.715dae8c783a6p+8, 0x1.9b8ccc40d83d2p+10},
     {-0x1.f53fa842dde6dp+12, -0x1.689417a8d3ebap+8, -0x1.99b7733d8c803p+10},
     {0x1.f4f97891f3b69p+12, 0x1.6c3514c67cdeap+8, 0x1.9abfbba3adbc9p+10},
     {0x1.573aa499183b2p+11, 0x1.fe8b66590dcf5p+6, 0x1.198a1fdb60311p+9, 0x1.5734182aff0c3p+11, 0x1.f80c7bbdb2d56p+6, 0x1.1a3804c0654dap+9},
     {0x1.7a6p-26, 0x1.7a6p-26, 0x1.7a6p-26, 0x1.7a6p-26, 0x1.7a6p-26, 0x1.7a6p-26}},
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
    printf("%s: %s\n", "LOL-GRAM-DET", reproduced ? "REPRODUCED" : "not reproduced");
    return reproduced ? 0 : 1;
}
