/* outcome.h: one answer for a case, in the flat layout of its suite (src/ccref_outputs.h): the status, the discrete
 * outputs, and one double per output slot. The double kernels, the certified oracle, an engine's results file and
 * the vectors' expected answers are all read into this shape, so they are written and compared by one code path. */
#ifndef CCREF_CLI_OUTCOME_H
#define CCREF_CLI_OUTCOME_H

#include "../oracle/oracle.h"
#include "../src/ccref_bounds.h"
#include "../src/ccref_tiers.h"
#include "caseio.h"

typedef struct {
    ccref_status status;
    int mp, mv;
    unsigned deviations;
    int sense, lines_are_parallel;  /* line_on_line */
    int sign, has_friction;         /* contact classes */
    int cor_branch, cof_branch;     /* contact classes; the rules' branch */
    int condition, valid, proximal; /* unilateral_classify */
} discrete;

/* The discrete outputs a suite has (when its status is OK-class), as bits DISC_*. */
enum {
    DISC_MP = 1 << 0, DISC_MV = 1 << 1, DISC_DEVIATIONS = 1 << 2, DISC_SENSE = 1 << 3, DISC_PARALLEL = 1 << 4,
    DISC_SIGN = 1 << 5, DISC_HAS_FRICTION = 1 << 6, DISC_COR_BRANCH = 1 << 7, DISC_COF_BRANCH = 1 << 8,
    DISC_CONDITION = 1 << 9, DISC_VALID = 1 << 10, DISC_PROXIMAL = 1 << 11
};
unsigned suite_discrete(int suite);

typedef struct {
    int suite;
    discrete d;
    int n;                                  /* slots of the suite's layout */
    double value[CCREF_MAX_SLOTS];
    unsigned char in_use[CCREF_MAX_SLOTS];  /* the slots a result reports (none on an error status) */
} outcome;

/* A suite's slots: a kind's or a class's own (ccref_kind_outputs, CCREF_CSLOT_N), then its Constraint handle's
 * (CCREF_HSLOT_N, src/ccref_handle.h); 1 for the rules COR and COF, 0 for classify. */
int suite_slots(int suite);
int suite_own_slots(int suite);
const char *slot_name(int suite, int slot); /* ccref_output_name, ccref_contact_output_name, "value" */
int slot_from_name(int suite, const char *name);
/* Mark the slots in use for the status and rows of o (ccref_slot_in_use, ccref_contact_slot_in_use). */
void outcome_set_in_use(outcome *o);

/* The Constraint handle's bounds and tiers appended after a kind's or a class's own in b or t (br as
 * ccref_bounds_handle_case; nothing for the rules or when b or t claims nothing). append_handle_bounds returns st,
 * the status of the own bounds, or the handle's error when st is OK-class (a probe of the reference order fails). */
ccref_status append_handle_bounds(const cli_case *c, const ccref_branch_choice *br, ccref_bounds *b, ccref_status st);
void append_handle_tiers(const cli_case *c, const ccref_branch_choice *br, ccref_tiers *t);
/* The double kernels: values, and the proven bounds of each slot (b may be NULL). */
void eval_kernel(const cli_case *c, outcome *o, ccref_bounds *b);

/* The certified oracle (spec/oracle.md), decisions forced where force says so (NULL: none). cert[i] per slot;
 * *decided: status and discrete outputs decided exactly. */
void eval_oracle(ora_ctx *ctx, const cli_case *c, const ora_decisions *force, outcome *o, ora_cert *cert,
                 int *decided, int *max_bits, signed char decision[ORA_D_COUNT]);

/* Names: "BALL_REACTION_SIGN", ...; "CAPTURED", "LINEAR", "MINIMUM"; "STATIC", "DYNAMIC". */
#define DEVIATION_COUNT 10
const char *deviation_name(int bit_index);
int deviation_from_name(const char *name);  /* bit index or -1 */
const char *cor_branch_name(int b);
const char *cof_branch_name(int b);
int cor_branch_from_name(const char *s);
int cof_branch_from_name(const char *s);

/* The discrete outputs of the suite as JSON members ("mp": 1, "deviations": [...], "sense": 1, ...). */
void discrete_write(jw *w, int suite, const discrete *d);
/* Status from its name: the ccref names, plus "ERROR" (STATUS_ANY_ERROR: some error status, for engines without
 * ccref's statuses); -1 when unknown. */
#define STATUS_ANY_ERROR 1000
int status_from_name(const char *s);

#endif
