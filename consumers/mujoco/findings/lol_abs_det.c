/* LOL-ABS-DET: mjc_CapsuleCapsule (MuJoCo 2.2.2, src/engine/engine_collision_primitive.c) decides that two capsule axes are parallel
 * when det = ma*mc - mb*mb < mjMINVAL = 1e-15, an ABSOLUTE threshold on a quantity of dimension length^4. Two
 * well-conditioned segments (angle far from 0) of half length 2^-21 (about 0.5 micrometre in metres) have det =
 * 2^-85 and go to the parallel branch, which returns the distance from a segment end to the other segment instead of
 * the distance of the closest points. Inputs: ccref vector line_on_line/172 (family random_scaled, scale 2^-24), the
 * two edges as MuJoCo received them (capsules of radius 0 on free bodies at the origin).
 *
 * Build and run (MuJoCo 2.2.2, Debian libmujoco-dev):
 *   gcc -std=gnu11 -O2 -ffp-contract=off -o lol_abs_det lol_abs_det.c -lmujoco -lm && ./lol_abs_det
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
static const double POS[2][3] = {{-0x1.33f51af227f16p-26, -0x1.599de43b57a0cp-24, 0x1.1cf0109623c56p-26}, {-0x1.4ef1f0ecd2e4bp-25, 0x1.4440ae945813ap-23, 0x1.d7ebd5892fdffp-25}};
static const double QUAT[2][4] = {{0x1.6d6ad06d26d89p-1, 0x1.3afd1e9a94da1p-1, 0x1.3358580876562p-3, 0x1.328b9ca05e354p-2}, {0x1.37bd66a4f1b59p-1, -0x1.8836ffeee607ap-1, 0x1.d15a6ccb4e6abp-4, -0x1.600c6ab7e3227p-3}};
static const double HALF[2] = {0x1p-21, 0x1p-21};
/* ccref's certified separation of these lines (vectors/line_on_line.json, tcId 172) and its tolerance (double tier) */
static const double CERTIFIED = 0x1.84a70a7a8a087p-24, TOL = 0x1.66p-70;

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
    printf("certified (ccref line_on_line/172): %a (%.17g), tolerance %a\n", CERTIFIED, CERTIFIED, TOL);
    printf("error: %.3g tolerances\n", fabs(dist - CERTIFIED) / TOL);
    /* the same scene with every length times 2^20 (exact scaling): det grows by 2^80 and clears 1e-15 */
    for (int g = 0; g < 2; g++) {
        for (int i = 0; i < 3; i++)
            m->geom_pos[3 * g + i] = POS[g][i] * 0x1p20;
        m->geom_size[3 * g + 1] = HALF[g] * 0x1p20;
        m->geom_rbound[g] = HALF[g] * 0x1p20;
    }
    mj_resetData(m, d);
    mj_kinematics(m, d);
    mj_collision(m, d);
    double dist2 = NAN;
    for (int i = 0; i < d->ncon; i++)
        if (i == 0 || d->contact[i].dist < dist2)
            dist2 = d->contact[i].dist;
    printf("the same scene scaled by 2^20: %d contact(s), smallest dist * 2^-20 = %a (%.3g tolerances)\n", d->ncon,
           dist2 * 0x1p-20, fabs(dist2 * 0x1p-20 - CERTIFIED) / TOL);
    int bug = !(fabs(dist - CERTIFIED) <= TOL);
    printf("%s\n", bug ? "REPRODUCED" : "not reproduced");
    mj_deleteData(d);
    mj_deleteModel(m);
    return bug ? 0 : 1;
}
