/* SOS-OVERFLOW-MISSED: _SphereSphere and the bounding-sphere test of mj_collideGeoms (MuJoCo 2.2.2) measure the
 * centre distance with mju_dist3 = sqrt(dx^2 + dy^2 + dz^2), unscaled: beyond about 1.3e154 the squares overflow, the
 * distance is inf, and two spheres that overlap by half their radius are reported as NOT in contact. Two spheres of
 * radius 2^512 (~1.3e154) with centres 2^512 apart (so penetrating by 2^512) give ncon = 0; the same spheres scaled
 * by 2^-100 give one contact with dist = -2^412 (exact). No ccref vector catches this yet: the huge_magnitude
 * sphere_on_sphere tests are separated pairs (consumers/mujoco/README.md proposes a penetrating huge family).
 *
 * Build and run (MuJoCo 2.2.2, Debian libmujoco-dev):
 *   gcc -std=c11 -O2 -ffp-contract=off -o sos_overflow_missed sos_overflow_missed.c -lmujoco -lm && ./sos_overflow_missed
 * Exit status 0: the bug is reproduced (no contact although the spheres overlap); 1: not reproduced. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <mujoco/mujoco.h>

static const char XML[] =
    "<mujoco><worldbody>"
    "<body name='b1'><freejoint/><inertial pos='0 0 0' mass='1' diaginertia='1 1 1'/><geom type='sphere' size='1'/></body>"
    "<body name='b2'><freejoint/><inertial pos='0 0 0' mass='1' diaginertia='1 1 1'/><geom type='sphere' size='1'/></body>"
    "</worldbody></mujoco>";

static int contacts(mjModel *m, mjData *d, double r, double dx, double *dist)
{
    mj_resetData(m, d);
    m->geom_size[0] = m->geom_size[3] = r;
    m->geom_rbound[0] = m->geom_rbound[1] = r;
    d->qpos[7] = dx;                        /* body 2's free joint: position x */
    mj_kinematics(m, d);
    mj_collision(m, d);
    *dist = d->ncon > 0 ? d->contact[0].dist : NAN;
    return d->ncon;
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
    double dist;
    const double r = 0x1p512, dx = 0x1p512;
    int n = contacts(m, d, r, dx, &dist);
    printf("MuJoCo %d: radii %a, centres %a apart (penetration %a): %d contact(s), dist %a\n", mj_version(), r, dx,
           2 * r - dx, n, dist);
    double dist2;
    int n2 = contacts(m, d, r * 0x1p-100, dx * 0x1p-100, &dist2);
    printf("the same scaled by 2^-100: %d contact(s), dist %a (exact: %a)\n", n2, dist2, -(2 * r - dx) * 0x1p-100);
    printf("certified: one contact, dist = %a (|S2 - S1| - r1 - r2, exact)\n", dx - 2 * r);
    int bug = n == 0;
    printf("%s\n", bug ? "REPRODUCED" : "not reproduced");
    mj_deleteData(d);
    mj_deleteModel(m);
    return bug ? 0 : 1;
}
