/* common.c: see common.h. */
#include <math.h>
#include <string.h>

#include "common.h"

/*@ assigns \nothing;
    ensures \result != 0 <==> (s == CCREF_OK || s == CCREF_OK_SINGULAR_DIRECTION || s == CCREF_OK_PARALLEL_EDGES); */
int ccref_status_ok(ccref_status s) { return s == CCREF_OK || s == CCREF_OK_SINGULAR_DIRECTION || s == CCREF_OK_PARALLEL_EDGES; }

/*@ assigns \nothing; ensures \result != \null; */
const char *ccref_status_name(ccref_status s)
{
    switch (s) {
    case CCREF_OK: return "OK";
    case CCREF_OK_SINGULAR_DIRECTION: return "OK_SINGULAR_DIRECTION";
    case CCREF_OK_PARALLEL_EDGES: return "OK_PARALLEL_EDGES";
    case CCREF_E_NULL_ARGUMENT: return "E_NULL_ARGUMENT";
    case CCREF_E_NONFINITE_INPUT: return "E_NONFINITE_INPUT";
    case CCREF_E_NOT_ROTATION: return "E_NOT_ROTATION";
    case CCREF_E_NONPOSITIVE_RADIUS: return "E_NONPOSITIVE_RADIUS";
    case CCREF_E_NONPOSITIVE_LENGTH: return "E_NONPOSITIVE_LENGTH";
    case CCREF_E_ZERO_DIRECTION: return "E_ZERO_DIRECTION";
    case CCREF_E_NOT_UNIT_VECTOR: return "E_NOT_UNIT_VECTOR";
    case CCREF_E_LAMBDA_COUNT: return "E_LAMBDA_COUNT";
    case CCREF_E_RESULT_OVERFLOW: return "E_RESULT_OVERFLOW";
    case CCREF_E_UNKNOWN_KIND: return "E_UNKNOWN_KIND";
    case CCREF_E_BAD_SIGN: return "E_BAD_SIGN";
    case CCREF_E_NEGATIVE_TOLERANCE: return "E_NEGATIVE_TOLERANCE";
    case CCREF_E_COR_OUT_OF_RANGE: return "E_COR_OUT_OF_RANGE";
    case CCREF_E_NEGATIVE_SPEED: return "E_NEGATIVE_SPEED";
    case CCREF_E_SPEED_ORDER: return "E_SPEED_ORDER";
    case CCREF_E_NEGATIVE_FRICTION: return "E_NEGATIVE_FRICTION";
    case CCREF_E_FRICTION_ORDER: return "E_FRICTION_ORDER";
    }
    return "E_UNKNOWN_STATUS";
}

/*@ assigns \nothing;
    ensures exact: real_model ==> mcols(\result.R, vmk(1.0, 0.0, 0.0), vmk(0.0, 1.0, 0.0), vmk(0.0, 0.0, 1.0));
    ensures vzeroed(\result.p) && vzeroed(\result.w) && vzeroed(\result.v) && vzeroed(\result.b) &&
            vzeroed(\result.a); */
ccref_body ccref_body_ground(void)
{
    /* Field by field rather than memset, so that WP sees every value. */
    ccref_body g;
    g.R = m3_from_columns(v3(1.0, 0.0, 0.0), v3(0.0, 1.0, 0.0), v3(0.0, 0.0, 1.0));
    g.p = g.w = g.v = g.b = g.a = v3_zero();
    return g;
}

int ccref_is_rotation(const ccref_mat3 *R)
{
    ccref_vec3 c0 = m3_column(R, 0), c1 = m3_column(R, 1), c2 = m3_column(R, 2);
    /* The six distinct entries of the symmetric R^T R - I. */
    double e00 = v3_dot(c0, c0) - 1.0, e11 = v3_dot(c1, c1) - 1.0, e22 = v3_dot(c2, c2) - 1.0;
    double e01 = v3_dot(c0, c1), e02 = v3_dot(c0, c2), e12 = v3_dot(c1, c2);
    if (!(fabs(e00) <= CCREF_ROTATION_TOL && fabs(e11) <= CCREF_ROTATION_TOL && fabs(e22) <= CCREF_ROTATION_TOL &&
          fabs(e01) <= CCREF_ROTATION_TOL && fabs(e02) <= CCREF_ROTATION_TOL && fabs(e12) <= CCREF_ROTATION_TOL))
        return 0;
    /* With orthonormal columns det is +-1 up to the tolerance; the sign separates rotations from reflections. */
    return v3_dot(c0, v3_cross(c1, c2)) > 0.0;
}

int ccref_values_are_finite(const double *x, size_t n)
{
    /*@ loop invariant 0 <= i <= n;
        loop invariant afinite((double *)x, i);
        loop assigns i; loop variant n - i; */
    for (size_t i = 0; i < n; i++)
        if (!isfinite(x[i]))
            return 0;
    return 1;
}

/* Row by row: the same nine tests in the same order as one pass over the 9 doubles, in a form WP's typed
 * memory model can follow (it does not view a double[3][3] as a double[9]). */
int ccref_mat3_is_finite(const ccref_mat3 *R)
{
    //@ ghost lemma_mat3_entries(R);
    return ccref_values_are_finite(R->m[0], 3) && ccref_values_are_finite(R->m[1], 3) &&
           ccref_values_are_finite(R->m[2], 3);
}

int ccref_body_is_finite(const ccref_body *b)
{
    return ccref_mat3_is_finite(&b->R) && v3_is_finite(b->p) && v3_is_finite(b->w) && v3_is_finite(b->v) &&
           v3_is_finite(b->b) && v3_is_finite(b->a);
}

int ccref_frame_is_finite(const ccref_frame *f) { return ccref_mat3_is_finite(&f->R) && v3_is_finite(f->p); }

ccref_status ccref_check_lambda(const double *lambda, size_t n_lambda, size_t expected)
{
    if (n_lambda != expected)
        return CCREF_E_LAMBDA_COUNT;
    if (n_lambda > 0 && lambda == NULL)
        return CCREF_E_NULL_ARGUMENT;
    if (!ccref_values_are_finite(lambda, n_lambda))
        return CCREF_E_NONFINITE_INPUT;
    return CCREF_OK;
}

ccref_status ccref_check_unit(ccref_vec3 n)
{
    if (!v3_is_finite(n))
        return CCREF_E_NONFINITE_INPUT;
    double n2 = v3_norm_sq(n);
    if (n.x == 0.0 && n.y == 0.0 && n.z == 0.0)
        return CCREF_E_ZERO_DIRECTION;
    if (!(fabs(n2 - 1.0) <= CCREF_UNIT_TOL))
        return CCREF_E_NOT_UNIT_VECTOR;
    return CCREF_OK;
}

/* What ccref_unit ensures (its three ensures in common.h), as one predicate for the two helpers below. */
/*@ predicate normalised(ccref_vec3 r, ccref_vec3 a) =
      r == unit(a) && vnorm2(r) == 1.0 && \forall ccref_vec3 v; vdot(a, v) == 0.0 ==> vdot(r, v) == 0.0; */

/* The division of a normalisation, a / n, with n = sqrt(a.a) computed by the caller. */
/*@ requires exact: norm: real_model ==> n == vnorm(a) && n > 0.0 && n * n == vnorm2(a);
    assigns \nothing;
    ensures exact: normalised: real_model ==> normalised(\result, a); */
static ccref_vec3 unit_divide(ccref_vec3 a, double n)
{
    //@ ghost lemma_unit_norm(a, n);
    //@ assert exact: unit_norm: real_model ==> (a.x / n) * (a.x / n) + (a.y / n) * (a.y / n) + (a.z / n) * (a.z / n) == 1.0;
    //@ assert exact: scaled_dot: real_model ==> \forall ccref_vec3 v; vdot(vmk(a.x / n, a.y / n, a.z / n), v) == vdot(a, v) / n;
    return v3(a.x / n, a.y / n, a.z / n);
}

ccref_vec3 ccref_unit(ccref_vec3 a)
{
    double n = sqrt(v3_norm_sq(a));
    //@ assert exact: norm: real_model ==> n == vnorm(a) && n > 0.0 && n * n == vnorm2(a);
    return unit_divide(a, n);
}

/* ccref_unit for the vectors of the contact frames, whose norm the callers prove >= 0.5. */
/*@ requires exact: long: real_model ==> vnorm2(a) >= 0.25;
    assigns errno;  // Frama-C's libc sqrt may set errno (EDOM); the build has -fno-math-errno
    ensures exact: normalised: real_model ==> normalised(\result, a); */
static ccref_vec3 unit_of_long(ccref_vec3 a)
{
    double n = sqrt(v3_norm_sq(a));
    //@ assert exact: norm: real_model ==> n == vnorm(a) && n > 0.0 && n * n == vnorm2(a);
    //@ assert exact: norm_bound: real_model ==> n >= 0.4;
    /* Never taken: n is within a few ulp of |a| >= 0.5. The test makes the divisor's domain a fact EVA establishes
     * itself (non-relational, it sees a box around 0 for a) instead of an assertion it would have to assume
     * (proofs/README.md, "EVA and the divisors"). */
    if (!(n >= 0.4))
        return v3(0.0, 0.0, 0.0);
    return unit_divide(a, n);
}

/* Ghost lemma (proof only; not compiled): |s| <= |t| implies s^2 <= t^2, proved once here without the caller's
 * context, then applied by a ghost call. */
/*@ ghost
  /@ assigns \nothing;
     ensures exact: real_model ==> (\abs(s) <= \abs(t) ==> s * s <= t * t); @/
  static void lemma_square_monotonic(double s, double t) { }
*/

ccref_vec3 ccref_perp(ccref_vec3 z)
{
    double u0 = fabs(z.x), u1 = fabs(z.y), u2 = fabs(z.z);
    int k = (u0 <= u1) ? (u0 <= u2 ? 0 : 2) : (u1 <= u2 ? 1 : 2);
    ccref_vec3 e = v3(k == 0 ? 1.0 : 0.0, k == 1 ? 1.0 : 0.0, k == 2 ? 1.0 : 0.0);
    ccref_vec3 c = v3_cross(z, e);
    //@ assert exact: axis: real_model ==> e == perp_axis(z);
    //@ assert axis_unit: vnorm2(e) == 1.0;
    /*@ assert exact: axis_smallest: real_model ==>
          \abs(vdot(z, e)) <= \abs(z.x) && \abs(vdot(z, e)) <= \abs(z.y) && \abs(vdot(z, e)) <= \abs(z.z); */
    //@ ghost lemma_square_monotonic(z.x * e.x + z.y * e.y + z.z * e.z, z.x);
    //@ ghost lemma_square_monotonic(z.x * e.x + z.y * e.y + z.z * e.z, z.y);
    //@ ghost lemma_square_monotonic(z.x * e.x + z.y * e.y + z.z * e.z, z.z);
    /*@ assert exact: axis_component: real_model ==>
          vdot(z, e) * vdot(z, e) <= z.x * z.x && vdot(z, e) * vdot(z, e) <= z.y * z.y &&
          vdot(z, e) * vdot(z, e) <= z.z * z.z; */
    //@ assert exact: nonzero: real_model ==> vnorm2(c) >= 0.25;
    return unit_of_long(c);
}

ccref_mat3 ccref_rotation_from_z(ccref_vec3 z)
{
    ccref_vec3 x = ccref_perp(z);
    ccref_vec3 c = v3_cross(z, x);
    ccref_vec3 y = unit_of_long(c);
    return m3_from_columns(x, y, z);
}

/* ccref_output_init writes every row by name: a compile-time check (an array type of negative size when it fails; not
 * C11's _Static_assert, which Frama-C 25 reads only with -c11) that it names them all. */
typedef char output_init_names_every_row[CCREF_MAX_ROWS == 6 ? 1 : -1];

void ccref_output_init(ccref_output *o, int mp, int mv)
{
    /* Field by field into a value, then one store, rather than memset: WP sees every value. */
    ccref_output z;
    z.mp = mp;
    z.mv = mv;
    z.perr[0] = z.perr[1] = z.perr[2] = z.perr[3] = z.perr[4] = z.perr[5] = 0.0; /* CCREF_MAX_ROWS == 6 */
    z.verr[0] = z.verr[1] = z.verr[2] = z.verr[3] = z.verr[4] = z.verr[5] = 0.0;
    z.aerr[0] = z.aerr[1] = z.aerr[2] = z.aerr[3] = z.aerr[4] = z.aerr[5] = 0.0;
    z.force_on_body1.moment = z.force_on_body1.force = v3_zero();
    z.force_on_body2.moment = z.force_on_body2.force = v3_zero();
    z.deviations = 0u;
    *o = z;
}

/*@ requires \valid_read(F); assigns \nothing; ensures \result != 0 <==> sffinite(*F); */
static int spatial_force_is_finite(const ccref_spatial_force *F) { return v3_is_finite(F->moment) && v3_is_finite(F->force); }

int ccref_output_is_finite(const ccref_output *o)
{
    return ccref_values_are_finite(o->perr, CCREF_MAX_ROWS) && ccref_values_are_finite(o->verr, CCREF_MAX_ROWS) &&
           ccref_values_are_finite(o->aerr, CCREF_MAX_ROWS) && spatial_force_is_finite(&o->force_on_body1) &&
           spatial_force_is_finite(&o->force_on_body2);
}
