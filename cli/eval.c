/* eval.c: see eval.h. The result format is spec/vectors.md, "Results"; `ccref check` reads it. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../src/ccref_version.h"
#include "eval.h"
#include "expect.h"
#include "numfmt.h"

typedef enum { MODE_KERNEL, MODE_CERTIFIED, MODE_BOTH } eval_mode;

static void write_kernel_value(jw *w, double v, double bound)
{
    jw_obj(w);
    jw_key(w, "hex");
    jw_hex(w, v);
    jw_key(w, "dec");
    jw_number_or_null(w, v);
    jw_key(w, "bound");
    jw_number_or_null(w, bound);
    jw_end_obj(w);
}

static void write_cert_value(jw *w, const ora_cert *c)
{
    jw_obj(w);
    jw_key(w, "hex");
    jw_hex(w, c->value);
    jw_key(w, "dec");
    jw_number_or_null(w, c->value);
    jw_key(w, "certified");
    jw_bool(w, c->certified);
    jw_key(w, "bits");
    jw_int(w, c->precision_bits);
    jw_key(w, "reason");
    jw_str(w, ora_reason_name(c->reason));
    jw_end_obj(w);
}

static void write_header(jw *w, const char *id_text, size_t line, const cli_case *c, ccref_status st)
{
    jw_obj(w);
    if (line > 0) {
        jw_key(w, "line");
        jw_int(w, (long long)line);
    }
    if (id_text != NULL) {
        jw_key(w, "id");
        jw_value_text(w, id_text);
    }
    jw_key(w, "kind");
    jw_str(w, suite_name(c->suite));
    jw_key(w, "status");
    jw_str(w, ccref_status_name(st));
    jw_key(w, "ok");
    jw_bool(w, ccref_status_ok(st));
}

/* One result object for a case, in the mode. */
static void evaluate(jw *w, ora_ctx *ctx, eval_mode mode, const char *id_text, size_t line, const cli_case *c)
{
    outcome ko, oo;
    ccref_bounds b;
    ora_cert cert[CCREF_MAX_SLOTS];
    int decided = 1, max_bits = 0;
    signed char dec[ORA_D_COUNT];
    if (mode != MODE_CERTIFIED)
        eval_kernel(c, &ko, &b);
    if (mode != MODE_KERNEL)
        eval_oracle(ctx, c, NULL, &oo, cert, &decided, &max_bits, dec);
    const outcome *main_o = mode == MODE_CERTIFIED ? &oo : &ko;
    write_header(w, id_text, line, c, main_o->d.status);
    if (mode == MODE_BOTH) {
        jw_key(w, "oracle_status");
        jw_str(w, ccref_status_name(oo.d.status));
    }
    if (mode != MODE_KERNEL) {
        jw_key(w, "decided");
        jw_bool(w, decided);
        jw_key(w, "max_bits");
        jw_int(w, max_bits);
    }
    discrete_write(w, c->suite, &main_o->d);
    if (mode == MODE_BOTH && ccref_status_ok(oo.d.status)) {
        jw_key(w, "oracle_discrete");
        jw_obj(w);
        discrete_write(w, c->suite, &oo.d);
        jw_end_obj(w);
    }
    /* the slots: those in use for the main answer (both: for either) */
    int n = main_o->n;
    unsigned char in_use[CCREF_MAX_SLOTS];
    for (int i = 0; i < n; i++)
        in_use[i] = main_o->in_use[i] || (mode == MODE_BOTH && oo.in_use[i]);
    int any = 0;
    for (int i = 0; i < n; i++)
        any |= in_use[i];
    if (any) {
        jw_key(w, "outputs");
        jw_obj(w);
        for (int i = 0; i < n; i++) {
            if (!in_use[i])
                continue;
            jw_key(w, slot_name(c->suite, i));
            if (mode == MODE_KERNEL) {
                write_kernel_value(w, ko.value[i], b.bound[i]);
            } else if (mode == MODE_CERTIFIED) {
                write_cert_value(w, &cert[i]);
            } else {
                jw_obj(w);
                jw_key(w, "kernel");
                write_kernel_value(w, ko.value[i], ko.in_use[i] ? b.bound[i] : NAN);
                jw_key(w, "oracle");
                write_cert_value(w, &cert[i]);
                double d = fabs(ko.value[i] - cert[i].value);
                jw_key(w, "ulps");
                if (cert[i].certified)
                    jw_number_or_null(w, d / ccref_ulp(cert[i].value));
                else
                    jw_null(w);
                jw_key(w, "ratio");
                if (cert[i].certified && ko.in_use[i] && isfinite(b.bound[i]))
                    jw_number_or_null(w, d == 0.0 ? 0.0 : d / ccref_tolerance(b.bound[i], cert[i].value));
                else
                    jw_null(w);
                jw_end_obj(w);
            }
        }
        jw_end_obj(w);
    }
    if (mode != MODE_CERTIFIED && ccref_status_ok(ko.d.status) && b.n_exceeds_value > 0) {
        jw_key(w, "bound_exceeds_value");
        jw_arr(w);
        for (int i = 0; i < n; i++)
            if (ko.in_use[i] && b.exceeds_value[i])
                jw_str(w, slot_name(c->suite, i));
        jw_end_arr(w);
    }
    if (mode != MODE_CERTIFIED && ccref_status_ok(ko.d.status) && b.bands) {
        jw_key(w, "decision_bands");
        jw_arr(w);
        for (int d = 1; d < CCREF_DECISION_COUNT; d++)
            if (b.bands & (1u << d))
                jw_str(w, ccref_decision_name((ccref_decision)d));
        jw_end_arr(w);
    }
    case_write_used(w, c);
    jw_end_obj(w);
}

static void write_error(jw *w, size_t line, const char *id_text, const read_error *e)
{
    jw_obj(w);
    jw_key(w, "line");
    jw_int(w, (long long)line);
    if (id_text) {
        jw_key(w, "id");
        jw_value_text(w, id_text);
    }
    jw_key(w, "error");
    jw_obj(w);
    jw_key(w, "field");
    jw_str(w, e->field);
    if (e->column > 0) {
        jw_key(w, "column");
        jw_int(w, e->column);
    }
    jw_key(w, "message");
    jw_str(w, e->message);
    jw_end_obj(w);
    jw_end_obj(w);
}

static int emit(jw *w, FILE *out)
{
    jw_raw(w, "\n");
    int rc = jw_write(w, out);
    jw_reset(w);
    return rc;
}

/* JSON Lines cases from in. */
static int eval_lines(FILE *in, FILE *out, ora_ctx *ctx, eval_mode mode)
{
    char *buf = NULL;
    size_t cap = 0, line = 0;
    ssize_t len;
    long bad = 0;
    int io = 0;
    jw w;
    jw_init(&w);
    while ((len = getline(&buf, &cap, in)) != -1) {
        line++;
        if (case_line_blank(buf, (size_t)len, line == 1))
            continue;
        read_error e = {"", "", 0};
        json_t *root = case_parse_line(buf, (size_t)len, line == 1, &e);
        char *id_text = NULL;
        if (root != NULL && json_is_object(root) && json_object_get(root, "id") != NULL)
            id_text = json_dumps(json_object_get(root, "id"), JSON_ENCODE_ANY | JSON_COMPACT);
        cli_case c;
        if (root == NULL || case_read(root, &c, &e) != 0) {
            write_error(&w, line, id_text, &e);
            bad++;
        } else {
            evaluate(&w, ctx, mode, id_text, line, &c);
        }
        io |= emit(&w, out);
        free(id_text);
        json_decref(root);
    }
    free(buf);
    jw_free(&w);
    if (ferror(in) || io) {
        fprintf(stderr, "ccref: %s: %s\n", ferror(in) ? "cannot read the input" : "cannot write the output",
                strerror(errno));
        return 2;
    }
    if (bad)
        fprintf(stderr, "ccref eval: %ld of the input's lines could not be read: their error objects (line, field, "
                "column, message) are in the output\n", bad);
    return bad ? 1 : 0;
}

/* The tests of vector files, with the results header ccref check reads. */
static int eval_vectors(char **paths, int n, FILE *out, ora_ctx *ctx, eval_mode mode)
{
    jw w;
    jw_init(&w);
    int io = 0;
    char version[16] = "";
    for (int p = 0; p < n; p++) {
        vfile f;
        char err[600];
        if (vfile_load(paths[p], &f, err, sizeof err) != 0) {
            fprintf(stderr, "ccref eval: %s\n", err);
            jw_free(&w);
            return 2;
        }
        if (p == 0) {
            snprintf(version, sizeof version, "%s", f.generator_version);
            jw_obj(&w);
            jw_key(&w, "schema");
            jw_str(&w, RESULTS_SCHEMA);
            jw_key(&w, "generatorVersion");
            jw_str(&w, version);
            jw_key(&w, "engine");
            jw_str(&w, mode == MODE_KERNEL ? "ccref " CCREF_VERSION_STRING " double kernels"
                       : mode == MODE_CERTIFIED ? "ccref " CCREF_VERSION_STRING " certified oracle"
                                                : "ccref " CCREF_VERSION_STRING " double kernels (with the oracle beside)");
            jw_end_obj(&w);
            io |= emit(&w, out);
        } else if (strcmp(version, f.generator_version) != 0) {
            fprintf(stderr, "ccref eval: %s: generatorVersion %s differs from %s's %s\n", paths[p],
                    f.generator_version, paths[0], version);
            vfile_free(&f);
            jw_free(&w);
            return 2;
        }
        for (int i = 0; i < f.n_tests; i++) {
            char id[80];
            snprintf(id, sizeof id, "\"%s/%d\"", suite_name(f.suite), f.tests[i].tc_id);
            evaluate(&w, ctx, mode, id, 0, &f.tests[i].c);
            io |= emit(&w, out);
        }
        vfile_free(&f);
    }
    jw_free(&w);
    return io ? 2 : 0;
}

static void eval_usage(FILE *f)
{
    fputs("usage: ccref eval [--certified | --both] [--output FILE] [FILE | -]\n"
          "       ccref eval [--certified | --both] [--output FILE] --vectors VECTORFILE...\n"
          "  Evaluates JSON Lines cases (see ccref --help) or every test of vector files.\n"
          "  default      the double kernels: each output with its proven error bound (spec/accuracy.md)\n"
          "  --certified  the oracle: each output correctly rounded, certified, with the precision that\n"
          "               certified it or the reason it is not (spec/oracle.md)\n"
          "  --both       kernel and oracle side by side, the error in ulps and as a ratio to the tolerance\n"
          "  --vectors    read vector files; results are keyed \"<suite>/<tcId>\" after a header line, the\n"
          "               format ccref check reads (spec/vectors.md, Results)\n",
          f);
}

int cmd_eval(int argc, char **argv)
{
    static const struct option opts[] = {{"certified", no_argument, NULL, 'c'}, {"both", no_argument, NULL, 'b'},
                                         {"output", required_argument, NULL, 'o'}, {"vectors", no_argument, NULL, 'v'},
                                         {"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0}};
    eval_mode mode = MODE_KERNEL;
    const char *output = NULL;
    int vectors = 0, ch, modes = 0;
    optind = 1;
    while ((ch = getopt_long(argc, argv, "o:", opts, NULL)) != -1) {
        switch (ch) {
        case 'c': mode = MODE_CERTIFIED, modes++; break;
        case 'b': mode = MODE_BOTH, modes++; break;
        case 'o': output = optarg; break;
        case 'v': vectors = 1; break;
        case 'h': eval_usage(stdout); return 0;
        default: eval_usage(stderr); return 2;
        }
    }
    if (modes > 1) {
        fprintf(stderr, "ccref eval: --certified and --both exclude each other\n");
        eval_usage(stderr);
        return 2;
    }
    if ((!vectors && argc - optind > 1) || (vectors && argc - optind < 1)) {
        eval_usage(stderr);
        return 2;
    }
    FILE *in = stdin;
    const char *in_name = !vectors && optind < argc ? argv[optind] : "-";
    struct stat st;
    if (strcmp(in_name, "-") != 0 &&
        ((in = fopen(in_name, "r")) == NULL || (fstat(fileno(in), &st) == 0 && S_ISDIR(st.st_mode)))) {
        fprintf(stderr, "ccref: cannot read %s: %s\n", in_name, in == NULL ? strerror(errno) : strerror(EISDIR));
        if (in != NULL)
            fclose(in);
        return 2;
    }
    FILE *out = stdout;
    if (output && (out = fopen(output, "w")) == NULL) {
        fprintf(stderr, "ccref: cannot write %s: %s\n", output, strerror(errno));
        if (in != stdin)
            fclose(in);
        return 2;
    }
    ora_ctx *ctx = mode == MODE_KERNEL ? NULL : ora_ctx_new(NULL);
    int rc = vectors ? eval_vectors(argv + optind, argc - optind, out, ctx, mode) : eval_lines(in, out, ctx, mode);
    if (ctx)
        ora_ctx_free(ctx);
    if (in != stdin)
        fclose(in);
    if (out != stdout && fclose(out) != 0)
        rc = 2;
    else if (out == stdout && fflush(stdout) != 0)
        rc = 2;
    return rc;
}
