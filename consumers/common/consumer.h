/* consumer.h: what every engine consumer (consumers/<engine>/) shares: loading the suites it answers, one result
 * line per test in the results format of spec/vectors.md section 9, the per-family table of tests run and skipped
 * (with the reason of each skip), and the choice of segments on which an engine's segment routine returns the
 * closest points of ccref's infinite lines. Each consumer supplies only its engine calls (one function per suite)
 * and its options; consumer_main() does the rest. C11, usable from C++ (the engines' consumers in C++ include it in
 * an extern "C" block, after gmp.h, mpfr.h, mpfi.h and jansson.h, as consumers/simbody does). */
#ifndef CCREF_CONSUMER_H
#define CCREF_CONSUMER_H

#include <stdio.h>

#include "../../src/ccref.h"
#include "../../src/ccref_outputs.h"
#include "../../cli/vectors.h"

/* ------------------------------------------------------------------ one result line */

/* A result line is assembled in a buffer (outputs, then inputs_used) and written whole. */
typedef struct {
    char outputs[8192];
    size_t n_out;
    char used[4096];
    size_t n_used;
} result_line;

/* A double as the results format wants it: "%a" (exact), and the non-finite values by name. */
void consumer_hex(char *s, size_t cap, double v);
/* One output "name": value. */
void out_value(result_line *r, const char *name, double v);
/* One member of inputs_used, its JSON text formatted (e.g. "\"params\":{\"radius\":\"0x1p+0\"}"). */
void used_member(result_line *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* inputs_used "bodyK": {"R": ...} when the rotation the engine uses differs from the case's in a bit. */
void used_rotation(result_line *r, int k, const ccref_mat3 *given, const ccref_mat3 *used);
/* inputs_used "params": {"NAME": value} for one changed parameter (a half length the consumer lengthened, ...). */
void used_params2(result_line *r, const char *name1, double v1, const char *name2, double v2);

/* ------------------------------------------------------------------ skip reasons */

/* A suite function returns NULL when it wrote its outputs into r (the test ran), or the reason it did not run:
 * one of these, or a reason of the consumer's own (a string literal: the per-family table counts them by name). */
extern const char CONSUMER_INVALID[];          /* bad input: the engine has no input checks or statuses */
extern const char CONSUMER_ERROR_STATUS[];     /* the expected answer is an error status with no OK alternative */
extern const char CONSUMER_SEPARATED[];        /* the engine's collider reports no contact: see consumer_main */
extern const char CONSUMER_OUTSIDE[];          /* line_on_line, native segments: a closest point off its segment */
extern const char CONSUMER_PARALLEL_APART[];   /* line_on_line, parallel: the segments' projections do not overlap */
extern const char CONSUMER_EXTEND_OVERFLOW[];  /* line_on_line: the lengthened segment would not be finite */
extern const char CONSUMER_NOT_ORTHONORMAL[];  /* a body rotation within ccref's tolerance but not orthonormal to
                                                  rounding, where the engine takes it to be (consumer_suite) */

/* Whether the exact perr is certainly negative (contact certainly made): expected perr + tolerance < 0, or, where
 * the vectors claim no bound, the certified perr below -2^-20 times the case's largest length. A sphere
 * test on which the engine's collider reports no contact (CONSUMER_SEPARATED) is then written as an error line:
 * the engine missed a contact, a failure (spec/vectors.md section 9). */
int consumer_certainly_touching(const vtest *t);

/* ------------------------------------------------------------------ line on line on segments */

/* Where the closest points of the two infinite lines lie, and the segments an engine's segment routine is given so
 * that it returns them (spec/line_on_line.md: the half lengths enter no formula of ccref):
 *   - both |t| < h (1 - 2^-20) on the vectors' segments: run as given;
 *   - otherwise a segment is lengthened to the power of two h' >= 2|t| (the closest point at most half way to an
 *     end), reported in inputs_used (params.half_length1/2), unless native segments are asked for;
 *   - parallel (w . w < 2^-91, ccref's test, on a long double estimate): run only where the segments' projections
 *     overlap, where the engine's pair is a pair of closest points of the lines (LolParallelFallback).
 * The estimate is long double from the inputs and chooses segments only; nothing of it is reported. */
typedef struct {
    double half_length[2];      /* the half lengths to run with */
    int extended;               /* 1 when one was lengthened (then in inputs_used) */
    int parallel;
    ccref_vec3 centre[2], direction[2];     /* Pk = pk + Rk p_Ek and dk = Rk (R_Ek e_x), in double, ccref's order */
    ccref_vec3 end[2][2];       /* Pk -+ hk dk */
} lol_segments;
/* NULL when the test is to run (s filled, inputs_used written into r when lengthened), or the skip reason. */
const char *lol_choose_segments(const ccref_case *c, int native_only, lol_segments *s, result_line *r);

/* ------------------------------------------------------------------ the driver */

typedef const char *(*consumer_run_fn)(const vtest *t, result_line *r);

typedef struct {
    const char *suite;          /* "ball", "line_on_line", ... (the vector file <suite>.json) */
    consumer_run_fn run;
    /* 1: the engine's routine takes a rotation to be orthonormal (its inverse the transpose, a normal built from it
     * of length 1), so a test whose body rotation is off by more than rounding (|R^T R - I| > 2^-40 in an entry:
     * the rotation_tolerance family, off by up to ccref's tolerance 1e-12) is outside its contract and not run
     * (CONSUMER_NOT_ORTHONORMAL). ccref takes such a rotation as given (spec/conventions.md). */
    int orthonormal_only;
} consumer_suite;

/* Engine-specific options: return 1 (and advance *i past any argument) when argv[*i] is one of them, 0 otherwise. */
typedef int (*consumer_option_fn)(int argc, char **argv, int *i);

typedef struct {
    const char *program;        /* "fcl_consumer" */
    const char *engine;         /* the results header's engine, e.g. "FCL 0.7.0 (Debian libfcl-dev, double)" */
    const char *options_usage;  /* "[--native-segments] " or "" */
    consumer_option_fn option;  /* or NULL */
    const consumer_suite *suites;
    int n_suites;
} consumer;

/* Usage: PROGRAM [engine options] [--verbose] --out RESULTS VECTORS_DIR. Loads VECTORS_DIR/<suite>.json for each
 * suite (one generatorVersion), runs every test whose answer the engine can give (not bad input; an OK status
 * expected or allowed), writes the results file, and prints the per-family table of tests run and skipped with
 * their reasons (--verbose: each skipped test). Returns the process's exit status: 0, or 2 on a usage, I/O or
 * vector-format error. */
int consumer_main(const consumer *c, int argc, char **argv);
/* The name of the suite a test belongs to (for a suite function that serves several). */
const char *consumer_current_suite(void);
/* The family of the test being run ("exactly_assembled", "perpendicularity_trap", ...: its group's family). */
const char *consumer_current_family(void);

#endif
