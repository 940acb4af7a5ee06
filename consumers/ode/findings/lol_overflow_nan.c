// LOL-OVERFLOW-NAN: dClosestLineSegmentPoints (ODE 0.16) squares the segment lengths (la = |a2 - a1|^2): beyond
// about 1e154 they overflow and every closest-point coordinate is NaN.
// Build and run (Debian 12, libode-dev 0.16.2, double precision):
//   gcc -std=c11 -O2 -ffp-contract=off -Wall -Wextra -Werror lol_overflow_nan.c $(pkg-config --cflags --libs ode) -lm -o lol_overflow_nan && ./lol_overflow_nan
// Exit status 0: the bug is reproduced (an output outside the tolerance, or not finite); 1: it is not.
// Inputs: the segments the ccref ODE consumer gave dClosestLineSegmentPoints for ccref's vectors line_on_line/72
// (family huge_magnitude, a random case scaled by 2^610) and /73 (scaled by 2^1020; `ode_consumer --dump-segments`).
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
    {"line_on_line/72",
     {0x1.e46b729469833p+611, -0x1.33ce534abd514p+610, 0x1.4c26eb773149p+605},
     {-0x1.d1db212e4d949p+611, 0x1.0cd439736f796p+610, -0x1.e9521a8fffa14p+610},
     {-0x1.85c57c2474bf6p+610, -0x1.8a65fbb9137a2p+609, -0x1.f5011bfef5802p+609},
     {-0x1.bc7aaad00580ep+610, -0x1.b04c609dc414p+602, -0x1.fd1cdbe4e68d2p+607},
     {-0x1.3bb28554beea5p+610, 0x1.47b5f30d9e667p+608, -0x1.475b10fa5d2ddp+610, -0x1.9fc0f16434e7cp+610, -0x1.a161fedd1b49dp+608, -0x1.4382dd822f77dp+609},
     {0x1.1cep+565, 0x1.414p+564, 0x1.21ep+565, 0x1.e98p+564, 0x1.71ap+564, 0x1.e4ap+564}},
    {"line_on_line/73",
     {0x1.365f2249f40bcp+1021, -0x1.1c2f8c4589508p+1020, 0x1.940893af30caep+1021},
     {-0x1.16b6c322011e3p+1022, 0x1.3478f5d4f3cbcp+1019, -0x1.75a05cd9f1bdap+1019},
     {0x1.96ee991b41b88p+1018, -0x1.b0ad9f25f301ap+1020, 0x1.568859acd7e41p+1021},
     {-0x1.1b3ace832645p+1017, -0x1.a254538a511c8p+1020, 0x1.d99974d351013p+1020},
     {0x1.b646bb7ab4664p+1018, -0x1.361edd7707801p+1019, 0x1.01869dd2157fbp+1021, 0x1.21c59804564f2p+1016, -0x1.a7edbed65aaf8p+1020, 0x1.160f3ef5e5af9p+1021},
     {INFINITY, INFINITY, INFINITY, INFINITY, INFINITY, INFINITY}},
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
    printf("%s: %s\n", "LOL-OVERFLOW-NAN", reproduced ? "REPRODUCED" : "not reproduced");
    return reproduced ? 0 : 1;
}
