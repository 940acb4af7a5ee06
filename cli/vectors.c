/* vectors.c: see vectors.h. The layout of a file is written by gen.c; this file writes and reads one test, and
 * reads and validates a whole file. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numfmt.h"
#include "vectors.h"

const char *test_result_name(test_result r)
{
    static const char *const names[] = {"valid", "acceptable", "invalid"};
    return (unsigned)r < 3 ? names[r] : "?";
}

/* ------------------------------------------------------------------ writing */

double vector_tolerance(double t)
{
    if (!(t > 0.0) || isinf(t))
        return t;
    int e;
    double f = frexp(t, &e); /* t = f 2^e, f in [1/2, 1) */
    double s = ceil(ldexp(f, 12));
    return ldexp(s, e - 12);
}

static void write_tolerance(jw *w, double t)
{
    if (isinf(t))
        jw_null(w);
    else
        jw_hex(w, vector_tolerance(t));
}

void vtest_publish_tolerances(vtest *t)
{
    for (int a = -1; a < t->n_alt; a++) {
        answer *x = a < 0 ? &t->expected : &t->alt[a];
        for (int i = 0; i < CCREF_MAX_SLOTS; i++) {
            x->tol[i] = vector_tolerance(x->tol[i]);
            for (int k = 0; k < CCREF_TIER_COUNT; k++)
                x->tier_tol[k][i] = vector_tolerance(x->tier_tol[k][i]);
        }
    }
}

/* [hex, dec, ccref, double, binary32, cert] */
static void write_value(jw *w, const answer *a, int i)
{
    jw_arr(w);
    jw_hex(w, a->o.value[i]);
    jw_number_or_null(w, a->o.value[i]);
    write_tolerance(w, a->tol[i]);
    for (int t = 0; t < CCREF_TIER_COUNT; t++)
        write_tolerance(w, a->tier_tol[t][i]);
    if (a->cert_bits[i])
        jw_int(w, a->cert_bits[i]);
    else
        jw_str(w, ora_reason_name(a->reason[i]));
    jw_end_arr(w);
}

static void write_deviation_list(jw *w, unsigned bits)
{
    jw_arr(w);
    for (int b = 0; b < 32; b++)
        if (bits & (1u << b))
            jw_str(w, deviation_name(b));
    jw_end_arr(w);
}

/* The status and discrete outputs of an answer; alternatives write null for an unconstrained output. */
static void write_discrete(jw *w, const answer *a)
{
    jw_key(w, "status");
    jw_str(w, ccref_status_name(a->o.d.status));
    if (!ccref_status_ok(a->o.d.status))
        return;
    jw w2;
    jw_init(&w2);
    jw_obj(&w2);
    discrete_write(&w2, a->o.suite, &a->o.d);
    jw_end_obj(&w2);
    /* copy the members, replacing the unconstrained ones by null */
    json_error_t err;
    json_t *obj = json_loads(w2.buf, 0, &err);
    static const struct { unsigned bit; const char *name; } names[] = {
        {DISC_MP, "mp"}, {DISC_MV, "mv"}, {DISC_SIGN, "sign"}, {DISC_HAS_FRICTION, "has_friction"},
        {DISC_SENSE, "sense"}, {DISC_PARALLEL, "lines_are_parallel"}, {DISC_COR_BRANCH, "cor_branch"},
        {DISC_COF_BRANCH, "cof_branch"}, {DISC_CONDITION, "condition"}, {DISC_VALID, "valid"},
        {DISC_PROXIMAL, "proximal"}, {DISC_DEVIATIONS, "deviations"}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        json_t *v = json_object_get(obj, names[i].name);
        if (v == NULL)
            continue;
        jw_key(w, names[i].name);
        if (a->disc_unconstrained & names[i].bit)
            jw_null(w);
        else if (names[i].bit == DISC_DEVIATIONS)
            write_deviation_list(w, a->o.d.deviations);
        else if (json_is_integer(v))
            jw_int(w, json_integer_value(v));
        else if (json_is_boolean(v))
            jw_bool(w, json_is_true(v));
        else
            jw_str(w, json_string_value(v));
    }
    json_decref(obj);
    jw_free(&w2);
    if (a->deviations_undecided) {
        jw_key(w, "deviationsUndecided");
        write_deviation_list(w, a->deviations_undecided);
    }
    if (a->disc_undecided & DISC_COR_BRANCH) {
        jw_key(w, "undecided");
        jw_arr(w);
        jw_str(w, "cor_branch");
        jw_end_arr(w);
    }
}

/* An alternative lists the outputs whose answer differs from the expected one: value, tolerance, or whether it is
 * certified (not the precision that certified it, which depends on the stage that did). */
static int slot_differs(const answer *a, const answer *e, int i)
{
    return a->unconstrained[i] || !e->o.in_use[i] ||
           memcmp(&a->o.value[i], &e->o.value[i], sizeof(double)) != 0 || a->tol[i] != e->tol[i] ||
           a->tier_tol[CCREF_TIER_DOUBLE][i] != e->tier_tol[CCREF_TIER_DOUBLE][i] ||
           a->tier_tol[CCREF_TIER_BINARY32][i] != e->tier_tol[CCREF_TIER_BINARY32][i] ||
           (a->cert_bits[i] != 0) != (e->cert_bits[i] != 0);
}

void vtest_write(jw *w, const vtest *t, const int *slots, int n_slots)
{
    jw_obj(w);
    jw_key(w, "tcId");
    jw_int(w, t->tc_id);
    jw_key(w, "comment");
    jw_str(w, t->comment);
    jw_key(w, "flags");
    jw_arr(w);
    for (int i = 0; i < t->n_flags; i++)
        jw_str(w, flag_get(t->flags[i])->name);
    jw_end_arr(w);
    jw_key(w, "result");
    jw_str(w, test_result_name(t->result));
    jw_key(w, "case");
    case_write(w, &t->c);
    jw_key(w, "expected");
    jw_obj(w);
    write_discrete(w, &t->expected);
    if (ccref_status_ok(t->expected.o.d.status)) {
        jw_key(w, "values");
        jw_arr(w);
        for (int k = 0; k < n_slots; k++)
            write_value(w, &t->expected, slots[k]);
        jw_end_arr(w);
    }
    jw_end_obj(w);
    if (t->n_alt > 0) {
        jw_key(w, "alternatives");
        jw_arr(w);
        for (int j = 0; j < t->n_alt; j++) {
            const answer *a = &t->alt[j];
            jw_obj(w);
            jw_key(w, "flag");
            jw_str(w, flag_get(a->flag)->name);
            jw_key(w, "branch");
            jw_str(w, a->branch);
            write_discrete(w, a);
            if (ccref_status_ok(a->o.d.status)) {
                jw_key(w, "values");
                jw_obj(w);
                for (int i = 0; i < a->o.n; i++) {
                    if (!a->o.in_use[i] || !slot_differs(a, &t->expected, i))
                        continue;
                    jw_key(w, slot_name(a->o.suite, i));
                    if (a->unconstrained[i])
                        jw_null(w);
                    else
                        write_value(w, a, i);
                }
                jw_end_obj(w);
            }
            jw_end_obj(w);
        }
        jw_end_arr(w);
    }
    jw_end_obj(w);
}

/* ------------------------------------------------------------------ reading */

/* The reader of one file: where its errors go, and what the reading of the groups needs of the whole file. */
typedef struct {
    const char *path;
    char *err;
    size_t errlen;
    long total;                 /* numberOfTests */
    const int *line_of;         /* the line of every test, by position (test_lines) */
    int *test_of_id;            /* test_of_id[tcId]: 1 + the position of the test read with that tcId, 0: none
                                   yet (tcIds are in 1..numberOfTests: the duplicate check is one look-up) */
} ctx_t;

static int bad(ctx_t *x, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int bad(ctx_t *x, int line, const char *fmt, ...)
{
    char m[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(m, sizeof m, fmt, ap);
    va_end(ap);
    if (line > 0)
        snprintf(x->err, x->errlen, "%s:%d: %s", x->path, line, m);
    else
        snprintf(x->err, x->errlen, "%s: %s", x->path, m);
    return -1;
}

static const char *str_member(json_t *o, const char *k)
{
    json_t *v = json_object_get(o, k);
    return json_is_string(v) ? json_string_value(v) : NULL;
}

/* A tolerance: a non-negative hex float, or null (+Inf). 0 or -1. */
static int read_tolerance(json_t *jt, double *tol)
{
    *tol = INFINITY;
    if (json_is_null(jt))
        return 0;
    return !json_is_string(jt) || parse_double(json_string_value(jt), tol) || !(*tol >= 0.0) ? -1 : 0;
}

/* One [hex, dec, ccref, double, binary32, cert] value into slot i of a. */
static int read_value(ctx_t *x, int line, json_t *v, answer *a, int i)
{
    static const char *const tol_names[] = {"ccref", "double", "binary32"};
    const char *name = slot_name(a->o.suite, i);
    if (!json_is_array(v) || json_array_size(v) != 6 || !json_is_string(json_array_get(v, 0)))
        return bad(x, line, "value of %s: expected [hex, dec, ccref, double, binary32, cert]", name);
    double val, tol[3];
    if (parse_double(json_string_value(json_array_get(v, 0)), &val) || !isfinite(val))
        return bad(x, line, "value of %s: not a finite hex float", name);
    for (int k = 0; k < 3; k++)
        if (read_tolerance(json_array_get(v, 2 + (size_t)k), &tol[k]) != 0)
            return bad(x, line, "%s tolerance of %s: expected a non-negative hex float or null", tol_names[k], name);
    json_t *jc = json_array_get(v, 5);
    a->o.value[i] = val;
    a->tol[i] = tol[0];
    a->tier_tol[CCREF_TIER_DOUBLE][i] = tol[1];
    a->tier_tol[CCREF_TIER_BINARY32][i] = tol[2];
    a->unconstrained[i] = 0;
    if (json_is_integer(jc) && json_integer_value(jc) > 0 && json_integer_value(jc) < 1000000) {
        a->cert_bits[i] = (int)json_integer_value(jc);
        a->reason[i] = ORA_R_ENCLOSURE;
    } else if (json_is_string(jc)) {
        a->cert_bits[i] = 0;
        a->reason[i] = ORA_R_CAP;
    } else {
        return bad(x, line, "certificate of %s: expected the precision in bits or a reason", name);
    }
    return 0;
}

static unsigned deviation_bits(ctx_t *x, int line, json_t *arr, int *err)
{
    unsigned bits = 0;
    size_t i;
    json_t *v;
    if (!json_is_array(arr)) {
        *err = bad(x, line, "deviations: expected an array of names");
        return 0;
    }
    json_array_foreach(arr, i, v) {
        int b = json_is_string(v) ? deviation_from_name(json_string_value(v)) : -1;
        if (b < 0) {
            *err = bad(x, line, "deviations: unknown name");
            return 0;
        }
        bits |= 1u << b;
    }
    return bits;
}

/* Status and discrete outputs of an answer (expected or alternative). */
static int read_discrete(ctx_t *x, int line, json_t *o, answer *a)
{
    const char *st = str_member(o, "status");
    int s = st ? status_from_name(st) : -1;
    if (s < 0 || s == STATUS_ANY_ERROR)
        return bad(x, line, "status: expected a ccref status name");
    a->o.d.status = (ccref_status)s;
    if (!ccref_status_ok(a->o.d.status))
        return 0;
    unsigned m = suite_discrete(a->o.suite);
    int err = 0;
    struct { unsigned bit; const char *name; int *dst; int kind; } f[] = {
        {DISC_MP, "mp", &a->o.d.mp, 0}, {DISC_MV, "mv", &a->o.d.mv, 0}, {DISC_SIGN, "sign", &a->o.d.sign, 0},
        {DISC_SENSE, "sense", &a->o.d.sense, 0}, {DISC_HAS_FRICTION, "has_friction", &a->o.d.has_friction, 1},
        {DISC_PARALLEL, "lines_are_parallel", &a->o.d.lines_are_parallel, 1}, {DISC_VALID, "valid", &a->o.d.valid, 1},
        {DISC_PROXIMAL, "proximal", &a->o.d.proximal, 1}, {DISC_COR_BRANCH, "cor_branch", &a->o.d.cor_branch, 2},
        {DISC_COF_BRANCH, "cof_branch", &a->o.d.cof_branch, 3}, {DISC_CONDITION, "condition", &a->o.d.condition, 4}};
    for (size_t i = 0; i < sizeof f / sizeof f[0]; i++) {
        if (!(m & f[i].bit))
            continue;
        json_t *v = json_object_get(o, f[i].name);
        if (v == NULL)
            return bad(x, line, "%s: missing", f[i].name);
        if (json_is_null(v)) {
            a->disc_unconstrained |= f[i].bit;
            continue;
        }
        int val = -1;
        switch (f[i].kind) {
        case 0: val = json_is_integer(v) ? (int)json_integer_value(v) : -999; break;
        case 1: val = json_is_boolean(v) ? json_is_true(v) : -999; break;
        case 2: val = json_is_string(v) ? cor_branch_from_name(json_string_value(v)) : -999; break;
        case 3: val = json_is_string(v) ? cof_branch_from_name(json_string_value(v)) : -999; break;
        default:
            val = -999;
            for (int c = 0; json_is_string(v) && c < CCREF_UNI_CONDITION_COUNT; c++)
                if (strcmp(ccref_unilateral_condition_name((ccref_unilateral_condition)c), json_string_value(v)) == 0)
                    val = c;
        }
        if (val == -999 || (f[i].kind >= 2 && val < 0))
            return bad(x, line, "%s: unexpected value", f[i].name);
        *f[i].dst = val;
    }
    if (m & DISC_DEVIATIONS) {
        json_t *v = json_object_get(o, "deviations");
        if (v == NULL)
            return bad(x, line, "deviations: missing");
        if (json_is_null(v))
            a->disc_unconstrained |= DISC_DEVIATIONS;
        else
            a->o.d.deviations = deviation_bits(x, line, v, &err);
        json_t *u = json_object_get(o, "deviationsUndecided");
        if (u != NULL)
            a->deviations_undecided = deviation_bits(x, line, u, &err);
    }
    json_t *und = json_object_get(o, "undecided");
    size_t k;
    json_t *v;
    json_array_foreach(und, k, v) {
        if (json_is_string(v) && strcmp(json_string_value(v), "cor_branch") == 0)
            a->disc_undecided |= DISC_COR_BRANCH;
        else
            return bad(x, line, "undecided: only \"cor_branch\" may be undecided");
    }
    return err;
}

/* The line of every test, by its position in the file: tests are written one per line, so the n-th line that
 * starts (after spaces) with "{"tcId": is the line of the n-th test, whatever its tcId says. 0 where the file is laid
 * out otherwise. */
static void test_lines(const char *text, int *line_at, int max)
{
    int line = 1, n = 0;
    for (const char *p = text; *p && n < max; p++) {
        if (p == text || p[-1] == '\n') {
            const char *q = p;
            while (*q == ' ')
                q++;
            if (strncmp(q, "{\"tcId\":", 8) == 0)
                line_at[n++] = line;
        }
        if (*p == '\n')
            line++;
    }
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *b = malloc(cap);
    size_t r;
    while (b && (r = fread(b + n, 1, cap - n - 1, f)) > 0) {
        n += r;
        if (n + 1 == cap) {
            char *nb = realloc(b, cap *= 2);
            if (nb == NULL) {
                free(b);
                b = NULL;
            }
            b = nb;
        }
    }
    int ferr = ferror(f);
    fclose(f);
    if (b == NULL || ferr) {
        free(b);
        return NULL;
    }
    b[n] = '\0';
    *len = n;
    return b;
}

int vgroup_slots(int suite, int rolling, int *slots)
{
    outcome o;
    memset(&o, 0, sizeof o);
    o.suite = suite;
    o.d.status = CCREF_OK;
    if (suite_type_of(suite) == SUITE_TYPE_KIND) {
        ccref_case c;
        memset(&c, 0, sizeof c);
        c.kind = suite_kind(suite);
        c.params.sphere_on_plane.rolling = rolling; /* the rolling member sits where each kind has it: set all */
        c.params.sphere_on_sphere.rolling = rolling;
        c.params.line_on_line.rolling = rolling;
        ccref_case_rows(&c, &o.d.mp, &o.d.mv);
    } else if (suite_type_of(suite) == SUITE_TYPE_CONTACT) {
        o.d.mp = 1;
        o.d.mv = ccref_contact_has_friction(suite_class(suite)) ? 2 : 0;
    }
    outcome_set_in_use(&o);
    int n = 0;
    for (int i = 0; i < o.n; i++)
        if (o.in_use[i])
            slots[n++] = i;
    return n;
}

/* The test's result: valid, acceptable or invalid. */
static int read_result(ctx_t *x, json_t *jt, vtest *t)
{
    const char *res = str_member(jt, "result");
    t->result = res == NULL ? (test_result)-1
                : strcmp(res, "valid") == 0      ? RESULT_VALID
                : strcmp(res, "acceptable") == 0 ? RESULT_ACCEPTABLE
                : strcmp(res, "invalid") == 0    ? RESULT_INVALID
                                                 : (test_result)-1;
    if ((int)t->result < 0)
        return bad(x, t->line, "test %d: result must be valid, acceptable or invalid", t->tc_id);
    return 0;
}

static int read_flags(ctx_t *x, json_t *jt, vtest *t)
{
    size_t fi;
    json_t *fl;
    json_array_foreach(json_object_get(jt, "flags"), fi, fl) {
        int id = json_is_string(fl) ? flag_from_name(json_string_value(fl)) : -1;
        if (id < 0 || t->n_flags >= MAX_TEST_FLAGS)
            return bad(x, t->line, "test %d: unknown flag", t->tc_id);
        t->flags[t->n_flags++] = id;
    }
    return 0;
}

/* The expected answer: status, discrete outputs and the values of the group's outputs in their order. */
static int read_expected(ctx_t *x, json_t *jt, const vgroup *vg, int suite, vtest *t)
{
    json_t *ex = json_object_get(jt, "expected");
    answer *e = &t->expected;
    answer_init(e, suite);
    if (!json_is_object(ex))
        return bad(x, t->line, "test %d: no expected object", t->tc_id);
    if (read_discrete(x, t->line, ex, e) != 0)
        return -1;
    outcome_set_in_use(&e->o);
    if (!ccref_status_ok(e->o.d.status))
        return 0;
    json_t *vals = json_object_get(ex, "values");
    if (!json_is_array(vals) || (int)json_array_size(vals) != vg->n_slots)
        return bad(x, t->line, "test %d: expected.values must hold %d values (the group's outputs)", t->tc_id,
                   vg->n_slots);
    for (int k = 0; k < vg->n_slots; k++)
        if (read_value(x, t->line, json_array_get(vals, (size_t)k), e, vg->slots[k]))
            return -1;
    return 0;
}

/* One alternative: the expected answer with what it lists instead (its flag, branch, status, discrete outputs, and
 * the values that differ, null for an unconstrained one). */
static int read_alternative(ctx_t *x, json_t *ja, int suite, vtest *t)
{
    const answer *e = &t->expected;
    if (t->n_alt >= MAX_ALTERNATIVES)
        return bad(x, t->line, "test %d: too many alternatives", t->tc_id);
    answer *a = &t->alt[t->n_alt++];
    *a = *e;
    a->disc_unconstrained = 0;
    a->disc_undecided = 0; /* an alternative states its own undecided outputs (written per answer) */
    a->deviations_undecided = 0;
    const char *fn = str_member(ja, "flag"), *br = str_member(ja, "branch");
    a->flag = fn ? flag_from_name(fn) : -1;
    snprintf(a->branch, sizeof a->branch, "%s", br ? br : "");
    if (a->flag < 0)
        return bad(x, t->line, "test %d: alternative without a known flag", t->tc_id);
    if (read_discrete(x, t->line, ja, a) != 0)
        return -1;
    int was_ok = ccref_status_ok(e->o.d.status);
    outcome_set_in_use(&a->o);
    if (!was_ok && ccref_status_ok(a->o.d.status))
        for (int i = 0; i < a->o.n; i++)
            a->unconstrained[i] = 1; /* values of an accepted-instead input: not given */
    const char *key;
    json_t *jv;
    json_object_foreach(json_object_get(ja, "values"), key, jv) {
        int s = slot_from_name(suite, key);
        if (s < 0)
            return bad(x, t->line, "test %d: alternative value of unknown output \"%s\"", t->tc_id, key);
        if (json_is_null(jv))
            a->unconstrained[s] = 1;
        else if (read_value(x, t->line, jv, a, s))
            return -1;
    }
    return 0;
}

/* Test ti of group gi, as the file's next test: its tcId (in range, not seen before), comment, result, flags, case,
 * expected answer and alternatives. */
static int read_test(ctx_t *x, json_t *jt, size_t gi, size_t ti, vfile *f)
{
    const vgroup *vg = &f->groups[gi];
    vtest *t = &f->tests[f->n_tests];
    t->line = x->line_of[f->n_tests];
    json_t *id = json_object_get(jt, "tcId");
    if (!json_is_integer(id) || json_integer_value(id) < 1 || json_integer_value(id) > x->total)
        return bad(x, t->line, "group %s, test %zu: tcId missing or out of range 1..%ld", vg->family, ti, x->total);
    t->tc_id = (int)json_integer_value(id);
    int *seen = &x->test_of_id[t->tc_id];
    if (*seen != 0)
        return bad(x, t->line, "duplicated tcId %d (also at line %d)", t->tc_id, f->tests[*seen - 1].line);
    *seen = f->n_tests + 1;
    t->group = (int)gi;
    const char *com = str_member(jt, "comment");
    snprintf(t->comment, sizeof t->comment, "%s", com ? com : "");
    if (read_result(x, jt, t) != 0 || read_flags(x, jt, t) != 0)
        return -1;
    read_error re;
    if (case_read(json_object_get(jt, "case"), &t->c, &re) != 0)
        return bad(x, t->line, "test %d: case.%s: %s", t->tc_id, re.field, re.message);
    if (t->c.suite != f->suite)
        return bad(x, t->line, "test %d: a case of kind %s in the %s file", t->tc_id, suite_name(t->c.suite),
                   suite_name(f->suite));
    if (read_expected(x, jt, vg, f->suite, t) != 0)
        return -1;
    size_t ai;
    json_t *ja;
    json_array_foreach(json_object_get(jt, "alternatives"), ai, ja)
        if (read_alternative(x, ja, f->suite, t) != 0)
            return -1;
    f->n_tests++;
    return 0;
}

/* Group gi: its family, description, variant and outputs, then its tests. */
static int read_group(ctx_t *x, json_t *g, size_t gi, vfile *f)
{
    vgroup *vg = &f->groups[gi];
    const char *fam = str_member(g, "family"), *desc = str_member(g, "description");
    snprintf(vg->family, sizeof vg->family, "%s", fam ? fam : "");
    snprintf(vg->description, sizeof vg->description, "%s", desc ? desc : "");
    json_t *var = json_object_get(g, "variant");
    json_t *roll = json_is_object(var) ? json_object_get(var, "rolling") : NULL;
    vg->rolling = json_is_boolean(roll) ? json_is_true(roll) : -1;
    json_t *outs = json_object_get(g, "outputs");
    if (!json_is_array(outs) || json_array_size(outs) > CCREF_MAX_SLOTS)
        return bad(x, 0, "group %s: no outputs list", vg->family);
    size_t oi;
    json_t *on;
    json_array_foreach(outs, oi, on) {
        int s = json_is_string(on) ? slot_from_name(f->suite, json_string_value(on)) : -1;
        if (s < 0)
            return bad(x, 0, "group %s: unknown output \"%s\"", vg->family,
                       json_is_string(on) ? json_string_value(on) : "");
        vg->slots[vg->n_slots++] = s;
    }
    size_t ti;
    json_t *jt;
    json_array_foreach(json_object_get(g, "tests"), ti, jt)
        if (read_test(x, jt, gi, ti, f) != 0)
            return -1;
    return 0;
}

/* The root's members: schema, generatorVersion, suite, seed, and numberOfTests, which must be the number of tests
 * the groups hold (*total). */
static int read_root(ctx_t *x, json_t *root, vfile *f, long *total)
{
    const char *schema = str_member(root, "schema"), *ver = str_member(root, "generatorVersion");
    const char *suite = str_member(root, "suite");
    json_t *groups = json_object_get(root, "testGroups"), *num = json_object_get(root, "numberOfTests");
    if (schema == NULL || strcmp(schema, VECTORS_SCHEMA) != 0)
        return bad(x, 1, "not a ccref vector file (schema \"%s\", expected \"%s\")", schema ? schema : "",
                   VECTORS_SCHEMA);
    if (ver == NULL || strlen(ver) >= sizeof f->generator_version || suite == NULL ||
        (f->suite = suite_from_name(suite)) < 0 || !json_is_array(groups) || !json_is_integer(num))
        return bad(x, 1, "the root must give generatorVersion, a known suite, numberOfTests and testGroups");
    if (strncmp(ver, "2.", 2) != 0)
        return bad(x, 1, "generatorVersion %s: this ccref reads format 2 (generatorVersion 2.x; spec/vectors.md "
                   "section 15 says how a format 1 reader migrates)", ver);
    snprintf(f->generator_version, sizeof f->generator_version, "%s", ver);
    json_t *seed = json_object_get(root, "seed");
    if (json_is_integer(seed))
        snprintf(f->seed, sizeof f->seed, "%lld", (long long)json_integer_value(seed));
    *total = 0;
    size_t gi;
    json_t *g;
    json_array_foreach(groups, gi, g) {
        json_t *tests = json_object_get(g, "tests");
        if (!json_is_array(tests))
            return bad(x, 0, "testGroups[%zu]: no tests array", gi);
        *total += (long)json_array_size(tests);
    }
    if (*total != json_integer_value(num))
        return bad(x, 1, "numberOfTests is %lld but the groups hold %ld tests (truncated file?)",
                   (long long)json_integer_value(num), *total);
    return 0;
}

/* The parsed file (text, its JSON root) into f. */
static int read_file(ctx_t *x, const char *text, json_t *root, vfile *f)
{
    long total = 0;
    if (read_root(x, root, f, &total) != 0)
        return -1;
    json_t *groups = json_object_get(root, "testGroups");
    f->n_groups = (int)json_array_size(groups);
    f->groups = calloc((size_t)f->n_groups + 1, sizeof *f->groups);
    f->tests = calloc((size_t)total + 1, sizeof *f->tests);
    int *line_of = calloc((size_t)total + 2, sizeof *line_of);
    int *test_of_id = calloc((size_t)total + 2, sizeof *test_of_id);
    if (!f->groups || !f->tests || !line_of || !test_of_id) {
        free(line_of);
        free(test_of_id);
        return bad(x, 0, "out of memory");
    }
    test_lines(text, line_of, (int)total);
    x->total = total;
    x->line_of = line_of;
    x->test_of_id = test_of_id;
    int rc = 0;
    size_t gi;
    json_t *g;
    json_array_foreach(groups, gi, g) {
        if ((rc = read_group(x, g, gi, f)) != 0)
            break;
    }
    free(line_of);
    free(test_of_id);
    x->test_of_id = NULL;
    return rc;
}

int vfile_load(const char *path, vfile *f, char *err, size_t errlen)
{
    ctx_t x = {path, err, errlen, 0, NULL, NULL};
    memset(f, 0, sizeof *f);
    snprintf(f->path, sizeof f->path, "%s", path);
    size_t len;
    char *text = slurp(path, &len);
    if (text == NULL)
        return bad(&x, 0, "cannot read: %s", strerror(errno));
    if (strlen(text) != len) {
        free(text);
        return bad(&x, 0, "a NUL byte in the file: not a vector file");
    }
    json_error_t je;
    json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
    if (root == NULL) {
        free(text);
        return bad(&x, je.line, "column %d: %s (truncated or not JSON?)", je.column, je.text);
    }
    int rc = read_file(&x, text, root, f);
    json_decref(root);
    free(text);
    if (rc != 0)
        vfile_free(f);
    return rc;
}

void vfile_free(vfile *f)
{
    free(f->groups);
    free(f->tests);
    f->groups = NULL;
    f->tests = NULL;
    f->n_groups = f->n_tests = 0;
}

const char *judge_tier_name(judge_tier t)
{
    static const char *const names[] = {"ccref", "double", "binary32"};
    return (unsigned)t < JUDGE_TIER_COUNT ? names[t] : "?";
}

int judge_tier_from_name(const char *name)
{
    for (int t = 0; t < JUDGE_TIER_COUNT; t++)
        if (strcmp(name, judge_tier_name((judge_tier)t)) == 0)
            return t;
    return -1;
}

int vtest_output_acceptable(const vtest *t, int i)
{
    for (int j = 0; j < t->n_alt; j++)
        if (slot_differs(&t->alt[j], &t->expected, i))
            return 1;
    return 0;
}

double answer_tol(const answer *a, int i)
{
    switch (a->judged_tier) {
    case JUDGE_DOUBLE: return a->tier_tol[CCREF_TIER_DOUBLE][i];
    case JUDGE_BINARY32: return a->tier_tol[CCREF_TIER_BINARY32][i];
    default: return a->tol[i];
    }
}

void vtest_select_tier(vtest *test, judge_tier t)
{
    test->expected.judged_tier = (int)t;
    for (int j = 0; j < test->n_alt; j++)
        test->alt[j].judged_tier = (int)t;
}

void vfile_select_tier(vfile *f, judge_tier t)
{
    for (int i = 0; i < f->n_tests; i++)
        vtest_select_tier(&f->tests[i], t);
}
