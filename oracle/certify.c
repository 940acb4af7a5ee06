/* certify.c: the certificate of one enclosure: the correctly rounded double when both endpoints round to it, or the
 * reason it is not certified; the steps of the Ziv loops that certify a set of outputs precision by precision
 * (dispatch.c, contacts.c). Normative text: spec/oracle.md ("Certification", "Reasons"). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* ================================================================ certification of one enclosure */

const char *ora_reason_name(ora_reason r)
{
    switch (r) {
    case ORA_R_PENDING: return "PENDING";
    case ORA_R_EXACT: return "EXACT";
    case ORA_R_EXACT_ZERO: return "EXACT_ZERO";
    case ORA_R_ENCLOSURE: return "ENCLOSURE";
    case ORA_R_CAP: return "CAP";
    case ORA_R_UNDECIDED: return "UNDECIDED";
    case ORA_R_UNBOUNDED: return "UNBOUNDED";
    }
    return "UNKNOWN_REASON";
}

void ora_cert_zero(ora_cert *c)
{
    c->value = 0.0;
    c->certified = 1;
    c->precision_bits = 0;
    c->reason = ORA_R_EXACT_ZERO;
}

int ora_certify(mpfi_srcptr x, int precision_bits, ora_cert *c)
{
    c->certified = 0;
    c->precision_bits = 0;
    if (mpfi_nan_p(x)) {
        c->value = NAN;
        c->reason = ORA_R_UNBOUNDED;
        return 0;
    }
    /* once each: the first stage forms its endpoints from midpoint and radius */
    ORA_ENDPOINT left = ORA_LEFT(x);
    ORA_ENDPOINT right = ORA_RIGHT(x);
    if (!mpfr_number_p(left) || !mpfr_number_p(right)) {
        c->value = NAN;
        c->reason = ORA_R_UNBOUNDED;
        return 0;
    }
    double dl = mpfr_get_d(left, MPFR_RNDN);
    double dr = mpfr_get_d(right, MPFR_RNDN);
    if (mpfr_equal_p(left, right)) {
        /* A point enclosure is the exact value; RN of it is dl (round to nearest even, as the kernels). */
        c->certified = 1;
        c->precision_bits = precision_bits;
        if (mpfr_zero_p(left)) {
            c->value = 0.0;
            c->reason = ORA_R_EXACT_ZERO;
        } else {
            c->value = dl;
            c->reason = ORA_R_EXACT;
        }
        return 1;
    }
    if (dl == dr) {
        /* RN is monotone, so every real between the endpoints rounds to the same double. For a zero result the
         * sign is the sign of the enclosure when it has one, else +0 (the sign of a zero is not certified). */
        c->certified = 1;
        c->precision_bits = precision_bits;
        c->reason = ORA_R_ENCLOSURE;
        if (dl != 0.0)
            c->value = dl;
        else
            c->value = mpfr_sgn(right) < 0 ? -0.0 : 0.0;
        return 1;
    }
    /* Not certified: report the midpoint for information. */
    mpfr_t mid;
    mpfr_init2(mid, mpfi_get_prec(x));
    mpfi_mid(mid, x);
    c->value = mpfr_get_d(mid, MPFR_RNDN);
    mpfr_clear(mid);
    c->reason = ORA_R_PENDING;
    return 0;
}

int ora_certify_pending(mpfi_t *v, int n, int bits, ora_cert *out)
{
    int pending = 0;
    for (int i = 0; i < n; i++) {
        if (out[i].reason != ORA_R_PENDING)
            continue;
        if (!ora_certify(v[i], bits, &out[i]))
            pending++;
        if (out[i].reason == ORA_R_UNBOUNDED)
            out[i].reason = ORA_R_PENDING; /* may become bounded at a higher precision */
    }
    return pending;
}

void ora_finish_pending(mpfi_t *v, int n, ora_cert *out)
{
    for (int i = 0; i < n; i++) {
        if (out[i].reason != ORA_R_PENDING)
            continue;
        ora_certify(v[i], 0, &out[i]);
        if (out[i].reason == ORA_R_PENDING)
            out[i].reason = ORA_R_CAP;
        out[i].certified = 0;
        out[i].precision_bits = 0;
    }
}


void ora_record_decisions(const ora_decisions *d, signed char decision[ORA_D_COUNT], int *decision_bits)
{
    for (int i = 0; i < ORA_D_COUNT; i++) {
        if (d->bits[i] > *decision_bits)
            *decision_bits = d->bits[i];
        decision[i] = d->v[i];
    }
}

void ora_certs_set(ora_cert *out, int n, ora_reason r)
{
    for (int i = 0; i < n; i++) {
        out[i].value = 0.0;
        out[i].certified = r == ORA_R_EXACT_ZERO; /* the structural zeros of an error status */
        out[i].precision_bits = 0;
        out[i].reason = r;
    }
}

void ora_certs_stats(const ora_cert *out, int n, int *all_certified, int *max_bits)
{
    *all_certified = 1;
    *max_bits = 0;
    for (int i = 0; i < n; i++) {
        if (!out[i].certified)
            *all_certified = 0;
        else if (out[i].precision_bits > *max_bits)
            *max_bits = out[i].precision_bits;
    }
}
