/* random.c: see random.h. */
#include <math.h>

#include "fields.h"
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

void ccref_rng_quaternion(ccref_rng *r, double q[4])
{
    double n2;
    do {
        for (int i = 0; i < 4; i++)
            q[i] = ccref_rng_uniform(r, -1.0, 1.0);
        n2 = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3];
    } while (n2 < 0.01 || n2 > 1.0);
    double n = sqrt(n2);
    for (int i = 0; i < 4; i++)
        q[i] /= n;
}

ccref_mat3 ccref_rng_rotation(ccref_rng *r)
{
    double q[4];
    ccref_rng_quaternion(r, q);
    double w = q[0], x = q[1], y = q[2], z = q[3];
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

/* R a, summed left to right. */
static ccref_vec3 apply(const ccref_mat3 *R, ccref_vec3 a)
{
    ccref_vec3 r = {R->m[0][0] * a.x + R->m[0][1] * a.y + R->m[0][2] * a.z,
                    R->m[1][0] * a.x + R->m[1][1] * a.y + R->m[1][2] * a.z,
                    R->m[2][0] * a.x + R->m[2][1] * a.y + R->m[2][2] * a.z};
    return r;
}

/* A parameter drawn in its range (ccref_kinds.h): a unit vector and a frame's rotation uniformly, the rolling flag
 * as the caller asks. */
static void draw_param(ccref_rng *r, const field_desc *d, void *params, int rolling)
{
    void *x = (char *)params + d->offset;
    switch (d->type) {
    case FIELD_SCALAR: *(double *)x = ccref_rng_uniform(r, d->lo, d->hi); break;
    case FIELD_VEC3: *(ccref_vec3 *)x = ccref_rng_vec3(r, d->lo, d->hi); break;
    case FIELD_UNIT: *(ccref_vec3 *)x = ccref_rng_unit(r); break;
    case FIELD_FRAME: {
        ccref_frame *f = x;
        f->R = ccref_rng_rotation(r);
        f->p = ccref_rng_vec3(r, d->lo, d->hi);
        break;
    }
    case FIELD_BOOL: *(int *)x = rolling; break;
    default: break;
    }
}

/* The parameters in order, but the sizes (RADIUS, LENGTH) last, in order. */
static void draw_params(ccref_rng *r, const field_desc *params, void *p, int rolling)
{
    for (int sizes = 0; sizes < 2; sizes++)
        for (const field_desc *d = params; d->name != NULL; d++)
            if ((d->nonpositive != 0) == sizes)
                draw_param(r, d, p, rolling);
}

/* The i-th parameter of the given type (0: the first). */
static const void *nth_param(const field_desc *params, const void *p, field_type type, int i)
{
    for (const field_desc *d = params; d->name != NULL; d++)
        if (d->type == type && i-- == 0)
            return (const char *)p + d->offset;
    return NULL;
}

/* The CONDITIONING of a kind (ccref_kinds.h, spec/conventions.md section 9). */
static int well_conditioned(const ccref_case *c, const kind_fields *kf)
{
    switch (kf->well) {
    case CONDITIONING_POINTS_APART: {
        const ccref_vec3 *s1 = nth_param(kf->params, &c->params, FIELD_VEC3, 0);
        const ccref_vec3 *s2 = nth_param(kf->params, &c->params, FIELD_VEC3, 1);
        return distance(location(&c->body2, *s2), location(&c->body1, *s1)) >= 0.5;
    }
    case CONDITIONING_EDGES_CROSSING: {
        const ccref_frame *e1 = nth_param(kf->params, &c->params, FIELD_FRAME, 0);
        const ccref_frame *e2 = nth_param(kf->params, &c->params, FIELD_FRAME, 1);
        /* the edge directions in G: R_body (edge frame's x axis) */
        ccref_vec3 df = apply(&c->body1.R, (ccref_vec3){e1->R.m[0][0], e1->R.m[1][0], e1->R.m[2][0]});
        ccref_vec3 db = apply(&c->body2.R, (ccref_vec3){e2->R.m[0][0], e2->R.m[1][0], e2->R.m[2][0]});
        ccref_vec3 w = {df.y * db.z - df.z * db.y, df.z * db.x - df.x * db.z, df.x * db.y - df.y * db.x};
        return norm3(w) >= 0.25;
    }
    default: return 1;
    }
}

int ccref_kind_has_rolling_option(ccref_kind kind)
{
    const kind_fields *kf = cli_kind_fields(kind);
    for (const field_desc *d = kf != NULL ? kf->params : NULL; d != NULL && d->name != NULL; d++)
        if (d->type == FIELD_BOOL)
            return 1;
    return 0;
}

ccref_case ccref_random_case(ccref_rng *r, ccref_kind kind, int rolling)
{
    const kind_fields *kf = cli_kind_fields(kind);
    for (;;) {
        ccref_case c = {0};
        c.kind = kind;
        c.body1 = ccref_rng_body(r);
        c.body2 = ccref_rng_body(r);
        if (kf == NULL)
            return c;
        draw_params(r, kf->params, &c.params, rolling);
        if (kf->state & STATE_COORDINATE) {
            c.coordinate.q = ccref_rng_uniform(r, -2, 2);
            c.coordinate.qdot = ccref_rng_uniform(r, -1.5, 1.5);
            c.coordinate.qdotdot = ccref_rng_uniform(r, -2, 2);
        }
        if (!(kf->state & STATE_BODY1))
            c.body1 = ccref_body_ground();
        if (!(kf->state & STATE_BODY2))
            c.body2 = ccref_body_ground();
        if (!well_conditioned(&c, kf))
            continue;
        int mp, mv;
        ccref_case_rows(&c, &mp, &mv);
        c.n_lambda = (size_t)(mp + mv);
        for (size_t i = 0; i < c.n_lambda; i++)
            c.lambda[i] = ccref_rng_uniform(r, -3.0, 3.0);
        return c;
    }
}

void ccref_rng_material(ccref_rng *r, ccref_contact_case *c)
{
    c->material.min_cor = ccref_rng_uniform(r, 0.0, 1.0);
    c->material.mu_s = ccref_rng_uniform(r, 0.0, 1.0);
    c->material.mu_d = ccref_rng_uniform(r, 0.0, c->material.mu_s);
    c->material.mu_v = ccref_rng_uniform(r, 0.0, 0.1);
    c->speeds.capture_speed = ccref_rng_uniform(r, 0.0, 0.2);
    c->speeds.min_cor_speed = c->speeds.capture_speed + ccref_rng_uniform(r, 0.0, 2.0);
    c->speeds.transition_speed = ccref_rng_uniform(r, 0.0, 0.1);
}

void ccref_random_contact_params(ccref_rng *r, ccref_contact_case *c)
{
    const contact_fields *cf = cli_contact_fields(c->cls);
    for (const field_desc *d = cf != NULL ? cf->params : NULL; d != NULL && d->name != NULL; d++)
        draw_param(r, d, &c->params, 1);
}

ccref_contact_case ccref_random_contact_case(ccref_rng *r, ccref_contact_class cls)
{
    const contact_fields *cf = cli_contact_fields(cls);
    ccref_contact_case c = {0};
    c.cls = cls;
    if (cf == NULL)
        return c;
    ccref_case b = ccref_random_case(r, cf->like, 1);
    c.body1 = b.body1;
    c.body2 = b.body2;
    c.coordinate = b.coordinate;
    /* the parameters the class shares with its kind, then those it adds, then a body its kind does not have (a hard
     * stop's mobilized body, for display) */
    for (int i = contact_params_from_kind(&c, &b); cf->params[i].name != NULL; i++)
        draw_param(r, &cf->params[i], &c.params, 1);
    if ((cf->state & STATE_BODY1) && !(cli_kind_fields(cf->like)->state & STATE_BODY1))
        c.body1 = ccref_rng_body(r);
    ccref_rng_material(r, &c);
    c.n_lambda = ccref_contact_has_friction(cls) ? 3 : 1;
    for (size_t i = 0; i < c.n_lambda; i++)
        c.lambda[i] = ccref_rng_uniform(r, -3.0, 3.0);
    return c;
}
