/* check.h: `ccref check VECTORS... RESULTS`: judge an engine's results against the vectors (spec/vectors.md,
 * "Checking"), per suite and family, with the input drift of engines that report the inputs they used. */
#ifndef CCREF_CLI_CHECK_H
#define CCREF_CLI_CHECK_H

#include "vectors.h"

int cmd_check(int argc, char **argv);

/* The same in two steps: the vector files (a file or a directory of *.json) loaded once, then any number of results
 * files judged against them, each with the report and exit status of `ccref check` (0, 1 or 2). */
typedef struct check_set check_set;

/* What an engine claims to implement (--claims FILE, --claim SUITE[:OUTPUT,...]): suites, and per suite the output
 * slots (all of them when its line names none). */
typedef struct {
    unsigned char suite[SUITE_COUNT];
    unsigned char slot[SUITE_COUNT][CCREF_MAX_SLOTS];
} check_claims;
/* One claim, "SUITE OUTPUT..." (a claims file's line) or "SUITE:OUTPUT,..." (--claim), added to c: an output is
 * an output's name (perr, force_on_body1, contact_frame) or one value's (perr[0], contact_frame.p.x). 0, or -1
 * with err naming the unknown suite or output. */
int check_claims_add(check_claims *c, const char *claim, char *err, size_t errlen);

#define CHECK_MAX_FILTERS 64
typedef struct {
    const char *json_out;  /* --json FILE, or NULL */
    const char *tests_out; /* --tests FILE, or NULL */
    const char *junit_out; /* --junit FILE, or NULL */
    const char *tap_out;   /* --tap FILE, or NULL */
    const char *answers_out; /* --answers FILE: the answers made again at the inputs engines used, or NULL */
    int require_all;       /* --require-all */
    int verbose;           /* --verbose */
    int tier;              /* --tier: a judge_tier (vectors.h), or -1: the results header's */
    const check_claims *claims; /* --claims, --claim; NULL: every suite given is judged, no output required */
    /* the tests judged: each list empty = no restriction */
    const char *suites[CHECK_MAX_FILTERS], *families[CHECK_MAX_FILTERS], *skip_families[CHECK_MAX_FILTERS];
    int n_suites, n_families, n_skip_families;
    unsigned results;      /* bits 1 << test_result (--result); 0: all */
    const char *tcids;     /* --tcid "1-20,35", or NULL */
} check_options;

/* The vector files (or directories of them) of VECTORS... loaded once. */
int check_set_load_all(const char *const *vectors, int n_vectors, check_set **set);
int check_set_load(const char *vectors, check_set **set);
/* The loaded files (ccref show). */
int check_set_files(const check_set *set);
const vfile *check_set_file(const check_set *set, int i);
/* Judge a results file; the tolerances of set's answers become those of the tier judged (vfile_select_tier). */
int check_results(check_set *set, const char *results, const check_options *options);
void check_set_free(check_set *set);

#endif
