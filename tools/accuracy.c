/* accuracy.c: `make accuracy` (tests/accuracy.mk). Measures the double kernels against the certified oracle over a
 * spread of each constraint's governing condition and compares every error with its a-priori bound
 * (tests/accuracy_bounds.{h,c}, spec/accuracy.md).
 *
 * For every constraint (the bilateral kinds, their rolling variants, the eight contact classes, the COR and COF
 * rules) it draws N cases of the constraint's sweep (spec/accuracy.md section 7), evaluates kernel, oracle and
 * bound, and prints per output slot:
 *   ulp max / med   |kernel - oracle| in ulps of the oracle value (ulp floor 2^-1074), over the slots that are not
 *                   near zero;
 *   ratio max / med |kernel - oracle| / (B + ulp/2), over every compared slot (<= 1 on a pass);
 *   nz n, max, med  the near-zero slots (B > 2^20 ulps of the value: no meaningful ulp error), absolute error / B.
 * Cases whose branch decision lies in its band are excluded (counted per decision); uncertified slots are skipped
 * (counted). It writes DIR/<constraint>.dat (one line per compared case: condition and errors; header comment
 * gives the columns) and DIR/constraints.txt for tools/accuracy.gp, and the printed tables to DIR/summary.txt.
 *
 * Usage: accuracy [--n N] [--out DIR] [--seed S] [--only NAME]
 * Exit status: 0 iff no violation, no discrete mismatch and no unbounded certified slot. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "../cli/fields.h"
#include "../tests/accuracy_bounds.h"
#include "../tests/cases.h"

typedef enum { T_KIND, T_CONTACT, T_COR, T_COF } ctype;

typedef struct {
    const char *name;
    ctype type;
    int id;         /* ccref_kind or ccref_contact_class */
    int rolling;
    const char *xlabel;
} constraint;

/* The sweep's x axis per kind: its governing condition (spec/accuracy.md section 6), from the STATE and CONDITIONING
 * columns of ccref_kinds.h; the kinds in their variants (MV: without, with, or both with and without rolling rows). */
#define SCALE "coordinate scale max(|p1|, |p2|)"
#define XLABEL_BODIES_ANY SCALE
#define XLABEL_BODIES_POINTS_APART "r = |Sb - Sf| (computed)"
#define XLABEL_BODIES_EDGES_CROSSING "|df x db| (computed)"
#define XLABEL_COORDINATE_ANY "max(|q|, |position|)"
#define KIND_VARIANTS_0(KIND, kind, X) {#kind, T_KIND, CCREF_KIND_##KIND, 0, X},
#define KIND_VARIANTS_2(KIND, kind, X) {#kind, T_KIND, CCREF_KIND_##KIND, 1, X},
#define KIND_VARIANTS_ROLLING(KIND, kind, X)                                                                           \
    {#kind, T_KIND, CCREF_KIND_##KIND, 0, X}, {#kind "_rolling", T_KIND, CCREF_KIND_##KIND, 1, X},
#define KIND_ENTRY(KIND, kind, ABBR, STATE, MP, MV, WELL) KIND_VARIANTS_##MV(KIND, kind, XLABEL_##STATE##_##WELL)
#define CLASS_ENTRY(CLASS, cls, ...) {#cls, T_CONTACT, CCREF_CONTACT_##CLASS, 0, "|perr| (separation scale)"},
static const constraint list[] = {
    CCREF_KINDS(KIND_ENTRY)
    CCREF_CONTACTS(CLASS_ENTRY)
    {"cor_rule", T_COR, 0, 0, "impact speed / min_cor_speed"},
    {"cof_rule", T_COF, 0, 0, "slip speed / transition speed"},
};
#define NLIST ((int)(sizeof list / sizeof list[0]))

/* ---------------------------------------------------------------- output to stdout and summary.txt */

static FILE *summary;

static void out(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    if (summary) {
        va_start(ap, fmt);
        vfprintf(summary, fmt, ap);
        va_end(ap);
    }
}

/* ---------------------------------------------------------------- growable arrays */

typedef struct { double *v; size_t n, cap; } dvec;

static void push(dvec *a, double x)
{
    if (a->n == a->cap) {
        a->cap = a->cap ? 2 * a->cap : 256;
        a->v = realloc(a->v, a->cap * sizeof *a->v);
        if (a->v == NULL) {
            perror("realloc");
            exit(2);
        }
    }
    a->v[a->n++] = x;
}

static int cmpd(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double vmax(const dvec *a)
{
    double m = 0.0;
    for (size_t i = 0; i < a->n; i++)
        if (a->v[i] > m)
            m = a->v[i];
    return m;
}

static double vmed(dvec *a)
{
    if (a->n == 0)
        return 0.0;
    qsort(a->v, a->n, sizeof *a->v, cmpd);
    return a->n % 2 ? a->v[a->n / 2] : 0.5 * (a->v[a->n / 2 - 1] + a->v[a->n / 2]);
}

/* ---------------------------------------------------------------- the sweeps (spec/accuracy.md section 7) */

/* Bilateral kinds: the kind's governing condition spread log-uniformly. */
static ccref_case draw_kind(const constraint *k, ccref_rng *r, int i)
{
    ccref_kind kind = (ccref_kind)k->id;
    switch (cli_kind_fields(kind)->well) {
    case CONDITIONING_POINTS_APART:
        return acc_family_case(r, kind, k->rolling, ACC_FAM_SMALL_R, acc_rng_log(r, 1e-15, 2.0));
    case CONDITIONING_EDGES_CROSSING:
        return acc_family_case(r, kind, k->rolling, ACC_FAM_NEAR_PARALLEL, acc_rng_log(r, 0x1.9p-46, 1.0));
    default: {
        /* coordinate scale 1 .. 1e8, on random cases, cases at contact (perr about 0) and, for the sphere kinds,
         * tiny radii at contact */
        acc_family f = ACC_FAM_RANDOM;
        double t = 0.0;
        if (i % 3 == 1) {
            f = ACC_FAM_CONTACT;
            t = i % 30 == 1 ? 0.0 : acc_rng_log(r, 1e-16, 1e-2);
        } else if (i % 3 == 2 && acc_family_applies(ACC_FAM_TINY_RADIUS, kind)) {
            f = ACC_FAM_TINY_RADIUS;
            t = acc_rng_log(r, 1e-6, 1e-1);
        }
        ccref_case c = acc_family_case(r, kind, k->rolling, f, t);
        acc_offset_case(&c, r, acc_rng_log(r, 1.0, 1e8));
        return c;
    }
    }
}

static void draw_sample(const constraint *k, ora_ctx *ctx, ccref_rng *r, int i, acc_sample *s)
{
    switch (k->type) {
    case T_KIND: {
        ccref_case c = draw_kind(k, r, i);
        acc_check_case(ctx, &c, s);
        break;
    }
    case T_CONTACT: {
        /* separation |perr| from 1e-18 to 1 (5% at a computed perr of 0) */
        double t = i % 20 == 0 ? 0.0 : acc_rng_log(r, 1e-18, 1.0);
        ccref_contact_case c = acc_family_contact(r, (ccref_contact_class)k->id, ACC_FAM_CONTACT, t);
        acc_check_contact(ctx, &c, s);
        break;
    }
    case T_COR: {
        double m = ccref_rng_uniform(r, 0.0, 1.0), sp = acc_rng_log(r, 0x1p-20, 0x1p20);
        double c = sp * ccref_rng_uniform(r, 0.0, 1.0), v;
        double e = acc_rng_log(r, 0x1p-52, 0x1p-10) * (ccref_rng_uniform(r, 0.0, 1.0) < 0.5 ? -1.0 : 1.0);
        switch (i % 4) {
        case 0: v = c * (1.0 + e); break;  /* around the capture jump */
        case 1: v = sp * (1.0 + e); break; /* around the minimum-COR corner */
        default: v = ccref_rng_uniform(r, 0.0, 2.0) * sp; break;
        }
        acc_check_cor(ctx, m, c, sp, v, s);
        s->cond = v / sp;
        break;
    }
    case T_COF: {
        double mu_s = ccref_rng_uniform(r, 0.0, 1.0), mu_d = ccref_rng_uniform(r, 0.0, mu_s);
        double mu_v = ccref_rng_uniform(r, 0.0, 1.0), t = acc_rng_log(r, 1e-6, 1.0);
        double slip = i % 20 == 0 ? t : t * acc_rng_log(r, 1e-3, 1e3);
        acc_check_cof(ctx, mu_s, mu_d, mu_v, t, slip, s);
        s->cond = slip / t;
        break;
    }
    }
}

static const char *slot_name(const constraint *k, int j)
{
    switch (k->type) {
    case T_KIND: return ccref_output_name((ccref_kind)k->id, j);
    case T_CONTACT: return ccref_contact_output_name(j);
    case T_COR: return "effective_cor";
    default: return "effective_cof";
    }
}

/* The three rows plotted: perr[0], verr[0], aerr[0] (contacts: perr, verr, aerr; rules: the value, twice unset). */
static int row_slot(const constraint *k, int row)
{
    switch (k->type) {
    case T_KIND: return row == 0 ? CCREF_SLOT_PERR : row == 1 ? CCREF_SLOT_VERR : CCREF_SLOT_AERR;
    case T_CONTACT: return row == 0 ? CCREF_CSLOT_PERR : row == 1 ? CCREF_CSLOT_VERR : CCREF_CSLOT_AERR;
    default: return row == 0 ? 0 : -1;
    }
}

/* ---------------------------------------------------------------- one constraint */

typedef struct {
    dvec ulps, ratio, nz;
    int compared, zero_only;
} slot_stats;

static int run(const constraint *k, int N, ora_ctx *ctx, const char *dir, uint64_t seed, double *max_ratio_out)
{
    static slot_stats st[ACC_MAX_SLOTS];
    memset(st, 0, sizeof st);
    for (int j = 0; j < ACC_MAX_SLOTS; j++)
        st[j].zero_only = 1;
    int excl[CCREF_DECISION_COUNT] = {0}, invalid = 0, mismatch = 0, violations = 0, unbounded = 0, uncertified = 0;
    int compared = 0, nslots = 0;
    char path[1024];
    snprintf(path, sizeof path, "%s/%s.dat", dir, k->name);
    FILE *dat = fopen(path, "w");
    if (dat == NULL) {
        perror(path);
        exit(2);
    }
    fprintf(dat, "# %s: one line per compared case (kernel against the certified oracle, bounds of spec/accuracy.md)\n"
                 "# xlabel: %s\n"
                 "# 1 cond  2 max ratio over outputs  3 max ulps over outputs not near zero\n"
                 "# 4/5 perr abs err/bound  6/7 verr abs err/bound  8/9 aerr abs err/bound (row 0; rules: the value)\n"
                 "# 10/11/12 perr/verr/aerr err in ulps  13/14/15 their bounds in ulps  ('?' = not applicable)\n",
            k->name, k->xlabel);
    ccref_rng r = {seed};
    for (int i = 0; i < N; i++) {
        acc_sample s;
        draw_sample(k, ctx, &r, i, &s);
        if (!s.valid) {
            invalid++;
            continue;
        }
        if (s.excluded != CCREF_DECISION_NONE) {
            excl[s.excluded]++;
            continue;
        }
        if (s.discrete_mismatch) {
            mismatch++;
            continue;
        }
        compared++;
        nslots = s.n;
        violations += s.violations;
        unbounded += s.unbounded;
        uncertified += s.uncertified;
        double mr = 0.0, mu = 0.0;
        for (int j = 0; j < s.n; j++) {
            if (!s.certified[j] || isinf(s.bound[j]))
                continue;
            double kv = s.kernel[j], ov = s.oracle[j], B = s.bound[j];
            slot_stats *t = &st[j];
            t->compared++;
            if (!(kv == 0.0 && ov == 0.0 && B == 0.0))
                t->zero_only = 0;
            double ratio = acc_ratio(kv, ov, B);
            push(&t->ratio, ratio);
            if (ratio > mr)
                mr = ratio;
            if (acc_near_zero(ov, B)) {
                push(&t->nz, fabs(kv - ov) / B);
            } else {
                double u = acc_err_ulps(kv, ov);
                push(&t->ulps, u);
                if (u > mu)
                    mu = u;
            }
        }
        fprintf(dat, "%.6e %.6e %.6e", s.cond, mr, mu);
        double ue[3], ub[3];
        for (int row = 0; row < 3; row++) {
            int j = row_slot(k, row);
            if (j < 0 || !s.certified[j] || isinf(s.bound[j])) {
                fprintf(dat, " ? ?");
                ue[row] = ub[row] = NAN;
                continue;
            }
            double err = fabs(s.kernel[j] - s.oracle[j]);
            fprintf(dat, " %.6e %.6e", err, s.bound[j]);
            ue[row] = err / ccref_ulp(s.oracle[j]);
            ub[row] = s.bound[j] / ccref_ulp(s.oracle[j]);
        }
        for (int row = 0; row < 3; row++)
            isnan(ue[row]) ? fprintf(dat, " ?") : fprintf(dat, " %.6e", ue[row]);
        for (int row = 0; row < 3; row++)
            isnan(ub[row]) ? fprintf(dat, " ?") : fprintf(dat, " %.6e", ub[row]);
        fputc('\n', dat);
    }
    fclose(dat);

    double max_ratio = 0.0;
    int zero_slots = 0;
    out("\n== %s: %d cases, %d compared", k->name, N, compared);
    int nex = 0;
    for (int d = 1; d < CCREF_DECISION_COUNT; d++)
        nex += excl[d];
    out(", %d excluded by the decision-band rule", nex);
    if (nex) {
        out(" (");
        for (int d = 1, first = 1; d < CCREF_DECISION_COUNT; d++)
            if (excl[d]) {
                out("%s%s %d", first ? "" : ", ", ccref_decision_name((ccref_decision)d), excl[d]);
                first = 0;
            }
        out(")");
    }
    out(", %d invalid, %d uncertified slots skipped\n", invalid, uncertified);
    out("   violations %d, discrete mismatches %d, unbounded certified slots %d; x axis: %s\n", violations, mismatch,
        unbounded, k->xlabel);
    out("   %-36s %7s %10s %10s %10s %10s %7s %10s %10s\n", "output", "n", "ulp max", "ulp med", "ratio max",
        "ratio med", "nz n", "nz max", "nz med");
    for (int j = 0; j < nslots; j++) {
        slot_stats *t = &st[j];
        if (t->compared == 0)
            continue;
        if (t->zero_only) {
            zero_slots++;
            continue;
        }
        double rm = vmax(&t->ratio);
        if (rm > max_ratio)
            max_ratio = rm;
        out("   %-36s %7d %10.3g %10.3g %10.3g %10.3g %7zu", slot_name(k, j), t->compared, vmax(&t->ulps),
            vmed(&t->ulps), rm, vmed(&t->ratio), t->nz.n);
        if (t->nz.n)
            out(" %10.3g %10.3g\n", vmax(&t->nz), vmed(&t->nz));
        else
            out(" %10s %10s\n", "-", "-");
    }
    if (zero_slots)
        out("   (%d further slots are exact zeros in every compared case: rows past mp + mv, branch zeros)\n",
            zero_slots);
    for (int j = 0; j < ACC_MAX_SLOTS; j++) {
        free(st[j].ulps.v);
        free(st[j].ratio.v);
        free(st[j].nz.v);
    }
    *max_ratio_out = max_ratio;
    return violations + mismatch + unbounded;
}

int main(int argc, char **argv)
{
    int N = 20000;
    const char *dir = "build/accuracy", *only = NULL;
    uint64_t seed = 20240601u;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--n") && i + 1 < argc)
            N = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--out") && i + 1 < argc)
            dir = argv[++i];
        else if (!strcmp(argv[i], "--seed") && i + 1 < argc)
            seed = strtoull(argv[++i], NULL, 0);
        else if (!strcmp(argv[i], "--only") && i + 1 < argc)
            only = argv[++i];
        else {
            fprintf(stderr, "usage: %s [--n N] [--out DIR] [--seed S] [--only NAME]\n", argv[0]);
            return 2;
        }
    }
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        perror(dir);
        return 2;
    }
    char path[1024];
    snprintf(path, sizeof path, "%s/summary.txt", dir);
    summary = fopen(path, "w");
    snprintf(path, sizeof path, "%s/constraints.txt", dir);
    FILE *names = fopen(path, "w");
    if (summary == NULL || names == NULL) {
        perror(path);
        return 2;
    }
    ora_ctx *ctx = ora_ctx_new(NULL);
    out("ccref accuracy: double kernels against the certified oracle, errors against the bounds of spec/accuracy.md\n"
        "N = %d cases per constraint, seed %llu. ulp: of the oracle value, floor 2^-1074. ratio: |kernel - oracle| /"
        " (B + ulp/2), must be <= 1.\nnz: near-zero values (B > 2^20 ulp): |kernel - oracle| / B.\n",
        N, (unsigned long long)seed);
    double max_ratio[NLIST];
    int bad = 0, ran = 0;
    clock_t t0 = clock();
    for (int i = 0; i < NLIST; i++) {
        max_ratio[i] = -1.0;
        if (only && strcmp(only, list[i].name) != 0)
            continue;
        bad += run(&list[i], N, ctx, dir, seed + 1000u * (uint64_t)i, &max_ratio[i]);
        fprintf(names, "%s\n", list[i].name);
        ran++;
    }
    fclose(names);
    out("\n== summary: max ratio observed/bound per constraint (<= 1 required)\n");
    for (int i = 0; i < NLIST; i++)
        if (max_ratio[i] >= 0.0)
            out("   %-28s %.3g\n", list[i].name, max_ratio[i]);
    out("%d constraints, %s; %.1f s\n", ran, bad ? "FAILURES (see above)" : "all errors within their bounds",
        (double)(clock() - t0) / CLOCKS_PER_SEC);
    fclose(summary);
    ora_ctx_free(ctx);
    return bad ? 1 : 0;
}
