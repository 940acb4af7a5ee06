/* caseio.c: see caseio.h. JSON parsing is jansson's; this file maps its values onto the case structs. */
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "caseio.h"
#include "numfmt.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* ------------------------------------------------------------------ suites */

static const char *const rule_names[] = {"effective_cor", "effective_cof", "unilateral_classify"};

const char *suite_name(int suite)
{
    if (suite < 0 || suite >= SUITE_COUNT)
        return NULL;
    if (suite < SUITE_FIRST_CONTACT)
        return ccref_kind_name((ccref_kind)suite);
    if (suite < SUITE_FIRST_RULE)
        return ccref_contact_class_name((ccref_contact_class)(suite - SUITE_FIRST_CONTACT));
    return rule_names[suite - SUITE_FIRST_RULE];
}

int suite_from_name(const char *name)
{
    for (int s = 0; name != NULL && s < SUITE_COUNT; s++)
        if (strcmp(suite_name(s), name) == 0)
            return s;
    return -1;
}

ccref_body *case_body(const cli_case *c, int i)
{
    cli_case *m = (cli_case *)c; /* a body of the caller's case: writable when the caller's case is */
    if (suite_type_of(c->suite) == SUITE_TYPE_KIND)
        return c->u.k.kind == CCREF_KIND_CONSTANT_COORDINATE ? NULL : i == 1 ? &m->u.k.body1 : &m->u.k.body2;
    if (suite_type_of(c->suite) == SUITE_TYPE_CONTACT) {
        int stop = c->u.c.cls == CCREF_CONTACT_HARD_STOP_UPPER || c->u.c.cls == CCREF_CONTACT_HARD_STOP_LOWER;
        return i == 1 ? &m->u.c.body1 : stop ? NULL : &m->u.c.body2;
    }
    return NULL;
}

/* The published suites in the order their tests' random streams are numbered by (cli/families.c): a suite added to
 * the library takes a number after them, so that no published test changes (weld: generator 2.3). */
static const char *const published_order[] = {
    "ball", "rod", "point_in_plane", "constant_coordinate", "sphere_on_plane", "ball_rolling_on_plane",
    "sphere_on_sphere", "point_on_plane", "line_on_line", "hard_stop_upper", "hard_stop_lower", "rope",
    "point_plane_frictionless", "point_plane", "sphere_plane", "sphere_sphere", "edge_edge", "effective_cor",
    "effective_cof", "unilateral_classify", "weld"};
/* The suites of the library that the published vectors do not hold yet, in the order they were added (none now;
 * NULL ends the list). */
static const char *const unpublished_order[] = {NULL};
#define UNPUBLISHED_COUNT (ARRAY_SIZE(unpublished_order) - 1)
typedef char every_suite_has_a_stream[ARRAY_SIZE(published_order) + UNPUBLISHED_COUNT == SUITE_COUNT ? 1 : -1];

int suite_published(int suite)
{
    for (size_t i = 0; suite_name(suite) != NULL && i < ARRAY_SIZE(published_order); i++)
        if (strcmp(published_order[i], suite_name(suite)) == 0)
            return 1;
    return 0;
}

int suite_stream(int suite)
{
    const char *name = suite_name(suite);
    int n = (int)ARRAY_SIZE(published_order);
    for (int i = 0; name != NULL && i < n; i++)
        if (strcmp(published_order[i], name) == 0)
            return i;
    for (int i = 0; name != NULL && i < (int)UNPUBLISHED_COUNT; i++)
        if (strcmp(unpublished_order[i], name) == 0)
            return n + i;
    return -1;
}

suite_type suite_type_of(int suite)
{
    return suite < SUITE_FIRST_CONTACT ? SUITE_TYPE_KIND
           : suite < SUITE_FIRST_RULE  ? SUITE_TYPE_CONTACT
                                       : SUITE_TYPE_RULE;
}

ccref_kind suite_kind(int suite) { return (ccref_kind)suite; }
ccref_contact_class suite_class(int suite) { return (ccref_contact_class)(suite - SUITE_FIRST_CONTACT); }

/* ------------------------------------------------------------------ errors and paths */

int read_fail(read_error *e, const char *field, const char *fmt, ...)
{
    snprintf(e->field, sizeof e->field, "%s", field);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->message, sizeof e->message, fmt, ap);
    va_end(ap);
    e->column = 0;
    return -1;
}

/* dst = the concatenation of the parts, truncated to FIELD_MAX - 1 characters (field paths are short in practice;
 * copied by hand so that the compiler's truncation warnings do not apply). */
static void path_cat(char dst[FIELD_MAX], const char *a, const char *sep, const char *b)
{
    const char *parts[3] = {a, sep, b};
    size_t n = 0;
    for (int i = 0; i < 3; i++)
        for (const char *p = parts[i]; *p && n < FIELD_MAX - 1; p++)
            dst[n++] = *p;
    dst[n] = '\0';
}

static void path_key(char dst[FIELD_MAX], const char *prefix, const char *key)
{
    path_cat(dst, prefix, *prefix ? "." : "", key);
}

static void path_index(char dst[FIELD_MAX], const char *a, size_t i)
{
    char idx[32];
    snprintf(idx, sizeof idx, "[%zu]", i);
    path_cat(dst, a, "", idx);
}

/* Every key of obj must be in the NULL-terminated list `known`; the error names the first that is not. */
static int known_keys(json_t *obj, const char *prefix, const char *const *known, read_error *e)
{
    const char *key;
    json_t *v;
    json_object_foreach(obj, key, v) {
        int ok = 0;
        for (const char *const *k = known; *k; k++)
            ok |= strcmp(*k, key) == 0;
        if (!ok) {
            char field[FIELD_MAX], list[200] = "";
            path_key(field, prefix, key);
            for (const char *const *k = known; *k; k++) {
                size_t l = strlen(list);
                snprintf(list + l, sizeof list - l, "%s%s", l ? ", " : "", *k);
            }
            return read_fail(e, field, "unknown key \"%s\" (expected one of: %s)", key, list);
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ values */

static int read_number(json_t *j, const char *field, double *out, read_error *e)
{
    if (json_is_number(j)) {
        *out = json_number_value(j);
        return 0;
    }
    if (json_is_string(j)) {
        const char *s = json_string_value(j);
        if (strlen(s) != json_string_length(j))
            return read_fail(e, field, "a NUL byte inside the number string");
        if (parse_double(s, out) == 0)
            return 0;
        return read_fail(e, field, "not a number: \"%s\" (expected a JSON number or a string such as \"0x1.8p+1\", "
                                   "\"nan\", \"inf\")", s);
    }
    return read_fail(e, field, "expected a number or a numeric string");
}

static int read_array(json_t *j, const char *field, double *out, size_t n, read_error *e)
{
    if (!json_is_array(j) || json_array_size(j) != n)
        return read_fail(e, field, "expected an array of %zu numbers", n);
    for (size_t i = 0; i < n; i++) {
        char sub[FIELD_MAX];
        path_index(sub, field, i);
        if (read_number(json_array_get(j, i), sub, &out[i], e))
            return -1;
    }
    return 0;
}

static int read_vec3(json_t *j, const char *field, ccref_vec3 *v, read_error *e)
{
    double a[3];
    if (read_array(j, field, a, 3, e))
        return -1;
    v->x = a[0];
    v->y = a[1];
    v->z = a[2];
    return 0;
}

static int read_mat3(json_t *j, const char *field, ccref_mat3 *m, read_error *e)
{
    if (!json_is_array(j) || json_array_size(j) != 3)
        return read_fail(e, field, "expected 3 rows of 3 numbers");
    for (size_t i = 0; i < 3; i++) {
        char sub[FIELD_MAX];
        path_index(sub, field, i);
        if (read_array(json_array_get(j, i), sub, m->m[i], 3, e))
            return -1;
    }
    return 0;
}

/* R from a quaternion q = [w, x, y, z] (spec/vectors.md, "Quaternions"): q is divided by its norm, then
 * R = [[w2+x2-y2-z2, 2(xy-wz), 2(xz+wy)], [2(xy+wz), w2-x2+y2-z2, 2(yz-wx)], [2(xz-wy), 2(yz+wx), w2-x2-y2+z2]]
 * (the form of Simbody's Rotation::setRotationFromQuaternion), each product and sum rounded in that order. */
static int quaternion_rotation(const double q[4], const char *field, ccref_mat3 *R, read_error *e)
{
    double n2 = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3];
    if (!(n2 > 0.0) || !isfinite(n2))
        return read_fail(e, field, "a quaternion must be finite and nonzero (its norm squared is %g)", n2);
    double n = sqrt(n2);
    double w = q[0] / n, x = q[1] / n, y = q[2] / n, z = q[3] / n;
    double ww = w * w, xx = x * x, yy = y * y, zz = z * z;
    double wx = w * x, wy = w * y, wz = w * z, xy = x * y, xz = x * z, yz = y * z;
    ccref_mat3 r = {{{ww + xx - yy - zz, 2 * (xy - wz), 2 * (xz + wy)},
                     {2 * (xy + wz), ww - xx + yy - zz, 2 * (yz - wx)},
                     {2 * (xz - wy), 2 * (yz + wx), ww - xx - yy + zz}}};
    *R = r;
    return 0;
}

/* An orientation: "R" (rows) or "q" ([w, x, y, z]); exactly one. *from_q = 1 for a quaternion. With partial,
 * neither is required. */
static int read_orientation(json_t *obj, const char *prefix, ccref_mat3 *R, int *from_q, int partial, read_error *e)
{
    json_t *jR = json_object_get(obj, "R"), *jq = json_object_get(obj, "q");
    char field[FIELD_MAX];
    *from_q = 0;
    if (jR && jq) {
        path_key(field, prefix, "q");
        return read_fail(e, field, "give the orientation once: \"R\" or \"q\", not both");
    }
    if (jR) {
        path_key(field, prefix, "R");
        return read_mat3(jR, field, R, e);
    }
    if (jq) {
        double q[4];
        path_key(field, prefix, "q");
        if (read_array(jq, field, q, 4, e) || quaternion_rotation(q, field, R, e))
            return -1;
        *from_q = 1;
        return 0;
    }
    if (partial)
        return 0;
    path_key(field, prefix, "R");
    return read_fail(e, field, "missing (give \"R\", rows of R_GB, or \"q\", a quaternion [w, x, y, z])");
}

static int read_frame(json_t *j, const char *field, ccref_frame *f, int *from_q, int partial, read_error *e)
{
    static const char *const keys[] = {"R", "q", "p", NULL};
    if (!json_is_object(j))
        return read_fail(e, field, "expected an object {\"R\": MAT3 or \"q\": [w,x,y,z], \"p\": VEC3}");
    if (known_keys(j, field, keys, e) || read_orientation(j, field, &f->R, from_q, partial, e))
        return -1;
    json_t *p = json_object_get(j, "p");
    char sub[FIELD_MAX];
    path_key(sub, field, "p");
    if (p == NULL)
        return partial ? 0 : read_fail(e, sub, "missing");
    return read_vec3(p, sub, &f->p, e);
}

static int is_ground_text(json_t *j) { return json_is_string(j) && strcmp(json_string_value(j), "ground") == 0; }

static int read_body(json_t *j, const char *field, ccref_body *b, int *from_q, int partial, read_error *e)
{
    static const char *const keys[] = {"R", "q", "p", "w", "v", "b", "a", NULL};
    static const struct { const char *key; size_t off; } parts[] = {
        {"p", offsetof(ccref_body, p)}, {"w", offsetof(ccref_body, w)}, {"v", offsetof(ccref_body, v)},
        {"b", offsetof(ccref_body, b)}, {"a", offsetof(ccref_body, a)}};
    *from_q = 0;
    if (is_ground_text(j)) {
        *b = ccref_body_ground();
        return 0;
    }
    if (!json_is_object(j))
        return read_fail(e, field, "expected \"ground\" or a body object {\"R\" or \"q\", \"p\", \"w\", \"v\", "
                                   "\"b\", \"a\"}");
    if (!partial) {
        *b = ccref_body_ground();
        if (json_object_get(j, "p") == NULL) {
            char sub[FIELD_MAX];
            path_key(sub, field, "p");
            return read_fail(e, sub, "missing");
        }
    }
    if (known_keys(j, field, keys, e) || read_orientation(j, field, &b->R, from_q, partial, e))
        return -1;
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
        json_t *v = json_object_get(j, parts[i].key);
        if (v == NULL)
            continue; /* w, v, b, a default to zero */
        char sub[FIELD_MAX];
        path_key(sub, field, parts[i].key);
        if (read_vec3(v, sub, (ccref_vec3 *)((char *)b + parts[i].off), e))
            return -1;
    }
    return 0;
}

/* The integer range a FIELD_INT accepts (the sign of unilateral_classify: any int, checked by the library). */
static int read_field(json_t *j, const char *field, const field_desc *d, void *base, cli_case *c, int frame_index,
                      int partial, read_error *e)
{
    void *dst = (char *)base + d->offset;
    switch (d->type) {
    case FIELD_SCALAR: return read_number(j, field, dst, e);
    case FIELD_VEC3:
    case FIELD_UNIT: return read_vec3(j, field, dst, e);
    case FIELD_MAT3: return read_mat3(j, field, dst, e);
    case FIELD_FRAME: {
        int from_q;
        if (read_frame(j, field, dst, &from_q, partial, e))
            return -1;
        if (from_q)
            c->used |= USED_FRAME_R(frame_index);
        return 0;
    }
    case FIELD_BOOL:
        if (!json_is_boolean(j))
            return read_fail(e, field, "expected true or false");
        *(int *)dst = json_is_true(j);
        return 0;
    case FIELD_INT: {
        if (!json_is_integer(j))
            return read_fail(e, field, "expected an integer");
        json_int_t v = json_integer_value(j);
        if (v < INT_MIN || v > INT_MAX)
            return read_fail(e, field, "integer %lld out of range [%d, %d]", (long long)v, INT_MIN, INT_MAX);
        *(int *)dst = (int)v;
        return 0;
    }
    }
    return read_fail(e, field, "unsupported field type");
}

/* Fields a class does not read (spec/unilateral_contacts.md section 2): the frictionless classes take no friction
 * coefficients and no transition speed. They are accepted (as numbers) and ignored. */
static int field_optional(const cli_case *c, const char *block, const char *name)
{
    if (suite_type_of(c->suite) != SUITE_TYPE_CONTACT || ccref_contact_has_friction(suite_class(c->suite)))
        return 0;
    if (strcmp(block, "material") == 0)
        return strcmp(name, "mu_s") == 0 || strcmp(name, "mu_d") == 0 || strcmp(name, "mu_v") == 0;
    return strcmp(block, "speeds") == 0 && strcmp(name, "transition_speed") == 0;
}

/* Read the object root[key] into base through the field table; every field required unless partial or optional. */
static int read_block(json_t *root, const char *key, const field_desc *fields, void *base, cli_case *c, int partial,
                      read_error *e)
{
    json_t *obj = json_object_get(root, key);
    if (obj == NULL)
        return partial ? 0 : read_fail(e, key, "missing");
    if (!json_is_object(obj))
        return read_fail(e, key, "expected an object");
    const char *known[24];
    int n = 0;
    for (const field_desc *d = fields; d->name && n < 23; d++)
        known[n++] = d->name;
    known[n] = NULL;
    if (known_keys(obj, key, known, e))
        return -1;
    int frame_index = 0;
    for (const field_desc *d = fields; d->name; d++) {
        char field[FIELD_MAX];
        path_key(field, key, d->name);
        json_t *j = json_object_get(obj, d->name);
        int this_frame = frame_index;
        if (d->type == FIELD_FRAME)
            frame_index++;
        if (j == NULL) {
            if (partial || field_optional(c, key, d->name))
                continue;
            return read_fail(e, field, "missing");
        }
        if (read_field(j, field, d, base, c, this_frame, partial, e))
            return -1;
    }
    return 0;
}

static int read_named_body(json_t *root, const char *key, ccref_body *b, cli_case *c, int index, int partial,
                           read_error *e)
{
    json_t *j = json_object_get(root, key);
    if (j == NULL)
        return partial ? 0 : read_fail(e, key, "missing");
    int from_q;
    if (read_body(j, key, b, &from_q, partial, e))
        return -1;
    if (from_q)
        c->used |= USED_BODY_R(index);
    else if (!partial || json_object_get(j, "R") != NULL || is_ground_text(j))
        c->used &= ~USED_BODY_R(index);
    return 0;
}

static int read_coordinate(json_t *root, ccref_coordinate *q, cli_case *c, int partial, read_error *e)
{
    static const field_desc fields[] = {FIELD(ccref_coordinate, q, FIELD_SCALAR),
                                        FIELD(ccref_coordinate, qdot, FIELD_SCALAR),
                                        FIELD(ccref_coordinate, qdotdot, FIELD_SCALAR), FIELD_END};
    return read_block(root, "coordinate", fields, q, c, partial, e);
}

/* The multipliers into lambda, an array of cap doubles (a case's CCREF_MAX_ROWS, a contact case's 3): more than cap
 * is a read error, fewer than the kind's rows the kernel's E_LAMBDA_COUNT. */
static int read_lambda(json_t *root, double *lambda, size_t cap, size_t *n, int partial, read_error *e)
{
    json_t *j = json_object_get(root, "lambda");
    if (j == NULL)
        return partial ? 0 : read_fail(e, "lambda", "missing");
    if (!json_is_array(j) || json_array_size(j) > cap)
        return read_fail(e, "lambda", "expected an array of at most %zu numbers", cap);
    double tmp[CCREF_MAX_ROWS];
    size_t m = json_array_size(j);
    if (read_array(j, "lambda", tmp, m, e))
        return -1;
    memcpy(lambda, tmp, m * sizeof tmp[0]);
    *n = m;
    return 0;
}

/* What a suite's cases read besides parameters and multipliers (STATE_* bits; the rules: nothing). */
static unsigned suite_state(int suite)
{
    switch (suite_type_of(suite)) {
    case SUITE_TYPE_KIND: return cli_kind_fields(suite_kind(suite))->state;
    case SUITE_TYPE_CONTACT: return cli_contact_fields(suite_class(suite))->state;
    default: return 0;
    }
}

/* The top-level keys a suite reads. */
static const char *const *suite_keys(int suite)
{
    static const char *const kind_keys[] = {"id", "kind", "params", "body1", "body2", "lambda", "normalize", NULL};
    static const char *const cc_keys[] = {"id", "kind", "params", "coordinate", "lambda", "normalize", NULL};
    static const char *const contact_keys[] = {"id", "kind", "params", "body1", "body2", "lambda", "material",
                                               "speeds", "normalize", NULL};
    static const char *const stop_keys[] = {"id", "kind", "params", "body1", "coordinate", "lambda", "material",
                                            "speeds", "normalize", NULL};
    static const char *const rule_keys[] = {"id", "kind", "params", NULL};
    switch (suite_type_of(suite)) {
    case SUITE_TYPE_KIND: return suite_state(suite) & STATE_COORDINATE ? cc_keys : kind_keys;
    case SUITE_TYPE_CONTACT: return suite_state(suite) & STATE_COORDINATE ? stop_keys : contact_keys;
    default: return rule_keys;
    }
}

static const field_desc *suite_params(int suite)
{
    switch (suite_type_of(suite)) {
    case SUITE_TYPE_KIND: return cli_kind_fields(suite_kind(suite))->params;
    case SUITE_TYPE_CONTACT: return cli_contact_fields(suite_class(suite))->params;
    default:
        return suite == SUITE_EFFECTIVE_COR ? cli_cor_fields
               : suite == SUITE_EFFECTIVE_COF ? cli_cof_fields
                                              : cli_classify_fields;
    }
}

static void *params_base(cli_case *c)
{
    switch (suite_type_of(c->suite)) {
    case SUITE_TYPE_KIND: return &c->u.k.params;
    case SUITE_TYPE_CONTACT: return &c->u.c.params;
    default:
        return c->suite == SUITE_EFFECTIVE_COR ? (void *)&c->u.cor
               : c->suite == SUITE_EFFECTIVE_COF ? (void *)&c->u.cof
                                                 : (void *)&c->u.cl;
    }
}

/* Divide every unit-vector parameter by its norm ("normalize": true); a zero vector stays zero (the kernel then
 * answers E_ZERO_DIRECTION). */
static void normalize_units(cli_case *c)
{
    int j = 0;
    for (const field_desc *d = suite_params(c->suite); d->name; d++) {
        if (d->type != FIELD_UNIT)
            continue;
        ccref_vec3 *n = (ccref_vec3 *)((char *)params_base(c) + d->offset);
        double l = sqrt(n->x * n->x + n->y * n->y + n->z * n->z);
        if (l > 0.0 && isfinite(l)) {
            n->x /= l;
            n->y /= l;
            n->z /= l;
            c->used |= USED_UNIT(j);
        }
        j++;
    }
}

static int read_parts(json_t *root, cli_case *c, int partial, read_error *e)
{
    if (known_keys(root, "", suite_keys(c->suite), e))
        return -1;
    json_t *norm = json_object_get(root, "normalize");
    if (norm != NULL) {
        if (!json_is_boolean(norm))
            return read_fail(e, "normalize", "expected true or false");
        c->normalize = json_is_true(norm);
    }
    if (read_block(root, "params", suite_params(c->suite), params_base(c), c, partial, e))
        return -1;
    switch (suite_type_of(c->suite)) {
    case SUITE_TYPE_KIND: {
        ccref_case *k = &c->u.k;
        if (suite_state(c->suite) & STATE_COORDINATE) {
            if (read_coordinate(root, &k->coordinate, c, partial, e))
                return -1;
        } else if (read_named_body(root, "body1", &k->body1, c, 1, partial, e) ||
                   read_named_body(root, "body2", &k->body2, c, 2, partial, e)) {
            return -1;
        }
        if (read_lambda(root, k->lambda, ARRAY_SIZE(k->lambda), &k->n_lambda, partial, e))
            return -1;
        break;
    }
    case SUITE_TYPE_CONTACT: {
        ccref_contact_case *k = &c->u.c;
        int stop = (suite_state(c->suite) & STATE_COORDINATE) != 0;
        if (read_named_body(root, "body1", &k->body1, c, 1, partial, e))
            return -1;
        if (stop ? read_coordinate(root, &k->coordinate, c, partial, e)
                 : read_named_body(root, "body2", &k->body2, c, 2, partial, e))
            return -1;
        if (read_block(root, "material", cli_material_fields, &k->material, c, partial, e) ||
            read_block(root, "speeds", cli_speeds_fields, &k->speeds, c, partial, e) ||
            read_lambda(root, k->lambda, ARRAY_SIZE(k->lambda), &k->n_lambda, partial, e))
            return -1;
        break;
    }
    default:
        break;
    }
    if (c->normalize)
        normalize_units(c);
    return 0;
}

int case_read(json_t *root, cli_case *c, read_error *e)
{
    memset(c, 0, sizeof *c);
    if (!json_is_object(root))
        return read_fail(e, "", "a case must be a JSON object");
    json_t *kind = json_object_get(root, "kind");
    if (kind == NULL)
        return read_fail(e, "kind", "missing");
    if (!json_is_string(kind))
        return read_fail(e, "kind", "expected a string (see ccref --help)");
    c->suite = suite_from_name(json_string_value(kind));
    if (c->suite < 0)
        return read_fail(e, "kind", "unknown kind \"%s\" (see ccref --help)", json_string_value(kind));
    switch (suite_type_of(c->suite)) {
    case SUITE_TYPE_KIND:
        c->u.k.kind = suite_kind(c->suite);
        c->u.k.body2 = c->u.k.body1 = ccref_body_ground();
        break;
    case SUITE_TYPE_CONTACT:
        c->u.c.cls = suite_class(c->suite);
        c->u.c.body2 = c->u.c.body1 = ccref_body_ground();
        break;
    default: break;
    }
    return read_parts(root, c, 0, e);
}

int case_overlay(json_t *partial, cli_case *c, read_error *e)
{
    if (!json_is_object(partial))
        return read_fail(e, "inputs_used", "expected an object (a partial case)");
    json_t *kind = json_object_get(partial, "kind");
    if (kind != NULL && (!json_is_string(kind) || suite_from_name(json_string_value(kind)) != c->suite))
        return read_fail(e, "inputs_used.kind", "not the test's kind \"%s\"", suite_name(c->suite));
    return read_parts(partial, c, 1, e);
}

/* ------------------------------------------------------------------ writing */

static void write_vec(jw *w, ccref_vec3 v)
{
    jw_arr(w);
    jw_hex(w, v.x);
    jw_hex(w, v.y);
    jw_hex(w, v.z);
    jw_end_arr(w);
}

static void write_mat(jw *w, const ccref_mat3 *m)
{
    jw_arr(w);
    for (int i = 0; i < 3; i++) {
        jw_arr(w);
        for (int j = 0; j < 3; j++)
            jw_hex(w, m->m[i][j]);
        jw_end_arr(w);
    }
    jw_end_arr(w);
}

static int same_bits(const void *a, const void *b, size_t n) { return memcmp(a, b, n) == 0; }

static void write_body(jw *w, const ccref_body *b)
{
    ccref_body g = ccref_body_ground();
    if (same_bits(b, &g, sizeof g)) {
        jw_str(w, "ground");
        return;
    }
    jw_obj(w);
    jw_key(w, "R");
    write_mat(w, &b->R);
    jw_key(w, "p");
    write_vec(w, b->p);
    jw_key(w, "w");
    write_vec(w, b->w);
    jw_key(w, "v");
    write_vec(w, b->v);
    jw_key(w, "b");
    write_vec(w, b->b);
    jw_key(w, "a");
    write_vec(w, b->a);
    jw_end_obj(w);
}

static void write_field(jw *w, const field_desc *d, const void *base)
{
    const void *src = (const char *)base + d->offset;
    switch (d->type) {
    case FIELD_SCALAR: jw_hex(w, *(const double *)src); break;
    case FIELD_VEC3:
    case FIELD_UNIT: write_vec(w, *(const ccref_vec3 *)src); break;
    case FIELD_MAT3: write_mat(w, src); break;
    case FIELD_FRAME: {
        const ccref_frame *f = src;
        jw_obj(w);
        jw_key(w, "R");
        write_mat(w, &f->R);
        jw_key(w, "p");
        write_vec(w, f->p);
        jw_end_obj(w);
        break;
    }
    case FIELD_BOOL: jw_bool(w, *(const int *)src); break;
    case FIELD_INT: jw_int(w, *(const int *)src); break;
    }
}

static void write_block(jw *w, const char *key, const field_desc *fields, const void *base, const cli_case *c)
{
    jw_key(w, key);
    jw_obj(w);
    for (const field_desc *d = fields; d->name; d++) {
        if (field_optional(c, key, d->name))
            continue;
        jw_key(w, d->name);
        write_field(w, d, base);
    }
    jw_end_obj(w);
}

/* The first n multipliers of l, an array of cap doubles (as read_lambda). */
static void write_lambda(jw *w, const double *l, size_t cap, size_t n)
{
    jw_key(w, "lambda");
    jw_arr(w);
    for (size_t i = 0; i < n && i < cap; i++)
        jw_hex(w, l[i]);
    jw_end_arr(w);
}

static void write_coordinate(jw *w, const ccref_coordinate *q)
{
    jw_key(w, "coordinate");
    jw_obj(w);
    jw_key(w, "q");
    jw_hex(w, q->q);
    jw_key(w, "qdot");
    jw_hex(w, q->qdot);
    jw_key(w, "qdotdot");
    jw_hex(w, q->qdotdot);
    jw_end_obj(w);
}

void case_write(jw *w, const cli_case *c)
{
    cli_case tmp = *c;
    jw_obj(w);
    jw_key(w, "kind");
    jw_str(w, suite_name(c->suite));
    write_block(w, "params", suite_params(c->suite), params_base(&tmp), c);
    switch (suite_type_of(c->suite)) {
    case SUITE_TYPE_KIND: {
        const ccref_case *k = &c->u.k;
        if (suite_state(c->suite) & STATE_COORDINATE) {
            write_coordinate(w, &k->coordinate);
        } else {
            jw_key(w, "body1");
            write_body(w, &k->body1);
            jw_key(w, "body2");
            write_body(w, &k->body2);
        }
        write_lambda(w, k->lambda, ARRAY_SIZE(k->lambda), k->n_lambda);
        break;
    }
    case SUITE_TYPE_CONTACT: {
        const ccref_contact_case *k = &c->u.c;
        jw_key(w, "body1");
        write_body(w, &k->body1);
        if (suite_state(c->suite) & STATE_COORDINATE) {
            write_coordinate(w, &k->coordinate);
        } else {
            jw_key(w, "body2");
            write_body(w, &k->body2);
        }
        write_block(w, "material", cli_material_fields, &k->material, c);
        write_block(w, "speeds", cli_speeds_fields, &k->speeds, c);
        write_lambda(w, k->lambda, ARRAY_SIZE(k->lambda), k->n_lambda);
        break;
    }
    default:
        break;
    }
    jw_end_obj(w);
}

void case_write_used(jw *w, const cli_case *c)
{
    if (c->used == 0)
        return;
    cli_case tmp = *c;
    jw_key(w, "used");
    jw_obj(w);
    const ccref_body *b1 = NULL, *b2 = NULL;
    if (suite_type_of(c->suite) == SUITE_TYPE_KIND) {
        b1 = &c->u.k.body1;
        b2 = &c->u.k.body2;
    } else if (suite_type_of(c->suite) == SUITE_TYPE_CONTACT) {
        b1 = &c->u.c.body1;
        b2 = &c->u.c.body2;
    }
    for (int i = 1; i <= 2; i++) {
        if (!(c->used & USED_BODY_R(i)))
            continue;
        jw_key(w, i == 1 ? "body1" : "body2");
        jw_obj(w);
        jw_key(w, "R");
        write_mat(w, i == 1 ? &b1->R : &b2->R);
        jw_end_obj(w);
    }
    int frame = 0, unit = 0, any = 0;
    for (const field_desc *d = suite_params(c->suite); d->name; d++) {
        int show = (d->type == FIELD_FRAME && (c->used & USED_FRAME_R(frame))) ||
                   (d->type == FIELD_UNIT && (c->used & USED_UNIT(unit)));
        frame += d->type == FIELD_FRAME;
        unit += d->type == FIELD_UNIT;
        if (!show)
            continue;
        if (!any) {
            jw_key(w, "params");
            jw_obj(w);
            any = 1;
        }
        jw_key(w, d->name);
        write_field(w, d, params_base(&tmp));
    }
    if (any)
        jw_end_obj(w);
    jw_end_obj(w);
}

/* ------------------------------------------------------------------ parsing a line */

int case_line_blank(const char *line, size_t len, int bom_ok)
{
    size_t i = bom_ok && len >= 3 && memcmp(line, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
    while (i < len && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r' || line[i] == '\n'))
        i++;
    return i == len;
}

json_t *case_parse_line(const char *line, size_t len, int bom_ok, read_error *e)
{
    size_t skip = 0;
    if (len >= 3 && (unsigned char)line[0] == 0xEF && (unsigned char)line[1] == 0xBB &&
        (unsigned char)line[2] == 0xBF) {
        if (!bom_ok) {
            read_fail(e, "", "a UTF-8 byte order mark is accepted only at the start of the input");
            e->column = 1;
            return NULL;
        }
        skip = 3;
    }
    size_t nul = strlen(line + skip) + skip;
    if (nul < len) {
        read_fail(e, "", "a NUL byte at column %zu: the line is not text", nul + 1);
        e->column = (int)(nul + 1);
        return NULL;
    }
    /* the line end is not part of the text: with it, jansson reports an error at the end as line 2, column 0 */
    while (len > skip && (line[len - 1] == '\n' || line[len - 1] == '\r'))
        len--;
    json_error_t jerr;
    json_t *root = json_loadb(line + skip, len - skip, JSON_REJECT_DUPLICATES, &jerr);
    if (root == NULL) {
        /* columns count bytes, as for the BOM and NUL errors (jansson's own column counts characters): the
         * position is the bytes read up to and with the offending one, 0 when the first byte cannot be decoded */
        const int column = (jerr.position > 0 ? (int)jerr.position : 1) + (int)skip;
        /* a duplicated key is named as the field: jansson's text is "duplicate object key near '"KEY"'" */
        char key[64] = "";
        const char *near = strstr(jerr.text, "duplicate object key near '\"");
        if (near != NULL) {
            near += strlen("duplicate object key near '\"");
            size_t n = 0;
            while (near[n] != '\0' && near[n] != '"' && n < sizeof key - 1)
                n++;
            memcpy(key, near, n);
            key[n] = '\0';
        }
        read_fail(e, key, "invalid JSON at column %d: %s", column, jerr.text);
        e->column = column;
        return NULL;
    }
    return root;
}
