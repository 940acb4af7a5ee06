/* weld_probe.c (the research program mujoco_weld.c, copied): what MuJoCo 2.2.2's mjEQ_WELD computes (efc_pos,
 * efc_vel, efc_J) next to ccref's weld outputs (consumers/mujoco/README.md, "weld", cites its figures).
 *
 * Build (from the repository root, after make build/libccref.a; one line):
 *   nice gcc -std=gnu11 -O2 -ffp-contract=off -Isrc -Iconsumers/common consumers/mujoco/tools/weld_probe.c \
 *       build/libccref.a -lmujoco -lm -o build/mujoco_weld_probe
 * Run: ./build/mujoco_weld_probe
 *
 * Mapping (as the ball consumer's connect): obj1 = ccref body 2 ('b2'), obj2 = ccref body 1 ('b1');
 *   eq_data[0..2] ("anchor", on obj2)       = pf1   -> pos[1] = xpos_b1 + xmat_b1 pf1 = P
 *   eq_data[3..5] (relpose pos, on obj1)    = pf2   -> pos[0] = xpos_b2 + xmat_b2 pf2 = S
 *   eq_data[6..9] (relpose quat)            = quat(Rf2 Rf1^T): the value of q_obj1^* q_obj2 = q2^* q1 at assembly
 *   eq_data[10]   torquescale               = 1 (2 in one test)
 * mj_instantiateEquality (engine_core_constraint.c:400-449 at 2.2.2): efc_pos[0..2] = pos[0] - pos[1] = S - P;
 * efc_pos[3..5] = vec(neg(q_obj2) q_obj1 relpose) = vec(q1^* q2 relpose); efc_J rows 3..5 = torquescale * d/dqvel of
 * that vector. Every ccref value below is evaluated at the rotations MuJoCo used (xmat), as the consumers' judge does
 * (inputs_used), so that differences are the formulas', not the quaternion round trip's. */
#include <mujoco/mujoco.h>

#include "weld_probe.h"

static const char XML[] =
    "<mujoco><worldbody>"
    "<body name='b1'><freejoint/><inertial pos='0 0 0' mass='1' diaginertia='1 1 1'/></body>"
    "<body name='b2'><freejoint/><inertial pos='0 0 0' mass='1' diaginertia='1 1 1'/></body>"
    "</worldbody><equality><weld body1='b2' body2='b1'/></equality></mujoco>";

static mjModel *m;
static mjData *d;

static void load(void)
{
    static mjVFS vfs;
    mj_defaultVFS(&vfs);
    int len = (int)strlen(XML);
    mj_makeEmptyFileVFS(&vfs, "m.xml", len);
    memcpy(vfs.filedata[mj_findFileVFS(&vfs, "m.xml")], XML, (size_t)len);
    char err[1000] = "";
    m = mj_loadXML("m.xml", &vfs, err, sizeof err);
    mj_deleteVFS(&vfs);
    if (!m) {
        fprintf(stderr, "%s\n", err);
        exit(2);
    }
    d = mj_makeData(m);
}

static void to9(double o[9], ccref_mat3 R)
{
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            o[3 * i + j] = R.m[i][j];
}
static ccref_mat3 from9(const double *x)
{
    ccref_mat3 R;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            R.m[i][j] = x[3 * i + j];
    return R;
}

/* Loads a case; returns the case with R1, R2 replaced by MuJoCo's xmat (the inputs MuJoCo used). */
static wcase run(const wcase *c, double torquescale, const double *quat1_override, const double *quat2_override)
{
    mj_resetData(m, d);
    double *data = m->eq_data;
    data[0] = c->prm.frame1_in_b1.p.x, data[1] = c->prm.frame1_in_b1.p.y, data[2] = c->prm.frame1_in_b1.p.z;
    data[3] = c->prm.frame2_in_b2.p.x, data[4] = c->prm.frame2_in_b2.p.y, data[5] = c->prm.frame2_in_b2.p.z;
    double rel[9];
    to9(rel, wc_mul(c->prm.frame2_in_b2.R, wc_tr(c->prm.frame1_in_b1.R)));
    mju_mat2Quat(data + 6, rel);
    data[10] = torquescale;
    const ccref_body *b[2] = {&c->b1, &c->b2};
    const double *qo[2] = {quat1_override, quat2_override};
    for (int k = 0; k < 2; k++) {
        int body = k + 1, qa = m->jnt_qposadr[m->body_jntadr[body]], va = m->jnt_dofadr[m->body_jntadr[body]];
        double R[9];
        to9(R, b[k]->R);
        d->qpos[qa] = b[k]->p.x, d->qpos[qa + 1] = b[k]->p.y, d->qpos[qa + 2] = b[k]->p.z;
        if (qo[k])
            memcpy(d->qpos + qa + 3, qo[k], 4 * sizeof(double));
        else
            mju_mat2Quat(d->qpos + qa + 3, R);
        d->qvel[va] = b[k]->v.x, d->qvel[va + 1] = b[k]->v.y, d->qvel[va + 2] = b[k]->v.z;
    }
    mj_kinematics(m, d);
    for (int k = 0; k < 2; k++) {
        int body = k + 1, va = m->jnt_dofadr[m->body_jntadr[body]];
        const double *X = d->xmat + 9 * body;
        double w[3] = {b[k]->w.x, b[k]->w.y, b[k]->w.z};
        for (int i = 0; i < 3; i++)
            d->qvel[va + 3 + i] = X[i] * w[0] + X[3 + i] * w[1] + X[6 + i] * w[2];
    }
    mj_forward(m, d);
    if (d->nefc != 6 || d->efc_type[0] != mjCNSTR_EQUALITY) {
        fprintf(stderr, "no weld rows\n");
        exit(2);
    }
    wcase used = *c;
    used.b1.R = from9(d->xmat + 9);
    used.b2.R = from9(d->xmat + 18);
    return used;
}

/* efc_J row r in ccref's columns (w1, v1, w2, v2 in G): w columns J_w_local R^T (the consumer's conversion). */
static void jrow(int r, double out[12])
{
    const double *J = d->efc_J + (size_t)r * m->nv;
    for (int K = 0; K < 2; K++) {
        int body = K + 1, va = m->jnt_dofadr[m->body_jntadr[body]];
        const double *X = d->xmat + 9 * body;
        for (int k = 0; k < 3; k++) {
            out[6 * K + k] = J[va + 3] * X[3 * k] + J[va + 4] * X[3 * k + 1] + J[va + 5] * X[3 * k + 2];
            out[6 * K + 3 + k] = J[va + k];
        }
    }
}

/* quaternion of the exact-as-possible Q = RB^T RF of the used inputs, rotated into body 1: Rf1 Q Rf1^T */
static void qvec_expected(const wcase *u, double v[3], double *s)
{
    ccref_mat3 RB = wc_mul(u->b1.R, u->prm.frame1_in_b1.R), RF = wc_mul(u->b2.R, u->prm.frame2_in_b2.R);
    ccref_mat3 M = wc_mul(wc_mul(u->prm.frame1_in_b1.R, wc_mul(wc_tr(RB), RF)), wc_tr(u->prm.frame1_in_b1.R));
    double M9[9], q[4];
    to9(M9, M);
    mju_mat2Quat(q, M9);
    if (q[0] < 0)
        for (int i = 0; i < 4; i++)
            q[i] = -q[i];
    *s = q[0];
    v[0] = q[1], v[1] = q[2], v[2] = q[3];
}

/* 2 Rf1^T x, reordered (z, x, y): MuJoCo's angular triple in ccref's row order, first-order scale */
static void to_ccref_order(const wcase *u, const double *x, double o[3])
{
    ccref_vec3 y = wc_mv(wc_tr(u->prm.frame1_in_b1.R), wc_v(x[0], x[1], x[2]));
    o[0] = 2 * y.z, o[1] = 2 * y.x, o[2] = 2 * y.y;
}

static void report(const wcase *c, double torquescale)
{
    wcase u = run(c, torquescale, NULL, NULL);
    wref o = wc_ccref(&u);
    printf("\n== %s (torquescale %g)\n", c->name, torquescale);
    wc_print_ref(&o);
    wc_print6("MuJoCo efc_pos", d->efc_pos);
    wc_print6("MuJoCo efc_vel", d->efc_vel);
    double s, qv[3], a[3], av[3];
    qvec_expected(&u, qv, &s);
    printf("  |vec| of efc_pos[3..5] = %.17g; quat of Rf1 Q Rf1^T (w>=0): s=%.17g v=% .17g % .17g % .17g\n",
           sqrt(d->efc_pos[3] * d->efc_pos[3] + d->efc_pos[4] * d->efc_pos[4] + d->efc_pos[5] * d->efc_pos[5]), s,
           qv[0], qv[1], qv[2]);
    to_ccref_order(&u, d->efc_pos + 3, a);
    to_ccref_order(&u, d->efc_vel + 3, av);
    wc_print3("2 Rf1^T efc_pos[3..5] (z,x,y)", a);
    wc_print3("2 Rf1^T efc_vel[3..5] (z,x,y)", av);
    printf("  max|efc_pos[0..2] - perr[3..5]| = %.3g (bit-equal: %s)\n", wc_maxabs(d->efc_pos, o.r.out.perr + 3, 3),
           memcmp(d->efc_pos, o.r.out.perr + 3, 3 * sizeof(double)) == 0 ? "yes" : "no");
    printf("  max|2 Rf1^T efc_pos[3..5] (z,x,y) - perr[0..2]| = %.3g\n", wc_maxabs(a, o.r.out.perr, 3));
    /* linear velocity: efc_vel[0..2] - verr[3..5] should be w1 x (S - P) */
    ccref_vec3 w1 = u.b1.w, sp = wc_v(o.r.out.perr[3], o.r.out.perr[4], o.r.out.perr[5]);
    double w1xsp[3] = {w1.y * sp.z - w1.z * sp.y, w1.z * sp.x - w1.x * sp.z, w1.x * sp.y - w1.y * sp.x};
    double dv[3];
    for (int i = 0; i < 3; i++)
        dv[i] = d->efc_vel[i] - o.r.out.verr[3 + i];
    printf("  efc_vel[0..2] - verr[3..5] = % .3g % .3g % .3g;  w1 x (S-P) = % .3g % .3g % .3g\n", dv[0], dv[1], dv[2],
           w1xsp[0], w1xsp[1], w1xsp[2]);
    printf("  max|2 Rf1^T efc_vel[3..5] (z,x,y) - verr[0..2]| = %.3g\n", wc_maxabs(av, o.r.out.verr, 3));
    /* Jacobian rows */
    double J[6][12];
    for (int r = 0; r < 6; r++)
        jrow(r, J[r]);
    double lin_v = 0, lin_w2 = 0, lin_w1 = 0;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 12; j++) {
            double e = fabs(J[i][j] - o.P[3 + i][j]);
            if (j >= 3 && j < 6) lin_v = fmax(lin_v, e);
            else if (j >= 9) lin_v = fmax(lin_v, e);
            else if (j < 3) lin_w1 = fmax(lin_w1, e);
            else lin_w2 = fmax(lin_w2, e);
        }
    printf("  efc_J rows 0..2 vs P[3..5]: max diff v cols %.3g, w2 cols %.3g, w1 cols %.3g\n", lin_v, lin_w2, lin_w1);
    double ang = 0, angv = 0;
    for (int j = 0; j < 12; j++) {
        double col[3] = {J[3][j], J[4][j], J[5][j]}, cc[3];
        to_ccref_order(&u, col, cc);
        for (int i = 0; i < 3; i++) {
            double e = fabs(cc[i] - o.P[i][j]);
            if ((j >= 3 && j < 6) || j >= 9) angv = fmax(angv, fabs(J[3 + i][j]));
            else ang = fmax(ang, e);
        }
    }
    printf("  2 Rf1^T efc_J rows 3..5 (z,x,y) vs P[0..2] (w cols): max diff %.3g; v cols max|entry| %.3g\n", ang,
           angv);
    /* forces: ccref's G^T lambda against MuJoCo's J^T lambda' (mj_mulJacTVec), lambda' = (f, 2 Rf1 (l1, l2, l0)),
     * the multiplier map that makes MuJoCo's rows ccref's at assembly; compared in MuJoCo's generalized coordinates
     * (free joint: force in G, torque about the body origin in the body frame). */
    {
        double lam[6] = {0.7, -1.3, 0.4, 2.0, -0.5, 1.1}, lp[6], qfrc[12];
        ccref_vec3 lr = wc_mv(u.prm.frame1_in_b1.R, wc_v(lam[1], lam[2], lam[0]));
        lp[0] = lam[3], lp[1] = lam[4], lp[2] = lam[5], lp[3] = 2 * lr.x, lp[4] = 2 * lr.y, lp[5] = 2 * lr.z;
        mj_mulJacTVec(m, d, qfrc, lp);
        ccref_weld_result fr;
        ccref_weld_eval(&u.prm, &u.b1, &u.b2, lam, 6, &fr);
        const ccref_spatial_force *F[2] = {&fr.out.force_on_body1, &fr.out.force_on_body2};
        double mx = 0;
        for (int K = 0; K < 2; K++) {
            int body = K + 1, va = m->jnt_dofadr[m->body_jntadr[body]];
            ccref_mat3 R = K ? u.b2.R : u.b1.R;
            ccref_vec3 tl = wc_mv(wc_tr(R), F[K]->moment);
            double want[6] = {F[K]->force.x, F[K]->force.y, F[K]->force.z, tl.x, tl.y, tl.z};
            mx = fmax(mx, wc_maxabs(qfrc + va, want, 6));
        }
        printf("  forces: max|J^T lambda' - ccref G^T lambda| (generalized) = %.3g\n", mx);
    }
}

int main(void)
{
    if (mjVERSION_HEADER != 222 || mj_version() != 222 || sizeof(mjtNum) != 8) {
        fprintf(stderr, "expected MuJoCo 2.2.2 double\n");
        return 2;
    }
    load();
    printf("MuJoCo %s, eq_type %d (mjEQ_WELD %d), eq_obj1id %d eq_obj2id %d, compiled eq_data[10] torquescale %g\n",
           mj_versionString(), m->eq_type[0], mjEQ_WELD, m->eq_obj1id[0], m->eq_obj2id[0], m->eq_data[10]);
    ccref_vec3 z = wc_v(0, 0, 0), dl = wc_v(1e-3, -2e-3, 1.5e-3);
    wcase c;
    c = wc_make("assembled (general frames)", wc_ident(), z);
    report(&c, 1);
    c = wc_make("offset only: D = I, S - P = (1e-3,-2e-3,1.5e-3)", wc_ident(), dl);
    report(&c, 1);
    const double eps[3] = {1e-1, 1e-2, 1e-3};
    for (int k = 0; k < 3; k++) {
        char *name = malloc(80);
        snprintf(name, 80, "misaligned: D = rot((1,-2,0.5), %g), S = P", eps[k]);
        c = wc_make(name, wc_rot(1, -2, 0.5, eps[k]), z);
        report(&c, 1);
    }
    c = wc_make("generic: D = rot((1,-2,0.5), 0.3), S - P = (0.1,-0.05,0.2)", wc_rot(1, -2, 0.5, 0.3),
                wc_v(0.1, -0.05, 0.2));
    report(&c, 1);
    c = wc_make("torquescale 2: D = rot((1,-2,0.5), 1e-2)", wc_rot(1, -2, 0.5, 1e-2), z);
    report(&c, 2);

    printf("\n######## the eight perpendicularity-trap orientations (frames and R1 identity, R2 = Q exactly)\n");
    for (int k = 0; k < 8; k++) {
        c = wc_make_plain(wc_trap_name[k], wc_trap(k), z);
        wcase u = run(&c, 1, NULL, NULL);
        wref o = wc_ccref(&u);
        double n = sqrt(d->efc_pos[3] * d->efc_pos[3] + d->efc_pos[4] * d->efc_pos[4] + d->efc_pos[5] * d->efc_pos[5]);
        printf("  %-20s ccref perr[0..2] = % .3g % .3g % .3g   MuJoCo efc_pos[3..5] = % .17g % .17g % .17g  |.| = %.6f"
               "  rank(efc_J rows 3..5) =",
               c.name, o.r.out.perr[0], o.r.out.perr[1], o.r.out.perr[2], d->efc_pos[3], d->efc_pos[4], d->efc_pos[5],
               n);
        /* rank of MuJoCo's angular rows restricted to w2 (columns 6..8 in ccref's order): det */
        double J[3][12];
        for (int r = 0; r < 3; r++)
            jrow(3 + r, J[r]);
        double det = J[0][6] * (J[1][7] * J[2][8] - J[1][8] * J[2][7]) - J[0][7] * (J[1][6] * J[2][8] - J[1][8] * J[2][6]) +
                     J[0][8] * (J[1][6] * J[2][7] - J[1][7] * J[2][6]);
        printf(" det(w2 block) %.3g\n", det);
    }
    printf("\n######## the same eight with general frames and body 1 (Q = RB^T RF to rounding)\n");
    for (int k = 0; k < 8; k++) {
        c = wc_make(wc_trap_name[k], wc_trap(k), z);
        wcase u = run(&c, 1, NULL, NULL);
        wref o = wc_ccref(&u);
        double n = sqrt(d->efc_pos[3] * d->efc_pos[3] + d->efc_pos[4] * d->efc_pos[4] + d->efc_pos[5] * d->efc_pos[5]);
        printf("  %-20s ccref perr[0..2] = % .3g % .3g % .3g   |MuJoCo efc_pos[3..5]| = %.6f\n", c.name,
               o.r.out.perr[0], o.r.out.perr[1], o.r.out.perr[2], n);
    }

    printf("\n######## hemisphere: the sign of efc_pos[3..5] for one relative rotation (2 deg about x, frames I)\n");
    {
        const double a1[3] = {-10, -119, -119}, a2[3] = {-12, -121, -121};
        for (int k = 0; k < 3; k++) {
            c = wc_make_plain("hemi", wc_rot(1, 0, 0, a2[k] * M_PI / 180), z);
            c.b1.R = wc_rot(1, 0, 0, a1[k] * M_PI / 180);
            c.b2.p = c.b1.p;
            double q1[4], q2[4], R9[9];
            to9(R9, c.b1.R);
            mju_mat2Quat(q1, R9);
            to9(R9, c.b2.R);
            mju_mat2Quat(q2, R9);
            double q2neg[4] = {-q2[0], -q2[1], -q2[2], -q2[3]};
            wcase u = run(&c, 1, NULL, k == 2 ? q2neg : NULL);
            wref o = wc_ccref(&u);
            printf("  R1 = Rx(%g deg), R2 = Rx(%g deg)%s: qpos quats w1 = % .4f, w2 = % .4f; ccref perr[1] = Fy.Bz = % .6f;"
                   " MuJoCo efc_pos[3] = % .6f\n",
                   a1[k], a2[k], k == 2 ? " (qpos quat of body 2 negated)" : "", q1[0], k == 2 ? -q2[0] : q2[0],
                   o.r.out.perr[1], d->efc_pos[3]);
        }
    }
    return 0;
}
