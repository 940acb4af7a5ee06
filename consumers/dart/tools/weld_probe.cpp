// weld_probe.cpp (the research program dart_weld.cpp, copied): what DART 6.12's
// dart::constraint::WeldJointConstraint computes (update() + getInformation(): b = -V1 + mJacobian2 V2 - erp
// invTimeStep mViolation, mViolation = logMap(mRelativeTransform^-1 T2^-1 T1)) next to ccref's weld outputs
// (consumers/dart/README.md, "weld", cites its figures).
//
// Build (from the repository root, after make build/libccref.a; one line):
//   nice g++ -std=c++17 -O2 -ffp-contract=off -Isrc -Iconsumers/common $(pkg-config --cflags dart | sed 's/-std=c++11//')
//       consumers/dart/tools/weld_probe.cpp build/libccref.a $(pkg-config --libs dart) -o build/dart_weld_probe
// Run: ./build/dart_weld_probe
//
// Two mappings:
//   A  DART bodies = ccref bodies (FreeJoint skeletons at (R1, p1), (R2, p2)); WeldJointConstraint(b1, b2) and
//      setRelativeTransform(Xf2 Xf1^-1) (the value of T2^-1 T1 when the frames coincide).
//   B  DART bodies = the weld frames: body 1 at (RB, P) = (R1 Rf1, p1 + R1 pf1), body 2 at (RF, S), each moving with
//      its ccref body (w_k, v_k + w_k x (origin - p_k)); relative transform = identity.
// Read-out (as dart_consumer.cpp's ball): erp = 1, invTimeStep = 1, all velocities 0: b = -mViolation; erp = 0 with
// the case's velocities: b = -V1 + Ad(T12) V2 (body-1 frame). Rows d b / d u_j in ccref's columns: b at unit
// world velocities, rotated by R1 (the consumer's rotation).
#include <dart/constraint/WeldJointConstraint.hpp>
#include <dart/constraint/ConstraintBase.hpp>
#include <dart/dynamics/BodyNode.hpp>
#include <dart/dynamics/FreeJoint.hpp>
#include <dart/dynamics/Skeleton.hpp>

#include <cstdio>

#include "weld_probe.h"

using dart::dynamics::BodyNode;
using dart::dynamics::FreeJoint;
using dart::dynamics::Skeleton;
using dart::dynamics::SkeletonPtr;

struct Body {
    SkeletonPtr skel;
    FreeJoint *joint;
    BodyNode *body;
};
static Body make_skeleton(const char *name)
{
    Body b;
    b.skel = Skeleton::create(name);
    auto pair = b.skel->createJointAndBodyNodePair<FreeJoint>();
    b.joint = pair.first;
    b.body = pair.second;
    return b;
}
static Eigen::Isometry3d iso(const ccref_mat3 &R, const ccref_vec3 &p)
{
    Eigen::Isometry3d T = Eigen::Isometry3d::Identity();
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            T.linear()(i, j) = R.m[i][j];
    T.translation() = Eigen::Vector3d(p.x, p.y, p.z);
    return T;
}
static Eigen::Vector3d E(const ccref_vec3 &v) { return Eigen::Vector3d(v.x, v.y, v.z); }

class WeldProbe : public dart::constraint::WeldJointConstraint {
public:
    using WeldJointConstraint::WeldJointConstraint;
    using WeldJointConstraint::getInformation;
    using WeldJointConstraint::update;
    Eigen::Vector6d bias(double erp)
    {
        dart::constraint::DynamicJointConstraint::setErrorReductionParameter(erp);
        update();
        double x[6] = {0}, lo[6], hi[6], b[6], w[6] = {0};
        int findex[6] = {-1, -1, -1, -1, -1, -1};
        dart::constraint::ConstraintInfo info;
        info.x = x, info.lo = lo, info.hi = hi, info.b = b, info.w = w, info.findex = findex;
        info.invTimeStep = 1.0;
        getInformation(&info);
        Eigen::Vector6d r;
        for (int i = 0; i < 6; i++)
            r[i] = b[i];
        return r;
    }
};

struct Setup {
    Body b1, b2;
    WeldProbe *weld;
    ccref_vec3 w[2], v[2];  // the DART bodies' world angular velocity and origin velocity
    wcase used;             // the case with the rotations DART holds (mapping A only)
};

static void set_vel(Setup &s, bool on)
{
    Body *bb[2] = {&s.b1, &s.b2};
    for (int k = 0; k < 2; k++) {
        bb[k]->joint->setAngularVelocity(on ? E(s.w[k]) : Eigen::Vector3d::Zero());
        bb[k]->joint->setLinearVelocity(on ? E(s.v[k]) : Eigen::Vector3d::Zero());
    }
}

static Setup *make(const wcase &c, char mapping)
{
    Setup *s = new Setup;
    s->b1 = make_skeleton("b1");
    s->b2 = make_skeleton("b2");
    s->used = c;
    if (mapping == 'A') {
        s->b1.joint->setTransform(iso(c.b1.R, c.b1.p));
        s->b2.joint->setTransform(iso(c.b2.R, c.b2.p));
        s->weld = new WeldProbe(s->b1.body, s->b2.body);
        Eigen::Isometry3d X1 = iso(c.prm.frame1_in_b1.R, c.prm.frame1_in_b1.p);
        Eigen::Isometry3d X2 = iso(c.prm.frame2_in_b2.R, c.prm.frame2_in_b2.p);
        s->weld->setRelativeTransform(X2 * X1.inverse());
        s->w[0] = c.b1.w, s->v[0] = c.b1.v, s->w[1] = c.b2.w, s->v[1] = c.b2.v;
        // the rotations DART holds (FreeJoint stores exp coordinates): ccref is evaluated at them
        for (int k = 0; k < 2; k++) {
            Eigen::Matrix3d R = (k ? s->b2 : s->b1).body->getWorldTransform().linear();
            ccref_mat3 &D = k ? s->used.b2.R : s->used.b1.R;
            for (int i = 0; i < 3; i++)
                for (int j = 0; j < 3; j++)
                    D.m[i][j] = R(i, j);
        }
    } else {
        ccref_weld_result r;
        double lam[6] = {0};
        ccref_weld_eval(&c.prm, &c.b1, &c.b2, lam, 6, &r);
        s->b1.joint->setTransform(iso(r.frame1.R, r.frame1.p));
        s->b2.joint->setTransform(iso(r.frame2.R, r.frame2.p));
        s->weld = new WeldProbe(s->b1.body, s->b2.body);
        s->weld->setRelativeTransform(Eigen::Isometry3d::Identity());
        const ccref_body *bb[2] = {&c.b1, &c.b2};
        ccref_vec3 o[2] = {r.frame1.p, r.frame2.p};
        for (int k = 0; k < 2; k++) {
            ccref_vec3 a = wc_sub(o[k], bb[k]->p), w = bb[k]->w;
            s->w[k] = w;
            s->v[k] = wc_add(bb[k]->v, wc_v(w.y * a.z - w.z * a.y, w.z * a.x - w.x * a.z, w.x * a.y - w.y * a.x));
        }
    }
    return s;
}

static void report(const wcase &c, char mapping)
{
    Setup *s = make(c, mapping);
    wref o = wc_ccref(&s->used);
    const Eigen::Matrix3d R1 = s->b1.body->getWorldTransform().linear();
    set_vel(*s, false);
    Eigen::Vector6d bp = s->weld->bias(1.0);
    set_vel(*s, true);
    Eigen::Vector6d bv = s->weld->bias(0.0);
    std::printf("\n== mapping %c: %s\n", mapping, c.name);
    wc_print_ref(&o);
    wc_print6("DART b (erp 1, V 0) = -viol", bp.data());
    wc_print6("DART b (erp 0, case V)", bv.data());
    // angular: in mapping A b_ang = Rf1 theta (body-1 coords); mapping B b_ang = theta (frame-1 coords)
    ccref_mat3 F1 = mapping == 'A' ? c.prm.frame1_in_b1.R : wc_ident();
    ccref_vec3 ta = wc_mv(wc_tr(F1), wc_v(bp[0], bp[1], bp[2])), tv = wc_mv(wc_tr(F1), wc_v(bv[0], bv[1], bv[2]));
    double a[3] = {ta.z, ta.x, ta.y}, av[3] = {tv.z, tv.x, tv.y};
    wc_print3("F1^T b_ang (z,x,y) [erp 1]", a);
    std::printf("  max|F1^T b_ang (z,x,y) - perr[0..2]| = %.3g;  max|F1^T b_ang (z,x,y) [erp 0] - verr[0..2]| = %.3g\n",
                wc_maxabs(a, o.r.out.perr, 3), wc_maxabs(av, o.r.out.verr, 3));
    Eigen::Vector3d gl = R1 * bp.tail<3>(), gv = R1 * bv.tail<3>();
    wc_print3("R_body1 b_lin [erp 1] (G)", gl.data());
    std::printf("  max|R_body1 b_lin - perr[3..5]| = %.3g;  max|R_body1 b_lin [erp 0] - verr[3..5]| = %.3g\n",
                wc_maxabs(gl.data(), o.r.out.perr + 3, 3), wc_maxabs(gv.data(), o.r.out.verr + 3, 3));
    if (mapping == 'A') {
        // the point DART's linear velocity row uses: body 1's origin. v(B2 at p1) - v(B1 at p1) = verr_lin + (w2 - w1) x (p1 - S)
        ccref_vec3 w = wc_sub(c.b2.w, c.b1.w), d = wc_sub(c.b1.p, o.r.frame2.p);
        double corr[3] = {w.y * d.z - w.z * d.y, w.z * d.x - w.x * d.z, w.x * d.y - w.y * d.x};
        double pred[3] = {o.r.out.verr[3] + corr[0], o.r.out.verr[4] + corr[1], o.r.out.verr[5] + corr[2]};
        std::printf("  R1 b_lin[erp 0] vs verr[3..5] + (w2-w1) x (p1 - S): max diff %.3g\n", wc_maxabs(gv.data(), pred, 3));
        // rows: d (R1 b) / d u_j, b at erp 0 with one unit world velocity
        double rows[6][12];
        Body *bb[2] = {&s->b1, &s->b2};
        for (int j = 0; j < 12; j++) {
            for (int k = 0; k < 2; k++) {
                bb[k]->joint->setAngularVelocity(Eigen::Vector3d::Zero());
                bb[k]->joint->setLinearVelocity(Eigen::Vector3d::Zero());
            }
            Eigen::Vector3d e = Eigen::Vector3d::Unit(j % 3);
            if ((j / 3) % 2 == 0)
                bb[j / 6]->joint->setAngularVelocity(e);
            else
                bb[j / 6]->joint->setLinearVelocity(e);
            Eigen::Vector6d b = s->weld->bias(0.0);
            Eigen::Vector3d ga = R1 * b.head<3>(), gl2 = R1 * b.tail<3>();
            // angular rows in ccref's order: RB^T ga reordered (z, x, y)
            ccref_mat3 RB = wc_mul(s->used.b1.R, c.prm.frame1_in_b1.R);
            ccref_vec3 t = wc_mv(wc_tr(RB), wc_v(ga[0], ga[1], ga[2]));
            rows[0][j] = t.z, rows[1][j] = t.x, rows[2][j] = t.y;
            for (int i = 0; i < 3; i++)
                rows[3 + i][j] = gl2[i];
        }
        double dA = 0, dv = 0, dw = 0;
        for (int i = 0; i < 6; i++)
            for (int j = 0; j < 12; j++) {
                double e = std::fabs(rows[i][j] - o.P[i][j]);
                if (i < 3) dA = std::fmax(dA, e);
                else if ((j / 3) % 2) dv = std::fmax(dv, e);
                else dw = std::fmax(dw, e);
            }
        std::printf("  rows: angular (RB^T R1 d b_ang/du, z,x,y) vs P[0..2] max %.3g; linear R1 d b_lin/du vs P[3..5]: "
                    "v cols %.3g, w cols %.3g\n", dA, dv, dw);
    }
}

int main()
{
    ccref_vec3 z = wc_v(0, 0, 0), dl = wc_v(1e-3, -2e-3, 1.5e-3);
    for (char mp : {'A', 'B'}) {
        wcase c = wc_make("assembled (general frames)", wc_ident(), z);
        report(c, mp);
        c = wc_make("offset only: D = I, S - P = (1e-3,-2e-3,1.5e-3)", wc_ident(), dl);
        report(c, mp);
        const double eps[3] = {1e-1, 1e-2, 1e-3};
        static char names[3][80];
        for (int k = 0; k < 3; k++) {
            std::snprintf(names[k], 80, "misaligned: D = rot((1,-2,0.5), %g), S = P", eps[k]);
            c = wc_make(names[k], wc_rot(1, -2, 0.5, eps[k]), z);
            report(c, mp);
        }
        c = wc_make("misaligned + offset: D = rot((1,-2,0.5), 1e-2), S - P = (1e-3,-2e-3,1.5e-3)",
                    wc_rot(1, -2, 0.5, 1e-2), dl);
        report(c, mp);
    }
    std::printf("\n######## the eight perpendicularity-trap orientations (frames and R1 identity, R2 = Q exactly; "
                "mapping A = B here)\n");
    for (int k = 0; k < 8; k++) {
        wcase c = wc_make_plain(wc_trap_name[k], wc_trap(k), wc_v(0, 0, 0));
        Setup *s = make(c, 'A');
        wref o = wc_ccref(&s->used);
        set_vel(*s, false);
        Eigen::Vector6d b = s->weld->bias(1.0);
        std::printf("  %-20s ccref perr[0..2] = % .3g % .3g % .3g   DART -viol_ang = % .17g % .17g % .17g  |.| = %.6f"
                    "  -viol_lin = % .3g % .3g % .3g\n",
                    c.name, o.r.out.perr[0], o.r.out.perr[1], o.r.out.perr[2], b[0], b[1], b[2], b.head<3>().norm(),
                    b[3], b[4], b[5]);
    }
    std::printf("\n######## the same eight with general frames and body 1, mapping A (Q = RB^T RF to rounding)\n");
    for (int k = 0; k < 8; k++) {
        wcase c = wc_make(wc_trap_name[k], wc_trap(k), wc_v(0, 0, 0));
        Setup *s = make(c, 'A');
        wref o = wc_ccref(&s->used);
        set_vel(*s, false);
        Eigen::Vector6d b = s->weld->bias(1.0);
        Eigen::Vector3d gl = s->b1.body->getWorldTransform().linear() * b.tail<3>();
        std::printf("  %-20s ccref perr = % .2g % .2g % .2g | % .2g % .2g % .2g   DART |viol_ang| = %.6f  R1 (-viol_lin) ="
                    " % .6f % .6f % .6f\n", c.name, o.r.out.perr[0], o.r.out.perr[1], o.r.out.perr[2], o.r.out.perr[3],
                    o.r.out.perr[4], o.r.out.perr[5], b.head<3>().norm(), gl[0], gl[1], gl[2]);
    }
    return 0;
}
