/* LOL-GRAM-DET: mjc_CapsuleCapsule forms det = ma*mc - mb*mb (a Gram determinant) by cancellation: its relative error is about
 * u/sin^2 of the angle between the axes. For segments at an angle whose sine is 2^-30 (half length 2^31) det rounds to
 * exactly 0 although its exact value is about 2^64, and the parallel branch returns an end-point distance, 2.77
 * instead of the closest points' distance 0.554. Inputs: ccref vector line_on_line/82 (family parallel_edges), the
 * edges as MuJoCo received them (capsules of radius 0).
 *
 * Build and run (MuJoCo 2.2.2, Debian libmujoco-dev):
 *   gcc -std=gnu11 -O2 -ffp-contract=off -o lol_gram_det lol_gram_det.c -lmujoco -lm && ./lol_gram_det
 * Exit status 0: the bug is reproduced; 1: MuJoCo returns the certified answer (within its tolerance).
 * The "exact" column is the distance of the two lines MuJoCo received (geom_xpos + t * geom_xmat z axis), computed
 * in __float128 from MuJoCo's own geom_xpos and geom_xmat (the closest points lie inside both segments). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <mujoco/mujoco.h>

static const char XML[] =
    "<mujoco><worldbody>"
    "<body name='b1'><freejoint/><inertial pos='0 0 0' mass='1' diaginertia='1 1 1'/>"
    "<geom type='capsule' size='0.1 1' pos='0.1 0.2 0.3' euler='10 20 30'/></body>"
    "<body name='b2'><freejoint/><inertial pos='0 0 0' mass='1' diaginertia='1 1 1'/>"
    "<geom type='capsule' size='0.1 1' pos='0.1 0.2 0.3' euler='10 20 30'/></body>"
    "</worldbody></mujoco>";

/* capsule centre, orientation (normalised quaternion) and half length of the two edges */
static const double POS[2][3] = {{0x1.f63cb386f5e49p+0, 0x1.53d7c926044dfp+1, -0x1.701cad5c6f08p-5}, {0x1.3eb8444e6381fp+0, -0x1.59a5b3be12f6ap+1, -0x1.328ee2d5d18dcp-1}};
static const double QUAT[2][4] = {{0x0p+0, 0x0p+0, -0x1.6a09e667f3bccp-1, 0x1.6a09e667f3bcdp-1}, {0x1.6a09e667f3bcdp-1, 0x1.6a09e667f3bccp-1, -0x1.6a09e667f3bccp-32, -0x1.6a09e667f3bccp-32}};
static const double HALF[2] = {0x1p+31, 0x1p+31};
/* ccref's certified separation of these lines (vectors/line_on_line.json, tcId 82) and its tolerance (double tier) */
static const double CERTIFIED = 0x1.1b8d18000a9d4p-1, TOL = 0x1.1f4p-16;

static double line_distance(const double *p1, const double *X1, const double *p2, const double *X2)
{
    __float128 a[3], b[3], w[3], d[3], n2 = 0, dot = 0;
    for (int i = 0; i < 3; i++) {
        a[i] = X1[3 * i + 2];
        b[i] = X2[3 * i + 2];
        d[i] = (__float128)p2[i] - p1[i];
    }
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3;
        w[i] = a[j] * b[k] - a[k] * b[j];
        n2 += w[i] * w[i];
        dot += w[i] * d[i];
    }
    double r = (double)(dot / (__float128)sqrt((double)n2));   /* sqrt in double: enough for the comparison */
    return fabs(r);
}

int main(void)
{
    static mjVFS vfs;
    mj_defaultVFS(&vfs);
    mj_makeEmptyFileVFS(&vfs, "m.xml", (int)strlen(XML));
    memcpy(vfs.filedata[mj_findFileVFS(&vfs, "m.xml")], XML, strlen(XML));
    char err[500] = "";
    mjModel *m = mj_loadXML("m.xml", &vfs, err, (int)sizeof err);
    if (!m) {
        printf("load: %s\n", err);
        return 2;
    }
    for (int g = 0; g < 2; g++) {
        memcpy(m->geom_pos + 3 * g, POS[g], sizeof POS[g]);
        memcpy(m->geom_quat + 4 * g, QUAT[g], sizeof QUAT[g]);
        m->geom_size[3 * g] = 0;            /* radius 0: dist is the distance of the segments' closest points */
        m->geom_size[3 * g + 1] = HALF[g];
        m->geom_rbound[g] = HALF[g];
        m->geom_margin[g] = 1e10;           /* report the pair at any distance */
    }
    mjData *d = mj_makeData(m);
    mj_kinematics(m, d);
    mj_collision(m, d);
    double dist = NAN;
    for (int i = 0; i < d->ncon; i++)
        if (i == 0 || d->contact[i].dist < dist)
            dist = d->contact[i].dist;
    double exact = line_distance(d->geom_xpos, d->geom_xmat, d->geom_xpos + 3, d->geom_xmat + 9);
    printf("MuJoCo %d (library %s): %d contact(s), smallest dist = %a (%.17g)\n", mj_version(), mj_versionString(),
           d->ncon, dist, dist);
    printf("distance of the lines MuJoCo received (__float128): %a (%.17g)\n", exact, exact);
    printf("certified (ccref line_on_line/82): %a (%.17g), tolerance %a\n", CERTIFIED, CERTIFIED, TOL);
    printf("error: %.3g tolerances\n", fabs(dist - CERTIFIED) / TOL);
    int bug = !(fabs(dist - CERTIFIED) <= TOL);
    printf("%s\n", bug ? "REPRODUCED" : "not reproduced");
    mj_deleteData(d);
    mj_deleteModel(m);
    return bug ? 0 : 1;
}
