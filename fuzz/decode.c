/* decode.c: fuzz inputs to cases (fuzz.h). */
#include <limits.h>
#include <math.h>
#include <string.h>

#include "../cli/families.h"
#include "fuzz.h"

typedef struct { const uint8_t *p; size_t n; } reader;

static int take(reader *r)
{
    if (r->n == 0)
        return 0;
    r->n--;
    return *r->p++;
}

static int take_bits(reader *r, double *x)
{
    if (r->n < 8)
        return 0;
    uint64_t u = 0;
    for (int i = 7; i >= 0; i--)
        u = u << 8 | r->p[i];
    memcpy(x, &u, sizeof u);
    r->p += 8;
    r->n -= 8;
    return 1;
}

static size_t put_bits(uint8_t *b, double x)
{
    uint64_t u;
    memcpy(&u, &x, sizeof u);
    for (int i = 0; i < 8; i++, u >>= 8)
        b[i] = (uint8_t)u;
    return 8;
}

/* ---------------------------------------------------------------- the fields of a case */

static int add(double **f, int n, double *p, int count)
{
    for (int i = 0; i < count && n < FUZZ_MAX_FIELDS; i++)
        f[n++] = p + i; /* the vectors, matrices, frames and bodies are arrays of doubles without padding */
    return n;
}

static int add_block(double **f, int n, const field_desc *d, void *base, int **ints, int *n_ints)
{
    static const int len[] = {[FIELD_SCALAR] = 1, [FIELD_VEC3] = 3, [FIELD_UNIT] = 3, [FIELD_MAT3] = 9,
                              [FIELD_FRAME] = 12};
    for (; d != NULL && d->name != NULL; d++) {
        void *p = (char *)base + d->offset;
        if (d->type == FIELD_BOOL || d->type == FIELD_INT)
            ints[(*n_ints)++] = p;
        else
            n = add(f, n, p, len[d->type]);
    }
    return n;
}

/* The state a kind or class reads (STATE_* bits), in the order of the case format. */
static int add_state(double **f, int n, unsigned state, ccref_body *b1, ccref_body *b2, ccref_coordinate *q)
{
    if (state & STATE_BODY1)
        n = add(f, n, &b1->R.m[0][0], 24);
    if (state & STATE_BODY2)
        n = add(f, n, &b2->R.m[0][0], 24);
    if (state & STATE_COORDINATE)
        n = add(f, n, &q->q, 3);
    return n;
}

int fuzz_case_fields(cli_case *c, double **f, int **ints, int *n_ints)
{
    int n = 0;
    *n_ints = 0;
    switch (suite_type_of(c->suite)) {
    case SUITE_TYPE_KIND: {
        ccref_case *k = &c->u.k;
        const kind_fields *kf = cli_kind_fields(k->kind);
        n = add_block(f, n, kf->params, &k->params, ints, n_ints);
        n = add_state(f, n, kf->state, &k->body1, &k->body2, &k->coordinate);
        /* three multipliers, more for a kind with more rows (weld): every other kind's fields keep their places */
        int mp = ccref_kind_mp(k->kind);
        return add(f, n, k->lambda, mp > 3 ? mp : 3);
    }
    case SUITE_TYPE_CONTACT: {
        ccref_contact_case *k = &c->u.c;
        const contact_fields *cf = cli_contact_fields(k->cls);
        n = add_block(f, n, cf->params, &k->params, ints, n_ints);
        n = add_state(f, n, cf->state, &k->body1, &k->body2, &k->coordinate);
        n = add_block(f, n, cli_material_fields, &k->material, ints, n_ints);
        n = add_block(f, n, cli_speeds_fields, &k->speeds, ints, n_ints);
        return add(f, n, k->lambda, 3);
    }
    default:
        if (c->suite == SUITE_EFFECTIVE_COR)
            return add_block(f, n, cli_cor_fields, &c->u.cor, ints, n_ints);
        if (c->suite == SUITE_EFFECTIVE_COF)
            return add_block(f, n, cli_cof_fields, &c->u.cof, ints, n_ints);
        return add_block(f, n, cli_classify_fields, &c->u.cl, ints, n_ints);
    }
}

/* ---------------------------------------------------------------- flags */

/* The classifier's sign from bits 4-7 of the flags: mostly +-1, sometimes a sign the rules reject. */
static const int sign_codes[16] = {1, -1, 1, -1, 1, -1, 1, -1, 1, -1, 1, -1, 0, 2, -2, INT_MIN};

static size_t lambda_rows(const cli_case *c)
{
    if (suite_type_of(c->suite) == SUITE_TYPE_CONTACT)
        return ccref_contact_has_friction(c->u.c.cls) ? 3 : 1;
    int mp = 0, mv = 0;
    ccref_case_rows(&c->u.k, &mp, &mv);
    return (size_t)(mp + mv);
}

/* raw: the integer parameters come from the flags, and a count code 0 means the case's count as 1 does (the rolling
 * flag just decoded may have changed it); family: they are the family's, and code 0 keeps its count. */
static void apply_flags(cli_case *c, int flags, int raw)
{
    int *ints[8], n_ints;
    double *f[FUZZ_MAX_FIELDS];
    fuzz_case_fields(c, f, ints, &n_ints);
    if (raw)
        for (int i = 0; i < n_ints; i++)
            *ints[i] = c->suite == SUITE_CLASSIFY ? sign_codes[flags >> 4] : flags >> 4;
    suite_type t = suite_type_of(c->suite);
    if (t == SUITE_TYPE_RULE)
        return;
    size_t rows = lambda_rows(c), *n = t == SUITE_TYPE_KIND ? &c->u.k.n_lambda : &c->u.c.n_lambda;
    int code = flags & 3;
    if (code == 1 || (code == 0 && raw))
        *n = rows;
    else if (code >= 2)
        *n = code == 2 ? rows - 1 : rows + 1;
    ccref_body *b1 = t == SUITE_TYPE_KIND ? &c->u.k.body1 : &c->u.c.body1;
    ccref_body *b2 = t == SUITE_TYPE_KIND ? &c->u.k.body2 : &c->u.c.body2;
    if (flags & 4)
        *b1 = ccref_body_ground();
    if (flags & 8)
        *b2 = ccref_body_ground();
}

/* ---------------------------------------------------------------- decoding */

static vtest made; /* 19 kB, reused: the harnesses are single-threaded */

/* Test k of group g of the suite, as the vector generator makes it (cli/families.c). */
static void family_case(int suite, int g, int k, uint32_t seed, cli_case *c)
{
    const group_spec *groups;
    int n = suite_groups(suite, &groups);
    g %= n;
    family_make(seed, suite, g, k % groups[g].count, &made);
    *c = made.c;
}

static void move_ulps(double *x, int steps)
{
    for (int i = 0; i < steps; i++)
        *x = nextafter(*x, INFINITY);
    for (int i = 0; i > steps; i--)
        *x = nextafter(*x, -INFINITY);
}

int fuzz_decode(int suite, const uint8_t *data, size_t size, cli_case *c)
{
    reader r = {data, size};
    int sel = take(&r), flags = take(&r), mode = sel & 1;
    if (suite == FUZZ_RULES)
        suite = SUITE_FIRST_RULE + (sel >> 1) % 3;
    double *f[FUZZ_MAX_FIELDS];
    int *ints[8], n_ints;
    if (mode == FUZZ_MODE_RAW) {
        static cli_case base[SUITE_COUNT];
        static unsigned char have_base[SUITE_COUNT];
        if (!have_base[suite]) {
            family_case(suite, 0, 0, 0, &base[suite]); /* group 0: random, well conditioned */
            have_base[suite] = 1;
        }
        *c = base[suite];
        int n = fuzz_case_fields(c, f, ints, &n_ints);
        for (int i = 0; i < n && take_bits(&r, f[i]); i++)
            ;
        apply_flags(c, flags, 1);
        return mode;
    }
    int g = take(&r), k = take(&r);
    uint32_t seed = 0;
    for (int i = 0; i < 4; i++)
        seed = seed << 8 | (uint32_t)take(&r);
    family_case(suite, g, k, seed, c);
    int n = fuzz_case_fields(c, f, ints, &n_ints);
    while (r.n > 0) {
        int field = take(&r);
        double *x = f[(field & 0x7f) % n];
        if (field & 0x80) {
            if (!take_bits(&r, x))
                break;
        } else {
            move_ulps(x, (int8_t)take(&r));
        }
    }
    apply_flags(c, flags, 0);
    return mode;
}

/* ---------------------------------------------------------------- encoding (seeds) */

static int flags_of(const cli_case *c)
{
    int flags = 0;
    cli_case tmp = *c;
    int *ints[8], n_ints;
    double *f[FUZZ_MAX_FIELDS];
    fuzz_case_fields(&tmp, f, ints, &n_ints);
    for (int i = 0; i < n_ints; i++) {
        int code = 0;
        if (c->suite == SUITE_CLASSIFY) {
            while (code < 16 && sign_codes[code] != *ints[i])
                code++;
            code = code < 16 ? code : 0;
        } else {
            code = *ints[i] & 15;
        }
        flags |= code << 4;
    }
    suite_type t = suite_type_of(c->suite);
    if (t != SUITE_TYPE_RULE) {
        size_t rows = lambda_rows(c), n = t == SUITE_TYPE_KIND ? c->u.k.n_lambda : c->u.c.n_lambda;
        flags |= n + 1 == rows ? 2 : n == rows + 1 ? 3 : 0;
    }
    return flags;
}

size_t fuzz_encode_raw(const cli_case *c, uint8_t *buf, size_t cap)
{
    cli_case tmp = *c;
    double *f[FUZZ_MAX_FIELDS];
    int *ints[8], n_ints;
    int n = fuzz_case_fields(&tmp, f, ints, &n_ints);
    if (cap < 2 + 8 * (size_t)n)
        return 0;
    size_t len = 0;
    int rule = c->suite >= SUITE_FIRST_RULE ? c->suite - SUITE_FIRST_RULE : 0;
    buf[len++] = (uint8_t)(FUZZ_MODE_RAW | rule << 1);
    buf[len++] = (uint8_t)flags_of(c);
    for (int i = 0; i < n; i++)
        len += put_bits(buf + len, *f[i]);
    return len;
}

size_t fuzz_encode_family(int suite, int g, int k, uint32_t seed, uint8_t *buf, size_t cap)
{
    if (cap < 8)
        return 0;
    int rule = suite >= SUITE_FIRST_RULE ? suite - SUITE_FIRST_RULE : 0;
    uint8_t b[8] = {(uint8_t)(FUZZ_MODE_FAMILY | rule << 1), 0, (uint8_t)g, (uint8_t)k, (uint8_t)(seed >> 24),
                    (uint8_t)(seed >> 16), (uint8_t)(seed >> 8), (uint8_t)seed};
    memcpy(buf, b, sizeof b);
    return sizeof b;
}
