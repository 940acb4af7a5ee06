/* SOS-ABS-MINVAL: _SphereSphere (MuJoCo 2.2.2, src/engine/engine_collision_primitive.c) normalises the centre
 * difference with mju_normalize3, and when its length is below mjMINVAL = 1e-15 (an ABSOLUTE length) it discards it
 * and uses the normalised cross product of the two geoms' z axes ([1, 0, 0] when they are parallel). So two spheres of
 * radius 2^-50 (~1e-15) whose centres are 2^-60 (~8.7e-19) apart along +y get the normal (1, 0, 0), although the
 * direction (0, 1, 0) is exact (the difference of the centres is exact). The same geometry scaled by 2^20 gets
 * (0, 1, 0). Vectors: ccref sphere_on_sphere 78 79 83 84 86 87 92 (family coincident_points, centres 2^-65 .. 2^-60
 * apart, where ccref, with Simbody's threshold 2^-65, uses (S2 - S1)/|S2 - S1|).
 *
 * Build and run (MuJoCo 2.2.2, Debian libmujoco-dev):
 *   gcc -std=c11 -O2 -ffp-contract=off -o sos_abs_minval sos_abs_minval.c -lmujoco -lm && ./sos_abs_minval
 * Exit status 0: the bug is reproduced (normal not (0, 1, 0) at the small scale); 1: not reproduced. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <mujoco/mujoco.h>

static const char XML[] =
    "<mujoco><worldbody>"
    "<body name='b1'><freejoint/><inertial pos='0 0 0' mass='1' diaginertia='1 1 1'/><geom type='sphere' size='1'/></body>"
    "<body name='b2'><freejoint/><inertial pos='0 0 0' mass='1' diaginertia='1 1 1'/><geom type='sphere' size='1'/></body>"
    "</worldbody></mujoco>";

/* the contact normal of two spheres of radius r, sphere 2's centre at (0, dy, 0), sphere 1's at the origin */
static void normal_of(mjModel *m, mjData *d, double r, double dy, double n[3], double *dist)
{
    mj_resetData(m, d);
    m->geom_size[0] = m->geom_size[3] = r;
    m->geom_rbound[0] = m->geom_rbound[1] = r;
    d->qpos[7 + 1] = dy;                    /* body 2's free joint: position y */
    mj_kinematics(m, d);
    mj_collision(m, d);
    n[0] = n[1] = n[2] = NAN;
    *dist = NAN;
    if (d->ncon == 1) {
        double s = d->contact[0].geom1 == 0 ? 1 : -1;    /* normal from sphere 1 toward sphere 2 */
        for (int i = 0; i < 3; i++)
            n[i] = s * d->contact[0].frame[i];
        *dist = d->contact[0].dist;
    }
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
    mjData *d = mj_makeData(m);
    double n[3], dist;
    const double r_small = 0x1p-50, dy_small = 0x1p-60;
    normal_of(m, d, r_small, dy_small, n, &dist);
    printf("MuJoCo %d: radius %a, centres %a apart along +y: dist %a, normal (%a, %a, %a)\n", mj_version(), r_small,
           dy_small, dist, n[0], n[1], n[2]);
    int bug = !(n[0] == 0 && n[1] == 1 && n[2] == 0);
    double n2[3], dist2;
    normal_of(m, d, r_small * 0x1p20, dy_small * 0x1p20, n2, &dist2);
    printf("the same scaled by 2^20: dist %a, normal (%a, %a, %a)\n", dist2, n2[0], n2[1], n2[2]);
    printf("certified normal (exact: the centre difference (0, 2^-60, 0) is exact): (0, 1, 0)\n");
    printf("%s\n", bug ? "REPRODUCED" : "not reproduced");
    mj_deleteData(d);
    mj_deleteModel(m);
    return bug ? 0 : 1;
}
