/* consumer.c: the part every engine consumer shares (consumer.h). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime (--bench) */
#include "consumer.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ------------------------------------------------------------------ one result line */

static const char *program = "consumer";

static void fail_too_long(const char *what)
{
    fprintf(stderr, "%s: %s too long\n", program, what);
    exit(2);
}

static void app(char *buf, size_t cap, size_t *n, const char *what, const char *fmt, va_list ap)
{
    int k = vsnprintf(buf + *n, cap - *n, fmt, ap);
    if (k < 0 || (size_t)k >= cap - *n)
        fail_too_long(what);
    *n += (size_t)k;
}

void consumer_hex(char *s, size_t cap, double v)
{
    if (isnan(v))
        snprintf(s, cap, "nan");        /* glibc's %a writes "-nan" for some NaNs, which no reader takes */
    else if (isinf(v))
        snprintf(s, cap, v > 0 ? "inf" : "-inf");
    else
        snprintf(s, cap, "%a", v);
}

static void out_raw(result_line *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void out_raw(result_line *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    app(r->outputs, sizeof r->outputs, &r->n_out, "result line", fmt, ap);
    va_end(ap);
}

void out_value(result_line *r, const char *name, double v)
{
    char s[40];
    consumer_hex(s, sizeof s, v);
    out_raw(r, "%s\"%s\":\"%s\"", r->n_out ? "," : "", name, s);
}

void used_member(result_line *r, const char *fmt, ...)
{
    if (r->n_used) {
        if (r->n_used + 1 >= sizeof r->used)
            fail_too_long("inputs_used");
        r->used[r->n_used++] = ',';
        r->used[r->n_used] = '\0';
    }
    va_list ap;
    va_start(ap, fmt);
    app(r->used, sizeof r->used, &r->n_used, "inputs_used", fmt, ap);
    va_end(ap);
}

void used_rotation(result_line *r, int k, const ccref_mat3 *given, const ccref_mat3 *used)
{
    if (memcmp(given, used, sizeof *given) == 0)
        return;
    char e[9][40];
    for (int i = 0; i < 9; i++)
        consumer_hex(e[i], sizeof e[i], used->m[i / 3][i % 3]);
    used_member(r, "\"body%d\":{\"R\":[[\"%s\",\"%s\",\"%s\"],[\"%s\",\"%s\",\"%s\"],[\"%s\",\"%s\",\"%s\"]]}", k,
                e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7], e[8]);
}

void used_params2(result_line *r, const char *name1, double v1, const char *name2, double v2)
{
    char s1[40], s2[40];
    consumer_hex(s1, sizeof s1, v1);
    consumer_hex(s2, sizeof s2, v2);
    used_member(r, "\"params\":{\"%s\":\"%s\",\"%s\":\"%s\"}", name1, s1, name2, s2);
}

static void write_result(FILE *f, const char *suite, int tc_id, const result_line *r)
{
    fprintf(f, "{\"id\":\"%s/%d\",\"status\":\"OK\",\"outputs\":{%s}", suite, tc_id, r->outputs);
    if (r->n_used)
        fprintf(f, ",\"inputs_used\":{%s}", r->used);
    fputs("}\n", f);
}

/* ------------------------------------------------------------------ skip reasons */

const char CONSUMER_INVALID[] = "invalid input";
const char CONSUMER_ERROR_STATUS[] = "expected error status";
const char CONSUMER_SEPARATED[] = "separated (no contact)";
const char CONSUMER_OUTSIDE[] = "closest point outside segment";
const char CONSUMER_PARALLEL_APART[] = "parallel, segments apart";
const char CONSUMER_EXTEND_OVERFLOW[] = "lengthened segment overflows";
const char CONSUMER_NOT_ORTHONORMAL[] = "rotation not orthonormal (the engine assumes it is)";

/* Whether both bodies' rotations are orthonormal to within rounding: every entry of R^T R - I at most 2^-40. */
static int bodies_orthonormal(const cli_case *c)
{
    for (int k = 1; k <= 2; k++) {
        const ccref_body *b = case_body(c, k);
        for (int i = 0; b != NULL && i < 3; i++)
            for (int j = 0; j < 3; j++) {
                double d = (i == j) ? -1.0 : 0.0;
                for (int m = 0; m < 3; m++)
                    d += b->R.m[m][i] * b->R.m[m][j];
                if (!(fabs(d) <= 0x1p-40))
                    return 0;
            }
    }
    return 1;
}

/* The largest magnitude among a case's lengths: its parameters' numbers (scalars, vectors, frames' origins) and the
 * bodies' positions. */
static double case_length_scale(const cli_case *c)
{
    const field_desc *d;
    const void *params;
    if (suite_type_of(c->suite) == SUITE_TYPE_KIND) {
        d = cli_kind_fields(c->u.k.kind)->params;
        params = &c->u.k.params;
    } else if (suite_type_of(c->suite) == SUITE_TYPE_CONTACT) {
        d = cli_contact_fields(c->u.c.cls)->params;
        params = &c->u.c.params;
    } else {
        return 0.0;
    }
    double L = 0.0;
    for (; d->name != NULL; d++) {
        const double *x = (const double *)((const char *)params + d->offset);
        int n = d->type == FIELD_SCALAR ? 1 : d->type == FIELD_VEC3 || d->type == FIELD_UNIT ? 3 : 0;
        if (d->type == FIELD_FRAME)
            x = (const double *)&((const ccref_frame *)x)->p, n = 3;
        for (int i = 0; i < n; i++)
            L = fmax(L, fabs(x[i]));
    }
    for (int k = 1; k <= 2; k++) {
        const ccref_body *b = case_body(c, k);
        if (b != NULL)
            L = fmax(L, fmax(fabs(b->p.x), fmax(fabs(b->p.y), fabs(b->p.z))));
    }
    return L;
}

int consumer_certainly_touching(const vtest *t)
{
    const answer *e = &t->expected;
    double v = e->o.value[CCREF_SLOT_PERR], tol = e->tol[CCREF_SLOT_PERR];
    if (!ccref_status_ok(e->o.d.status))
        return 0;
    if (v + tol < 0.0)
        return 1;
    /* no bound (magnitudes where the bound calculus claims nothing): the certified value is the exact one correctly
     * rounded, so its sign is exact; an overlap of more than 2^-20 of the case's lengths is then no rounding matter */
    return isinf(tol) && e->cert_bits[CCREF_SLOT_PERR] > 0 && v < -0x1p-20 * case_length_scale(&t->c);
}

/* Whether the test asks for an answer an engine can give: not bad input, and an OK-class status expected or
 * allowed. */
static const char *expected_skip(const vtest *t);
/* Why suite cs does not put test t to its engine (NULL: it does): expected_skip, or a rotation its engine takes to
 * be orthonormal that is not. */
static const char *selection_skip(const consumer_suite *cs, const vtest *t)
{
    const char *why = expected_skip(t);
    if (why == NULL && cs->orthonormal_only && !bodies_orthonormal(&t->c))
        why = CONSUMER_NOT_ORTHONORMAL;
    return why;
}

static const char *expected_skip(const vtest *t)
{
    if (t->result == RESULT_INVALID)
        return CONSUMER_INVALID;
    if (ccref_status_ok(t->expected.o.d.status))
        return NULL;
    for (int a = 0; a < t->n_alt; a++)
        if (ccref_status_ok(t->alt[a].o.d.status))
            return NULL;
    return CONSUMER_ERROR_STATUS;
}

/* ------------------------------------------------------------------ line on line on segments */

typedef struct { long double x, y, z; } lvec;
static lvec lv(ccref_vec3 a) { lvec r = {a.x, a.y, a.z}; return r; }
static lvec lmul(const ccref_mat3 *R, lvec a)
{
    lvec r = {R->m[0][0] * a.x + R->m[0][1] * a.y + R->m[0][2] * a.z,
              R->m[1][0] * a.x + R->m[1][1] * a.y + R->m[1][2] * a.z,
              R->m[2][0] * a.x + R->m[2][1] * a.y + R->m[2][2] * a.z};
    return r;
}
static lvec lcross(lvec a, lvec b)
{
    lvec r = {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
    return r;
}
static long double ldot(lvec a, lvec b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

/* tf = ((p x db) . w) / (w . w), tb = ((p x df) . w) / (w . w), w = df x db, p = Pb - Pf, in long double. */
static void line_parameters(const ccref_case *c, long double *tf, long double *tb, int *parallel, long double *pdf)
{
    const ccref_line_on_line_params *p = &c->params.line_on_line;
    lvec ex1 = {p->edge_frame1_in_b1.R.m[0][0], p->edge_frame1_in_b1.R.m[1][0], p->edge_frame1_in_b1.R.m[2][0]};
    lvec ex2 = {p->edge_frame2_in_b2.R.m[0][0], p->edge_frame2_in_b2.R.m[1][0], p->edge_frame2_in_b2.R.m[2][0]};
    lvec df = lmul(&c->body1.R, ex1), db = lmul(&c->body2.R, ex2);
    lvec a1 = lmul(&c->body1.R, lv(p->edge_frame1_in_b1.p)), a2 = lmul(&c->body2.R, lv(p->edge_frame2_in_b2.p));
    lvec Pf = {c->body1.p.x + a1.x, c->body1.p.y + a1.y, c->body1.p.z + a1.z};
    lvec Pb = {c->body2.p.x + a2.x, c->body2.p.y + a2.y, c->body2.p.z + a2.z};
    lvec d = {Pb.x - Pf.x, Pb.y - Pf.y, Pb.z - Pf.z};
    lvec w = lcross(df, db);
    long double ww = ldot(w, w);
    *parallel = ww < 0x1p-91L;
    *pdf = ldot(d, df);
    if (*parallel) {
        *tf = *tb = 0;
        return;
    }
    *tf = ldot(lcross(d, db), w) / ww;
    *tb = ldot(lcross(d, df), w) / ww;
}

/* The smallest power of two at least twice |t|. */
static double pow2_at_least(long double t)
{
    int e;
    frexpl(2.0L * fabsl(t), &e);
    return ldexp(1.0, e);
}

/* R v and p + R v in double, in ccref's order of evaluation (spec/conventions.md: row by row, left to right). */
static ccref_vec3 rot(const ccref_mat3 *R, ccref_vec3 v)
{
    ccref_vec3 r = {R->m[0][0] * v.x + R->m[0][1] * v.y + R->m[0][2] * v.z,
                    R->m[1][0] * v.x + R->m[1][1] * v.y + R->m[1][2] * v.z,
                    R->m[2][0] * v.x + R->m[2][1] * v.y + R->m[2][2] * v.z};
    return r;
}

const char *lol_choose_segments(const ccref_case *c, int native_only, lol_segments *s, result_line *r)
{
    const ccref_line_on_line_params *p = &c->params.line_on_line;
    long double tf, tb, pdf;
    int parallel;
    line_parameters(c, &tf, &tb, &parallel, &pdf);
    double hf = p->half_length1, hb = p->half_length2;
    const double inside = 1.0 - 0x1p-20;
    memset(s, 0, sizeof *s);
    s->parallel = parallel;
    if (parallel) {
        if (!(fabsl(pdf) < (long double)hf + hb))
            return CONSUMER_PARALLEL_APART;
    } else {
        int out1 = !(fabsl(tf) < hf * inside), out2 = !(fabsl(tb) < hb * inside);
        if (out1 || out2) {
            if (native_only)
                return CONSUMER_OUTSIDE;
            if (out1)
                hf = pow2_at_least(tf);
            if (out2)
                hb = pow2_at_least(tb);
            if (!isfinite(hf) || !isfinite(hb))
                return CONSUMER_EXTEND_OVERFLOW;
            s->extended = 1;
        }
    }
    s->half_length[0] = hf;
    s->half_length[1] = hb;
    const ccref_frame *E[2] = {&p->edge_frame1_in_b1, &p->edge_frame2_in_b2};
    const ccref_body *B[2] = {&c->body1, &c->body2};
    for (int k = 0; k < 2; k++) {
        ccref_vec3 a = rot(&B[k]->R, E[k]->p);
        ccref_vec3 ex = {E[k]->R.m[0][0], E[k]->R.m[1][0], E[k]->R.m[2][0]};
        s->centre[k] = (ccref_vec3){B[k]->p.x + a.x, B[k]->p.y + a.y, B[k]->p.z + a.z};
        s->direction[k] = rot(&B[k]->R, ex);
        const ccref_vec3 P = s->centre[k], d = s->direction[k];
        const double h = s->half_length[k];
        s->end[k][0] = (ccref_vec3){P.x - h * d.x, P.y - h * d.y, P.z - h * d.z};
        s->end[k][1] = (ccref_vec3){P.x + h * d.x, P.y + h * d.y, P.z + h * d.z};
    }
    if (s->extended && r != NULL)
        used_params2(r, "half_length1", hf, "half_length2", hb);
    return NULL;
}

static const char *current_suite = "", *current_family = "";
const char *consumer_current_suite(void) { return current_suite; }
const char *consumer_current_family(void) { return current_family; }

/* ------------------------------------------------------------------ per family bookkeeping */

#define MAX_ROWS 160
#define MAX_REASONS 12
typedef struct {
    char suite[24], family[40];
    int rolling;
    long tests, ran;
    const char *reason[MAX_REASONS];    /* skip reasons by name, in order of first appearance */
    long count[MAX_REASONS];
    long extended;      /* line_on_line: ran on lengthened segments */
    long missed;        /* sphere kinds: no contact although it certainly touches (error line) */
    long used_inputs;   /* results with inputs_used */
} famrow;
static famrow rows[MAX_ROWS];
static int n_rows;

static famrow *row_for(const char *suite, const vgroup *g)
{
    for (int i = 0; i < n_rows; i++)
        if (strcmp(rows[i].suite, suite) == 0 && strcmp(rows[i].family, g->family) == 0 &&
            rows[i].rolling == g->rolling)
            return &rows[i];
    if (n_rows == MAX_ROWS) {
        fprintf(stderr, "%s: too many families\n", program);
        exit(2);
    }
    famrow *r = &rows[n_rows++];
    memset(r, 0, sizeof *r);
    snprintf(r->suite, sizeof r->suite, "%s", suite);
    snprintf(r->family, sizeof r->family, "%s", g->family);
    r->rolling = g->rolling;
    return r;
}

/* n more tests of row r skipped for reason why. */
static void count_skips(famrow *r, const char *why, long n)
{
    int k = 0;
    while (k < MAX_REASONS && r->reason[k] != NULL && strcmp(r->reason[k], why) != 0)
        k++;
    if (k == MAX_REASONS) {
        fprintf(stderr, "%s: too many skip reasons\n", program);
        exit(2);
    }
    r->reason[k] = why;
    r->count[k] += n;
}

/* The selection table: per suite and family the tests, how many ran, and the skips by reason; then the totals. */
static void print_table(void)
{
    printf("%-17s %-20s %-3s %5s %5s  %s\n", "suite", "family", "rol", "tests", "ran", "skipped (reason: count); notes");
    long tot_tests = 0, tot_ran = 0;
    famrow total;
    memset(&total, 0, sizeof total);
    for (int i = 0; i < n_rows; i++) {
        const famrow *fr = &rows[i];
        printf("%-17s %-20s %-3s %5ld %5ld ", fr->suite, fr->family, fr->rolling < 0 ? "" : fr->rolling ? "yes" : "no",
               fr->tests, fr->ran);
        for (int k = 0; k < MAX_REASONS && fr->reason[k] != NULL; k++) {
            printf(" %s: %ld;", fr->reason[k], fr->count[k]);
            count_skips(&total, fr->reason[k], fr->count[k]);
        }
        if (fr->extended)
            printf(" lengthened segments: %ld;", fr->extended);
        if (fr->missed)
            printf(" missed contacts (error lines): %ld;", fr->missed);
        putchar('\n');
        tot_tests += fr->tests;
        tot_ran += fr->ran;
    }
    printf("total: %ld tests, %ld ran;", tot_tests, tot_ran);
    for (int k = 0; k < MAX_REASONS && total.reason[k] != NULL; k++)
        printf(" %s: %ld;", total.reason[k], total.count[k]);
    putchar('\n');
}

/* ------------------------------------------------------------------ timing (--bench) */

/* With --bench: per suite, over the tests the engine runs, the mean time per test of the engine (the suite function:
 * setting the case up in the engine and calling it, as the results run does), of ccref's double kernels
 * (the kernel function alone) and of the certified oracle (both stages, as `ccref check` calls
 * it), each the mean of repetitions lasting at least BENCH_MIN_NS, all in one run on the same tests: the ratios
 * side by side, as `simbody_consumer --bench` does for Simbody. */
#define BENCH_MIN_NS 1e6

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

typedef struct {
    const vtest *t;
    consumer_run_fn run;
    ora_ctx *ctx;
} bench_job;

static volatile double bench_sink;

static void bench_engine(const bench_job *j)
{
    result_line r;
    r.n_out = r.n_used = 0;
    r.outputs[0] = r.used[0] = '\0';
    bench_sink = j->run(j->t, &r) == NULL ? (double)r.n_out : 0.0;
}

/* The double kernel alone (no bounds, no flattening), as simbody_consumer --bench times it; the rule suites through
 * eval_kernel. */
static void bench_kernel(const bench_job *j)
{
    const cli_case *c = &j->t->c;
    switch (suite_type_of(c->suite)) {
    case SUITE_TYPE_KIND: {
        ccref_result r;
        ccref_eval(&c->u.k, &r);
        bench_sink = r.u.out.perr[0];
        break;
    }
    case SUITE_TYPE_CONTACT: {
        ccref_contact_result r;
        ccref_contact_eval(&c->u.c, &r);
        bench_sink = r.perr;
        break;
    }
    default: {
        outcome o;
        eval_kernel(c, &o, NULL);
        bench_sink = o.value[0];
    }
    }
}

static void bench_oracle(const bench_job *j)
{
    outcome o;
    ora_cert cert[CCREF_MAX_SLOTS];
    int decided, max_bits;
    signed char dec[ORA_D_COUNT];
    eval_oracle(j->ctx, &j->t->c, NULL, &o, cert, &decided, &max_bits, dec);
    bench_sink = o.value[0];
}

static double mean_ns(void (*fn)(const bench_job *), const bench_job *j)
{
    fn(j);
    long n = 0;
    const double t0 = now_ns();
    double t = t0;
    do {
        for (int i = 0; i < 4; i++)
            fn(j);
        n += 4;
        t = now_ns();
    } while (t - t0 < BENCH_MIN_NS);
    return (t - t0) / (double)n;
}

static void bench_row(const char *name, long n, double engine, double kernel, double oracle)
{
    printf("%-20s %6ld %12.2f %12.1f %12.2f %9.2f %9.1f\n", name, n, engine / (double)n / 1e3, kernel / (double)n,
           oracle / (double)n / 1e3, oracle / engine, engine / kernel);
    fflush(stdout);
}

static void run_bench(const consumer *c, const vfile *files)
{
    ora_ctx *ctx = ora_ctx_new(NULL);
    printf("%s beside ccref, mean per test over the tests it runs (each time the mean of repetitions lasting >= %.0f "
           "ms)\n", c->engine, BENCH_MIN_NS / 1e6);
    printf("%-20s %6s %12s %12s %12s %9s %9s\n", "suite", "tests", "engine us", "kernel ns", "oracle us", "or/engine",
           "engine/kn");
    long all_n = 0;
    double all_e = 0, all_k = 0, all_o = 0;
    for (int s = 0; s < c->n_suites; s++) {
        current_suite = c->suites[s].suite;
        long n = 0;
        double e = 0, k = 0, o = 0;
        for (int i = 0; i < files[s].n_tests; i++) {
            const vtest *t = &files[s].tests[i];
            result_line r;
            memset(&r, 0, sizeof r);
            current_family = files[s].groups[t->group].family;
            if (selection_skip(&c->suites[s], t) != NULL || c->suites[s].run(t, &r) != NULL)
                continue;
            bench_job j = {t, c->suites[s].run, ctx};
            e += mean_ns(bench_engine, &j);
            k += mean_ns(bench_kernel, &j);
            o += mean_ns(bench_oracle, &j);
            n++;
        }
        if (n > 0)
            bench_row(current_suite, n, e, k, o);
        all_n += n;
        all_e += e;
        all_k += k;
        all_o += o;
    }
    if (all_n > 0)
        bench_row("all", all_n, all_e, all_k, all_o);
    ora_ctx_free(ctx);
}

/* ------------------------------------------------------------------ the driver */

static int usage(const consumer *c)
{
    fprintf(stderr, "usage: %s %s[--verbose] --out RESULTS VECTORS_DIR\n       %s %s--bench VECTORS_DIR\n",
            c->program, c->options_usage, c->program, c->options_usage);
    return 2;
}

int consumer_main(const consumer *c, int argc, char **argv)
{
    program = c->program;
    const char *out_path = NULL, *dir = NULL;
    int verbose = 0, bench = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--out") == 0 && i + 1 < argc)
            out_path = argv[++i];
        else if (strcmp(argv[i], "--verbose") == 0)
            verbose = 1;
        else if (strcmp(argv[i], "--bench") == 0)
            bench = 1;
        else if (c->option != NULL && c->option(argc, argv, &i))
            continue;
        else if (argv[i][0] != '-' && dir == NULL)
            dir = argv[i];
        else
            return usage(c);
    }
    if ((out_path == NULL) == !bench || dir == NULL)
        return usage(c);
    vfile *files = calloc((size_t)c->n_suites, sizeof *files);
    if (files == NULL) {
        fprintf(stderr, "%s: out of memory\n", program);
        return 2;
    }
    for (int s = 0; s < c->n_suites; s++) {
        char path[600], err[600];
        snprintf(path, sizeof path, "%s/%s.json", dir, c->suites[s].suite);
        if (vfile_load(path, &files[s], err, sizeof err) != 0) {
            fprintf(stderr, "%s: %s\n", program, err);
            return 2;
        }
        if (strcmp(files[s].generator_version, files[0].generator_version) != 0) {
            fprintf(stderr, "%s: %s: generatorVersion %s differs from %s\n", program, path,
                    files[s].generator_version, files[0].generator_version);
            return 2;
        }
    }
    if (bench) {
        run_bench(c, files);
        for (int s = 0; s < c->n_suites; s++)
            vfile_free(&files[s]);
        free(files);
        return 0;
    }
    FILE *out = fopen(out_path, "w");
    if (out == NULL) {
        perror(out_path);
        return 2;
    }
    fprintf(out, "{\"schema\":\"%s\",\"generatorVersion\":\"%s\",\"engine\":\"%s\"}\n", RESULTS_SCHEMA,
            files[0].generator_version, c->engine);

    for (int s = 0; s < c->n_suites; s++) {
        const vfile *f = &files[s];
        current_suite = c->suites[s].suite;
        for (int i = 0; i < f->n_tests; i++) {
            const vtest *t = &f->tests[i];
            famrow *fr = row_for(current_suite, &f->groups[t->group]);
            fr->tests++;
            current_family = f->groups[t->group].family;
            result_line r;
            memset(&r, 0, sizeof r);
            const char *why = selection_skip(&c->suites[s], t);
            if (why == NULL)
                why = c->suites[s].run(t, &r);
            if (why == CONSUMER_SEPARATED && consumer_certainly_touching(t)) {
                /* the collider says apart although the contact is certain: the engine's failure to answer */
                fprintf(out, "{\"id\":\"%s/%d\",\"error\":{\"message\":\"the engine's collider reports no contact\"}}\n",
                        current_suite, t->tc_id);
                fr->missed++;
                fr->ran++;
                continue;
            }
            if (why != NULL) {
                count_skips(fr, why, 1);
                if (verbose)
                    printf("  skip %s/%d (%s): %s\n", current_suite, t->tc_id, f->groups[t->group].family, why);
                continue;
            }
            fr->ran++;
            fr->used_inputs += r.n_used > 0;
            if (strstr(r.used, "\"half_length1\"") != NULL)
                fr->extended++;
            write_result(out, current_suite, t->tc_id, &r);
        }
    }
    if (fclose(out) != 0) {
        perror(out_path);
        return 2;
    }
    print_table();
    for (int s = 0; s < c->n_suites; s++)
        vfile_free(&files[s]);
    free(files);
    return 0;
}
