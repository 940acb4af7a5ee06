/* show.c: see show.h. One test read from the vector files and printed for a person: what it is, why it is there (its
 * flags and their notes), its case as a line `ccref eval` reads, and every answer an engine may give with the
 * tolerance of each tier. */
#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "numfmt.h"
#include "show.h"

static void show_usage(FILE *f)
{
    fputs("usage: ccref show [--case] VECTORS... SUITE/TCID\n"
          "  One test of the vector files (or directories of them): its family, result, comment, flags with their\n"
          "  notes, its case as a line `ccref eval` accepts, the expected answer (status, discrete outputs, every\n"
          "  value in hex and decimal with its tolerance in the tiers ccref, double and binary32, and how it was\n"
          "  certified), then each alternative with what it changes.\n"
          "  --case  print the case line only\n",
          f);
}

/* A tolerance as text: the hex double, or "null" (no claim in that tier). */
static void tol_text(double t, char buf[NUMFMT_LEN])
{
    if (isfinite(t))
        fmt_hex(t, buf);
    else
        snprintf(buf, NUMFMT_LEN, "null");
}

/* The values of answer a at the slots listed (all its slots in use when base is NULL; else those that differ from
 * base's), one per line. */
static void show_values(FILE *out, const vtest *t, const answer *a, const answer *base)
{
    fprintf(out, "    %-30s %-24s %-24s %-12s %-12s %-12s %s\n", "output", "value (hex)", "value (dec)", "tol ccref",
            "tol double", "tol binary32", "certified");
    for (int i = 0; i < a->o.n; i++) {
        if (!a->o.in_use[i])
            continue;
        int differs = base == NULL || a->unconstrained[i] != base->unconstrained[i] ||
                      a->o.value[i] != base->o.value[i] || a->tol[i] != base->tol[i] ||
                      a->tier_tol[0][i] != base->tier_tol[0][i] || a->tier_tol[1][i] != base->tier_tol[1][i];
        if (!differs)
            continue;
        const char *name = slot_name(t->c.suite, i);
        if (a->unconstrained[i]) {
            fprintf(out, "    %-30s any finite value\n", name);
            continue;
        }
        char hx[NUMFMT_LEN], dc[NUMFMT_LEN], tc[NUMFMT_LEN], td[NUMFMT_LEN], tb[NUMFMT_LEN];
        fmt_hex(a->o.value[i], hx);
        fmt_dec(a->o.value[i], dc);
        tol_text(a->tol[i], tc);
        tol_text(a->tier_tol[0][i], td);
        tol_text(a->tier_tol[1][i], tb);
        char cert[32];
        if (a->cert_bits[i])
            snprintf(cert, sizeof cert, "%d bits", a->cert_bits[i]);
        else
            snprintf(cert, sizeof cert, "no (not compared)");
        fprintf(out, "    %-30s %-24s %-24s %-12s %-12s %-12s %s\n", name, hx, dc, tc, td, tb, cert);
    }
}

/* An answer's status and discrete outputs, as the vectors write them. */
static void show_discrete(FILE *out, const answer *a)
{
    jw w;
    jw_init(&w);
    jw_obj(&w);
    if (ccref_status_ok(a->o.d.status))
        discrete_write(&w, a->o.suite, &a->o.d);
    jw_end_obj(&w);
    fprintf(out, "status %s %s\n", ccref_status_name(a->o.d.status), w.buf);
    jw_free(&w);
}

static void show_test(FILE *out, const vfile *f, const vtest *t)
{
    fprintf(out, "%s/%d: %s test of family %s (%s)\n", suite_name(f->suite), t->tc_id, test_result_name(t->result),
            f->groups[t->group].family, f->groups[t->group].description);
    if (t->comment[0])
        fprintf(out, "  comment: %s\n", t->comment);
    fprintf(out, "  flags:\n");
    for (int i = 0; i < t->n_flags; i++) {
        const flag_info *fl = flag_get(t->flags[i]);
        fprintf(out, "    %s (%s): %s %s\n", fl->name, fl->bug_type, fl->description, fl->effect);
    }
    jw w;
    jw_init(&w);
    case_write(&w, &t->c);
    fprintf(out, "  case (a line ccref eval reads; `ccref show --case` prints it alone):\n    %s\n", w.buf);
    jw_free(&w);
    fprintf(out, "  expected: ");
    show_discrete(out, &t->expected);
    if (ccref_status_ok(t->expected.o.d.status))
        show_values(out, t, &t->expected, NULL);
    for (int a = 0; a < t->n_alt; a++) {
        const answer *alt = &t->alt[a];
        fprintf(out, "  alternative %d, %s \"%s\": ", a + 1, flag_get(alt->flag)->name, alt->branch);
        show_discrete(out, alt);
        if (alt->disc_unconstrained)
            fprintf(out, "    (some discrete outputs: any value)\n");
        if (ccref_status_ok(alt->o.d.status))
            show_values(out, t, alt, ccref_status_ok(t->expected.o.d.status) ? &t->expected : NULL);
    }
}

int cmd_show(int argc, char **argv)
{
    static const struct option opts[] = {{"case", no_argument, NULL, 'c'}, {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    int only_case = 0, ch;
    optind = 1;
    while ((ch = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        switch (ch) {
        case 'c': only_case = 1; break;
        case 'h': show_usage(stdout); return 0;
        default: show_usage(stderr); return 2;
        }
    }
    if (argc - optind < 2) {
        fprintf(stderr, "ccref show: %s\n", argc - optind == 0 ? "no VECTORS and no SUITE/TCID given"
                                                               : "a SUITE/TCID is needed after the VECTORS");
        show_usage(stderr);
        return 2;
    }
    const char *id = argv[argc - 1];
    const char *slash = strrchr(id, '/');
    char sname[64];
    int suite = -1, tc = -1;
    if (slash != NULL && (size_t)(slash - id) < sizeof sname) {
        memcpy(sname, id, (size_t)(slash - id));
        sname[slash - id] = '\0';
        suite = suite_from_name(sname);
        char *end;
        long v = strtol(slash + 1, &end, 10);
        tc = *end == '\0' && slash[1] >= '1' && slash[1] <= '9' && v <= 1000000000 ? (int)v : -1;
    }
    if (suite < 0 || tc < 0) {
        fprintf(stderr, "ccref show: %s: expected SUITE/TCID, such as ball/12\n", id);
        return 2;
    }
    check_set *set;
    int rc = check_set_load_all((const char *const *)argv + optind, argc - optind - 1, &set);
    if (rc != 0)
        return rc;
    const vfile *f = NULL;
    const vtest *t = NULL;
    for (int i = 0; t == NULL && i < check_set_files(set); i++) {
        const vfile *v = check_set_file(set, i);
        for (int k = 0; v->suite == suite && k < v->n_tests; k++)
            if (v->tests[k].tc_id == tc)
                f = v, t = &v->tests[k];
    }
    if (t == NULL) {
        fprintf(stderr, "ccref show: no test %s in the vectors given\n", id);
        check_set_free(set);
        return 2;
    }
    if (only_case) {
        jw w;
        jw_init(&w);
        case_write(&w, &t->c);
        printf("%s\n", w.buf);
        jw_free(&w);
    } else {
        show_test(stdout, f, t);
    }
    check_set_free(set);
    return fflush(stdout) != 0 ? 2 : 0;
}
