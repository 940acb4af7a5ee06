// fcl_consumer.cpp: FCL 0.7.0 (the Flexible Collision Library, Debian's libfcl-dev, double instantiations) over
// ccref's golden vectors, written in the results format of spec/vectors.md section 9 for `ccref check`.
//
// Only quantities FCL's own routines compute are reported (consumers/fcl/README.md has the full table):
//
//   sphere_on_sphere  fcl::detail::sphereSphereIntersect (contact): perr[0] = separation = -penetration_depth,
//                     contact_frame.R[i][2] (Cz, sphere 1 toward sphere 2) = normal[i], contact_frame.p = point;
//                     fcl::detail::sphereSphereDistance (no contact): perr[0] = separation = dist
//   sphere_on_plane   fcl::detail::sphereHalfspaceIntersect with the half-space below ccref's plane: perr[0] =
//                     separation = -penetration_depth; contact_point = point where FCL's point is ccref's C
//                     (the certified perr is 0); no contact: skipped as separated (FCL has no sphere-halfspace
//                     distance routine)
//   line_on_line      fcl::detail::closestPtSegmentSegment on the segments lol_choose_segments picks:
//                     closest_point1 = p_FC1, closest_point2 = p_FC2
//
// Poses go through Eigen's Isometry transforms (fcl::Transform3d), the way an FCL user places a shape at an offset in
// a body: X_GS = X_GB * Translation(c). FCL never changes a rotation it is given (no re-orthogonalisation), so no
// inputs_used is written for rotations; line_on_line reports the lengthened half lengths (consumer.h).
//
// Usage: fcl_consumer [--native-segments] [--verbose] --out RESULTS VECTORS_DIR
#include <fcl/config.h>
#include <fcl/math/constants.h>
#include <fcl/narrowphase/detail/primitive_shape_algorithm/capsule_capsule.h>
#include <fcl/narrowphase/detail/primitive_shape_algorithm/halfspace.h>
#include <fcl/narrowphase/detail/primitive_shape_algorithm/sphere_sphere.h>

#include <link.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <gmp.h>
#include <jansson.h>
#include <mpfi.h>
#include <mpfr.h>

extern "C" {
#include "../common/consumer.h"
}

static_assert(sizeof(FCL_VERSION) == sizeof("0.7.0"), "FCL 0.7.0 headers expected");

namespace {

using fcl::Transform3d;
using fcl::Vector3d;

Vector3d vec(const ccref_vec3 &v) { return Vector3d(v.x, v.y, v.z); }

// X_GB: the body's pose as an Eigen isometry, R and p exactly as given.
Transform3d pose(const ccref_body &b)
{
    Transform3d X = Transform3d::Identity();
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            X.linear()(i, j) = b.R.m[i][j];
    X.translation() = vec(b.p);
    return X;
}

// A sphere's pose: X_GB * Translation(c) (its translation is p + R c, by Eigen).
Transform3d at_station(const ccref_body &b, const ccref_vec3 &c)
{
    return pose(b) * Eigen::Translation3d(vec(c));
}

int native_segments;

// ------------------------------------------------------------------ sphere on sphere

// sphereSphereIntersect(s1, tf1, s2, tf2): diff = o2 - o1, len = diff.norm(); no contact when len > r1 + r2; else
// normal = diff / len (o1 toward o2: ccref's Cz, no sign change; diff itself when len == 0), point = o1 + diff r1 /
// (r1 + r2) (ccref's Co = Sf + kf p), depth = r1 + r2 - len (perr = -depth). Where it reports no contact,
// sphereSphereDistance gives dist = len - (r1 + r2) = perr.
const char *run_sphere_on_sphere(const vtest *t, result_line *r)
{
    const ccref_case *c = &t->c.u.k;
    const ccref_sphere_on_sphere_params *p = &c->params.sphere_on_sphere;
    const fcl::Sphered s1(p->radius1), s2(p->radius2);
    const Transform3d tf1 = at_station(c->body1, p->center1_in_b1);
    const Transform3d tf2 = at_station(c->body2, p->center2_in_b2);
    std::vector<fcl::ContactPointd> contacts;
    if (fcl::detail::sphereSphereIntersect(s1, tf1, s2, tf2, &contacts)) {
        const fcl::ContactPointd &k = contacts.at(0);
        out_value(r, "perr[0]", -k.penetration_depth);
        out_value(r, "contact_frame.R[0][2]", k.normal[0]);
        out_value(r, "contact_frame.R[1][2]", k.normal[1]);
        out_value(r, "contact_frame.R[2][2]", k.normal[2]);
        out_value(r, "contact_frame.p.x", k.pos[0]);
        out_value(r, "contact_frame.p.y", k.pos[1]);
        out_value(r, "contact_frame.p.z", k.pos[2]);
        out_value(r, "separation", -k.penetration_depth);
        return nullptr;
    }
    double dist = 0;
    Vector3d w1, w2;
    if (!fcl::detail::sphereSphereDistance(s1, tf1, s2, tf2, &dist, &w1, &w2))
        return "FCL: neither contact nor distance";   // cannot happen: the two tests are complementary
    out_value(r, "perr[0]", dist);
    out_value(r, "separation", dist);
    return nullptr;
}

// ------------------------------------------------------------------ sphere on plane

// The plane of the case, fixed on body 1, is the boundary of FCL's half-space {x : n . x <= d}: in the plane frame
// P (pose X_GP = X_GB1 * X_FP) it is Halfspace((0, 0, 1), 0), the solid below the plane, with the sphere on the
// side of +Pz as in ccref. sphereHalfspaceIntersect transforms it (n = R_GP (0, 0, 1) = Pz, d = n . p_GP, then the
// Halfspace constructor renormalises (n, d) by 1/|n|), and with O the sphere's centre: depth = r - (n . O - d), no
// contact when depth < 0; normal = -n; point = O - n r + n depth/2 (the middle of the overlap).
// perr = separation = -depth. ccref's contact point C = O - r Pz is FCL's point only where depth = 0: reported
// where the certified perr is exactly 0.
const char *run_sphere_on_plane(const vtest *t, result_line *r)
{
    const ccref_case *c = &t->c.u.k;
    const ccref_sphere_on_plane_params *p = &c->params.sphere_on_plane;
    const fcl::Sphered s1(p->radius);
    const Transform3d tf1 = at_station(c->body2, p->center_in_b2);
    Transform3d X_FP = Transform3d::Identity();
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            X_FP.linear()(i, j) = p->plane_frame_in_b1.R.m[i][j];
    X_FP.translation() = vec(p->plane_frame_in_b1.p);
    const Transform3d tf2 = pose(c->body1) * X_FP;
    const fcl::Halfspaced h(0.0, 0.0, 1.0, 0.0);
    std::vector<fcl::ContactPointd> contacts;
    if (!fcl::detail::sphereHalfspaceIntersect(s1, tf1, h, tf2, &contacts))
        return CONSUMER_SEPARATED;
    const fcl::ContactPointd &k = contacts.at(0);
    out_value(r, "perr[0]", -k.penetration_depth);
    if (ccref_status_ok(t->expected.o.d.status) && t->expected.o.value[CCREF_SLOT_PERR] == 0.0) {
        out_value(r, "contact_point.x", k.pos[0]);
        out_value(r, "contact_point.y", k.pos[1]);
        out_value(r, "contact_point.z", k.pos[2]);
    }
    out_value(r, "separation", -k.penetration_depth);
    return nullptr;
}

// ------------------------------------------------------------------ line on line

// closestPtSegmentSegment(P1, Q1, P2, Q2, &s, &t, &C1, &C2) (Ericson 5.1.9 with kEps = eps^(7/8)) on ccref's edges
// as segments: Pk -+ hk dk (consumer.h, lol_choose_segments: the vectors' segments where both closest points of the
// lines are inside, else lengthened ones, reported in inputs_used). C1 lies on edge 1 (ccref's Qf), C2 on edge 2
// (Qb). The routine gives no normal, sense or signed separation (its squared distance is unsigned), so only the
// closest points are reported.
FILE *dump_segments;

const char *run_line_on_line(const vtest *t, result_line *r)
{
    lol_segments s;
    const char *why = lol_choose_segments(&t->c.u.k, native_segments, &s, r);
    if (why != nullptr)
        return why;
    double sp = 0, tp = 0;
    Vector3d c1, c2;
    const Vector3d a1 = vec(s.end[0][0]), a2 = vec(s.end[0][1]), b1 = vec(s.end[1][0]), b2 = vec(s.end[1][1]);
    fcl::detail::closestPtSegmentSegment(a1, a2, b1, b2, &sp, &tp, &c1, &c2);
    if (dump_segments != nullptr) {
        std::fprintf(dump_segments, "%d", t->tc_id);
        const Vector3d *pts[6] = {&a1, &a2, &b1, &b2, &c1, &c2};
        for (const Vector3d *q : pts)
            std::fprintf(dump_segments, " %a %a %a", (*q)[0], (*q)[1], (*q)[2]);
        std::fprintf(dump_segments, " %a %a\n", sp, tp);
    }
    out_value(r, "closest_point1.x", c1[0]);
    out_value(r, "closest_point1.y", c1[1]);
    out_value(r, "closest_point1.z", c1[2]);
    out_value(r, "closest_point2.x", c2[0]);
    out_value(r, "closest_point2.y", c2[1]);
    out_value(r, "closest_point2.z", c2[2]);
    return nullptr;
}

int option(int argc, char **argv, int *i)
{
    if (std::strcmp(argv[*i], "--native-segments") == 0) {
        native_segments = 1;
        return 1;
    }
    if (std::strcmp(argv[*i], "--dump-segments") == 0 && *i + 1 < argc) {
        ++*i;
        if ((dump_segments = std::fopen(argv[*i], "w")) == nullptr) {
            std::perror(argv[*i]);
            std::exit(2);
        }
        return 1;
    }
    return 0;
}

// The library loaded must be Debian's libfcl.so.0.7 (the headers are 0.7.0, static_assert above): the double
// routines called are its extern template instantiations, not inlined copies of the headers.
int find_fcl(struct dl_phdr_info *info, size_t, void *data)
{
    if (info->dlpi_name != nullptr && std::strstr(info->dlpi_name, "/libfcl.so.0.7") != nullptr)
        *static_cast<int *>(data) = 1;
    return 0;
}

}  // namespace

int main(int argc, char **argv)
{
    int loaded = 0;
    dl_iterate_phdr(find_fcl, &loaded);
    if (!loaded || std::strcmp(FCL_VERSION, "0.7.0") != 0) {
        std::fprintf(stderr, "fcl_consumer: libfcl.so.0.7 (FCL 0.7.0) is not the library loaded\n");
        return 2;
    }
    // double instantiations: eps_78 of double is 2^-52^(7/8) (about 2.1e-14), not float's
    if (!(fcl::constants<double>::eps_78() < 1e-13)) {
        std::fprintf(stderr, "fcl_consumer: FCL is not the double build expected\n");
        return 2;
    }
    /* A Halfspace renormalises its normal (consumer_suite.orthonormal_only): the plane's normal R1 Pz_F must be unit. */
    static const consumer_suite suites[] = {
        {"sphere_on_plane", run_sphere_on_plane, 1},
        {"sphere_on_sphere", run_sphere_on_sphere, 0},
        {"line_on_line", run_line_on_line, 0},
    };
    static const consumer c = {"fcl_consumer", "FCL " FCL_VERSION " (Debian libfcl-dev, double)",
                               "[--native-segments] [--dump-segments FILE] ", option, suites,
                               (int)(sizeof suites / sizeof suites[0])};
    int rc = consumer_main(&c, argc, argv);
    if (dump_segments != nullptr)
        std::fclose(dump_segments);
    return rc;
}
