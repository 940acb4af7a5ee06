/* mujoco_consumer.c: runs MuJoCo 2.2.2 (Debian's libmujoco-dev, mjtNum = double) over ccref's golden vectors and
 * writes its answers in the results format of spec/vectors.md section 9, for `ccref check`.
 *
 * Every quantity reported is computed by MuJoCo: the consumer loads a small model per suite (MJCF from memory,
 * through MuJoCo's virtual file system), writes the case into the model and mjData, runs MuJoCo's pipeline
 * (mj_forward for the constraints; mj_kinematics + mj_collision for the contacts) and reads MuJoCo's results
 * (consumers/mujoco/README.md has the full table):
 *
 *   ball                 efc_pos[0..2] of mjEQ_CONNECT (obj1 = ccref body 2, obj2 = ccref body 1): cpos = S - P = perr;
 *                        efc_vel[0..2] = J qvel = d/dt perr: reported as verr only where the certified perr is
 *                        exactly 0 or body 1 does not rotate (there Simbody's verr and d/dt perr are the same)
 *   constant_coordinate  efc_pos[0] of mjEQ_JOINT on one slide joint (qpos0 = 0): q - 0 - polycoef[0] = perr;
 *                        efc_vel[0] = qdot = verr
 *   sphere_on_plane      contact (plane geom on body 1, sphere on body 2): dist = perr[0] = separation;
 *                        pos = contact_point where it is the same point (certified perr exactly 0)
 *   sphere_on_sphere     contact: dist = perr[0] = separation; frame[0:3] = Cz; pos = Co where the same point
 *   sphere_sphere        (contact class) the same geometry: dist = perr = constraint.perr[0]; pos = display_point
 *   line_on_line         contact of two capsules of radius 0 on the segments of lol_choose_segments: min dist =
 *                        |Qb - Qf|, reported as perr[0] = separation where the certified separation is >= 0 (its
 *                        efc_J row only with --lol-normal-row, a measurement: README)
 *   weld                 efc_pos[0..2] of mjEQ_WELD (obj1 = body 2 with relpose position pf2, obj2 = body 1 with anchor
 *                        pf1) = S - P = perr[3..5]; its linear rows as the ball's (verr[3..5], P[3..5]); its angular
 *                        rows (2 Rf1^T, order z, x, y) as verr[0..2], P[0..2] on exactly aligned tests only; never
 *                        perr[0..2] (a half-sine quaternion part, not the perpendicularity errors: README "Weld")
 *
 * MuJoCo builds every rotation from a quaternion it normalises (mj_kinematics); the rotations it used (d->xmat,
 * d->geom_xmat) are reported in inputs_used so that `ccref check` judges MuJoCo at the inputs it used.
 *
 * Usage: mujoco_consumer [--native-segments] [--lol-normal-row] [--dump FILE] [--verbose] --out RESULTS VECTORS_DIR
 *   --dump FILE: per line_on_line test MuJoCo's coefficients and branch, the geoms it received, the exact (MPFR)
 *   distance of its lines and its contact (geom1, frame[0:3], pos); per sphere test the centre distance and normal (to
 *   separate set-up from arithmetic). */
#include <math.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpfr.h>
#include <mujoco/mujoco.h>

#include "consumers/common/consumer.h"

/* ------------------------------------------------------------------ models */

static const char XML_BALL[] =
    "<mujoco><worldbody>"
    "<body name='b1'><freejoint/><inertial pos='0 0 0' mass='1' diaginertia='1 1 1'/></body>"
    "<body name='b2'><freejoint/><inertial pos='0 0 0' mass='1' diaginertia='1 1 1'/></body>"
    "</worldbody><equality><connect body1='b2' body2='b1' anchor='0 0 0'/></equality></mujoco>";
/* weld: obj1 = ccref body 2, obj2 = ccref body 1, as the ball's connect (eq_data overwritten per test) */
static const char XML_WELD[] =
    "<mujoco><worldbody>"
    "<body name='b1'><freejoint/><inertial pos='0 0 0' mass='1' diaginertia='1 1 1'/></body>"
    "<body name='b2'><freejoint/><inertial pos='0 0 0' mass='1' diaginertia='1 1 1'/></body>"
    "</worldbody><equality><weld body1='b2' body2='b1'/></equality></mujoco>";
static const char XML_COORD[] =
    "<mujoco><worldbody>"
    "<body name='b'><joint name='j' type='slide' axis='1 0 0'/><inertial pos='0 0 0' mass='1' "
    "diaginertia='1 1 1'/></body>"
    "</worldbody><equality><joint joint1='j'/></equality></mujoco>";
/* geoms are given an offset and a rotation so that the compiler does not mark them "sameframe" (then MuJoCo would
 * copy the body's frame and ignore geom_pos); the consumer overwrites them per test. */
static const char XML_SOP[] =
    "<mujoco><worldbody>"
    "<body name='b1' mocap='true'>"
    "<geom type='plane' size='1 1 1' pos='0.1 0.2 0.3' euler='10 20 30'/></body>"
    "<body name='b2'><freejoint/><inertial pos='0 0 0' mass='1' diaginertia='1 1 1'/>"
    "<geom type='sphere' size='0.5' pos='0.1 0.2 0.3'/></body>"
    "</worldbody></mujoco>";
static const char XML_SOS[] =
    "<mujoco><worldbody>"
    "<body name='b1'><freejoint/><inertial pos='0 0 0' mass='1' diaginertia='1 1 1'/>"
    "<geom type='sphere' size='0.5' pos='0.1 0.2 0.3'/></body>"
    "<body name='b2'><freejoint/><inertial pos='0 0 0' mass='1' diaginertia='1 1 1'/>"
    "<geom type='sphere' size='0.5' pos='0.1 0.2 0.3'/></body>"
    "</worldbody></mujoco>";
static const char XML_LOL[] =
    "<mujoco><worldbody>"
    "<body name='b1'><freejoint/><inertial pos='0 0 0' mass='1' diaginertia='1 1 1'/>"
    "<geom type='capsule' size='0.1 1' pos='0.1 0.2 0.3' euler='10 20 30'/></body>"
    "<body name='b2'><freejoint/><inertial pos='0 0 0' mass='1' diaginertia='1 1 1'/>"
    "<geom type='capsule' size='0.1 1' pos='0.1 0.2 0.3' euler='10 20 30'/></body>"
    "</worldbody></mujoco>";

static FILE *dump;      /* --dump FILE: per line_on_line and sphere_on_sphere test, what MuJoCo received and computed */
static long n_warnings;
static void on_warning(const char *msg)
{
    (void)msg;
    n_warnings++;
}
/* mju_error must not return: inside a test it jumps back to the test (mj_resetData, called before every test,
 * clears what MuJoCo left on its stack), which is then reported as an engine error. */
static jmp_buf on_error_jump;
static int in_test;
static char error_message[200];
static void on_error(const char *msg)
{
    if (!in_test) {
        fprintf(stderr, "mujoco_consumer: MuJoCo error: %s\n", msg);
        exit(2);
    }
    snprintf(error_message, sizeof error_message, "%s", msg);
    longjmp(on_error_jump, 1);
}

typedef struct {
    mjModel *m;
    mjData *d;
} mj_pair;

/* mj_collision, with a MuJoCo error (mju_error) caught: the test is then not run, its reason "MuJoCo error", and
 * the message is printed. No test reaches it with the margins used (load); a caught error would show in the table
 * (and an engine abort should be a failing error line: consumers/mujoco/README.md). */
static int error_count;
#define COLLIDE(t, m, d)                                                                                    \
    do {                                                                                                   \
        in_test = 1;                                                                                       \
        if (setjmp(on_error_jump)) {                                                                       \
            in_test = 0;                                                                                   \
            error_count++;                                                                                 \
            fprintf(stderr, "mujoco_consumer: %s/%d: mju_error \"%s\"\n", consumer_current_suite(),       \
                    (t)->tc_id, error_message);                                                            \
            return "MuJoCo error (mju_error)";                                                             \
        }                                                                                                  \
        mj_collision(m, d);                                                                                \
        in_test = 0;                                                                                       \
    } while (0)

static mj_pair load(const char *xml)
{
    static mjVFS vfs;       /* large: static */
    mj_defaultVFS(&vfs);
    int len = (int)strlen(xml);
    if (mj_makeEmptyFileVFS(&vfs, "model.xml", len) != 0) {
        fprintf(stderr, "mujoco_consumer: mj_makeEmptyFileVFS failed\n");
        exit(2);
    }
    int i = mj_findFileVFS(&vfs, "model.xml");
    memcpy(vfs.filedata[i], xml, (size_t)len);
    char err[1000] = "";
    mjModel *m = mj_loadXML("model.xml", &vfs, err, (int)sizeof err);
    mj_deleteVFS(&vfs);
    if (m == NULL) {
        fprintf(stderr, "mujoco_consumer: mj_loadXML: %s\n", err);
        exit(2);
    }
    for (int g = 0; g < m->ngeom; g++) {
        m->geom_margin[g] = 0x1p+1000;  /* every pair within 2^1000 reported (an infinite margin would
                                           * let non-finite distances through, which MuJoCo never sees) */
        m->geom_gap[g] = 0;
        m->geom_sameframe[g] = 0;
        m->geom_condim[g] = 1;          /* one (normal) row per contact in efc_J: no friction mixed in (pyramidal) */
    }
    mj_pair p = {m, mj_makeData(m)};
    return p;
}

static mj_pair get_model(int which)
{
    static mj_pair models[6];
    static const char *const xml[6] = {XML_BALL, XML_COORD, XML_SOP, XML_SOS, XML_LOL, XML_WELD};
    if (models[which].m == NULL)
        models[which] = load(xml[which]);
    mj_resetData(models[which].m, models[which].d);
    return models[which];
}

/* ------------------------------------------------------------------ bodies */

static void to_mat(double out[9], const ccref_mat3 *R)
{
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            out[3 * i + j] = R->m[i][j];
}
static void from_mat(ccref_mat3 *R, const double in[9])
{
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            R->m[i][j] = in[3 * i + j];
}

/* The pose and motion of a free joint: qpos = (p, quaternion of R), qvel = (v in world, R^T w: MuJoCo's free joint
 * takes the angular velocity in the body frame, mj_comPos: the rotational dofs' axes are the columns of xmat). The
 * quaternion is mju_mat2Quat's; MuJoCo normalises it (mj_kinematics) and uses xmat = quat2Mat(quat), reported. The
 * local angular velocity is formed with the rotation MuJoCo uses, so J qvel evaluates xmat (xmat^T w). */
static void set_free(const mjModel *m, mjData *d, int body, const ccref_body *b)
{
    int jid = m->body_jntadr[body];
    int qa = m->jnt_qposadr[jid], va = m->jnt_dofadr[jid];
    double R[9];
    to_mat(R, &b->R);
    d->qpos[qa + 0] = b->p.x;
    d->qpos[qa + 1] = b->p.y;
    d->qpos[qa + 2] = b->p.z;
    mju_mat2Quat(d->qpos + qa + 3, R);
    d->qvel[va + 0] = b->v.x;
    d->qvel[va + 1] = b->v.y;
    d->qvel[va + 2] = b->v.z;
}
static void set_free_w(const mjModel *m, mjData *d, int body, const ccref_body *b)
{
    int va = m->jnt_dofadr[m->body_jntadr[body]];
    const double *X = d->xmat + 9 * body;
    double w[3] = {b->w.x, b->w.y, b->w.z};
    for (int i = 0; i < 3; i++)
        d->qvel[va + 3 + i] = X[i] * w[0] + X[3 + i] * w[1] + X[6 + i] * w[2];
}
static void note_body_rotation(result_line *r, const mjData *d, int body, int k, const ccref_body *b)
{
    ccref_mat3 used;
    from_mat(&used, d->xmat + 9 * body);
    used_rotation(r, k, &b->R, &used);
}

static void hexs(char *s, double v) { consumer_hex(s, 40, v); }

/* "NAME":{"R":[[...]],"p":[...]} of a frame */
static void frame_json(char *buf, size_t cap, const char *name, const double R[9], const double p[3])
{
    char e[12][40];
    for (int i = 0; i < 9; i++)
        hexs(e[i], R[i]);
    for (int i = 0; i < 3; i++)
        hexs(e[9 + i], p[i]);
    snprintf(buf, cap,
             "\"%s\":{\"R\":[[\"%s\",\"%s\",\"%s\"],[\"%s\",\"%s\",\"%s\"],[\"%s\",\"%s\",\"%s\"]],"
             "\"p\":[\"%s\",\"%s\",\"%s\"]}",
             name, e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7], e[8], e[9], e[10], e[11]);
}

static int all_zero_perr(const vtest *t, int n)
{
    if (!ccref_status_ok(t->expected.o.d.status))
        return 0;
    for (int i = 0; i < n; i++)
        if (t->expected.o.value[CCREF_SLOT_PERR + i] != 0.0)
            return 0;
    return 1;
}

/* ------------------------------------------------------------------ efc_J in ccref's mobilities */

/* MuJoCo's constraint row efc_J[row] (nv entries, dense: nv = 12 < 60, mjJAC_AUTO) is d (efc row)/d qvel. A free
 * joint's dofs (jnt_dofadr: 6 each) are qvel = (v, R^T w): the body origin's velocity in world, then the angular
 * velocity in the body frame. ccref's mobilities are (w, v), both in world (spec/constraint_handle.md section 1), so
 * for a free body whose row entries start at dof va, with R = d->xmat of the body (the rotation MuJoCo used, reported):
 *   column w_k (world) = sum_j J[va + 3 + j] R[k][j]       (J_w_local R^T: the consumer's set-up, 2 roundings)
 *   column v_k         = J[va + k]                          (as MuJoCo has it)
 * ccref's body K (1 or 2) has the columns 6 (K - 1) + 0..2 (w) and + 3..5 (v). want_w / want_v select what is
 * written; name_prefix is "" (a kind) or "constraint." (a contact class). */
static void out_jac_row(result_line *r, const char *name_prefix, int row_i, const mjModel *m, const mjData *d,
                        const double *J, int body, int K, int want_w, int want_v)
{
    int va = m->jnt_dofadr[m->body_jntadr[body]];
    const double *X = d->xmat + 9 * body;
    char name[48];
    for (int k = 0; k < 3; k++) {
        if (want_w) {
            double w = J[va + 3 + 0] * X[3 * k + 0] + J[va + 3 + 1] * X[3 * k + 1] + J[va + 3 + 2] * X[3 * k + 2];
            snprintf(name, sizeof name, "%sP[%d][%d]", name_prefix, row_i, 6 * (K - 1) + k);
            out_value(r, name, w);
        }
        if (want_v) {
            snprintf(name, sizeof name, "%sP[%d][%d]", name_prefix, row_i, 6 * (K - 1) + 3 + k);
            out_value(r, name, J[va + k]);
        }
    }
}

/* ------------------------------------------------------------------ ball */

/* mjEQ_CONNECT (mj_instantiateEquality): pos[j] = xmat_j data[3j..3j+2] + xpos_j, cpos = pos[0] - pos[1]. With obj1 =
 * ccref's body 2 (anchor data[0..2] = station2_in_b2) and obj2 = body 1 (data[3..5] = station1_in_b1, overwritten
 * after compiling), cpos = S - P = ccref's perr. efc_vel = J qvel = d/dt (S - P) = v(B2/S) - v(B1/P), which is
 * ccref's verr = v(B2/S) - v(B1/S) only where S = P or w1 = 0 (they differ by w1 x perr). */
static const char *run_ball(const vtest *t, result_line *r)
{
    const ccref_case *c = &t->c.u.k;
    const ccref_ball_params *p = &c->params.ball;
    mj_pair mp = get_model(0);
    mjModel *m = mp.m;
    mjData *d = mp.d;
    double *data = m->eq_data;
    data[0] = p->station2_in_b2.x;
    data[1] = p->station2_in_b2.y;
    data[2] = p->station2_in_b2.z;
    data[3] = p->station1_in_b1.x;
    data[4] = p->station1_in_b1.y;
    data[5] = p->station1_in_b1.z;
    set_free(m, d, 1, &c->body1);
    set_free(m, d, 2, &c->body2);
    mj_kinematics(m, d);                    /* xmat, to express w in the body frames */
    set_free_w(m, d, 1, &c->body1);
    set_free_w(m, d, 2, &c->body2);
    mj_forward(m, d);
    if (d->nefc != 3 || d->efc_type[0] != mjCNSTR_EQUALITY)
        return "MuJoCo made no connect rows";
    note_body_rotation(r, d, 1, 1, &c->body1);
    note_body_rotation(r, d, 2, 2, &c->body2);
    static const char *const perr[3] = {"perr[0]", "perr[1]", "perr[2]"};
    static const char *const verr[3] = {"verr[0]", "verr[1]", "verr[2]"};
    for (int i = 0; i < 3; i++)
        out_value(r, perr[i], d->efc_pos[i]);
    /* d/dt (S - P) - verr = v(B1/S) - v(B1/P) = w1 x (S - P): the same quantity where the certified perr is exactly
     * 0 or body 1 does not rotate (w1 = 0 exactly, e.g. Ground) */
    int w1_zero = c->body1.w.x == 0 && c->body1.w.y == 0 && c->body1.w.z == 0;
    if (all_zero_perr(t, 3) || w1_zero)
        for (int i = 0; i < 3; i++)
            out_value(r, verr[i], d->efc_vel[i]);
    /* efc_J rows = d/d qvel of (S - P) with P body 1's own station: jac(b2 at S) - jac(b1 at P). ccref's P reads
     * S - p1 in body 1's angular columns ([S - p1]x; MuJoCo's [P - p1]x): they differ by [perr]x there only, so body
     * 1's w columns are reported where the certified perr is exactly 0; its v columns (-I) and body 2's always. */
    int w1_cols = all_zero_perr(t, 3);
    for (int i = 0; i < 3; i++) {
        const double *J = d->efc_J + (size_t)i * (size_t)m->nv;
        out_jac_row(r, "", i, m, d, J, 1, 1, w1_cols, 1);
        out_jac_row(r, "", i, m, d, J, 2, 2, 1, 1);
    }
    return NULL;
}

/* ------------------------------------------------------------------ weld */

/* Whether the exact perr is 0 in slots first .. first + n - 1 (an OK answer). */
static int zero_perr_slots(const vtest *t, int first, int n)
{
    if (!ccref_status_ok(t->expected.o.d.status))
        return 0;
    for (int i = first; i < first + n; i++)
        if (t->expected.o.value[CCREF_SLOT_PERR + i] != 0.0)
            return 0;
    return 1;
}

/* The aligned tests on which MuJoCo's angular rows are mapped onto ccref's (consumers/mujoco/README.md, "weld"):
 * frame 1's rotation Rf1 a signed permutation (every entry 0, 1 or -1: the map 2 Rf1^T below is then exact) and the
 * case's Q = (R1 Rf1)^T (R2 Rf2), formed in double from the case, exactly the identity (the frames aligned; a gate,
 * nothing of it is reported). Never on the perpendicularity_trap family (its aligned control included). */
static int weld_aligned(const vtest *t)
{
    const ccref_case *c = &t->c.u.k;
    const ccref_weld_params *p = &c->params.weld;
    if (!ccref_status_ok(t->expected.o.d.status) || strcmp(consumer_current_family(), "perpendicularity_trap") == 0)
        return 0;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            double e = p->frame1_in_b1.R.m[i][j];
            if (e != 0.0 && e != 1.0 && e != -1.0)
                return 0;
        }
    double RB[3][3], RF[3][3];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            RB[i][j] = c->body1.R.m[i][0] * p->frame1_in_b1.R.m[0][j] + c->body1.R.m[i][1] * p->frame1_in_b1.R.m[1][j] +
                       c->body1.R.m[i][2] * p->frame1_in_b1.R.m[2][j];
            RF[i][j] = c->body2.R.m[i][0] * p->frame2_in_b2.R.m[0][j] + c->body2.R.m[i][1] * p->frame2_in_b2.R.m[1][j] +
                       c->body2.R.m[i][2] * p->frame2_in_b2.R.m[2][j];
        }
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            if (RB[0][i] * RF[0][j] + RB[1][i] * RF[1][j] + RB[2][i] * RF[2][j] != (i == j ? 1.0 : 0.0))
                return 0;
    return 1;
}

/* MuJoCo's angular triple x (its rows 3..5, in body 1's coordinates, half-sine) in ccref's angular rows at an
 * aligned test: 2 Rf1^T x in the order z, x, y (spec/weld.md: at Q = I, c0 = Bz, c1 = Bx, c2 = By). Rf1 is a signed
 * permutation (weld_aligned): every product is by 0 or +-1, and the doubling is exact. */
static void weld_angular_map(const ccref_mat3 *Rf1, const double x[3], double out[3])
{
    double y[3];
    for (int k = 0; k < 3; k++)
        y[k] = Rf1->m[0][k] * x[0] + Rf1->m[1][k] * x[1] + Rf1->m[2][k] * x[2];
    out[0] = 2 * y[2];
    out[1] = 2 * y[0];
    out[2] = 2 * y[1];
}

/* mjEQ_WELD (mj_instantiateEquality, engine_core_constraint.c:400-449 at 2.2.2) with obj1 = ccref's body 2 and obj2 =
 * body 1: eq_data[0..2], the anchor on obj2, = pf1; eq_data[3..5], relpose's position on obj1, = pf2; eq_data[6..9],
 * relpose's quaternion, = quat(Rf2 Rf1^T) (mju_mat2Quat, which normalises, of the consumer's double product: the
 * value of q_obj1^* q_obj2 when the frames coincide; its sign chosen below); eq_data[10], torquescale, = 1 (it
 * scales the angular rows of efc_J but not efc_pos). All overwritten after compiling (mj_setConst computes relpose
 * from qpos0 only when its quaternion is zero, and runs at load only).
 *   efc_pos[0..2] = pos(obj1) - pos(obj2), pos = xmat anchor + xpos: S - P = perr[3..5], in ccref's order of
 *                   operations (R2 pf2 row by row, + p2; the same for P).
 *   efc_vel[0..2] = J qvel = d/dt (S - P) = v(B2/S) - v(B1/P): verr[3..5] where S = P or w1 = 0 (as the ball).
 *   efc_J rows 0..2 = jac(b2 at S) - jac(b1 at P): P[3..5] as the ball's rows (body 1's w columns where S = P).
 *   efc_pos[3..5] = vec(neg(q_obj2) q_obj1 relpose): the half-sine vector of frame 2's rotation from frame 1, in body
 *                   1's coordinates, with the sign of the quaternions' hemisphere: not ccref's perr[0..2] (first order
 *                   only, and large at the perpendicularity traps), not reported.
 *   efc_J rows 3..5 = 0.5 vec(neg(q_obj2) (w_obj1 - w_obj2) q_obj1 relpose): at Q = I and a relative quaternion
 *                   (1, 0, 0, 0), 0.5 R1^T (w2 - w1), so 2 Rf1^T (rows 3..5) in the order z, x, y is ccref's P[0..2]
 *                   and the same of efc_vel[3..5] its verr[0..2]: reported on the aligned tests (weld_aligned) only. */
static const char *run_weld(const vtest *t, result_line *r)
{
    const ccref_case *c = &t->c.u.k;
    const ccref_weld_params *p = &c->params.weld;
    mj_pair mp = get_model(5);
    mjModel *m = mp.m;
    mjData *d = mp.d;
    double *data = m->eq_data;
    data[0] = p->frame1_in_b1.p.x;
    data[1] = p->frame1_in_b1.p.y;
    data[2] = p->frame1_in_b1.p.z;
    data[3] = p->frame2_in_b2.p.x;
    data[4] = p->frame2_in_b2.p.y;
    data[5] = p->frame2_in_b2.p.z;
    double rel[9];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            rel[3 * i + j] = p->frame2_in_b2.R.m[i][0] * p->frame1_in_b1.R.m[j][0] +
                             p->frame2_in_b2.R.m[i][1] * p->frame1_in_b1.R.m[j][1] +
                             p->frame2_in_b2.R.m[i][2] * p->frame1_in_b1.R.m[j][2];
    mju_mat2Quat(data + 6, rel);   /* normalised by mju_mat2Quat itself */
    data[10] = 1;
    set_free(m, d, 1, &c->body1);
    set_free(m, d, 2, &c->body2);
    mj_kinematics(m, d);
    set_free_w(m, d, 1, &c->body1);
    set_free_w(m, d, 2, &c->body2);
    /* The hemisphere: MuJoCo's relative quaternion neg(q_obj2) q_obj1 relpose, formed as mj_instantiateEquality
     * forms it, has no sign correction (mju_mat2Quat picks the signs); relpose is negated when its scalar part is
     * negative, so that MuJoCo's angular rows are +0.5 R1^T (w2 - w1), not its negative, at alignment. The same
     * rotation: the linear rows do not read relpose. */
    double q0r[4], nq1[4], qrel[4];
    mju_mulQuat(q0r, d->xquat + 4 * 2, data + 6);
    mju_negQuat(nq1, d->xquat + 4 * 1);
    mju_mulQuat(qrel, nq1, q0r);
    if (qrel[0] < 0)
        for (int i = 6; i < 10; i++)
            data[i] = -data[i];
    mj_forward(m, d);
    if (d->nefc != 6 || d->efc_type[0] != mjCNSTR_EQUALITY)
        return "MuJoCo made no weld rows";
    note_body_rotation(r, d, 1, 1, &c->body1);
    note_body_rotation(r, d, 2, 2, &c->body2);
    static const char *const perr[3] = {"perr[3]", "perr[4]", "perr[5]"};
    static const char *const verr[6] = {"verr[0]", "verr[1]", "verr[2]", "verr[3]", "verr[4]", "verr[5]"};
    for (int i = 0; i < 3; i++)
        out_value(r, perr[i], d->efc_pos[i]);
    /* linear rows: as the ball's (run_ball), at S and P */
    int w1_zero = c->body1.w.x == 0 && c->body1.w.y == 0 && c->body1.w.z == 0;
    int lin_zero = zero_perr_slots(t, 3, 3);
    if (lin_zero || w1_zero)
        for (int i = 0; i < 3; i++)
            out_value(r, verr[3 + i], d->efc_vel[i]);
    for (int i = 0; i < 3; i++) {
        const double *J = d->efc_J + (size_t)i * (size_t)m->nv;
        out_jac_row(r, "", 3 + i, m, d, J, 1, 1, lin_zero, 1);
        out_jac_row(r, "", 3 + i, m, d, J, 2, 2, 1, 1);
    }
    /* angular rows on the aligned tests: 2 Rf1^T (MuJoCo's rows 3..5) in the order z, x, y; the columns converted
     * as the linear rows' (out_jac_row: J_w_local R^T for w, J as it is for v, MuJoCo's exact zeros there) */
    if (weld_aligned(t)) {
        double a[3];
        weld_angular_map(&p->frame1_in_b1.R, d->efc_vel + 3, a);
        for (int i = 0; i < 3; i++)
            out_value(r, verr[i], a[i]);
        double col[12][3];  /* the three angular rows in ccref's columns (w1, v1, w2, v2) */
        for (int K = 1; K <= 2; K++) {
            int va = m->jnt_dofadr[m->body_jntadr[K]];
            const double *X = d->xmat + 9 * K;
            for (int i = 0; i < 3; i++) {
                const double *J = d->efc_J + (size_t)(3 + i) * (size_t)m->nv;
                for (int k = 0; k < 3; k++) {
                    col[6 * (K - 1) + k][i] = J[va + 3 + 0] * X[3 * k + 0] + J[va + 3 + 1] * X[3 * k + 1] +
                                              J[va + 3 + 2] * X[3 * k + 2];
                    col[6 * (K - 1) + 3 + k][i] = J[va + k];
                }
            }
        }
        for (int j = 0; j < 12; j++) {
            weld_angular_map(&p->frame1_in_b1.R, col[j], a);
            for (int i = 0; i < 3; i++) {
                char name[24];
                snprintf(name, sizeof name, "P[%d][%d]", i, j);
                out_value(r, name, a[i]);
            }
        }
    }
    return NULL;
}

/* ------------------------------------------------------------------ constant coordinate */

/* mjEQ_JOINT with joint1 only: cpos = qpos - qpos0 - polycoef[0] with qpos0 = 0 (ref 0): q - p, ccref's perr;
 * the row's Jacobian is the unit vector of the dof, so efc_vel = qdot = ccref's verr. */
static const char *run_constant_coordinate(const vtest *t, result_line *r)
{
    const ccref_case *c = &t->c.u.k;
    mj_pair mp = get_model(1);
    mjModel *m = mp.m;
    mjData *d = mp.d;
    m->qpos0[0] = 0;
    m->eq_data[0] = c->params.constant_coordinate.position;
    d->qpos[0] = c->coordinate.q;
    d->qvel[0] = c->coordinate.qdot;
    mj_forward(m, d);
    if (d->nefc != 1 || d->efc_type[0] != mjCNSTR_EQUALITY)
        return "MuJoCo made no joint row";
    out_value(r, "perr[0]", d->efc_pos[0]);
    out_value(r, "verr[0]", d->efc_vel[0]);
    out_value(r, "P[0][0]", d->efc_J[0]);    /* the slide dof's unit row: nv = 1 */
    return NULL;
}

/* ------------------------------------------------------------------ contacts */

static void set_geom(mjModel *m, int g, const ccref_vec3 *pos, const double *quat)
{
    m->geom_pos[3 * g + 0] = pos->x;
    m->geom_pos[3 * g + 1] = pos->y;
    m->geom_pos[3 * g + 2] = pos->z;
    for (int i = 0; i < 4; i++)
        m->geom_quat[4 * g + i] = quat[i];
}

static const double QUNIT[4] = {1, 0, 0, 0};

/* The contact of geoms 0 and 1: index of the one with the smallest dist (-1: none), *flip when MuJoCo's geom1 is
 * geom 1 (its normal then points from geom 1 to geom 0). */
static int contact_of(const mjData *d, int *flip)
{
    int best = -1;
    for (int i = 0; i < d->ncon; i++)
        if (best < 0 || d->contact[i].dist < d->contact[best].dist)
            best = i;
    if (best >= 0)
        *flip = d->contact[best].geom1 != 0;
    return best;
}

/* The contact's normal row of efc_J (condim 1: mjCNSTR_CONTACT_FRICTIONLESS, one row = frame[0:3] . (J(body of geom2,
 * pos) - J(body of geom1, pos))), after the collision: mj_comPos (cdof, subtree_com) then mj_makeConstraint. NULL
 * when MuJoCo made no such row. (If MuJoCo's geom1 were ccref's geom 1, both the normal and the difference would
 * change sign: the row is the same.) */
static const double *contact_row(const mjModel *m, mjData *d, int k)
{
    mj_comPos(m, d);
    mj_makeConstraint(m, d);
    int a = d->contact[k].efc_address;
    if (a < 0 || a >= d->nefc || d->efc_type[a] != mjCNSTR_CONTACT_FRICTIONLESS)
        return NULL;
    return d->efc_J + (size_t)a * (size_t)m->nv;
}

/* SphereOnPlane: plane geom 0 on body 1 at plane_frame_in_b1 (geom_quat = normalised mju_mat2Quat of its R), sphere
 * geom 1 on body 2 at center_in_b2. _PlaneSphere: n = plane z axis (geom_xmat column 2: ccref's Pz), dist =
 * (O - P0) . n - r (ccref's perr, negative in penetration), pos = O - n (r + dist/2), the midpoint of the overlap:
 * ccref's C = O - r Pz only where dist = 0: reported where the certified perr is exactly 0. */
static const char *run_sphere_on_plane(const vtest *t, result_line *r)
{
    const ccref_case *c = &t->c.u.k;
    const ccref_sphere_on_plane_params *p = &c->params.sphere_on_plane;
    mj_pair mp = get_model(2);
    mjModel *m = mp.m;
    mjData *d = mp.d;
    double R[9], q[4];
    to_mat(R, &p->plane_frame_in_b1.R);
    mju_mat2Quat(q, R);
    mju_normalize4(q);
    set_geom(m, 0, &p->plane_frame_in_b1.p, q);
    set_geom(m, 1, &p->center_in_b2, QUNIT);
    m->geom_size[3 * 1] = p->radius;
    m->geom_rbound[1] = p->radius;
    /* MuJoCo allows planes on static bodies only: body 1 is a mocap body (pose mocap_pos, mocap_quat, which
     * mj_kinematics normalises and turns into xmat as it does a free joint's quaternion) */
    double R1[9];
    to_mat(R1, &c->body1.R);
    d->mocap_pos[0] = c->body1.p.x;
    d->mocap_pos[1] = c->body1.p.y;
    d->mocap_pos[2] = c->body1.p.z;
    mju_mat2Quat(d->mocap_quat, R1);
    set_free(m, d, 2, &c->body2);
    mj_kinematics(m, d);
    COLLIDE(t, m, d);
    note_body_rotation(r, d, 1, 1, &c->body1);
    note_body_rotation(r, d, 2, 2, &c->body2);
    /* the plane frame in body 1 MuJoCo holds: quat2Mat of its geom_quat (the world frame is quat2Mat(xquat1 *
     * geom_quat), MuJoCo's own product) */
    double Rq[9];
    mju_quat2Mat(Rq, q);
    if (memcmp(Rq, R, sizeof R) != 0) {
        char buf[1024];
        double pp[3] = {p->plane_frame_in_b1.p.x, p->plane_frame_in_b1.p.y, p->plane_frame_in_b1.p.z};
        frame_json(buf, sizeof buf, "plane_frame_in_b1", Rq, pp);
        used_member(r, "\"params\":{%s}", buf);
    }
    int flip = 0, k = contact_of(d, &flip);
    if (k < 0)
        return CONSUMER_SEPARATED;
    const mjContact *con = &d->contact[k];
    out_value(r, "perr[0]", con->dist);
    out_value(r, "separation", con->dist);
    if (all_zero_perr(t, 1)) {
        out_value(r, "contact_point.x", con->pos[0]);
        out_value(r, "contact_point.y", con->pos[1]);
        out_value(r, "contact_point.z", con->pos[2]);
    }
    /* the normal row: n . (J2(pos) - J1(pos)), n = Pz. ccref's normal row n . (v2(C) - v1(C)): the v columns are
     * n (exactly, at any point); the w columns (X - p2) x n are the same at any X on the normal through C in exact
     * arithmetic only: MuJoCo's lever arm pos - p2 rounds off the normal, and where ccref's is degenerate its
     * tolerance is 0. So the w columns are reported where pos is C (certified perr exactly 0, as contact_point).
     * Body 1 is a mocap body (no dofs): only body 2's columns. */
    const double *J = contact_row(m, d, k);
    if (J != NULL)
        out_jac_row(r, "", 0, m, d, J, 2, 2, all_zero_perr(t, 1), 1);
    return NULL;
}

/* SphereOnSphere: sphere geoms on bodies 1 and 2 at c1, c2. _SphereSphere: dist = |S2 - S1| - r1 - r2 (ccref's perr),
 * frame[0:3] = mju_normalize3(S2 - S1) (from sphere 1 toward sphere 2: ccref's Cz); below |S2 - S1| < mjMINVAL =
 * 1e-15 the normal is the normalised cross product of the geoms' z axes, [1, 0, 0] when that is below 1e-15 too.
 * pos = S1 + n (r1 + dist/2), the midpoint of the overlap; ccref's Co = S1 + r1/(r1 + r2) (S2 - S1) is the same point
 * when r1 = r2 (and the centres are apart) or dist = 0: reported where r1 == r2 and the certified perr is not
 * -(r1 + r2) (coincident centres), or the certified perr is exactly 0. */
/* The two spheres of a SphereOnSphere (kind) or a SphereSphereContact (class): the same geometry. Names: the kind's
 * perr[0], separation, contact_frame (Cz and Co); the class's perr, constraint.perr[0] and display_point (= Co). */
static const char *run_spheres(const vtest *t, result_line *r, int is_class, const ccref_body *b1, const ccref_body *b2,
                               ccref_vec3 c1, double r1, ccref_vec3 c2, double r2)
{
    mj_pair mp = get_model(3);
    mjModel *m = mp.m;
    mjData *d = mp.d;
    set_geom(m, 0, &c1, QUNIT);
    set_geom(m, 1, &c2, QUNIT);
    m->geom_size[0] = r1;
    m->geom_rbound[0] = r1;
    m->geom_size[3] = r2;
    m->geom_rbound[1] = r2;
    set_free(m, d, 1, b1);
    set_free(m, d, 2, b2);
    mj_kinematics(m, d);
    COLLIDE(t, m, d);
    note_body_rotation(r, d, 1, 1, b1);
    note_body_rotation(r, d, 2, 2, b2);
    int flip = 0, k = contact_of(d, &flip);
    if (k < 0)
        return CONSUMER_SEPARATED;
    const mjContact *con = &d->contact[k];
    double sg = flip ? -1.0 : 1.0;
    if (is_class) {
        out_value(r, "perr", con->dist);
        out_value(r, "constraint.perr[0]", con->dist);
    } else {
        out_value(r, "perr[0]", con->dist);
        out_value(r, "separation", con->dist);
        out_value(r, "contact_frame.R[0][2]", sg * con->frame[0]);
        out_value(r, "contact_frame.R[1][2]", sg * con->frame[1]);
        out_value(r, "contact_frame.R[2][2]", sg * con->frame[2]);
    }
    if (dump) {
        const double *p1 = d->geom_xpos, *p2 = d->geom_xpos + 3;
        double pv[3] = {p2[0] - p1[0], p2[1] - p1[1], p2[2] - p1[2]};
        fprintf(dump, "%s/%d |S2 - S1| %a n %a %a %a dist %a expected perr %a\n", consumer_current_suite(), t->tc_id,
                sqrt(pv[0] * pv[0] + pv[1] * pv[1] + pv[2] * pv[2]), sg * con->frame[0], sg * con->frame[1],
                sg * con->frame[2], con->dist, t->expected.o.value[CCREF_SLOT_PERR]);
    }
    double ep = t->expected.o.value[CCREF_SLOT_PERR];
    int same = ccref_status_ok(t->expected.o.d.status) &&
               ((r1 == r2 && !flip && ep != -(r1 + r2)) || ep == 0.0);
    if (same) {
        static const char *const co[3] = {"contact_frame.p.x", "contact_frame.p.y", "contact_frame.p.z"};
        static const char *const dp[3] = {"display_point.x", "display_point.y", "display_point.z"};
        for (int i = 0; i < 3; i++)
            out_value(r, is_class ? dp[i] : co[i], con->pos[i]);
    }
    /* the normal row n . (J2(pos) - J1(pos)): ccref's normal row along Cz at Co. The v columns (-n, n) are the
     * same at any point; the w columns only where pos is Co (the rule of contact_frame.p above): elsewhere the row
     * at pos equals ccref's in exact arithmetic only (pos - Co along n), and MuJoCo's rounding of pos - pk off the
     * normal fails where ccref's lever arm is exactly degenerate (close_centres, perp_axis_tie: tolerance 0). */
    /* Not at all where MuJoCo's centre distance is below mjMINVAL: its normal is then its fallback, not (S2 - S1)/|S2 -
     * S1| (SOS-ABS-MINVAL, shown by contact_frame.R[i][2] in the kind; where the direction is undefined the vectors
     * accept any Cz but hold the handle's rows). The w columns only where pos is Co exactly in value: certified perr
     * exactly 0 (r1 = r2 alone is not enough: pos and Co are rounded differently, and ccref's lever arm can be
     * exactly degenerate, tolerance 0: close_centres, perp_axis_tie). */
    const double *g1 = d->geom_xpos, *g2 = d->geom_xpos + 3;
    double cd[3] = {g2[0] - g1[0], g2[1] - g1[1], g2[2] - g1[2]};
    const double *J = mju_norm3(cd) < mjMINVAL ? NULL : contact_row(m, d, k);
    if (J != NULL) {
        const char *pre = is_class ? "constraint." : "";
        int wcols = ccref_status_ok(t->expected.o.d.status) && ep == 0.0;
        out_jac_row(r, pre, 0, m, d, J, 1, 1, wcols, 1);
        out_jac_row(r, pre, 0, m, d, J, 2, 2, wcols, 1);
    }
    return NULL;
}

static const char *run_sphere_on_sphere(const vtest *t, result_line *r)
{
    const ccref_case *c = &t->c.u.k;
    const ccref_sphere_on_sphere_params *p = &c->params.sphere_on_sphere;
    return run_spheres(t, r, 0, &c->body1, &c->body2, p->center1_in_b1, p->radius1, p->center2_in_b2, p->radius2);
}

/* SphereSphereContact: perr = |Sb - Sf| - (rf + rb) and display_point = Co (spec/unilateral_contacts.md), the same
 * quantities as the kind's. */
static const char *run_sphere_sphere(const vtest *t, result_line *r)
{
    const ccref_contact_case *c = &t->c.u.c;
    const ccref_sphere_sphere_params *p = &c->params.sphere_sphere;
    return run_spheres(t, r, 1, &c->body1, &c->body2, p->center1_in_b1, p->radius1, p->center2_in_b2, p->radius2);
}

/* LineOnLine: capsules of radius 0 on the segments lol_choose_segments picks (their closest points are the lines'),
 * placed in world coordinates on two free bodies at the identity: capsule k has geom_pos = Pk and a geom_quat whose
 * z axis is dk (mju_mat2Quat of Mk = [R e_y, R e_z, R e_x] with R = Rk R_Ek, normalised). mjc_CapsuleCapsule then
 * returns the closest points' distance dist = |Qb - Qf| (_SphereSphere with radii 0; two contacts in its parallel
 * branch, det < 1e-15, the smaller reported). MuJoCo's distance is unsigned: it is ccref's separation (perr[0])
 * where that is >= 0. The closest points are not reported: pos = Qf + n dist/2 is their midpoint and cannot give
 * them back exactly. inputs_used: the bodies at the identity and the edge frames MuJoCo used in world coordinates,
 * R_E = [z, x, y] columns of geom_xmat (so R_E e_x = the capsule axis, R_E e_z = its y axis), p = geom_xpos. */
static int native_segments;
static int lol_normal_row;  /* --lol-normal-row: also write the contact's efc_J row (a measurement; README) */

/* The exact distance of the two lines MuJoCo received (geom_xpos + t geom_xmat e_z), 256-bit MPFR: the answer of
 * MuJoCo's inputs, beside what mjc_CapsuleCapsule returned. */
static double exact_line_distance(const double *p1, const double *X1, const double *p2, const double *X2)
{
    mpfr_t a[3], b[3], w[3], dp[3], t, u, n2;
    for (int i = 0; i < 3; i++) {
        mpfr_inits2(256, a[i], b[i], w[i], dp[i], (mpfr_ptr)0);
        mpfr_set_d(a[i], X1[3 * i + 2], MPFR_RNDN);
        mpfr_set_d(b[i], X2[3 * i + 2], MPFR_RNDN);
        mpfr_set_d(dp[i], p2[i], MPFR_RNDN);
        mpfr_sub_d(dp[i], dp[i], p1[i], MPFR_RNDN);
    }
    mpfr_inits2(256, t, u, n2, (mpfr_ptr)0);
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3;
        mpfr_mul(t, a[j], b[k], MPFR_RNDN);
        mpfr_mul(u, a[k], b[j], MPFR_RNDN);
        mpfr_sub(w[i], t, u, MPFR_RNDN);
    }
    mpfr_set_zero(n2, 1);
    mpfr_set_zero(u, 1);
    for (int i = 0; i < 3; i++) {
        mpfr_mul(t, w[i], w[i], MPFR_RNDN);
        mpfr_add(n2, n2, t, MPFR_RNDN);
        mpfr_mul(t, w[i], dp[i], MPFR_RNDN);
        mpfr_add(u, u, t, MPFR_RNDN);
    }
    mpfr_sqrt(n2, n2, MPFR_RNDN);
    mpfr_div(u, u, n2, MPFR_RNDN);
    mpfr_abs(u, u, MPFR_RNDN);
    double r = mpfr_get_d(u, MPFR_RNDN);
    for (int i = 0; i < 3; i++)
        mpfr_clears(a[i], b[i], w[i], dp[i], (mpfr_ptr)0);
    mpfr_clears(t, u, n2, (mpfr_ptr)0);
    return r;
}

static const char *run_line_on_line(const vtest *t, result_line *r)
{
    const ccref_case *c = &t->c.u.k;
    const ccref_line_on_line_params *p = &c->params.line_on_line;
    lol_segments s;
    result_line scratch;
    memset(&scratch, 0, sizeof scratch);
    const char *why = lol_choose_segments(c, native_segments, &s, &scratch);
    if (why != NULL)
        return why;
    /* MuJoCo's distance is unsigned: it is ccref's separation where that is >= 0. Where ccref rejects the case's
     * rotation (an error status expected, "accepted" alternative with the separation left free) the sign at the
     * inputs MuJoCo used is not given by the vectors: not run. */
    if (!ccref_status_ok(t->expected.o.d.status))
        return "rotation rejected by ccref (sign of the separation not given)";
    if (!(t->expected.o.value[CCREF_SLOT_PERR] >= 0.0))
        return "separation < 0 (MuJoCo's distance is unsigned)";
    mj_pair mp = get_model(4);
    mjModel *m = mp.m;
    mjData *d = mp.d;
    const ccref_frame *E[2] = {&p->edge_frame1_in_b1, &p->edge_frame2_in_b2};
    const ccref_body *B[2] = {&c->body1, &c->body2};
    for (int k = 0; k < 2; k++) {
        /* R = Rk R_Ek in double (a set-up estimate; what MuJoCo uses is read back and reported) */
        double W[9], M[9], q[4];
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++)
                W[3 * i + j] = B[k]->R.m[i][0] * E[k]->R.m[0][j] + B[k]->R.m[i][1] * E[k]->R.m[1][j] +
                               B[k]->R.m[i][2] * E[k]->R.m[2][j];
        for (int i = 0; i < 3; i++) {
            M[3 * i + 0] = W[3 * i + 1];
            M[3 * i + 1] = W[3 * i + 2];
            M[3 * i + 2] = W[3 * i + 0];
        }
        mju_mat2Quat(q, M);
        mju_normalize4(q);
        set_geom(m, k, &s.centre[k], q);
        m->geom_size[3 * k + 0] = 0;
        m->geom_size[3 * k + 1] = s.half_length[k];
        m->geom_rbound[k] = s.half_length[k];
    }
    ccref_body ident;
    memset(&ident, 0, sizeof ident);
    ident.R.m[0][0] = ident.R.m[1][1] = ident.R.m[2][2] = 1;
    set_free(m, d, 1, &ident);
    set_free(m, d, 2, &ident);
    mj_kinematics(m, d);
    COLLIDE(t, m, d);
    char f[2][1024], e[2][40];
    for (int k = 0; k < 2; k++) {
        const double *X = d->geom_xmat + 9 * k;
        double RE[9];
        for (int i = 0; i < 3; i++) {
            RE[3 * i + 0] = X[3 * i + 2];
            RE[3 * i + 1] = X[3 * i + 0];
            RE[3 * i + 2] = X[3 * i + 1];
        }
        frame_json(f[k], sizeof f[k], k == 0 ? "edge_frame1_in_b1" : "edge_frame2_in_b2", RE, d->geom_xpos + 3 * k);
        hexs(e[k], s.half_length[k]);
    }
    used_member(r, "\"body1\":{\"R\":[[1,0,0],[0,1,0],[0,0,1]],\"p\":[0,0,0]},"
                   "\"body2\":{\"R\":[[1,0,0],[0,1,0],[0,0,1]],\"p\":[0,0,0]},"
                   "\"params\":{%s,\"half_length1\":\"%s\",%s,\"half_length2\":\"%s\"}",
                f[0], e[0], f[1], e[1]);
    int flip = 0, k = contact_of(d, &flip);
    if (k < 0)
        return CONSUMER_SEPARATED;
    out_value(r, "perr[0]", d->contact[k].dist);
    out_value(r, "separation", d->contact[k].dist);
    /* The normal row n . (J2(pos) - J1(pos)) (only with --lol-normal-row: a measurement, not part of the judged
     * results), n = frame[0:3], the direction from MuJoCo's closest point on geom 1 to that on geom 2 (vec1, vec2 of
     * mjc_CapsuleCapsule), pos their midpoint. ccref's row is that of the point Co along its n (verr_0 =
     * (vel_2(Co) - vel_1(Co)) . n, spec/line_on_line.md), the same at any point of the common normal: MuJoCo's row
     * in exact arithmetic where the separation is > 0. Written where that sign is certain in the double tier: a
     * valid test (no parallel or sense alternative), status OK, certified perr above its double-tier tolerance
     * (below it the direction between the closest points is ill-conditioned or undefined). Not reported by default:
     * ccref's tolerance covers its cross-product normal, not a normal through the closest points, whose error grows
     * as |Q| / separation (consumers/mujoco/README.md, "Outputs it cannot report"). The bodies are at the identity,
     * so the conversion of the angular columns is exact. */
    double sep = t->expected.o.value[CCREF_SLOT_PERR];
    if (lol_normal_row && t->result == RESULT_VALID && t->expected.o.d.status == CCREF_OK &&
        sep > t->expected.tier_tol[CCREF_TIER_DOUBLE][CCREF_SLOT_PERR]) {
        const double *J = contact_row(m, d, k);
        if (J != NULL) {
            out_jac_row(r, "", 0, m, d, J, 1, 1, 1, 1);
            out_jac_row(r, "", 0, m, d, J, 2, 2, 1, 1);
        }
    }
    if (dump) {
        /* mjc_CapsuleCapsule's coefficients, evaluated as it does */
        const double *X1 = d->geom_xmat, *X2 = d->geom_xmat + 9, *p1 = d->geom_xpos, *p2 = d->geom_xpos + 3;
        double a1[3], a2[3];
        for (int i = 0; i < 3; i++) {
            a1[i] = X1[3 * i + 2] * m->geom_size[1];
            a2[i] = X2[3 * i + 2] * m->geom_size[4];
        }
        double ma = mju_dot3(a1, a1), mb = -mju_dot3(a1, a2), mc = mju_dot3(a2, a2);
        double det = ma * mc - mb * mb;
        fprintf(dump, "line_on_line/%d ncon %d dist %a exact_on_inputs %a expected %a tol %a det %a (%s) "
                "ma %a mc %a h %a %a\n", t->tc_id, d->ncon, d->contact[k].dist,
                exact_line_distance(p1, X1, p2, X2), t->expected.o.value[CCREF_SLOT_PERR],
                t->expected.tol[CCREF_SLOT_PERR], det, fabs(det) >= mjMINVAL ? "general" : "parallel branch", ma, mc,
                s.half_length[0], s.half_length[1]);
        for (int g = 0; g < 2; g++)
            fprintf(dump, "  xpos %a %a %a xmat_z %a %a %a\n", d->geom_xpos[3 * g], d->geom_xpos[3 * g + 1],
                    d->geom_xpos[3 * g + 2], d->geom_xmat[9 * g + 2], d->geom_xmat[9 * g + 5], d->geom_xmat[9 * g + 8]);
        fprintf(dump, "  contact geom1 %d frame %a %a %a pos %a %a %a\n", d->contact[k].geom1, d->contact[k].frame[0],
                d->contact[k].frame[1], d->contact[k].frame[2], d->contact[k].pos[0], d->contact[k].pos[1],
                d->contact[k].pos[2]);
        for (int g = 0; g < 2; g++)
            fprintf(dump, "  geom %d pos %a %a %a quat %a %a %a %a half_length %a\n", g, m->geom_pos[3 * g],
                    m->geom_pos[3 * g + 1], m->geom_pos[3 * g + 2], m->geom_quat[4 * g], m->geom_quat[4 * g + 1],
                    m->geom_quat[4 * g + 2], m->geom_quat[4 * g + 3], m->geom_size[3 * g + 1]);
    }
    return NULL;
}

/* ------------------------------------------------------------------ main */

static int option(int argc, char **argv, int *i)
{
    (void)argc;
    if (strcmp(argv[*i], "--native-segments") == 0) {
        native_segments = 1;
        return 1;
    }
    if (strcmp(argv[*i], "--lol-normal-row") == 0) {
        lol_normal_row = 1;
        return 1;
    }
    if (strcmp(argv[*i], "--dump") == 0 && *i + 1 < argc) {
        dump = fopen(argv[++*i], "w");
        if (dump == NULL) {
            perror(argv[*i]);
            exit(2);
        }
        return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    /* the build this consumer expects: MuJoCo 2.2.2, header and library, mjtNum double */
    if (mjVERSION_HEADER != 222 || mj_version() != 222 || sizeof(mjtNum) != sizeof(double)) {
        fprintf(stderr, "mujoco_consumer: expected MuJoCo 2.2.2 with mjtNum = double, found header %d, library %d "
                "(%s), sizeof(mjtNum) %zu\n", mjVERSION_HEADER, mj_version(), mj_versionString(), sizeof(mjtNum));
        return 2;
    }
    mju_user_warning = on_warning;
    mju_user_error = on_error;
    static const consumer_suite suites[] = {
        {"ball", run_ball, 0},
        {"constant_coordinate", run_constant_coordinate, 0},
        {"sphere_on_plane", run_sphere_on_plane, 0},
        {"sphere_on_sphere", run_sphere_on_sphere, 0},
        {"sphere_sphere", run_sphere_sphere, 0},
        {"line_on_line", run_line_on_line, 0},
        {"weld", run_weld, 0},
    };
    static const consumer c = {
        "mujoco_consumer", "MuJoCo 2.2.2 (Debian libmujoco-dev, double)", "[--native-segments] [--lol-normal-row] [--dump FILE] ", option, suites,
        (int)(sizeof suites / sizeof suites[0]),
    };
    int rc = consumer_main(&c, argc, argv);
    if (n_warnings)
        fprintf(stderr, "mujoco_consumer: %ld MuJoCo warnings\n", n_warnings);
    if (error_count)
        fprintf(stderr, "mujoco_consumer: %d tests stopped by mju_error\n", error_count);
    return rc;
}
