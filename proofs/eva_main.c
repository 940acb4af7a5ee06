/* eva_main.c: the EVA harness of `make verify-eva` (proofs/README.md, "Input box").
 *
 * One entry point per public function, eva_<name>(), run with `frama-c -eva -main eva_<name>`. Each builds
 * every input of the function as an interval covering the input box declared below and calls the function
 * once on those abstract inputs; EVA then proves the absence of run-time errors (overflow to Inf, NaN,
 * invalid sqrt, division by zero, invalid memory access, signed overflow) for every input in the box, or
 * reports an alarm. The box (finite inputs only: the kernels reject NaN/Inf before any arithmetic, and that
 * path is covered by WP's status behaviors):
 *
 *   positions, stations, frame origins, velocities, angular velocities,
 *   accelerations, angular accelerations, multipliers, heights, q, qdot, qdotdot   |x| <= MAG = 1e6
 *   radii, lengths, half-lengths                                                    [RMIN, MAG] = [1e-6, 1e6]
 *   rotation matrices (body orientations, fixed frames)                             every entry in [-1, 1]
 *   unit vectors (plane normals)                                                    every component in [-1, 1]
 *
 * The rotation and unit boxes contain every matrix that passes ccref_is_rotation and every vector that passes
 * ccref_check_unit (their entries are within 1e-12 of the unit sphere's, hence within [-1 - 1e-12, 1 + 1e-12];
 * the box uses the closed [-1, 1], see proofs/README.md for the margin), so an alarm-free run covers every
 * accepted input in the box. Relations EVA cannot represent (orthonormality, |n| = 1) are not assumed, which
 * only makes the analysis more pessimistic; where a bound needs them, the kernel states it as an ACSL
 * assertion proved by WP and EVA uses it (listed in proofs/README.md). */
#include "__fc_builtin.h"
#include "ccref.h"
#include "ccref_handle.h"
#include "ccref_kinds.h"
#include "ccref_unilateral.h"

#define MAG 1000000.0
#define RMIN 0.000001

static double any(void) { return Frama_C_double_interval(-MAG, MAG); }
static double any_positive(void) { return Frama_C_double_interval(RMIN, MAG); }
static double any_unit_component(void) { return Frama_C_double_interval(-1.0, 1.0); }

static ccref_vec3 any_vec(void)
{
    ccref_vec3 v;
    v.x = any();
    v.y = any();
    v.z = any();
    return v;
}

static ccref_vec3 any_unit(void)
{
    ccref_vec3 v;
    v.x = any_unit_component();
    v.y = any_unit_component();
    v.z = any_unit_component();
    return v;
}

static ccref_mat3 any_rotation(void)
{
    ccref_mat3 R;
    R.m[0][0] = any_unit_component(); R.m[0][1] = any_unit_component(); R.m[0][2] = any_unit_component();
    R.m[1][0] = any_unit_component(); R.m[1][1] = any_unit_component(); R.m[1][2] = any_unit_component();
    R.m[2][0] = any_unit_component(); R.m[2][1] = any_unit_component(); R.m[2][2] = any_unit_component();
    return R;
}

static ccref_body any_body(void)
{
    ccref_body b;
    b.R = any_rotation();
    b.p = any_vec();
    b.w = any_vec();
    b.v = any_vec();
    b.b = any_vec();
    b.a = any_vec();
    return b;
}

static ccref_frame any_frame(void)
{
    ccref_frame f;
    f.R = any_rotation();
    f.p = any_vec();
    return f;
}

/* All n multipliers of the array l are set (a case's CCREF_MAX_ROWS, a contact case's 3); the kernels read the first
 * n_lambda of them. */
static void any_lambda(double *l, int n)
{
    for (int i = 0; i < n; i++)
        l[i] = any();
}

static int any_flag(void) { return Frama_C_interval(0, 1); }

/* A parameter of a kind or class anywhere in its box, by its type in the table ccref_kinds.h. */
#define EVA_ANY_SCALAR any()
#define EVA_ANY_RADIUS any_positive()
#define EVA_ANY_LENGTH any_positive()
#define EVA_ANY_VEC3 any_vec()
#define EVA_ANY_UNIT any_unit()
#define EVA_ANY_FRAME any_frame()
#define EVA_ANY_ROLLING any_flag()
#define EVA_SET(p, member, TYPE, LO, HI) p.member = EVA_ANY_##TYPE;

/* One entry per kind, eva_<kind>(): its parameters, state and multipliers in the box, the kernel called once with
 * as many multipliers as the case has rows. */
#define EVA_CALL_BODIES(kind, n)                                                                                       \
    ccref_body b1 = any_body(), b2 = any_body();                                                                       \
    double l[CCREF_MAX_ROWS];                                                                                          \
    any_lambda(l, CCREF_MAX_ROWS);                                                                                     \
    ccref_##kind##_result r;                                                                                           \
    ccref_##kind##_eval(&p, &b1, &b2, l, n, &r);
#define EVA_CALL_COORDINATE(kind, n)                                                                                   \
    ccref_coordinate q;                                                                                                \
    q.q = any();                                                                                                       \
    q.qdot = any();                                                                                                    \
    q.qdotdot = any();                                                                                                 \
    double l[CCREF_MAX_ROWS];                                                                                          \
    any_lambda(l, CCREF_MAX_ROWS);                                                                                     \
    ccref_##kind##_result r;                                                                                           \
    ccref_##kind##_eval(&p, &q, l, n, &r);
#define EVA_KIND_ENTRY(KIND, kind, ABBR, STATE, MP, MV, WELL)                                                          \
    void eva_##kind(void)                                                                                              \
    {                                                                                                                  \
        ccref_##kind##_params p;                                                                                       \
        CCREF_PARAMS_##kind(EVA_SET, p)                                                                                \
        EVA_CALL_##STATE(kind, (size_t)(MP + CCREF_MV_ROWS_##MV(&p)))                                                  \
    }
CCREF_KINDS(EVA_KIND_ENTRY)

/* The dispatcher: every kind with its own parameters in the box, and one kind out of range (with ball's). */
#define EVA_KIND_PARAMS(KIND, kind, ...)                                                                               \
    case CCREF_KIND_##KIND: CCREF_PARAMS_##kind(EVA_SET, c.params.kind) break;
static ccref_case any_case(ccref_kind kind)
{
    ccref_case c;
    c.kind = kind;
    switch (kind) {
    CCREF_KINDS(EVA_KIND_PARAMS)
    default: CCREF_PARAMS_ball(EVA_SET, c.params.ball) break;
    }
    c.body1 = any_body();
    c.body2 = any_body();
    c.coordinate.q = any();
    c.coordinate.qdot = any();
    c.coordinate.qdotdot = any();
    any_lambda(c.lambda, CCREF_MAX_ROWS);
    c.n_lambda = (size_t)Frama_C_interval(0, CCREF_MAX_ROWS);
    return c;
}

static void dispatch_one(ccref_kind kind)
{
    ccref_case c = any_case(kind);
    ccref_result r;
    ccref_eval(&c, &r);
    int mp, mv;
    ccref_case_rows(&c, &mp, &mv);
    ccref_kind_name(kind);
}

#define EVA_DISPATCH_ONE(KIND, ...) dispatch_one(CCREF_KIND_##KIND);
void eva_dispatch(void)
{
    CCREF_KINDS(EVA_DISPATCH_ONE)
    dispatch_one(CCREF_KIND_COUNT);
}

/* Speeds of the unilateral rules: 0, or in [RMIN, MAG] (like radii), or negative (rejected by the rules). A positive
 * speed below RMIN is outside the box: a subnormal min_cor_speed overflows the COR slope to Inf, which the rule
 * detects and reports as E_RESULT_OVERFLOW (tests/test_unilateral.c). */
static double any_speed(int which)
{
    return which == 0 ? 0.0 : which == 1 ? any_positive() : -any_positive();
}

/* The unilateral rules: any finite values, any sign, any tolerances (negative ones included), speeds as above. */
void eva_unilateral(void)
{
    ccref_unilateral_tolerances t;
    t.perr = any();
    t.verr = any();
    t.aerr = any();
    t.lambda = any();
    ccref_unilateral_condition cond;
    ccref_unilateral_classify(Frama_C_interval(-2, 2), any(), any(), any(), any(), &t, &cond);
    int proximal;
    ccref_unilateral_is_proximal(Frama_C_interval(-2, 2), any(), any(), &proximal);
    double cor, mu;
    ccref_cor_branch cb;
    ccref_cof_branch fb;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            for (int k = 0; k < 3; k++) {
                ccref_effective_cor_branch(any(), any_speed(i), any_speed(j), any_speed(k), &cor, &cb);
                ccref_effective_cof_branch(any(), any(), any(), any_speed(i), any_speed(j), &mu, &fb);
            }
    ccref_unilateral_condition_name((ccref_unilateral_condition)Frama_C_interval(0, CCREF_UNI_CONDITION_COUNT));
}

/* The contact classes: each class with its own parameters in the box (and one class out of range), material
 * coefficients anywhere in the box, speeds 0 or in [RMIN, MAG] (the rules alone are analysed with negative and
 * zero speeds too, in eva_unilateral). */
#define EVA_CLASS_PARAMS(CLASS, cls, prm, ...)                                                                         \
    case CCREF_CONTACT_##CLASS: CCREF_CONTACT_PARAMS_##prm(EVA_SET, c.params.prm) break;
static ccref_contact_case any_contact_case(ccref_contact_class cls, int zero_speeds)
{
    ccref_contact_case c;
    c.cls = cls;
    switch (cls) {
    CCREF_CONTACTS(EVA_CLASS_PARAMS)
    default: CCREF_CONTACT_PARAMS_edge_edge(EVA_SET, c.params.edge_edge) break;
    }
    c.body1 = any_body();
    c.body2 = any_body();
    c.coordinate.q = any();
    c.coordinate.qdot = any();
    c.coordinate.qdotdot = any();
    c.material.min_cor = any();
    c.material.mu_s = any();
    c.material.mu_d = any();
    c.material.mu_v = any();
    c.speeds.capture_speed = zero_speeds ? 0.0 : any_positive();
    c.speeds.min_cor_speed = zero_speeds ? 0.0 : any_positive();
    c.speeds.transition_speed = zero_speeds ? 0.0 : any_positive();
    any_lambda(c.lambda, 3);
    c.n_lambda = (size_t)Frama_C_interval(0, 3);
    return c;
}

static void contact_one(ccref_contact_class cls, int zero_speeds)
{
    ccref_contact_case c = any_contact_case(cls, zero_speeds);
    ccref_contact_result r;
    ccref_contact_eval(&c, &r);
    ccref_contact_class_name(cls);
}

void eva_contacts(void)
{
#define EVA_CONTACT_ONE(CLASS, ...) contact_one(CCREF_CONTACT_##CLASS, z);
    for (int z = 0; z < 2; z++) {
        CCREF_CONTACTS(EVA_CONTACT_ONE)
        contact_one(CCREF_CONTACT_COUNT, z);
    }
}

/* The Constraint handle (handle.c): every kind on the dispatcher's box (and one kind out of range), then the NULL
 * arguments; each call evaluates the case and its probes (the kernel at scaled velocities, every scale of the ladder),
 * so the box covers the probes: their velocities are the case's times 2^-k or 2^-k e_j, within the box. Then the flat
 * layout on every slot. */
void eva_handle_case(void)
{
    ccref_handle h;
#define EVA_HANDLE_CASE_ONE(KIND, ...)                                                                                 \
    {                                                                                                                  \
        ccref_case c = any_case(CCREF_KIND_##KIND);                                                                    \
        ccref_handle_case(&c, &h);                                                                                     \
    }
    CCREF_KINDS(EVA_HANDLE_CASE_ONE)
    ccref_case c = any_case(CCREF_KIND_COUNT);
    ccref_handle_case(&c, &h);
    ccref_handle_case(NULL, &h);
    ccref_handle_case(&c, NULL);
    double v[CCREF_HSLOT_N];
    ccref_flatten_handle(&h, v);
    int slot = Frama_C_interval(-1, CCREF_HSLOT_N);
    /* One call per mp: the name of row r >= mp is V's row r - mp, which EVA, non-relational, bounds below by 0 only
     * when mp is one value. */
    for (int mp = 0; mp <= CCREF_MAX_ROWS + 1; mp++) {
        ccref_handle_output_name(mp, any_flag(), slot);
        ccref_handle_output_slot(mp, any_flag(), "constraint.V[4][11]");
    }
    ccref_handle_output_slot(1, 0, NULL);
    ccref_handle_slot_in_use(slot, Frama_C_interval(0, CCREF_MAX_ROWS), Frama_C_interval(0, CCREF_MAX_ROWS), Frama_C_interval(0, 12));
}

/* The same for the contact classes, on eva_contacts' box (the rule speeds 0 or in the box; each probe sets them to
 * 2^1000), one class out of range, and the NULL arguments. */
void eva_handle_contact(void)
{
    ccref_handle h;
#define EVA_HANDLE_CONTACT_ONE(CLASS, ...)                                                                             \
    {                                                                                                                  \
        ccref_contact_case c = any_contact_case(CCREF_CONTACT_##CLASS, z);                                             \
        ccref_handle_contact(&c, &h);                                                                                  \
    }
    for (int z = 0; z < 2; z++) {
        CCREF_CONTACTS(EVA_HANDLE_CONTACT_ONE)
        ccref_contact_case c = any_contact_case(CCREF_CONTACT_COUNT, z);
        ccref_handle_contact(&c, &h);
    }
    ccref_handle_contact(NULL, &h);
    ccref_contact_case c = any_contact_case(CCREF_CONTACT_ROPE, 0);
    ccref_handle_contact(&c, NULL);
}

int main(void)
{
#define EVA_KIND_CALL(KIND, kind, ...) eva_##kind();
    CCREF_KINDS(EVA_KIND_CALL)
    eva_dispatch();
    eva_unilateral();
    eva_contacts();
    eva_handle_case();
    eva_handle_contact();
    return 0;
}
