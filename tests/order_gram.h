/* order_gram.h: a deliberately worse LineOnLine formula for the order test (tools/order.c --formula gram): it must
 * fail the published tiers, which shows that the order test can fail (spec/accuracy.md section 11). */
#ifndef CCREF_ORDER_GRAM_H
#define CCREF_ORDER_GRAM_H

#include "../src/tier_dag.h"

/* The builder of src/tier_line_on_line.c, but with the closest points of the non-parallel branch computed as ODE's
 * dLineClosestApproach computes them, through the Gram determinant det = (df.df)(db.db) - (df.db)^2, which cancels
 * catastrophically near parallel: algebraically equal to formula 7 of spec/line_on_line.md, numerically worse. */
void tier_line_on_line_gram(tier_dag *d, const ccref_case *c);

#endif
