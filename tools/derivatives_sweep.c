/* derivatives_sweep.c: the long derivative sweep (`make verify-derivatives`, spec/derivatives.md section 9).
 *  1. the jet self-check;
 *  2. every target of dv_all_targets() on the double kernels (N trajectories x M samples each), with the derived
 *     tolerance of spec/derivatives.md section 3 (rounding terms: ccref_bounds_case / ccref_bounds_contact of
 *     spec/accuracy.md at every stencil point plus the enclosed effect of rounding the exact states to doubles);
 *  3. the near-switch targets again with the exclusion rule off (negative control: must fail);
 *  4. every target on the oracle's interval mirrors (N/8 trajectories x M/2 samples), with the G^T check;
 *  5. the mutants (N/4 trajectories): each must fail its expected checks while the original passes.
 * Usage: derivatives_sweep [--traj N] [--samples M] [--seed S] [--no-oracle]. Exit status 0 iff all passed. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../tests/test_derivatives.h"

static double now(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(int argc, char **argv)
{
    int n_traj = 300, n_samples = 16, oracle = 1;
    uint64_t seed = 20240601;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--traj") == 0 && i + 1 < argc)
            n_traj = atoi(argv[++i]);
        else if (strcmp(argv[i], "--samples") == 0 && i + 1 < argc)
            n_samples = atoi(argv[++i]);
        else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
            seed = strtoull(argv[++i], NULL, 0);
        else if (strcmp(argv[i], "--no-oracle") == 0)
            oracle = 0;
        else {
            fprintf(stderr, "usage: %s [--traj N] [--samples M] [--seed S] [--no-oracle]\n", argv[0]);
            return 2;
        }
    }
    double t_start = now();
    long total_fail = 0, total_used = 0, total_samples = 0, excl_cond = 0, excl_branch = 0, excl_snap = 0;
    long excl_nobound = 0;
    double worst = 0.0, worst_din = 0.0;

    printf("== 1. jets\n");
    double jw = dv_check_jets(seed, 2 * n_traj);
    printf("body jets: largest |f^(k)| / bound over %d trajectories = %.4f %s\n", 2 * n_traj, jw,
           jw <= 1.0 ? "ok" : "FAIL");
    if (!(jw <= 1.0))
        total_fail++;

    dv_target all[64];
    int n = dv_all_targets(all, 64);
    printf("\n== 2. double kernels: %d targets x %d trajectories x %d samples\n", n, n_traj, n_samples);
    double t2 = now();
    for (int i = 0; i < n; i++) {
        dv_stats st;
        dv_stats_init(&st);
        double t0 = now();
        long f = dv_run(&all[i], seed + 1000003ull * (uint64_t)i, n_traj, n_samples, &st);
        dv_print_stats(stdout, &all[i], &st);
        printf("    %.2f s%s\n", now() - t0, f ? "   *** FAILED ***" : "");
        total_fail += f;
        total_used += st.used;
        total_samples += st.samples;
        excl_cond += st.excl_conditioning;
        excl_branch += st.excl_branch;
        excl_snap += st.excl_snap;
        excl_nobound += st.excl_uncertain;
        if (dv_stats_max_ratio(&st) > worst)
            worst = dv_stats_max_ratio(&st);
        if (st.max_din_over_b > worst_din)
            worst_din = st.max_din_over_b;
        fflush(stdout);
    }
    double t2e = now() - t2;

    printf("\n== 3. negative control: near-switch targets without the exclusion rule (must fail)\n");
    long neg_bad = 0;
    for (int i = 0; i < n; i++) {
        if (all[i].fam != DV_FAM_NEAR_SWITCH)
            continue;
        dv_target off = all[i];
        off.no_exclusion = 1;
        dv_stats st;
        dv_stats_init(&st);
        long f = dv_run(&off, seed + 1000003ull * (uint64_t)i, n_traj / 4 + 1, n_samples, &st);
        char name[64];
        printf("  %-40s %ld failures (%ld branch changes inside a stencil) %s\n",
               dv_target_name(&all[i], name, sizeof name), f, st.branch_mismatch, f > 0 ? "ok" : "*** NO FAILURE ***");
        if (f == 0)
            neg_bad++;
    }

    long ora_fail = 0, ora_used = 0, ora_samples = 0, pow_n = 0;
    double ora_worst = 0.0, ora_tol = 0.0, pow_rel = 0.0, t4e = 0.0;
    if (oracle) {
        int ot = n_traj / 8 + 1, os = n_samples / 2 + 1;
        printf("\n== 4. oracle (%d bits, h = 2^-%d): %d targets x %d trajectories x %d samples\n", DV_ORACLE_PREC,
               DV_ORACLE_E, n, ot, os);
        double t4 = now();
        for (int i = 0; i < n; i++) {
            dv_stats st;
            dv_stats_init(&st);
            double t0 = now();
            long f = dv_run_oracle(&all[i], seed + 7000003ull * (uint64_t)i, ot, os, &st);
            dv_print_stats(stdout, &all[i], &st);
            printf("    %.2f s%s\n", now() - t0, f ? "   *** FAILED ***" : "");
            ora_fail += f;
            ora_used += st.used;
            ora_samples += st.samples;
            pow_n += st.pow_n;
            if (st.pow_max_rel > pow_rel)
                pow_rel = st.pow_max_rel;
            if (dv_stats_max_ratio(&st) > ora_worst)
                ora_worst = dv_stats_max_ratio(&st);
            for (int j = 0; j < st.nchecks; j++)
                if (st.max_rel_tol[j] > ora_tol)
                    ora_tol = st.max_rel_tol[j];
            fflush(stdout);
        }
        t4e = now() - t4;
    }

    int mt = n_traj / 4 + 1;
    printf("\n== 5. mutants (%d trajectories x %d samples each)\n", mt, n_samples);
    long mut_bad = 0;
    for (int m = 0; m < dv_n_mutants; m++) {
        const dv_mutant *mu = &dv_mutants[m];
        dv_target tg = {0, mu->kind, mu->rolling, 0, DV_FAM_GENERIC, &mu->kernels, 0, 0};
        dv_target ref = tg;
        ref.K = NULL;
        dv_stats sm, sr;
        dv_stats_init(&sm);
        dv_stats_init(&sr);
        dv_run(&tg, seed + 77 * (uint64_t)m, mt, n_samples, &sm);
        dv_run(&ref, seed + 77 * (uint64_t)m, mt, n_samples, &sr);
        long fail_m = 0;
        for (int j = 0; j < sm.nchecks; j++)
            fail_m += sm.fail[j];
        int caught = fail_m > 0 && *mu->applied == 1 && dv_stats_failures(&sr) == 0;
        printf("  %-38s applied %d, expected %-17s:", mu->name, *mu->applied, mu->expect);
        double weakest = INFINITY;
        for (int j = 0; j < sm.nchecks; j++) {
            printf(" %s %ld/%ld", sm.label[j], sm.fail[j], sm.n[j]);
            if (sm.fail[j] > 0 && sm.min_ratio[j] < weakest)
                weakest = sm.min_ratio[j];
        }
        printf("; failing checks: residual/tolerance >= %.3g; original max %.3g: %s\n", weakest,
               dv_stats_max_ratio(&sr), caught ? "CAUGHT" : "*** NOT CAUGHT ***");
        if (!caught)
            mut_bad++;
    }

    printf("\nsummary:\n");
    printf("  double: %d targets, %ld samples, %ld used (excluded: conditioning %ld, branch %ld, snap %ld, "
           "no rounding bound %ld), %ld failed checks, worst residual/tolerance %.6f, largest input-rounding term / "
           "acc bound %.3g, %.1f s\n",
           n, total_samples, total_used, excl_cond, excl_branch, excl_snap, excl_nobound, total_fail, worst, worst_din,
           t2e);
    printf("  negative controls without the exclusion rule that did not fail: %ld\n", neg_bad);
    if (oracle)
        printf("  oracle: %ld samples, %ld used, %ld failures, worst residual/tolerance %.3e, largest tolerance "
               "relative to |c| + scale %.2e, %ld G^T identities (widest %.2e relative), %.1f s\n",
               ora_samples, ora_used, ora_fail, ora_worst, ora_tol, pow_n, pow_rel, t4e);
    printf("  mutants not caught: %ld of %d\n", mut_bad, dv_n_mutants);
    printf("  total %.1f s\n", now() - t_start);
    return (total_fail == 0 && mut_bad == 0 && ora_fail == 0 && neg_bad == 0) ? 0 : 1;
}
