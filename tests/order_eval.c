/* order_eval.c: random evaluation orders of an expression DAG (order_eval.h). In binary32 every operation is
 * done on floats (FLT_EVAL_METHOD 0 on the build targets, no contraction): the value is stored as a float after
 * each one. */
#include "order_eval.h"

#include <float.h>
#include <math.h>

#if FLT_EVAL_METHOD != 0
#error "binary32 evaluation needs FLT_EVAL_METHOD 0"
#endif

uint64_t order_rng_next(uint64_t *s)
{
    uint64_t x = *s;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *s = x;
}

static int below(uint64_t *rng, int n) { return (int)(order_rng_next(rng) % (uint64_t)n); }

static double op(ccref_tier t, tier_op o, double a, double b)
{
    if (t == CCREF_TIER_BINARY32) {
        float fa = (float)a, fb = (float)b, r = o == TIER_SUM ? fa + fb : fa * fb;
        return r;
    }
    return o == TIER_SUM ? a + b : a * b;
}

/* Combine the n values of x (n >= 1) with o in a random binary tree, or left to right. */
static double combine(ccref_tier t, tier_op o, double *x, int n, int random, uint64_t *rng)
{
    if (!random) {
        double r = x[0];
        for (int i = 1; i < n; i++)
            r = op(t, o, r, x[i]);
        return r;
    }
    while (n > 1) {
        int i = below(rng, n), j = below(rng, n - 1);
        if (j >= i)
            j++;
        double r = op(t, o, x[i], x[j]);
        int lo = i < j ? i : j, hi = i < j ? j : i;
        x[lo] = r;
        x[hi] = x[n - 1];
        n--;
    }
    return x[0];
}

void order_eval(const tier_dag *d, ccref_tier t, int random, uint64_t *rng, double *val)
{
    double buf[4096];
    for (int i = 0; i < d->n_node; i++) {
        const tier_node *k = &d->node[i];
        const tier_kid *kid = &d->kid[k->first];
        switch (k->op) {
        case TIER_INPUT: val[i] = t == CCREF_TIER_BINARY32 ? tier_to_binary32(k->value) : k->value; break;
        case TIER_SUM:
        case TIER_PROD:
            for (int j = 0; j < k->n && j < 4096; j++)
                buf[j] = kid[j].sign < 0 ? -val[kid[j].node] : val[kid[j].node];
            val[i] = combine(t, k->op, buf, k->n < 4096 ? k->n : 4096, random, rng);
            break;
        case TIER_DIV: {
            double a = val[kid[0].node], b = val[kid[1].node];
            int recip = random && (order_rng_next(rng) & 1);
            if (t == CCREF_TIER_BINARY32) {
                float fa = (float)a, fb = (float)b, r = recip ? fa * (1.0f / fb) : fa / fb;
                val[i] = r;
            } else {
                val[i] = recip ? a * (1.0 / b) : a / b;
            }
            break;
        }
        case TIER_MAX0: val[i] = val[kid[0].node] > 0.0 ? val[kid[0].node] : 0.0; break;
        case TIER_EITHER: val[i] = val[kid[random && (order_rng_next(rng) & 1) ? 1 : 0].node]; break;
        case TIER_SQRT:
            val[i] = t == CCREF_TIER_BINARY32 ? (double)sqrtf((float)val[kid[0].node]) : sqrt(val[kid[0].node]);
            break;
        }
    }
}
