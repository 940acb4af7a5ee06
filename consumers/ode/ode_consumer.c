/* ode_consumer.c: runs the Open Dynamics Engine (ODE 0.16, Debian's libode-dev, double precision) over ccref's golden
 * vectors and writes its answers in the results format of spec/vectors.md section 9, for `ccref check`.
 *
 * The point is to judge ODE's own routines, so every quantity reported is computed by an ODE routine; the consumer
 * only loads the case into ODE and, where ODE's routine returns two points, takes their difference (one rounding,
 * the same subtraction ccref's formula ends with). The mapping (consumers/ode/README.md has the full table):
 *
 *   ball              perr  = dJointGetBallAnchor2 - dJointGetBallAnchor                 (S - P in Ground)
 *                     verr  = dBodyGetRelPointVel(body2, s2) - dBodyGetPointVel(body1, S)  (v(B2/S) - v(B1/S))
 *   sphere_on_plane   dCollide(sphere, plane): perr[0] = separation = -depth, contact_point = pos
 *   sphere_on_sphere  dCollide(sphere1, sphere2): perr[0] = separation = -depth,
 *                     contact_frame.R[i][2] (Cz, from sphere 1 toward sphere 2) = -normal[i],
 *                     contact_frame.p = pos where ODE's point and ccref's Co are the same point
 *   line_on_line      dClosestLineSegmentPoints(a1, a2, b1, b2): closest_point1 = cp1, closest_point2 = cp2,
 *                     where both closest points of the infinite lines lie inside the segments
 *
 * Bodies are ODE bodies (a kinematic body at the identity for Ground), so ODE's own transforms (dBodySetRotation,
 * dBodyGetRelPointPos, dBodyVectorToWorld, geom offsets) place the stations. dBodySetRotation re-orthogonalises
 * the matrix it is given; the rotation ODE actually uses is read back and reported in "inputs_used", so that
 * `ccref check` judges ODE at the inputs it used (spec/vectors.md section 9).
 *
 * Usage: ode_consumer [--native-segments] [--verbose] [--dump-segments FILE] --out RESULTS VECTORS_DIR
 *   --native-segments: line_on_line only on the vectors' own segments (no lengthened segments, see below).
 * Prints per suite and family how many tests ran and how many were skipped, by reason. Exit 0, or 2 on a usage,
 * I/O or vector-format error. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ode/ode.h>

#include "src/ccref.h"
#include "src/ccref_outputs.h"
#include "cli/vectors.h"

/* ------------------------------------------------------------------ per family bookkeeping */

/* Why a test was not run (or was reported as an error line). */
enum {
    SKIP_NONE = 0,
    SKIP_INVALID,        /* bad input: ODE has no input checks and no status to reject with */
    SKIP_ERROR_STATUS,   /* the expected answer is an error status (overflow, non-rotation) with no OK alternative */
    SKIP_SEPARATED,      /* sphere kinds: ODE's collider reports no contact and the exact perr is not certainly < 0 */
    SKIP_OUTSIDE,        /* line_on_line, --native-segments: a closest point of the lines is outside its segment */
    SKIP_PARALLEL_APART, /* line_on_line, parallel: the segments' projections do not overlap */
    SKIP_EXTEND_OVERFLOW,/* line_on_line: the lengthened segment would not be finite */
    SKIP_COUNT
};
static const char *const skip_names[SKIP_COUNT] = {
    "ran", "invalid input", "expected error status", "separated (no contact)", "closest point outside segment",
    "parallel, segments apart", "lengthened segment overflows",
};

#define MAX_ROWS 128
typedef struct {
    char suite[24], family[40];
    int rolling;
    long tests, count[SKIP_COUNT];
    long extended;      /* line_on_line: ran on lengthened segments */
    long missed;        /* sphere kinds: ODE reports no contact although the spheres certainly touch (error line) */
    long used_inputs;   /* results with inputs_used */
} famrow;
static famrow rows[MAX_ROWS];
static int n_rows;

static famrow *row_for(const char *suite, const vgroup *g)
{
    for (int i = 0; i < n_rows; i++)
        if (strcmp(rows[i].suite, suite) == 0 && strcmp(rows[i].family, g->family) == 0 &&
            rows[i].rolling == g->rolling)
            return &rows[i];
    if (n_rows == MAX_ROWS) {
        fprintf(stderr, "ode_consumer: too many families\n");
        exit(2);
    }
    famrow *r = &rows[n_rows++];
    memset(r, 0, sizeof *r);
    snprintf(r->suite, sizeof r->suite, "%s", suite);
    snprintf(r->family, sizeof r->family, "%s", g->family);
    r->rolling = g->rolling;
    return r;
}

static int verbose;

/* ------------------------------------------------------------------ one result line */

/* A result line is assembled in a buffer: outputs, then inputs_used, then written whole. */
typedef struct {
    char outputs[4096];
    size_t n_out;
    char used[4096];
    size_t n_used;
} result_line;

static void app(char *buf, size_t cap, size_t *n, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void app(char *buf, size_t cap, size_t *n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(buf + *n, cap - *n, fmt, ap);
    va_end(ap);
    if (k < 0 || (size_t)k >= cap - *n) {
        fprintf(stderr, "ode_consumer: result line too long\n");
        exit(2);
    }
    *n += (size_t)k;
}

/* A double as the results format wants it: "%a" (exact), and the non-finite values by name (what glibc's %a
 * writes for them, "-nan", is not a number the reader takes). */
static void hexnum(char *s, size_t cap, double v)
{
    if (isnan(v))
        snprintf(s, cap, "nan");
    else if (isinf(v))
        snprintf(s, cap, v > 0 ? "inf" : "-inf");
    else
        snprintf(s, cap, "%a", v);
}

static void out_value(result_line *r, const char *name, double v)
{
    char s[40];
    hexnum(s, sizeof s, v);
    app(r->outputs, sizeof r->outputs, &r->n_out, "%s\"%s\":\"%s\"", r->n_out ? "," : "", name, s);
}

static void used_member(result_line *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void used_member(result_line *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (r->n_used)
        app(r->used, sizeof r->used, &r->n_used, ",");
    int k = vsnprintf(r->used + r->n_used, sizeof r->used - r->n_used, fmt, ap);
    va_end(ap);
    if (k < 0 || (size_t)k >= sizeof r->used - r->n_used) {
        fprintf(stderr, "ode_consumer: inputs_used too long\n");
        exit(2);
    }
    r->n_used += (size_t)k;
}

static void write_result(FILE *f, const char *suite, int tc_id, const result_line *r)
{
    fprintf(f, "{\"id\":\"%s/%d\",\"status\":\"OK\",\"outputs\":{%s}", suite, tc_id, r->outputs);
    if (r->n_used)
        fprintf(f, ",\"inputs_used\":{%s}", r->used);
    fputs("}\n", f);
}

/* ------------------------------------------------------------------ bodies */

static dWorldID world;

/* An ODE body in the case's pose and motion. Ground is a kinematic body at the identity, at rest, so that every
 * station goes through the same ODE transforms. dBodySetRotation re-orthogonalises R (ODE's dxOrthogonalizeR);
 * R_used receives the rotation ODE stores. */
static dBodyID make_body(const ccref_body *b, ccref_mat3 *R_used)
{
    dBodyID id = dBodyCreate(world);
    dBodySetKinematic(id);
    dMatrix3 R;
    for (int i = 0; i < 3; i++) {
        for (int j = 0; j < 3; j++)
            R[4 * i + j] = b->R.m[i][j];
        R[4 * i + 3] = 0;
    }
    dBodySetRotation(id, R);
    dBodySetPosition(id, b->p.x, b->p.y, b->p.z);
    dBodySetAngularVel(id, b->w.x, b->w.y, b->w.z);
    dBodySetLinearVel(id, b->v.x, b->v.y, b->v.z);
    const dReal *Ru = dBodyGetRotation(id);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            R_used->m[i][j] = Ru[4 * i + j];
    return id;
}

/* Report the rotation ODE used for body k when it differs from the case's (bit for bit). */
static void note_rotation(result_line *r, int k, const ccref_mat3 *given, const ccref_mat3 *used)
{
    if (memcmp(given, used, sizeof *given) == 0)
        return;
    char e[9][40];
    for (int i = 0; i < 9; i++)
        hexnum(e[i], sizeof e[i], used->m[i / 3][i % 3]);
    used_member(r, "\"body%d\":{\"R\":[[\"%s\",\"%s\",\"%s\"],[\"%s\",\"%s\",\"%s\"],[\"%s\",\"%s\",\"%s\"]]}", k,
                e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7], e[8]);
}

/* The two bodies of a case, with the rotations ODE uses reported in r. */
static void make_bodies(const ccref_case *c, result_line *r, dBodyID *b1, dBodyID *b2)
{
    ccref_mat3 u1, u2;
    *b1 = make_body(&c->body1, &u1);
    *b2 = make_body(&c->body2, &u2);
    note_rotation(r, 1, &c->body1.R, &u1);
    note_rotation(r, 2, &c->body2.R, &u2);
}

/* ------------------------------------------------------------------ ball */

/* perr and verr of a Ball from ODE's ball joint. The anchors are set while both bodies are at the identity pose (at
 * which ODE's world-to-body conversion is exact), then the bodies are moved to the case's pose:
 *   dJointSetBallAnchor(s1): anchor1 = R1^T (s1 - p1) = s1 exactly (R1 = I, p1 = 0);
 *   dJointSetBallAnchor2(s2): stores s2 as the anchor in body 2's frame (ODE 0.16 ball.cpp; the call is
 *     undocumented beyond its name, and is the only way to give the two bodies different stations).
 * Then dJointGetBallAnchor = p1 + R1 s1 = P and dJointGetBallAnchor2 = p2 + R2 s2 = S (ODE's getAnchor/getAnchor2),
 * so perr = S - P. For verr, dBodyGetRelPointVel(body2, s2) = v2 + w2 x (R2 s2) = v(B2/S) and
 * dBodyGetPointVel(body1, S) = v1 + w1 x (S - p1) = v(B1/S): spec/ball.md formula 5. */
static void run_ball(const ccref_case *c, result_line *r)
{
    const ccref_ball_params *p = &c->params.ball;
    dBodyID b1 = dBodyCreate(world), b2 = dBodyCreate(world);   /* at the identity, at the origin */
    dBodySetKinematic(b1);
    dBodySetKinematic(b2);
    dJointID j = dJointCreateBall(world, 0);
    dJointAttach(j, b1, b2);
    dJointSetBallAnchor(j, p->station1_in_b1.x, p->station1_in_b1.y, p->station1_in_b1.z);
    dJointSetBallAnchor2(j, p->station2_in_b2.x, p->station2_in_b2.y, p->station2_in_b2.z);
    /* now the case's poses and motions, through the same path as every other kind */
    const ccref_body *body[2] = {&c->body1, &c->body2};
    dBodyID id[2] = {b1, b2};
    for (int k = 0; k < 2; k++) {
        dMatrix3 R;
        for (int i = 0; i < 3; i++) {
            for (int jj = 0; jj < 3; jj++)
                R[4 * i + jj] = body[k]->R.m[i][jj];
            R[4 * i + 3] = 0;
        }
        dBodySetRotation(id[k], R);
        dBodySetPosition(id[k], body[k]->p.x, body[k]->p.y, body[k]->p.z);
        dBodySetAngularVel(id[k], body[k]->w.x, body[k]->w.y, body[k]->w.z);
        dBodySetLinearVel(id[k], body[k]->v.x, body[k]->v.y, body[k]->v.z);
        ccref_mat3 used;
        const dReal *Ru = dBodyGetRotation(id[k]);
        for (int i = 0; i < 3; i++)
            for (int jj = 0; jj < 3; jj++)
                used.m[i][jj] = Ru[4 * i + jj];
        note_rotation(r, k + 1, &body[k]->R, &used);
    }
    dVector3 P, S, vS2, vS1;
    dJointGetBallAnchor(j, P);
    dJointGetBallAnchor2(j, S);
    dBodyGetRelPointVel(b2, p->station2_in_b2.x, p->station2_in_b2.y, p->station2_in_b2.z, vS2);
    dBodyGetPointVel(b1, S[0], S[1], S[2], vS1);
    static const char *const perr[3] = {"perr[0]", "perr[1]", "perr[2]"};
    static const char *const verr[3] = {"verr[0]", "verr[1]", "verr[2]"};
    for (int i = 0; i < 3; i++)
        out_value(r, perr[i], S[i] - P[i]);
    for (int i = 0; i < 3; i++)
        out_value(r, verr[i], vS2[i] - vS1[i]);
    dJointDestroy(j);
    dBodyDestroy(b1);
    dBodyDestroy(b2);
}

/* ------------------------------------------------------------------ spheres */

/* A sphere geom on an ODE body, its centre at the body-frame station c (ODE computes p + R c, dxGeom::computePosr). */
static dGeomID make_sphere(dBodyID b, double radius, ccref_vec3 c)
{
    dGeomID g = dCreateSphere(0, radius);
    dGeomSetBody(g, b);
    dGeomSetOffsetPosition(g, c.x, c.y, c.z);
    return g;
}

/* Whether the exact perr is certainly negative (the spheres certainly overlap): expected perr + tolerance < 0. */
static int certainly_touching(const vtest *t)
{
    double v = t->expected.o.value[CCREF_SLOT_PERR], tol = t->expected.tol[CCREF_SLOT_PERR];
    return ccref_status_ok(t->expected.o.d.status) && v + tol < 0.0;
}

/* SphereOnPlane: the plane of the case is fixed on body 1; ODE's planes are not placeable, so it is built in world
 * coordinates with ODE's body routines: normal n = dBodyVectorToWorld(body1, Pz_F) (= R1 Pz_F, spec/
 * sphere_on_plane.md formula 2), a point P0 = dBodyGetRelPointPos(body1, p_FP), and the offset d = n . P0;
 * dCreatePlane(n, d) renormalises (n, d) by 1/|n| (ODE's make_sure_plane_normal_has_unit_length). ODE's
 * dCollideSpherePlane: depth = d - O . n + r (>= 0: contact), pos = O - r n. So perr = -depth (ccref: armO1 . Pz -
 * (h + r)) and contact_point = pos (ccref: C = O - r Pz). Returns SKIP_SEPARATED when ODE finds no contact. */
static int run_sphere_on_plane(const vtest *t, result_line *r)
{
    const ccref_case *c = &t->c.u.k;
    const ccref_sphere_on_plane_params *p = &c->params.sphere_on_plane;
    dBodyID b1, b2;
    make_bodies(c, r, &b1, &b2);
    const ccref_mat3 *Rp = &p->plane_frame_in_b1.R;
    dVector3 n, P0;
    dBodyVectorToWorld(b1, Rp->m[0][2], Rp->m[1][2], Rp->m[2][2], n);
    dBodyGetRelPointPos(b1, p->plane_frame_in_b1.p.x, p->plane_frame_in_b1.p.y, p->plane_frame_in_b1.p.z, P0);
    dGeomID plane = dCreatePlane(0, n[0], n[1], n[2], dCalcVectorDot3(n, P0));
    dGeomID sphere = make_sphere(b2, p->radius, p->center_in_b2);
    dContactGeom cg;
    int nc = dCollide(sphere, plane, 1, &cg, (int)sizeof cg);
    if (nc == 1) {
        out_value(r, "perr[0]", -cg.depth);
        out_value(r, "contact_point.x", cg.pos[0]);
        out_value(r, "contact_point.y", cg.pos[1]);
        out_value(r, "contact_point.z", cg.pos[2]);
        out_value(r, "separation", -cg.depth);
    }
    dGeomDestroy(sphere);
    dGeomDestroy(plane);
    dBodyDestroy(b1);
    dBodyDestroy(b2);
    return nc == 1 ? SKIP_NONE : SKIP_SEPARATED;
}

/* SphereOnSphere: dCollideSpheres(Sf, rf, Sb, rb): d = |Sf - Sb|; no contact when d > rf + rb; else
 * normal = (Sf - Sb)/d (from sphere 2 toward sphere 1: ccref's Cz is its negative), depth = rf + rb - d (perr =
 * -depth), pos = Sf + normal (rb - rf - d)/2, the midpoint of the two surface points on the line of centres. ccref's
 * Co = Sf + rf/(rf + rb) (Sb - Sf) divides the centre distance in the ratio of the radii; the two differ by
 * Cz perr (rb - rf) / (2 (rf + rb)), so pos is reported as contact_frame.p only where they are the same point:
 * rf == rb, Sf == Sb (ODE's d = 0 branch: pos = Sf = Co), or the exact perr is 0. For d = 0 ODE takes
 * normal = (1, 0, 0), depth = rf + rb. */
static int run_sphere_on_sphere(const vtest *t, result_line *r)
{
    const ccref_case *c = &t->c.u.k;
    const ccref_sphere_on_sphere_params *p = &c->params.sphere_on_sphere;
    dBodyID b1, b2;
    make_bodies(c, r, &b1, &b2);
    dGeomID g1 = make_sphere(b1, p->radius1, p->center1_in_b1);
    dGeomID g2 = make_sphere(b2, p->radius2, p->center2_in_b2);
    dContactGeom cg;
    int nc = dCollide(g1, g2, 1, &cg, (int)sizeof cg);
    if (nc == 1) {
        const dReal *Sf = dGeomGetPosition(g1), *Sb = dGeomGetPosition(g2);
        int same_point = p->radius1 == p->radius2 ||
                         (Sf[0] == Sb[0] && Sf[1] == Sb[1] && Sf[2] == Sb[2]) ||
                         (ccref_status_ok(t->expected.o.d.status) && t->expected.o.value[CCREF_SLOT_PERR] == 0.0);
        out_value(r, "perr[0]", -cg.depth);
        out_value(r, "contact_frame.R[0][2]", -cg.normal[0]);
        out_value(r, "contact_frame.R[1][2]", -cg.normal[1]);
        out_value(r, "contact_frame.R[2][2]", -cg.normal[2]);
        if (same_point) {
            out_value(r, "contact_frame.p.x", cg.pos[0]);
            out_value(r, "contact_frame.p.y", cg.pos[1]);
            out_value(r, "contact_frame.p.z", cg.pos[2]);
        }
        out_value(r, "separation", -cg.depth);
    }
    dGeomDestroy(g1);
    dGeomDestroy(g2);
    dBodyDestroy(b1);
    dBodyDestroy(b2);
    return nc == 1 ? SKIP_NONE : SKIP_SEPARATED;
}

/* ------------------------------------------------------------------ line on line */

static int native_segments_only;
static FILE *dump_segments;     /* --dump-segments FILE: the segments ODE received and its closest points */

/* Where the closest points of the two infinite lines lie, as multiples of the half lengths, estimated from the
 * inputs in long double (for selecting the tests and sizing segments only; nothing of it is reported):
 * with w = df x db and p = Pb - Pf, tf = ((p x db) . w) / (w . w) and tb = ((p x df) . w) / (w . w). *parallel is
 * set when w . w < 2^-91, ccref's parallel test (spec/line_on_line.md formula 4), on the long double estimate. */
typedef struct { long double x, y, z; } lvec;
static lvec lv(ccref_vec3 a) { lvec r = {a.x, a.y, a.z}; return r; }
static lvec lmul(const ccref_mat3 *R, lvec a)
{
    lvec r = {R->m[0][0] * a.x + R->m[0][1] * a.y + R->m[0][2] * a.z, R->m[1][0] * a.x + R->m[1][1] * a.y + R->m[1][2] * a.z,
              R->m[2][0] * a.x + R->m[2][1] * a.y + R->m[2][2] * a.z};
    return r;
}
static lvec lcross(lvec a, lvec b)
{
    lvec r = {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
    return r;
}
static long double ldot(lvec a, lvec b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

static void line_parameters(const ccref_case *c, long double *tf, long double *tb, int *parallel, long double *pdf)
{
    const ccref_line_on_line_params *p = &c->params.line_on_line;
    lvec ex1 = {p->edge_frame1_in_b1.R.m[0][0], p->edge_frame1_in_b1.R.m[1][0], p->edge_frame1_in_b1.R.m[2][0]};
    lvec ex2 = {p->edge_frame2_in_b2.R.m[0][0], p->edge_frame2_in_b2.R.m[1][0], p->edge_frame2_in_b2.R.m[2][0]};
    lvec df = lmul(&c->body1.R, ex1), db = lmul(&c->body2.R, ex2);
    lvec a1 = lmul(&c->body1.R, lv(p->edge_frame1_in_b1.p)), a2 = lmul(&c->body2.R, lv(p->edge_frame2_in_b2.p));
    lvec Pf = {c->body1.p.x + a1.x, c->body1.p.y + a1.y, c->body1.p.z + a1.z};
    lvec Pb = {c->body2.p.x + a2.x, c->body2.p.y + a2.y, c->body2.p.z + a2.z};
    lvec d = {Pb.x - Pf.x, Pb.y - Pf.y, Pb.z - Pf.z};
    lvec w = lcross(df, db);
    long double ww = ldot(w, w);
    *parallel = ww < 0x1p-91L;
    *pdf = ldot(d, df);
    if (*parallel) {
        *tf = *tb = 0;
        return;
    }
    *tf = ldot(lcross(d, db), w) / ww;
    *tb = ldot(lcross(d, df), w) / ww;
}

/* The smallest power of two at least twice |t|, so that the closest point sits at most half way to an end. */
static double pow2_at_least(long double t)
{
    int e;
    frexpl(2.0L * fabsl(t), &e);
    return ldexp(1.0, e);
}

/* LineOnLine: ODE's segment routine dClosestLineSegmentPoints(a1, a2, b1, b2) on the edges as ccref defines them
 * (spec/line_on_line.md): edge 1 is the segment of centre Pf = p1 + R1 p_FEf and direction df = R1 (X_FEf.R e_x),
 * of half length hf: a1 = Pf - hf df, a2 = Pf + hf df (Pf by dBodyGetRelPointPos, df by dBodyVectorToWorld);
 * likewise b1, b2 for edge 2. ccref's closest_point1/2 (Qf, Qb) are the closest points of the infinite lines; the
 * segment routine returns the same points when both lie inside their segments (its edge-edge case), and an end
 * point otherwise. So:
 *   - both inside the vectors' segments (|t| < h (1 - 2^-20)): run as given;
 *   - otherwise, unless --native-segments: a segment is lengthened to the power of two h' >= 2 |t| and ODE runs on
 *     it; the half lengths enter no formula of ccref (spec/line_on_line.md, Inputs), and the ones used are
 *     reported in inputs_used, so the same exact answer is expected;
 *   - parallel (w . w < 2^-91): the lines' closest points are not unique; run when the segments' projections
 *     overlap (|p . df| < hf + hb), where ODE's pair is a pair of closest points of the lines (ccref's fallback
 *     pair is another one: the test's LolParallelFallback alternative leaves the points free).
 * ODE's routine gives no separation, normal or sense, so only the closest points are reported. */
static int run_line_on_line(const vtest *t, result_line *r, int *extended)
{
    const ccref_case *c = &t->c.u.k;
    const ccref_line_on_line_params *p = &c->params.line_on_line;
    long double tf, tb, pdf;
    int parallel;
    line_parameters(c, &tf, &tb, &parallel, &pdf);
    double hf = p->half_length1, hb = p->half_length2;
    const double inside = 1.0 - 0x1p-20;
    *extended = 0;
    if (parallel) {
        if (!(fabsl(pdf) < (long double)hf + hb))
            return SKIP_PARALLEL_APART;
    } else {
        int out1 = !(fabsl(tf) < hf * inside), out2 = !(fabsl(tb) < hb * inside);
        if (out1 || out2) {
            if (native_segments_only)
                return SKIP_OUTSIDE;
            if (out1)
                hf = pow2_at_least(tf);
            if (out2)
                hb = pow2_at_least(tb);
            if (!isfinite(hf) || !isfinite(hb))
                return SKIP_EXTEND_OVERFLOW;
            *extended = 1;
        }
    }
    dBodyID b1, b2;
    make_bodies(c, r, &b1, &b2);
    if (*extended) {
        char s1[40], s2[40];
        hexnum(s1, sizeof s1, hf);
        hexnum(s2, sizeof s2, hb);
        used_member(r, "\"params\":{\"half_length1\":\"%s\",\"half_length2\":\"%s\"}", s1, s2);
    }
    const ccref_frame *E[2] = {&p->edge_frame1_in_b1, &p->edge_frame2_in_b2};
    dBodyID id[2] = {b1, b2};
    double h[2] = {hf, hb};
    dVector3 end[2][2];
    for (int k = 0; k < 2; k++) {
        dVector3 P, d;
        dBodyGetRelPointPos(id[k], E[k]->p.x, E[k]->p.y, E[k]->p.z, P);
        dBodyVectorToWorld(id[k], E[k]->R.m[0][0], E[k]->R.m[1][0], E[k]->R.m[2][0], d);
        for (int i = 0; i < 3; i++) {
            end[k][0][i] = P[i] - h[k] * d[i];
            end[k][1][i] = P[i] + h[k] * d[i];
        }
        end[k][0][3] = end[k][1][3] = 0;
    }
    dVector3 cp1, cp2;
    dClosestLineSegmentPoints(end[0][0], end[0][1], end[1][0], end[1][1], cp1, cp2);
    if (dump_segments != NULL) {
        /* one line per test: tcId, then a1 a2 b1 b2 cp1 cp2 (three %a numbers each), for an exact re-check of the
         * segments ODE received (consumers/ode/README.md, "Where the line_on_line errors come from") */
        fprintf(dump_segments, "%d", t->tc_id);
        const double *pts[6] = {end[0][0], end[0][1], end[1][0], end[1][1], cp1, cp2};
        for (int k = 0; k < 6; k++)
            fprintf(dump_segments, " %a %a %a", pts[k][0], pts[k][1], pts[k][2]);
        fputc('\n', dump_segments);
    }
    out_value(r, "closest_point1.x", cp1[0]);
    out_value(r, "closest_point1.y", cp1[1]);
    out_value(r, "closest_point1.z", cp1[2]);
    out_value(r, "closest_point2.x", cp2[0]);
    out_value(r, "closest_point2.y", cp2[1]);
    out_value(r, "closest_point2.z", cp2[2]);
    dBodyDestroy(b1);
    dBodyDestroy(b2);
    return SKIP_NONE;
}

/* ------------------------------------------------------------------ driver */

/* Whether the test asks for an answer ODE can give: not bad input, and an OK-class status expected or allowed. */
static int expected_skip(const vtest *t)
{
    if (t->result == RESULT_INVALID)
        return SKIP_INVALID;
    if (ccref_status_ok(t->expected.o.d.status))
        return SKIP_NONE;
    for (int a = 0; a < t->n_alt; a++)
        if (ccref_status_ok(t->alt[a].o.d.status))
            return SKIP_NONE;
    return SKIP_ERROR_STATUS;
}

static const char *const suites[] = {"ball", "sphere_on_plane", "sphere_on_sphere", "line_on_line"};

int main(int argc, char **argv)
{
    const char *out_path = NULL, *dir = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--out") == 0 && i + 1 < argc)
            out_path = argv[++i];
        else if (strcmp(argv[i], "--native-segments") == 0)
            native_segments_only = 1;
        else if (strcmp(argv[i], "--verbose") == 0)
            verbose = 1;
        else if (strcmp(argv[i], "--dump-segments") == 0 && i + 1 < argc) {
            if ((dump_segments = fopen(argv[++i], "w")) == NULL) {
                perror(argv[i]);
                return 2;
            }
        }
        else if (argv[i][0] != '-' && dir == NULL)
            dir = argv[i];
        else {
            fprintf(stderr, "usage: ode_consumer [--native-segments] [--verbose] [--dump-segments FILE] --out RESULTS VECTORS_DIR\n");
            return 2;
        }
    }
    if (out_path == NULL || dir == NULL) {
        fprintf(stderr, "usage: ode_consumer [--native-segments] [--verbose] [--dump-segments FILE] --out RESULTS VECTORS_DIR\n");
        return 2;
    }
    enum { NS = sizeof suites / sizeof suites[0] };
    static vfile files[NS];
    for (int s = 0; s < NS; s++) {
        char path[600], err[600];
        snprintf(path, sizeof path, "%s/%s.json", dir, suites[s]);
        if (vfile_load(path, &files[s], err, sizeof err) != 0) {
            fprintf(stderr, "ode_consumer: %s\n", err);
            return 2;
        }
        if (strcmp(files[s].generator_version, files[0].generator_version) != 0) {
            fprintf(stderr, "ode_consumer: %s: generatorVersion %s differs from %s\n", path,
                    files[s].generator_version, files[0].generator_version);
            return 2;
        }
    }
    FILE *out = fopen(out_path, "w");
    if (out == NULL) {
        perror(out_path);
        return 2;
    }
    dInitODE2(0);
    world = dWorldCreate();
    /* dODE_VERSION is the headers' version; the library must be the double-precision build the consumer is
     * compiled for (dReal = double), which its configuration string states. */
    if (!dCheckConfiguration("ODE_double_precision")) {
        fprintf(stderr, "ode_consumer: libode is not built in double precision (%s)\n", dGetConfiguration());
        return 2;
    }
    fprintf(out, "{\"schema\":\"ccref_results_v1\",\"generatorVersion\":\"%s\",\"engine\":\"ODE %s (Debian "
                 "libode-dev, double precision)\"}\n", files[0].generator_version, dODE_VERSION);

    for (int s = 0; s < NS; s++) {
        const vfile *f = &files[s];
        for (int i = 0; i < f->n_tests; i++) {
            const vtest *t = &f->tests[i];
            famrow *fr = row_for(suites[s], &f->groups[t->group]);
            fr->tests++;
            int why = expected_skip(t), extended = 0;
            result_line r;
            memset(&r, 0, sizeof r);
            if (why == SKIP_NONE) {
                switch (s) {
                case 0: run_ball(&t->c.u.k, &r); break;
                case 1: why = run_sphere_on_plane(t, &r); break;
                case 2: why = run_sphere_on_sphere(t, &r); break;
                default: why = run_line_on_line(t, &r, &extended); break;
                }
            }
            if (why == SKIP_SEPARATED && certainly_touching(t)) {
                /* ODE says the spheres are apart although they certainly overlap: a missed contact, reported as
                 * the engine's failure to produce an answer (spec/vectors.md section 9: an "error" line). */
                fprintf(out, "{\"id\":\"%s/%d\",\"error\":{\"message\":\"ODE's collider reports no contact\"}}\n",
                        suites[s], t->tc_id);
                fr->missed++;
                fr->count[SKIP_NONE]++;
                continue;
            }
            fr->count[why]++;
            if (why != SKIP_NONE) {
                if (verbose)
                    printf("  skip %s/%d (%s): %s\n", suites[s], t->tc_id, f->groups[t->group].family, skip_names[why]);
                continue;
            }
            fr->extended += extended;
            fr->used_inputs += r.n_used > 0;
            write_result(out, suites[s], t->tc_id, &r);
        }
    }
    if (fclose(out) != 0) {
        perror(out_path);
        return 2;
    }

    /* the selection table */
    printf("%-17s %-20s %-3s %5s %5s  %s\n", "suite", "family", "rol", "tests", "ran", "skipped (reason: count); notes");
    long tot_tests = 0, tot_ran = 0, tot_skip[SKIP_COUNT] = {0};
    for (int i = 0; i < n_rows; i++) {
        const famrow *fr = &rows[i];
        printf("%-17s %-20s %-3s %5ld %5ld ", fr->suite, fr->family, fr->rolling < 0 ? "" : fr->rolling ? "yes" : "no",
               fr->tests, fr->count[SKIP_NONE]);
        for (int k = 1; k < SKIP_COUNT; k++)
            if (fr->count[k])
                printf(" %s: %ld;", skip_names[k], fr->count[k]);
        if (fr->extended)
            printf(" lengthened segments: %ld;", fr->extended);
        if (fr->missed)
            printf(" missed contacts (error lines): %ld;", fr->missed);
        putchar('\n');
        tot_tests += fr->tests;
        tot_ran += fr->count[SKIP_NONE];
        for (int k = 1; k < SKIP_COUNT; k++)
            tot_skip[k] += fr->count[k];
    }
    printf("total: %ld tests, %ld ran;", tot_tests, tot_ran);
    for (int k = 1; k < SKIP_COUNT; k++)
        if (tot_skip[k])
            printf(" %s: %ld;", skip_names[k], tot_skip[k]);
    putchar('\n');

    dWorldDestroy(world);
    dCloseODE();
    for (int s = 0; s < NS; s++)
        vfile_free(&files[s]);
    return 0;
}
