/* expect.h: the expected answer of a test (spec/vectors.md, "How the expected answers are made"): the certified
 * oracle's answer, the tolerance of every output from the proven bounds of spec/accuracy.md, the result (valid,
 * acceptable, invalid), the flags that follow from the answer, and the alternatives of an acceptable test (the
 * other side of a decision band, a documented Simbody deviation, an intermediate overflow). `ccref gen` writes
 * them; `ccref check` recomputes them when an engine reports the inputs it actually used. */
#ifndef CCREF_CLI_EXPECT_H
#define CCREF_CLI_EXPECT_H

#include "vectors.h"

/* Fill t->result, t->expected, t->alt, and add the derived flags to t->flags (the family's flags already there).
 * 0, or -1 with msg filled when the case cannot be answered (a bound that contradicts the oracle: a bug). */
int expect_test(ora_ctx *ctx, vtest *t, char *msg, size_t msglen);
/* The bounds of ccref's order on the exact branches of the case (the oracle's decisions), the branches the expected
 * answer and its tiers are on; the kernel's status on them. */
ccref_status expect_exact_bounds(ora_ctx *ctx, const cli_case *c, ccref_bounds *b);

#endif
