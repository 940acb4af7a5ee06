/* results.h: an engine's results file (spec/vectors.md, "Results"), read for `ccref check`: a header line, then one
 * result per test keyed "<suite>/<tcId>", each read into the flat layout of its suite (outcome.h) with the outputs
 * and discrete outputs the engine reported, so that the judge (verdict.h) compares it field by field. */
#ifndef CCREF_CLI_RESULTS_H
#define CCREF_CLI_RESULTS_H

#include "vectors.h"

/* What an engine reported for one test. */
typedef struct {
    int present;                /* a result was given */
    int line;                   /* its line in the results file */
    int error;                  /* the engine wrote an error object for it, or a line that is not JSON */
    char error_message[200];    /* what the engine's error object says (its "message", else the object), or why
                                   the line could not be read */
    outcome got;
    unsigned char reported[CCREF_MAX_SLOTS]; /* the outputs given */
    unsigned disc_reported;     /* the discrete outputs given (DISC_*) */
    json_t *inputs_used;        /* owned; NULL when not given */
} engine_answer;

/* A results file read against vector files: answer[f][t] for test t of file f. */
typedef struct {
    char engine[200];           /* the header's "engine" */
    int tier;                   /* the header's "tier" (a judge_tier), or -1 when it states none */
    int header_line;            /* the header's line */
    long n_lines;               /* result lines read (not the header, not blank lines) */
    long n_outside;             /* of them, results for tests not judged: of a suite whose vectors are not given,
                                   or not selected (--suite, --family, ...); read no further */
    const vfile *files;         /* the vector files the answers are for (not owned) */
    int n_files;
    engine_answer **answer;
} engine_results;

/* Read the results file at path for the tests of files[0 .. n_files - 1] (those with selected[f][t] set; selected
 * NULL: all) into r (which results_free releases whatever the outcome). A result for a test of a known suite whose
 * vectors are not given, or for a test not selected, is counted (n_outside) and not read further. 0, or 2 with *err
 * an allocated message naming the file and line (the caller frees it). */
int results_read(const char *path, const vfile *files, int n_files, const unsigned char *const *selected,
                 engine_results *r, char **err);
void results_free(engine_results *r);

#endif
