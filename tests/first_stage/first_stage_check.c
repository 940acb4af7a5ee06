/* first_stage_check.c: the soundness check of the oracle's first stage (spec/oracle.md section 9), run by
 * `make verify` (and briefly by `make test-first-stage`). Every case of every family of the vector suite, for seeds
 * 1..N (the published suite is seed 20261125), is evaluated twice: by the first stage alone (double-double intervals)
 * and by the MPFI stage alone (its Ziv loop, the first stage turned off). The run fails when
 *   - an output the first stage certified differs from the MPFI stage's certified double, or the MPFI stage could
 *     not certify it;
 *   - a status, flag or decision the first stage decided differs from the MPFI stage's;
 *   - an enclosure of the first stage does not contain the MPFI stage's enclosure of the same output. The MPFI
 *     stage runs here from 1024 bits (its certified doubles do not depend on its start, tests/test_oracle.c (b)), so
 *     its enclosures are far tighter than the first stage's, whose double-double arithmetic is sometimes exact where
 *     MPFI at 128 bits rounds (a sum of two doubles 2^-200 apart): containment is then what a correct bound gives.
 * A single failure is a bug in ddi.h or in the bound of spec/oracle.md section 9, never a tolerance.
 *
 * The families reach magnitudes near 1, the huge (2^200 .. 2^1020) and the tiny (2^-1000 .. 2^-1070). A second pass
 * takes every kind and contact case of seeds 1..SCALED_SEEDS and checks it again scaled by each power of two of
 * scale_exponents (family_scale_case): there the first stage's range [2^-900, 2^900] cuts through the formulas (a
 * product of two lengths at 2^500 leaves it, a length times a unit vector does not), so it certifies some outputs
 * and must hand the others over.
 *
 * Usage: first_stage_check [SEEDS [SCALED_SEEDS [FIRST_SEED]]]: seeds FIRST_SEED .. FIRST_SEED + SEEDS - 1, the first
 * SCALED_SEEDS of them also scaled (defaults 1, SEEDS / 10, 1); `make first-stage-long` runs shards of a long range
 * side by side with GNU parallel. Prints the cases, the outputs compared, the share the first stage certified, per
 * suite and per scale, and exits 1 on any failure. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../oracle/internal.h"
#include "../../cli/families.h"

static long cases, outputs, first_certified, enclosures, failures, first_whole;
static long per_suite_cases[SUITE_COUNT], per_suite_first[SUITE_COUNT], per_suite_outputs[SUITE_COUNT];

static const int scale_exponents[] = {-600, -300, 300, 500};
#define SCALES (int)(sizeof scale_exponents / sizeof scale_exponents[0])
static int scale_slot = -1; /* index in scale_exponents of the case being checked: -1 in the first pass */
static long per_scale_cases[SCALES], per_scale_outputs[SCALES], per_scale_first[SCALES];

static void fail(int suite, int seed, int g, int k, const char *what, int slot)
{
    failures++;
    if (failures <= 30)
        fprintf(stderr, "first_stage_check: FAIL %s seed %d group %d index %d scaled by 2^%d: %s (slot %d)\n",
                suite_name(suite), seed, g, k, scale_slot < 0 ? 0 : scale_exponents[scale_slot], what, slot);
}

/* 1 when the double-word interval e = {lh, ll, rh, rl} contains the MPFI interval x. */
static int contains(const double e[4], mpfi_srcptr x)
{
    mpfr_t a, t;
    mpfr_init2(a, 2200); /* exact for a sum of two doubles */
    mpfr_init2(t, 2200);
    mpfr_set_d(a, e[0], MPFR_RNDN);
    mpfr_add_d(a, a, e[1], MPFR_RNDN);
    int ok = mpfr_cmp(a, &x->left) <= 0;
    mpfr_set_d(t, e[2], MPFR_RNDN);
    mpfr_add_d(t, t, e[3], MPFR_RNDN);
    ok = ok && mpfr_cmp(&x->right, t) <= 0;
    mpfr_clear(a);
    mpfr_clear(t);
    return ok;
}

static int same_double(double a, double b) { return a == b || (isnan(a) && isnan(b)); }

/* One output compared: counted per suite in the first pass, per scale in the second. */
static void count_output(int suite, int first)
{
    outputs++;
    first_certified += first;
    if (scale_slot < 0) {
        per_suite_outputs[suite]++;
        per_suite_first[suite] += first;
    } else {
        per_scale_outputs[scale_slot]++;
        per_scale_first[scale_slot] += first;
    }
}

/* The outputs both stages report: the first stage's certified ones against the MPFI stage's. */
static void compare_outputs(int suite, int seed, int g, int k, const ora_cert *f, const ora_cert *m, int n,
                            struct first_ora_ctx *fctx, ora_ctx *mctx, int contact)
{
    for (int i = 0; i < n; i++) {
        count_output(suite, f[i].certified != 0);
        if (!f[i].certified)
            continue;
        if (!m[i].certified)
            fail(suite, seed, g, k, "certified by the first stage, not by the MPFI stage", i);
        else if (!same_double(f[i].value, m[i].value))
            fail(suite, seed, g, k, "the two stages certify different doubles", i);
    }
    /* containment of the 128-bit MPFI enclosure, output by output */
    for (int i = 0; i < n; i++) {
        double e[4];
        if (!ora_first_stage_enclosure(fctx, contact, i, e) || isnan(e[0]) || isnan(e[2]))
            continue;
        mpfi_srcptr x = contact ? ctx_cout(mctx, 0)->v[i] : ctx_out(mctx, 0)->v[i];
        if (mpfi_nan_p(x) || !mpfr_number_p(&x->left) || !mpfr_number_p(&x->right))
            continue;
        enclosures++;
        if (!contains(e, x))
            fail(suite, seed, g, k, "the first stage's enclosure does not contain the MPFI enclosure", i);
    }
}

static void check_kind(int suite, int seed, int g, int k, const ccref_case *c, ora_ctx *mctx)
{
    static ora_case_result f, m;
    struct first_ora_ctx *fctx = mctx->first;
    first_ora_eval_case_on(fctx, c, NULL, &f);
    ora_eval_case_on(mctx, c, NULL, &m);
    if (!f.decided)
        return;
    first_whole += f.all_certified;
    if (!m.decided || f.status != m.status || f.deviations != m.deviations || f.sense != m.sense ||
        f.lines_are_parallel != m.lines_are_parallel)
        fail(suite, seed, g, k, "status or flags differ", -1);
    for (int d = 0; d < ORA_D_COUNT; d++)
        if (f.decision[d] != m.decision[d])
            fail(suite, seed, g, k, "a decision differs", d);
    /* an MPFI evaluation that stopped before the kernel's formulas (input checks) has no level-0 enclosure */
    if (m.status == CCREF_OK || ccref_status_ok(m.status))
        compare_outputs(suite, seed, g, k, f.out, m.out, f.n, fctx, mctx, 0);
}

static void check_contact(int suite, int seed, int g, int k, const ccref_contact_case *c, ora_ctx *mctx)
{
    static ora_contact_result f, m;
    struct first_ora_ctx *fctx = mctx->first;
    first_ora_eval_contact_case_on(fctx, c, NULL, &f);
    ora_eval_contact_case_on(mctx, c, NULL, &m);
    if (!f.decided)
        return;
    first_whole += f.all_certified;
    if (!m.decided || f.status != m.status || f.deviations != m.deviations || f.sign != m.sign ||
        f.has_friction != m.has_friction || f.cor_branch != m.cor_branch || f.cof_branch != m.cof_branch)
        fail(suite, seed, g, k, "status, branches or flags differ", -1);
    for (int d = 0; d < ORA_D_COUNT; d++)
        if (f.decision[d] != m.decision[d])
            fail(suite, seed, g, k, "a decision differs", d);
    if (ccref_status_ok(m.status))
        compare_outputs(suite, seed, g, k, f.out, m.out, CCREF_CSLOT_N, fctx, mctx, 1);
}

static void check_rule(int suite, int seed, int g, int k, const cli_case *c, ora_ctx *mctx)
{
    ora_cert f, m;
    ccref_status fs, ms;
    int fb, mb;
    if (suite == SUITE_EFFECTIVE_COR) {
        const cli_cor_params *p = &c->u.cor;
        ccref_cor_branch b1, b2;
        fs = first_ora_effective_cor_d(mctx->first, p->min_cor, p->capture_speed, p->min_cor_speed, p->impact_speed,
                                       &f, &b1);
        ms = ora_effective_cor_d(mctx, p->min_cor, p->capture_speed, p->min_cor_speed, p->impact_speed, &m, &b2);
        fb = b1;
        mb = b2;
    } else if (suite == SUITE_EFFECTIVE_COF) {
        const cli_cof_params *p = &c->u.cof;
        ccref_cof_branch b1, b2;
        fs = first_ora_effective_cof_d(mctx->first, p->mu_s, p->mu_d, p->mu_v, p->transition_speed, p->slip_speed,
                                       &f, &b1);
        ms = ora_effective_cof_d(mctx, p->mu_s, p->mu_d, p->mu_v, p->transition_speed, p->slip_speed, &m, &b2);
        fb = b1;
        mb = b2;
    } else {
        return; /* the classifier has no interval evaluation */
    }
    int first = fs == CCREF_OK && f.certified;
    count_output(suite, first);
    if (!first)
        return;
    first_whole++;
    if (ms != fs || fb != mb)
        fail(suite, seed, g, k, "status or branch differs", -1);
    else if (!m.certified || !same_double(f.value, m.value))
        fail(suite, seed, g, k, "the two stages certify different values", 0);
}

/* Case k of group g of the suite, checked as made and (second pass) scaled by every power of scale_exponents. */
static void check_case(int suite, int seed, int g, int k, const vtest *t, ora_ctx *mctx)
{
    cases++;
    if (scale_slot < 0)
        per_suite_cases[suite]++;
    else
        per_scale_cases[scale_slot]++;
    switch (suite_type_of(suite)) {
    case SUITE_TYPE_KIND: check_kind(suite, seed, g, k, &t->c.u.k, mctx); break;
    case SUITE_TYPE_CONTACT: check_contact(suite, seed, g, k, &t->c.u.c, mctx); break;
    default: check_rule(suite, seed, g, k, &t->c, mctx); break;
    }
}

static int parse_count(const char *s, int *n)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (*s == '\0' || *end != '\0' || v < 0 || v > 100000000)
        return 0;
    *n = (int)v;
    return 1;
}

int main(int argc, char **argv)
{
    int seeds = 1, scaled_seeds, first_seed = 1;
    if (argc > 4 || (argc > 1 && (!parse_count(argv[1], &seeds) || seeds < 1))) {
        fprintf(stderr, "usage: first_stage_check [SEEDS [SCALED_SEEDS [FIRST_SEED]]]\n");
        return 2;
    }
    scaled_seeds = seeds / 10;
    if (argc > 2 && (!parse_count(argv[2], &scaled_seeds) || scaled_seeds > seeds)) {
        fprintf(stderr, "first_stage_check: SCALED_SEEDS must be an integer from 0 to SEEDS\n");
        return 2;
    }
    if (argc > 3 && (!parse_count(argv[3], &first_seed) || first_seed < 1 || first_seed > 100000000 - seeds)) {
        fprintf(stderr, "first_stage_check: FIRST_SEED must be an integer from 1 to 10^8 - SEEDS\n");
        return 2;
    }
    if (!ora_first_stage_available()) {
        fprintf(stderr, "first_stage_check: this processor has no FMA, so the oracle never runs its first stage here "
                        "(oracle/first_stage.h); there is nothing to check on it\n");
        return 2;
    }
    const ora_options from_1024 = {1024, 8192};
    ora_ctx *mctx = ora_ctx_new(&from_1024);
    if (mctx == NULL || mctx->first == NULL)
        return 2;
    ora_ctx_set_first_stage(mctx, 0); /* the MPFI stage alone */
    int tty = isatty(2);
    static vtest t, scaled;
    for (int seed = first_seed; seed < first_seed + seeds; seed++) {
        for (int s = 0; s < SUITE_COUNT; s++) {
            const group_spec *groups;
            int ng = suite_groups(s, &groups);
            for (int g = 0; g < ng; g++)
                for (int k = 0; k < groups[g].count; k++) {
                    family_make((uint64_t)seed, s, g, k, &t);
                    scale_slot = -1;
                    check_case(s, seed, g, k, &t, mctx);
                    if (seed - first_seed >= scaled_seeds || suite_type_of(s) == SUITE_TYPE_RULE)
                        continue;
                    for (scale_slot = 0; scale_slot < SCALES; scale_slot++) {
                        scaled = t;
                        family_scale_case(&scaled.c, ldexp(1.0, scale_exponents[scale_slot]));
                        check_case(s, seed, g, k, &scaled, mctx);
                    }
                }
        }
        if (tty)
            fprintf(stderr, "\rfirst_stage_check: seed %d/%d, %ld cases, %ld failures", seed - first_seed + 1, seeds,
                    cases, failures);
    }
    if (tty)
        fprintf(stderr, "\n");
    ora_ctx_free(mctx);
    printf("%-26s %9s %10s %12s\n", "suite", "cases", "outputs", "first stage");
    for (int s = 0; s < SUITE_COUNT; s++)
        printf("%-26s %9ld %10ld %11.1f%%\n", suite_name(s), per_suite_cases[s], per_suite_outputs[s],
               per_suite_outputs[s] ? 100.0 * per_suite_first[s] / per_suite_outputs[s] : 0.0);
    printf("%-26s %9s %10s %12s   (kind and contact cases of seeds %d..%d, scaled)\n", "scale", "cases", "outputs",
           "first stage", first_seed, first_seed + scaled_seeds - 1);
    for (int e = 0; e < SCALES; e++)
        printf("2^%-24d %9ld %10ld %11.1f%%\n", scale_exponents[e], per_scale_cases[e], per_scale_outputs[e],
               per_scale_outputs[e] ? 100.0 * per_scale_first[e] / per_scale_outputs[e] : 0.0);
    printf("first_stage_check: seeds %d..%d: %d seeds, %ld cases (%ld, %.1f%%, answered in full by the first stage), "
           "%ld outputs (%ld, %.1f%%, certified by the first stage), %ld enclosures compared; %ld failures\n",
           first_seed, first_seed + seeds - 1, seeds, cases, first_whole, cases ? 100.0 * first_whole / cases : 0.0,
           outputs, first_certified, outputs ? 100.0 * first_certified / outputs : 0.0, enclosures, failures);
    /* the second pass must test something at every scale: a scale where the first stage certified nothing would
     * check only that it gives up */
    for (int e = 0; e < SCALES && scaled_seeds > 0; e++)
        if (per_scale_first[e] == 0) {
            fprintf(stderr, "first_stage_check: FAIL no output certified by the first stage at scale 2^%d\n",
                    scale_exponents[e]);
            failures++;
        }
    return failures ? 1 : 0;
}
