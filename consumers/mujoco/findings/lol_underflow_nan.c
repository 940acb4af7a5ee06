/* LOL-UNDERFLOW-NAN: mjc_CapsuleCapsule on segments of half length 2^-998 (random segments scaled by 2^-1000): ma = |a1|^2 and
 * mc underflow to 0, det = 0, and the parallel branch computes x2 = (v - mb)/mc = 0/0: the contact's dist and pos are
 * NaN. Inputs: ccref vector line_on_line/65 (family tiny_magnitude).
 *
 * Build and run (MuJoCo 2.2.2, Debian libmujoco-dev):
 *   gcc -std=gnu11 -O2 -ffp-contract=off -o lol_underflow_nan lol_underflow_nan.c -lmujoco -lm && ./lol_underflow_nan
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
static const double POS[2][3] = {{-0x1.618554d3e2e3ap-1003, 0x1.55e63ab450b04p-1002, -0x1.fb91c3bbc7709p-1002}, {0x1.5b1a2a755cfadp-1003, 0x1.08059a8b04c7ap-1000, -0x1.0575a2c73a5c4p-999}};
static const double QUAT[2][4] = {{0x1.2fe5e14f3ba67p-4, 0x1.40943de508131p-4, 0x1.1075057ee3432p-4, 0x1.fbdf904e0e84cp-1}, {0x1.0745a3d47417dp-2, 0x1.68fcdce6976b6p-1, -0x1.2347aa961e8ddp-1, 0x1.5870bee8ef0ecp-2}};
static const double HALF[2] = {0x1p-998, 0x1p-999};
/* ccref's certified separation of these lines (vectors/line_on_line.json, tcId 65) and its tolerance (double tier) */
static const double CERTIFIED = 0x1.c720bf9390d74p-1001, TOL = 0x1.802p-998;

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
    printf("certified (ccref line_on_line/65): %a (%.17g), tolerance %a\n", CERTIFIED, CERTIFIED, TOL);
    printf("error: %.3g tolerances\n", fabs(dist - CERTIFIED) / TOL);
    int bug = !(fabs(dist - CERTIFIED) <= TOL);
    printf("%s\n", bug ? "REPRODUCED" : "not reproduced");
    mj_deleteData(d);
    mj_deleteModel(m);
    return bug ? 0 : 1;
}
