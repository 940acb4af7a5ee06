/* main.c: the ccref command-line tool. `ccref eval [FILE]` reads JSON Lines cases and writes one JSON result
 * per line; see usage() for the format. JSON is handled by jansson, options by getopt_long. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <getopt.h>
#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fields.h"

static void print_fields(FILE *f, const char *label, const field_desc *fields)
{
    static const char *const tname[] = {"N", "VEC3", "MAT3", "FRAME", "BOOL", "INT"};
    fprintf(f, "    %-24s", label);
    for (const field_desc *d = fields; d->name; d++)
        fprintf(f, " %s: %s%s", d->name, tname[d->type], d[1].name ? "," : "");
    fputc('\n', f);
}

static void usage(FILE *f)
{
    fputs(
        "usage: ccref eval [--output FILE] [FILE]\n"
        "       ccref --help\n"
        "\n"
        "Evaluates constraint cases read as JSON Lines from FILE (or standard input when FILE is '-' or absent)\n"
        "and writes one JSON result per input line, in order. Blank lines are skipped.\n"
        "\n"
        "Case format (one JSON object per line):\n"
        "  {\"id\": any (optional, echoed back),\n"
        "   \"kind\": one of ball, rod, point_in_plane, constant_coordinate, sphere_on_plane,\n"
        "           ball_rolling_on_plane, sphere_on_sphere, point_on_plane, line_on_line,\n"
        "   \"params\": {kind-specific, below},\n"
        "   \"body1\": BODY, \"body2\": BODY,          (all kinds but constant_coordinate)\n"
        "   \"coordinate\": {\"q\": N, \"qdot\": N, \"qdotdot\": N},   (constant_coordinate only)\n"
        "   \"lambda\": [N, ...]}                      (mp + mv multipliers, rows in canonical order)\n"
        "  BODY = \"ground\" | {\"R\": MAT3, \"p\": VEC3, \"w\": VEC3, \"v\": VEC3, \"b\": VEC3, \"a\": VEC3}\n"
        "         R (R_GB, rows) and p are required; w, v, b, a (angular/linear velocity and acceleration\n"
        "         of the body origin, in Ground) default to zero.\n"
        "  N    = a JSON number, or a string read by strtod: a C99 hex float \"0x1.8p+1\" for exact input,\n"
        "         or \"nan\" / \"inf\" to exercise the input checks.\n"
        "  VEC3 = [N, N, N]   MAT3 = [[N,N,N],[N,N,N],[N,N,N]] (row-major)   FRAME = {\"R\": MAT3, \"p\": VEC3}\n"
        "  BOOL = true | false\n"
        "\n"
        "  params by kind:\n",
        f);
    for (int k = 0; k < CCREF_KIND_COUNT; k++)
        print_fields(f, ccref_kind_name((ccref_kind)k), cli_kind_fields((ccref_kind)k)->params);
    fputs(
        "\n"
        "Unilateral contact classes (spec/unilateral_contacts.md): the same shape with these kinds and params,\n"
        "plus \"material\" and \"speeds\" blocks; hard stops read \"body1\" (the mobilized body, for display) and\n"
        "\"coordinate\" instead of two bodies; lambda has 3 values (normal, x, y) with friction, else 1.\n",
        f);
    for (int k = 0; k < CCREF_CONTACT_COUNT; k++)
        print_fields(f, ccref_contact_class_name((ccref_contact_class)k), cli_contact_params((ccref_contact_class)k));
    print_fields(f, "material:", cli_material_fields);
    print_fields(f, "speeds:", cli_speeds_fields);
    fputs(
        "\n"
        "Rules (spec/unilateral.md): {\"kind\": K, \"params\": {...}} with no bodies or lambda:\n",
        f);
    print_fields(f, "effective_cor", cli_cor_fields);
    print_fields(f, "effective_cof", cli_cof_fields);
    print_fields(f, "unilateral_classify", cli_classify_fields);
    fputs(
        "\n"
        "Result format (one JSON object per line):\n"
        "  {\"line\": L, \"id\": ..., \"kind\": K, \"status\": S, \"ok\": bool, \"mp\": n, \"mv\": n,\n"
        "   \"perr\": X, \"verr\": X, \"aerr\": X,\n"
        "   \"force_on_body1\": {\"moment\": X, \"force\": X}, \"force_on_body2\": {...},\n"
        "   \"deviations\": [names of Simbody deviations this case exercises], \"aux\": {kind-specific outputs}}\n"
        "  X = {\"hex\": [\"%a\", ...], \"dec\": [%.17g, ...]} (a scalar has single values instead of arrays).\n"
        "  Body forces carry the multiplier sign (G^T lambda); the physically applied force is their negative.\n"
        "  A status other than OK* is a defined answer for bad input (outputs are then zero).\n"
        "  Contact classes add sign, perr/verr/aerr (scalars), display_point, has_friction, slip_velocity,\n"
        "  slip_acceleration, impact_speed, effective_cor, cor_branch, slip_speed, effective_cof, cof_branch,\n"
        "  coordinate_force, and \"constraint\" (the underlying constraint's rows, forces and deviations).\n"
        "  Rules give \"value\" and \"branch\"; unilateral_classify gives condition, valid, proximal.\n"
        "  A line that cannot be read gives {\"line\": L, \"error\": {\"field\": F, \"message\": M}}; the other lines\n"
        "  still run and the exit status is 1. Exit status 2: usage or I/O error.\n",
        f);
}

/* ------------------------------------------------------------------ reading */

#define FIELD_MAX 128

/* dst = a followed by b, truncated to FIELD_MAX - 1 characters (field paths are short in practice). */
static void path_join(char dst[FIELD_MAX], const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > FIELD_MAX - 1)
        la = FIELD_MAX - 1;
    if (lb > FIELD_MAX - 1 - la)
        lb = FIELD_MAX - 1 - la;
    memcpy(dst, a, la);
    memcpy(dst + la, b, lb);
    dst[la + lb] = '\0';
}

static void path_index(char dst[FIELD_MAX], const char *a, size_t i)
{
    char idx[32];
    snprintf(idx, sizeof idx, "[%zu]", i);
    path_join(dst, a, idx);
}

typedef struct {
    char field[FIELD_MAX];
    char message[256];
} read_error;

static int fail(read_error *e, const char *field, const char *fmt, ...)
{
    snprintf(e->field, sizeof e->field, "%s", field);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->message, sizeof e->message, fmt, ap);
    va_end(ap);
    return -1;
}

static int read_number(json_t *j, const char *field, double *out, read_error *e)
{
    if (json_is_number(j)) {
        *out = json_number_value(j);
        return 0;
    }
    if (json_is_string(j)) {
        const char *s = json_string_value(j);
        char *end;
        errno = 0;
        double d = strtod(s, &end);
        if (end != s && *end == '\0') {
            *out = d;
            return 0;
        }
        return fail(e, field, "not a number: \"%s\"", s);
    }
    return fail(e, field, "expected a number or a numeric string");
}

static int read_array(json_t *j, const char *field, double *out, size_t n, read_error *e)
{
    if (!json_is_array(j) || json_array_size(j) != n)
        return fail(e, field, "expected an array of %zu numbers", n);
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
    v->x = a[0]; v->y = a[1]; v->z = a[2];
    return 0;
}

static int read_mat3(json_t *j, const char *field, ccref_mat3 *m, read_error *e)
{
    if (!json_is_array(j) || json_array_size(j) != 3)
        return fail(e, field, "expected 3 rows of 3 numbers");
    for (size_t i = 0; i < 3; i++) {
        char sub[FIELD_MAX];
        path_index(sub, field, i);
        if (read_array(json_array_get(j, i), sub, m->m[i], 3, e))
            return -1;
    }
    return 0;
}

static json_t *member(json_t *obj, const char *key, const char *prefix, read_error *e, int required)
{
    json_t *j = json_object_get(obj, key);
    if (j == NULL && required) {
        char field[FIELD_MAX];
        path_join(field, prefix, key);
        fail(e, field, "missing");
    }
    return j;
}

static int read_frame(json_t *j, const char *field, ccref_frame *f, read_error *e)
{
    char sub[FIELD_MAX];
    if (!json_is_object(j))
        return fail(e, field, "expected an object {\"R\": MAT3, \"p\": VEC3}");
    path_join(sub, field, ".");
    json_t *R = member(j, "R", sub, e, 1), *p = member(j, "p", sub, e, 1);
    if (!R || !p)
        return -1;
    path_join(sub, field, ".R");
    if (read_mat3(R, sub, &f->R, e))
        return -1;
    path_join(sub, field, ".p");
    return read_vec3(p, sub, &f->p, e);
}

static int read_body(json_t *j, const char *field, ccref_body *b, read_error *e)
{
    *b = ccref_body_ground();
    if (json_is_string(j) && strcmp(json_string_value(j), "ground") == 0)
        return 0;
    if (!json_is_object(j))
        return fail(e, field, "expected \"ground\" or a body object");
    static const struct { const char *key; size_t off; int required; } parts[] = {
        {"p", offsetof(ccref_body, p), 1}, {"w", offsetof(ccref_body, w), 0}, {"v", offsetof(ccref_body, v), 0},
        {"b", offsetof(ccref_body, b), 0}, {"a", offsetof(ccref_body, a), 0}};
    char sub[FIELD_MAX];
    path_join(sub, field, ".");
    json_t *R = member(j, "R", sub, e, 1);
    if (!R)
        return -1;
    path_join(sub, field, ".R");
    if (read_mat3(R, sub, &b->R, e))
        return -1;
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
        path_join(sub, field, ".");
        json_t *v = member(j, parts[i].key, sub, e, parts[i].required);
        if (v == NULL) {
            if (parts[i].required)
                return -1;
            continue;
        }
        char key[FIELD_MAX];
        path_join(key, ".", parts[i].key);
        path_join(sub, field, key);
        if (read_vec3(v, sub, (ccref_vec3 *)((char *)b + parts[i].off), e))
            return -1;
    }
    return 0;
}

static int read_field(json_t *j, const char *prefix, const field_desc *d, void *base, read_error *e)
{
    char field[FIELD_MAX];
    path_join(field, prefix, d->name);
    void *dst = (char *)base + d->offset;
    switch (d->type) {
    case FIELD_SCALAR: return read_number(j, field, dst, e);
    case FIELD_VEC3: return read_vec3(j, field, dst, e);
    case FIELD_MAT3: return read_mat3(j, field, dst, e);
    case FIELD_FRAME: return read_frame(j, field, dst, e);
    case FIELD_BOOL:
        if (!json_is_boolean(j))
            return fail(e, field, "expected true or false");
        *(int *)dst = json_is_true(j);
        return 0;
    case FIELD_INT:
        if (!json_is_integer(j))
            return fail(e, field, "expected an integer");
        *(int *)dst = (int)json_integer_value(j);
        return 0;
    }
    return fail(e, field, "unsupported field type");
}

/* Read the object root[key] into base, every field of the table required. */
static int read_block(json_t *root, const char *key, const field_desc *fields, void *base, read_error *e)
{
    json_t *obj = member(root, key, "", e, 1);
    if (!obj)
        return -1;
    if (!json_is_object(obj))
        return fail(e, key, "expected an object");
    char prefix[FIELD_MAX];
    path_join(prefix, key, ".");
    for (const field_desc *d = fields; d->name; d++) {
        json_t *j = member(obj, d->name, prefix, e, 1);
        if (!j || read_field(j, prefix, d, base, e))
            return -1;
    }
    return 0;
}

static int read_named_body(json_t *root, const char *key, ccref_body *b, read_error *e)
{
    json_t *j = member(root, key, "", e, 1);
    return j ? read_body(j, key, b, e) : -1;
}

static int read_coordinate(json_t *root, ccref_coordinate *q, read_error *e)
{
    static const field_desc fields[] = {{"q", FIELD_SCALAR, offsetof(ccref_coordinate, q)},
                                        {"qdot", FIELD_SCALAR, offsetof(ccref_coordinate, qdot)},
                                        {"qdotdot", FIELD_SCALAR, offsetof(ccref_coordinate, qdotdot)},
                                        {NULL, FIELD_SCALAR, 0}};
    return read_block(root, "coordinate", fields, q, e);
}

static int read_lambda(json_t *root, double *lambda, size_t *n, read_error *e)
{
    json_t *j = member(root, "lambda", "", e, 1);
    if (!j)
        return -1;
    if (!json_is_array(j) || json_array_size(j) > CCREF_MAX_ROWS)
        return fail(e, "lambda", "expected an array of at most %d numbers", CCREF_MAX_ROWS);
    *n = json_array_size(j);
    return read_array(j, "lambda", lambda, *n, e);
}

static int read_case(json_t *root, ccref_kind kind, ccref_case *c, read_error *e)
{
    memset(c, 0, sizeof *c);
    c->kind = kind;
    const kind_fields *kf = cli_kind_fields(kind);
    if (read_block(root, "params", kf->params, &c->params, e))
        return -1;
    if (kf->uses_bodies) {
        if (read_named_body(root, "body1", &c->body1, e) || read_named_body(root, "body2", &c->body2, e))
            return -1;
    } else if (read_coordinate(root, &c->coordinate, e)) {
        return -1;
    }
    return read_lambda(root, c->lambda, &c->n_lambda, e);
}

static int is_hard_stop(ccref_contact_class cls)
{
    return cls == CCREF_CONTACT_HARD_STOP_UPPER || cls == CCREF_CONTACT_HARD_STOP_LOWER;
}

static int read_contact_case(json_t *root, ccref_contact_class cls, ccref_contact_case *c, read_error *e)
{
    memset(c, 0, sizeof *c);
    c->cls = cls;
    if (read_block(root, "params", cli_contact_params(cls), &c->params, e))
        return -1;
    if (is_hard_stop(cls)) {
        if (read_named_body(root, "body1", &c->body1, e) || read_coordinate(root, &c->coordinate, e))
            return -1;
    } else if (read_named_body(root, "body1", &c->body1, e) || read_named_body(root, "body2", &c->body2, e)) {
        return -1;
    }
    if (read_block(root, "material", cli_material_fields, &c->material, e) ||
        read_block(root, "speeds", cli_speeds_fields, &c->speeds, e))
        return -1;
    return read_lambda(root, c->lambda, &c->n_lambda, e);
}

/* ------------------------------------------------------------------ writing */

static json_t *write_values(const double *x, size_t n, int scalar)
{
    json_t *hex = scalar ? NULL : json_array(), *dec = scalar ? NULL : json_array();
    for (size_t i = 0; i < n; i++) {
        char buf[64];
        snprintf(buf, sizeof buf, "%a", x[i]);
        if (scalar) {
            hex = json_string(buf);
            dec = json_real(x[i]);
        } else {
            json_array_append_new(hex, json_string(buf));
            json_array_append_new(dec, json_real(x[i]));
        }
    }
    return json_pack("{s:o, s:o}", "hex", hex, "dec", dec);
}

static json_t *write_vec3(ccref_vec3 v)
{
    double a[3] = {v.x, v.y, v.z};
    return write_values(a, 3, 0);
}

static json_t *write_mat3(const ccref_mat3 *m)
{
    json_t *rows = json_array();
    for (int i = 0; i < 3; i++)
        json_array_append_new(rows, write_values(m->m[i], 3, 0));
    return rows;
}

static json_t *write_spatial(const ccref_spatial_force *F)
{
    return json_pack("{s:o, s:o}", "moment", write_vec3(F->moment), "force", write_vec3(F->force));
}

static json_t *write_field(const field_desc *d, const void *base)
{
    const void *src = (const char *)base + d->offset;
    switch (d->type) {
    case FIELD_SCALAR: return write_values(src, 1, 1);
    case FIELD_VEC3: return write_vec3(*(const ccref_vec3 *)src);
    case FIELD_MAT3: return json_pack("{s:o}", "rows", write_mat3(src));
    case FIELD_FRAME: {
        const ccref_frame *f = src;
        return json_pack("{s:o, s:o}", "R", write_mat3(&f->R), "p", write_vec3(f->p));
    }
    case FIELD_BOOL: return json_boolean(*(const int *)src);
    case FIELD_INT: return json_integer(*(const int *)src);
    }
    return json_null();
}

static json_t *write_deviations(unsigned bits)
{
    static const struct { unsigned bit; const char *name; } names[] = {
        {CCREF_DEV_BALL_REACTION_SIGN, "BALL_REACTION_SIGN"},
        {CCREF_DEV_BALL_AERR_NOT_DERIVATIVE, "BALL_AERR_NOT_DERIVATIVE"},
        {CCREF_DEV_SOS_ROLLING_AERR_SPIN, "SOS_ROLLING_AERR_SPIN"},
        {CCREF_DEV_POP_GETTER_ORDER, "POP_GETTER_ORDER"},
        {CCREF_DEV_LOL_PARALLEL_FALLBACK, "LOL_PARALLEL_FALLBACK"},
        {CCREF_DEV_BROP_NOT_IN_SIMBODY, "BROP_NOT_IN_SIMBODY"},
        {CCREF_DEV_ROPE_SIGN, "ROPE_SIGN"},
        {CCREF_DEV_PPC_HEIGHT_DROPPED, "PPC_HEIGHT_DROPPED"},
        {CCREF_DEV_PPC_GETTER_ROWS, "PPC_GETTER_ROWS"},
        {CCREF_DEV_SPC_HEIGHT_IGNORED, "SPC_HEIGHT_IGNORED"}};
    json_t *a = json_array();
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (bits & names[i].bit)
            json_array_append_new(a, json_string(names[i].name));
    return a;
}

static json_t *result_header(size_t line, json_t *id, const char *kind, ccref_status st)
{
    json_t *res = json_pack("{s:I}", "line", (json_int_t)line);
    if (id)
        json_object_set(res, "id", id);
    json_object_set_new(res, "kind", json_string(kind));
    json_object_set_new(res, "status", json_string(ccref_status_name(st)));
    json_object_set_new(res, "ok", json_boolean(ccref_status_ok(st)));
    return res;
}

/* The common ccref_output members, added to obj. */
static void write_output(json_t *obj, const ccref_output *o)
{
    size_t mp = (size_t)o->mp, n = (size_t)(o->mp + o->mv);
    json_object_set_new(obj, "mp", json_integer(o->mp));
    json_object_set_new(obj, "mv", json_integer(o->mv));
    json_object_set_new(obj, "perr", write_values(o->perr, mp, 0));
    json_object_set_new(obj, "verr", write_values(o->verr, n, 0));
    json_object_set_new(obj, "aerr", write_values(o->aerr, n, 0));
    json_object_set_new(obj, "force_on_body1", write_spatial(&o->force_on_body1));
    json_object_set_new(obj, "force_on_body2", write_spatial(&o->force_on_body2));
    json_object_set_new(obj, "deviations", write_deviations(o->deviations));
}

static json_t *write_result(size_t line, json_t *id, const ccref_case *c, ccref_status st, const ccref_result *r)
{
    json_t *res = result_header(line, id, ccref_kind_name(c->kind), st);
    write_output(res, &r->u.out);
    json_t *aux = json_object();
    for (const field_desc *d = cli_kind_fields(c->kind)->aux; d->name; d++)
        json_object_set_new(aux, d->name, write_field(d, &r->u));
    json_object_set_new(res, "aux", aux);
    return res;
}

static json_t *write_contact_result(size_t line, json_t *id, const ccref_contact_case *c, ccref_status st,
                                    const ccref_contact_result *r)
{
    static const char *const cor_branch[] = {"CAPTURED", "LINEAR", "MINIMUM"};
    static const char *const cof_branch[] = {"STATIC", "DYNAMIC"};
    json_t *res = result_header(line, id, ccref_contact_class_name(c->cls), st);
    json_object_set_new(res, "sign", json_integer(r->sign));
    json_object_set_new(res, "perr", write_values(&r->perr, 1, 1));
    json_object_set_new(res, "verr", write_values(&r->verr, 1, 1));
    json_object_set_new(res, "aerr", write_values(&r->aerr, 1, 1));
    json_object_set_new(res, "display_point", write_vec3(r->display_point));
    json_object_set_new(res, "has_friction", json_boolean(r->has_friction));
    json_object_set_new(res, "slip_velocity", write_values(r->slip_velocity, 2, 0));
    json_object_set_new(res, "slip_acceleration", write_values(r->slip_acceleration, 2, 0));
    json_object_set_new(res, "impact_speed", write_values(&r->impact_speed, 1, 1));
    json_object_set_new(res, "effective_cor", write_values(&r->effective_cor, 1, 1));
    json_object_set_new(res, "cor_branch", json_string(cor_branch[r->cor_branch]));
    json_object_set_new(res, "slip_speed", write_values(&r->slip_speed, 1, 1));
    json_object_set_new(res, "effective_cof", write_values(&r->effective_cof, 1, 1));
    json_object_set_new(res, "cof_branch", json_string(cof_branch[r->cof_branch]));
    json_object_set_new(res, "coordinate_force", write_values(&r->coordinate_force, 1, 1));
    json_t *constraint = json_object();
    write_output(constraint, &r->constraint);
    json_object_set_new(res, "constraint", constraint);
    return res;
}

static json_t *write_error(size_t line, json_t *id, const read_error *e)
{
    json_t *res = json_pack("{s:I}", "line", (json_int_t)line);
    if (id)
        json_object_set(res, "id", id);
    json_object_set_new(res, "error", json_pack("{s:s, s:s}", "field", e->field, "message", e->message));
    return res;
}

static void emit(FILE *out, json_t *j)
{
    char *s = json_dumps(j, JSON_COMPACT | JSON_REAL_PRECISION(17));
    fprintf(out, "%s\n", s);
    free(s);
    json_decref(j);
}

/* ------------------------------------------------------------------ eval command */

/* Evaluate one parsed case; returns the result object, or NULL with e filled when the case cannot be read. */
static json_t *eval_case(json_t *root, size_t line, json_t *id, read_error *e)
{
    if (!json_is_object(root)) {
        fail(e, "", "a case must be a JSON object");
        return NULL;
    }
    json_t *kind_j = member(root, "kind", "", e, 1);
    if (!kind_j)
        return NULL;
    const char *kind = json_is_string(kind_j) ? json_string_value(kind_j) : "";
    ccref_kind k = ccref_kind_from_name(kind);
    ccref_contact_class cls = ccref_contact_class_from_name(kind);
    if (k != CCREF_KIND_COUNT) {
        ccref_case c;
        ccref_result r;
        if (read_case(root, k, &c, e))
            return NULL;
        ccref_status st = ccref_eval(&c, &r);
        return write_result(line, id, &c, st, &r);
    }
    if (cls != CCREF_CONTACT_COUNT) {
        ccref_contact_case c;
        ccref_contact_result r;
        if (read_contact_case(root, cls, &c, e))
            return NULL;
        ccref_status st = ccref_contact_eval(&c, &r);
        return write_contact_result(line, id, &c, st, &r);
    }
    if (strcmp(kind, "effective_cor") == 0) {
        static const char *const names[] = {"CAPTURED", "LINEAR", "MINIMUM"};
        cli_cor_params p;
        if (read_block(root, "params", cli_cor_fields, &p, e))
            return NULL;
        double cor;
        ccref_cor_branch b;
        ccref_status st = ccref_effective_cor_branch(p.min_cor, p.capture_speed, p.min_cor_speed, p.impact_speed,
                                                     &cor, &b);
        json_t *res = result_header(line, id, kind, st);
        json_object_set_new(res, "value", write_values(&cor, 1, 1));
        json_object_set_new(res, "branch", json_string(names[b]));
        return res;
    }
    if (strcmp(kind, "effective_cof") == 0) {
        static const char *const names[] = {"STATIC", "DYNAMIC"};
        cli_cof_params p;
        if (read_block(root, "params", cli_cof_fields, &p, e))
            return NULL;
        double mu;
        ccref_cof_branch b;
        ccref_status st = ccref_effective_cof_branch(p.mu_s, p.mu_d, p.mu_v, p.transition_speed, p.slip_speed, &mu, &b);
        json_t *res = result_header(line, id, kind, st);
        json_object_set_new(res, "value", write_values(&mu, 1, 1));
        json_object_set_new(res, "branch", json_string(names[b]));
        return res;
    }
    if (strcmp(kind, "unilateral_classify") == 0) {
        cli_classify_params p;
        if (read_block(root, "params", cli_classify_fields, &p, e))
            return NULL;
        ccref_unilateral_tolerances tol = {p.tol_perr, p.tol_verr, p.tol_aerr, p.tol_lambda};
        ccref_unilateral_condition cond;
        int proximal;
        ccref_status st = ccref_unilateral_classify(p.sign, p.perr, p.verr, p.aerr, p.lambda, &tol, &cond);
        if (st == CCREF_OK)
            st = ccref_unilateral_is_proximal(p.sign, p.perr, p.tol_perr, &proximal);
        json_t *res = result_header(line, id, kind, st);
        if (ccref_status_ok(st)) {
            json_object_set_new(res, "condition", json_string(ccref_unilateral_condition_name(cond)));
            json_object_set_new(res, "valid", json_boolean(ccref_unilateral_condition_valid(cond)));
            json_object_set_new(res, "proximal", json_boolean(proximal));
        }
        return res;
    }
    fail(e, "kind", "unknown kind \"%s\" (see ccref --help)", kind);
    return NULL;
}

static int cmd_eval(FILE *in, FILE *out)
{
    char *buf = NULL;
    size_t cap = 0;
    ssize_t len;
    size_t line = 0;
    int bad = 0;
    while ((len = getline(&buf, &cap, in)) != -1) {
        line++;
        size_t i = 0;
        while (i < (size_t)len && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\r' || buf[i] == '\n'))
            i++;
        if (i == (size_t)len)
            continue;
        json_error_t jerr;
        json_t *root = json_loads(buf, JSON_REJECT_DUPLICATES, &jerr);
        read_error e = {"", ""};
        if (root == NULL) {
            fail(&e, "", "invalid JSON at column %d: %s", jerr.column, jerr.text);
            emit(out, write_error(line, NULL, &e));
            bad = 1;
            continue;
        }
        json_t *id = json_is_object(root) ? json_object_get(root, "id") : NULL;
        json_t *res = eval_case(root, line, id, &e);
        if (res == NULL) {
            emit(out, write_error(line, id, &e));
            bad = 1;
        } else {
            emit(out, res);
        }
        json_decref(root);
    }
    free(buf);
    if (ferror(in)) {
        fprintf(stderr, "ccref: read error\n");
        return 2;
    }
    return bad ? 1 : 0;
}

int main(int argc, char **argv)
{
    static const struct option opts[] = {
        {"help", no_argument, NULL, 'h'}, {"output", required_argument, NULL, 'o'}, {NULL, 0, NULL, 0}};
    const char *output = NULL;
    int ch;
    while ((ch = getopt_long(argc, argv, "+ho:", opts, NULL)) != -1) {
        switch (ch) {
        case 'h': usage(stdout); return 0;
        case 'o': output = optarg; break;
        default: usage(stderr); return 2;
        }
    }
    if (optind >= argc || strcmp(argv[optind], "eval") != 0) {
        usage(stderr);
        return 2;
    }
    optind++;
    while ((ch = getopt_long(argc, argv, "ho:", opts, NULL)) != -1) {
        switch (ch) {
        case 'h': usage(stdout); return 0;
        case 'o': output = optarg; break;
        default: usage(stderr); return 2;
        }
    }
    if (argc - optind > 1) {
        usage(stderr);
        return 2;
    }
    FILE *in = stdin;
    if (optind < argc && strcmp(argv[optind], "-") != 0 && (in = fopen(argv[optind], "r")) == NULL) {
        fprintf(stderr, "ccref: cannot open %s: %s\n", argv[optind], strerror(errno));
        return 2;
    }
    FILE *out = stdout;
    if (output && (out = fopen(output, "w")) == NULL) {
        fprintf(stderr, "ccref: cannot write %s: %s\n", output, strerror(errno));
        return 2;
    }
    int rc = cmd_eval(in, out);
    if (in != stdin)
        fclose(in);
    if (out != stdout && fclose(out) != 0)
        return 2;
    return rc;
}
