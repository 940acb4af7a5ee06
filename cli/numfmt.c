/* numfmt.c: see numfmt.h. */
#include <errno.h>
#include <math.h>
#include <mpfr.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numfmt.h"

void fmt_hex(double x, char buf[NUMFMT_LEN])
{
    if (isnan(x)) {
        strcpy(buf, "nan");
        return;
    }
    if (isinf(x)) {
        strcpy(buf, x < 0 ? "-inf" : "inf");
        return;
    }
    uint64_t bits;
    memcpy(&bits, &x, sizeof bits);
    const char *sign = (bits >> 63) ? "-" : "";
    int e = (int)((bits >> 52) & 0x7ff);
    uint64_t m = bits & 0xfffffffffffffull;
    if (e == 0 && m == 0) {
        snprintf(buf, NUMFMT_LEN, "%s0x0p+0", sign);
        return;
    }
    if (e == 0) { /* subnormal: shift the leading 1 into the hidden-bit position */
        e = 1;
        while (!(m & 0x10000000000000ull)) {
            m <<= 1;
            e--;
        }
        m &= 0xfffffffffffffull;
    }
    int exp = e - 1023;
    char frac[16];
    int n = 0;
    for (int shift = 48; shift >= 0 && (m << (12 + 48 - shift)) != 0; shift -= 4)
        frac[n++] = "0123456789abcdef"[(m >> shift) & 0xf];
    frac[n] = '\0';
    snprintf(buf, NUMFMT_LEN, "%s0x1%s%sp%+d", sign, n ? "." : "", frac, exp);
}

void fmt_dec(double x, char buf[NUMFMT_LEN])
{
    if (!isfinite(x)) {
        fmt_hex(x, buf);
        return;
    }
    mpfr_t m;
    mpfr_init2(m, 53);
    mpfr_set_d(m, x, MPFR_RNDN);
    mpfr_snprintf(buf, NUMFMT_LEN, "%.17Rg", m);
    mpfr_clear(m);
}

int parse_double(const char *s, double *out)
{
    if (s == NULL || *s == '\0' || *s == ' ' || *s == '\t' || *s == '\n' || *s == '\r' || *s == '\f' || *s == '\v')
        return -1;
    char *end;
    errno = 0;
    double d = strtod(s, &end);
    if (end == s || *end != '\0')
        return -1;
    *out = d;
    return 0;
}
