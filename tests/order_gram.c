/* order_gram.c: LineOnLine with ODE's closest points (order_gram.h). With a = df, b = db, r = p = Pb - Pf and
 * la = a.a, lb = b.b, ab = a.b, det = la lb - ab ab (= |df x db|^2 in real arithmetic, by Binet-Cauchy):
 *     tf = (lb (a.r) - ab (b.r)) / det,  tb = (ab (a.r) - la (b.r)) / det,
 * the normal equations of |Pf + tf a - (Pb + tb b)| minimal, solved by Cramer's rule (ODE writes r = Pf - Pb and
 * the opposite signs). Everything downstream of tf, tb (closest points, frame, rows, forces) is the published
 * builder's. det is a difference of two numbers near 1 whose difference is s^2: its rounding error, a few u,
 * is relative u / s^2, against u / s for the kernel's s^2 = wraw . wraw. */
#include "order_gram.h"

static void gram_edge_parameters(tier_dag *d, tv p, tv df, tv db, tv n, tx oos, int sense, tx *tf, tx *tb)
{
    (void)n; /* the Gram form needs neither the normal nor the sense */
    (void)oos;
    (void)sense;
    tx la = tv_dot(d, df, df), lb = tv_dot(d, db, db), ab = tv_dot(d, df, db);
    tx ar = tv_dot(d, df, p), br = tv_dot(d, db, p);
    tx det = tx_sub(d, tx_mul(d, la, lb), tx_mul(d, ab, ab));
    *tf = tx_div(d, tx_sub(d, tx_mul(d, lb, ar), tx_mul(d, ab, br)), det);
    *tb = tx_div(d, tx_sub(d, tx_mul(d, ab, ar), tx_mul(d, la, br)), det);
}

void tier_line_on_line_gram(tier_dag *d, const ccref_case *c)
{
    tier_line_on_line_using(d, c, gram_edge_parameters);
}
