// SOP-ROTATION-ROW1: dBodySetRotation (ODE 0.16) is meant to re-orthogonalise the matrix it is given, but
// dxOrthogonalizeR never writes its Gram-Schmidt step on row 1 back: a rotation 1e-12 off orthonormal is kept as
// is, the plane normal R1 Pz_F built from it is not unit, dCreatePlane renormalises it, and the sphere-plane
// penetration moves by 4.7e-13.
// Build and run (Debian 12, libode-dev 0.16.2, double precision):
//   gcc -std=c11 -O2 -ffp-contract=off -Wall -Wextra -Werror sop_rotation_row1.c $(pkg-config --cflags --libs ode) -lm -o sop_rotation_row1 && ./sop_rotation_row1
// Exit status 0: the bug is reproduced (R comes back unrepaired and perr is outside the tolerance); 1: it is not.
// Inputs: ccref's vectors sphere_on_plane/79 (family rotation_tolerance: body 1's R has (R^T R - I)_01 =
// 0x1.19799812dea1p-40, just inside ccref's tolerance 1e-12), loaded the way the ccref ODE consumer loads it: two
// kinematic bodies, the plane built in world coordinates from body 1 (normal dBodyVectorToWorld(body1, Pz_F), a
// point dBodyGetRelPointPos(body1, p_FP)), the sphere a geom on body 2 at its offset; perr = -depth of dCollide.
// Expected: ccref's certified values (at the R given) and their double-tier tolerance.
#include <math.h>
#include <stdio.h>

#include <ode/ode.h>

static const double R1[3][3] = {{0x1p+0, 0x1.19799812dea1p-40, 0x0p+0}, {0x0p+0, 0x1p+0, 0x0p+0}, {0x0p+0, 0x0p+0, 0x1p+0}};
static const double p1[3] = {0x1.55fbb3a04dc9p+0, 0x1.070fad8ae719p-2, 0x1.b228380bb7bbp-1};
static const double R2[3][3] = {{-0x1.b6ade6d5cf22cp-2, 0x1.d603806bd4ce8p-2, -0x1.8e812c5af84dcp-1},
                                {-0x1.b10e8ce3bd3c6p-1, 0x1.970340b7a1428p-4, 0x1.0c5c489069a28p-1},
                                {0x1.458d1a2f5e11cp-2, 0x1.c4069d5383866p-1, 0x1.61f410badd7b2p-2}};
static const double p2[3] = {-0x1.8905351eee754p+0, 0x1.31f2332aa1dp-3, -0x1.7ecb911c1804p-3};
static const double RF[3][3] = {{-0x1.3fe403090e4d8p-1, 0x1.73d0bb4d52f15p-1, 0x1.25b75749708c8p-2},
                                {-0x1.342686afd7327p-1, -0x1.b6122446d8c3p-3, -0x1.89f2137f5bdcbp-1},
                                {-0x1.fd577730dff18p-2, -0x1.4e84f5792d217p-1, 0x1.2434640b875dcp-1}};
static const double pF[3] = {-0x1.761ef26f3c27p-2, -0x1.d18fa05186f76p-1, -0x1.027f3f7425cp-6};
static const double centre_in_b2[3] = {-0x1.7e6a9bf51a25cp-2, -0x1.fb8cc52364e08p-3, -0x1.4637f37e5636p-1};
static const double radius = 0x1.7a8b3241522bcp-3;

// certified outputs (ccref vectors, sphere_on_plane/79) and double-tier tolerances
static const char *const out_name[4] = {"perr[0]", "contact_point.x", "contact_point.y", "contact_point.z"};
static const double expected[4] = {-0x1.1db3e044a35d2p+1, -0x1.0bcdcae48e526p+0, 0x1.fdbd888a594d6p-3,
                                   -0x1.b3482f75799ecp-1};
static const double tol[4] = {0x1.5cap-48, 0x1.6d4p-50, 0x1.19ap-50, 0x1.25ap-50};

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

int main(void)
{
    dInitODE2(0);
    dWorldID w = dWorldCreate();
    dBodyID b1 = make_body(w, R1, p1), b2 = make_body(w, R2, p2);
    const dReal *Ru = dBodyGetRotation(b1);
    double dot01 = Ru[0] * Ru[4] + Ru[1] * Ru[5] + Ru[2] * Ru[6];
    int unrepaired = Ru[1] == R1[0][1];
    printf("body 1 after dBodySetRotation: R[0][1] = %a (given %a), row0 . row1 = %a%s\n", Ru[1], R1[0][1], dot01,
           unrepaired ? " (not re-orthogonalised)" : "");
    dVector3 n, P0;
    dBodyVectorToWorld(b1, RF[0][2], RF[1][2], RF[2][2], n);
    dBodyGetRelPointPos(b1, pF[0], pF[1], pF[2], P0);
    printf("plane normal R1 Pz_F: |n|^2 - 1 = %.3g\n", n[0] * n[0] + n[1] * n[1] + n[2] * n[2] - 1);
    dGeomID plane = dCreatePlane(0, n[0], n[1], n[2], n[0] * P0[0] + n[1] * P0[1] + n[2] * P0[2]);
    dGeomID sphere = dCreateSphere(0, radius);
    dGeomSetBody(sphere, b2);
    dGeomSetOffsetPosition(sphere, centre_in_b2[0], centre_in_b2[1], centre_in_b2[2]);
    dContactGeom cg;
    int nc = dCollide(sphere, plane, 1, &cg, (int)sizeof cg);
    int outside = 0;
    if (nc != 1) {
        printf("sphere_on_plane/79: ODE reports no contact (certified perr %a)\n", expected[0]);
        outside = 1;
    } else {
        double got[4] = {-cg.depth, cg.pos[0], cg.pos[1], cg.pos[2]};
        printf("sphere_on_plane/79:\n");
        for (int i = 0; i < 4; i++) {
            double r = fabs(got[i] - expected[i]) / tol[i];
            printf("  %-16s ODE %a  certified %a  tolerance %a  (%.3g tolerances)\n", out_name[i], got[i],
                   expected[i], tol[i], r);
            if (!(r <= 1))
                outside = 1;
        }
    }
    dGeomDestroy(sphere);
    dGeomDestroy(plane);
    dWorldDestroy(w);
    dCloseODE();
    int reproduced = unrepaired && outside;
    printf("SOP-ROTATION-ROW1: %s\n", reproduced ? "REPRODUCED" : "not reproduced");
    return reproduced ? 0 : 1;
}
