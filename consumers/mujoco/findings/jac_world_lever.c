/* JAC-WORLD-LEVER (consumers/mujoco/findings/JAC-WORLD-LEVER.md): MuJoCo 2.2.2's constraint Jacobian forms a lever
 * arm as the difference of two world positions (mj_jac: point - subtree_com, the point itself xmat s + xpos), so a
 * body far from the origin loses the lever arm's bits: at |p| = 2^70 a connect's station s = (0, 1, 0) on a body at the
 * identity gets the angular column 0 where the exact entry is -1, and so does a weld's linear row (the same
 * mj_jacDifPair -> mj_jac). Standalone: MuJoCo's public API only.
 * Exit 0 while the bug is there (in both constraints the entry is not -1), 1 when it is gone from either. */
#include <stdio.h>
#include <string.h>
#include <mujoco/mujoco.h>

static const char XML_CONNECT[] =
    "<mujoco><worldbody>"
    "<body name='b1'><freejoint/><inertial pos='0 0 0' mass='1' diaginertia='1 1 1'/></body>"
    "<body name='b2'><freejoint/><inertial pos='0 0 0' mass='1' diaginertia='1 1 1'/></body>"
    "</worldbody><equality><connect body1='b2' body2='b1' anchor='0 0 0'/></equality></mujoco>";
static const char XML_WELD[] =
    "<mujoco><worldbody>"
    "<body name='b1'><freejoint/><inertial pos='0 0 0' mass='1' diaginertia='1 1 1'/></body>"
    "<body name='b2'><freejoint/><inertial pos='0 0 0' mass='1' diaginertia='1 1 1'/></body>"
    "</worldbody><equality><weld body1='b2' body2='b1'/></equality></mujoco>";

/* efc_J[0][11] (row x of d/dt (S - P), body 2's rotational dof about z) with both bodies at the identity at
 * p = (c, c, c); eq_data[0..n-1] = data. nefc_out: MuJoCo's row count. */
static double entry(const char *xml, const double *data, int n, double c, int *nefc_out)
{
    static mjVFS vfs;
    mj_defaultVFS(&vfs);
    int len = (int)strlen(xml);
    mj_makeEmptyFileVFS(&vfs, "m.xml", len);
    memcpy(vfs.filedata[mj_findFileVFS(&vfs, "m.xml")], xml, (size_t)len);
    char err[500] = "";
    mjModel *m = mj_loadXML("m.xml", &vfs, err, (int)sizeof err);
    mj_deleteVFS(&vfs);
    if (!m) {
        printf("load: %s\n", err);
        return 0.0 / 0.0;
    }
    mjData *d = mj_makeData(m);
    memcpy(m->eq_data, data, (size_t)n * sizeof *data);
    for (int b = 0; b < 2; b++) {
        double q[7] = {c, c, c, 1, 0, 0, 0};
        memcpy(d->qpos + 7 * b, q, sizeof q);
    }
    mj_forward(m, d);
    double got = d->efc_J[0 * m->nv + 11];
    *nefc_out = d->nefc;
    mj_deleteData(d);
    mj_deleteModel(m);
    return got;
}

int main(void)
{
    /* connect: station S on body 2 (obj1) = (0, 1, 0), P on body 1 = (0, 1, 0). weld: the anchor on body 1 (obj2)
     * and relpose's position on body 2 (obj1) = (0, 1, 0), relpose's quaternion 1, torquescale 1. (e_z x (S - p2)).x =
     * -1 exactly. */
    static const double connect[6] = {0, 1, 0, 0, 1, 0};
    static const double weld[11] = {0, 1, 0, 0, 1, 0, 1, 0, 0, 0, 1};
    int bugs = 0;
    for (int k = 0; k < 2; k++) {
        int n0, n70;
        const char *xml = k ? XML_WELD : XML_CONNECT;
        const double *data = k ? weld : connect;
        int n = k ? 11 : 6;
        double at0 = entry(xml, data, n, 0, &n0), far = entry(xml, data, n, 0x1p70, &n70);
        printf("JAC-WORLD-LEVER (%s): nefc %d, efc_J[0][11] = %a at p = 2^70 (exact -0x1p+0); at p = 0 it is %a\n",
               k ? "weld" : "connect", n70, far, at0);
        bugs += far != -1.0;
    }
    return bugs == 2 ? 0 : 1;
}
