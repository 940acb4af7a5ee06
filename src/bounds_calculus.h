/* bounds_calculus.h: the error calculus of spec/accuracy.md (lemmas L1-L9), internal to the library's bound
 * evaluation (bounds.c) and used by the tests to bound their own arithmetic on kernel outputs (the property and
 * derivative tests build their tolerances with it, spec/conventions.md section 9).
 *
 * Every quantity q carries a pair acc_t {m, e} with |q| <= m (exact value, Euclidean norm for vectors) and
 * |fl(q) - q| <= e (computed minus exact). The pairs are evaluated in round-to-nearest, each lemma's result
 * multiplied by 1 + 2^-44 and increased by 2^-1000 (spec/accuracy.md section 3), so a computed pair bounds the
 * proven one. Magnitudes reaching 2^1000 give +Inf: no claim. */
#ifndef CCREF_BOUNDS_CALCULUS_H
#define CCREF_BOUNDS_CALCULUS_H

#include "ccref.h"

typedef struct { double m, e; } acc_t;

acc_t acc_exact(double magnitude);              /* an input: {|x|, 0} */
acc_t acc_vec(ccref_vec3 x);                    /* an input vector: {|x|, 0} */
acc_t acc_add(acc_t a, acc_t b);                /* L1: a + b or a - b, one rounding per component */
acc_t acc_mul(acc_t s, acc_t x);                /* L2: scalar times scalar or vector */
acc_t acc_exact_scale(double c, acc_t x);       /* L3: times +-1, +-2, +-1/2 (exact but for underflow) */
acc_t acc_dot(acc_t a, acc_t b);                /* L4: 3-term dot product, left to right */
acc_t acc_cross(acc_t a, acc_t b);              /* L5: cross product */
acc_t acc_rot(acc_t a);                         /* L6: R a or R^T a for an accepted rotation R (exact input) */
acc_t acc_norm(acc_t a);                        /* L7: sqrt(a . a) */
acc_t acc_unit(acc_t a, double lo);             /* L8: a / |a| (divide by, or multiply by 1/, sqrt(a.a)); lo <= |a| */
acc_t acc_div(acc_t a, acc_t b, double lo);     /* L9: a / b, b scalar with |b| >= lo > e_b */
acc_t acc_recip(acc_t b, double lo);            /* L9 with a = 1 */
/* Lower bound of the exact value from the computed one and its error bound: (x - e) rounded down, or 0. */
double acc_lower(double computed_abs, double e);

#endif
