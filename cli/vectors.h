/* vectors.h: the vector format in memory (spec/vectors.md): a test, its expected answer and its alternatives; the
 * writer of a test's JSON text and the reader of a whole vector file. One model for `ccref gen`, `ccref check` and
 * `ccref eval --vectors`. */
#ifndef CCREF_CLI_VECTORS_H
#define CCREF_CLI_VECTORS_H

#include "flags.h"
#include "outcome.h"
#include "../src/ccref_tiers.h"

#define VECTORS_SCHEMA "ccref_vectors_v2.schema.json"
#define RESULTS_SCHEMA "ccref_results_v1"

typedef enum { RESULT_VALID = 0, RESULT_ACCEPTABLE, RESULT_INVALID } test_result;
const char *test_result_name(test_result r);

/* One answer: the expected one, or an alternative an engine may give instead (acceptable tests). */
typedef struct {
    outcome o;                                  /* status, discrete outputs, value per slot, slots in use */
    double tol[CCREF_MAX_SLOTS];                /* ccref's own order's tolerance of each slot; +Inf: no claim (null) */
    double tier_tol[CCREF_TIER_COUNT][CCREF_MAX_SLOTS]; /* the double and binary32 tiers' tolerances; +Inf: null */
    int judged_tier;                            /* the tolerances the judge uses (a judge_tier; 0: ccref's) */
    int cert_bits[CCREF_MAX_SLOTS];             /* the precision that certified the value; 0: not certified */
    ora_reason reason[CCREF_MAX_SLOTS];         /* the oracle's reason code */
    unsigned char unconstrained[CCREF_MAX_SLOTS]; /* alternatives: any finite value is accepted for this slot */
    unsigned disc_unconstrained;                /* alternatives: DISC_* bits any value of which is accepted */
    unsigned disc_undecided;                    /* discrete outputs decided inside a band (the COR's LINEAR/MINIMUM
                                                   label at the minimum-COR speed): the value given is the exact
                                                   one, another is accepted */
    unsigned deviations_undecided;              /* deviation bits decided inside a band: either value accepted */
    int flag;                                   /* alternatives: the flag that explains it */
    char branch[48];                            /* alternatives: "sense=-1", "singular=0", ... or "" */
} answer;

/* The tolerances an engine is judged by: ccref's own order's (ccref's kernels), or a tier (ccref_tiers.h). */
typedef enum { JUDGE_CCREF = 0, JUDGE_DOUBLE, JUDGE_BINARY32, JUDGE_TIER_COUNT } judge_tier;
const char *judge_tier_name(judge_tier t);          /* "ccref", "double", "binary32" */
int judge_tier_from_name(const char *name);         /* -1 when unknown */

#define MAX_ALTERNATIVES 12
#define MAX_TEST_FLAGS 12

typedef struct {
    int tc_id;
    int group;                  /* index into the file's groups */
    int line;                   /* line of the test in its file (reader), 0 when generated */
    char comment[200];
    int flags[MAX_TEST_FLAGS];
    int n_flags;
    test_result result;
    cli_case c;
    answer expected;
    answer alt[MAX_ALTERNATIVES];
    int n_alt;
} vtest;

void answer_init(answer *a, int suite);
/* A tolerance as the vector files write it: rounded up to 12 significant bits (a short hex, still an upper bound). */
double vector_tolerance(double t);
/* Every tolerance of the test's answers as published (vector_tolerance): the answers ccref check makes again at an
 * engine's inputs_used judge exactly as the same answers read from a file (check --answers writes them). */
void vtest_publish_tolerances(vtest *t);
/* The tolerance of slot i the judge holds an engine to: that of a's judged tier (spec/vectors.md section 4). */
double answer_tol(const answer *a, int i);
/* The output slots a group of the suite lists (the slots in use for its rows): slots[], their number returned. */
int vgroup_slots(int suite, int rolling, int *slots);

/* The test's JSON text (one line, no newline) into w: {"tcId":...,"comment":...,"flags":[...],"result":...,
 * "case":{...},"expected":{...},"alternatives":[...]}; names[] are the group's output names (the slots whose
 * values "expected.values" lists, in order), n_names of them. */
void vtest_write(jw *w, const vtest *t, const int *slots, int n_slots);

/* A loaded vector file. */
typedef struct {
    char family[40];
    char description[300];
    int rolling;                /* -1: not a variant of the group */
    int slots[CCREF_MAX_SLOTS];
    int n_slots;
} vgroup;

typedef struct {
    char path[512];
    int suite;
    char generator_version[16];
    char seed[32];
    vgroup *groups;
    int n_groups;
    vtest *tests;
    int n_tests;
} vfile;


/* Load and validate a vector file. 0, or -1 with a message naming the file and line in err. */
int vfile_load(const char *path, vfile *f, char *err, size_t errlen);
void vfile_free(vfile *f);
/* 1 when output slot i of test t is of the acceptable class: one of t's alternatives lists it (another value,
 * tolerance or certificate, or any finite value), spec/vectors.md section 5; 0: valid class. */
int vtest_output_acceptable(const vtest *t, int i);

/* Judge every answer of a test, or of every test of f, with tier t's tolerances (answer_tol). */
void vtest_select_tier(vtest *test, judge_tier t);
void vfile_select_tier(vfile *f, judge_tier t);

#endif
