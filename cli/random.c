/* random.c: see random.h. */
#include <math.h>

#include "random.h"

static uint64_t splitmix64(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

double ccref_rng_uniform(ccref_rng *r, double lo, double hi)
{
    double u = (double)(splitmix64(&r->s) >> 11) * 0x1p-53; /* [0, 1) */
    return lo + (hi - lo) * u;
}

ccref_vec3 ccref_rng_vec3(ccref_rng *r, double lo, double hi)
{
    ccref_vec3 v;
    v.x = ccref_rng_uniform(r, lo, hi);
    v.y = ccref_rng_uniform(r, lo, hi);
    v.z = ccref_rng_uniform(r, lo, hi);
    return v;
}

ccref_vec3 ccref_rng_unit(ccref_rng *r)
{
    for (;;) {
        ccref_vec3 v = ccref_rng_vec3(r, -1.0, 1.0);
        double n2 = v.x * v.x + v.y * v.y + v.z * v.z;
        if (n2 > 0.01 && n2 <= 1.0) {
            double n = sqrt(n2);
            v.x /= n; v.y /= n; v.z /= n;
            return v;
        }
    }
}

ccref_mat3 ccref_rng_rotation(ccref_rng *r)
{
    double q[4], n2;
    do {
        for (int i = 0; i < 4; i++)
            q[i] = ccref_rng_uniform(r, -1.0, 1.0);
        n2 = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3];
    } while (n2 < 0.01 || n2 > 1.0);
    double n = sqrt(n2);
    double w = q[0] / n, x = q[1] / n, y = q[2] / n, z = q[3] / n;
    ccref_mat3 R = {{{1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)},
                     {2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)},
                     {2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)}}};
    return R;
}

ccref_body ccref_rng_body(ccref_rng *r)
{
    ccref_body b;
    b.R = ccref_rng_rotation(r);
    b.p = ccref_rng_vec3(r, -2.0, 2.0);
    b.w = ccref_rng_vec3(r, -1.5, 1.5);
    b.v = ccref_rng_vec3(r, -1.5, 1.5);
    b.b = ccref_rng_vec3(r, -2.0, 2.0);
    b.a = ccref_rng_vec3(r, -2.0, 2.0);
    return b;
}

uint64_t ccref_rng_next(ccref_rng *r) { return splitmix64(&r->s); }

static double norm3(ccref_vec3 a) { return sqrt(a.x * a.x + a.y * a.y + a.z * a.z); }

static ccref_vec3 location(const ccref_body *b, ccref_vec3 s)
{
    ccref_vec3 r;
    r.x = b->p.x + b->R.m[0][0] * s.x + b->R.m[0][1] * s.y + b->R.m[0][2] * s.z;
    r.y = b->p.y + b->R.m[1][0] * s.x + b->R.m[1][1] * s.y + b->R.m[1][2] * s.z;
    r.z = b->p.z + b->R.m[2][0] * s.x + b->R.m[2][1] * s.y + b->R.m[2][2] * s.z;
    return r;
}

static double distance(ccref_vec3 a, ccref_vec3 b)
{
    ccref_vec3 d = {a.x - b.x, a.y - b.y, a.z - b.z};
    return norm3(d);
}

static ccref_frame random_frame(ccref_rng *r)
{
    ccref_frame f;
    f.R = ccref_rng_rotation(r);
    f.p = ccref_rng_vec3(r, -1.0, 1.0);
    return f;
}

static ccref_vec3 column(const ccref_mat3 *R, int j)
{
    ccref_vec3 c = {R->m[0][j], R->m[1][j], R->m[2][j]};
    return c;
}

ccref_case ccref_random_case(ccref_rng *r, ccref_kind kind, int rolling)
{
    for (;;) {
        ccref_case c = {0};
        c.kind = kind;
        c.body1 = ccref_rng_body(r);
        c.body2 = ccref_rng_body(r);
        int ok = 1;
        switch (kind) {
        case CCREF_KIND_BALL:
            c.params.ball.station1_in_b1 = ccref_rng_vec3(r, -1, 1);
            c.params.ball.station2_in_b2 = ccref_rng_vec3(r, -1, 1);
            break;
        case CCREF_KIND_ROD: {
            ccref_rod_params *p = &c.params.rod;
            p->station1_in_b1 = ccref_rng_vec3(r, -1, 1);
            p->station2_in_b2 = ccref_rng_vec3(r, -1, 1);
            p->length = ccref_rng_uniform(r, 0.1, 2.0);
            ok = distance(location(&c.body2, p->station2_in_b2), location(&c.body1, p->station1_in_b1)) >= 0.5;
            break;
        }
        case CCREF_KIND_POINT_IN_PLANE:
            c.params.point_in_plane.normal_in_b1 = ccref_rng_unit(r);
            c.params.point_in_plane.height = ccref_rng_uniform(r, -1, 1);
            c.params.point_in_plane.follower_in_b2 = ccref_rng_vec3(r, -1, 1);
            break;
        case CCREF_KIND_CONSTANT_COORDINATE:
            c.params.constant_coordinate.position = ccref_rng_uniform(r, -2, 2);
            c.coordinate.q = ccref_rng_uniform(r, -2, 2);
            c.coordinate.qdot = ccref_rng_uniform(r, -1.5, 1.5);
            c.coordinate.qdotdot = ccref_rng_uniform(r, -2, 2);
            c.body1 = c.body2 = ccref_body_ground();
            break;
        case CCREF_KIND_SPHERE_ON_PLANE:
            c.params.sphere_on_plane.plane_frame_in_b1 = random_frame(r);
            c.params.sphere_on_plane.center_in_b2 = ccref_rng_vec3(r, -1, 1);
            c.params.sphere_on_plane.radius = ccref_rng_uniform(r, 0.1, 1.0);
            c.params.sphere_on_plane.rolling = rolling;
            break;
        case CCREF_KIND_BALL_ROLLING_ON_PLANE:
            c.params.ball_rolling_on_plane.normal_in_b1 = ccref_rng_unit(r);
            c.params.ball_rolling_on_plane.height = ccref_rng_uniform(r, -1, 1);
            c.params.ball_rolling_on_plane.center_in_b2 = ccref_rng_vec3(r, -1, 1);
            c.params.ball_rolling_on_plane.radius = ccref_rng_uniform(r, 0.1, 1.0);
            break;
        case CCREF_KIND_SPHERE_ON_SPHERE: {
            ccref_sphere_on_sphere_params *p = &c.params.sphere_on_sphere;
            p->center1_in_b1 = ccref_rng_vec3(r, -1, 1);
            p->center2_in_b2 = ccref_rng_vec3(r, -1, 1);
            p->radius1 = ccref_rng_uniform(r, 0.1, 1.0);
            p->radius2 = ccref_rng_uniform(r, 0.1, 1.0);
            p->rolling = rolling;
            ok = distance(location(&c.body2, p->center2_in_b2), location(&c.body1, p->center1_in_b1)) >= 0.5;
            break;
        }
        case CCREF_KIND_POINT_ON_PLANE:
            c.params.point_on_plane.plane_frame_in_b1 = random_frame(r);
            c.params.point_on_plane.follower_in_b2 = ccref_rng_vec3(r, -1, 1);
            break;
        case CCREF_KIND_LINE_ON_LINE: {
            ccref_line_on_line_params *p = &c.params.line_on_line;
            p->edge_frame1_in_b1 = random_frame(r);
            p->edge_frame2_in_b2 = random_frame(r);
            p->half_length1 = ccref_rng_uniform(r, 0.1, 2.0);
            p->half_length2 = ccref_rng_uniform(r, 0.1, 2.0);
            p->rolling = rolling;
            ccref_mat3 R1 = p->edge_frame1_in_b1.R, R2 = p->edge_frame2_in_b2.R;
            /* edge directions in G: R_body * (edge frame x axis) */
            ccref_vec3 e1 = column(&R1, 0), e2 = column(&R2, 0);
            ccref_vec3 df = {c.body1.R.m[0][0] * e1.x + c.body1.R.m[0][1] * e1.y + c.body1.R.m[0][2] * e1.z,
                             c.body1.R.m[1][0] * e1.x + c.body1.R.m[1][1] * e1.y + c.body1.R.m[1][2] * e1.z,
                             c.body1.R.m[2][0] * e1.x + c.body1.R.m[2][1] * e1.y + c.body1.R.m[2][2] * e1.z};
            ccref_vec3 db = {c.body2.R.m[0][0] * e2.x + c.body2.R.m[0][1] * e2.y + c.body2.R.m[0][2] * e2.z,
                             c.body2.R.m[1][0] * e2.x + c.body2.R.m[1][1] * e2.y + c.body2.R.m[1][2] * e2.z,
                             c.body2.R.m[2][0] * e2.x + c.body2.R.m[2][1] * e2.y + c.body2.R.m[2][2] * e2.z};
            ccref_vec3 w = {df.y * db.z - df.z * db.y, df.z * db.x - df.x * db.z, df.x * db.y - df.y * db.x};
            ok = norm3(w) >= 0.25;
            break;
        }
        default:
            break;
        }
        if (!ok)
            continue;
        int mp, mv;
        ccref_case_rows(&c, &mp, &mv);
        c.n_lambda = (size_t)(mp + mv);
        for (size_t i = 0; i < c.n_lambda; i++)
            c.lambda[i] = ccref_rng_uniform(r, -3.0, 3.0);
        return c;
    }
}

ccref_contact_case ccref_random_contact_case(ccref_rng *r, ccref_contact_class cls)
{
    static const ccref_kind underlying[CCREF_CONTACT_COUNT] = {
        [CCREF_CONTACT_HARD_STOP_UPPER] = CCREF_KIND_CONSTANT_COORDINATE,
        [CCREF_CONTACT_HARD_STOP_LOWER] = CCREF_KIND_CONSTANT_COORDINATE,
        [CCREF_CONTACT_ROPE] = CCREF_KIND_ROD,
        [CCREF_CONTACT_POINT_PLANE_FRICTIONLESS] = CCREF_KIND_POINT_IN_PLANE,
        [CCREF_CONTACT_POINT_PLANE] = CCREF_KIND_POINT_IN_PLANE,
        [CCREF_CONTACT_SPHERE_PLANE] = CCREF_KIND_BALL_ROLLING_ON_PLANE,
        [CCREF_CONTACT_SPHERE_SPHERE] = CCREF_KIND_SPHERE_ON_SPHERE,
        [CCREF_CONTACT_EDGE_EDGE] = CCREF_KIND_LINE_ON_LINE,
    };
    ccref_case b = ccref_random_case(r, underlying[cls], 1);
    ccref_contact_case c = {0};
    c.cls = cls;
    c.body1 = b.body1;
    c.body2 = b.body2;
    c.coordinate = b.coordinate;
    switch (cls) {
    case CCREF_CONTACT_HARD_STOP_UPPER:
    case CCREF_CONTACT_HARD_STOP_LOWER:
        c.params.hard_stop.bound = b.params.constant_coordinate.position;
        c.params.hard_stop.mobilizer_origin_in_b = ccref_rng_vec3(r, -1, 1);
        c.body1 = ccref_rng_body(r);
        break;
    case CCREF_CONTACT_ROPE:
        c.params.rope.station1_in_b1 = b.params.rod.station1_in_b1;
        c.params.rope.station2_in_b2 = b.params.rod.station2_in_b2;
        c.params.rope.length_limit = b.params.rod.length;
        break;
    case CCREF_CONTACT_POINT_PLANE_FRICTIONLESS:
    case CCREF_CONTACT_POINT_PLANE:
        c.params.point_plane.normal_in_b1 = b.params.point_in_plane.normal_in_b1;
        c.params.point_plane.height = b.params.point_in_plane.height;
        c.params.point_plane.follower_in_b2 = b.params.point_in_plane.follower_in_b2;
        break;
    case CCREF_CONTACT_SPHERE_PLANE:
        c.params.sphere_plane.normal_in_b1 = b.params.ball_rolling_on_plane.normal_in_b1;
        c.params.sphere_plane.height = b.params.ball_rolling_on_plane.height;
        c.params.sphere_plane.center_in_b2 = b.params.ball_rolling_on_plane.center_in_b2;
        c.params.sphere_plane.radius = b.params.ball_rolling_on_plane.radius;
        break;
    case CCREF_CONTACT_SPHERE_SPHERE:
        c.params.sphere_sphere.center1_in_b1 = b.params.sphere_on_sphere.center1_in_b1;
        c.params.sphere_sphere.radius1 = b.params.sphere_on_sphere.radius1;
        c.params.sphere_sphere.center2_in_b2 = b.params.sphere_on_sphere.center2_in_b2;
        c.params.sphere_sphere.radius2 = b.params.sphere_on_sphere.radius2;
        break;
    case CCREF_CONTACT_EDGE_EDGE:
        c.params.edge_edge.edge_frame1_in_b1 = b.params.line_on_line.edge_frame1_in_b1;
        c.params.edge_edge.half_length1 = b.params.line_on_line.half_length1;
        c.params.edge_edge.edge_frame2_in_b2 = b.params.line_on_line.edge_frame2_in_b2;
        c.params.edge_edge.half_length2 = b.params.line_on_line.half_length2;
        break;
    default:
        break;
    }
    c.material.min_cor = ccref_rng_uniform(r, 0.0, 1.0);
    c.material.mu_s = ccref_rng_uniform(r, 0.0, 1.0);
    c.material.mu_d = ccref_rng_uniform(r, 0.0, c.material.mu_s);
    c.material.mu_v = ccref_rng_uniform(r, 0.0, 0.1);
    c.speeds.capture_speed = ccref_rng_uniform(r, 0.0, 0.2);
    c.speeds.min_cor_speed = c.speeds.capture_speed + ccref_rng_uniform(r, 0.0, 2.0);
    c.speeds.transition_speed = ccref_rng_uniform(r, 0.0, 0.1);
    c.n_lambda = ccref_contact_has_friction(cls) ? 3 : 1;
    for (size_t i = 0; i < c.n_lambda; i++)
        c.lambda[i] = ccref_rng_uniform(r, -3.0, 3.0);
    return c;
}
