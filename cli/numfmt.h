/* numfmt.h: the canonical text of a double (spec/vectors.md, "Numbers"), the same on every platform.
 *
 *  - hex: C99 hex float, normalised for every nonzero finite value including subnormals
 *    ("0x1.8p+1", "-0x1p-1074", "0x1.fffffffffffffp+1023"), trailing zero hex digits removed, "0x0p+0" and
 *    "-0x0p+0" for the zeros, "inf", "-inf", "nan". strtod reads it back exactly.
 *  - dec: %.17g, correctly rounded by MPFR (not by the C library), so it does not depend on the libc either.
 * Reading: a JSON number, or a string read by strtod in full (hex floats, "nan", "inf" allowed). */
#ifndef CCREF_CLI_NUMFMT_H
#define CCREF_CLI_NUMFMT_H

#define NUMFMT_LEN 48

void fmt_hex(double x, char buf[NUMFMT_LEN]);
void fmt_dec(double x, char buf[NUMFMT_LEN]);
/* A string parsed completely as a double (no leading or trailing characters); 0 on success, -1 otherwise. */
int parse_double(const char *s, double *out);

#endif
