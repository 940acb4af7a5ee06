/* families.c: see families.h. Every double is formed with +, -, *, /, sqrt and exact scalings (ldexp, nextafter):
 * no function of the C library whose rounding differs between platforms, so a seed makes the same cases on every
 * machine. */
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "../src/common.h"
#include "families.h"
#include "numfmt.h"

struct fam {
    ccref_rng r;
    int suite, rolling, k, n;
};

/* ================================================================ helpers */

static void add_flag(vtest *t, int f)
{
    for (int i = 0; i < t->n_flags; i++)
        if (t->flags[i] == f)
            return;
    if (t->n_flags < MAX_TEST_FLAGS)
        t->flags[t->n_flags++] = f;
}

static void comment(vtest *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void comment(vtest *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t->comment, sizeof t->comment, fmt, ap);
    va_end(ap);
}

/* Numbers in comments: canonical hex and MPFR's %.17g (numfmt.h), never the C library's %a or %g, whose output
 * differs between libraries: the files must be byte-identical on every platform. Four rotating buffers. */
static const char *hx(double x)
{
    static char buf[4][NUMFMT_LEN];
    static int i;
    char *b = buf[i++ & 3];
    fmt_hex(x, b);
    return b;
}

static const char *dx(double x)
{
    static char buf[4][NUMFMT_LEN];
    static int i;
    char *b = buf[i++ & 3];
    fmt_dec(x, b);
    return b;
}

static double uni(fam *f, double lo, double hi) { return ccref_rng_uniform(&f->r, lo, hi); }
static int pick(fam *f, int n) { return (int)(ccref_rng_next(&f->r) % (uint64_t)n); }

/* A random multiple of step in [lo, hi] (exact: small integers times a power of two). */
static double grid(fam *f, double lo, double hi, double step)
{
    int n = (int)((hi - lo) / step);
    return lo + step * (double)pick(f, n + 1);
}

static ccref_vec3 gvec(fam *f, double lo, double hi, double step);

/* A parameter on the grid of step 1/8 in its random range (a scalar, or a vector's components). */
static void grid_field(fam *f, const field_desc *d, void *params)
{
    void *x = (char *)params + d->offset;
    if (d->type == FIELD_SCALAR)
        *(double *)x = grid(f, d->lo, d->hi, 0.125);
    else if (d->type == FIELD_VEC3)
        *(ccref_vec3 *)x = gvec(f, d->lo, d->hi, 0.125);
}

static ccref_vec3 gvec(fam *f, double lo, double hi, double step)
{
    /* z, y, then x: the order in which GCC on x86-64 evaluated the three draws when they were the arguments of one
     * call, which made the published vectors; one draw per statement fixes that order for every compiler (the order
     * of a call's arguments is unspecified in C) */
    double z = grid(f, lo, hi, step);
    double y = grid(f, lo, hi, step);
    double x = grid(f, lo, hi, step);
    return v3(x, y, z);
}

/* One of the 24 rotations that are signed permutation matrices (exact). */
static ccref_mat3 signed_perm(fam *f)
{
    static const int perms[6][3] = {{0, 1, 2}, {1, 2, 0}, {2, 0, 1}, {0, 2, 1}, {2, 1, 0}, {1, 0, 2}};
    int p = pick(f, 6), s = pick(f, 4);
    double sg[3] = {s & 1 ? -1.0 : 1.0, s & 2 ? -1.0 : 1.0, 1.0};
    /* det = parity(p) * sg0 * sg1 * sg2: fix the last sign to make it +1 */
    double parity = p < 3 ? 1.0 : -1.0;
    sg[2] = parity * sg[0] * sg[1];
    ccref_mat3 R;
    memset(&R, 0, sizeof R);
    for (int i = 0; i < 3; i++)
        R.m[i][perms[p][i]] = sg[i];
    return R;
}

/* The station s of body b that sits at the point X: R^T (X - p). */
static ccref_vec3 station_at(const ccref_body *b, ccref_vec3 X) { return m3_apply_transpose(&b->R, v3_sub(X, b->p)); }

/* Body 2 takes body 1's rigid motion: equal angular velocity and acceleration, and the velocity and acceleration
 * of body 1's material point at body 2's origin. Exact on the dyadic grids of the exact families. */
static void rigid_attach(const ccref_body *b1, ccref_body *b2)
{
    ccref_vec3 d = v3_sub(b2->p, b1->p);
    b2->w = b1->w;
    b2->b = b1->b;
    b2->v = v3_add(b1->v, v3_cross(b1->w, d));
    b2->a = v3_add(v3_add(b1->a, v3_cross(b1->b, d)), v3_cross(b1->w, v3_cross(b1->w, d)));
}

/* A body on the exact grids: signed-permutation rotation, origin and motion multiples of 1/8 in [-2, 2]. */
static ccref_body grid_body(fam *f)
{
    ccref_body b;
    b.R = signed_perm(f);
    b.p = gvec(f, -2, 2, 0.125);
    b.w = gvec(f, -2, 2, 0.125);
    b.v = gvec(f, -2, 2, 0.125);
    b.b = gvec(f, -2, 2, 0.125);
    b.a = gvec(f, -2, 2, 0.125);
    return b;
}

static ccref_vec3 axis(int k, double s) { return v3(k == 0 ? s : 0.0, k == 1 ? s : 0.0, k == 2 ? s : 0.0); }

static int has_friction_suite(int suite)
{
    return suite_type_of(suite) == SUITE_TYPE_CONTACT && ccref_contact_has_friction(suite_class(suite));
}

static int is_stop(int suite)
{
    return suite == SUITE_FIRST_CONTACT + CCREF_CONTACT_HARD_STOP_UPPER ||
           suite == SUITE_FIRST_CONTACT + CCREF_CONTACT_HARD_STOP_LOWER;
}

/* The kind whose families a suite's are built as: a kind's own, a class's LIKE kind (the kind its parameters restate),
 * but for point_plane, whose exact geometry is point_on_plane's on an axis normal (the class builds its plane frame
 * from the normal: exact_geometry). */
static ccref_kind underlying_kind(int suite)
{
    if (suite_type_of(suite) == SUITE_TYPE_KIND)
        return suite_kind(suite);
    if (suite_class(suite) == CCREF_CONTACT_POINT_PLANE)
        return CCREF_KIND_POINT_ON_PLANE;
    const contact_fields *cf = cli_contact_fields(suite_class(suite));
    return cf != NULL ? cf->like : CCREF_KIND_COUNT;
}

static void set_lambda(fam *f, cli_case *c)
{
    if (suite_type_of(c->suite) == SUITE_TYPE_KIND) {
        int mp, mv;
        ccref_case_rows(&c->u.k, &mp, &mv);
        c->u.k.n_lambda = (size_t)(mp + mv);
        for (size_t i = 0; i < c->u.k.n_lambda; i++)
            c->u.k.lambda[i] = uni(f, -3, 3);
    } else if (suite_type_of(c->suite) == SUITE_TYPE_CONTACT) {
        c->u.c.n_lambda = has_friction_suite(c->suite) ? 3 : 1;
        for (size_t i = 0; i < c->u.c.n_lambda; i++)
            c->u.c.lambda[i] = uni(f, -3, 3);
    }
}

/* Material and speeds of a contact in their domains (ccref_rng_material); a frictionless class's friction zero. */
static void random_material(fam *f, ccref_contact_case *c)
{
    ccref_rng_material(&f->r, c);
    if (!ccref_contact_has_friction(c->cls))
        c->material.mu_s = c->material.mu_d = c->material.mu_v = c->speeds.transition_speed = 0.0;
}

/* ================================================================ random cases of a suite */

static void random_rule(fam *f, cli_case *c)
{
    if (c->suite == SUITE_EFFECTIVE_COR) {
        cli_cor_params *p = &c->u.cor;
        p->min_cor = uni(f, 0, 1);
        p->capture_speed = uni(f, 0, 0.5);
        p->min_cor_speed = p->capture_speed + uni(f, 0, 2);
        p->impact_speed = uni(f, 0, 3);
    } else if (c->suite == SUITE_EFFECTIVE_COF) {
        cli_cof_params *p = &c->u.cof;
        p->mu_s = uni(f, 0, 1);
        p->mu_d = uni(f, 0, p->mu_s);
        p->mu_v = uni(f, 0, 0.5);
        p->transition_speed = uni(f, 0, 1);
        p->slip_speed = uni(f, 0, 2);
    } else {
        cli_classify_params *p = &c->u.cl;
        p->sign = pick(f, 2) ? 1 : -1;
        double *x[4] = {&p->perr, &p->verr, &p->aerr, &p->lambda};
        double *tol[4] = {&p->tol_perr, &p->tol_verr, &p->tol_aerr, &p->tol_lambda};
        for (int i = 0; i < 4; i++) {
            *tol[i] = uni(f, 0, 0.1);
            /* a value near zero half of the time, so every branch of the conditions is reached */
            *x[i] = pick(f, 2) ? uni(f, -1, 1) : uni(f, -0.1, 0.1);
        }
    }
}

static void random_case(fam *f, cli_case *c, int rolling)
{
    int suite = c->suite;
    memset(&c->u, 0, sizeof c->u);
    switch (suite_type_of(suite)) {
    case SUITE_TYPE_KIND: c->u.k = ccref_random_case(&f->r, suite_kind(suite), rolling > 0); break;
    case SUITE_TYPE_CONTACT: c->u.c = ccref_random_contact_case(&f->r, suite_class(suite)); break;
    default: random_rule(f, c); break;
    }
}

/* ================================================================ exactly assembled cases */

/* The geometry of an exactly satisfied constraint on the dyadic grids (spec/vectors.md, ExactlyAssembled): bodies
 * with signed-permutation rotations, a contact point X, stations R^T (X - p) (exact), lengths and radii multiples
 * of 1/8; body 2 rigidly attached to body 1. The random draws come in a fixed order (the bodies, X, the axis and
 * its sign, then the kind's own): the published vectors depend on it. */
typedef struct {
    ccref_body b1, b2;
    ccref_vec3 X;   /* the contact point, in Ground */
    int ax;         /* an axis, and a sign along it: the normal or offset of the kinds that need one */
    double sgn;
    int rolling;
} exact_start;

static exact_start exact_start_draw(fam *f, int rolling)
{
    exact_start e;
    e.b1 = grid_body(f);
    e.b2 = grid_body(f);
    rigid_attach(&e.b1, &e.b2);
    e.X = gvec(f, -1, 1, 0.125);
    e.ax = pick(f, 3);
    e.sgn = pick(f, 2) ? 1.0 : -1.0;
    e.rolling = rolling;
    return e;
}

/* A plane frame of body 1 on the grids. */
static ccref_frame grid_frame(fam *f)
{
    ccref_frame F;
    F.R = signed_perm(f);
    F.p = gvec(f, -1, 1, 0.125);
    return F;
}

/* A point of the plane F of body 1 on the grid, in Ground. */
static ccref_vec3 plane_point(fam *f, const ccref_body *b1, const ccref_frame *F)
{
    /* y, then x: the order of the published vectors (as gvec's) */
    double y = grid(f, -1, 1, 0.125);
    double x = grid(f, -1, 1, 0.125);
    ccref_vec3 in_plane = m3_apply(&F->R, v3(x, y, 0));
    return ccref_station_location(b1, v3_add(F->p, in_plane));
}

static void exact_ball(const exact_start *e, ccref_ball_params *p)
{
    p->station1_in_b1 = station_at(&e->b1, e->X);
    p->station2_in_b2 = station_at(&e->b2, e->X);
}

static void exact_rod(fam *f, const exact_start *e, ccref_rod_params *p)
{
    double L = grid(f, 0.25, 2, 0.125);
    p->station1_in_b1 = station_at(&e->b1, e->X);
    p->station2_in_b2 = station_at(&e->b2, v3_add(e->X, axis(e->ax, e->sgn * L)));
    p->length = L;
}

static void exact_point_in_plane(const exact_start *e, ccref_point_in_plane_params *p)
{
    ccref_vec3 n = axis(e->ax, e->sgn);
    p->normal_in_b1 = n;
    p->follower_in_b2 = station_at(&e->b2, e->X);
    p->height = v3_dot(station_at(&e->b1, e->X), n);
}

/* No bodies: the coordinate at its held position. */
static void exact_constant_coordinate(fam *f, ccref_case *k)
{
    k->params.constant_coordinate.position = k->coordinate.q = grid(f, -2, 2, 0.125);
    k->body1 = k->body2 = ccref_body_ground();
}

static void exact_sphere_on_plane(fam *f, const exact_start *e, ccref_sphere_on_plane_params *p)
{
    p->plane_frame_in_b1 = grid_frame(f);
    p->radius = grid(f, 0.125, 1, 0.125);
    p->rolling = e->rolling > 0;
    /* a point of the plane, then the centre one radius along the normal */
    ccref_vec3 Xp = plane_point(f, &e->b1, &p->plane_frame_in_b1);
    ccref_vec3 Pz = m3_apply(&e->b1.R, m3_column(&p->plane_frame_in_b1.R, 2));
    p->center_in_b2 = station_at(&e->b2, v3_add(Xp, v3_scale(p->radius, Pz)));
}

static void exact_ball_rolling_on_plane(fam *f, const exact_start *e, ccref_ball_rolling_on_plane_params *p)
{
    ccref_vec3 n = axis(e->ax, e->sgn);
    p->normal_in_b1 = n;
    p->radius = grid(f, 0.125, 1, 0.125);
    p->height = v3_dot(station_at(&e->b1, e->X), n);
    p->center_in_b2 = station_at(&e->b2, v3_add(e->X, v3_scale(p->radius, m3_apply(&e->b1.R, n))));
}

static void exact_sphere_on_sphere(fam *f, const exact_start *e, ccref_sphere_on_sphere_params *p)
{
    p->radius1 = grid(f, 0.125, 1, 0.125);
    p->radius2 = grid(f, 0.125, 1, 0.125);
    p->rolling = e->rolling > 0;
    p->center1_in_b1 = station_at(&e->b1, e->X);
    p->center2_in_b2 = station_at(&e->b2, v3_add(e->X, axis(e->ax, e->sgn * (p->radius1 + p->radius2))));
}

static void exact_point_on_plane(fam *f, const exact_start *e, ccref_point_on_plane_params *p)
{
    p->plane_frame_in_b1 = grid_frame(f);
    p->follower_in_b2 = station_at(&e->b2, plane_point(f, &e->b1, &p->plane_frame_in_b1));
}

static void exact_line_on_line(fam *f, const exact_start *e, ccref_line_on_line_params *p)
{
    p->rolling = e->rolling > 0;
    p->half_length1 = grid(f, 0.125, 2, 0.125);
    p->half_length2 = grid(f, 0.125, 2, 0.125);
    /* edge frames whose x axes are orthogonal in G: pick frame 2 until db is not parallel to df */
    p->edge_frame1_in_b1.R = signed_perm(f);
    ccref_vec3 df = m3_apply(&e->b1.R, m3_column(&p->edge_frame1_in_b1.R, 0)), db;
    do {
        p->edge_frame2_in_b2.R = signed_perm(f);
        db = m3_apply(&e->b2.R, m3_column(&p->edge_frame2_in_b2.R, 0));
    } while (v3_norm_sq(v3_cross(df, db)) == 0.0);
    /* Pb = Pf + a df + b db: the common normal df x db is orthogonal to Pb - Pf, so perr = 0 */
    double b = grid(f, -1, 1, 0.125); /* b, then a: the order of the published vectors (as gvec's) */
    double a = grid(f, -1, 1, 0.125);
    ccref_vec3 Pb = v3_add(e->X, v3_add(v3_scale(a, df), v3_scale(b, db)));
    p->edge_frame1_in_b1.p = station_at(&e->b1, e->X);
    p->edge_frame2_in_b2.p = station_at(&e->b2, Pb);
}

/* Frame 2 coincident with frame 1 (a frame of body 1 on the grids at the contact point): its rotation R2^T (R1 Rf1)
 * and origin, exact for signed permutations and dyadic coordinates. Also the nearly assembled case's (rounded). */
static ccref_frame frame_coincident(const ccref_body *b1, const ccref_frame *F1, const ccref_body *b2)
{
    ccref_mat3 RB = m3_mul(&b1->R, &F1->R);
    ccref_frame F2;
    F2.R = m3_from_columns(m3_apply_transpose(&b2->R, m3_column(&RB, 0)), m3_apply_transpose(&b2->R, m3_column(&RB, 1)),
                           m3_apply_transpose(&b2->R, m3_column(&RB, 2)));
    F2.p = station_at(b2, ccref_station_location(b1, F1->p));
    return F2;
}

static void exact_weld(fam *f, const exact_start *e, ccref_weld_params *p)
{
    p->frame1_in_b1.R = signed_perm(f);
    p->frame1_in_b1.p = station_at(&e->b1, e->X);
    p->frame2_in_b2 = frame_coincident(&e->b1, &p->frame1_in_b1, &e->b2);
}

/* The exactly satisfied case of a kind on the start's bodies. */
static ccref_case exact_kind_case(fam *f, ccref_kind kind, const exact_start *e)
{
    ccref_case k;
    memset(&k, 0, sizeof k);
    k.kind = kind;
    k.body1 = e->b1;
    k.body2 = e->b2;
    switch (kind) {
    case CCREF_KIND_BALL: exact_ball(e, &k.params.ball); break;
    case CCREF_KIND_ROD: exact_rod(f, e, &k.params.rod); break;
    case CCREF_KIND_POINT_IN_PLANE: exact_point_in_plane(e, &k.params.point_in_plane); break;
    case CCREF_KIND_CONSTANT_COORDINATE: exact_constant_coordinate(f, &k); break;
    case CCREF_KIND_SPHERE_ON_PLANE: exact_sphere_on_plane(f, e, &k.params.sphere_on_plane); break;
    case CCREF_KIND_BALL_ROLLING_ON_PLANE: exact_ball_rolling_on_plane(f, e, &k.params.ball_rolling_on_plane); break;
    case CCREF_KIND_SPHERE_ON_SPHERE: exact_sphere_on_sphere(f, e, &k.params.sphere_on_sphere); break;
    case CCREF_KIND_POINT_ON_PLANE: exact_point_on_plane(f, e, &k.params.point_on_plane); break;
    case CCREF_KIND_LINE_ON_LINE: exact_line_on_line(f, e, &k.params.line_on_line); break;
    case CCREF_KIND_WELD: exact_weld(f, e, &k.params.weld); break;
    default: break;
    }
    return k;
}

/* A contact class on its underlying kind's exact case k: the start's bodies (a hard stop's body 1 included), the
 * parameters the class shares with the kind, then its own and the material and speeds. */
static void exact_contact(fam *f, ccref_contact_case *cc, int suite, const ccref_case *k, const exact_start *e)
{
    memset(cc, 0, sizeof *cc);
    cc->cls = suite_class(suite);
    cc->body1 = e->b1;
    cc->body2 = e->b2;
    cc->coordinate = k->coordinate;
    if (cc->cls == CCREF_CONTACT_POINT_PLANE) {
        /* the class builds its plane frame from (normal, height): an axis normal keeps it exact */
        ccref_vec3 n = axis(e->ax, e->sgn);
        cc->params.point_plane.normal_in_b1 = n;
        cc->params.point_plane.height = v3_dot(station_at(&e->b1, e->X), n);
        cc->params.point_plane.follower_in_b2 = station_at(&e->b2, e->X);
    } else {
        /* the parameters the class shares with its kind, then those it adds on the grid (a hard stop's mobilizer
         * origin, for display) */
        const contact_fields *cf = cli_contact_fields(cc->cls);
        for (int i = contact_params_from_kind(cc, k); i >= 0 && cf->params[i].name != NULL; i++)
            grid_field(f, &cf->params[i], &cc->params);
        if (!(cf->state & STATE_BODY2))
            cc->body2 = ccref_body_ground();
    }
    random_material(f, cc);
}

/* The exactly satisfied case of the suite: its kind's, or a contact class's on its underlying kind's geometry. */
static void exact_geometry(fam *f, cli_case *c, int rolling)
{
    exact_start e = exact_start_draw(f, rolling);
    ccref_case k = exact_kind_case(f, underlying_kind(c->suite), &e);
    if (suite_type_of(c->suite) == SUITE_TYPE_KIND)
        c->u.k = k;
    else
        exact_contact(f, &c->u.c, c->suite, &k, &e);
}

/* ================================================================ nearly assembled cases */

/* The perr of a case by the kernel (0 when rejected). */
static double kernel_perr(const cli_case *c, int *ok)
{
    if (suite_type_of(c->suite) == SUITE_TYPE_KIND) {
        ccref_result r;
        *ok = ccref_status_ok(ccref_eval(&c->u.k, &r));
        return r.u.out.perr[0];
    }
    ccref_contact_result r;
    *ok = ccref_status_ok(ccref_contact_eval(&c->u.c, &r));
    return r.constraint.perr[0];
}

/* Move perr to about 0 by shifting one parameter along the constraint normal (a few Newton steps on the kernel's own
 * perr), the parameter spec/vectors.md names for each kind. */
static void adjust_to_contact(cli_case *c)
{
    for (int it = 0; it < 4; it++) {
        int ok;
        double d = kernel_perr(c, &ok);
        if (!ok || d == 0.0)
            return;
        if (suite_type_of(c->suite) == SUITE_TYPE_CONTACT) {
            ccref_contact_case *k = &c->u.c;
            switch (k->cls) {
            case CCREF_CONTACT_HARD_STOP_UPPER:
            case CCREF_CONTACT_HARD_STOP_LOWER: k->params.hard_stop.bound += d; break;
            case CCREF_CONTACT_ROPE:
                if (k->params.rope.length_limit + d > 0.0)
                    k->params.rope.length_limit += d;
                break;
            case CCREF_CONTACT_POINT_PLANE_FRICTIONLESS:
            case CCREF_CONTACT_POINT_PLANE: k->params.point_plane.height += d; break;
            case CCREF_CONTACT_SPHERE_PLANE: k->params.sphere_plane.height += d; break;
            case CCREF_CONTACT_SPHERE_SPHERE:
                if (k->params.sphere_sphere.radius2 + d > 0.0)
                    k->params.sphere_sphere.radius2 += d;
                break;
            case CCREF_CONTACT_EDGE_EDGE: {
                ccref_contact_result r;
                ccref_contact_eval(k, &r);
                ccref_line_on_line_params lp = {k->params.edge_edge.edge_frame1_in_b1, k->params.edge_edge.half_length1,
                                                k->params.edge_edge.edge_frame2_in_b2, k->params.edge_edge.half_length2, 1};
                ccref_line_on_line_result lr;
                double l3[3] = {0, 0, 0};
                if (ccref_line_on_line_eval(&lp, &k->body1, &k->body2, l3, 3, &lr) != CCREF_OK)
                    return;
                ccref_vec3 n = m3_column(&lr.contact_frame.R, 2);
                ccref_frame *Eb = &k->params.edge_edge.edge_frame2_in_b2;
                Eb->p = v3_sub(Eb->p, v3_scale(d, m3_apply_transpose(&k->body2.R, n)));
                break;
            }
            default: return;
            }
            continue;
        }
        ccref_case *k = &c->u.k;
        switch (k->kind) {
        case CCREF_KIND_ROD:
            if (k->params.rod.length + d > 0.0)
                k->params.rod.length += d;
            break;
        case CCREF_KIND_POINT_IN_PLANE: k->params.point_in_plane.height += d; break;
        case CCREF_KIND_CONSTANT_COORDINATE: k->params.constant_coordinate.position += d; break;
        case CCREF_KIND_SPHERE_ON_PLANE: {
            ccref_sphere_on_plane_params *p = &k->params.sphere_on_plane;
            ccref_vec3 O = ccref_station_location(&k->body2, p->center_in_b2);
            ccref_vec3 Pz = m3_apply(&k->body1.R, m3_column(&p->plane_frame_in_b1.R, 2));
            p->center_in_b2 = station_at(&k->body2, v3_sub(O, v3_scale(d, Pz)));
            break;
        }
        case CCREF_KIND_BALL_ROLLING_ON_PLANE: k->params.ball_rolling_on_plane.height += 2.0 * d; break;
        case CCREF_KIND_SPHERE_ON_SPHERE:
            if (k->params.sphere_on_sphere.radius2 + d > 0.0)
                k->params.sphere_on_sphere.radius2 += d;
            break;
        case CCREF_KIND_POINT_ON_PLANE: {
            ccref_frame *F = &k->params.point_on_plane.plane_frame_in_b1;
            F->p = v3_add(F->p, v3_scale(d, m3_column(&F->R, 2)));
            break;
        }
        case CCREF_KIND_LINE_ON_LINE: {
            ccref_result r;
            ccref_eval(k, &r);
            if (r.u.line_on_line.lines_are_parallel)
                return;
            ccref_vec3 n = m3_column(&r.u.line_on_line.contact_frame.R, 2);
            ccref_frame *Eb = &k->params.line_on_line.edge_frame2_in_b2;
            Eb->p = v3_sub(Eb->p, v3_scale(d, m3_apply_transpose(&k->body2.R, n)));
            break;
        }
        case CCREF_KIND_BALL: {
            ccref_ball_params *p = &k->params.ball;
            p->station2_in_b2 = station_at(&k->body2, ccref_station_location(&k->body1, p->station1_in_b1));
            return;
        }
        case CCREF_KIND_WELD: /* frame 2 set onto frame 1, rounded: all six rows near zero */
            k->params.weld.frame2_in_b2 = frame_coincident(&k->body1, &k->params.weld.frame1_in_b1, &k->body2);
            return;
        default: return;
        }
    }
}

/* ================================================================ families common to the kinds and classes */

static void fam_random(fam *f, vtest *t)
{
    random_case(f, &t->c, f->rolling);
    add_flag(t, FLAG_RANDOM);
    comment(t, "random regular pose and motion");
}

static void fam_exact(fam *f, vtest *t)
{
    exact_geometry(f, &t->c, f->rolling);
    set_lambda(f, &t->c);
    add_flag(t, FLAG_EXACTLY_ASSEMBLED);
    add_flag(t, FLAG_AT_CONTACT);
    comment(t, "exactly assembled: signed-permutation rotations, dyadic coordinates, rigidly attached motion");
}

static void fam_near(fam *f, vtest *t)
{
    random_case(f, &t->c, f->rolling);
    ccref_body *b1 = case_body(&t->c, 1), *b2 = case_body(&t->c, 2);
    if (b1 && b2)
        rigid_attach(b1, b2);
    if (is_stop(t->c.suite))
        t->c.u.c.coordinate.qdot = t->c.u.c.coordinate.qdotdot = 0.0;
    if (t->c.suite == CCREF_KIND_CONSTANT_COORDINATE)
        t->c.u.k.coordinate.qdot = t->c.u.k.coordinate.qdotdot = 0.0;
    adjust_to_contact(&t->c);
    add_flag(t, FLAG_NEARLY_ASSEMBLED);
    add_flag(t, FLAG_AT_CONTACT);
    comment(t, "nearly assembled: parameter set from the computed perr, body 2 in body 1's rigid motion");
}

/* The scalar input that moves a case off contact (spec/vectors.md, UlpGrid). */
static double *contact_scalar(cli_case *c, const char **name)
{
    if (suite_type_of(c->suite) == SUITE_TYPE_CONTACT) {
        ccref_contact_case *k = &c->u.c;
        switch (k->cls) {
        case CCREF_CONTACT_HARD_STOP_UPPER:
        case CCREF_CONTACT_HARD_STOP_LOWER: *name = "params.bound"; return &k->params.hard_stop.bound;
        case CCREF_CONTACT_ROPE: *name = "params.length_limit"; return &k->params.rope.length_limit;
        case CCREF_CONTACT_POINT_PLANE_FRICTIONLESS:
        case CCREF_CONTACT_POINT_PLANE: *name = "params.height"; return &k->params.point_plane.height;
        case CCREF_CONTACT_SPHERE_PLANE: *name = "params.radius"; return &k->params.sphere_plane.radius;
        case CCREF_CONTACT_SPHERE_SPHERE: *name = "params.radius2"; return &k->params.sphere_sphere.radius2;
        case CCREF_CONTACT_EDGE_EDGE: *name = "params.edge_frame2_in_b2.p.x"; return &k->params.edge_edge.edge_frame2_in_b2.p.x;
        default: return NULL;
        }
    }
    ccref_case *k = &c->u.k;
    switch (k->kind) {
    case CCREF_KIND_BALL: *name = "params.station2_in_b2.x"; return &k->params.ball.station2_in_b2.x;
    case CCREF_KIND_ROD: *name = "params.length"; return &k->params.rod.length;
    case CCREF_KIND_POINT_IN_PLANE: *name = "params.height"; return &k->params.point_in_plane.height;
    case CCREF_KIND_CONSTANT_COORDINATE: *name = "coordinate.q"; return &k->coordinate.q;
    case CCREF_KIND_SPHERE_ON_PLANE: *name = "params.radius"; return &k->params.sphere_on_plane.radius;
    case CCREF_KIND_BALL_ROLLING_ON_PLANE: *name = "params.radius"; return &k->params.ball_rolling_on_plane.radius;
    case CCREF_KIND_SPHERE_ON_SPHERE: *name = "params.radius2"; return &k->params.sphere_on_sphere.radius2;
    case CCREF_KIND_POINT_ON_PLANE: *name = "params.follower_in_b2.x"; return &k->params.point_on_plane.follower_in_b2.x;
    case CCREF_KIND_LINE_ON_LINE:
        *name = "params.edge_frame2_in_b2.p.x";
        return &k->params.line_on_line.edge_frame2_in_b2.p.x;
    case CCREF_KIND_WELD: *name = "params.frame2_in_b2.p.x"; return &k->params.weld.frame2_in_b2.p.x;
    default: return NULL;
    }
}

static double ulps_away(double x, int k)
{
    for (; k > 0; k--)
        x = nextafter(x, INFINITY);
    for (; k < 0; k++)
        x = nextafter(x, -INFINITY);
    return x;
}

static void fam_ulp_grid(fam *f, vtest *t)
{
    exact_geometry(f, &t->c, f->rolling);
    set_lambda(f, &t->c);
    const char *name = "";
    double *x = contact_scalar(&t->c, &name);
    int k = f->k % 12 < 6 ? f->k % 12 - 6 : f->k % 12 - 5; /* -6 .. -1, 1 .. 6 */
    if (x && *x == 0.0 && k != 0) /* an ulp of zero is subnormal: use the grid's step there */
        *x = k * 0x1p-52;
    else if (x)
        *x = ulps_away(*x, k);
    add_flag(t, FLAG_ULP_GRID);
    add_flag(t, FLAG_AT_CONTACT);
    comment(t, "exactly assembled, then %s moved %+d ulps", name, k);
}

static void fam_ground(fam *f, vtest *t)
{
    random_case(f, &t->c, f->rolling);
    int which = f->k % 3; /* 0: body 1, 1: body 2, 2: both */
    ccref_body *b1 = case_body(&t->c, 1), *b2 = case_body(&t->c, 2);
    if (b1 && which != 1)
        *b1 = ccref_body_ground();
    if (b2 && which != 0)
        *b2 = ccref_body_ground();
    add_flag(t, FLAG_GROUND_BODY);
    comment(t, "%s Ground", which == 0 ? "body 1 is" : which == 1 ? "body 2 is" : "both bodies are");
}

static void zero_motion(ccref_body *b)
{
    if (b)
        b->w = b->v = b->b = b->a = v3_zero();
}

static void fam_zero_velocity(fam *f, vtest *t)
{
    random_case(f, &t->c, f->rolling);
    zero_motion(case_body(&t->c, 1));
    zero_motion(case_body(&t->c, 2));
    if (t->c.suite == CCREF_KIND_CONSTANT_COORDINATE)
        t->c.u.k.coordinate.qdot = t->c.u.k.coordinate.qdotdot = 0.0;
    if (is_stop(t->c.suite))
        t->c.u.c.coordinate.qdot = t->c.u.c.coordinate.qdotdot = 0.0;
    add_flag(t, FLAG_ZERO_VELOCITY);
    comment(t, "every velocity and acceleration zero");
}

/* 10^(2 + 98 m/(n-1)) for m = 0..n-1, formed exactly as a product of exact powers of ten (no pow()). */
static double offset_length(int m, int n)
{
    int e = 2 + (n > 1 ? 98 * m / (n - 1) : 0);
    double x = 1.0;
    for (int i = 0; i < e; i++)
        x *= 10.0;
    return x;
}

static void fam_offset(fam *f, vtest *t)
{
    random_case(f, &t->c, f->rolling);
    double L = offset_length(f->k, f->n);
    ccref_vec3 D = v3_scale(L, ccref_rng_unit(&f->r));
    ccref_body *b1 = case_body(&t->c, 1), *b2 = case_body(&t->c, 2);
    if (b1)
        b1->p = v3_add(b1->p, D);
    if (b2)
        b2->p = v3_add(b2->p, D);
    if (t->c.suite == CCREF_KIND_CONSTANT_COORDINATE) {
        t->c.u.k.coordinate.q += L;
        t->c.u.k.params.constant_coordinate.position += L;
    }
    if (is_stop(t->c.suite)) {
        t->c.u.c.coordinate.q += L;
        t->c.u.c.params.hard_stop.bound += L;
    }
    add_flag(t, FLAG_LARGE_OFFSET);
    comment(t, "both bodies moved by a common offset of length 1e%d", 2 + (f->n > 1 ? 98 * f->k / (f->n - 1) : 0));
}

/* Scale every length, linear velocity and linear acceleration (and the contact speeds) of the case by the power of
 * two s: exact, and every exact output scales by s or s^0 (forces) or s (moments by s) accordingly. */
static void scale_body(ccref_body *b, double s)
{
    if (b == NULL)
        return;
    b->p = v3_scale(s, b->p);
    b->v = v3_scale(s, b->v);
    b->a = v3_scale(s, b->a);
}

void family_scale_case(cli_case *c, double s)
{
    scale_body(case_body(c, 1), s);
    scale_body(case_body(c, 2), s);
    if (suite_type_of(c->suite) == SUITE_TYPE_KIND) {
        ccref_case *k = &c->u.k;
        switch (k->kind) {
        case CCREF_KIND_BALL:
            k->params.ball.station1_in_b1 = v3_scale(s, k->params.ball.station1_in_b1);
            k->params.ball.station2_in_b2 = v3_scale(s, k->params.ball.station2_in_b2);
            break;
        case CCREF_KIND_ROD:
            k->params.rod.station1_in_b1 = v3_scale(s, k->params.rod.station1_in_b1);
            k->params.rod.station2_in_b2 = v3_scale(s, k->params.rod.station2_in_b2);
            k->params.rod.length *= s;
            break;
        case CCREF_KIND_POINT_IN_PLANE:
            k->params.point_in_plane.height *= s;
            k->params.point_in_plane.follower_in_b2 = v3_scale(s, k->params.point_in_plane.follower_in_b2);
            break;
        case CCREF_KIND_CONSTANT_COORDINATE:
            k->params.constant_coordinate.position *= s;
            k->coordinate.q *= s;
            k->coordinate.qdot *= s;
            k->coordinate.qdotdot *= s;
            break;
        case CCREF_KIND_SPHERE_ON_PLANE:
            k->params.sphere_on_plane.plane_frame_in_b1.p = v3_scale(s, k->params.sphere_on_plane.plane_frame_in_b1.p);
            k->params.sphere_on_plane.center_in_b2 = v3_scale(s, k->params.sphere_on_plane.center_in_b2);
            k->params.sphere_on_plane.radius *= s;
            break;
        case CCREF_KIND_BALL_ROLLING_ON_PLANE:
            k->params.ball_rolling_on_plane.height *= s;
            k->params.ball_rolling_on_plane.center_in_b2 = v3_scale(s, k->params.ball_rolling_on_plane.center_in_b2);
            k->params.ball_rolling_on_plane.radius *= s;
            break;
        case CCREF_KIND_SPHERE_ON_SPHERE:
            k->params.sphere_on_sphere.center1_in_b1 = v3_scale(s, k->params.sphere_on_sphere.center1_in_b1);
            k->params.sphere_on_sphere.center2_in_b2 = v3_scale(s, k->params.sphere_on_sphere.center2_in_b2);
            k->params.sphere_on_sphere.radius1 *= s;
            k->params.sphere_on_sphere.radius2 *= s;
            break;
        case CCREF_KIND_POINT_ON_PLANE:
            k->params.point_on_plane.plane_frame_in_b1.p = v3_scale(s, k->params.point_on_plane.plane_frame_in_b1.p);
            k->params.point_on_plane.follower_in_b2 = v3_scale(s, k->params.point_on_plane.follower_in_b2);
            break;
        case CCREF_KIND_LINE_ON_LINE:
            k->params.line_on_line.edge_frame1_in_b1.p = v3_scale(s, k->params.line_on_line.edge_frame1_in_b1.p);
            k->params.line_on_line.edge_frame2_in_b2.p = v3_scale(s, k->params.line_on_line.edge_frame2_in_b2.p);
            k->params.line_on_line.half_length1 *= s;
            k->params.line_on_line.half_length2 *= s;
            break;
        case CCREF_KIND_WELD: /* the frames' origins, and the torque multipliers (a length times a force) */
            k->params.weld.frame1_in_b1.p = v3_scale(s, k->params.weld.frame1_in_b1.p);
            k->params.weld.frame2_in_b2.p = v3_scale(s, k->params.weld.frame2_in_b2.p);
            for (int i = 0; i < 3 && i < (int)k->n_lambda; i++)
                k->lambda[i] *= s;
            break;
        default: break;
        }
        return;
    }
    ccref_contact_case *k = &c->u.c;
    switch (k->cls) {
    case CCREF_CONTACT_HARD_STOP_UPPER:
    case CCREF_CONTACT_HARD_STOP_LOWER:
        k->params.hard_stop.bound *= s;
        k->params.hard_stop.mobilizer_origin_in_b = v3_scale(s, k->params.hard_stop.mobilizer_origin_in_b);
        k->coordinate.q *= s;
        k->coordinate.qdot *= s;
        k->coordinate.qdotdot *= s;
        break;
    case CCREF_CONTACT_ROPE:
        k->params.rope.station1_in_b1 = v3_scale(s, k->params.rope.station1_in_b1);
        k->params.rope.station2_in_b2 = v3_scale(s, k->params.rope.station2_in_b2);
        k->params.rope.length_limit *= s;
        break;
    case CCREF_CONTACT_POINT_PLANE_FRICTIONLESS:
    case CCREF_CONTACT_POINT_PLANE:
        k->params.point_plane.height *= s;
        k->params.point_plane.follower_in_b2 = v3_scale(s, k->params.point_plane.follower_in_b2);
        break;
    case CCREF_CONTACT_SPHERE_PLANE:
        k->params.sphere_plane.height *= s;
        k->params.sphere_plane.center_in_b2 = v3_scale(s, k->params.sphere_plane.center_in_b2);
        k->params.sphere_plane.radius *= s;
        break;
    case CCREF_CONTACT_SPHERE_SPHERE:
        k->params.sphere_sphere.center1_in_b1 = v3_scale(s, k->params.sphere_sphere.center1_in_b1);
        k->params.sphere_sphere.center2_in_b2 = v3_scale(s, k->params.sphere_sphere.center2_in_b2);
        k->params.sphere_sphere.radius1 *= s;
        k->params.sphere_sphere.radius2 *= s;
        break;
    case CCREF_CONTACT_EDGE_EDGE:
        k->params.edge_edge.edge_frame1_in_b1.p = v3_scale(s, k->params.edge_edge.edge_frame1_in_b1.p);
        k->params.edge_edge.edge_frame2_in_b2.p = v3_scale(s, k->params.edge_edge.edge_frame2_in_b2.p);
        k->params.edge_edge.half_length1 *= s;
        k->params.edge_edge.half_length2 *= s;
        break;
    default: break;
    }
    k->speeds.capture_speed *= s;
    k->speeds.min_cor_speed *= s;
    k->speeds.transition_speed *= s;
}

/* Scale exponents: tiny from 2^-1000 down to 2^-1070 (components subnormal), huge from 2^200 to 2^1020. */
static void fam_tiny(fam *f, vtest *t)
{
    random_case(f, &t->c, f->rolling);
    int e = -1000 - (f->n > 1 ? 70 * f->k / (f->n - 1) : 0);
    family_scale_case(&t->c, ldexp(1.0, e));
    add_flag(t, FLAG_TINY_MAGNITUDE);
    comment(t, "random case scaled by 2^%d: subnormal components", e);
}

static void fam_huge(fam *f, vtest *t)
{
    random_case(f, &t->c, f->rolling);
    int e = 200 + (f->n > 1 ? 820 * f->k / (f->n - 1) : 0);
    family_scale_case(&t->c, ldexp(1.0, e));
    add_flag(t, FLAG_HUGE_MAGNITUDE);
    comment(t, "random case scaled by 2^%d", e);
}

/* Past the overflow threshold: body 1 moved by +M along a coordinate axis and body 2 by -M (a coordinate and its
 * parameter to +M and -M), M = 0.99 or 0.75 of the largest double. Every input stays finite, and an exact output
 * exceeds the double range (the positions' difference, or a moment whose arm is that difference), so the expected
 * status is E_RESULT_OVERFLOW (flag Overflow); the huge_magnitude family stays just inside. */
static void fam_overflow(fam *f, vtest *t)
{
    random_case(f, &t->c, f->rolling);
    int axis = f->k % 3;
    double M = (f->k / 3) % 2 == 0 ? 0.99 * DBL_MAX : 0.75 * DBL_MAX;
    ccref_body *b1 = case_body(&t->c, 1), *b2 = case_body(&t->c, 2);
    double *p1 = b1 ? (axis == 0 ? &b1->p.x : axis == 1 ? &b1->p.y : &b1->p.z) : NULL;
    double *p2 = b2 ? (axis == 0 ? &b2->p.x : axis == 1 ? &b2->p.y : &b2->p.z) : NULL;
    if (p1)
        *p1 = M;
    if (p2)
        *p2 = -M;
    if (t->c.suite == CCREF_KIND_CONSTANT_COORDINATE) {
        t->c.u.k.coordinate.q = M;
        t->c.u.k.params.constant_coordinate.position = -M;
    }
    if (is_stop(t->c.suite)) {
        t->c.u.c.coordinate.q = M;
        t->c.u.c.params.hard_stop.bound = -M;
    }
    add_flag(t, FLAG_HUGE_MAGNITUDE);
    comment(t, "body 1 at %s and body 2 at -%s along axis %c (a coordinate %s, its parameter the negative)", hx(M),
            hx(M), "xyz"[axis], hx(M));
}

/* Random regular poses and motions with every length, linear velocity and acceleration scaled by 2^e, e drawn from
 * -30 .. 30 (scale_case): the same geometry at other units, where the bounds must hold as they do at 1. */
static void fam_random_scaled(fam *f, vtest *t)
{
    random_case(f, &t->c, f->rolling);
    int e = (int)(ccref_rng_next(&f->r) % 61) - 30;
    family_scale_case(&t->c, ldexp(1.0, e));
    add_flag(t, FLAG_RANDOM);
    comment(t, "random regular pose and motion, every length scaled by 2^%d", e);
}

/* R = [[1, t, 0], [0, 1, 0], [0, 0, 1]]: (R^T R - I)_01 = t exactly, the other entries t^2 or 0. */
static ccref_mat3 sheared(double t)
{
    ccref_mat3 R = {{{1, t, 0}, {0, 1, 0}, {0, 0, 1}}};
    return R;
}

static void fam_rotation_tolerance(fam *f, vtest *t)
{
    random_case(f, &t->c, f->rolling);
    ccref_body *b1 = case_body(&t->c, 1);
    int k = f->k % 4; /* 1e-12 exactly, next double up, next down, and the negative */
    double s = k == 0 ? CCREF_ROTATION_TOL : k == 1 ? nextafter(CCREF_ROTATION_TOL, 1.0)
               : k == 2 ? nextafter(CCREF_ROTATION_TOL, 0.0) : -nextafter(CCREF_ROTATION_TOL, 1.0);
    if (b1)
        b1->R = sheared(s);
    add_flag(t, FLAG_ROTATION_TOLERANCE);
    comment(t, "body 1's R with (R^T R - I)_01 = %s (the tolerance is %s)", hx(s), hx(CCREF_ROTATION_TOL));
}

/* The unit-vector parameter of a suite, or NULL. */
static ccref_vec3 *unit_param(cli_case *c)
{
    switch (c->suite) {
    case CCREF_KIND_POINT_IN_PLANE: return &c->u.k.params.point_in_plane.normal_in_b1;
    case CCREF_KIND_BALL_ROLLING_ON_PLANE: return &c->u.k.params.ball_rolling_on_plane.normal_in_b1;
    default: break;
    }
    if (suite_type_of(c->suite) == SUITE_TYPE_CONTACT) {
        switch (c->u.c.cls) {
        case CCREF_CONTACT_POINT_PLANE_FRICTIONLESS:
        case CCREF_CONTACT_POINT_PLANE: return &c->u.c.params.point_plane.normal_in_b1;
        case CCREF_CONTACT_SPHERE_PLANE: return &c->u.c.params.sphere_plane.normal_in_b1;
        default: break;
        }
    }
    return NULL;
}

static void fam_unit_tolerance(fam *f, vtest *t)
{
    random_case(f, &t->c, f->rolling);
    ccref_vec3 *n = unit_param(&t->c);
    int k = f->k % 7 - 3;
    /* n = (x, 0, 0) with x^2 - 1 near 1e-12: x = fl(sqrt(1 + 1e-12)) moved k ulps */
    double x = ulps_away(sqrt(1.0 + CCREF_UNIT_TOL), k);
    if (n)
        *n = v3(pick(f, 2) ? x : -x, 0.0, 0.0);
    add_flag(t, FLAG_UNIT_TOLERANCE);
    comment(t, "unit-vector input (%s, 0, 0): |n|^2 - 1 about 1e-12 (%+d ulps)", hx(x), k);
}

/* Regression of the fuzzers' long-run findings (fuzz/regressions/point_plane, sphere_plane): height the largest
 * double and a normal of length 1 + 2^-41 (inside the unit tolerance) along an axis, so that the plane frame's origin
 * h n overflows although every input is finite and valid. The exact result overflows (perr includes -h |n|^2): status
 * E_RESULT_OVERFLOW, an "after" status, so that a bad rule input (k % 4 == 1, 2) still wins. */
static void fam_plane_frame_overflow(fam *f, vtest *t)
{
    random_case(f, &t->c, f->rolling);
    ccref_contact_case *cc = &t->c.u.c;
    const int axis = f->k % 3, mode = f->k % 4;
    const double x = (f->k / 3) % 2 ? -(1 + 0x1p-41) : 1 + 0x1p-41;
    const double h = mode == 3 ? -DBL_MAX : DBL_MAX;
    *unit_param(&t->c) = v3(axis == 0 ? x : 0.0, axis == 1 ? x : 0.0, axis == 2 ? x : 0.0);
    if (cc->cls == CCREF_CONTACT_POINT_PLANE)
        cc->params.point_plane.height = h;
    else
        cc->params.sphere_plane.height = h;
    add_flag(t, FLAG_HUGE_MAGNITUDE);
    if (mode == 1)
        cc->speeds.capture_speed = -1.0;
    if (mode == 2) {
        cc->material.mu_s = 0.25;
        cc->material.mu_d = 0.5;
    }
    comment(t, "height %s, normal %s along axis %c: the frame origin h n overflows%s", hx(h), hx(x), "xyz"[axis],
            mode == 1 ? "; capture_speed -1 (the input check wins)" :
            mode == 2 ? "; mu_d above mu_s (the input check wins)" : "");
}

/* ================================================================ bad input */

enum {
    BI_R_NAN, BI_P_INF, BI_W_NINF, BI_A_NAN, BI_LAMBDA_NAN, BI_PARAM_NAN, BI_R_SCALED, BI_R_REFLECTION, BI_R_ZERO,
    BI_R_OFF, BI_FRAME_R, BI_LAMBDA_FEW, BI_LAMBDA_MANY, BI_RADIUS_ZERO, BI_RADIUS_NEGZERO, BI_RADIUS_NEG,
    BI_LENGTH_ZERO, BI_LENGTH_NEG, BI_NORMAL_ZERO, BI_NORMAL_SHORT, BI_COR_NEG, BI_COR_BIG, BI_CAPTURE_NEG,
    BI_SPEED_ORDER, BI_TRANSITION_NEG, BI_MU_NEG, BI_MU_ORDER, BI_MUV_NEG, BI_MATERIAL_NAN, BI_Q_NAN, BI_QDOT_INF,
    BI_POSITION_NAN, BI_CAPTURE_NEG_OVERFLOW, BI_MU_ORDER_COR_OVERFLOW, BI_COUNT
};

static const char *const bi_names[BI_COUNT] = {
    "body1.R[0][0] = NaN", "body1.p.x = +Inf", "body2.w.y = -Inf", "body2.a.z = NaN", "lambda[0] = NaN",
    "a parameter = NaN", "body1.R scaled by 2 in x and y", "body2.R a reflection diag(1, 1, -1)", "body1.R zero",
    "body1.R off by 1e-9 (sheared)", "a frame's R a reflection", "one multiplier too few", "one multiplier too many",
    "radius 0", "radius -0", "radius -1", "length 0", "length -1", "normal zero", "normal of length 1/2",
    "min_cor -0.25", "min_cor 1.5", "capture_speed -1", "capture_speed above min_cor_speed", "transition_speed -1",
    "mu_s -0.5", "mu_d above mu_s", "mu_v -1", "min_cor NaN", "q NaN", "qdot +Inf", "the held position NaN",
    "capture_speed -1 at a pose whose evaluation overflows (the input check wins)",
    "mu_d above mu_s with a subnormal min_cor_speed, the COR rule's slope overflowing (the COF check wins)"};

static double *radius_param(cli_case *c)
{
    switch (c->suite) {
    case CCREF_KIND_SPHERE_ON_PLANE: return &c->u.k.params.sphere_on_plane.radius;
    case CCREF_KIND_BALL_ROLLING_ON_PLANE: return &c->u.k.params.ball_rolling_on_plane.radius;
    case CCREF_KIND_SPHERE_ON_SPHERE: return &c->u.k.params.sphere_on_sphere.radius2;
    default: break;
    }
    if (c->suite == SUITE_FIRST_CONTACT + CCREF_CONTACT_SPHERE_PLANE)
        return &c->u.c.params.sphere_plane.radius;
    if (c->suite == SUITE_FIRST_CONTACT + CCREF_CONTACT_SPHERE_SPHERE)
        return &c->u.c.params.sphere_sphere.radius1;
    return NULL;
}

static double *length_param(cli_case *c)
{
    switch (c->suite) {
    case CCREF_KIND_ROD: return &c->u.k.params.rod.length;
    case CCREF_KIND_LINE_ON_LINE: return &c->u.k.params.line_on_line.half_length2;
    default: break;
    }
    if (c->suite == SUITE_FIRST_CONTACT + CCREF_CONTACT_ROPE)
        return &c->u.c.params.rope.length_limit;
    if (c->suite == SUITE_FIRST_CONTACT + CCREF_CONTACT_EDGE_EDGE)
        return &c->u.c.params.edge_edge.half_length1;
    return NULL;
}

static ccref_mat3 *frame_rotation(cli_case *c)
{
    switch (c->suite) {
    case CCREF_KIND_SPHERE_ON_PLANE: return &c->u.k.params.sphere_on_plane.plane_frame_in_b1.R;
    case CCREF_KIND_POINT_ON_PLANE: return &c->u.k.params.point_on_plane.plane_frame_in_b1.R;
    case CCREF_KIND_LINE_ON_LINE: return &c->u.k.params.line_on_line.edge_frame2_in_b2.R;
    case CCREF_KIND_WELD: return &c->u.k.params.weld.frame2_in_b2.R;
    default: break;
    }
    if (c->suite == SUITE_FIRST_CONTACT + CCREF_CONTACT_EDGE_EDGE)
        return &c->u.c.params.edge_edge.edge_frame1_in_b1.R;
    return NULL;
}

/* The first scalar parameter of the suite's parameter table. */
static double *first_scalar(cli_case *c)
{
    const field_desc *d = suite_type_of(c->suite) == SUITE_TYPE_KIND ? cli_kind_fields(suite_kind(c->suite))->params
                                                                     : cli_contact_fields(suite_class(c->suite))->params;
    char *base = suite_type_of(c->suite) == SUITE_TYPE_KIND ? (char *)&c->u.k.params : (char *)&c->u.c.params;
    for (; d->name; d++) {
        if (d->type == FIELD_SCALAR)
            return (double *)(base + d->offset);
        if (d->type == FIELD_VEC3 || d->type == FIELD_UNIT)
            return &((ccref_vec3 *)(base + d->offset))->y;
    }
    return NULL;
}

static size_t *n_lambda_of(cli_case *c)
{
    return suite_type_of(c->suite) == SUITE_TYPE_KIND ? &c->u.k.n_lambda : &c->u.c.n_lambda;
}

static double *lambda_of(cli_case *c) { return suite_type_of(c->suite) == SUITE_TYPE_KIND ? c->u.k.lambda : c->u.c.lambda; }

/* A case of the suite with nothing but its kind or class: what the suite's inputs are (bodies, unit vectors). */
static cli_case probe_case(int suite)
{
    cli_case probe;
    memset(&probe, 0, sizeof probe);
    probe.suite = suite;
    if (suite_type_of(suite) == SUITE_TYPE_KIND)
        probe.u.k.kind = suite_kind(suite);
    else
        probe.u.c.cls = suite_class(suite);
    return probe;
}

/* Whether mutation m applies to the suite. */
static int bi_applies(int suite, int m)
{
    cli_case c = probe_case(suite);
    int bodies = case_body(&c, 1) != NULL, two = case_body(&c, 2) != NULL;
    int contact = suite_type_of(suite) == SUITE_TYPE_CONTACT;
    int coordinate = suite == CCREF_KIND_CONSTANT_COORDINATE || is_stop(suite);
    switch (m) {
    case BI_R_NAN: case BI_P_INF: case BI_R_SCALED: case BI_R_ZERO: case BI_R_OFF: return bodies;
    case BI_W_NINF: case BI_A_NAN: case BI_R_REFLECTION: return two;
    case BI_LAMBDA_NAN: case BI_LAMBDA_FEW: case BI_LAMBDA_MANY: return 1;
    case BI_PARAM_NAN: return first_scalar(&c) != NULL && suite != CCREF_KIND_CONSTANT_COORDINATE;
    case BI_FRAME_R: return frame_rotation(&c) != NULL;
    case BI_RADIUS_ZERO: case BI_RADIUS_NEGZERO: case BI_RADIUS_NEG: return radius_param(&c) != NULL;
    case BI_LENGTH_ZERO: case BI_LENGTH_NEG: return length_param(&c) != NULL;
    case BI_NORMAL_ZERO: case BI_NORMAL_SHORT: return unit_param(&c) != NULL;
    case BI_COR_NEG: case BI_COR_BIG: case BI_CAPTURE_NEG: case BI_SPEED_ORDER: case BI_MATERIAL_NAN:
    case BI_CAPTURE_NEG_OVERFLOW: return contact;
    case BI_MU_ORDER_COR_OVERFLOW: return has_friction_suite(suite);
    case BI_TRANSITION_NEG: case BI_MU_NEG: case BI_MU_ORDER: case BI_MUV_NEG: return has_friction_suite(suite);
    case BI_Q_NAN: case BI_QDOT_INF: return coordinate;
    case BI_POSITION_NAN: return suite == CCREF_KIND_CONSTANT_COORDINATE;
    default: return 0;
    }
}

/* The mutations of the bodies and the multipliers; 0 when m is not one of them. */
static int bi_apply_motion(cli_case *c, int m)
{
    static const ccref_mat3 scaled = {{{2, 0, 0}, {0, 2, 0}, {0, 0, 1}}};
    static const ccref_mat3 reflection = {{{1, 0, 0}, {0, 1, 0}, {0, 0, -1}}};
    ccref_body *b1 = case_body(c, 1), *b2 = case_body(c, 2);
    size_t *nl = n_lambda_of(c);
    switch (m) {
    case BI_R_NAN: b1->R.m[0][0] = NAN; break;
    case BI_P_INF: b1->p.x = INFINITY; break;
    case BI_W_NINF: b2->w.y = -INFINITY; break;
    case BI_A_NAN: b2->a.z = NAN; break;
    case BI_R_SCALED: b1->R = scaled; break;
    case BI_R_REFLECTION: b2->R = reflection; break;
    case BI_R_ZERO: memset(&b1->R, 0, sizeof b1->R); break;
    case BI_R_OFF: b1->R = sheared(1e-9); break;
    case BI_LAMBDA_NAN: lambda_of(c)[0] = NAN; break;
    case BI_LAMBDA_FEW: *nl = *nl - 1; break;
    case BI_LAMBDA_MANY:
        /* one more multiplier where fewer than three (a contact case holds three), else two: generator 2.2's rule,
         * kept when the row maximum grew so that the published tests are unchanged (a six-row case gets two) */
        if (*nl < 3) {
            lambda_of(c)[*nl] = 0.5;
            *nl = *nl + 1;
        } else {
            *nl = 2;
        }
        break;
    default: return 0;
    }
    return 1;
}

/* The mutations of the parameters and the coordinate; 0 when m is not one of them. */
static int bi_apply_params(cli_case *c, int m)
{
    static const ccref_mat3 reflection = {{{-1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};
    ccref_coordinate *q = c->suite == CCREF_KIND_CONSTANT_COORDINATE ? &c->u.k.coordinate : &c->u.c.coordinate;
    switch (m) {
    case BI_PARAM_NAN: *first_scalar(c) = NAN; break;
    case BI_FRAME_R: *frame_rotation(c) = reflection; break;
    case BI_RADIUS_ZERO: *radius_param(c) = 0.0; break;
    case BI_RADIUS_NEGZERO: *radius_param(c) = -0.0; break;
    case BI_RADIUS_NEG: *radius_param(c) = -1.0; break;
    case BI_LENGTH_ZERO: *length_param(c) = 0.0; break;
    case BI_LENGTH_NEG: *length_param(c) = -1.0; break;
    case BI_NORMAL_ZERO: *unit_param(c) = v3_zero(); break;
    case BI_NORMAL_SHORT: *unit_param(c) = v3_scale(0.5, *unit_param(c)); break;
    case BI_Q_NAN: q->q = NAN; break;
    case BI_QDOT_INF: q->qdot = INFINITY; break;
    case BI_POSITION_NAN: c->u.k.params.constant_coordinate.position = NAN; break;
    default: return 0;
    }
    return 1;
}

/* The mutations of a contact's material and speeds; 0 when m is not one of them. */
static int bi_apply_material(ccref_contact_case *cc, int m)
{
    switch (m) {
    case BI_COR_NEG: cc->material.min_cor = -0.25; break;
    case BI_COR_BIG: cc->material.min_cor = 1.5; break;
    case BI_CAPTURE_NEG: cc->speeds.capture_speed = -1.0; break;
    case BI_SPEED_ORDER:
        cc->speeds.capture_speed = 1.5;
        cc->speeds.min_cor_speed = 1.0;
        break;
    case BI_TRANSITION_NEG: cc->speeds.transition_speed = -1.0; break;
    case BI_MU_NEG: cc->material.mu_s = -0.5; break;
    case BI_MU_ORDER:
        cc->material.mu_s = 0.25;
        cc->material.mu_d = 0.5;
        break;
    case BI_MUV_NEG: cc->material.mu_v = -1.0; break;
    case BI_MATERIAL_NAN: cc->material.min_cor = NAN; break;
    default: return 0;
    }
    return 1;
}

/* BI_CAPTURE_NEG_OVERFLOW. spec/unilateral_contacts.md section 4: the overflow is an "after" status, the rule's
 * check comes first. */
static void bi_capture_neg_overflow(cli_case *c)
{
    ccref_contact_case *cc = &c->u.c;
    ccref_body *b1 = case_body(c, 1), *b2 = case_body(c, 2);
    cc->speeds.capture_speed = -1.0;
    if (is_stop(c->suite)) { /* a stop overflows in q - bound and in its display point */
        cc->coordinate.q = 0x1.8p+1023;
        cc->params.hard_stop.bound = -0x1.8p+1023;
        b1->p = v3(0x1.8p+1023, 0x1.8p+1023, 0x1.8p+1023);
        cc->params.hard_stop.mobilizer_origin_in_b = v3(0x1.8p+1023, 0x1.8p+1023, 0x1.8p+1023);
    } else {                 /* opposite poses and spins: the relative motion overflows */
        b1->p = v3(1e300, -1e300, 1e300);
        b2->p = v3(-1e300, 1e300, -1e300);
        b1->w = v3(1e300, 1e300, -1e300);
        b2->w = v3(-1e300, -1e300, 1e300);
    }
}

/* BI_MU_ORDER_COR_OVERFLOW, regression of the fuzzers' first finding (fuzz/regressions/sphere_plane/): the COR
 * rule's slope (1 - min_cor) / min_cor_speed overflows, and the COF rule's domain check (step 6 of
 * spec/unilateral_contacts.md section 4) still comes first. */
static void bi_mu_order_cor_overflow(cli_case *c)
{
    ccref_contact_case *cc = &c->u.c;
    ccref_contact_result r; /* an approaching contact (as fam_capture_speed), scaled to an impact speed below
                               2^-1028: the linear COR branch */
    ccref_contact_eval(cc, &r);
    if (r.impact_speed == 0.0) { /* separating: every velocity reversed reverses the relative motion */
        for (int i = 1; i <= 2; i++) {
            ccref_body *b = case_body(c, i);
            if (b) {
                b->v = v3_neg(b->v);
                b->w = v3_neg(b->w);
            }
        }
        if (is_stop(c->suite))
            cc->coordinate.qdot = -cc->coordinate.qdot;
    }
    family_scale_case(c, 0x1p-1040);
    cc->material.min_cor = 0.5;
    cc->speeds.capture_speed = 0.0;
    cc->speeds.min_cor_speed = 0x1.1ce55p-1028;
    cc->material.mu_d = cc->material.mu_s + 0.25;
}

/* Apply bad-input mutation m to the case (bi_applies(suite, m) holds). */
static void bi_apply(cli_case *c, int m)
{
    if (m == BI_CAPTURE_NEG_OVERFLOW)
        bi_capture_neg_overflow(c);
    else if (m == BI_MU_ORDER_COR_OVERFLOW)
        bi_mu_order_cor_overflow(c);
    else if (!bi_apply_motion(c, m) && !bi_apply_params(c, m))
        bi_apply_material(&c->u.c, m);
}

static void fam_bad_input(fam *f, vtest *t)
{
    int list[BI_COUNT], n = 0;
    for (int m = 0; m < BI_COUNT; m++)
        if (bi_applies(f->suite, m))
            list[n++] = m;
    int m = list[f->k % n];
    random_case(f, &t->c, f->rolling);
    bi_apply(&t->c, m);
    comment(t, "bad input: %s", bi_names[m]);
}

/* ================================================================ Simbody deviations and regressions */

static void fam_deviation(fam *f, vtest *t)
{
    int k = f->k;
    random_case(f, &t->c, f->rolling);
    ccref_body *b1 = case_body(&t->c, 1), *b2 = case_body(&t->c, 2);
    switch (f->suite) {
    case CCREF_KIND_BALL:
        /* the aerr flag needs verr != 0 and w1 != 0: toggle each */
        if (k % 3 == 0) {
            b1->w = v3_zero();
            add_flag(t, FLAG_DEVIATION_CONTROL);
            comment(t, "w1 = 0: aerr is d/dt verr (no BALL_AERR_NOT_DERIVATIVE)");
        } else if (k % 3 == 1) {
            exact_geometry(f, &t->c, -1);
            set_lambda(f, &t->c);
            add_flag(t, FLAG_DEVIATION_CONTROL);
            comment(t, "verr = 0 exactly with w1 != 0 (no BALL_AERR_NOT_DERIVATIVE)");
        } else {
            comment(t, "verr != 0 and w1 != 0: BALL_AERR_NOT_DERIVATIVE");
        }
        break;
    case CCREF_KIND_SPHERE_ON_SPHERE:
        if (k % 2 == 0) {
            exact_geometry(f, &t->c, 1);
            set_lambda(f, &t->c);
            add_flag(t, FLAG_DEVIATION_CONTROL);
            comment(t, "rolling without slip (exactly): no SOS_ROLLING_AERR_SPIN");
        } else {
            comment(t, "rolling with slip: SOS_ROLLING_AERR_SPIN");
        }
        break;
    default:
        if (f->suite == SUITE_FIRST_CONTACT + CCREF_CONTACT_POINT_PLANE ||
            f->suite == SUITE_FIRST_CONTACT + CCREF_CONTACT_SPHERE_PLANE) {
            double *h = f->suite == SUITE_FIRST_CONTACT + CCREF_CONTACT_POINT_PLANE ? &t->c.u.c.params.point_plane.height
                                                                                : &t->c.u.c.params.sphere_plane.height;
            if (k % 2 == 0) {
                *h = 0.0;
                add_flag(t, FLAG_DEVIATION_CONTROL);
                comment(t, "height 0: Simbody's dropped or ignored height makes no difference");
            } else {
                comment(t, "height %s != 0: the Simbody deviation of the height", dx(*h));
            }
        } else {
            comment(t, "a random case with the class's deviation flags");
        }
        break;
    }
    (void)b2;
}

/* Spinning rolling ball (dart #1433, avian PR #1023): |w2| up to 1e6 with the contact kept. */
static void fam_spinning_ball(fam *f, vtest *t)
{
    random_case(f, &t->c, 1);
    ccref_body *b2 = case_body(&t->c, 2);
    double s = 1.0;
    for (int i = 0; i <= f->k % 6; i++)
        s *= 10.0;
    b2->w = v3_scale(s, ccref_rng_unit(&f->r));
    b2->b = v3_scale(s, ccref_rng_unit(&f->r));
    adjust_to_contact(&t->c);
    add_flag(t, FLAG_BUG_SPINNING_BALL);
    add_flag(t, FLAG_AT_CONTACT);
    comment(t, "rolling sphere at contact spinning at |w2| = %s", dx(s));
}

/* Rotating plane body with a moving follower (Simbody #135): the Coriolis term 2 w1 x v_rel dominates aerr. */
static void fam_coriolis(fam *f, vtest *t)
{
    random_case(f, &t->c, f->rolling);
    ccref_body *b1 = case_body(&t->c, 1), *b2 = case_body(&t->c, 2);
    b1->w = v3_scale(10.0, ccref_rng_unit(&f->r));
    b1->b = b1->a = b2->a = b2->b = v3_zero();
    b2->w = b1->w;
    b2->v = v3_add(b2->v, v3_scale(10.0, ccref_rng_unit(&f->r)));
    adjust_to_contact(&t->c);
    add_flag(t, FLAG_BUG_CORIOLIS_FACTOR);
    comment(t, "plane body spinning at 10 rad/s, follower sliding at 10 m/s: aerr dominated by 2 w1 x v");
}

/* ================================================================ degenerate configurations */

/* The two points of a rod, rope or sphere pair with bodies 1 and 2 at the origin: body 1's at its origin, body 2's
 * at Sb in Ground (its station in body 2's frame). */
static void set_point_pair(vtest *t, const ccref_body *b2, ccref_vec3 Sb)
{
    const int suite = t->c.suite;
    if (suite == CCREF_KIND_ROD)
        t->c.u.k.params.rod.station1_in_b1 = v3_zero(), t->c.u.k.params.rod.station2_in_b2 = station_at(b2, Sb);
    else if (suite == CCREF_KIND_SPHERE_ON_SPHERE)
        t->c.u.k.params.sphere_on_sphere.center1_in_b1 = v3_zero(),
        t->c.u.k.params.sphere_on_sphere.center2_in_b2 = station_at(b2, Sb);
    else if (suite == SUITE_FIRST_CONTACT + CCREF_CONTACT_ROPE)
        t->c.u.c.params.rope.station1_in_b1 = v3_zero(), t->c.u.c.params.rope.station2_in_b2 = station_at(b2, Sb);
    else
        t->c.u.c.params.sphere_sphere.center1_in_b1 = v3_zero(),
        t->c.u.c.params.sphere_sphere.center2_in_b2 = station_at(b2, Sb);
}

/* Coincident points and the singular threshold (rod, sphere_on_sphere, rope, sphere_sphere): both body origins at
 * 0, so Sf = 0 and Sb = delta e_k exactly, with delta = 0, 2^-j around 2^-65, or 2^-65 moved a few ulps. */
static void fam_singular(fam *f, vtest *t)
{
    exact_geometry(f, &t->c, f->rolling);
    ccref_body *b1 = case_body(&t->c, 1), *b2 = case_body(&t->c, 2);
    b1->p = b2->p = v3_zero();
    rigid_attach(b1, b2);
    int k = f->k, ax = pick(f, 3);
    double delta;
    if (k % 8 == 0) {
        delta = 0.0;
        add_flag(t, FLAG_BUG_ZERO_NORMAL);
        comment(t, "coincident points (p = 0 exactly)");
    } else if (k % 8 <= 4) {
        static const int j[] = {0, 60, 64, 66, 70};
        delta = ldexp(1.0, -j[k % 8]);
        add_flag(t, FLAG_NEARLY_COINCIDENT);
        comment(t, "points 2^-%d apart along axis %d", j[k % 8], ax);
    } else {
        int m = ((k % 8) - 6) * (1 + (k / 8) % 3); /* -3 .. 3 */
        delta = ulps_away(0x1p-65, m);
        add_flag(t, FLAG_SINGULAR_THRESHOLD);
        comment(t, "points %s apart: |p|^2 at the singular threshold 2^-130 (%+d ulps of |p|)", hx(delta), m);
    }
    set_point_pair(t, b2, axis(ax, delta));
    set_lambda(f, &t->c);
    if (delta * delta < 0x1p-130 || delta == 0.0)
        add_flag(t, FLAG_SINGULAR_DIRECTION);
}

/* Sphere centres close together but not coincident: 2^-30 .. 2^-9 apart in a random direction, the spheres overlapping
 * (exactly assembled, then the centres brought together). The normal is well defined (|p| far above the singular
 * threshold 2^-65); these are the separations an engine's absolute distance threshold takes for coincidence (DART
 * 6.12's d^2 < 1e-6, spec/vectors.md, "close_centres"). */
static void fam_close_centres(fam *f, vtest *t)
{
    static const int exps[8] = {30, 24, 20, 17, 14, 11, 10, 9};
    exact_geometry(f, &t->c, f->rolling);
    ccref_body *b1 = case_body(&t->c, 1), *b2 = case_body(&t->c, 2);
    b1->p = b2->p = v3_zero();
    rigid_attach(b1, b2);
    const int e = exps[(f->k + (f->rolling == 1 ? 4 : 0)) % 8];
    const ccref_vec3 u = ccref_rng_unit(&f->r);
    const double delta = ldexp(1.0, -e);
    const ccref_vec3 Sb = {delta * u.x, delta * u.y, delta * u.z};
    add_flag(t, FLAG_NEARLY_COINCIDENT);
    comment(t, "centres about 2^-%d apart in a random direction, the spheres overlapping", e);
    set_point_pair(t, b2, Sb);
    set_lambda(f, &t->c);
}

/* Spheres that certainly overlap at magnitudes where an unscaled length overflows: exactly assembled (touching), the
 * sphere on body 2 grown by a quarter (perr = -r/4), then every length scaled by 2^e: e = 64 .. 126, where |p|^2
 * overflows binary32 (2^64 and beyond squared) while every input is a float; e = 300 .. 900, where it overflows
 * binary64 beyond 2^511. An engine that forms |p|^2 unscaled misses the contact or returns a non-finite distance. */
static void fam_scaled_overlap(fam *f, vtest *t)
{
    static const int exps[8] = {64, 96, 120, 126, 300, 512, 600, 900};
    exact_geometry(f, &t->c, f->rolling);
    const int e = exps[(f->k + (f->rolling == 1 ? 4 : 0)) % 8];
    double *r = f->suite == CCREF_KIND_SPHERE_ON_SPHERE ? &t->c.u.k.params.sphere_on_sphere.radius2
                : f->suite == CCREF_KIND_SPHERE_ON_PLANE ? &t->c.u.k.params.sphere_on_plane.radius
                : f->suite == SUITE_FIRST_CONTACT + CCREF_CONTACT_SPHERE_SPHERE ? &t->c.u.c.params.sphere_sphere.radius2
                                                                                 : &t->c.u.c.params.sphere_plane.radius;
    *r *= 1.25;
    set_lambda(f, &t->c);
    family_scale_case(&t->c, ldexp(1.0, e));
    add_flag(t, FLAG_HUGE_MAGNITUDE);
    comment(t, "overlapping by a quarter of a radius, every length scaled by 2^%d", e);
}

/* Rotation about z by the angle whose sine is s (c = fl(sqrt(1 - s^2)): orthonormal within an ulp or two). */
static ccref_mat3 rot_z(double s, double c)
{
    ccref_mat3 R = {{{c, -s, 0}, {s, c, 0}, {0, 0, 1}}};
    return R;
}

/* Parallel, antiparallel and nearly parallel edges (line_on_line, edge_edge), and the parallel threshold. Edge 2's
 * frame is edge 1's turned by a small angle about edge 1's z axis (exact products of a signed permutation), then
 * about its own x axis by 0, 90 or 180 degrees, which sets the sense rule's inputs (ties |wsf| = |wsb|, wsb = 0). */
static void fam_parallel(fam *f, vtest *t, int cancelled)
{
    int k = f->k;
    random_case(f, &t->c, f->rolling);
    ccref_body *b1 = case_body(&t->c, 1), *b2 = case_body(&t->c, 2);
    ccref_frame *Ef, *Eb;
    double *h1, *h2;
    if (suite_type_of(f->suite) == SUITE_TYPE_KIND) {
        Ef = &t->c.u.k.params.line_on_line.edge_frame1_in_b1;
        Eb = &t->c.u.k.params.line_on_line.edge_frame2_in_b2;
        h1 = &t->c.u.k.params.line_on_line.half_length1;
        h2 = &t->c.u.k.params.line_on_line.half_length2;
    } else {
        Ef = &t->c.u.c.params.edge_edge.edge_frame1_in_b1;
        Eb = &t->c.u.c.params.edge_edge.edge_frame2_in_b2;
        h1 = &t->c.u.c.params.edge_edge.half_length1;
        h2 = &t->c.u.c.params.edge_edge.half_length2;
    }
    if (cancelled) {
        b2->R = b1->R; /* random rotation: the cross product of the two computed directions cancels */
    } else {
        b1->R = signed_perm(f);
        b2->R = b1->R;
    }
    Ef->R = signed_perm(f);
    double s, c;
    int anti = 0;
    int m = k % 12;
    if (m == 0 || m == 1) {
        s = 0.0;
        c = 1.0;
        anti = m == 1;
        add_flag(t, anti ? FLAG_ANTIPARALLEL_EDGES : FLAG_PARALLEL_EDGES);
        add_flag(t, FLAG_BUG_PARALLEL_SEGMENTS);
        if ((k / 12) % 2 == 1) {
            *h1 = *h2 = 0x1p-1074; /* point-like segments: the half-lengths are for display only */
            comment(t, "exactly %sparallel point-like edges (half-lengths 2^-1074)", anti ? "anti" : "");
        } else {
            comment(t, "exactly %sparallel edges", anti ? "anti" : "");
        }
    } else if (m <= 8) {
        static const int j[] = {0, 0, 2, 10, 20, 30, 40, 44, 50};
        s = ldexp(1.0, -j[m]);
        c = sqrt(1.0 - s * s);
        add_flag(t, FLAG_NEAR_PARALLEL_EDGES);
        comment(t, "edges at an angle whose sine is 2^-%d%s", j[m], cancelled ? " (rotated bodies)" : "");
    } else {
        int u = m - 10; /* -1, 0, 1 */
        s = ulps_away(0x1.6a09e667f3bcdp-46, u);
        c = 1.0;
        add_flag(t, FLAG_PARALLEL_THRESHOLD);
        comment(t, "edges at sine %s: |df x db|^2 at the parallel threshold 2^-91 (%+d ulps)", hx(s), u);
    }
    ccref_mat3 Rz = rot_z(s, c);
    if (anti) {
        Rz.m[0][0] = -1.0;
        Rz.m[1][1] = -1.0;
    }
    /* a turn about the new x axis by 0, 90 or 180 degrees: sb along, across or against sf */
    int turn = (k / 2) % 3;
    ccref_mat3 Rx = {{{1, 0, 0}, {0, turn == 1 ? 0.0 : turn == 0 ? 1.0 : -1.0, turn == 1 ? -1.0 : 0.0},
                      {0, turn == 1 ? 1.0 : 0.0, turn == 1 ? 0.0 : turn == 0 ? 1.0 : -1.0}}};
    ccref_mat3 RzRx = m3_mul(&Rz, &Rx);
    Eb->R = m3_mul(&Ef->R, &RzRx);
    if (turn != 1 && s != 0.0)
        add_flag(t, FLAG_SENSE_TIE);
    if (cancelled)
        add_flag(t, FLAG_BUG_CANCELLED_CROSS);
}

static void fam_parallel_axes(fam *f, vtest *t) { fam_parallel(f, t, 0); }
static void fam_cancelled_cross(fam *f, vtest *t) { fam_parallel(f, t, 1); }

/* perp() ties: a direction with two equal smallest magnitudes (sphere_on_sphere's Cz from p = (a, a, b), the plane
 * normal of ball_rolling_on_plane, point_plane and sphere_plane), or one of them moved a few ulps. */
static ccref_vec3 tie_vector(fam *f, double a, double b, int ulps)
{
    double v[3] = {a, ulps_away(a, ulps), b};
    int p = pick(f, 3); /* which component is the large one */
    double w[3] = {v[(p + 1) % 3], v[(p + 2) % 3], v[p]};
    for (int i = 0; i < 3; i++)
        if (pick(f, 2))
            w[i] = -w[i];
    return v3(w[0], w[1], w[2]);
}

static void fam_perp_tie(fam *f, vtest *t)
{
    int u = f->k % 5 - 2;
    if (f->suite == CCREF_KIND_SPHERE_ON_SPHERE || f->suite == SUITE_FIRST_CONTACT + CCREF_CONTACT_SPHERE_SPHERE) {
        exact_geometry(f, &t->c, f->rolling);
        ccref_body *b1 = case_body(&t->c, 1), *b2 = case_body(&t->c, 2);
        b1->p = b2->p = v3_zero();
        rigid_attach(b1, b2);
        b2->v = v3_add(b2->v, gvec(f, -1, 1, 0.125)); /* some slip */
        ccref_vec3 p = tie_vector(f, 0.25, 0.75, u);
        if (f->suite == CCREF_KIND_SPHERE_ON_SPHERE)
            t->c.u.k.params.sphere_on_sphere.center1_in_b1 = v3_zero(),
            t->c.u.k.params.sphere_on_sphere.center2_in_b2 = station_at(b2, p);
        else
            t->c.u.c.params.sphere_sphere.center1_in_b1 = v3_zero(),
            t->c.u.c.params.sphere_sphere.center2_in_b2 = station_at(b2, p);
        set_lambda(f, &t->c);
        comment(t, "centre line (%s, %s, %s): two equal smallest magnitudes (%+d ulps)", hx(p.x), hx(p.y), hx(p.z), u);
    } else {
        random_case(f, &t->c, f->rolling);
        ccref_vec3 *n = unit_param(&t->c);
        ccref_vec3 d = tie_vector(f, 1.0, 2.0, u);
        *n = ccref_unit(d);
        comment(t, "plane normal along (%s, %s, %s): two equal smallest magnitudes (%+d ulps)", hx(d.x), hx(d.y), hx(d.z), u);
    }
    add_flag(t, FLAG_PERP_AXIS_TIE);
}

/* Weld's perpendicularity trap (spec/weld.md, "Special cases"): frame 2 turned from frame 1 by one of the eight
 * relative orientations Q = RB^T RF whose perr[0..2] = (Q[1][0], Q[2][1], Q[0][2]) vanish, k % 8: the aligned
 * frames (the control), the half turns about frame 1's x, y and z, the third turns about four diagonals. Tests
 * 0..7 on the exactly assembled start (signed permutations and dyadic coordinates: perr[0..2] exactly 0, the
 * origins coincident, rigid motion), the others on a random pose and motion with Q applied in doubles. */
static void fam_weld_trap(fam *f, vtest *t)
{
    static const double Q[8][3][3] = {
        {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}},      {{1, 0, 0}, {0, -1, 0}, {0, 0, -1}},
        {{-1, 0, 0}, {0, 1, 0}, {0, 0, -1}},    {{-1, 0, 0}, {0, -1, 0}, {0, 0, 1}},
        {{0, 1, 0}, {0, 0, 1}, {1, 0, 0}},      {{0, 1, 0}, {0, 0, -1}, {-1, 0, 0}},
        {{0, -1, 0}, {0, 0, 1}, {-1, 0, 0}},    {{0, -1, 0}, {0, 0, -1}, {1, 0, 0}},
    };
    static const char *const what[8] = {
        "aligned frames (control)", "half turn about frame 1's x", "half turn about frame 1's y",
        "half turn about frame 1's z", "third turn about (1, 1, 1)", "third turn about (-1, 1, -1)",
        "third turn about (-1, -1, 1)", "third turn about (1, -1, -1)"};
    int q = f->k % 8;
    ccref_mat3 Qm;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            Qm.m[i][j] = Q[q][i][j];
    ccref_weld_params *p = &t->c.u.k.params.weld;
    if (f->k < 8) {
        exact_geometry(f, &t->c, -1);
        comment(t, "%s: Q = RB^T RF exact, perr[0..2] exactly 0", what[q]);
    } else {
        random_case(f, &t->c, -1);
        p->frame2_in_b2 = frame_coincident(&t->c.u.k.body1, &p->frame1_in_b1, &t->c.u.k.body2);
        comment(t, "%s on a random pose and motion (rounded: perr near 0)", what[q]);
    }
    p->frame2_in_b2.R = m3_mul(&p->frame2_in_b2.R, &Qm);
    set_lambda(f, &t->c);
    add_flag(t, q != 0 ? FLAG_PERPENDICULARITY_TRAP : f->k < 8 ? FLAG_EXACTLY_ASSEMBLED : FLAG_NEARLY_ASSEMBLED);
}

/* ================================================================ the contact rules inside the classes */

static void fam_capture_speed(fam *f, vtest *t)
{
    random_case(f, &t->c, f->rolling);
    ccref_contact_case *c = &t->c.u.c;
    int u = f->k % 5 - 2;
    if (is_stop(t->c.suite)) {
        /* verr = qdot exactly: an impact speed of 3/4 when sign * qdot < 0 */
        int sign = ccref_contact_sign(c->cls);
        c->coordinate.qdot = -0.75 * sign;
    }
    ccref_contact_result r;
    ccref_contact_eval(c, &r);
    double v = r.impact_speed > 0.0 ? r.impact_speed : 0.5;
    if (r.impact_speed == 0.0) { /* separating: turn the motion round so that the contact approaches */
        ccref_body *b2 = case_body(&t->c, 2);
        if (b2) {
            b2->v = v3_neg(b2->v);
            b2->w = v3_neg(b2->w);
        }
        ccref_contact_eval(c, &r);
        v = r.impact_speed > 0.0 ? r.impact_speed : 0.5;
    }
    if ((f->k / 5) % 2 == 0) {
        c->speeds.capture_speed = ulps_away(v, u);
        c->speeds.min_cor_speed = c->speeds.capture_speed + 1.0;
        add_flag(t, FLAG_CAPTURE_SPEED);
        comment(t, "capture speed at the computed impact speed %s (%+d ulps)", hx(v), u);
    } else {
        c->speeds.capture_speed = 0.5 * v;
        c->speeds.min_cor_speed = ulps_away(v, u);
        add_flag(t, FLAG_MIN_COR_SPEED);
        comment(t, "minimum-COR speed at the computed impact speed %s (%+d ulps)", hx(v), u);
    }
}

static void fam_transition_speed(fam *f, vtest *t)
{
    random_case(f, &t->c, f->rolling);
    ccref_contact_case *c = &t->c.u.c;
    int u = f->k % 5 - 2;
    ccref_contact_result r;
    ccref_contact_eval(c, &r);
    c->speeds.transition_speed = ulps_away(r.slip_speed, u);
    add_flag(t, FLAG_TRANSITION_SPEED);
    comment(t, "transition speed at the computed slip speed %s (%+d ulps)", hx(r.slip_speed), u);
}

/* ================================================================ the rules */

static void fam_cor_branches(fam *f, vtest *t)
{
    random_case(f, &t->c, -1);
    cli_cor_params *p = &t->c.u.cor;
    int k = f->k, u = k % 5 - 2;
    switch ((k / 5) % 8) {
    case 0: p->impact_speed = ulps_away(p->capture_speed, u); comment(t, "impact speed at the capture speed (%+d ulps)", u); break;
    case 1: p->impact_speed = ulps_away(p->min_cor_speed, u); comment(t, "impact speed at the minimum-COR speed (%+d ulps)", u); break;
    case 2: p->capture_speed = p->min_cor_speed; p->impact_speed = ulps_away(p->min_cor_speed, u);
        comment(t, "capture speed = minimum-COR speed, impact %+d ulps from it", u); break;
    case 3: p->capture_speed = 0.0; p->impact_speed = u < 0 ? 0.0 : ulps_away(0.0, u);
        comment(t, "capture speed 0, impact speed %s", hx(p->impact_speed)); break;
    case 4: p->min_cor = u < 0 ? 0.0 : 1.0; comment(t, "min_cor %s (an end of its domain)", dx(p->min_cor)); break;
    case 5: p->capture_speed = 0.0; p->min_cor_speed = ldexp(1.0, -1060 - k % 10); p->impact_speed = ldexp(p->min_cor_speed, -1 - k % 3);
        comment(t, "subnormal minimum-COR speed %s: the slope (1 - min_cor)/min_cor_speed overflows", hx(p->min_cor_speed)); break;
    case 6: p->capture_speed = 1e300; p->min_cor_speed = 1.5e300; p->impact_speed = ulps_away(1.25e300, u);
        comment(t, "speeds near 1e300"); break;
    default: p->impact_speed = 0.0; comment(t, "impact speed 0"); break;
    }
    add_flag(t, FLAG_COR_BRANCHES);
}

static void fam_cof_branches(fam *f, vtest *t)
{
    random_case(f, &t->c, -1);
    cli_cof_params *p = &t->c.u.cof;
    int k = f->k, u = k % 5 - 2;
    switch ((k / 5) % 6) {
    case 0: p->slip_speed = ulps_away(p->transition_speed, u); comment(t, "slip speed at the transition speed (%+d ulps)", u); break;
    case 1: p->transition_speed = 0.0; p->slip_speed = u < 0 ? 0.0 : ulps_away(0.0, u);
        comment(t, "transition speed 0, slip speed %s", hx(p->slip_speed)); break;
    case 2: p->mu_d = p->mu_s; comment(t, "mu_d = mu_s"); break;
    case 3: p->mu_v = 0.0; p->mu_s = p->mu_d = 0.0; comment(t, "every coefficient 0"); break;
    case 4: p->slip_speed = 1e300; p->mu_v = ldexp(1.0, 100 + k % 7); comment(t, "mu_v * slip speed beyond the double range"); break;
    default: p->slip_speed = ldexp(1.0, -1070 + k % 20); comment(t, "subnormal slip speed"); break;
    }
    add_flag(t, FLAG_COF_BRANCHES);
}

static void fam_rule_bad_input(fam *f, vtest *t)
{
    random_case(f, &t->c, -1);
    int k = f->k;
    if (f->suite == SUITE_EFFECTIVE_COR) {
        cli_cor_params *p = &t->c.u.cor;
        static const char *const what[] = {"min_cor -0.25", "min_cor 1.5", "capture speed -1", "minimum-COR speed -1",
                                           "impact speed -1", "capture speed above the minimum-COR speed",
                                           "min_cor NaN", "impact speed +Inf", "capture speed NaN", "min_cor -0"};
        switch (k % 10) {
        case 0: p->min_cor = -0.25; break;
        case 1: p->min_cor = 1.5; break;
        case 2: p->capture_speed = -1.0; break;
        case 3: p->min_cor_speed = -1.0; break;
        case 4: p->impact_speed = -1.0; break;
        case 5: p->capture_speed = p->min_cor_speed + 1.0; break;
        case 6: p->min_cor = NAN; break;
        case 7: p->impact_speed = INFINITY; break;
        case 8: p->capture_speed = NAN; break;
        default: p->min_cor = -0.0; add_flag(t, FLAG_NEGATIVE_ZERO); break; /* -0 is inside [0, 1]: accepted */
        }
        comment(t, "bad input: %s", what[k % 10]);
    } else if (f->suite == SUITE_EFFECTIVE_COF) {
        cli_cof_params *p = &t->c.u.cof;
        static const char *const what[] = {"mu_s -0.5", "mu_d -0.5", "mu_v -1", "mu_d above mu_s", "transition speed -1",
                                           "slip speed -1", "mu_s NaN", "slip speed +Inf", "transition speed NaN"};
        switch (k % 9) {
        case 0: p->mu_s = -0.5; break;
        case 1: p->mu_d = -0.5; break;
        case 2: p->mu_v = -1.0; break;
        case 3: p->mu_d = p->mu_s + 0.5; break;
        case 4: p->transition_speed = -1.0; break;
        case 5: p->slip_speed = -1.0; break;
        case 6: p->mu_s = NAN; break;
        case 7: p->slip_speed = INFINITY; break;
        default: p->transition_speed = NAN; break;
        }
        comment(t, "bad input: %s", what[k % 9]);
    } else {
        cli_classify_params *p = &t->c.u.cl;
        static const char *const what[] = {"sign 0", "sign 2", "sign -3", "perr NaN", "tol_perr -1", "tol_verr -1",
                                           "tol_aerr -1", "tol_lambda -1", "lambda +Inf", "tol_verr NaN",
                                           "sign 2147483647"};
        switch (k % 11) {
        case 0: p->sign = 0; break;
        case 1: p->sign = 2; break;
        case 2: p->sign = -3; break;
        case 3: p->perr = NAN; break;
        case 4: p->tol_perr = -1.0; break;
        case 5: p->tol_verr = -1.0; break;
        case 6: p->tol_aerr = -1.0; break;
        case 7: p->tol_lambda = -1.0; break;
        case 8: p->lambda = INFINITY; break;
        case 9: p->tol_verr = NAN; break;
        default: p->sign = 2147483647; break;
        }
        comment(t, "bad input: %s", what[k % 11]);
    }
}

/* Classifier: each value at zero, at +-tol exactly, one ulp beyond, or random; covers every condition and tie. */
static void fam_conditions(fam *f, vtest *t, int ties)
{
    random_case(f, &t->c, -1);
    cli_classify_params *p = &t->c.u.cl;
    double *x[4] = {&p->perr, &p->verr, &p->aerr, &p->lambda};
    double tol[4] = {p->tol_perr, p->tol_verr, p->tol_aerr, p->tol_lambda};
    char desc[120] = "";
    for (int i = 0; i < 4; i++) {
        int m = pick(f, ties ? 5 : 3);
        double s = pick(f, 2) ? 1.0 : -1.0;
        switch (m) {
        case 0: *x[i] = 0.0; break;
        case 1: *x[i] = s * uni(f, 0.2, 1.0); break;
        case 2: *x[i] = s * uni(f, 0.0, tol[i]); break;
        case 3: *x[i] = s * tol[i]; break;
        default: *x[i] = s * nextafter(tol[i], INFINITY); break;
        }
        size_t l = strlen(desc);
        snprintf(desc + l, sizeof desc - l, "%s%s", i ? "/" : "",
                 m == 0 ? "0" : m == 1 ? "large" : m == 2 ? "within tol" : m == 3 ? "at tol" : "tol+ulp");
    }
    add_flag(t, ties ? FLAG_CLASSIFY_TOLERANCE : FLAG_CONDITIONS);
    if (!ties && f->k < CCREF_UNI_CONDITION_COUNT) {
        /* the first tests aim at each outcome in turn, so that every one is in the suite (NOT_COMPLEMENTARY needs
         * two large values of the right signs, which random picks seldom give) */
        const ccref_unilateral_condition target = (ccref_unilateral_condition)f->k;
        const double sg = p->sign;
        for (int i = 0; i < 4; i++) { /* within tolerance unless set below */
            double sign = pick(f, 2) ? 1.0 : -1.0; /* the sign drawn first (the order of the published vectors) */
            *x[i] = sign * uni(f, 0.0, tol[i]);
        }
        switch (target) {
        case CCREF_UNI_SEPARATED: p->perr = sg * uni(f, 0.2, 1.0); break;
        case CCREF_UNI_PENETRATING: p->perr = -sg * uni(f, 0.2, 1.0); break;
        case CCREF_UNI_SEPARATING: p->verr = sg * uni(f, 0.2, 1.0); break;
        case CCREF_UNI_APPROACHING: p->verr = -sg * uni(f, 0.2, 1.0); break;
        case CCREF_UNI_IN_CONTACT: p->aerr = sg * uni(f, 0.2, 1.0); break;
        case CCREF_UNI_ACCELERATING_INWARD: p->aerr = -sg * uni(f, 0.2, 1.0); break;
        case CCREF_UNI_PULLING: p->lambda = sg * uni(f, 0.2, 1.0); break; /* force = -sign lambda < -tol */
        default: /* NOT_COMPLEMENTARY: separating acceleration and a pushing force, both beyond tolerance */
            p->aerr = sg * uni(f, 0.2, 1.0);
            p->lambda = -sg * uni(f, 0.2, 1.0);
            break;
        }
        comment(t, "aimed at %s", ccref_unilateral_condition_name(target));
        return;
    }
    comment(t, "perr/verr/aerr/lambda: %s", desc);
}

static void fam_conditions_plain(fam *f, vtest *t) { fam_conditions(f, t, 0); }
static void fam_conditions_ties(fam *f, vtest *t) { fam_conditions(f, t, 1); }

/* Rules with the speeds scaled to tiny and huge magnitudes. */
static void fam_rule_magnitude(fam *f, vtest *t)
{
    random_case(f, &t->c, -1);
    int e = f->k % 2 ? -1000 - f->k % 70 : 200 + 20 * (f->k % 40);
    double s = ldexp(1.0, e);
    if (f->suite == SUITE_EFFECTIVE_COR) {
        t->c.u.cor.capture_speed *= s;
        t->c.u.cor.min_cor_speed *= s;
        t->c.u.cor.impact_speed *= s;
    } else {
        t->c.u.cof.transition_speed *= s;
        t->c.u.cof.slip_speed *= s;
    }
    add_flag(t, e < 0 ? FLAG_TINY_MAGNITUDE : FLAG_HUGE_MAGNITUDE);
    comment(t, "speeds scaled by 2^%d", e);
}

/* ================================================================ the groups of every suite */

#define MAX_GROUPS 40
/* Every kind and contact class has at least this many tests (the random_scaled family makes up the rest). */
#define SUITE_MIN_TESTS 200
static group_spec groups_of[SUITE_COUNT][MAX_GROUPS];
static int n_groups_of[SUITE_COUNT];

static void add_group(int suite, const char *family, const char *description, int rolling, int count, family_fn make)
{
    if (count <= 0 || n_groups_of[suite] >= MAX_GROUPS)
        return;
    group_spec *g = &groups_of[suite][n_groups_of[suite]++];
    g->family = family;
    g->description = description;
    g->rolling = rolling;
    g->count = count;
    g->make = make;
}

/* A group for both rolling variants (half the tests each) or for the suite as it is. */
static void add_both(int suite, const char *family, const char *description, int count, family_fn make)
{
    if (ccref_kind_has_rolling_option((ccref_kind)suite)) {
        add_group(suite, family, description, 0, (count + 1) / 2, make);
        add_group(suite, family, description, 1, (count + 1) / 2, make);
    } else {
        add_group(suite, family, description, -1, count, make);
    }
}

static int bad_input_count(int suite)
{
    int n = 0;
    for (int m = 0; m < BI_COUNT; m++)
        n += bi_applies(suite, m);
    return n;
}

/* The families of every kind and contact class (ground: of those with bodies). */
static void add_common_groups(int s, int bodies)
{
    add_both(s, "random", "Random regular poses and motions (flag Random).", 16, fam_random);
    add_both(s, "exactly_assembled", "The constraint exactly satisfied: perr, verr and aerr exactly zero.", 8,
             fam_exact);
    add_both(s, "nearly_assembled", "The constraint satisfied to within rounding: perr and verr near zero.", 8,
             fam_near);
    add_both(s, "ulp_grid", "Exactly assembled, then the contact parameter moved -6 .. +6 ulps (0 excluded).", 12,
             fam_ulp_grid);
    if (bodies)
        add_both(s, "ground", "Body 1, body 2 or both are Ground.", 9, fam_ground);
    add_both(s, "zero_velocity", "Every velocity and acceleration zero.", 4, fam_zero_velocity);
    add_both(s, "large_offset", "Both bodies moved by a common offset of 1e2 to 1e100.", 6, fam_offset);
    add_both(s, "tiny_magnitude", "Lengths, speeds and accelerations scaled by 2^-1000 .. 2^-1070.", 6, fam_tiny);
    add_both(s, "huge_magnitude", "Lengths, speeds and accelerations scaled by 2^200 .. 2^1020.", 6, fam_huge);
}

/* The singular geometries of the kinds that have one. */
static void add_singular_groups(int s, cli_case *probe)
{
    ccref_kind kind = underlying_kind(s);
    if (kind == CCREF_KIND_ROD || kind == CCREF_KIND_SPHERE_ON_SPHERE)
        add_both(s, "coincident_points", "Coincident points and the singular threshold |p| = 2^-65.", 16,
                 fam_singular);
    if (kind == CCREF_KIND_LINE_ON_LINE) {
        add_both(s, "parallel_edges", "Parallel, antiparallel and nearly parallel edges, the parallel threshold and "
                 "the sense ties (exact directions).", 24, fam_parallel_axes);
        add_both(s, "cancelled_cross", "Nearly parallel edges on rotated bodies: df x db cancels in double.", 8,
                 fam_cancelled_cross);
    }
    if (kind == CCREF_KIND_SPHERE_ON_SPHERE || (unit_param(probe) != NULL && kind != CCREF_KIND_POINT_IN_PLANE))
        add_both(s, "perp_axis_tie", "The direction perp() works on has two equal smallest magnitudes, or nearly.",
                 8, fam_perp_tie);
}

/* The inputs at the thresholds a double evaluation decides on: a contact's speeds, the input tolerances. */
static void add_threshold_groups(int s, cli_case *probe, int bodies)
{
    if (suite_type_of(s) == SUITE_TYPE_CONTACT) {
        add_group(s, "cor_speeds", "The capture and minimum-COR speeds at the computed impact speed, +-2 ulps.", -1,
                  8, fam_capture_speed);
        if (has_friction_suite(s))
            add_group(s, "transition_speed", "The transition speed at the computed slip speed, +-2 ulps.", -1, 8,
                      fam_transition_speed);
    }
    if (bodies)
        add_group(s, "rotation_tolerance", "A rotation input at the tolerance 1e-12 of R^T R - I, or just beyond.",
                  -1, 4, fam_rotation_tolerance);
    if (unit_param(probe) != NULL)
        add_group(s, "unit_tolerance", "A unit-vector input with |n|^2 - 1 within a few ulps of 1e-12.", -1, 7,
                  fam_unit_tolerance);
}

/* Simbody's deviations, and the regressions (a spinning ball, the Coriolis term), where a suite has them. */
static void add_deviation_and_regression_groups(int s)
{
    ccref_kind kind = underlying_kind(s);
    if (s == CCREF_KIND_BALL)
        add_group(s, "simbody_deviation", "Cases with and without BALL_AERR_NOT_DERIVATIVE.", -1, 6, fam_deviation);
    if (s == CCREF_KIND_SPHERE_ON_SPHERE)
        add_group(s, "simbody_deviation", "Rolling with and without slip (SOS_ROLLING_AERR_SPIN).", 1, 4, fam_deviation);
    if (s == SUITE_FIRST_CONTACT + CCREF_CONTACT_POINT_PLANE || s == SUITE_FIRST_CONTACT + CCREF_CONTACT_SPHERE_PLANE)
        add_group(s, "simbody_deviation", "Height zero and nonzero (the dropped or ignored height).", -1, 6,
                  fam_deviation);
    if (s == CCREF_KIND_SPHERE_ON_PLANE || kind == CCREF_KIND_BALL_ROLLING_ON_PLANE)
        add_group(s, "spinning_ball", "Regression: a rolling sphere spinning at up to 1e6 rad/s.", 1, 6,
                  fam_spinning_ball);
    if (s == CCREF_KIND_WELD)
        add_group(s, "perpendicularity_trap", "The eight relative orientations where Weld's perpendicularity rows "
                  "vanish: aligned, three half turns, four third turns about diagonals; exact, then on random "
                  "poses.", -1, 16, fam_weld_trap);
    if (kind == CCREF_KIND_POINT_IN_PLANE || kind == CCREF_KIND_POINT_ON_PLANE)
        add_group(s, "coriolis", "Regression: a spinning plane body, the Coriolis term dominating aerr.", -1, 6,
                  fam_coriolis);
}

static int tests_so_far(int s)
{
    int total = 0;
    for (int g = 0; g < n_groups_of[s]; g++)
        total += groups_of[s][g].count;
    return total;
}

/* The groups of later generator versions, appended so that the tcIds of the groups before them are unchanged. */
static void add_appended_groups(int s)
{
    /* generator 1.2 */
    add_both(s, "overflow", "Bodies (a coordinate and its parameter) at +-0.99 and +-0.75 of the largest double "
             "along an axis: exact outputs past the double range (E_RESULT_OVERFLOW).", 6,
             fam_overflow);
    add_both(s, "random_scaled", "Random regular poses and motions with every length scaled by 2^-30 .. 2^30 "
             "(as many as bring the suite to 200 tests).", SUITE_MIN_TESTS - tests_so_far(s), fam_random_scaled);
    /* generator 1.3 */
    if (s == SUITE_FIRST_CONTACT + CCREF_CONTACT_POINT_PLANE || s == SUITE_FIRST_CONTACT + CCREF_CONTACT_SPHERE_PLANE)
        add_group(s, "plane_frame_overflow", "Regression: height the largest double, |n| = 1 + 2^-41: the plane "
                  "frame's origin h n overflows (E_RESULT_OVERFLOW after the rules' input checks).", -1, 8,
                  fam_plane_frame_overflow);
    /* generator 2.1 */
    if (s == CCREF_KIND_SPHERE_ON_SPHERE || s == SUITE_FIRST_CONTACT + CCREF_CONTACT_SPHERE_SPHERE)
        add_both(s, "close_centres", "Sphere centres 2^-30 .. 2^-9 apart in random directions, the spheres "
                 "overlapping: a well-defined normal where an absolute distance threshold sees coincidence.", 8,
                 fam_close_centres);
    if (s == CCREF_KIND_SPHERE_ON_SPHERE || s == CCREF_KIND_SPHERE_ON_PLANE ||
        s == SUITE_FIRST_CONTACT + CCREF_CONTACT_SPHERE_SPHERE || s == SUITE_FIRST_CONTACT + CCREF_CONTACT_SPHERE_PLANE)
        add_both(s, "scaled_overlap", "Spheres overlapping by a quarter of a radius, every length scaled by 2^64 .. "
                 "2^900: certain contacts where an unscaled |p|^2 overflows binary32 or binary64.", 8,
                 fam_scaled_overlap);
}

/* The groups of a kind or contact class, in file order. */
static void add_constraint_groups(int s)
{
    cli_case probe = probe_case(s);
    int bodies = case_body(&probe, 1) != NULL;
    add_common_groups(s, bodies);
    add_singular_groups(s, &probe);
    add_threshold_groups(s, &probe, bodies);
    add_deviation_and_regression_groups(s);
    add_group(s, "bad_input", "Every input check of the kind: NaN and Inf, non-rotations, non-positive sizes, "
              "zero and non-unit directions, multiplier counts, contact material and speeds.", -1,
              bad_input_count(s), fam_bad_input);
    add_appended_groups(s);
}

static void add_rule_groups(void)
{
    add_group(SUITE_EFFECTIVE_COR, "random", "Random inputs in the domain.", -1, 40, fam_random);
    add_group(SUITE_EFFECTIVE_COR, "branch_points", "The impact speed at the capture and minimum-COR speeds (+-2 ulps) "
              "and the ends of the domain.", -1, 40, fam_cor_branches);
    add_group(SUITE_EFFECTIVE_COR, "magnitude", "Speeds scaled to subnormal and huge magnitudes.", -1, 12,
              fam_rule_magnitude);
    add_group(SUITE_EFFECTIVE_COR, "bad_input", "Every domain check.", -1, 10, fam_rule_bad_input);
    add_group(SUITE_EFFECTIVE_COF, "random", "Random inputs in the domain.", -1, 40, fam_random);
    add_group(SUITE_EFFECTIVE_COF, "branch_points", "The slip speed at the transition speed (+-2 ulps) and the ends "
              "of the domain.", -1, 30, fam_cof_branches);
    add_group(SUITE_EFFECTIVE_COF, "magnitude", "Speeds scaled to subnormal and huge magnitudes.", -1, 12,
              fam_rule_magnitude);
    add_group(SUITE_EFFECTIVE_COF, "bad_input", "Every domain check.", -1, 9, fam_rule_bad_input);
    add_group(SUITE_CLASSIFY, "random", "Random values and tolerances.", -1, 40, fam_random);
    add_group(SUITE_CLASSIFY, "conditions", "Values at zero, small or large: every condition.", -1, 40,
              fam_conditions_plain);
    add_group(SUITE_CLASSIFY, "tolerance_ties", "Values exactly at their tolerance or one ulp beyond.", -1, 30,
              fam_conditions_ties);
    add_group(SUITE_CLASSIFY, "bad_input", "Every check: signs, NaN, Inf, negative tolerances.", -1, 11,
              fam_rule_bad_input);
}

static void build_groups(void)
{
    for (int s = 0; s < SUITE_FIRST_RULE; s++)
        add_constraint_groups(s);
    add_rule_groups();
}

int suite_groups(int suite, const group_spec **groups)
{
    static int built = 0;
    if (!built) {
        build_groups();
        built = 1;
    }
    if (suite < 0 || suite >= SUITE_COUNT)
        return 0;
    *groups = groups_of[suite];
    return n_groups_of[suite];
}

int suite_random_groups(int suite, int n, const group_spec **groups)
{
    static group_spec random_of[SUITE_COUNT][2];
    const group_spec *published;
    int ng = suite_groups(suite, &published), m = 0;
    if (ng == 0 || n < 1 || n > RANDOM_SUITE_MAX)
        return 0;
    /* the random family's groups are the first of every suite (add_common_groups, add_rule_groups): the same group
     * index, hence the same test streams, in both layouts */
    while (m < ng && m < 2 && strcmp(published[m].family, "random") == 0)
        m++;
    for (int g = 0; g < m; g++) {
        random_of[suite][g] = published[g];
        random_of[suite][g].count = m == 1 ? n : g == 0 ? n - n / 2 : n / 2;
    }
    *groups = random_of[suite];
    return m == 2 && n == 1 ? 1 : m; /* one test: the rolling-false group alone (no empty group) */
}

/* The random stream of a test: splitmix64 over (seed, suite stream, group, index), so every test has its own. */
static uint64_t test_seed(uint64_t seed, int suite, int g, int k)
{
    ccref_rng r = {seed ^ 0x6a09e667f3bcc909ull};
    uint64_t h = ccref_rng_next(&r);
    r.s = h ^ ((uint64_t)(unsigned)suite_stream(suite) << 48) ^ ((uint64_t)(unsigned)g << 32) ^ (uint64_t)(unsigned)k;
    ccref_rng_next(&r);
    return ccref_rng_next(&r);
}

void family_make(uint64_t seed, int suite, int g, int k, vtest *t)
{
    const group_spec *groups;
    int n = suite_groups(suite, &groups);
    memset(t, 0, sizeof *t);
    t->c.suite = suite;
    t->group = g;
    if (g < 0 || g >= n)
        return;
    fam f;
    f.r.s = test_seed(seed, suite, g, k);
    f.suite = suite;
    f.rolling = groups[g].rolling;
    f.k = k;
    f.n = groups[g].count;
    groups[g].make(&f, t);
    t->c.suite = suite;
    if (suite_type_of(suite) == SUITE_TYPE_KIND)
        t->c.u.k.kind = suite_kind(suite);
    else if (suite_type_of(suite) == SUITE_TYPE_CONTACT)
        t->c.u.c.cls = suite_class(suite);
}
