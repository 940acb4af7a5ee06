/* main.c: the ccref command-line tool: `ccref eval`, `ccref gen`, `ccref merge`, `ccref check`. The formats are
 * spec/vectors.md's; usage() summarises the case format. */
#include <stdio.h>
#include <string.h>

#include "../src/ccref_version.h"
#include "check.h"
#include "show.h"
#include "eval.h"
#include "fields.h"
#include "gen.h"

static void print_fields(FILE *f, const char *label, const field_desc *fields)
{
    static const char *const tname[] = {"N", "VEC3", "MAT3", "FRAME", "BOOL", "INT", "UNIT"};
    fprintf(f, "    %-24s", label);
    for (const field_desc *d = fields; d->name; d++)
        fprintf(f, " %s: %s%s", d->name, tname[d->type], d[1].name ? "," : "");
    fputc('\n', f);
}

static void usage(FILE *f)
{
    fputs("usage: ccref eval [--certified | --both] [--output FILE] [FILE | --vectors VECTORFILE...]\n"
          "       ccref gen [--seed N] [--out DIR] [--suite NAME]... [--random N] [--shard I/N] [--quiet]\n"
          "       ccref merge [--out DIR] SHARD...\n"
          "       ccref check [--tier TIER] [--json FILE] [--tests FILE] [--junit FILE] [--tap FILE] [--require-all]\n"
          "                   [--claims FILE] [--claim SUITE[:OUTPUT,...]] [--suite NAME] [--verbose]\n"
          "                   VECTORS... RESULTS   (ccref check --help: every option)\n"
          "       ccref show [--case] VECTORS... SUITE/TCID\n"
          "       ccref --version | --help        (ccref COMMAND --help: the command's options)\n"
          "\n"
          "eval: constraint cases as JSON Lines in, one JSON result per line out (spec/vectors.md). gen: the golden\n"
          "vector suite, one file per kind, contact class and rule. check: an engine's results against the vectors.\n"
          "\n"
          "Case format (one JSON object per line; every key is checked, an unknown key is an error):\n"
          "  {\"id\": any (optional, echoed back), \"kind\": K, \"params\": {...},\n"
          "   \"body1\": BODY, \"body2\": BODY,          (kinds and classes with bodies)\n"
          "   \"coordinate\": {\"q\": N, \"qdot\": N, \"qdotdot\": N},   (constant_coordinate and the hard stops)\n"
          "   \"lambda\": [N, ...],                      (mp + mv multipliers, rows in canonical order)\n"
          "   \"material\": {...}, \"speeds\": {...},    (contact classes)\n"
          "   \"normalize\": true}                       (optional: divide UNIT inputs by their norm; echoed in \"used\")\n"
          "  BODY = \"ground\" | {\"R\": MAT3 or \"q\": [w,x,y,z], \"p\": VEC3, \"w\": VEC3, \"v\": VEC3, \"b\": VEC3,\n"
          "         \"a\": VEC3}: R_GB (rows) or a quaternion (normalised, converted as spec/vectors.md says; the R\n"
          "         used is echoed in \"used\"), the origin, and the angular and linear velocity and acceleration of\n"
          "         the origin in Ground (default zero).\n"
          "  N    = a JSON number, or a string read by strtod in full: a C99 hex float \"0x1.8p+1\" for exact input,\n"
          "         \"nan\" or \"inf\" to exercise the input checks.\n"
          "  VEC3 = [N, N, N]   UNIT = a VEC3 that must be a unit vector   MAT3 = [[N,N,N],[N,N,N],[N,N,N]] (rows)\n"
          "  FRAME = {\"R\": MAT3 or \"q\": [w,x,y,z], \"p\": VEC3}   BOOL = true | false   INT = an integer\n"
          "\n"
          "  params by kind:\n",
          f);
    for (int k = 0; k < CCREF_KIND_COUNT; k++)
        print_fields(f, ccref_kind_name((ccref_kind)k), cli_kind_fields((ccref_kind)k)->params);
    fputs("\n  unilateral contact classes (spec/unilateral_contacts.md); hard stops read \"body1\" (the mobilized\n"
          "  body, for display) and \"coordinate\"; lambda has 3 values (normal, x, y) with friction, else 1; the\n"
          "  frictionless classes do not read mu_s, mu_d, mu_v and transition_speed (they may be omitted):\n",
          f);
    for (int k = 0; k < CCREF_CONTACT_COUNT; k++)
        print_fields(f, ccref_contact_class_name((ccref_contact_class)k), cli_contact_fields((ccref_contact_class)k)->params);
    print_fields(f, "material:", cli_material_fields);
    print_fields(f, "speeds:", cli_speeds_fields);
    fputs("\n  rules (spec/unilateral.md): {\"kind\": K, \"params\": {...}} with no bodies or lambda:\n", f);
    print_fields(f, "effective_cor", cli_cor_fields);
    print_fields(f, "effective_cof", cli_cof_fields);
    print_fields(f, "unilateral_classify", cli_classify_fields);
    fputs("\n"
          "Result format of `ccref eval` (one JSON object per line; the results file `ccref check` reads is the\n"
          "same lines after a header, keyed \"<suite>/<tcId>\": spec/vectors.md section 9):\n"
          "  {\"line\": L, \"id\": ..., \"kind\": K, \"status\": S, \"ok\": bool, discrete outputs (\"mp\", \"mv\",\n"
          "   \"deviations\", \"sense\", \"sign\", \"cor_branch\", ...), \"outputs\": {NAME: X, ...}}\n"
          "  NAME is the flat output name (\"perr[0]\", \"force_on_body2.moment.x\", \"contact_frame.R[1][2]\", ...),\n"
          "  the same in every kind, then the Constraint handle's (\"P[0][5]\", \"V[1][11]\", \"bias[0]\", \"power\";\n"
          "  spec/constraint_handle.md); X = {\"hex\": \"%a\", \"dec\": %.17g, \"bound\": B}: B bounds |value - exact|\n"
          "  (spec/accuracy.md; null: no claim). \"bound_exceeds_value\" lists outputs whose bound exceeds their\n"
          "  value. --certified: X = {\"hex\", \"dec\", \"certified\", \"bits\", \"reason\"}; --both: {\"kernel\": ...,\n"
          "  \"oracle\": ..., \"ulps\", \"ratio\"}. Body forces carry the multiplier sign (G^T lambda).\n"
          "  A line that cannot be read gives {\"line\": L, \"error\": {\"field\": F, \"column\": C, \"message\": M}}; the\n"
          "  other lines still run and the exit status is 1. Exit status 2: usage or I/O error.\n",
          f);
}

static void print_fp_faults(FILE *f, int faults)
{
    if (faults & CCREF_FP_CONTRACTED)
        fprintf(f, "  a*b + c is fused into one rounding: build with -ffp-contract=off (the Makefile's flags)\n");
    if (faults & CCREF_FP_EXCESS_PRECISION)
        fprintf(f, "  intermediates are kept wider than double (FLT_EVAL_METHOD != 0): build for SSE2, not x87\n");
    if (faults & CCREF_FP_ROUNDING_MODE)
        fprintf(f, "  the rounding mode is not round-to-nearest\n");
    if (faults & CCREF_FP_FLUSH_TO_ZERO)
        fprintf(f, "  subnormal numbers are flushed to zero (FTZ/DAZ): do not link with -ffast-math\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
        usage(stdout);
        return 0;
    }
    const int fp_faults = ccref_fp_check();
    if (strcmp(cmd, "--version") == 0) {
        printf("ccref %s (vector generator %s)\n", CCREF_VERSION_STRING, CCREF_GENERATOR_VERSION);
        printf("floating point: %s\n", fp_faults ? "FAULTY BUILD (see below)" : "every operation rounded once, to nearest");
        print_fp_faults(stdout, fp_faults);
        return fp_faults ? 1 : 0;
    }
    /* A build that does not round as the reference requires must not produce reference numbers. */
    if (fp_faults) {
        fprintf(stderr, "ccref: this build does not evaluate as the reference requires:\n");
        print_fp_faults(stderr, fp_faults);
        return 2;
    }
    if (strcmp(cmd, "eval") == 0)
        return cmd_eval(argc - 1, argv + 1);
    if (strcmp(cmd, "gen") == 0)
        return cmd_gen(argc - 1, argv + 1);
    if (strcmp(cmd, "merge") == 0)
        return cmd_merge(argc - 1, argv + 1);
    if (strcmp(cmd, "check") == 0)
        return cmd_check(argc - 1, argv + 1);
    if (strcmp(cmd, "show") == 0)
        return cmd_show(argc - 1, argv + 1);
    fprintf(stderr, "ccref: unknown command \"%s\"\n", cmd);
    usage(stderr);
    return 2;
}
