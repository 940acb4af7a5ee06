/* order_eval.h: a formula's expression DAG (src/tier_dag.h) evaluated in a random evaluation order, in binary64 or
 * in binary32 (inputs rounded to nearest binary32), for the order test (spec/accuracy.md section 11). */
#ifndef CCREF_ORDER_EVAL_H
#define CCREF_ORDER_EVAL_H

#include <stdint.h>

#include "../src/tier_dag.h"

/* Every node's value, val[0 .. d->n_node), in tier t: each sum and each product as a random binary tree of its
 * terms (two terms drawn at random combined until one is left), each quotient as a / b or a * (1 / b) at random.
 * Each either-node takes one of its two formulas at random. rng: a xorshift state, nonzero. random = 0: the canonical
 * order (left to right, a / b, the first formula). */
void order_eval(const tier_dag *d, ccref_tier t, int random, uint64_t *rng, double *val);

uint64_t order_rng_next(uint64_t *s);

#endif
