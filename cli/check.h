/* check.h: `ccref check VECTORS RESULTS`: judge an engine's results against the vectors (spec/vectors.md,
 * "Checking"), per suite and family, with the input drift of engines that report the inputs they used. */
#ifndef CCREF_CLI_CHECK_H
#define CCREF_CLI_CHECK_H

int cmd_check(int argc, char **argv);

/* The same in two steps: the vector files (a file or a directory of *.json) loaded once, then any number of results
 * files judged against them, each with the report and exit status of `ccref check` (0, 1 or 2). */
typedef struct check_set check_set;
typedef struct {
    const char *json_out;  /* --json FILE, or NULL */
    const char *tests_out; /* --tests FILE, or NULL */
    int require_all;       /* --require-all */
    int verbose;           /* --verbose */
    int tier;              /* --tier: a judge_tier (vectors.h), or -1: the results header's */
} check_options;

int check_set_load(const char *vectors, check_set **set);
/* Judge a results file; the tolerances of set's answers become those of the tier judged (vfile_select_tier). */
int check_results(check_set *set, const char *results, const check_options *options);
void check_set_free(check_set *set);

#endif
