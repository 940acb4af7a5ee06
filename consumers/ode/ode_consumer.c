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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ode/ode.h>

#include "consumers/common/consumer.h"

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

/* The two bodies of a case, with the rotations ODE uses reported in r. */
static void make_bodies(const ccref_case *c, result_line *r, dBodyID *b1, dBodyID *b2)
{
    ccref_mat3 u1, u2;
    *b1 = make_body(&c->body1, &u1);
    *b2 = make_body(&c->body2, &u2);
    used_rotation(r, 1, &c->body1.R, &u1);
    used_rotation(r, 2, &c->body2.R, &u2);
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
        used_rotation(r, k + 1, &body[k]->R, &used);
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

/* SphereOnPlane: the plane of the case is fixed on body 1; ODE's planes are not placeable, so it is built in world
 * coordinates with ODE's body routines: normal n = dBodyVectorToWorld(body1, Pz_F) (= R1 Pz_F, spec/
 * sphere_on_plane.md formula 2), a point P0 = dBodyGetRelPointPos(body1, p_FP), and the offset d = n . P0;
 * dCreatePlane(n, d) renormalises (n, d) by 1/|n| (ODE's make_sure_plane_normal_has_unit_length). ODE's
 * dCollideSpherePlane: depth = d - O . n + r (>= 0: contact), pos = O - r n. So perr = -depth (ccref: armO1 . Pz -
 * (h + r)) and contact_point = pos (ccref: C = O - r Pz). Returns CONSUMER_SEPARATED when ODE finds no contact. */
static const char *run_sphere_on_plane(const vtest *t, result_line *r)
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
    return nc == 1 ? NULL : CONSUMER_SEPARATED;
}

/* SphereOnSphere: dCollideSpheres(Sf, rf, Sb, rb): d = |Sf - Sb|; no contact when d > rf + rb; else
 * normal = (Sf - Sb)/d (from sphere 2 toward sphere 1: ccref's Cz is its negative), depth = rf + rb - d (perr =
 * -depth), pos = Sf + normal (rb - rf - d)/2, the midpoint of the two surface points on the line of centres. ccref's
 * Co = Sf + rf/(rf + rb) (Sb - Sf) divides the centre distance in the ratio of the radii; the two differ by
 * Cz perr (rb - rf) / (2 (rf + rb)), so pos is reported as contact_frame.p only where they are the same point:
 * rf == rb, Sf == Sb (ODE's d = 0 branch: pos = Sf = Co), or the exact perr is 0. For d = 0 ODE takes
 * normal = (1, 0, 0), depth = rf + rb. */
static const char *run_sphere_on_sphere(const vtest *t, result_line *r)
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
    return nc == 1 ? NULL : CONSUMER_SEPARATED;
}

/* ------------------------------------------------------------------ line on line */

static int native_segments_only;
static FILE *dump_segments;     /* --dump-segments FILE: the segments ODE received and its closest points */

/* LineOnLine: ODE's segment routine dClosestLineSegmentPoints(a1, a2, b1, b2) on the edges as ccref defines them
 * (spec/line_on_line.md): edge 1 is the segment of centre Pf = p1 + R1 p_FEf and direction df = R1 (X_FEf.R e_x),
 * of half length hf: a1 = Pf - hf df, a2 = Pf + hf df (Pf by dBodyGetRelPointPos, df by dBodyVectorToWorld);
 * likewise b1, b2 for edge 2. ccref's closest_point1/2 (Qf, Qb) are the closest points of the infinite lines; the
 * segment routine returns the same points when both lie inside their segments (its edge-edge case), and an end
 * point otherwise: the segments are chosen (lengthened, or the test skipped) by lol_choose_segments
 * (consumers/common/consumer.h), the same for every engine's segment routine, and the end points formed here with
 * ODE's transforms.
 * ODE's routine gives no separation, normal or sense, so only the closest points are reported. */
static const char *run_line_on_line(const vtest *t, result_line *r)
{
    const ccref_case *c = &t->c.u.k;
    const ccref_line_on_line_params *p = &c->params.line_on_line;
    lol_segments seg;
    const char *why = lol_choose_segments(c, native_segments_only, &seg, NULL);
    if (why != NULL)
        return why;
    dBodyID b1, b2;
    make_bodies(c, r, &b1, &b2);
    if (seg.extended)
        used_params2(r, "half_length1", seg.half_length[0], "half_length2", seg.half_length[1]);
    const ccref_frame *E[2] = {&p->edge_frame1_in_b1, &p->edge_frame2_in_b2};
    dBodyID id[2] = {b1, b2};
    const double *h = seg.half_length;
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
    return NULL;
}

/* ------------------------------------------------------------------ driver */

static const char *run_ball_test(const vtest *t, result_line *r)
{
    run_ball(&t->c.u.k, r);
    return NULL;
}

static int ode_option(int argc, char **argv, int *i)
{
    if (strcmp(argv[*i], "--native-segments") == 0) {
        native_segments_only = 1;
        return 1;
    }
    if (strcmp(argv[*i], "--dump-segments") == 0 && *i + 1 < argc) {
        ++*i;
        if ((dump_segments = fopen(argv[*i], "w")) == NULL) {
            perror(argv[*i]);
            exit(2);
        }
        return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    static const consumer_suite suites[] = {
        {"ball", run_ball_test, 0},
        {"sphere_on_plane", run_sphere_on_plane, 0},
        {"sphere_on_sphere", run_sphere_on_sphere, 0},
        {"line_on_line", run_line_on_line, 0},
    };
    char engine[120];
    snprintf(engine, sizeof engine, "ODE %s (Debian libode-dev, double precision)", dODE_VERSION);
    const consumer ode = {"ode_consumer", engine, "[--native-segments] [--dump-segments FILE] ", ode_option, suites,
                          (int)(sizeof suites / sizeof suites[0])};
    dInitODE2(0);
    world = dWorldCreate();
    /* dODE_VERSION is the headers' version; the library must be the double-precision build the consumer is
     * compiled for (dReal = double), which its configuration string states. */
    if (!dCheckConfiguration("ODE_double_precision")) {
        fprintf(stderr, "ode_consumer: libode is not built in double precision (%s)\n", dGetConfiguration());
        return 2;
    }
    int rc = consumer_main(&ode, argc, argv);
    dWorldDestroy(world);
    dCloseODE();
    if (dump_segments != NULL && fclose(dump_segments) != 0)
        rc = 2;
    return rc;
}
