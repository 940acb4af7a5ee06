// SOS-OVERFLOW-MISSED: dCollideSpheres (ODE 0.16) takes the centre distance as sqrt(p.p), unscaled: beyond about
// 1.3e154 p.p overflows, the distance is +inf and two spheres that overlap get no contact.
// Build and run (Debian 12, libode-dev 0.16.2, double precision):
//   gcc -std=c11 -O2 -ffp-contract=off -Wall -Wextra -Werror sos_overflow_missed.c $(pkg-config --cflags --libs ode) -lm -o sos_overflow_missed && ./sos_overflow_missed
// Exit status 0: the bug is reproduced (no contact for a certain overlap); 1: it is not.
// Inputs: ccref's vectors sphere_on_sphere/216 and /217 (family scaled_overlap: spheres overlapping by a quarter of
// a radius, every length scaled by 2^600 and 2^900), loaded the way the ccref ODE consumer loads them: two
// kinematic bodies, each sphere a geom on its body at its body-frame centre (dGeomSetOffsetPosition), dCollide.
// Expected: ccref's certified perr (penetration, negative: the spheres overlap). The vectors claim no error bound
// for these outputs (tolerance null: NoErrorBound); any contact with a finite perr would be compared, "no contact"
// where the overlap is certain is a failure.
#include <math.h>
#include <stdio.h>

#include <ode/ode.h>

struct sos_case {
    const char *name;
    double R1[3][3], p1[3], c1[3], r1;   // body 1 pose, sphere 1 centre in body 1, radius
    double R2[3][3], p2[3], c2[3], r2;
    double perr;                         // certified perr (exact)
};

static const struct sos_case cases[] = {
    {"sphere_on_sphere/216 (2^600)",
     {{0, -1, 0}, {1, 0, 0}, {0, 0, 1}}, {0x1.ep+600, -0x1.4p+600, 0x1p+601},
     {0x1.8p+600, 0x1.6p+601, -0x1.4p+600}, 0x1.4p+599,
     {{1, 0, 0}, {0, -1, 0}, {0, 0, -1}}, {-0x1.ap+600, -0x1.cp+599, -0x1p+599},
     {0x0p+0, -0x1.2p+600, -0x1.4p+600}, 0x1.4p+597,
     -0x1p+595},
    {"sphere_on_sphere/217 (2^900)",
     {{0, -1, 0}, {-1, 0, 0}, {0, 0, -1}}, {0x1p+897, 0x1.ep+900, -0x1p+899},
     {0x1.7p+901, 0x0p+0, -0x1p+900}, 0x1.8p+898,
     {{1, 0, 0}, {0, 0, -1}, {0, 1, 0}}, {0x1p+899, 0x1.6p+900, -0x1.6p+900},
     {-0x1.8p+898, 0x1.ap+901, 0x1.3p+901}, 0x1.4p+900,
     -0x1p+898},
};

static dBodyID make_body(dWorldID w, const double R[3][3], const double p[3])
{
    dBodyID b = dBodyCreate(w);
    dBodySetKinematic(b);
    dMatrix3 M;
    for (int i = 0; i < 3; i++) {
        for (int j = 0; j < 3; j++)
            M[4 * i + j] = R[i][j];
        M[4 * i + 3] = 0;
    }
    dBodySetRotation(b, M);
    dBodySetPosition(b, p[0], p[1], p[2]);
    return b;
}

static dGeomID make_sphere(dBodyID b, double r, const double c[3])
{
    dGeomID g = dCreateSphere(0, r);
    dGeomSetBody(g, b);
    dGeomSetOffsetPosition(g, c[0], c[1], c[2]);
    return g;
}

int main(void)
{
    int reproduced = 0;
    dInitODE2(0);
    dWorldID w = dWorldCreate();
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        const struct sos_case *c = &cases[k];
        dBodyID b1 = make_body(w, c->R1, c->p1), b2 = make_body(w, c->R2, c->p2);
        dGeomID g1 = make_sphere(b1, c->r1, c->c1), g2 = make_sphere(b2, c->r2, c->c2);
        const dReal *S1 = dGeomGetPosition(g1), *S2 = dGeomGetPosition(g2);
        double p[3] = {S2[0] - S1[0], S2[1] - S1[1], S2[2] - S1[2]};
        double pp = p[0] * p[0] + p[1] * p[1] + p[2] * p[2];
        dContactGeom cg;
        int nc = dCollide(g1, g2, 1, &cg, (int)sizeof cg);
        printf("%s: centres %a %a %a / %a %a %a, radii %a %a\n", c->name, S1[0], S1[1], S1[2], S2[0], S2[1], S2[2],
               c->r1, c->r2);
        printf("  |p| (hypot) = %a, r1 + r2 = %a, unscaled p.p = %a\n", hypot(hypot(p[0], p[1]), p[2]),
               c->r1 + c->r2, pp);
        if (nc == 0) {
            printf("  ODE: no contact  certified perr %a (overlap)  tolerance: none claimed (NoErrorBound)\n",
                   c->perr);
            reproduced = 1;
        } else {
            printf("  ODE: contact, perr %a  certified perr %a  tolerance: none claimed (NoErrorBound)\n",
                   -cg.depth, c->perr);
            if (!isfinite(cg.depth))
                reproduced = 1;
        }
        dGeomDestroy(g1);
        dGeomDestroy(g2);
        dBodyDestroy(b1);
        dBodyDestroy(b2);
    }
    dWorldDestroy(w);
    dCloseODE();
    printf("SOS-OVERFLOW-MISSED: %s\n", reproduced ? "REPRODUCED" : "not reproduced");
    return reproduced ? 0 : 1;
}
