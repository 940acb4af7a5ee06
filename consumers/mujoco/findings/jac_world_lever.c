/* JAC-WORLD-LEVER (consumers/mujoco/findings/JAC-WORLD-LEVER.md): MuJoCo 2.2.2's constraint Jacobian forms a lever
 * arm as the difference of two world positions (mj_jac: point - subtree_com, the point itself xmat s + xpos), so a
 * body far from the origin loses the lever arm's bits: at |p| = 2^70 a connect's station s = (0, 1, 0) on a body at the
 * identity gets the angular column 0 where the exact entry is -1. Standalone: MuJoCo's public API only.
 * Exit 0 while the bug is there (the entry is not -1), 1 when it is gone. */
#include <stdio.h>
#include <string.h>
#include <mujoco/mujoco.h>

static const char XML[] =
    "<mujoco><worldbody>"
    "<body name='b1'><freejoint/><inertial pos='0 0 0' mass='1' diaginertia='1 1 1'/></body>"
    "<body name='b2'><freejoint/><inertial pos='0 0 0' mass='1' diaginertia='1 1 1'/></body>"
    "</worldbody><equality><connect body1='b2' body2='b1' anchor='0 0 0'/></equality></mujoco>";

int main(void)
{
    static mjVFS vfs;
    mj_defaultVFS(&vfs);
    int len = (int)strlen(XML);
    mj_makeEmptyFileVFS(&vfs, "m.xml", len);
    memcpy(vfs.filedata[mj_findFileVFS(&vfs, "m.xml")], XML, (size_t)len);
    char err[500] = "";
    mjModel *m = mj_loadXML("m.xml", &vfs, err, (int)sizeof err);
    mj_deleteVFS(&vfs);
    if (!m) {
        printf("load: %s\n", err);
        return 2;
    }
    mjData *d = mj_makeData(m);
    /* station S on body 2 (obj1) = (0, 1, 0), P on body 1 = (0, 1, 0): both bodies at p = (2^70, 2^70, 2^70), identity */
    double st[6] = {0, 1, 0, 0, 1, 0};
    memcpy(m->eq_data, st, sizeof st);
    for (int b = 0; b < 2; b++) {
        double q[7] = {0x1p70, 0x1p70, 0x1p70, 1, 0, 0, 0};
        memcpy(d->qpos + 7 * b, q, sizeof q);
    }
    mj_forward(m, d);
    /* row 0 (x) of d/dt (S - P), body 2's rotational dof about z (dof 6 + 5): (e_z x (S - p2)).x = -1 exactly */
    double got = d->efc_J[0 * m->nv + 11];
    printf("JAC-WORLD-LEVER: nefc %d, efc_J[0][11] = %a (exact -0x1p+0); at p = 0 it is -1\n", d->nefc, got);
    int bug = got != -1.0;
    mj_deleteData(d);
    mj_deleteModel(m);
    return bug ? 0 : 1;
}
